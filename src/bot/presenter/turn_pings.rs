//! The mention of the player to act ("<@player>, your turn…"), once per turn, for players who
//! want it (`/ping`), and never more than one live in the channel.
//!
//! A mention must not spend the channel's write bucket (about 5 creates per 5 seconds): at one
//! a turn, a brisk hand would wait on it. So it goes out as a followup of the click that made
//! the previous action, which spends only that interaction's own bucket — once the click's
//! callback has succeeded (Discord refuses a followup before any response, 10015) and while
//! its token is young (tokens die after 15 minutes, judged on Discord's clock). A turn no
//! click led to (after a timeout, a command) is mentioned by a channel message.
//!
//! The previous mention is deleted when the next one is posted or the turn is over: through
//! its click's token while that is young, else as the bot's own channel message.

use std::sync::Arc;
use std::time::Duration;

use crate::bank::UserId;
use crate::bot::lock;
use crate::bot::rest::RestError;
use crate::lobby::TurnOffer;
use crate::render;

use super::message::text_body;
use super::{Presenter, State};

/// An answered action click: its token may carry the mention of the turn its action led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickToken {
    /// The interaction's id (a snowflake: when Discord made it, so how old the token is).
    pub interaction: u64,
    pub application: u64,
    pub token: String,
    /// The turn (hand, action sequence) the click's action led to.
    pub turn: (u64, u32),
}

/// A turn mention in the channel, and the click whose followup it is (if it is one).
#[derive(Debug, Clone)]
pub(super) struct LivePing {
    message: u64,
    turn: (u64, u32),
    via: Option<ClickToken>,
}

/// A mention due now.
pub(super) struct PingDue {
    user: UserId,
    turn: (u64, u32),
    text: String,
    via: Option<ClickToken>,
}

/// A followup answered 429 is tried this many times in all before the channel carries it.
const FOLLOWUP_ATTEMPTS: u32 = 3;

impl Presenter {
    /// A click's callback succeeded: the turn its action led to may be mentioned as its
    /// followup. Called before the click lets go of the board, so the presenter, which
    /// mentions only once no click holds the board, never posts the followup before it.
    pub fn click_answered(&self, click: ClickToken) {
        lock(&self.state).click = Some(click);
    }

    /// The mention of the player to act, once per turn, if nobody made it yet and they want
    /// mentions.
    pub(super) fn take_ping(&self, state: &mut State) -> Option<PingDue> {
        let turn = state.turn.clone()?;
        let board = state.board.as_ref()?;
        let key = (turn.hand, turn.action_seq);
        if state.result.is_some()
            || turn.hand != board.hand
            || turn.action_seq != board.action_seq
            || state.pinged == Some(key)
        {
            return None;
        }
        state.pinged = Some(key);
        if turn.user.is_computer() || !self.bot.pings().wants(turn.user) {
            return None;
        }
        let via = state
            .click
            .take_if(|click| click.turn == key)
            .filter(|click| self.bot.discord_time().token_usable(click.interaction));
        Some(PingDue {
            user: turn.user,
            turn: key,
            text: self.ping_text(&turn),
            via,
        })
    }

    /// Posts a due mention: as its click's followup when it has one, else (or when that
    /// fails) in the channel through the outbox.
    pub(super) fn send_ping(self: &Arc<Self>, due: PingDue) {
        let presenter = Arc::clone(self);
        self.bot.spawn(async move {
            let body = text_body(due.text, Some(due.user));
            if let Some(click) = due.via
                && let Some(message) = presenter.post_followup(&click, &body).await
            {
                return presenter.ping_posted(LivePing {
                    message,
                    turn: due.turn,
                    via: Some(click),
                });
            }
            match presenter.bot.outbox().post(presenter.channel(), body).await {
                Ok(message) => {
                    presenter.post_accepted();
                    presenter.ping_posted(LivePing {
                        message,
                        turn: due.turn,
                        via: None,
                    });
                }
                Err(error) if presenter.post_refused(&error) => {}
                Err(error) => tracing::warn!(%error, "a turn mention could not be posted"),
            }
        });
    }

    /// The followup's message id, or `None` when the channel must carry the mention instead.
    async fn post_followup(&self, click: &ClickToken, body: &serde_json::Value) -> Option<u64> {
        let rest = self.bot.rest();
        for _ in 0..FOLLOWUP_ATTEMPTS {
            if !self.bot.discord_time().token_usable(click.interaction) {
                return None;
            }
            match rest
                .create_followup(click.application, &click.token, body)
                .await
            {
                Ok(message) => return Some(message),
                Err(RestError::RateLimited(wait)) => {
                    tracing::warn!(?wait, "rate limited; waiting before the turn mention");
                    tokio::time::sleep(wait.min(Duration::from_secs(30))).await;
                }
                Err(error) => {
                    tracing::warn!(%error, "a turn mention as a followup failed; posting it");
                    return None;
                }
            }
        }
        None
    }

    /// The turn a mention now would be for, if any.
    fn current_turn(state: &State) -> Option<(u64, u32)> {
        let turn = state.turn.as_ref()?;
        (state.result.is_none() && turn.hand == state.hand).then_some((turn.hand, turn.action_seq))
    }

    /// Deletes every turn mention but the newest one of the current turn: the channel keeps
    /// at most one live mention, none once the hand is over.
    pub(super) fn retire_pings(&self) {
        let retired: Vec<LivePing> = {
            let mut state = lock(&self.state);
            let current = Self::current_turn(&state);
            let keep = state
                .live_pings
                .iter()
                .filter(|ping| Some(ping.turn) == current)
                .map(|ping| ping.message)
                .max();
            let (kept, gone): (Vec<_>, Vec<_>) = std::mem::take(&mut state.live_pings)
                .into_iter()
                .partition(|ping| Some(ping.message) == keep);
            state.live_pings = kept;
            gone
        };
        for ping in retired {
            self.delete_ping(ping);
        }
    }

    /// Deletes one mention: through its click's token while young (the interaction's own
    /// bucket), else as the bot's own message in the channel.
    fn delete_ping(&self, ping: LivePing) {
        let channel = self.channel();
        let Some(click) = ping
            .via
            .filter(|click| self.bot.discord_time().token_usable(click.interaction))
        else {
            return self.bot.outbox().delete(channel, ping.message);
        };
        let bot = self.bot.clone();
        self.bot.spawn(async move {
            let deleted = bot
                .rest()
                .delete_followup(click.application, &click.token, ping.message)
                .await;
            if let Err(error) = deleted {
                tracing::warn!(%error, "deleting a turn mention by its token failed; deleting it in the channel");
                bot.outbox().delete(channel, ping.message);
            }
        });
    }

    /// A turn mention is in the channel.
    fn ping_posted(&self, ping: LivePing) {
        lock(&self.state).live_pings.push(ping);
        self.retire_pings();
    }

    pub(super) fn ping_text(&self, turn: &TurnOffer) -> String {
        let locale = self.locale();
        let options = render::prompt::action_options(locale, &turn.legal);
        render::tr(
            locale,
            "bot-your-turn",
            &[
                ("mention", format!("<@{}>", turn.user.0).into()),
                ("options", options.into()),
                ("seconds", u64::from(turn.timer_secs).into()),
            ],
        )
    }
}
