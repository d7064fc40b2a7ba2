//! Soak: many tables of computer players dealing hand after hand, as fast as the bank allows,
//! on one bank in a directory (sled, every hand settled durably with its history, the table
//! records in the bank as the bot keeps them). Every `EVERY` hands it prints the hands so far,
//! hands per second over the interval, resident memory and the data directory's bytes (and
//! bytes per hand): over a long run, flat lines are the goal. At the end it closes every table
//! and prints resident memory again, and the ledger audit.
//!
//! Run: `cargo bench --bench soak` (env `TABLES` = 100, `PLAYERS` = 6, `HANDS` = 200000,
//! `EVERY` = 20000, `HISTORIES_KEPT` = 200, `CACHE_MIB` = 16 (sled's cache, as the bot's
//! default); `DATA` = a directory to keep the bank in, else a temporary one). A busted
//! computer player tops up, with a moderator's grant when its balance is short, so no table
//! runs dry.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use common::{bank_and_lobby, disk_bytes, env_or, mib, resident_bytes};
use futures::StreamExt;
use studbot::bank::{Bank, EconomyConfig, GuildId, TableId, UserId};
use studbot::lobby::computer::ComputerPlayers;
use studbot::lobby::{
    Lobby, LobbyError, NoticeBody, NoticeReceiver, SitOutReason, TableHandle, TableMessage,
    TableSettings,
};

const GUILD: GuildId = GuildId(0);
const MODERATOR: UserId = UserId(1);
const BUY_IN: u64 = 400;

struct Counters {
    running: AtomicBool,
    hands: AtomicU64,
    grants: AtomicU64,
}

async fn seat_table(lobby: &Lobby, table: TableId, players: u64) -> (TableHandle, NoticeReceiver) {
    let settings = TableSettings {
        seats: u8::try_from(players).unwrap_or(8),
        between_hands_secs: 0,
        max_buy_in: 1_000,
        ..TableSettings::default()
    };
    let handle = lobby.open_table(GUILD, table, settings).await.unwrap();
    let notices = handle.subscribe().await.unwrap();
    handle.pause().await.unwrap();
    for seat in 0..players {
        handle.join(player(table, seat), BUY_IN).await.unwrap();
    }
    (handle, notices)
}

fn player(table: TableId, seat: u64) -> UserId {
    UserId(table.0 * 10 + seat)
}

/// Tops up a busted player, granting them chips first when their balance is short.
async fn top_up(bank: &Bank, table: &TableHandle, user: UserId, counters: &Counters) -> bool {
    match table.top_up(user, BUY_IN).await {
        Ok(_) => true,
        Err(LobbyError::NotEnoughChips { .. }) => {
            let grant = counters.grants.fetch_add(1, Ordering::Relaxed);
            let reference = format!("soak-grant-{grant}");
            bank.grant(GUILD, MODERATOR, user, BUY_IN, &reference)
                .await
                .unwrap();
            false
        }
        // During a hand: again after a later notice.
        Err(_) => false,
    }
}

async fn drive(
    bank: Bank,
    table: TableHandle,
    mut notices: NoticeReceiver,
    players: Vec<UserId>,
    counters: Arc<Counters>,
) {
    let mut computers = ComputerPlayers::new(players, table.table().0);
    let mut busted: Vec<UserId> = Vec::new();
    while let Some(notice) = notices.recv().await {
        if !counters.running.load(Ordering::Relaxed) {
            break;
        }
        match &notice.body {
            NoticeBody::HandResult(_) => {
                counters.hands.fetch_add(1, Ordering::Relaxed);
            }
            NoticeBody::Table(TableMessage::SatOut {
                user,
                reason: SitOutReason::Busted,
            }) => busted.push(*user),
            _ => {}
        }
        if let Some(offer) = computers.observe(&notice) {
            let offer = offer.clone();
            let _ = computers.answer(&table, &offer).await;
        }
        let mut still_busted = Vec::new();
        for user in busted.drain(..) {
            if !top_up(&bank, &table, user, &counters).await {
                still_busted.push(user);
            }
        }
        busted = still_busted;
    }
}

