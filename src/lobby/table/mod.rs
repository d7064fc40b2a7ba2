//! The task that owns one table: its seats, the hand in play, its timers. It is the only
//! writer of the table's state; commands arrive on its queue and are handled one at a time,
//! and nothing it awaits (the bank, the store) is shared with another table's task.
//!
//! Where the table stands is one [`TablePhase`] (`phase`: between hands, playing, dealing out,
//! settling, closed), each holding only what exists in it; pausing and stopping are beside
//! it, since either may come in any phase. What every table uses (the bank, the store, the
//! clocks' pace, the lobby) is one [`TableServices`], built once by the lobby.
//!
//! This file is the run loop: dispatch and timers. The rest, by concern, each owning the
//! moves into its phase: `playing` (dealing the next hand: into `Playing`; acting), `turns`
//! (offering the turn, the action timer, timeouts, the turns the table plays for players
//! away), `dealing_out` (an all-in hand dealt street by street with each board's equities:
//! into `DealingOut`), `settle` (the bank's settlement: into `Settling`, then `BetweenHands`,
//! and what follows a hand), `admin` (pause, settings, kick, close: into `Closed`), `chairs`
//! (the `Chairs` collection and the players' seat commands), `computers` (the table's own
//! computer players: their chairs between hands, their turns), `shutdown`, `notices` (what
//! the table publishes, its status).

mod admin;
mod chairs;
mod channel_gone;
mod computers;
mod dealing_out;
pub(crate) mod event_play;
mod notices;
mod pace;
mod phase;
mod playing;
mod settle;
mod shutdown;
mod tournament;
mod tournament_end;
mod turns;

use std::collections::VecDeque;
use std::sync::{Arc, Weak};

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::bank::{Bank, GuildId, TableId, UserId};
use crate::telemetry::record;

use super::LobbyShared;
use super::command::{Departure, Responder, ShutdownOutcome, TableCommand};
use super::error::LobbyError;
use super::notice::Notice;
use super::settings::TableSettings;
use super::store::TableStore;

pub(crate) use chairs::Chairs;
pub use dealing_out::DealingOutPace;
pub use pace::TIME_BANK_STEP;
use phase::TablePhase;
pub(crate) use tournament::{TournamentPlay, tournament_over};

/// What every table of a lobby uses, built once by the lobby and shared.
pub(crate) struct TableServices {
    pub bank: Bank,
    pub store: Arc<dyn TableStore>,
    /// Shuffle every table's decks from this seed (mixed with the table id); `None`: the
    /// OS's secure RNG.
    pub deck_seed: Option<u64>,
    /// The prefix of the bank references this process makes.
    pub session: u64,
    pub pace: DealingOutPace,
    /// What a sit & go's table takes its timers and language from.
    pub sit_and_go_table: TableSettings,
    /// How long its computer players think before they act.
    pub thinking: crate::lobby::computer::ThinkingTime,
    /// The guilds whose tables this process runs (`None`: all).
    pub serves: Option<crate::lobby::GuildShare>,
    /// The lobby, told when a table closes.
    pub lobby: Weak<LobbyShared>,
}

/// What one table task starts from.
pub(crate) struct TableInit {
    pub guild: GuildId,
    pub table: TableId,
    pub settings: TableSettings,
    pub seats: Chairs,
    /// The number of the table's last hand (the bank's `next_hand_number` minus one).
    pub last_hand: u64,
    /// The hand number the `mix` rotation counts from (`TableRecord::mix_from_hand`).
    pub mix_from_hand: u64,
    /// A moderator paused it (`TableRecord::paused`): it starts paused.
    pub paused: bool,
    pub backlog: Vec<Notice>,
    pub services: Arc<TableServices>,
    /// A sit & go's table: the tournament its seats, stacks and stakes come from.
    pub tournament: Option<TournamentPlay>,
    /// A multi-table event's table: its coordinator gives each hand.
    pub event: Option<event_play::EventTablePlay>,
}

/// A shutdown under way: no new hand starts.
#[derive(Default)]
struct Stopping {
    /// When a hand still running is cancelled (none once stopped, or with no hand).
    deadline: Option<Instant>,
    /// Shutdown commands waiting for the hand in progress to end.
    waiters: Vec<Responder<ShutdownOutcome>>,
}

