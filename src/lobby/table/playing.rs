//! The hand in play: scheduling and dealing the next hand, a player's action and what
//! follows it (the board, the next turn, the hand's end). Whose turn it is and the table's
//! part in it are `turns`'s.

use crate::telemetry::record;
use std::time::Duration;

use tokio::time::Instant;

use crate::bank::{BankError, UserId};
use crate::table::deck::Deck;
use crate::table::hand::{
    ActionError, ActionKind, Event, Hand, HandSetup, Phase as HandPhase, SeatIndex,
};
use crate::table::{Game, MixLeg};

use super::phase::{HandInPlay, TablePhase, TurnClock};
use super::settle::{applied, outcome_unknown, retry_delay};
use super::{Table, answer};
use crate::lobby::command::{OfferedTurn, Responder};
use crate::lobby::error::LobbyError;
use crate::lobby::notice::{LastAction, TableMessage};

/// Whether the hand is over and waits to be settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HandOver {
    Yes,
    No,
}

impl Table {
    /// Between hands, with two players ready and nothing in the way: the next hand is dealt
    /// after the table's pause between hands.
    pub(super) fn maybe_schedule_next_hand(&mut self) {
        if self.paused
            || self.held
            || self.closing
            || self.stopping.is_some()
            || self.ready_for_next_hand() < 2
            || self
                .front_end_done_with
                .is_some_and(|done| done < self.last_hand)
        {
            return;
        }
        // A sit & go's cancel or deal waits: no hand is dealt meanwhile.
        if self
            .tournament
            .as_ref()
            .is_some_and(|play| play.holds_play())
        {
            return;
        }
        // An event's table deals only the hand its coordinator gave.
        if self
            .event
            .as_ref()
            .is_some_and(|play| play.waits_for_a_hand())
        {
            return;
        }
        let Some(between) = self.phase.between_hands_mut() else {
            return;
        };
        if between.next_hand_at.is_some() {
            return;
        }
        let secs = self.settings.between_hands_secs;
        between.next_hand_at = Some(Instant::now() + Duration::from_secs(u64::from(secs)));
        self.message(TableMessage::NextHandIn {
            hand: self.last_hand + 1,
            secs,
        });
    }

    /// From now on the next hand waits for the front end to be done with the last (see
    /// `TableCommand::WaitForEachHandDone`); the hands dealt so far count as done.
    pub(super) fn wait_for_each_hand_done(&mut self) -> Result<(), LobbyError> {
        self.front_end_done_with = Some(self.last_hand);
        Ok(())
    }

    /// The front end is done with hand `hand`'s end: the next may be scheduled.
    pub(super) fn hand_done(&mut self, hand: u64) -> Result<(), LobbyError> {
        if let Some(done) = &mut self.front_end_done_with {
            *done = (*done).max(hand);
        }
        self.maybe_schedule_next_hand();
        Ok(())
    }

    /// Deals the next hand to every ready player, the deal starting one chair after last time:
    /// `BetweenHands` becomes `Playing`.
    pub(super) async fn start_hand(&mut self) {
        if self.paused
            || self.held
            || self.stopping.is_some()
            || self.phase.between_hands_mut().is_none()
        {
            return;
        }
        if self.is_tournament() {
            self.start_tournament_hand().await;
            return;
        }
        self.arrange_computers().await;
        let mut ready: Vec<(u8, UserId, u64)> = self
            .seats
            .iter()
            .filter(|seat| seat.is_ready())
            .map(|seat| (seat.chair, seat.user, seat.stack))
            .collect();
        // Computers alone never play: without a human ready nobody is dealt in.
        if ready.len() < 2 || self.ready_humans() == 0 {
            let count = self.ready_humans();
            self.message(TableMessage::WaitingForPlayers { ready: count });
            return;
        }
        if let Some(last) = self.last_first_chair {
            let start = ready
                .iter()
                .position(|(chair, _, _)| *chair > last)
                .unwrap_or(0);
            ready.rotate_left(start);
        }
        let players: Vec<UserId> = ready.iter().map(|(_, user, _)| *user).collect();
        let stacks: Vec<u64> = ready.iter().map(|(_, _, stack)| *stack).collect();
        let first_chair = ready.first().map(|(chair, _, _)| *chair);

        if !self.clear_unconfirmed_begin().await {
            return;
        }
        let number = self.last_hand + 1;
        self.last_hand = number;
        let (bank, guild, table) = (self.services.bank.clone(), self.guild, self.table);
        let (begun, told) = self
            .await_bank(
                async move { bank.begin_hand(guild, table, number).await },
                TableMessage::WaitingForBank { hand: number },
            )
            .await;
        if let Err(error) = applied(begun, "begin") {
            if outcome_unknown(&error) {
                // It may still begin: cancel it before dealing the next one.
                tracing::warn!(
                    table = self.table.0,
                    hand = number,
                    "begin unconfirmed: {error}"
                );
                if !told {
                    self.message(TableMessage::WaitingForBank { hand: number });
                }
                if let Some(between) = self.phase.between_hands_mut() {
                    between.unconfirmed_begin = Some(number);
                    between.next_hand_at = Some(Instant::now() + retry_delay(1));
                }
            } else {
                self.halt(&error.to_string());
            }
            return;
        }
        let game = self.game_of_hand(number);
        if let Err(why) = self.deal(number, game, players, &stacks) {
            let _ = self.services.bank.cancel_hand(self.table, number).await;
            self.halt(&why);
            return;
        }
        self.last_first_chair = first_chair;
        self.after_action().await;
    }

