//! Exact enumeration for three and four players, by counting outcome classes.
//!
//! Each player's completions are listed and evaluated once (see [`super::completion`]). The
//! players are dealt in turn, each list filtered to the completions sharing no card with
//! those already dealt, down to the last player, whose completions are not settled one by
//! one: the showdown of a runout depends only on how the hands compare, so each completion of
//! the last player adds one to a histogram bin named by
//! - the *prefix class*: how the other players' highs and lows compare among themselves
//!   (a weak order of each) and which of them have no low, and
//! - the last player's place among those values, high and low, and whether it has a low.
//!
//! The last player's place against the players already dealt is summed as they are dealt
//! (one comparison per filtered completion and level), so the innermost loop compares with one
//! hand only: that makes a runout about as cheap as a heads-up one. Each bin is settled once at
//! the end, with a representative of its prefix class (the first prefix seen) and a value for
//! the last player that sits in the same place among them.

use super::completion::Completion;
use super::settle::{Contest, Strength, Tally, settle};

/// The most players counted by outcome class (beyond, the prefix classes grow too many).
pub const MAX_COUNTED_PLAYERS: usize = 4;

/// Copies of each bin that consecutive completions of the last player take in turn. A prefix
/// often sends most of them to one bin (in Stud and Razz every low, or every high, is in the
/// same place): with one copy each increment would wait for the one before it.
const LANES: usize = 4;

/// A completion of the last player, with its place among the players dealt so far: the sum
/// over them of [`place`] (high, scaled) and (low, scaled), and 1 when it has no low.
#[derive(Debug, Clone, Copy)]
struct Last {
    cards: u64,
    high: u32,
    low: u32,
    key: u32,
}

/// 0, 1 or 2 as `value` is below, equal to or above `other`: summed over the hands dealt,
/// it names the value's place among them (it grows by the number of equal hands at each
/// value passed, and again past it).
#[inline(always)]
fn place(value: u32, other: u32) -> u32 {
    u32::from(value > other) + u32::from(value >= other)
}

/// 0, 1 or 2 as `a` is below, equal to or above `b`.
#[inline(always)]
fn order(a: u32, b: u32) -> u32 {
    u32::from(a >= b) + u32::from(a > b)
}

/// The outcome-class histogram of one worker.
pub struct Counter<'a> {
    /// The players in dealing order: the outer list first, the counted one last.
    order: Vec<usize>,
    lists: &'a [Vec<Completion>],
    /// Places a value can take among `order.len() - 1` hands: 2 × hands + 1.
    width: u32,
    /// Bins per prefix class: high place × low place × has no low, each [`LANES`] times
    /// (bin `key` of lane `lane` at `key * LANES + lane`).
    bins_per_class: usize,
    /// Prefix class code → index + 1 into `representatives` (0: not seen yet).
    class_ids: Vec<u32>,
    /// The hands (by player) of the first prefix seen of each class.
    representatives: Vec<[Strength; 8]>,
    bins: Vec<u64>,
    /// Per depth: the remaining middle players' filtered lists, and the last player's.
    middle: Vec<Vec<Vec<Completion>>>,
    last: Vec<Vec<Last>>,
    hands: [Strength; 8],
}

