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
mod tests;
