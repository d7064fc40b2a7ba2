//! Seeded hands played by the real engine: every public text (board after each action and
//! after each street of a hand dealt out, with its equities; results, history) is scanned for
//! any card dealt face down that its owner did not show (at showdown, or turned face up when
//! betting was over). The equities of a hand dealt out do not depend on a folded player's
//! down cards.

use std::collections::BTreeSet;

use crate::common::{deck_in_deal_order, stakes};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::equity::board::{Budget, board_equity};
use studbot::render::{self, BoardView, HistoryView, Locale, PlayerFacts, ResultView, TableFacts};
use studbot::table::card::Card;
use studbot::table::hand::{ActionKind, Event, Hand, HandSetup, SeatIndex};
use studbot::table::rules::{Rules, Stakes};
use studbot::table::{Deck, Game, Phase};

/// The down cards of every seat that did not show its hand (so far).
fn hidden_cards(events: &[Event]) -> Vec<Card> {
    let shown: BTreeSet<SeatIndex> = events
        .iter()
        .filter_map(|event| match event {
            Event::Shown { seat, .. } | Event::TurnedFaceUp { seat, .. } => Some(*seat),
            _ => None,
        })
        .collect();
    events
        .iter()
        .filter_map(|event| match event {
            Event::DownCard { seat, card, .. } if !shown.contains(seat) => Some(*card),
            _ => None,
        })
        .collect()
}

fn assert_no_hidden_card(text: &str, events: &[Event], what: &str) {
    for card in hidden_cards(events) {
        let drawn = render::card(card);
        assert!(
            !text.contains(&drawn),
            "{what}: hidden {card} is in\n{text}"
        );
    }
}

#[test]
fn no_public_text_names_a_down_card_that_was_not_shown() {
    let mut boards = 0;
    let mut showdowns = 0;
    let mut dealt_out_boards = 0;
    for seed in 0..48u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = 2 + (seed as usize % 7);
        let stacks: Vec<u64> = (0..players).map(|_| rng.random_range(3..=80)).collect();
        let locale = Locale::ALL[seed as usize % 3];
        let names: Vec<String> = (0..players).map(|i| format!("Player{i}")).collect();
        let facts = TableFacts {
            hand_number: seed,
            players: names.iter().map(PlayerFacts::named).collect(),
            idle: Vec::new(),
            action_timer_secs: Some(30),
            mix_leg: None,
            sit_and_go: false,
        };
        let game = studbot::table::Game::ALL[seed as usize % 3];
        let mut hand = Hand::new(
            HandSetup::from_deck(
                game,
                Stakes::default(),
                Rules::default(),
                &stacks,
                Deck::seeded(seed),
            )
            .street_by_street(),
        )
        .unwrap();
        let mut guard = 0;
        loop {
            let view = hand.public_view();
            let mut board = BoardView::from_public(&view, &facts);
            if hand.phase() == Phase::DealingOut {
                let equity = board_equity(&view, &view.pots(), QUICK).expect("equities");
                board = board.with_equity(&equity);
                dealt_out_boards += 1;
            }
            let board = render::board_within(locale, &board, studbot::bot::limits::MESSAGE_TEXT);
            assert_no_hidden_card(&board, hand.events(), "board");
            assert!(studbot::bot::limits::MESSAGE_TEXT.fits(&board));
            boards += 1;
            if hand.phase() == Phase::DealingOut {
                hand.deal_next_street().unwrap();
                continue;
            }
            let Some(seat) = hand.to_act() else { break };
            let legal = hand.legal_actions();
            // Mostly call or check so hands reach showdown; sometimes bet, raise or fold.
            let roll = rng.random_range(0..10);
            let wanted: &[ActionKind] = match roll {
                0 => &[ActionKind::Fold],
                1..=3 => &[ActionKind::Raise, ActionKind::Bet, ActionKind::Complete],
                _ => &[ActionKind::Call],
            };
            let choice = legal
                .iter()
                .find(|a| wanted.contains(&a.kind))
                .or_else(|| legal.iter().find(|a| a.kind == ActionKind::Check))
                .or_else(|| legal.iter().find(|a| a.kind != ActionKind::Fold))
                .or(legal.first())
                .copied()
                .unwrap();
            hand.act(seat, choice.kind).unwrap();
            guard += 1;
            assert!(guard < 500, "hand {seed} does not end");
        }
        let result = hand.result().unwrap();
        if !result.shown.is_empty() {
            showdowns += 1;
        }
        let results = render::results(
            locale,
            &ResultView::new(seed, &names, result, hand.events()),
        );
        assert_no_hidden_card(&results, hand.events(), "results");
        let history = render::history(
            locale,
            &HistoryView::new(
                seed,
                game,
                Stakes::default(),
                &names,
                &stacks,
                hand.events(),
            ),
        );
        assert_no_hidden_card(&history, hand.events(), "history");
        // The private view of a seat does show its own down cards.
        let private = render::private_hand(locale, seed, &hand.private_view(0).unwrap());
        for event in hand.events() {
            if let Event::DownCard { seat: 0, card, .. } = event {
                assert!(private.contains(&render::card(*card)), "{private}");
            }
        }
    }
    assert!(boards > 300, "only {boards} boards");
    assert!(showdowns > 10, "only {showdowns} showdowns");
    assert!(
        dealt_out_boards > 20,
        "only {dealt_out_boards} boards dealt out"
    );
}

