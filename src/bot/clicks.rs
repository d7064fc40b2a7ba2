//! Button clicks. Everything a click needs is in its `custom_id` (table, hand, action sequence,
//! action) and in the table service, so a board posted before a restart still works. An
//! accepted action is answered by updating the board message itself (interaction response
//! type 7, which does not count against the channel's rate limit), unless the board is too old
//! to edit (the presenter then posts it anew); once answered, the click's token is handed to
//! the presenter, which mentions the next player as its followup while the token is young
//! (see `presenter::turn_pings`). A refused click (not your turn, stale board, spectator) gets
//! an ephemeral explanation. Every click is answered within Discord's 3 seconds.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateAllowedMentions, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
};

use tokio::time::error::Elapsed;
use tracing::Instrument as _;

use crate::bank::{GuildId, TableId, TournamentId, UserId};
use crate::lobby::{LobbyError, OfferedTurn, TableHandle};
use crate::refusal::Refusal;
use crate::render::{self, Locale};
use crate::table::ActionKind;

use super::Bot;
use super::custom_id::ButtonId;
use super::presenter::{ClickToken, Presenter, Snapshot, wait_for_action};
use super::refusals::Refused;
use super::reply::deferring;

/// A click whose table has not answered after this long is acknowledged at once (deferred
/// update, interaction response type 6), so Discord's 3 seconds never run out; the board is
/// then edited through the interaction's webhook when the answer comes. Sooner than a
/// command's deferral: an accepted click still waits for its board ([`BOARD_WAIT`]).
const DEFER_CLICK_AFTER: Duration = Duration::from_millis(1200);
/// The longest a click waits for its table, counted from its deferral.
const ACT_LIMIT: Duration = Duration::from_secs(10);
/// How long an answered click waits for the presenter's new board.
const BOARD_WAIT: Duration = Duration::from_millis(800);

mod event;
mod here;
mod tournament;

pub async fn handle(bot: &Bot, ctx: &serenity::Context, click: &ComponentInteraction) {
    if super::interaction_age::too_late(bot, click.id.get()) {
        return;
    }
    let user = UserId(click.user.id.get());
    bot.names()
        .remember_shown(click.guild_id, &click.user, click.member.as_ref());
    bot.remember_locale(user, &click.locale);
    let table_locale = match click.guild_id {
        Some(guild) => {
            let guild = GuildId(guild.get());
            bot.remember_guild_locale(guild, click.guild_locale.as_deref());
            bot.public_locale(guild, TableId(click.channel_id.get()))
        }
        None => bot.config().locale,
    };
    // What a click answers is for the clicker alone.
    let locale = bot.user_locale(&click.locale, table_locale);
    let span = tracing::info_span!(
        "click",
        custom_id = %click.data.custom_id,
        user = user.0,
        channel = click.channel_id.get()
    );
    let click = Click {
        bot,
        ctx,
        interaction: click,
        user,
        locale,
        public: table_locale,
    };
    click.route().instrument(span).await
}

impl Click<'_> {
    /// The button clicked, by its id, answered; one this bot does not know (or of another
    /// channel) is refused.
    async fn route(&self) {
        match ButtonId::decode(&self.interaction.data.custom_id) {
            Some(ButtonId::Act {
                table,
                hand,
                deal,
                seq,
                action,
            }) if table == self.interaction.channel_id.get() => {
                let turn = OfferedAction {
                    hand,
                    deal,
                    seq,
                    action,
                };
                self.act(TableId(table), turn).await;
            }
            Some(ButtonId::MyCards { table }) if table == self.interaction.channel_id.get() => {
                self.my_cards(TableId(table)).await;
            }
            Some(ButtonId::Register { tournament }) => {
                self.register(TournamentId(tournament)).await;
            }
            Some(ButtonId::EventEntry { event, register }) => {
                self.event_entry(TournamentId(event), register).await;
            }
            Some(ButtonId::Deal {
                tournament,
                number,
                accept,
            }) => {
                self.answer_deal(TournamentId(tournament), number, accept)
                    .await;
            }
            // On the clicker's private view (an ephemeral message of the table's channel).
            Some(ButtonId::PreAction {
                table,
                hand,
                street,
                choice,
            }) if table == self.interaction.channel_id.get() => {
                self.pre_action(TableId(table), (hand, street), choice)
                    .await;
            }
            Some(ButtonId::AddTime { table, hand, seq })
                if table == self.interaction.channel_id.get() =>
            {
                self.add_time(TableId(table), hand, seq).await;
            }
            // In the DM that told the player they were sat out: any channel.
            Some(ButtonId::Back { table }) => self.back(TableId(table)).await,
            _ => self.refuse(&Refused::UnknownButton).await,
        }
    }
}