pub(crate) struct Table {
    guild: GuildId,
    table: TableId,
    services: Arc<TableServices>,
    settings: TableSettings,
    /// Settings changed during a hand: installed when it ends.
    pending_settings: Option<TableSettings>,
    seats: Chairs,
    phase: TablePhase,
    /// Frozen by a moderator, a halt or a finished shutdown: no timer of the phase runs and
    /// no action is taken, whatever the phase.
    paused: bool,
    /// Paused by a moderator (not by a halt or a shutdown): stored, so a restart keeps it.
    paused_by_moderator: bool,
    /// Reopened at start and not yet released by its front end (`TableCommand::Release`):
    /// no hand starts, since nobody knows yet whether its channel can show one.
    held: bool,
    /// Set by a front end that works between hands (`TableCommand::WaitForEachHandDone`):
    /// the last hand it is done with. No next hand is scheduled until it is done with the
    /// last one dealt.
    front_end_done_with: Option<u64>,
    stopping: Option<Stopping>,
    /// A close is under way: the hand it settles is followed by no other.
    closing: bool,
    last_hand: u64,
    /// The hand number the `mix` rotation counts from: stored with the table.
    mix_from_hand: u64,
    /// The chair dealt first last hand: the deal starts one chair further next time.
    last_first_chair: Option<u8>,
    /// Each gets every notice, in batches.
    subscribers: Vec<mpsc::UnboundedSender<Vec<Notice>>>,
    /// The notices of the step of play under way, sent as one batch when it ends
    /// (`Table::in_one_batch`); `None`: each notice is sent as it comes.
    gathering: Option<Vec<Notice>>,
    backlog: VecDeque<Notice>,
    rng: Option<ChaCha20Rng>,
    references: u64,
    /// The seated players last counted in the seated-players metric.
    seated_reported: usize,
    /// Humans who asked for a seat at a full table during a hand: each takes a computer
    /// player's chair when it ends.
    wanting_seat: Vec<(UserId, u64)>,
    /// The computer players' thinking and choices.
    computer_rng: ChaCha20Rng,
    /// The house ran dry seating a computer and the log said so: said again only once a
    /// computer has sat down since.
    house_dry_told: bool,
    /// A sit & go's table (`tournament`); `None` at a cash table.
    tournament: Option<TournamentPlay>,
    /// A multi-table event's table (`event_play`); `None` elsewhere.
    event: Option<event_play::EventTablePlay>,
    /// The number that sets its deals of cards apart from an earlier deal of the same hand
    /// numbers (`TurnOffer::deal`): 0 at a cash table, whose hand numbers never repeat; a sit &
    /// go's, from the bank, new at each opening and each hand dealt again.
    redeal_number: u64,
}

/// Sends a command's answer; the asker may have gone away, and the table goes on regardless.
fn answer<T>(reply: Responder<T>, result: Result<T, LobbyError>) {
    let _ = reply.send(result);
}

impl Table {
    pub(crate) fn new(init: TableInit, held: bool) -> Table {
        let rng = init.services.deck_seed.map(|seed| {
            ChaCha20Rng::seed_from_u64(seed ^ init.table.0.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        });
        let computer_rng = match init.services.deck_seed {
            Some(seed) => {
                ChaCha20Rng::seed_from_u64(!seed ^ init.table.0.wrapping_mul(0xD1B5_4A32_D192_ED03))
            }
            None => ChaCha20Rng::from_os_rng(),
        };
        let mut table = Table {
            guild: init.guild,
            table: init.table,
            services: init.services,
            settings: init.settings,
            pending_settings: None,
            seats: init.seats,
            phase: TablePhase::between_hands(),
            paused: init.paused,
            paused_by_moderator: init.paused,
            held,
            front_end_done_with: None,
            stopping: None,
            closing: false,
            last_hand: init.last_hand,
            mix_from_hand: init.mix_from_hand,
            last_first_chair: None,
            subscribers: Vec::new(),
            gathering: None,
            backlog: init.backlog.into_iter().collect(),
            rng,
            references: 0,
            seated_reported: 0,
            wanting_seat: Vec::new(),
            computer_rng,
            house_dry_told: false,
            redeal_number: init
                .tournament
                .as_ref()
                .map_or(0, |play| play.redeal_number),
            tournament: init.tournament,
            event: init.event,
        };
        if table.is_event_table() {
            // A new series of deals at each opening: no button of a deal cut short acts on
            // the deal of the same hand that replaces it.
            table.redeal_number = u64::from(rand::random::<u32>());
        }
        // A cash table's banks start full again after a restart; a sit & go's came with its
        // seats, as the bank kept them.
        if !table.is_tournament() {
            let full = table.full_time_bank();
            for seat in table.seats.iter_mut() {
                seat.time_bank = full;
            }
        }
        table.maybe_schedule_next_hand();
        table
    }

    /// Serves commands and timers until the table closes or every handle is dropped. A
    /// dropped table leaves any hand in progress unsettled: the bank recovers it at start.
    ///
    /// Memory (10,000 tables in one process, the tables bench): the table lives in a box and each
    /// command's or timer's work is boxed while it runs, so an idle table's task holds a
    /// pointer and its select, not the table twice over (an `async fn` keeps its arguments
    /// beside its locals) plus the state of the deepest chain of awaits (about 6 KiB a table
    /// before).
    pub(crate) fn run(
        self,
        commands: mpsc::Receiver<TableCommand>,
    ) -> impl Future<Output = ()> + Send + 'static {
        Box::new(self).serve(commands)
    }

