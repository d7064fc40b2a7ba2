//! What the multi-table event tests of the bank share (#41): the guild, channel and clock of
//! the tests, an event scheduled with its players registered, the start at its time on the
//! bank's clock, a busting hand at each table, and the audit that must pass.

use studbot::bank::{
    Bank, BankError, Clock, EventPhase, EventRecord, EventSchedule, GuildId, IdleTables,
    ManualClock, TableId, TournamentId, UserId,
};
use studbot::table::GameChoice;
use studbot::tournament::multi::{EventSettings, HandResult, Turn};
use studbot::tournament::{Structure, StructureKind};

pub const GUILD: GuildId = GuildId(7);
pub const CHANNEL: TableId = TableId(41);
/// The tests' "now", seconds since the epoch.
pub const NOW: u64 = 1_704_067_200;

pub fn settings(buy_in: u64, table_size: usize) -> EventSettings {
    EventSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
        table_size,
    )
}

pub fn schedule() -> EventSchedule {
    EventSchedule {
        channel: CHANNEL,
        name: "Sunday stud".into(),
        starts_at: NOW + 3_600,
        now: NOW,
        added_by: None,
    }
}

pub async fn record(bank: &Bank, id: TournamentId) -> EventRecord {
    bank.event(id).await.unwrap().expect("the event is known")
}

pub async fn balance(bank: &Bank, user: u64) -> u64 {
    bank.balance(GUILD, UserId(user)).await.unwrap()
}

pub async fn assert_audit_ok(bank: &Bank) -> studbot::bank::AuditReport {
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "audit breaks: {:?}", report.breaks);
    report
}

/// Schedules an event of `settings` and registers users 1..=`players`.
pub async fn scheduled_with(bank: &Bank, settings: EventSettings, players: u64) -> TournamentId {
    let id = bank
        .schedule_event(GUILD, schedule(), settings, "schedule")
        .await
        .expect("scheduled");
    for user in 1..=players {
        bank.enter_event(GUILD, id, UserId(user), 0, &format!("register {user}"))
            .await
            .expect("registers");
    }
    id
}

/// The hand `table` deals now, played so the first player dealt takes every chip of the
/// last one.
pub fn busting_hand(record: &EventRecord, table: u32, clock: u64) -> Option<HandResult> {
    let Turn::Deal(hand) = record.event()?.turn(table, clock) else {
        return None;
    };
    let mut final_stacks = hand.stacks.clone();
    let last = final_stacks.len() - 1;
    final_stacks[0] += final_stacks[last];
    final_stacks[last] = 0;
    Some(HandResult {
        table,
        number: hand.number,
        dealt: hand.seats.iter().map(|&(_, entry)| entry).collect(),
        final_stacks,
        round: hand.round,
    })
}

/// Tidies with every table idle, then records a busting hand at each table that deals,
/// checking after each hand that every place decided is paid and the audit passes.
pub async fn play_round(bank: &Bank, id: TournamentId, clock: u64) {
    let all = IdleTables {
        tables: Vec::new(),
        all: true,
    };
    bank.tidy_event(GUILD, id, all, clock).await.unwrap();
    let start = record(bank, id).await;
    let Some(event) = start.event() else { return };
    for table in event.seating().numbers() {
        let now = record(bank, id).await;
        if !matches!(now.phase, EventPhase::Running(_)) {
            return;
        }
        if let Some(hand) = busting_hand(&start, table, clock) {
            bank.record_event_hand(GUILD, id, hand, clock, None)
                .await
                .unwrap();
            let after = record(bank, id).await;
            let event = after.event().expect("started");
            assert!(
                event.prizes_due().is_empty(),
                "a place decided by the hand is paid by its transaction"
            );
            assert_audit_ok(bank).await;
        }
    }
}

/// Starts `id` at its time: the bank's clock moved on to its start first (never back).
pub async fn start(
    bank: &Bank,
    clock: &ManualClock,
    id: TournamentId,
    seed: u64,
) -> Result<(), BankError> {
    let starts_ms = record(bank, id).await.starts_at * 1_000;
    if clock.now_unix_ms() < starts_ms {
        clock.set(starts_ms);
    }
    bank.start_event(GUILD, id, seed).await
}

/// The event's record key in `Tree::Meta` (`b"mtt_event"` and its number), and its record
/// as stored (the version, then postcard).
pub fn event_key(id: TournamentId) -> Vec<u8> {
    let mut key = b"mtt_event".to_vec();
    key.extend_from_slice(&id.0.to_be_bytes());
    key
}
