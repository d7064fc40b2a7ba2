//! A sit & go is opened in a channel: it takes the bank's next tournament number and waits
//! for registrations. Its settings are fixed here, rules included. A prize added to the
//! pool (a freeroll's prize) moves into the escrow in the same transaction, from the
//! guild's house or the balance of the member who adds it, like any movement: a balance
//! short of it is refused (the house is never minted into for it). Refused, changing
//! nothing, in a channel where a table is open or another tournament is live, and for
//! settings no tournament of that many seats could be played with (paying every place, a
//! prize pool or chips past counting, rules the game has no use for), or computer players
//! allowed every seat (a sit & go is for people; computers fill the free seats at the
//! start).

use super::{Once, Operation, prize_pool};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, PrizeSource, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};
use crate::tournament::{Tournament, TournamentError, TournamentSettings};

#[derive(Clone)]
pub(crate) struct OpenTournament {
    pub guild: GuildId,
    pub channel: TableId,
    pub seats: usize,
    pub settings: TournamentSettings,
    /// Free seats computer players may fill at the start (0: none); fewer than `seats`.
    pub computer_players: usize,
    /// Where `settings.added_prize` comes from (required when it is more than 0).
    pub added_by: Option<PrizeSource>,
    pub reference: String,
}

/// A refusal of the core's, as the bank says it: paying every place has its own words.
pub(super) fn refusal_of(error: TournamentError) -> BankError {
    match error {
        TournamentError::MorePlacesThanEntrants { places, entrants } => {
            BankError::PayoutPlaces { places, entrants }
        }
        other => BankError::BadTournament(other.to_string()),
    }
}

impl Operation for OpenTournament {
    type Output = TournamentId;

    fn once(&self) -> Option<Once> {
        let settings = serde_json::to_string(&self.settings).unwrap_or_default();
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "tournament_open {} {} {} {settings} {:?}",
                self.channel.0, self.seats, self.computer_players, self.added_by
            ),
        })
    }

    fn apply(
        self,
        draft: &mut Draft<'_>,
        config: &EconomyConfig,
    ) -> Result<TournamentId, BankError> {
        let OpenTournament {
            guild,
            channel,
            seats,
            settings,
            computer_players,
            added_by,
            reference,
        } = self;
        if computer_players >= seats {
            return Err(BankError::BadTournament(format!(
                "{computer_players} computer players for {seats} seats"
            )));
        }
        prize_pool::refuse_unsourced_prize(settings.added_prize, added_by)?;
        // Computers enter at the sit & go's buy-in: it may not pass their bound.
        if computer_players != 0 {
            super::house_buy_in::refuse_computer_buy_in_above_limit(config, settings.buy_in)?;
        }
        // A full field must be playable as set: the start checks the field it gets.
        Tournament::start(settings.clone(), seats).map_err(refusal_of)?;
        let id = prize_pool::take_channel(draft, channel)?;
        if computer_players > 0 {
            tournaments::set_computer_allowance(draft, id, computer_players as u64);
        }
        let state = TournamentState {
            id,
            guild,
            channel,
            seats,
            settings,
            entrants: Vec::new(),
            phase: TournamentPhase::Registering,
            added_by,
            deal: None,
            deals_proposed: 0,
        };
        let added = (state.settings.added_prize, added_by);
        prize_pool::pay_added_prize(draft, config, guild, id, added, &reference)?;
        tournaments::write(draft, &state);
        Ok(id)
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::{BankError, TableId, TournamentPhase};

    #[tokio::test]
    async fn opening_takes_the_next_number_and_a_retry_answers_the_same() {
        let bank = open_bank().await;
        let first = bank
            .open_tournament(GUILD, CHANNEL, 4, settings(100), "open")
            .await
            .unwrap();
        assert_eq!(first.0, 1);
        let again = bank
            .open_tournament(GUILD, CHANNEL, 4, settings(100), "open")
            .await
            .unwrap();
        assert_eq!(again, first);
        let second = bank
            .open_tournament(GUILD, TableId(41), 4, settings(100), "open second")
            .await
            .unwrap();
        assert_eq!(second.0, 2);
        let state = bank.tournament(second).await.unwrap().expect("known");
        assert_eq!((state.channel, state.seats), (TableId(41), 4));
        assert_eq!(state.phase, TournamentPhase::Registering);
    }

    #[tokio::test]
    async fn opening_keeps_the_computer_allowance_and_refuses_computers_in_every_seat() {
        let bank = open_bank().await;
        let none = bank
            .open_tournament(GUILD, CHANNEL, 4, settings(100), "open none")
            .await
            .unwrap();
        assert_eq!(bank.tournament_computer_players(none).await.unwrap(), 0);
        let refused = bank
            .open_tournament_with_computers(GUILD, TableId(41), 4, settings(100), 4, "all")
            .await;
        assert!(
            matches!(refused, Err(BankError::BadTournament(_))),
            "{refused:?}"
        );
        let three = bank
            .open_tournament_with_computers(GUILD, TableId(41), 4, settings(100), 3, "three")
            .await
            .unwrap();
        assert_eq!(bank.tournament_computer_players(three).await.unwrap(), 3);
    }

    #[tokio::test]
    async fn opening_in_a_channel_with_an_open_table_is_refused_and_after_its_close_taken() {
        let bank = open_bank().await;
        bank.open_table(GUILD, CHANNEL).await.unwrap();
        let refused = bank
            .open_tournament(GUILD, CHANNEL, 4, settings(100), "open")
            .await;
        assert_eq!(
            refused,
            Err(BankError::TableOpenInChannel { table: CHANNEL })
        );
        bank.close_table(GUILD, CHANNEL, "close").await.unwrap();
        bank.open_tournament(GUILD, CHANNEL, 4, settings(100), "open after")
            .await
            .unwrap();
    }
}
