//! The clicks of a sit & go's messages: its Register button (a registration, as with
//! `/join`) and the Accept and Decline buttons of a proposed deal, answered in the channel.
//! The clicks of a hand (actions, cards, pre-actions, time) are [`super`]'s.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    CreateAllowedMentions, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage,
};

use crate::bank::{InteractionId, TableId, TournamentId, TournamentState};
use crate::bot::commands::tournament::TournamentRefused;
use crate::bot::refusals::Refused;
use crate::bot::reply::{Answer, deferring};
use crate::render;

use super::{ACT_LIMIT, Click, DEFER_CLICK_AFTER};

impl Click<'_> {
    /// The Register button of a sit & go's message: the clicker registers as with `/join`,
    /// the channel told (a refusal, the clicker alone). Deferred like an action click once
    /// [`DEFER_CLICK_AFTER`] passes with no answer (a slow bank, or the last seat opening the
    /// table), so a player who was registered is never told "This interaction failed".
    pub(super) async fn register(&self, tournament: TournamentId) {
        let defer_at = crate::bot::interaction_age::defer_at(
            self.bot,
            self.interaction.id.get(),
            DEFER_CLICK_AFTER,
        );
        let defer = async {
            match self.interaction.defer(&self.ctx.http).await {
                Ok(()) => true,
                Err(error) => {
                    tracing::warn!(%error, "deferring a slow Register click failed");
                    false
                }
            }
        };
        let (answer, deferred) = deferring(defer_at, self.registration(tournament), defer).await;
        if deferred.unwrap_or(false) {
            let followup = CreateInteractionResponseFollowup::new()
                .content(answer.text)
                .ephemeral(!answer.public)
                .allowed_mentions(CreateAllowedMentions::new());
            if let Err(error) = self
                .interaction
                .create_followup(&self.ctx.http, followup)
                .await
            {
                tracing::warn!(%error, "answering a deferred Register click failed");
            }
            return;
        }
        let response = CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new()
                .content(answer.text)
                .ephemeral(!answer.public)
                .allowed_mentions(CreateAllowedMentions::new()),
        );
        if let Err(error) = self
            .interaction
            .create_response(&self.ctx.http, response)
            .await
        {
            tracing::warn!(%error, "answering a Register click failed");
        }
    }

    /// The Accept or Decline button of a deal: the sit & go's table takes the answer (the
    /// last acceptance ends it with the deal), and the channel is told who answered. Deferred
    /// like an action click when the table is slow to answer.
    pub(super) async fn answer_deal(&self, tournament: TournamentId, number: u64, accept: bool) {
        let table = TableId(self.interaction.channel_id.get());
        let state = match self.bot.bank().tournament(tournament).await {
            Ok(Some(state)) if state.channel == table => state,
            Ok(_) => return self.refuse(&TournamentRefused::NoneHere).await,
            Err(error) => return self.refuse(&error).await,
        };
        let handle = match self.bot.lobby().table(state.channel) {
            Ok(handle) => handle,
            Err(error) => return self.refuse(&error).await,
        };
        let defer_at = crate::bot::interaction_age::defer_at(
            self.bot,
            self.interaction.id.get(),
            DEFER_CLICK_AFTER,
        );
        let answering = tokio::time::timeout_at(
            defer_at + ACT_LIMIT,
            handle.answer_deal(self.user, number, accept),
        );
        let defer = async { self.interaction.defer(&self.ctx.http).await.is_ok() };
        let (answered, deferred) = deferring(defer_at, answering, defer).await;
        let deferred = deferred.unwrap_or(false);
        let name = render::display_name(&self.bot.names().name_or_placeholder(self.user));
        let text = match answered {
            Ok(Ok(answer)) => {
                let (id, accepted, of) = match answer {
                    crate::lobby::DealAnswer::Accepted { accepted, of } => {
                        ("tournament-deal-accepted", accepted, of)
                    }
                    crate::lobby::DealAnswer::Made => ("tournament-deal-accepted-made", 0, 0),
                    crate::lobby::DealAnswer::Declined => ("tournament-deal-declined", 0, 0),
                };
                render::tr(
                    self.public,
                    id,
                    &[
                        ("name", name.into()),
                        ("accepted", accepted.into()),
                        ("of", of.into()),
                    ],
                )
            }
            Ok(Err(error)) => {
                let text = self.refusal(&error).await;
                return self.answer_privately(text, deferred).await;
            }
            Err(_) => {
                let text = self.bot.refusal(self.locale, &Refused::Failed);
                return self.answer_privately(text, deferred).await;
            }
        };
        self.answer_publicly(text, deferred).await;
    }

    /// A public answer: the response itself, or a followup once the click was deferred.
    async fn answer_publicly(&self, text: String, deferred: bool) {
        let sent = if deferred {
            let followup = CreateInteractionResponseFollowup::new()
                .content(text)
                .allowed_mentions(CreateAllowedMentions::new());
            self.interaction
                .create_followup(&self.ctx.http, followup)
                .await
                .map(|_| ())
        } else {
            let response = CreateInteractionResponse::Message(
                CreateInteractionResponseMessage::new()
                    .content(text)
                    .allowed_mentions(CreateAllowedMentions::new()),
            );
            self.interaction
                .create_response(&self.ctx.http, response)
                .await
        };
        if let Err(error) = sent {
            tracing::warn!(%error, "answering a deal's click failed");
        }
    }

    /// The registration a Register click asks for, and what it answers.
    pub(super) async fn registration(&self, tournament: TournamentId) -> Answer {
        let click_delay = Duration::from_millis(self.bot.config().testing.click_delay_ms);
        if !click_delay.is_zero() {
            tokio::time::sleep(click_delay).await;
        }
        let caller = match self.caller_here().await {
            Ok(caller) => caller,
            Err(refused) => return refused,
        };
        let read = self.bot.bank().tournament(tournament).await;
        let here = |state: &TournamentState| (state.guild, state.channel);
        let state = match self
            .record_here(&caller, read, here, &TournamentRefused::NoneHere)
            .await
        {
            Ok(state) => state,
            Err(refused) => return refused,
        };
        let reference = crate::bank::interaction_reference(
            InteractionId(self.interaction.id.get()),
            "tournament-register",
        );
        crate::bot::commands::tournament_entry::join(caller, reference, state).await
    }
}
