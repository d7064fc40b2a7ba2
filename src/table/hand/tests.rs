//! Tests of the hand machine in `hand/` (actions, streets, the ending, the setups), each named
//! after the docs/RULES.md rule or the machine's promise it proves. They drive whole hands from
//! known cards, beside the machine, so the rule files' mutants rebuild only the lib's tests.

use super::*;
use crate::table::deck::Deck;
use crate::table::eval::CardSet;
use crate::table::vocab::SeatState;
use ActionKind::{BetBig, BringIn, Call, Check, Complete, Fold};

fn lists(seats: &[&str]) -> Vec<Vec<Card>> {
    seats
        .iter()
        .map(|seat| Card::parse_many(seat).unwrap())
        .collect()
}

fn game_hand(game: Game, rules: Rules, stacks: &[u64], seats: &[&str]) -> Hand {
    let setup =
        HandSetup::from_seat_cards(game, Stakes::default(), rules, stacks, lists(seats), None);
    Hand::new(setup).unwrap()
}

fn hand(stacks: &[u64], seats: &[&str]) -> Hand {
    game_hand(Game::Stud8, Rules::default(), stacks, seats)
}

fn paced(stacks: &[u64], seats: &[&str]) -> Hand {
    let setup = HandSetup::from_seat_cards(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        stacks,
        lists(seats),
        None,
    );
    Hand::new(setup.street_by_street()).unwrap()
}

fn act(hand: &mut Hand, seat: SeatIndex, kind: ActionKind) -> Vec<Event> {
    hand.act(seat, kind)
        .unwrap_or_else(|error| panic!("seat {seat} {kind:?} refused: {error}"))
}

/// The seat to act checks, calls or brings in until `street` begins or the hand ends.
fn check_to(hand: &mut Hand, street: Street) {
    while let Some(seat) = hand.to_act().filter(|_| hand.street() < street) {
        let passive = [Check, Call, BringIn]
            .into_iter()
            .find(|&kind| hand.legal_action(kind).is_some());
        // An action that changed nothing would loop here for ever: fail at once instead.
        let taken = hand.action_seq();
        act(hand, seat, passive.unwrap_or(Fold));
        assert_ne!(
            hand.action_seq(),
            taken,
            "seat {seat}'s action was not taken"
        );
    }
}

fn kinds(hand: &Hand) -> Vec<ActionKind> {
    hand.legal_actions()
        .iter()
        .map(|action| action.kind)
        .collect()
}

fn final_stacks(hand: &Hand) -> Vec<u64> {
    hand.result()
        .map(|r| r.final_stacks.clone())
        .unwrap_or_default()
}

fn count(hand: &Hand, wanted: impl Fn(&Event) -> bool) -> usize {
    hand.events().iter().filter(|event| wanted(event)).count()
}

/// Seat 0 brings in (2c); at the showdown seat 1 (trip kings, the best board) shows first,
/// seat 2's eight-high straight and 7-6-5-4-2 low scoop, and seat 0's aces cannot win.
const THREE: [&str; 3] = [
    "Ah Ad 2c 9d Td Jd 3s",
    "Kh Kc Kd 4c 5c 6c 7h",
    "8h 7d Qh 6d 5d 4d 2s",
];

#[test]
fn the_lowest_door_card_brings_in_and_the_best_board_acts_first_after_third() {
    let mut hand = hand(&[100; 3], &THREE);
    assert_eq!(hand.to_act(), Some(0));
    assert_eq!(kinds(&hand), vec![BringIn, Complete]);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Call);
    act(&mut hand, 2, Call);
    // Everyone called the bring-in: the round is over, fourth street goes to the K board.
    assert_eq!(hand.street(), Street::Fourth);
    assert_eq!(hand.to_act(), Some(1));
}

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

#[test]
fn a_fold_that_leaves_two_players_goes_on_and_the_last_fold_ends_the_hand_uncontested() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Fold);
    assert!(hand.result().is_none());
    assert_eq!(hand.to_act(), Some(2));
    act(&mut hand, 2, Fold);
    let result = hand.result().unwrap();
    assert_eq!(result.final_stacks, vec![102, 99, 99]);
    assert!(result.awards[0].uncontested);
    assert!(result.shown.is_empty());
    // The bring-in nobody called goes back before the pot is taken.
    let returned = count(&hand, |e| *e == Event::Returned { seat: 0, chips: 2 });
    assert_eq!(returned, 1);
    assert_eq!(count(&hand, |e| matches!(e, Event::Shown { .. })), 0);
}

#[test]
fn the_legal_actions_are_those_of_the_seat_to_act_and_change_with_each_action() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    assert_eq!(kinds(&hand), vec![Fold, Call, Complete]);
    let iterated: Vec<LegalAction> = hand.legal_iter().collect();
    assert_eq!(iterated, hand.legal_actions());
    let call = hand.legal_action(Call).unwrap();
    assert_eq!((call.chips, call.total), (2, 2));
    assert_eq!(hand.legal_action(Check), None);
}

