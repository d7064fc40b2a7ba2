//! The showdown: which hands a game plays ([`contender`], by its [`PotRule`]: high and
//! eight-or-better low in Stud/8, high in Stud, the razz low in Razz), and the order of
//! showing and mucking: the last player to bet or raise on the last betting round shows
//! first; if no one bet, the player who acted first on that street; then clockwise. Once
//! someone is all-in and betting is over, every hand is shown. Otherwise a player whose hand
//! cannot win any part of any pot it is eligible for — against the hands already shown —
//! mucks.

use super::ace_five_low::AceFiveLow;
use super::eval::CardSet;
use super::game::PotRule;
use super::pot::Pot;
use super::pot_division::{Contender, LowClaim};
use super::seats::Seats;
use super::vocab::SeatIndex;

/// What `seat`'s cards (its own and the community card) claim at showdown in a game
/// dividing pots by `rule`.
pub fn contender(rule: PotRule, seat: SeatIndex, cards: CardSet) -> Contender {
    match rule {
        PotRule::HighLowEightOrBetter => {
            let (high, low) = cards.high_low();
            Contender {
                seat,
                high: Some(high),
                low: low.map(LowClaim::EightOrBetter),
            }
        }
        PotRule::HighOnly => Contender {
            seat,
            high: Some(cards.high()),
            low: None,
        },
        PotRule::RazzLow => Contender {
            seat,
            high: None,
            low: Some(LowClaim::Razz(AceFiveLow::of_set(cards))),
        },
    }
}

/// The live seats in showing order, starting at `lead` (or the first live seat clockwise
/// from it).
pub fn showing_order(seats: &Seats, lead: SeatIndex) -> Vec<SeatIndex> {
    let mut order = Vec::with_capacity(seats.count);
    order.extend(
        seats
            .clockwise_from(lead.min(seats.count.saturating_sub(1)))
            .filter(|&s| seats.is_live(s)),
    );
    order
}

/// Whether `candidate` could win a share of any pot it is eligible for, given the hands
/// shown before it.
fn can_win_something(candidate: &Contender, shown: &[Contender], pots: &[Pot]) -> bool {
    pots.iter()
        .filter(|pot| pot.eligible.contains(&candidate.seat))
        .any(|pot| {
            let rivals = shown.iter().filter(|c| pot.eligible.contains(&c.seat));
            let mut best_high = None;
            let mut best_low = None;
            let mut any_rival = false;
            for rival in rivals {
                any_rival = true;
                best_high = best_high.max(rival.high);
                best_low = best_low.max(rival.low);
            }
            if !any_rival {
                return true;
            }
            let wins_high = candidate
                .high
                .is_some_and(|high| best_high.is_none_or(|best| high >= best));
            let wins_low = candidate
                .low
                .is_some_and(|low| best_low.is_none_or(|best| low >= best));
            wins_high || wins_low
        })
}

/// For each seat in `order`, whether it shows (`true`) or mucks.
pub fn show_or_muck(
    order: &[SeatIndex],
    contenders: &[Contender],
    pots: &[Pot],
    everyone_shows: bool,
) -> Vec<(SeatIndex, bool)> {
    let mut shown: Vec<Contender> = Vec::with_capacity(order.len());
    let mut decisions = Vec::with_capacity(order.len());
    for &seat in order {
        let Some(candidate) = contenders.iter().find(|c| c.seat == seat) else {
            continue;
        };
        let shows = everyone_shows || can_win_something(candidate, &shown, pots);
        if shows {
            shown.push(*candidate);
        }
        decisions.push((seat, shows));
    }
    decisions
}
