//! The computer players see only what their seat sees: two deals that differ only in the
//! other players' down cards (and the undealt rest of the deck) give the same decision at
//! every point, on every street, in every game, at both levels.

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::table::Game;
use studbot::table::card::Card;
use studbot::table::computer::{ComputerLevel, choose_action_at};
use studbot::table::hand::{ActionKind, Hand, HandSetup, Street};
use studbot::table::rules::{Rules, Stakes};

/// Where a seat's down cards sit in its list (down, down, up, up, up, up, down).
const DOWN_SLOTS: [usize; 3] = [0, 1, 6];
/// Deep enough that nobody is all in before seventh street, however the betting goes.
const DEEP_STACK: u64 = 10_000;

/// Each of `seats` seats' seven cards, and the undealt rest, from one shuffle.
fn deal(seed: u64, seats: usize) -> (Vec<Vec<Card>>, Vec<Card>) {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let lists = deck.chunks(7).take(seats).map(<[Card]>::to_vec).collect();
    (lists, deck[7 * seats..].to_vec())
}

/// The same deal with every other seat's down cards and the rest of the deck reshuffled
/// among themselves: the hero's cards and every up card stay.
fn redeal_hidden(lists: &[Vec<Card>], rest: &[Card], hero: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut pool: Vec<Card> = rest.to_vec();
    for (seat, list) in lists.iter().enumerate() {
        if seat != hero {
            pool.extend(DOWN_SLOTS.iter().map(|&slot| list[slot]));
        }
    }
    pool.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
    let mut lists = lists.to_vec();
    let mut next = pool.into_iter();
    for (seat, list) in lists.iter_mut().enumerate() {
        if seat != hero {
            for slot in DOWN_SLOTS {
                list[slot] = next.next().expect("pool holds every hidden card");
            }
        }
    }
    lists
}

fn start(game: Game, lists: Vec<Vec<Card>>) -> Hand {
    let stacks = vec![DEEP_STACK; lists.len()];
    Hand::new(HandSetup::from_seat_cards(
        game,
        Stakes::default(),
        Rules::default(),
        &stacks,
        lists,
        None,
    ))
    .expect("a full deal starts")
}

/// An action that keeps `seat` in the hand (anything legal but a fold), drawn from `rng`.
fn stay_in<R: Rng>(hand: &Hand, rng: &mut R) -> ActionKind {
    let kinds: Vec<ActionKind> = hand
        .legal_actions()
        .iter()
        .map(|action| action.kind)
        .filter(|&kind| kind != ActionKind::Fold)
        .collect();
    *kinds.choose(rng).expect("a seat to act can always stay in")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// The hero's decision is compared at every point it acts; then it stays in (its own
    /// choice unless that is a fold) and so do the others, so every street is reached.
    #[test]
    fn computer_players_decide_the_same_whatever_the_other_players_down_cards(
        seed in any::<u64>(),
        seats in 2..=7usize,
        hero_pick in 0..7usize,
        game_index in 0..3usize,
        good in any::<bool>(),
    ) {
        let game = Game::ALL[game_index];
        let level = if good { ComputerLevel::Good } else { ComputerLevel::Easy };
        let hero = hero_pick % seats;
        let (lists, rest) = deal(seed, seats);
        let other = redeal_hidden(&lists, &rest, hero, seed ^ 0x5eed);
        let mut first = start(game, lists);
        let mut second = start(game, other);
        let mut others_rng = ChaCha8Rng::seed_from_u64(seed);
        let mut streets = BTreeSet::new();
        let mut step = 0u64;
        while let Some(seat) = first.to_act() {
            prop_assert_eq!(second.to_act(), Some(seat));
            let kind = if seat == hero {
                let decide = |hand: &Hand| {
                    let private = hand.private_view(seat).expect("hero's view");
                    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(step));
                    choose_action_at(level, &private, &hand.public_view(), &mut rng)
                };
                let (a, b) = (decide(&first), decide(&second));
                prop_assert_eq!(a, b, "{:?} {:?} step {}", level, game, step);
                streets.insert(first.public_view().street);
                match a.expect("the hero has a legal action").kind {
                    ActionKind::Fold => stay_in(&first, &mut others_rng),
                    kind => kind,
                }
            } else {
                stay_in(&first, &mut others_rng)
            };
            first.act(seat, kind).expect("legal in the first deal");
            second.act(seat, kind).expect("legal in the second deal");
            step += 1;
        }
        let every_street = BTreeSet::from([
            Street::Third,
            Street::Fourth,
            Street::Fifth,
            Street::Sixth,
            Street::Seventh,
        ]);
        prop_assert_eq!(streets, every_street);
    }
}

/// Over many seeded hands of every game, `good` only ever chooses an action the engine
/// lists as legal.
#[test]
fn good_never_chooses_an_illegal_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for game in Game::ALL {
        for number in 0..30u64 {
            let players = 2 + usize::try_from(number % 7).unwrap();
            let stacks: Vec<u64> = (0..players).map(|i| 8 + 23 * i as u64).collect();
            let mut hand = Hand::new(HandSetup::from_deck(
                game,
                Stakes::default(),
                Rules::default(),
                &stacks,
                studbot::table::Deck::seeded(number),
            ))
            .unwrap();
            while let Some(seat) = hand.to_act() {
                let private = hand.private_view(seat).unwrap();
                let choice =
                    choose_action_at(ComputerLevel::Good, &private, &hand.public_view(), &mut rng)
                        .unwrap();
                assert!(
                    hand.legal_actions().contains(&choice),
                    "{game:?} {choice:?}"
                );
                hand.act(seat, choice.kind).unwrap();
            }
            assert!(hand.result().is_some());
        }
    }
}