#[test]
fn an_action_returns_the_events_it_caused() {
    let mut hand = hand(&[100; 3], &THREE);
    let before = hand.events().len();
    let caused = act(&mut hand, 0, BringIn);
    assert_eq!(caused, hand.events()[before..].to_vec());
    assert!(matches!(
        caused[..],
        [Event::Acted {
            seat: 0,
            kind: BringIn,
            chips: 2,
            ..
        }]
    ));
}

#[test]
fn an_action_not_offered_or_out_of_turn_is_refused_by_name_and_changes_nothing() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    let events = hand.events().len();
    assert_eq!(
        hand.act(1, Check).unwrap_err(),
        ActionError::NotAllowed {
            kind: Check,
            allowed: "fold, call 2, complete to 5".into()
        }
    );
    assert_eq!(
        hand.act(2, Call).unwrap_err(),
        ActionError::NotYourTurn { seat: 2, to_act: 1 }
    );
    assert_eq!(hand.act(3, Call).unwrap_err(), ActionError::NoSuchSeat(3));
    assert_eq!(
        hand.act_quietly(0, Call),
        Err(ActionError::NotYourTurn { seat: 0, to_act: 1 })
    );
    assert_eq!(hand.events().len(), events);
    assert_eq!(hand.to_act(), Some(1));
    act(&mut hand, 1, Fold);
    act(&mut hand, 2, Fold);
    assert_eq!(hand.act(0, Check).unwrap_err(), ActionError::HandOver);
}

/// docs/RULES.md, Stakes, open pair: with `open_pair_big_bet` on, a pair showing on fourth
/// street offers the big bet, on fourth street only.
#[test]
fn an_open_pair_on_fourth_street_offers_the_big_bet_only_with_the_option_on() {
    let seats = ["Ah Ad 5h 6c 7c 8c 4s", "Kh Kc 9d 9h 2h Jd 3s"];
    let open_pair = Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    };
    let mut on = game_hand(Game::Stud8, open_pair, &[100; 2], &seats);
    check_to(&mut on, Street::Fourth);
    assert_eq!(on.to_act(), Some(1));
    assert!(on.legal_action(BetBig).is_some());
    check_to(&mut on, Street::Fifth);
    assert_eq!(on.legal_action(BetBig), None);
    let mut off = game_hand(Game::Stud8, Rules::default(), &[100; 2], &seats);
    check_to(&mut off, Street::Fourth);
    assert_eq!(off.legal_action(BetBig), None);
    // Razz has no open-pair big bet: a mix table's razz hands are dealt without it.
    let mut razz = game_hand(Game::Razz, open_pair, &[100; 2], &seats);
    check_to(&mut razz, Street::Fourth);
    assert_eq!(razz.legal_action(BetBig), None);
}

#[test]
fn no_big_bet_is_offered_on_fourth_street_without_a_pair_showing() {
    let seats = ["Ah Ad 5h 6c 7c 8c 4s", "Kh Kc 2c 9d 9h Jd 3s"];
    let open_pair = Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    };
    let mut hand = game_hand(Game::Stud8, open_pair, &[100; 2], &seats);
    check_to(&mut hand, Street::Fourth);
    assert_eq!(hand.legal_action(BetBig), None);
}

/// Seat 2 brings in all-in (2c), seat 0 completes all-in to 5 and seat 1 folds: the 3 chips
/// nobody could call go back to seat 0, who then has chips again.
const SHORT: [&str; 3] = [
    "Kh Kc Kd 4c 5c 6c 7h",
    "8h 7d Qh 6d 5d 4d 2s",
    "Ah Ad 2c 9d Td Jd 3s",
];

