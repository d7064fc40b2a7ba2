//! A channel (or thread) that is gone, or a server that removed the bot: whatever was live
//! there ends, with no player and no moderator able to reach it again. A table ends through
//! its own task (`TableHandle::channel_gone`: a cash table closes, a running sit & go is
//! cancelled after its hand in play is settled or undone); a sit & go with no table (still
//! registering, or whose table is not open in this process) is cancelled in the bank
//! directly, through the bank's one cancel. Each sit & go's cancel carries its own reference
//! (`channel_gone_cancel_reference`), so finding a channel gone twice cancels once.

use std::collections::BTreeSet;

use crate::bank::{BankError, GuildId, TableId, TournamentPhase, channel_gone_cancel_reference};

use super::{Gone, Lobby, LobbyError};

impl Lobby {
    /// Channel `channel` is gone: its table ends, or its live sit & go is cancelled. What
    /// ended, if anything did.
    pub async fn channel_gone(&self, channel: TableId) -> Result<Gone, LobbyError> {
        if let Ok(handle) = self.table(channel) {
            match handle.channel_gone().await {
                // Its task ended meanwhile: what the bank holds there is looked up below.
                Err(LobbyError::TableClosed { .. }) => {}
                ended => return ended,
            }
        }
        let Some(state) = self.bank().live_tournament_in(channel).await? else {
            return Ok(Gone::Nothing);
        };
        let running = matches!(state.phase, TournamentPhase::Running(_));
        let reference = channel_gone_cancel_reference(state.id);
        match self
            .bank()
            .cancel_tournament(state.guild, state.id, &reference)
            .await
        {
            Ok(paid) => Ok(Gone::SitAndGoCancelled {
                tournament: state.id,
                running,
                paid,
            }),
            Err(BankError::TournamentOver { .. }) => Ok(Gone::Nothing),
            Err(error) => Err(error.into()),
        }
    }

    /// The bot was removed from `guild`: every table and every live sit & go of it ends, as
    /// [`Lobby::channel_gone`]. Each channel with what its end did.
    pub async fn guild_gone(&self, guild: GuildId) -> Vec<(TableId, Result<Gone, LobbyError>)> {
        let mut channels: BTreeSet<TableId> = self
            .tables()
            .iter()
            .filter(|handle| handle.guild() == guild)
            .map(super::TableHandle::table)
            .collect();
        match self.bank().live_tournaments().await {
            Ok(live) => channels.extend(
                live.iter()
                    .filter(|live| live.guild == guild)
                    .map(|live| live.channel),
            ),
            Err(error) => {
                tracing::error!(guild = guild.0, %error, "cannot read the live sit & gos of a server the bot left");
            }
        }
        let mut ended = Vec::with_capacity(channels.len());
        for channel in channels {
            ended.push((channel, self.channel_gone(channel).await));
        }
        ended
    }
}