    async fn serve(mut self: Box<Self>, mut commands: mpsc::Receiver<TableCommand>) {
        // Restored computer players with no human to play go back to the house.
        Box::pin(self.arrange_computers()).await;
        // A sit & go's cancel or deal that waited when the bot stopped goes on first.
        Box::pin(self.resume_tournament_end()).await;
        self.count_seated(self.seats.len());
        while !self.phase.is_closed() {
            let deadline = self.next_deadline();
            // A timer that has come is handled before any command that came meanwhile: a
            // click that arrives once the player's time ran out finds it run out.
            tokio::select! {
                biased;
                () = sleep_until_or_forever(deadline) => Box::pin(self.on_timer()).await,
                command = commands.recv() => match command {
                    Some(command) => Box::pin(self.handle(command)).await,
                    None => break,
                },
                equity = dealing_out::equity_ready(&mut self.phase) => {
                    self.on_equity(equity);
                }
            }
            self.count_seated(self.seats.len());
        }
    }

    /// Counts the players sitting here now in the seated-players metric (checked after every
    /// command and timer, so no seat change is missed wherever it happens; zero once the
    /// table's task ends).
    fn count_seated(&mut self, now: usize) {
        if now != self.seated_reported {
            record::seated_changed(self.seated_reported, now);
            self.seated_reported = now;
        }
    }

    async fn handle(&mut self, command: TableCommand) {
        let command = if self.is_tournament() {
            match self.handle_at_sit_and_go(command).await {
                Some(command) => command,
                None => return,
            }
        } else {
            command
        };
        match command {
            TableCommand::Subscribe { reply } => answer(reply, Ok(self.subscribe())),
            TableCommand::Status { reply } => answer(reply, Ok(self.status())),
            TableCommand::TurnOnScreen {
                hand,
                action_seq,
                on_screen,
                reply,
            } => answer(reply, self.turn_on_screen(hand, action_seq, on_screen)),
            TableCommand::Pause { reply } => answer(reply, self.pause().await),
            TableCommand::Release { reply } => {
                self.held = false;
                self.maybe_schedule_next_hand();
                answer(reply, Ok(()));
            }
            TableCommand::WaitForEachHandDone { reply } => {
                answer(reply, self.wait_for_each_hand_done());
            }
            TableCommand::HandDone { hand, reply } => answer(reply, self.hand_done(hand)),
            TableCommand::Resume { reply } => answer(reply, self.resume().await),
            TableCommand::ChannelGone { reply } => answer(reply, self.channel_gone().await),
            TableCommand::Close { reply } => answer(reply, self.close().await),
            TableCommand::Event(order) => self.obey_event(order).await,
            sit_and_go @ (TableCommand::CancelTournament { .. }
            | TableCommand::ProposeDeal { .. }
            | TableCommand::AnswerDeal { .. }) => self.handle_tournament_end(sit_and_go).await,
            TableCommand::Kick { user, reply } => answer(reply, self.kick(user).await),
            TableCommand::ChangeSettings { settings, reply } => {
                answer(reply, self.change_settings(*settings).await);
            }
            TableCommand::Join {
                user,
                buy_in,
                reply,
            } => answer(reply, self.join(user, buy_in).await),
            TableCommand::Leave { user, reply } => answer(reply, self.leave(user).await),
            TableCommand::SitOut { user, reply } => answer(reply, self.sit_out(user)),
            TableCommand::Back { user, reply } => answer(reply, self.back(user)),
            TableCommand::TopUp {
                user,
                amount,
                reply,
            } => answer(reply, self.top_up(user, amount).await),
            TableCommand::Act {
                user,
                offered,
                kind,
                reply,
            } => self.act(user, offered, kind, reply).await,
            TableCommand::ShowCards { user, reply } => answer(reply, self.show_cards(user)),
            TableCommand::PreAction {
                user,
                hand,
                street,
                choice,
                reply,
            } => answer(reply, self.choose_pre_action(user, (hand, street), choice)),
            TableCommand::AddTime {
                user,
                hand,
                action_seq,
                reply,
            } => answer(reply, self.add_time(user, (hand, action_seq))),
            // Answered when the table has stopped, which may wait for the hand in progress.
            TableCommand::Shutdown { grace, reply } => self.begin_shutdown(grace, reply),
        }
    }

