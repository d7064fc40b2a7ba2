//! The fast equity engine against a slow reference — plain loops that deal every missing card
//! in turn and call the evaluator on each finished hand — on random spots of every street and
//! game, with side pots and the community seventh card; and the properties every answer has:
//! equities add up to one, swapping players swaps their results, the number of runouts is the
//! number of ways to deal the missing cards, and the thread count changes nothing.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::equity::{Equity, Fraction, Method, Seventh, Spot, SpotPot, solve};
use studbot::table::eval::{AceFiveLow, HighValue, LowValue, best_ace_five_low, best_high_low};
use studbot::table::{Card, Game};

/// Per player: (share numerator over `runouts × chips × 1680`, scoops, high wins, high ties,
/// low wins, low ties), and the runouts.
struct Reference {
    runouts: u64,
    shares: Vec<u128>,
    scoops: Vec<u64>,
    high: Vec<(u64, u64)>,
    low: Vec<(u64, u64)>,
}

/// What the showdown compares, straight from the evaluator: the high (none in razz) and the
/// low (the eight-or-better low in stud8, the unqualified ace-to-five low in razz).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Low {
    EightOrBetter(LowValue),
    AceToFive(AceFiveLow),
}

type Value = (Option<HighValue>, Option<Low>);

fn value(game: Game, cards: &[Card]) -> Value {
    let (high, low) = best_high_low(cards);
    match game {
        Game::Stud8 => (Some(high), low.map(Low::EightOrBetter)),
        Game::Stud => (Some(high), None),
        Game::Razz => (None, Some(Low::AceToFive(best_ace_five_low(cards)))),
    }
}

/// The winners (indices) of the best value among `players`, by `key`.
fn best<K: Ord>(players: &[usize], values: &[Value], key: impl Fn(Value) -> K) -> Vec<usize> {
    let Some(top) = players.iter().map(|&p| key(values[p])).max() else {
        return Vec::new();
    };
    players
        .iter()
        .copied()
        .filter(|&p| key(values[p]) == top)
        .collect()
}

fn settle(game: Game, values: &[Value], pots: &[SpotPot], out: &mut Reference) {
    out.runouts += 1;
    let everyone: Vec<usize> = (0..values.len()).collect();
    let mut main_units = vec![0u128; values.len()];
    for (is_stats, players, amount) in std::iter::once((true, &everyone, 0u64))
        .chain(pots.iter().map(|pot| (false, &pot.players, pot.amount)))
    {
        let highs = best(players, values, |v| v.0);
        let lows_exist = players.iter().any(|&p| values[p].1.is_some());
        let lows = if lows_exist {
            best(players, values, |v| v.1)
        } else {
            Vec::new()
        };
        // Units of 1/1680 of this pot per player.
        let mut units = vec![0u128; values.len()];
        let (high_part, low_part) = match (game.has_high(), lows.is_empty()) {
            (_, true) => (1680, 0),
            (true, false) => (840, 840),
            (false, false) => (0, 1680),
        };
        let highs = if game.has_high() { highs } else { Vec::new() };
        for &p in &highs {
            units[p] += high_part / highs.len() as u128;
        }
        for &p in &lows {
            units[p] += low_part / lows.len() as u128;
        }
        if is_stats {
            main_units = units;
            for p in 0..values.len() {
                if game.has_high() {
                    out.high[p].0 += u64::from(highs == [p]);
                    out.high[p].1 += u64::from(highs.len() > 1 && highs.contains(&p));
                }
                out.low[p].0 += u64::from(lows == [p]);
                out.low[p].1 += u64::from(lows.len() > 1 && lows.contains(&p));
            }
        } else {
            for (share, units) in out.shares.iter_mut().zip(&units) {
                *share += units * u128::from(amount);
            }
        }
    }
    for (scoops, units) in out.scoops.iter_mut().zip(&main_units) {
        *scoops += u64::from(*units == 1680);
    }
}

