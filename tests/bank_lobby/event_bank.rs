//! Multi-table events in the bank (#41), on both stores: every buy-in (registration, late
//! entry, re-entry) one transaction into the event's escrow with an idempotent reference;
//! refusals that charge nothing; each table's hand recorded on its own, paying the prizes it
//! decides in its own transaction; a cancel's refunds; a crash between two tables' hands
//! losing nothing; the audit checking each event's escrow (and naming a record that does not
//! make it) and naming the live ones; the table operations fenced by the guild's lease; and
//! the reads the lobby's coordinator resumes from.

use studbot::bank::{
    Bank, BankError, EventPhase, EventRecord, EventSchedule, GuildId, IdleTables, PrizeSource,
    Reason, TableId, TournamentId, UserId,
};
use studbot::table::GameChoice;
use studbot::tournament::multi::{EventSettings, HandResult, Turn};
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::{TestPlace, TestStore, open_bank_at};

const GUILD: GuildId = GuildId(7);
const CHANNEL: TableId = TableId(41);
/// The tests' "now", seconds since the epoch.
const NOW: u64 = 1_704_067_200;

fn settings(buy_in: u64, table_size: usize) -> EventSettings {
    EventSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
        table_size,
    )
}

fn schedule() -> EventSchedule {
    EventSchedule {
        channel: CHANNEL,
        name: "Sunday stud".into(),
        starts_at: NOW + 3_600,
        now: NOW,
        added_by: None,
    }
}

async fn record(bank: &Bank, id: TournamentId) -> EventRecord {
    bank.event(id).await.unwrap().expect("the event is known")
}

async fn balance(bank: &Bank, user: u64) -> u64 {
    bank.balance(GUILD, UserId(user)).await.unwrap()
}

async fn assert_audit_ok(bank: &Bank) -> studbot::bank::AuditReport {
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "audit breaks: {:?}", report.breaks);
    report
}