    /// Deals hand `number` of `game` at the table's stakes to `players` (in deal order) with
    /// `stacks`, and sends each their cards: `BetweenHands` becomes `Playing`. The engine's
    /// refusal leaves the phase as it was.
    pub(super) fn deal(
        &mut self,
        number: u64,
        game: Game,
        players: Vec<UserId>,
        stacks: &[u64],
    ) -> Result<(), String> {
        let deck = match &mut self.rng {
            Some(rng) => Deck::shuffled_with(rng),
            None => Deck::shuffled(),
        };
        let settings = &self.settings;
        // Dealt out street by street: a table shows each board of an all-in hand.
        let setup = HandSetup::from_deck(game, settings.stakes, settings.rules, stacks, deck)
            .street_by_street();
        let hand = Hand::new(setup).map_err(|error| error.to_string())?;
        self.deal_time_and_count_away(&players);
        self.phase = TablePhase::Playing {
            hand: HandInPlay {
                number,
                deal: self.redeal_number,
                hand,
                players,
                last_action: None,
                pre_actions: Vec::new(),
                dropped: None,
            },
            clock: TurnClock::default(),
            computer_turn_at: None,
        };
        for seat in 0..stacks.len() {
            self.send_cards(seat);
        }
        Ok(())
    }

    /// The game hand `number` deals: the table's one game, or in `mix` the rotation's, counted
    /// from the first hand dealt under `mix`.
    pub(super) fn game_of_hand(&self, number: u64) -> Game {
        let settings = &self.settings;
        let dealt_in_mix = number.saturating_sub(self.mix_from_hand);
        settings.game.game_of_hand(dealt_in_mix, settings.mix_hands)
    }

    /// In `mix`, where hand `number` stands in the rotation (for the board's header).
    pub(super) fn mix_leg(&self, number: u64) -> Option<MixLeg> {
        let settings = &self.settings;
        let dealt_in_mix = number.saturating_sub(self.mix_from_hand);
        settings.game.mix_leg(dealt_in_mix, settings.mix_hands)
    }

    /// Cancels a hand whose begin the bank did not confirm (it may have begun meanwhile);
    /// returns whether the next hand may begin. Not known yet: another try is scheduled.
    async fn clear_unconfirmed_begin(&mut self) -> bool {
        let Some(number) = self
            .phase
            .between_hands_mut()
            .and_then(|between| between.unconfirmed_begin)
        else {
            return true;
        };
        let cancelled = self.services.bank.cancel_hand(self.table, number).await;
        let Some(between) = self.phase.between_hands_mut() else {
            return false;
        };
        match cancelled {
            Ok(()) | Err(BankError::UnknownHand { .. } | BankError::HandFinished { .. }) => {
                between.unconfirmed_begin = None;
                true
            }
            Err(error) if outcome_unknown(&error) => {
                between.next_hand_at = Some(Instant::now() + retry_delay(1));
                false
            }
            Err(error) => {
                self.halt(&error.to_string());
                false
            }
        }
    }

    /// The table cannot go on by itself (the store or bank failed): it pauses and says so.
    pub(super) fn halt(&mut self, why: &str) {
        tracing::error!(table = self.table.0, "table paused: {why}");
        self.freeze();
        self.message(TableMessage::Halted);
    }

    /// The player's engine seat in the hand in play, if dealt in.
    pub(super) fn hand_seat(&self, user: UserId) -> Option<SeatIndex> {
        let hand = self.phase.hand()?;
        hand.players.iter().position(|player| *player == user)
    }

    /// A player's action. The answer goes out once the action is applied and the board is
    /// published, before a hand it ended is settled: the player who clicked never waits for
    /// the bank (the result itself still waits for the bank's confirmation).
    pub(super) async fn act(
        &mut self,
        user: UserId,
        offered: OfferedTurn,
        kind: ActionKind,
        reply: Responder<u32>,
    ) {
        match self.apply_act(user, offered, kind) {
            Ok(action_seq) => {
                let over = self.play_on();
                answer(reply, Ok(action_seq));
                if over == HandOver::Yes {
                    self.finish_hand().await;
                }
            }
            Err(error) => answer(reply, Err(error)),
        }
    }

