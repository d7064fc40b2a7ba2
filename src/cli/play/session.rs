//! One player's session at the terminal, at a cash table or a sit & go's: shows the table's
//! notices (what is printed is `screen`'s choice), keeps your turn's offer, and waits for you
//! when you are out of chips. What you type is done by `commands` (and `pace`).

use crate::bank::{Bank, TableId, TournamentId, UserId};
use crate::lobby::present;
use crate::lobby::{
    HandSummary, Lobby, LobbyError, Notice, NoticeBody, PublicBoard, SeatStatus, ShutdownOutcome,
    SitOutReason, TableHandle, TableMessage, TurnOffer,
};
use crate::render::{self, Locale, tr};
use crate::table::Card;
use crate::table::hand::{PrivateView, SeatState};

use super::screen::{Names, Screen};
use super::{GUILD, YOU, say};

/// What the session plays.
pub(super) enum Game {
    /// The cash table: you sat down with `buy_in`, which a bare `topup` buys back to.
    Cash { buy_in: u64 },
    /// Sit & go `id`, dealt in channel `channel`; `over` once it is paid. At a multi-table
    /// event's table, `id` is the event's and `event_table` the table's number.
    SitAndGo {
        id: TournamentId,
        channel: TableId,
        over: bool,
        event_table: Option<u32>,
    },
}

/// How a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ended {
    /// The table closed (a cash table once you left; a sit & go once it was paid).
    Closed,
    /// You left a sit & go before its end: it waits where it is.
    LeftTheSitAndGo,
}

