//! A multi-table event is scheduled in a channel: it takes the bank's next tournament number
//! (its escrow's) and waits for registrations until its start. Its settings are fixed here.
//! A prize added to the pool moves into the escrow in the same transaction, from the guild's
//! house or the member who adds it (a balance short of it is refused). Refused, changing
//! nothing: settings no event can be played with, a start before `now`, a channel where a
//! table is open or a sit & go or another event is live.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tables;
use crate::bank::tournaments::events::{self, EventPhase, EventRecord};
use crate::bank::tournaments::{self, PrizeSource, TournamentId};
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

/// The account an added prize comes from, and a refund returns it to.
pub(super) fn source_account(guild: GuildId, source: PrizeSource) -> Account {
    match source {
        PrizeSource::House => Account::House { guild },
        PrizeSource::Member(user) => Account::owner(guild, user),
    }
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
        if (settings.added_prize > 0) != added_by.is_some() {
            return Err(BankError::BadTournament(
                "an added prize needs its source, and only an added prize has one".into(),
            ));
        }
        settings
            .prize_pool(settings.max_entries())
            .ok_or(BankError::Overflow)?;
        if let Some(table) = tables::read_table(draft, channel)?
            && table.open
        {
            return Err(BankError::TableOpenInChannel { table: channel });
        }
        tournaments::refuse_if_live_in_channel(draft, channel)?;
        events::refuse_if_live_in_channel(draft, channel)?;
        let id = tournaments::take_next_id(draft)?;
        if let Some(source) = added_by {
            // A member's first movement opens their account, as a buy-in's does.
            if let PrizeSource::Member(user) = source
                && !user.is_computer()
            {
                accounts::ensure_player(draft, config, guild, user)?;
            }
            accounts::transfer(
                draft,
                source_account(guild, source),
                id.escrow(),
                settings.added_prize,
                Reason::TournamentAddedPrize,
                &reference,
            )?;
        }
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
