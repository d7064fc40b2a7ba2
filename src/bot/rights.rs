//! Who may act on a guild's economy: minting or taking chips (`/chips`), reading the house's
//! account (`/stats house`), and anything that makes the house mint (computer players and
//! their buy-in at a cash table, the computer seats of a sit & go). That needs a right only
//! the server's staff hold: the configured `moderator_role`, or *Manage Server* or
//! *Administrator* at the guild's level, or being the server's owner.
//!
//! The permissions Discord sends with an interaction (`member.permissions`) are the member's
//! in that channel, overwrites included: a member given *Manage Channels* on their own voice
//! channel holds it there. They decide who runs a channel's own table
//! ([`super::checks::moderator`]), never the economy. The guild-level rights are computed here
//! as Discord computes base permissions: the @everyone role's and each of the member's
//! roles', everything for an Administrator, everything for the owner. The roles and the owner
//! come from Discord (`GET /guilds/{id}`), kept [`FACTS_FRESH_FOR`] and forgotten at once when
//! the gateway says a role or the server changed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use quick_cache::sync::Cache;
use serenity::all::{Permissions, RoleId};
use tokio::time::Instant;

use crate::bank::GuildId;

use super::refusals::Refused;
use super::reply::{Answer, Caller};
use super::{Bot, Context};

/// How long a guild's roles and owner are trusted without news from the gateway (which
/// clears them at once on a role or server change): a missed event costs this much at most.
pub const FACTS_FRESH_FOR: Duration = Duration::from_secs(60);

/// Guilds whose roles are kept; the least used go first beyond this. An entry is worth
/// something for [`FACTS_FRESH_FOR`] only, and a server may have 250 roles: a thousand
/// servers' (a few MB at most) cover the staff of every server active within a minute.
const GUILDS_KEPT: usize = 1_000;

/// What a guild's rights are computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuildFacts {
    pub owner: u64,
    /// Every role's permissions, the @everyone role (whose id is the guild's) included.
    pub roles: HashMap<u64, Permissions>,
}

impl GuildFacts {
    /// The member's permissions at the guild's level (Discord's "base permissions"): no
    /// channel overwrite counts.
    pub fn base_permissions(&self, guild: GuildId, user: u64, roles: &[RoleId]) -> Permissions {
        if user == self.owner {
            return Permissions::all();
        }
        let everyone = self.roles.get(&guild.0).copied().unwrap_or_default();
        let held = roles
            .iter()
            .filter_map(|role| self.roles.get(&role.get()))
            .fold(everyone, |held, role| held | *role);
        if held.administrator() {
            Permissions::all()
        } else {
            held
        }
    }
}

/// Whether a member is the server's staff: the configured role, or Manage Server or
/// Administrator at the guild's level (the owner holds every permission).
pub fn is_staff(
    facts: &GuildFacts,
    guild: GuildId,
    user: u64,
    roles: &[RoleId],
    moderator_role: Option<u64>,
) -> bool {
    if moderator_role.is_some_and(|role| roles.contains(&RoleId::new(role))) {
        return true;
    }
    let base = facts.base_permissions(guild, user, roles);
    base.manage_guild() || base.administrator()
}

/// Why a guild's facts could not be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuildLookup {
    /// Discord says the bot is not in that server (403 50001 Missing Access, or 404 10004
    /// Unknown Guild).
    #[error("the bot is not in this server")]
    NotMember,
    #[error("Discord did not answer: {0}")]
    Failed(String),
}

/// Discord's error code for "Unknown Guild".
pub const UNKNOWN_GUILD_CODE: isize = 10004;
/// [`super::rest::MISSING_ACCESS_CODE`] as serenity's errors carry it.
const MISSING_ACCESS: isize = super::rest::MISSING_ACCESS_CODE as isize;

/// Each guild's facts as last fetched, with when.
pub(crate) struct GuildFactsCache {
    kept: Cache<GuildId, (Instant, Arc<GuildFacts>)>,
}

impl Default for GuildFactsCache {
    fn default() -> Self {
        GuildFactsCache {
            kept: Cache::new(GUILDS_KEPT),
        }
    }
}

impl GuildFactsCache {
    fn fresh(&self, guild: GuildId) -> Option<Arc<GuildFacts>> {
        self.kept
            .get(&guild)
            .filter(|(fetched, _)| fetched.elapsed() < FACTS_FRESH_FOR)
            .map(|(_, facts)| facts)
    }

    fn keep(&self, guild: GuildId, facts: Arc<GuildFacts>) {
        self.kept.insert(guild, (Instant::now(), facts));
    }

    fn forget(&self, guild: GuildId) {
        self.kept.remove(&guild);
    }
}

/// The facts of a guild as `GET /guilds/{id}` answers them.
fn facts_of(guild: &serenity::PartialGuild) -> GuildFacts {
    GuildFacts {
        owner: guild.owner_id.get(),
        roles: guild
            .roles
            .iter()
            .map(|(id, role)| (id.get(), role.permissions))
            .collect(),
    }
}

/// What a serenity error says of a guild or channel look-up: Discord's status and code when
/// it answered.
pub(crate) fn discord_refusal(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => {
            Some((response.status_code.as_u16(), response.error.code))
        }
        _ => None,
    }
}

