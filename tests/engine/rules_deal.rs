//! docs/RULES.md, Deal: antes, one card at a time in seat order, no burns, the community card
//! when the deck runs short on seventh street, and starting a hand only from valid input.

use crate::common;

use common::*;
use studbot::table::{
    ActionError, ActionKind, Card, Deck, Event, Game, Hand, HandSetup, Rules, Stakes, StartError,
    Street,
};

fn dealt_cards(events: &[Event]) -> Vec<(usize, Street, Card, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DownCard { seat, street, card } => Some((*seat, *street, *card, false)),
            Event::UpCard { seat, street, card } => Some((*seat, *street, *card, true)),
            _ => None,
        })
        .collect()
}

#[test]
fn third_street_is_dealt_one_card_at_a_time_in_seat_order_two_down_then_one_up() {
    let order = cards("2c 3c 4c 5c 6c 7c 8c 9c Tc");
    let hand = Hand::start(
        Stakes::default(),
        Rules::default(),
        &[50, 50, 50],
        Deck::stacked(&order).unwrap(),
    )
    .unwrap();
    let dealt = dealt_cards(hand.events());
    let expected: Vec<(usize, Street, Card, bool)> = order
        .iter()
        .enumerate()
        .map(|(i, &card)| (i % 3, Street::Third, card, i >= 6))
        .collect();
    assert_eq!(dealt, expected);
    // Antes come first, then the cards, then the betting.
    assert!(matches!(
        hand.events()[0],
        Event::Ante {
            seat: 0,
            chips: 1,
            all_in: false
        }
    ));
}

#[test]
fn fourth_to_sixth_are_dealt_up_and_seventh_down_with_no_burn_cards() {
    let deck = Deck::seeded(11);
    let mut order = deck.clone();
    let expected_order: Vec<Card> = std::iter::from_fn(|| order.deal()).take(21).collect();
    let mut hand = Hand::start(Stakes::default(), Rules::default(), &[500; 3], deck).unwrap();
    check_down(&mut hand);
    let dealt = dealt_cards(hand.events());
    assert_eq!(dealt.len(), 21);
    let in_order: Vec<Card> = dealt.iter().map(|d| d.2).collect();
    assert_eq!(
        in_order, expected_order,
        "cards come off the top, none burnt"
    );
    for (seat, street, _, up) in &dealt {
        let _ = seat;
        match street {
            Street::Fourth | Street::Fifth | Street::Sixth => assert!(up),
            Street::Seventh => assert!(!up),
            _ => {}
        }
    }
    for seat in 0..3 {
        let view = hand.private_view(seat).unwrap();
        assert_eq!((view.down_cards.len(), view.up_cards.len()), (3, 4));
    }
}

/// docs/RULES.md, Deal: cards are dealt one at a time in seat order on every street, to the
/// players still in (a folded seat is skipped).
#[test]
fn fourth_to_seventh_street_deal_one_card_each_in_seat_order_skipping_folded_seats() {
    let order = cards("2c 3c 4c 5c 6c 7c Kh Qh Jh 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd 8c");
    let mut hand = Hand::start(
        Stakes::default(),
        Rules::default(),
        &[100; 3],
        Deck::stacked(&order).unwrap(),
    )
    .unwrap();
    // Door cards Kh, Qh, Jh: seat 2 brings in; seat 1 folds on third street.
    play(
        &mut hand,
        &[(2, ActionKind::BringIn), (0, ActionKind::Call)],
    );
    act(&mut hand, 1, ActionKind::Fold);
    check_down(&mut hand);
    let later: Vec<(usize, Street, Card, bool)> = dealt_cards(hand.events())
        .into_iter()
        .filter(|(_, street, _, _)| *street != Street::Third)
        .collect();
    let expected = vec![
        (0, Street::Fourth, card("2d"), true),
        (2, Street::Fourth, card("3d"), true),
        (0, Street::Fifth, card("4d"), true),
        (2, Street::Fifth, card("5d"), true),
        (0, Street::Sixth, card("6d"), true),
        (2, Street::Sixth, card("7d"), true),
        (0, Street::Seventh, card("8d"), false),
        (2, Street::Seventh, card("9d"), false),
    ];
    assert_eq!(later, expected);
}

