//! What a finished hand means for the bank: each seat's start and end stack and its wins,
//! the input of `Bank::settle_hand`. Used by every table and by `sim --data`.

use crate::bank::{SeatOutcome, UserId};
use crate::table::hand::HandResult;

/// Each seat's part in a finished hand, for the bank's settlement and stats. `users[seat]`
/// is the player in deal-order seat `seat`; wins as `HandResult::wins` defines them.
pub fn seat_outcomes(result: &HandResult, users: &[UserId]) -> Vec<SeatOutcome> {
    users
        .iter()
        .enumerate()
        .map(|(seat, &user)| {
            let wins = result.wins(seat);
            SeatOutcome {
                user,
                start: result.starting_stacks.get(seat).copied().unwrap_or(0),
                end: result.final_stacks.get(seat).copied().unwrap_or(0),
                won_high: wins.won_high,
                won_low: wins.won_low,
                scooped: wins.scooped,
            }
        })
        .collect()
}
