//! The table's own computer players: they take free chairs between hands while humans are
//! short (never a hand of computers alone), give a chair to a human who asks at a full table
//! when the hand ends, act after thinking 1-3 s on the table's clock, and their chips are the
//! guild house's.

use crate::lobby_common;

use std::time::Duration;

use lobby_common::*;
use studbot::bank::UserId;
use studbot::lobby::{
    HandSummary, LobbyError, Notice, NoticeBody, NoticeReceiver, TableHandle, TableMessage,
    TableSettings,
};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .unwrap()
}

fn with_computers(seats: u8, computer_players: u8) -> TableSettings {
    TableSettings {
        seats,
        computer_players,
        ..settings()
    }
}

async fn open(fixture: &Fixture, settings: TableSettings) -> (TableHandle, NoticeReceiver) {
    let table = fixture
        .lobby
        .open_table(GUILD, TABLE, settings)
        .await
        .unwrap();
    let notices = table.subscribe().await.unwrap();
    (table, notices)
}

/// The next notice at a table with computer players. A computer joining with any stack but
/// the table's maximum buy-in (what it buys from the house), or the table waiting for players
/// while its computers should fill the chairs, fails the test at once, naming it: the house's
/// buy-in moved nothing or was refused, and the hand the test waits for is never dealt.
async fn next_at_computer_table(notices: &mut NoticeReceiver) -> Notice {
    let notice = next(notices).await;
    match &notice.body {
        NoticeBody::Table(TableMessage::Joined { user, stack, .. }) if user.is_computer() => {
            let bought = settings().max_buy_in;
            assert_eq!(
                *stack, bought,
                "computer player {} joined with {stack} chips, not the {bought} bought from \
                 the house",
                user.0
            );
        }
        NoticeBody::Table(TableMessage::WaitingForPlayers { ready }) => panic!(
            "the table waits for players with {ready} ready: its computer players were not \
             seated (the house's buy-in refused; the log's \"no computer player seated\" line \
             says why)"
        ),
        _ => {}
    }
    notice
}

/// Reads notices at a table with computer players until `pick` returns something.
async fn until_at_computer_table<T>(
    notices: &mut NoticeReceiver,
    mut pick: impl FnMut(&Notice) -> Option<T>,
) -> T {
    let mut steps = Steps::until("the awaited notice at a table with computer players");
    loop {
        steps.step();
        let notice = next_at_computer_table(notices).await;
        if let Some(found) = pick(&notice) {
            return found;
        }
    }
}

/// Plays the hand under way to its end: humans passively, computers by themselves (the clock
/// moves on for their thinking). Returns the result.
async fn finish_hand(table: &TableHandle, notices: &mut NoticeReceiver) -> HandSummary {
    let mut steps = Steps::until("a hand with computer players ended");
    loop {
        steps.step();
        let notice = next_at_computer_table(notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user.is_computer() => {
                tokio::time::advance(Duration::from_millis(3_000)).await;
            }
            NoticeBody::YourTurn(offer) => {
                take(table, offer, passive(offer)).await;
            }
            NoticeBody::HandResult(summary) => return (**summary).clone(),
            _ => {}
        }
    }
}

async fn first_board_players(notices: &mut NoticeReceiver) -> Vec<UserId> {
    until_at_computer_table(notices, |notice| match &notice.body {
        NoticeBody::Board(board) => Some(board.players.clone()),
        _ => None,
    })
    .await
}

