//! Pre-actions: what a player chooses to do at their next turn before it comes (check/fold,
//! check, call N, call any, fold), which fit a street, and which action each is when the turn
//! comes. Pure, like the rest of the engine; the lobby keeps each player's choice and carries
//! it out (src/lobby/table/pace.rs).

use serde::Serialize;

use super::hand::{ActionKind, LegalAction, PublicView, SeatIndex, SeatState, Street};

/// What a player asks the table to do at their next turn, chosen before it comes: carried
/// out the moment it comes if it still fits, else dropped and the player asked as usual.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "pre_action", content = "chips", rename_all = "snake_case")]
pub enum PreAction {
    /// Check when checking is free, else fold.
    CheckFold,
    /// Check; dropped if someone bets first.
    Check,
    /// Call exactly this many chips; dropped if the bet changes.
    Call(u64),
    /// Call whatever is bet by then (check when nothing is).
    CallAny,
    /// Fold (never when checking is free: then check).
    Fold,
}

impl PreAction {
    /// The pre-actions that fit `seat` now, or none at its own turn, once it has folded or is
    /// all-in, and while no betting is left. Facing no bet: check/fold, check, call any; facing
    /// one: fold, call it, call any. On third street before the bring-in is posted, the bet to
    /// face is the bring-in.
    pub fn fitting(view: &PublicView, seat: SeatIndex) -> Vec<PreAction> {
        let Some(public) = view.seats.get(seat) else {
            return Vec::new();
        };
        if public.state != SeatState::Active || view.to_act.is_none_or(|to_act| to_act == seat) {
            return Vec::new();
        }
        let highest = view
            .seats
            .iter()
            .map(|other| other.street_bet)
            .max()
            .unwrap_or(0);
        let owed = if view.street == Street::Third && highest == 0 {
            view.stakes.bring_in
        } else {
            highest.saturating_sub(public.street_bet)
        }
        .min(public.stack);
        if owed == 0 {
            vec![PreAction::CheckFold, PreAction::Check, PreAction::CallAny]
        } else {
            vec![PreAction::Fold, PreAction::Call(owed), PreAction::CallAny]
        }
    }

    /// The action this takes at a turn offering `legal`, or `None` when it no longer fits.
    pub fn action_at(self, legal: &[LegalAction]) -> Option<ActionKind> {
        let offered = |kind: ActionKind| legal.iter().find(|action| action.kind == kind);
        let check = offered(ActionKind::Check).map(|_| ActionKind::Check);
        let fold = offered(ActionKind::Fold).map(|_| ActionKind::Fold);
        let call = offered(ActionKind::Call);
        match self {
            PreAction::CheckFold | PreAction::Fold => check.or(fold),
            PreAction::Check => check,
            PreAction::Call(chips) => call
                .filter(|action| action.chips == chips)
                .map(|_| ActionKind::Call),
            PreAction::CallAny => call.map(|_| ActionKind::Call).or(check),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::PreAction;
    use crate::table::hand::PublicSeat;
    use crate::table::hand::{ActionKind, LegalAction, PublicView, SeatIndex, SeatState, Street};
    use crate::table::rules::Stakes;

    fn seat(stack: u64, street_bet: u64, state: SeatState) -> PublicSeat {
        PublicSeat {
            stack,
            street_bet,
            committed: street_bet,
            up_cards: Vec::new(),
            down_count: 2,
            state,
            shown: None,
            acted: None,
            wagers: [0; crate::table::STREETS_BET],
        }
    }

    fn view(street: Street, seats: Vec<PublicSeat>, to_act: Option<SeatIndex>) -> PublicView {
        PublicView {
            game: crate::table::Game::Stud8,
            stakes: Stakes::default(),
            street,
            seats,
            community: None,
            pot: 0,
            to_act,
            legal: Vec::new(),
            last_action: None,
        }
    }

    fn legal(kind: ActionKind, chips: u64) -> LegalAction {
        LegalAction {
            kind,
            chips,
            total: chips,
            all_in: false,
        }
    }

    #[test]
    fn a_player_facing_no_bet_is_offered_check_fold_check_and_call_any() {
        let active = SeatState::Active;
        let free = view(
            Street::Fourth,
            vec![seat(100, 0, active), seat(100, 0, active)],
            Some(0),
        );
        assert_eq!(
            PreAction::fitting(&free, 1),
            [PreAction::CheckFold, PreAction::Check, PreAction::CallAny]
        );
        assert!(PreAction::fitting(&free, 0).is_empty(), "at their own turn");
    }

    #[test]
    fn a_player_facing_a_bet_is_offered_fold_call_it_and_call_any_and_a_short_stack_calls_all_it_has()
     {
        let active = SeatState::Active;
        let bet = view(
            Street::Fifth,
            vec![
                seat(100, 10, active),
                seat(100, 0, active),
                seat(4, 0, active),
            ],
            Some(1),
        );
        assert_eq!(
            PreAction::fitting(&bet, 2),
            [PreAction::Fold, PreAction::Call(4), PreAction::CallAny]
        );
        let folded = view(
            Street::Fifth,
            vec![seat(100, 10, active), seat(100, 0, SeatState::Folded)],
            Some(0),
        );
        assert!(PreAction::fitting(&folded, 1).is_empty());
        let dealt_out = view(Street::Fifth, vec![seat(0, 0, SeatState::AllIn)], None);
        assert!(PreAction::fitting(&dealt_out, 0).is_empty());
    }

    #[test]
    fn before_the_bring_in_the_bet_to_face_is_the_bring_in() {
        let active = SeatState::Active;
        let third = view(
            Street::Third,
            vec![seat(100, 0, active), seat(100, 0, active)],
            Some(0),
        );
        assert_eq!(
            PreAction::fitting(&third, 1),
            [
                PreAction::Fold,
                PreAction::Call(Stakes::default().bring_in),
                PreAction::CallAny
            ]
        );
    }

    #[test]
    fn each_pre_action_is_carried_out_only_while_it_fits() {
        let checking = [legal(ActionKind::Check, 0), legal(ActionKind::Bet, 10)];
        let facing_10 = [
            legal(ActionKind::Fold, 0),
            legal(ActionKind::Call, 10),
            legal(ActionKind::Raise, 20),
        ];
        let facing_20 = [legal(ActionKind::Fold, 0), legal(ActionKind::Call, 20)];
        let cases = [
            (PreAction::CheckFold, &checking[..], Some(ActionKind::Check)),
            (PreAction::CheckFold, &facing_10[..], Some(ActionKind::Fold)),
            (PreAction::Check, &checking[..], Some(ActionKind::Check)),
            (PreAction::Check, &facing_10[..], None),
            (PreAction::Call(10), &facing_10[..], Some(ActionKind::Call)),
            (PreAction::Call(10), &facing_20[..], None),
            (PreAction::CallAny, &facing_20[..], Some(ActionKind::Call)),
            (PreAction::CallAny, &checking[..], Some(ActionKind::Check)),
            (PreAction::Fold, &facing_20[..], Some(ActionKind::Fold)),
            (PreAction::Fold, &checking[..], Some(ActionKind::Check)),
        ];
        for (pre, offered, taken) in cases {
            assert_eq!(pre.action_at(offered), taken, "{pre:?} at {offered:?}");
        }
    }
}
