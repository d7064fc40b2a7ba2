//! Replays one hand described as a JSON line (the `studbot replay` format of docs/ARCHITECTURE.md):
//! an optional game (`"stud8"` by default, `"stud"`, `"razz"`), stakes, optional rules, stacks, the cards each seat receives in the order dealt, an
//! optional community card and the actions in order. Every kind of bad input becomes a
//! [`ReplayError`] that says why (and which action, when an action caused it); nothing panics.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::ace_five_low::AceFiveLow;
use super::card::Card;
use super::game::Game;
use super::hand::{
    ActionError, ActionKind, Event, Hand, HandSetup, PotAward, SeatIndex, SeatState, Street,
};
use super::rules::{Rules, Stakes};

/// The cards of one deck.
const DECK_SIZE: usize = 52;
/// The most cards one seat can receive in a hand.
const MAX_CARDS_PER_SEAT: usize = 7;
/// Every seat receives three cards on third street before anyone acts.
const THIRD_STREET_CARDS: usize = 3;

/// One hand to replay, as read from a JSON line. Keys other than these are ignored, so a
/// line may carry extra data (an expected result, a label) for the program that wrote it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayInput {
    /// The game dealt (docs/RULES.md, "Other stud games"); Stud/8 when missing.
    #[serde(default)]
    pub game: Game,
    pub stakes: Stakes,
    /// Missing keys (or a missing or `null` object) take the docs/RULES.md defaults.
    #[serde(default, deserialize_with = "rules_or_default")]
    pub rules: Rules,
    #[serde(deserialize_with = "super::rules::read::stacks")]
    pub stacks: Vec<u64>,
    /// `cards[i]`: what seat i receives, in the order dealt.
    pub cards: Vec<Vec<Card>>,
    #[serde(default)]
    pub community: Option<Card>,
    /// Action names in kebab-case (`bring-in complete bet raise call check fold`, and
    /// `bet-big raise-big` for the big amount on an open-pair fourth street), read as text so
    /// that an unknown name is reported with its index.
    pub actions: Vec<String>,
}

fn rules_or_default<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Rules, D::Error> {
    Ok(Option::<Rules>::deserialize(deserializer)?.unwrap_or_default())
}

/// One seat's hand as shown at showdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayShownHand {
    pub seat: SeatIndex,
    pub cards: Vec<Card>,
    /// The best high for people ("Full house, aces over queens").
    pub high: String,
    /// The low that plays: the best eight-or-better low in Stud/8 ("8-6-4-2-A low"), if
    /// any; the razz low in Razz ("7-5-4-2-A", "Pair of twos (2-2-7-5-A)"); none in Stud.
    pub low: Option<String>,
}

/// A hand replayed to its end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayOutcome {
    /// Final stacks, seat by seat.
    pub stacks: Vec<u64>,
    /// How each pot (0 = main, then side pots) was split.
    pub pots: Vec<PotAward>,
    /// Hands shown at showdown, in showing order.
    pub shown: Vec<ReplayShownHand>,
    /// Seats that mucked at showdown.
    pub mucked: Vec<SeatIndex>,
    /// Uncalled chips given back, as (seat, chips).
    pub returned: Vec<(SeatIndex, u64)>,
    /// The community card, if the deck ran short on seventh street.
    pub community: Option<Card>,
    /// How many actions were taken.
    pub actions: usize,
}

/// Why a hand could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    pub message: String,
    /// The index in `actions` of the action that caused the error, if an action did.
    pub action_index: Option<usize>,
}

impl ReplayError {
    fn input(message: impl Into<String>) -> ReplayError {
        ReplayError {
            message: message.into(),
            action_index: None,
        }
    }

