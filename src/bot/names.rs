//! How players are called: the name each one showed in their latest interaction (serenity's
//! `display_name`), and otherwise Discord's answer to a lookup, in a bounded cache. Lookups run
//! concurrently and never sit on a board's path: the board shows a placeholder until the
//! name is in, then is edited.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use quick_cache::sync::Cache;

use crate::bank::UserId;

/// Names kept; the least used go first beyond this.
const NAMES_KEPT: usize = 10_000;
/// How long one lookup may take before the placeholder stays (it is off every answer's
/// path but a command's, which is deferred when slow).
pub const LOOKUP_LIMIT: Duration = Duration::from_secs(5);

/// The names the bot knows; cheap to share.
pub struct Names {
    known: Cache<UserId, String>,
    /// Users already asked of Discord (a failing lookup is not retried per board).
    asked: Cache<UserId, ()>,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            known: Cache::new(NAMES_KEPT),
            asked: Cache::new(NAMES_KEPT),
        }
    }
}

/// The neutral label of a player whose name is not known (yet).
pub fn placeholder(user: UserId) -> String {
    format!("Player {}", user.0 % 10_000)
}

/// The name a member shows in a guild: their nickname, else their global name, else their
/// username (serenity's `display_name`).
pub fn shown_name(user: &serenity::User, member: Option<&serenity::Member>) -> String {
    match member {
        Some(member) if member.nick.is_some() => member.display_name().to_owned(),
        _ => user.display_name().to_owned(),
    }
}

impl Names {
    /// Remembers how a user is called (from their latest interaction).
    pub fn remember(&self, user: UserId, name: &str) {
        if !name.trim().is_empty() {
            self.known.insert(user, name.to_owned());
        }
    }

    /// A user's name, or `None` when the bot has not seen them yet. A computer player is
    /// always known, by the name that says what it is (Discord is never asked about it).
    pub fn known(&self, user: UserId) -> Option<String> {
        crate::lobby::computer::computer_name(user).or_else(|| self.known.get(&user))
    }

    /// A user's name, or their placeholder.
    pub fn name_or_placeholder(&self, user: UserId) -> String {
        self.known(user).unwrap_or_else(|| placeholder(user))
    }

    /// Names kept right now (for the leak tests).
    pub fn len(&self) -> usize {
        self.known.len()
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty()
    }

    /// Users among `users` nobody has asked Discord about yet; marks them asked.
    pub fn to_ask(&self, users: impl IntoIterator<Item = UserId>) -> Vec<UserId> {
        let mut ask = Vec::new();
        for user in users {
            if self.known(user).is_none() && self.asked.get(&user).is_none() {
                self.asked.insert(user, ());
                ask.push(user);
            }
        }
        ask
    }

    /// Asks Discord for each of `users` at once, each for at most [`LOOKUP_LIMIT`]; returns
    /// whether any name was learned.
    pub async fn look_up(self: &Arc<Self>, http: Arc<serenity::Http>, users: Vec<UserId>) -> bool {
        let mut lookups = tokio::task::JoinSet::new();
        for user in users {
            let http = http.clone();
            lookups.spawn(async move {
                let lookup = http.get_user(serenity::UserId::new(user.0.max(1)));
                match tokio::time::timeout(LOOKUP_LIMIT, lookup).await {
                    Ok(Ok(found)) => Some((user, found.display_name().to_owned())),
                    _ => None,
                }
            });
        }
        let mut learned = false;
        while let Some(joined) = lookups.join_next().await {
            if let Ok(Some((user, name))) = joined {
                self.remember(user, &name);
                learned = true;
            }
        }
        learned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_is_asked_of_discord_once() {
        let names = Names::default();
        names.remember(UserId(1), "Ana");
        assert_eq!(
            names.to_ask([UserId(1), UserId(2), UserId(3)]),
            [UserId(2), UserId(3)]
        );
        assert!(names.to_ask([UserId(2), UserId(3)]).is_empty());
        assert_eq!(names.name_or_placeholder(UserId(2)), "Player 2");
    }

    #[test]
    fn the_cache_keeps_a_bounded_number_of_names() {
        let names = Names::default();
        for user in 0..(NAMES_KEPT as u64 * 3) {
            names.remember(UserId(user), "someone");
        }
        assert!(
            names.len() <= NAMES_KEPT + NAMES_KEPT / 10,
            "{}",
            names.len()
        );
    }
}
