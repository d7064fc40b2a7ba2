//! The Discord permissions the bot needs in a table's channel: the one list behind the invite
//! link (`studbot invite`) and the checks that refuse to open a table where the board could
//! never be posted. Each entry says why we need it (docs/OPERATING.md, "Run it for your server").
//!
//! A thread or forum post is its own channel with its own rule: Discord's Send Messages
//! "does not allow sending messages in threads", which takes Send Messages in Threads instead.
//! A table in a thread needs View Channel and Send Messages in Threads; anywhere else, View
//! Channel and Send Messages. A table opened in its own thread (`/table open thread:True`)
//! needs, in the channel the thread is started under, View Channel, Create Public Threads and
//! Send Messages in Threads (a thread has its channel's permissions).

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

/// Everything the bot needs in a table's channel or thread, and nothing more. Slash commands,
/// button clicks, their answers and turn pings go through interactions, which need no
/// permission; editing or deleting the bot's own messages needs none either; DMs are not a
/// guild's to grant.
pub const NEEDED: [Needed; 4] = [
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
    Needed {
        permission: Permissions::SEND_MESSAGES_IN_THREADS,
        name: "Send Messages in Threads",
        term: "permission-send-messages-in-threads",
        why: "to post them when the table is in a thread or a forum post",
    },
    Needed {
        permission: Permissions::CREATE_PUBLIC_THREADS,
        name: "Create Public Threads",
        term: "permission-create-public-threads",
        why: "to open a table in its own thread under the channel (/table open thread:True)",
    },
];

/// Whether a need applies to a post in a thread (`true`) or in any other channel.
fn applies(needed: &Needed, thread: bool) -> bool {
    if needed.permission == Permissions::CREATE_PUBLIC_THREADS {
        return false;
    }
    if thread {
        needed.permission != Permissions::SEND_MESSAGES
    } else {
        needed.permission != Permissions::SEND_MESSAGES_IN_THREADS
    }
}

/// What opening a table in its own thread needs in the channel the thread starts under, in
/// [`NEEDED`]'s order: to see it, to start the thread, to post in it.
pub fn needed_for_own_thread() -> Vec<&'static Needed> {
    NEEDED
        .iter()
        .filter(|needed| needed.permission != Permissions::SEND_MESSAGES)
        .collect()
}

/// What a post in a channel (or, with `thread`, a thread or forum post) needs, in
/// [`NEEDED`]'s order.
pub fn needed_to_post(thread: bool) -> Vec<&'static Needed> {
    NEEDED
        .iter()
        .filter(|needed| applies(needed, thread))
        .collect()
}

/// The English names of what a post needs where the bot does not know whether the channel is
/// a thread (a refusal answering a post): "View Channel and Send Messages (Send Messages in
/// Threads in a thread or forum post)".
pub fn needed_to_post_named() -> String {
    let names = |thread| {
        needed_to_post(thread)
            .iter()
            .map(|needed| needed.name)
            .collect::<Vec<_>>()
    };
    let channel = names(false);
    let in_threads = names(true)
        .into_iter()
        .filter(|name| !channel.contains(name))
        .collect::<Vec<_>>();
    format!(
        "{} ({} in a thread or forum post)",
        channel.join(" and "),
        in_threads.join(" and ")
    )
}

/// Whether Discord's channel type is a thread (a forum post is a public thread).
pub fn is_thread(kind: serenity::all::ChannelType) -> bool {
    use serenity::all::ChannelType;
    matches!(
        kind,
        ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
    )
}

/// The bits of every permission in [`NEEDED`].
pub fn needed() -> Permissions {
    NEEDED
        .iter()
        .fold(Permissions::empty(), |all, needed| all | needed.permission)
}

/// What a post needs that `granted` lacks, in a thread or not, in [`NEEDED`]'s order.
pub fn missing(granted: Permissions, thread: bool) -> Vec<&'static Needed> {
    needed_to_post(thread)
        .into_iter()
        .filter(|needed| !granted.contains(needed.permission))
        .collect()
}

