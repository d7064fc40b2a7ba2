//! A sit & go's table: the same actor as a cash table (one board per hand, the same turns,
//! timers and buttons), with the tournament as the source of its seats, stacks and stakes.
//!
//! - Its players are the entrants still in, each in the chair of their tournament seat with
//!   their tournament chips. No bank chip sits at the table (the bank holds only the prize
//!   pool), so no hand begins in the bank and nobody buys in, tops up or cashes out.
//! - Each hand is the tournament's next ([`Tournament::next_hand`]): its players in deal
//!   order, their stacks, the level's game and stakes. Levels rise by hands played.
//! - A finished hand is recorded with `Bank::record_tournament_hand` where a cash hand is
//!   settled; only once the bank has recorded it is the result announced. Recording is
//!   idempotent by hand number, so an unconfirmed answer is asked again like a settlement.
//!   The hand's public history goes with it, stored by the same bank transaction as the sit
//!   & go's hand (numbered apart from the channel's cash hands) for `/history`.
//! - A hand cut short (a crash, a shutdown) is never recorded: the tournament deals it again
//!   from its start, from the record the bank keeps ([`Lobby::start`] reopens the table), as
//!   a new deal: each opening of the table, and each hand dealt again in one process, starts
//!   a new series of deals that its buttons carry, so the old board's buttons are stale.
//! - Nobody leaves with chips: a player who leaves (or times out) sits out and is dealt in
//!   all the same, the table checking or folding for them, so they keep paying antes and
//!   bring-ins. Who sits out is kept in the bank (a restart waits for none of them again).
//! - The hand that busts a player tells their place and the prize the same bank transaction
//!   paid them; the last hand tells every place and prize, and the table closes.
//! - Its rules are the sit & go's, fixed at its open, capped until the event is heads-up
//!   (the tournament gives each hand's); a hand that begins a level says so on its board.
//! - A cancel and a deal of the prizes end it between hands only (`tournament_end`): while
//!   either waits, no hand is dealt.
//!
//! [`Lobby::start`]: crate::lobby::Lobby::start

use std::time::Duration;

use tokio::time::Instant;

use crate::bank::{
    BankError, Payouts, SatOut, TournamentId, TournamentPhase, TournamentState, UserId,
};
use crate::table::GameChoice;
use crate::telemetry::record;
use crate::tournament::{DealKind, Tournament};

use super::Table;
use super::chairs::{Chairs, Seat};
use super::phase::TablePhase;
use super::settle::{applied, outcome_unknown};
use crate::lobby::error::LobbyError;
use crate::lobby::history::HandHistory;
use crate::lobby::notice::{
    CancelReason, SeatStatus, SitOutReason, TableMessage, TournamentHeader, TournamentPlace,
};
use crate::lobby::settings::TableSettings;

/// The sit & go a table deals.
pub(crate) struct TournamentPlay {
    pub id: TournamentId,
    /// By tournament seat.
    pub entrants: Vec<UserId>,
    /// As the bank has recorded it: the stacks at the start of the next hand.
    pub tournament: Tournament,
    /// A moderator's cancel waiting for the hand in play: the reference it carries.
    pub cancel: Option<String>,
    /// A deal of the prizes proposed and waiting for the players left.
    pub deal: Option<OpenDeal>,
    /// Each entrant's time bank (milliseconds by tournament seat) as the bank last kept it;
    /// `None` before any was kept (each then starts full).
    pub time_banks: Option<Vec<u64>>,
    /// Who sits out, as the bank keeps it: a restart deals on without waiting for them.
    pub sitting_out: Vec<SatOut>,
    /// The number that sets this opening's deals of cards apart from an earlier deal of the
    /// same hand numbers (`TurnOffer::deal`; `Bank::new_deal_series`): not a prize `deal`.
    pub redeal_number: u64,
}

/// A deal of the prizes the players left are asked to accept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OpenDeal {
    pub number: u64,
    pub kind: DealKind,
    /// When it lapses (none while the table is paused: a resume sets it again, whole).
    pub lapse_at: Option<Instant>,
    /// The hands played when it was proposed: a hand recorded since makes it void.
    pub hands_played: u64,
}

