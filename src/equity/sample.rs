//! Monte Carlo: runouts drawn at random from the unseen cards, for spots too big to
//! enumerate. The draws come in fixed blocks, each from its own ChaCha stream of the seed,
//! so a seed gives the same answer whatever the number of threads.

use std::sync::atomic::{AtomicU64, Ordering};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::settle::{Contest, SHARE_SCALE, Strength, Tally, settle, strength};
use super::spot::Spot;
use crate::table::eval::CardSet;

/// Runouts per block (per random stream).
const BLOCK: u64 = 1 << 14;

/// Adds `samples` random runouts of `spot` to `tally`.
pub fn sample(
    spot: &Spot,
    contests: &[Contest],
    samples: u64,
    seed: u64,
    threads: usize,
    tally: &mut Tally,
) {
    let blocks = samples.div_ceil(BLOCK);
    let threads = threads.clamp(1, blocks.max(1) as usize);
    let next = AtomicU64::new(0);
    let worker = || {
        let mut mine = Tally::new(spot.hands().len());
        loop {
            let block = next.fetch_add(1, Ordering::Relaxed);
            if block >= blocks {
                break;
            }
            let count = BLOCK.min(samples - block * BLOCK);
            sample_block(spot, contests, seed, block, count, &mut mine);
        }
        mine
    };
    if threads == 1 {
        tally.add(&worker());
        return;
    }
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|handle| match handle.join() {
                Ok(tally) => tally,
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    for part in &tallies {
        tally.add(part);
    }
}

fn sample_block(
    spot: &Spot,
    contests: &[Contest],
    seed: u64,
    block: u64,
    count: u64,
    tally: &mut Tally,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(block);
    let game = spot.game();
    let players = spot.hands().len();
    let everyone = ((1u16 << players) - 1) as u8;
    let known: Vec<CardSet> = spot
        .hands()
        .iter()
        .map(|hand| CardSet::from_cards(hand))
        .collect();
    let missing = spot.own_cards_missing();
    let community = spot.deals_community();
    let takes_community: Vec<bool> = spot
        .hands()
        .iter()
        .map(|hand| community && hand.len() < super::spot::HAND_CARDS)
        .collect();
    let drawn = missing.iter().sum::<usize>() + usize::from(community);
    let mut pool = spot.unseen().to_vec();
    let mut hands = [Strength::default(); 8];
    let all_chips: u128 = spot.pots().iter().map(|pot| u128::from(pot.amount)).sum();
    // One runout's `share` over every chip's units, in fixed point.
    let to_fixed = SHARE_SCALE / (all_chips.max(1) as f64 * super::settle::UNITS as f64);
    let mut before = [0u128; 8];
    for _ in 0..count {
        // A partial Fisher–Yates shuffle: the first `drawn` cards are a uniform draw.
        for position in 0..drawn {
            let pick = rng.random_range(position..pool.len());
            pool.swap(position, pick);
        }
        let mut next = usize::from(community);
        for player in 0..players {
            let mut set = known[player];
            if takes_community[player] {
                set.insert(pool[0]);
            }
            for &card in &pool[next..next + missing[player]] {
                set.insert(card);
            }
            next += missing[player];
            hands[player] = strength(game, set);
        }
        for (share, player) in before.iter_mut().zip(&tally.players) {
            *share = player.share;
        }
        settle(
            game.has_high(),
            &hands[..players],
            everyone,
            contests,
            1,
            tally,
        );
        for (player, before) in tally.players.iter_mut().zip(&before) {
            let fixed = ((player.share - before) as f64 * to_fixed).round() as u128;
            player.sampled_share += fixed;
            player.sampled_share_squares += fixed * fixed;
        }
    }
}
