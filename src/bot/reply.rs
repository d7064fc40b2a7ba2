//! Answering a command: who is asking ([`Caller`]), the answer ([`Answer`], public or
//! private), and the deferral that keeps Discord's 3 seconds.
//!
//! Discord gives the first followup after a deferral the deferral's visibility, whatever its
//! own flags say. Since an answer may turn out private (a refusal names a player's balance),
//! slow work is always deferred ephemerally: a private answer then follows as it should, and a
//! public one follows a short private acknowledgement, as the second followup, which Discord
//! shows to the channel.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tracing::Instrument as _;

use crate::bank::{GuildId, TableId, UserId};
use crate::refusal::Refusal;
use crate::render::{self, Announcement, Locale};

use super::refusals::Refused;
use super::{Bot, Context};

pub type Error = anyhow::Error;
pub type Outcome = Result<(), Error>;

/// Work still running after this long is deferred so Discord's 3 seconds never run out.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The answer to a command: its text, and whether the channel sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub text: String,
    pub public: bool,
    /// Buttons under the public message, each its `custom_id` and label (the first is the
    /// primary one).
    pub public_buttons: Vec<(String, String)>,
    /// Buttons under the message that carries the answer, public or private (a player's
    /// private view: their pre-actions).
    pub buttons: Vec<super::presenter::Button>,
}

impl Answer {
    pub fn public(text: String) -> Answer {
        Answer {
            text,
            public: true,
            public_buttons: Vec::new(),
            buttons: Vec::new(),
        }
    }

    pub fn private(text: String) -> Answer {
        Answer {
            text,
            public: false,
            public_buttons: Vec::new(),
            buttons: Vec::new(),
        }
    }

    /// The answer with `buttons` under the message that carries it.
    pub fn with_buttons(self, buttons: Vec<super::presenter::Button>) -> Answer {
        Answer { buttons, ..self }
    }

    /// The answer with a button under its public message (after any it has).
    pub fn with_button(mut self, custom_id: String, label: String) -> Answer {
        self.public_buttons.push((custom_id, label));
        self
    }
}

/// How a command's interaction was answered so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answered {
    Nothing,
    DeferredPrivately,
}

/// The messages that carry `answer` once the interaction was `answered`, in order, each
/// with whether it is ephemeral. `acknowledgement` is the private line that takes the place
/// of a private deferral when the answer itself is public.
pub fn messages(
    answer: Answer,
    answered: Answered,
    acknowledgement: String,
) -> Vec<(String, bool)> {
    match (answered, answer.public) {
        (Answered::Nothing, public) => vec![(answer.text, !public)],
        (Answered::DeferredPrivately, false) => vec![(answer.text, true)],
        (Answered::DeferredPrivately, true) => vec![(acknowledgement, true), (answer.text, false)],
    }
}

/// The language of the caller's own answers: their Discord client's when we speak it, else
/// the language of the channel's table.
pub fn locale(ctx: Context<'_>) -> Locale {
    ctx.data()
        .user_locale(ctx.locale().unwrap_or(""), public_locale(ctx))
}

/// The language of what the channel reads (see [`crate::bot::Bot::public_locale`]);
/// remembers the guild's preferred locale the interaction carries.
pub fn public_locale(ctx: Context<'_>) -> Locale {
    let bot = ctx.data();
    let Some(guild) = ctx.guild_id().map(|guild| GuildId(guild.get())) else {
        return bot.config().locale;
    };
    if let poise::Context::Application(app) = ctx {
        bot.remember_guild_locale(guild, app.interaction.guild_locale.as_deref());
    }
    bot.public_locale(guild, TableId(ctx.channel_id().get()))
}

/// Sends `answer`, after whatever already answered the interaction.
pub async fn send(ctx: Context<'_>, answer: Answer, answered: Answered) -> Outcome {
    let acknowledgement = render::tr(locale(ctx), "bot-done", &[]);
    let public_buttons = answer.public_buttons.clone();
    let buttons = super::presenter::BoardMessage {
        content: String::new(),
        buttons: answer.buttons.clone(),
        mention: None,
    };
    let carrier = answer.text.clone();
    for (text, ephemeral) in messages(answer, answered, acknowledgement) {
        let carries_answer = text == carrier;
        let mut reply = poise::CreateReply::default()
            .content(text)
            .ephemeral(ephemeral)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if !ephemeral && !public_buttons.is_empty() {
            let row = public_buttons
                .iter()
                .enumerate()
                .map(|(index, (custom_id, label))| {
                    serenity::CreateButton::new(custom_id)
                        .label(label)
                        .style(if index == 0 {
                            serenity::ButtonStyle::Primary
                        } else {
                            serenity::ButtonStyle::Secondary
                        })
                })
                .collect();
            reply = reply.components(vec![serenity::CreateActionRow::Buttons(row)]);
        } else if carries_answer && !buttons.buttons.is_empty() {
            reply = reply.components(buttons.components());
        }
        ctx.send(reply).await?;
    }
    Ok(())
}