impl<'a> Counter<'a> {
    /// A counter over `lists` (one per player, 3 to [`MAX_COUNTED_PLAYERS`]) dealt in
    /// `order` (a permutation of the players: the outer list first).
    pub fn new(lists: &'a [Vec<Completion>], order: Vec<usize>) -> Counter<'a> {
        let players = order.len();
        debug_assert!((3..=MAX_COUNTED_PLAYERS).contains(&players));
        let dealt = players as u32 - 1;
        let width = 2 * dealt + 1;
        let pairs = dealt * (dealt - 1) / 2;
        let codes = (1usize << dealt) * 9usize.pow(pairs);
        Counter {
            order,
            lists,
            width,
            bins_per_class: (width * width * 2) as usize * LANES,
            class_ids: vec![0; codes],
            representatives: Vec::new(),
            bins: Vec::new(),
            middle: vec![Vec::new(); players - 1],
            last: vec![Vec::new(); players - 1],
            hands: [Strength::default(); 8],
        }
    }

    /// Counts every runout whose outer player's completion is one of `outer`.
    pub fn count(&mut self, outer: &[Completion]) {
        let first = self.order[0];
        for completion in outer {
            self.hands[first] = completion.hand;
            self.deal(1, completion);
            self.level(1);
        }
    }

    /// Fills depth `depth`'s lists: those of depth `depth - 1` (the unfiltered lists at
    /// depth 1) without the completions sharing a card with `dealt`, the last player's
    /// places updated with it.
    fn deal(&mut self, depth: usize, dealt: &Completion) {
        let players = self.order.len();
        let last_player = self.order[players - 1];
        let mut middle = std::mem::take(&mut self.middle[depth]);
        let mut last = std::mem::take(&mut self.last[depth]);
        middle.resize_with(players - 1 - depth, Vec::new);
        for (slot, list) in middle.iter_mut().enumerate() {
            list.clear();
            let source: &[Completion] = if depth == 1 {
                &self.lists[self.order[depth + slot]]
            } else {
                &self.middle[depth - 1][slot + 1]
            };
            list.extend(source.iter().filter(|c| c.cards & dealt.cards == 0));
        }
        last.clear();
        let scale = 2 * self.width;
        let (high, low) = (dealt.hand.high, dealt.hand.low);
        let with = |item: &Last| Last {
            key: item.key + place(item.high, high) * scale + place(item.low, low) * 2,
            ..*item
        };
        if depth == 1 {
            last.extend(
                self.lists[last_player]
                    .iter()
                    .filter(|c| c.cards & dealt.cards == 0)
                    .map(|c| {
                        with(&Last {
                            cards: c.cards,
                            high: c.hand.high,
                            low: c.hand.low,
                            key: u32::from(c.hand.low == 0),
                        })
                    }),
            );
        } else {
            last.extend(
                self.last[depth - 1]
                    .iter()
                    .filter(|c| c.cards & dealt.cards == 0)
                    .map(with),
            );
        }
        self.middle[depth] = middle;
        self.last[depth] = last;
    }

    /// Deals the player of `depth` each completion left at this depth; the player before
    /// the last counts the last player's completions into the histogram.
    fn level(&mut self, depth: usize) {
        let players = self.order.len();
        let player = self.order[depth];
        let candidates = std::mem::take(&mut self.middle[depth][0]);
        if depth + 2 == players {
            let last = std::mem::take(&mut self.last[depth]);
            let scale = 2 * self.width;
            for completion in &candidates {
                self.hands[player] = completion.hand;
                let base = self.class_base();
                let bins = &mut self.bins[base..base + self.bins_per_class];
                let (high, low, cards) =
                    (completion.hand.high, completion.hand.low, completion.cards);
                let mut add = |item: &Last, lane: usize| {
                    let key = item.key + place(item.high, high) * scale + place(item.low, low) * 2;
                    if let Some(bin) = bins.get_mut(key as usize * LANES + lane) {
                        *bin += u64::from(item.cards & cards == 0);
                    }
                };
                let mut lanes = last.chunks_exact(LANES);
                for items in &mut lanes {
                    for (lane, item) in items.iter().enumerate() {
                        add(item, lane);
                    }
                }
                for item in lanes.remainder() {
                    add(item, 0);
                }
            }
            self.last[depth] = last;
        } else {
            for completion in &candidates {
                self.hands[player] = completion.hand;
                self.deal(depth + 1, completion);
                self.level(depth + 1);
            }
        }
        self.middle[depth][0] = candidates;
    }

    /// The first bin of the prefix class of the hands dealt so far (every player but the
    /// last), adding the class when it is new.
    fn class_base(&mut self) -> usize {
        let dealt = &self.order[..self.order.len() - 1];
        let mut code = 0usize;
        for &player in dealt {
            code = code * 2 + usize::from(self.hands[player].low == 0);
        }
        for (index, &first) in dealt.iter().enumerate() {
            for &second in &dealt[index + 1..] {
                let (a, b) = (self.hands[first], self.hands[second]);
                code = code * 9 + (order(a.high, b.high) * 3 + order(a.low, b.low)) as usize;
            }
        }
        let id = match self.class_ids[code] {
            0 => {
                self.representatives.push(self.hands);
                self.bins.resize(self.bins.len() + self.bins_per_class, 0);
                self.class_ids[code] = self.representatives.len() as u32;
                self.representatives.len() - 1
            }
            id => id as usize - 1,
        };
        id * self.bins_per_class
    }

    /// Settles every bin counted, once each, into `tally`.
    pub fn settle_into(
        &self,
        has_high: bool,
        everyone: u8,
        contests: &[Contest],
        tally: &mut Tally,
    ) {
        let players = self.order.len();
        let last_player = self.order[players - 1];
        let dealt = &self.order[..players - 1];
        let scale = 2 * self.width as usize;
        for (class, representative) in self.representatives.iter().enumerate() {
            let bins = &self.bins[class * self.bins_per_class..][..self.bins_per_class];
            let highs: Vec<u32> = dealt.iter().map(|&p| representative[p].high).collect();
            let lows: Vec<u32> = dealt.iter().map(|&p| representative[p].low).collect();
            for (key, lanes) in bins.chunks_exact(LANES).enumerate() {
                let count: u64 = lanes.iter().sum();
                if count == 0 {
                    continue;
                }
                let high_place = (key / scale) as u32;
                let low_place = ((key % scale) / 2) as u32;
                let no_low = key % 2 == 1;
                let high = value_in_place(high_place, &highs, false);
                let low = if no_low {
                    Some(0)
                } else {
                    value_in_place(low_place, &lows, true)
                };
                let (Some(high), Some(low)) = (high, low) else {
                    debug_assert!(false, "a counted place has a value");
                    continue;
                };
                let mut hands = *representative;
                hands[last_player] = Strength { high, low };
                settle(
                    has_high,
                    &hands[..players],
                    everyone,
                    contests,
                    count,
                    tally,
                );
            }
        }
    }
}

/// A value whose place (the sum of [`place`] against each of `others`) is `wanted`: one of
/// the others, or one more or less than one (a value strictly between two others differs
/// from both, so the one above the lower is strictly between too). `positive` asks for a
/// value above 0 (a low that exists).
fn value_in_place(wanted: u32, others: &[u32], positive: bool) -> Option<u32> {
    let candidates = others
        .iter()
        .flat_map(|&v| [v.saturating_sub(1), v, v.saturating_add(1)])
        .chain([0, 1]);
    candidates
        .filter(|&v| !positive || v > 0)
        .find(|&v| others.iter().map(|&other| place(v, other)).sum::<u32>() == wanted)
}