impl TournamentPlay {
    /// The running sit & go of a bank record, with its deal of the prizes if one is open
    /// (who sits out, the series of deals, a cancel waiting and the time banks kept are the
    /// caller's to fill in);
    /// `None` unless it is running.
    pub(crate) fn of(state: &TournamentState) -> Option<TournamentPlay> {
        match &state.phase {
            TournamentPhase::Running(tournament) => Some(TournamentPlay {
                id: state.id,
                entrants: state.entrants.clone(),
                tournament: tournament.clone(),
                cancel: None,
                deal: state.deal.as_ref().map(|deal| OpenDeal {
                    number: deal.number,
                    kind: deal.kind,
                    lapse_at: None,
                    hands_played: deal.hands_played,
                }),
                time_banks: None,
                sitting_out: Vec::new(),
                redeal_number: 0,
            }),
            _ => None,
        }
    }

    /// A cancel or a deal waits: no hand is dealt.
    pub(crate) fn holds_play(&self) -> bool {
        self.cancel.is_some() || self.deal.is_some()
    }

    /// The entrants still in, each in the chair of their tournament seat with their chips,
    /// sitting out as the bank keeps it, and their time bank as the bank kept it
    /// (`first_bank` when none was kept).
    pub(crate) fn seats(&self, first_bank: Duration) -> Chairs {
        let mut seats = Chairs::default();
        for seat in self.tournament.players_left() {
            let (Some(&user), Some(&stack), Ok(chair)) = (
                self.entrants.get(seat),
                self.tournament.stacks().get(seat),
                u8::try_from(seat),
            ) else {
                continue;
            };
            let bank = self
                .time_banks
                .as_ref()
                .and_then(|banks| banks.get(seat))
                .map_or(first_bank, |millis| Duration::from_millis(*millis));
            let mut seat = Seat::new(chair, user, stack).with_time_bank(bank);
            if let Some(away) = self.sitting_out.iter().find(|away| away.user == user) {
                let reason = if away.timed_out {
                    SitOutReason::TimedOut
                } else {
                    SitOutReason::Asked
                };
                seat.status = SeatStatus::SittingOut { reason };
            }
            seats.insert(seat);
        }
        seats
    }

    /// The level the next hand is dealt at (from 0).
    fn level(&self) -> usize {
        self.tournament.status().level.index
    }

    /// The table's settings: `base`'s timers and language, the tournament's seats, and the
    /// game and stakes of its next hand. No computer player joins a sit & go's table.
    pub(crate) fn table_settings(&self, base: TableSettings) -> TableSettings {
        let mut settings = TableSettings {
            seats: u8::try_from(self.entrants.len()).unwrap_or(u8::MAX),
            computer_players: 0,
            ..base
        };
        if let Some(next) = self.tournament.next_hand() {
            settings.game = GameChoice::from(next.game);
            settings.stakes = next.stakes;
            settings.rules = next.rules;
        }
        settings
    }

    /// Where the tournament stands, for the board's header.
    pub(crate) fn header(&self) -> TournamentHeader {
        let status = self.tournament.status();
        TournamentHeader {
            level: status.level.index.saturating_add(1),
            hands_to_next: status.level.hands_to_next,
            players_left: status.players_left,
            average_stack: status.average_stack,
            stakes: status.level.level.stakes,
            level_begins: status.level.begins(),
        }
    }
}

/// The message a finished sit & go's result is told by: every place and prize, and the
/// deal that ended it, if one did.
pub(crate) fn tournament_over(
    tournament: TournamentId,
    entrants: &[UserId],
    over: &Tournament,
) -> TableMessage {
    let payouts = over.payouts().unwrap_or_default();
    let places = payouts
        .iter()
        .filter_map(|payout| {
            Some(TournamentPlace {
                place: payout.place,
                user: *entrants.get(payout.seat)?,
                payout: payout.chips,
            })
        })
        .collect();
    TableMessage::TournamentOver {
        tournament,
        hands: over.hands_played(),
        places,
        deal: over.deal(),
    }
}

