//! What the bank answers when it refuses or fails an operation.

use thiserror::Error;

use super::TournamentId;
use super::store::StoreError;
use crate::ids::{GuildId, TableId};

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BankError {
    #[error("the amount must be more than 0")]
    ZeroAmount,
    #[error("not enough chips: the balance is {balance}, {needed} are needed")]
    InsufficientFunds { balance: u64, needed: u64 },
    #[error("that amount would overflow")]
    Overflow,
    #[error("you cannot give chips to yourself")]
    GiveToSelf,
    #[error("amount must be between {min} and {max}")]
    OutOfLimits { min: u64, max: u64 },
    #[error("the daily claim is available again in {wait_secs} seconds")]
    DailyCooldown { wait_secs: u64 },
    #[error("this account is too new to claim the daily")]
    AccountTooNew,
    #[error(
        "the database is schema version {found}; this program knows up to {known}. Use a newer studbot"
    )]
    SchemaTooNew { found: u32, known: u32 },
    /// The committer did not take the request up in time; it was withdrawn and will never be
    /// applied, so nothing changed and retrying (with the same reference) is safe.
    #[error("the bank was too slow: nothing was changed (waited {0} ms); try again")]
    Timeout(u64),
    /// The operation panicked while it was being drafted; nothing of it was written.
    #[error("the bank failed on this request and changed nothing: {0}")]
    Internal(String),
    /// The change was applied but could not be made durable: it is visible now and may be
    /// lost if the process crashes before the store recovers.
    #[error("the change was made but could not be saved to disk: {0}")]
    NotDurable(String),
    #[error(
        "you can give {remaining} more chips today (the daily limit is {cap}, {given} given so far)"
    )]
    GiveCapReached {
        cap: u64,
        given: u64,
        remaining: u64,
    },
    #[error(
        "that player can receive {remaining} more chips today (the daily limit is {cap}, {received} received so far)"
    )]
    ReceiveCapReached {
        cap: u64,
        received: u64,
        remaining: u64,
    },
    #[error("storage error: {0}")]
    Storage(String),
    #[error("a settlement does not balance: {0}")]
    Unbalanced(String),
    #[error("you cannot give chips to a bot")]
    GiveToBot,
    #[error("an operation needs a reference (an interaction id, a hand, …) to be safe to retry")]
    EmptyReference,
    #[error("the reference {reference:?} was already used by a different operation")]
    ReferenceReused { reference: String },
    #[error("table {} is not known to the bank", table.0)]
    UnknownTable { table: TableId },
    #[error("table {} belongs to another guild", table.0)]
    WrongGuild { table: TableId },
    #[error("table {} is closed", table.0)]
    TableClosed { table: TableId },
    #[error("hand {hand} is in progress at table {}", table.0)]
    HandInProgress { table: TableId, hand: u64 },
    #[error("hand {hand} of table {} is already settled or cancelled", table.0)]
    HandFinished { table: TableId, hand: u64 },
    #[error("hand {hand} of table {} was never begun", table.0)]
    UnknownHand { table: TableId, hand: u64 },
    #[error("tournament {} is not known to the bank", tournament.0)]
    UnknownTournament { tournament: TournamentId },
    #[error("tournament {} belongs to another guild", tournament.0)]
    TournamentWrongGuild { tournament: TournamentId },
    #[error("a table is open in this channel: close it before opening a tournament here")]
    TableOpenInChannel { table: TableId },
    #[error("tournament {} is already open in this channel", tournament.0)]
    TournamentInChannel { tournament: TournamentId },
    #[error("that tournament cannot be held: {0}")]
    BadTournament(String),
    #[error("you are already registered in tournament {}", tournament.0)]
    AlreadyRegistered { tournament: TournamentId },
    #[error("you are not registered in tournament {}", tournament.0)]
    NotRegistered { tournament: TournamentId },
    #[error("tournament {} is full ({seats} seats)", tournament.0)]
    TournamentFull {
        tournament: TournamentId,
        seats: usize,
    },
    #[error("tournament {} has already started: registration is closed", tournament.0)]
    TournamentStarted { tournament: TournamentId },
    #[error("tournament {} needs at least two entrants to start, it has {entrants}", tournament.0)]
    TooFewEntrants {
        tournament: TournamentId,
        entrants: usize,
    },
    #[error("tournament {} is not running", tournament.0)]
    TournamentNotRunning { tournament: TournamentId },
    #[error(
        "tournament {} starts at {starts_at} (seconds since the epoch), not before",
        tournament.0
    )]
    EventNotYet {
        tournament: TournamentId,
        starts_at: u64,
    },
    #[error("tournament {} is over (finished or cancelled)", tournament.0)]
    TournamentOver { tournament: TournamentId },
    #[error("hand {hand} of tournament {} is not the next one ({next} is)", tournament.0)]
    TournamentHandOutOfTurn {
        tournament: TournamentId,
        hand: u64,
        next: u64,
    },
    #[error("tournament {} refused the hand: {reason}", tournament.0)]
    TournamentHandRefused {
        tournament: TournamentId,
        reason: String,
    },
    #[error(
        "the payouts pay {places} places: a sit & go paying them needs more than {places} players, and this one has {entrants}"
    )]
    PayoutPlaces { places: usize, entrants: usize },
    #[error("you are not among the players still in tournament {}", tournament.0)]
    NotStillIn { tournament: TournamentId },
    #[error("a deal is made by two to four players left, and {left} are left")]
    DealPlayers { left: usize },
    #[error("a deal is already proposed in tournament {}", tournament.0)]
    DealPending { tournament: TournamentId },
    #[error("that deal of tournament {} is no longer open", tournament.0)]
    NoSuchDeal { tournament: TournamentId },
    /// The guild's house cannot pay a computer player's buy-in: it holds too little and the
    /// mint has created all it may for it (`[economy] house_mint_limit`).
    #[error(
        "the house cannot pay a computer player's buy-in of {needed}: it holds {held} and the mint may create {mint_left} more for it"
    )]
    HouseDry {
        needed: u64,
        held: u64,
        mint_left: u64,
    },
    /// Computer players were asked into an event whose schedule did not allow them.
    #[error("event {} takes no computer players", tournament.0)]
    ComputersNotAllowed { tournament: TournamentId },
    /// More computer players asked into one event than there are computer numbers.
    #[error("one event takes at most {most} computer players")]
    TooManyComputers { most: u64 },
    /// A computer player would buy in for more than `[economy] computer_max_buy_in`.
    #[error("a computer player buys in for at most {limit} chips, not {amount}")]
    ComputerBuyInTooLarge { amount: u64, limit: u64 },
    /// The record of a sit & go failed its checks on reading (disk damage, or a record a
    /// later version would refuse): that one sit & go is refused, every other is served.
    #[error("the record of tournament {} cannot be read: {reason}", tournament.0)]
    UnreadableTournament {
        tournament: TournamentId,
        reason: String,
    },
    #[error("the bank has stopped")]
    Stopped,
    /// A writer sharing the store drafted more ledger entries than its block of numbers
    /// holds: the committer takes a larger block and drafts the batch again (never answered).
    #[error("the ledger numbers this writer holds are used up")]
    LedgerBlockUsedUp,
    /// Another process runs this guild's tables now (it took the guild's lease): this one
    /// changes nothing there.
    #[error("guild {}'s tables are run by another process now", guild.0)]
    LeaseLost { guild: GuildId },
    /// The store failed earlier and refuses every write until the process restarts (sled
    /// 0.34 keeps its first write error): nothing was queued, nothing changed.
    #[error("the bank's storage failed; nothing was changed. The bot restarts to recover: {0}")]
    Failed(String),
}

/// The bank's store has failed: every write is refused until the process restarts, which is
/// the only cure (the restart refunds the hands it interrupted, as after a crash). The binary
/// turns this into its restartable exit.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the bank's storage failed and refuses every write until the bot restarts: {reason}")]
pub struct BankFailed {
    pub reason: String,
}

impl From<StoreError> for BankError {
    fn from(error: StoreError) -> Self {
        BankError::Storage(error.0)
    }
}