/// Few samples: the text is scanned, not the figures.
const QUICK: Budget = Budget {
    max_work: 1_000_000,
    samples: 2_000,
    seed: 5,
    threads: 1,
};

/// Seat 2 brings in with the 2c, seat 0 completes, seat 1 calls all-in, seat 2 folds.
fn all_in_after_a_fold(folded_down_cards: &str) -> Hand {
    let seats = [
        "As Ks Qs 5h 6h 7h 8h".to_string(),
        "Ad Kd Jd 9c Tc 3s 4s".to_string(),
        format!("{folded_down_cards} 2c"),
    ];
    let seats: Vec<&str> = seats.iter().map(String::as_str).collect();
    let mut hand = Hand::new(
        HandSetup::from_deck(
            Game::Stud8,
            stakes(1, 2, 5, 10),
            Rules::default(),
            &[100, 6, 100],
            deck_in_deal_order(&seats, ""),
        )
        .street_by_street(),
    )
    .unwrap();
    for (seat, kind) in [
        (2, ActionKind::BringIn),
        (0, ActionKind::Complete),
        (1, ActionKind::Call),
        (2, ActionKind::Fold),
    ] {
        hand.act(seat, kind).unwrap();
    }
    hand
}

/// Every board of the hand dealt out, with its equities, in English.
fn dealt_out_boards(mut hand: Hand) -> Vec<String> {
    let names: Vec<String> = ["Ana", "Bo", "Cy"].iter().map(|n| n.to_string()).collect();
    let facts = TableFacts {
        hand_number: 1,
        players: names.iter().map(PlayerFacts::named).collect(),
        idle: Vec::new(),
        action_timer_secs: None,
        mix_leg: None,
        sit_and_go: false,
    };
    let mut boards = Vec::new();
    while hand.phase() == Phase::DealingOut {
        let view = hand.public_view();
        let equity = board_equity(&view, &view.pots(), Budget::default()).unwrap();
        let board = BoardView::from_public(&view, &facts).with_equity(&equity);
        boards.push(render::board(Locale::En, &board));
        hand.deal_next_street().unwrap();
    }
    boards
}

#[test]
fn equities_do_not_depend_on_a_folded_players_down_cards() {
    let one = dealt_out_boards(all_in_after_a_fold("Ac Kc"));
    let other = dealt_out_boards(all_in_after_a_fold("4d 5d"));
    assert_eq!(one.len(), 4, "third to sixth street");
    assert!(one.iter().all(|board| board.contains("equity")), "{one:?}");
    assert_eq!(one, other);
    // The folded cards are neither named nor counted as dead: "Ac" is still live for Ana.
    for board in &one {
        assert!(
            !board.contains(&render::card("Ac".parse().unwrap())),
            "{board}"
        );
    }
}
