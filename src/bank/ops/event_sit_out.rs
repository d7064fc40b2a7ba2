//! A player of a running multi-table event sits out, or comes back: kept beside the record
//! (`tournaments::event_away`), so that a restart, or a move to another table, deals on
//! without waiting two timers for them again. Idempotent by what it sets (no reference).
//! Sitting out is refused for an event not running and for someone with no entry still in;
//! coming back is taken while the event is live (there is nothing to forget otherwise).

use super::Operation;
use crate::bank::ledger::Draft;
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::event_away;
use crate::bank::tournaments::events::{self, EventPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

#[derive(Clone)]
pub(crate) struct SetEventSittingOut {
    pub guild: GuildId,
    pub event: TournamentId,
    pub user: UserId,
    /// Sitting out (`Some`: whether for timeouts), or back in (`None`).
    pub away: Option<bool>,
}

impl Operation for SetEventSittingOut {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let SetEventSittingOut {
            guild,
            event: id,
            user,
            away,
        } = self;
        let record = events::read_in_guild(draft, guild, id)?;
        let mut sitting_out = event_away::away(draft, id)?;
        match away {
            None if record.is_live() => {
                sitting_out.remove(&user);
            }
            None => return Err(BankError::TournamentOver { tournament: id }),
            Some(timed_out) => {
                let still_in = match &record.phase {
                    EventPhase::Running(event) => event
                        .entries_of(user)
                        .iter()
                        .any(|&entry| event.field().stack(entry) > 0),
                    EventPhase::Scheduled => {
                        return Err(BankError::TournamentNotRunning { tournament: id });
                    }
                    _ => return Err(BankError::TournamentOver { tournament: id }),
                };
                if !still_in {
                    return Err(BankError::NotRegistered { tournament: id });
                }
                sitting_out.insert(user, timed_out);
            }
        }
        event_away::set_away(draft, id, &sitting_out);
        Ok(())
    }
}
