//! Seeded hands played by the real engine: every public text (board after each action,
//! results, history) is scanned for any card dealt face down that its owner did not show.

use std::collections::BTreeSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::render::{self, BoardView, HistoryView, Locale, PlayerFacts, ResultView, TableFacts};
use studbot::table::Deck;
use studbot::table::card::Card;
use studbot::table::hand::{ActionKind, Event, Hand, SeatIndex};
use studbot::table::rules::{Rules, Stakes};

/// The down cards of every seat that did not show its hand (so far).
fn hidden_cards(events: &[Event]) -> Vec<Card> {
    let shown: BTreeSet<SeatIndex> = events
        .iter()
        .filter_map(|event| match event {
            Event::Shown { seat, .. } => Some(*seat),
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
    for seed in 0..48u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = 2 + (seed as usize % 7);
        let stacks: Vec<u64> = (0..players).map(|_| rng.random_range(3..=150)).collect();
        let locale = Locale::ALL[seed as usize % 3];
        let names: Vec<String> = (0..players).map(|i| format!("Player{i}")).collect();
        let facts = TableFacts {
            hand_number: seed,
            players: names.iter().map(PlayerFacts::named).collect(),
            idle: Vec::new(),
            action_timer_secs: Some(30),
        };
        let mut hand = Hand::start(
            Stakes::default(),
            Rules::default(),
            &stacks,
            Deck::seeded(seed),
        )
        .unwrap();
        let mut guard = 0;
        loop {
            let board = render::board_within(
                locale,
                &BoardView::from_public(&hand.public_view(), &facts),
                studbot::bot::limits::MESSAGE_TEXT,
            );
            assert_no_hidden_card(&board, hand.events(), "board");
            assert!(studbot::bot::limits::MESSAGE_TEXT.fits(&board));
            boards += 1;
            let Some(seat) = hand.to_act() else { break };
            let legal = hand.legal_actions();
            // Mostly call or check so hands reach showdown; sometimes raise or fold.
            let roll = rng.random_range(0..10);
            let wanted = match roll {
                0 => ActionKind::Fold,
                1 | 2 => ActionKind::Raise,
                _ => ActionKind::Call,
            };
            let choice = legal
                .iter()
                .find(|a| a.kind == wanted)
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
            &HistoryView::new(seed, Stakes::default(), &names, &stacks, hand.events()),
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
}
