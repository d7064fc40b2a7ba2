//! Properties every hand keeps, whatever the cards and the actions: chips are conserved,
//! no sequence of actions (legal or not) panics, and the same seed deals the same hand.

use proptest::prelude::*;
use studbot::table::{ActionKind, Deck, Event, Hand, OddChip, Rules, ShortAllIn, Stakes};

const KINDS: [ActionKind; 7] = [
    ActionKind::BringIn,
    ActionKind::Complete,
    ActionKind::Bet,
    ActionKind::Raise,
    ActionKind::Call,
    ActionKind::Check,
    ActionKind::Fold,
];

fn rules_from(bits: u8, max_raises: u32) -> Rules {
    Rules {
        max_raises,
        heads_up_uncapped: bits & 1 != 0,
        short_all_in: if bits & 2 != 0 {
            ShortAllIn::FullBet
        } else {
            ShortAllIn::HalfBet
        },
        odd_chip: if bits & 4 != 0 {
            OddChip::FirstSeat
        } else {
            OddChip::BySuit
        },
        open_pair_big_bet: bits & 8 != 0,
    }
}

/// Plays a hand to its end: each choice picks among the legal actions.
fn play_legally(hand: &mut Hand, choices: &[u8]) {
    let start_total = hand.total_chips();
    let mut step = 0;
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions();
        assert!(!legal.is_empty(), "seat {seat} to act with no legal action");
        let pick = choices.get(step).copied().unwrap_or(0) as usize % legal.len();
        let seq = hand.action_seq();
        hand.act(seat, legal[pick].kind)
            .expect("a legal action is accepted");
        assert_eq!(hand.action_seq(), seq + 1);
        assert_eq!(
            hand.total_chips(),
            start_total,
            "chips changed in the middle of a hand"
        );
        step += 1;
        assert!(step < 500, "the hand does not end");
    }
}

prop_compose! {
    fn table()(players in 2usize..=8)
        (stacks in proptest::collection::vec(1u64..120, players),
         ante in 0u64..3, bring_in in 1u64..4, small_extra in 0u64..4, big_extra in 1u64..8,
         seed in any::<u64>(), bits in 0u8..16, max_raises in 0u32..5)
        -> (Stakes, Rules, Vec<u64>, u64)
    {
        let small_bet = bring_in + small_extra;
        let stakes = Stakes { ante, bring_in, small_bet, big_bet: small_bet + big_extra };
        (stakes, rules_from(bits, max_raises), stacks, seed)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn chips_are_conserved_in_every_hand(
        (stakes, rules, stacks, seed) in table(),
        choices in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        let mut hand = Hand::start(stakes, rules, &stacks, Deck::seeded(seed)).unwrap();
        let start_total: u64 = stacks.iter().sum();
        prop_assert_eq!(hand.total_chips(), start_total);
        play_legally(&mut hand, &choices);
        let result = hand.result().expect("the hand is over");
        prop_assert_eq!(result.final_stacks.iter().sum::<u64>(), start_total);
        prop_assert_eq!(hand.total_chips(), start_total);
        let awarded: u64 = result.awards.iter().map(|a| a.amount).sum();
        let paid: u64 = result
            .awards
            .iter()
            .flat_map(|a| a.high.iter().chain(&a.low))
            .map(|(_, chips)| chips)
            .sum();
        prop_assert_eq!(awarded, paid, "every awarded chip reaches a player");
    }

    #[test]
    fn no_sequence_of_actions_panics_and_a_refused_action_changes_nothing(
        (stakes, rules, stacks, seed) in table(),
        attempts in proptest::collection::vec((0usize..10, 0usize..7), 0..200),
    ) {
        let mut hand = Hand::start(stakes, rules, &stacks, Deck::seeded(seed)).unwrap();
        let total = hand.total_chips();
        for (seat, kind) in attempts {
            let before_seq = hand.action_seq();
            let before_events = hand.events().len();
            let before_view = hand.public_view();
            match hand.act(seat, KINDS[kind]) {
                Ok(_) => prop_assert_eq!(hand.action_seq(), before_seq + 1),
                Err(_) => {
                    prop_assert_eq!(hand.action_seq(), before_seq);
                    prop_assert_eq!(hand.events().len(), before_events);
                    prop_assert_eq!(hand.public_view(), before_view);
                }
            }
            prop_assert_eq!(hand.total_chips(), total);
            for seat in 0..stacks.len() {
                prop_assert!(hand.private_view(seat).is_some());
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_hand(
        (stakes, rules, stacks, seed) in table(),
        choices in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        let mut first = Hand::start(stakes, rules, &stacks, Deck::seeded(seed)).unwrap();
        let mut second = Hand::start(stakes, rules, &stacks, Deck::seeded(seed)).unwrap();
        play_legally(&mut first, &choices);
        play_legally(&mut second, &choices);
        prop_assert_eq!(first.events(), second.events());
        let ended = matches!(first.events().last(), Some(Event::HandEnded { .. }));
        prop_assert!(ended, "the last event ends the hand");
    }
}
