//! What a table tells its front ends: data, never text. A front end (terminal or Discord)
//! renders each notice with `crate::render` in the reader's language.
//!
//! Public notices (`Board`, `HandResult`, `Table`) go to everyone watching the table and are
//! built only from the engine's public view, so they hold no face-down card until its owner
//! shows it at showdown. Private notices (`Cards`, `YourTurn`, `Error`) name the one player
//! they are for; `Notice::audience` says which.

use std::collections::VecDeque;

use serde::Serialize;
use tokio::sync::mpsc;
use tokio::sync::mpsc::error::TryRecvError;

use crate::bank::{Payouts, SeatOutcome, TableId, UserId};
use crate::equity::board::BoardEquity;
use crate::table::card::Card;
use crate::table::eval::{HighValue, LowValue};
use crate::table::hand::{
    ActionKind, Event, HandResult, LegalAction, PrivateView, PublicView, SeatIndex, Street,
};
use crate::table::rules::Stakes;
use crate::table::{MixLeg, PreAction};
use crate::tournament::DealKind;

use super::error::LobbyError;
use super::settings::TableSettings;

/// The stream of notices of one table, from `TableHandle::subscribe`, in batches as the table
/// sent them: what one step of play emits comes as one batch (a hand's board with the turn it
/// offers). [`NoticeReceiver::recv_batch`] takes a batch whole, `recv` and `try_recv` one
/// notice at a time, in the order the table sent them.
#[derive(Debug)]
pub struct NoticeReceiver {
    batches: mpsc::UnboundedReceiver<Vec<Notice>>,
    /// What `recv` or `try_recv` left of the last batch.
    rest: VecDeque<Notice>,
}

impl NoticeReceiver {
    pub(super) fn new(batches: mpsc::UnboundedReceiver<Vec<Notice>>) -> NoticeReceiver {
        NoticeReceiver {
            batches,
            rest: VecDeque::new(),
        }
    }

    /// The next notice; `None` once the table has closed and every notice was read.
    /// Cancel-safe: a notice is taken only when it is returned.
    pub async fn recv(&mut self) -> Option<Notice> {
        loop {
            if let Some(notice) = self.rest.pop_front() {
                return Some(notice);
            }
            let batch = self.batches.recv().await?;
            self.rest.extend(batch);
        }
    }

    /// The next notice if one is waiting.
    pub fn try_recv(&mut self) -> Result<Notice, TryRecvError> {
        loop {
            if let Some(notice) = self.rest.pop_front() {
                return Ok(notice);
            }
            let batch = self.batches.try_recv()?;
            self.rest.extend(batch);
        }
    }

    /// The next batch whole, as the table sent it (or what `recv` and `try_recv` left of it);
    /// `None` once the table has closed and every notice was read. Cancel-safe.
    pub async fn recv_batch(&mut self) -> Option<Vec<Notice>> {
        if !self.rest.is_empty() {
            return Some(self.rest.drain(..).collect());
        }
        self.batches.recv().await
    }
}

/// One thing that happened at a table.
#[derive(Debug, Clone, Serialize)]
pub struct Notice {
    pub table: TableId,
    pub body: NoticeBody,
}

/// Who may see a notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Audience {
    /// The channel: everyone at or watching the table.
    Everyone,
    /// Only this player (a DM, an ephemeral message, the terminal's own player).
    Player(UserId),
}

#[derive(Debug, Clone, Serialize)]
#[serde(tag = "notice", rename_all = "snake_case")]
pub enum NoticeBody {
    /// Public: the board, when a hand starts and after every action.
    Board(Box<PublicBoard>),
    /// Private: one player's own cards, when down cards are dealt to them (third street and
    /// seventh street), and in answer to "show my cards".
    Cards(Box<PlayerCards>),
    /// Private: it is this player's turn; the actions offered, with the hand number and
    /// action sequence number an `act` must carry.
    YourTurn(Box<TurnOffer>),
    /// Public: a finished hand, sent only after the bank has settled it.
    HandResult(Box<HandSummary>),
    /// Public: something about the table or a seat.
    Table(TableMessage),
    /// Private: a problem for one player that arose outside any command they sent (e.g. the
    /// bank failed while cashing them out after a hand). Refused commands are answered in
    /// their reply instead.
    Error { user: UserId, error: LobbyError },
    /// Private: the table sat this player out as away, or stood them up (a DM on Discord,
    /// with "I'm back" while they are seated).
    Away { user: UserId, away: AwayNotice },
}

