//! The deal: seven cards per player, one at a time in seat order — two down and one up on
//! third street, one up on fourth, fifth and sixth, one down on seventh — with no burn
//! cards, and the community card when the deck holds fewer cards than players on seventh.

use super::card::Card;
use super::card_source::{CardSource, SourceCursor};
use super::errors::MissingCard;
use super::eval::CardSet;
use super::seats::{MAX_SEATS, Seats};
use super::vocab::{Event, HAND_CARDS, SeatIndex, Street, record};

/// Whether the card dealt at position `index` (0-based) of a seat's hand is face up.
pub fn is_up_position(index: usize) -> bool {
    (2..=5).contains(&index)
}

/// The cards each seat holds, in the order dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealtCards {
    cards: [[Option<Card>; HAND_CARDS]; MAX_SEATS],
    held: [u8; MAX_SEATS],
    /// The up cards again, packed: the board is compared every street.
    up: [[Card; UP_CARDS]; MAX_SEATS],
    up_held: [u8; MAX_SEATS],
    /// The up cards once more, ready for the evaluator: who acts first is decided by
    /// ranking every board on every street, and this spares re-keying the cards each time.
    up_set: [CardSet; MAX_SEATS],
}

/// Up cards per player: the door card and fourth to sixth street.
pub const UP_CARDS: usize = 4;

impl Default for DealtCards {
    fn default() -> Self {
        DealtCards {
            cards: [[None; HAND_CARDS]; MAX_SEATS],
            held: [0; MAX_SEATS],
            up: [[Card::PLACEHOLDER; UP_CARDS]; MAX_SEATS],
            up_held: [0; MAX_SEATS],
            up_set: [CardSet::EMPTY; MAX_SEATS],
        }
    }
}

impl DealtCards {
    pub fn held(&self, seat: SeatIndex) -> usize {
        usize::from(self.held[seat])
    }

    fn push(&mut self, seat: SeatIndex, card: Card) {
        let index = self.held(seat);
        if index < HAND_CARDS {
            self.cards[seat][index] = Some(card);
            self.held[seat] += 1;
            let up = usize::from(self.up_held[seat]);
            if is_up_position(index) && up < UP_CARDS {
                self.up[seat][up] = card;
                self.up_held[seat] += 1;
                self.up_set[seat].insert(card);
            }
        }
    }

    /// The seat's up cards, in the order dealt.
    pub fn board(&self, seat: SeatIndex) -> &[Card] {
        &self.up[seat][..usize::from(self.up_held[seat])]
    }

    /// The seat's up cards as an evaluator set.
    pub fn board_set(&self, seat: SeatIndex) -> CardSet {
        self.up_set[seat]
    }

    /// Every card of the seat in the order dealt.
    pub fn all(&self, seat: SeatIndex) -> impl Iterator<Item = Card> + '_ {
        self.cards[seat][..self.held(seat)]
            .iter()
            .flatten()
            .copied()
    }

    pub fn up_cards(&self, seat: SeatIndex) -> impl Iterator<Item = Card> + '_ {
        self.board(seat).iter().copied()
    }

    pub fn down_cards(&self, seat: SeatIndex) -> impl Iterator<Item = Card> + '_ {
        self.all(seat)
            .enumerate()
            .filter(|(i, _)| !is_up_position(*i))
            .map(|(_, card)| card)
    }

    /// The first up card, dealt on third street.
    pub fn door_card(&self, seat: SeatIndex) -> Option<Card> {
        self.cards[seat][2]
    }
}

