//! The bank's calls for multi-table events: schedule, enter (registration, late
//! registration, re-entry), unregister, start, tidy the seats, record a table's hand, cancel,
//! and the reads the lobby's coordinator needs (an event by number or by channel, every live
//! event at start-up). Each write is one operation (`bank::ops::event_*`), one transaction;
//! the start, the tidying and the hands are table operations, fenced by the guild's lease.

use super::Bank;
use crate::bank::ops;
use crate::bank::tournaments::events::{self, EventRecord, IdleTables};
use crate::bank::tournaments::{PrizeSource, TournamentId};
use crate::bank::{BankError, GuildId, Payouts, TableId, UserId};
use crate::tournament::multi::{EventSettings, HandResult};

/// What an event is scheduled with beyond its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventSchedule {
    pub channel: TableId,
    pub name: String,
    /// Seconds since the Unix epoch.
    pub starts_at: u64,
    /// The caller's clock, seconds since the Unix epoch: a start before it is refused.
    pub now: u64,
    /// Where `settings.added_prize` comes from.
    pub added_by: Option<PrizeSource>,
}

impl Bank {
    /// Schedules a multi-table event; answers its number.
    pub async fn schedule_event(
        &self,
        guild: GuildId,
        schedule: EventSchedule,
        settings: EventSettings,
        reference: &str,
    ) -> Result<TournamentId, BankError> {
        self.call(ops::ScheduleEvent {
            guild,
            channel: schedule.channel,
            name: schedule.name,
            starts_at: schedule.starts_at,
            now: schedule.now,
            settings,
            added_by: schedule.added_by,
            reference: reference.to_string(),
        })
        .await
    }

