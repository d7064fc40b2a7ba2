//! Who acts first on fourth to seventh street, by the game's [`BoardRanking`]: the best
//! board showing (up cards only, plus the community card on seventh street when one was
//! turned) — for HIGH in Stud/8 and Stud (pairs, two pair, trips and quads count, no
//! straights or flushes with four or fewer cards), for the razz LOW in Razz (the ace is low,
//! pairs count against a board, straights and flushes do not) — ties to the seat nearest the
//! dealer's left (the lowest seat). When that player is all-in, the next player to the left
//! with chips acts first.

use super::ace_five_low::AceFiveLow;
use super::card::Card;
use super::deal::DealtCards;
use super::game::BoardRanking;
use super::seats::Seats;
use super::vocab::SeatIndex;

/// The seat with the best board among the seats still in the hand.
pub fn best_board_seat(
    seats: &Seats,
    dealt: &DealtCards,
    community: Option<Card>,
    ranking: BoardRanking,
) -> Option<SeatIndex> {
    // Both rankings are "greater is better" values; the high one is widened to compare
    // with the razz one in a single loop.
    let mut best: Option<(u32, SeatIndex)> = None;
    for seat in (0..seats.count).filter(|&s| seats.is_live(s)) {
        // The deal keeps each board as a set: the same value as `best_high` of its cards
        // (all different), without copying or re-keying them.
        let mut board = dealt.board_set(seat);
        if let Some(card) = community {
            board.insert(card);
        }
        if board.is_empty() {
            continue;
        }
        let value = match ranking {
            BoardRanking::BestHigh => board.high().0,
            BoardRanking::BestLow => AceFiveLow::of_set(board).get(),
        };
        // Strictly better only: an equal board keeps the lower seat.
        if best.is_none_or(|(best_value, _)| value > best_value) {
            best = Some((value, seat));
        }
    }
    best.map(|(_, seat)| seat)
}

/// The seat that acts first on a street after third.
pub fn first_to_act_after_third(
    seats: &Seats,
    dealt: &DealtCards,
    community: Option<Card>,
    ranking: BoardRanking,
) -> Option<SeatIndex> {
    let best = best_board_seat(seats, dealt, community, ranking)?;
    seats.next_active_from(best)
}
