//! The table service's seats under tokio's paused clock: joining refused outside the buy-in
//! range, a player leaving or kicked mid-hand (played for, cashed out when it ends), closing
//! mid-hand, a busted player sitting out until they top up, a player joining mid-hand.

use crate::lobby_common;

use lobby_common::*;
use studbot::lobby::{
    CancelReason, Departure, Joined, LobbyError, NoticeBody, SeatStatus, SitOutReason,
    TableMessage, TableSettings,
};
use studbot::table::hand::ActionKind;

async fn joining_without_enough_chips_or_outside_the_buy_in_range_is_refused(store: TestStore) {
    let fixture = fixture_on(store, 7).await;
    let rich_table = TableSettings {
        min_buy_in: 500,
        max_buy_in: 5_000,
        ..settings()
    };
    let table = fixture
        .lobby
        .open_table(GUILD, TABLE, rich_table)
        .await
        .unwrap();
    let balance = fixture.bank.balance(GUILD, ANA).await.unwrap();
    assert_eq!(
        table.join(ANA, 2_000).await,
        Err(LobbyError::NotEnoughChips {
            balance,
            needed: 2_000
        })
    );
    assert_eq!(
        table.join(ANA, 100).await,
        Err(LobbyError::BuyInOutOfRange {
            min: 500,
            max: 5_000,
            amount: 100
        })
    );
    assert_eq!(fixture.bank.balance(GUILD, ANA).await.unwrap(), balance);
    assert!(table.status().await.unwrap().seats.is_empty());
    seat_player(&table, ANA, 600).await;
    assert_eq!(table.join(ANA, 600).await, Err(LobbyError::AlreadySeated));
}

async fn a_player_who_leaves_mid_hand_is_played_for_and_cashed_out_when_it_ends(store: TestStore) {
    let fixture = fixture_on(store, 8).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    assert_eq!(table.leave(ANA).await, Ok(Departure::AfterHand));
    if offer.user != ANA {
        take(&table, &offer, passive(&offer)).await;
    }
    let mut left = None;
    let mut final_stack = None;
    while left.is_none() {
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) => {
                assert_ne!(offer.user, ANA, "a leaving player is not asked to act");
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::HandResult(summary) => {
                final_stack = summary
                    .outcomes
                    .iter()
                    .find(|outcome| outcome.user == ANA)
                    .map(|outcome| outcome.end);
            }
            NoticeBody::Table(TableMessage::Left {
                user: ANA,
                cashed_out,
            }) => {
                left = Some(*cashed_out);
            }
            _ => {}
        }
    }
    assert_eq!(left, final_stack);
    let balance = fixture.bank.balance(GUILD, ANA).await.unwrap();
    assert_eq!(balance, 1_000 - 200 + left.unwrap());
    assert!(
        !table
            .status()
            .await
            .unwrap()
            .seats
            .iter()
            .any(|seat| seat.user == ANA)
    );
}

async fn closing_mid_hand_cancels_and_refunds_it_and_cashes_everyone_out(store: TestStore) {
    let fixture = fixture_on(store, 9).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN, CHEN]).await;
    advance_secs(5).await;
    for _ in 0..2 {
        let offer = next_turn(&mut notices).await;
        take(&table, &offer, passive(&offer)).await;
    }
    let cashed_out = table.close().await.unwrap();
    assert_eq!(cashed_out.iter().map(|(_, chips)| chips).sum::<u64>(), 600);
    let messages: Vec<TableMessage> = drain(&mut notices)
        .into_iter()
        .filter_map(|n| match n.body {
            NoticeBody::Table(message) => Some(message),
            _ => None,
        })
        .collect();
    assert!(messages.iter().any(|m| matches!(
        m,
        TableMessage::HandCancelled {
            hand: 1,
            reason: CancelReason::TableClosed,
            ..
        }
    )));
    assert!(matches!(messages.last(), Some(TableMessage::Closed { .. })));
    for player in [ANA, BEN, CHEN] {
        assert_eq!(fixture.bank.balance(GUILD, player).await.unwrap(), 1_000);
    }
    let audit = fixture.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
    assert_eq!(audit.escrow_chips, 0);
    assert!(!table.is_open() || table.status().await.is_err());
    assert!(fixture.lobby.table(TABLE).is_err());
}

