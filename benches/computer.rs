//! Computer players' speed: decisions per second at each level, in every game, over the
//! decision points of real six-handed hands (every street, every seat). `easy` is the
//! reference measured in the same run; `good` measures `RUNOUTS` runouts per decision, so
//! its decisions per second times that is its runouts per second.
//!
//! Run: `cargo bench --bench computer` (`-- good` for one level).

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
        group.finish();
    }
}

criterion_group!(benches, computer);
criterion_main!(benches);
