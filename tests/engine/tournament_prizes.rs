//! A sit & go's prizes: payout tables and their division, finishing places and prizes at
//! the bust (shared places, a hand that does not fit refused), a cancel's refund or ICM
//! shares, and deals (ICM, chip chop), with the invariants that every payout sums to the
//! prize pool.

use proptest::prelude::*;
use studbot::table::GameChoice;
use studbot::tournament::{
    CancelDivision, DealError, DealKind, Finish, PayoutError, PayoutTable, Tournament,
    TournamentError, divide_in_proportion,
};

use crate::tournament_core::{settings, start};

fn finish(seat: usize, place: usize, hands: u64, prize: u64) -> Finish {
    Finish {
        seat,
        place,
        hands,
        prize,
        paid: false,
    }
}

#[test]
fn the_default_payouts_follow_the_entrants() {
    let table = |entrants| PayoutTable::for_entrants(entrants).percentages().to_vec();
    assert_eq!(table(2), vec![100]);
    assert_eq!(table(4), vec![100]);
    assert_eq!(table(5), vec![65, 35]);
    assert_eq!(table(6), vec![65, 35]);
    assert_eq!(table(7), vec![50, 30, 20]);
    assert_eq!(table(8), vec![50, 30, 20]);
}

#[test]
fn odd_chips_of_a_payout_go_to_the_higher_place() {
    assert_eq!(PayoutTable::for_entrants(6).divide(101), vec![66, 35]);
    assert_eq!(PayoutTable::for_entrants(8).divide(7), vec![4, 2, 1]);
    assert_eq!(PayoutTable::for_entrants(8).divide(0), vec![0, 0, 0]);
    let max = u64::MAX;
    assert_eq!(PayoutTable::for_entrants(3).divide(max), vec![max]);
}

#[test]
fn a_payout_table_not_summing_to_a_hundred_percent_is_refused() {
    assert_eq!(
        PayoutTable::new(vec![60, 30]),
        Err(PayoutError::NotHundred(90))
    );
    assert_eq!(
        PayoutTable::new(vec![60, 41]),
        Err(PayoutError::NotHundred(101))
    );
    assert!(PayoutTable::new(vec![60, 40]).is_ok());
    assert_eq!(PayoutTable::new(vec![]), Err(PayoutError::NoPlaces));
    assert_eq!(
        PayoutTable::new(vec![100, 0]),
        Err(PayoutError::ZeroPlace(2))
    );
    assert!(matches!(
        PayoutTable::new(vec![30, 70]),
        Err(PayoutError::LowerPlacePaidMore { place: 2, .. })
    ));
    assert_eq!(
        PayoutTable::parse("50/30/20%").map(|t| t.places_paid()),
        Ok(3)
    );
    assert!(matches!(
        PayoutTable::parse("half/half"),
        Err(PayoutError::Unreadable(_))
    ));
}

#[test]
fn a_payout_table_paying_every_entrant_or_more_is_refused_at_the_start() {
    let mut three_places = settings(GameChoice::Stud8, 10);
    three_places.payouts = Some(PayoutTable::new(vec![50, 30, 20]).expect("valid"));
    for entrants in [2, 3] {
        assert_eq!(
            Tournament::start(three_places.clone(), entrants),
            Err(TournamentError::MorePlacesThanEntrants {
                places: 3,
                entrants
            })
        );
    }
    assert!(Tournament::start(three_places, 4).is_ok());
}

