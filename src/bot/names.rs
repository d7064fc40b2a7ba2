//! How players are called: the name each one showed in their latest interaction, and otherwise
//! Discord's answer to a lookup, in bounded caches. A nickname belongs to one server: it is
//! kept per (server, user) and shown only in that server, where a board or notice names the
//! player; anywhere else the player's own Discord name (global name, else username) is shown,
//! so a nickname from a work server never reaches a public one. Lookups run concurrently and
//! never sit on a board's path: the board shows a placeholder until the name is in, then is
//! edited.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use quick_cache::sync::Cache;

use crate::bank::{GuildId, UserId};

/// Names kept; the least used go first beyond this.
const NAMES_KEPT: usize = 10_000;
/// How long one lookup may take before the placeholder stays (it is off every answer's
/// path but a command's, which is deferred when slow).
pub const LOOKUP_LIMIT: Duration = Duration::from_secs(5);

/// The names the bot knows; cheap to share.
pub struct Names {
    /// Each user's own Discord name (no server's nickname).
    known: Cache<UserId, String>,
    /// Nicknames, each in the server that gave it.
    nicknames: Cache<(GuildId, UserId), String>,
    /// Users already asked of Discord (a failing lookup is not retried per board).
    asked: Cache<UserId, ()>,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            known: Cache::new(NAMES_KEPT),
            nicknames: Cache::new(NAMES_KEPT),
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
    /// Remembers how the author of an interaction is called: their own name, and their
    /// nickname in the interaction's server (`guild`), if they have one there.
    pub fn remember_shown(
        &self,
        guild: Option<serenity::GuildId>,
        user: &serenity::User,
        member: Option<&serenity::Member>,
    ) {
        let id = UserId(user.id.get());
        self.remember(id, user.display_name());
        let Some(guild) = guild.map(|guild| GuildId(guild.get())) else {
            return;
        };
        match member.and_then(|member| member.nick.as_deref()) {
            Some(nick) if !nick.trim().is_empty() => {
                self.nicknames.insert((guild, id), nick.to_owned());
            }
            _ => {
                self.nicknames.remove(&(guild, id));
            }
        }
    }

    /// Remembers a user's own Discord name.
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

    /// A user's own name (never a server's nickname), or their placeholder.
    pub fn name_or_placeholder(&self, user: UserId) -> String {
        self.known(user).unwrap_or_else(|| placeholder(user))
    }

    /// How a user is called in `guild`: their nickname there, else their own name, else their
    /// placeholder.
    pub fn name_in(&self, guild: GuildId, user: UserId) -> String {
        self.nicknames
            .get(&(guild, user))
            .unwrap_or_else(|| self.name_or_placeholder(user))
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

    fn user(id: u64, global: &str) -> serenity::User {
        let mut user = serenity::User::default();
        user.id = serenity::UserId::new(id);
        user.name = global.to_lowercase();
        user.global_name = Some(global.to_owned());
        user
    }

    fn member(user: &serenity::User, nick: Option<&str>) -> serenity::Member {
        let mut member = serenity::Member::default();
        member.user = user.clone();
        member.nick = nick.map(str::to_owned);
        member
    }

    #[test]
    fn a_nickname_from_one_server_is_never_shown_in_another() {
        let names = Names::default();
        let work = serenity::GuildId::new(1);
        let public = serenity::GuildId::new(2);
        let ana = user(7, "Ana");
        names.remember_shown(
            Some(work),
            &ana,
            Some(&member(&ana, Some("Ana Pérez (HR)"))),
        );
        assert_eq!(names.name_in(GuildId(1), UserId(7)), "Ana Pérez (HR)");
        assert_eq!(names.name_in(GuildId(2), UserId(7)), "Ana");
        assert_eq!(names.name_or_placeholder(UserId(7)), "Ana");
        // Her click in the public server without a nickname changes nothing in the work one.
        names.remember_shown(Some(public), &ana, Some(&member(&ana, None)));
        assert_eq!(names.name_in(GuildId(2), UserId(7)), "Ana");
        assert_eq!(names.name_in(GuildId(1), UserId(7)), "Ana Pérez (HR)");
        // A nickname removed in the work server is forgotten there.
        names.remember_shown(Some(work), &ana, Some(&member(&ana, None)));
        assert_eq!(names.name_in(GuildId(1), UserId(7)), "Ana");
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
