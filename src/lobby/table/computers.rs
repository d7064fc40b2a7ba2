//! The table's own computer players (the moderator's `computer_players` and
//! `computer_level`): between hands they take free chairs while humans are short, and give a
//! chair back when a human wants it; in a hand they answer their turn after a human-like pause
//! on the table's clock, through the same checks as a click. A computer's chips are the guild
//! house's (the bank buys it in from there and cashes it out to there), and a table with no
//! human ready is never dealt a hand by computers alone.

use tokio::sync::oneshot;
use tokio::time::Instant;

use crate::bank::{BankError, UserId};
use crate::table::computer::choose_action_at;

use super::Table;
use super::phase::TablePhase;
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{NoticeBody, SeatStatus, TableMessage};

impl Table {
    /// Humans who would be dealt into the next hand.
    pub(super) fn ready_humans(&self) -> usize {
        self.seats
            .iter()
            .filter(|seat| !seat.user.is_computer() && seat.is_ready())
            .count()
    }

    /// The computer players the next hand should have: none without a human ready, else as
    /// many as the setting allows in the chairs humans (seated or waiting for a computer's
    /// chair) leave free.
    fn computers_wanted(&self) -> usize {
        if self.ready_humans() == 0 {
            return 0;
        }
        let humans = self
            .seats
            .iter()
            .filter(|seat| !seat.user.is_computer())
            .count()
            + self.wanting_seat.len();
        let room = usize::from(self.settings.seats).saturating_sub(humans);
        usize::from(self.settings.computer_players).min(room)
    }

    /// The players the next hand would deal in, the computers the table would seat for it
    /// counted.
    pub(super) fn ready_for_next_hand(&self) -> usize {
        if self.is_tournament() {
            // A sit & go deals everyone still in, sitting out or not.
            return self.seats.len();
        }
        self.ready_humans() + self.computers_wanted()
    }

    /// A human asked for a seat at a full table where a computer sits: between hands the
    /// computer gives its chair at once; during a hand the human waits for its end (told so).
    pub(super) async fn take_a_computers_chair(
        &mut self,
        user: UserId,
        buy_in: u64,
    ) -> Result<(u8, u64), LobbyError> {
        if self
            .wanting_seat
            .iter()
            .any(|(waiting, _)| *waiting == user)
        {
            return Err(LobbyError::SeatAfterHand);
        }
        if self.phase.between_hands_mut().is_none() {
            self.wanting_seat.push((user, buy_in));
            return Err(LobbyError::SeatAfterHand);
        }
        let computer = self.last_computer().ok_or(LobbyError::TableFull {
            seats: self.settings.seats,
        })?;
        self.let_computer_go(computer).await;
        self.seat_player(user, buy_in).await
    }

    fn last_computer(&self) -> Option<UserId> {
        self.seats
            .iter()
            .map(|seat| seat.user)
            .filter(|user| user.is_computer())
            .last()
    }

    /// Cashes a computer player out to the house. One the bank did not confirm stays seated
    /// as leaving (dealt no hand) and is cashed out again with the same reference.
    async fn let_computer_go(&mut self, computer: UserId) {
        match self.cash_out(computer).await {
            Ok(cashed_out) => self.message(TableMessage::Left {
                user: computer,
                cashed_out,
            }),
            Err(error) => {
                if let Err(error) = self.depart_when_confirmed(computer, SeatStatus::Leaving, error)
                {
                    tracing::warn!(
                        table = self.table.0,
                        "a computer player could not leave: {error}"
                    );
                }
            }
        }
    }

