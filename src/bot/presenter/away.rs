//! What a player who is away is told by DM: the table sat them out (with "I'm back", which
//! works from the DM), or stood them up with their chips back in their balance. Only they
//! read it; the channel hears nothing more than before.

use serde_json::json;

use crate::bank::UserId;
use crate::bot::custom_id::ButtonId;
use crate::bot::limits;
use crate::lobby::AwayNotice;
use crate::render;

use super::{BoardMessage, Button, Presenter};

impl Presenter {
    pub(super) async fn tell_away(&self, user: UserId, away: AwayNotice) {
        if user.is_computer() {
            return;
        }
        let locale = self.bot.player_locale(user, self.locale());
        let text = crate::lobby::present::away_text(locale, &away);
        let buttons = match away {
            AwayNotice::SatOut { .. } => vec![Button {
                custom_id: ButtonId::Back {
                    table: self.table().0,
                }
                .encode(),
                label: render::pace::back_label(locale),
                style: poise::serenity_prelude::ButtonStyle::Primary,
            }],
            AwayNotice::StoodUp { .. } => Vec::new(),
        };
        let message = BoardMessage {
            content: limits::fit_message(&text),
            buttons,
            mention: None,
        };
        let mut body = message.to_json(false);
        body["allowed_mentions"] = json!({ "parse": [] });
        let sent = match self.bot.dm_channel(user).await {
            Ok(channel) => self.bot.outbox().post(channel, body).await.map(drop),
            Err(error) => Err(error),
        };
        if let Err(error) = sent {
            // The board shows them sitting out, and the channel was told how to come back.
            tracing::info!(user = user.0, %error, "an away player could not be told by DM");
        }
    }
}
