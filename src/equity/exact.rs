//! Exact enumeration: every way to deal the missing cards, each counted once.
//!
//! Each player's possible completions (their missing cards drawn from the unseen cards) are
//! listed and evaluated once, with a bit mask of the cards they use. A runout is then one
//! completion per player with no card in common, so the showdown of a runout compares values
//! already known instead of evaluating hands again. Heads-up, the comparison of two
//! completions falls into one of twelve outcome classes (high ahead/tied/behind × low none/
//! ahead/behind/tied), counted in a histogram and settled once per class at the end.
//!
//! The longest list is cut into chunks that worker threads take in turn; each worker keeps
//! its own tally, and the tallies add up to the same totals whatever the number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::completion::{Completion, completions};
use super::multiway::{Counter, MAX_COUNTED_PLAYERS};
use super::settle::{Contest, Strength, Tally, settle};
use super::spot::Spot;
use crate::table::eval::CardSet;
use crate::table::{Card, Game};

/// What every runout of one deal settles against.
struct Showdown<'a> {
    has_high: bool,
    everyone: u8,
    contests: &'a [Contest],
}

/// Adds every runout of `spot` to `tally`, using up to `threads` threads.
pub fn enumerate(spot: &Spot, contests: &[Contest], threads: usize, tally: &mut Tally) {
    let players = spot.hands().len();
    let showdown = Showdown {
        has_high: spot.game().has_high(),
        everyone: ((1u16 << players) - 1) as u8,
        contests,
    };
    let missing = spot.own_cards_missing();
    let known: Vec<CardSet> = spot
        .hands()
        .iter()
        .map(|hand| CardSet::from_cards(hand))
        .collect();
    if spot.deals_community() {
        for (position, &community) in spot.unseen().iter().enumerate() {
            let mut pool = spot.unseen().to_vec();
            pool.remove(position);
            let known: Vec<CardSet> = known
                .iter()
                .zip(spot.hands())
                .map(|(&set, hand)| {
                    let mut set = set;
                    if hand.len() < super::spot::HAND_CARDS {
                        set.insert(community);
                    }
                    set
                })
                .collect();
            enumerate_deal(
                spot.game(),
                &known,
                &missing,
                &pool,
                &showdown,
                threads,
                tally,
            );
        }
    } else {
        enumerate_deal(
            spot.game(),
            &known,
            &missing,
            spot.unseen(),
            &showdown,
            threads,
            tally,
        );
    }
}

/// Adds every runout of one deal (the players' known cards, how many each is missing, the
/// cards left to draw) to `tally`: the longest list of completions is shared out in chunks
/// that `threads` workers take in turn.
fn enumerate_deal(
    game: Game,
    known: &[CardSet],
    missing: &[usize],
    pool: &[Card],
    showdown: &Showdown<'_>,
    threads: usize,
    tally: &mut Tally,
) {
    let deal = Deal::new(game, known, missing, pool);
    let outer_list = &deal.lists[deal.order[0]];
    let threads = threads.clamp(1, outer_list.len().max(1));
    let chunk = outer_list.len().div_ceil(threads * 16).max(1);
    let next = AtomicUsize::new(0);
    let work = || {
        let mut worker = Worker::new(&deal, showdown);
        loop {
            let start = next.fetch_add(chunk, Ordering::Relaxed);
            if start >= outer_list.len() {
                break;
            }
            worker.take(&outer_list[start..(start + chunk).min(outer_list.len())]);
        }
        worker.finish()
    };
    if threads == 1 {
        tally.add(&work());
        return;
    }
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
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

/// Each player's completions of one deal, and the order the players are dealt in: the
/// longest list first (outermost), so that it can be shared out between threads.
struct Deal {
    lists: Vec<Vec<Completion>>,
    order: Vec<usize>,
}

impl Deal {
    fn new(game: Game, known: &[CardSet], missing: &[usize], pool: &[Card]) -> Deal {
        let lists: Vec<Vec<Completion>> = known
            .iter()
            .zip(missing)
            .map(|(&set, &count)| completions(game, set, pool, count))
            .collect();
        let outer = (0..lists.len())
            .max_by_key(|&player| (lists[player].len(), std::cmp::Reverse(player)))
            .unwrap_or(0);
        let order = std::iter::once(outer)
            .chain((0..lists.len()).filter(|&player| player != outer))
            .collect();
        Deal { lists, order }
    }
}

/// One thread's share of a deal's runouts and its own tally: heads-up by outcome class (a
/// histogram settled at the end), three and four players by counting outcome classes
/// (`multiway`), more players one runout at a time.
struct Worker<'a> {
    deal: &'a Deal,
    showdown: &'a Showdown<'a>,
    tally: Tally,
    histogram: [u64; CLASSES + 1],
    counter: Option<Counter<'a>>,
}

