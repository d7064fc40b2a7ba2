//! A readable public history of a whole hand from its events: antes, up cards street by
//! street, every action, shown hands, pots and final stacks. Down cards appear only in the
//! hands their owners showed (the [`HistoryView`] holds no `DownCard` event). A sit & go's
//! hand says whose it is in its header ([`sit_and_go_history`]), and so does an event's
//! ([`event_history_within`], [`event_table_history`] with its table and level).

use crate::table::hand::{Event, Street};
use crate::table::{Card, PotAward};

use super::cards::{card, cards};
use super::display_name;
use super::hand_names::game_full_name;
use fluent_bundle::FluentValue;

use super::TextLimit;
use super::locale::{Args, Locale, tr};
use super::numbers::grouped;
use super::prompt::{action_told, street_name};
use super::results::{Pots, pot_lines, shows_line};
use super::view::{HistoryView, ResultView, ShownHandView};

/// The hand history as text, one line per event worth telling.
pub fn history(locale: Locale, view: &HistoryView) -> String {
    history_within(locale, view, TextLimit::NONE)
}

/// [`history`] within `limit`: a history too long for it (heads-up raises without a cap can
/// make thousands of lines) keeps its header and players, then as much of its end (the
/// showdown, the pots and the stacks after it) as fits, and says in a line of its own how
/// many lines of the middle it leaves out. Only whole lines are kept.
pub fn history_within(locale: Locale, view: &HistoryView, limit: TextLimit) -> String {
    let header = tr(locale, "history-header", &header_args(locale, view));
    shortened(locale, told(locale, view, header), limit)
}

/// [`history`] of hand `view.hand_number` (from 1) of sit & go `tournament`: numbered
/// apart from the channel's cash hands, and its header says so.
pub fn sit_and_go_history(locale: Locale, tournament: u64, view: &HistoryView) -> String {
    sit_and_go_history_within(locale, tournament, view, TextLimit::NONE)
}

/// [`sit_and_go_history`] within `limit`, shortened as [`history_within`] does.
pub fn sit_and_go_history_within(
    locale: Locale,
    tournament: u64,
    view: &HistoryView,
    limit: TextLimit,
) -> String {
    let mut args = header_args(locale, view);
    args.push(("tournament", tournament.into()));
    let header = tr(locale, "history-header-sit-and-go", &args);
    shortened(locale, told(locale, view, header), limit)
}

/// [`history_within`] of hand `view.hand_number` (from 1) of an event's table: its header
/// names the event (`event_name`, as scheduled) rather than a cash table's hand.
pub fn event_history_within(
    locale: Locale,
    event_name: &str,
    view: &HistoryView,
    limit: TextLimit,
) -> String {
    let mut args = header_args(locale, view);
    args.push(("event", super::escape_markdown(event_name).into()));
    let header = tr(locale, "history-header-event", &args);
    shortened(locale, told(locale, view, header), limit)
}

/// [`history`] of hand `view.hand_number` (from 1) of table `table` of an event, dealt at
/// `level` (from 1): its header names the event (`event_name`, as scheduled), the table and
/// the level, as the table's board is headed.
pub fn event_table_history(
    locale: Locale,
    event_name: &str,
    (table, level): (u32, usize),
    view: &HistoryView,
) -> String {
    let mut args = header_args(locale, view);
    args.push(("event", super::escape_markdown(event_name).into()));
    args.push(("table", table.into()));
    args.push(("level", level.into()));
    let header = tr(locale, "history-header-event-table", &args);
    shortened(locale, told(locale, view, header), TextLimit::NONE)
}

/// The lines of a history: the first `head` (header and players) kept whatever the limit.
struct Told {
    lines: Vec<String>,
    head: usize,
}