    /// The commands a sit & go's table answers its own way (it closes only once the sit & go
    /// has ended; chips come in or leave only through the tournament, and leaving or sitting
    /// out keeps your chair): answered here, or handed back for `handle`.
    async fn handle_at_sit_and_go(&mut self, command: TableCommand) -> Option<TableCommand> {
        match command {
            TableCommand::Close { reply } => {
                answer(reply, self.close_if_tournament_ended().await);
            }
            // Chips come into a sit & go's table or leave it only through the tournament.
            TableCommand::Kick { reply, .. } => {
                answer(reply, Err(LobbyError::SitAndGoTable));
            }
            TableCommand::ChangeSettings { reply, .. } => {
                answer(reply, Err(LobbyError::SitAndGoTable));
            }
            TableCommand::Join { reply, .. } => {
                answer(reply, Err(LobbyError::SitAndGoTable));
            }
            TableCommand::TopUp { reply, .. } => {
                answer(reply, Err(LobbyError::SitAndGoTable));
            }
            TableCommand::Leave { user, reply } => {
                answer(
                    reply,
                    self.sit_out_of_tournament(user)
                        .await
                        .map(|()| Departure::AfterHand),
                );
            }
            TableCommand::SitOut { user, reply } => {
                answer(reply, self.sit_out_of_tournament(user).await);
            }
            TableCommand::Back { user, reply } => {
                answer(reply, self.back_in_tournament(user).await);
            }
            command => return Some(command),
        }
        None
    }

    /// The commands that end a sit & go early: a cancel, and a deal proposed or answered
    /// (`handle` hands these here; each refuses at a cash table).
    async fn handle_tournament_end(&mut self, command: TableCommand) {
        match command {
            TableCommand::CancelTournament { reference, reply } => {
                answer(reply, self.cancel_tournament(reference).await);
            }
            TableCommand::ProposeDeal {
                user,
                kind,
                reference,
                reply,
            } => answer(reply, self.propose_deal(user, kind, &reference).await),
            TableCommand::AnswerDeal {
                user,
                number,
                accept,
                reply,
            } => answer(reply, self.answer_deal(user, number, accept).await),
            // `handle` answers every other command itself.
            other => Box::pin(self.handle(other)).await,
        }
    }

    fn next_deadline(&self) -> Option<Instant> {
        // The shutdown deadline runs even while paused: a paused hand cannot finish.
        let stop = self
            .stopping
            .as_ref()
            .and_then(|stopping| stopping.deadline);
        earliest(
            earliest(self.phase.deadline(self.paused), stop),
            self.deal_deadline(),
        )
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        let due = |at: Option<Instant>| at.is_some_and(|at| at <= now);
        if let TablePhase::Settling { settlement, .. } = &self.phase
            && due(settlement.retry_at)
        {
            self.settle().await;
            return;
        }
        if due(self.deal_deadline()) {
            self.lapse_deal().await;
            return;
        }
        if let TablePhase::BetweenHands(between) = &self.phase
            && due(between.departures_retry_at)
        {
            self.let_departing_go().await;
            self.maybe_schedule_next_hand();
        }
        if due(self
            .stopping
            .as_ref()
            .and_then(|stopping| stopping.deadline))
        {
            self.cancel_for_shutdown().await;
            return;
        }
        if let TablePhase::Playing {
            computer_turn_at, ..
        } = &mut self.phase
            && due(*computer_turn_at)
        {
            *computer_turn_at = None;
            self.play_computer_turn().await;
        }
        if let TablePhase::Playing { clock, .. } = &mut self.phase
            && let Some(ran_out) = clock.deadline.filter(|at| *at <= now)
        {
            clock.deadline = None;
            self.time_out(ran_out).await;
        }
        if !self.paused {
            self.on_dealing_out_timer(now).await;
        }
        if let TablePhase::BetweenHands(between) = &mut self.phase
            && due(between.next_hand_at)
        {
            between.next_hand_at = None;
            self.start_hand().await;
        }
    }

    /// A bank reference no other operation of this process or an earlier one uses.
    fn next_reference(&mut self, what: &str) -> String {
        self.references += 1;
        let numbered = format!("{}:{what}", self.references);
        crate::bank::table_reference(self.services.session, self.table, &numbered)
    }
}

impl Drop for Table {
    /// However the task ends (closed, dropped, or a panic), its players leave the seated count.
    fn drop(&mut self) {
        self.count_seated(0);
    }
}

fn earliest(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

async fn sleep_until_or_forever(deadline: Option<Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
