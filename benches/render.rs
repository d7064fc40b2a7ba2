//! Rendering speed: the 8-player board (the text sent after every action), the turn prompt,
//! results and a whole hand's history, from real seeded engine hands, in each language.
//!
//! Run: `cargo bench --bench render`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use studbot::render::{
    self, BoardView, HistoryView, Locale, PlayerFacts, ResultView, TableFacts, TurnPrompt,
};
use studbot::table::Deck;
use studbot::table::hand::{ActionKind, Hand};
use studbot::table::rules::{Rules, Stakes};

/// An 8-player hand played to the end by calling (and checking) down, with long names.
fn finished_hand() -> (Hand, Vec<String>, Vec<u64>, Hand) {
    let stacks = vec![200u64; 8];
    let names: Vec<String> = (0..8)
        .map(|i| format!("Señorita Josefina Ñúñez-Pérez {i:02}"))
        .collect();
    let mut hand = Hand::start(
        Stakes::default(),
        Rules::default(),
        &stacks,
        Deck::seeded(7),
    )
    .expect("8 players with chips start a hand");
    let mut mid = None;
    let mut actions = 0;
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions();
        let kind = legal
            .iter()
            .find(|a| matches!(a.kind, ActionKind::Call | ActionKind::Check))
            .or(legal.first())
            .map(|a| a.kind)
            .expect("a seat to act has a legal action");
        hand.act(seat, kind).expect("a legal action is accepted");
        actions += 1;
        if actions == 20 {
            mid = Some(hand.clone());
        }
    }
    (mid.expect("the hand lasts 20 actions"), names, stacks, hand)
}

fn render_speed(c: &mut Criterion) {
    let (mid, names, stacks, done) = finished_hand();
    let facts = TableFacts {
        hand_number: 1234,
        players: names.iter().map(PlayerFacts::named).collect(),
        idle: Vec::new(),
        action_timer_secs: Some(30),
        mix_leg: None,
        sit_and_go: false,
    };
    let public = mid.public_view();
    let mut group = c.benchmark_group("render");
    group.measurement_time(Duration::from_secs(3));
    for locale in Locale::ALL {
        group.bench_function(format!("board_8_players_{locale}"), |b| {
            b.iter(|| render::board(locale, &BoardView::from_public(black_box(&public), &facts)))
        });
    }
    let prompt = TurnPrompt::from_public(&public, 1234, Some(30)).expect("someone is to act");
    group.bench_function("your_turn_en", |b| {
        b.iter(|| render::your_turn(Locale::En, black_box(&prompt)))
    });
    let result = done.result().expect("the hand is over");
    let results = ResultView::new(1234, &names, result, done.events());
    group.bench_function("results_8_players_en", |b| {
        b.iter(|| render::results(Locale::En, black_box(&results)))
    });
    let history = HistoryView::new(
        1234,
        done.game(),
        Stakes::default(),
        &names,
        &stacks,
        done.events(),
    );
    group.bench_function("history_8_players_en", |b| {
        b.iter(|| render::history(Locale::En, black_box(&history)))
    });
    group.finish();
}

criterion_group!(benches, render_speed);
criterion_main!(benches);