#[test]
fn two_busted_in_one_hand_place_by_their_stacks_at_the_hands_start() {
    let mut tournament = start(4, 100);
    let first = tournament.next_hand().expect("a hand");
    assert_eq!(first.seats, vec![0, 1, 2, 3]);
    assert_eq!(first.stacks, vec![600; 4]);
    assert_eq!(tournament.record_hand(&[900, 300, 600, 600]), Ok(vec![]));
    let second = tournament.next_hand().expect("a hand");
    assert_eq!(
        second.seats,
        vec![1, 2, 3, 0],
        "the first seat dealt moves one to the left"
    );
    // Seat 1 began the hand with 300 and seat 2 with 600: seat 2 places higher.
    let busted = tournament.record_hand(&[0, 0, 1500, 900]).expect("fits");
    assert_eq!(busted, vec![finish(1, 4, 2, 0), finish(2, 3, 2, 0)]);
    assert_eq!(tournament.payouts(), None, "not over yet");
    let last = tournament.next_hand().expect("a hand");
    assert_eq!(
        last.seats,
        vec![3, 0],
        "seat 1 dealt first last; seats 2 is out, so seat 3 is first"
    );
    let decided = tournament.record_hand(&[2400, 0]).expect("fits");
    assert_eq!(
        decided
            .iter()
            .map(|f| (f.seat, f.place))
            .collect::<Vec<_>>(),
        vec![(0, 2), (3, 1)],
        "the last player standing wins"
    );
    assert!(tournament.is_over());
    assert_eq!(tournament.next_hand(), None);
    assert_eq!(tournament.record_hand(&[2400]), Err(TournamentError::Over));
    let payouts = tournament.payouts().expect("over");
    assert_eq!(
        payouts
            .iter()
            .map(|p| (p.seat, p.place, p.chips))
            .collect::<Vec<_>>(),
        vec![(3, 1, 400), (0, 2, 0), (2, 3, 0), (1, 4, 0)]
    );
}

#[test]
fn equal_stacks_busted_in_one_hand_share_their_places_payouts() {
    let mut tournament = start(7, 101);
    // Seats 3 to 6 lose everything to seat 0: places 4 to 7.
    tournament
        .record_hand(&[3000, 600, 600, 0, 0, 0, 0])
        .expect("fits");
    let next = tournament.next_hand().expect("a hand");
    assert_eq!(next.seats, vec![1, 2, 0]);
    let decided = tournament.record_hand(&[0, 0, 4200]).expect("fits");
    assert_eq!(
        decided
            .iter()
            .map(|f| (f.seat, f.place))
            .collect::<Vec<_>>(),
        vec![(1, 2), (2, 2), (0, 1)]
    );
    // 707 pays 354/212/141; places 2 and 3 are shared: 353 between seats 1 and 2.
    let payouts = tournament.payouts().expect("over");
    let paid: Vec<(usize, usize, u64)> = payouts
        .iter()
        .take(3)
        .map(|p| (p.seat, p.place, p.chips))
        .collect();
    assert_eq!(paid, vec![(0, 1, 354), (1, 2, 177), (2, 2, 176)]);
    assert_eq!(payouts.iter().map(|p| p.chips).sum::<u64>(), 707);
}

#[test]
fn a_hand_whose_stacks_do_not_fit_is_refused_and_changes_nothing() {
    let mut tournament = start(3, 10);
    let before = tournament.clone();
    assert_eq!(
        tournament.record_hand(&[600, 600, 601]),
        Err(TournamentError::ChipsNotConserved {
            before: 1800,
            after: 1801
        })
    );
    assert_eq!(
        tournament.record_hand(&[900, 900]),
        Err(TournamentError::StackCount {
            expected: 3,
            got: 2
        })
    );
    assert_eq!(
        tournament.record_hand(&[u64::MAX, 1, 0]),
        Err(TournamentError::ChipsNotConserved {
            before: 1800,
            after: u64::MAX
        })
    );
    assert_eq!(tournament, before);
}

