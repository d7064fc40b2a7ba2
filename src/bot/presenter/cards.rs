//! Down cards by DM (tried again while Discord fails), and what the board says when a
//! player's DMs are closed.

use serde_json::json;

use crate::bot::limits;
use crate::bot::lock;
use crate::bot::rest::RestError;
use crate::lobby::PlayerCards;
use crate::render;

use super::{News, Presenter, landing};

/// Tries of a DM of down cards that Discord fails (5xx, a timeout) before giving up; with the
/// backoff, about a minute.
const DM_ATTEMPTS: u32 = 6;

impl Presenter {
    /// DMs a player their cards; when their DMs are closed, marks them on the board and tells
    /// them once, in the channel, how to open DMs and that "My cards" works. A player marked
    /// closed is tried again at their next hand, and unmarked when the DM goes through.
    pub(super) async fn send_cards(&self, cards: PlayerCards) {
        let user = cards.user;
        if user.is_computer() {
            // A computer player reads its cards from the table, not from a DM.
            return;
        }
        let locale = self.bot.player_locale(user, self.locale());
        let failed_this_hand = lock(&self.state)
            .dm_closed
            .get(&user)
            .is_some_and(|failed_hand| cards.hand <= *failed_hand);
        if failed_this_hand {
            return;
        }
        let text =
            render::private_hand_styled(locale, cards.hand, &cards.view, self.bot.card_style());
        let body = json!({ "content": limits::fit_message(&text) });
        let mut failures = 0;
        let outcome = loop {
            let outcome = match self.bot.dm_channel(user).await {
                Ok(channel) => self
                    .bot
                    .outbox()
                    .post(channel, body.clone())
                    .await
                    .map(drop),
                Err(error) => Err(error),
            };
            // Discord failing (5xx, a timeout) is tried again while the hand is on.
            match outcome {
                Err(error) if error.is_transient() && failures < DM_ATTEMPTS => {
                    failures += 1;
                    tracing::info!(user = user.0, %error, failures, "cards could not be sent by DM yet; trying again");
                    tokio::time::sleep(landing::retry_after(failures)).await;
                    if lock(&self.state).hand > cards.hand {
                        return;
                    }
                }
                outcome => break outcome,
            }
        };
        match outcome {
            Ok(()) => {
                let reopened = {
                    let mut state = lock(&self.state);
                    state.dm_closed.remove(&user).is_some()
                };
                if reopened {
                    tracing::info!(user = user.0, "DMs open again; the board unmarks it");
                    self.changed();
                }
            }
            Err(RestError::DmClosed) => {
                tracing::info!(user = user.0, "DMs closed; the board marks it");
                let first_time = {
                    let mut state = lock(&self.state);
                    state.dm_closed.insert(user, cards.hand);
                    state.told_dm_closed.insert(user)
                };
                if first_time {
                    let name = self.bot.names().name_in(self.handle.guild(), user);
                    let text = format!(
                        "<@{}> {}",
                        user.0,
                        render::notice(self.locale(), &render::Announcement::DmClosed { name })
                    );
                    lock(&self.state).news.push(News::new(text, Some(user)));
                }
                self.changed();
            }
            Err(error) => tracing::warn!(user = user.0, %error, "cards could not be sent by DM"),
        }
    }
}
