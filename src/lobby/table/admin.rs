//! What a moderator does to a table: pause and resume, new settings, kick, close.

use crate::bank::{Payouts, UserId};
use crate::table::GameChoice;
use crate::telemetry::record;

use super::Table;
use super::phase::TablePhase;
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{CancelReason, SeatStatus, TableMessage};
use crate::lobby::settings::TableSettings;
use crate::lobby::store::TableRecord;

impl Table {
    /// A moderator's pause, stored with the table so that a restart keeps it paused.
    pub(super) async fn pause(&mut self) -> Result<(), LobbyError> {
        if self.paused {
            return Err(LobbyError::Paused);
        }
        self.store_pause(true).await?;
        self.paused_by_moderator = true;
        self.freeze();
        self.message(TableMessage::Paused);
        Ok(())
    }

    /// Freezes the table in whatever phase it is: its timers stop, and a resume sets them
    /// again, whole.
    pub(super) fn freeze(&mut self) {
        self.charge_time_bank();
        self.paused = true;
        self.phase.stop_timers();
    }

    pub(super) async fn resume(&mut self) -> Result<(), LobbyError> {
        if !self.paused {
            return Err(LobbyError::NotPaused);
        }
        if self.paused_by_moderator {
            self.store_pause(false).await?;
            self.paused_by_moderator = false;
        }
        self.paused = false;
        self.restart_deal_time();
        self.message(TableMessage::Resumed);
        if self.phase.hand().is_some() {
            // The board again, then the turns of anyone who left or was kicked while the
            // table was paused, and a whole timer for the player to act.
            self.after_action().await;
        } else {
            self.maybe_schedule_next_hand();
        }
        Ok(())
    }

    /// Between hands the player is cashed out at once; during a hand the kick takes effect
    /// when it ends: the player plays it out (see `Seat::is_automatic`), so no kick decides a
    /// pot.
    pub(super) async fn kick(&mut self, user: UserId) -> Result<Option<u64>, LobbyError> {
        let seat = self.seats.seated_mut(user)?;
        if self.phase.hand().is_some() {
            seat.status = SeatStatus::Kicked;
            return Ok(None);
        }
        match self.cash_out(user).await {
            Ok(cashed_out) => {
                self.message(TableMessage::Kicked { user, cashed_out });
                Ok(Some(cashed_out))
            }
            Err(error) => self.depart_when_confirmed(user, SeatStatus::Kicked, error),
        }
    }

    pub(super) async fn change_settings(
        &mut self,
        settings: TableSettings,
    ) -> Result<u64, LobbyError> {
        settings.validate()?;
        settings.check_computer_buy_in(self.services.bank.computer_max_buy_in())?;
        if self.seats.len() > usize::from(settings.seats) {
            return Err(LobbyError::TableFull {
                seats: settings.seats,
            });
        }
        // During a hand `last_hand` is that hand's number, so this is the next hand either way.
        let from_hand = self.last_hand + 1;
        // A table turning to `mix` starts the rotation (with razz) at the hand the new
        // settings reach; one already in `mix` keeps its place.
        let current = self.pending_settings.unwrap_or(self.settings);
        let mix_from_hand = if settings.game == GameChoice::Mix && current.game != GameChoice::Mix {
            from_hand
        } else {
            self.mix_from_hand
        };
        self.save_record(settings, mix_from_hand, self.paused_by_moderator)
            .await?;
        self.mix_from_hand = mix_from_hand;
        if self.phase.hand().is_some() {
            self.pending_settings = Some(settings);
        } else {
            self.apply_settings(settings).await;
            self.arrange_computers().await;
            self.maybe_schedule_next_hand();
        }
        self.message(TableMessage::SettingsChanged {
            settings: Box::new(settings),
            from_hand,
        });
        Ok(from_hand)
    }

    /// Installs new settings between hands, moving anyone whose chair no longer exists.
    pub(super) async fn apply_settings(&mut self, settings: TableSettings) {
        self.fit_time_banks(&settings);
        self.settings = settings;
        if self.seats.fit_into(settings.seats) {
            self.save_chairs().await;
        }
    }

