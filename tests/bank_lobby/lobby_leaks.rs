//! No public notice ever holds a card dealt face down, until its owner shows it at showdown
//! or it is turned face up when betting is over (those boards carry equities), nor a card
//! still in the deck. Several tables of computer players run many seeded hands at
//! once; every public notice is serialized and searched for every secret card of its hand.
//!
//! The secret cards do not come from the lobby's private notices (a leak there would hide
//! itself): each hand's deck is shuffled here from the seed, as `LobbyConfig::deck_seed`
//! promises, and dealt by hand in seat order as docs/RULES.md deals it. The up cards that deal gives
//! must be the ones the boards show, so the deal by hand is checked before it is trusted.

use crate::lobby_common;

use std::collections::{BTreeMap, HashSet};

use lobby_common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use studbot::bank::{TableId, UserId};
use studbot::equity::board::betting_is_over;
use studbot::lobby::computer::ComputerPlayers;
use studbot::lobby::{LobbyError, Notice, NoticeBody, SitOutReason, TableMessage, TableSettings};
use studbot::table::card::Card;
use studbot::table::hand::{PublicView, SeatIndex, SeatState, Street};
use studbot::table::{Deck, Stakes};

const SEED: u64 = 2024;

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
        seat_player(&table, *user, 400).await;
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
                // Busted again and again: a moderator's grant covers the next top-up, so the
                // table keeps its players (how often one busts depends on when top-ups land).
                Err(LobbyError::NotEnoughChips { .. }) => {
                    let reference = format!("leaks-grant-{}-{hands}", user.0);
                    fixture
                        .bank
                        .grant(GUILD, UserId(0), *user, 400, &reference)
                        .await
                        .unwrap();
                }
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

