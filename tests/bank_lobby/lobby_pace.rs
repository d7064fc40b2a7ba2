//! The pace of a table, decided by the table actor on tokio's paused clock: pre-actions
//! (chosen ahead, carried out the moment the turn comes if they still fit, dropped when they
//! do not, at the end of their street and with their hand), the time bank (running on after
//! the action timer, "+30 s", earned back at a cash table), and away players (sat out and told
//! privately, stood up after `away_hands` hands at a cash table).

use studbot::bank::UserId;
use studbot::lobby::{
    AwayNotice, LobbyError, Notice, NoticeBody, NoticeReceiver, PreAction, PublicBoard,
    SitOutReason, TableHandle, TableMessage, TableSettings, TurnOffer,
};
use studbot::table::hand::{ActionKind, Street};

use crate::lobby_common::*;

/// 30 s to act and a 60 s time bank; away players stood up after 2 hands.
fn paced() -> TableSettings {
    TableSettings {
        time_bank_secs: 60,
        away_hands: 2,
        ..settings()
    }
}

/// Opens the test table with `settings` and seats `players` with 200 chips each.
async fn seated_with(
    fixture: &Fixture,
    players: &[UserId],
    settings: TableSettings,
) -> (TableHandle, NoticeReceiver) {
    let table = fixture
        .lobby
        .open_table(GUILD, TABLE, settings)
        .await
        .unwrap();
    let notices = table.subscribe().await.unwrap();
    for player in players {
        seat_player(&table, *player, 200).await;
    }
    (table, notices)
}

