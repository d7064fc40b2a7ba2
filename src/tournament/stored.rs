//! A tournament read back from a record (the bank keeps every sit & go): the fields are
//! checked against each other before a [`Tournament`] is made of them, so a corrupt or
//! hand-edited record is refused with what is wrong, and no later call can meet a state
//! [`Tournament::start`], [`Tournament::record_hand`] and [`Tournament::end_by_deal`] never
//! make (a place 0, a busted player with chips, chips that appeared, prizes past the pool).

use std::collections::BTreeSet;

use serde::Deserialize;

use super::standings::{Finish, Standings};
use super::{DealKind, PLAYERS, PayoutTable, Tournament, TournamentSettings};

/// A tournament's fields as stored, not yet checked.
#[derive(Deserialize)]
pub(super) struct StoredTournament {
    settings: TournamentSettings,
    payouts: PayoutTable,
    prize_pool: u64,
    standings: StoredStandings,
    hands_played: u64,
    first_seat: usize,
    deal: Option<DealKind>,
}

#[derive(Deserialize)]
struct StoredStandings {
    prizes: Vec<u64>,
    stacks: Vec<u64>,
    finishes: Vec<Finish>,
}

/// The parts of a tournament written before its rules, prizes at the bust and first seat
/// were kept (a record of an older studbot), to be made whole by [`Tournament::from_older`].
pub struct OlderTournament {
    pub settings: TournamentSettings,
    pub payouts: PayoutTable,
    pub prize_pool: u64,
    pub stacks: Vec<u64>,
    pub hands_played: u64,
    /// Seat, place and hands of each finish, in the order they went out.
    pub finishes: Vec<(usize, usize, u64)>,
    /// Whether the prizes of these finishes were paid (a finished record paid every place at
    /// its end; a running one paid nothing yet, and a cancelled one paid no finished place).
    pub paid: OlderPaid,
}

/// What an older record had paid its finishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OlderPaid {
    /// Running: the prizes of its places are due (and its finishes still to count in the
    /// stats), to be paid with its next transaction.
    Due,
    /// Finished: every place was paid at the end.
    Paid,
    /// Cancelled: the finished places were paid nothing.
    Nothing,
}

impl Tournament {
    /// The tournament an older record describes: its places given their prizes (due, paid,
    /// or none, by `paid`), the first seat where the old rotation had it. Checked as any
    /// record is.
    pub fn from_older(older: OlderTournament) -> Result<Tournament, String> {
        let entrants = older.stacks.len();
        let mut prizes = older.payouts.divide(older.prize_pool);
        prizes.resize(entrants.max(prizes.len()), 0);
        let finishes = older_finishes(&older, &prizes);
        let left: Vec<usize> = (0..entrants)
            .filter(|&seat| older.stacks[seat] > 0 && !finishes.iter().any(|f| f.seat == seat))
            .collect();
        // The old deal order rotated by one each hand among those left.
        let first_seat = match left.len() {
            0 => 0,
            count => left[usize::try_from(older.hands_played % count as u64).unwrap_or(0)],
        };
        Tournament::try_from(StoredTournament {
            settings: older.settings,
            payouts: older.payouts,
            prize_pool: older.prize_pool,
            standings: StoredStandings {
                prizes,
                stacks: older.stacks,
                finishes,
            },
            hands_played: older.hands_played,
            first_seat,
            deal: None,
        })
    }
}

