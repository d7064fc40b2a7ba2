//! Equity on the board: only when betting is over, only from public cards (folded up cards
//! dead, down cards unknown), side pots among their own players, and the community seventh
//! card when the real deck runs short.

use crate::common::cards;
use studbot::equity::board::{Budget, betting_is_over, board_equity};
use studbot::equity::{Method, Spot, SpotPot, solve};
use studbot::table::hand::{PublicSeat, PublicView, SeatState, Street};
use studbot::table::{Card, Game, Stakes};

fn seat(up: &str, down_count: usize, committed: u64, state: SeatState) -> PublicSeat {
    PublicSeat {
        stack: if state == SeatState::Active { 100 } else { 0 },
        street_bet: 0,
        committed,
        up_cards: cards(up),
        down_count,
        state,
        shown: None,
        wagers: [0; 5],
        acted: None,
    }
}

fn view(street: Street, seats: Vec<PublicSeat>, to_act: Option<usize>) -> PublicView {
    PublicView {
        game: Game::Stud8,
        stakes: Stakes::default(),
        street,
        pot: seats.iter().map(|s| s.committed).sum(),
        seats,
        community: None,
        to_act,
        legal: Vec::new(),
        last_action: None,
    }
}

#[test]
fn no_equity_while_someone_can_still_bet() {
    let seats = vec![
        seat("9c 9s", 2, 20, SeatState::Active),
        seat("Kd Kh", 2, 20, SeatState::Active),
    ];
    let board = view(Street::Fourth, seats, Some(0));
    assert!(!betting_is_over(&board));
    let pots = vec![(40, vec![0, 1])];
    assert_eq!(board_equity(&board, &pots, Budget::default()), None);
}

#[test]
fn board_equity_counts_folded_up_cards_dead_and_hidden_down_cards_unknown() {
    // Seat 0 is all-in for 30; seats 2 and 3 have 50 each in; seat 1 folded its 7c 7d up.
    let seats = vec![
        seat("As 2h 3d", 2, 30, SeatState::AllIn),
        seat("7c 7d", 2, 10, SeatState::Folded),
        seat("Kd Kh 6s", 2, 50, SeatState::AllIn),
        seat("Qc Jc Tc", 2, 50, SeatState::Active),
    ];
    let board = view(Street::Fifth, seats, None);
    assert!(betting_is_over(&board));
    let pots = vec![(100, vec![0, 2, 3]), (40, vec![2, 3])];
    let budget = Budget {
        max_work: 0,
        samples: 200_000,
        seed: 3,
        threads: 2,
    };
    let equity = board_equity(&board, &pots, budget).expect("all-in board");
    assert!(!equity.exact, "a zero budget estimates");
    assert_eq!(
        equity.seats.iter().map(|s| s.seat).collect::<Vec<_>>(),
        [0, 2, 3]
    );

    // The same question asked directly: up cards only, the folded up cards dead.
    let spot = Spot::new(
        Game::Stud8,
        vec![cards("As 2h 3d"), cards("Kd Kh 6s"), cards("Qc Jc Tc")],
        &cards("7c 7d"),
    )
    .unwrap()
    .with_pots(vec![
        SpotPot {
            amount: 100,
            players: vec![0, 1, 2],
        },
        SpotPot {
            amount: 40,
            players: vec![1, 2],
        },
    ])
    .unwrap();
    let direct = solve(
        &spot,
        Method::Sample {
            samples: 200_000,
            seed: 3,
        },
        1,
    )
    .unwrap();
    for (on_board, asked) in equity.seats.iter().zip(&direct.players) {
        assert_eq!(on_board.equity, asked.equity);
        assert_eq!(on_board.scoop, asked.scoop);
    }
    // Seat 0 can win only the main pot: at most 100 of the 140 chips.
    assert!(equity.seats[0].equity.to_f64() <= 100.0 / 140.0);
}

#[test]
fn eight_all_in_on_sixth_street_share_a_community_seventh_card_exactly() {
    let deck: Vec<Card> = Card::all().collect();
    let seats: Vec<PublicSeat> = deck
        .chunks(6)
        .take(8)
        .map(|six| {
            let up: Vec<String> = six[2..6].iter().map(Card::to_string).collect();
            let mut public = seat(&up.join(" "), 2, 40, SeatState::AllIn);
            public.shown = Some(six.to_vec());
            public
        })
        .collect();
    let board = view(Street::Sixth, seats, None);
    let pots = vec![(320, (0..8).collect())];
    let equity = board_equity(&board, &pots, Budget::default()).unwrap();
    assert!(equity.exact);
    let total: f64 = equity.seats.iter().map(|s| s.equity.to_f64()).sum();
    assert!((total - 1.0).abs() < 1e-12);
}