fn all_in_on_third(hand: &mut Hand) {
    act(hand, 2, BringIn);
    act(hand, 0, Complete);
    act(hand, 1, Fold);
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

/// A seat list too short for the next street: the action that would deal it is refused and
/// changes nothing; the actions before it stand.
#[test]
fn an_action_that_needs_a_card_the_lists_lack_is_refused_and_changes_nothing() {
    let mut hand = hand(&[100; 2], &["Ah Ad 2c 9d", "Kh Kc Kd"]);
    act(&mut hand, 0, BringIn);
    assert_eq!(hand.to_act(), Some(1));
    let events = hand.events().len();
    assert_eq!(
        hand.act(1, Call),
        Err(ActionError::MissingCard {
            seat: 1,
            street: Street::Fourth
        })
    );
    assert_eq!(hand.events().len(), events);
    assert_eq!(hand.to_act(), Some(1));
    assert_eq!(hand.street(), Street::Third);
    act(&mut hand, 1, Fold);
    assert_eq!(final_stacks(&hand), vec![101, 99]);
}

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

#[test]
fn a_hand_tells_its_stakes_rules_seats_starting_stacks_chips_and_accepted_actions() {
    let stakes = Stakes {
        ante: 2,
        bring_in: 3,
        small_bet: 6,
        big_bet: 12,
    };
    let rules = Rules {
        max_raises: 4,
        heads_up_uncapped: false,
        ..Rules::default()
    };
    let setup = HandSetup::from_seat_cards(
        Game::Stud8,
        stakes,
        rules,
        &[50, 60, 70],
        lists(&THREE),
        None,
    );
    let mut hand = Hand::new(setup).unwrap();
    assert_eq!(*hand.stakes(), stakes);
    assert_eq!(*hand.rules(), rules);
    assert_eq!(hand.seat_count(), 3);
    assert_eq!(hand.starting_stacks(), [50, 60, 70]);
    assert_eq!(hand.total_chips(), 180);
    assert_eq!(hand.action_seq(), 0);
    act(&mut hand, 0, BringIn);
    assert!(hand.act(2, Call).is_err());
    assert_eq!(hand.action_seq(), 1);
    act(&mut hand, 1, Call);
    assert_eq!(hand.action_seq(), 2);
    // Chips in the pot count: 6 antes and two bring-ins.
    assert_eq!(hand.total_chips(), 180);
    assert!(!hand.is_over());
    check_to(&mut hand, Street::Showdown);
    assert!(hand.is_over());
    assert_eq!(hand.total_chips(), 180);
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

#[test]
fn the_public_view_shows_stacks_bets_up_cards_and_the_turn_but_no_down_card() {
    let mut hand = hand(&[100; 3], &THREE);
    act(&mut hand, 0, BringIn);
    let view = hand.public_view();
    assert_eq!((view.game, view.street), (Game::Stud8, Street::Third));
    assert_eq!((view.pot, view.to_act), (5, Some(1)));
    assert_eq!(view.legal, hand.legal_actions());
    let last = view
        .last_action
        .map(|(seat, action)| (seat, action.kind, action.chips));
    assert_eq!(last, Some((0, BringIn, 2)));
    assert_eq!(view.seats.len(), 3);
    let bringer = &view.seats[0];
    assert_eq!(
        (bringer.stack, bringer.street_bet, bringer.committed),
        (97, 2, 3)
    );
    assert_eq!(bringer.up_cards, Card::parse_many("2c").unwrap());
    assert_eq!((bringer.down_count, bringer.state), (2, SeatState::Active));
    assert!(view.seats.iter().all(|seat| seat.shown.is_none()));
    // Refilled in place, a bigger table's view becomes this one's.
    let mut reused = view;
    let two = self::hand(&[100; 2], &THREE[..2]);
    two.fill_public_view(&mut reused);
    assert_eq!(reused, two.public_view());
}

#[test]
fn the_public_view_shows_the_hands_shown_at_showdown_or_turned_up_and_no_other() {
    let all = lists(&THREE);
    let mut shown_down = hand(&[100; 3], &THREE);
    check_to(&mut shown_down, Street::Showdown);
    let shown: Vec<Option<Vec<Card>>> = shown_down
        .public_view()
        .seats
        .into_iter()
        .map(|seat| seat.shown)
        .collect();
    assert_eq!(
        shown,
        vec![None, Some(all[1].clone()), Some(all[2].clone())]
    );
    let mut turned_up = paced(&[6, 20, 3], &SHORT);
    all_in_on_third(&mut turned_up);
    let shown: Vec<usize> = turned_up
        .public_view()
        .seats
        .iter()
        .map(|seat| seat.shown.as_ref().map_or(0, Vec::len))
        .collect();
    assert_eq!(shown, vec![3, 0, 3]);
}

/// Seat 0 brings in all-in for 2 and the others complete and call: the main pot holds 3
/// from each, the side pot the 3 more each of seats 1 and 2 put in.
#[test]
fn the_public_views_pots_are_the_main_pot_and_the_side_pot_an_all_in_cannot_win() {
    let mut hand = paced(&[3, 100, 100], &THREE);
    act(&mut hand, 0, BringIn);
    act(&mut hand, 1, Complete);
    act(&mut hand, 2, Call);
    assert_eq!(hand.street(), Street::Fourth);
    assert_eq!(
        hand.public_view().pots(),
        vec![(9, vec![0, 1, 2]), (6, vec![1, 2])]
    );
    act(&mut hand, 1, Check);
    act(&mut hand, 2, ActionKind::Bet);
    // Seat 1's folded chips stay in the side pot, which only seat 2 can win now.
    act(&mut hand, 1, Fold);
    assert_eq!(
        hand.public_view().pots(),
        vec![(9, vec![0, 2]), (6, vec![2])]
    );
}

#[test]
fn a_private_view_shows_a_seat_its_own_cards_and_there_is_none_for_a_seat_not_dealt_in() {
    let hand = hand(&[100; 3], &THREE);
    let view = hand.private_view(2).unwrap();
    assert_eq!(view.seat, 2);
    assert_eq!(view.down_cards, Card::parse_many("8h 7d").unwrap());
    assert_eq!(view.up_cards, Card::parse_many("Qh").unwrap());
    let cards: CardSet = Card::parse_many("8h 7d Qh").unwrap().into_iter().collect();
    assert_eq!((view.high, view.low), cards.high_low());
    assert_eq!(hand.private_view(3), None);
    let mut kept = view.clone();
    assert!(!hand.fill_private_view(3, &mut kept));
    assert_eq!(kept, view);
}
