//! Computer players for `sim`, terminal play and benchmarks, at two levels: `easy` plays by
//! buckets ([`easy`]), `good` by its equity against the live hands' likely ranges
//! ([`good`]). Both see only what their seat may see (their own cards in a
//! [`PrivateView`], everyone's up cards and the betting in a [`PublicView`]) and are
//! deterministic given the RNG they are handed.

pub mod easy;
pub mod good;

use rand::Rng;

pub use easy::{Bucket, assess, choose_action, choose_for_hand};

use crate::table::hand::{Hand, LegalAction, PrivateView, PublicView};

/// How well a computer player plays.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ComputerLevel {
    /// By buckets: cheap, and readable by a stud player.
    #[default]
    Easy,
    /// By Monte Carlo equity against the likely ranges of the live hands.
    Good,
}

named_from_all!(ComputerLevel, ComputerLevel::Easy, 2);

impl ComputerLevel {
    pub const ALL: [ComputerLevel; 2] = [ComputerLevel::Easy, ComputerLevel::Good];

    /// The level's name, as players choose it and a stored table keeps it.
    pub const fn name(self) -> &'static str {
        match self {
            ComputerLevel::Easy => "easy",
            ComputerLevel::Good => "good",
        }
    }
}

/// Picks one of the legal actions at `level` for the seat of `private`, or `None` when that
/// seat is not the one to act or no action is legal.
pub fn choose_action_at<R: Rng + ?Sized>(
    level: ComputerLevel,
    private: &PrivateView,
    public: &PublicView,
    rng: &mut R,
) -> Option<LegalAction> {
    match level {
        ComputerLevel::Easy => easy::choose_action(private, public, rng),
        ComputerLevel::Good => good::choose_action(private, public, rng),
    }
}

/// [`choose_action_at`] for whoever is to act in `hand`, from that seat's own view only.
pub fn choose_for_hand_at<R: Rng + ?Sized>(
    level: ComputerLevel,
    hand: &Hand,
    rng: &mut R,
) -> Option<LegalAction> {
    let seat = hand.to_act()?;
    let private = hand.private_view(seat)?;
    choose_action_at(level, &private, &hand.public_view(), rng)
}
