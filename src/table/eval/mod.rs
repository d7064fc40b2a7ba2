//! Hand evaluation: the best five-card high of up to seven cards, the best ace-to-five
//! eight-or-better low, the ace-to-five low of Razz, the partial ranking of one to four up
//! cards that decides who acts first, and the names people read.
//!
//! Every value type orders so that the BETTER hand is the GREATER value.
//!
//! | module           | owns                                                              |
//! |------------------|-------------------------------------------------------------------|
//! | `category`       | [`HandCategory`], the kinds of hand                               |
//! | `high`           | [`HighValue`]: layout, ranks, words                               |
//! | `low`            | [`LowValue`], the eight-or-better low, from a rank mask           |
//! | `ace_five_low`   | [`AceFiveLow`], Razz's low with no qualifier                      |
//! | `bits`           | the four suit masks every evaluator reads                         |
//! | `high_bits`      | the bit evaluator of a high hand (flushes, more than seven cards) |
//! | `rank_table`     | the additive rank key and its perfect-hash table of highs and lows|
//! | `card_set`       | [`CardSet`] and the entry points on card slices                   |
//! | `shown`          | which five cards play, for showing results                        |
//!
//! Entry points: [`best_high`], [`best_low`], [`best_high_low`] on card slices;
//! [`CardSet`] for a hand prepared once and evaluated often; [`best_high_cards`] and
//! [`best_low_cards`] for showing which five cards play.

pub mod ace_five_low;
mod bits;
mod card_set;
mod category;
mod high;
mod high_bits;
mod low;
mod rank_table;
mod shown;

pub use ace_five_low::{AceFiveLow, best_ace_five_low};
pub use card_set::{CardSet, best_high, best_high_low, best_low};
pub use category::HandCategory;
pub use high::HighValue;
pub use low::LowValue;
pub use shown::{best_high_cards, best_low_cards};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::card::{Card, Rank};

    fn cards(text: &str) -> Vec<Card> {
        Card::parse_many(text).unwrap()
    }

    #[test]
    fn seven_card_full_house_prefers_the_highest_trips() {
        let value = best_high(&cards("Ks Kd Kh Qs Qd Qh 2c"));
        assert_eq!(value.category(), HandCategory::FullHouse);
        assert_eq!(value.ranks(), vec![Rank::King, Rank::Queen]);
        assert_eq!(value.to_string(), "Full house, kings over queens");
    }

    #[test]
    fn the_wheel_is_a_five_high_straight_and_the_best_low() {
        let hand = cards("As 2d 3h 4c 5s Kd Kh");
        assert_eq!(best_high(&hand).to_string(), "Straight, five high");
        let low = best_low(&hand).unwrap();
        assert!(low.is_wheel());
        assert_eq!(low.to_string(), "wheel (5-4-3-2-A)");
    }

    #[test]
    fn up_card_pair_of_twos_beats_ace_king_queen() {
        assert!(best_high(&cards("2c 2d")) > best_high(&cards("As Kd Qh")));
        assert_eq!(best_high(&cards("2c 2d")).ranks().len(), 1);
    }

    #[test]
    fn lows_compare_highest_card_first() {
        let worse = best_low(&cards("8s 6d 5h 4c 3s")).unwrap();
        let better = best_low(&cards("8s 6d 5h 4c 2s")).unwrap();
        assert!(better > worse);
        assert_eq!(better.to_string(), "8-6-5-4-2 low");
    }
}
