//! A stored history reads back as it was: the compact form for hands of every game and
//! every event kind, the JSON of older versions, and a corrupt record as a clear error.

use std::collections::{BTreeSet, HashSet};

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{HandHistory, POSTCARD_FORMAT};
use crate::bank::UserId;
use crate::lobby::LobbyError;
use crate::table::hand::HandSetup;
use crate::table::{ActionKind, Deck, Event, Game, Hand, Rules, Stakes};

/// A hand of `game` between `stacks.len()` players played to its end by random legal actions
/// (folds made rarer so that many hands reach a showdown), with its history as a table
/// stores it. Short stacks make all-ins, side pots and returned chips; eight players who all
/// stay make the deck run short (a community card).
fn random_history(seed: u64, game: Game, stacks: &[u64], open_pair_big_bet: bool) -> HandHistory {
    let rules = Rules {
        open_pair_big_bet: open_pair_big_bet && game.has_open_pair_big_bet(),
        ..Rules::default()
    };
    let mut hand = Hand::new(HandSetup::from_deck(
        game,
        Stakes::default(),
        rules,
        stacks,
        Deck::seeded(seed),
    ))
    .expect("valid stakes and stacks");
    let mut rng = StdRng::seed_from_u64(seed);
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions();
        let choices: Vec<ActionKind> = legal
            .iter()
            .map(|action| action.kind)
            .filter(|&kind| kind != ActionKind::Fold || rng.random_ratio(1, 6))
            .collect();
        let kind = if choices.is_empty() {
            ActionKind::Fold
        } else {
            choices[rng.random_range(0..choices.len())]
        };
        hand.act(seat, kind).expect("a legal action");
    }
    let players: Vec<UserId> = (0..stacks.len())
        .map(|seat| UserId(1_234_567_890_123_456_000 + seat as u64))
        .collect();
    HandHistory::of_hand(seed, &hand, &players).expect("the hand is over")
}

fn round_trip(history: &HandHistory) -> HandHistory {
    let bytes = history.to_bytes().expect("serializes");
    assert_eq!(bytes.first(), Some(&POSTCARD_FORMAT));
    HandHistory::from_bytes(&bytes).expect("reads back")
}

fn game_strategy() -> impl Strategy<Value = Game> {
    prop::sample::select(Game::ALL.to_vec())
}

proptest! {
    #[test]
    fn a_stored_history_reads_back_as_it_was_written(
        seed in any::<u64>(),
        game in game_strategy(),
        stacks in prop::collection::vec(1u64..400, 2..=8),
        open_pair_big_bet in any::<bool>(),
    ) {
        let history = random_history(seed, game, &stacks, open_pair_big_bet);
        prop_assert_eq!(round_trip(&history), history);
    }
}

/// The names of the event kinds, so a test can say which were never seen.
fn kind(event: &Event) -> &'static str {
    match event {
        Event::Ante { .. } => "ante",
        Event::DownCard { .. } => "down_card",
        Event::UpCard { .. } => "up_card",
        Event::CommunityCard { .. } => "community_card",
        Event::StreetStarted { .. } => "street_started",
        Event::Acted { .. } => "acted",
        Event::TurnedFaceUp { .. } => "turned_face_up",
        Event::Shown { .. } => "shown",
        Event::Mucked { .. } => "mucked",
        Event::PotAwarded(_) => "pot_awarded",
        Event::Returned { .. } => "returned",
        Event::HandEnded { .. } => "hand_ended",
    }
}

