//! A table of a multi-table event: the same actor as a cash table or a sit & go's (one board
//! per hand, the quiet channel, turns, timers, time bank, pre-actions, buttons, DMs of down
//! cards), with the event's coordinator as the source of its hands.
//!
//! - The coordinator hands the table each hand ([`EventOrder::Deal`]: a `HandToDeal` with its
//!   players in deal order, their stacks, the level's game, stakes and rules). The table
//!   seats exactly those players (a player moved away is gone from it, one moved in takes
//!   the chair the event drew) and deals it after its pause between hands.
//! - People act through the same commands as at any table, in this table's channel; a
//!   computer entry plays as the table's computers do, after the lobby's thinking time; a
//!   person away is checked or folded for on their timer, as at a sit & go.
//! - A finished hand is answered to the coordinator (`HandResult`) and waits, settling, for
//!   the coordinator to say the bank recorded it ([`EventOrder::Recorded`]); only then is
//!   the result told, with each player it busted and their place and prize.
//! - No chip sits at the table and nothing of a hand is in the bank before its record, so a
//!   hand cut short (the table closed, the coordinator stopped, a crash) leaves nothing: the
//!   next coordinator deals it again from its start, as a new deal (a new series numbers its
//!   buttons apart from the old board's).
//! - The coordinator closes the table ([`EventOrder::Close`]) when it breaks, when the event
//!   ends, and when the coordinator itself stops.

use tokio::sync::oneshot;

use super::chairs::{Chairs, Seat};
use super::phase::TablePhase;
use super::{Table, answer};
use crate::bank::{TournamentId, UserId};
use crate::lobby::command::{Departure, TableCommand};
use crate::lobby::error::LobbyError;
use crate::lobby::event_order::{EventAway, EventBust, EventDeal, EventHandEnd, EventOrder};
use crate::lobby::notice::{SeatStatus, SitOutReason, TableMessage};
use crate::table::GameChoice;
use crate::telemetry::record;
use crate::tournament::multi::{HandResult, HandToDeal};

/// What a table of an event holds of it: the hand given and the hand in play.
pub(crate) struct EventTablePlay {
    /// The event: who sits out of it is kept in the bank under its number.
    id: TournamentId,
    /// Who sits out of the event, shared with its coordinator and other tables.
    away: EventAway,
    /// The hand given and not yet dealt.
    next: Option<EventDeal>,
    /// The hand in play: what it was given as, and where its end is answered.
    dealing: Option<(HandToDeal, oneshot::Sender<EventHandEnd>)>,
}

impl EventTablePlay {
    pub(crate) fn new(id: TournamentId, away: EventAway) -> EventTablePlay {
        EventTablePlay {
            id,
            away,
            next: None,
            dealing: None,
        }
    }

    /// No hand to deal until the coordinator gives one.
    pub(super) fn waits_for_a_hand(&self) -> bool {
        self.next.is_none()
    }
}

impl Table {
    pub(super) fn is_event_table(&self) -> bool {
        self.event.is_some()
    }

    /// The commands an event's table answers as a sit & go's does (nobody leaves with
    /// chips: leaving is sitting out, dealt in all the same and acted for at once), kept in
    /// the bank with the event so they hold at the next table and after a restart; answered
    /// here, or handed back for `handle`.
    pub(super) async fn handle_at_event(&mut self, command: TableCommand) -> Option<TableCommand> {
        match command {
            TableCommand::SitOut { user, reply } => {
                answer(reply, self.sit_out_of_tournament(user).await);
            }
            TableCommand::Back { user, reply } => {
                answer(reply, self.back_in_tournament(user).await);
            }
            TableCommand::Leave { user, reply } => {
                let sat_out = self.sit_out_of_tournament(user).await;
                answer(reply, sat_out.map(|()| Departure::AfterHand));
            }
            command => return Some(command),
        }
        None
    }

    /// Acts on the coordinator's order.
    pub(super) async fn obey_event(&mut self, order: EventOrder) {
        if !self.is_event_table() {
            return;
        }
        match order {
            EventOrder::Deal(deal) => self.take_event_hand(*deal),
            EventOrder::Recorded {
                number,
                busts,
                told,
            } => self.event_hand_recorded(number, busts, told).await,
            EventOrder::Left { user } => self.event_player_left(user),
            EventOrder::Close => self.close_event_table(),
        }
    }

    /// The coordinator's next hand: its players take their chairs (those gone leave), and
    /// it is dealt after the pause between hands.
    fn take_event_hand(&mut self, deal: EventDeal) {
        if self.phase.between_hands_mut().is_none() {
            // The coordinator deals a table only once its last hand is recorded; dropping
            // the order answers it that the table could not.
            tracing::error!(table = self.table.0, "an event hand came during a hand");
            return;
        }
        self.seat_event_players(&deal);
        if let Some(play) = &mut self.event {
            play.next = Some(deal);
        }
        self.maybe_schedule_next_hand();
    }