/// The next turn `wanted` picks, taking the passive action at every other turn and moving
/// the clock over each pause between hands.
async fn turn_of(
    table: &TableHandle,
    notices: &mut NoticeReceiver,
    wanted: impl Fn(&TurnOffer) -> bool,
) -> TurnOffer {
    let mut steps = Steps::until("the awaited turn");
    loop {
        steps.step();
        let notice = next(notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if wanted(offer) => return (**offer).clone(),
            NoticeBody::YourTurn(offer) => {
                take(table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            _ => {}
        }
    }
}

/// Each action the boards among `notices` tell, in order: who, what, whether the timer
/// took it.
fn actions_told(notices: &[Notice]) -> Vec<(UserId, ActionKind, bool)> {
    let mut told: Vec<(UserId, ActionKind, bool)> = Vec::new();
    for notice in notices {
        if let NoticeBody::Board(board) = &notice.body
            && let Some(last) = board.last_action
            && told.last() != Some(&(last.user, last.kind, last.timed_out))
        {
            told.push((last.user, last.kind, last.timed_out));
        }
    }
    told
}

/// The last board among `notices`.
fn last_board(notices: &[Notice]) -> Option<PublicBoard> {
    notices.iter().rev().find_map(|notice| match &notice.body {
        NoticeBody::Board(board) => Some((**board).clone()),
        _ => None,
    })
}

/// The turns offered among `notices`, by player.
fn turns_offered(notices: &[Notice]) -> Vec<UserId> {
    notices
        .iter()
        .filter_map(|notice| match &notice.body {
            NoticeBody::YourTurn(offer) => Some(offer.user),
            _ => None,
        })
        .collect()
}

/// The player who acts after `offer`'s player on this street (three players, nobody folded).
fn next_player(board: &PublicBoard, offer: &TurnOffer) -> UserId {
    let seats = board.players.len();
    board.players[(offer.seat + 1) % seats]
}

#[tokio::test(start_paused = true)]
async fn a_pre_action_is_taken_the_moment_the_turn_comes_and_nobody_learns_of_it_before() {
    let fixture = fixture(11).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    // Fourth street: the first to act checks, and the next has chosen check/fold.
    let offer = turn_of(&table, &mut notices, |offer| offer.street == Street::Fourth).await;
    let board = table.status().await.unwrap().board.unwrap();
    let after = next_player(&board, &offer);
    let view = table
        .pre_action(
            after,
            offer.hand,
            Street::Fourth,
            Some(PreAction::CheckFold),
        )
        .await
        .unwrap();
    assert_eq!(view.pre_actions.chosen, Some(PreAction::CheckFold));
    assert!(!view.pre_actions.your_turn);
    assert!(
        settled_notices(&table, &mut notices).await.is_empty(),
        "choosing ahead tells nobody anything"
    );
    let status = table.status().await.unwrap();
    assert_eq!(status.board.unwrap().view.to_act, board.view.to_act);

    take(&table, &offer, ActionKind::Check).await;
    let told = settled_notices(&table, &mut notices).await;
    assert!(
        !turns_offered(&told).contains(&after),
        "the player with a pre-action is not asked"
    );
    assert_eq!(
        actions_told(&told),
        [
            (offer.user, ActionKind::Check, false),
            (after, ActionKind::Check, false)
        ],
        "the pre-action checked at once, as the player's own action"
    );
    let view = table.show_cards(after).await.unwrap();
    assert_eq!(view.pre_actions.chosen, None, "carried out, it is gone");
}

#[tokio::test(start_paused = true)]
async fn a_call_chosen_ahead_is_dropped_by_a_raise_and_the_player_is_asked_as_usual() {
    let fixture = fixture(12).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    // Fourth street: the first to act bets; the next has chosen to call that bet, then the
    // bettor... the player in between raises it instead.
    let opener = turn_of(&table, &mut notices, |offer| {
        offer.street == Street::Fourth && offers(offer, ActionKind::Bet)
    })
    .await;
    take(&table, &opener, ActionKind::Bet).await;
    let raiser = next_turn(&mut notices).await;
    assert!(offers(&raiser, ActionKind::Raise));
    let board = table.status().await.unwrap().board.unwrap();
    let caller = next_player(&board, &raiser);
    let bet = raiser
        .legal
        .iter()
        .find(|action| action.kind == ActionKind::Call)
        .unwrap()
        .chips;
    table
        .pre_action(
            caller,
            raiser.hand,
            Street::Fourth,
            Some(PreAction::Call(bet)),
        )
        .await
        .unwrap();
    take(&table, &raiser, ActionKind::Raise).await;
    let asked = next_turn(&mut notices).await;
    assert_eq!(
        asked.user, caller,
        "the raise leaves the caller to be asked"
    );
    assert_eq!(asked.dropped, Some(PreAction::Call(bet)), "and says why");
    let call = asked
        .legal
        .iter()
        .find(|action| action.kind == ActionKind::Call)
        .unwrap();
    assert!(call.chips > bet);
    // Asked as usual: nothing was taken for them.
    assert_eq!(
        table.status().await.unwrap().board.unwrap().action_seq,
        asked.action_seq
    );
}

#[tokio::test(start_paused = true)]
async fn check_fold_checks_when_free_folds_facing_a_bet_and_call_any_calls_a_raise() {
    let fixture = fixture(13).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    let opener = turn_of(&table, &mut notices, |offer| {
        offer.street == Street::Fourth && offers(offer, ActionKind::Bet)
    })
    .await;
    let board = table.status().await.unwrap().board.unwrap();
    let second = next_player(&board, &opener);
    let third = board.players[(opener.seat + 2) % 3];
    // Both choose while nothing is bet yet: check/fold, and call any.
    let second_view = table
        .pre_action(
            second,
            opener.hand,
            Street::Fourth,
            Some(PreAction::CheckFold),
        )
        .await
        .unwrap();
    assert_eq!(
        second_view.pre_actions.offered,
        [PreAction::CheckFold, PreAction::Check, PreAction::CallAny]
    );
    table
        .pre_action(third, opener.hand, Street::Fourth, Some(PreAction::CallAny))
        .await
        .unwrap();
    take(&table, &opener, ActionKind::Bet).await;
    let told = settled_notices(&table, &mut notices).await;
    assert_eq!(
        actions_told(&told),
        [
            (opener.user, ActionKind::Bet, false),
            (second, ActionKind::Fold, false),
            (third, ActionKind::Call, false)
        ],
        "check/fold folds facing the bet, call any calls it"
    );
    assert!(!turns_offered(&told).contains(&second));
}

#[tokio::test(start_paused = true)]
async fn a_pre_action_is_changed_cleared_and_dropped_when_its_street_ends() {
    let fixture = fixture(14).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    let offer = turn_of(&table, &mut notices, |offer| offer.street == Street::Fourth).await;
    let board = table.status().await.unwrap().board.unwrap();
    let after = next_player(&board, &offer);
    let choose = |choice| table.pre_action(after, offer.hand, Street::Fourth, choice);
    assert_eq!(
        choose(Some(PreAction::Check))
            .await
            .unwrap()
            .pre_actions
            .chosen,
        Some(PreAction::Check)
    );
    assert_eq!(
        choose(Some(PreAction::CallAny))
            .await
            .unwrap()
            .pre_actions
            .chosen,
        Some(PreAction::CallAny),
        "changed"
    );
    assert_eq!(
        choose(None).await.unwrap().pre_actions.chosen,
        None,
        "cleared"
    );
    // Nothing chosen: the player is asked.
    take(&table, &offer, ActionKind::Check).await;
    let asked = next_turn(&mut notices).await;
    assert_eq!(asked.user, after);
    assert_eq!(asked.dropped, None);
    // The last to act on fourth street chooses call any for this street, after their check:
    // nobody bets, the street ends, and fifth street asks them as usual.
    take(&table, &asked, ActionKind::Check).await;
    let last = next_turn(&mut notices).await;
    let first_again = board.players[offer.seat];
    let view = table
        .pre_action(
            first_again,
            last.hand,
            Street::Fourth,
            Some(PreAction::CallAny),
        )
        .await
        .unwrap();
    assert_eq!(view.pre_actions.chosen, Some(PreAction::CallAny));
    take(&table, &last, ActionKind::Check).await;
    let fifth = turn_of(&table, &mut notices, |offer| offer.user == first_again).await;
    assert_eq!(fifth.street, Street::Fifth, "asked on the next street");
    assert_eq!(
        fifth.dropped, None,
        "the choice ended with its street, unsaid"
    );
    let view = table.show_cards(first_again).await.unwrap();
    assert_eq!(view.pre_actions.chosen, None);
    assert_eq!(view.pre_actions.street, Street::Fifth);
    // A choice for a street that is over is refused.
    assert_eq!(
        table
            .pre_action(
                after,
                fifth.hand,
                Street::Fourth,
                Some(PreAction::CheckFold)
            )
            .await
            .unwrap_err(),
        LobbyError::PreActionStale
    );
}

#[tokio::test(start_paused = true)]
async fn a_pre_action_is_refused_at_ones_own_turn_and_for_a_bet_that_changed() {
    let fixture = fixture(15).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    advance_secs(5).await;
    let opener = turn_of(&table, &mut notices, |offer| {
        offer.street == Street::Fourth && offers(offer, ActionKind::Bet)
    })
    .await;
    assert_eq!(
        table
            .pre_action(
                opener.user,
                opener.hand,
                Street::Fourth,
                Some(PreAction::Check)
            )
            .await
            .unwrap_err(),
        LobbyError::YourTurnNow
    );
    let board = table.status().await.unwrap().board.unwrap();
    // The player after next faces the bet without being to act.
    let after = board.players[(opener.seat + 2) % 3];
    take(&table, &opener, ActionKind::Bet).await;
    settled_notices(&table, &mut notices).await;
    let facing = table.show_cards(after).await.unwrap();
    let offered = facing.pre_actions.offered.clone();
    // Facing a bet, check is not offered, nor a call of another amount.
    for stale in [PreAction::Check, PreAction::CheckFold, PreAction::Call(1)] {
        assert!(!offered.contains(&stale));
        assert_eq!(
            table
                .pre_action(after, opener.hand, Street::Fourth, Some(stale))
                .await
                .unwrap_err(),
            LobbyError::PreActionStale,
            "{stale:?}"
        );
    }
    assert_eq!(
        table
            .pre_action(DEV, opener.hand, Street::Fourth, Some(PreAction::Fold))
            .await
            .unwrap_err(),
        LobbyError::NotSeated
    );
    assert!(settled_notices(&table, &mut notices).await.is_empty());
}

#[tokio::test(start_paused = true)]
async fn the_time_bank_runs_on_after_the_timer_and_only_an_empty_bank_lets_the_table_act() {
    let fixture = fixture(16).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    assert_eq!((offer.timer_secs, offer.time_bank_secs), (30, 60));
    advance_secs(30).await;
    assert!(
        settled_notices(&table, &mut notices).await.is_empty(),
        "the time bank runs on, and nobody is told"
    );
    advance_secs(59).await;
    assert!(settled_notices(&table, &mut notices).await.is_empty());
    advance_secs(1).await;
    let timed_out = next_message(&mut notices).await;
    assert!(
        matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user),
        "{timed_out:?}"
    );
    // Their bank is spent: their next turn times out with the timer.
    let again = turn_of(&table, &mut notices, |next| next.user == offer.user).await;
    assert_eq!(again.time_bank_secs, 0);
    advance_secs(30).await;
    let timed_out = next_message(&mut notices).await;
    assert!(matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user));
}

