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
    retrying("globally", || async {
        poise::builtins::register_globally(ctx, commands).await
    })
    .await
}

/// Registers `commands` in one server.
pub async fn in_guild(
    ctx: &serenity::Context,
    commands: &[poise::Command<Bot, Error>],
    guild: serenity::GuildId,
) -> Result<(), CannotServe> {
    retrying("in a server", || async {
        poise::builtins::register_in_guild(ctx, commands, guild).await
    })
    .await
}
