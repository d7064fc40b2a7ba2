//! `studbot equity`'s engine on hand-worked spots: every number here was worked out by hand
//! from docs/RULES.md's pot split, not read back from the program.

use studbot::equity::{Equity, Method, Spot, SpotPot, solve};
use studbot::table::{Card, Game};

fn hand(text: &str) -> Vec<Card> {
    Card::parse_many(text).expect("test cards parse")
}

fn exact(game: Game, hands: &[&str], dead: &str) -> Equity {
    let spot = Spot::new(game, hands.iter().map(|h| hand(h)).collect(), &hand(dead))
        .expect("a valid spot");
    solve(&spot, Method::Exact, 2).expect("an exact answer")
}

fn shares(equity: &Equity) -> Vec<String> {
    equity
        .players
        .iter()
        .map(|p| p.equity.to_string())
        .collect()
}

#[test]
fn seventh_street_all_known_splits_high_and_low_between_two_hands() {
    // Seat 1: king high and an 8-7-6-4-2 low; seat 2: queens and nines, no low.
    let equity = exact(
        Game::Stud8,
        &["8d 7c 6s 4h 2h Kd Qc", "Qd Qh Js Ts 9c 9d 3s"],
        "",
    );
    assert!(equity.exact);
    assert_eq!(equity.runouts, 1);
    assert_eq!(shares(&equity), ["1/2", "1/2"]);
    let (low_hand, high_hand) = (&equity.players[0], &equity.players[1]);
    assert_eq!(low_hand.low.unwrap().win.to_string(), "1/1");
    assert_eq!(high_hand.high.unwrap().win.to_string(), "1/1");
    assert_eq!(low_hand.scoop.to_string(), "0/1");
    assert_eq!(high_hand.scoop.to_string(), "0/1");
}

#[test]
fn a_steel_wheel_on_sixth_street_is_a_locked_scoop() {
    // A five-high straight flush and the wheel: the other hand can make neither a straight
    // flush (two diamonds and two cards to come) nor any low (no card under nine showing).
    let equity = exact(Game::Stud8, &["As 2s 3s 4s 5s 7d", "Kd Kc Qh Jd 9c"], "");
    assert_eq!(equity.runouts, 41 * 780);
    assert_eq!(shares(&equity), ["1/1", "0/1"]);
    assert_eq!(equity.players[0].scoop.to_string(), "1/1");
    assert_eq!(equity.players[1].scoop.to_string(), "0/1");
}

#[test]
fn quad_kings_against_a_made_wheel_is_a_guaranteed_split() {
    // Quads beat anything the wheel can become (no straight flush with one card per suit and
    // two to come); the wheel is the best low and the kings can make no low.
    let equity = exact(Game::Stud8, &["As 2d 3h 4c 5d", "Kc Kd Kh Ks Qc"], "");
    assert_eq!(equity.runouts, 671_580);
    assert_eq!(shares(&equity), ["1/2", "1/2"]);
    assert_eq!(equity.players[0].low.unwrap().win.to_string(), "1/1");
    assert_eq!(equity.players[1].high.unwrap().win.to_string(), "1/1");
}

#[test]
fn two_wheels_quarter_the_low_and_the_flush_takes_three_quarters() {
    // Both hold the wheel; seat 1's spade flush beats seat 2's five-high straight.
    let equity = exact(
        Game::Stud8,
        &["As 2s 3s 4h 5s 9s Kd", "Ah 2h 3c 4d 5h Kc Qc"],
        "",
    );
    assert_eq!(shares(&equity), ["3/4", "1/4"]);
    assert_eq!(equity.players[0].low.unwrap().tie.to_string(), "1/1");
    assert_eq!(equity.players[1].low.unwrap().tie.to_string(), "1/1");
}

#[test]
fn three_way_two_tied_highs_and_one_low_cut_the_pot_in_quarters_and_a_half() {
    // Seats 1 and 2 share the high with the same broadway straight; seat 3 has the only low.
    let equity = exact(
        Game::Stud8,
        &[
            "Ac Kd Qh Jc Tc 2c 2d",
            "Ad Ks Qd Jh Td 3h 3c",
            "7s 5s 4s 3s 2h 9d 9h",
        ],
        "",
    );
    assert_eq!(shares(&equity), ["1/4", "1/4", "1/2"]);
}

#[test]
fn in_stud_the_best_high_takes_the_whole_pot() {
    let equity = exact(
        Game::Stud,
        &["8d 7c 6s 4h 2h Kd Qc", "Qd Qh Js Ts 9c 9d 3s"],
        "",
    );
    assert_eq!(shares(&equity), ["0/1", "1/1"]);
    assert!(equity.players[0].low.is_none());
    assert_eq!(equity.players[1].high.unwrap().win.to_string(), "1/1");
}

#[test]
fn in_razz_a_pair_can_win_and_there_is_no_high() {
    // No qualifier: seat 1 has only four ranks, so its best is a pair of deuces (2-2-K-4-3);
    // seat 2's best is two pair (nines and fives): the pair is the lower hand and wins.
    let equity = exact(
        Game::Razz,
        &["2c 2d 3h 4s Kd Kc 4d", "5c 5d 5h 9s 9d Qh Qs"],
        "",
    );
    assert_eq!(shares(&equity), ["1/1", "0/1"]);
    assert!(equity.players[0].high.is_none());
    assert_eq!(equity.players[0].low.unwrap().win.to_string(), "1/1");
    // And a seven low beats any eight low there too.
    let equity = exact(
        Game::Razz,
        &["7c 5d 4h 3s 2d Kc Kd", "8c 4d 3h 2s Ad Qh Qs"],
        "",
    );
    assert_eq!(shares(&equity), ["1/1", "0/1"]);
}

#[test]
fn a_side_pot_is_won_only_among_its_own_players() {
    // Seat 1 (all-in for the 30-chip main pot) has the best hand; seats 2 and 3 contest a
    // 60-chip side pot that seat 3 wins. Seventh street, all known, stud (high only).
    let spot = Spot::new(
        Game::Stud,
        vec![
            hand("Ac Ad Ah As Kc 2d 3d"),
            hand("Qc Qd Qh 7s 7c 2h 3h"),
            hand("Jc Jd Jh Js 9c 2s 3s"),
        ],
        &[],
    )
    .unwrap()
    .with_pots(vec![
        SpotPot {
            amount: 30,
            players: vec![0, 1, 2],
        },
        SpotPot {
            amount: 60,
            players: vec![1, 2],
        },
    ])
    .unwrap();
    let equity = solve(&spot, Method::Exact, 1).unwrap();
    assert_eq!(shares(&equity), ["1/3", "0/1", "2/3"]);
}
