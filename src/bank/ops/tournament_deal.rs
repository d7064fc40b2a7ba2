//! A deal among the last players of a sit & go (docs/RULES.md, "A deal"): a player still in
//! proposes ICM or a chip chop while two to four are left; the amounts are fixed from the
//! stacks then and kept with the sit & go; each player left accepts (a computer player
//! accepts when the deal pays it at least its ICM value); when the last one does, the same
//! transaction ends the sit & go with the deal's amounts, places by chips. A decline, a lapse
//! or a hand recorded since (its stacks moved) drops the proposal; so does the last
//! acceptance of a deal whose stacks moved under it (a record an older version kept past a
//! hand), which is refused as gone. The table deals no hand while one waits (the lobby's
//! part), and a restart finds it here.

use super::tournament_finish::{finish, pay_prizes_due};
use super::{Once, Operation};
use crate::bank::idempotency::{Reply, Stored};
use crate::bank::ledger::Draft;
use crate::bank::tournaments::{self, DealProposal, TournamentId, TournamentPhase};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts, UserId};
use crate::tournament::{DealError, DealKind, Tournament};

/// A player still in proposes a deal; answers its number.
#[derive(Clone)]
pub(crate) struct ProposeDeal {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub user: UserId,
    pub kind: DealKind,
    pub reference: String,
}

fn running(phase: &TournamentPhase, tournament: TournamentId) -> Result<&Tournament, BankError> {
    match phase {
        TournamentPhase::Running(running) => Ok(running),
        TournamentPhase::Registering => Err(BankError::TournamentNotRunning { tournament }),
        TournamentPhase::Finished { .. } | TournamentPhase::Cancelled { .. } => {
            Err(BankError::TournamentOver { tournament })
        }
    }
}

fn refusal(error: DealError, tournament: TournamentId) -> BankError {
    match error {
        DealError::Players(left) => BankError::DealPlayers { left },
        DealError::Over => BankError::TournamentOver { tournament },
        DealError::Icm(error) => BankError::BadTournament(error.to_string()),
    }
}

impl Operation for ProposeDeal {
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "tournament_deal {} {} {}",
                self.tournament.0,
                self.user.0,
                self.kind.name()
            ),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let id = self.tournament;
        let mut state = tournaments::read_in_guild(draft, self.guild, id)?;
        let tournament = running(&state.phase, id)?;
        if state.deal.is_some() {
            return Err(BankError::DealPending { tournament: id });
        }
        let still_in = state
            .seat_of(self.user)
            .is_some_and(|seat| tournament.players_left().contains(&seat));
        if !still_in {
            return Err(BankError::NotStillIn { tournament: id });
        }
        let amounts = tournament
            .deal_amounts(self.kind)
            .map_err(|error| refusal(error, id))?;
        let fair = tournament
            .deal_amounts(DealKind::Icm)
            .map_err(|error| refusal(error, id))?;
        let mut accepted = vec![self.user];
        let mut paid: Payouts = Vec::with_capacity(amounts.len());
        for (&(seat, amount), &(_, icm)) in amounts.iter().zip(&fair) {
            let user = state
                .entrant(seat)
                .ok_or_else(|| BankError::Storage(format!("no entrant at seat {seat}")))?;
            // A computer player takes any deal worth its ICM value.
            if user.is_computer() && amount >= icm && !accepted.contains(&user) {
                accepted.push(user);
            }
            paid.push((user, amount));
        }
        let number = state
            .deals_proposed
            .checked_add(1)
            .ok_or(BankError::Overflow)?;
        state.deals_proposed = number;
        state.deal = Some(DealProposal {
            number,
            kind: self.kind,
            proposer: self.user,
            amounts: paid,
            accepted,
            hands_played: tournament.hands_played(),
        });
        tournaments::write(draft, &state);
        Ok(number)
    }
}

/// A player left accepts (or declines) deal `number`. Accepting twice is accepting once.
/// Answers what the deal paid when this answer made it (empty while others are to accept,
/// and after a decline), or that the deal was void.
#[derive(Clone)]
pub(crate) struct AnswerDeal {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub number: u64,
    pub user: UserId,
    pub accept: bool,
}