impl Bot {
    /// A guild's roles and owner, from memory while fresh, else from Discord.
    pub async fn guild_facts(&self, guild: GuildId) -> Result<Arc<GuildFacts>, GuildLookup> {
        if let Some(facts) = self.inner.guild_facts.fresh(guild) {
            return Ok(facts);
        }
        let http = self
            .http()
            .ok_or_else(|| GuildLookup::Failed("not connected to Discord yet".to_owned()))?;
        let fetched = serenity::GuildId::new(guild.0.max(1))
            .to_partial_guild(&http)
            .await;
        match fetched {
            Ok(partial) => {
                let facts = Arc::new(facts_of(&partial));
                self.inner.guild_facts.keep(guild, Arc::clone(&facts));
                Ok(facts)
            }
            Err(error) => Err(match discord_refusal(&error) {
                Some((403, code)) if code == MISSING_ACCESS => GuildLookup::NotMember,
                Some((404, UNKNOWN_GUILD_CODE)) => GuildLookup::NotMember,
                _ => GuildLookup::Failed(error.to_string()),
            }),
        }
    }

    /// Forgets what it knew of a guild's roles and owner when the gateway says they changed.
    pub(crate) fn watch_roles(&self, event: &serenity::FullEvent) {
        let guild = match event {
            serenity::FullEvent::GuildRoleCreate { new } => new.guild_id,
            serenity::FullEvent::GuildRoleUpdate { new, .. } => new.guild_id,
            serenity::FullEvent::GuildRoleDelete { guild_id, .. } => *guild_id,
            serenity::FullEvent::GuildUpdate { new_data, .. } => new_data.id,
            serenity::FullEvent::GuildCreate { guild, .. } => guild.id,
            serenity::FullEvent::GuildDelete { incomplete, .. } => incomplete.id,
            _ => return,
        };
        self.inner.guild_facts.forget(GuildId(guild.get()));
    }
}

/// The caller of a command is the server's staff (see the module's doc). `Err` when Discord
/// could not say (the caller is then refused: nothing is minted on a guess).
pub async fn caller_is_staff(ctx: Context<'_>) -> Result<bool, GuildLookup> {
    let Some(guild) = ctx.guild_id().map(|guild| GuildId(guild.get())) else {
        return Ok(false);
    };
    let roles = match ctx {
        poise::Context::Application(app) => app
            .interaction
            .member
            .as_deref()
            .map(|member| member.roles.clone())
            .unwrap_or_default(),
        poise::Context::Prefix(_) => Vec::new(),
    };
    let moderator_role = ctx.data().config().discord.moderator_role;
    let user = ctx.author().id.get();
    // The configured role needs no look-up.
    if moderator_role.is_some_and(|role| roles.contains(&RoleId::new(role))) {
        return Ok(true);
    }
    let facts = ctx.data().guild_facts(guild).await?;
    Ok(is_staff(&facts, guild, user, &roles, moderator_role))
}

/// `None` when the caller is the server's staff; else the refusal they are answered with.
/// Run inside the command's answer (`reply::in_guild`), whose deferral covers the look-up.
pub async fn refuse_unless_staff(ctx: Context<'_>, caller: &Caller) -> Option<Answer> {
    match caller_is_staff(ctx).await {
        Ok(true) => None,
        Ok(false) => {
            tracing::info!(
                user = caller.user.0,
                guild = caller.guild.0,
                "refused: the server's staff only (the guild's economy)"
            );
            Some(caller.refuse(&Refused::NotStaff))
        }
        Err(error) => {
            tracing::warn!(guild = caller.guild.0, %error, "the caller's rights could not be checked");
            Some(caller.refuse(&Refused::RightsUnknown))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUILD: GuildId = GuildId(900);
    const OWNER: u64 = 1;
    const HOSTS: u64 = 901;
    const STAFF: u64 = 902;
    const ADMINS: u64 = 903;
    const CONFIGURED: u64 = 904;

    fn facts() -> GuildFacts {
        let everyone = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        GuildFacts {
            owner: OWNER,
            roles: HashMap::from([
                (GUILD.0, everyone),
                (HOSTS, Permissions::MANAGE_CHANNELS),
                (STAFF, Permissions::MANAGE_GUILD),
                (ADMINS, Permissions::ADMINISTRATOR),
                (CONFIGURED, Permissions::empty()),
            ]),
        }
    }

    fn staff(user: u64, roles: &[u64]) -> bool {
        let roles: Vec<RoleId> = roles.iter().map(|role| RoleId::new(*role)).collect();
        is_staff(&facts(), GUILD, user, &roles, Some(CONFIGURED))
    }

    #[test]
    fn manage_server_administrator_the_owner_or_the_configured_role_are_staff() {
        assert!(staff(2, &[STAFF]));
        assert!(staff(2, &[ADMINS]));
        assert!(staff(OWNER, &[]));
        assert!(staff(2, &[CONFIGURED]));
    }

    #[test]
    fn manage_channels_at_the_guilds_level_or_no_role_is_not_staff() {
        assert!(!staff(2, &[]));
        assert!(!staff(2, &[HOSTS]));
        // A role the guild does not list (deleted since) gives nothing.
        assert!(!staff(2, &[999]));
        let roles = [RoleId::new(STAFF)];
        assert!(!is_staff(
            &GuildFacts {
                roles: HashMap::new(),
                ..facts()
            },
            GUILD,
            2,
            &roles,
            None
        ));
    }

    #[test]
    fn the_everyone_role_counts_for_every_member() {
        let mut generous = facts();
        generous.roles.insert(GUILD.0, Permissions::MANAGE_GUILD);
        assert!(is_staff(&generous, GUILD, 2, &[], None));
        let base = facts().base_permissions(GUILD, 2, &[RoleId::new(HOSTS)]);
        assert_eq!(
            base,
            Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES | Permissions::MANAGE_CHANNELS
        );
        assert_eq!(
            facts().base_permissions(GUILD, 2, &[RoleId::new(ADMINS)]),
            Permissions::all()
        );
    }
}
