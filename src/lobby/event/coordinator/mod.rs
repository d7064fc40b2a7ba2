//! The coordinator of one live multi-table event: a task, as a table is. It starts the
//! event at its start time, gives each table a channel, keeps the event's clock, deals each
//! table its next hand as soon as the event lets it (never waiting for another table, but in
//! hand-for-hand), records each hand in the bank (`record_event_hand_with_history`: the seats
//! tidied among the tables between hands, and the hand's public history its table answered
//! stored in the table's channel, in the same transaction) before anything of it is told,
//! and applies the same calls to its own copy of the event, so both agree. A pause stops
//! the clock and every table once its hand is over; a cancel waits for every table's hand.
//! Dropped at any moment (a crash, a shutdown), it leaves only what the bank recorded: the
//! next coordinator deals each cut-short hand again from its start.
//!
//! Here the task's loop and its bank calls; by concern: the start and the resume
//! (`start`), the hands and hand-for-hand (`hands`), balancing and moves (`seats`), a
//! moderator's commands and the clock's pause (`commands`).

mod commands;
mod hands;
mod seats;
mod start;

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::task::JoinSet;
use tokio::time::Instant;

use super::clock::EventClock;
use super::notice::{EventCommand, EventNotice, EventPlace, EventTables};
use super::tables::TableActors;
use crate::bank::{Bank, BankError, GuildId, TableId, TournamentId};
use crate::lobby::LobbyShared;
use crate::lobby::event_order::EventHandEnd;
use crate::tournament::multi::Event;

/// How often a bank call that failed is tried again before the coordinator stops.
const BANK_TRIES: u32 = 5;

/// How long the coordinator waits to ask again for a start the bank's clock says is not due.
const START_AGAIN_AFTER: Duration = Duration::from_secs(1);

pub(crate) struct Coordinator {
    pub bank: Bank,
    pub guild: GuildId,
    pub id: TournamentId,
    pub tables: std::sync::Arc<dyn EventTables>,
    /// The lobby its tables' actors are opened in (registered by channel, so each
    /// channel's commands reach its table).
    pub lobby: std::sync::Weak<LobbyShared>,
    /// The lobby's deck seed, which seeds the start's draw of the seats too.
    pub deck_seed: Option<u64>,
    pub notices: std::sync::Arc<super::publish::Publisher>,
    pub commands: mpsc::Receiver<EventCommand>,
    /// Dropped with the coordinator: its handle learns it has ended.
    pub _running: tokio::sync::watch::Sender<()>,
}

/// A running event's state in the coordinator.
struct Play {
    event: Event,
    clock: EventClock,
    channels: BTreeMap<u32, TableId>,
    /// The channel the event was scheduled in (its tables' threads live under it).
    home: TableId,
    /// The hands being played, each a task answering its table's end.
    hands: JoinSet<(u32, Result<EventHandEnd, String>)>,
    /// The tables' actors, closed with the coordinator (after the hands' tasks).
    actors: TableActors,
    cancel: Option<String>,
}

impl Coordinator {
    /// Runs the event to its end (or a cancel); a fault stops it, told as `Halted`.
    pub(crate) async fn run(mut self) {
        if let Err(reason) = self.run_to_end().await {
            tracing::error!(event = self.id.0, %reason, "the event's coordinator stopped");
            self.tell(EventNotice::Halted { reason });
        }
    }

    fn tell(&self, notice: EventNotice) {
        self.notices.tell(notice);
    }

    async fn run_to_end(&mut self) -> Result<(), String> {
        let Some((event, started)) = self.started().await? else {
            return Ok(());
        };
        let mut play = self.resumed(event, started).await?;
        loop {
            if play.event.is_over() {
                self.tell_over(&play.event);
                return Ok(());
            }
            if play.hands.is_empty()
                && let Some(reference) = play.cancel.clone()
            {
                return self.cancel_now(&reference).await;
            }
            let wake = if play.cancel.is_none() && play.clock.is_running() {
                self.deal_idle_tables(&mut play)
            } else {
                None
            };
            if self.next_happening(&mut play, wake).await? {
                return Ok(());
            }
        }
    }

    /// Waits for a table's hand to end, a command, or the clock to reach `wake`; answers
    /// whether to stop (a shutdown).
    async fn next_happening(
        &mut self,
        play: &mut Play,
        wake: Option<Instant>,
    ) -> Result<bool, String> {
        let sleep = async {
            match wake {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            Some(joined) = play.hands.join_next() => {
                let (table, end) = joined.map_err(|error| format!("a table's hand failed: {error}"))?;
                let end = end?;
                self.hand_over(play, table, end).await.map(|()| false)
            }
            Some(command) = self.commands.recv() => self.obey(play, command).await,
            () = sleep => Ok(false),
        }
    }

    async fn record(&self) -> Result<crate::bank::EventRecord, String> {
        self.bank
            .event(self.id)
            .await
            .map_err(|error| format!("the event's record could not be read: {error}"))?
            .ok_or_else(|| format!("the bank does not know event {}", self.id.0))
    }

    /// Tries a bank call until it answers, a few times (every call is idempotent).
    async fn with_retries<F, Fut>(&self, call: F) -> Result<(), String>
    where
        F: Fn(Bank, GuildId, TournamentId) -> Fut,
        Fut: std::future::Future<Output = Result<(), BankError>>,
    {
        let mut tries = 0;
        loop {
            match call(self.bank.clone(), self.guild, self.id).await {
                Ok(()) => return Ok(()),
                Err(error) if tries + 1 >= BANK_TRIES => {
                    return Err(format!("the bank refused the event's call: {error}"));
                }
                Err(error) => {
                    tries += 1;
                    tracing::warn!(event = self.id.0, %error, "the event's bank call is tried again");
                    tokio::time::sleep(Duration::from_millis(200 << tries)).await;
                }
            }
        }
    }

    async fn cancel_now(&self, reference: &str) -> Result<(), String> {
        let paid = self
            .bank
            .cancel_event(self.guild, self.id, reference)
            .await
            .map_err(|error| format!("the event could not be cancelled: {error}"))?;
        self.tell(EventNotice::Cancelled { paid });
        Ok(())
    }

    fn tell_over(&self, event: &Event) {
        let places = event
            .payouts()
            .unwrap_or_default()
            .iter()
            .filter_map(|payout| {
                Some(EventPlace {
                    place: payout.place,
                    user: event.entry(payout.seat)?.user,
                    prize: payout.chips,
                })
            })
            .collect();
        self.tell(EventNotice::Over { places });
    }
}