#[test]
fn one_human_is_dealt_hands_with_computer_players_whose_chips_are_the_houses() {
    runtime().block_on(async {
        let fixture = fixture(11).await;
        let (table, mut notices) = open(&fixture, with_computers(4, 2)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        let players = first_board_players(&mut notices).await;
        assert_eq!(players.len(), 3, "{players:?}");
        assert_eq!(
            players.iter().filter(|user| user.is_computer()).count(),
            2,
            "{players:?}"
        );
        let summary = finish_hand(&table, &mut notices).await;
        assert!(summary.players.contains(&ANA));
        let house = fixture.bank.house_stats(GUILD).await.unwrap();
        assert_eq!(house.minted, 2 * settings().max_buy_in);
        assert_eq!(house.hands_played, 2);
        // A second hand follows with the same computers.
        advance_secs(5).await;
        assert_eq!(first_board_players(&mut notices).await.len(), 3);
        finish_hand(&table, &mut notices).await;
        table.close().await.unwrap();
        let house = fixture.bank.house_stats(GUILD).await.unwrap();
        let stacks_back = i128::from(house.balance) - i128::from(house.minted);
        assert_eq!(stacks_back, house.net(), "{house:?}");
        let audit = fixture.bank.audit().await.unwrap();
        assert!(audit.ok, "{:?}", audit.breaks);
        assert_eq!(audit.player_accounts, 1, "only Ana holds a player account");
        let board = fixture.bank.leaderboard(GUILD, 10).await.unwrap();
        assert!(board.iter().all(|(user, _)| !user.is_computer()));
    });
}

#[test]
fn computers_never_play_without_a_human_ready() {
    runtime().block_on(async {
        let fixture = fixture(12).await;
        let (table, _notices) = open(&fixture, with_computers(6, 5)).await;
        advance_secs(60).await;
        let status = table.status().await.unwrap();
        assert!(status.seats.is_empty(), "{:?}", status.seats);
        assert!(!status.hand_in_progress);
        // One human sitting out is no human to play with either.
        seat_player(&table, ANA, 200).await;
        table.sit_out(ANA).await.unwrap();
        advance_secs(60).await;
        let status = table.status().await.unwrap();
        assert!(!status.hand_in_progress);
        assert_eq!(status.seats.len(), 1, "{:?}", status.seats);
        assert_eq!(
            fixture.bank.house_stats(GUILD).await.unwrap().minted,
            0,
            "no computer bought in"
        );
    });
}

#[test]
fn the_last_human_leaving_sends_the_computers_back_to_the_house() {
    runtime().block_on(async {
        let fixture = fixture(13).await;
        let (table, mut notices) = open(&fixture, with_computers(3, 2)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        finish_hand(&table, &mut notices).await;
        assert!(matches!(
            table.leave(ANA).await.unwrap(),
            studbot::lobby::Departure::CashedOut(_)
        ));
        let status = table.status().await.unwrap();
        assert!(status.seats.is_empty(), "{:?}", status.seats);
        let house = fixture.bank.house_stats(GUILD).await.unwrap();
        let audit = fixture.bank.audit().await.unwrap();
        assert!(audit.ok, "{:?}", audit.breaks);
        assert_eq!(audit.escrow_chips, 0);
        assert_eq!(audit.house_chips, i128::from(house.balance));
        advance_secs(60).await;
        assert!(!table.status().await.unwrap().hand_in_progress);
    });
}

#[test]
fn a_human_at_a_full_table_takes_a_computers_chair_when_the_hand_ends() {
    runtime().block_on(async {
        let fixture = fixture(14).await;
        let (table, mut notices) = open(&fixture, with_computers(3, 2)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        assert_eq!(first_board_players(&mut notices).await.len(), 3);
        // The table is full of Ana and two computers.
        assert!(matches!(
            table.join(BEN, 200).await,
            Err(LobbyError::SeatAfterHand)
        ));
        // Asking again changes nothing.
        assert!(matches!(
            table.join(BEN, 200).await,
            Err(LobbyError::SeatAfterHand)
        ));
        finish_hand(&table, &mut notices).await;
        let left = until_at_computer_table(&mut notices, |notice| match &notice.body {
            NoticeBody::Table(TableMessage::Left { user, .. }) => Some(*user),
            _ => None,
        })
        .await;
        assert!(left.is_computer());
        until_at_computer_table(&mut notices, |notice| match &notice.body {
            NoticeBody::Table(TableMessage::Joined { user, stack, .. }) if *user == BEN => {
                Some(*stack)
            }
            _ => None,
        })
        .await;
        advance_secs(5).await;
        let players = first_board_players(&mut notices).await;
        assert_eq!(players.len(), 3, "{players:?}");
        assert!(
            players.contains(&BEN) && players.contains(&ANA),
            "{players:?}"
        );
        assert_eq!(players.iter().filter(|user| user.is_computer()).count(), 1);
        finish_hand(&table, &mut notices).await;
    });
}

#[test]
fn a_human_waiting_for_a_computers_chair_withdraws_with_leave_and_is_never_seated() {
    runtime().block_on(async {
        let fixture = fixture(17).await;
        let (table, mut notices) = open(&fixture, with_computers(3, 2)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        assert_eq!(first_board_players(&mut notices).await.len(), 3);
        let balance = fixture.bank.balance(GUILD, BEN).await.unwrap();
        assert!(matches!(
            table.join(BEN, 200).await,
            Err(LobbyError::SeatAfterHand)
        ));
        assert_eq!(
            table.leave(BEN).await,
            Ok(studbot::lobby::Departure::SeatRequestWithdrawn)
        );
        // Withdrawn once: nothing left to withdraw.
        assert_eq!(table.leave(BEN).await, Err(LobbyError::NotSeated));
        finish_hand(&table, &mut notices).await;
        advance_secs(5).await;
        let players = first_board_players(&mut notices).await;
        assert!(!players.contains(&BEN), "{players:?}");
        assert_eq!(players.iter().filter(|user| user.is_computer()).count(), 2);
        assert_eq!(fixture.bank.balance(GUILD, BEN).await.unwrap(), balance);
    });
}

#[test]
fn a_seat_taken_when_the_hand_ends_is_checked_against_the_buy_in_range_then_in_force() {
    runtime().block_on(async {
        let fixture = fixture(18).await;
        let (table, mut notices) = open(&fixture, with_computers(3, 2)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        assert_eq!(first_board_players(&mut notices).await.len(), 3);
        let balance = fixture.bank.balance(GUILD, BEN).await.unwrap();
        assert!(matches!(
            table.join(BEN, 200).await,
            Err(LobbyError::SeatAfterHand)
        ));
        // A moderator raises the smallest buy-in during the hand.
        let raised = TableSettings {
            min_buy_in: 300,
            ..with_computers(3, 2)
        };
        table.change_settings(raised).await.unwrap();
        finish_hand(&table, &mut notices).await;
        let refused = until_at_computer_table(&mut notices, |notice| match &notice.body {
            NoticeBody::Error { user, error } if *user == BEN => Some(error.clone()),
            NoticeBody::Table(TableMessage::Joined { user, .. }) if *user == BEN => {
                panic!("Ben was seated with 200 at a table whose buy-in starts at 300")
            }
            _ => None,
        })
        .await;
        assert_eq!(
            refused,
            LobbyError::BuyInOutOfRange {
                min: 300,
                max: raised.max_buy_in,
                amount: 200
            }
        );
        let status = table.status().await.unwrap();
        assert!(!status.seats.iter().any(|seat| seat.user == BEN));
        assert_eq!(fixture.bank.balance(GUILD, BEN).await.unwrap(), balance);
        // Asking again at a buy-in now allowed takes the computer's chair as before.
        assert!(table.join(BEN, 300).await.is_ok());
    });
}

/// A fixture over a bank whose house and computers are bounded as the operator set them.
async fn bounded_fixture(seed: u64, house_mint_limit: u64, computer_max_buy_in: u64) -> Fixture {
    let economy = studbot::bank::EconomyConfig {
        house_mint_limit,
        computer_max_buy_in,
        ..economy()
    };
    let pace = studbot::lobby::DealingOutPace {
        street_pause: Duration::ZERO,
        ..studbot::lobby::DealingOutPace::default()
    };
    let store = std::sync::Arc::new(studbot::lobby::MemoryTableStore::new());
    fixture_with_economy(seed, store, pace, economy).await
}

#[test]
fn where_computers_sit_the_largest_buy_in_is_bounded_by_the_computers_bound() {
    runtime().block_on(async {
        let fixture = bounded_fixture(19, 100_000, 1_000).await;
        let past = TableSettings {
            max_buy_in: 1_001,
            ..with_computers(3, 2)
        };
        let refused = fixture.lobby.open_table(GUILD, TABLE, past).await;
        assert!(
            matches!(
                refused,
                Err(LobbyError::InvalidSettings {
                    reason: studbot::lobby::SettingsError::ComputerBuyIn {
                        max_buy_in: 1_001,
                        limit: 1_000
                    }
                })
            ),
            "{refused:?}"
        );
        // At the bound it opens; without computers any buy-in goes.
        let (table, _notices) = open(&fixture, with_computers(3, 2)).await;
        let refused = table.change_settings(past).await;
        assert!(
            matches!(refused, Err(LobbyError::InvalidSettings { .. })),
            "{refused:?}"
        );
        let people_only = TableSettings {
            max_buy_in: 5_000,
            ..with_computers(3, 0)
        };
        table.change_settings(people_only).await.unwrap();
    });
}

#[test]
fn a_dry_house_seats_only_the_computers_it_can_pay_for_and_the_humans_play_on() {
    runtime().block_on(async {
        // The mint may create one computer's buy-in (1,000) for the house, not two.
        let fixture = bounded_fixture(20, 1_000, 1_000).await;
        let (table, mut notices) = open(&fixture, with_computers(4, 2)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        let players = first_board_players(&mut notices).await;
        assert_eq!(players.len(), 2, "{players:?}");
        assert!(players.contains(&ANA));
        let house = fixture.bank.house_stats(GUILD).await.unwrap();
        assert_eq!((house.minted, house.mint_left()), (1_000, 0));
        finish_hand(&table, &mut notices).await;
        let audit = fixture.bank.audit().await.unwrap();
        assert!(audit.ok, "{:?}", audit.breaks);
    });
}

#[test]
fn between_hands_a_computer_gives_its_chair_at_once() {
    runtime().block_on(async {
        let fixture = fixture(15).await;
        let (table, mut notices) = open(&fixture, with_computers(2, 1)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        finish_hand(&table, &mut notices).await;
        let stack = table.join(BEN, 300).await.unwrap().stack;
        assert_eq!(stack, 300);
        let status = table.status().await.unwrap();
        assert!(status.seats.iter().all(|seat| !seat.user.is_computer()));
        assert_eq!(status.seats.len(), 2);
    });
}

#[test]
fn a_computer_thinks_at_least_a_second_and_at_most_three_before_acting() {
    runtime().block_on(async {
        let fixture = fixture(16).await;
        let (table, mut notices) = open(&fixture, with_computers(2, 1)).await;
        seat_player(&table, ANA, 200).await;
        advance_secs(5).await;
        let mut hands = 0;
        let mut steps = Steps::until("a computer's turn");
        // Hands go on until the computer has had a turn to think over.
        let offer = loop {
            steps.step();
            let notice = next_at_computer_table(&mut notices).await;
            match &notice.body {
                NoticeBody::YourTurn(offer)
                    if offer.user.is_computer() && offer.legal.len() > 1 =>
                {
                    break (**offer).clone();
                }
                NoticeBody::YourTurn(offer) if offer.user.is_computer() => {
                    tokio::time::advance(Duration::from_millis(3_000)).await;
                }
                NoticeBody::YourTurn(offer) => {
                    take(&table, offer, passive(offer)).await;
                }
                NoticeBody::HandResult(_) => {
                    hands += 1;
                    assert!(hands < 20, "the computer never had a real decision");
                    advance_secs(5).await;
                }
                _ => {}
            }
        };
        tokio::time::advance(Duration::from_millis(999)).await;
        let board = table.status().await.unwrap().board.expect("a hand in play");
        assert_eq!(
            (board.hand, board.action_seq),
            (offer.hand, offer.action_seq),
            "acted before a second"
        );
        tokio::time::advance(Duration::from_millis(2_001)).await;
        let acted = until_at_computer_table(&mut notices, |notice| match &notice.body {
            NoticeBody::Board(board) if board.hand == offer.hand => board
                .last_action
                .as_ref()
                .filter(|last| last.user == offer.user && board.action_seq > offer.action_seq)
                .map(|last| (last.kind, last.timed_out)),
            // The computer's action ended the hand: it is the hand's last.
            NoticeBody::HandResult(summary) => {
                summary
                    .public_events
                    .iter()
                    .rev()
                    .find_map(|event| match event {
                        studbot::table::hand::Event::Acted { seat, kind, .. }
                            if *seat == offer.seat =>
                        {
                            Some((*kind, false))
                        }
                        _ => None,
                    })
            }
            _ => None,
        })
        .await;
        assert!(!acted.1, "the computer acted itself, not the timer");
        assert!(
            offer.legal.iter().any(|legal| legal.kind == acted.0),
            "a legal action: {acted:?} of {:?}",
            offer.legal
        );
    });
}