/// The proptest above is only as good as the hands it draws: these seeded hands of every
/// game round-trip too, and between them hold every public event kind (and both big-bet
/// actions of the open-pair rule in the games that have it).
#[test]
fn seeded_hands_of_every_game_round_trip_with_every_public_event_kind() {
    let every_kind: BTreeSet<&str> = [
        "ante",
        "up_card",
        "community_card",
        "street_started",
        "acted",
        "turned_face_up",
        "shown",
        "mucked",
        "pot_awarded",
        "returned",
        "hand_ended",
    ]
    .into();
    for game in Game::ALL {
        let mut seen = BTreeSet::new();
        let mut actions = HashSet::new();
        for seed in 0..600u64 {
            // Eight deep stacks (the deck runs short), or two to eight short ones.
            let players = if seed % 3 == 0 {
                8
            } else {
                2 + (seed % 7) as usize
            };
            let stacks: Vec<u64> = (0..players as u64)
                .map(|seat| {
                    if seed % 3 == 0 {
                        1_000
                    } else {
                        5 + (seed * 7 + seat * 13) % 60
                    }
                })
                .collect();
            let history = random_history(seed, game, &stacks, seed % 2 == 0);
            assert_eq!(round_trip(&history), history, "{game:?} hand {seed}");
            for event in &history.events {
                seen.insert(kind(event));
                if let Event::Acted { kind, .. } = event {
                    actions.insert(*kind);
                }
            }
        }
        let missing: Vec<_> = every_kind.difference(&seen).collect();
        assert!(missing.is_empty(), "{game:?}: no {missing:?} event drawn");
        assert!(!seen.contains("down_card"), "a down card was stored");
        if game.has_open_pair_big_bet() {
            for big in [ActionKind::BetBig, ActionKind::RaiseBig] {
                assert!(actions.contains(&big), "{game:?}: no {big:?} drawn");
            }
        }
    }
}

/// A six-player history takes a fraction of the JSON it was stored as before (`--nocapture`
/// prints the means).
#[test]
fn a_compact_history_takes_a_fifth_of_its_json() {
    let hands = 2_000u64;
    let (mut compact, mut json) = (0usize, 0usize);
    for seed in 0..hands {
        let game = Game::ALL[(seed % 3) as usize];
        let history = random_history(seed, game, &[400; 6], false);
        compact += history.to_bytes().expect("serializes").len();
        json += serde_json::to_vec(&history).expect("serializes").len();
    }
    println!(
        "{hands} six-player hands: {:.0} bytes per history compact, {:.0} as JSON",
        compact as f64 / hands as f64,
        json as f64 / hands as f64
    );
    assert!(
        compact * 5 <= json,
        "{compact} bytes against {json} of JSON"
    );
}

/// A history stored as JSON by the versions before the compact form (this file was written
/// by one: a Stud/8 showdown of three players) still reads, with what its cards make.
#[test]
fn a_history_stored_as_json_by_an_older_version_still_reads() {
    let json = include_bytes!("json_history.json");
    let history = HandHistory::from_bytes(json).expect("the old JSON reads");
    assert_eq!(history.game, Game::Stud8);
    assert_eq!(history.players.len(), 3);
    assert!(
        history
            .events
            .iter()
            .any(|event| matches!(event, Event::Shown { .. })),
        "the showdown is there"
    );
    assert!(
        !history
            .events
            .iter()
            .any(|event| matches!(event, Event::DownCard { .. }))
    );
    // And it is stored compactly from then on, the same.
    assert_eq!(round_trip(&history), history);
}

#[test]
fn a_corrupt_history_is_a_clear_error() {
    let history = random_history(3, Game::Stud8, &[400; 6], false);
    let bytes = history.to_bytes().expect("serializes");
    let mut bad_card = bytes.clone();
    let card_at = bytes.len() / 2;
    let mut corrupt: Vec<(&str, Vec<u8>)> = vec![
        ("empty", Vec::new()),
        ("unknown format", vec![7, 1, 2, 3]),
        ("cut short", bytes[..bytes.len() - 3].to_vec()),
        ("trailing bytes", [bytes.as_slice(), &[0, 0]].concat()),
        ("broken JSON", b"{\"hand\": 1, \"game\"".to_vec()),
    ];
    // Every byte value in the middle of the record: each reads or fails cleanly, none panics.
    for value in 0..=u8::MAX {
        bad_card[card_at] = value;
        let _ = HandHistory::from_bytes(&bad_card);
    }
    corrupt.push(("a card out of the deck", {
        let mut record = vec![POSTCARD_FORMAT];
        record.extend(
            postcard::to_stdvec(&(
                1u64,
                0u8,
                (1u64, 2u64, 5u64, 10u64),
                vec![1u64],
                vec![100u64],
                // One event: a community card (variant 2) that is card 60.
                vec![(2u8, 60u8)],
            ))
            .expect("serializes"),
        );
        record
    }));
    for (what, bytes) in corrupt {
        match HandHistory::from_bytes(&bytes) {
            Err(LobbyError::Store { reason }) => assert!(
                reason.starts_with("a stored hand history is unreadable: "),
                "{what}: {reason}"
            ),
            other => panic!("{what}: {other:?}"),
        }
    }
}