/// Schedules an event of `settings` and registers users 1..=`players`.
async fn scheduled_with(bank: &Bank, settings: EventSettings, players: u64) -> TournamentId {
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
fn busting_hand(record: &EventRecord, table: u32, clock: u64) -> Option<HandResult> {
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
async fn play_round(bank: &Bank, id: TournamentId, clock: u64) {
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

async fn a_retried_registration_charges_once_and_registering_twice_is_refused(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 6), 0).await;
    let before = balance(&bank, 1).await;
    assert_eq!(bank.enter_event(GUILD, id, UserId(1), 0, "r1").await, Ok(1));
    assert_eq!(bank.enter_event(GUILD, id, UserId(1), 0, "r1").await, Ok(1));
    assert_eq!(
        bank.enter_event(GUILD, id, UserId(1), 0, "r1 again").await,
        Err(BankError::AlreadyRegistered { tournament: id })
    );
    assert_eq!(balance(&bank, 1).await, before - 100);
    assert_eq!(record(&bank, id).await.registered, vec![UserId(1)]);
    assert_eq!(
        bank.unregister_event(GUILD, id, UserId(1), "u1").await,
        Ok(100)
    );
    assert_eq!(
        bank.unregister_event(GUILD, id, UserId(1), "u1").await,
        Ok(100)
    );
    assert_eq!(balance(&bank, 1).await, before);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

async fn a_re_entry_past_late_registration_is_refused_and_charges_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let late = EventSettings {
        late_registration_levels: 1,
        re_entries: 1,
        ..settings(100, 6)
    };
    let end = late.late_registration_end().expect("closes after level 1");
    let id = scheduled_with(&bank, late, 12).await;
    bank.start_event(GUILD, id, 5).await.unwrap();
    let table = record(&bank, id).await.event().unwrap().seating().numbers()[0];
    let hand = busting_hand(&record(&bank, id).await, table, 0).expect("deals");
    let out = record(&bank, id)
        .await
        .event()
        .unwrap()
        .entry(*hand.dealt.last().unwrap())
        .unwrap()
        .user;
    bank.record_event_hand(GUILD, id, hand, 0, None)
        .await
        .unwrap();
    let before = balance(&bank, out.0).await;
    assert_eq!(
        bank.enter_event(GUILD, id, out, end, "too late").await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(
        balance(&bank, out.0).await,
        before,
        "a refusal charges nothing"
    );
    assert_eq!(bank.enter_event(GUILD, id, out, 1, "re-entry").await, Ok(2));
    assert_eq!(bank.enter_event(GUILD, id, out, 1, "re-entry").await, Ok(2));
    assert_eq!(balance(&bank, out.0).await, before - 100, "charged once");
    assert_eq!(record(&bank, id).await.entries(), 13);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 1_300);
    bank.shutdown().await.unwrap();
}

async fn a_bust_pays_its_prize_in_the_hands_transaction_and_the_end_empties_the_escrow(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 9).await;
    // Every player's balance once their buy-in is paid.
    let before = balance(&bank, 1).await;
    bank.start_event(GUILD, id, 11).await.unwrap();
    let mut clock = 0;
    while matches!(record(&bank, id).await.phase, EventPhase::Running(_)) {
        play_round(&bank, id, clock).await;
        clock += 1;
        assert!(clock < 500, "the event ends");
    }
    let done = record(&bank, id).await;
    let EventPhase::Finished(event) = &done.phase else {
        panic!("finished: {:?}", done.phase);
    };
    let payouts = event.payouts().expect("over");
    let paid: u64 = payouts.iter().map(|payout| payout.chips).sum();
    assert_eq!(paid, 900, "the pool is paid whole");
    for payout in payouts.iter().filter(|payout| payout.chips > 0) {
        let user = event.entry(payout.seat).unwrap().user;
        assert_eq!(balance(&bank, user.0).await, before + payout.chips);
    }
    let prizes = bank.ledger(1, usize::MAX).await.unwrap();
    let prizes = prizes
        .iter()
        .filter(|entry| entry.reason == Reason::TournamentPayout && entry.from == id.escrow());
    assert_eq!(
        prizes.count(),
        payouts.iter().filter(|p| p.chips > 0).count()
    );
    let report = assert_audit_ok(&bank).await;
    assert_eq!(report.tournament_chips, 0);
    assert!(report.events_live.is_empty());
    assert_eq!(bank.live_event_in(CHANNEL).await.unwrap(), None);
    bank.shutdown().await.unwrap();
}

async fn a_cancel_refunds_every_buy_in_before_a_bust_and_shares_the_pool_after(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let before = balance(&bank, 1).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    let paid = bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert_eq!(paid.len(), 3);
    assert_eq!(bank.cancel_event(GUILD, id, "cancel").await, Ok(paid));
    assert_eq!(balance(&bank, 1).await, before);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 0);
    // A running event after a bust: the prizes not yet won shared among the players left.
    let id = bank
        .schedule_event(GUILD, schedule(), settings(100, 4), "schedule 2")
        .await
        .unwrap();
    for user in 1..=8 {
        bank.enter_event(GUILD, id, UserId(user), 0, &format!("second {user}"))
            .await
            .unwrap();
    }
    bank.start_event(GUILD, id, 3).await.unwrap();
    let table = record(&bank, id).await.event().unwrap().seating().numbers()[0];
    let hand = busting_hand(&record(&bank, id).await, table, 0).unwrap();
    bank.record_event_hand(GUILD, id, hand, 0, None)
        .await
        .unwrap();
    let shares = bank.cancel_event(GUILD, id, "cancel 2").await.unwrap();
    assert_eq!(shares.iter().map(|&(_, chips)| chips).sum::<u64>(), 800);
    // Each player still in counts the event in their stats, with what their share made.
    let (user, share) = shares[0];
    let stats = bank.tournament_stats(GUILD, user).await.unwrap();
    assert_eq!(stats.entries, 1);
    assert_eq!(stats.net, share as i64 - 100);
    assert!(matches!(
        record(&bank, id).await.phase,
        EventPhase::Cancelled { .. }
    ));
    let report = assert_audit_ok(&bank).await;
    assert_eq!(report.tournament_chips, 0);
    assert!(report.events_live.is_empty());
    bank.shutdown().await.unwrap();
}

