//! One player's session at the terminal: shows the table's notices as text, keeps your turn's
//! offer, and turns what you type into the table's commands.

use crate::bank::{Bank, UserId};
use crate::lobby::present::{self, board_view, status_view};
use crate::lobby::{
    HandSummary, Lobby, LobbyError, Notice, NoticeBody, PublicBoard, SeatStatus, ShutdownOutcome,
    TableHandle, TableMessage, TableStatus, TurnOffer,
};
use crate::render::{self, Locale, tr};
use crate::table::hand::SeatState;

use super::words::{ActionChoice, PlayerCommand, Wish, choose, parse};
use super::{GUILD, QUIT_GRACE, TABLE, YOU, say};

pub(super) struct PlaySession {
    pub(super) locale: Locale,
    pub(super) table: TableHandle,
    pub(super) lobby: Lobby,
    /// After quitting: the lobby's shutdown of the table, once the hand in progress ended.
    pub(super) stopped: Option<tokio::sync::oneshot::Receiver<ShutdownOutcome>>,
    pub(super) bank: Bank,
    /// Your turn, while it is open.
    pub(super) offer: Option<TurnOffer>,
    pub(super) board: Option<PublicBoard>,
    /// You asked to quit and are waiting to be cashed out.
    pub(super) leaving: bool,
    /// Players are being seated (the table is paused meanwhile; that is not news).
    pub(super) setting_up: bool,
    pub(super) names: Box<dyn Fn(UserId) -> String + Send>,
    /// The hand and the number of your cards last shown to you.
    pub(super) cards_shown: Option<(u64, usize)>,
}

/// What the board shows beyond bets, stacks and the last action: the hand, the street, and
/// each seat's cards and whether it is still in. When it changes, the whole board is shown.
fn looks(board: &PublicBoard) -> impl PartialEq + '_ {
    let seats: Vec<_> = board
        .view
        .seats
        .iter()
        .map(|seat| (&seat.up_cards, seat.down_count, &seat.shown, seat.state))
        .collect();
    (board.hand, board.view.street, board.view.community, seats)
}

fn card_count(view: &crate::table::hand::PrivateView) -> usize {
    view.down_cards.len() + view.up_cards.len()
}

impl PlaySession {
    /// A session at `table`, its players being seated.
    pub(super) fn new(
        locale: Locale,
        table: &TableHandle,
        lobby: &Lobby,
        bank: &Bank,
        names: Box<dyn Fn(UserId) -> String + Send>,
    ) -> Self {
        Self {
            locale,
            table: table.clone(),
            lobby: lobby.clone(),
            stopped: None,
            bank: bank.clone(),
            offer: None,
            board: None,
            leaving: false,
            setting_up: true,
            names,
            cards_shown: None,
        }
    }

    fn name(&self, user: UserId) -> String {
        (self.names)(user)
    }

