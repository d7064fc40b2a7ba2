//! The card faces (`crate::faces`) as the bot's own application emoji, which Discord lets an
//! application use in every server without the server's emoji slots.
//!
//! With `[discord] cards = "emoji"`, [`start`] runs once at start, beside the gateway's
//! connection: it lists the application's emoji and creates only the faces missing (named
//! `c_As` … `c_back`, `c4_…` for the four-colour deck), so a restart creates none. It keeps to
//! Discord's rules for application emoji: names of 2 to 32 letters, digits and `_`, PNGs of at
//! most 256 KiB, at most 2,000 emoji an application; a 429 is waited out for its
//! `retry_after`, and a failure of Discord's own (5xx, the network) is tried again a few times.
//! Until every face is there the boards show text cards; if Discord refuses a face, they keep
//! text, and the log says so in one line.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use tokio_util::sync::CancellationToken;

use crate::faces::{self, Face, FaceError, Palette};
use crate::render::{CardImages, CardStyle};

use super::Bot;
use super::config::CardsConfig;
use super::rest::{Rest, RestError};

/// The most emoji Discord lets one application own.
pub const MAX_APPLICATION_EMOJI: usize = 2_000;
/// The largest image Discord takes for an emoji.
pub const MAX_EMOJI_BYTES: usize = 256 * 1024;
/// Tries of a call that Discord fails (5xx, the network), with a doubling pause from 1 s.
const ATTEMPTS: u32 = 6;

/// The card emoji, once every face has one.
#[derive(Default)]
pub struct CardEmoji {
    images: OnceLock<CardImages>,
}

impl CardEmoji {
    /// The style cards are shown in on Discord now: the emoji once they are all there, text
    /// before (and for good when Discord refused them or the config says text).
    pub fn style(&self) -> CardStyle<'_> {
        match self.images.get() {
            Some(images) => CardStyle::Images(images),
            None => CardStyle::Text,
        }
    }
}

/// Starts the upload of the card emoji in the background when the config asks for them.
pub fn start(bot: &Bot) {
    let discord = &bot.config().discord;
    if discord.cards != CardsConfig::Emoji {
        return;
    }
    let palette = if discord.four_colour {
        Palette::FourColour
    } else {
        Palette::TwoColour
    };
    let uploading = bot.clone();
    bot.inner.tasks.spawn(async move {
        let bot = uploading;
        let stop = bot.inner.stop.clone();
        match sync(bot.rest(), palette, &stop).await {
            Ok((images, created)) => {
                tracing::info!(created, "card emoji ready: boards show cards as emoji");
                let _ = bot.inner.card_emoji.images.set(images);
            }
            Err(SyncError::Stopped) => {}
            Err(error) => {
                tracing::warn!("{error}; boards show text cards");
            }
        }
    });
}

/// Why the card emoji are not there.
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error("the bot stopped before the card emoji were ready")]
    Stopped,
    #[error("the card faces could not be drawn: {0}")]
    Faces(#[from] FaceError),
    #[error("the card face {name} is {bytes} bytes, more than Discord takes for an emoji")]
    TooLarge { name: String, bytes: usize },
    #[error(
        "the application has {have} emoji and needs {missing} more for the cards: Discord allows {MAX_APPLICATION_EMOJI}"
    )]
    TooMany { have: usize, missing: usize },
    #[error("Discord refused to create the card emoji {name}: {error}")]
    Refused { name: String, error: RestError },
    #[error("the card emoji could not be listed or created: {0}")]
    Unreachable(RestError),
}

/// Makes sure the application has an emoji for every face of `palette`: lists them, creates
/// those missing. Returns the faces' markup and how many were created.
pub async fn sync(
    rest: &Rest,
    palette: Palette,
    stop: &CancellationToken,
) -> Result<(CardImages, usize), SyncError> {
    let drawn = tokio::task::spawn_blocking(move || faces::all_pngs(palette))
        .await
        .map_err(|_| SyncError::Faces(FaceError::Canvas))??;
    if let Some((face, png)) = drawn.iter().find(|(_, png)| png.len() > MAX_EMOJI_BYTES) {
        return Err(SyncError::TooLarge {
            name: face.name(palette),
            bytes: png.len(),
        });
    }
    let application = patiently(stop, || rest.application_id())
        .await?
        .map_err(SyncError::Unreachable)?;
    let mut ids = listed(rest, application, stop).await?;
    let missing = drawn
        .iter()
        .filter(|(face, _)| !ids.contains_key(&face.name(palette)))
        .count();
    if ids.len() + missing > MAX_APPLICATION_EMOJI {
        return Err(SyncError::TooMany {
            have: ids.len(),
            missing,
        });
    }
    let mut created = 0;
    for (face, png) in &drawn {
        let name = face.name(palette);
        if ids.contains_key(&name) {
            continue;
        }
        let outcome = patiently(stop, || {
            rest.create_application_emoji(application, &name, png)
        })
        .await?;
        match outcome {
            Ok(id) => {
                ids.insert(name, id);
                created += 1;
            }
            Err(error) => {
                // Another process of this bot (another shard) may have made it meanwhile:
                // Discord refuses a name the application has.
                let made_meanwhile = matches!(error, RestError::Refused { status: 400, .. })
                    && listed(rest, application, stop)
                        .await?
                        .get(&name)
                        .map(|id| ids.insert(name.clone(), *id))
                        .is_some();
                if !made_meanwhile {
                    return Err(match error {
                        error @ (RestError::Network(_)
                        | RestError::Refused { status: 500.., .. }) => {
                            SyncError::Unreachable(error)
                        }
                        error => SyncError::Refused { name, error },
                    });
                }
            }
        }
    }
    let images = CardImages::new(|face: Face| {
        let name = face.name(palette);
        let id = ids.get(&name).copied().unwrap_or_default();
        format!("<:{name}:{id}>")
    });
    Ok((images, created))
}

/// The application's emoji by name.
async fn listed(
    rest: &Rest,
    application: u64,
    stop: &CancellationToken,
) -> Result<HashMap<String, u64>, SyncError> {
    let emoji = patiently(stop, || rest.application_emojis(application))
        .await?
        .map_err(SyncError::Unreachable)?;
    Ok(emoji.into_iter().collect())
}

/// `call`, tried again after each 429 once its `retry_after` has passed, and after a failure
/// of Discord's own up to [`ATTEMPTS`] times; its last answer. `Err` when the bot stops first.
async fn patiently<T, F>(
    stop: &CancellationToken,
    call: impl Fn() -> F,
) -> Result<Result<T, RestError>, SyncError>
where
    F: std::future::Future<Output = Result<T, RestError>>,
{
    let mut failures = 0;
    loop {
        let wait = match call().await {
            Err(RestError::RateLimited(wait)) => wait,
            Err(error) if error.is_transient() && failures + 1 < ATTEMPTS => {
                failures += 1;
                Duration::from_secs(1 << (failures - 1))
            }
            outcome => return Ok(outcome),
        };
        tokio::select! {
            () = stop.cancelled() => return Err(SyncError::Stopped),
            () = tokio::time::sleep(wait) => {}
        }
    }
}
