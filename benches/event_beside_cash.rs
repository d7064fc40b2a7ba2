//! A multi-table event beside ordinary play (#41's benchmark): one process, one lobby and one
//! bank (sled, every hand durable), `CASH` cash tables of computer players dealing at their
//! pause between hands, measured alone for `SECS` seconds, then with an event of `EVENT`
//! players (tables of `TABLE_SIZE`, registered through the bank, played by computer players
//! through the tables' commands as people are) started beside them and measured for `SECS`
//! more. For both kinds of table and each phase it prints hands per second, how long a table
//! waited for its next hand beyond its pause (hand start to hand start, less the pause: the
//! hand's own play and everything the process made it wait for), turns a player missed (the
//! table timed them out), and the process's peak and current resident memory. The cash
//! tables keep their pace when their hands/s with the event is within 10% of theirs alone.
//!
//! Run: `nice -n 19 cargo bench --bench event_beside_cash` (env `CASH` = 1000, `PLAYERS` = 6,
//! `EVENT` = 1000, `TABLE_SIZE` = 7, `PAUSE_SECS` = 5 (the tables' default), `SECS` = 60,
//! `LEVEL_SECS` = 600, `CACHE_MIB` = 16).

mod common;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{bank_and_lobby, env_or, mib, resident_bytes};
use futures::StreamExt;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use studbot::bank::{Bank, EventSchedule, GuildId, TableId, TournamentId, UserId};
use studbot::lobby::event::{EventHandle, EventNotice, NumberedTables};
use studbot::lobby::{
    Lobby, LobbyError, NoticeBody, NoticeReceiver, OfferedTurn, SitOutReason, TableHandle,
    TableMessage, TableSettings, TurnOffer,
};
use studbot::table::GameChoice;
use studbot::table::computer::{ComputerLevel, choose_action_at};
use studbot::table::hand::PublicView;
use studbot::tournament::Structure;
use studbot::tournament::multi::EventSettings;

const GUILD: GuildId = GuildId(0);
const MODERATOR: UserId = UserId(1);
const BUY_IN: u64 = 400;
const EVENT_BUY_IN: u64 = 100;
const EVENT_CHANNEL: TableId = TableId(9_000_000);
const EVENT_TABLES: NumberedTables = NumberedTables { first: 10_000_000 };
const FIRST_ENTRANT: u64 = 100_000_000;

/// What one kind of table (cash, or the event's) did since the phase began.
#[derive(Default)]
struct Pace {
    hands: AtomicU64,
    /// Milliseconds from a hand's start to the next's at the same table, less the pause.
    waits_ms: Mutex<Vec<u64>>,
    /// Turns a table timed out because its player did not answer.
    missed: AtomicU64,
    grants: AtomicU64,
}

impl Pace {
    /// What the phase measured, and a fresh start for the next.
    fn take(&self) -> (u64, Vec<u64>, u64) {
        let hands = self.hands.swap(0, Ordering::Relaxed);
        let missed = self.missed.swap(0, Ordering::Relaxed);
        let mut waits = std::mem::take(&mut *self.waits_ms.lock().unwrap());
        waits.sort_unstable();
        (hands, waits, missed)
    }
}

/// One table's player driving: computer decisions for its players, the pace recorded.
struct Driver {
    table: TableHandle,
    /// The players it plays (at the event's tables, every entrant: they move between them).
    users: Arc<HashSet<UserId>>,
    rng: ChaCha20Rng,
    /// The latest public board and the hand and action it belongs to.
    board: Option<(u64, u32, PublicView)>,
    pace: Arc<Pace>,
    pause: Duration,
    /// Tops busted players up (cash tables).
    bank: Option<Bank>,
}

