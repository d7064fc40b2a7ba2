//! Multi-table tournaments (docs/TOURNAMENTS.md): an event of any size played at as many
//! tables as it needs, built on the sit & go's core (its structures, stakes, rules, places,
//! ICM and deals) and, like it, pure and deterministic: no clock, no I/O, no randomness but
//! from the seed it is started with. The caller (the lobby's coordinator, `sim`, the terminal)
//! keeps the clock and passes its reading in; it asks what a table deals next
//! ([`Event::turn`]), tells what the hand ended with ([`Event::record_hand`]), and between a
//! table's hands lets the event move players ([`Event::tidy`]): balancing, breaking tables and
//! the final table's draw. The bank runs the same calls on its copy, so both agree.
//!
//! - [`payouts`]: the default payouts by field size.
//! - [`clock`]: levels and breaks on the clock.
//! - [`seating`]: tables, chairs, the draw and the TDA's moves.
//! - [`field`]: chips, places and prizes; players out during late registration placed when
//!   it closes.
//! - [`event`]: the event as a whole: entries, late registration and re-entries, the next
//!   hand of each table, hand-for-hand on the bubble, cancel and deal.
//! - [`hands`]: what passes between the event and a table.
//! - [`schedule`] and [`start_time`]: `/tournament schedule`'s options read into an event.

pub mod clock;
pub mod event;
pub mod field;
pub mod hands;
pub mod payouts;
pub mod schedule;
pub mod seating;
mod settings;
pub mod start_time;
#[cfg(test)]
mod tests;

pub use clock::{Breaks, ClockAt, clock_at, level_end};
pub use event::{EntryOf, Event, EventStatus};
pub use field::Field;
pub use hands::{HandForHand, HandResult, HandToDeal, Recorded, Tidied, Turn, Wait};
pub use payouts::{field_prizes, places_paid};
pub use seating::{Entry, EventTable, Move, SeatChange, Seating};
pub use settings::{EventError, EventSettings, MAX_ENTRIES};
