//! The tests that keep the crate's shape, read from its source (`src/`):
//!
//! - no import circles between the files of one folder: when two files (or a file and a
//!   subfolder) of one folder import each other, directly or round a longer circle, the piece
//!   both need belongs in a leaf they share. Imports are the `use` declarations and the
//!   `crate::…` / `super::…` paths written in code, resolved through the re-exports of
//!   `mod.rs` files; a folder's `mod.rs` is its front door, above its files (the bank's own
//!   layering is `bank::layers`'s);
//! - no function over [`long_functions::LONGEST_FUNCTION`] lines, unless a reason is written
//!   down beside its name in [`long_functions::LONG_FOR_A_REASON`].
//!
//! Tests (`#[cfg(test)]` items and test-only modules) are left out: a test may reach anything,
//! and may be as long as its scenario. `cargo test --lib shape -- --nocapture` prints the
//! counts, each circle and each long function.
//!
//! [`source`] reads `src/` as both checks see it (comments and literals blanked, test items cut
//! out); [`circles`] and [`long_functions`] are the checks. The whole module is compiled for
//! tests only; the bank's layer test (`bank::layers`) reads the crate's imports through
//! [`circles::imports`].

pub(crate) mod circles;
mod long_functions;
mod source;
