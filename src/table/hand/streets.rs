//! A hand's streets: dealing each one, opening and closing its betting round, moving on to
//! the next street or the showdown, and dealing out a hand whose betting is over.

use crate::table::betting::BettingRound;
use crate::table::bring_in::first_to_act_on_third;
use crate::table::deal::deal_street;
use crate::table::errors::{ActionError, MissingCard};
use crate::table::first_to_act::first_to_act_after_third;
use crate::table::pot::uncalled_excess;
use crate::table::seats::MAX_SEATS;
use crate::table::vocab::{Event, SeatState, Street, record};

use super::{DealOut, Hand};

impl Hand {
    pub(super) fn deal(&mut self, street: Street) -> Result<(), MissingCard> {
        let state = &mut self.state;
        deal_street(
            street,
            &state.seats,
            &mut state.dealt,
            &mut state.community,
            &self.source,
            &mut state.cursor,
            &mut self.events,
        )?;
        // Once every card the hand could still need is there, it stays so: each street
        // takes exactly what it was counted for, and folds only ever need fewer. Checking
        // again would give the same answer, so it is checked only until it holds.
        if !state.cards_suffice {
            state.cards_suffice = self.source.can_deal_to_the_end(
                &state.cursor,
                &state.seats,
                |seat| state.dealt.held(seat),
                state.community,
            );
        }
        Ok(())
    }

    /// Opens the betting round of `street`; returns false when betting is skipped because at
    /// most one player can still bet.
    pub(super) fn start_round(&mut self, street: Street) -> bool {
        let state = &mut self.state;
        state.street = street;
        state.seats.street_bet = [0; MAX_SEATS];
        state.seats.acted = [None; MAX_SEATS];
        let first = if street == Street::Third {
            first_to_act_on_third(&state.seats, &state.dealt, self.game.bring_in_card())
        } else {
            first_to_act_after_third(
                &state.seats,
                &state.dealt,
                state.community,
                self.game.board_ranking(),
            )
        };
        let open_pair = street == Street::Fourth
            && self.rules.open_pair_big_bet
            && self.game.has_open_pair_big_bet()
            && self.open_pair_showing();
        let state = &mut self.state;
        state.round = BettingRound::new(
            street,
            &self.stakes,
            &self.rules,
            &state.seats,
            first,
            open_pair,
        );
        state.to_act = if state.seats.active_count() >= 2 {
            first
        } else {
            None
        };
        let first_to_act = state.to_act;
        record(&mut self.events, || Event::StreetStarted {
            street,
            first_to_act,
        });
        first_to_act.is_some()
    }

    /// Whether any player still in shows a pair among their up cards.
    fn open_pair_showing(&self) -> bool {
        let state = &self.state;
        (0..state.seats.count)
            .filter(|&s| state.seats.is_live(s))
            .any(|seat| {
                let mut ranks = [0u8; 15];
                state.dealt.up_cards(seat).any(|card| {
                    let slot = &mut ranks[usize::from(card.rank.value())];
                    *slot += 1;
                    *slot >= 2
                })
            })
    }

    /// Closes the betting round: uncalled chips go back, and the round's last bettor (or
    /// first to act) becomes the first to show.
    pub(super) fn end_round(&mut self) {
        let state = &mut self.state;
        state.to_act = None;
        if let Some((seat, chips)) = uncalled_excess(&state.seats) {
            let seats = &mut state.seats;
            seats.committed[seat] -= chips;
            seats.street_bet[seat] = seats.street_bet[seat].saturating_sub(chips);
            seats.stack[seat] = seats.stack[seat].saturating_add(chips);
            if seats.state[seat] == SeatState::AllIn && seats.stack[seat] > 0 {
                seats.state[seat] = SeatState::Active;
            }
            record(&mut self.events, || Event::Returned { seat, chips });
        }
        let round = &state.round;
        if round.any_action {
            state.showdown_lead = round.last_aggressor.or(round.first_to_act);
        }
    }

    /// Deals the next street(s) until a betting round needs a player, or shows down after
    /// seventh street. When betting is over before seventh street the live hands are turned
    /// face up first; a paced hand then stops until [`Hand::deal_next_street`].
    pub(super) fn advance(&mut self) -> Result<(), MissingCard> {
        loop {
            if self.betting_is_over() && self.state.street < Street::Seventh {
                self.turn_face_up();
                if self.deal_out == DealOut::StreetByStreet {
                    self.state.street_due = true;
                    return Ok(());
                }
            }
            let next = match self.state.street {
                Street::Third => Street::Fourth,
                Street::Fourth => Street::Fifth,
                Street::Fifth => Street::Sixth,
                Street::Sixth => Street::Seventh,
                Street::Seventh | Street::Showdown => {
                    self.showdown();
                    return Ok(());
                }
            };
            self.deal(next)?;
            if self.start_round(next) {
                return Ok(());
            }
            self.end_round();
        }
    }

    /// No more betting can happen: two or more players are in and at most one has chips.
    fn betting_is_over(&self) -> bool {
        let seats = &self.state.seats;
        seats.active_count() <= 1 && seats.live_count() >= 2
    }

    /// docs/RULES.md, Showdown: "once someone is all-in and betting is over, all hands are
    /// shown" — at once, before the rest is dealt.
    fn turn_face_up(&mut self) {
        if self.state.turned_face_up {
            return;
        }
        self.state.turned_face_up = true;
        for seat in (0..self.state.seats.count).filter(|&s| self.state.seats.is_live(s)) {
            let cards = self.own_cards(seat);
            self.events.push(Event::TurnedFaceUp { seat, cards });
        }
    }

    /// Deals the next street of a hand in [`Phase::DealingOut`]: fourth to sixth street
    /// leave it dealing out, seventh street is dealt and shown down at once. Returns the
    /// events it caused. An error changes nothing.
    pub fn deal_next_street(&mut self) -> Result<Vec<Event>, ActionError> {
        if self.result.is_some() || !self.state.street_due {
            return Err(ActionError::NotDealingOut);
        }
        let first_new = self.events.len();
        let saved = self.state;
        self.state.street_due = false;
        if let Err(error) = self.deal_out_one_street() {
            self.state = saved;
            self.events.truncate(first_new);
            return Err(error.into());
        }
        Ok(self.events[first_new..].to_vec())
    }

    fn deal_out_one_street(&mut self) -> Result<(), MissingCard> {
        let next = match self.state.street {
            Street::Third => Street::Fourth,
            Street::Fourth => Street::Fifth,
            Street::Fifth => Street::Sixth,
            Street::Sixth | Street::Seventh | Street::Showdown => Street::Seventh,
        };
        self.deal(next)?;
        // No betting: at most one player has chips (the round opens with nobody to act).
        self.start_round(next);
        self.end_round();
        if next == Street::Seventh {
            self.showdown();
        } else {
            self.state.street_due = true;
        }
        Ok(())
    }
}