/// Deals `missing[player..]` from `pool` (combinations, player by player) and settles.
fn deal(
    game: Game,
    hands: &mut Vec<Vec<Card>>,
    combos: &[Vec<Vec<usize>>],
    player: usize,
    pool: &[Card],
    pots: &[SpotPot],
    out: &mut Reference,
) {
    if player == hands.len() {
        let values: Vec<Value> = hands.iter().map(|h| value(game, h)).collect();
        settle(game, &values, pots, out);
        return;
    }
    for chosen in &combos[player] {
        let rest: Vec<Card> = (0..pool.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| pool[i])
            .collect();
        let before = hands[player].len();
        hands[player].extend(chosen.iter().map(|&i| pool[i]));
        deal(game, hands, combos, player + 1, &rest, pots, out);
        hands[player].truncate(before);
    }
}

fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for first in 0..n {
        for mut tail in combinations(n - first - 1, k - 1) {
            for index in &mut tail {
                *index += first + 1;
            }
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

fn reference(spot: &Spot) -> Reference {
    let players = spot.hands().len();
    let mut out = Reference {
        runouts: 0,
        shares: vec![0; players],
        scoops: vec![0; players],
        high: vec![(0, 0); players],
        low: vec![(0, 0); players],
    };
    let community =
        spot.seventh() == Seventh::Community && spot.hands().iter().any(|h| h.len() < 7);
    let missing: Vec<usize> = spot
        .hands()
        .iter()
        .map(|h| 7 - h.len() - usize::from(community && h.len() < 7))
        .collect();
    // The ways to choose each player's cards from what the players before left.
    let mut left = spot.unseen().len() - usize::from(community);
    let combos: Vec<Vec<Vec<usize>>> = missing
        .iter()
        .map(|&count| {
            let ways = combinations(left, count);
            left -= count;
            ways
        })
        .collect();
    if community {
        for (index, &card) in spot.unseen().iter().enumerate() {
            let mut hands: Vec<Vec<Card>> = spot.hands().to_vec();
            for hand in &mut hands {
                if hand.len() < 7 {
                    hand.push(card);
                }
            }
            let mut pool = spot.unseen().to_vec();
            pool.remove(index);
            deal(
                spot.game(),
                &mut hands,
                &combos,
                0,
                &pool,
                spot.pots(),
                &mut out,
            );
        }
    } else {
        let mut hands = spot.hands().to_vec();
        deal(
            spot.game(),
            &mut hands,
            &combos,
            0,
            spot.unseen(),
            spot.pots(),
            &mut out,
        );
    }
    out
}

fn chance(count: u64, runouts: u64) -> Fraction {
    Fraction::new(u128::from(count), u128::from(runouts))
}

fn assert_agrees(spot: &Spot, fast: &Equity, slow: &Reference, label: &str) {
    assert!(fast.exact, "{label}");
    assert_eq!(fast.runouts, slow.runouts, "{label}: runouts");
    assert_eq!(
        u128::from(fast.runouts),
        spot.runouts().unwrap(),
        "{label}: runouts = ways to deal"
    );
    let chips: u128 = spot.pots().iter().map(|p| u128::from(p.amount)).sum();
    for (p, player) in fast.players.iter().enumerate() {
        let expected = Fraction::new(slow.shares[p], chips * 1680 * u128::from(slow.runouts));
        assert_eq!(player.equity, expected, "{label}: equity of player {p}");
        assert_eq!(
            player.scoop,
            chance(slow.scoops[p], slow.runouts),
            "{label}: scoop {p}"
        );
        if let Some(high) = player.high {
            assert_eq!(
                high.win,
                chance(slow.high[p].0, slow.runouts),
                "{label}: high win {p}"
            );
            assert_eq!(
                high.tie,
                chance(slow.high[p].1, slow.runouts),
                "{label}: high tie {p}"
            );
        }
        if let Some(low) = player.low {
            assert_eq!(
                low.win,
                chance(slow.low[p].0, slow.runouts),
                "{label}: low win {p}"
            );
            assert_eq!(
                low.tie,
                chance(slow.low[p].1, slow.runouts),
                "{label}: low tie {p}"
            );
        }
    }
}

/// A random spot: `players` hands of `cards` each, and enough dead cards that at most
/// `unseen` cards stay unseen (so the reference finishes quickly).
fn random_spot(
    rng: &mut ChaCha8Rng,
    game: Game,
    players: usize,
    cards: usize,
    unseen: usize,
) -> Spot {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    let hands: Vec<Vec<Card>> = deck
        .chunks(cards)
        .take(players)
        .map(<[Card]>::to_vec)
        .collect();
    let rest = &deck[players * cards..];
    let dead = &rest[..rest.len().saturating_sub(unseen)];
    Spot::new(game, hands, dead).expect("a valid random spot")
}

fn sum_is_one(equity: &Equity) -> bool {
    let lcm = equity.players.iter().fold(1u128, |lcm, p| {
        let d = p.equity.denominator();
        lcm / gcd(lcm, d) * d
    });
    let total: u128 = equity
        .players
        .iter()
        .map(|p| p.equity.numerator() * (lcm / p.equity.denominator()))
        .sum();
    total == lcm
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[test]
fn the_fast_path_agrees_with_plain_loops_on_random_spots_of_every_street_and_game() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    // (players, cards each, unseen cards): third to seventh street, heads-up and multiway.
    let shapes = [
        (2, 3, 9),
        (2, 4, 9),
        (2, 5, 12),
        (2, 6, 20),
        (2, 7, 0),
        (3, 3, 12),
        (3, 4, 10),
        (3, 5, 10),
        (3, 6, 12),
        (4, 4, 11),
        (4, 5, 9),
        (4, 6, 12),
        (5, 6, 10),
        (6, 5, 8),
        (7, 6, 9),
        (8, 6, 4),
    ];
    for game in Game::ALL {
        for &(players, cards, unseen) in &shapes {
            let rounds = if players <= 4 { 2 } else { 1 };
            for round in 0..rounds {
                let spot = random_spot(&mut rng, game, players, cards, unseen);
                let label = format!("{} {players}x{cards} unseen {unseen} #{round}", game.name());
                let fast = solve(&spot, Method::Exact, 2).expect("exact");
                assert_agrees(&spot, &fast, &reference(&spot), &label);
                assert!(sum_is_one(&fast), "{label}: equities sum to 1");
            }
        }
    }
}

#[test]
fn side_pots_and_the_community_seventh_card_agree_with_plain_loops() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for game in Game::ALL {
        for round in 0..3 {
            let spot = random_spot(&mut rng, game, 4, 5, 9)
                .with_pots(vec![
                    SpotPot {
                        amount: 40,
                        players: vec![0, 1, 2, 3],
                    },
                    SpotPot {
                        amount: 27,
                        players: vec![1, 2, 3],
                    },
                    SpotPot {
                        amount: 10,
                        players: vec![2, 3],
                    },
                    SpotPot {
                        amount: 5,
                        players: vec![3],
                    },
                ])
                .unwrap();
            let label = format!("{} side pots #{round}", game.name());
            let fast = solve(&spot, Method::Exact, 2).unwrap();
            assert_agrees(&spot, &fast, &reference(&spot), &label);
            assert!(sum_is_one(&fast), "{label}");

            let shared = random_spot(&mut rng, game, 3, 5, 5)
                .with_seventh(Seventh::Community)
                .unwrap();
            let label = format!("{} community card #{round}", game.name());
            let fast = solve(&shared, Method::Exact, 2).unwrap();
            assert_agrees(&shared, &fast, &reference(&shared), &label);
        }
    }
}

#[test]
fn swapping_players_swaps_their_results() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for game in Game::ALL {
        for players in [2usize, 3, 4] {
            let spot = random_spot(&mut rng, game, players, 5, 11);
            let mut order: Vec<usize> = (0..players).collect();
            order.shuffle(&mut rng);
            let swapped = Spot::new(
                game,
                order.iter().map(|&p| spot.hands()[p].clone()).collect(),
                &Card::all()
                    .filter(|c| {
                        !spot.unseen().contains(c) && !spot.hands().iter().flatten().any(|h| h == c)
                    })
                    .collect::<Vec<_>>(),
            )
            .unwrap();
            let before = solve(&spot, Method::Exact, 1).unwrap();
            let after = solve(&swapped, Method::Exact, 1).unwrap();
            for (new, &old) in order.iter().enumerate() {
                assert_eq!(
                    after.players[new],
                    before.players[old],
                    "{} {players}",
                    game.name()
                );
            }
        }
    }
}