#[tokio::test(start_paused = true)]
async fn acting_while_the_bank_runs_spends_only_the_time_used_and_a_cash_table_earns_some_back() {
    let fixture = fixture(17).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    advance_secs(30 + 20).await;
    take(&table, &offer, passive(&offer)).await;
    assert_eq!(
        table.show_cards(offer.user).await.unwrap().time_bank_secs,
        40
    );
    // The next hand earns 5 s back.
    let mut steps = Steps::until("the next hand");
    let next_hand = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(turn) if turn.hand == offer.hand => {
                take(&table, turn, passive(turn)).await;
            }
            NoticeBody::YourTurn(turn) if turn.user == offer.user => break (**turn).clone(),
            NoticeBody::YourTurn(turn) => {
                take(&table, turn, passive(turn)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            _ => {}
        }
    };
    assert_eq!(next_hand.hand, offer.hand + 1);
    assert_eq!(next_hand.time_bank_secs, 45);
}

#[tokio::test(start_paused = true)]
async fn plus_thirty_seconds_takes_from_the_bank_at_once_and_the_board_shows_it() {
    let fixture = fixture(18).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    let other = if offer.user == ANA { BEN } else { ANA };
    assert!(matches!(
        table.add_time(other, offer.hand, offer.action_seq).await,
        Err(LobbyError::NotYourTurn { .. })
    ));
    assert!(matches!(
        table
            .add_time(offer.user, offer.hand, offer.action_seq + 1)
            .await,
        Err(LobbyError::StaleAction { .. })
    ));
    assert_eq!(
        table
            .add_time(offer.user, offer.hand, offer.action_seq)
            .await
            .unwrap(),
        30
    );
    let board = last_board(&settled_notices(&table, &mut notices).await)
        .expect("the board shows the time taken");
    let clock = board.clock.unwrap();
    assert_eq!(
        (clock.time_bank_secs, clock.added_secs, clock.extensions),
        (30, 30, 1)
    );
    // 30 s of the timer and the 30 s taken, then the 30 s left in the bank.
    advance_secs(59).await;
    assert!(settled_notices(&table, &mut notices).await.is_empty());
    advance_secs(1).await;
    assert_eq!(
        table
            .add_time(offer.user, offer.hand, offer.action_seq)
            .await
            .unwrap_err(),
        LobbyError::TimeBankRunning
    );
    advance_secs(29).await;
    assert!(settled_notices(&table, &mut notices).await.is_empty());
    advance_secs(1).await;
    let timed_out = next_message(&mut notices).await;
    assert!(matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user));
    let again = turn_of(&table, &mut notices, |next| next.user == offer.user).await;
    assert_eq!(
        table
            .add_time(again.user, again.hand, again.action_seq)
            .await
            .unwrap_err(),
        LobbyError::TimeBankEmpty
    );
}

