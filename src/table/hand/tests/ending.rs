//! How a hand ends: dealing out once betting is over (at once or street by street), the
//! community card, and the showdown.

use super::*;
use crate::table::vocab::SeatState;

/// docs/RULES.md, Showdown: the first to act on the last round shows first, a hand that can
/// win nothing mucks, and the best high with the best low scoops.
#[test]
fn at_the_showdown_a_hand_that_cannot_win_mucks_and_the_winner_takes_the_pot() {
    let mut hand = hand(&[100; 3], &THREE);
    check_to(&mut hand, Street::Showdown);
    let shown: Vec<(SeatIndex, Vec<Card>)> = hand
        .events()
        .iter()
        .filter_map(|event| match event {
            Event::Shown { seat, cards, .. } => Some((*seat, cards.clone())),
            _ => None,
        })
        .collect();
    let all = lists(&THREE);
    assert_eq!(shown, vec![(1, all[1].clone()), (2, all[2].clone())]);
    assert_eq!(count(&hand, |e| matches!(e, Event::Mucked { seat: 0 })), 1);
    assert_eq!(count(&hand, |e| matches!(e, Event::TurnedFaceUp { .. })), 0);
    assert_eq!(final_stacks(&hand), vec![97, 97, 106]);
    let result = hand.result().unwrap();
    assert_eq!(result.shown, vec![1, 2]);
    assert_eq!(result.awards.len(), 1);
    assert_eq!(result.awards[0].high, vec![(2, 5)]);
    assert_eq!(result.awards[0].low, vec![(2, 4)]);
    assert_eq!(hand.phase(), Phase::Over);
    assert_eq!(hand.to_act(), None);
    assert!(hand.legal_actions().is_empty());
}

/// docs/RULES.md, All-ins and side pots: the uncalled part goes back, and once no more
/// betting can happen every live hand is turned face up and the rest is dealt.
#[test]
fn once_betting_is_over_the_hands_are_turned_up_and_dealt_to_the_end() {
    let mut hand = hand(&[6, 20, 3], &SHORT);
    all_in_on_third(&mut hand);
    assert_eq!(
        count(&hand, |e| *e == Event::Returned { seat: 0, chips: 3 }),
        1
    );
    let turned: Vec<SeatIndex> = hand
        .events()
        .iter()
        .filter_map(|event| match event {
            Event::TurnedFaceUp { seat, cards } if cards.len() == 3 => Some(*seat),
            _ => None,
        })
        .collect();
    assert_eq!(turned, vec![0, 2]);
    assert_eq!(final_stacks(&hand), vec![10, 19, 0]);
    // The chips that came back leave seat 0 with chips behind: no longer all-in.
    assert_eq!(hand.state.seats.state[0], SeatState::Active);
    assert_eq!(hand.state.seats.state[2], SeatState::AllIn);
}

#[test]
fn a_paced_hand_whose_betting_is_over_is_dealt_one_street_at_a_time() {
    let mut hand = paced(&[6, 20, 3], &SHORT);
    all_in_on_third(&mut hand);
    assert_eq!(hand.phase(), Phase::DealingOut);
    assert_eq!(hand.act(0, Check).unwrap_err(), ActionError::DealingOut);
    assert_eq!(count(&hand, |e| matches!(e, Event::TurnedFaceUp { .. })), 2);
    for street in [Street::Fourth, Street::Fifth, Street::Sixth] {
        let dealt = hand.deal_next_street().unwrap();
        let up = dealt
            .iter()
            .filter(|e| matches!(e, Event::UpCard { street: s, .. } if *s == street))
            .count();
        assert_eq!(up, 2, "{street:?}");
        assert_eq!(hand.phase(), Phase::DealingOut);
    }
    let seventh = hand.deal_next_street().unwrap();
    assert!(seventh.iter().any(|e| matches!(e, Event::HandEnded { .. })));
    assert_eq!(hand.phase(), Phase::Over);
    assert_eq!(final_stacks(&hand), vec![10, 19, 0]);
    assert_eq!(hand.deal_next_street(), Err(ActionError::NotDealingOut));
}

#[test]
fn no_street_is_dealt_on_demand_while_the_betting_goes_on() {
    let mut hand = paced(&[100; 3], &THREE);
    assert_eq!(hand.deal_next_street(), Err(ActionError::NotDealingOut));
    assert_eq!(hand.to_act(), Some(0));
}

/// An all-in call on seventh street leaves nothing to deal: a paced hand shows down at once.
#[test]
fn an_all_in_on_seventh_street_goes_straight_to_the_showdown() {
    let seats = ["Ah Ad 5h 6c 7c 8c 4s", "Kh Kc 2c 9d 9h Jd 3s"];
    let mut hand = paced(&[8, 100], &seats);
    check_to(&mut hand, Street::Seventh);
    assert_eq!(hand.to_act(), Some(1));
    act(&mut hand, 1, ActionKind::Bet);
    act(&mut hand, 0, Call);
    assert_eq!(hand.phase(), Phase::Over);
    assert_eq!(count(&hand, |e| matches!(e, Event::TurnedFaceUp { .. })), 0);
    let total: u64 = final_stacks(&hand).iter().sum();
    assert_eq!(total, 108);
}

#[test]
fn a_community_card_is_turned_on_seventh_street_only() {
    let community: Card = "3s".parse().unwrap();
    let setup = HandSetup::from_seat_cards(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        &[100; 2],
        lists(&["Ah Ad 5h 6c 7c 8c", "Kh Kc 2c 9d 9h Jd"]),
        Some(community),
    );
    let mut hand = Hand::new(setup).unwrap();
    check_to(&mut hand, Street::Sixth);
    assert_eq!(hand.community(), None);
    check_to(&mut hand, Street::Seventh);
    assert_eq!(hand.community(), Some(community));
}
