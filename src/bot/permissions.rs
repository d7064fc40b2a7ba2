//! The Discord permissions the bot needs in a table's channel: the one list behind the invite
//! link (`studbot invite`) and the checks that refuse to open a table where the board could
//! never be posted. Each entry says why we need it (README, "Run it for your server").

use serenity::all::Permissions;

use crate::render::{self, Locale};

/// One permission the bot asks for, with the reason a server owner reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Needed {
    pub permission: Permissions,
    /// The permission's name as Discord's server settings show it (in English).
    pub name: &'static str,
    /// Its name in the player's language (a message of `locales/*/bot.ftl`).
    pub term: &'static str,
    pub why: &'static str,
}

/// Everything the bot needs in a table's channel, and nothing more. Slash commands, button
/// clicks, their answers and turn pings go through interactions, which need no permission;
/// editing or deleting the bot's own messages needs none either; DMs are not a guild's to grant.
pub const NEEDED: [Needed; 2] = [
    Needed {
        permission: Permissions::VIEW_CHANNEL,
        name: "View Channel",
        term: "permission-view-channel",
        why: "to see the channel a table is opened in",
    },
    Needed {
        permission: Permissions::SEND_MESSAGES,
        name: "Send Messages",
        term: "permission-send-messages",
        why: "to post each hand's board and its result in the channel",
    },
];

/// The bits of every permission in [`NEEDED`].
pub fn needed() -> Permissions {
    NEEDED
        .iter()
        .fold(Permissions::empty(), |all, needed| all | needed.permission)
}

/// The needed permissions that `granted` lacks, in [`NEEDED`]'s order.
pub fn missing(granted: Permissions) -> Vec<&'static Needed> {
    NEEDED
        .iter()
        .filter(|needed| !granted.contains(needed.permission))
        .collect()
}

/// Why `/table open` is refused where the bot lacks `missing` (not empty), in `locale`: the
/// permissions by the names the moderator's Discord shows.
pub fn refusal(locale: Locale, missing: &[&Needed]) -> String {
    let names = render::quoted_list(
        locale,
        &missing
            .iter()
            .map(|needed| render::tr(locale, needed.term, &[]))
            .collect::<Vec<_>>(),
    );
    render::tr(
        locale,
        "bot-missing-permissions",
        &[
            ("permissions", names.into()),
            ("count", missing.len().into()),
        ],
    )
}

/// The OAuth2 link that adds the bot to a server with its slash commands and [`needed`]
/// permissions. No privileged intent is involved: the bot connects with `GUILDS` alone.
pub fn invite_url(application_id: u64) -> String {
    format!(
        "https://discord.com/oauth2/authorize?client_id={application_id}\
         &scope=bot+applications.commands&permissions={}&integration_type=0",
        needed().bits()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_invite_asks_for_view_channel_and_send_messages_only() {
        // View Channel is bit 10 (1024), Send Messages bit 11 (2048): Discord's documented values.
        assert_eq!(needed().bits(), 1024 + 2048);
        assert_eq!(
            invite_url(123456789012345678),
            "https://discord.com/oauth2/authorize?client_id=123456789012345678\
             &scope=bot+applications.commands&permissions=3072&integration_type=0"
        );
    }

    #[test]
    fn missing_names_each_permission_the_channel_denies() {
        let names = |granted| {
            missing(granted)
                .iter()
                .map(|needed| needed.name)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(Permissions::VIEW_CHANNEL), vec!["Send Messages"]);
        assert_eq!(
            names(Permissions::empty()),
            vec!["View Channel", "Send Messages"]
        );
        assert!(missing(Permissions::all()).is_empty());
    }

    #[test]
    fn the_refusal_names_what_is_missing_in_the_moderators_language() {
        let english = refusal(Locale::En, &missing(Permissions::VIEW_CHANNEL));
        assert!(english.contains("Send Messages"), "{english}");
        assert!(!english.contains("View Channel"), "{english}");
        for locale in [Locale::En, Locale::Es, Locale::Id] {
            let text = refusal(locale, &missing(Permissions::empty()));
            assert!(!text.contains("permission-"), "{locale:?}: {text}");
            // Both named, quoted, and joined by the language's own "and".
            let and = [
                (Locale::En, "” and “"),
                (Locale::Es, "» y «"),
                (Locale::Id, "” dan “"),
            ];
            let (_, joined) = and.iter().find(|(l, _)| *l == locale).unwrap();
            assert!(text.contains(joined), "both are named: {text}");
        }
    }
}
