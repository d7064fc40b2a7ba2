//! Full six-player hands per second, start to finish (antes, dealing, every decision, the
//! showdown and the pot split): with players choosing uniformly among the legal actions
//! (folds weighted down so that hands often reach showdown), and with the computer players.
//! Target: at least 250,000 six-player hands per second on one core with random
//! legal actions.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use studbot::table::computer::choose_action;
use studbot::table::{ActionKind, Deck, Hand, LegalAction, Rules, Stakes};

const PLAYERS: usize = 6;
const STACK: u64 = 200;
/// A fold is picked with weight 1, any other legal action with this weight.
const NON_FOLD_WEIGHT: u32 = 8;

fn weight(action: &LegalAction) -> u32 {
    if action.kind == ActionKind::Fold {
        1
    } else {
        NON_FOLD_WEIGHT
    }
}

/// A legal action for the seat to act, folds weighted down; no allocation, and the legal
/// actions are computed once.
fn random_legal<R: Rng>(hand: &Hand, rng: &mut R) -> ActionKind {
    let mut legal = [ActionKind::Fold; 8];
    let mut weights = [0u32; 8];
    let mut count = 0;
    let mut total = 0;
    for action in hand.legal_iter().take(legal.len()) {
        legal[count] = action.kind;
        weights[count] = weight(&action);
        total += weights[count];
        count += 1;
    }
    let mut pick = rng.random_range(0..total.max(1));
    for (kind, w) in legal.iter().zip(&weights).take(count) {
        if pick < *w {
            return *kind;
        }
        pick -= w;
    }
    legal[count.saturating_sub(1)]
}

/// Plays one hand with random legal actions; returns how many actions were taken.
fn play_random_hand<R: Rng>(rng: &mut R) -> usize {
    let deck = Deck::shuffled_with(rng);
    let mut hand = Hand::start(Stakes::default(), Rules::default(), &[STACK; PLAYERS], deck)
        .expect("valid hand");
    let mut actions = 0;
    while let Some(seat) = hand.to_act() {
        let kind = random_legal(&hand, rng);
        hand.act_quietly(seat, kind).expect("a legal action");
        actions += 1;
    }
    actions
}

/// Plays one hand between computer players; returns how many actions were taken.
fn play_computer_hand<R: Rng>(rng: &mut R) -> usize {
    let deck = Deck::shuffled_with(rng);
    let mut hand = Hand::start(Stakes::default(), Rules::default(), &[STACK; PLAYERS], deck)
        .expect("valid hand");
    let mut actions = 0;
    while let Some(seat) = hand.to_act() {
        let public = hand.public_view();
        let private = hand.private_view(seat).expect("the seat to act");
        let choice = choose_action(&private, &public, rng).expect("a legal action");
        hand.act_quietly(seat, choice.kind).expect("a legal action");
        actions += 1;
    }
    actions
}

fn hands(c: &mut Criterion) {
    let mut group = c.benchmark_group("six_player_hands");
    group.throughput(Throughput::Elements(1));
    let mut rng = SmallRng::seed_from_u64(1);
    group.bench_function("random_legal_actions", |b| {
        b.iter(|| black_box(play_random_hand(&mut rng)))
    });
    let mut rng = SmallRng::seed_from_u64(2);
    group.bench_function("computer_players", |b| {
        b.iter(|| black_box(play_computer_hand(&mut rng)))
    });
    let mut rng = SmallRng::seed_from_u64(3);
    group.bench_function("deck_shuffle_only", |b| {
        b.iter(|| black_box(Deck::shuffled_with(&mut rng)))
    });
    group.finish();
}

criterion_group!(benches, hands);
criterion_main!(benches);
