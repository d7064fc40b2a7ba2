//! A refusal as words: the one shape every "no" a player can be told has, whichever layer said
//! it (the bank, the table's settings, the table service, the bot's own checks). A refusal
//! names its message of the `.ftl` files and what that message names; `render::refusal`
//! turns it into the player's language. A leaf: it knows only the ids, so every layer may
//! implement it without knowing the renderer.

use crate::ids::UserId;

/// Something refused, told to the player who asked.
pub trait Refusal: std::fmt::Display {
    /// The message (`locales/*/*.ftl`) that explains it.
    fn message_id(&self) -> &'static str;

    /// The numbers the message names.
    fn message_args(&self) -> Vec<(&'static str, u64)> {
        Vec::new()
    }

    /// A player the message names, as its `name`.
    fn player(&self) -> Option<UserId> {
        None
    }

    /// A refusal inside this one, worded as the message's `reason`.
    fn reason(&self) -> Option<&dyn Refusal> {
        None
    }

    /// Whether this is a fault of the store or the program rather than something the player
    /// can act on: it reads "something went wrong", and deserves a log line.
    fn is_fault(&self) -> bool {
        false
    }
}
