//! Registering the slash commands at start, through Discord's failures: a 5xx, a 429 (behind
//! an `api_proxy` serenity's rate limiter is off) or a timeout is tried again with backoff.
//! A bot whose commands cannot be registered cannot serve: it says so with [`CannotServe`],
//! which `serve` returns, so the binary exits with a code a supervisor restarts on, instead
//! of staying connected and deaf.

use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::Bot;
use super::reply::Error;

/// Tries of a registration before the bot gives up.
pub const REGISTRATION_ATTEMPTS: u32 = 6;
/// The wait after the first failure; doubled after each.
const FIRST_WAIT: Duration = Duration::from_millis(500);

/// The bot could not register its slash commands with Discord: it cannot serve.
#[derive(Debug, thiserror::Error)]
#[error(
    "the slash commands could not be registered with Discord after {attempts} tries \
     (the last answer: {last}); restart the bot once Discord answers"
)]
pub struct CannotServe {
    pub attempts: u32,
    pub last: String,
}

/// Whether a failed call is worth trying again: Discord or the network failed, not our
/// request.
fn transient(error: &serenity::Error) -> bool {
    use serenity::HttpError;
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Runs `register` until it succeeds, fails for good, or [`REGISTRATION_ATTEMPTS`] failed.
async fn retrying<F, Fut>(what: &str, mut register: F) -> Result<(), CannotServe>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(), serenity::Error>>,
{
    let mut wait = FIRST_WAIT;
    let mut attempt = 1;
    loop {
        match register().await {
            Ok(()) => return Ok(()),
            Err(error) if transient(&error) && attempt < REGISTRATION_ATTEMPTS => {
                tracing::warn!(%error, attempt, ?wait, "registering the slash commands {what} failed; trying again");
                tokio::time::sleep(wait).await;
                wait = wait.saturating_mul(2);
                attempt += 1;
            }
            Err(error) => {
                return Err(CannotServe {
                    attempts: attempt,
                    last: error.to_string(),
                });
            }
        }
    }
}

/// Registers `commands` for every server.
pub async fn globally(
    ctx: &serenity::Context,
    commands: &[poise::Command<Bot, Error>],
) -> Result<(), CannotServe> {
    let body = commands_body(commands);
    retrying("globally", || async {
        ctx.http.create_global_commands(&body).await.map(drop)
    })
    .await
}

/// Registers `commands` in one server.
pub async fn in_guild(
    ctx: &serenity::Context,
    commands: &[poise::Command<Bot, Error>],
    guild: serenity::GuildId,
) -> Result<(), CannotServe> {
    let body = commands_body(commands);
    retrying("in a server", || async {
        ctx.http.create_guild_commands(guild, &body).await.map(drop)
    })
    .await
}

/// The commands as Discord's `PUT .../commands` takes them. serenity writes a command's
/// `default_member_permissions` as a string; Discord's API description takes an integer
/// (`ApplicationCommandCreateRequest`), which is what is sent.
pub fn commands_body(commands: &[poise::Command<Bot, Error>]) -> Vec<serde_json::Value> {
    poise::builtins::create_application_commands(commands)
        .into_iter()
        .filter_map(|command| serde_json::to_value(command).ok())
        .map(|mut command| {
            let permissions = command
                .get("default_member_permissions")
                .and_then(serde_json::Value::as_str)
                .and_then(|bits| bits.parse::<u64>().ok());
            if let Some(bits) = permissions {
                command["default_member_permissions"] = bits.into();
            }
            command
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_economys_commands_carry_manage_server_as_an_integer_and_the_rest_none() {
        let body = commands_body(&crate::bot::framework::commands());
        let permissions = |name: &str| {
            body.iter()
                .find(|command| command["name"] == name)
                .map(|command| command["default_member_permissions"].clone())
        };
        let manage_server = serenity::Permissions::MANAGE_GUILD.bits();
        assert_eq!(permissions("chips"), Some(manage_server.into()));
        assert_eq!(permissions("join"), Some(serde_json::Value::Null));
        assert_eq!(body.len(), crate::bot::commands::all().len());
    }
}
