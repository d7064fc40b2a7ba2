//! A sit & go's cancel and deal at its table, across a restart (tokio's paused clock): a
//! cancel waiting for the hand in play is kept in the bank, so a bot stopped mid-hand makes
//! it before dealing anything when it starts again; a deal waiting for the players left
//! holds the table (no hand is dealt), is open again after a restart, and is made by the
//! last acceptance; a deal left unanswered lapses after two action timers and play goes on;
//! its rules are those fixed at its open, whatever the config says when the bot restarts.
//! A deal the bank no longer holds, or one whose stacks moved under it, is dropped by the
//! table as soon as it learns so, the channel told why, and play goes on without waiting for
//! its lapse. Through this version's lobby a deal reaches the table stale only in a record an
//! older version wrote (recording a hand drops the deal, and none is proposed during a hand);
//! the bank drops a deal behind the table only when an answer's outcome is lost.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, BankError, StoreLocation, TournamentPhase};
use studbot::lobby::{
    DealAnswer, DealingOutPace, LobbyConfig, LobbyError, MemoryTableStore, NoticeBody,
    NoticeReceiver, TableMessage, TournamentCancel,
};
use studbot::tournament::DealKind;

use crate::lobby_common::*;
use crate::sit_and_go_common::*;

const BUY_IN: u64 = SIT_AND_GO_BUY_IN;

/// How long (real time) a test waits for the lobby to act on its own: the clock is held, so
/// a wait on it would never end; the lobby's tasks and the bank's committer thread are let
/// run instead, and the wait fails past this.
const REAL_WAIT: Duration = Duration::from_secs(20);

/// Lets the lobby's tasks and the bank's committer thread run a little.
async fn settle() {
    tokio::task::yield_now().await;
    std::thread::yield_now();
}

/// Reads the sit & go's notices up to the pause before its first hand.
async fn until_the_first_pause(notices: &mut NoticeReceiver) {
    let mut steps = Steps::until("the first pause between hands");
    loop {
        steps.step();
        if let NoticeBody::Table(TableMessage::NextHandIn { .. }) = next(notices).await.body {
            break;
        }
    }
}

fn restarted_config() -> LobbyConfig {
    LobbyConfig {
        deck_seed: Some(4_041),
        pace: DealingOutPace::NO_PAUSE,
        ..LobbyConfig::default()
    }
}

