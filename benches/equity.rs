//! Equity speed: exact enumeration of fixed all-in spots, per game and street, on one thread
//! and on every core. Throughput is per runout, so criterion's "elem/s" is runouts per second.
//! pokenum (poker-eval) enumerates the heads-up Stud/8 fifth-street spot (671,580 runouts) in
//! about 50 ms, 13.4 M runouts/s: the figure the exact path was first measured against.
//!
//! The multiway rows are the spots docs/TESTING.md compares with pokenum as whole processes:
//! three-way from fifth street with eight dead cards (42,751,800 runouts), four-way from
//! fifth with twelve dead (317,444,400), and three- and four-way from sixth street.
//!
//! Run: `cargo bench --bench equity` (`-- fifth` for the pokenum spot only, `-- way` for
//! the multiway rows).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use studbot::equity::{Method, Spot, solve};
use studbot::table::{Card, Game};

fn spot(game: Game, hands: &[&str]) -> Spot {
    spot_with_dead(game, hands, "")
}

fn spot_with_dead(game: Game, hands: &[&str], dead: &str) -> Spot {
    let hands = hands
        .iter()
        .map(|hand| Card::parse_many(hand).expect("bench cards parse"))
        .collect();
    let dead = Card::parse_many(dead).expect("bench cards parse");
    Spot::new(game, hands, &dead).expect("a valid bench spot")
}

/// The pokenum comparison's dead cards: eight for the three-way spot, twelve for four-way.
const DEAD_EIGHT: &str = "2c 8d 8h Ks Qs Jc Tc 3s";
const DEAD_TWELVE: &str = "2c 8d 8h Ks Qs Jc Tc 3s Ac Kc 9h 5h";

fn bench_spot(c: &mut Criterion, name: &str, spot: &Spot, every_core: bool) {
    let runouts = spot.runouts().expect("bench spots count") as u64;
    let threads = if every_core {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        1
    };
    let mut group = c.benchmark_group("equity");
    group.throughput(Throughput::Elements(runouts));
    if runouts > 10_000_000 {
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(8));
    }
    let label = format!(
        "{name}/{}",
        if every_core { "all_cores" } else { "one_core" }
    );
    group.bench_function(label, |b| {
        b.iter(|| solve(black_box(spot), Method::Exact, threads).expect("exact"))
    });
    group.finish();
}

fn equity(c: &mut Criterion) {
    for game in Game::ALL {
        let name = game.name();
        // Heads-up from fifth street: the pokenum spot.
        let fifth = spot(game, &["As 2h 3d 9c 9s", "Kd Kh 7c 6s 5d"]);
        bench_spot(c, &format!("{name}/heads_up_fifth"), &fifth, false);
        // Heads-up and three-way from sixth street; the three-way spot is the pokenum
        // comparison's "3-way 6th".
        let sixth = spot(game, &["As 2h 3d 9c 9s Td", "Kd Kh 7c 6s 5d 4h"]);
        bench_spot(c, &format!("{name}/heads_up_sixth"), &sixth, false);
        let three_way = spot(
            game,
            &[
                "As 2h 3d 9c 9s 4s",
                "Kd Kh 7c 6s 5d 4h",
                "4c 5c Qh Jh Td 3c",
            ],
        );
        bench_spot(c, &format!("{name}/three_way_sixth"), &three_way, false);
        let three_way_fifth = spot_with_dead(
            game,
            &["As 2h 3d 9c 9s", "Kd Kh 7c 6s 5d", "4c 5c Qh Jh Td"],
            DEAD_EIGHT,
        );
        bench_spot(
            c,
            &format!("{name}/three_way_fifth_8_dead"),
            &three_way_fifth,
            false,
        );
        let four_way_sixth = spot(
            game,
            &[
                "As 2h 3d 9c 9s 4s",
                "Kd Kh 7c 6s 5d 4h",
                "4c 5c Qh Jh Td 3c",
                "Ad 7h 7d 6d 2d 3h",
            ],
        );
        bench_spot(c, &format!("{name}/four_way_sixth"), &four_way_sixth, false);
        let four_way_fifth = spot_with_dead(
            game,
            &[
                "As 2h 3d 9c 9s",
                "Kd Kh 7c 6s 5d",
                "4c 5c Qh Jh Td",
                "Ad 7h 7d 6d 2d",
            ],
            DEAD_TWELVE,
        );
        bench_spot(
            c,
            &format!("{name}/four_way_fifth_12_dead"),
            &four_way_fifth,
            false,
        );
    }
    // Heads-up from fourth street: ~141 M runouts, on every core.
    let fourth = spot(Game::Stud8, &["As 2h 3d 9c", "Kd Kh 7c 6s"]);
    bench_spot(c, "stud8/heads_up_fourth", &fourth, true);
    bench_spot(
        c,
        "stud8/heads_up_fifth",
        &spot(Game::Stud8, &["As 2h 3d 9c 9s", "Kd Kh 7c 6s 5d"]),
        true,
    );
}

criterion_group!(benches, equity);
criterion_main!(benches);