    /// Checks the action against the hand in play (its number, its deal, its action sequence
    /// number: a button of another deal of the same hand is stale) and applies it; returns the
    /// hand's next action sequence number.
    fn apply_act(
        &mut self,
        user: UserId,
        offered: OfferedTurn,
        kind: ActionKind,
    ) -> Result<u32, LobbyError> {
        let (offered_hand, offered_seq) = (offered.hand, offered.action_seq);
        self.seats.seated(user)?;
        if self.paused {
            return Err(LobbyError::Paused);
        }
        let Some(hand) = self.phase.hand() else {
            return Err(LobbyError::NoHandInProgress);
        };
        let seat = self.hand_seat(user).ok_or(LobbyError::NotInHand)?;
        let seq = hand.hand.action_seq();
        if offered_hand != hand.number || offered.deal != hand.deal || offered_seq != seq {
            return Err(LobbyError::StaleAction {
                offered_hand,
                offered_seq,
                hand: hand.number,
                seq,
            });
        }
        if hand.hand.to_act() != Some(seat) {
            let to_act = self.to_act().map(|(_, user)| user);
            return Err(LobbyError::NotYourTurn { to_act });
        }
        self.take_action(seat, kind, false)?;
        if let Some(seat) = self.seats.get_mut(user) {
            seat.timeouts_in_a_row = 0;
        }
        let action_seq = self
            .phase
            .hand()
            .map_or(seq.wrapping_add(1), |hand| hand.hand.action_seq());
        Ok(action_seq)
    }

    /// Applies one action to the hand and deals with what it caused (cards to send); the
    /// board and the next turn are `after_action`'s.
    pub(super) fn take_action(
        &mut self,
        seat: SeatIndex,
        kind: ActionKind,
        timed_out: bool,
    ) -> Result<(), LobbyError> {
        if self.to_act().is_some_and(|(to_act, _)| to_act == seat) {
            self.charge_time_bank();
        }
        let Some(hand) = self.phase.hand_mut() else {
            return Err(LobbyError::NoHandInProgress);
        };
        let events = hand.hand.act(seat, kind).map_err(|error| match error {
            ActionError::NotAllowed { kind, .. } => LobbyError::ActionNotAllowed {
                kind,
                allowed: hand
                    .hand
                    .legal_actions()
                    .iter()
                    .map(|legal| legal.kind)
                    .collect(),
            },
            ActionError::NotYourTurn { to_act, .. } => LobbyError::NotYourTurn {
                to_act: hand.players.get(to_act).copied(),
            },
            ActionError::HandOver => LobbyError::NoHandInProgress,
            ActionError::DealingOut | ActionError::NotDealingOut => {
                LobbyError::NotYourTurn { to_act: None }
            }
            ActionError::NoSuchSeat(_) => LobbyError::NotInHand,
            error @ ActionError::MissingCard { .. } => LobbyError::Internal {
                reason: error.to_string(),
            },
        })?;
        record::action_taken();
        let user = hand.players.get(seat).copied();
        let acted = hand
            .hand
            .events()
            .iter()
            .rev()
            .find_map(|event| match event {
                Event::Acted {
                    seat: acted_seat,
                    kind,
                    chips,
                    all_in,
                    ..
                } if *acted_seat == seat => Some((*kind, *chips, *all_in)),
                _ => None,
            });
        if let (Some(user), Some((kind, chips, all_in))) = (user, acted) {
            hand.last_action = Some(LastAction {
                user,
                seat,
                kind,
                chips,
                all_in,
                timed_out,
            });
        }
        let dealt_down: Vec<SeatIndex> = events
            .iter()
            .filter_map(|event| match event {
                Event::DownCard { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect();
        for seat in dealt_down {
            self.send_cards(seat);
        }
        Ok(())
    }

    /// After the hand changed: publish the board, then either finish the hand, play the
    /// turns of players the table acts for, or offer the turn to the player to act.
    pub(super) async fn after_action(&mut self) {
        if self.play_on() == HandOver::Yes {
            self.finish_hand().await;
        }
    }

    /// `after_action` up to the settlement: publishes the board, plays the turns of players
    /// the table acts for, offers the turn; says whether the hand is over, to be settled. The
    /// board and the turn it offers go to subscribers in one batch.
    fn play_on(&mut self) -> HandOver {
        self.in_one_batch(Table::play_on_in_batch)
    }

    fn play_on_in_batch(&mut self) -> HandOver {
        loop {
            let Some(hand) = self.phase.hand() else {
                return HandOver::No;
            };
            if hand.hand.is_over() {
                return HandOver::Yes;
            }
            if hand.hand.phase() == HandPhase::DealingOut {
                self.begin_dealt_out_street();
                return HandOver::No;
            }
            self.publish_board();
            if !self.play_one_automatic_turn() && !self.play_pre_action() {
                self.offer_turn();
                return HandOver::No;
            }
        }
    }
}