impl Driver {
    async fn run(mut self, mut notices: NoticeReceiver, running: Arc<AtomicBool>) {
        let mut started: Option<(u64, Instant)> = None;
        let mut busted: Vec<UserId> = Vec::new();
        while let Some(notice) = notices.recv().await {
            if !running.load(Ordering::Relaxed) {
                break;
            }
            if self.bank.is_none() && std::env::var_os("TRACE").is_some() {
                let text = format!("{:?}", notice.body);
                eprintln!(
                    "table {}: {}",
                    self.table.table().0,
                    &text[..text.len().min(160)]
                );
            }
            match &notice.body {
                NoticeBody::Board(board) if started.is_none_or(|(hand, _)| hand != board.hand) => {
                    let now = Instant::now();
                    if let Some((_, last)) = started {
                        let beyond = now.duration_since(last).saturating_sub(self.pause);
                        let ms = u64::try_from(beyond.as_millis()).unwrap_or(u64::MAX);
                        self.pace.waits_ms.lock().unwrap().push(ms);
                    }
                    started = Some((board.hand, now));
                }
                NoticeBody::HandResult(_) => {
                    self.pace.hands.fetch_add(1, Ordering::Relaxed);
                }
                NoticeBody::Away { .. } => {
                    self.pace.missed.fetch_add(1, Ordering::Relaxed);
                }
                NoticeBody::Table(TableMessage::SatOut {
                    user,
                    reason: SitOutReason::Busted,
                }) if self.bank.is_some() => busted.push(*user),
                _ => {}
            }
            if let NoticeBody::Board(board) = &notice.body {
                self.board = Some((board.hand, board.action_seq, board.view.clone()));
            }
            if let NoticeBody::YourTurn(offer) = &notice.body
                && self.users.contains(&offer.user)
            {
                let _ = self.answer(offer).await;
            }
            let mut still_busted = Vec::new();
            for user in busted.drain(..) {
                if !self.top_up(user).await {
                    still_busted.push(user);
                }
            }
            busted = still_busted;
        }
    }

    /// Answers `offer` with the computer's strategy, in the offer's deal (an event's table
    /// numbers its deals apart: `ComputerPlayers::answer` acts in deal 0, which such a table
    /// refuses as stale).
    async fn answer(&mut self, offer: &TurnOffer) -> Result<u32, LobbyError> {
        let cards = self.table.show_cards(offer.user).await?;
        let public = match &self.board {
            Some((hand, seq, view)) if *hand == offer.hand && *seq == offer.action_seq => {
                view.clone()
            }
            _ => self
                .table
                .status()
                .await?
                .board
                .map(|board| board.view)
                .ok_or(LobbyError::NoHandInProgress)?,
        };
        let action = choose_action_at(
            ComputerLevel::default(),
            &cards.view,
            &public,
            &mut self.rng,
        )
        .ok_or(LobbyError::NotYourTurn { to_act: None })?;
        let offered = OfferedTurn {
            hand: offer.hand,
            deal: offer.deal,
            action_seq: offer.action_seq,
        };
        self.table.act_on(offer.user, offered, action.kind).await
    }

    /// Tops up a busted player, granting them chips first when their balance is short.
    async fn top_up(&self, user: UserId) -> bool {
        let Some(bank) = &self.bank else {
            return true;
        };
        match self.table.top_up(user, BUY_IN).await {
            Ok(_) => true,
            Err(LobbyError::NotEnoughChips { .. }) => {
                let grant = self.pace.grants.fetch_add(1, Ordering::Relaxed);
                let reference = format!("cash-grant-{grant}");
                bank.grant(GUILD, MODERATOR, user, BUY_IN, &reference)
                    .await
                    .unwrap();
                false
            }
            // During a hand: again after a later notice.
            Err(_) => false,
        }
    }
}

fn cash_player(table: TableId, seat: u64) -> UserId {
    UserId(table.0 * 10 + seat)
}

/// Cash table `table` with `players` computer players seated, paused until all are.
async fn seat_cash_table(
    lobby: &Lobby,
    table: TableId,
    players: u64,
    pause: u32,
) -> (TableHandle, NoticeReceiver) {
    let settings = TableSettings {
        seats: u8::try_from(players).unwrap_or(8),
        between_hands_secs: pause,
        max_buy_in: 1_000,
        ..TableSettings::default()
    };
    let handle = lobby.open_table(GUILD, table, settings).await.unwrap();
    let notices = handle.subscribe().await.unwrap();
    handle.pause().await.unwrap();
    for seat in 0..players {
        handle.join(cash_player(table, seat), BUY_IN).await.unwrap();
    }
    (handle, notices)
}