#[tokio::test(start_paused = true)]
async fn a_pause_stops_a_running_time_bank_and_charges_only_what_it_ran() {
    let fixture = fixture(19).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN], paced()).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    advance_secs(30 + 10).await;
    table.pause().await.unwrap();
    advance_secs(600).await;
    assert_eq!(
        table.show_cards(offer.user).await.unwrap().time_bank_secs,
        50
    );
    table.resume().await.unwrap();
    // A whole timer again, then the 50 s left.
    let resumed = next_turn(&mut notices).await;
    assert_eq!((resumed.user, resumed.time_bank_secs), (offer.user, 50));
    advance_secs(30 + 49).await;
    assert!(
        settled_notices(&table, &mut notices)
            .await
            .iter()
            .all(|notice| !matches!(
                notice.body,
                NoticeBody::Table(TableMessage::TimedOut { .. })
            ))
    );
    advance_secs(1).await;
    let timed_out = next_message(&mut notices).await;
    assert!(matches!(timed_out, TableMessage::TimedOut { user, .. } if user == offer.user));
}

/// Plays on, each player but `away` taking the passive action and the clock moving over every
/// pause, until `done` picks something out of a notice.
async fn play_on_without<T>(
    table: &TableHandle,
    notices: &mut NoticeReceiver,
    away: UserId,
    mut done: impl FnMut(&Notice) -> Option<T>,
) -> T {
    let mut steps = Steps::until("the awaited notice");
    loop {
        steps.step();
        let notice = next(notices).await;
        if let Some(found) = done(&notice) {
            return found;
        }
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == away => advance_secs(30).await,
            NoticeBody::YourTurn(offer) => {
                take(table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            _ => {}
        }
    }
}

#[tokio::test(start_paused = true)]
async fn an_away_player_is_sat_out_told_privately_and_stood_up_after_the_tables_hands() {
    let fixture = fixture(20).await;
    let settings = TableSettings {
        time_bank_secs: 0,
        ..paced()
    };
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], settings).await;
    let balance_before = fixture.bank.balance(GUILD, CHEN).await.unwrap();
    advance_secs(5).await;
    let told = play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::Away { user, away } => Some((*user, *away, notice.audience())),
        _ => None,
    })
    .await;
    assert_eq!(
        told,
        (
            CHEN,
            AwayNotice::SatOut {
                stood_up_after: Some(2)
            },
            studbot::lobby::Audience::Player(CHEN)
        ),
        "told privately, with how many hands away stand them up"
    );
    let sat_out_in = table.status().await.unwrap().hand;
    // Two hands dealt without them, then they are stood up, their chips in their balance.
    let (hands, cashed_out) =
        play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
            NoticeBody::Away {
                user: CHEN,
                away: AwayNotice::StoodUp { hands, cashed_out },
            } => Some((*hands, *cashed_out)),
            _ => None,
        })
        .await;
    assert_eq!(hands, 2);
    let status = table.status().await.unwrap();
    assert_eq!(status.hand, sat_out_in + 2);
    assert!(status.seats.iter().all(|seat| seat.user != CHEN));
    let left = next_message(&mut notices).await;
    assert_eq!(
        left,
        TableMessage::Left {
            user: CHEN,
            cashed_out
        }
    );
    assert_eq!(
        fixture.bank.balance(GUILD, CHEN).await.unwrap(),
        balance_before + cashed_out
    );
}