/// The action a button offers, and the turn it was offered at.
#[derive(Debug, Clone, Copy)]
struct OfferedAction {
    hand: u64,
    /// The series of deals the hand was dealt in (`TurnOffer::deal`).
    deal: u64,
    seq: u32,
    action: ActionKind,
}

/// One click being answered: who clicked, in which language they are answered, and the
/// interaction every answer goes to.
struct Click<'a> {
    bot: &'a Bot,
    ctx: &'a serenity::Context,
    interaction: &'a ComponentInteraction,
    user: UserId,
    locale: Locale,
    /// The channel's language.
    public: Locale,
}

impl Click<'_> {
    /// An action button: the table takes the action, the board is answered in place, and the
    /// click's token goes to the presenter.
    async fn act(&self, table: TableId, turn: OfferedAction) {
        let defer_at = super::interaction_age::defer_at(
            self.bot,
            self.interaction.id.get(),
            DEFER_CLICK_AFTER,
        );
        let handle = match self.bot.lobby().table(table) {
            Ok(handle) => handle,
            Err(error) => return self.refuse(&error).await,
        };
        let presenter = match self.bot.presenter(&handle).await {
            Ok(presenter) => presenter,
            Err(error) => {
                tracing::warn!(%error, "no presenter for a click");
                return self.refuse(&Refused::Failed).await;
            }
        };
        let mut snapshots = presenter.subscribe();
        // Holds the board until this function returns, is cancelled or panics.
        let _holding = presenter.hold();
        let (outcome, deferred) = self.take_action(&handle, turn, defer_at).await;
        match outcome {
            Ok(Ok(new_seq)) => {
                tracing::info!(hand = turn.hand, seq = turn.seq, action = ?turn.action, "action taken");
                let snapshot =
                    wait_for_action(&mut snapshots, turn.hand, new_seq, BOARD_WAIT).await;
                if self.answer_with_board(&presenter, snapshot, deferred).await {
                    self.hand_token_to_presenter(&presenter, turn.hand, new_seq);
                }
            }
            Ok(Err(error)) => {
                tracing::info!(hand = turn.hand, seq = turn.seq, action = ?turn.action, %error, "action refused");
                // A table paused because Discord refuses the bot's posts says why.
                let text = match self.bot.pause_reason(table, self.locale) {
                    Some(reason) if error == LobbyError::Paused => reason,
                    _ => self.refusal(&error).await,
                };
                self.answer_privately(text, deferred).await;
            }
            Err(_) => {
                tracing::warn!(
                    hand = turn.hand,
                    seq = turn.seq,
                    "the table did not answer in time"
                );
                let text = self.bot.refusal(self.locale, &Refused::Failed);
                self.answer_privately(text, deferred).await;
            }
        }
    }

    /// Asks the table to take the action, deferring the click once `defer_at` comes with no
    /// answer yet (and then waiting at most [`ACT_LIMIT`] more). The table's answer, or a
    /// timeout; and whether the click was deferred.
    async fn take_action(
        &self,
        handle: &TableHandle,
        turn: OfferedAction,
        defer_at: tokio::time::Instant,
    ) -> (Result<Result<u32, LobbyError>, Elapsed>, bool) {
        let click_delay = Duration::from_millis(self.bot.config().testing.click_delay_ms);
        let acting = async {
            if !click_delay.is_zero() {
                tokio::time::sleep(click_delay).await;
            }
            let offered = OfferedTurn {
                hand: turn.hand,
                deal: turn.deal,
                action_seq: turn.seq,
            };
            handle.act_on(self.user, offered, turn.action).await
        };
        let act_limit = defer_at + ACT_LIMIT;
        let acting = tokio::time::timeout_at(act_limit, acting);
        let defer = async {
            match self.interaction.defer(&self.ctx.http).await {
                Ok(()) => true,
                Err(error) => {
                    tracing::warn!(%error, "deferring a slow click failed");
                    false
                }
            }
        };
        let (outcome, deferred) = deferring(defer_at, acting, defer).await;
        (outcome, deferred.unwrap_or(false))
    }

    /// Answers an accepted click with the board the action made: the clicked message is
    /// updated in place when it is the table's current, editable board; otherwise the click
    /// is acknowledged and the presenter writes the board through the outbox. Whether the
    /// click was answered.
    async fn answer_with_board(
        &self,
        presenter: &Presenter,
        snapshot: Option<Snapshot>,
        deferred: bool,
    ) -> bool {
        // A board too old to edit is posted anew by the presenter.
        let board = self.interaction.message.id.get();
        let current_board = snapshot.as_ref().is_some_and(|snapshot| {
            snapshot.board_message == Some(board) && presenter.board_editable(board)
        });
        match snapshot.and_then(|snapshot| Some((snapshot.version, snapshot.message?))) {
            Some((version, message)) if current_board && deferred => {
                let edit = serenity::EditInteractionResponse::new()
                    .content(message.content.clone())
                    .components(message.components())
                    .allowed_mentions(CreateAllowedMentions::new());
                let writing = presenter.writing_board();
                let edited = self.interaction.edit_response(&self.ctx.http, edit).await;
                drop(writing);
                match edited {
                    Ok(_) => presenter.wrote(version),
                    Err(error) => tracing::warn!(%error, "updating the board failed"),
                }
                true
            }
            Some((version, message)) if current_board => {
                let response = CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new()
                        .content(message.content.clone())
                        .components(message.components())
                        .allowed_mentions(CreateAllowedMentions::new()),
                );
                let writing = presenter.writing_board();
                let responded = self
                    .interaction
                    .create_response(&self.ctx.http, response)
                    .await;
                drop(writing);
                match responded {
                    Ok(()) => {
                        presenter.wrote(version);
                        true
                    }
                    Err(error) => {
                        tracing::warn!(%error, "updating the board failed");
                        if is_old_message_edit(&error) {
                            presenter.board_refused_as_old(board);
                        }
                        // A callback that timed out is past Discord's 3 seconds:
                        // another one is refused; the presenter writes the board.
                        !crate::bot::rest::timed_out(&error) && self.acknowledge().await
                    }
                }
            }
            _ if deferred => true,
            // The board is elsewhere (a new hand's message, or posted anew as too old) or
            // not ready: acknowledge, and the presenter writes it through the outbox.
            _ => self.acknowledge().await,
        }
    }

    /// Hands the answered click's token to the presenter, which mentions the next player as
    /// its followup while the token is young.
    fn hand_token_to_presenter(&self, presenter: &Presenter, hand: u64, new_seq: u32) {
        presenter.click_answered(ClickToken {
            interaction: self.interaction.id.get(),
            application: self.interaction.application_id.get(),
            token: self.interaction.token.clone(),
            turn: (hand, new_seq),
        });
    }

    /// The "My cards" button: the clicker's private view (their cards, pre-actions and
    /// time bank), for them alone.
    async fn my_cards(&self, table: TableId) {
        let cards = match self.bot.lobby().table(table) {
            Ok(handle) => handle.show_cards(self.user).await,
            Err(error) => Err(error),
        };
        match cards {
            Ok(cards) => {
                let view = super::private_view::message(self.bot, self.locale, table, &cards);
                self.respond(view, false).await;
            }
            Err(error) => self.refuse(&error).await,
        }
    }

    /// A pre-action button of the clicker's private view: the table keeps (or clears) the
    /// choice, and the view is updated in place. A stale view is updated too, the refusal
    /// above it.
    async fn pre_action(
        &self,
        table: TableId,
        (hand, street): (u64, crate::table::hand::Street),
        choice: Option<crate::table::PreAction>,
    ) {
        let handle = match self.bot.lobby().table(table) {
            Ok(handle) => handle,
            Err(error) => return self.refuse(&error).await,
        };
        let chosen = handle.pre_action(self.user, hand, street, choice).await;
        tracing::info!(
            hand,
            ?street,
            ?choice,
            accepted = chosen.is_ok(),
            "pre-action"
        );
        match chosen {
            Ok(cards) => {
                let view = super::private_view::message(self.bot, self.locale, table, &cards);
                self.respond(view, true).await;
            }
            Err(error) => {
                let refusal = self.refusal(&error).await;
                match handle.show_cards(self.user).await {
                    Ok(cards) => {
                        let mut view =
                            super::private_view::message(self.bot, self.locale, table, &cards);
                        view.content = format!("{refusal}\n\n{}", view.content);
                        self.respond(view, true).await;
                    }
                    Err(_) => self.ephemeral(refusal).await,
                }
            }
        }
    }

    /// "+30 s" on the board: the table takes time from the clicker's time bank at once, and
    /// the board is answered in place with the time it shows.
    async fn add_time(&self, table: TableId, hand: u64, seq: u32) {
        let handle = match self.bot.lobby().table(table) {
            Ok(handle) => handle,
            Err(error) => return self.refuse(&error).await,
        };
        let presenter = match self.bot.presenter(&handle).await {
            Ok(presenter) => presenter,
            Err(error) => {
                tracing::warn!(%error, "no presenter for a click");
                return self.refuse(&Refused::Failed).await;
            }
        };
        let mut snapshots = presenter.subscribe();
        let _holding = presenter.hold();
        let extensions = snapshots.borrow().extensions;
        match handle.add_time(self.user, hand, seq).await {
            Ok(added) => {
                tracing::info!(hand, seq, added, "time bank: time added");
                let snapshot = super::presenter::wait_for_extension(
                    &mut snapshots,
                    (hand, seq),
                    extensions,
                    BOARD_WAIT,
                )
                .await;
                self.answer_with_board(&presenter, snapshot, false).await;
            }
            Err(error) => {
                tracing::info!(hand, seq, %error, "time bank: refused");
                let text = self.refusal(&error).await;
                self.answer_privately(text, false).await;
            }
        }
    }

    /// "I'm back", in the DM that told the player the table sat them out: they are dealt in
    /// from the next hand, and the DM says so in place of its button.
    async fn back(&self, table: TableId) {
        let came_back = match self.bot.lobby().table(table) {
            Ok(handle) => handle.back(self.user).await,
            Err(error) => Err(error),
        };
        match came_back {
            Ok(()) => {
                let told = super::presenter::BoardMessage {
                    content: render::pace::back_told(self.locale),
                    buttons: Vec::new(),
                    mention: None,
                };
                self.respond(told, true).await;
            }
            Err(error) => self.refuse(&error).await,
        }
    }

    /// Answers with `message` (text and buttons): a new ephemeral message, or, with
    /// `in_place`, an update of the clicked one (type 7).
    async fn respond(&self, message: super::presenter::BoardMessage, in_place: bool) {
        let body = CreateInteractionResponseMessage::new()
            .content(crate::bot::limits::fit_message(&message.content))
            .components(message.components())
            .allowed_mentions(CreateAllowedMentions::new());
        let response = if in_place {
            CreateInteractionResponse::UpdateMessage(body)
        } else {
            CreateInteractionResponse::Message(body.ephemeral(true))
        };
        if let Err(error) = self
            .interaction
            .create_response(&self.ctx.http, response)
            .await
        {
            tracing::warn!(%error, "answering a click failed");
        }
    }

    /// Acknowledges the click without touching its message (a deferred update, type 6);
    /// whether Discord took it.
    async fn acknowledge(&self) -> bool {
        match self
            .interaction
            .create_response(&self.ctx.http, CreateInteractionResponse::Acknowledge)
            .await
        {
            Ok(()) => true,
            Err(error) => {
                tracing::warn!(%error, "acknowledging a click failed");
                false
            }
        }
    }

    /// A refused click, told to the clicker alone.
    async fn refuse(&self, why: &(dyn Refusal + Sync)) {
        let text = self.refusal(why).await;
        self.ephemeral(text).await;
    }

    /// The words for a refused click, naming the player to act even if this process has not
    /// seen them yet.
    async fn refusal(&self, why: &(dyn Refusal + Sync)) -> String {
        if let Some(user) = why.player() {
            self.bot.resolve_names([user]).await;
        }
        self.bot.refusal(self.locale, why)
    }

    /// An ephemeral answer: the response itself, or a followup once the click was deferred.
    async fn answer_privately(&self, text: String, deferred: bool) {
        if !deferred {
            return self.ephemeral(text).await;
        }
        let followup = CreateInteractionResponseFollowup::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new());
        if let Err(error) = self
            .interaction
            .create_followup(&self.ctx.http, followup)
            .await
        {
            tracing::warn!(%error, "answering a deferred click failed");
        }
    }

    async fn ephemeral(&self, text: String) {
        let response = CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(text)
                .ephemeral(true)
                .allowed_mentions(CreateAllowedMentions::new()),
        );
        if let Err(error) = self
            .interaction
            .create_response(&self.ctx.http, response)
            .await
        {
            tracing::warn!(%error, "answering a click failed");
        }
    }
}

/// Discord refused to edit the clicked message as too old (30046).
fn is_old_message_edit(error: &serenity::Error) -> bool {
    matches!(
        error,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))
            if i64::try_from(response.error.code) == Ok(super::rest::OLD_MESSAGE_EDIT_CODE)
    )
}