    /// The board with the seats in chair order, so that every player's line stays where it
    /// was from hand to hand.
    fn seat_view(&self, board: &PublicBoard) -> render::BoardView {
        let mut view = board_view(board, &|user| self.name(user));
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

    /// Your cards at each new street you are still in, when no notice of the deal showed
    /// them (the table sends your cards when down cards are dealt: third and seventh).
    async fn show_your_cards(&mut self, board: &PublicBoard) {
        let Some(seat) = board.players.iter().position(|user| *user == YOU) else {
            return;
        };
        let Some(public) = board.view.seats.get(seat) else {
            return;
        };
        if public.state == SeatState::Folded {
            return;
        }
        let count = public.up_cards.len() + public.down_count;
        if self.cards_shown == Some((board.hand, count)) {
            return;
        }
        if let Ok(cards) = self.table.show_cards(YOU).await
            && cards.hand == board.hand
        {
            say(&render::private_hand(self.locale, cards.hand, &cards.view));
            self.cards_shown = Some((cards.hand, card_count(&cards.view)));
        }
    }

    fn options(&self) -> String {
        self.offer.as_ref().map_or_else(String::new, |offer| {
            render::action_options(self.locale, &offer.legal)
        })
    }

    /// Shows a notice meant for you or for everyone. Returns true when the session is over.
    pub(super) async fn show(&mut self, notice: &Notice) -> anyhow::Result<bool> {
        let locale = self.locale;
        match &notice.body {
            NoticeBody::Board(board) => self.show_board(board).await,
            NoticeBody::Cards(cards) if cards.user == YOU => {
                say(&render::private_hand(locale, cards.hand, &cards.view));
                self.cards_shown = Some((cards.hand, card_count(&cards.view)));
            }
            NoticeBody::YourTurn(offer) if offer.user == YOU => {
                say(&present::turn_text(locale, offer));
                self.offer = Some((**offer).clone());
                self.prompt();
            }
            NoticeBody::HandResult(summary) => self.show_result(summary),
            // `play` seats everyone itself: the channel's "use /join to sit down" does not apply.
            NoticeBody::Table(TableMessage::Opened { .. }) => {}
            NoticeBody::Table(TableMessage::Paused) if self.setting_up => {}
            // Once you quit, the table closes instead of dealing the hand it announces.
            NoticeBody::Table(TableMessage::NextHandIn { .. }) if self.leaving => {}
            NoticeBody::Table(TableMessage::Resumed) if self.setting_up => {
                self.setting_up = false;
            }
            // What happens to you is told to you ("You leave the table"), not about you.
            NoticeBody::Table(TableMessage::Joined { user, .. }) if *user == YOU => {}
            NoticeBody::Table(TableMessage::LeavingAfterHand { user }) if *user == YOU => {
                say(&tr(locale, "play-leaving-after-hand", &[]));
            }
            NoticeBody::Table(TableMessage::Left { user, cashed_out }) if *user == YOU => {
                say(&tr(
                    locale,
                    "play-cashed-out",
                    &[("amount", (*cashed_out).into())],
                ));
            }
            NoticeBody::Table(message) => {
                say(&present::message_text(locale, message, &|user| {
                    self.name(user)
                }));
                if let TableMessage::Closed { .. } = message {
                    return Ok(true);
                }
            }
            NoticeBody::Error { user, error } if *user == YOU => {
                say(&render::refusal(locale, error, &|user| self.name(user)));
            }
            NoticeBody::Away { user, away } if *user == YOU => {
                say(&super::pace::away_text(locale, away));
            }
            _ => {}
        }
        Ok(false)
    }

    /// The board, whole when cards, the street or who is in change and at your turn, else its
    /// last lines; your cards at each new street.
    async fn show_board(&mut self, board: &PublicBoard) {
        let locale = self.locale;
        if self
            .offer
            .as_ref()
            .is_some_and(|offer| (offer.hand, offer.action_seq) != (board.hand, board.action_seq))
        {
            self.offer = None;
        }
        let view = self.seat_view(board);
        let text = render::board(locale, &view);
        let new_street = self
            .board
            .as_ref()
            .is_none_or(|shown| (shown.hand, shown.view.street) != (board.hand, board.view.street));
        let cards_changed = self
            .board
            .as_ref()
            .is_none_or(|shown| looks(shown) != looks(board));
        let yours = board
            .view
            .to_act
            .and_then(|seat| board.players.get(seat))
            .is_some_and(|user| *user == YOU);
        // A bet or a call changes only the last action and who is next: those two
        // lines. The whole board when cards, the street or who is in change, and at
        // your turn.
        if cards_changed || yours {
            say(&text);
        } else {
            say(&render::turn_news(locale, &view));
        }
        self.board = Some(board.clone());
        if new_street {
            self.show_your_cards(board).await;
        }
    }

    /// The hand's result, and whether it left you out of chips.
    fn show_result(&mut self, summary: &HandSummary) {
        self.offer = None;
        let view = present::result_view(summary, &|user| self.name(user));
        say(&render::results(self.locale, &view));
        let busted = summary
            .outcomes
            .iter()
            .any(|outcome| outcome.user == YOU && outcome.end == 0);
        if busted && !self.leaving {
            say(&tr(self.locale, "play-busted", &[]));
        }
    }

    /// Whether to read your next line now. Lines are read when it is your turn, or when no
    /// turn of yours is coming (you are out of chips, alone, or leaving); otherwise they wait,
    /// so typing ahead (or a script on standard input) meets the turn it was meant for.
    pub(super) async fn wants_input(&self) -> anyhow::Result<bool> {
        if self.offer.is_some() {
            return Ok(true);
        }
        if self.leaving {
            return Ok(false);
        }
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(false),
            Err(error) => return Err(error.into()),
        };
        let Some(me) = status.seats.iter().find(|seat| seat.user == YOU) else {
            return Ok(true);
        };
        if let (Some(board), Some(seat)) = (&status.board, me.hand_seat) {
            let still_to_act = board
                .view
                .seats
                .get(seat)
                .is_some_and(|public| public.state == SeatState::Active);
            if still_to_act {
                return Ok(false);
            }
        }
        let others_ready = status
            .seats
            .iter()
            .filter(|seat| seat.user != YOU && seat.status == SeatStatus::Playing && seat.stack > 0)
            .count();
        let next_hand_is_mine =
            me.status == SeatStatus::Playing && me.stack > 0 && others_ready > 0 && !status.paused;
        Ok(!next_hand_is_mine)
    }