    /// Buys `user` into `event`: a registration before the start, a late entry or a
    /// re-entry after it (at the event's `clock`). Answers which of their entries it is.
    pub async fn enter_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        user: UserId,
        clock: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::EnterEvent {
            guild,
            event,
            user,
            clock,
            reference: reference.to_string(),
        })
        .await
    }

    /// Unregisters `user` before the start; answers the buy-in refunded.
    pub async fn unregister_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::UnregisterEvent {
            guild,
            event,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Starts `event`, its seats drawn from `seed` (at least two registered), at its start
    /// time or after by the bank's clock: earlier is refused (`EventNotYet`).
    pub async fn start_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        seed: u64,
    ) -> Result<(), BankError> {
        self.call_leased(guild, ops::StartEvent { guild, event, seed })
            .await
    }

    /// Tidies `event`'s seats between hands (`Event::tidy`).
    pub async fn tidy_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        idle: IdleTables,
        clock: u64,
    ) -> Result<(), BankError> {
        self.call_leased(
            guild,
            ops::TidyEvent {
                guild,
                event,
                idle,
                clock,
            },
        )
        .await
    }

    /// Records a table's hand of `event` (`Event::record_hand`), paying the prizes it
    /// decides, then, with `then_tidy`, tidies the seats, in one transaction (with no
    /// history: `sim`'s hands have none).
    pub async fn record_event_hand(
        &self,
        guild: GuildId,
        event: TournamentId,
        hand: HandResult,
        clock: u64,
        then_tidy: Option<IdleTables>,
    ) -> Result<(), BankError> {
        self.record_event_hand_with_history(guild, event, hand, clock, then_tidy, None)
            .await
    }

    /// [`Bank::record_event_hand`], with the hand's public `history` stored in the channel
    /// its table plays in by the same transaction (once: a retry of a recorded hand stores
    /// nothing again).
    pub async fn record_event_hand_with_history(
        &self,
        guild: GuildId,
        event: TournamentId,
        hand: HandResult,
        clock: u64,
        then_tidy: Option<IdleTables>,
        history: Option<(TableId, Vec<u8>)>,
    ) -> Result<(), BankError> {
        self.call_leased(
            guild,
            ops::RecordEventHand {
                guild,
                event,
                hand,
                clock,
                then_tidy,
                history,
            },
        )
        .await
    }

    /// Keeps a moderator's pause (`paused`, at the event's `clock`) or resume of running
    /// `event`, so that a restart resumes it as it was. Pausing one not running is refused.
    pub async fn pause_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        paused: bool,
        clock: u64,
    ) -> Result<(), BankError> {
        self.call(ops::PauseEvent {
            guild,
            event,
            paused,
            clock,
        })
        .await
    }

    /// Whether a moderator's pause is kept for `event` (a restart resumes it paused).
    pub async fn event_paused(&self, event: TournamentId) -> Result<bool, BankError> {
        self.read(move |store| events::stored_paused(store, event))
            .await
    }

    /// Keeps `channel` as table `table`'s of live `event`, unless one is kept already;
    /// answers the channel the table plays in.
    pub async fn keep_event_channel(
        &self,
        guild: GuildId,
        event: TournamentId,
        table: u32,
        channel: TableId,
    ) -> Result<TableId, BankError> {
        self.call(ops::KeepEventChannel {
            guild,
            event,
            table,
            channel,
        })
        .await
        .map(TableId)
    }

    /// The channels kept for `event`'s tables.
    pub async fn event_channels(
        &self,
        event: TournamentId,
    ) -> Result<std::collections::BTreeMap<u32, TableId>, BankError> {
        self.read(move |store| events::stored_channels(store, event))
            .await
    }

    /// Keeps that `user` sits out of running `event` (`Some(timed_out)`) or is back
    /// (`None`), so a restart or a move to another table deals on as it was.
    pub async fn set_event_sitting_out(
        &self,
        guild: GuildId,
        event: TournamentId,
        user: UserId,
        away: Option<bool>,
    ) -> Result<(), BankError> {
        self.call(ops::SetEventSittingOut {
            guild,
            event,
            user,
            away,
        })
        .await
    }

    /// Who sits out of `event`, and whether for timeouts.
    pub async fn event_sitting_out(
        &self,
        event: TournamentId,
    ) -> Result<std::collections::BTreeMap<UserId, bool>, BankError> {
        self.read(move |store| crate::bank::tournaments::event_away::stored_away(store, event))
            .await
    }

    /// Cancels `event` (the sit & go's rule); answers what the cancel paid each player.
    pub async fn cancel_event(
        &self,
        guild: GuildId,
        event: TournamentId,
        reference: &str,
    ) -> Result<Payouts, BankError> {
        self.call(ops::CancelEvent {
            guild,
            event,
            reference: reference.to_string(),
        })
        .await
    }

    /// The record of `event`, if the bank knows it.
    pub async fn event(&self, event: TournamentId) -> Result<Option<EventRecord>, BankError> {
        self.read(move |store| events::one(store, event)).await
    }

    /// The live event (scheduled or running) whose message is in `channel`.
    pub async fn live_event_in(&self, channel: TableId) -> Result<Option<EventRecord>, BankError> {
        self.read(move |store| {
            Ok(events::live_in_channel(store, channel)?
                .filter(|record| record.is_live() && record.channel == channel))
        })
        .await
    }

    /// The event last over in `channel` (its own or one of its tables' threads), until a
    /// new event or sit & go takes the channel.
    pub async fn last_event_over_in(
        &self,
        channel: TableId,
    ) -> Result<Option<EventRecord>, BankError> {
        self.read(move |store| {
            let Some(id) = crate::bank::tournaments::event_last::last_over_in(store, channel)?
            else {
                return Ok(None);
            };
            Ok(events::one(store, id)?.filter(|record| !record.is_live()))
        })
        .await
    }

    /// Every live event, by channel: what the lobby's coordinator resumes at start-up (each
    /// with its clock, its seats, its tables' hands and its hand-for-hand as recorded).
    pub async fn live_events(&self) -> Result<Vec<EventRecord>, BankError> {
        self.read(|store| {
            let mut live = Vec::new();
            for (channel, id) in events::live_index(store)? {
                if let Some(record) = events::one(store, id)?
                    && record.is_live()
                    && record.channel == channel
                {
                    live.push(record);
                }
            }
            Ok(live)
        })
        .await
    }

    /// The live events of `guild`.
    pub async fn live_events_of(&self, guild: GuildId) -> Result<Vec<EventRecord>, BankError> {
        let mut live = self.live_events().await?;
        live.retain(|record| record.guild == guild);
        Ok(live)
    }
}
