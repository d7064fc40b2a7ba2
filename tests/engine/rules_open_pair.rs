//! docs/RULES.md, Stakes (open pair): with `open_pair_big_bet` and a pair showing on
//! fourth street in Stud/8 or Stud, each bettor chooses the small or the big amount until a
//! big wager is made; from then on every further raise that round is one big bet more. Each
//! scenario runs in both games (ante 1, bring-in 2, 5/10, a pair of aces showing on fourth).

use crate::common;

use common::*;
use studbot::table::{ActionKind, Game, Hand, HandSetup, Rules, ShortAllIn, Stakes, Street};

use ActionKind::*;

const GAMES: [Game; 2] = [Game::Stud8, Game::Stud];

/// Seat 0 shows a pair of aces on fourth street (it acts first there), seat 1 has the
/// lowest door card (it brings in); seats 2 and 3 show no pair.
const SEATS: [&str; 4] = [
    "Ac Ad As Ah Kc Kd Qc",
    "2c 3d 4h 5s 7c 8d 9s",
    "6c 6d 5h 9c Tc Jd Qs",
    "7d 7h 8h Jh 2d 3h Ks",
];

fn open_pair_rules() -> Rules {
    Rules {
        open_pair_big_bet: true,
        ..Rules::default()
    }
}

/// A hand of `game` checked and called to fourth street, where seat 0 acts first.
fn on_fourth(game: Game, rules: Rules, stacks: &[u64]) -> Hand {
    let lists = SEATS[..stacks.len()].iter().map(|s| cards(s)).collect();
    let mut hand = Hand::new(HandSetup::from_seat_cards(
        game,
        Stakes::default(),
        rules,
        stacks,
        lists,
        None,
    ))
    .unwrap();
    check_to(&mut hand, Street::Fourth);
    assert_eq!(hand.to_act(), Some(0), "{game:?}: the open pair acts first");
    hand
}

fn offered(hand: &Hand) -> Vec<(ActionKind, u64)> {
    hand.legal_actions()
        .iter()
        .map(|a| (a.kind, a.total))
        .collect()
}

#[test]
fn after_a_big_bet_and_a_big_raise_the_next_big_raise_is_one_big_bet_more() {
    for game in GAMES {
        let mut hand = on_fourth(game, open_pair_rules(), &[1000; 4]);
        play(&mut hand, &[(0, BetBig), (1, RaiseBig)]);
        assert_eq!(
            offered(&hand),
            vec![(Fold, 0), (Call, 20), (RaiseBig, 30)],
            "{game:?}"
        );
    }
}

#[test]
fn after_a_small_bet_and_two_big_raises_the_next_big_raise_is_one_big_bet_more() {
    for game in GAMES {
        let mut hand = on_fourth(game, open_pair_rules(), &[1000; 4]);
        play(&mut hand, &[(0, Bet), (1, RaiseBig)]);
        assert_eq!(legal(&hand, RaiseBig).unwrap().total, 25, "{game:?}");
        act(&mut hand, 2, RaiseBig);
        assert_eq!(
            offered(&hand),
            vec![(Fold, 0), (Call, 25), (RaiseBig, 35)],
            "{game:?}"
        );
    }
}

#[test]
fn heads_up_a_second_big_raise_reopens_the_round_and_the_call_closes_it() {
    for game in GAMES {
        let mut hand = on_fourth(game, open_pair_rules(), &[1000; 2]);
        play(&mut hand, &[(0, BetBig), (1, RaiseBig), (0, RaiseBig)]);
        assert_eq!(hand.street(), Street::Fourth, "{game:?}: seat 1 owes 10");
        assert_eq!(legal(&hand, Call).unwrap().total, 30, "{game:?}");
        play(&mut hand, &[(1, Call)]);
        assert_eq!(hand.street(), Street::Fifth, "{game:?}");
        // Antes 2, third street 2 each, fourth street 30 each.
        assert_eq!(hand.public_view().pot, 2 + 2 * 2 + 2 * 30, "{game:?}");
    }
}

#[test]
fn a_half_big_bet_all_in_raise_counts_as_full_and_the_next_big_raise_is_one_big_bet_more() {
    for game in GAMES {
        let rules = Rules {
            short_all_in: ShortAllIn::HalfBet,
            ..open_pair_rules()
        };
        // Seat 1 brings in 2 after its ante: 15 chips left on fourth street.
        let mut hand = on_fourth(game, rules, &[1000, 18, 1000, 1000]);
        act(&mut hand, 0, BetBig);
        let all_in = legal(&hand, RaiseBig).unwrap();
        assert_eq!((all_in.total, all_in.all_in), (15, true), "{game:?}");
        act(&mut hand, 1, RaiseBig);
        assert_eq!(
            offered(&hand),
            vec![(Fold, 0), (Call, 15), (RaiseBig, 25)],
            "{game:?}"
        );
    }
}
