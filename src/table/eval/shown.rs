//! Which cards play: the five cards of the best high and of the best low, in the order they
//! are shown.

use super::card_set::{best_high, best_low};
use super::category::HandCategory;
use super::high::HighValue;
use super::low::LowValue;
use crate::table::card::{Card, Rank, Suit};

/// The five cards that make `best_high(cards)` (for showing results), best first: the
/// cards of the biggest group first (trips before the pair of a full house, the pair before
/// its kickers), higher ranks before lower, and a straight from its top card down (the
/// wheel ends with its ace). With fewer than five cards, all of them in that order.
pub fn best_high_cards(cards: &[Card]) -> (HighValue, Vec<Card>) {
    let value = best_high(cards);
    let chosen = if cards.len() <= 5 {
        cards.to_vec()
    } else {
        five_card_subsets(cards)
            .find(|five| best_high(five) == value)
            .map(|five| five.to_vec())
            .unwrap_or_else(|| cards.to_vec())
    };
    (value, order_high_cards(value, chosen))
}

fn order_high_cards(value: HighValue, mut cards: Vec<Card>) -> Vec<Card> {
    let straight = matches!(
        value.category(),
        HandCategory::Straight | HandCategory::StraightFlush
    );
    if straight && value.ranks().first() == Some(&Rank::Five) {
        cards.sort_by_key(|card| std::cmp::Reverse((card.rank.low_value(), card.suit)));
        return cards;
    }
    let count_of = |rank: Rank| cards.iter().filter(|card| card.rank == rank).count();
    let mut keyed: Vec<(usize, Card)> = cards
        .iter()
        .map(|&card| (count_of(card.rank), card))
        .collect();
    keyed.sort_by_key(|&(count, card)| std::cmp::Reverse((count, card.rank, card.suit)));
    keyed.into_iter().map(|(_, card)| card).collect()
}

/// Every five-card subset of `cards`, in a fixed order.
fn five_card_subsets(cards: &[Card]) -> impl Iterator<Item = [Card; 5]> + '_ {
    let n = cards.len();
    (0..n).flat_map(move |a| {
        (a + 1..n).flat_map(move |b| {
            (b + 1..n).flat_map(move |c| {
                (c + 1..n).flat_map(move |d| {
                    (d + 1..n).map(move |e| [cards[a], cards[b], cards[c], cards[d], cards[e]])
                })
            })
        })
    })
}

/// The five cards that make `best_low(cards)`, highest first (the ace last). Where a rank
/// appears more than once, the lowest suit (clubs first) is shown.
pub fn best_low_cards(cards: &[Card]) -> Option<(LowValue, Vec<Card>)> {
    let value = best_low(cards)?;
    let mut chosen = Vec::with_capacity(5);
    for rank in value.ranks() {
        let card = Suit::ALL
            .iter()
            .map(|&suit| Card::new(rank, suit))
            .find(|candidate| cards.contains(candidate))?;
        chosen.push(card);
    }
    Some((value, chosen))
}