/// What answering a deal did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AnsweredDeal {
    /// What the deal paid when this answer made it (empty while others are to accept, and
    /// after a decline).
    Answered(Payouts),
    /// The deal divided stacks that have moved since it was proposed: it is dropped, and
    /// that sticks (a refusal's writes are thrown away, so this is an answer, not an error),
    /// so the table plays on and a new deal may be proposed without waiting for its lapse.
    /// The player is told it is gone ([`AnsweredDeal::into_result`]).
    Void,
}

impl AnsweredDeal {
    /// The answer as a caller takes it: a void deal refused as gone.
    pub(crate) fn into_result(self, tournament: TournamentId) -> Result<Payouts, BankError> {
        match self {
            AnsweredDeal::Answered(paid) => Ok(paid),
            AnsweredDeal::Void => Err(BankError::NoSuchDeal { tournament }),
        }
    }
}

/// An answer never kept under a reference (answering carries none).
impl Stored for AnsweredDeal {
    fn to_reply(&self) -> Reply {
        Reply::Done
    }
    fn from_reply(_: Reply) -> Option<AnsweredDeal> {
        None
    }
}

impl Operation for AnswerDeal {
    type Output = AnsweredDeal;

    fn apply(
        self,
        draft: &mut Draft<'_>,
        _config: &EconomyConfig,
    ) -> Result<AnsweredDeal, BankError> {
        let id = self.tournament;
        let mut state = tournaments::read_in_guild(draft, self.guild, id)?;
        let mut tournament = running(&state.phase, id)?.clone();
        let Some(mut deal) = state.deal.clone().filter(|deal| deal.number == self.number) else {
            return Err(BankError::NoSuchDeal { tournament: id });
        };
        if !deal.amounts.iter().any(|(user, _)| *user == self.user) {
            return Err(BankError::NotStillIn { tournament: id });
        }
        if !self.accept {
            state.deal = None;
            tournaments::write(draft, &state);
            return Ok(AnsweredDeal::Answered(Vec::new()));
        }
        if !deal.accepted.contains(&self.user) {
            deal.accepted.push(self.user);
        }
        if !deal.is_agreed() {
            state.deal = Some(deal);
            tournaments::write(draft, &state);
            return Ok(AnsweredDeal::Answered(Vec::new()));
        }
        let decided = tournament
            .end_by_deal(deal.kind)
            .map_err(|error| refusal(error, id))?;
        let agreed = decided.iter().all(|finish| {
            state
                .entrant(finish.seat)
                .is_some_and(|user| deal.amounts.contains(&(user, finish.prize)))
        });
        if !agreed || deal.hands_played != tournament.hands_played() {
            // The stacks moved since it was proposed: it divides chips no longer there. The
            // tournament's clone, which the deal ended, is not written.
            state.deal = None;
            tournaments::write(draft, &state);
            return Ok(AnsweredDeal::Void);
        }
        pay_prizes_due(draft, &state, &mut tournament)?;
        finish(draft, &mut state, tournament)?;
        tournaments::write(draft, &state);
        Ok(AnsweredDeal::Answered(deal.amounts))
    }
}

/// Deal `number` lapsed (its time ran out): it is dropped. Nothing when it is gone already.
#[derive(Clone)]
pub(crate) struct LapseDeal {
    pub guild: GuildId,
    pub tournament: TournamentId,
    pub number: u64,
}