async fn a_crash_between_two_tables_hands_loses_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 8).await;
    bank.start_event(GUILD, id, 21).await.unwrap();
    let started = record(&bank, id).await;
    let tables = started.event().unwrap().seating().numbers();
    assert_eq!(tables.len(), 2);
    let first = busting_hand(&started, tables[0], 0).unwrap();
    let second = busting_hand(&started, tables[1], 0).unwrap();
    bank.record_event_hand(GUILD, id, first.clone(), 0, None)
        .await
        .unwrap();
    // The process dies between the two tables' hands.
    drop(bank);
    let (bank, _) = open_bank_at(&place).await;
    let after_first = record(&bank, id).await;
    assert_eq!(
        after_first.event().unwrap().hands(),
        1,
        "the first table's hand kept"
    );
    assert_eq!(after_first.tables_at_clock, vec![tables[0]]);
    assert_audit_ok(&bank).await;
    // The first table's hand again (a retry) changes nothing; the second's is recorded.
    bank.record_event_hand(GUILD, id, first, 0, None)
        .await
        .unwrap();
    assert_eq!(record(&bank, id).await, after_first);
    bank.record_event_hand(GUILD, id, second, 0, None)
        .await
        .unwrap();
    let both = record(&bank, id).await;
    assert_eq!(both.event().unwrap().hands(), 2);
    assert_eq!(both.event().unwrap().field().players_left(), 6);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 800);
    bank.shutdown().await.unwrap();
}

/// A hand recorded with the seats tidied after it, in one transaction, leaves the record a
/// copy given the same two calls holds: its busts, the balancing they call for, its clock.
async fn a_hand_and_the_tidying_after_it_are_one_record(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 8).await;
    bank.start_event(GUILD, id, 8).await.unwrap();
    let started = record(&bank, id).await;
    let mut copy = started.event().unwrap().clone();
    let tables = copy.seating().numbers();
    // Two tables of four; the first player dealt at one takes the chips of the last two, which
    // leaves two there and four at the other: balancing moves one.
    let mut hand = busting_hand(&started, tables[0], 0).unwrap();
    let last = hand.final_stacks.len() - 1;
    hand.final_stacks[0] += hand.final_stacks[last - 1];
    hand.final_stacks[last - 1] = 0;
    let idle = IdleTables {
        tables: tables.clone(),
        all: true,
    };
    bank.record_event_hand(GUILD, id, hand.clone(), 3, Some(idle))
        .await
        .unwrap();
    copy.record_hand(&hand, 3).unwrap();
    copy.tidy(&tables, true, 3);
    copy.mark_prizes_paid();
    let after = record(&bank, id).await;
    assert_eq!(after.event(), Some(&copy));
    assert_eq!(copy.moves(), 1, "the short table was balanced");
    assert_eq!(copy.seating().spread(), 0);
    assert_eq!(
        (after.clock, after.tables_at_clock.clone()),
        (3, vec![tables[0]])
    );
    assert_audit_ok(&bank).await;
    bank.shutdown().await.unwrap();
}

