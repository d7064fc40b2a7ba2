//! Before the gateway connects: one call that proves Discord (or `api_proxy`) answers and
//! accepts the token, so a start-up failure is one line naming it, not a screen of retries and
//! warnings from the client.

use std::time::Duration;

use serenity::all::Http;

/// How long Discord may take to answer the first call before the bot gives up starting.
const PREFLIGHT_TIMEOUT: Duration = Duration::from_secs(15);

/// Asks Discord who the bot is. `base` is where REST calls go (for the message).
pub async fn check(http: &Http, base: &str) -> anyhow::Result<()> {
    match tokio::time::timeout(PREFLIGHT_TIMEOUT, http.get_current_user()).await {
        Err(_) => anyhow::bail!(
            "cannot reach Discord at {base}: no answer within {} s",
            PREFLIGHT_TIMEOUT.as_secs()
        ),
        Ok(Ok(_)) => Ok(()),
        Ok(Err(serenity::Error::Http(error))) => match error.status_code() {
            Some(status) if status.as_u16() == 401 => Err(super::config::Misconfigured(
                "Discord refused the token (401 Unauthorized): check DISCORD_TOKEN or `token`"
                    .to_owned(),
            )
            .into()),
            Some(status) => anyhow::bail!("Discord at {base} answered {status} to the first call"),
            None => anyhow::bail!("cannot reach Discord at {base}: {}", plain(&error)),
        },
        Ok(Err(error)) => anyhow::bail!("cannot reach Discord at {base}: {error}"),
    }
}

/// The innermost cause says why ("Connection refused"); the outer layers only say that a
/// request failed.
fn plain(error: &serenity::http::HttpError) -> String {
    let mut deepest: &dyn std::error::Error = error;
    while let Some(cause) = deepest.source() {
        deepest = cause;
    }
    deepest.to_string()
}