impl<'a> Worker<'a> {
    fn new(deal: &'a Deal, showdown: &'a Showdown<'a>) -> Worker<'a> {
        let players = deal.order.len();
        Worker {
            deal,
            showdown,
            tally: Tally::new(deal.lists.len()),
            histogram: [0u64; CLASSES + 1],
            counter: (players > 2 && players <= MAX_COUNTED_PLAYERS)
                .then(|| Counter::new(&deal.lists, deal.order.clone())),
        }
    }

    /// Every runout that deals the outermost player one of `part`.
    fn take(&mut self, part: &[Completion]) {
        let (order, lists) = (&self.deal.order, &self.deal.lists);
        if let [_, inner] = order[..] {
            heads_up(part, &lists[inner], &mut self.histogram);
        } else if let Some(counter) = &mut self.counter {
            counter.count(part);
        } else {
            let mut hands = [Strength::default(); 8];
            for completion in part {
                hands[order[0]] = completion.hand;
                descend(
                    &order[1..],
                    completion.cards,
                    lists,
                    &mut hands,
                    self.showdown,
                    &mut self.tally,
                );
            }
        }
    }

    /// The tally, with the classes counted meanwhile settled into it.
    fn finish(mut self) -> Tally {
        let showdown = self.showdown;
        if let [first, second] = self.deal.order[..] {
            settle_classes(&self.histogram, first, second, showdown, &mut self.tally);
        }
        if let Some(counter) = &self.counter {
            counter.settle_into(
                showdown.has_high,
                showdown.everyone,
                showdown.contests,
                &mut self.tally,
            );
        }
        self.tally
    }
}

/// The players of `order` in turn, each given every completion that shares no card with
/// those already dealt (`used`); a full deal is settled.
fn descend(
    order: &[usize],
    used: u64,
    lists: &[Vec<Completion>],
    hands: &mut [Strength; 8],
    showdown: &Showdown<'_>,
    tally: &mut Tally,
) {
    let Some((&player, rest)) = order.split_first() else {
        let players = lists.len();
        settle(
            showdown.has_high,
            &hands[..players],
            showdown.everyone,
            showdown.contests,
            1,
            tally,
        );
        return;
    };
    for completion in &lists[player] {
        if completion.cards & used != 0 {
            continue;
        }
        hands[player] = completion.hand;
        descend(rest, used | completion.cards, lists, hands, showdown, tally);
    }
}

/// High ahead/tied/behind (3) × low none/ahead/behind/tied (4); slot 0 of a histogram
/// counts the pairs that share a card (not runouts).
const CLASSES: usize = 12;

/// The outcome class (1..=12) of `first` against `second`, or 0 when they share a card.
#[inline(always)]
fn class(first: &Completion, second: &Completion) -> usize {
    let (a, b) = (first.hand, second.hand);
    let high = usize::from(a.high > b.high) | usize::from(a.high < b.high) << 1;
    let low = usize::from(a.low > b.low) | usize::from(a.low < b.low) << 1;
    let low = low + 3 * usize::from(low == 0 && (a.low | b.low) != 0);
    let disjoint = usize::from(first.cards & second.cards == 0);
    (high * 4 + low + 1) * disjoint
}

/// Counts the outcome classes of every completion of `outer` against every one of `inner`.
/// Four histograms take turns so that consecutive equal classes do not wait on each other.
fn heads_up(outer: &[Completion], inner: &[Completion], histogram: &mut [u64; CLASSES + 1]) {
    let mut lanes = [[0u64; CLASSES + 1]; 4];
    for first in outer {
        let mut quads = inner.chunks_exact(4);
        for quad in &mut quads {
            lanes[0][class(first, &quad[0])] += 1;
            lanes[1][class(first, &quad[1])] += 1;
            lanes[2][class(first, &quad[2])] += 1;
            lanes[3][class(first, &quad[3])] += 1;
        }
        for second in quads.remainder() {
            lanes[0][class(first, second)] += 1;
        }
    }
    for lane in &lanes {
        for (total, count) in histogram.iter_mut().zip(lane) {
            *total += count;
        }
    }
}

/// Settles each heads-up outcome class once, weighted by its count, with two hands that
/// compare as the class says (`first` is the player whose completions were outer).
fn settle_classes(
    histogram: &[u64; CLASSES + 1],
    first: usize,
    second: usize,
    showdown: &Showdown<'_>,
    tally: &mut Tally,
) {
    // (first's value, second's value) for ahead, tied, behind / none, ahead, behind, tied.
    const HIGH: [(u32, u32); 3] = [(1, 1), (2, 1), (1, 2)];
    const LOW: [(u32, u32); 4] = [(0, 0), (2, 1), (1, 2), (1, 1)];
    for (index, &count) in histogram.iter().enumerate().skip(1) {
        if count == 0 {
            continue;
        }
        let (high, low) = (HIGH[(index - 1) / 4], LOW[(index - 1) % 4]);
        let mut hands = [Strength::default(); 2];
        hands[first] = Strength {
            high: high.0,
            low: low.0,
        };
        hands[second] = Strength {
            high: high.1,
            low: low.1,
        };
        settle(
            showdown.has_high,
            &hands,
            showdown.everyone,
            showdown.contests,
            count,
            tally,
        );
    }
}