impl Table {
    /// A sit & go's table or a multi-table event's: chips come and go only through the
    /// tournament, and everyone still in is dealt in.
    pub(super) fn is_tournament(&self) -> bool {
        self.tournament.is_some() || self.event.is_some()
    }

    /// Deals the sit & go's next hand to every entrant still in, sitting out or not (an
    /// event's table, the hand its coordinator gave):
    /// `BetweenHands` becomes `Playing`. The table shows hands from 1; the bank counts them
    /// from 0.
    pub(super) async fn start_tournament_hand(&mut self) {
        if self.is_event_table() {
            self.start_event_hand().await;
            return;
        }
        let Some(play) = &self.tournament else {
            return;
        };
        let Some(next) = play.tournament.next_hand() else {
            return;
        };
        let players: Option<Vec<UserId>> = next
            .seats
            .iter()
            .map(|&seat| play.entrants.get(seat).copied())
            .collect();
        let Some(players) = players else {
            self.halt("a sit & go's seat has no entrant");
            return;
        };
        if players.iter().any(|user| !self.seats.contains(*user)) {
            self.halt("a sit & go's player has no chair");
            return;
        }
        self.settings.game = GameChoice::from(next.game);
        self.settings.stakes = next.stakes;
        // The sit & go's own rules, fixed at its open: capped until the event is heads-up.
        self.settings.rules = next.rules;
        let number = next.number.saturating_add(1);
        if number == self.last_hand && !self.number_the_redeal().await {
            return;
        }
        self.last_hand = number;
        if let Err(why) = self.deal(number, next.game, players, &next.stacks) {
            self.halt(&why);
            return;
        }
        self.after_action().await;
    }

    /// The hand about to be dealt was dealt before in this process (its record was refused
    /// and a moderator resumed the table): a new series of deals numbers it apart, so the old
    /// deal's buttons are stale. Whether it may be dealt.
    async fn number_the_redeal(&mut self) -> bool {
        let Some(play) = &self.tournament else {
            return false;
        };
        match self
            .services
            .bank
            .new_deal_series(self.guild, play.id)
            .await
        {
            Ok(series) => {
                self.redeal_number = series;
                true
            }
            Err(error) => {
                self.halt(&format!(
                    "a new series of deals could not begin in the bank: {error}"
                ));
                false
            }
        }
    }

    /// The settling hand's public history, stored with its record (none if it does not
    /// serialize: the hand is recorded all the same; only `/history` lacks it).
    pub(super) fn settling_history(&self) -> Option<Vec<u8>> {
        let TablePhase::Settling { hand: in_play, .. } = &self.phase else {
            return None;
        };
        let number = in_play.number;
        match HandHistory::of_hand(number, &in_play.hand, &in_play.players)?.to_bytes() {
            Ok(history) => Some(history),
            Err(error) => {
                tracing::error!(table = self.table.0, "{error}");
                None
            }
        }
    }

