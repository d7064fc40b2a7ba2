//! The share of all-in boards that show exact equity: random three- and four-way all-ins at
//! tables of up to eight seats, on each street of each game, the folded seats' up cards dead
//! (as the board sees them), each asked whether its exact enumeration fits the board's default
//! budget ([`Budget::default`]`.max_work`, judged by [`exact_work`]) — the same rule
//! `board_equity` follows. `--time N` also solves the first N exact spots of each cell on one
//! thread and reports the slowest, to show the exact ones fit the table's one-second budget.
//!
//! `--before` judges by the rule before three- and four-way spots were counted by outcome
//! class (each multiway runout settled: 4 × players a runout, at most 30,000,000), restated
//! here so that both shares come from the same random spots.
//!
//! Run: `cargo run --release --example board_exact_share [-- --deals 500 --seed 1 --time 3]`

use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::equity::board::Budget;
use studbot::equity::{Method, Spot, exact_work, solve};
use studbot::table::{Card, Game};

const SEATS: usize = 8;

/// One random all-in on `street` (cards per live hand, 3 to 6): `players` live hands, and
/// from none to the rest of an eight-seat table folded on some street up to this one.
fn deal(rng: &mut ChaCha8Rng, game: Game, street: usize, players: usize) -> Spot {
    let mut deck: Vec<Card> = Card::all().collect();
    deck.shuffle(rng);
    let mut cards = deck.into_iter();
    let hands: Vec<Vec<Card>> = (0..players)
        .map(|_| cards.by_ref().take(street).collect())
        .collect();
    let folded = rng.random_range(0..=SEATS - players);
    let mut dead = Vec::new();
    for _ in 0..folded {
        // Folded on third street shows one up card; each later street one more.
        let folded_on = rng.random_range(3..=street);
        let down = cards.by_ref().take(2).count();
        debug_assert_eq!(down, 2);
        dead.extend(cards.by_ref().take(folded_on - 2));
    }
    Spot::new(game, hands, &dead).expect("a dealt spot is valid")
}

/// The exact work as judged before: a multiway runout cost 4 × players heads-up ones (now 2
/// for three and four players); listing the completions costs what it did.
fn before_work(spot: &Spot) -> Option<u128> {
    let players = spot.hands().len() as u128;
    let runouts = spot.runouts()?;
    let (now, then) = match players {
        2 => (1, 1),
        3 | 4 => (2, 4 * players),
        _ => (4 * players, 4 * players),
    };
    let listing = exact_work(spot)?.checked_sub(runouts.checked_mul(now)?)?;
    runouts.checked_mul(then)?.checked_add(listing)
}

fn flag(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|arg| arg == name)
        .and_then(|at| args.get(at + 1))
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals = flag(&args, "--deals", 500);
    let seed = flag(&args, "--seed", 1);
    let timed = flag(&args, "--time", 0);
    let before = args.iter().any(|arg| arg == "--before");
    let budget = Budget::default();
    let max_work = if before { 30_000_000 } else { budget.max_work };
    let fits = |spot: &Spot| {
        if before {
            before_work(spot).is_some_and(|work| work <= max_work)
        } else {
            exact_work(spot).is_some_and(|work| work <= max_work)
        }
    };
    println!(
        "max_work {max_work}{}; {deals} deals per cell, seed {seed}",
        if before { " (the rule before)" } else { "" }
    );
    println!("game   street  players  exact   slowest exact (s)");
    let mut total = 0u64;
    let mut exact_total = 0u64;
    for game in Game::ALL {
        for street in 3..=6 {
            for players in [3, 4] {
                let mut rng = ChaCha8Rng::seed_from_u64(
                    seed ^ (street as u64) << 8 ^ (players as u64) << 16 ^ game as u64,
                );
                let mut exact = 0u64;
                let mut slowest: Option<Duration> = None;
                let mut solved = 0;
                for _ in 0..deals {
                    let spot = deal(&mut rng, game, street, players);
                    if fits(&spot) {
                        exact += 1;
                        if solved < timed {
                            solved += 1;
                            let started = Instant::now();
                            solve(&spot, Method::Exact, 1).expect("an exact spot solves");
                            let took = started.elapsed();
                            slowest = Some(slowest.map_or(took, |s| s.max(took)));
                        }
                    }
                }
                total += deals;
                exact_total += exact;
                let slowest =
                    slowest.map_or("-".to_string(), |s| format!("{:.3}", s.as_secs_f64()));
                println!(
                    "{:<6} {:>6}  {:>7}  {:>5.1}%  {slowest}",
                    game.name(),
                    street,
                    players,
                    100.0 * exact as f64 / deals as f64
                );
            }
        }
    }
    println!(
        "all: {:.1}% exact",
        100.0 * exact_total as f64 / total.max(1) as f64
    );
}
