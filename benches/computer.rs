//! Computer players' speed: decisions per second at each level, in every game, over the
//! decision points of real six-handed hands (every street, every seat). The references
//! measured in the same run: `easy`, and `good_before`, the `good` of 859bfe7 (2,000 runouts
//! every decision, no reading of the betting), kept in `benches/computer/good_before.rs`;
//! `good` today deals runouts in batches of `RUNOUT_BATCH` only while the decision is in doubt,
//! up to `MOST_RUNOUTS`.
//!
//! Run: `cargo bench --bench computer` (`-- good` for the two `good` players).

#[path = "computer/good_before.rs"]
mod good_before;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use studbot::table::computer::{ComputerLevel, choose_action_at, choose_for_hand};
use studbot::table::hand::{Hand, HandSetup, PrivateView, PublicView};
use studbot::table::{Deck, Game, Rules, Stakes};

const SEATS: usize = 6;
const HANDS: u64 = 40;

/// Every decision point of `HANDS` six-handed hands of `game` played by `easy`: the views
/// the seat to act decided from.
fn decision_points(game: Game) -> Vec<(PrivateView, PublicView)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let mut points = Vec::new();
    for number in 0..HANDS {
        let mut hand = Hand::new(HandSetup::from_deck(
            game,
            Stakes::default(),
            Rules::default(),
            &[200; SEATS],
            Deck::seeded(number),
        ))
        .expect("a bench hand starts");
        while let Some(seat) = hand.to_act() {
            let private = hand.private_view(seat).expect("the seat to act has a view");
            points.push((private, hand.public_view()));
            let choice = choose_for_hand(&hand, &mut rng).expect("a legal action");
            hand.act(seat, choice.kind)
                .expect("a listed action is legal");
        }
    }
    points
}

fn computer(c: &mut Criterion) {
    for game in Game::ALL {
        let points = decision_points(game);
        let mut group = c.benchmark_group(format!("computer/{}", game.name()));
        group.throughput(Throughput::Elements(points.len() as u64));
        for level in [ComputerLevel::Easy, ComputerLevel::Good] {
            if level == ComputerLevel::Good {
                group.sample_size(10);
            }
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
            group.bench_function(level.name(), |b| {
                b.iter(|| {
                    for (private, public) in &points {
                        black_box(choose_action_at(level, private, public, &mut rng));
                    }
                })
            });
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        group.bench_function("good_before", |b| {
            b.iter(|| {
                for (private, public) in &points {
                    black_box(good_before::choose_action(private, public, &mut rng));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, computer);
criterion_main!(benches);
