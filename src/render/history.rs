//! A readable public history of a whole hand from its events: antes, up cards street by
//! street, every action, shown hands, pots and final stacks. Down cards appear only in the
//! hands their owners showed (the [`HistoryView`] holds no `DownCard` event).

use crate::table::hand::{Event, Street};

use super::cards::{card, cards};
use super::display_name;
use super::hand_names::game_full_name;
use super::locale::{Locale, tr};
use super::numbers::grouped;
use super::prompt::{action_told, street_name};
use super::results::{Pots, pot_lines, shows_line};
use super::view::{HistoryView, ResultView, ShownHandView};

/// The hand history as text, one line per event worth telling.
pub fn history(locale: Locale, view: &HistoryView) -> String {
    let name = |seat: usize| display_name(&super::view::name_at(&view.names, seat));
    let stakes = view.stakes;
    let mut lines = vec![tr(
        locale,
        "history-header",
        &[
            ("hand", view.hand_number.into()),
            ("game", game_full_name(locale, view.game).into()),
            ("small", stakes.small_bet.into()),
            ("big", stakes.big_bet.into()),
            ("ante", stakes.ante.into()),
            ("bring_in", stakes.bring_in.into()),
        ],
    )];
    let seats: Vec<String> = view
        .starting_stacks
        .iter()
        .enumerate()
        .map(|(seat, stack)| amount_of(locale, &name(seat), *stack))
        .collect();
    if !seats.is_empty() {
        lines.push(tr(
            locale,
            "history-seats",
            &[("seats", seats.join(", ").into())],
        ));
    }
    let community = view.events.iter().find_map(|event| match event {
        Event::CommunityCard { card } => Some(*card),
        _ => None,
    });
    let community_dealt = community.is_some();
    let pots = Pots::of(
        view.events
            .iter()
            .filter(|event| matches!(event, Event::PotAwarded(_)))
            .count(),
    );
    let mut antes: Vec<String> = Vec::new();
    let mut dealt: Vec<String> = Vec::new();
    let mut street: Option<Street> = None;
    let mut shown: Vec<ShownHandView> = Vec::new();
    let mut result = ResultView {
        hand_number: view.hand_number,
        game: view.game,
        names: view.names.clone(),
        awards: Vec::new(),
        shown: Vec::new(),
        mucked: Vec::new(),
        returned: Vec::new(),
        starting_stacks: Vec::new(),
        final_stacks: Vec::new(),
    };
    let flush_dealt = |dealt: &mut Vec<String>, lines: &mut Vec<String>| {
        if !dealt.is_empty() {
            lines.push(tr(
                locale,
                "history-dealt",
                &[("cards", dealt.join(" · ").into())],
            ));
            dealt.clear();
        }
    };
    let mut enter_street = |next: Street, lines: &mut Vec<String>, dealt: &mut Vec<String>| {
        if street != Some(next) {
            flush_dealt(dealt, lines);
            street = Some(next);
            lines.push(tr(
                locale,
                "history-street",
                &[("street", street_name(locale, next).into())],
            ));
            if next == Street::Seventh && !community_dealt {
                lines.push(tr(locale, "history-dealt-down", &[]));
            }
        }
    };
    for event in &view.events {
        if !matches!(event, Event::Ante { .. }) && !antes.is_empty() {
            lines.push(tr(
                locale,
                "history-antes",
                &[("antes", antes.join(", ").into())],
            ));
            antes.clear();
        }
        match event {
            Event::Ante {
                seat,
                chips,
                all_in,
            } => {
                antes.push(amount_of(locale, &name(*seat), *chips));
                if *all_in {
                    lines.push(tr(
                        locale,
                        "history-ante-all-in",
                        &[("name", name(*seat).into())],
                    ));
                }
            }
            // Filtered out when the view was built; kept here so the match stays exhaustive.
            Event::DownCard { .. } => {}
            Event::UpCard {
                seat,
                street: at,
                card: up,
            } => {
                enter_street(*at, &mut lines, &mut dealt);
                // "Bot 1: 10♦️": a colon, so a name ending in a digit does not run into the rank.
                dealt.push(format!("{}: {}", name(*seat), card(*up)));
            }
            Event::CommunityCard { card: community } => {
                enter_street(Street::Seventh, &mut lines, &mut dealt);
                lines.push(tr(
                    locale,
                    "history-community",
                    &[("card", card(*community).into())],
                ));
            }
            Event::StreetStarted { street: next, .. } => {
                enter_street(*next, &mut lines, &mut dealt);
                flush_dealt(&mut dealt, &mut lines);
            }
            Event::Acted {
                seat,
                kind,
                chips,
                total,
                all_in,
            } => {
                flush_dealt(&mut dealt, &mut lines);
                lines.push(action_told(
                    locale,
                    &name(*seat),
                    *kind,
                    *chips,
                    *total,
                    *all_in,
                ));
            }
            Event::TurnedFaceUp { seat, cards: held } => {
                flush_dealt(&mut dealt, &mut lines);
                lines.push(tr(
                    locale,
                    "history-face-up",
                    &[("name", name(*seat).into()), ("cards", cards(held).into())],
                ));
            }
            Event::Shown {
                seat, cards: held, ..
            } => {
                enter_street(Street::Showdown, &mut lines, &mut dealt);
                let mut all = held.clone();
                if let Some(card) = community.filter(|c| !all.contains(c)) {
                    all.push(card);
                }
                lines.push(shows_line(locale, view.game, &name(*seat), held, &all));
                shown.push(ShownHandView {
                    seat: *seat,
                    name: super::view::name_at(&view.names, *seat),
                    cards: all,
                });
            }
            Event::Mucked { seat } => {
                lines.push(tr(locale, "results-mucks", &[("name", name(*seat).into())]));
            }
            Event::PotAwarded(award) => {
                flush_dealt(&mut dealt, &mut lines);
                result.shown = shown.clone();
                pot_lines(locale, &result, award, pots, &mut lines);
            }
            Event::Returned { seat, chips } => {
                lines.push(tr(
                    locale,
                    "results-returned",
                    &[("name", name(*seat).into()), ("amount", (*chips).into())],
                ));
            }
            Event::HandEnded { stacks } => {
                let stacks: Vec<String> = stacks
                    .iter()
                    .enumerate()
                    .map(|(seat, stack)| amount_of(locale, &name(seat), *stack))
                    .collect();
                lines.push(tr(
                    locale,
                    "history-end",
                    &[("stacks", stacks.join(", ").into())],
                ));
            }
        }
    }
    flush_dealt(&mut dealt, &mut lines);
    lines.join("\n")
}

/// "Bot 1 (200)": a player's chips beside their name in parentheses, so a name ending in a
/// digit ("Bot 1") never runs into the amount.
fn amount_of(locale: Locale, name: &str, chips: u64) -> String {
    format!("{name} ({})", grouped(locale, chips))
}
