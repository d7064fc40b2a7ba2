//! What the terminal shows of a table, and when: the board when its cards change (a new hand
//! or street, hands turned face up, equities while an all-in hand is dealt out), every action
//! in one short line, your turn in one line, each hand's result after the action that ended
//! it, and at a sit & go the level before each hand. The words are `render`'s; this file only
//! decides what is printed. It prints nothing itself: each method answers the texts to print,
//! in order, so what a player reads can be tested without a terminal.

use crate::bank::UserId;
use crate::lobby::present::{self, board_facts_of, board_view_with};
use crate::lobby::{AwayNotice, HandSummary, PublicBoard, TournamentHeader, TurnOffer};
use crate::render::{self, BoardView, Locale, tr};
use crate::table::hand::{Event, SeatState};

/// What you are told at the terminal when the table sat you out as away (type `back`), or
/// stood you up.
pub(super) fn away_text(locale: Locale, away: &AwayNotice) -> String {
    match *away {
        AwayNotice::SatOut {
            stood_up_after: Some(hands),
        } => tr(locale, "play-away-sat-out", &[("hands", hands.into())]),
        AwayNotice::SatOut {
            stood_up_after: None,
        } => tr(locale, "play-away-sat-out-dealt-in", &[]),
        AwayNotice::StoodUp { hands, cashed_out } => {
            render::pace::away_stood_up(locale, hands, cashed_out)
        }
    }
}

/// Who is called what at this table.
pub(super) type Names = Box<dyn Fn(UserId) -> String + Send>;

pub(super) struct Screen {
    locale: Locale,
    names: Names,
    /// The last board printed whole: the next is printed when its cards differ.
    printed: Option<PublicBoard>,
    /// The hand whose actions are being told, and how many of them were.
    told: (u64, u32),
    /// The hand whose sit & go level was last told.
    level_told: Option<u64>,
}

/// Whether `new` shows other cards than `printed`: another hand or street, a card dealt or
/// shown, equities. A fold or a bet changes only stacks and bets, told in their own line.
fn cards_changed(printed: &PublicBoard, new: &PublicBoard) -> bool {
    if (printed.hand, printed.view.street, printed.view.community)
        != (new.hand, new.view.street, new.view.community)
        || printed.equity != new.equity
    {
        return true;
    }
    new.view.seats.iter().enumerate().any(|(index, seat)| {
        seat.state != SeatState::Folded
            && printed.view.seats.get(index).is_none_or(|before| {
                (&before.up_cards, before.down_count, &before.shown)
                    != (&seat.up_cards, seat.down_count, &seat.shown)
            })
    })
}

/// The board without its line of who acts next and what they may do (the terminal tells
/// each action in its own line and your turn in the prompt); kept while an all-in hand is
/// dealt out, where it says the next street is coming.
fn without_turn_line(locale: render::Locale, view: &BoardView, whole: String) -> String {
    if view.dealing_out() {
        return whole;
    }
    let news = render::turn_news(locale, view);
    let Some(turn) = news.lines().last() else {
        return whole;
    };
    let mut lines: Vec<&str> = whole.lines().collect();
    if let Some(at) = lines.iter().position(|line| *line == turn) {
        lines.remove(at);
    }
    lines.join("\n")
}

impl Screen {
    pub(super) fn new(locale: Locale, names: Names) -> Screen {
        Screen {
            locale,
            names,
            printed: None,
            told: (0, 0),
            level_told: None,
        }
    }

    pub(super) fn name(&self, user: UserId) -> String {
        (self.names)(user)
    }

    /// The board as the channel shows it, every computer player marked.
    fn view(&self, board: &PublicBoard) -> BoardView {
        let facts = board_facts_of(board, &|user| self.name(user), &super::is_computer);
        board_view_with(board, &facts)
    }

    /// The board with the seats in chair order, so that every player's line stays where it
    /// was from hand to hand.
    pub(super) fn seat_view(&self, board: &PublicBoard) -> BoardView {
        let mut view = self.view(board);
        let chair = |seat: usize| {
            board
                .players
                .get(seat)
                .and_then(|user| board.seats.iter().find(|info| info.user == *user))
                .map_or(u8::MAX, |info| info.chair)
        };
        let mut seats: Vec<_> = std::mem::take(&mut view.seats)
            .into_iter()
            .enumerate()
            .map(|(seat, line)| (chair(seat), line))
            .collect();
        seats.sort_by_key(|(chair, _)| *chair);
        view.seats = seats.into_iter().map(|(_, line)| line).collect();
        view
    }