    pub(super) fn prompt(&self) {
        say(&tr(
            self.locale,
            "play-prompt",
            &[("options", self.options().into())],
        ));
    }

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
            PlayerCommand::Help => say(&tr(locale, "play-help", &[])),
            PlayerCommand::Quit => self.quit().await?,
            PlayerCommand::Cards => match self.table.show_cards(YOU).await {
                Ok(cards) => say(&render::private_hand(locale, cards.hand, &cards.view)),
                Err(error) => self.refused(&error),
            },
            PlayerCommand::Board => match &self.board {
                Some(board) => {
                    let view = board_view(board, &|user| self.name(user));
                    say(&render::board(locale, &view));
                }
                None => say(&tr(locale, "play-waiting", &[])),
            },
            PlayerCommand::Status => {
                let status = self.table.status().await?;
                let view = status_view(&status, &|user| self.name(user));
                say(&render::table_status(locale, &view));
            }
            PlayerCommand::Balance => self.balance().await?,
            PlayerCommand::History(hand) => self.history(hand).await?,
            PlayerCommand::TopUp => self.top_up().await?,
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
        let (stack, _) = self.your_stack().await?;
        say(&tr(
            self.locale,
            "play-balance",
            &[("balance", balance.into()), ("stack", stack.into())],
        ));
        Ok(())
    }

    /// Hand `hand` of the table (the last one when `None`).
    async fn history(&self, hand: Option<u64>) -> anyhow::Result<()> {
        match self.lobby.hand_history(TABLE, hand).await? {
            Some(history) => {
                let name_of = |user| self.name(user);
                let view = crate::lobby::present::stored_history_view(&history, &name_of);
                say(&render::history(self.locale, &view));
            }
            None => say(&tr(self.locale, "bot-no-history", &[])),
        }
        Ok(())
    }

    /// Tops your stack up to the table's minimum buy-in, or 200 when that is less.
    async fn top_up(&self) -> anyhow::Result<()> {
        let locale = self.locale;
        let (stack, status) = self.your_stack().await?;
        let target = status.settings.min_buy_in.max(200);
        if stack >= target {
            say(&tr(
                locale,
                "play-topup-not-needed",
                &[("stack", stack.into()), ("target", target.into())],
            ));
            return Ok(());
        }
        match self.table.top_up(YOU, target - stack).await {
            Ok(stack) => say(&tr(locale, "play-topped-up", &[("stack", stack.into())])),
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
        match self
            .table
            .act(YOU, offer.hand, offer.action_seq, kind)
            .await
        {
            Ok(_) => self.offer = None,
            Err(error) => self.refused(&error),
        }
    }

    pub(super) fn refused(&self, error: &LobbyError) {
        say(&render::refusal(self.locale, error, &|user| {
            self.name(user)
        }));
    }

    /// Leaves the table (after the hand in progress, which the table finishes for you) and
    /// has the lobby stop it: no new hand starts, and the hand in progress may finish within
    /// `QUIT_GRACE`, else it is cancelled and refunded. Then the table closes, cashing the
    /// computer players out too.
    pub(super) async fn quit(&mut self) -> anyhow::Result<()> {
        if self.leaving {
            return Ok(());
        }
        self.leaving = true;
        self.offer = None;
        match self.table.leave(YOU).await {
            Ok(_) | Err(LobbyError::NotSeated) => {}
            Err(error) => return Err(error.into()),
        }
        // In a task: the hand goes on meanwhile, driven by the session's loop.
        let (done, stopped) = tokio::sync::oneshot::channel();
        let lobby = self.lobby.clone();
        tokio::spawn(async move {
            let outcome = lobby
                .shutdown(QUIT_GRACE)
                .await
                .into_iter()
                .find(|(table, _)| *table == TABLE)
                .and_then(|(_, outcome)| outcome.ok())
                .unwrap_or(ShutdownOutcome::Idle);
            let _ = done.send(outcome);
        });
        self.stopped = Some(stopped);
        Ok(())
    }
}