/// What the bot lacks in the channel of a command that starts play there (`/table open`,
/// `/tournament open`, `/tournament start`; with `own_thread`, for a table in a thread started
/// under it), as Discord says with the interaction (its `app_permissions`, and its channel's
/// type); nothing when Discord does not say. Asked before anything moves: no buy-in is taken
/// for a sit & go whose board the channel would refuse.
pub fn missing_at_open(ctx: super::Context<'_>, own_thread: bool) -> Vec<&'static Needed> {
    let poise::Context::Application(app) = ctx else {
        return Vec::new();
    };
    let thread = app
        .interaction
        .channel
        .as_ref()
        .is_some_and(|channel| is_thread(channel.kind));
    let missing = app
        .interaction
        .app_permissions
        .map(|granted| {
            if own_thread {
                needed_for_own_thread()
                    .into_iter()
                    .filter(|needed| !granted.contains(needed.permission))
                    .collect()
            } else {
                missing(granted, thread)
            }
        })
        .unwrap_or_default();
    if !missing.is_empty() {
        tracing::info!(
            table = app.interaction.channel_id.get(),
            thread,
            missing = ?missing.iter().map(|needed| needed.name).collect::<Vec<_>>(),
            "/{} refused: the bot lacks permissions in the channel",
            ctx.command().qualified_name
        );
    }
    missing
}

/// Why a command that starts play is refused where the bot lacks `missing` (not empty), in
/// `locale`: `message` (`bot-missing-permissions` for a table, `tournament-missing-permissions`
/// for a sit & go) with the permissions by the names the moderator's Discord shows.
pub fn refusal(locale: Locale, message: &str, missing: &[&Needed]) -> String {
    let names = render::quoted_list(
        locale,
        &missing
            .iter()
            .map(|needed| render::tr(locale, needed.term, &[]))
            .collect::<Vec<_>>(),
    );
    render::tr(
        locale,
        message,
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
    fn the_invite_asks_for_view_channel_send_messages_in_channels_and_threads_and_public_threads_only()
     {
        // View Channel is bit 10 (1024), Send Messages bit 11 (2048), Create Public Threads
        // bit 35, Send Messages in Threads bit 38: Discord's documented values.
        assert_eq!(needed().bits(), 1024 + 2048 + (1 << 35) + (1 << 38));
        assert_eq!(
            invite_url(123456789012345678),
            "https://discord.com/oauth2/authorize?client_id=123456789012345678\
             &scope=bot+applications.commands&permissions=309237648384&integration_type=0"
        );
    }

    #[test]
    fn a_table_in_its_own_thread_needs_to_see_start_and_post_in_threads_not_send_messages() {
        let names: Vec<&str> = needed_for_own_thread()
            .iter()
            .map(|needed| needed.name)
            .collect();
        assert_eq!(
            names,
            [
                "View Channel",
                "Send Messages in Threads",
                "Create Public Threads"
            ]
        );
        // Posting never asks for Create Public Threads.
        for thread in [false, true] {
            assert!(
                needed_to_post(thread)
                    .iter()
                    .all(|needed| needed.permission != Permissions::CREATE_PUBLIC_THREADS)
            );
        }
    }

    #[test]
    fn a_thread_needs_send_messages_in_threads_in_place_of_send_messages() {
        let names = |granted, thread| {
            missing(granted, thread)
                .iter()
                .map(|needed| needed.name)
                .collect::<Vec<_>>()
        };
        let channel_only = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        assert!(names(channel_only, false).is_empty());
        assert_eq!(names(channel_only, true), vec!["Send Messages in Threads"]);
        let threads_only = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES_IN_THREADS;
        assert!(names(threads_only, true).is_empty());
        assert_eq!(names(threads_only, false), vec!["Send Messages"]);
        assert_eq!(
            needed_to_post_named(),
            "View Channel and Send Messages (Send Messages in Threads in a thread or forum post)"
        );
    }

    #[test]
    fn missing_names_each_permission_the_channel_denies() {
        let names = |granted| {
            missing(granted, false)
                .iter()
                .map(|needed| needed.name)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(Permissions::VIEW_CHANNEL), vec!["Send Messages"]);
        assert_eq!(
            names(Permissions::empty()),
            vec!["View Channel", "Send Messages"]
        );
        assert!(missing(Permissions::all(), false).is_empty());
        assert!(missing(Permissions::all(), true).is_empty());
    }

    #[test]
    fn the_refusal_names_what_is_missing_in_the_moderators_language() {
        let english = refusal(
            Locale::En,
            "bot-missing-permissions",
            &missing(Permissions::VIEW_CHANNEL, false),
        );
        assert!(english.contains("Send Messages"), "{english}");
        assert!(!english.contains("View Channel"), "{english}");
        for (locale, message) in [Locale::En, Locale::Es, Locale::Id]
            .into_iter()
            .flat_map(|l| {
                [
                    (l, "bot-missing-permissions"),
                    (l, "tournament-missing-permissions"),
                ]
            })
        {
            let text = refusal(locale, message, &missing(Permissions::empty(), true));
            assert!(!text.contains("permission-"), "{locale:?}: {text}");
            assert!(!text.contains(message), "{locale:?}: {text}");
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
