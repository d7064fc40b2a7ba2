//! What you type at the terminal's session, done: your action at your turn (the word or
//! letter taken as one of the actions offered), and `balance`, `history`, `topup`, `status`,
//! `cards`, `board`, `help` and `quit` at any time. Parsing the words is `words`'s; the
//! pace commands (`pre`, `time`, `back`) are `pace`'s; what the table tells is `session`'s.

use std::time::Duration;

use crate::lobby::present::{self, status_view_of};
use crate::lobby::{LobbyError, ShutdownOutcome, TableStatus};
use crate::render::{self, tr};

use super::choice::{ActionChoice, choose};
use super::session::{Game, PlaySession};
use super::words::{PlayerCommand, Wish, parse};
use super::{GUILD, QUIT_GRACE, TABLE, YOU, say};

impl PlaySession {
    pub(super) async fn command(&mut self, line: &str) -> anyhow::Result<()> {
        if line.is_empty() {
            if self.offer.is_some() {
                self.prompt();
            }
            return Ok(());
        }
        let locale = self.locale;
        let Some(command) = parse(locale, line) else {
            say(&tr(locale, "play-unknown-word", &[("input", line.into())]));
            if self.offer.is_some() {
                self.prompt();
            }
            return Ok(());
        };
        match command {
            PlayerCommand::Help => say(&tr(locale, self.help_id(), &[])),
            PlayerCommand::Quit => self.quit().await?,
            PlayerCommand::History(hand) => self.history(hand).await?,
            PlayerCommand::Balance => self.balance().await?,
            // Once the sit & go is over, its table is gone: only its hands are left to read.
            // Answers a script wrote for turns that never came are dropped without a word.
            PlayerCommand::Action(..) if self.sit_and_go_over() => {}
            _ if self.sit_and_go_over() => say(&tr(locale, "play-tournament-ended", &[])),
            PlayerCommand::Cards => match self.table.show_cards(YOU).await {
                Ok(cards) => say(&render::private_hand(locale, cards.hand, &cards.view)),
                Err(error) => self.refused(&error),
            },
            PlayerCommand::Board => match &self.board {
                Some(board) => say(&self.screen.whole_board(board)),
                None => say(&tr(locale, "play-waiting", &[])),
            },
            PlayerCommand::Status => {
                let status = self.table.status().await?;
                let view = status_view_of(&status, &|user| self.name(user), &super::is_computer);
                say(&render::table_status(locale, &view));
            }
            PlayerCommand::TopUp(amount) => self.top_up(amount).await?,
            PlayerCommand::Ambiguous(message) => {
                say(&tr(locale, message, &[]));
                if self.offer.is_some() {
                    self.prompt();
                }
            }
            PlayerCommand::Action(wish, amount) => self.action(line, wish, amount).await,
            PlayerCommand::Pre(wish) => self.pre_action(line, wish).await,
            PlayerCommand::AddTime => self.add_time().await,
            PlayerCommand::Back => self.back().await,
        }
        Ok(())
    }

