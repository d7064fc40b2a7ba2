//! How a sit & go's table ends it before its last hand: a moderator's cancel, or a deal
//! among the players left (docs/RULES.md, "Cancelling" and "A deal"). Both take effect
//! between hands only, so no outcome of a hand is ever undone:
//!
//! - A cancel between hands is made at once. During a hand it waits (kept in the bank, so a
//!   restart cancels before dealing again): the hand plays to its end, one whose betting is
//!   over dealt out at once as a shutdown does, and the cancel follows its record.
//! - A deal is proposed between hands only; while it waits no hand is dealt. Each player
//!   left accepts with a button, or declines; it lapses after twice the action timer (not
//!   while the table is paused). The last acceptance ends the sit & go with the deal's
//!   amounts, in one bank transaction. A deal waiting when the bot stopped is open again,
//!   its whole time, when the table reopens; one whose stacks moved since it was proposed
//!   (a record an older version kept past a hand) is dropped then instead. A deal the bank
//!   no longer holds is dropped at the answer it refuses: play goes on without its lapse.

use std::time::Duration;

use tokio::time::Instant;

use super::Table;
use super::phase::TablePhase;
use super::tournament::{OpenDeal, tournament_over};
use crate::bank::{BankError, Payouts, TournamentPhase, UserId};
use crate::lobby::command::{DealAnswer, DealOffer, TournamentCancel};
use crate::lobby::error::LobbyError;
use crate::lobby::notice::TableMessage;
use crate::tournament::DealKind;

/// A deal lapses after this many action timers.
const DEAL_TIMERS: u64 = 2;

fn not_a_sit_and_go() -> LobbyError {
    LobbyError::Internal {
        reason: "this table deals no sit & go".into(),
    }
}

impl Table {
    /// How long the players left have to accept a deal.
    fn deal_time(&self) -> Duration {
        Duration::from_secs(u64::from(self.settings.action_timer_secs).saturating_mul(DEAL_TIMERS))
    }

    /// When the deal waiting lapses (none while paused).
    pub(super) fn deal_deadline(&self) -> Option<Instant> {
        if self.paused {
            return None;
        }
        self.tournament.as_ref()?.deal?.lapse_at
    }

    /// A moderator's cancel: at once between hands; during a hand, kept in the bank and made
    /// when the hand ends (one being dealt out is dealt out at once).
    pub(super) async fn cancel_tournament(
        &mut self,
        reference: String,
    ) -> Result<TournamentCancel, LobbyError> {
        let Some(play) = &self.tournament else {
            return Err(not_a_sit_and_go());
        };
        let (id, waiting) = (play.id, play.cancel.clone());
        if self.phase.hand().is_none() {
            let reference = waiting.unwrap_or(reference);
            return self.cancel_between_hands(&reference, false).await;
        }
        if waiting.is_none() {
            self.services
                .bank
                .request_tournament_cancel(self.guild, id, &reference)
                .await?;
            if let Some(play) = &mut self.tournament {
                play.cancel = Some(reference);
            }
            self.message(TableMessage::TournamentCancelWaits);
        }
        if matches!(self.phase, TablePhase::DealingOut { .. }) {
            // The deck has fixed the outcome: deal it out now and record it; the cancel
            // follows the record (`after_tournament_hand`).
            self.deal_out_at_once().await;
        }
        Ok(TournamentCancel::AfterHand)
    }

    /// The cancel waiting for the hand that just ended, made now; a refusal is logged (the
    /// bank kept the cancel: the next start makes it).
    pub(super) async fn cancel_now(&mut self, reference: &str) {
        if let Err(error) = self.cancel_between_hands(reference, true).await {
            tracing::error!(
                table = self.table.0,
                "the sit & go's waiting cancel was refused: {error}"
            );
            self.halt(&error.to_string());
        }
    }