#[test]
fn a_cancel_refunds_every_buy_in_until_someone_is_out_then_divides_the_unpaid_prizes_by_icm() {
    // Eight of 100 paying 50/30/20: 400/240/160.
    let mut tournament = start(8, 100);
    assert_eq!(tournament.cancel_division(), Some(CancelDivision::Refund));
    tournament
        .record_hand(&[900, 300, 600, 600, 600, 600, 600, 600])
        .expect("fits");
    assert_eq!(
        tournament.cancel_division(),
        Some(CancelDivision::Refund),
        "chips moved but nobody is out: every buy-in back"
    );
    // Five are out in one hand (places 4 to 8, unpaid); three are left with 4200/500/100.
    let next = tournament.next_hand().expect("a hand");
    let mut end = vec![0; next.seats.len()];
    for (index, &seat) in next.seats.iter().enumerate() {
        end[index] = match seat {
            0 => 4_200,
            1 => 500,
            2 => 100,
            _ => 0,
        };
    }
    tournament.record_hand(&end).expect("fits");
    assert_eq!(tournament.players_left(), vec![0, 1, 2]);
    // ICM 379.6 / 243.5 / 176.9: rounded down, the odd chips to the larger stacks; never
    // more than first prize (a chip split would give the leader 700).
    let mut shares = vec![380, 244, 176];
    shares.resize(8, 0);
    assert_eq!(
        tournament.cancel_division(),
        Some(CancelDivision::Shares(shares))
    );
}

#[test]
fn a_paid_place_is_paid_at_its_bust_and_keeps_it_through_a_cancel() {
    // Seven of 100: 350/210/140.
    let mut tournament = start(7, 100);
    // Seats 3 to 6 out in one hand with equal stacks: places 4 to 7 shared, unpaid.
    let decided = tournament
        .record_hand(&[1_800, 1_200, 1_200, 0, 0, 0, 0])
        .expect("fits");
    assert!(decided.iter().all(|f| f.place == 4 && f.prize == 0));
    tournament.mark_prizes_paid();
    let next = tournament.next_hand().expect("a hand");
    let end: Vec<u64> = next
        .seats
        .iter()
        .map(|&seat| match seat {
            0 => 3_000,
            1 => 1_200,
            _ => 0,
        })
        .collect();
    let decided = tournament.record_hand(&end).expect("fits");
    assert_eq!(decided, vec![finish(2, 3, 2, 140)], "third is paid at once");
    assert_eq!(tournament.prizes_due(), vec![finish(2, 3, 2, 140)]);
    tournament.mark_prizes_paid();
    assert!(tournament.prizes_due().is_empty());
    // Cancelled heads-up: third's 140 stands; 350/210 go by ICM within 210..=350.
    let Some(CancelDivision::Shares(shares)) = tournament.cancel_division() else {
        panic!("a bust happened: shares");
    };
    assert_eq!(shares.iter().sum::<u64>(), 560);
    assert_eq!(shares[2], 0, "third was paid at the bust");
    // 210 + 140 x 3000/4200 = 310.
    assert_eq!((shares[0], shares[1]), (310, 250));
}

#[test]
fn a_deal_pays_icm_or_a_chip_chop_and_places_the_players_by_chips() {
    // Five of 100 paying 65/35: 325/175.
    let mut tournament = start(5, 100);
    assert_eq!(
        tournament.deal_amounts(DealKind::Icm),
        Err(DealError::Players(5)),
        "more than four left"
    );
    tournament
        .record_hand(&[2_800, 200, 0, 0, 0])
        .expect("fits");
    assert_eq!(
        tournament.deal_amounts(DealKind::Icm),
        Ok(vec![(0, 315), (1, 185)])
    );
    assert_eq!(
        tournament.deal_amounts(DealKind::ChipChop),
        Ok(vec![(0, 315), (1, 185)]),
        "heads-up, the chop is ICM"
    );
    let decided = tournament.end_by_deal(DealKind::Icm).expect("made");
    assert_eq!(decided, vec![finish(0, 1, 1, 315), finish(1, 2, 1, 185)]);
    assert!(tournament.is_over());
    assert_eq!(tournament.deal(), Some(DealKind::Icm));
    let payouts = tournament.payouts().expect("over");
    assert_eq!(payouts.iter().map(|p| p.chips).sum::<u64>(), 500);
    assert_eq!(tournament.cancel_division(), None);
}