/// The decks a table deals, one a hand: a ChaCha20 stream from the lobby's seed mixed with
/// the table id (src/lobby/table), shuffled anew for each hand.
fn table_decks(table: TableId) -> impl FnMut() -> Deck {
    let mut rng = ChaCha20Rng::seed_from_u64(SEED ^ table.0.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    move || Deck::shuffled_with(&mut rng)
}

/// One hand's cards, dealt by hand from its deck.
struct Dealt {
    down: Vec<Vec<Card>>,
    up: Vec<Vec<Card>>,
    community: Option<Card>,
    /// Never dealt: must never be seen.
    undealt: Vec<Card>,
}

impl Dealt {
    /// Every card dealt to `seat`, down and up.
    fn dealt_to(&self, seat: SeatIndex) -> Vec<Card> {
        self.down[seat]
            .iter()
            .chain(&self.up[seat])
            .copied()
            .collect()
    }
}

/// Deals `deck` as docs/RULES.md says, one card at a time in seat order: two down and one up on
/// third street; one up on fourth, fifth and sixth to each seat still in; one down on seventh
/// to each seat still in, or one community card when too few cards are left. Who was still in
/// is public: how many up and down cards each seat of the hand's last board holds.
fn deal_by_hand(mut deck: Deck, view: &PublicView) -> Dealt {
    let seats = view.seats.len();
    let mut next = || deck.deal().expect("the deck has cards left");
    let mut down = vec![Vec::new(); seats];
    let mut up = vec![Vec::new(); seats];
    for _ in 0..2 {
        for cards in &mut down {
            cards.push(next());
        }
    }
    for cards in &mut up {
        cards.push(next());
    }
    for up_cards in 2..=4 {
        for (seat, cards) in up.iter_mut().enumerate() {
            if view.seats[seat].up_cards.len() >= up_cards {
                cards.push(next());
            }
        }
    }
    let mut community = None;
    if view.community.is_some() {
        community = Some(next());
    } else {
        for (seat, cards) in down.iter_mut().enumerate() {
            if view.seats[seat].down_count == 3 {
                cards.push(next());
            }
        }
    }
    let undealt = std::iter::from_fn(|| deck.deal()).collect();
    Dealt {
        down,
        up,
        community,
        undealt,
    }
}

/// What the public notices tell of one hand: its last view, and who showed at showdown.
#[derive(Default)]
struct HandSeen {
    view: Option<PublicView>,
    result_view: Option<PublicView>,
    shown: HashSet<SeatIndex>,
}

#[derive(Default)]
struct Tally {
    /// Secret cards looked for in a notice and not found.
    checked: usize,
    /// Shown cards found in a showdown notice: the search sees cards that are there.
    shown_found: usize,
    /// Boards of hands being dealt out, with each live player's equity.
    boards_with_equity: usize,
    hands: usize,
}

fn quoted(card: Card) -> String {
    format!("\"{card}\"")
}

/// Checks every public notice of one table against its hands dealt by hand.
fn check_table(table: TableId, notices: &[Notice], tally: &mut Tally) {
    let mut hands: BTreeMap<u64, HandSeen> = BTreeMap::new();
    for notice in notices {
        match &notice.body {
            NoticeBody::Board(board) => {
                hands.entry(board.hand).or_default().view = Some(board.view.clone());
            }
            NoticeBody::HandResult(summary) => {
                let seen = hands.entry(summary.hand).or_default();
                seen.result_view = Some(summary.view.clone());
                seen.shown = summary.shown.iter().map(|shown| shown.seat).collect();
            }
            _ => {}
        }
    }
    let numbers: Vec<u64> = hands.keys().copied().collect();
    let first = numbers[0];
    assert_eq!(
        numbers,
        (first..first + numbers.len() as u64).collect::<Vec<_>>(),
        "table {}: every hand begun draws a deck, so no hand may be missing",
        table.0
    );
    let mut next_deck = table_decks(table);
    let mut dealt = BTreeMap::new();
    for (number, seen) in &hands {
        let view = seen
            .result_view
            .as_ref()
            .or(seen.view.as_ref())
            .expect("a hand's notices hold its view");
        let cards = deal_by_hand(next_deck(), view);
        for (seat, shown) in view.seats.iter().enumerate() {
            assert_eq!(
                cards.up[seat], shown.up_cards,
                "table {} hand {number} seat {seat}: the deck dealt by hand gives other up cards than the board shows",
                table.0
            );
        }
        assert_eq!(cards.community, view.community, "hand {number}");
        // A hand that went to showdown: only seats still in may show.
        let may_show: HashSet<SeatIndex> = view
            .seats
            .iter()
            .enumerate()
            .filter(|(_, seat)| seat.state != SeatState::Folded)
            .map(|(seat, _)| seat)
            .collect();
        assert!(
            seen.shown.is_subset(&may_show),
            "hand {number}: a folded seat was shown"
        );
        dealt.insert(*number, cards);
    }
    tally.hands += dealt.len();

    for notice in notices.iter().filter(|notice| notice.is_public()) {
        let text = serde_json::to_string(notice).unwrap();
        let (hand, face_up) = match &notice.body {
            NoticeBody::Board(board) => {
                let context = format!("table {} hand {}", table.0, board.hand);
                let cards = &dealt[&board.hand];
                if board.equity.is_some() {
                    assert!(
                        betting_is_over(&board.view),
                        "{context}: equity while betting"
                    );
                    tally.boards_with_equity += 1;
                }
                (board.hand, face_up(&board.view, cards, &context))
            }
            NoticeBody::HandResult(summary) => {
                let context = format!("table {} result of hand {}", table.0, summary.hand);
                let cards = &dealt[&summary.hand];
                let mut face_up = face_up(&summary.view, cards, &context);
                for shown in &summary.shown {
                    assert_eq!(
                        own_cards(&shown.cards, cards.community),
                        own_cards(&cards.dealt_to(shown.seat), None),
                        "{context}: seat {} shows other cards than it was dealt",
                        shown.seat
                    );
                    face_up.insert(shown.seat);
                }
                (summary.hand, face_up)
            }
            _ => {
                // News about the table or a seat names no card at all.
                for card in Card::all() {
                    assert!(!text.contains(&quoted(card)), "{text}");
                }
                continue;
            }
        };
        let cards = &dealt[&hand];
        for (seat, down) in cards.down.iter().enumerate() {
            for card in down {
                if face_up.contains(&seat) {
                    tally.shown_found += usize::from(text.contains(&quoted(*card)));
                } else {
                    tally.checked += 1;
                    assert!(
                        !text.contains(&quoted(*card)),
                        "table {} hand {hand}: the down card {card} of seat {seat} is public: {text}",
                        table.0
                    );
                }
            }
        }
        for card in &cards.undealt {
            tally.checked += 1;
            assert!(
                !text.contains(&quoted(*card)),
                "table {} hand {hand}: the undealt card {card} is public: {text}",
                table.0
            );
        }
    }
}

/// A seat's own cards as a set, the community card (which every seat uses) left out.
fn own_cards(cards: &[Card], community: Option<Card>) -> HashSet<Card> {
    cards
        .iter()
        .copied()
        .filter(|card| Some(*card) != community)
        .collect()
}

/// The seats `view` shows face up, each checked against the deal by hand: only once betting
/// is over (at showdown, or when the live hands are turned up to be dealt out), never a
/// folded seat, and with the very cards the seat was dealt.
fn face_up(view: &PublicView, cards: &Dealt, context: &str) -> HashSet<SeatIndex> {
    let can_still_bet = view
        .seats
        .iter()
        .filter(|seat| seat.state == SeatState::Active)
        .count();
    let betting_is_over =
        view.street == Street::Showdown || (view.to_act.is_none() && can_still_bet <= 1);
    let mut face_up = HashSet::new();
    for (seat, public) in view.seats.iter().enumerate() {
        let Some(shown) = &public.shown else {
            continue;
        };
        assert!(
            betting_is_over,
            "{context}: seat {seat} is face up while betting goes on"
        );
        assert_ne!(
            public.state,
            SeatState::Folded,
            "{context}: folded seat {seat} is face up"
        );
        // While the hand is dealt out a seat shows the cards it holds so far: some of the
        // cards it is dealt by the end, as many as the board says it holds.
        let showing = own_cards(shown, cards.community);
        assert!(
            showing.is_subset(&own_cards(&cards.dealt_to(seat), None)),
            "{context}: seat {seat} shows other cards than it was dealt"
        );
        if view.street == Street::Showdown {
            assert_eq!(
                showing,
                own_cards(&cards.dealt_to(seat), None),
                "{context}: seat {seat} shows other cards than it was dealt"
            );
        }
        face_up.insert(seat);
    }
    face_up
}

#[tokio::test(start_paused = true)]
async fn no_public_notice_shows_a_down_card_that_was_not_shown_at_showdown() {
    let fixture = fixture(SEED).await;
    let tables = [(TableId(1), 6), (TableId(2), 4), (TableId(3), 8)];
    // Table 3's big bets against 400-chip stacks send players all-in before seventh street:
    // its hands are dealt out, face up, with equities.
    let all_in_often = Stakes {
        ante: 10,
        bring_in: 20,
        small_bet: 50,
        big_bet: 100,
    };
    let (a, b, c) = tokio::join!(
        play_table(&fixture, tables[0].0, tables[0].1, Stakes::default()),
        play_table(&fixture, tables[1].0, tables[1].1, Stakes::default()),
        play_table(&fixture, tables[2].0, tables[2].1, all_in_often),
    );
    let mut tally = Tally::default();
    for ((table, _), notices) in tables.iter().zip([a, b, c]) {
        check_table(*table, &notices, &mut tally);
    }
    // The scan looked at real cards, and would have seen them: shown ones are found.
    assert!(
        tally.hands >= 3 * HANDS_PER_TABLE as usize,
        "{} hands",
        tally.hands
    );
    assert!(tally.checked > 10_000, "only {} checks", tally.checked);
    assert!(
        tally.shown_found > 100,
        "only {} shown cards found",
        tally.shown_found
    );
    assert!(
        tally.boards_with_equity > 8,
        "only {} boards of hands dealt out with equities",
        tally.boards_with_equity
    );
    let audit = fixture.bank.audit().await.unwrap();
    assert!(audit.ok, "{:?}", audit.breaks);
}