#[tokio::test(start_paused = true)]
async fn coming_back_starts_the_count_of_hands_away_again_and_zero_never_stands_anyone_up() {
    let fixture = fixture(21).await;
    let (table, mut notices) = seated_with(&fixture, &[ANA, BEN, CHEN], paced()).await;
    table.sit_out(CHEN).await.unwrap();
    advance_secs(5).await;
    // One hand away, back, then away again: two more hands before standing up.
    let first = play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::HandResult(summary) => Some(summary.hand),
        _ => None,
    })
    .await;
    table.back(CHEN).await.unwrap();
    table.sit_out(CHEN).await.unwrap();
    play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::HandResult(summary) if summary.hand == first + 1 => Some(()),
        _ => None,
    })
    .await;
    assert!(
        table
            .status()
            .await
            .unwrap()
            .seats
            .iter()
            .any(|seat| seat.user == CHEN),
        "one hand away since coming back"
    );
    let settings = TableSettings {
        away_hands: 0,
        ..paced()
    };
    table.change_settings(settings).await.unwrap();
    play_on_without(&table, &mut notices, CHEN, |notice| match &notice.body {
        NoticeBody::HandResult(summary) if summary.hand == first + 4 => Some(()),
        NoticeBody::Away { .. } => panic!("nobody is stood up with away_hands 0"),
        _ => None,
    })
    .await;
    let chen = table.status().await.unwrap();
    assert!(chen.seats.iter().any(|seat| seat.user == CHEN
        && seat.status
            == studbot::lobby::SeatStatus::SittingOut {
                reason: SitOutReason::Asked
            }));
}

/// Opens a turbo sit & go of Stud in the test channel for `players` (buy-in 100) and starts
/// it.
async fn sit_and_go(bank: &studbot::bank::Bank, players: &[UserId]) -> studbot::bank::TournamentId {
    use studbot::tournament::{Structure, StructureKind, TournamentSettings};
    let settings = TournamentSettings::new(
        studbot::table::GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        100,
    );
    let id = bank
        .open_tournament(GUILD, TABLE, players.len() + 1, settings, "open")
        .await
        .unwrap();
    for player in players {
        bank.register_tournament(GUILD, id, *player, &format!("register {}", player.0))
            .await
            .unwrap();
    }
    bank.start_tournament(GUILD, id, "start").await.unwrap();
    id
}