/// What a player who is away is told, privately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "away", rename_all = "snake_case")]
pub enum AwayNotice {
    /// The table acted for them on two turns in a row: they sit out until they come back
    /// (`TableHandle::back`). At a cash table, `stood_up_after` more hands away stand them
    /// up (`None`: never; in a sit & go they stay dealt in, the table acting for them).
    SatOut { stood_up_after: Option<u32> },
    /// Away `hands` hands at a cash table: stood up, their `cashed_out` chips back in their
    /// balance.
    StoodUp { hands: u32, cashed_out: u64 },
}

/// The pre-actions a player's private view offers now, and the one they chose.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PreActions {
    /// The street they are for: a street's pre-actions are dropped when it ends.
    pub street: Street,
    /// What may be chosen now, for this street; empty at the player's own turn, once they
    /// folded or are all-in, and while no betting is left.
    pub offered: Vec<PreAction>,
    pub chosen: Option<PreAction>,
    /// It is the player's turn now: they act on the board.
    pub your_turn: bool,
}

impl Notice {
    pub fn audience(&self) -> Audience {
        match &self.body {
            NoticeBody::Board(_) | NoticeBody::HandResult(_) | NoticeBody::Table(_) => {
                Audience::Everyone
            }
            NoticeBody::Cards(cards) => Audience::Player(cards.user),
            NoticeBody::YourTurn(turn) => Audience::Player(turn.user),
            NoticeBody::Error { user, .. } | NoticeBody::Away { user, .. } => {
                Audience::Player(*user)
            }
        }
    }

    pub fn is_public(&self) -> bool {
        self.audience() == Audience::Everyone
    }
}

/// Why a seat is sitting out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SitOutReason {
    /// The player asked to.
    Asked,
    /// Two action timers in a row ran out.
    TimedOut,
    /// No chips left: top up to come back.
    Busted,
}

/// A seat's part in the table (not the hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum SeatStatus {
    /// Plays every hand.
    Playing,
    /// Seated but dealt no hands until they come back.
    SittingOut { reason: SitOutReason },
    /// Leaves (cashes out) when the current hand ends; the table checks or folds for them
    /// meanwhile.
    Leaving,
    /// Removed by a moderator when the current hand ends; the table plays for them meanwhile.
    Kicked,
}

/// One occupied chair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SeatInfo {
    /// The chair number, 0 up to the table's seats.
    pub chair: u8,
    pub user: UserId,
    /// Chips in front of the player now (during a hand: what is not yet in the pot).
    pub stack: u64,
    pub status: SeatStatus,
    /// The player's seat index in the current hand (deal order), when dealt in.
    pub hand_seat: Option<SeatIndex>,
    /// The timer acted for the player on their last turn (one more sits them out).
    pub away: bool,
}

/// The public board: what the channel shows. Holds no face-down card.
#[derive(Debug, Clone, Serialize)]
pub struct PublicBoard {
    /// The hand number (unique per table, increasing).
    pub hand: u64,
    /// The action sequence number an `act` on this board must carry.
    pub action_seq: u32,
    pub stakes: Stakes,
    /// Everyone seated, in chair order, including those not dealt in.
    pub seats: Vec<SeatInfo>,
    /// The players of this hand in deal order: `players[i]` is the engine's seat `i`.
    pub players: Vec<UserId>,
    /// The engine's public view of the hand (seats in deal order).
    pub view: PublicView,
    /// The last action, by whom (None at the start of a hand).
    pub last_action: Option<LastAction>,
    /// Seconds the player to act has.
    pub action_timer_secs: u32,
    /// At a `mix` table, where this hand stands in the rotation.
    pub mix_leg: Option<MixLeg>,
    pub paused: bool,
    /// While an all-in hand is dealt out: each live seat's equity and scoop chance, computed
    /// from the public cards only.
    pub equity: Option<BoardEquity>,
    /// At a sit & go's table: where the tournament stands (the board's header says it).
    pub tournament: Option<TournamentHeader>,
    /// At a multi-table event's table (its header is the front end's: the event is not
    /// the table's). Its computers are entrants, as a sit & go's: they give up no seat.
    pub event_table: bool,
    /// The clock of the player to act, when a person is to act.
    pub clock: Option<BoardClock>,
}

