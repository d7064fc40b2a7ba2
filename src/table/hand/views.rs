//! What a hand shows: the public view anyone at the table may see, each player's private
//! view, the final result, and the accessors the front ends read.

use serde::Serialize;

use crate::table::card::Card;
use crate::table::eval::{CardSet, HighValue, LowValue};
use crate::table::game::Game;
use crate::table::rules::{Rules, Stakes};
use crate::table::seats::STREETS_BET;
use crate::table::vocab::{ActionKind, Event, LegalAction, PotAward, SeatIndex, SeatState, Street};

use super::Hand;

/// What anyone at the table may see of one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicSeat {
    pub stack: u64,
    /// This seat's bet on the current street.
    pub street_bet: u64,
    /// Everything this seat has put in this hand, antes included.
    pub committed: u64,
    pub up_cards: Vec<Card>,
    /// How many face-down cards this seat holds (never which).
    pub down_count: usize,
    pub state: SeatState,
    /// The seat's whole hand, once shown at showdown.
    pub shown: Option<Vec<Card>>,
    /// The highest wager the seat made on each street, third to seventh (index 0 is third
    /// street), counted as the street's wagers with it: 1 a completion or bet, 2 a raise,
    /// 3 a re-raise …; 0 when it made none.
    pub wagers: [u8; STREETS_BET],
    /// What the seat did last on this street, if it has acted on it (the board says it).
    pub acted: Option<ActionKind>,
}

/// What anyone at the table may see of the hand. Holds no down card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicView {
    pub game: Game,
    pub stakes: Stakes,
    pub street: Street,
    pub seats: Vec<PublicSeat>,
    pub community: Option<Card>,
    /// Total in the middle, bets of the current street included.
    pub pot: u64,
    pub to_act: Option<SeatIndex>,
    pub legal: Vec<LegalAction>,
    /// The last accepted action: who, and what it was (its chips, the seat's street total
    /// after it, whether it put the seat all-in).
    pub last_action: Option<(SeatIndex, LegalAction)>,
}

impl PublicView {
    /// The main pot then each side pot, with the seats that can win it, from what every seat
    /// has committed (see [`crate::table::pot::split_pots`]).
    pub fn pots(&self) -> Vec<(u64, Vec<SeatIndex>)> {
        let committed: Vec<(u64, bool, bool)> = self
            .seats
            .iter()
            .map(|seat| {
                (
                    seat.committed,
                    seat.state == SeatState::AllIn,
                    seat.state != SeatState::Folded,
                )
            })
            .collect();
        crate::table::pot::split_pots(&committed)
    }
}

/// One seat's own cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrivateView {
    /// The game dealt: which of `high` and `low` play (Razz plays its own low of the cards).
    pub game: Game,
    pub seat: SeatIndex,
    pub down_cards: Vec<Card>,
    pub up_cards: Vec<Card>,
    pub community: Option<Card>,
    pub high: HighValue,
    pub low: Option<LowValue>,
}

impl PrivateView {
    /// `seat`'s view of its own cards in `game`: its `down_cards`, its `up_cards` and the
    /// `community` card, with the values they make (as [`Hand::private_view`] gives them).
    pub fn of(
        game: Game,
        seat: SeatIndex,
        down_cards: Vec<Card>,
        up_cards: Vec<Card>,
        community: Option<Card>,
    ) -> PrivateView {
        let cards: CardSet = down_cards
            .iter()
            .chain(&up_cards)
            .copied()
            .chain(community)
            .collect();
        let (high, low) = cards.high_low();
        PrivateView {
            game,
            seat,
            down_cards,
            up_cards,
            community,
            high,
            low,
        }
    }
}

/// The final outcome of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandResult {
    /// The game dealt, so a result names the hands as that game plays them.
    pub game: Game,
    pub starting_stacks: Vec<u64>,
    pub final_stacks: Vec<u64>,
    pub awards: Vec<PotAward>,
    /// Seats whose hands were shown, in showing order.
    pub shown: Vec<SeatIndex>,
}

impl Hand {
    /// The sequence number of the next action: increases by one with every accepted action,
    /// so a stale offer can be recognised.
    pub fn action_seq(&self) -> u32 {
        self.state.action_seq
    }