/// A prize a member adds at the schedule moves into the escrow with it, is part of the
/// pool, and a cancel before the start sends it back to them.
async fn an_added_prize_is_in_the_pool_and_a_refund_sends_it_back(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let sponsor = UserId(9);
    let before = balance(&bank, sponsor.0).await;
    let added = EventSettings {
        added_prize: 50,
        ..settings(100, 6)
    };
    let with_prize = EventSchedule {
        added_by: Some(PrizeSource::Member(sponsor)),
        ..schedule()
    };
    assert!(matches!(
        bank.schedule_event(GUILD, schedule(), added.clone(), "no source")
            .await,
        Err(BankError::BadTournament(_))
    ));
    let id = bank
        .schedule_event(GUILD, with_prize, added, "sponsored")
        .await
        .unwrap();
    for user in 1..=2 {
        bank.enter_event(GUILD, id, UserId(user), 0, &format!("r{user}"))
            .await
            .unwrap();
    }
    assert_eq!(balance(&bank, sponsor.0).await, before - 50);
    let report = assert_audit_ok(&bank).await;
    assert_eq!(report.tournament_chips, 250);
    assert_eq!(report.events_live[0].prize_pool, 250);
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert_eq!(balance(&bank, sponsor.0).await, before);
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

async fn refusals_are_clear_and_change_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let past = EventSchedule {
        starts_at: NOW - 1,
        ..schedule()
    };
    assert!(matches!(
        bank.schedule_event(GUILD, past, settings(100, 6), "past")
            .await,
        Err(BankError::BadTournament(_))
    ));
    let sit_and_go = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        100,
    );
    let live = bank
        .open_tournament(GUILD, CHANNEL, 3, sit_and_go, "sng")
        .await
        .unwrap();
    assert_eq!(
        bank.schedule_event(GUILD, schedule(), settings(100, 6), "here")
            .await,
        Err(BankError::TournamentInChannel { tournament: live })
    );
    bank.cancel_tournament(GUILD, live, "sng cancel")
        .await
        .unwrap();
    let id = scheduled_with(&bank, settings(100, 6), 2).await;
    assert_eq!(
        bank.schedule_event(GUILD, schedule(), settings(100, 6), "again")
            .await,
        Err(BankError::TournamentInChannel { tournament: id })
    );
    let sit_and_go = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        100,
    );
    assert_eq!(
        bank.open_tournament(GUILD, CHANNEL, 3, sit_and_go, "sng here")
            .await,
        Err(BankError::TournamentInChannel { tournament: id }),
        "no sit & go opens where an event is live"
    );
    bank.start_event(GUILD, id, 1).await.unwrap();
    assert_eq!(
        bank.unregister_event(GUILD, id, UserId(1), "late").await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(
        bank.enter_event(GUILD, id, UserId(9), 0, "late entry")
            .await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(assert_audit_ok(&bank).await.tournament_chips, 200);
    bank.shutdown().await.unwrap();
}

async fn the_coordinator_finds_each_live_event_by_channel_and_at_start_up(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let running = scheduled_with(&bank, settings(100, 4), 8).await;
    bank.start_event(GUILD, running, 2).await.unwrap();
    let other = EventSchedule {
        channel: TableId(42),
        ..schedule()
    };
    let scheduled = bank
        .schedule_event(GUILD, other, settings(50, 6), "other")
        .await
        .unwrap();
    let over = EventSchedule {
        channel: TableId(43),
        ..schedule()
    };
    let cancelled = bank
        .schedule_event(GUILD, over, settings(50, 6), "over")
        .await
        .unwrap();
    bank.cancel_event(GUILD, cancelled, "cancel").await.unwrap();
    drop(bank);
    let (bank, _) = open_bank_at(&place).await;
    let live: Vec<TournamentId> = bank
        .live_events()
        .await
        .unwrap()
        .iter()
        .map(|record| record.id)
        .collect();
    assert_eq!(live, vec![running, scheduled]);
    assert_eq!(bank.live_events_of(GuildId(8)).await.unwrap(), vec![]);
    let found = bank.live_event_in(CHANNEL).await.unwrap().expect("live");
    assert_eq!(found.id, running);
    assert!(matches!(found.phase, EventPhase::Running(_)));
    assert_eq!(bank.live_event_in(TableId(43)).await.unwrap(), None);
    let report = assert_audit_ok(&bank).await;
    let named: Vec<u64> = report.events_live.iter().map(|event| event.event).collect();
    assert_eq!(named, vec![running.0, scheduled.0]);
    bank.shutdown().await.unwrap();
}

on_each_store!(
    #[tokio::test]
    a_retried_registration_charges_once_and_registering_twice_is_refused,
    a_re_entry_past_late_registration_is_refused_and_charges_nothing,
    a_bust_pays_its_prize_in_the_hands_transaction_and_the_end_empties_the_escrow,
    a_cancel_refunds_every_buy_in_before_a_bust_and_shares_the_pool_after,
    a_crash_between_two_tables_hands_loses_nothing,
    a_hand_and_the_tidying_after_it_are_one_record,
    an_added_prize_is_in_the_pool_and_a_refund_sends_it_back,
    refusals_are_clear_and_change_nothing,
    the_coordinator_finds_each_live_event_by_channel_and_at_start_up,
);

/// The event's record key in `Tree::Meta` (`b"mtt_event"` and its number), and its record
/// as stored (the version, then postcard).
fn event_key(id: TournamentId) -> Vec<u8> {
    let mut key = b"mtt_event".to_vec();
    key.extend_from_slice(&id.0.to_be_bytes());
    key
}

/// The audit checks each event's escrow against its record: a record planted with one
/// registration fewer than the buy-ins its escrow holds is named, as is an escrow whose
/// event record is gone (and the live index that still names it).
#[tokio::test]
async fn the_audit_names_an_event_whose_escrow_its_record_does_not_make() {
    use studbot::bank::store::{SledStore, Store, Tree, Write};
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    let mut short = record(&bank, id).await;
    bank.shutdown().await.unwrap();
    short.registered.pop();
    let mut bytes = vec![1u8];
    bytes.extend(postcard::to_stdvec(&short).unwrap());
    let plant = |writes: &[Write]| {
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        store.apply(writes).unwrap();
        store.flush().unwrap();
    };
    plant(&[Write {
        tree: Tree::Meta,
        key: event_key(id),
        value: Some(bytes),
    }]);
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let report = bank.audit().await.unwrap();
    assert!(!report.ok);
    let holds = format!(
        "event {} holds 300 chips where its record makes it 200",
        id.0
    );
    assert!(report.breaks.contains(&holds), "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
    plant(&[Write {
        tree: Tree::Meta,
        key: event_key(id),
        value: None,
    }]);
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let report = bank.audit().await.unwrap();
    let orphan = format!("tournament {} has no record but holds 300 chips", id.0);
    assert!(report.breaks.contains(&orphan), "{:?}", report.breaks);
    assert!(
        report
            .breaks
            .iter()
            .any(|found| found.contains("index of live events")),
        "{:?}",
        report.breaks
    );
    bank.shutdown().await.unwrap();
}

/// Two processes on one PostgreSQL bank: only the one holding the guild's lease runs the
/// event's tables, so its start, its tidying and its tables' hands are refused to the other
/// with `LeaseLost`, changing nothing; the holder goes on.
#[tokio::test]
async fn a_process_without_the_guilds_lease_cannot_start_tidy_or_record_an_events_hand() {
    let place = TestPlace::new(TestStore::Postgres);
    let (holder, _) = open_bank_at(&place).await;
    let other = Bank::open_at(place.location(), studbot::bank::EconomyConfig::default())
        .await
        .expect("a second process's bank");
    let id = scheduled_with(&holder, settings(100, 4), 8).await;
    let lost = |what: &str, result: Result<(), BankError>| {
        assert!(
            matches!(result, Err(BankError::LeaseLost { guild }) if guild == GUILD),
            "{what}: {result:?}"
        );
    };
    lost("the start", other.start_event(GUILD, id, 1).await);
    assert!(matches!(
        record(&holder, id).await.phase,
        EventPhase::Scheduled
    ));
    holder.start_event(GUILD, id, 1).await.unwrap();
    let all = IdleTables {
        tables: Vec::new(),
        all: true,
    };
    lost("the tidying", other.tidy_event(GUILD, id, all, 5).await);
    let started = record(&holder, id).await;
    let table = started.event().unwrap().seating().numbers()[0];
    let hand = busting_hand(&started, table, 0).unwrap();
    lost(
        "a hand",
        other
            .record_event_hand(GUILD, id, hand.clone(), 0, None)
            .await,
    );
    assert_eq!(record(&holder, id).await, started, "nothing changed");
    holder
        .record_event_hand(GUILD, id, hand, 0, None)
        .await
        .expect("the holder records");
    assert_eq!(record(&holder, id).await.event().unwrap().hands(), 1);
    assert_audit_ok(&holder).await;
    other.shutdown().await.unwrap();
    holder.shutdown().await.unwrap();
}