#[test]
fn a_short_stack_is_all_in_for_what_it_has_on_the_ante() {
    let hand = Hand::start(
        stakes(3, 3, 6, 12),
        Rules::default(),
        &[100, 2, 100],
        Deck::seeded(1),
    )
    .unwrap();
    assert!(hand.events().contains(&Event::Ante {
        seat: 1,
        chips: 2,
        all_in: true
    }));
    assert_eq!(hand.public_view().pot, 8);
}

/// 8 seats: six cards each in deal order, and the four cards left over. Seat 5's board is
/// 9h Th Jh Qh, weak on sixth street; the community Kh makes it a straight flush.
fn eight_player_deck() -> Deck {
    let mut remaining: Vec<Card> = Card::all()
        .filter(|c| !cards("2c 2d 9h Th Jh Qh Kh").contains(c))
        .collect();
    let mut seats: Vec<String> = Vec::new();
    for seat in 0..8 {
        if seat == 5 {
            seats.push("2c 2d 9h Th Jh Qh".into());
        } else {
            let six: Vec<String> = remaining.drain(..6).map(|c| c.to_string()).collect();
            seats.push(six.join(" "));
        }
    }
    let tail = format!(
        "Kh {}",
        remaining
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let refs: Vec<&str> = seats.iter().map(String::as_str).collect();
    deck_in_deal_order(&refs, &tail)
}

#[test]
fn eight_players_to_seventh_street_share_one_community_card() {
    let mut hand = Hand::start(
        Stakes::default(),
        Rules::default(),
        &[1000; 8],
        eight_player_deck(),
    )
    .unwrap();
    check_down(&mut hand);
    let community: Vec<Card> = hand
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::CommunityCard { card } => Some(*card),
            _ => None,
        })
        .collect();
    assert_eq!(community, vec![card("Kh")]);
    let dealt = dealt_cards(hand.events());
    assert_eq!(
        dealt.len(),
        48,
        "48 cards dealt, 4 left: no one gets a seventh card"
    );
    assert!(dealt.iter().all(|d| d.1 != Street::Seventh));
    assert_eq!(hand.community(), Some(card("Kh")));
    let view = hand.private_view(5).unwrap();
    assert_eq!(view.community, Some(card("Kh")));
    assert_eq!(
        view.high.category(),
        studbot::table::eval::HandCategory::StraightFlush
    );
    assert_eq!(hand.total_chips(), 8000);
}

#[test]
fn with_a_community_card_the_best_board_using_it_acts_first_on_seventh() {
    let mut hand = Hand::start(
        Stakes::default(),
        Rules::default(),
        &[1000; 8],
        eight_player_deck(),
    )
    .unwrap();
    check_to(&mut hand, Street::Seventh);
    let sixth = first_to_act_on(&hand, Street::Sixth).unwrap();
    assert_ne!(
        sixth, 5,
        "seat 5's board is not the best before the community card"
    );
    assert_eq!(first_to_act_on(&hand, Street::Seventh), Some(5));
    assert_eq!(hand.to_act(), Some(5));
}

/// docs/RULES.md, Fourth to seventh street: with a community card the boards are compared with
/// it, and five cards make a straight. Seat 5's 9-T-J-Q and the community king make a
/// straight, which beats seat 0's pair of aces (best on sixth street).
#[test]
fn a_community_card_that_completes_a_straight_on_a_board_makes_it_first_to_act() {
    let seats = [
        "3c 3d Ac Ad 4c 5d",
        "As Kh 2h 4d 6c 8c",
        "Kd Qh 3h 5c 7c 9c",
        "Qd Js 2s 5h 8d Jc",
        "Ts Th 4h 6d 9d Qc",
        "2c 2d 9h Tc Jd Qs",
        "9s 8s 3s 7d Td Ah",
        "7s 7h 6h 8h Jh Kc",
    ];
    let lists = seats.iter().map(|seat| cards(seat)).collect();
    let mut hand = Hand::new(HandSetup::from_seat_cards(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        &[1000; 8],
        lists,
        Some(card("Ks")),
    ))
    .unwrap();
    check_to(&mut hand, Street::Seventh);
    assert_eq!(hand.community(), Some(card("Ks")));
    assert_eq!(first_to_act_on(&hand, Street::Sixth), Some(0));
    assert_eq!(first_to_act_on(&hand, Street::Seventh), Some(5));
    assert_eq!(hand.to_act(), Some(5));
}

