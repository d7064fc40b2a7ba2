//! Multi-table events in the bank (#41), on both stores: play. Each table's hand recorded on
//! its own, paying the prizes it decides in its own transaction; a crash between two tables'
//! hands losing nothing; a hand and the tidying after it one record; a moderator's pause kept
//! with its clock; the reads the lobby's coordinator resumes from.

use studbot::bank::{
    BankError, EventPhase, EventSchedule, GuildId, IdleTables, Reason, TableId, TournamentId,
};

use crate::bank_common::{TestPlace, TestStore, open_bank_at};
use crate::event_bank_common::*;

async fn a_bust_pays_its_prize_in_the_hands_transaction_and_the_end_empties_the_escrow(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 9).await;
    // Every player's balance once their buy-in is paid.
    let before = balance(&bank, 1).await;
    start(&bank, &clock, id, 11).await.unwrap();
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

async fn a_crash_between_two_tables_hands_loses_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 8).await;
    start(&bank, &clock, id, 21).await.unwrap();
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
    let (bank, clock) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 4), 8).await;
    start(&bank, &clock, id, 8).await.unwrap();
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

async fn the_coordinator_finds_each_live_event_by_channel_and_at_start_up(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let running = scheduled_with(&bank, settings(100, 4), 8).await;
    start(&bank, &clock, running, 2).await.unwrap();
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

async fn a_pause_is_kept_with_its_clock_only_while_running_and_twice_changes_nothing(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, clock) = open_bank_at(&place).await;
    let id = scheduled_with(&bank, settings(100, 6), 3).await;
    assert_eq!(
        bank.pause_event(GUILD, id, true, 0).await,
        Err(BankError::TournamentNotRunning { tournament: id })
    );
    assert!(!bank.event_paused(id).await.unwrap());
    start(&bank, &clock, id, 41).await.unwrap();
    for _ in 0..2 {
        bank.pause_event(GUILD, id, true, 120).await.unwrap();
        assert!(bank.event_paused(id).await.unwrap());
        assert_eq!(
            record(&bank, id).await.clock,
            120,
            "the clock kept with the pause"
        );
    }
    for _ in 0..2 {
        bank.pause_event(GUILD, id, false, 120).await.unwrap();
        assert!(!bank.event_paused(id).await.unwrap());
    }
    // A cancel of a paused event takes the pause away with the chips.
    bank.pause_event(GUILD, id, true, 125).await.unwrap();
    bank.cancel_event(GUILD, id, "cancel").await.unwrap();
    assert_eq!(
        bank.pause_event(GUILD, id, true, 130).await,
        Err(BankError::TournamentOver { tournament: id })
    );
    assert!(!bank.event_paused(id).await.unwrap());
    assert_audit_ok(&bank).await;
}

on_each_store!(
    #[tokio::test]
    a_bust_pays_its_prize_in_the_hands_transaction_and_the_end_empties_the_escrow,
    a_crash_between_two_tables_hands_loses_nothing,
    a_hand_and_the_tidying_after_it_are_one_record,
    the_coordinator_finds_each_live_event_by_channel_and_at_start_up,
    a_pause_is_kept_with_its_clock_only_while_running_and_twice_changes_nothing,
);
