//! A table of a multi-table event, as the event's coordinator plays it: it is given the
//! event's next hand for the table (`HandToDeal`: its players in deal order, their stacks,
//! the level's game, stakes and rules) and plays it with the engine to its end, every seat
//! deciding as a computer player does, each decision after the computer's thinking time on
//! the lobby's clock. It answers the hand's end (`HandResult`) and nothing else: recording
//! it, telling its result, the busts and the moves are the coordinator's, so a hand that is
//! cut short (the task dropped) leaves nothing behind and is dealt again from its start.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use crate::lobby::computer::ThinkingTime;
use crate::table::computer::{ComputerLevel, choose_for_hand_at};
use crate::table::{Deck, Hand, HandSetup};
use crate::tournament::multi::{HandResult, HandToDeal};

/// Plays `hand` to its end with computer decisions paced by `thinking`; `seed` shuffles its
/// deck and draws its decisions (a hand dealt again gets a new one from its caller).
pub(crate) async fn play_event_hand(
    hand: HandToDeal,
    thinking: ThinkingTime,
    seed: u64,
) -> Result<HandResult, String> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let deck = Deck::shuffled_with(&mut rng);
    let setup = HandSetup::from_deck(hand.game, hand.stakes, hand.rules, &hand.stacks, deck);
    let mut playing = Hand::new(setup).map_err(|error| {
        format!(
            "table {} hand {} could not start: {error}",
            hand.table, hand.number
        )
    })?;
    while let Some(seat) = playing.to_act() {
        let legal = playing.legal_actions();
        tokio::time::sleep(thinking.draw(&legal, &mut rng)).await;
        let Some(choice) = choose_for_hand_at(ComputerLevel::Easy, &playing, &mut rng) else {
            return Err(format!(
                "table {} hand {}: no legal action for seat {seat}",
                hand.table, hand.number
            ));
        };
        playing
            .act_quietly(seat, choice.kind)
            .map_err(|error| format!("table {} hand {}: {error}", hand.table, hand.number))?;
    }
    let final_stacks = playing
        .result()
        .map(|result| result.final_stacks.clone())
        .ok_or_else(|| format!("table {} hand {} has no result", hand.table, hand.number))?;
    Ok(HandResult {
        table: hand.table,
        number: hand.number,
        dealt: hand.seats.iter().map(|&(_, entry)| entry).collect(),
        final_stacks,
        round: hand.round,
    })
}
