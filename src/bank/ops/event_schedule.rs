//! A multi-table event is scheduled in a channel: it takes the bank's next tournament number
//! (its escrow's) and waits for registrations until its start. Its settings are fixed here.
//! A prize added to the pool moves into the escrow in the same transaction, from the guild's
//! house or the member who adds it (a balance short of it is refused). Refused, changing
//! nothing: settings no event can be played with, a start before `now`, a channel where a
//! table is open or a sit & go or another event is live.

use super::{Once, Operation, prize_pool};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::events::{self, EventPhase, EventRecord};
use crate::bank::tournaments::{PrizeSource, TournamentId};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};
use crate::tournament::multi::EventSettings;

#[derive(Clone)]
pub(crate) struct ScheduleEvent {
    pub guild: GuildId,
    pub channel: TableId,
    pub name: String,
    /// Seconds since the Unix epoch; not before `now`.
    pub starts_at: u64,
    /// The caller's clock, seconds since the Unix epoch.
    pub now: u64,
    pub settings: EventSettings,
    /// Where `settings.added_prize` comes from (required when it is more than 0).
    pub added_by: Option<PrizeSource>,
    pub reference: String,
}

impl Operation for ScheduleEvent {
    type Output = TournamentId;

    fn once(&self) -> Option<Once> {
        let settings = serde_json::to_string(&self.settings).unwrap_or_default();
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "event_schedule {} {:?} {} {settings} {:?}",
                self.channel.0, self.name, self.starts_at, self.added_by
            ),
        })
    }

    fn apply(
        self,
        draft: &mut Draft<'_>,
        config: &EconomyConfig,
    ) -> Result<TournamentId, BankError> {
        let ScheduleEvent {
            guild,
            channel,
            name,
            starts_at,
            now,
            settings,
            added_by,
            reference,
        } = self;
        settings
            .validate()
            .map_err(|error| BankError::BadTournament(error.to_string()))?;
        if starts_at < now {
            return Err(BankError::BadTournament("the start time is past".into()));
        }
        prize_pool::refuse_unsourced_prize(settings.added_prize, added_by)?;
        settings
            .prize_pool(settings.max_entries())
            .ok_or(BankError::Overflow)?;
        let id = prize_pool::take_channel(draft, channel)?;
        let added = (settings.added_prize, added_by);
        prize_pool::pay_added_prize(draft, config, guild, id, added, &reference)?;
        let record = EventRecord {
            id,
            guild,
            channel,
            name,
            starts_at,
            settings,
            added_by,
            registered: Vec::new(),
            clock: 0,
            tables_at_clock: Vec::new(),
            phase: EventPhase::Scheduled,
        };
        events::write(draft, &record);
        Ok(id)
    }
}
