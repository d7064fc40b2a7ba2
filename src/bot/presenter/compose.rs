//! The board message for the table's state: the public board (or, once the hand is over, its
//! final board and results), the action buttons of the player to act and "My cards", and the
//! mention of the player to act at its top when they want mentions; all within Discord's limits.

use poise::serenity_prelude::ButtonStyle;

use crate::bank::UserId;
use crate::bot::custom_id::ButtonId;
use crate::bot::limits;
use crate::lobby::present::NameOf;
use crate::lobby::{HandSummary, PublicBoard, TurnOffer};
use crate::render::{self, BoardView, Locale, TableFacts, TextLimit};
use crate::table::ActionKind;

use super::{BoardMessage, Button, Presenter, State};

impl Presenter {
    /// The board message for the current state, or `None` before the first board.
    pub(super) fn compose(&self, state: &State) -> Option<BoardMessage> {
        let board = state.board.as_ref()?;
        let name = |user: UserId| self.bot.names().name_in(self.handle.guild(), user);
        let mut facts = crate::lobby::present::board_facts(board, &name);
        for (player, user) in facts.players.iter_mut().zip(&board.players) {
            player.dm_closed = state.dm_closed.contains_key(user);
        }
        Some(match &state.result {
            Some(summary) => self.result_message(board, &facts, summary, &name),
            None => self.playing_message(board, &facts, state.turn.as_ref()),
        })
    }

    /// The hand's final board with its results below, or the results alone when both do not
    /// fit one message; no buttons.
    fn result_message(
        &self,
        board: &PublicBoard,
        facts: &TableFacts,
        summary: &HandSummary,
        name: NameOf<'_>,
    ) -> BoardMessage {
        let locale = self.locale();
        let names: Vec<String> = summary.players.iter().map(|user| name(*user)).collect();
        let final_board = with_lines_above(&self.lines_above(locale, board), |limit| {
            render::board_fitted(
                locale,
                &BoardView::from_public(&summary.view, facts),
                self.bot.card_style(),
                limit,
            )
        });
        let results = render::results(
            locale,
            &render::ResultView::new(
                summary.hand,
                &names,
                &summary.result,
                &summary.public_events,
            ),
        );
        let combined = format!("{final_board}\n\n{results}");
        let content = if limits::length(&combined) <= limits::MESSAGE {
            combined
        } else {
            limits::fit_message(&results)
        };
        BoardMessage {
            content,
            buttons: Vec::new(),
            mention: None,
        }
    }

    /// The board of a hand in play: the action buttons when `turn` is the board's current
    /// turn, "My cards", and the mention of the player to act when it fits.
    fn playing_message(
        &self,
        board: &PublicBoard,
        facts: &TableFacts,
        turn: Option<&TurnOffer>,
    ) -> BoardMessage {
        let locale = self.locale();
        let text = with_lines_above(&self.lines_above(locale, board), |limit| {
            render::board_fitted(
                locale,
                &crate::lobby::present::board_view_with(board, facts),
                self.bot.card_style(),
                limit,
            )
        });
        let mut buttons = Vec::new();
        let mut mention = None;
        if let Some(turn) = turn
            && turn.hand == board.hand
            && turn.action_seq == board.action_seq
        {
            // A computer player has no Discord account to mention: it acts on its own.
            mention =
                Some(turn.user).filter(|user| !user.is_computer() && self.bot.pings().wants(*user));
            buttons = self.action_buttons(turn);
            if let Some(clock) = board.clock.filter(|clock| clock.time_bank_secs > 0) {
                buttons.push(Button {
                    custom_id: ButtonId::AddTime {
                        table: self.table().0,
                        hand: turn.hand,
                        seq: turn.action_seq,
                    }
                    .encode(),
                    label: render::pace::add_time_label(
                        locale,
                        u64::from(clock.time_bank_secs).min(crate::lobby::TIME_BANK_STEP.as_secs()),
                    ),
                    style: ButtonStyle::Secondary,
                });
            }
        }
        buttons.push(Button {
            custom_id: ButtonId::MyCards {
                table: self.table().0,
            }
            .encode(),
            label: render::prompt::my_cards_label(locale),
            style: ButtonStyle::Secondary,
        });
        let content = match mention {
            Some(user) => {
                let line = format!("<@{}>\n", user.0);
                if limits::length(&text) + limits::length(&line) <= limits::MESSAGE {
                    format!("{line}{text}")
                } else {
                    text
                }
            }
            None => text,
        };
        BoardMessage {
            content,
            buttons,
            mention,
        }
    }

    /// One button per legal action of `turn`, coloured by what the action risks.
    fn action_buttons(&self, turn: &TurnOffer) -> Vec<Button> {
        let locale = self.locale();
        turn.legal
            .iter()
            .map(|action| Button {
                custom_id: ButtonId::Act {
                    table: self.table().0,
                    hand: turn.hand,
                    deal: turn.deal,
                    seq: turn.action_seq,
                    action: action.kind,
                }
                .encode(),
                label: render::action_label(locale, action),
                style: match action.kind {
                    ActionKind::Fold => ButtonStyle::Danger,
                    ActionKind::Check | ActionKind::Call => ButtonStyle::Success,
                    _ => ButtonStyle::Primary,
                },
            })
            .collect()
    }
}

impl Presenter {
    /// The lines above the board: why the table is paused when Discord refuses the bot's
    /// posts here (an edit still goes through), and a sit & go's line (level, hands to the
    /// next, players left, average stack) or an event table's (the event, the table, the
    /// level, players left).
    fn lines_above(&self, locale: Locale, board: &PublicBoard) -> Vec<String> {
        let mut lines = Vec::new();
        if self.cannot_post() {
            lines.push(super::refused::pause_line(locale));
        }
        if let Some(header) = &board.tournament {
            lines.push(crate::lobby::present::tournament_board_line(locale, header));
        }
        if board.event_table
            && let Some(header) = self.bot.event_table_header(self.handle.table())
        {
            lines.push(render::event_table::event_table_line(locale, &header));
        }
        lines
    }
}

/// `lines` above the board, which is fitted into the room they leave.
fn with_lines_above(lines: &[String], render_within: impl FnOnce(TextLimit) -> String) -> String {
    if lines.is_empty() {
        return render_within(limits::MESSAGE_TEXT);
    }
    let above: usize = lines.iter().map(|line| limits::length(line) + 1).sum();
    let room = limits::MESSAGE.saturating_sub(above);
    let text = render_within(TextLimit {
        max: room,
        length: limits::length,
    });
    format!("{}\n{text}", lines.join("\n"))
}