impl Operation for LapseDeal {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let mut state = tournaments::read_in_guild(draft, self.guild, self.tournament)?;
        if state
            .deal
            .as_ref()
            .is_some_and(|deal| deal.number == self.number)
        {
            state.deal = None;
            tournaments::write(draft, &state);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::bank::ops::tournament_testkit::*;
    use crate::bank::{BankError, TournamentPhase, UserId};
    use crate::tournament::DealKind;

    #[tokio::test]
    async fn a_deal_accepted_by_every_player_left_ends_the_sit_and_go_with_its_amounts() {
        let bank = open_bank().await;
        // Three of 100: winner takes all of 300. The first hand busts one: two left.
        let id = open_with(&bank, 3, 100, 3).await;
        let (hand, stacks) = next_hand_busting_the_last(&bank, id).await;
        bank.record_tournament_hand(GUILD, id, hand, &stacks)
            .await
            .unwrap();
        let left: Vec<UserId> = {
            let state = bank.tournament(id).await.unwrap().expect("known");
            let running = running(&bank, id).await;
            running
                .players_left()
                .iter()
                .filter_map(|&seat| state.entrant(seat))
                .collect()
        };
        let number = bank
            .propose_deal(GUILD, id, left[0], DealKind::ChipChop, "deal")
            .await
            .unwrap();
        // Proposing again while it waits is refused; a stranger cannot answer.
        assert_eq!(
            bank.propose_deal(GUILD, id, left[1], DealKind::Icm, "deal 2")
                .await,
            Err(BankError::DealPending { tournament: id })
        );
        assert_eq!(
            bank.answer_deal(GUILD, id, number, UserId(99), true).await,
            Err(BankError::NotStillIn { tournament: id })
        );
        let paid = bank
            .answer_deal(GUILD, id, number, left[1], true)
            .await
            .unwrap();
        assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 300);
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert!(matches!(state.phase, TournamentPhase::Finished { .. }));
        for &(user, chips) in &paid {
            assert_eq!(balance(&bank, user.0).await, STARTING - 100 + chips);
        }
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_declined_or_lapsed_deal_is_dropped_and_play_goes_on() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 3).await;
        let state = bank.tournament(id).await.unwrap().expect("known");
        let (a, b) = (state.entrants[0], state.entrants[1]);
        let first = bank
            .propose_deal(GUILD, id, a, DealKind::Icm, "deal 1")
            .await
            .unwrap();
        assert_eq!(
            bank.answer_deal(GUILD, id, first, b, false).await,
            Ok(Vec::new())
        );
        assert_eq!(
            bank.answer_deal(GUILD, id, first, a, true).await,
            Err(BankError::NoSuchDeal { tournament: id })
        );
        let second = bank
            .propose_deal(GUILD, id, b, DealKind::Icm, "deal 2")
            .await
            .unwrap();
        assert_eq!(second, first + 1);
        bank.lapse_deal(GUILD, id, second).await.unwrap();
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.deal, None);
        assert!(matches!(state.phase, TournamentPhase::Running(_)));
        assert_books_balance(&bank).await;
    }

    #[tokio::test]
    async fn a_retried_proposal_answers_its_number_and_proposes_once() {
        let bank = open_bank().await;
        let id = open_with(&bank, 3, 100, 3).await;
        let proposer = bank.tournament(id).await.unwrap().expect("known").entrants[0];
        let number = bank
            .propose_deal(GUILD, id, proposer, DealKind::Icm, "deal")
            .await
            .unwrap();
        assert_eq!(
            bank.propose_deal(GUILD, id, proposer, DealKind::Icm, "deal")
                .await,
            Ok(number)
        );
        let state = bank.tournament(id).await.unwrap().expect("known");
        assert_eq!(state.deals_proposed, 1);
        assert_eq!(state.deal.map(|deal| deal.number), Some(number));
    }

    #[tokio::test]
    async fn a_computer_accepts_a_deal_worth_its_icm_value_and_no_person_accepts_but_the_proposer()
    {
        let bank = open_bank().await;
        // Two people and a computer the start seats: winner takes all, so an ICM deal pays
        // each their chips' share, the computer its ICM value.
        let id = open_with_computers(&bank, 3, 100, 1, 2).await;
        bank.start_tournament_seeded(GUILD, id, 0, "start")
            .await
            .unwrap();
        let state = bank.tournament(id).await.unwrap().expect("known");
        let computer = *state
            .entrants
            .iter()
            .find(|user| user.is_computer())
            .expect("a computer entered");
        let people: Vec<UserId> = state
            .entrants
            .iter()
            .copied()
            .filter(|user| !user.is_computer())
            .collect();
        bank.propose_deal(GUILD, id, people[0], DealKind::Icm, "deal")
            .await
            .unwrap();
        let deal = bank
            .tournament(id)
            .await
            .unwrap()
            .expect("known")
            .deal
            .expect("proposed");
        assert_eq!(deal.accepted, vec![people[0], computer]);
        assert!(!deal.is_agreed());
    }
}
