//! The bank's calls about live sit & gos found by their channel (the index of
//! `tournament_live`: one key, however many sit & gos the bank has held), and what only a
//! live one keeps beside its record: who sits out, and its series of deals.

use crate::bank::ops;
use crate::bank::tournament_live::{self, LiveSitAndGo, SatOut};
use crate::bank::tournaments::{self, TournamentId, TournamentState};
use crate::bank::{BankError, GuildId, TableId, UserId};

use super::Bank;

impl Bank {
    /// The live sit & go of `channel` (registering or running), if there is one: one key of
    /// the index and the one record it names, read beside the committer. A record that cannot
    /// be read is refused ([`BankError::UnreadableTournament`]), naming that one sit & go.
    pub async fn live_tournament_in(
        &self,
        channel: TableId,
    ) -> Result<Option<TournamentState>, BankError> {
        self.read(move |store| {
            let Some(entry) = tournament_live::stored_in_channel(store, channel)? else {
                return Ok(None);
            };
            // An entry is taken away by the write that ends its sit & go; one left behind
            // (it could not be read then) names no live sit & go.
            Ok(tournaments::one(store, entry.tournament)?
                .filter(|state| state.is_live() && state.channel == channel))
        })
        .await
    }

    /// The last sit & go over (finished or cancelled) in `channel`, by its one key: for
    /// `/tournament results` without a number.
    pub async fn last_tournament_over_in(
        &self,
        channel: TableId,
    ) -> Result<Option<TournamentState>, BankError> {
        self.read(move |store| {
            let Some(entry) = tournament_live::stored_last_over_in(store, channel)? else {
                return Ok(None);
            };
            Ok(tournaments::one(store, entry.tournament)?
                .filter(|state| !state.is_live() && state.channel == channel))
        })
        .await
    }

    /// Every live sit & go as the index names it (number, guild, channel), by channel,
    /// without reading a record. An entry that cannot be read is left out (the audit names
    /// it).
    pub async fn live_tournaments(&self) -> Result<Vec<LiveSitAndGo>, BankError> {
        self.read(|store| {
            Ok(tournament_live::all(store)?
                .into_iter()
                .filter_map(Result::ok)
                .collect())
        })
        .await
    }

    /// The number the next sit & go opened will take (1 on a new bank).
    pub async fn next_tournament_number(&self) -> Result<u64, BankError> {
        self.read(tournaments::stored_next_id).await
    }

    /// Who sits out of running sit & go `tournament` (a restart deals on without waiting for
    /// them).
    pub async fn tournament_sitting_out(
        &self,
        tournament: TournamentId,
    ) -> Result<Vec<SatOut>, BankError> {
        self.read(move |store| tournament_live::stored_sitting_out(store, tournament))
            .await
    }

    /// Keeps that `user` sits out of running sit & go `tournament` (`away`: `Some(timed_out)`)
    /// or is back in (`None`).
    pub async fn set_tournament_sitting_out(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        user: UserId,
        away: Option<bool>,
    ) -> Result<(), BankError> {
        // The table's own doing: only the process running the guild's tables writes it.
        self.call_leased(
            guild,
            ops::SetTournamentSittingOut {
                guild,
                tournament,
                user,
                away,
            },
        )
        .await
    }

    /// Running sit & go `tournament`'s table starts a new series of deals (it opens, or deals
    /// a hand again): answers the series' number, from 0. A button carries its deal's series,
    /// so no board of an earlier series acts on a later deal.
    pub async fn new_deal_series(
        &self,
        guild: GuildId,
        tournament: TournamentId,
    ) -> Result<u64, BankError> {
        self.call_leased(guild, ops::NewDealSeries { guild, tournament })
            .await
    }
}
