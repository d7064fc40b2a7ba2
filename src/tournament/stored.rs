//! A tournament read back from a record (the bank keeps every running sit & go): the
//! fields are checked against each other before a [`Tournament`] is made of them, so a
//! corrupt or hand-edited record is refused with what is wrong, and no later call can meet
//! a state [`Tournament::start`] and [`Tournament::record_hand`] never make (a place 0, a
//! busted player with chips, chips that appeared).

use std::collections::BTreeSet;

use serde::Deserialize;

use super::{Finish, PLAYERS, PayoutTable, Tournament, TournamentSettings};

/// A tournament's fields as stored, not yet checked.
#[derive(Deserialize)]
pub(super) struct StoredTournament {
    settings: TournamentSettings,
    payouts: PayoutTable,
    prize_pool: u64,
    stacks: Vec<u64>,
    hands_played: u64,
    finishes: Vec<Finish>,
}

impl TryFrom<StoredTournament> for Tournament {
    type Error = String;

    fn try_from(stored: StoredTournament) -> Result<Tournament, String> {
        let entrants = stored.stacks.len();
        if !PLAYERS.contains(&entrants) {
            return Err(format!("{entrants} entrants"));
        }
        if stored.payouts.places_paid() > entrants {
            return Err(format!(
                "{} places paid among {entrants} entrants",
                stored.payouts.places_paid()
            ));
        }
        let count = entrants as u64;
        let pool = count.checked_mul(stored.settings.buy_in);
        if pool != Some(stored.prize_pool) {
            return Err(format!(
                "a prize pool of {} from {entrants} buy-ins of {}",
                stored.prize_pool, stored.settings.buy_in
            ));
        }
        let chips = stored
            .stacks
            .iter()
            .try_fold(0u64, |sum, &stack| sum.checked_add(stack));
        let dealt = count.checked_mul(stored.settings.structure.starting_stack());
        if chips.is_none() || chips != dealt {
            return Err(format!(
                "stacks summing to {chips:?} where {entrants} starting stacks make {dealt:?}"
            ));
        }
        check_finishes(&stored.stacks, &stored.finishes)?;
        Ok(Tournament {
            settings: stored.settings,
            payouts: stored.payouts,
            prize_pool: stored.prize_pool,
            stacks: stored.stacks,
            hands_played: stored.hands_played,
            finishes: stored.finishes,
        })
    }
}

/// Who is out holds nothing, who is in holds chips; every place is one the entrants can
/// take, below the players still in; a winner only once every other entrant is out, with
/// every chip.
fn check_finishes(stacks: &[u64], finishes: &[Finish]) -> Result<(), String> {
    let entrants = stacks.len();
    let mut out = BTreeSet::new();
    for finish in finishes {
        if finish.seat >= entrants || !out.insert(finish.seat) {
            return Err(format!(
                "a finish of seat {} twice or of no seat",
                finish.seat
            ));
        }
        if finish.place == 0 || finish.place > entrants {
            return Err(format!("place {} among {entrants}", finish.place));
        }
    }
    let over = finishes.len() == entrants;
    let left = entrants - finishes.len();
    for (seat, &stack) in stacks.iter().enumerate() {
        let is_winner = over && finishes.iter().any(|f| f.seat == seat && f.place == 1);
        let is_out = out.contains(&seat) && !is_winner;
        if is_out != (stack == 0) {
            return Err(format!("seat {seat} holds {stack} chips, out: {is_out}"));
        }
    }
    if !over && left < 2 {
        return Err(format!("{left} players left but no winner"));
    }
    if over && finishes.iter().filter(|finish| finish.place == 1).count() != 1 {
        return Err("a finished tournament without one winner".into());
    }
    for finish in finishes {
        if !over && finish.place <= left {
            return Err(format!(
                "place {} taken while {left} players are still in",
                finish.place
            ));
        }
    }
    Ok(())
}
