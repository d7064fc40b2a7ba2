//! The poise framework: the one command list (from [`super::commands::all`]), localized from
//! `locales/*/bot.ftl`, registered per guild or globally; button clicks routed to
//! [`super::clicks`]; failed checks and failed commands answered privately.

use std::borrow::Cow;

use poise::serenity_prelude as serenity;

use crate::render::{self, Locale};

use super::Bot;
use super::refusals::Refused;
use super::reply::{Answer, Answered, Error, locale, send};

/// Every command, localized.
pub fn commands() -> Vec<poise::Command<Bot, Error>> {
    let mut commands = super::commands::all();
    for command in &mut commands {
        localize(command);
    }
    commands
}

/// Builds the poise framework with every command for `bot`.
pub fn framework(bot: Bot) -> poise::Framework<Bot, Error> {
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            event_handler: |framework, event| {
                Box::pin(async move {
                    framework
                        .user_data
                        .watch_gateway(framework.serenity_context.shard_id, event);
                    framework.user_data.watch_guilds(event);
                    framework.user_data.watch_roles(event);
                    framework.user_data.watch_world(event);
                    if let serenity::FullEvent::InteractionCreate {
                        interaction: serenity::Interaction::Component(click),
                    } = event
                    {
                        super::clicks::handle(
                            framework.user_data,
                            framework.serenity_context,
                            click,
                        )
                        .await;
                    }
                    Ok(())
                })
            },
            command_check: Some(|ctx| {
                Box::pin(async move {
                    super::interaction_age::check(ctx.data(), ctx.id())?;
                    Ok(!ctx.data().is_shutting_down())
                })
            }),
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord");
                let commands = &framework.options().commands;
                let guilds = &bot.config().discord.guild_ids;
                if guilds.is_empty() {
                    if let Err(error) = super::registration::globally(ctx, commands).await {
                        tracing::error!(%error, "the bot cannot serve; stopping");
                        bot.cannot_serve(error);
                    }
                } else {
                    // A wrong id (a channel's, or a server the bot was never invited to) costs
                    // that server its commands, not every other one.
                    for guild in guilds {
                        let registered = super::registration::in_guild(
                            ctx,
                            commands,
                            serenity::GuildId::new(*guild),
                        )
                        .await;
                        if let Err(error) = registered {
                            tracing::error!(
                                guild,
                                %error,
                                "cannot register the slash commands in server {guild} \
                                 ([discord] guild_ids): is it the server's id, and is the bot \
                                 in that server (`studbot invite`)?"
                            );
                        }
                    }
                }
                Ok(bot)
            })
        })
        .build()
}

/// Fills a command's (and its subcommands' and options') descriptions from `bot.ftl`:
/// `cmd-<qualified name with dashes>`, `opt-<option with dashes>`, `choice-<choice>`.
fn localize(command: &mut poise::Command<Bot, Error>) {
    localize_under(command, "cmd");
}

fn localize_under(command: &mut poise::Command<Bot, Error>, parent: &str) {
    let id = format!("{parent}-{}", command.name);
    command.description = Some(Cow::Owned(render::tr(Locale::En, &id, &[])));
    command.description_localizations = Cow::Owned(localizations(&id));
    for parameter in &mut command.parameters {
        let id = format!("opt-{}", parameter.name.replace('_', "-"));
        parameter.description = Some(Cow::Owned(render::tr(Locale::En, &id, &[])));
        parameter.description_localizations = Cow::Owned(localizations(&id));
        let mut choices = parameter.choices.to_vec();
        for choice in &mut choices {
            // Discord shows a choice's name and sends back its index: the name is words only.
            let id = format!("choice-{}", choice.name.replace('_', "-"));
            choice.name = Cow::Owned(render::tr(Locale::En, &id, &[]));
            choice.localizations = Cow::Owned(localizations(&id));
        }
        parameter.choices = Cow::Owned(choices);
    }
    for subcommand in &mut command.subcommands {
        localize_under(subcommand, &id);
    }
}