    /// Asks the bank to record the finished hand (again), and acts on its answer: recorded,
    /// the result, the busts and, at the end, the places are told; not known yet, another
    /// try is scheduled; the sit & go cancelled meanwhile, the table closes; refused, the
    /// hand is dealt again from its start once a moderator resumes the table.
    pub(super) async fn record_tournament_hand(&mut self) {
        if self.is_event_table() {
            // An event's coordinator records it, with its history, and says so.
            self.answer_event_hand();
            return;
        }
        let TablePhase::Settling { hand: in_play, .. } = &self.phase else {
            return;
        };
        let (Some(play), Some(result)) = (&self.tournament, in_play.hand.result()) else {
            return;
        };
        let number = in_play.number;
        let final_stacks = result.final_stacks.clone();
        let (bank, guild, id) = (self.services.bank.clone(), self.guild, play.id);
        let history = self.settling_history();
        let stacks = final_stacks.clone();
        let call = async move {
            let hand = number.saturating_sub(1);
            match history {
                Some(history) => {
                    bank.record_tournament_hand_with_history(guild, id, hand, &stacks, history)
                        .await
                }
                None => bank.record_tournament_hand(guild, id, hand, &stacks).await,
            }
        };
        let recorded = self.await_settlement(number, call).await;
        match applied(recorded, "tournament hand") {
            Ok(()) => {
                let Some(in_play) = self.phase.end_hand() else {
                    return;
                };
                record::hand_finished();
                self.announce_result(in_play);
                self.after_tournament_hand(&final_stacks).await;
            }
            Err(error) if outcome_unknown(&error) => self.settlement_unconfirmed(number, error),
            Err(BankError::TournamentOver { .. } | BankError::TournamentNotRunning { .. }) => {
                // Cancelled meanwhile: the bank divided the pool by the stacks of this hand's
                // start, and the table has nothing left to deal.
                let _ = self.phase.end_hand();
                record::hand_finished();
                self.close_tournament_table();
            }
            Err(error) => {
                tracing::error!(
                    table = self.table.0,
                    hand = number,
                    "the sit & go's hand was refused: {error}"
                );
                if let Some(in_play) = self.phase.end_hand() {
                    record::hand_finished();
                    let stacks = self.seats.stacks_of(&in_play.players);
                    self.message(TableMessage::HandCancelled {
                        hand: number,
                        reason: CancelReason::SettlementFailed,
                        stacks,
                    });
                }
                self.halt(&error.to_string());
            }
        }
    }

    /// The bank recorded the hand: the table's copy of the tournament follows it, the busted
    /// leave their chairs with their places and prizes, and either the places are told and
    /// the table closes, or a waiting cancel takes effect, or the next hand is scheduled.
    async fn after_tournament_hand(&mut self, final_stacks: &[u64]) {
        let Some(play) = &mut self.tournament else {
            return;
        };
        let level_before = play.level();
        let decided = match play.tournament.record_hand(final_stacks) {
            Ok(decided) => decided,
            Err(error) => {
                // The bank took these stacks for this hand: its record is the truth, and a
                // restart reads it.
                self.halt(&format!(
                    "the table's copy of the sit & go differs: {error}"
                ));
                return;
            }
        };
        // The bank paid them in the transaction that recorded the hand.
        play.tournament.mark_prizes_paid();
        // A deal proposed before this hand is stale: the bank dropped it with the record.
        play.deal = None;
        let (id, entrants) = (play.id, play.entrants.clone());
        let over = play.tournament.is_over().then(|| play.tournament.clone());
        let cancel = play.cancel.clone();
        for finish in decided.iter().filter(|finish| finish.place > 1) {
            let Some(&user) = entrants.get(finish.seat) else {
                continue;
            };
            self.seats.remove(user);
            self.message(TableMessage::TournamentOut {
                user,
                place: finish.place,
                prize: finish.prize,
            });
        }
        if let Some(over) = over {
            self.message(tournament_over(id, &entrants, &over));
            self.close_tournament_table();
            return;
        }
        let new_level = self
            .tournament
            .as_ref()
            .is_some_and(|play| play.level() > level_before);
        if new_level {
            self.top_up_time_banks();
        }
        // Kept before a waiting cancel, whose write takes them away with the sit & go.
        self.keep_time_banks().await;
        if let Some(reference) = cancel {
            self.cancel_now(&reference).await;
            return;
        }
        self.after_hand().await;
    }

    /// A new level: every player's time bank grows by the table's `time_bank_level_secs`
    /// (never past the most a bank may hold).
    fn top_up_time_banks(&mut self) {
        let top_up = Duration::from_secs(u64::from(self.settings.time_bank_level_secs));
        let most = Duration::from_secs(u64::from(TableSettings::MAX_TIME_BANK_SECS));
        for seat in self.seats.iter_mut() {
            seat.time_bank = (seat.time_bank + top_up).min(most);
        }
    }

