//! Properties every hand keeps, whatever the cards and the actions: chips are conserved,
//! no sequence of actions (legal or not) panics, the same seed deals the same hand, and a
//! hand restarted in place is the hand a new start deals, and every wager offered is a
//! whole one.

use proptest::prelude::*;
use studbot::table::{
    ActionKind, Deck, Event, Game, Hand, HandSetup, LegalAction, OddChip, Rules, ShortAllIn,
    Stakes, Street,
};

const KINDS: [ActionKind; 9] = ActionKind::ALL;

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

/// A bet, completion or raise: a wager that counts toward the cap when it is full.
fn is_wager(kind: ActionKind) -> bool {
    use ActionKind::*;
    matches!(kind, Complete | Bet | Raise | BetBig | RaiseBig)
}

/// What every wager offered to the seat to act must be: chips above the current bet, and,
/// unless it is an all-in for less, a small bet or raise of exactly the street's size, a big
/// one of at most the big bet, a completion of at most a full bet; once a big wager was made
/// on fourth street, no small one is offered.
fn check_wagers_offered(
    hand: &Hand,
    legal: &[LegalAction],
    went_big: bool,
) -> Result<(), TestCaseError> {
    let view = hand.public_view();
    let current = view.seats.iter().map(|s| s.street_bet).max().unwrap_or(0);
    let (small, big) = (view.stakes.small_bet, view.stakes.big_bet);
    let size = match view.street {
        Street::Third | Street::Fourth => small,
        _ => big,
    };
    for action in legal.iter().filter(|a| is_wager(a.kind)) {
        prop_assert!(
            action.total > current,
            "{:?} to {} adds nothing above the bet of {}",
            action.kind,
            action.total,
            current
        );
        let above = action.total - current;
        let whole = match action.kind {
            ActionKind::BetBig | ActionKind::RaiseBig => above <= big,
            ActionKind::Bet | ActionKind::Raise => above == size && !went_big,
            _ => above <= size || (view.street == Street::Fourth && above <= big),
        };
        prop_assert!(
            action.all_in || whole,
            "{:?} to {} over a bet of {} on {:?} ({}/{}{})",
            action.kind,
            action.total,
            current,
            view.street,
            small,
            big,
            if went_big { ", gone big" } else { "" }
        );
    }
    Ok(())
}