fn main() {
    let tables = env_or("TABLES", 100);
    let players = env_or("PLAYERS", 6);
    let target = env_or("HANDS", 200_000);
    let every = env_or("EVERY", 20_000).max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let temporary = tempfile::tempdir().unwrap();
        let dir =
            std::env::var_os("DATA").map_or_else(|| temporary.path().to_path_buf(), Into::into);
        let economy = EconomyConfig {
            hand_histories_kept: env_or("HISTORIES_KEPT", 200),
            ..common::economy()
        };
        let (bank, lobby) = bank_and_lobby(&dir, economy, TableSettings::default()).await;
        let before = resident_bytes();
        let seated: Vec<(TableHandle, NoticeReceiver)> = futures::stream::iter(1..=tables)
            .map(|table| {
                let lobby = lobby.clone();
                async move { seat_table(&lobby, TableId(table), players).await }
            })
            .buffer_unordered(64)
            .collect()
            .await;
        let seated_rss = resident_bytes();
        let seated_disk = disk_bytes(&dir);
        println!(
            "{tables} tables of {players} computer players; resident {:.1} MiB before them, \
             {:.1} MiB seated; data {:.1} MiB",
            mib(before),
            mib(seated_rss),
            mib(seated_disk)
        );
        let counters = Arc::new(Counters {
            running: AtomicBool::new(true),
            hands: AtomicU64::new(0),
            grants: AtomicU64::new(0),
        });
        let mut handles = Vec::with_capacity(seated.len());
        let mut drivers = Vec::with_capacity(seated.len());
        for (handle, notices) in seated {
            let table = handle.table();
            let users = (0..players).map(|seat| player(table, seat)).collect();
            drivers.push(tokio::spawn(drive(
                bank.clone(),
                handle.clone(),
                notices,
                users,
                Arc::clone(&counters),
            )));
            handles.push(handle);
        }
        for handle in &handles {
            handle.resume().await.unwrap();
        }
        println!(
            "{:>10} {:>9} {:>13} {:>10} {:>14}",
            "hands", "hands/s", "resident MiB", "data MiB", "data B/hand"
        );
        let start = Instant::now();
        let (mut last_hands, mut last_at) = (0u64, start);
        let mut next_report = every;
        loop {
            tokio::time::sleep(Duration::from_millis(100)).await;
            let hands = counters.hands.load(Ordering::Relaxed);
            if hands < next_report {
                continue;
            }
            let now = Instant::now();
            let rate = (hands - last_hands) as f64 / now.duration_since(last_at).as_secs_f64();
            let disk = disk_bytes(&dir);
            println!(
                "{hands:>10} {rate:>9.0} {:>13.1} {:>10.1} {:>14.0}",
                mib(resident_bytes()),
                mib(disk),
                disk.saturating_sub(seated_disk) as f64 / hands as f64
            );
            (last_hands, last_at) = (hands, now);
            next_report = hands - hands % every + every;
            if hands >= target {
                break;
            }
        }
        let hands = counters.hands.load(Ordering::Relaxed);
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{hands} hands in {secs:.1} s ({:.0} hands/s); {} grants to busted players",
            hands as f64 / secs,
            counters.grants.load(Ordering::Relaxed)
        );
        counters.running.store(false, Ordering::Relaxed);
        futures::stream::iter(handles.iter().cloned())
            .map(|handle| async move {
                let _ = handle.close().await;
            })
            .buffer_unordered(64)
            .collect::<Vec<()>>()
            .await;
        for driver in drivers {
            let _ = driver.await;
        }
        drop(handles);
        println!(
            "every table closed: resident {:.1} MiB; data {:.1} MiB",
            mib(resident_bytes()),
            mib(disk_bytes(&dir))
        );
        bank.shutdown().await.unwrap();
        // From the closed directory, as `studbot audit` does: no store timeout, since
        // auditing hundreds of thousands of ledger entries takes its time (a debug build's
        // took longer than the bank's 10 s timeout for a caller).
        let audit = studbot::bank::audit_data_dir(&dir).unwrap();
        println!("ledger audit: ok={}", audit.ok);
    });
}