    /// Asks the bank to keep every entrant's time bank when it changed since it last kept
    /// them, so that a restart deals on with them. A bank that refuses or fails costs only
    /// the time the players spent since (a restart gives back what was last kept), so it is
    /// logged.
    async fn keep_time_banks(&mut self) {
        let Some(play) = &self.tournament else {
            return;
        };
        let millis: Vec<u64> = play
            .entrants
            .iter()
            .map(|user| {
                self.seats.get(*user).map_or(0, |seat| {
                    u64::try_from(seat.time_bank.as_millis()).unwrap_or(u64::MAX)
                })
            })
            .collect();
        if play.time_banks.as_ref() == Some(&millis) {
            return;
        }
        let (guild, id) = (self.guild, play.id);
        match self
            .services
            .bank
            .save_tournament_time_banks(guild, id, millis.clone())
            .await
        {
            Ok(()) => {
                if let Some(play) = &mut self.tournament {
                    play.time_banks = Some(millis);
                }
            }
            Err(error) => tracing::warn!(
                table = self.table.0,
                tournament = id.0,
                %error,
                "the sit & go's time banks could not be kept; a restart gives back the last kept"
            ),
        }
    }

    /// The sit & go is over or cancelled: the table's task ends, holding nothing.
    pub(super) fn close_tournament_table(&mut self) {
        self.seats.clear();
        self.phase = TablePhase::Closed;
        if let Some(lobby) = self.services.lobby.upgrade() {
            lobby.forget(self.table);
        }
    }

    /// A sit & go's player asked to leave: nobody leaves with chips, so they sit out and are
    /// dealt in all the same, the table acting for them at once when it is their turn. Kept
    /// in the bank before it is told, so a restart does not wait for them again.
    pub(super) async fn sit_out_of_tournament(&mut self, user: UserId) -> Result<(), LobbyError> {
        let seat = self.seats.seated(user)?;
        if seat.status != SeatStatus::Playing {
            return Err(LobbyError::AlreadySittingOut);
        }
        self.keep_sitting_out(user, Some(false)).await?;
        if let Some(seat) = self.seats.get_mut(user) {
            seat.status = SeatStatus::SittingOut {
                reason: SitOutReason::Asked,
            };
        }
        self.message(TableMessage::SatOut {
            user,
            reason: SitOutReason::Asked,
        });
        self.play_automatic_turns().await;
        Ok(())
    }

    /// A sit & go's player who sat out is back: the bank forgets it first, then the table.
    pub(super) async fn back_in_tournament(&mut self, user: UserId) -> Result<(), LobbyError> {
        let seat = self.seats.seated(user)?;
        if !matches!(seat.status, SeatStatus::SittingOut { .. }) {
            return Err(LobbyError::NotSittingOut);
        }
        self.keep_sitting_out(user, None).await?;
        self.back(user)
    }

    /// Keeps in the bank that `user` sits out of the sit & go or multi-table event
    /// (`Some(timed_out)`) or is back (`None`).
    pub(super) async fn keep_sitting_out(
        &self,
        user: UserId,
        away: Option<bool>,
    ) -> Result<(), LobbyError> {
        if self.is_event_table() {
            return self.keep_sitting_out_of_event(user, away).await;
        }
        let Some(play) = &self.tournament else {
            return Ok(());
        };
        self.services
            .bank
            .set_tournament_sitting_out(self.guild, play.id, user, away)
            .await?;
        Ok(())
    }

    /// A moderator closes a sit & go's table: only once the bank no longer runs the sit &
    /// go (it was cancelled, and paid out by its stacks), else refused. A hand in play is
    /// dropped unrecorded: the cancel divided the pool by the stacks of its start.
    pub(super) async fn close_if_tournament_ended(&mut self) -> Result<Payouts, LobbyError> {
        let Some(play) = &self.tournament else {
            return Err(LobbyError::SitAndGoTable);
        };
        let state = self.services.bank.tournament(play.id).await?;
        if state.is_some_and(|state| state.is_live()) {
            return Err(LobbyError::SitAndGoTable);
        }
        if self.phase.end_hand().is_some() {
            record::hand_finished();
        }
        self.close_tournament_table();
        Ok(Vec::new())
    }
}