    fn help_id(&self) -> &'static str {
        match self.game {
            Game::Cash { .. } => "play-help",
            Game::SitAndGo { .. } => "play-tournament-help",
        }
    }

    /// Your stack at the table (0 when you are not seated).
    async fn your_stack(&self) -> anyhow::Result<(u64, TableStatus)> {
        let status = self.table.status().await?;
        let stack = status
            .seats
            .iter()
            .find(|seat| seat.user == YOU)
            .map_or(0, |seat| seat.stack);
        Ok((stack, status))
    }

    async fn balance(&self) -> anyhow::Result<()> {
        let balance = self.bank.balance(GUILD, YOU).await?;
        let stack = match self.table.status().await {
            Ok(status) => status
                .seats
                .iter()
                .find(|seat| seat.user == YOU)
                .map_or(0, |seat| seat.stack),
            Err(LobbyError::TableClosed { .. }) => 0,
            Err(error) => return Err(error.into()),
        };
        say(&tr(
            self.locale,
            "play-balance",
            &[("balance", balance.into()), ("stack", stack.into())],
        ));
        Ok(())
    }

    /// Hand `hand` of the table (the last one when `None`); at a sit & go, of the sit & go;
    /// at an event's table, of that table.
    async fn history(&self, hand: Option<u64>) -> anyhow::Result<()> {
        let name_of = |user| self.name(user);
        let event_table = match self.game {
            Game::SitAndGo {
                id,
                channel,
                event_table: Some(table),
                ..
            } => Some((id, channel, table)),
            _ => None,
        };
        let told = match (self.sit_and_go(), event_table) {
            (_, Some((event, channel, table))) => {
                self.event_table_history(event, (channel, table), hand)
                    .await?
            }
            (None, None) => self.lobby.hand_history(TABLE, hand).await?.map(|history| {
                let view = present::stored_history_view(&history, &name_of);
                render::history(self.locale, &view)
            }),
            (Some((id, channel)), None) => self
                .lobby
                .sit_and_go_hand_history(channel, id, hand)
                .await?
                .map(|history| {
                    let view = present::stored_history_view(&history, &name_of);
                    render::sit_and_go_history(self.locale, id.0, &view)
                }),
        };
        match (told, hand) {
            (Some(text), _) => say(&text),
            (None, None) => say(&tr(self.locale, "play-no-hand-yet", &[])),
            (None, Some(_)) => say(&tr(self.locale, "bot-no-history", &[])),
        }
        Ok(())
    }

    /// `topup`: back to the chips you sat down with; `topup N`: N chips more. The table's
    /// buy-in bounds and your balance have the last word. A table that waited for you deals
    /// again.
    async fn top_up(&mut self, amount: Option<u64>) -> anyhow::Result<()> {
        let locale = self.locale;
        let chips = match (amount, &self.game) {
            (Some(chips), _) => chips,
            (None, Game::Cash { buy_in }) => {
                let (stack, _) = self.your_stack().await?;
                if stack >= *buy_in {
                    say(&tr(
                        locale,
                        "play-topup-not-needed",
                        &[("stack", stack.into()), ("target", (*buy_in).into())],
                    ));
                    return Ok(());
                }
                buy_in - stack
            }
            // A sit & go's table refuses it, saying why.
            (None, Game::SitAndGo { .. }) => 1,
        };
        match self.table.top_up(YOU, chips).await {
            Ok(stack) => {
                say(&tr(locale, "play-topped-up", &[("stack", stack.into())]));
                if self.waiting_for_you {
                    self.deal_again().await?;
                }
            }
            Err(error) => self.refused(&error),
        }
        Ok(())
    }

    /// `line` asked for an action: taken when your turn offers it, else what is offered is
    /// said.
    pub(super) async fn action(&mut self, line: &str, wish: Wish, amount: Option<u64>) {
        let locale = self.locale;
        let Some(offer) = self.offer.clone() else {
            // Typed before the prompt: an action meant for a turn that has not come
            // is dropped, never kept for a later street.
            say(&tr(locale, "play-not-your-turn", &[]));
            return;
        };
        let kind = match choose(wish, amount, &offer.legal) {
            ActionChoice::Take(kind) => kind,
            ActionChoice::OtherAmount(offered) => {
                say(&tr(
                    locale,
                    "play-other-amount",
                    &[
                        ("input", line.into()),
                        ("count", offered.len().into()),
                        ("offered", render::action_options(locale, &offered).into()),
                    ],
                ));
                return;
            }
            ActionChoice::NotOffered => {
                say(&tr(
                    locale,
                    "play-bad-input",
                    &[("input", line.into()), ("options", self.options().into())],
                ));
                return;
            }
        };
        // The turn as offered, its series of deals included: a sit & go's hand dealt again
        // after a restart is a deal past the first.
        match self.table.act_on(YOU, offer.offered(), kind).await {
            Ok(_) => self.offer = None,
            Err(error) => self.refused(&error),
        }
    }

    pub(super) fn refused(&self, error: &LobbyError) {
        say(&render::refusal(self.locale, error, &|user| {
            self.name(user)
        }));
    }

    /// At the cash table: leaves (after the hand in progress, which the table finishes for
    /// you) and has the lobby stop the table: no new hand starts, and the hand in progress
    /// may finish within `QUIT_GRACE`, else it is cancelled and refunded. Then the table
    /// closes, cashing the computer players out too. At a sit & go: the lobby stops its table
    /// at once; the hand in progress is never recorded, and the next run deals it again. Once
    /// a sit & go is over, nothing is left to stop.
    pub(super) async fn quit(&mut self) -> anyhow::Result<()> {
        if self.leaving {
            return Ok(());
        }
        self.leaving = true;
        self.offer = None;
        let grace = match self.game {
            Game::Cash { .. } => {
                match self.table.leave(YOU).await {
                    Ok(_) | Err(LobbyError::NotSeated) => {}
                    Err(error) => return Err(error.into()),
                }
                QUIT_GRACE
            }
            Game::SitAndGo { .. } => Duration::ZERO,
        };
        // In a task: the hand goes on meanwhile, driven by the session's loop.
        let (done, stopped) = tokio::sync::oneshot::channel();
        let lobby = self.lobby.clone();
        let table = self.table.table();
        tokio::spawn(async move {
            let outcome = lobby
                .shutdown(grace)
                .await
                .into_iter()
                .find(|(stopped, _)| *stopped == table)
                .and_then(|(_, outcome)| outcome.ok())
                .unwrap_or(ShutdownOutcome::Idle);
            let _ = done.send(outcome);
        });
        self.stopped = Some(stopped);
        Ok(())
    }
}