/// Discord's Spanish (Spain and Latin America) and Indonesian locales.
fn localizations(id: &str) -> Vec<(Cow<'static, str>, Cow<'static, str>)> {
    let spanish = render::tr(Locale::Es, id, &[]);
    vec![
        (Cow::Borrowed("es-ES"), Cow::Owned(spanish.clone())),
        (Cow::Borrowed("es-419"), Cow::Owned(spanish)),
        (
            Cow::Borrowed("id"),
            Cow::Owned(render::tr(Locale::Id, id, &[])),
        ),
    ]
}

async fn on_error(error: poise::FrameworkError<'_, Bot, Error>) {
    match error {
        poise::FrameworkError::CommandCheckFailed {
            error: Some(error), ..
        } if error.is::<super::interaction_age::TooLate>() => {
            // Discord refuses a first answer this late; the refusal is logged.
        }
        poise::FrameworkError::CommandCheckFailed { ctx, error, .. } => {
            // A command's own check says why it refused (`Refused::NotModerator`); the
            // framework's check, which says nothing, refuses only while the bot is stopping.
            let refused = match error {
                Some(error) => error.downcast_ref::<Refused>().copied().unwrap_or_else(|| {
                    tracing::error!(%error, "a check failed");
                    Refused::Failed
                }),
                None => Refused::ShuttingDown,
            };
            let text = ctx.data().refusal(locale(ctx), &refused);
            let _ = send(ctx, Answer::private(text), Answered::Nothing).await;
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, error = %error, "command failed");
            let text = render::tr(locale(ctx), "bot-failed", &[]);
            let _ = send(ctx, Answer::private(text), Answered::Nothing).await;
        }
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                tracing::error!(%error, "reporting a framework error failed");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(command: &poise::Command<Bot, Error>, parent: &str, seen: &mut Vec<String>) {
        let qualified = format!("{parent} {}", command.name).trim().to_owned();
        seen.push(qualified.clone());
        let description = command.description.as_deref().unwrap_or("");
        assert!(
            !description.is_empty() && !description.starts_with("cmd-"),
            "{qualified} has no English description"
        );
        let locales: Vec<&str> = command
            .description_localizations
            .iter()
            .map(|(locale, text)| {
                assert!(!text.starts_with("cmd-") && text.chars().count() <= 100);
                locale.as_ref()
            })
            .collect();
        assert_eq!(locales, ["es-ES", "es-419", "id"]);
        assert!(description.chars().count() <= 100);
        for parameter in &command.parameters {
            let description = parameter.description.as_deref().unwrap_or("");
            assert!(
                !description.is_empty() && !description.starts_with("opt-"),
                "{qualified} {} has no description",
                parameter.name
            );
            assert_eq!(parameter.description_localizations.len(), 3);
            for choice in parameter.choices.iter() {
                assert!(
                    !choice.name.starts_with("choice-") && !choice.name.contains('_'),
                    "{qualified} {}: the choice {} has no English words",
                    parameter.name,
                    choice.name
                );
                assert!(
                    choice
                        .localizations
                        .iter()
                        .all(|(_, text)| !text.starts_with("choice-"))
                );
            }
        }
        for subcommand in &command.subcommands {
            check(subcommand, &qualified, seen);
        }
    }

    #[test]
    fn every_command_of_the_design_exists_with_descriptions_in_three_languages() {
        let mut seen = Vec::new();
        for command in commands() {
            check(&command, "", &mut seen);
        }
        let expected = [
            "table",
            "table open",
            "table close",
            "table pause",
            "table resume",
            "table kick",
            "table settings",
            "table status",
            "tournament",
            "tournament open",
            "tournament start",
            "tournament cancel",
            "tournament status",
            "tournament deal",
            "tournament results",
            "tournament schedule",
            "tournament computers",
            "tournament pause",
            "tournament resume",
            "join",
            "leave",
            "sitout",
            "back",
            "cards",
            "ping",
            "ping on",
            "ping off",
            "balance",
            "daily",
            "give",
            "leaderboard",
            "stats",
            "history",
            "rules",
            "chips",
            "chips grant",
            "chips take",
        ];
        assert_eq!(seen, expected);
    }
}
