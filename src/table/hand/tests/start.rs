//! Starting a hand: the tables and setups refused and why, the antes, a restart in an old
//! hand's place, and knowing once every card the hand could need is there.

use super::*;
use crate::table::deck::Deck;

#[test]
fn a_restarted_hand_is_the_hand_a_new_start_deals() {
    let stakes = Stakes::default();
    let rules = Rules::default();
    let started = Hand::new(HandSetup::from_deck(
        Game::Stud,
        stakes,
        rules,
        &[50, 60],
        Deck::seeded(7),
    ))
    .unwrap();
    let mut restarted = hand(&[100; 3], &THREE);
    restarted
        .restart(HandSetup::from_deck(
            Game::Stud,
            stakes,
            rules,
            &[50, 60],
            Deck::seeded(7),
        ))
        .unwrap();
    assert_eq!(restarted.events(), started.events());
    assert_eq!(restarted.to_act(), started.to_act());
    assert_eq!(restarted.game(), Game::Stud);
}

#[test]
fn a_table_of_too_few_or_too_many_seats_an_empty_stack_or_bad_stakes_or_rules_is_refused() {
    let stakes = Stakes::default();
    let rules = Rules::default();
    let start = |stakes: Stakes, rules: Rules, stacks: &[u64]| {
        Hand::start(stakes, rules, stacks, Deck::seeded(1)).err()
    };
    assert_eq!(
        start(stakes, rules, &[100]),
        Some(StartError::PlayerCount(1))
    );
    assert_eq!(
        start(stakes, rules, &[100; MAX_SEATS + 1]),
        Some(StartError::PlayerCount(MAX_SEATS + 1))
    );
    assert_eq!(start(stakes, rules, &[100; MIN_SEATS]), None);
    assert_eq!(start(stakes, rules, &[100; MAX_SEATS]), None);
    assert_eq!(
        start(stakes, rules, &[100, 0, 100]),
        Some(StartError::EmptyStack(1))
    );
    assert_eq!(
        start(stakes, rules, &[u64::MAX, 1]),
        Some(StartError::TooManyChips)
    );
    let no_bring_in = Stakes {
        bring_in: 0,
        ..stakes
    };
    assert!(matches!(
        start(no_bring_in, rules, &[100; 2]),
        Some(StartError::Stakes(_))
    ));
    let no_raises = Rules {
        max_raises: 0,
        ..rules
    };
    assert!(matches!(
        start(stakes, no_raises, &[100; 2]),
        Some(StartError::Rules(_))
    ));
}

/// A deck short of third street's cards is too small for any hand; a seat's list short of
/// them, or a deck that runs out on a later street dealt while starting (every player
/// all-in on the antes), names the seat and the street.
#[test]
fn a_start_short_of_a_card_says_whether_the_deck_was_too_small_or_which_seat_lacked_it() {
    let stakes = Stakes::default();
    let rules = Rules::default();
    let deck = |cards: &str| Deck::stacked(&Card::parse_many(cards).unwrap()).unwrap();
    assert_eq!(
        Hand::start(stakes, rules, &[100; 2], deck("Ah Kh Qh Jh Th")).err(),
        Some(StartError::DeckTooSmall)
    );
    assert_eq!(
        Hand::start(stakes, rules, &[1, 1], deck("Ah Kh Qh Jh Th 9h")).err(),
        Some(StartError::MissingCard {
            seat: 0,
            street: Street::Fourth
        })
    );
    let short = HandSetup::from_seat_cards(
        Game::Stud8,
        stakes,
        rules,
        &[100; 2],
        lists(&["Ah Ad 2c", "Kh Kc"]),
        None,
    );
    assert_eq!(
        Hand::new(short).err(),
        Some(StartError::MissingCard {
            seat: 1,
            street: Street::Third
        })
    );
}

#[test]
fn an_ante_that_takes_a_whole_stack_is_posted_all_in() {
    let hand = hand(&[1, 100], &THREE[..2]);
    let antes: Vec<&Event> = hand
        .events()
        .iter()
        .filter(|event| matches!(event, Event::Ante { .. }))
        .collect();
    assert_eq!(
        antes,
        [
            &Event::Ante {
                seat: 0,
                chips: 1,
                all_in: true
            },
            &Event::Ante {
                seat: 1,
                chips: 1,
                all_in: false
            }
        ]
    );
}

/// Every card the hand could still need is in a full deck from third street on, so actions
/// take the path that keeps no copy to restore; lists short of a later street keep it.
#[test]
fn a_hand_knows_once_every_card_it_could_need_is_there_and_not_before() {
    let stakes = Stakes::default();
    let full = Hand::start(stakes, Rules::default(), &[100; 3], Deck::seeded(3)).unwrap();
    assert!(full.state.cards_suffice);
    let short = hand(&[100; 2], &["Ah Ad 2c 9d", "Kh Kc Kd"]);
    assert!(!short.state.cards_suffice);
}