    fn at_action(index: usize, message: impl Into<String>) -> ReplayError {
        ReplayError {
            message: message.into(),
            action_index: Some(index),
        }
    }
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.action_index {
            Some(index) => write!(f, "action {index}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReplayError {}

/// Replays one JSON line and returns the result line as a JSON value:
/// `{"ok":true,"stacks":[...],...}` or `{"ok":false,"error":"...","action_index":N}`
/// (`action_index` only when an action caused the error).
pub fn replay_line(line: &str) -> Value {
    result_to_json(&parse_line(line).and_then(|input| replay(&input)))
}

/// Replays one JSON line and returns the result line as text, keys in a fixed order with
/// `"ok"` first (what `studbot replay` prints).
pub fn replay_line_text(line: &str) -> String {
    result_to_text(&parse_line(line).and_then(|input| replay(&input)))
}

/// One output line: `ok` first, then the outcome's fields or the error.
#[derive(Serialize)]
struct ResultLine<'a> {
    ok: bool,
    #[serde(flatten)]
    outcome: Option<&'a ReplayOutcome>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action_index: Option<usize>,
}

impl<'a> ResultLine<'a> {
    fn of(outcome: &'a Result<ReplayOutcome, ReplayError>) -> ResultLine<'a> {
        match outcome {
            Ok(done) => ResultLine {
                ok: true,
                outcome: Some(done),
                error: None,
                action_index: None,
            },
            Err(error) => ResultLine {
                ok: false,
                outcome: None,
                error: Some(&error.message),
                action_index: error.action_index,
            },
        }
    }
}

/// The JSON result line for a replay outcome, as a value.
pub fn result_to_json(outcome: &Result<ReplayOutcome, ReplayError>) -> Value {
    serde_json::to_value(ResultLine::of(outcome))
        .unwrap_or_else(|error| json!({ "ok": false, "error": error.to_string() }))
}

/// The JSON result line for a replay outcome, as text with `"ok"` first.
pub fn result_to_text(outcome: &Result<ReplayOutcome, ReplayError>) -> String {
    serde_json::to_string(&ResultLine::of(outcome)).unwrap_or_else(|error| {
        json!({ "ok": false, "error": format!("cannot write the result: {error}") }).to_string()
    })
}

/// Parses one line into a [`ReplayInput`].
pub fn parse_line(line: &str) -> Result<ReplayInput, ReplayError> {
    if line.trim().is_empty() {
        return Err(ReplayError::input("empty line: expected one hand as JSON"));
    }
    serde_json::from_str(line).map_err(|error| ReplayError::input(format!("bad input: {error}")))
}

/// Replays one hand to its end, or says why it cannot.
pub fn replay(input: &ReplayInput) -> Result<ReplayOutcome, ReplayError> {
    check_input(input)?;
    let actions = parse_actions(&input.actions)?;
    let mut hand = Hand::new(HandSetup::from_seat_cards(
        input.game,
        input.stakes,
        input.rules,
        &input.stacks,
        input.cards.clone(),
        input.community,
    ))
    .map_err(|error| ReplayError::input(format!("the hand cannot start: {error}")))?;

    for (index, &kind) in actions.iter().enumerate() {
        let Some(seat) = hand.to_act() else {
            return Err(ReplayError::at_action(
                index,
                format!(
                    "`{}` comes after the hand ended ({} action(s) left over)",
                    kind.name(),
                    actions.len() - index
                ),
            ));
        };
        if let Err(error) = hand.act_quietly(seat, kind) {
            return Err(
                missing_community_card(input, &hand, kind, &error).unwrap_or_else(|| {
                    ReplayError::at_action(
                        index,
                        format!("`{}` by seat {seat} refused: {error}", kind.name()),
                    )
                }),
            );
        }
    }

    if let Some(seat) = hand.to_act() {
        let allowed: Vec<&str> = hand
            .legal_actions()
            .iter()
            .map(|legal| legal.kind.name())
            .collect();
        return Err(ReplayError::input(format!(
            "the actions ran out before the hand ended: seat {seat} is to act ({})",
            allowed.join(", ")
        )));
    }

    check_every_card_dealt(input, hand.events())?;
    Ok(outcome_of(&hand, actions.len()))
}

/// The replay line of a finished hand: its stakes, rules, starting stacks, the cards each
/// seat received, the community card and every action. Replaying it gives the same result.
pub fn replay_input_of(hand: &Hand) -> Option<ReplayInput> {
    let result = hand.result()?;
    let mut cards = vec![Vec::new(); result.starting_stacks.len()];
    let mut community = None;
    let mut actions = Vec::new();
    for event in hand.events() {
        match event {
            Event::DownCard { seat, card, .. } | Event::UpCard { seat, card, .. } => {
                cards.get_mut(*seat)?.push(*card);
            }
            Event::CommunityCard { card } => community = Some(*card),
            Event::Acted { kind, .. } => actions.push(kind.name().to_string()),
            _ => {}
        }
    }
    Some(ReplayInput {
        game: hand.game(),
        stakes: *hand.stakes(),
        rules: *hand.rules(),
        stacks: result.starting_stacks.clone(),
        cards,
        community,
        actions,
    })
}

fn check_input(input: &ReplayInput) -> Result<(), ReplayError> {
    input
        .stakes
        .validate()
        .map_err(|error| ReplayError::input(format!("invalid stakes: {error}")))?;
    input
        .rules
        .validate()
        .map_err(|error| ReplayError::input(format!("invalid rules: {error}")))?;
    input
        .rules
        .validate_for_game(input.game)
        .map_err(|error| ReplayError::input(format!("invalid rules: {error}")))?;
    if input.stacks.len() != input.cards.len() {
        return Err(ReplayError::input(format!(
            "wrong stack count: {} stacks for {} seats of cards",
            input.stacks.len(),
            input.cards.len()
        )));
    }
    for (seat, cards) in input.cards.iter().enumerate() {
        if cards.len() > MAX_CARDS_PER_SEAT {
            return Err(ReplayError::input(format!(
                "seat {seat} lists {} cards; a seat receives at most {MAX_CARDS_PER_SEAT}",
                cards.len()
            )));
        }
        if cards.len() < THIRD_STREET_CARDS {
            return Err(ReplayError::input(format!(
                "seat {seat} lists {} cards; every seat receives {THIRD_STREET_CARDS} on third street",
                cards.len()
            )));
        }
    }
    let mut seen = [false; DECK_SIZE];
    for card in input.cards.iter().flatten().chain(input.community.iter()) {
        let slot = &mut seen[usize::from(card.index())];
        if *slot {
            return Err(ReplayError::input(format!(
                "card {card} is listed more than once"
            )));
        }
        *slot = true;
    }
    Ok(())
}

/// The line's own fault, not the action's, when `kind` would open seventh street for more
/// players than the deck has cards left: that street is one community card (docs/RULES.md,
/// Deal), and the line gives none.
fn missing_community_card(
    input: &ReplayInput,
    hand: &Hand,
    kind: ActionKind,
    error: &ActionError,
) -> Option<ReplayError> {
    let ActionError::MissingCard {
        street: Street::Seventh,
        ..
    } = error
    else {
        return None;
    };
    if input.community.is_some() {
        return None;
    }
    let view = hand.public_view();
    let dealt: usize = view
        .seats
        .iter()
        .map(|seat| seat.up_cards.len() + seat.down_count)
        .sum();
    let still_in = view
        .seats
        .iter()
        .filter(|seat| seat.state != SeatState::Folded)
        .count();
    let players = still_in.saturating_sub(usize::from(kind == ActionKind::Fold));
    let left = DECK_SIZE.saturating_sub(dealt);
    (players > left).then(|| {
        ReplayError::input(format!(
            "the community card is missing: {players} players reach seventh street with \
             {left} cards left in the deck, so seventh street is one community card \
             (`community`), and the line gives none"
        ))
    })
}

fn parse_actions(names: &[String]) -> Result<Vec<ActionKind>, ReplayError> {
    names
        .iter()
        .enumerate()
        .map(|(index, name)| {
            ActionKind::from_name(name).ok_or_else(|| {
                let known: Vec<&str> = ActionKind::ALL.iter().map(|kind| kind.name()).collect();
                ReplayError::at_action(
                    index,
                    format!("unknown action `{name}`; actions are {}", known.join(", ")),
                )
            })
        })
        .collect()
}

/// A hand that ended before some listed card was dealt means the input does not describe
/// this hand: refuse it rather than ignore the extra cards.
fn check_every_card_dealt(input: &ReplayInput, events: &[Event]) -> Result<(), ReplayError> {
    let mut dealt = vec![0usize; input.cards.len()];
    let mut folded = vec![false; input.cards.len()];
    let mut community_dealt = false;
    for event in events {
        match event {
            Event::DownCard { seat, .. } | Event::UpCard { seat, .. } => {
                if let Some(count) = dealt.get_mut(*seat) {
                    *count += 1;
                }
            }
            Event::Acted {
                seat,
                kind: ActionKind::Fold,
                ..
            } => {
                if let Some(flag) = folded.get_mut(*seat) {
                    *flag = true;
                }
            }
            Event::CommunityCard { card } => {
                community_dealt = true;
                check_community_was_needed(*card, &dealt, &folded)?;
            }
            _ => {}
        }
    }
    for (seat, (listed, received)) in input.cards.iter().zip(&dealt).enumerate() {
        if listed.len() > *received {
            let extra: Vec<String> = listed[*received..].iter().map(Card::to_string).collect();
            return Err(ReplayError::input(format!(
                "seat {seat} lists {} cards but received only {received} in this hand (left over: {})",
                listed.len(),
                extra.join(" ")
            )));
        }
    }
    if let (Some(card), false) = (input.community, community_dealt) {
        return Err(ReplayError::input(format!(
            "community card {card} is listed but the hand never needed one"
        )));
    }
    Ok(())
}

/// docs/RULES.md: a community card is turned only when fewer cards remain than players still in
/// the hand on seventh street. A replay that lists one otherwise does not follow the rules.
fn check_community_was_needed(
    card: Card,
    dealt: &[usize],
    folded: &[bool],
) -> Result<(), ReplayError> {
    let remaining = 52usize.saturating_sub(dealt.iter().sum());
    let players_in = folded.iter().filter(|&&gone| !gone).count();
    if remaining >= players_in {
        return Err(ReplayError::input(format!(
            "community card {card} is listed, but {remaining} cards were left for {players_in} players on seventh street, so every player gets their own card"
        )));
    }
    Ok(())
}

fn outcome_of(hand: &Hand, actions: usize) -> ReplayOutcome {
    let mut shown = Vec::new();
    let mut mucked = Vec::new();
    let mut returned = Vec::new();
    let mut pots = Vec::new();
    let mut community = None;
    let mut stacks = Vec::new();
    for event in hand.events() {
        match event {
            Event::Shown {
                seat,
                cards,
                high,
                low,
            } => {
                let low = match hand.game() {
                    Game::Stud8 => low.map(|value| value.to_string()),
                    Game::Stud => None,
                    Game::Razz => Some(AceFiveLow::of(cards).to_string()),
                };
                shown.push(ReplayShownHand {
                    seat: *seat,
                    cards: cards.clone(),
                    high: high.to_string(),
                    low,
                });
            }
            Event::Mucked { seat } => mucked.push(*seat),
            Event::Returned { seat, chips } => returned.push((*seat, *chips)),
            Event::PotAwarded(award) => pots.push(PotAward::clone(award)),
            Event::CommunityCard { card } => community = Some(*card),
            Event::HandEnded { stacks: end } => stacks = end.clone(),
            _ => {}
        }
    }
    if let Some(result) = hand.result() {
        stacks = result.final_stacks.clone();
    }
    ReplayOutcome {
        stacks,
        pots,
        shown,
        mucked,
        returned,
        community,
        actions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_names_round_trip_and_match_their_serde_form() {
        for kind in ActionKind::ALL {
            assert_eq!(ActionKind::from_name(kind.name()), Some(kind));
            assert_eq!(
                serde_json::to_value(kind).ok(),
                Some(serde_json::Value::from(kind.name()))
            );
        }
        assert_eq!(ActionKind::from_name("bring_in"), None);
    }

    #[test]
    fn an_error_line_carries_the_action_index_only_when_an_action_caused_it() {
        let by_action = result_to_json(&Err(ReplayError::at_action(4, "no")));
        assert_eq!(by_action["action_index"], 4);
        assert_eq!(by_action["ok"], false);
        let by_input = result_to_json(&Err(ReplayError::input("no")));
        assert!(by_input.get("action_index").is_none());
    }

    #[test]
    fn malformed_json_and_blank_lines_are_errors_not_panics() {
        for line in ["", "   ", "{", "[1,2]", "null", r#"{"stakes":1}"#] {
            let value = replay_line(line);
            assert_eq!(value["ok"], false, "{line:?}");
            assert!(value["error"].is_string());
        }
    }

    #[test]
    fn unknown_duplicated_and_miscounted_cards_are_refused_before_the_hand_starts() {
        let base = r#"{"stakes":{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10},"stacks":[100,100],"cards":CARDS,"actions":[]}"#;
        let cases = [
            (r#"[["Ah","Xx","7d"],["2h","3d","4d"]]"#, "not a card"),
            (r#"[["Ah","As","7d"],["Ah","3d","4d"]]"#, "more than once"),
            (r#"[["Ah","As"],["2h","3d","4d"]]"#, "third street"),
            (
                r#"[["Ah","As","7d","Jd","8s","9h","9c","Tc"],["2h","3d","4d"]]"#,
                "at most 7",
            ),
            (r#"[["Ah","As","7d"]]"#, "wrong stack count"),
        ];
        for (cards, why) in cases {
            let value = replay_line(&base.replace("CARDS", cards));
            assert_eq!(value["ok"], false, "{cards}");
            let error = value["error"].as_str().unwrap_or_default();
            assert!(error.contains(why), "{cards}: {error}");
        }
    }

    #[test]
    fn invalid_stakes_are_refused_with_the_wrong_value_named() {
        let line = r#"{"stakes":{"ante":1,"bring_in":6,"small_bet":5,"big_bet":10},"stacks":[100,100],"cards":[["Ah","As","7d"],["2h","3d","4d"]],"actions":[]}"#;
        let value = replay_line(line);
        assert_eq!(value["ok"], false);
        assert!(
            value["error"]
                .as_str()
                .unwrap_or_default()
                .contains("bring_in")
        );
    }

    #[test]
    fn an_unknown_action_name_is_reported_with_its_index() {
        let line = r#"{"stakes":{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10},"stacks":[100,100],"cards":[["Ah","As","7d"],["2h","3d","4d"]],"actions":["bring-in","raise-all"]}"#;
        let value = replay_line(line);
        assert_eq!(value["ok"], false);
        assert_eq!(value["action_index"], 1);
    }

    #[test]
    fn the_game_field_picks_the_rules_and_stud8_is_the_default() {
        // Seat 0 holds the wheel, seat 1 kings full: razz pays seat 0, stud and stud8 (no
        // low for seat 1, the wheel is only a straight for high) pay seat 1 all or half.
        let line = |game: &str| {
            format!(
                r#"{{{game}"stakes":{{"ante":0,"bring_in":2,"small_bet":5,"big_bet":10}},"stacks":[100,100],"cards":[["Ac","2d","Kh","Qs","3c","4d","5h"],["Kc","Kd","Qh","Qd","Ks","9h","2c"]],"actions":["bring-in","call","check","check","check","check","check","check","check","check"]}}"#
            )
        };
        let stacks = |game: &str| replay_line(&line(game))["stacks"].clone();
        assert_eq!(stacks(r#""game":"razz","#), json!([102, 98]));
        assert_eq!(stacks(r#""game":"stud","#), json!([98, 102]));
        assert_eq!(stacks(r#""game":"stud8","#), json!([100, 100]));
        assert_eq!(stacks(""), json!([100, 100]));
        let refused = replay_line(&line(r#""game":"holdem","#));
        assert_eq!(refused["ok"], json!(false));
        let error = refused["error"].as_str().unwrap_or_default();
        assert!(error.contains("unknown variant `holdem`"), "{error}");
        let razz = replay_line(&line(r#""game":"razz","#));
        assert_eq!(razz["shown"][0]["low"], json!("a wheel (5-4-3-2-A)"));
    }
}
