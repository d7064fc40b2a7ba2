//! Opening a sit & go's table: when the tournament starts, and again at every start of the
//! lobby for each sit & go the bank holds as running (a restart deals on from the stacks the
//! bank recorded; a hand cut short was never recorded; a moderator's pause holds). How the
//! table deals it is `table::tournament`'s. And reading back the hands a sit & go played,
//! for `/history`. And the result of a sit & go that finished but whose result message was
//! never posted (a crash between the payout and the post): the bank keeps it to announce
//! until the front end says Discord accepted it, so it is told at least once.

use std::sync::Arc;

use crate::bank::{ChannelHand, GuildId, TableId, TournamentId, TournamentPhase};

use super::notice::{Notice, NoticeBody, TableMessage};
use super::table::{TableInit, TournamentPlay, tournament_over};
use super::{HandHistory, Lobby, LobbyError, TableHandle};

/// A finished, paid sit & go whose result message was not yet accepted by Discord.
#[derive(Debug, Clone)]
pub struct UnannouncedResult {
    pub guild: GuildId,
    pub tournament: TournamentId,
    /// `TableMessage::TournamentOver` in the sit & go's channel, as its table told it.
    pub notice: Notice,
}

impl Lobby {
    /// Every finished sit & go whose result is still to announce, by number: the front end
    /// posts each and then calls [`Lobby::sit_and_go_result_announced`].
    pub async fn unannounced_sit_and_go_results(
        &self,
    ) -> Result<Vec<UnannouncedResult>, LobbyError> {
        let bank = self.bank();
        let mut results = Vec::new();
        for tournament in bank.unannounced_tournaments().await? {
            let Some(state) = bank.tournament(tournament).await? else {
                continue;
            };
            let TournamentPhase::Finished {
                tournament: over, ..
            } = &state.phase
            else {
                continue;
            };
            results.push(UnannouncedResult {
                guild: state.guild,
                tournament,
                notice: Notice {
                    table: state.channel,
                    body: NoticeBody::Table(tournament_over(tournament, &state.entrants, over)),
                },
            });
        }
        Ok(results)
    }

    /// Discord accepted the result message of finished sit & go `tournament`: no later start
    /// announces it again.
    pub async fn sit_and_go_result_announced(
        &self,
        guild: GuildId,
        tournament: TournamentId,
    ) -> Result<(), LobbyError> {
        self.bank()
            .tournament_result_announced(guild, tournament)
            .await?;
        Ok(())
    }

    /// Hand `hand` (from 1, the last kept when `None`) that sit & go `tournament` played in
    /// channel `table`, if its history is kept.
    pub async fn sit_and_go_hand_history(
        &self,
        table: TableId,
        tournament: TournamentId,
        hand: Option<u64>,
    ) -> Result<Option<HandHistory>, LobbyError> {
        let bank = &self.shared.services.bank;
        let stored = match hand {
            Some(hand) => {
                let at = ChannelHand::SitAndGo { tournament, hand };
                bank.channel_hand_history(table, at)
                    .await?
                    .map(|bytes| (at, bytes))
            }
            None => {
                bank.latest_sit_and_go_hand_history(table, tournament)
                    .await?
            }
        };
        stored.map(HandHistory::of_stored).transpose()
    }

    /// Opens the table of running sit & go `tournament` in its channel and starts dealing.
    /// Its table if one is open already (the start and a restart may both ask). Refused when
    /// the sit & go is not running.
    pub async fn open_sit_and_go(
        &self,
        tournament: TournamentId,
    ) -> Result<TableHandle, LobbyError> {
        let state = self
            .bank()
            .tournament(tournament)
            .await?
            .ok_or(crate::bank::BankError::UnknownTournament { tournament })?;
        let cancel = self.bank().tournament_cancel_requested(tournament).await?;
        let Some(play) = TournamentPlay::of(&state, cancel) else {
            return Err(crate::bank::BankError::TournamentNotRunning { tournament }.into());
        };
        let paused = self.bank().tournament_paused(tournament).await?;
        // The bank keeps a cash table and a live sit & go from sharing a channel: a table
        // open there is this sit & go's. Nothing is awaited from here to the spawn, so two
        // calls cannot both open one.
        if let Ok(open) = self.table(state.channel) {
            return Ok(open);
        }
        Ok(self.spawn_sit_and_go(state.guild, state.channel, play, paused, Vec::new()))
    }

    /// Reopens the table of every running sit & go, each telling its first subscriber the
    /// hand it deals on from.
    pub(super) async fn resume_sit_and_gos(&self) -> Result<(), LobbyError> {
        for state in self.bank().tournaments().await? {
            if !matches!(state.phase, TournamentPhase::Running(_))
                || self.table(state.channel).is_ok()
            {
                continue;
            }
            let cancel = self.bank().tournament_cancel_requested(state.id).await?;
            let Some(play) = TournamentPlay::of(&state, cancel) else {
                continue;
            };
            // A moderator's pause outlives the restart: the table reopens paused.
            let paused = self.bank().tournament_paused(state.id).await?;
            let backlog = vec![Notice {
                table: state.channel,
                body: NoticeBody::Table(TableMessage::TournamentResumed {
                    hand: play.tournament.hands_played().saturating_add(1),
                }),
            }];
            self.spawn_sit_and_go(state.guild, state.channel, play, paused, backlog);
        }
        Ok(())
    }

    fn spawn_sit_and_go(
        &self,
        guild: crate::bank::GuildId,
        channel: crate::bank::TableId,
        play: TournamentPlay,
        paused: bool,
        backlog: Vec<Notice>,
    ) -> TableHandle {
        let services = Arc::clone(&self.shared.services);
        let settings = play.table_settings(services.sit_and_go_table);
        let last_hand = play.tournament.hands_played();
        self.spawn(TableInit {
            guild,
            table: channel,
            settings,
            seats: play.seats(),
            last_hand,
            mix_from_hand: 0,
            paused,
            backlog,
            services,
            tournament: Some(play),
        })
    }
}