async fn a_kicked_player_plays_the_hand_out_and_is_removed_when_it_ends(store: TestStore) {
    // Heads-up: Ana, who can kick, bets into Ben and kicks him. The kick decides nothing: Ben
    // is offered his turn as before, his call stands, the hand reaches its showdown, and only
    // then is Ben cashed out with what the hand left him.
    let fixture = fixture_on(store, 10).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let aggressive = [ActionKind::Complete, ActionKind::Bet, ActionKind::Raise];
    let mut kicked = false;
    let mut ben_turns_after_kick = 0;
    let mut steps = Steps::until("the kicked hand's end");
    let summary = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == ANA && !kicked => {
                let Some(bet) = aggressive.into_iter().find(|kind| offers(offer, *kind)) else {
                    take(&table, offer, passive(offer)).await;
                    continue;
                };
                take(&table, offer, bet).await;
                assert_eq!(table.kick(BEN).await, Ok(Departure::AfterHand));
                kicked = true;
                let seats = table.status().await.unwrap().seats;
                let ben = seats.iter().find(|seat| seat.user == BEN).unwrap();
                assert_eq!(ben.status, SeatStatus::Kicked);
            }
            NoticeBody::YourTurn(offer) => {
                if offer.user == BEN && kicked {
                    ben_turns_after_kick += 1;
                    if ben_turns_after_kick == 1 {
                        // Facing Ana's bet, where the kick used to fold him.
                        assert!(offers(offer, ActionKind::Call), "{offer:?}");
                    }
                }
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::HandResult(summary) => break summary.clone(),
            _ => {}
        }
    };
    assert!(kicked, "Ana never had a bet to make");
    assert!(ben_turns_after_kick > 0, "Ben was never offered his turn");
    let ben_seat = summary
        .players
        .iter()
        .position(|user| *user == BEN)
        .unwrap();
    assert!(
        !summary.public_events.iter().any(|event| matches!(
            event,
            studbot::table::hand::Event::Acted { seat, kind: ActionKind::Fold, .. } if *seat == ben_seat
        )),
        "the table folded the kicked player: {:?}",
        summary.public_events
    );
    assert!(
        summary.shown.iter().any(|shown| shown.user == BEN),
        "the hand reached its showdown with Ben in it"
    );
    let left_with = summary
        .outcomes
        .iter()
        .find(|outcome| outcome.user == BEN)
        .map(|outcome| outcome.end)
        .unwrap();
    let mut steps = Steps::until("Ben was kicked");
    let cashed_out = loop {
        steps.step();
        if let NoticeBody::Table(TableMessage::Kicked {
            user: BEN,
            cashed_out,
        }) = next(&mut notices).await.body
        {
            break cashed_out;
        }
    };
    assert_eq!(cashed_out, left_with);
    let status = table.status().await.unwrap();
    assert!(!status.seats.iter().any(|seat| seat.user == BEN));
    assert_eq!(table.kick(BEN).await, Err(LobbyError::NotSeated));
}

async fn a_busted_player_sits_out_and_comes_back_by_topping_up(store: TestStore) {
    let fixture = fixture_on(store, 14).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    // Both players put in every chip they can until one has none left.
    let mut steps = Steps::until("a player busted");
    let busted = loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) => {
                let kind = [
                    ActionKind::Raise,
                    ActionKind::Bet,
                    ActionKind::Complete,
                    ActionKind::Call,
                    ActionKind::Check,
                    ActionKind::BringIn,
                ]
                .into_iter()
                .find(|kind| offers(offer, *kind))
                .unwrap();
                take(&table, offer, kind).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
            NoticeBody::Table(TableMessage::SatOut {
                user,
                reason: SitOutReason::Busted,
            }) => break *user,
            _ => {}
        }
    };
    assert_eq!(table.back(busted).await, Err(LobbyError::NoChips));
    assert!(matches!(
        next_message(&mut notices).await,
        TableMessage::WaitingForPlayers { ready: 1 }
    ));
    assert_eq!(table.top_up(busted, 150).await, Ok(150));
    assert!(matches!(
        next_message(&mut notices).await,
        TableMessage::ToppedUp { stack: 150, .. }
    ));
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::Back { user: busted }
    );
    assert!(matches!(
        next_message(&mut notices).await,
        TableMessage::NextHandIn { .. }
    ));
}

async fn a_player_who_joins_mid_hand_is_dealt_in_from_the_next_hand(store: TestStore) {
    let fixture = fixture_on(store, 16).await;
    let (table, mut notices) = seated(&fixture, &[ANA, BEN]).await;
    advance_secs(5).await;
    let offer = next_turn(&mut notices).await;
    assert_eq!(
        table.join(CHEN, 300).await,
        Ok(Joined {
            chair: 2,
            stack: 300
        })
    );
    assert_eq!(
        table.show_cards(CHEN).await.err(),
        Some(LobbyError::NotInHand)
    );
    assert_eq!(
        table.top_up(ANA, 50).await,
        Err(LobbyError::TopUpDuringHand)
    );
    take(&table, &offer, passive(&offer)).await;
    let mut steps = Steps::until("hand 2 was dealt with Chen");
    loop {
        steps.step();
        let notice = next(&mut notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) => {
                assert_ne!(offer.user, CHEN);
                take(&table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { .. }) => advance_secs(5).await,
            NoticeBody::Board(board) if board.hand == 2 => {
                assert!(board.players.contains(&CHEN));
                break;
            }
            _ => {}
        }
    }
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    joining_without_enough_chips_or_outside_the_buy_in_range_is_refused,
    a_player_who_leaves_mid_hand_is_played_for_and_cashed_out_when_it_ends,
    closing_mid_hand_cancels_and_refunds_it_and_cashes_everyone_out,
    a_kicked_player_plays_the_hand_out_and_is_removed_when_it_ends,
    a_busted_player_sits_out_and_comes_back_by_topping_up,
    a_player_who_joins_mid_hand_is_dealt_in_from_the_next_hand,
);
