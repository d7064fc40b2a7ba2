//! A sit & go is opened in a channel: it takes the bank's next tournament number and waits
//! for registrations. Refused, changing nothing, in a channel where a table is open or
//! another tournament is live, and for settings no tournament of that many seats could be
//! played with (too many places paid, a prize pool or chips past counting), or computer
//! players allowed every seat (a sit & go is for people; computers fill the free seats at
//! the start).

use super::{Once, Operation};
use crate::bank::ledger::Draft;
use crate::bank::tables;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};
use crate::tournament::{Tournament, TournamentSettings};

pub(crate) struct OpenTournament {
    pub guild: GuildId,
    pub channel: TableId,
    pub seats: usize,
    pub settings: TournamentSettings,
    /// Free seats computer players may fill at the start (0: none); fewer than `seats`.
    pub computer_players: usize,
    pub reference: String,
}

impl Operation for OpenTournament {
    type Output = TournamentId;

    fn once(&self) -> Option<Once> {
        let settings = serde_json::to_string(&self.settings).unwrap_or_default();
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "tournament_open {} {} {} {settings}",
                self.channel.0, self.seats, self.computer_players
            ),
        })
    }

    fn apply(
        self,
        draft: &mut Draft<'_>,
        _config: &EconomyConfig,
    ) -> Result<TournamentId, BankError> {
        let OpenTournament {
            guild,
            channel,
            seats,
            settings,
            computer_players,
            reference: _,
        } = self;
        if computer_players >= seats {
            return Err(BankError::BadTournament(format!(
                "{computer_players} computer players for {seats} seats"
            )));
        }
        // A full field must be playable as set: the start checks the field it gets.
        Tournament::start(settings.clone(), seats)
            .map_err(|error| BankError::BadTournament(error.to_string()))?;
        if let Some(table) = tables::read_table(draft, channel)?
            && table.open
        {
            return Err(BankError::TableOpenInChannel { table: channel });
        }
        tournaments::refuse_if_live_in_channel(draft, channel)?;
        let id = tournaments::take_next_id(draft)?;
        if computer_players > 0 {
            tournaments::set_computer_allowance(draft, id, computer_players as u64);
        }
        tournaments::write(
            draft,
            &TournamentState {
                id,
                guild,
                channel,
                seats,
                settings,
                entrants: Vec::new(),
                phase: TournamentPhase::Registering,
            },
        );
        Ok(id)
    }
}