#[test]
fn a_chip_chop_guarantees_the_last_prize_left_and_divides_the_rest_by_chips() {
    // Eight of 100 (400/240/160); four left with 2400/1200/900/300 on the bubble.
    let mut tournament = start(8, 100);
    tournament
        .record_hand(&[2_400, 1_200, 900, 300, 0, 0, 0, 0])
        .expect("fits");
    let chop = tournament
        .deal_amounts(DealKind::ChipChop)
        .expect("four left");
    // Nothing guaranteed (fourth is unpaid): 800 by chips, 400/200/150/50.
    assert_eq!(chop, vec![(0, 400), (1, 200), (2, 150), (3, 50)]);
    let icm = tournament.deal_amounts(DealKind::Icm).expect("four left");
    assert_eq!(icm, vec![(0, 301), (1, 227), (2, 196), (3, 76)]);
}

/// Plays a tournament of `entrants` whose every hand moves chips as `moves` say (loser,
/// winner, amount, each taken modulo what fits), then gives everything to one player.
fn play_out(entrants: usize, buy_in: u64, moves: &[(usize, usize, u64)]) -> Tournament {
    let mut tournament = start(entrants, buy_in);
    for &(loser, winner, amount) in moves {
        let Some(hand) = tournament.next_hand() else {
            break;
        };
        let mut stacks = hand.stacks.clone();
        let (loser, winner) = (loser % stacks.len(), winner % stacks.len());
        let moved = amount % (stacks[loser] + 1);
        stacks[loser] -= moved;
        stacks[winner] += moved;
        tournament.record_hand(&stacks).expect("conserved");
    }
    while let Some(hand) = tournament.next_hand() {
        let total: u64 = hand.stacks.iter().sum();
        let mut stacks = vec![0; hand.stacks.len()];
        stacks[0] = total;
        tournament.record_hand(&stacks).expect("conserved");
    }
    tournament
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn payouts_always_sum_to_the_prize_pool_and_every_entrant_finishes_once(
        entrants in 2usize..=8,
        buy_in in prop_oneof![0u64..1000, Just(u64::MAX / 8)],
        moves in prop::collection::vec((0usize..8, 0usize..8, 0u64..2000), 0..60),
    ) {
        let tournament = play_out(entrants, buy_in, &moves);
        let payouts = tournament.payouts().expect("over");
        prop_assert_eq!(payouts.iter().map(|p| p.chips).sum::<u64>(), tournament.prize_pool());
        let mut seats: Vec<usize> = payouts.iter().map(|p| p.seat).collect();
        seats.sort_unstable();
        prop_assert_eq!(seats, (0..entrants).collect::<Vec<_>>());
        prop_assert_eq!(payouts.iter().filter(|p| p.place == 1).count(), 1);
        prop_assert!(payouts.windows(2).all(|pair| pair[0].chips >= pair[1].chips));
    }

    #[test]
    fn every_payout_table_divides_any_pool_exactly(
        cuts in prop::collection::vec(1u32..100, 0..7),
        pool in any::<u64>(),
    ) {
        let mut cuts = cuts;
        cuts.push(0);
        cuts.push(100);
        cuts.sort_unstable();
        cuts.dedup();
        let mut percentages: Vec<u32> = cuts.windows(2).map(|pair| pair[1] - pair[0]).collect();
        percentages.sort_unstable_by(|a, b| b.cmp(a));
        let table = PayoutTable::new(percentages).expect("sums to 100");
        let shares = table.divide(pool);
        prop_assert_eq!(shares.iter().map(|&s| u128::from(s)).sum::<u128>(), u128::from(pool));
        prop_assert!(shares.windows(2).all(|pair| pair[0] >= pair[1]));
    }

    #[test]
    fn a_division_in_proportion_sums_to_the_total(
        total in any::<u64>(),
        weights in prop::collection::vec(0u64..u64::MAX / 8, 1..9),
    ) {
        let shares = divide_in_proportion(total, &weights);
        prop_assert_eq!(shares.iter().map(|&s| u128::from(s)).sum::<u128>(), u128::from(total));
    }
}