/// Deals `street` to every seat still in the hand, in seat order, recording the events.
/// On seventh street a single community card replaces the individual cards when the source
/// says so. A missing card is an error; the caller restores its copy of the state.
pub fn deal_street(
    street: Street,
    seats: &Seats,
    dealt: &mut DealtCards,
    community: &mut Option<Card>,
    source: &CardSource,
    cursor: &mut SourceCursor,
    events: &mut Vec<Event>,
) -> Result<(), MissingCard> {
    let passes: usize = match street {
        Street::Third => 3,
        Street::Fourth | Street::Fifth | Street::Sixth | Street::Seventh => 1,
        Street::Showdown => 0,
    };
    if street == Street::Seventh {
        match source.seventh_street_community(cursor, seats.live_count()) {
            Some(Some(card)) => {
                *community = Some(card);
                record(events, || Event::CommunityCard { card });
                return Ok(());
            }
            Some(None) => {
                let seat = (0..seats.count).find(|&s| seats.is_live(s)).unwrap_or(0);
                return Err(MissingCard { seat, street });
            }
            None => {}
        }
    }
    for _ in 0..passes {
        for seat in 0..seats.count {
            if !seats.is_live(seat) {
                continue;
            }
            let held = dealt.held(seat);
            let card = source
                .next_for(cursor, seat, held)
                .filter(|_| held < HAND_CARDS)
                .ok_or(MissingCard { seat, street })?;
            dealt.push(seat, card);
            record(events, || {
                if is_up_position(held) {
                    Event::UpCard { seat, street, card }
                } else {
                    Event::DownCard { seat, street, card }
                }
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::deck::Deck;
    use crate::table::vocab::SeatState;

    fn cards(text: &str) -> Vec<Card> {
        Card::parse_many(text).unwrap()
    }

    /// The cards of one hand dealt street by street from `source`.
    struct Dealing {
        seats: Seats,
        dealt: DealtCards,
        community: Option<Card>,
        source: CardSource,
        cursor: SourceCursor,
        events: Vec<Event>,
    }

    impl Dealing {
        fn new(players: usize, source: CardSource) -> Dealing {
            Dealing {
                seats: Seats::new(&vec![100; players]),
                dealt: DealtCards::default(),
                community: None,
                source,
                cursor: SourceCursor::default(),
                events: Vec::new(),
            }
        }

        fn from_deck(players: usize, order: &str) -> Dealing {
            let deck = Deck::stacked(&cards(order)).unwrap();
            Dealing::new(players, CardSource::from_deck(deck))
        }

        fn deal(&mut self, street: Street) -> Result<(), MissingCard> {
            self.events.clear();
            deal_street(
                street,
                &self.seats,
                &mut self.dealt,
                &mut self.community,
                &self.source,
                &mut self.cursor,
                &mut self.events,
            )
        }
    }

    #[test]
    fn only_the_third_to_sixth_cards_are_dealt_face_up() {
        let up: Vec<bool> = (0..7).map(is_up_position).collect();
        assert_eq!(up, vec![false, false, true, true, true, true, false]);
    }

    /// docs/RULES.md, Deal: "two face down and one face up (the door card) on third street",
    /// one card at a time in seat order.
    #[test]
    fn third_street_deals_two_down_then_the_door_card_one_card_at_a_time_in_seat_order() {
        let mut hand = Dealing::from_deck(2, "2c 3c 4c 5c 6c 7c");
        assert_eq!(hand.deal(Street::Third), Ok(()));
        let third = Street::Third;
        let dealt_in_order = cards("2c 3c 4c 5c 6c 7c");
        let [c2, c3, c4, c5, c6, c7] = dealt_in_order[..] else {
            unreachable!("six cards parsed");
        };
        assert_eq!(
            hand.events,
            vec![
                Event::DownCard {
                    seat: 0,
                    street: third,
                    card: c2
                },
                Event::DownCard {
                    seat: 1,
                    street: third,
                    card: c3
                },
                Event::DownCard {
                    seat: 0,
                    street: third,
                    card: c4
                },
                Event::DownCard {
                    seat: 1,
                    street: third,
                    card: c5
                },
                Event::UpCard {
                    seat: 0,
                    street: third,
                    card: c6
                },
                Event::UpCard {
                    seat: 1,
                    street: third,
                    card: c7
                },
            ]
        );
        let dealt = &hand.dealt;
        assert_eq!((dealt.held(0), dealt.held(1)), (3, 3));
        assert_eq!(dealt.door_card(0), Some(c6));
        assert_eq!(dealt.door_card(1), Some(c7));
        assert_eq!(dealt.board(1), &[c7]);
        assert_eq!(dealt.board_set(1), [c7].into_iter().collect());
        assert_eq!(dealt.all(0).collect::<Vec<_>>(), vec![c2, c4, c6]);
        assert_eq!(dealt.down_cards(0).collect::<Vec<_>>(), vec![c2, c4]);
        assert_eq!(dealt.up_cards(0).collect::<Vec<_>>(), vec![c6]);
    }

    /// docs/RULES.md, Deal: one face up on each of fourth, fifth and sixth street, one face
    /// down on seventh; nothing burned, nothing to a folded seat.
    #[test]
    fn each_later_street_deals_one_card_to_each_seat_still_in_up_until_seventh() {
        let mut hand =
            Dealing::from_deck(3, "2c 3c 4c 5c 6c 7c 8c 9c Tc  2d 3d  4d 5d  6d 7d  8d 9d");
        assert_eq!(hand.deal(Street::Third), Ok(()));
        hand.seats.state[1] = SeatState::Folded;
        for street in [
            Street::Fourth,
            Street::Fifth,
            Street::Sixth,
            Street::Seventh,
        ] {
            assert_eq!(hand.deal(street), Ok(()));
            let seats: Vec<SeatIndex> = hand
                .events
                .iter()
                .map(|event| match event {
                    Event::UpCard {
                        seat, street: s, ..
                    } if *s == street => *seat,
                    Event::DownCard {
                        seat, street: s, ..
                    } if *s == street => *seat + 10,
                    _ => 99,
                })
                .collect();
            let expected = if street == Street::Seventh {
                vec![10, 12]
            } else {
                vec![0, 2]
            };
            assert_eq!(seats, expected, "{street:?}");
        }
        let dealt = &hand.dealt;
        assert_eq!((dealt.held(0), dealt.held(1), dealt.held(2)), (7, 3, 7));
        assert_eq!(
            dealt.all(2).collect::<Vec<_>>(),
            cards("4c 7c Tc 3d 5d 7d 9d")
        );
        assert_eq!(dealt.board(2), &cards("Tc 3d 5d 7d")[..]);
        assert_eq!(
            dealt.board_set(2),
            cards("Tc 3d 5d 7d").into_iter().collect()
        );
        assert_eq!(dealt.down_cards(2).collect::<Vec<_>>(), cards("4c 7c 9d"));
        assert_eq!(dealt.door_card(2), cards("Tc").first().copied());
        assert_eq!(hand.community, None);
    }

    /// docs/RULES.md, Deal, the community card: fewer cards left than players still in.
    #[test]
    fn seventh_street_is_one_community_card_when_the_deck_is_short() {
        let mut hand = Dealing::from_deck(2, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac");
        for street in [Street::Third, Street::Fourth, Street::Fifth, Street::Sixth] {
            assert_eq!(hand.deal(street), Ok(()));
        }
        assert_eq!(hand.deal(Street::Seventh), Ok(()));
        let community = cards("Ac").first().copied();
        assert_eq!(hand.community, community);
        assert_eq!(
            hand.events,
            community
                .map(|card| Event::CommunityCard { card })
                .into_iter()
                .collect::<Vec<_>>()
        );
        assert_eq!((hand.dealt.held(0), hand.dealt.held(1)), (6, 6));
    }

    #[test]
    fn a_community_card_due_with_none_left_is_missing_for_the_first_seat_still_in() {
        let mut hand =
            Dealing::from_deck(3, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d");
        for street in [Street::Third, Street::Fourth, Street::Fifth, Street::Sixth] {
            assert_eq!(hand.deal(street), Ok(()));
        }
        hand.seats.state[0] = SeatState::Folded;
        assert_eq!(
            hand.deal(Street::Seventh),
            Err(MissingCard {
                seat: 1,
                street: Street::Seventh
            })
        );
        assert_eq!(hand.community, None);
    }

    #[test]
    fn a_seat_whose_list_runs_out_is_missing_its_card_on_that_street() {
        let lists = vec![cards("2c 3c 4c 5c"), cards("2d 3d 4d")];
        let source = CardSource::from_seat_lists(lists, None, 2).unwrap();
        let mut hand = Dealing::new(2, source);
        assert_eq!(hand.deal(Street::Third), Ok(()));
        assert_eq!(
            hand.deal(Street::Fourth),
            Err(MissingCard {
                seat: 1,
                street: Street::Fourth
            })
        );
    }

    #[test]
    fn a_seat_holding_seven_cards_is_dealt_no_eighth() {
        let mut hand = Dealing::from_deck(2, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d");
        for street in [
            Street::Third,
            Street::Fourth,
            Street::Fifth,
            Street::Sixth,
            Street::Seventh,
        ] {
            assert_eq!(hand.deal(street), Ok(()));
        }
        assert_eq!(
            hand.deal(Street::Seventh),
            Err(MissingCard {
                seat: 0,
                street: Street::Seventh
            })
        );
        let mut dealt = hand.dealt;
        for card in cards("6d 7d") {
            dealt.push(0, card);
        }
        assert_eq!(dealt, hand.dealt);
    }

    #[test]
    fn the_showdown_deals_nothing() {
        let mut hand = Dealing::from_deck(2, "2c 3c");
        assert_eq!(hand.deal(Street::Showdown), Ok(()));
        assert_eq!(hand.events, Vec::new());
        assert_eq!(hand.cursor, SourceCursor::default());
    }
}
