//! Who brings in on third street, by the game's [`BringInCard`] rule. Stud/8 and Stud: the
//! lowest door card, the ace counting HIGH and equal ranks broken by suit (clubs < diamonds <
//! hearts < spades) — exactly `Card`'s order. Razz: the HIGHEST door card, the ace counting
//! LOW (a king is the highest) and equal ranks broken by the same suit order, so the king of
//! spades brings in before the king of clubs. When that player is all-in on the ante, the
//! next player to the left acts first and may bring in or complete.

use super::deal::DealtCards;
use super::game::BringInCard;
use super::seats::Seats;
use super::vocab::SeatIndex;

/// The seat whose door card brings in among the seats still in the hand.
pub fn bring_in_seat(seats: &Seats, dealt: &DealtCards, rule: BringInCard) -> Option<SeatIndex> {
    let doors = (0..seats.count)
        .filter(|&s| seats.is_live(s))
        .filter_map(|s| dealt.door_card(s).map(|card| (card, s)));
    match rule {
        BringInCard::LowestAceHigh => doors.min().map(|(_, seat)| seat),
        BringInCard::HighestAceLow => doors
            .max_by_key(|&(card, seat)| {
                // Cards are unique, so the seat never decides; it only makes the key total.
                (
                    card.rank.low_value(),
                    card.suit.index(),
                    std::cmp::Reverse(seat),
                )
            })
            .map(|(_, seat)| seat),
    }
}

/// The seat that acts first on third street: the bring-in seat, or when it is all-in on the
/// ante, the next seat to its left that still has chips.
pub fn first_to_act_on_third(
    seats: &Seats,
    dealt: &DealtCards,
    rule: BringInCard,
) -> Option<SeatIndex> {
    let bring_in = bring_in_seat(seats, dealt, rule)?;
    seats.next_active_from(bring_in)
}