    /// Stores who sits where, so a restart seats everyone in their own chair. The chips are
    /// the bank's and already moved: a store that fails here costs only the chairs (a restart
    /// gives the players it missed the lowest free ones), so it is logged, not refused.
    pub(super) async fn save_chairs(&self) {
        let saved = self
            .save_record(
                self.stored_settings(),
                self.mix_from_hand,
                self.paused_by_moderator,
            )
            .await;
        if let Err(error) = saved {
            tracing::error!(table = self.table.0, "the chairs were not stored: {error}");
        }
    }

    /// Stores a moderator's pause or resume where a restart reads it: a cash table's in its
    /// record, a sit & go's beside the tournament in the bank.
    async fn store_pause(&self, paused: bool) -> Result<(), LobbyError> {
        match &self.tournament {
            Some(play) => Ok(self
                .services
                .bank
                .pause_tournament(self.guild, play.id, paused)
                .await?),
            None => {
                self.save_record(self.stored_settings(), self.mix_from_hand, paused)
                    .await
            }
        }
    }

    /// The settings a restart starts from: those of the next hand.
    fn stored_settings(&self) -> TableSettings {
        self.pending_settings.unwrap_or(self.settings)
    }

    async fn save_record(
        &self,
        settings: TableSettings,
        mix_from_hand: u64,
        paused: bool,
    ) -> Result<(), LobbyError> {
        if self.is_tournament() {
            // A sit & go's table is reopened from the bank's record of the sit & go (its
            // pause beside it, `store_pause`), never from the store (where a restart would
            // take it for a cash table).
            return Ok(());
        }
        let record = TableRecord {
            guild: self.guild,
            table: self.table,
            settings,
            chairs: self.seats.chairs(),
            mix_from_hand,
            paused,
        };
        self.services
            .store
            .save(&record)
            .await
            .map_err(|reason| LobbyError::Store { reason })
    }

    /// Closes the table for good: the hand in progress is refunded (one being dealt out, whose
    /// outcome the deck has fixed, is dealt out and settled first), everyone is cashed out,
    /// and the record goes, so a restart never reopens it. Refused, the table plays on.
    pub(super) async fn close(&mut self) -> Result<Payouts, LobbyError> {
        self.closing = true;
        let closed = self.close_for_good().await;
        self.closing = false;
        if closed.is_err() {
            self.maybe_schedule_next_hand();
        }
        closed
    }

    async fn close_for_good(&mut self) -> Result<Payouts, LobbyError> {
        if matches!(self.phase, TablePhase::DealingOut { .. }) {
            self.deal_out_at_once().await;
            if let TablePhase::Settling { settlement, .. } = &self.phase {
                // Settled or not, the bank does not say yet: refunding it could undo a
                // settlement, so the table stays open until the bank answers.
                return Err(match settlement.unconfirmed.clone() {
                    Some(reason) => LobbyError::Bank { reason },
                    None => LobbyError::Internal {
                        reason: "the bank has not confirmed the hand's settlement".into(),
                    },
                });
            }
        }
        if let Some(hand) = self.phase.hand() {
            let number = hand.number;
            let stacks = self.seats.stacks_of(&hand.players);
            self.services.bank.cancel_hand(self.table, number).await?;
            record::hand_finished();
            self.phase = TablePhase::between_hands();
            self.message(TableMessage::HandCancelled {
                hand: number,
                reason: CancelReason::TableClosed,
                stacks,
            });
        }
        let reference = self.next_reference("close");
        let cashed_out = self
            .services
            .bank
            .close_table(self.guild, self.table, &reference)
            .await?;
        self.seats.clear();
        self.services
            .store
            .remove(self.table)
            .await
            .map_err(|reason| LobbyError::Store { reason })?;
        self.phase = TablePhase::Closed;
        if let Some(lobby) = self.services.lobby.upgrade() {
            lobby.forget(self.table);
        }
        self.message(TableMessage::Closed {
            cashed_out: cashed_out.clone(),
        });
        Ok(cashed_out)
    }
}
