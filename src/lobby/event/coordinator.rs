//! The coordinator of one live multi-table event: a task, as a table is. It starts the
//! event at its start time, gives each table a channel, keeps the event's clock, deals each
//! table its next hand as soon as the event lets it (never waiting for another table, but in
//! hand-for-hand), records each hand in the bank (`record_event_hand`, with the seats tidied
//! among the tables between hands in the same transaction) before anything of it is told,
//! and applies the same calls to its own copy of the event, so both agree. A pause stops
//! the clock and every table once its hand is over; a cancel waits for every table's hand.
//! Dropped at any moment (a crash, a shutdown), it leaves only what the bank recorded: the
//! next coordinator deals each cut-short hand again from its start.

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinSet;
use tokio::time::Instant;

use super::clock::EventClock;
use super::notice::{EventCommand, EventNotice, EventPlace, EventTables};
use super::tables::TableActors;
use crate::bank::{
    Bank, BankError, EventPhase, GuildId, IdleTables, TableId, TournamentId, UserId,
};
use crate::lobby::LobbyShared;
use crate::lobby::event_order::{EventBust, EventDeal};
use crate::tournament::Finish;
use crate::tournament::multi::{Event, HandResult, HandToDeal, Tidied, Turn, Wait};

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
    pub notices: broadcast::Sender<EventNotice>,
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
    hands: JoinSet<(u32, Result<HandResult, String>)>,
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
        // Nobody listening is not a fault: the bank holds what matters.
        let _ = self.notices.send(notice);
    }

    async fn run_to_end(&mut self) -> Result<(), String> {
        let Some(event) = self.started().await? else {
            return Ok(());
        };
        let mut play = self.resumed(event).await?;
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
                let (table, result) = joined.map_err(|error| format!("a table's hand failed: {error}"))?;
                let result = result?;
                self.hand_over(play, table, result).await.map(|()| false)
            }
            Some(command) = self.commands.recv() => self.obey(play, command).await,
            () = sleep => Ok(false),
        }
    }

    /// The event's running copy: read from the bank, waiting for its start time and starting
    /// it if it has not started; `None` when it ended before (cancelled meanwhile).
    async fn started(&mut self) -> Result<Option<Event>, String> {
        loop {
            let record = self.record().await?;
            match record.phase {
                EventPhase::Running(event) => return Ok(Some(*event)),
                EventPhase::Scheduled => {}
                _ => return Ok(None),
            }
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_secs());
            let wait = Duration::from_secs(record.starts_at.saturating_sub(now));
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                Some(command) = self.commands.recv() => {
                    match command {
                        EventCommand::Cancel { reference } => {
                            return self.cancel_now(&reference).await.map(|()| None);
                        }
                        EventCommand::Shutdown => return Ok(None),
                        // Before the start an entry is a registration: nothing to seat.
                        EventCommand::Enter { user, reference, reply } => {
                            let entered = self
                                .bank
                                .enter_event(self.guild, self.id, user, 0, &reference)
                                .await;
                            let _ = reply.send(entered);
                            continue;
                        }
                        _ => continue,
                    }
                }
            }
            match self
                .bank
                .start_event(self.guild, self.id, self.draw_seed())
                .await
            {
                Ok(()) => {}
                // Too few came: the cancel gives every buy-in back.
                Err(BankError::TooFewEntrants { .. }) => {
                    let reference = format!("event:{}:too-few", self.id.0);
                    return self.cancel_now(&reference).await.map(|()| None);
                }
                // The bank's clock is behind the machine's: ask again once it may have
                // reached the start, rather than give the event up.
                Err(BankError::EventNotYet { .. }) => {
                    tokio::time::sleep(START_AGAIN_AFTER).await;
                }
                Err(error) => return Err(format!("the event could not start: {error}")),
            }
        }
    }

    /// The seed of the start's draw of the seats: from the lobby's deck seed when it has
    /// one (tests and `--seed`: the same event each time), else at random.
    fn draw_seed(&self) -> u64 {
        self.deck_seed.map_or_else(rand::random, |seed| {
            seed ^ self.id.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }

    async fn record(&self) -> Result<crate::bank::EventRecord, String> {
        self.bank
            .event(self.id)
            .await
            .map_err(|error| format!("the event's record could not be read: {error}"))?
            .ok_or_else(|| format!("the bank does not know event {}", self.id.0))
    }

    /// The event playing from its record: the clock where the bank left it, the seats tidied
    /// with every table between hands, each table's channel.
    async fn resumed(&mut self, event: Event) -> Result<Play, String> {
        let record = self.record().await?;
        let table_size = event.settings().table_size;
        let mut play = Play {
            event,
            clock: EventClock::stopped_at(record.clock),
            channels: BTreeMap::new(),
            home: record.channel,
            hands: JoinSet::new(),
            cancel: None,
            actors: TableActors::new(self.lobby.clone(), self.guild, table_size),
        };
        // The clock starts once the tables can deal: opening them is not charged.
        let tables = play.event.seating().numbers();
        self.tidy(&mut play, tables, true).await?;
        let kept = self
            .bank
            .event_channels(self.id)
            .await
            .map_err(|error| format!("the tables' channels could not be read: {error}"))?;
        for table in play.event.seating().numbers() {
            let channel = match kept.get(&table) {
                Some(&channel) => channel,
                None => self.new_channel(play.home, table).await?,
            };
            play.channels.insert(table, channel);
        }
        self.tell(EventNotice::Playing {
            clock: play.clock.now(),
            tables: play.channels.iter().map(|(&t, &c)| (t, c)).collect(),
        });
        // A moderator's pause outlives a restart: the clock stays stopped until the resume.
        let paused = self
            .bank
            .event_paused(self.id)
            .await
            .map_err(|error| format!("the event's pause could not be read: {error}"))?;
        if paused {
            self.tell(EventNotice::Paused {
                clock: play.clock.now(),
            });
        } else {
            play.clock.start();
        }
        Ok(play)
    }

    /// Tidies the seats of the tables `idle` between hands, in the bank then in the copy,
    /// and tells the moves and places it decided.
    async fn tidy(&mut self, play: &mut Play, idle: Vec<u32>, all: bool) -> Result<(), String> {
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

    /// Deals every table the event lets deal now; answers when the clock next changes what
    /// a waiting table may do (a break's end).
    fn deal_idle_tables(&mut self, play: &mut Play) -> Option<Instant> {
        let clock = play.clock.now();
        let mut wake = None;
        for table in play.event.seating().numbers() {
            match play.event.deal(table, clock) {
                Turn::Deal(hand) => self.start_hand(play, *hand, clock),
                Turn::Wait(Wait::Break { until: Some(until) }) => {
                    wake = play.clock.instant_of(until);
                }
                Turn::Wait(_) => {}
            }
        }
        wake
    }

    fn start_hand(&self, play: &mut Play, hand: HandToDeal, clock: u64) {
        let players: Vec<UserId> = hand
            .seats
            .iter()
            .filter_map(|&(_, entry)| play.event.entry(entry).map(|entry| entry.user))
            .collect();
        if players.len() != hand.seats.len() {
            // Never so: every seat of the copy is an entry of it.
            tracing::error!(event = self.id.0, table = hand.table, "a seat has no entry");
        }
        let seating = play.event.seating();
        let (dealt, seated) = (players.clone(), players);
        let players = hand.seats.len();
        let sizes = seating.tables().iter().map(|table| table.players());
        let fewest = sizes.clone().min().unwrap_or(players);
        let largest = sizes.max().unwrap_or(players);
        let channel = play
            .channels
            .get(&hand.table)
            .copied()
            .unwrap_or(TableId(0));
        self.tell(EventNotice::HandDealt {
            table: hand.table,
            channel,
            number: hand.number,
            level: hand.level,
            round: hand.round,
            players,
            dealt,
            fewest,
            largest,
            clock,
        });
        let table = hand.table;
        let played = play.actors.deal(table, channel, move |done| EventDeal {
            hand,
            players: seated,
            done,
        });
        play.hands.spawn(async move { (table, played.await) });
    }

    /// A table's hand is over: recorded in the bank (with the seats tidied among the tables
    /// between hands), then in the copy, then told.
    async fn hand_over(
        &mut self,
        play: &mut Play,
        table: u32,
        result: HandResult,
    ) -> Result<(), String> {
        let clock = play.clock.now();
        let dealing: Vec<u32> = play
            .event
            .tables_dealing()
            .filter(|&t| t != table)
            .collect();
        let idle: Vec<u32> = play
            .event
            .seating()
            .numbers()
            .into_iter()
            .filter(|t| !dealing.contains(t))
            .collect();
        let tidy = IdleTables {
            tables: idle.clone(),
            all: dealing.is_empty(),
        };
        self.with_retries(|bank, guild, id| {
            let (result, tidy) = (result.clone(), tidy.clone());
            async move {
                bank.record_event_hand(guild, id, result, clock, Some(tidy))
                    .await
            }
        })
        .await?;
        let recorded = play.event.record_hand(&result, clock).map_err(|error| {
            format!("the coordinator's copy refused a hand the bank took: {error}")
        })?;
        let tidied = if play.event.is_over() {
            Tidied::default()
        } else {
            play.event.tidy(&idle, tidy.all, clock)
        };
        play.event.mark_prizes_paid();
        let busts = recorded
            .finishes
            .iter()
            .filter(|finish| finish.place > 1)
            .filter_map(|finish| {
                Some(EventBust {
                    user: play.event.entry(finish.seat)?.user,
                    place: finish.place,
                    prize: finish.prize,
                })
            })
            .collect();
        play.actors.recorded(table, result.number, busts).await;
        self.tell(EventNotice::HandRecorded {
            table,
            channel: play.channels.get(&table).copied().unwrap_or(TableId(0)),
            number: result.number,
        });
        self.tell_tidied(play, &tidied, &recorded.finishes);
        Ok(())
    }

    /// Tells the places decided (`finishes` first), the moves and the tables closed.
    fn tell_tidied(&self, play: &mut Play, tidied: &Tidied, finishes: &[Finish]) {
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

    /// Acts on a moderator's command; answers whether to stop (a shutdown).
    async fn obey(&mut self, play: &mut Play, command: EventCommand) -> Result<bool, String> {
        match command {
            EventCommand::Pause if play.clock.is_running() => {
                play.clock.stop();
                self.keep_pause(true, play.clock.now()).await?;
                // The clock's reading is kept, so a restart resumes from it.
                let dealing: Vec<u32> = play.event.tables_dealing().collect();
                let idle = play
                    .event
                    .seating()
                    .numbers()
                    .into_iter()
                    .filter(|t| !dealing.contains(t))
                    .collect();
                self.tidy(play, idle, dealing.is_empty()).await?;
                self.tell(EventNotice::Paused {
                    clock: play.clock.now(),
                });
            }
            EventCommand::Resume if !play.clock.is_running() => {
                self.keep_pause(false, play.clock.now()).await?;
                play.clock.start();
                self.tell(EventNotice::Resumed {
                    clock: play.clock.now(),
                });
            }
            EventCommand::Enter {
                user,
                reference,
                reply,
            } => {
                let entered = self.enter(play, user, &reference).await?;
                let _ = reply.send(entered);
            }
            EventCommand::Cancel { reference } => play.cancel = Some(reference),
            EventCommand::Shutdown => return Ok(true),
            EventCommand::Pause | EventCommand::Resume => {}
        }
        Ok(false)
    }

    /// A channel for `table` from the front end, kept in the bank so a restart reuses it
    /// (answers the one kept, should another have been kept first).
    async fn new_channel(&self, home: TableId, table: u32) -> Result<TableId, String> {
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

    /// Keeps the moderator's pause (or its end) in the bank, so a restart resumes as it was.
    async fn keep_pause(&self, paused: bool, clock: u64) -> Result<(), String> {
        self.with_retries(|bank, guild, id| async move {
            bank.pause_event(guild, id, paused, clock).await
        })
        .await
    }

    /// A late entry or a re-entry: made in the bank at the event's clock, then in the copy
    /// (the same draw of the seat, both in the same order), its table given a channel if it
    /// is new, and told. The bank's refusal is the caller's answer and changes nothing.
    async fn enter(
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