async fn a_cancel_waiting_for_its_hand_survives_a_stop_mid_hand_and_is_made_before_any_hand(
    store: TestStore,
) {
    let fixture = quick_on(store, 4_040).await;
    let players = [ANA, BEN, CHEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    // Hand 1 is dealt: the first turn is offered.
    let mut steps = Steps::until("hand 1's first turn");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(_) => break,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }
    assert_eq!(
        table.cancel_tournament("cancel").await.unwrap(),
        TournamentCancel::AfterHand
    );
    assert_eq!(
        fixture.bank.tournament_cancel_requested(id).await.unwrap(),
        Some("cancel".to_owned())
    );
    // The bot stops mid-hand: the hand is cut short, never recorded.
    fixture.lobby.shutdown(Duration::ZERO).await;
    let lobby = restart_lobby_without_settings(&fixture.bank, restarted_config()).await;
    // The reopened table cancels as it starts, before any hand.
    let mut state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let waited = std::time::Instant::now();
    while state.is_live() {
        assert!(
            waited.elapsed() < REAL_WAIT,
            "no cancel at the restart within {REAL_WAIT:?}"
        );
        settle().await;
        state = fixture.bank.tournament(id).await.unwrap().unwrap();
    }
    let TournamentPhase::Cancelled {
        tournament: Some(played),
        paid,
    } = &state.phase
    else {
        panic!("not cancelled: {:?}", state.phase);
    };
    assert_eq!(played.hands_played(), 0, "no hand was dealt again");
    assert!(paid.iter().all(|&(_, chips)| chips == BUY_IN), "{paid:?}");
    let waited = std::time::Instant::now();
    while lobby.table(TABLE).is_ok_and(|table| table.is_open()) {
        assert!(
            waited.elapsed() < REAL_WAIT,
            "the cancelled table still open after {REAL_WAIT:?}"
        );
        settle().await;
    }
    assert_eq!(
        fixture.bank.tournament_cancel_requested(id).await.unwrap(),
        None
    );
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

async fn a_deal_holds_the_table_is_open_again_after_a_restart_and_the_last_acceptance_makes_it(
    store: TestStore,
) {
    let fixture = quick_on(store, 4_042).await;
    let players = [ANA, BEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    // Before hand 1: the pause between hands, on the paused clock.
    until_the_first_pause(&mut notices).await;
    let offer = table
        .propose_deal(ANA, DealKind::Icm, "deal")
        .await
        .unwrap();
    let mut amounts = offer.amounts.clone();
    amounts.sort_unstable();
    assert_eq!(
        amounts,
        vec![(ANA, 100), (BEN, 100)],
        "equal stacks, equal shares"
    );
    assert_eq!(
        offer.amounts.iter().map(|(_, chips)| chips).sum::<u64>(),
        200
    );
    assert_eq!(offer.accepted, vec![ANA]);
    // The pause between hands passes (the deal's time, two action timers, does not): no
    // hand is dealt while the deal waits.
    advance_secs(10).await;
    assert_eq!(table.status().await.unwrap().hand, 0, "no hand dealt");
    fixture.lobby.shutdown(Duration::ZERO).await;

    let lobby = restart_lobby_without_settings(&fixture.bank, restarted_config()).await;
    let resumed = lobby.table(TABLE).expect("reopened");
    let mut notices = resumed.subscribe().await.unwrap();
    let mut steps = Steps::until("the deal told open again");
    loop {
        steps.step();
        if let TableMessage::DealStillOpen { number, .. } = next_message(&mut notices).await {
            assert_eq!(number, offer.number);
            break;
        }
    }
    assert_eq!(
        resumed.answer_deal(BEN, offer.number, true).await.unwrap(),
        DealAnswer::Made
    );
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let TournamentPhase::Finished { tournament, .. } = &state.phase else {
        panic!("not finished: {:?}", state.phase);
    };
    assert_eq!(tournament.deal(), Some(DealKind::Icm));
    assert_eq!(tournament.hands_played(), 0);
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

async fn a_deal_left_unanswered_lapses_after_two_action_timers_and_play_goes_on(store: TestStore) {
    let fixture = quick_on(store, 4_043).await;
    let players = [ANA, BEN, CHEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    until_the_first_pause(&mut notices).await;
    let offer = table
        .propose_deal(BEN, DealKind::ChipChop, "deal")
        .await
        .unwrap();
    assert_eq!(
        table.answer_deal(CHEN, offer.number, true).await.unwrap(),
        DealAnswer::Accepted { accepted: 2, of: 3 }
    );
    // Ana never answers: two action timers later it lapses, and the next hand follows.
    let timer = table.status().await.unwrap().settings.action_timer_secs;
    advance_secs(u64::from(timer) * 2 + 1).await;
    let mut steps = Steps::until("the lapse");
    loop {
        steps.step();
        match next_message(&mut notices).await {
            TableMessage::DealLapsed => break,
            TableMessage::DealAccepted { .. } => {}
            other => panic!("before the lapse: {other:?}"),
        }
    }
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(state.deal, None);
    assert!(matches!(state.phase, TournamentPhase::Running(_)));
    assert_eq!(
        table.answer_deal(ANA, offer.number, true).await,
        Err(LobbyError::Bank {
            reason: BankError::NoSuchDeal { tournament: id }
        }),
        "a lapsed deal is no longer open"
    );
    let mut steps = Steps::until("the next hand");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(_) => break,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            _ => {}
        }
    }
}

async fn a_sit_and_go_deals_the_rules_fixed_at_its_open_whatever_the_config_says_at_a_restart(
    store: TestStore,
) {
    let fixture = quick_on(store, 4_044).await;
    let mut settings = turbo_stud();
    settings.rules.max_raises = 2;
    let id = fixture
        .bank
        .open_tournament(GUILD, TABLE, 3, settings, "open")
        .await
        .unwrap();
    for player in [ANA, BEN, CHEN] {
        fixture
            .bank
            .register_tournament(GUILD, id, player, &format!("register {}", player.0))
            .await
            .unwrap();
    }
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let rules = table.status().await.unwrap().settings.rules;
    assert_eq!(rules.max_raises, 2);
    assert!(!rules.heads_up_uncapped, "capped while three are in");
    fixture.lobby.shutdown(Duration::ZERO).await;

    // The operator changes the sit & gos' table rules and restarts the bot.
    let mut config = restarted_config();
    config.sit_and_go_table.rules.max_raises = 5;
    config.sit_and_go_table.rules.heads_up_uncapped = true;
    let lobby = restart_lobby_without_settings(&fixture.bank, config).await;
    let resumed = lobby.table(TABLE).expect("reopened");
    let rules = resumed.status().await.unwrap().settings.rules;
    assert_eq!(rules.max_raises, 2, "the open's, not the config's");
    assert!(!rules.heads_up_uncapped, "still three in the sit & go");
}

/// The bank no longer holds the deal the table waits on (a decline the bank took whose
/// answer the table never heard; or a deal the bank voided, its stacks having moved under
/// it): the next answer, refused as gone, drops the table's copy at once and tells why, and
/// the next hand follows its pause, with no wait for the deal's lapse.
async fn a_deal_the_bank_no_longer_holds_is_dropped_at_the_next_answer_and_play_goes_on(
    store: TestStore,
) {
    let fixture = quick_on(store, 4_045).await;
    let players = [ANA, BEN, CHEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    until_the_first_pause(&mut notices).await;
    let offer = table
        .propose_deal(BEN, DealKind::Icm, "deal")
        .await
        .unwrap();
    // Chen's decline reaches the bank, never the table.
    assert_eq!(
        fixture
            .bank
            .answer_deal(GUILD, id, offer.number, CHEN, false)
            .await,
        Ok(Vec::new())
    );
    assert_eq!(
        table.answer_deal(ANA, offer.number, true).await,
        Err(LobbyError::Bank {
            reason: BankError::NoSuchDeal { tournament: id }
        })
    );
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::DealGone,
        "the table says at once why the deal is off"
    );
    // Only the pause between hands passes, never the deal's two action timers.
    let timer = table.status().await.unwrap().settings.action_timer_secs;
    let mut waited = 0;
    let mut steps = Steps::until("the next hand");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(_) => break,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                waited += u64::from(secs);
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(TableMessage::DealLapsed) => panic!("the deal was left to lapse"),
            _ => {}
        }
    }
    assert!(waited < u64::from(timer) * 2, "waited {waited} s");
    assert_eq!(table.status().await.unwrap().hand, 1);
    // The bank holds no deal either, and the sit & go runs on.
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(state.deal, None);
    assert!(matches!(state.phase, TournamentPhase::Running(_)));
}