/// `told`'s lines joined, within `limit`: whole, or its head, a line saying how many lines
/// are left out, and as many of the last lines as fit (then as many of those right after
/// the head). A head alone past the limit (no table has one) is cut with `…`.
fn shortened(locale: Locale, told: Told, limit: TextLimit) -> String {
    let Told { lines, head } = told;
    let whole = lines.join("\n");
    let length = limit.length;
    if length(&whole) <= limit.max {
        return whole;
    }
    let cut = |count: usize| tr(locale, "history-cut", &[("lines", count.into())]);
    let head = head.min(lines.len());
    // The marker's room, whatever the count it will tell (one line, or every line).
    let marker_room = length(&cut(1)).max(length(&cut(lines.len())));
    let line_room = |line: &String| length(line).saturating_add(1);
    let mut used = lines[..head]
        .iter()
        .map(line_room)
        .fold(marker_room, usize::saturating_add);
    let mut tail_from = lines.len();
    while tail_from > head {
        let room = line_room(&lines[tail_from - 1]);
        if used.saturating_add(room) > limit.max {
            break;
        }
        used = used.saturating_add(room);
        tail_from -= 1;
    }
    let mut head_to = head;
    while head_to < tail_from {
        let room = line_room(&lines[head_to]);
        if used.saturating_add(room) > limit.max {
            break;
        }
        used = used.saturating_add(room);
        head_to += 1;
    }
    let mut kept: Vec<&str> = lines[..head_to].iter().map(String::as_str).collect();
    let marker = cut(tail_from - head_to);
    if head_to < tail_from {
        kept.push(&marker);
    }
    kept.extend(lines[tail_from..].iter().map(String::as_str));
    let text = kept.join("\n");
    if length(&text) <= limit.max {
        return text;
    }
    let mut fitted = String::new();
    for c in text.chars() {
        let mut next = fitted.clone();
        next.push(c);
        next.push('…');
        if length(&next) > limit.max {
            break;
        }
        fitted.push(c);
    }
    fitted.push('…');
    fitted
}

/// The hand's number, game and stakes, as both headers tell them.
fn header_args(locale: Locale, view: &HistoryView) -> Vec<(&'static str, FluentValue<'static>)> {
    let stakes = view.stakes;
    vec![
        ("hand", view.hand_number.into()),
        ("game", game_full_name(locale, view.game).into()),
        ("small", stakes.small_bet.into()),
        ("big", stakes.big_bet.into()),
        ("ante", stakes.ante.into()),
        ("bring_in", stakes.bring_in.into()),
    ]
}

/// The header, the players with their starting stacks, then the hand event by event.
fn told(locale: Locale, view: &HistoryView, header: String) -> Told {
    let mut telling = Telling::new(locale, view, header);
    telling.seats();
    let head = telling.lines.len();
    for event in &view.events {
        telling.event(event);
    }
    telling.flush_dealt();
    Told {
        lines: telling.lines,
        head,
    }
}

/// The history being written: its lines so far, and what is gathered before it is told
/// (the antes posted, the up cards of the street being dealt).
struct Telling<'a> {
    locale: Locale,
    view: &'a HistoryView,
    lines: Vec<String>,
    /// The community card, dealt on seventh street when too few cards are left.
    community: Option<Card>,
    pots: Pots,
    antes: Vec<String>,
    dealt: Vec<String>,
    street: Option<Street>,
    shown: Vec<ShownHandView>,
    /// The hands shown so far, for the pot lines (which name the winning hands).
    result: ResultView,
}