/// The event, scheduled to start as soon as its coordinator runs, its players registered.
async fn schedule_event(bank: &Bank, players: &[UserId], table_size: u64) -> TournamentId {
    let settings = EventSettings::new(
        GameChoice::Stud8,
        Structure::built_in_with_hands(u32::try_from(env_or("LEVEL_SECS", 600)).unwrap()),
        EVENT_BUY_IN,
        usize::try_from(table_size).unwrap(),
    );
    let schedule = EventSchedule {
        channel: EVENT_CHANNEL,
        name: "Sunday stud".into(),
        starts_at: 1_000,
        now: 0,
        added_by: None,
    };
    let id = bank
        .schedule_event(GUILD, schedule, settings, "bench-event")
        .await
        .unwrap();
    futures::stream::iter(players.iter().copied())
        .for_each_concurrent(64, |user| async move {
            let reference = format!("entrant-{}", user.0);
            bank.grant(GUILD, MODERATOR, user, EVENT_BUY_IN, &reference)
                .await
                .unwrap();
            bank.enter_event(GUILD, id, user, 0, &format!("register-{}", user.0))
                .await
                .unwrap();
        })
        .await;
    id
}

/// Follows the event: each table, once dealt its first hand, gets a driver for whichever of
/// the event's players sit there. Answers when the event is over.
async fn follow_event(
    lobby: Lobby,
    event: EventHandle,
    players: Arc<HashSet<UserId>>,
    pace: Arc<Pace>,
    pause: Duration,
    running: Arc<AtomicBool>,
) {
    let mut notices = event.subscribe();
    let mut followed = std::collections::HashSet::new();
    while let Ok(notice) = notices.recv().await {
        if std::env::var_os("TRACE").is_some() {
            eprintln!("{notice:?}");
        }
        match notice {
            EventNotice::HandDealt { channel, .. } if followed.insert(channel) => {
                // The coordinator tells the hand just before it opens the table's actor.
                let mut handle = lobby.table(channel);
                for _ in 0..1_000 {
                    if handle.is_ok() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(2)).await;
                    handle = lobby.table(channel);
                }
                let Ok(table) = handle else {
                    eprintln!("event table in {} never opened in the lobby", channel.0);
                    continue;
                };
                let Ok(table_notices) = table.subscribe().await else {
                    continue;
                };
                let driver = Driver {
                    users: Arc::clone(&players),
                    rng: ChaCha20Rng::seed_from_u64(channel.0),
                    board: None,
                    table,
                    pace: Arc::clone(&pace),
                    pause,
                    bank: None,
                };
                tokio::spawn(driver.run(table_notices, Arc::clone(&running)));
            }
            EventNotice::Over { .. } => return,
            EventNotice::Halted { reason } => {
                eprintln!("the event's coordinator halted: {reason}");
                return;
            }
            _ => {}
        }
    }
}

/// The settings of the run, from the environment.
struct Run {
    cash: u64,
    players: u64,
    event: u64,
    table_size: u64,
    pause: u32,
    secs: u64,
}

/// Peak resident memory since the last reset (`VmHWM`), and resets it for the next phase.
fn peak_resident_and_reset() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib: u64 = status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0);
    // "5" resets the peak to the current resident size (Linux 4.0 and later).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    kib * 1024
}

