//! A sit & go's result, which the bank keeps to announce until Discord has it: the table's
//! presenter posts it as the sit & go ends, and a start posts any that a crash or a refused
//! post kept from its channel. Either way the bank stops keeping it once the post landed, or
//! once Discord says its channel is gone (10003): no later start could post it there.

use serde_json::json;

use crate::bank::{GuildId, TournamentId};
use crate::lobby::{NoticeBody, TableMessage, UnannouncedResult};

use super::{Bot, limits};

/// Makes `body`, the post of sit & go `tournament`'s result, one Discord creates once: the
/// same nonce (at most 25 characters: `sng` and up to 20 digits) with `enforce_nonce`.
pub(super) fn post_once(body: &mut serde_json::Value, tournament: TournamentId) {
    body["nonce"] = json!(format!("sng{}", tournament.0));
    body["enforce_nonce"] = json!(true);
}

impl Bot {
    /// The result of sit & go `tournament` is in its channel: the bank stops keeping it.
    pub(crate) async fn result_announced(&self, guild: GuildId, tournament: TournamentId) {
        if let Err(error) = self
            .lobby()
            .sit_and_go_result_announced(guild, tournament)
            .await
        {
            tracing::warn!(
                tournament = tournament.0,
                %error,
                "a posted sit & go result is still kept to announce; the next start posts it again"
            );
        }
    }

    /// Posts every sit & go result still kept to announce, each in its own task.
    pub(super) async fn announce_kept_results(&self) {
        let kept = match self.lobby().unannounced_sit_and_go_results().await {
            Ok(kept) => kept,
            Err(error) => {
                tracing::warn!(%error, "cannot read the sit & go results still to announce");
                return;
            }
        };
        for result in kept {
            let bot = self.clone();
            self.spawn(async move { bot.announce(result).await });
        }
    }

    async fn announce(&self, result: UnannouncedResult) {
        let NoticeBody::Table(message) = &result.notice.body else {
            return;
        };
        let table = result.notice.table;
        if let TableMessage::TournamentOver { places, .. } = message
            && let Some(http) = self.http()
        {
            let ask = self.names().to_ask(places.iter().map(|place| place.user));
            if !ask.is_empty() {
                self.names().look_up(http, ask).await;
            }
        }
        let locale = self.public_locale(result.guild, table);
        let name = |user| self.names().name_in(result.guild, user);
        let text = crate::lobby::present::message_text(locale, message, &name);
        let mut body = json!({
            "content": limits::fit_message(&text),
            "allowed_mentions": { "parse": [] },
        });
        post_once(&mut body, result.tournament);
        match self.outbox().post(table.0, body).await {
            Ok(_) => self.result_announced(result.guild, result.tournament).await,
            Err(error) if error.is_unknown_channel() => {
                tracing::warn!(
                    tournament = result.tournament.0,
                    channel = table.0,
                    "a sit & go's result kept to announce is no longer kept: Discord says its \
                     channel is gone (the payouts were made when it finished)"
                );
                self.result_announced(result.guild, result.tournament).await;
            }
            Err(error) => tracing::warn!(
                tournament = result.tournament.0,
                %error,
                "a sit & go's result kept from its channel could not be posted; the next start tries again"
            ),
        }
    }
}
