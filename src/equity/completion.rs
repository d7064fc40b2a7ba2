//! Each player's possible completions of one deal: their missing cards drawn from the cards
//! left, each listed once with a bit mask of the cards it uses and evaluated once, so that a
//! runout (one completion per player, no card in common) compares values already known. Both
//! the heads-up enumeration (`exact`) and the count of outcome classes (`multiway`) read them.

use super::settle::{Strength, strength};
use crate::table::eval::CardSet;
use crate::table::{Card, Game};

/// One way to complete a player's hand: the cards drawn (bit = card index) and the value.
#[derive(Debug, Clone, Copy)]
pub(super) struct Completion {
    pub(super) cards: u64,
    pub(super) hand: Strength,
}

/// The completions of `known` with `count` cards from `pool`, in a fixed order.
pub(super) fn completions(
    game: Game,
    known: CardSet,
    pool: &[Card],
    count: usize,
) -> Vec<Completion> {
    fn extend(
        game: Game,
        set: CardSet,
        cards: u64,
        pool: &[Card],
        count: usize,
        out: &mut Vec<Completion>,
    ) {
        if count == 0 {
            out.push(Completion {
                cards,
                hand: strength(game, set),
            });
            return;
        }
        for (position, &card) in pool.iter().enumerate() {
            if pool.len() - position < count {
                break;
            }
            let mut with = set;
            with.insert(card);
            extend(
                game,
                with,
                cards | 1 << card.index(),
                &pool[position + 1..],
                count - 1,
                out,
            );
        }
    }
    let mut out = Vec::new();
    extend(game, known, 0, pool, count, &mut out);
    out
}