/// An older record's finishes with the prizes their places pay (tied places pooled and
/// split, the odd chips to the earlier seat, as the end of the sit & go paid them then).
fn older_finishes(older: &OlderTournament, prizes: &[u64]) -> Vec<Finish> {
    let prize_of = |place: usize| prizes.get(place.wrapping_sub(1)).copied().unwrap_or(0);
    let mut finishes = Vec::with_capacity(older.finishes.len());
    for &(seat, place, hands) in &older.finishes {
        let mut sharing: Vec<usize> = older
            .finishes
            .iter()
            .filter(|(_, other, _)| *other == place)
            .map(|(other, _, _)| *other)
            .collect();
        sharing.sort_unstable();
        let pooled: u64 = (place..place + sharing.len()).map(prize_of).sum();
        let shares = super::divide_in_proportion(pooled, &vec![1; sharing.len()]);
        let share = sharing
            .iter()
            .position(|&other| other == seat)
            .and_then(|index| shares.get(index))
            .copied()
            .unwrap_or(0);
        let (prize, paid) = match older.paid {
            OlderPaid::Due => (share, false),
            OlderPaid::Paid => (share, true),
            OlderPaid::Nothing => (0, true),
        };
        finishes.push(Finish {
            seat,
            place,
            hands,
            prize,
            paid,
        });
    }
    finishes
}

impl TryFrom<StoredTournament> for Tournament {
    type Error = String;

    fn try_from(stored: StoredTournament) -> Result<Tournament, String> {
        let standings = &stored.standings;
        let entrants = standings.stacks.len();
        if !PLAYERS.contains(&entrants) {
            return Err(format!("{entrants} entrants"));
        }
        if stored.payouts.places_paid() > entrants {
            return Err(format!(
                "{} places paid among {entrants} entrants",
                stored.payouts.places_paid()
            ));
        }
        if stored.settings.prize_pool(entrants) != Some(stored.prize_pool) {
            return Err(format!(
                "a prize pool of {} from {entrants} buy-ins of {} and {} added",
                stored.prize_pool, stored.settings.buy_in, stored.settings.added_prize
            ));
        }
        let mut prizes = stored.payouts.divide(stored.prize_pool);
        prizes.resize(entrants.max(prizes.len()), 0);
        if prizes != standings.prizes {
            return Err("prizes that are not the payout table's division of the pool".into());
        }
        let chips = standings
            .stacks
            .iter()
            .try_fold(0u64, |sum, &stack| sum.checked_add(stack));
        let dealt = (entrants as u64).checked_mul(stored.settings.structure.starting_stack());
        if chips.is_none() || chips != dealt {
            return Err(format!(
                "stacks summing to {chips:?} where {entrants} starting stacks make {dealt:?}"
            ));
        }
        check_finishes(
            &standings.stacks,
            &standings.finishes,
            stored.deal.is_some(),
        )?;
        let won = standings
            .finishes
            .iter()
            .try_fold(0u64, |sum, finish| sum.checked_add(finish.prize));
        let over = standings.finishes.len() == entrants;
        if won.is_none_or(|won| won > stored.prize_pool) {
            return Err(format!(
                "prizes of {won:?} from a pool of {}",
                stored.prize_pool
            ));
        }
        if over && won != Some(stored.prize_pool) {
            return Err(format!(
                "an event over that paid {won:?} of {}",
                stored.prize_pool
            ));
        }
        let left: Vec<usize> = (0..entrants)
            .filter(|&seat| !standings.finishes.iter().any(|f| f.seat == seat))
            .collect();
        if !over && !left.contains(&stored.first_seat) {
            return Err(format!("seat {} dealt first but out", stored.first_seat));
        }
        if stored.deal.is_some() && !over {
            return Err("a deal that did not end it".into());
        }
        Ok(Tournament {
            settings: stored.settings,
            payouts: stored.payouts,
            prize_pool: stored.prize_pool,
            standings: Standings::from_parts(
                stored.standings.prizes,
                stored.standings.stacks,
                stored.standings.finishes,
            ),
            hands_played: stored.hands_played,
            first_seat: stored.first_seat,
            deal: stored.deal,
        })
    }
}

/// Who is out holds nothing, who is in holds chips; every place is one the entrants can
/// take, below the players still in; a winner only once every other entrant is out, with
/// every chip (or, after a deal, the players left each with their chips and a place).
fn check_finishes(stacks: &[u64], finishes: &[Finish], by_deal: bool) -> Result<(), String> {
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
    if by_deal {
        return Ok(());
    }
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