impl<'a> Telling<'a> {
    fn new(locale: Locale, view: &'a HistoryView, header: String) -> Telling<'a> {
        let community = view.events.iter().find_map(|event| match event {
            Event::CommunityCard { card } => Some(*card),
            _ => None,
        });
        let pots = Pots::of(
            view.events
                .iter()
                .filter(|event| matches!(event, Event::PotAwarded(_)))
                .count(),
        );
        Telling {
            locale,
            view,
            lines: vec![header],
            community,
            pots,
            antes: Vec::new(),
            dealt: Vec::new(),
            street: None,
            shown: Vec::new(),
            result: ResultView {
                hand_number: view.hand_number,
                game: view.game,
                names: view.names.clone(),
                awards: Vec::new(),
                shown: Vec::new(),
                mucked: Vec::new(),
                returned: Vec::new(),
                starting_stacks: Vec::new(),
                final_stacks: Vec::new(),
            },
        }
    }

    fn name(&self, seat: usize) -> String {
        display_name(&super::view::name_at(&self.view.names, seat))
    }

    fn say(&mut self, id: &str, args: &Args<'_>) {
        self.lines.push(tr(self.locale, id, args));
    }

    /// "Bot 1 (200), Ann (180)": each seat's chips beside its name.
    fn stacks(&self, stacks: &[u64]) -> String {
        let stacks: Vec<String> = stacks
            .iter()
            .enumerate()
            .map(|(seat, stack)| amount_of(self.locale, &self.name(seat), *stack))
            .collect();
        stacks.join(", ")
    }

    fn seats(&mut self) {
        if !self.view.starting_stacks.is_empty() {
            let seats = self.stacks(&self.view.starting_stacks);
            self.say("history-seats", &[("seats", seats.into())]);
        }
    }

    fn event(&mut self, event: &Event) {
        if !matches!(event, Event::Ante { .. }) {
            self.flush_antes();
        }
        match event {
            Event::Ante {
                seat,
                chips,
                all_in,
            } => self.ante(*seat, *chips, *all_in),
            // Filtered out when the view was built; kept here so the match stays exhaustive.
            Event::DownCard { .. } => {}
            Event::UpCard { seat, street, card } => self.up_card(*seat, *street, *card),
            Event::CommunityCard { card: community } => {
                self.enter_street(Street::Seventh);
                self.say("history-community", &[("card", card(*community).into())]);
            }
            Event::StreetStarted { street, .. } => {
                self.enter_street(*street);
                self.flush_dealt();
            }
            Event::Acted {
                seat,
                kind,
                chips,
                total,
                all_in,
            } => {
                self.flush_dealt();
                let name = self.name(*seat);
                let told = action_told(self.locale, &name, *kind, *chips, *total, *all_in);
                self.lines.push(told);
            }
            Event::TurnedFaceUp { seat, cards: held } => {
                self.flush_dealt();
                let name = self.name(*seat);
                self.say(
                    "history-face-up",
                    &[("name", name.into()), ("cards", cards(held).into())],
                );
            }
            Event::Shown {
                seat, cards: held, ..
            } => self.shown(*seat, held),
            Event::Mucked { seat } => {
                let name = self.name(*seat);
                self.say("results-mucks", &[("name", name.into())]);
            }
            Event::PotAwarded(award) => self.pot(award),
            Event::Returned { seat, chips } => {
                let name = self.name(*seat);
                self.say(
                    "results-returned",
                    &[("name", name.into()), ("amount", (*chips).into())],
                );
            }
            Event::HandEnded { stacks } => {
                let stacks = self.stacks(stacks);
                self.say("history-end", &[("stacks", stacks.into())]);
            }
        }
    }

    fn ante(&mut self, seat: usize, chips: u64, all_in: bool) {
        let name = self.name(seat);
        self.antes.push(amount_of(self.locale, &name, chips));
        if all_in {
            self.say("history-ante-all-in", &[("name", name.into())]);
        }
    }

    fn up_card(&mut self, seat: usize, street: Street, up: Card) {
        self.enter_street(street);
        // "Bot 1: 10♦️": a colon, so a name ending in a digit does not run into the rank.
        let dealt = format!("{}: {}", self.name(seat), card(up));
        self.dealt.push(dealt);
    }

    fn shown(&mut self, seat: usize, held: &[Card]) {
        self.enter_street(Street::Showdown);
        let mut all = held.to_vec();
        if let Some(card) = self.community.filter(|c| !all.contains(c)) {
            all.push(card);
        }
        let name = self.name(seat);
        let line = shows_line(self.locale, self.view.game, &name, held, &all);
        self.lines.push(line);
        self.shown.push(ShownHandView {
            seat,
            name: super::view::name_at(&self.view.names, seat),
            cards: all,
        });
    }

    fn pot(&mut self, award: &PotAward) {
        self.flush_dealt();
        self.result.shown = self.shown.clone();
        pot_lines(self.locale, &self.result, award, self.pots, &mut self.lines);
    }

    fn flush_antes(&mut self) {
        if !self.antes.is_empty() {
            let antes = self.antes.join(", ");
            self.say("history-antes", &[("antes", antes.into())]);
            self.antes.clear();
        }
    }

    fn flush_dealt(&mut self) {
        if !self.dealt.is_empty() {
            let dealt = self.dealt.join(" · ");
            self.say("history-dealt", &[("cards", dealt.into())]);
            self.dealt.clear();
        }
    }

    /// A new street's heading (told once, the up cards of the one before told first).
    fn enter_street(&mut self, next: Street) {
        if self.street == Some(next) {
            return;
        }
        self.flush_dealt();
        self.street = Some(next);
        let street = street_name(self.locale, next);
        self.say("history-street", &[("street", street.into())]);
        if next == Street::Seventh && self.community.is_none() {
            self.say("history-dealt-down", &[]);
        }
    }
}

/// "Bot 1 (200)": a player's chips beside their name in parentheses, so a name ending in a
/// digit ("Bot 1") never runs into the amount.
fn amount_of(locale: Locale, name: &str, chips: u64) -> String {
    format!("{name} ({})", grouped(locale, chips))
}