/// The clock of the player to act as the board shows it: their time bank, and what "+30 s"
/// took from it this turn. Written with the board's edits that are due anyway: the bank
/// running on once the action timer runs out changes no message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct BoardClock {
    /// Seconds left in the time bank (whole seconds, rounded down).
    pub time_bank_secs: u32,
    /// Seconds added to this turn from the time bank ("+30 s"), already taken from it.
    pub added_secs: u32,
    /// How many times "+30 s" was taken this turn: a click waits for the board that shows
    /// its own.
    pub extensions: u32,
}

/// A sit & go as its board's header shows it, as of the start of the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TournamentHeader {
    /// From 1.
    pub level: usize,
    /// Hands left to play at this level; `None` at the last level.
    pub hands_to_next: Option<u64>,
    pub players_left: usize,
    pub average_stack: u64,
    /// The level's stakes.
    pub stakes: Stakes,
    /// This hand is the first of a level after the first: the board tells the new stakes.
    pub level_begins: bool,
}

/// One place of a finished sit & go and what it paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TournamentPlace {
    /// From 1; players who share places all have the highest of them.
    pub place: usize,
    pub user: UserId,
    /// Paid from the prize pool to the player's balance.
    pub payout: u64,
}

/// The action just taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LastAction {
    pub user: UserId,
    pub seat: SeatIndex,
    pub kind: ActionKind,
    pub chips: u64,
    pub all_in: bool,
    /// True when the table acted for the player because their timer ran out.
    pub timed_out: bool,
}

/// One player's own cards, with what they may choose ahead of their turn.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerCards {
    pub user: UserId,
    pub hand: u64,
    pub view: PrivateView,
    pub pre_actions: PreActions,
    /// Seconds left in their time bank.
    pub time_bank_secs: u32,
}

/// "Your turn": what the player may do now.
#[derive(Debug, Clone, Serialize)]
pub struct TurnOffer {
    pub user: UserId,
    pub hand: u64,
    /// The series of deals the hand is dealt in: 0 but at a sit & go whose table reopened
    /// or dealt a hand again, whose later deals of a hand number are numbered apart from the
    /// earlier (`Bank::new_deal_series`). An action must carry it with the hand.
    pub deal: u64,
    pub action_seq: u32,
    pub seat: SeatIndex,
    pub street: Street,
    pub legal: Vec<LegalAction>,
    /// The player's stack behind.
    pub stack: u64,
    /// Everything in the middle.
    pub pot: u64,
    /// Seconds before the time bank runs on (or, with none left, the table checks when
    /// free, else folds, for the player).
    pub timer_secs: u32,
    /// Seconds in the player's time bank: what runs on once the timer runs out.
    pub time_bank_secs: u32,
    /// The player's pre-action for this turn that no longer fit (someone bet or raised):
    /// dropped, and the player asked as usual.
    pub dropped: Option<PreAction>,
}

/// A hand shown at showdown.
#[derive(Debug, Clone, Serialize)]
pub struct ShownHand {
    pub seat: SeatIndex,
    pub user: UserId,
    pub cards: Vec<Card>,
    pub high: HighValue,
    pub low: Option<LowValue>,
}

/// A finished, settled hand.
#[derive(Debug, Clone, Serialize)]
pub struct HandSummary {
    pub hand: u64,
    /// The players in deal order: `players[i]` is the engine's seat `i`.
    pub players: Vec<UserId>,
    pub result: HandResult,
    /// Hands shown, in showing order.
    pub shown: Vec<ShownHand>,
    /// The final public board of the hand.
    pub view: PublicView,
    /// The hand's events with every `DownCard` removed (cards shown at showdown are in the
    /// `Shown` events): enough for `render::ResultView` and `render::HistoryView`.
    pub public_events: Vec<Event>,
    /// What the bank settled for each player.
    pub outcomes: Vec<SeatOutcome>,
}

/// Why the program (not a player) stopped a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CancelReason {
    /// The process stopped mid-hand; found and refunded at start.
    Restart,
    /// A moderator closed the table.
    TableClosed,
    /// The bank refused to settle the hand; it was cancelled (refunded) instead and the table
    /// paused.
    SettlementFailed,
    /// The process was stopping and the hand did not finish within the grace time.
    Shutdown,
}