    /// Cancels in the bank and closes the table; `after_hand` when the cancel waited for a
    /// hand (the channel is told by the table, not by the command's answer).
    async fn cancel_between_hands(
        &mut self,
        reference: &str,
        after_hand: bool,
    ) -> Result<TournamentCancel, LobbyError> {
        let Some(play) = &self.tournament else {
            return Err(not_a_sit_and_go());
        };
        let (id, refunded) = (play.id, play.tournament.finishes().is_empty());
        let paid = self
            .services
            .bank
            .cancel_tournament_at_table(self.guild, id, reference)
            .await?;
        self.message(TableMessage::TournamentCancelled {
            tournament: id,
            refunded,
            paid: paid
                .iter()
                .copied()
                .filter(|&(_, chips)| chips > 0)
                .collect(),
            after_hand,
        });
        self.close_tournament_table();
        Ok(TournamentCancel::Cancelled { refunded, paid })
    }

    /// A player still in proposes a deal between hands: its amounts are fixed now, and no
    /// hand is dealt until it is made, declined or lapses.
    pub(super) async fn propose_deal(
        &mut self,
        user: UserId,
        kind: DealKind,
        reference: &str,
    ) -> Result<DealOffer, LobbyError> {
        let Some(play) = &self.tournament else {
            return Err(not_a_sit_and_go());
        };
        if play.cancel.is_some() {
            return Err(LobbyError::SitAndGoEnding);
        }
        if self.phase.hand().is_some() {
            return Err(LobbyError::DealDuringHand);
        }
        let id = play.id;
        let bank = self.services.bank.clone();
        let number = bank
            .propose_deal(self.guild, id, user, kind, reference)
            .await?;
        let state = bank
            .tournament(id)
            .await?
            .ok_or(BankError::UnknownTournament { tournament: id })?;
        let proposal = state
            .deal
            .filter(|deal| deal.number == number)
            .ok_or(BankError::NoSuchDeal { tournament: id })?;
        let lapse_at = (!self.paused).then(|| Instant::now() + self.deal_time());
        if let Some(play) = &mut self.tournament {
            play.deal = Some(OpenDeal {
                number,
                kind,
                lapse_at,
                hands_played: proposal.hands_played,
            });
        }
        if let Some(between) = self.phase.between_hands_mut() {
            between.next_hand_at = None;
        }
        let mut offer = DealOffer {
            tournament: id,
            number,
            kind,
            amounts: proposal.amounts.clone(),
            accepted: proposal.accepted.clone(),
            secs: self.deal_time().as_secs(),
            made: false,
        };
        if proposal.is_agreed() {
            // Every other player left is a computer that took it: made at once.
            offer.made = self.answer_deal(user, number, true).await? == DealAnswer::Made;
        }
        Ok(offer)
    }

    /// A player left answers deal `number`: the last acceptance makes it and the table
    /// closes; a decline drops it and play goes on.
    pub(super) async fn answer_deal(
        &mut self,
        user: UserId,
        number: u64,
        accept: bool,
    ) -> Result<DealAnswer, LobbyError> {
        let Some(play) = &self.tournament else {
            return Err(not_a_sit_and_go());
        };
        let id = play.id;
        if play.deal.is_none_or(|deal| deal.number != number) {
            return Err(BankError::NoSuchDeal { tournament: id }.into());
        }
        let bank = self.services.bank.clone();
        let paid: Payouts = match bank.answer_deal(self.guild, id, number, user, accept).await {
            Ok(paid) => paid,
            Err(gone @ BankError::NoSuchDeal { .. }) => {
                // The bank holds no deal `number`: it voided it (what it divides no longer
                // matches the stacks), or an answer whose outcome the table never heard
                // dropped it. Waiting for its lapse would hold the table for nothing.
                self.deal_dropped(TableMessage::DealGone);
                return Err(gone.into());
            }
            Err(error) => return Err(error.into()),
        };
        if !paid.is_empty() {
            self.deal_made(id).await?;
            return Ok(DealAnswer::Made);
        }
        if !accept {
            self.deal_dropped(TableMessage::DealDeclined { user });
            return Ok(DealAnswer::Declined);
        }
        let state = bank
            .tournament(id)
            .await?
            .ok_or(BankError::UnknownTournament { tournament: id })?;
        let (accepted, of) = state
            .deal
            .map_or((0, 0), |deal| (deal.accepted.len(), deal.amounts.len()));
        self.message(TableMessage::DealAccepted { user, accepted, of });
        Ok(DealAnswer::Accepted { accepted, of })
    }

