//! Who may run a channel's own table and sit & go (`/table ...`, `/tournament ...`): a member
//! with Manage Channels (Administrator implies it) in the channel, a channel's overwrite
//! included, or with the role set in config. Checked by the bot on every call (a poise
//! `check`), not left to Discord's default permissions, which a server can change. A failed
//! check is `Refused::NotModerator`, which the framework's `on_error` tells the caller
//! privately. The server's economy needs more: its staff ([`super::rights`]).

use serenity::all::{Permissions, RoleId};

use super::Context;
use super::refusals::Refused;

/// The poise check of every moderator command.
pub async fn moderator(ctx: Context<'_>) -> Result<bool, anyhow::Error> {
    let (permissions, roles) = match ctx {
        poise::Context::Application(app) => match app.interaction.member.as_deref() {
            Some(member) => (member.permissions, member.roles.clone()),
            None => (None, Vec::new()),
        },
        poise::Context::Prefix(_) => (None, Vec::new()),
    };
    let allowed = is_moderator(
        permissions,
        &roles,
        ctx.data().config().discord.moderator_role,
    );
    if !allowed {
        tracing::info!(user = ctx.author().id.get(), "moderator command refused");
        // Says which check refused, so `on_error` need not guess.
        return Err(Refused::NotModerator.into());
    }
    Ok(true)
}

/// `permissions` are the member's permissions in the channel as Discord sends them with the
/// interaction; `roles` the member's roles.
pub fn is_moderator(
    permissions: Option<Permissions>,
    roles: &[RoleId],
    moderator_role: Option<u64>,
) -> bool {
    let by_permission = permissions
        .is_some_and(|permissions| permissions.manage_channels() || permissions.administrator());
    let by_role = moderator_role.is_some_and(|role| roles.contains(&RoleId::new(role)));
    by_permission || by_role
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manage_channels_administrator_or_the_configured_role_make_a_moderator() {
        let send = Permissions::SEND_MESSAGES | Permissions::VIEW_CHANNEL;
        assert!(!is_moderator(Some(send), &[], None));
        assert!(!is_moderator(None, &[], None));
        assert!(is_moderator(
            Some(send | Permissions::MANAGE_CHANNELS),
            &[],
            None
        ));
        assert!(is_moderator(Some(Permissions::ADMINISTRATOR), &[], None));
        assert!(is_moderator(Some(send), &[RoleId::new(77)], Some(77)));
        assert!(!is_moderator(Some(send), &[RoleId::new(78)], Some(77)));
        assert!(!is_moderator(Some(send), &[RoleId::new(77)], None));
    }
}