    /// The street being played; `Showdown` once hands are shown. A hand won uncontested
    /// stays on the street where the last opponent folded (see [`Hand::is_over`]).
    pub fn street(&self) -> Street {
        self.state.street
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The game this hand deals.
    pub fn game(&self) -> Game {
        self.game
    }

    pub fn stakes(&self) -> &Stakes {
        &self.stakes
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn seat_count(&self) -> usize {
        self.state.seats.count
    }

    pub fn starting_stacks(&self) -> &[u64] {
        &self.starting_stacks
    }

    /// The community card, when seventh street was dealt as one.
    pub fn community(&self) -> Option<Card> {
        self.state.community
    }

    pub fn public_view(&self) -> PublicView {
        let mut view = PublicView {
            game: self.game,
            stakes: self.stakes,
            street: self.state.street,
            seats: Vec::with_capacity(self.state.seats.count),
            community: None,
            pot: 0,
            to_act: None,
            legal: Vec::new(),
            last_action: None,
        };
        self.fill_public_view(&mut view);
        view
    }

    /// Writes [`Hand::public_view`] into `view`, reusing its buffers: what a caller that asks
    /// at every action (`sim`'s computer players) uses so that asking allocates nothing.
    pub fn fill_public_view(&self, view: &mut PublicView) {
        let state = &self.state;
        let seats = &state.seats;
        let shown: &[SeatIndex] = self.result.as_ref().map_or(&[], |r| &r.shown);
        view.game = self.game;
        view.stakes = self.stakes;
        view.street = state.street;
        view.seats.truncate(seats.count);
        for seat in 0..seats.count {
            if view.seats.len() == seat {
                view.seats.push(PublicSeat {
                    stack: 0,
                    street_bet: 0,
                    committed: 0,
                    up_cards: Vec::with_capacity(5),
                    down_count: 0,
                    state: SeatState::Active,
                    shown: None,
                    wagers: [0; STREETS_BET],
                    acted: None,
                });
            }
            let public = &mut view.seats[seat];
            public.stack = seats.stack[seat];
            public.street_bet = seats.street_bet[seat];
            public.committed = seats.committed[seat];
            public.up_cards.clear();
            public.up_cards.extend(state.dealt.up_cards(seat));
            public.down_count = state.dealt.down_cards(seat).count();
            public.state = seats.state[seat];
            public.wagers = seats.wagers[seat];
            public.acted = seats.acted[seat];
            public.shown = (shown.contains(&seat) || state.turned_face_up && seats.is_live(seat))
                .then(|| self.own_cards(seat));
        }
        view.community = state.community;
        view.pot = seats.pot();
        view.to_act = state.to_act;
        view.legal.clear();
        view.legal.extend(self.legal_iter());
        view.last_action = state.last_action;
    }

    pub fn private_view(&self, seat: SeatIndex) -> Option<PrivateView> {
        let mut view = PrivateView {
            game: self.game,
            seat,
            down_cards: Vec::with_capacity(3),
            up_cards: Vec::with_capacity(4),
            community: None,
            high: HighValue(0),
            low: None,
        };
        self.fill_private_view(seat, &mut view).then_some(view)
    }

    /// Writes [`Hand::private_view`] of `seat` into `view`, reusing its buffers; false (and
    /// `view` untouched) when there is no such seat.
    pub fn fill_private_view(&self, seat: SeatIndex, view: &mut PrivateView) -> bool {
        if seat >= self.state.seats.count {
            return false;
        }
        let dealt = &self.state.dealt;
        let community = self.state.community;
        let cards: CardSet = dealt.all(seat).chain(community).collect();
        (view.high, view.low) = cards.high_low();
        view.game = self.game;
        view.seat = seat;
        view.down_cards.clear();
        view.down_cards.extend(dealt.down_cards(seat));
        view.up_cards.clear();
        view.up_cards.extend(dealt.up_cards(seat));
        view.community = community;
        true
    }

    /// The outcome, once the hand is over.
    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// Chips in the hand right now: stacks plus everything committed. Constant for a hand.
    pub fn total_chips(&self) -> u64 {
        let seats = &self.state.seats;
        seats.stack[..seats.count].iter().sum::<u64>() + seats.pot()
    }
}
