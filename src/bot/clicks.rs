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

use tracing::Instrument as _;

use crate::bank::{GuildId, TableId, UserId};
use crate::lobby::LobbyError;
use crate::render::{self, Locale};

use super::Bot;
use super::custom_id::ButtonId;
use super::presenter::{ClickToken, wait_for_action};

/// A click whose table has not answered after this long is acknowledged at once (deferred
/// update, interaction response type 6), so Discord's 3 seconds never run out; the board is
/// then edited through the interaction's webhook when the answer comes.
const DEFER_CLICK_AFTER: Duration = Duration::from_millis(1200);
/// The longest a deferred click waits for its table.
const ACT_LIMIT: Duration = Duration::from_secs(10);
/// How long an answered click waits for the presenter's new board.
const BOARD_WAIT: Duration = Duration::from_millis(800);

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
    async {
        match ButtonId::decode(&click.data.custom_id) {
            Some(ButtonId::Act {
                table,
                hand,
                seq,
                action,
            }) if table == click.channel_id.get() => {
                act(
                    bot,
                    ctx,
                    click,
                    locale,
                    user,
                    TableId(table),
                    hand,
                    seq,
                    action,
                )
                .await
            }
            Some(ButtonId::MyCards { table }) if table == click.channel_id.get() => {
                my_cards(bot, ctx, click, locale, user, TableId(table)).await
            }
            _ => {
                let text = render::tr(locale, "bot-unknown-button", &[]);
                ephemeral(ctx, click, text).await
            }
        }
    }
    .instrument(span)
    .await
}

#[allow(clippy::too_many_arguments)]
async fn act(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    locale: Locale,
    user: UserId,
    table: TableId,
    hand: u64,
    seq: u32,
    action: crate::table::ActionKind,
) {
    let defer_at = super::interaction_age::defer_at(bot, click.id.get(), DEFER_CLICK_AFTER);
    let handle = match bot.lobby().table(table) {
        Ok(handle) => handle,
        Err(error) => return refuse(bot, ctx, click, locale, &error).await,
    };
    let presenter = match bot.presenter(&handle).await {
        Ok(presenter) => presenter,
        Err(error) => {
            tracing::warn!(%error, "no presenter for a click");
            let text = render::tr(locale, "bot-failed", &[]);
            return ephemeral(ctx, click, text).await;
        }
    };
    let mut snapshots = presenter.subscribe();
    // Holds the board until this function returns, is cancelled or panics.
    let _holding = presenter.hold();
    let click_delay = Duration::from_millis(bot.config().testing.click_delay_ms);
    let acting = async {
        if !click_delay.is_zero() {
            tokio::time::sleep(click_delay).await;
        }
        handle.act(user, hand, seq, action).await
    };
    let mut acting = std::pin::pin!(acting);
    let mut deferred = false;
    let outcome = tokio::select! {
        outcome = &mut acting => Ok(outcome),
        () = tokio::time::sleep_until(defer_at) => {
            match click.defer(&ctx.http).await {
                Ok(()) => deferred = true,
                Err(error) => tracing::warn!(%error, "deferring a slow click failed"),
            }
            tokio::time::timeout(ACT_LIMIT, acting).await
        }
    };
    match outcome {
        Ok(Ok(new_seq)) => {
            tracing::info!(hand, seq, ?action, "action taken");
            let snapshot = wait_for_action(&mut snapshots, hand, new_seq, BOARD_WAIT).await;
            // A board too old to edit is posted anew by the presenter.
            let board = click.message.id.get();
            let current_board = snapshot.as_ref().is_some_and(|snapshot| {
                snapshot.board_message == Some(board) && presenter.board_editable(board)
            });
            let answered = match snapshot
                .and_then(|snapshot| Some((snapshot.version, snapshot.message?)))
            {
                Some((version, message)) if current_board && deferred => {
                    let edit = serenity::EditInteractionResponse::new()
                        .content(message.content.clone())
                        .components(message.components())
                        .allowed_mentions(CreateAllowedMentions::new());
                    let writing = presenter.writing_board();
                    let edited = click.edit_response(&ctx.http, edit).await;
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
                    let responded = click.create_response(&ctx.http, response).await;
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
                            !crate::bot::rest::timed_out(&error) && acknowledge(ctx, click).await
                        }
                    }
                }
                _ if deferred => true,
                // The board is elsewhere (a new hand's message, or posted anew as too old) or
                // not ready: acknowledge, and the presenter writes it through the outbox.
                _ => acknowledge(ctx, click).await,
            };
            if answered {
                presenter.click_answered(ClickToken {
                    interaction: click.id.get(),
                    application: click.application_id.get(),
                    token: click.token.clone(),
                    turn: (hand, new_seq),
                });
            }
        }
        Ok(Err(error)) => {
            tracing::info!(hand, seq, ?action, %error, "action refused");
            let text = refusal(bot, locale, &error).await;
            answer_privately(ctx, click, text, deferred).await;
        }
        Err(_) => {
            tracing::warn!(hand, seq, "the table did not answer in time");
            let text = render::tr(locale, "bot-failed", &[]);
            answer_privately(ctx, click, text, deferred).await;
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

/// Acknowledges a click without touching its message (a deferred update, type 6); whether
/// Discord took it.
async fn acknowledge(ctx: &serenity::Context, click: &ComponentInteraction) -> bool {
    match click
        .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
        .await
    {
        Ok(()) => true,
        Err(error) => {
            tracing::warn!(%error, "acknowledging a click failed");
            false
        }
    }
}

async fn my_cards(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    locale: Locale,
    user: UserId,
    table: TableId,
) {
    let cards = match bot.lobby().table(table) {
        Ok(handle) => handle.show_cards(user).await,
        Err(error) => Err(error),
    };
    let text = match cards {
        Ok(cards) => render::private_hand(locale, cards.hand, &cards.view),
        Err(error) => bot.lobby_refusal(locale, &error),
    };
    ephemeral(ctx, click, text).await;
}

async fn refuse(
    bot: &Bot,
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    locale: Locale,
    error: &LobbyError,
) {
    let text = refusal(bot, locale, error).await;
    ephemeral(ctx, click, text).await;
}

/// The words for a refused click.
async fn refusal(bot: &Bot, locale: Locale, error: &LobbyError) -> String {
    if let LobbyError::NotYourTurn { to_act: Some(user) } = error {
        // Names the player to act even if this process has not seen them yet.
        bot.resolve_names([*user]).await;
    }
    bot.lobby_refusal(locale, error)
}

/// An ephemeral answer: the response itself, or a followup once the click was deferred.
async fn answer_privately(
    ctx: &serenity::Context,
    click: &ComponentInteraction,
    text: String,
    deferred: bool,
) {
    if !deferred {
        return ephemeral(ctx, click, text).await;
    }
    let followup = CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true)
        .allowed_mentions(CreateAllowedMentions::new());
    if let Err(error) = click.create_followup(&ctx.http, followup).await {
        tracing::warn!(%error, "answering a deferred click failed");
    }
}

async fn ephemeral(ctx: &serenity::Context, click: &ComponentInteraction, text: String) {
    let response = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true)
            .allowed_mentions(CreateAllowedMentions::new()),
    );
    if let Err(error) = click.create_response(&ctx.http, response).await {
        tracing::warn!(%error, "answering a click failed");
    }
}