/// Public news about the table or one of its seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "message", rename_all = "snake_case")]
///
/// The settings are boxed: the other messages are far smaller, and every notice queued for a
/// subscriber takes the room of the largest (a table's queue holds notices in blocks of 32).
pub enum TableMessage {
    Opened {
        settings: Box<TableSettings>,
    },
    /// New settings; they apply from hand `from_hand`.
    SettingsChanged {
        settings: Box<TableSettings>,
        from_hand: u64,
    },
    Paused,
    /// The table paused itself: the bank could not record its hand (the store failed).
    Halted,
    Resumed,
    /// The table closed; everyone was cashed out.
    Closed {
        cashed_out: Payouts,
    },
    /// Hand `hand` is over but the bank has not confirmed its settlement yet (the store is
    /// slow): its result comes once the bank answers. Nothing is refunded meanwhile.
    Settling {
        hand: u64,
    },
    /// Hand `hand` cannot begin before the bank answers (the store is slow): nothing is dealt
    /// meanwhile, and the table deals once the bank has answered.
    WaitingForBank {
        hand: u64,
    },
    /// A hand was cancelled and every player got back their stack as of its start.
    HandCancelled {
        hand: u64,
        reason: CancelReason,
        stacks: Vec<(UserId, u64)>,
    },
    Joined {
        user: UserId,
        chair: u8,
        stack: u64,
    },
    /// The player will leave when the current hand ends.
    LeavingAfterHand {
        user: UserId,
    },
    Left {
        user: UserId,
        cashed_out: u64,
    },
    Kicked {
        user: UserId,
        cashed_out: u64,
    },
    SatOut {
        user: UserId,
        reason: SitOutReason,
    },
    Back {
        user: UserId,
    },
    ToppedUp {
        user: UserId,
        amount: u64,
        stack: u64,
    },
    /// The player's timer ran out and the table took `action` for them.
    TimedOut {
        user: UserId,
        action: ActionKind,
    },
    /// A hand starts in `secs` seconds.
    NextHandIn {
        hand: u64,
        secs: u32,
    },
    /// Fewer than two players are ready; the next hand starts when two are.
    WaitingForPlayers {
        ready: usize,
    },
    /// A sit & go's hand left the player with no chips: they are out in `place`, paid
    /// `prize` (0 for a place not paid) in the transaction that recorded the hand.
    TournamentOut {
        user: UserId,
        place: usize,
        prize: u64,
    },
    /// A sit & go is over and paid: every place, first place first; `deal` when the players
    /// left ended it with a deal. Its table closes. Once Discord accepted the post, the front
    /// end tells the lobby (`Lobby::sit_and_go_result_announced` with `tournament`), else a
    /// restart tells it again.
    TournamentOver {
        tournament: crate::bank::TournamentId,
        hands: u64,
        places: Vec<TournamentPlace>,
        deal: Option<DealKind>,
    },
    /// A moderator cancelled the sit & go between hands: every buy-in refunded (`refunded`,
    /// nobody was out), or the prizes not yet won divided among the players still in, `paid`
    /// each (none of 0). `after_hand`: it waited for the hand in play (no command's answer
    /// told it). Its table closes.
    TournamentCancelled {
        tournament: crate::bank::TournamentId,
        refunded: bool,
        paid: Payouts,
        after_hand: bool,
    },
    /// A moderator's cancel waits for the hand in play: no hand is dealt after it.
    TournamentCancelWaits,
    /// A deal proposed before a restart is open again, `secs` to accept.
    DealStillOpen {
        number: u64,
        secs: u64,
    },
    /// A player left accepted the deal: `accepted` of `of` have.
    DealAccepted {
        user: UserId,
        accepted: usize,
        of: usize,
    },
    /// A player left declined the deal: play goes on.
    DealDeclined {
        user: UserId,
    },
    /// Not everyone accepted the deal in time: play goes on.
    DealLapsed,
    /// The deal divided stacks that have changed since it was proposed: play goes on, and a
    /// new one may be proposed.
    DealVoid,
    /// The bank no longer holds the deal the table waited on (it voided it, or dropped it on
    /// an answer whose outcome the table never heard): play goes on, and a new one may be
    /// proposed.
    DealGone,
    /// A sit & go's table reopened after a restart: it deals on from hand `hand`, the stacks
    /// as they were at its start (a hand cut short is never recorded); or, `paused` by a
    /// moderator before the restart, it waits at that hand for `/table resume`.
    TournamentResumed {
        hand: u64,
        paused: bool,
    },
}
