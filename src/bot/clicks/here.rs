//! Where a click on a lobby message (a sit & go's, a multi-table event's) was made: the
//! clicker as a [`Caller`] of that guild and channel, and the record the click names, found
//! only if it is this guild's and this channel's. A click outside a guild is an unknown
//! button; a record elsewhere (or none) is refused as not here.

use crate::bank::{BankError, GuildId, TableId};
use crate::bot::refusals::Refused;
use crate::bot::reply::{Answer, Caller};
use crate::refusal::Refusal;

use super::Click;

impl Click<'_> {
    /// The clicker, in the guild and channel of the click; else (outside a guild) the
    /// refusal of an unknown button.
    pub(super) async fn caller_here(&self) -> Result<Caller, Answer> {
        let Some(guild) = self.interaction.guild_id.map(|guild| GuildId(guild.get())) else {
            return Err(Answer::private(self.refusal(&Refused::UnknownButton).await));
        };
        Ok(Caller {
            bot: self.bot.clone(),
            user: self.user,
            guild,
            table: TableId(self.interaction.channel_id.get()),
            locale: self.locale,
            public: self.public,
        })
    }

    /// The record `read` answered, if `place` says it is the caller's guild's and channel's;
    /// else `none_here` (or the bank's error) as the answer.
    pub(super) async fn record_here<R>(
        &self,
        caller: &Caller,
        read: Result<Option<R>, BankError>,
        place: impl Fn(&R) -> (GuildId, TableId),
        none_here: &(dyn Refusal + Sync),
    ) -> Result<R, Answer> {
        match read {
            Ok(Some(record)) if place(&record) == (caller.guild, caller.table) => Ok(record),
            Ok(_) => Err(Answer::private(self.refusal(none_here).await)),
            Err(error) => Err(Answer::private(self.refusal(&error).await)),
        }
    }
}