    /// The whole board, as `board` asks for it.
    pub(super) fn whole_board(&self, board: &PublicBoard) -> String {
        render::board(self.locale, &self.seat_view(board))
    }

    /// A new board: the action it follows, the sit & go's level at a new hand, and the
    /// board itself when its cards changed.
    pub(super) fn board(&mut self, board: &PublicBoard) -> Vec<String> {
        let mut texts = Vec::new();
        if self.told.0 != board.hand {
            self.told = (board.hand, 0);
        }
        if board.action_seq > self.told.1 {
            let view = self.view(board);
            // A player whose time ran out is told by the table's own notice instead.
            let timed_out = board.last_action.is_some_and(|last| last.timed_out);
            if let Some(last) = view.last_action.filter(|_| !timed_out) {
                texts.push(render::action_told(
                    self.locale,
                    &render::display_name(&last.name),
                    last.kind,
                    last.chips,
                    last.total,
                    last.all_in,
                ));
            }
            self.told.1 = board.action_seq;
        }
        if let Some(header) = &board.tournament
            && self.level_told != Some(board.hand)
        {
            self.level_told = Some(board.hand);
            texts.push(level_line(self.locale, header, board));
        }
        let changed = self
            .printed
            .as_ref()
            .is_none_or(|printed| cards_changed(printed, board));
        if changed {
            let view = self.seat_view(board);
            let whole = render::board(self.locale, &view);
            texts.push(without_turn_line(self.locale, &view, whole));
            self.printed = Some(board.clone());
        }
        texts
    }

    /// Your turn, in one line (the options follow on the prompt), then your time bank and a
    /// pre-action the turn dropped, if any (`pace`).
    pub(super) fn turn(&self, offer: &TurnOffer) -> String {
        let line = render::your_turn_line(self.locale, &present::turn_prompt(offer));
        let pace = render::pace::turn_pace(self.locale, offer.time_bank_secs, offer.dropped);
        if pace.is_empty() {
            line
        } else {
            format!("{line}\n{pace}")
        }
    }

    /// A finished hand: the actions no board told (the one that ended the hand, at least),
    /// then its result.
    pub(super) fn result(&mut self, summary: &HandSummary) -> Vec<String> {
        let already = if self.told.0 == summary.hand {
            self.told.1
        } else {
            0
        };
        let mut texts: Vec<String> = summary
            .public_events
            .iter()
            .filter_map(|event| match event {
                Event::Acted {
                    seat,
                    kind,
                    chips,
                    total,
                    all_in,
                } => Some((*seat, *kind, *chips, *total, *all_in)),
                _ => None,
            })
            .skip(already as usize)
            .map(|(seat, kind, chips, total, all_in)| {
                let name = summary
                    .players
                    .get(seat)
                    .map_or_else(String::new, |user| self.name(*user));
                render::action_told(
                    self.locale,
                    &render::display_name(&name),
                    kind,
                    chips,
                    total,
                    all_in,
                )
            })
            .collect();
        self.told = (summary.hand, u32::MAX);
        let view = present::result_view(summary, &|user| self.name(user));
        texts.push(render::results(self.locale, &view));
        texts
    }
}

/// "Level 2: ante 3, bring-in 5, bets 15/30 · 6 hands to the next level · 4 players left ·
/// average stack 600", told before each hand of a sit & go.
pub(super) fn level_line(locale: Locale, header: &TournamentHeader, board: &PublicBoard) -> String {
    let stakes = board.stakes;
    tr(
        locale,
        "play-tournament-header",
        &[
            ("level", header.level.into()),
            ("ante", stakes.ante.into()),
            ("bring_in", stakes.bring_in.into()),
            ("small_bet", stakes.small_bet.into()),
            ("big_bet", stakes.big_bet.into()),
            ("next", header.hands_to_next.unwrap_or(0).into()),
            ("left", header.players_left.into()),
            ("average", header.average_stack.into()),
        ],
    )
}