#[test]
fn replay_card_lists_may_give_the_community_card() {
    let lists = vec![cards("2c 3c 4c 5c 6c 7c"), cards("2d 3d 4d 5d 6d 7d")];
    let mut hand = Hand::new(HandSetup::from_seat_cards(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        &[100, 100],
        lists,
        Some(card("As")),
    ))
    .unwrap();
    check_down(&mut hand);
    assert!(
        hand.events()
            .contains(&Event::CommunityCard { card: card("As") })
    );
    assert!(hand.is_over());
}

#[test]
fn a_hand_needs_two_to_eight_players_with_chips_and_valid_stakes() {
    let start = |stakes: Stakes, stacks: &[u64]| {
        Hand::start(stakes, Rules::default(), stacks, Deck::seeded(3)).map(|_| ())
    };
    assert_eq!(
        start(Stakes::default(), &[100]),
        Err(StartError::PlayerCount(1))
    );
    assert_eq!(
        start(Stakes::default(), &[100; 9]),
        Err(StartError::PlayerCount(9))
    );
    assert_eq!(
        start(Stakes::default(), &[100, 0, 5]),
        Err(StartError::EmptyStack(1))
    );
    assert!(matches!(
        start(stakes(1, 0, 5, 10), &[100, 100]),
        Err(StartError::Stakes(_))
    ));
    assert_eq!(
        start(Stakes::default(), &[u64::MAX, 1]),
        Err(StartError::TooManyChips)
    );
    let short = Deck::stacked(&cards("2c 3c 4c 5c")).unwrap();
    assert_eq!(
        Hand::start(Stakes::default(), Rules::default(), &[100, 100], short).map(|_| ()),
        Err(StartError::DeckTooSmall)
    );
}

#[test]
fn replay_card_lists_are_refused_when_a_card_repeats_or_counts_are_wrong() {
    let start = |lists: Vec<Vec<Card>>, community: Option<Card>| {
        Hand::new(HandSetup::from_seat_cards(
            Game::Stud8,
            Stakes::default(),
            Rules::default(),
            &[100, 100],
            lists,
            community,
        ))
        .map(|_| ())
    };
    assert_eq!(
        start(vec![cards("2c 3c 4c"), cards("2d 3c 4d")], None),
        Err(StartError::DuplicateCard(card("3c")))
    );
    assert_eq!(
        start(vec![cards("2c 3c 4c"), cards("2d 3d 4d")], Some(card("4d"))),
        Err(StartError::DuplicateCard(card("4d")))
    );
    assert_eq!(
        start(vec![cards("2c 3c 4c")], None),
        Err(StartError::SeatCardLists { lists: 1, seats: 2 })
    );
    assert_eq!(
        start(
            vec![cards("2c 3c 4c 5c 6c 7c 8c 9c"), cards("2d 3d 4d")],
            None
        ),
        Err(StartError::TooManyCards { seat: 0, count: 8 })
    );
    assert_eq!(
        start(vec![cards("2c 3c 4c"), cards("2d 3d")], None),
        Err(StartError::MissingCard {
            seat: 1,
            street: Street::Third
        })
    );
}

#[test]
fn an_action_that_needs_a_missing_card_is_refused_and_changes_nothing() {
    let lists = vec![cards("2c 3c 4c 5c"), cards("2d 3d 4d")];
    let mut hand = Hand::new(HandSetup::from_seat_cards(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        &[100, 100],
        lists,
        None,
    ))
    .unwrap();
    // Seat 0 (2c... door 4c) brings in; seat 1 calling would end third street.
    act(&mut hand, 0, ActionKind::BringIn);
    let before = (
        hand.action_seq(),
        hand.events().to_vec(),
        hand.public_view(),
    );
    assert_eq!(
        hand.act(1, ActionKind::Call),
        Err(ActionError::MissingCard {
            seat: 1,
            street: Street::Fourth
        })
    );
    assert_eq!(
        before,
        (
            hand.action_seq(),
            hand.events().to_vec(),
            hand.public_view()
        )
    );
    // Folding needs no card: the hand still ends.
    act(&mut hand, 1, ActionKind::Fold);
    assert!(hand.is_over());
}
