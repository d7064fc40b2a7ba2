//! The lines of the external seat protocol: the `act` question and the `end` notice the run
//! writes, built from what the seat may see of the hand, and the reply it reads back.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Failure;
use crate::table::hand::{ActionKind, Event, Hand, LegalAction, SeatIndex, SeatState, Street};
use crate::table::{Card, Stakes};

/// A program's reply: the action's name, and optionally the `id` of the question it answers
/// (other fields are ignored).
#[derive(Deserialize)]
struct Reply {
    action: String,
    id: Option<u64>,
}

/// The legal action `reply` names, as the answer to question `id`. A reply that names
/// another question's id answers an earlier one, too late: [`Failure::Stale`].
pub(super) fn parse_reply(
    reply: &str,
    legal: &[LegalAction],
    id: u64,
) -> Result<ActionKind, Failure> {
    let shown = shorten(reply);
    let named = serde_json::from_str::<Reply>(reply).map_err(|error| Failure::Malformed {
        reply: shown.clone(),
        why: error.to_string(),
    })?;
    if named.id.is_some_and(|answered| answered != id) {
        return Err(Failure::Stale);
    }
    ActionKind::from_name(&named.action)
        .filter(|kind| legal.iter().any(|action| action.kind == *kind))
        .ok_or_else(|| Failure::NotLegal {
            reply: shown,
            legal: legal
                .iter()
                .map(|action| action.kind.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// At most 80 characters of `text`, for a message.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(80).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// The `act` line: what seat `seat` may see of hand `number` (from 0), and what it may do.
#[derive(Serialize)]
struct Act<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    /// This program's questions are numbered from 1: a reply may name the one it answers.
    id: u64,
    hand: u64,
    game: &'static str,
    street: u8,
    seat: SeatIndex,
    stakes: &'a Stakes,
    cards: OwnCards,
    #[serde(skip_serializing_if = "Option::is_none")]
    community: Option<Card>,
    players: Vec<Player<'a>>,
    pot: u64,
    to_call: u64,
    legal: Vec<Action>,
    history: Vec<Acted>,
}

#[derive(Serialize)]
struct OwnCards {
    down: Vec<Card>,
    up: Vec<Card>,
}

/// A seat as the table shows it.
#[derive(Serialize)]
struct Player<'a> {
    seat: SeatIndex,
    up: &'a [Card],
    stack: u64,
    bet: u64,
    folded: bool,
    all_in: bool,
}

/// An action by its `replay` name, with the chips it moves from the stack (none for a check
/// or a fold).
#[derive(Serialize)]
struct Action {
    action: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount: Option<u64>,
}

impl Action {
    fn of(kind: ActionKind, chips: u64) -> Action {
        let moves_chips = !matches!(kind, ActionKind::Check | ActionKind::Fold);
        Action {
            action: kind.name(),
            amount: moves_chips.then_some(chips),
        }
    }
}

#[derive(Serialize)]
struct Acted {
    street: u8,
    seat: SeatIndex,
    #[serde(flatten)]
    action: Action,
}

fn street_number(street: Street) -> u8 {
    match street {
        Street::Third => 3,
        Street::Fourth => 4,
        Street::Fifth => 5,
        Street::Sixth => 6,
        Street::Seventh | Street::Showdown => 7,
    }
}

/// The `act` line (question `id`) for seat `seat`, to act in hand `number` (from 0).
pub(super) fn act_message(id: u64, number: u64, hand: &Hand, seat: SeatIndex) -> String {
    let public = hand.public_view();
    let private = hand.private_view(seat);
    let legal = &public.legal;
    let to_call = legal
        .iter()
        .find(|action| action.kind == ActionKind::Call)
        .map_or(0, |action| action.chips);
    let mut history = Vec::new();
    let mut street = Street::Third;
    for event in hand.events() {
        match event {
            Event::StreetStarted { street: now, .. } => street = *now,
            Event::Acted {
                seat, kind, chips, ..
            } => history.push(Acted {
                street: street_number(street),
                seat: *seat,
                action: Action::of(*kind, *chips),
            }),
            _ => {}
        }
    }
    let act = Act {
        kind: "act",
        id,
        hand: number + 1,
        game: hand.game().name(),
        street: street_number(public.street),
        seat,
        stakes: hand.stakes(),
        cards: OwnCards {
            down: private
                .as_ref()
                .map_or_else(Vec::new, |view| view.down_cards.clone()),
            up: private
                .as_ref()
                .map_or_else(Vec::new, |view| view.up_cards.clone()),
        },
        community: public.community,
        players: public
            .seats
            .iter()
            .enumerate()
            .map(|(index, view)| Player {
                seat: index,
                up: &view.up_cards,
                stack: view.stack,
                bet: view.street_bet,
                folded: view.state == SeatState::Folded,
                all_in: view.state == SeatState::AllIn,
            })
            .collect(),
        pot: public.pot,
        to_call,
        legal: legal
            .iter()
            .map(|action| Action::of(action.kind, action.chips))
            .collect(),
        history,
    };
    // Serializing plain numbers, strings and cards cannot fail.
    serde_json::to_string(&act).unwrap_or_default()
}

/// The `end` line: what the table showed of hand `number` (from 0) and each seat's net.
#[derive(Serialize)]
struct End {
    #[serde(rename = "type")]
    kind: &'static str,
    hand: u64,
    seat: SeatIndex,
    shown: BTreeMap<String, Vec<Card>>,
    net: Vec<i64>,
}

pub(super) fn end_message(number: u64, hand: &Hand, seat: SeatIndex) -> String {
    let public = hand.public_view();
    let shown = public
        .seats
        .iter()
        .enumerate()
        .filter_map(|(index, view)| Some((index.to_string(), view.shown.clone()?)))
        .collect();
    let net = match hand.result() {
        Some(result) => result
            .starting_stacks
            .iter()
            .zip(&result.final_stacks)
            .map(|(&start, &end)| i64::try_from(i128::from(end) - i128::from(start)).unwrap_or(0))
            .collect(),
        None => Vec::new(),
    };
    let end = End {
        kind: "end",
        hand: number + 1,
        seat,
        shown,
        net,
    };
    serde_json::to_string(&end).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(kinds: &[ActionKind]) -> Vec<LegalAction> {
        kinds
            .iter()
            .map(|&kind| LegalAction {
                kind,
                chips: 5,
                total: 5,
                all_in: false,
            })
            .collect()
    }

    #[test]
    fn a_reply_names_one_of_the_legal_actions() {
        let offered = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(
            parse_reply(r#"{"action":"call"}"#, &offered, 1),
            Ok(ActionKind::Call)
        );
        assert_eq!(
            parse_reply(
                r#" {"action":"raise","amount":10,"why":"aces"} "#,
                &offered,
                1
            ),
            Ok(ActionKind::Raise)
        );
    }

    #[test]
    fn a_reply_not_legal_here_or_not_of_the_shape_is_refused_and_named() {
        let offered = legal(&[ActionKind::Fold, ActionKind::Call]);
        let Err(Failure::NotLegal { reply, legal }) =
            parse_reply(r#"{"action":"check"}"#, &offered, 1)
        else {
            panic!("a check is not offered");
        };
        assert_eq!(reply, r#"{"action":"check"}"#);
        assert_eq!(legal, "fold, call");
        for reply in ["call", r#"{"act":"call"}"#, r#"{"action":5}"#, "", "{"] {
            assert!(
                matches!(
                    parse_reply(reply, &offered, 1),
                    Err(Failure::Malformed { .. })
                ),
                "{reply}"
            );
        }
        assert!(matches!(
            parse_reply(r#"{"action":"shove"}"#, &offered, 1),
            Err(Failure::NotLegal { .. })
        ));
    }

    #[test]
    fn a_reply_naming_another_question_is_stale_and_one_naming_this_one_answers_it() {
        let offered = legal(&[ActionKind::Check, ActionKind::Bet]);
        assert_eq!(
            parse_reply(r#"{"action":"bet","id":7}"#, &offered, 7),
            Ok(ActionKind::Bet)
        );
        assert_eq!(
            parse_reply(r#"{"action":"bet","id":6}"#, &offered, 7),
            Err(Failure::Stale)
        );
        assert!(matches!(
            parse_reply(r#"{"action":"bet","id":"7"}"#, &offered, 7),
            Err(Failure::Malformed { .. })
        ));
    }

    #[test]
    fn a_long_reply_is_shortened_in_messages() {
        let long = "x".repeat(500);
        assert_eq!(shorten(&long).chars().count(), 81);
        assert_eq!(shorten("short"), "short");
    }
}
