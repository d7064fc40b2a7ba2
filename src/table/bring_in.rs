//! Who brings in on third street: the lowest door card, the ace counting HIGH and equal
//! ranks broken by suit (clubs < diamonds < hearts < spades) — exactly `Card`'s order. When
//! that player is all-in on the ante, the next player to the left acts first and may bring
//! in or complete.

use super::deal::DealtCards;
use super::hand::SeatIndex;
use super::seats::Seats;

/// The seat holding the lowest door card among the seats still in the hand.
pub fn lowest_door_card_seat(seats: &Seats, dealt: &DealtCards) -> Option<SeatIndex> {
    (0..seats.count)
        .filter(|&s| seats.is_live(s))
        .filter_map(|s| dealt.door_card(s).map(|card| (card, s)))
        .min()
        .map(|(_, seat)| seat)
}

/// The seat that acts first on third street: the bring-in seat, or when it is all-in on the
/// ante, the next seat to its left that still has chips.
pub fn first_to_act_on_third(seats: &Seats, dealt: &DealtCards) -> Option<SeatIndex> {
    let lowest = lowest_door_card_seat(seats, dealt)?;
    seats.next_active_from(lowest)
}