    /// The bank ended the sit & go with the deal: the places are told and the table closes.
    async fn deal_made(&mut self, id: crate::bank::TournamentId) -> Result<(), LobbyError> {
        let state = self
            .services
            .bank
            .tournament(id)
            .await?
            .ok_or(BankError::UnknownTournament { tournament: id })?;
        if let TournamentPhase::Finished { tournament, .. } = &state.phase {
            self.message(tournament_over(id, &state.entrants, tournament));
        }
        self.close_tournament_table();
        Ok(())
    }

    /// The deal is gone (declined or lapsed): `why` is told and play goes on.
    fn deal_dropped(&mut self, why: TableMessage) {
        if let Some(play) = &mut self.tournament {
            play.deal = None;
        }
        self.message(why);
        self.maybe_schedule_next_hand();
    }

    /// The deal's time ran out, or it is void (its stacks moved since it was proposed): the
    /// bank drops it, the channel is told which, and play goes on.
    pub(super) async fn lapse_deal(&mut self) {
        let Some(play) = &self.tournament else {
            return;
        };
        let Some(deal) = play.deal else {
            return;
        };
        let id = play.id;
        let why = if deal.hands_played == play.tournament.hands_played() {
            TableMessage::DealLapsed
        } else {
            TableMessage::DealVoid
        };
        match self
            .services
            .bank
            .lapse_deal(self.guild, id, deal.number)
            .await
        {
            Ok(()) => self.deal_dropped(why),
            Err(error) => {
                // Asked again after a while: the bank must drop it before play goes on.
                tracing::warn!(
                    table = self.table.0,
                    "a lapsed deal was not dropped: {error}"
                );
                if let Some(play) = &mut self.tournament
                    && let Some(open) = &mut play.deal
                {
                    open.lapse_at = Some(Instant::now() + Duration::from_secs(5));
                }
            }
        }
    }

    /// A table reopened (a restart, or the start): a cancel that waited for a hand is made
    /// now, before any hand; a deal that waited is open again for its whole time.
    pub(super) async fn resume_tournament_end(&mut self) {
        let Some(play) = &self.tournament else {
            return;
        };
        if let Some(reference) = play.cancel.clone() {
            self.cancel_now(&reference).await;
            return;
        }
        let Some(deal) = play.deal else {
            return;
        };
        if deal.hands_played != play.tournament.hands_played() {
            // A record an older version kept past a hand: its amounts divide chips no longer
            // there, so it is dropped (as its lapse drops it) before anyone is asked to
            // accept it.
            if let Some(between) = self.phase.between_hands_mut() {
                between.next_hand_at = None;
            }
            self.lapse_deal().await;
            return;
        }
        let lapse_at = (!self.paused).then(|| Instant::now() + self.deal_time());
        let secs = self.deal_time().as_secs();
        if let Some(play) = &mut self.tournament {
            play.deal = Some(OpenDeal { lapse_at, ..deal });
        }
        if let Some(between) = self.phase.between_hands_mut() {
            between.next_hand_at = None;
        }
        self.message(TableMessage::DealStillOpen {
            number: deal.number,
            secs,
        });
    }

    /// A resumed table starts a waiting deal's time again, whole.
    pub(super) fn restart_deal_time(&mut self) {
        let time = self.deal_time();
        if let Some(play) = &mut self.tournament
            && let Some(deal) = &mut play.deal
        {
            deal.lapse_at = Some(Instant::now() + time);
        }
    }
}
