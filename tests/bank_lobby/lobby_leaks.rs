//! No public notice ever holds a card dealt face down, until its owner shows it: at showdown,
//! or when betting is over and every live hand is turned face up to be dealt out (those
//! boards carry each player's equity too). Several tables of computer players run many
//! seeded hands at once (one with stakes that send them all-in often); every public notice is
//! serialized and searched for every down card of its hand.

use crate::lobby_common;

use std::collections::{HashMap, HashSet};

use lobby_common::*;
use studbot::bank::{TableId, UserId};
use studbot::equity::board::betting_is_over;
use studbot::lobby::computer::ComputerPlayers;
use studbot::lobby::{LobbyError, Notice, NoticeBody, SitOutReason, TableMessage, TableSettings};
use studbot::table::Stakes;
use studbot::table::card::Card;
use studbot::table::hand::Street;

const HANDS_PER_TABLE: u64 = 60;

/// Plays `HANDS_PER_TABLE` hands at one table and returns every notice it sent.
async fn play_table(
    fixture: &Fixture,
    table_id: TableId,
    players: u64,
    stakes: Stakes,
) -> Vec<Notice> {
    let settings = TableSettings {
        between_hands_secs: 0,
        stakes,
        min_buy_in: stakes.big_bet,
        ..settings()
    };
    let table = fixture
        .lobby
        .open_table(GUILD, table_id, settings)
        .await
        .unwrap();
    let mut notices = table.subscribe().await.unwrap();
    let users: Vec<UserId> = (1..=players)
        .map(|n| UserId(table_id.0 * 100 + n))
        .collect();
    for user in &users {
        table.join(*user, 400).await.unwrap();
    }
    let mut computers = ComputerPlayers::new(users.iter().copied(), table_id.0);
    let mut seen = Vec::new();
    let mut hands = 0;
    let mut busted = HashSet::new();
    while hands < HANDS_PER_TABLE {
        let notice = next(&mut notices).await;
        if let Some(offer) = computers.observe(&notice) {
            let offer = offer.clone();
            computers.answer(&table, &offer).await.unwrap();
        }
        match &notice.body {
            NoticeBody::HandResult(_) => hands += 1,
            NoticeBody::Table(TableMessage::SatOut {
                user,
                reason: SitOutReason::Busted,
            }) => {
                busted.insert(*user);
            }
            _ => {}
        }
        // With no pause between hands the next hand may already be dealt: try again later.
        let mut topped_up = Vec::new();
        for user in &busted {
            match table.top_up(*user, 400).await {
                Ok(_) => topped_up.push(*user),
                Err(LobbyError::TopUpDuringHand) => {}
                Err(error) => panic!("top-up refused: {error}"),
            }
        }
        for user in topped_up {
            busted.remove(&user);
        }
        seen.push(notice);
    }
    table.close().await.unwrap();
    seen
}

#[tokio::test(start_paused = true)]
async fn no_public_notice_shows_a_down_card_that_was_not_shown_at_showdown() {
    let fixture = fixture(2024).await;
    // Table 3's big bets against 400-chip stacks send players all-in before seventh street.
    let all_in_often = Stakes {
        ante: 10,
        bring_in: 20,
        small_bet: 50,
        big_bet: 100,
    };
    let (a, b, c) = tokio::join!(
        play_table(&fixture, TableId(1), 6, Stakes::default()),
        play_table(&fixture, TableId(2), 4, Stakes::default()),
        play_table(&fixture, TableId(3), 8, all_in_often),
    );
    let mut checked_cards = 0usize;
    let mut shown_cards_found = 0usize;
    let mut boards_with_equity = 0usize;
    for notices in [a, b, c] {
        // Every player's down cards, per hand, from their private notices.
        let mut down: HashMap<(u64, UserId), HashSet<Card>> = HashMap::new();
        for notice in &notices {
            if let NoticeBody::Cards(cards) = &notice.body {
                down.entry((cards.hand, cards.user))
                    .or_default()
                    .extend(cards.view.down_cards.iter().copied());
            }
        }
        for notice in notices.iter().filter(|notice| notice.is_public()) {
            let (hand, shown): (u64, HashSet<UserId>) = match &notice.body {
                NoticeBody::Board(board) => {
                    let face_up: HashSet<UserId> = board
                        .view
                        .seats
                        .iter()
                        .zip(&board.players)
                        .filter(|(seat, _)| seat.shown.is_some())
                        .map(|(_, user)| *user)
                        .collect();
                    // Hands are face up only once betting is over; so are equities.
                    let dealing_out = betting_is_over(&board.view);
                    assert!(
                        face_up.is_empty() || dealing_out || board.view.street == Street::Showdown,
                        "hand {}: a hand is face up while betting goes on",
                        board.hand
                    );
                    assert!(
                        board.equity.is_none() || dealing_out,
                        "equity while betting"
                    );
                    boards_with_equity += usize::from(board.equity.is_some());
                    (board.hand, face_up)
                }
                NoticeBody::HandResult(summary) => (
                    summary.hand,
                    summary.shown.iter().map(|shown| shown.user).collect(),
                ),
                _ => {
                    let text = serde_json::to_string(notice).unwrap();
                    for cards in down.values() {
                        for card in cards {
                            assert!(!text.contains(&format!("\"{card}\"")), "{text}");
                        }
                    }
                    continue;
                }
            };
            let text = serde_json::to_string(notice).unwrap();
            for ((card_hand, user), cards) in &down {
                if *card_hand != hand {
                    continue;
                }
                for card in cards {
                    let quoted = format!("\"{card}\"");
                    if shown.contains(user) {
                        shown_cards_found += usize::from(text.contains(&quoted));
                    } else {
                        checked_cards += 1;
                        assert!(
                            !text.contains(&quoted),
                            "hand {hand}: the down card {card} of player {} is public: {text}",
                            user.0
                        );
                    }
                }
            }
        }
    }
    // The scan looked at real cards, and would have seen them: shown ones are found.
    assert!(checked_cards > 10_000, "only {checked_cards} checks");
    assert!(
        shown_cards_found > 100,
        "only {shown_cards_found} shown cards found"
    );
    assert!(
        boards_with_equity > 8,
        "only {boards_with_equity} boards of hands dealt out with equities"
    );
    let audit = fixture.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
}
