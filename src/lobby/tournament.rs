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
            let state = match bank.tournament(tournament).await {
                Ok(Some(state)) => state,
                Ok(None) => continue,
                // One record that cannot be read keeps only its own result from the channel.
                Err(error) => {
                    tracing::error!(
                        tournament = tournament.0,
                        %error,
                        "a sit & go result kept to announce cannot be read; every other is posted"
                    );
                    continue;
                }
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
        if let Ok(open) = self.table(state.channel) {
            return Ok(open);
        }
        let Some((play, paused)) = self.play_to_open(&state).await? else {
            return Err(crate::bank::BankError::TournamentNotRunning { tournament }.into());
        };
        // The bank keeps a cash table and a live sit & go from sharing a channel: a table
        // open there is this sit & go's. Nothing is awaited from here to the spawn, so two
        // calls cannot both open one.
        if let Ok(open) = self.table(state.channel) {
            return Ok(open);
        }
        Ok(self.spawn_sit_and_go(state.guild, state.channel, play, paused, Vec::new()))
    }

    /// Reopens the table of every running sit & go, each telling its first subscriber the
    /// hand it deals on from (or waits at, paused). They are found by the bank's index of live
    /// sit & gos, never by reading every sit & go it has held; one whose record cannot be read
    /// is left as it is, logged once, and every other reopens.
    pub(super) async fn resume_sit_and_gos(&self) -> Result<(), LobbyError> {
        for live in self.bank().live_tournaments().await? {
            // Another process runs this guild's tables (a bank shared with others).
            if !self.runs(live.guild) {
                continue;
            }
            let state = match self.bank().tournament(live.tournament).await {
                Ok(Some(state)) => state,
                Ok(None) => continue,
                Err(error) => {
                    tracing::error!(
                        tournament = live.tournament.0,
                        guild = live.guild.0,
                        channel = live.channel.0,
                        %error,
                        "sit & go {} cannot be read: its table is not reopened and its \
                         channel is refused every sit & go command; every other sit & go \
                         plays on (`studbot audit` names it)",
                        live.tournament.0
                    );
                    continue;
                }
            };
            if self.table(state.channel).is_ok() {
                continue;
            }
            let Some((play, paused)) = self.play_to_open(&state).await? else {
                continue;
            };
            let backlog = vec![Notice {
                table: state.channel,
                body: NoticeBody::Table(TableMessage::TournamentResumed {
                    hand: play.tournament.hands_played().saturating_add(1),
                    paused,
                }),
            }];
            self.spawn_sit_and_go(state.guild, state.channel, play, paused, backlog);
        }
        Ok(())
    }

    /// What running sit & go `state`'s table opens with: the tournament, who sits out, a new
    /// series of deals (so no button of an earlier opening acts on its deals), a cancel
    /// waiting for its hand, and whether a moderator paused it (a pause outlives the
    /// restart). `None` unless it runs.
    async fn play_to_open(
        &self,
        state: &crate::bank::TournamentState,
    ) -> Result<Option<(TournamentPlay, bool)>, LobbyError> {
        let Some(mut play) = TournamentPlay::of(state) else {
            return Ok(None);
        };
        let bank = self.bank();
        play.sitting_out = bank.tournament_sitting_out(state.id).await?;
        play.redeal_number = bank.new_deal_series(state.guild, state.id).await?;
        play.cancel = bank.tournament_cancel_requested(state.id).await?;
        // Each player's time bank as it was when the last hand ended.
        play.time_banks = bank.tournament_time_banks(state.id).await?;
        let paused = bank.tournament_paused(state.id).await?;
        Ok(Some((play, paused)))
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
        let first_bank = std::time::Duration::from_secs(u64::from(settings.time_bank_secs));
        self.spawn(TableInit {
            guild,
            table: channel,
            settings,
            seats: play.seats(first_bank),
            last_hand,
            mix_from_hand: 0,
            paused,
            backlog,
            services,
            tournament: Some(play),
            event: None,
        })
    }
}