fn percentile(sorted: &[u64], share: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let index = ((sorted.len() - 1) as f64 * share).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// Prints what one kind of table did over `elapsed`; answers its hands per second.
fn report(phase: &str, kind: &str, tables: u64, pace: &Pace, elapsed: Duration) -> f64 {
    let (hands, waits, missed) = pace.take();
    let rate = hands as f64 / elapsed.as_secs_f64();
    println!(
        "{phase:<12} {kind:<6} {tables:>6} {hands:>7} {rate:>9.1} {:>10.3} {:>7} {:>7} {:>7} {:>7} {missed:>7}",
        rate / tables.max(1) as f64,
        percentile(&waits, 0.5),
        percentile(&waits, 0.9),
        percentile(&waits, 0.99),
        waits.last().copied().unwrap_or(0),
    );
    rate
}

fn print_header() {
    println!(
        "{:<12} {:<6} {:>6} {:>7} {:>9} {:>10} {:>7} {:>7} {:>7} {:>7} {:>7}",
        "phase",
        "tables",
        "count",
        "hands",
        "hands/s",
        "per table",
        "wait50",
        "wait90",
        "wait99",
        "waitmax",
        "missed"
    );
}

/// Seats the cash tables and starts their drivers; answers their handles.
async fn start_cash(
    lobby: &Lobby,
    bank: &Bank,
    run: &Run,
    pace: &Arc<Pace>,
    running: &Arc<AtomicBool>,
) -> Vec<TableHandle> {
    let seated: Vec<(TableHandle, NoticeReceiver)> = futures::stream::iter(1..=run.cash)
        .map(|table| {
            let lobby = lobby.clone();
            let (players, pause) = (run.players, run.pause);
            async move { seat_cash_table(&lobby, TableId(table), players, pause).await }
        })
        .buffer_unordered(64)
        .collect()
        .await;
    let mut handles = Vec::with_capacity(seated.len());
    for (handle, notices) in seated {
        let table = handle.table();
        let driver = Driver {
            table: handle.clone(),
            users: Arc::new(
                (0..run.players)
                    .map(|seat| cash_player(table, seat))
                    .collect(),
            ),
            rng: ChaCha20Rng::seed_from_u64(table.0),
            board: None,
            pace: Arc::clone(pace),
            pause: Duration::from_secs(u64::from(run.pause)),
            bank: Some(bank.clone()),
        };
        tokio::spawn(driver.run(notices, Arc::clone(running)));
        handles.push(handle);
    }
    handles
}

async fn measure(run: Run) {
    let temporary = tempfile::tempdir().unwrap();
    // The event's tables pause between hands as the cash tables do.
    let event_tables = TableSettings {
        between_hands_secs: run.pause,
        ..TableSettings::default()
    };
    let (bank, lobby) = bank_and_lobby(temporary.path(), common::economy(), event_tables).await;
    let players: Vec<UserId> = (0..run.event).map(|n| UserId(FIRST_ENTRANT + n)).collect();
    let set_up = Instant::now();
    let event = schedule_event(&bank, &players, run.table_size).await;
    let (cash_pace, event_pace) = (Arc::new(Pace::default()), Arc::new(Pace::default()));
    let running = Arc::new(AtomicBool::new(true));
    let handles = start_cash(&lobby, &bank, &run, &cash_pace, &running).await;
    println!(
        "{} cash tables of {} and an event of {} registered in {:.1} s; pause {} s, {} s a phase",
        run.cash,
        run.players,
        run.event,
        set_up.elapsed().as_secs_f64(),
        run.pause,
        run.secs
    );
    for handle in &handles {
        handle.resume().await.unwrap();
    }
    let window = Duration::from_secs(run.secs);
    // One pause for every table to reach its pace before anything is counted.
    tokio::time::sleep(Duration::from_secs(u64::from(run.pause) + 2)).await;
    cash_pace.take();
    peak_resident_and_reset();
    print_header();
    let start = Instant::now();
    tokio::time::sleep(window).await;
    let alone = report("cash alone", "cash", run.cash, &cash_pace, start.elapsed());
    let peak_alone = peak_resident_and_reset();
    let resident_alone = resident_bytes();

    let handle = lobby
        .open_event(event, Arc::new(EVENT_TABLES))
        .await
        .unwrap();
    let pause = Duration::from_secs(u64::from(run.pause));
    let follower = tokio::spawn(follow_event(
        lobby.clone(),
        handle,
        Arc::new(players.into_iter().collect()),
        Arc::clone(&event_pace),
        pause,
        Arc::clone(&running),
    ));
    let start = Instant::now();
    tokio::time::sleep(window).await;
    let elapsed = start.elapsed();
    let beside = report("with event", "cash", run.cash, &cash_pace, elapsed);
    let event_tables = run.event.div_ceil(run.table_size);
    report("with event", "event", event_tables, &event_pace, elapsed);
    let peak_beside = peak_resident_and_reset();
    println!(
        "peak resident {:.1} MiB alone, {:.1} MiB with the event (now {:.1} / {:.1} MiB); \
         cash hands/s with the event {:.3}x alone ({})",
        mib(peak_alone),
        mib(peak_beside),
        mib(resident_alone),
        mib(resident_bytes()),
        beside / alone.max(f64::MIN_POSITIVE),
        if beside >= alone * 0.9 {
            "kept: within 10%"
        } else {
            "NOT kept: more than 10% slower"
        }
    );
    running.store(false, Ordering::Relaxed);
    follower.abort();
    lobby.shutdown(Duration::from_secs(5)).await;
    bank.shutdown().await.unwrap();
}

fn main() {
    let run = Run {
        cash: env_or("CASH", 1_000),
        players: env_or("PLAYERS", 6),
        event: env_or("EVENT", 1_000),
        table_size: env_or("TABLE_SIZE", 7),
        pause: u32::try_from(env_or("PAUSE_SECS", 5)).unwrap(),
        secs: env_or("SECS", 60),
    };
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(measure(run));
}