#[tokio::test(start_paused = true)]
async fn a_deal_kept_past_a_hand_by_an_older_version_is_dropped_when_the_table_reopens() {
    let _clock = hold_clock();
    let place = TestPlace::new(TestStore::Sled);
    let StoreLocation::Sled(dir) = place.location().clone() else {
        unreachable!("a sled place");
    };
    let bank = Bank::open_at(place.location(), economy()).await.unwrap();
    bank.take_leases(&TEST_GUILDS).await.unwrap();
    let (lobby, _) =
        start_lobby(&bank, Arc::new(MemoryTableStore::new()), restarted_config()).await;
    let id = started_turbo(&bank, &[ANA, BEN, CHEN]).await;
    let table = lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    until_the_first_pause(&mut notices).await;
    table
        .propose_deal(BEN, DealKind::Icm, "deal")
        .await
        .unwrap();
    let proposed = bank.tournament(id).await.unwrap().unwrap().deal.unwrap();
    lobby.shutdown(Duration::ZERO).await;
    // The older version records a hand that gives every stack back, and keeps the deal.
    let running = bank.tournament(id).await.unwrap().unwrap();
    let hand = running.tournament().unwrap().next_hand().unwrap();
    bank.record_tournament_hand(GUILD, id, hand.number, &hand.stacks)
        .await
        .unwrap();
    bank.shutdown().await.unwrap();
    drop(bank);
    // As the version that kept the deal past that hand left its record.
    crate::audit::plant_deal_kept_past_a_hand(&dir, id.0, proposed.clone());

    let bank = Bank::open_at(place.location(), economy()).await.unwrap();
    bank.take_leases(&TEST_GUILDS).await.unwrap();
    let lobby = restart_lobby_without_settings(&bank, restarted_config()).await;
    let table = lobby.table(TABLE).expect("reopened");
    let mut notices = table.subscribe().await.unwrap();
    let timer = table.status().await.unwrap().settings.action_timer_secs;
    let (mut void, mut waited) = (false, 0);
    let mut steps = Steps::until("the next hand");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(_) => break,
            NoticeBody::Table(TableMessage::DealVoid) => void = true,
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                waited += u64::from(secs);
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(
                message @ (TableMessage::DealStillOpen { .. } | TableMessage::DealLapsed),
            ) => panic!("a void deal offered or left to lapse: {message:?}"),
            _ => {}
        }
    }
    assert!(void, "the channel is told why the deal is off");
    assert!(waited < u64::from(timer) * 2, "waited {waited} s");
    let state = bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(state.deal, None, "dropped in the bank too");
    assert!(matches!(state.phase, TournamentPhase::Running(_)));
    assert_eq!(
        table.answer_deal(ANA, proposed.number, true).await,
        Err(LobbyError::Bank {
            reason: BankError::NoSuchDeal { tournament: id }
        })
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    lobby.shutdown(Duration::ZERO).await;
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_cancel_waiting_for_its_hand_survives_a_stop_mid_hand_and_is_made_before_any_hand,
    a_deal_holds_the_table_is_open_again_after_a_restart_and_the_last_acceptance_makes_it,
    a_deal_left_unanswered_lapses_after_two_action_timers_and_play_goes_on,
    a_deal_the_bank_no_longer_holds_is_dropped_at_the_next_answer_and_play_goes_on,
    a_sit_and_go_deals_the_rules_fixed_at_its_open_whatever_the_config_says_at_a_restart,
);