    /// The table's chairs become the hand's players, each with their stack: a player still
    /// here keeps their time bank and whether they sit out; a newcomer's bank is full, and
    /// they sit out if they sat out of the event (at their last table, or before a restart).
    fn seat_event_players(&mut self, deal: &EventDeal) {
        let full = self.full_time_bank();
        let mut chairs = Chairs::default();
        let seated = deal
            .hand
            .seats
            .iter()
            .zip(&deal.players)
            .zip(&deal.hand.stacks);
        for ((&(chair, _), &user), &stack) in seated {
            let chair = u8::try_from(chair).unwrap_or(u8::MAX);
            let seat = match self.seats.remove(user) {
                Some(mut seat) => {
                    seat.chair = chair;
                    seat.stack = stack;
                    seat
                }
                None => self.newcomer(chair, user, stack).with_time_bank(full),
            };
            chairs.insert(seat);
        }
        self.seats = chairs;
    }

    /// A seat for `user`, come to this table: sitting out as they sat out of the event.
    fn newcomer(&self, chair: u8, user: UserId, stack: u64) -> Seat {
        let mut seat = Seat::new(chair, user, stack);
        let away = self.event.as_ref().and_then(|play| play.away.of(user));
        if let Some(timed_out) = away {
            let reason = if timed_out {
                SitOutReason::TimedOut
            } else {
                SitOutReason::Asked
            };
            seat.status = SeatStatus::SittingOut { reason };
        }
        seat
    }

    /// Keeps in the bank that `user` sits out of the event (`Some(timed_out)`) or is back
    /// (`None`), then shares it with the event's other tables and its coordinator.
    pub(super) async fn keep_sitting_out_of_event(
        &self,
        user: UserId,
        away: Option<bool>,
    ) -> Result<(), LobbyError> {
        let Some(play) = &self.event else {
            return Ok(());
        };
        self.services
            .bank
            .set_event_sitting_out(self.guild, play.id, user, away)
            .await?;
        play.away.set(user, away);
        Ok(())
    }

    /// A player moved away between hands leaves their chair (never one in the hand in play
    /// or the next one given: the coordinator moves only players of tables between hands).
    fn event_player_left(&mut self, user: UserId) {
        let in_hand = self
            .phase
            .hand()
            .is_some_and(|hand| hand.players.contains(&user));
        let dealt_next = self
            .event
            .as_ref()
            .and_then(|play| play.next.as_ref())
            .is_some_and(|next| next.players.contains(&user));
        if !in_hand && !dealt_next {
            self.seats.remove(user);
        }
    }

    /// Deals the hand the coordinator gave: `BetweenHands` becomes `Playing`.
    pub(super) async fn start_event_hand(&mut self) {
        let Some(deal) = self.event.as_mut().and_then(|play| play.next.take()) else {
            return;
        };
        let EventDeal {
            hand,
            players,
            done,
        } = deal;
        self.settings.game = GameChoice::from(hand.game);
        self.settings.stakes = hand.stakes;
        self.settings.rules = hand.rules;
        self.last_hand = hand.number;
        if let Err(why) = self.deal(hand.number, hand.game, players, &hand.stacks) {
            // Dropping `done` tells the coordinator, which stops: a restart deals it again.
            self.halt(&why);
            return;
        }
        if let Some(play) = &mut self.event {
            play.dealing = Some((hand, done));
        }
        self.after_action().await;
    }

    /// The hand is over (`Settling`): its end and its public history go to the coordinator,
    /// whose record stores them together, and the table waits for the record before telling
    /// anything of it.
    pub(super) fn answer_event_hand(&mut self) {
        let TablePhase::Settling { hand: in_play, .. } = &self.phase else {
            return;
        };
        let Some(final_stacks) = in_play.hand.result().map(|r| r.final_stacks.clone()) else {
            return;
        };
        let Some((hand, done)) = self.event.as_mut().and_then(|play| play.dealing.take()) else {
            return;
        };
        let result = HandResult {
            table: hand.table,
            number: hand.number,
            dealt: hand.seats.iter().map(|&(_, entry)| entry).collect(),
            final_stacks,
            round: hand.round,
        };
        let history = self.settling_history();
        if done.send(EventHandEnd { result, history }).is_err() {
            // The coordinator is gone: the hand is dealt again by the next one.
            self.close_event_table();
        }
    }

    /// The bank recorded hand `number`: its result is told, each player it busted leaves
    /// with their place and prize, the coordinator hears it was told (`told`; dropped
    /// unanswered when the table has no such hand), and the table waits for its next hand.
    async fn event_hand_recorded(
        &mut self,
        number: u64,
        busts: Vec<EventBust>,
        told: oneshot::Sender<()>,
    ) {
        let recorded =
            matches!(&self.phase, TablePhase::Settling { hand, .. } if hand.number == number);
        if !recorded {
            return;
        }
        let Some(in_play) = self.phase.end_hand() else {
            return;
        };
        record::hand_finished();
        self.announce_result(in_play);
        for bust in busts {
            self.seats.remove(bust.user);
            self.message(TableMessage::TournamentOut {
                user: bust.user,
                place: bust.place,
                prize: bust.prize,
            });
        }
        // The coordinator may be gone: nobody left to tell.
        let _ = told.send(());
        self.after_hand().await;
    }

    /// The table deals no more: a hand in play is dropped unrecorded (nothing of it is in
    /// the bank), and the task ends.
    pub(super) fn close_event_table(&mut self) {
        if self.phase.end_hand().is_some() {
            record::hand_finished();
        }
        self.seats.clear();
        self.phase = TablePhase::Closed;
    }
}
