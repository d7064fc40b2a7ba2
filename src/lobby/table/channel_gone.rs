//! A table whose channel (or thread) is gone, or whose server removed the bot: nobody can
//! see it again, so it ends as a moderator would end it, never played out by timeouts.
//!
//! - A cash table closes (`admin`'s close: the hand in play refunded, every seat cashed out).
//! - A sit & go ends as a cancel does, through the bank's one cancel
//!   (`Bank::cancel_tournament`, which decides the division). First the hand in play is
//!   settled or undone as a crash would leave it: a hand whose betting is over (being dealt
//!   out, or settling) has an outcome the deck has fixed, so it is dealt out and recorded as
//!   a shutdown would; a hand still in its betting is undone (it was never recorded: the bank
//!   holds every stack as of its start). The cancel's reference is the sit & go's own
//!   (`channel_gone_cancel_reference`), so whichever event or start finds the channel gone,
//!   and however often, it is cancelled once.

use crate::bank::{BankError, TournamentId, channel_gone_cancel_reference};
use crate::telemetry::record;

use super::Table;
use super::phase::TablePhase;
use crate::lobby::command::Gone;
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{CancelReason, TableMessage};

impl Table {
    /// The table's channel is gone: a cash table closes, a sit & go is cancelled.
    pub(super) async fn channel_gone(&mut self) -> Result<Gone, LobbyError> {
        let Some(play) = &self.tournament else {
            return self.close().await.map(Gone::TableClosed);
        };
        let id = play.id;
        // Whatever the hand does now, no other is dealt.
        self.closing = true;
        let ended = self.end_sit_and_go(id).await;
        self.closing = false;
        if ended.is_err() && !self.phase.is_closed() {
            // Nobody can act here: the table waits, frozen, for the next try (the next
            // start finds the channel gone again) rather than playing on by timeouts.
            self.freeze();
        }
        ended
    }

    async fn end_sit_and_go(&mut self, id: TournamentId) -> Result<Gone, LobbyError> {
        if matches!(self.phase, TablePhase::DealingOut { .. }) {
            // Dealt out and recorded at once (the recording follows the last street).
            self.deal_out_at_once().await;
        }
        if self.phase.is_settling() {
            // The betting is over: record it (once more, if it was tried already).
            self.settle().await;
        }
        if self.phase.is_closed() {
            // That hand ended the sit & go: it was paid as any last hand is.
            return Ok(Gone::Nothing);
        }
        if let Some(in_play) = self.phase.end_hand() {
            // Still in its betting (or its record unconfirmed, which the cancel's place in
            // the bank's order settles: a record landing after the cancel is refused).
            record::hand_finished();
            let stacks = self.seats.stacks_of(&in_play.players);
            self.message(TableMessage::HandCancelled {
                hand: in_play.number,
                reason: CancelReason::TableClosed,
                stacks,
            });
        }
        let reference = channel_gone_cancel_reference(id);
        let cancelled = self
            .services
            .bank
            .cancel_tournament_at_table(self.guild, id, &reference)
            .await;
        let gone = match cancelled {
            Ok(paid) => Gone::SitAndGoCancelled {
                tournament: id,
                running: true,
                paid,
            },
            // Ended meanwhile (a moderator's cancel, or its last hand): nothing left to end.
            Err(BankError::TournamentOver { .. }) => Gone::Nothing,
            Err(error) => return Err(error.into()),
        };
        self.close_tournament_table();
        Ok(gone)
    }
}
