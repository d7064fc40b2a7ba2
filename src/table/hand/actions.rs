//! A player's actions in a hand: what the seat to act may do, why anything else is refused
//! (a typed error that changes nothing), and taking an action.

use crate::table::betting::LegalSet;
use crate::table::errors::{ActionError, MissingCard};
use crate::table::vocab::{ActionKind, Event, LegalAction, SeatIndex, record};

use super::Hand;

impl Hand {
    pub(super) fn refresh_legal(&mut self) {
        let state = &mut self.state;
        match state.to_act {
            Some(seat) => state.round.legal_into(&state.seats, seat, &mut state.legal),
            None => state.legal = LegalSet::empty(),
        }
    }

    /// The actions the seat to act may take now (empty when the hand is over).
    pub fn legal_actions(&self) -> Vec<LegalAction> {
        self.state.legal.iter().collect()
    }

    /// The actions the seat to act may take now, without allocating (for `sim` and benches).
    pub fn legal_iter(&self) -> impl Iterator<Item = LegalAction> + '_ {
        self.state.legal.iter()
    }

    /// The legal action of `kind` for the seat to act, if there is one (no allocation).
    pub fn legal_action(&self, kind: ActionKind) -> Option<LegalAction> {
        self.state.legal.find(kind)
    }

    fn check_action(&self, seat: SeatIndex, kind: ActionKind) -> Result<LegalAction, ActionError> {
        if self.result.is_some() {
            return Err(ActionError::HandOver);
        }
        if self.state.street_due {
            return Err(ActionError::DealingOut);
        }
        if seat >= self.state.seats.count {
            return Err(ActionError::NoSuchSeat(seat));
        }
        let Some(to_act) = self.state.to_act else {
            return Err(ActionError::HandOver);
        };
        if seat != to_act {
            return Err(ActionError::NotYourTurn { seat, to_act });
        }
        let set = &self.state.legal;
        set.find(kind).ok_or_else(|| ActionError::NotAllowed {
            kind,
            allowed: describe_legal(set),
        })
    }

    /// Why `kind` for `seat` is refused (`act_quietly` found it is).
    #[cold]
    fn refusal(&self, seat: SeatIndex, kind: ActionKind) -> ActionError {
        match self.check_action(seat, kind) {
            Err(error) => error,
            // Unreachable: `act_quietly` refuses exactly what `check_action` refuses.
            Ok(_) => ActionError::HandOver,
        }
    }

    /// Takes `kind` for `seat`; amounts follow from fixed limit. Returns the events it caused
    /// (the next street's cards, the showdown …). An error changes nothing.
    pub fn act(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<Vec<Event>, ActionError> {
        let first_new = self.events.len();
        self.act_quietly(seat, kind)?;
        Ok(self.events[first_new..].to_vec())
    }

    /// Like [`Hand::act`] without copying out the events it caused (they are still in
    /// [`Hand::events`]): the allocation-free path for `sim` and benchmarks.
    pub fn act_quietly(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<(), ActionError> {
        // The seat to act taking one of its legal actions is found without building the
        // `Result` of `check_action` (a copy of it, read back, stalled every action).
        let state = &self.state;
        let accepted = match state.to_act {
            Some(to_act) if to_act == seat && !state.street_due && self.result.is_none() => {
                state.legal.find(kind)
            }
            _ => None,
        };
        let Some(action) = accepted else {
            return Err(self.refusal(seat, kind));
        };
        let fast = self.state.cards_suffice;
        // With every card there, nothing can fail after the action is taken: no copy needed.
        let saved = if fast {
            None
        } else {
            Some((self.state, self.events.len()))
        };
        let outcome = self.apply(seat, action);
        if outcome.is_err()
            && let Some((state, events)) = saved
        {
            self.state = state;
            self.events.truncate(events);
        }
        outcome.map_err(ActionError::from)
    }

    fn apply(&mut self, seat: SeatIndex, action: LegalAction) -> Result<(), MissingCard> {
        let outcome = self.apply_and_advance(seat, action);
        self.refresh_legal();
        outcome
    }

    fn apply_and_advance(
        &mut self,
        seat: SeatIndex,
        action: LegalAction,
    ) -> Result<(), MissingCard> {
        let state = &mut self.state;
        state.round.apply(&mut state.seats, seat, action);
        if action.kind.is_wager() {
            state.seats.count_wager(seat, state.street);
        }
        state.action_seq = state.action_seq.wrapping_add(1);
        state.last_action = Some((seat, action));
        if let Some(acted) = state.seats.acted.get_mut(seat) {
            *acted = Some(action.kind);
        }
        record(&mut self.events, || Event::Acted {
            seat,
            kind: action.kind,
            chips: action.chips,
            total: action.total,
            all_in: action.all_in,
        });
        // At least two players were in before this action, and only a fold can leave one:
        // other actions skip counting the seats.
        if action.kind == ActionKind::Fold && state.seats.live_count() <= 1 {
            self.finish_uncontested();
            return Ok(());
        }
        if let Some(next) = state.round.next_to_act(&state.seats, seat) {
            state.to_act = Some(next);
            return Ok(());
        }
        self.end_round();
        self.advance()
    }
}

/// "fold, call 5, raise to 10" for an error message.
fn describe_legal(set: &LegalSet) -> String {
    let parts: Vec<String> = set
        .iter()
        .map(|action| match action.kind {
            ActionKind::Fold => "fold".to_string(),
            ActionKind::Check => "check".to_string(),
            ActionKind::Call => format!("call {}", action.chips),
            ActionKind::BringIn => format!("bring-in {}", action.chips),
            ActionKind::Complete => format!("complete to {}", action.total),
            ActionKind::Bet => format!("bet {}", action.total),
            ActionKind::Raise => format!("raise to {}", action.total),
            ActionKind::BetBig => format!("bet-big {}", action.total),
            ActionKind::RaiseBig => format!("raise-big to {}", action.total),
        })
        .collect();
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}