#[tokio::test(start_paused = true)]
async fn a_sit_and_gos_time_banks_grow_each_level_and_survive_a_restart() {
    let fixture = fixture_with(
        22,
        std::sync::Arc::new(studbot::lobby::MemoryTableStore::new()),
        studbot::lobby::DealingOutPace::NO_PAUSE,
    )
    .await;
    let players = [ANA, BEN];
    let id = sit_and_go(&fixture.bank, &players).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    // The sit & go's table takes its clock from the lobby's: 20 s, then a 60 s bank.
    let first = turn_of(&table, &mut notices, |_| true).await;
    assert_eq!((first.timer_secs, first.time_bank_secs), (20, 60));
    advance_secs(20 + 15).await;
    take(&table, &first, passive(&first)).await;
    let slow = first.user;
    let fast = if slow == ANA { BEN } else { ANA };
    // Tournament seats are drawn at the start: each player's is the bank's to say.
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let seat_of = |user: UserId| state.seat_of(user).unwrap();
    // The hand's end keeps the banks in the bank, by tournament seat.
    play_on_without(&table, &mut notices, UserId(0), |notice| {
        match &notice.body {
            NoticeBody::HandResult(summary) if summary.hand == 1 => Some(()),
            _ => None,
        }
    })
    .await;
    // The result is told before the banks are kept, in the same turn of the table's task: a
    // command it answers next is answered after they are (reading at once raced the bank).
    table.status().await.unwrap();
    let kept = fixture
        .bank
        .tournament_time_banks(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((kept[seat_of(slow)], kept[seat_of(fast)]), (45_000, 60_000));

    // A restart deals on with the banks as they were kept.
    fixture.lobby.shutdown(std::time::Duration::ZERO).await;
    let config = studbot::lobby::LobbyConfig {
        deck_seed: Some(23),
        pace: studbot::lobby::DealingOutPace::NO_PAUSE,
        ..studbot::lobby::LobbyConfig::default()
    };
    let lobby = restart_lobby_without_settings(&fixture.bank, config).await;
    let table = lobby.table(TABLE).expect("the sit & go's table reopens");
    let mut notices = table.subscribe().await.unwrap();
    let again = play_on_without(&table, &mut notices, UserId(0), |notice| {
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == slow => Some((**offer).clone()),
            _ => None,
        }
    })
    .await;
    assert_eq!(again.time_bank_secs, 45);
    take(&table, &again, passive(&again)).await;

    // The turbo's second level (hand 7) adds the table's 30 s to every bank.
    let seventh = play_on_without(&table, &mut notices, UserId(0), |notice| {
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.hand == 7 && offer.user == slow => {
                Some((**offer).clone())
            }
            _ => None,
        }
    })
    .await;
    assert_eq!(seventh.time_bank_secs, 45 + 30);
    let kept = fixture
        .bank
        .tournament_time_banks(id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((kept[seat_of(slow)], kept[seat_of(fast)]), (75_000, 90_000));
}

#[tokio::test(start_paused = true)]
async fn an_away_player_in_a_sit_and_go_is_told_privately_and_stays_dealt_in() {
    let fixture = fixture_with(
        24,
        std::sync::Arc::new(studbot::lobby::MemoryTableStore::new()),
        studbot::lobby::DealingOutPace::NO_PAUSE,
    )
    .await;
    let players = [ANA, BEN, CHEN];
    let id = sit_and_go(&fixture.bank, &players).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    // Ben never acts: his timer and his time bank run out, twice.
    let mut steps = Steps::until("Ben told he sits out");
    let told = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == BEN => {
                advance_secs(u64::from(offer.timer_secs + offer.time_bank_secs)).await;
            }
            NoticeBody::YourTurn(offer) => {
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            NoticeBody::Away { user, away } => break (*user, *away, notice.audience()),
            _ => {}
        }
    };
    assert_eq!(
        told,
        (
            BEN,
            AwayNotice::SatOut {
                stood_up_after: None
            },
            studbot::lobby::Audience::Player(BEN)
        ),
        "no hands away stand a sit & go's player up"
    );
    let sat_out_in = table.status().await.unwrap().hand;
    let dealt = play_on_without(&table, &mut notices, BEN, |notice| match &notice.body {
        NoticeBody::Board(board) if board.hand == sat_out_in + 3 => Some(board.players.clone()),
        _ => None,
    })
    .await;
    assert!(
        dealt.contains(&BEN),
        "still dealt in, the table acting for him"
    );
}
