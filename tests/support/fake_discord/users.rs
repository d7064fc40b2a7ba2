//! The people of the fake guild as the tests play them ([`FakeUser`]: id, name, roles,
//! client language, bot flag) and the user JSON Discord sends for them.

use serde_json::{Value, json};

/// A user the test plays. Ids are old snowflakes (accounts created in 2015).
#[derive(Debug, Clone)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    /// The member's roles; what they hold in a channel is computed from them and the
    /// channel's overwrites as Discord does ([`guild`]).
    pub roles: Vec<u64>,
    /// The Discord client's language ("en-US", "es-ES", "id").
    pub locale: String,
    /// A bot account (Discord's `bot` flag on the user).
    pub bot: bool,
}

impl FakeUser {
    pub fn player(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            roles: Vec::new(),
            locale: "en-US".to_owned(),
            bot: false,
        }
    }

    /// A moderator of the server: its staff role (Manage Server and Manage Channels for the
    /// whole server). A member who may only manage one channel is a player given
    /// [`FakeDiscord::allow_member_in`].
    pub fn moderator(id: u64, name: &str) -> FakeUser {
        FakeUser::staff(id, name)
    }

    /// Another bot in the guild (it never runs commands; commands may name it).
    pub fn robot(id: u64, name: &str) -> FakeUser {
        FakeUser {
            bot: true,
            ..FakeUser::player(id, name)
        }
    }

    pub fn with_role(mut self, role: u64) -> FakeUser {
        self.roles.push(role);
        self
    }

    pub fn with_locale(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_owned();
        self
    }

    pub fn json(&self) -> Value {
        user_json(self.id, &self.name, self.bot)
    }

    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }
}

pub(crate) fn user_json(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": bot,
    })
}
