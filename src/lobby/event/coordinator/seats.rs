//! Balancing and moves: the seats tidied among the tables between hands (a table broken, a
//! player moved to a shorter table, the final table drawn), late entries and re-entries
//! seated, each new table given a channel, and the moves, places and closed tables told.

use super::{Coordinator, Play};
use crate::bank::{BankError, IdleTables, TableId, UserId};
use crate::lobby::event::notice::EventNotice;
use crate::tournament::Finish;
use crate::tournament::multi::Tidied;

impl Coordinator {
    /// Tidies the seats of the tables `idle` between hands, in the bank then in the copy,
    /// and tells the moves and places it decided.
    pub(super) async fn tidy(
        &mut self,
        play: &mut Play,
        idle: Vec<u32>,
        all: bool,
    ) -> Result<(), String> {
        let clock = play.clock.now();
        let tables = IdleTables {
            tables: idle.clone(),
            all,
        };
        self.with_retries(|bank, guild, id| {
            let tables = tables.clone();
            async move { bank.tidy_event(guild, id, tables, clock).await }
        })
        .await?;
        let tidied = play.event.tidy(&idle, all, clock);
        play.event.mark_prizes_paid();
        self.tell_tidied(play, &tidied, &[]);
        Ok(())
    }

    /// Tells the places decided (`finishes` first), the moves and the tables closed.
    pub(super) fn tell_tidied(&self, play: &mut Play, tidied: &Tidied, finishes: &[Finish]) {
        for finish in finishes.iter().chain(&tidied.finishes) {
            if finish.place <= 1 {
                continue;
            }
            if let Some(entry) = play.event.entry(finish.seat) {
                self.tell(EventNotice::Out {
                    user: entry.user,
                    place: finish.place,
                    prize: finish.prize,
                });
            }
        }
        for moved in tidied.changes.iter().flat_map(|change| change.moves()) {
            let (Some(entry), Some(&channel)) = (
                play.event.entry(moved.entry),
                play.channels.get(&moved.to.0),
            ) else {
                continue;
            };
            if moved.from.is_some_and(|(from, _)| from == moved.to.0) {
                continue;
            }
            if let Some((from, _)) = moved.from {
                play.actors.left(from, entry.user);
            }
            self.tell(EventNotice::Moved {
                user: entry.user,
                from: moved.from.map(|(from, _)| from),
                to: moved.to.0,
                chair: moved.to.1,
                channel,
            });
        }
        for closed in &tidied.closed {
            play.actors.close(*closed);
            if let Some(channel) = play.channels.remove(closed) {
                self.tell(EventNotice::TableClosed {
                    table: *closed,
                    channel,
                });
            }
        }
    }

    /// A late entry or a re-entry: made in the bank at the event's clock, then in the copy
    /// (the same draw of the seat, both in the same order), its table given a channel if it
    /// is new, and told. The bank's refusal is the caller's answer and changes nothing.
    pub(super) async fn enter(
        &mut self,
        play: &mut Play,
        user: UserId,
        reference: &str,
    ) -> Result<Result<u64, BankError>, String> {
        let clock = play.clock.now();
        let entered = self
            .bank
            .enter_event(self.guild, self.id, user, clock, reference)
            .await;
        let Ok(number) = entered else {
            return Ok(entered);
        };
        // A retried reference answers the entry the copy already holds.
        if play.event.entries_of(user).len() as u64 >= number {
            return Ok(Ok(number));
        }
        let (_, change) = play.event.enter(user, clock).map_err(|error| {
            format!("the coordinator's copy refused an entry the bank took: {error}")
        })?;
        // A re-entry plays: whoever sat out before their bust is back.
        if play.actors.away.of(user).is_some() {
            self.with_retries(|bank, guild, id| async move {
                bank.set_event_sitting_out(guild, id, user, None).await
            })
            .await?;
            play.actors.away.set(user, None);
        }
        for moved in change.moves() {
            let table = moved.to.0;
            if play.channels.contains_key(&table) {
                continue;
            }
            let channel = self.new_channel(play.home, table).await?;
            play.channels.insert(table, channel);
        }
        let tidied = Tidied {
            changes: vec![change],
            ..Tidied::default()
        };
        self.tell_tidied(play, &tidied, &[]);
        Ok(Ok(number))
    }

    /// A channel for `table` from the front end, kept in the bank so a restart reuses it
    /// (answers the one kept, should another have been kept first).
    pub(super) async fn new_channel(&self, home: TableId, table: u32) -> Result<TableId, String> {
        let channel = self
            .tables
            .table_channel(self.guild, self.id, home, table)
            .await
            .map_err(|reason| format!("table {table} has no channel: {reason}"))?;
        self.bank
            .keep_event_channel(self.guild, self.id, table, channel)
            .await
            .map_err(|error| format!("table {table}'s channel could not be kept: {error}"))
    }
}
