//! Seven-card evaluation speed, side by side with aya_poker and rs_poker on the same
//! pre-generated random hands. Throughput is reported per evaluation (one hand), so
//! criterion's "elem/s" is evaluations per second.
//!
//! `studbot_*` start from `&[Card; 7]`, except the `*_precomputed_cardset` rows; the `aya_*`
//! rows start from aya's prepared `Hand`, except the `*_from_cards` rows, which build it from
//! aya's cards first. Like for like: `studbot_high` against `aya_poker_rank_from_cards`,
//! `studbot_high_precomputed_cardset` against `aya_poker_rank`, and the same for the lows
//! (`aya_ace_five_rank` is Razz's low, no qualifier; it is the nearest aya has to the
//! eight-or-better low).
//!
//! Run: `cargo bench --bench eval`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use studbot::table::Card;
use studbot::table::eval::{CardSet, best_high, best_high_low, best_low};

const HANDS: usize = 4096;

fn random_seven_card_hands() -> Vec<[Card; 7]> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut deck: Vec<Card> = Card::all().collect();
    (0..HANDS)
        .map(|_| {
            deck.shuffle(&mut rng);
            [
                deck[0], deck[1], deck[2], deck[3], deck[4], deck[5], deck[6],
            ]
        })
        .collect()
}

fn to_aya(hand: &[Card; 7]) -> aya_poker::base::Hand {
    let text: Vec<String> = hand.iter().map(Card::to_string).collect();
    text.join(" ")
        .parse()
        .expect("our notation is aya_poker's notation")
}

fn to_aya_cards(hand: &[Card; 7]) -> [aya_poker::base::Card; 7] {
    hand.map(|card| {
        card.to_string()
            .parse()
            .expect("our notation is aya_poker's notation")
    })
}

fn to_rs_poker(hand: &[Card; 7]) -> [rs_poker::core::Card; 7] {
    hand.map(|card| rs_poker::core::Card {
        value: rs_poker::core::Value::from_u8(card.rank.value() - 2),
        suit: rs_poker::core::Suit::from_u8(card.suit.index()),
    })
}

fn seven_card_evaluation(c: &mut Criterion) {
    let hands = random_seven_card_hands();
    let card_sets: Vec<CardSet> = hands.iter().map(|hand| CardSet::from_cards(hand)).collect();
    let aya_hands: Vec<aya_poker::base::Hand> = hands.iter().map(to_aya).collect();
    let aya_cards: Vec<[aya_poker::base::Card; 7]> = hands.iter().map(to_aya_cards).collect();
    let rs_hands: Vec<[rs_poker::core::Card; 7]> = hands.iter().map(to_rs_poker).collect();

    let mut group = c.benchmark_group("seven_card_eval");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));

    group.bench_function("studbot_high", |b| {
        b.iter(|| {
            for hand in black_box(&hands) {
                black_box(best_high(hand));
            }
        })
    });
    group.bench_function("studbot_low", |b| {
        b.iter(|| {
            for hand in black_box(&hands) {
                black_box(best_low(hand));
            }
        })
    });
    group.bench_function("studbot_high_precomputed_cardset", |b| {
        b.iter(|| {
            for set in black_box(&card_sets) {
                black_box(set.high());
            }
        })
    });
    group.bench_function("studbot_low_precomputed_cardset", |b| {
        b.iter(|| {
            for set in black_box(&card_sets) {
                black_box(set.low());
            }
        })
    });
    group.bench_function("studbot_high_low", |b| {
        b.iter(|| {
            for hand in black_box(&hands) {
                black_box(best_high_low(hand));
            }
        })
    });
    group.bench_function("studbot_high_low_precomputed_cardset", |b| {
        b.iter(|| {
            for set in black_box(&card_sets) {
                black_box(set.high_low());
            }
        })
    });
    group.bench_function("studbot_ace_five_low_precomputed_cardset", |b| {
        b.iter(|| {
            for set in black_box(&card_sets) {
                black_box(set.ace_five_low());
            }
        })
    });
    group.bench_function("aya_poker_rank", |b| {
        b.iter(|| {
            for hand in black_box(&aya_hands) {
                black_box(aya_poker::poker_rank(hand));
            }
        })
    });
    // The like-for-likes of `studbot_high` and `studbot_low`, which start from cards: build
    // aya's `Hand` from its cards, then rank it.
    group.bench_function("aya_poker_rank_from_cards", |b| {
        b.iter(|| {
            for cards in black_box(&aya_cards) {
                let hand: aya_poker::base::Hand = cards.iter().collect();
                black_box(aya_poker::poker_rank(&hand));
            }
        })
    });
    group.bench_function("aya_ace_five_rank_from_cards", |b| {
        b.iter(|| {
            for cards in black_box(&aya_cards) {
                let hand: aya_poker::base::Hand = cards.iter().collect();
                black_box(aya_poker::ace_five_rank(&hand));
            }
        })
    });
    group.bench_function("aya_ace_five_rank", |b| {
        b.iter(|| {
            for hand in black_box(&aya_hands) {
                black_box(aya_poker::ace_five_rank(hand));
            }
        })
    });
    group.bench_function("aya_both", |b| {
        b.iter(|| {
            for hand in black_box(&aya_hands) {
                black_box((aya_poker::poker_rank(hand), aya_poker::ace_five_rank(hand)));
            }
        })
    });
    // The like-for-like of `studbot_high_low`, which starts from cards too: build aya's
    // `Hand` from its cards, then rank it both ways.
    group.bench_function("aya_both_from_cards", |b| {
        b.iter(|| {
            for cards in black_box(&aya_cards) {
                let hand: aya_poker::base::Hand = cards.iter().collect();
                black_box((
                    aya_poker::poker_rank(&hand),
                    aya_poker::ace_five_rank(&hand),
                ));
            }
        })
    });
    group.bench_function("rs_poker_rank", |b| {
        use rs_poker::core::Rankable;
        b.iter(|| {
            for hand in black_box(&rs_hands) {
                black_box(hand.as_slice().rank());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, seven_card_evaluation);
criterion_main!(benches);
