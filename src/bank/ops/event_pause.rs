//! A moderator pauses or resumes a running multi-table event: the pause is kept beside the
//! event's record (`events::set_paused`), with the clock's reading at the pause, in one
//! transaction, so that a restart resumes the event paused, its clock stopped where it
//! stood. Pausing twice, or resuming one not paused, changes nothing more. Only a running
//! event is paused; a resume is taken in any phase (nothing to hold once it is over).
//! Beside it, each table's channel kept the first time it is given (`KeepEventChannel`).

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events::{self, EventPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};

#[derive(Clone)]
pub(crate) struct PauseEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    /// Paused (`true`) or resumed.
    pub paused: bool,
    /// The event's clock at the pause (it resumes from here after a restart).
    pub clock: u64,
}

impl Operation for PauseEvent {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let PauseEvent {
            guild,
            event: id,
            paused,
            clock,
        } = self;
        let mut record = events::read_in_guild(draft, guild, id)?;
        if paused {
            match record.phase {
                EventPhase::Running(_) => {}
                EventPhase::Scheduled => {
                    return Err(BankError::TournamentNotRunning { tournament: id });
                }
                EventPhase::Finished(_) | EventPhase::Cancelled { .. } => {
                    return Err(BankError::TournamentOver { tournament: id });
                }
            }
            if clock > record.clock {
                record.clock = clock;
                record.tables_at_clock.clear();
                events::write(draft, &record);
            }
        }
        events::set_paused(draft, id, paused);
        Ok(())
    }
}

/// The channel a table of a live event plays in, kept the first time it is given: a later
/// call answers the channel kept (a restart reuses it), changing nothing.
#[derive(Clone)]
pub(crate) struct KeepEventChannel {
    pub guild: GuildId,
    pub event: TournamentId,
    pub table: u32,
    pub channel: TableId,
}

impl Operation for KeepEventChannel {
    /// The channel the table plays in (its number).
    type Output = u64;

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let record = events::read_in_guild(draft, self.guild, self.event)?;
        if !record.is_live() {
            return Err(BankError::TournamentOver {
                tournament: self.event,
            });
        }
        let mut channels = events::channels(draft, self.event)?;
        if let Some(&kept) = channels.get(&self.table) {
            return Ok(kept.0);
        }
        channels.insert(self.table, self.channel);
        events::set_channels(draft, self.event, &channels);
        Ok(self.channel.0)
    }
}