#[test]
fn the_thread_count_changes_neither_exact_answers_nor_seeded_estimates() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let spot = random_spot(&mut rng, Game::Stud8, 3, 5, 14);
    let one = solve(&spot, Method::Exact, 1).unwrap();
    let four = solve(&spot, Method::Exact, 4).unwrap();
    assert_eq!(one, four);
    let sampled = Method::Sample {
        samples: 100_000,
        seed: 9,
    };
    assert_eq!(
        solve(&spot, sampled, 1).unwrap(),
        solve(&spot, sampled, 3).unwrap()
    );
}

#[test]
fn a_monte_carlo_estimate_lands_within_four_of_its_standard_errors_of_the_exact_answer() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for game in Game::ALL {
        let spot = random_spot(&mut rng, game, 3, 5, 14);
        let exact = solve(&spot, Method::Exact, 2).unwrap();
        let samples = 200_000u64;
        let estimate = solve(
            &spot,
            Method::Sample {
                samples,
                seed: rng.random(),
            },
            2,
        )
        .unwrap();
        assert!(!estimate.exact);
        assert_eq!(estimate.runouts, samples);
        for (e, x) in estimate.players.iter().zip(&exact.players) {
            // A share lies in [0, 1], so its standard deviation is at most 1/2.
            let bound = 0.5 / (samples as f64).sqrt();
            let error = e.standard_error.expect("an estimate has a standard error");
            assert!((0.0..=bound).contains(&error), "{error} vs bound {bound}");
            let tolerance = 4.0 * error;
            let (e, x) = (e.equity.to_f64(), x.equity.to_f64());
            assert!(
                (e - x).abs() <= tolerance,
                "{}: {e} vs exact {x}",
                game.name()
            );
        }
    }
}

#[test]
fn an_estimates_standard_error_is_the_spread_of_a_runouts_share_over_root_runouts() {
    // Heads-up stud: a runout's share is 1 (win), ½ (tie) or 0, so its exact variance is
    // P(win) + P(tie)/4 − equity², known from the exact answer.
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let spot = random_spot(&mut rng, Game::Stud, 2, 5, 20);
    let exact = solve(&spot, Method::Exact, 1).unwrap();
    assert!(exact.players.iter().all(|p| p.standard_error.is_none()));
    let samples = 200_000u64;
    let estimate = solve(&spot, Method::Sample { samples, seed: 3 }, 2).unwrap();
    for (e, x) in estimate.players.iter().zip(&exact.players) {
        let high = x.high.unwrap();
        let equity = x.equity.to_f64();
        let variance = high.win.to_f64() + high.tie.to_f64() / 4.0 - equity * equity;
        let expected = (variance / samples as f64).sqrt();
        let reported = e.standard_error.expect("an estimate has a standard error");
        assert!(
            (reported - expected).abs() < 0.05 * expected,
            "reported {reported} vs {expected}"
        );
        assert!((e.equity.to_f64() - equity).abs() < 5.0 * reported);
    }
}