pub(super) struct PlaySession {
    pub(super) locale: Locale,
    pub(super) table: TableHandle,
    pub(super) lobby: Lobby,
    /// After quitting: the lobby's shutdown of the table, once the hand in progress ended.
    pub(super) stopped: Option<tokio::sync::oneshot::Receiver<ShutdownOutcome>>,
    pub(super) bank: Bank,
    pub(super) game: Game,
    /// Your turn, while it is open.
    pub(super) offer: Option<TurnOffer>,
    /// The last board, for `board`.
    pub(super) board: Option<PublicBoard>,
    /// You asked to quit and are waiting to be cashed out.
    pub(super) leaving: bool,
    /// Players are being seated (the table is paused meanwhile; that is not news).
    pub(super) setting_up: bool,
    /// You ran out of chips at the cash table: it waits for you (top up, or quit). The
    /// computer players sit out meanwhile, so no hand is dealt without you; a pause would
    /// freeze a hand already dealt to them, where sitting out takes effect between hands.
    pub(super) waiting_for_you: bool,
    /// The computer players this session sat out while the table waits for you, until their
    /// return is told (none of it is news to you).
    sat_out_for_you: Vec<UserId>,
    pub(super) screen: Screen,
    /// The hand and the number of your cards last shown to you.
    cards_shown: Option<(u64, usize)>,
    /// Your cards of a new deal, told before the board that deals them: shown after it.
    cards_to_show: Option<crate::lobby::PlayerCards>,
    /// Your down cards in the hand they were dealt in, as the last notice of your cards told
    /// them: with a board's up cards, your cards as of that board.
    down_cards: Option<(u64, Vec<Card>)>,
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
        game: Game,
        names: Names,
    ) -> Self {
        let setting_up = matches!(game, Game::Cash { .. });
        Self {
            locale,
            table: table.clone(),
            lobby: lobby.clone(),
            stopped: None,
            bank: bank.clone(),
            game,
            offer: None,
            board: None,
            leaving: false,
            // `play` pauses a cash table while it seats everyone; a sit & go seats itself.
            setting_up,
            waiting_for_you: false,
            sat_out_for_you: Vec::new(),
            screen: Screen::new(locale, names),
            cards_shown: None,
            cards_to_show: None,
            down_cards: None,
        }
    }

    pub(super) fn name(&self, user: UserId) -> String {
        self.screen.name(user)
    }

    pub(super) fn sit_and_go(&self) -> Option<(TournamentId, TableId)> {
        match self.game {
            Game::SitAndGo { id, channel, .. } => Some((id, channel)),
            Game::Cash { .. } => None,
        }
    }

    /// The sit & go has been paid: only `history`, `balance` and `quit` are left to do.
    pub(super) fn sit_and_go_over(&self) -> bool {
        matches!(self.game, Game::SitAndGo { over: true, .. })
    }

    /// Your cards at each new street you are still in, when no notice of the deal showed
    /// them (the table sends your cards when down cards are dealt: third and seventh): the
    /// cards as of `board`, your down cards as last told and its up cards. Never the table's
    /// cards when this is printed, which may be a street further on: one seed, one transcript.
    fn show_your_cards(&mut self, board: &PublicBoard) {
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
        let Some((_, down)) = self
            .down_cards
            .as_ref()
            .filter(|(hand, down)| *hand == board.hand && down.len() == public.down_count)
        else {
            return;
        };
        let view = PrivateView::of(
            board.view.game,
            seat,
            down.clone(),
            public.up_cards.clone(),
            board.view.community,
        );
        say(&render::private_hand(self.locale, board.hand, &view));
        self.cards_shown = Some((board.hand, count));
    }

    pub(super) fn options(&self) -> String {
        self.offer.as_ref().map_or_else(String::new, |offer| {
            render::action_options(self.locale, &offer.legal)
        })
    }

    /// Shows a notice meant for you or for everyone. Answers how the session ended, if it did.
    pub(super) async fn show(&mut self, notice: &Notice) -> anyhow::Result<Option<Ended>> {
        let locale = self.locale;
        match &notice.body {
            NoticeBody::Board(board) => self.show_board(board),
            // Shown under the board that deals them (`show_board`).
            NoticeBody::Cards(cards) if cards.user == YOU => {
                self.down_cards = Some((cards.hand, cards.view.down_cards.clone()));
                self.cards_to_show = Some((**cards).clone());
            }
            NoticeBody::YourTurn(offer) if offer.user == YOU => {
                say(&self.screen.turn(offer));
                self.offer = Some((**offer).clone());
                self.prompt();
            }
            NoticeBody::HandResult(summary) => self.show_result(summary).await?,
            NoticeBody::Table(message) => return self.show_message(message).await,
            NoticeBody::Error { user, error } if *user == YOU => {
                say(&render::refusal(locale, error, &|user| self.name(user)));
            }
            NoticeBody::Away { user, away } if *user == YOU => {
                say(&super::screen::away_text(locale, away));
            }
            _ => {}
        }
        Ok(None)
    }

    /// A table's message, unless it is not news at the terminal.
    async fn show_message(&mut self, message: &TableMessage) -> anyhow::Result<Option<Ended>> {
        let locale = self.locale;
        match message {
            // `play` seats everyone itself: the channel's "use /join to sit down" does not apply.
            TableMessage::Opened { .. } => {}
            TableMessage::Paused if self.setting_up => {}
            // Once you quit, the table closes instead of dealing the hand it announces.
            TableMessage::NextHandIn { .. } if self.leaving => {}
            TableMessage::Resumed if self.setting_up => self.setting_up = false,
            // While the table waits for you: the computer players sitting out and coming
            // back, and the table waiting for players, are this session's doing.
            TableMessage::SatOut { user, .. } if self.sat_out_for_you.contains(user) => {}
            TableMessage::Back { user } if self.sat_out_for_you.contains(user) => {
                self.sat_out_for_you.retain(|sat_out| sat_out != user);
            }
            TableMessage::WaitingForPlayers { .. }
                if self.waiting_for_you || !self.sat_out_for_you.is_empty() => {}
            TableMessage::Joined { user, .. } if self.waiting_for_you && *user != YOU => {
                say(&present::message_text(locale, message, &|user| {
                    self.name(user)
                }));
                self.sit_out_for_you(*user).await?;
            }
            // Said in your own words ("You have no chips left…", "You now have…").
            TableMessage::SatOut {
                user,
                reason: SitOutReason::Busted,
            }
            | TableMessage::Back { user }
            | TableMessage::ToppedUp { user, .. }
                if *user == YOU && matches!(self.game, Game::Cash { .. }) => {}
            // The welcome said where the sit & go goes on from.
            TableMessage::TournamentResumed { .. } => {}
            // What happens to you is told to you ("You leave the table"), not about you.
            TableMessage::Joined { user, .. } if *user == YOU => {}
            TableMessage::LeavingAfterHand { user } if *user == YOU => {
                say(&tr(locale, "play-leaving-after-hand", &[]));
            }
            TableMessage::Left { user, cashed_out } if *user == YOU => {
                say(&tr(
                    locale,
                    "play-cashed-out",
                    &[("amount", (*cashed_out).into())],
                ));
            }
            TableMessage::TournamentOver { tournament, .. } => {
                say(&present::message_text(locale, message, &|user| {
                    self.name(user)
                }));
                // Told at the terminal: nothing is kept for a bot to announce.
                self.lobby
                    .sit_and_go_result_announced(GUILD, *tournament)
                    .await?;
                if let Game::SitAndGo { over, .. } = &mut self.game {
                    *over = true;
                }
                self.offer = None;
            }
            // A sit & go's table closes once it is paid: the result said it.
            TableMessage::Closed { .. } if self.sit_and_go().is_some() => {
                return Ok(Some(Ended::Closed));
            }
            message => {
                say(&present::message_text(locale, message, &|user| {
                    self.name(user)
                }));
                if let TableMessage::Closed { .. } = message {
                    return Ok(Some(Ended::Closed));
                }
            }
        }
        Ok(None)
    }

    /// What the board tells (`Screen::board`), and your cards at each new street.
    fn show_board(&mut self, board: &PublicBoard) {
        if self
            .offer
            .as_ref()
            .is_some_and(|offer| (offer.hand, offer.action_seq) != (board.hand, board.action_seq))
        {
            self.offer = None;
        }
        let new_street = self
            .board
            .as_ref()
            .is_none_or(|shown| (shown.hand, shown.view.street) != (board.hand, board.view.street));
        for text in self.screen.board(board) {
            say(&text);
        }
        self.board = Some(board.clone());
        if let Some(cards) = self.cards_to_show.take_if(|cards| cards.hand == board.hand) {
            say(&render::private_hand(self.locale, cards.hand, &cards.view));
            self.cards_shown = Some((cards.hand, card_count(&cards.view)));
        }
        if new_street {
            self.show_your_cards(board);
        }
    }

    /// The hand's actions no board told and its result; at the cash table, when it left you
    /// with no chips, the table waits for you (paused) until you top up or quit.
    async fn show_result(&mut self, summary: &HandSummary) -> anyhow::Result<()> {
        self.offer = None;
        for text in self.screen.result(summary) {
            say(&text);
        }
        let busted = summary
            .outcomes
            .iter()
            .any(|outcome| outcome.user == YOU && outcome.end == 0);
        if !busted || self.leaving || !matches!(self.game, Game::Cash { .. }) {
            return Ok(());
        }
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(()),
            Err(error) => return Err(error.into()),
        };
        // Topped up already, between the hand's end and this result being read.
        let has_chips = status
            .seats
            .iter()
            .any(|seat| seat.user == YOU && seat.stack > 0);
        if !has_chips {
            self.waiting_for_you = true;
            say(&tr(self.locale, "play-busted", &[]));
            let playing = status
                .seats
                .iter()
                .filter(|seat| seat.user != YOU && seat.status == SeatStatus::Playing);
            for user in playing.map(|seat| seat.user).collect::<Vec<_>>() {
                self.sit_out_for_you(user).await?;
            }
        }
        Ok(())
    }

    /// Sits `user` out while the table waits for you.
    async fn sit_out_for_you(&mut self, user: UserId) -> anyhow::Result<()> {
        if self.sat_out_for_you.contains(&user) {
            return Ok(());
        }
        self.sat_out_for_you.push(user);
        match self.table.sit_out(user).await {
            Ok(()) => Ok(()),
            Err(LobbyError::AlreadySittingOut | LobbyError::NotSeated) => {
                self.sat_out_for_you.retain(|sat_out| *sat_out != user);
                Ok(())
            }
            Err(LobbyError::TableClosed { .. }) => Ok(()),
            Err(error) => Err(error.into()),
        }
    }

    /// You have chips again: the computer players this session sat out play again.
    pub(super) async fn deal_again(&mut self) -> anyhow::Result<()> {
        self.waiting_for_you = false;
        for user in self.sat_out_for_you.clone() {
            match self.table.back(user).await {
                Ok(()) => {}
                // Broke meanwhile, or gone: nothing to bring back.
                Err(LobbyError::NoChips | LobbyError::NotSittingOut | LobbyError::NotSeated) => {
                    self.sat_out_for_you.retain(|sat_out| *sat_out != user);
                }
                Err(error) => return Err(error.into()),
            }
        }
        Ok(())
    }

    /// Whether to read your next line now. Lines are read when it is your turn, or when no
    /// turn of yours is coming (you are out of chips, alone, or leaving); otherwise they wait,
    /// so typing ahead (or a script on standard input) meets the turn it was meant for. At a
    /// sit & go every hand deals you in until you are out, and once you are out the lines wait
    /// for its end: they are read at your turns and once it is over.
    pub(super) async fn wants_input(&self) -> anyhow::Result<bool> {
        if self.offer.is_some() || self.sit_and_go_over() {
            return Ok(true);
        }
        if self.leaving || self.sit_and_go().is_some() {
            return Ok(false);
        }
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(false),
            Err(error) => return Err(error.into()),
        };
        // A top-up waits for the end of a hand dealt before the table stopped for you.
        if self.waiting_for_you && status.hand_in_progress {
            return Ok(false);
        }
        let Some(me) = status.seats.iter().find(|seat| seat.user == YOU) else {
            return Ok(true);
        };
        // Still in the hand in progress (all-in too: its end says whether you play on or are
        // out of chips): the next line is for a later turn, or for what the end asks.
        if let (Some(board), Some(seat)) = (&status.board, me.hand_seat) {
            let still_in = board
                .view
                .seats
                .get(seat)
                .is_some_and(|public| public.state != SeatState::Folded);
            if still_in {
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
}