prop_compose! {
    fn table()(players in 2usize..=8)
        (stacks in proptest::collection::vec(1u64..120, players),
         ante in 0u64..3, bring_in in 1u64..4, small_extra in 0u64..4, big_extra in 1u64..8,
         seed in any::<u64>(), bits in 0u8..16, max_raises in 1u32..5)
        -> (Stakes, Rules, Vec<u64>, u64)
    {
        let small_bet = bring_in + small_extra;
        let stakes = Stakes { ante, bring_in, small_bet, big_bet: small_bet + big_extra };
        (stakes, rules_from(bits, max_raises), stacks, seed)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_wager_offered_adds_a_whole_bet_above_the_current_one_and_no_round_passes_the_cap(
        (stakes, rules, stacks, seed) in table(),
        game in 0..Game::ALL.len(),
        choices in proptest::collection::vec(any::<u8>(), 0..160),
    ) {
        let game = Game::ALL[game];
        let mut hand = Hand::new(HandSetup::from_deck(game, stakes, rules, &stacks, Deck::seeded(seed))).unwrap();
        let (mut street, mut wagers, mut went_big) = (hand.street(), 0u32, false);
        let mut step = 0;
        while let Some(seat) = hand.to_act() {
            if hand.street() != street {
                (street, wagers, went_big) = (hand.street(), 0, false);
            }
            let legal = hand.legal_actions();
            check_wagers_offered(&hand, &legal, went_big)?;
            let action = legal[choices.get(step).copied().unwrap_or(0) as usize % legal.len()];
            hand.act(seat, action.kind).expect("a legal action is accepted");
            if is_wager(action.kind) && !action.all_in {
                wagers += 1;
                went_big |= matches!(action.kind, ActionKind::BetBig | ActionKind::RaiseBig);
                // Without the heads-up exemption, a round holds at most the bet and its
                // raises; each of them was a whole wager (checked above).
                if !rules.heads_up_uncapped {
                    prop_assert!(
                        wagers <= rules.max_raises + 1,
                        "{} whole wagers on {:?} under a cap of {} raises",
                        wagers,
                        street,
                        rules.max_raises
                    );
                }
            }
            step += 1;
            prop_assert!(step < 500, "the hand does not end");
        }
    }

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
        for award in &result.awards {
            let split: u64 = award.high.iter().chain(&award.low).map(|(_, c)| c).sum();
            prop_assert_eq!(split, award.amount, "pot {} is split exactly", award.pot);
            for (seat, _) in award.high.iter().chain(&award.low) {
                prop_assert!(award.eligible.contains(seat), "seat {} won a pot it was not in", seat);
            }
            let shares: Vec<u64> = award.high.iter().map(|(_, c)| *c).collect();
            let spread = shares.iter().max().unwrap_or(&0) - shares.iter().min().unwrap_or(&0);
            prop_assert!(spread <= 1, "tied highs differ by at most the odd chip");
        }
    }

    #[test]
    fn no_sequence_of_actions_panics_and_a_refused_action_changes_nothing(
        (stakes, rules, stacks, seed) in table(),
        attempts in proptest::collection::vec((any::<bool>(), 0usize..10, 0usize..KINDS.len(), any::<u8>()), 0..200),
    ) {
        let mut hand = Hand::start(stakes, rules, &stacks, Deck::seeded(seed)).unwrap();
        let total = hand.total_chips();
        for (take_legal, seat, kind, pick) in attempts {
            // Half the attempts are legal moves, so the hand gets deep; the rest are anything.
            let (seat, kind) = match (take_legal, hand.to_act()) {
                (true, Some(to_act)) => {
                    let legal = hand.legal_actions();
                    (to_act, legal[pick as usize % legal.len()].kind)
                }
                _ => (seat, KINDS[kind]),
            };
            let before_seq = hand.action_seq();
            let before_events = hand.events().len();
            let before_view = hand.public_view();
            match hand.act(seat, kind) {
                Ok(_) => prop_assert_eq!(hand.action_seq(), before_seq + 1),
                Err(_) => {
                    prop_assert_eq!(hand.action_seq(), before_seq);
                    prop_assert_eq!(hand.events().len(), before_events);
                    prop_assert_eq!(hand.public_view(), before_view);
                }
            }
            prop_assert_eq!(hand.total_chips(), total);
            for seat in 0..stacks.len() {
                let view = hand.private_view(seat);
                prop_assert!(view.is_some());
                // Built from its cards alone (as the terminal builds yours from a board), a
                // view is the hand's.
                if let Some(view) = view {
                    let rebuilt = studbot::table::hand::PrivateView::of(
                        view.game,
                        seat,
                        view.down_cards.clone(),
                        view.up_cards.clone(),
                        view.community,
                    );
                    prop_assert_eq!(rebuilt, view);
                }
            }
        }
    }

    #[test]
    fn hands_from_short_card_lists_refuse_what_they_cannot_deal_and_never_panic(
        (stakes, rules, stacks, seed) in table(),
        lengths in proptest::collection::vec(3usize..=7, 8),
        community in any::<bool>(),
        choices in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        let mut deck = Deck::seeded(seed);
        let lists: Vec<Vec<_>> = (0..stacks.len())
            .map(|seat| (0..lengths[seat]).filter_map(|_| deck.deal()).collect())
            .collect();
        let community = if community { deck.deal() } else { None };
        let Ok(mut hand) = Hand::new(HandSetup::from_seat_cards(Game::Stud8, stakes, rules, &stacks, lists, community))
        else {
            return Ok(());
        };
        let total = hand.total_chips();
        for pick in choices {
            let Some(seat) = hand.to_act() else { break };
            let legal = hand.legal_actions();
            let kind = legal[pick as usize % legal.len()].kind;
            let before = (hand.action_seq(), hand.events().len());
            if hand.act(seat, kind).is_err() {
                prop_assert_eq!(before, (hand.action_seq(), hand.events().len()));
            }
            prop_assert_eq!(hand.total_chips(), total);
        }
    }

    #[test]
    fn huge_stakes_and_stacks_neither_overflow_nor_panic(
        players in 2usize..=8,
        stack in (u64::MAX / 16)..(u64::MAX / 8),
        bring_in in 1u64..(u64::MAX / 4),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u8>(), 0..60),
    ) {
        let stakes = Stakes { ante: stack / 3, bring_in, small_bet: bring_in, big_bet: u64::MAX };
        let stacks = vec![stack; players];
        let mut hand = Hand::start(stakes, Rules::default(), &stacks, Deck::seeded(seed)).unwrap();
        let total = hand.total_chips();
        play_legally(&mut hand, &choices);
        prop_assert_eq!(hand.total_chips(), total);
        prop_assert_eq!(hand.result().unwrap().final_stacks.iter().sum::<u64>(), total);
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

    #[test]
    fn a_restarted_hand_is_the_hand_a_new_start_deals(
        (first_stakes, first_rules, first_stacks, first_seed) in table(),
        (stakes, rules, stacks, seed) in table(),
        games in (0..Game::ALL.len(), 0..Game::ALL.len()),
        first_choices in proptest::collection::vec(any::<u8>(), 0..120),
        choices in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        let (first_game, game) = (Game::ALL[games.0], Game::ALL[games.1]);
        let mut restarted =
            Hand::new(HandSetup::from_deck(first_game, first_stakes, first_rules, &first_stacks, Deck::seeded(first_seed)))
                .unwrap();
        play_legally(&mut restarted, &first_choices);
        restarted.restart(HandSetup::from_deck(game, stakes, rules, &stacks, Deck::seeded(seed))).unwrap();
        let mut new = Hand::new(HandSetup::from_deck(game, stakes, rules, &stacks, Deck::seeded(seed))).unwrap();
        prop_assert_eq!(restarted.public_view(), new.public_view());
        play_legally(&mut restarted, &choices);
        play_legally(&mut new, &choices);
        prop_assert_eq!(restarted.events(), new.events());
        prop_assert_eq!(restarted.result(), new.result());
        prop_assert_eq!(restarted.starting_stacks(), new.starting_stacks());

        // A refused restart changes nothing.
        let before = (restarted.public_view(), restarted.events().to_vec());
        let no_chips = vec![0; stacks.len()];
        prop_assert!(restarted.restart(HandSetup::from_deck(game, stakes, rules, &no_chips, Deck::seeded(seed))).is_err());
        prop_assert_eq!((restarted.public_view(), restarted.events().to_vec()), before);
    }
}
