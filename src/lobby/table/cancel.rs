//! A moderator's `/tournament cancel` of a running sit & go never decides a pot. Between
//! hands the bank cancels it at once (its one cancel divides the pool). A hand whose betting
//! is over (being dealt out, or settling) has an outcome the deck has fixed: it is dealt out
//! and recorded first, as a shutdown would, and the cancel follows. A hand still in its
//! betting is played to its end, every player acting as usual, and the cancel waits for it:
//! no cancel undoes a hand in play, so nobody escapes a bet they face or takes a pot by
//! cancelling. Every cancel that waited is answered once the hand is recorded; the first
//! one's reference is the cancel's.

use crate::bank::{BankError, Payouts, TournamentId};

use super::phase::TablePhase;
use super::{Table, answer};
use crate::lobby::command::Responder;
use crate::lobby::error::LobbyError;

impl Table {
    /// A moderator cancels the sit & go: now between hands, else once the hand in play ends.
    pub(super) async fn cancel_sit_and_go(&mut self, reference: String, reply: Responder<Payouts>) {
        let Some(id) = self.tournament.as_ref().map(|play| play.id) else {
            answer(reply, Err(LobbyError::NoSuchTable { table: self.table }));
            return;
        };
        if matches!(self.phase, TablePhase::DealingOut { .. }) {
            self.deal_out_at_once().await;
        }
        if self.phase.is_settling() {
            self.settle().await;
        }
        if self.phase.is_closed() {
            // That hand ended the sit & go: it was paid as any last hand is.
            answer(
                reply,
                Err(BankError::TournamentOver { tournament: id }.into()),
            );
            return;
        }
        if self.phase.hand().is_some() {
            self.cancels_after_hand.push((reference, reply));
            return;
        }
        let cancelled = self.cancel_now(id, &reference).await;
        answer(reply, cancelled);
    }

    /// The hand in play was recorded and the sit & go goes on: the cancels that waited for
    /// it are carried out now. True when the sit & go was cancelled (the table is closed).
    pub(super) async fn cancel_after_hand(&mut self) -> bool {
        let waiting = std::mem::take(&mut self.cancels_after_hand);
        let (Some(id), Some((reference, _))) = (
            self.tournament.as_ref().map(|play| play.id),
            waiting.first(),
        ) else {
            return false;
        };
        let reference = reference.clone();
        let cancelled = self.cancel_now(id, &reference).await;
        let closed = cancelled.is_ok();
        for (_, reply) in waiting {
            answer(reply, cancelled.clone());
        }
        closed
    }

    async fn cancel_now(
        &mut self,
        id: TournamentId,
        reference: &str,
    ) -> Result<Payouts, LobbyError> {
        let paid = self
            .services
            .bank
            .cancel_tournament_at_table(self.guild, id, reference)
            .await?;
        self.close_tournament_table();
        Ok(paid)
    }
}