    /// Between hands: seats the humans waiting for a computer's chair (at a buy-in the
    /// settings now in force allow; `/leave` withdrew the others), lets go the computers no
    /// longer wanted (and any busted), and seats those the next hand wants.
    pub(super) async fn arrange_computers(&mut self) {
        if self.paused
            || self.closing
            || self.stopping.is_some()
            || self.is_tournament()
            || self.phase.between_hands_mut().is_none()
        {
            return;
        }
        self.seat_players_waiting().await;
        let wanted = self.computers_wanted();
        let computers: Vec<(UserId, bool)> = self
            .seats
            .iter()
            .filter(|seat| seat.user.is_computer() && !seat.is_departing())
            .map(|seat| (seat.user, seat.is_ready()))
            .collect();
        // What a computer buys in for: the table's largest buy-in, within the operator's
        // bound (a table stored before the bound, or before it was lowered); none sits where
        // that is below the table's smallest.
        let buy_in = self
            .settings
            .max_buy_in
            .min(self.services.bank.computer_max_buy_in());
        let wanted = if buy_in < self.settings.min_buy_in {
            0
        } else {
            wanted
        };
        let mut kept = 0;
        for (computer, ready) in computers {
            if ready && kept < wanted {
                kept += 1;
            } else {
                self.let_computer_go(computer).await;
            }
        }
        while kept < wanted {
            let Some(chair) = self.seats.free_chair(self.settings.seats) else {
                break;
            };
            let computer = UserId::computer(chair);
            if self.seats.contains(computer) {
                break;
            }
            match self.seat_player(computer, buy_in).await {
                Ok(_) => {
                    kept += 1;
                    self.house_dry_told = false;
                }
                Err(LobbyError::Bank {
                    reason: BankError::HouseDry { .. },
                }) if self.house_dry_told => break,
                Err(error) => {
                    // Told once while the house stays dry, not at every hand.
                    self.house_dry_told = matches!(
                        error,
                        LobbyError::Bank {
                            reason: BankError::HouseDry { .. }
                        }
                    );
                    tracing::warn!(table = self.table.0, "no computer player seated: {error}");
                    break;
                }
            }
        }
    }

    /// Players who asked for a computer's chair sit down, each in the chair of the last
    /// computer seated when the table is full, at a buy-in within the range of the hand they
    /// are seated for.
    async fn seat_players_waiting(&mut self) {
        for (user, buy_in) in std::mem::take(&mut self.wanting_seat) {
            if self.seats.contains(user) {
                continue;
            }
            // Checked again against the settings of the hand they are seated for: a
            // moderator may have changed the buy-in range since they asked.
            let (min, max) = (self.settings.min_buy_in, self.settings.max_buy_in);
            if !(min..=max).contains(&buy_in) {
                let error = LobbyError::BuyInOutOfRange {
                    min,
                    max,
                    amount: buy_in,
                };
                self.emit(NoticeBody::Error { user, error });
                continue;
            }
            if self.seats.len() >= usize::from(self.settings.seats)
                && let Some(computer) = self.last_computer()
            {
                self.let_computer_go(computer).await;
            }
            if let Err(error) = self.seat_player(user, buy_in).await {
                self.emit(NoticeBody::Error { user, error });
            }
        }
    }

    /// The player to act is a computer: it acts after thinking a while (the table's clock).
    pub(super) fn schedule_computer_turn(&mut self, user: UserId) {
        if self.paused || !user.is_computer() {
            return;
        }
        let TablePhase::Playing {
            hand,
            computer_turn_at,
            ..
        } = &mut self.phase
        else {
            return;
        };
        let legal = hand.hand.legal_actions();
        let pause = self.services.thinking.draw(&legal, &mut self.computer_rng);
        *computer_turn_at = Some(Instant::now() + pause);
    }

    /// A computer player's turn came due: it chooses from what its seat sees (its own cards,
    /// the public board) and acts through the same checks as a player's click.
    pub(super) async fn play_computer_turn(&mut self) {
        let Some((seat, user)) = self.to_act() else {
            return;
        };
        if !user.is_computer() {
            return;
        }
        let Some(hand) = self.phase.hand() else {
            return;
        };
        let Some(private) = hand.hand.private_view(seat) else {
            return;
        };
        let public = hand.hand.public_view();
        let offered = crate::lobby::command::OfferedTurn {
            hand: hand.number,
            deal: hand.deal,
            action_seq: hand.hand.action_seq(),
        };
        let level = self.settings.computer_level;
        let Some(action) = choose_action_at(level, &private, &public, &mut self.computer_rng)
        else {
            return;
        };
        // Nobody waits for the answer; a refusal leaves the turn to the action timer.
        let (reply, _answer) = oneshot::channel();
        self.act(user, offered, action.kind, reply).await;
    }
}
