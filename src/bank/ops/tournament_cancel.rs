//! A sit & go is cancelled, in one transaction. Before the start every buy-in goes back to
//! its entrant; after it the prize pool is divided among the players still in, in
//! proportion to their chips (a place already finished keeps nothing, since the tournament
//! never finished). Either way the escrow is left empty. A tournament over is refused.
//!
//! In the stats a refund is no result: a tournament cancelled before its start counts for
//! nobody. One cancelled after it counts an entry for each entrant and what their share
//! made of their buy-in, but no win and no cash, since nobody finished in a place.

use super::tournament_finish::record_results;
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::stats::TournamentResult;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts};

pub(crate) struct CancelTournament {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub reference: String,
}

impl Operation for CancelTournament {
    /// What each entrant was paid back, in seat order (0 for those out).
    type Output = Payouts;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("tournament_cancel {}", self.tournament.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<Payouts, BankError> {
        let CancelTournament {
            guild,
            tournament: id,
            reference,
        } = self;
        let mut state = tournaments::read_in_guild(draft, guild, id)?;
        let (tournament, shares, reason) = match &state.phase {
            TournamentPhase::Registering => (
                None,
                vec![state.settings.buy_in; state.entrants.len()],
                Reason::TournamentRefund,
            ),
            TournamentPhase::Running(tournament) => {
                let shares = tournament
                    .cancel_shares()
                    .ok_or(BankError::TournamentOver { tournament: id })?;
                (Some(tournament.clone()), shares, Reason::TournamentPayout)
            }
            TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver { tournament: id });
            }
        };
        let mut paid = Vec::with_capacity(shares.len());
        for (&user, &chips) in state.entrants.iter().zip(&shares) {
            if chips > 0 {
                accounts::transfer(
                    draft,
                    id.escrow(),
                    Account::owner(guild, user),
                    chips,
                    reason.clone(),
                    &reference,
                )?;
            }
            paid.push((user, chips));
        }
        if tournament.is_some() {
            let results: Vec<TournamentResult> = paid
                .iter()
                .map(|&(user, chips)| TournamentResult {
                    user,
                    buy_in: state.settings.buy_in,
                    paid: chips,
                    place: None,
                })
                .collect();
            record_results(draft, &state, &results)?;
        }
        let answer = paid.clone();
        tournaments::set_paused(draft, id, false);
        state.phase = TournamentPhase::Cancelled { tournament, paid };
        tournaments::write(draft, &state);
        Ok(answer)
    }
}