/// Who is asking, where, and in which languages: what a command's answer is made from.
pub struct Caller {
    pub bot: Bot,
    pub user: UserId,
    pub guild: GuildId,
    pub table: TableId,
    /// The caller's own language: for answers only they see.
    pub locale: Locale,
    /// The channel's language: for answers the channel sees.
    pub public: Locale,
}

impl Caller {
    /// The refusal, told to the caller alone.
    pub fn refuse(&self, why: &dyn Refusal) -> Answer {
        Answer::private(self.bot.refusal(self.locale, why))
    }

    /// An announcement the channel reads.
    pub fn tell_channel(&self, notice: &Announcement) -> Answer {
        Answer::public(render::notice(self.public, notice))
    }

    /// An answer for the caller alone.
    pub fn tell_caller(&self, notice: &Announcement) -> Answer {
        Answer::private(render::notice(self.locale, notice))
    }

    /// The caller's name, as the bot knows it.
    pub fn name(&self) -> String {
        self.bot.names().name_or_placeholder(self.user)
    }
}

/// The caller of a command in a guild channel (remembering their name and language), or
/// `None` outside a guild.
pub fn caller(ctx: Context<'_>) -> Option<Caller> {
    let bot = ctx.data();
    let user = UserId(ctx.author().id.get());
    let member = match ctx {
        poise::Context::Application(app) => app.interaction.member.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    bot.names()
        .remember_shown(ctx.guild_id(), ctx.author(), member);
    bot.remember_locale(user, ctx.locale().unwrap_or(""));
    Some(Caller {
        bot: bot.clone(),
        user,
        guild: GuildId(ctx.guild_id()?.get()),
        table: TableId(ctx.channel_id().get()),
        locale: locale(ctx),
        public: public_locale(ctx),
    })
}

/// Runs `work`; once `defer_at` has come with `work` still running, runs `defer` (the
/// acknowledgement that keeps Discord's 3 seconds) and waits on. What the work gave, and
/// what `defer` gave if it ran. The one deferral of commands and clicks alike.
pub async fn deferring<T, D>(
    defer_at: tokio::time::Instant,
    work: impl Future<Output = T>,
    defer: impl Future<Output = D>,
) -> (T, Option<D>) {
    let mut work = std::pin::pin!(work);
    tokio::select! {
        done = &mut work => (done, None),
        () = tokio::time::sleep_until(defer_at) => {
            let deferred = defer.await;
            (work.await, Some(deferred))
        }
    }
}

/// Runs a command's work in a span, deferring (privately) when it is slow, and sends its
/// answer.
pub async fn respond<F>(ctx: Context<'_>, work: F) -> Outcome
where
    F: Future<Output = Answer>,
{
    let span = tracing::info_span!(
        "command",
        name = %ctx.command().qualified_name,
        user = ctx.author().id.get(),
        channel = ctx.channel_id().get(),
        guild = ctx.guild_id().map_or(0, |guild| guild.get()),
    );
    // The interaction was made just now: it tells Discord's clock.
    ctx.data().discord_time().saw_new(ctx.id());
    let defer_at = super::interaction_age::defer_at(ctx.data(), ctx.id(), DEFER_AFTER);
    let delay = Duration::from_millis(ctx.data().config().testing.command_delay_ms);
    async move {
        let work = async {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            work.await
        };
        let (answer, deferred) = deferring(defer_at, work, ctx.defer_ephemeral()).await;
        let answered = match deferred {
            None => Answered::Nothing,
            Some(deferred) => {
                deferred?;
                Answered::DeferredPrivately
            }
        };
        send(ctx, answer, answered).await
    }
    .instrument(span)
    .await
}

/// Runs `work` for a caller in a guild channel; elsewhere answers that it needs one.
pub async fn in_guild<F, Fut>(ctx: Context<'_>, work: F) -> Outcome
where
    F: FnOnce(Caller) -> Fut,
    Fut: Future<Output = Answer>,
{
    match caller(ctx) {
        Some(caller) => respond(ctx, work(caller)).await,
        None => {
            let text = ctx.data().refusal(locale(ctx), &Refused::GuildOnly);
            send(ctx, Answer::private(text), Answered::Nothing).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_private_answer_never_follows_as_the_first_message_of_a_public_deferral() {
        let ack = || "done".to_owned();
        let private = Answer::private("your balance is 3".to_owned());
        let public = Answer::public("Ana joined".to_owned());
        assert_eq!(
            messages(private.clone(), Answered::Nothing, ack()),
            [("your balance is 3".to_owned(), true)]
        );
        assert_eq!(
            messages(private, Answered::DeferredPrivately, ack()),
            [("your balance is 3".to_owned(), true)]
        );
        assert_eq!(
            messages(public.clone(), Answered::Nothing, ack()),
            [("Ana joined".to_owned(), false)]
        );
        // The first followup takes the private deferral's visibility: the public answer
        // comes second.
        assert_eq!(
            messages(public, Answered::DeferredPrivately, ack()),
            [("done".to_owned(), true), ("Ana joined".to_owned(), false)]
        );
    }
}
