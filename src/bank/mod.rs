//! The bank: the only code that touches chips. Balances live in sled, per guild and player;
//! every movement is one atomic, double-entry ledger transaction (the sum of all accounts,
//! the mint's negative balance included, is always zero), flushed to disk before the caller
//! is told it happened. Operations carrying the same reference twice take effect once.
//!
//! A table's chips sit in escrow while it plays: the escrow holds each seated player's stack
//! as it was at the start of the current hand, so cancelling an interrupted hand moves
//! nothing, and a settlement moves chips between the seats of one table in one transaction.
//!
//! The API is async: calls are queued to one committer thread that applies them in order
//! and shares one transaction and one flush among all the operations waiting (group commit,
//! see `committer`). What a caller is told is what happened:
//! - a request the committer has not taken up within `store_timeout_ms` is withdrawn and
//!   answered [`BankError::Timeout`]: the committer skips it, so nothing of it ever happens and
//!   a retry (with the same reference) is safe;
//! - a request the committer has taken up is waited for to the end, however long the store
//!   stalls: its answer is its real outcome (the caller may tell players "settling…");
//! - a panic while drafting an operation fails that operation alone ([`BankError::Internal`],
//!   nothing written); a panic or error while writing a batch is answered after checking
//!   whether the batch landed (`committer`), and the committer keeps serving.
//!
//! Reads (balance, stacks, leaderboard, stats, ledger, audit) go straight to the store on the
//! blocking pool, beside the committer, under the same timeout (a read changes nothing, so a
//! timed-out read is simply not answered). A read may see a batch during its flush, a moment
//! before that batch's callers are answered (a crash in that moment loses the batch, which no
//! caller had been told of). The audit checks that no batch was applied while it scanned. A
//! backup (`Bank::backup`, the snapshot the running bot takes on its schedule) is streamed to
//! disk beside the committer, which keeps the first old value of each key it overwrites while a
//! backup reads (`backup::journal`), so the file is the bank as the backup began.
//!
//! Bounded over months: references are remembered for [`REFERENCE_WINDOW_SECS`] (a retry of
//! the same request comes within minutes: a Discord interaction can be answered for 15), the
//! markers of finished hands for the last [`HAND_MARKERS_KEPT`] hands of each table (a table
//! retries only its current hand); older ones are pruned by the committer as it goes.
//!
//! The files are layered from the store up, each importing only from its own layer or
//! below and none in a circle (a test in `layers` reads the imports and keeps it so): `store`;
//! the vocabulary (`vocab`, `types`, `config`, `clock`, `error`, `messages`, `references`);
//! the stored form (`encoding`, `schema`); `ledger`; the books (`idempotency`, `accounts`,
//! `leaderboard`, `economy`, `tables`, `tournaments`, `tournament_live`, `records`, `stats`,
//! `house`, `migration`); the operations over them (`ops`, `audit`, `backup`); `committer`; `handle`.
//!
//! Module map: `handle` (the [`Bank`] callers hold), `ops` (each write operation one type:
//! its arguments, fingerprint and `apply`), `committer` (the thread that runs them in
//! batches), `config`, `error`, `types`, `store` (the narrow storage interface, and sled
//! behind it), `vocab` (accounts and their keys, why chips moved, a ledger entry: a leaf),
//! `encoding` (the compact on-disk records), `ledger` (its sequence and the per-operation
//! draft), `references` (the form of every reference), `idempotency` (once per reference,
//! and its pruning), `accounts` (balances, the one
//! transfer), `tables` (registry, escrow seats, hand markers), `economy`
//! (account age, daily claims, the gift caps), `stats`, `house` (the record of the guild's
//! house account, whose chips its computer players play), `records` (table settings and recent
//! hand histories, kept for the lobby), `tournaments` (sit & go records and their prize pools'
//! escrow), `tournament_live` (the index of live sit & gos by channel, and what only a live
//! one keeps beside its record), `leaderboard`, `audit` (the store's and the tournaments'
//! checks), `backup` (the streamed backup file, its journal, and restore), `messages` (each
//! refusal as a message id of the `.ftl` files), `schema` (the version stored), `migration`
//! (from older schemas), `clock`.

mod accounts;
mod audit;
pub mod backup;
mod clock;
mod committer;
mod config;
mod describe;
mod economy;
mod encoding;
mod error;

mod handle;
mod house;
mod idempotency;
#[cfg(test)]
mod layers;
mod leaderboard;
mod leases;
mod ledger;
mod messages;
mod migration;
mod moving;
mod ops;
mod records;
mod references;
mod schema;
mod stats;
pub mod store;
mod tables;
#[cfg(test)]
mod test_store;
mod tournament_legacy;
mod tournament_live;
mod tournaments;
mod types;
mod vocab;

pub use crate::ids::{ChannelId, GuildId, InteractionId, TableId, UserId};
pub use audit::{
    AuditReport, HandInProgress, LiveEventReport, LiveSitAndGoReport, TableEscrow, audit_data_dir,
};
pub use clock::{Clock, ManualClock, Sleep, SystemClock};
pub use config::EconomyConfig;
pub use describe::BankRecords;
pub use economy::{DISCORD_EPOCH_UNIX_MS, account_created_unix_ms};
pub use error::{BankError, BankFailed};
pub use handle::{
    Bank, EventSchedule, OpenExtras, RequestsInFlight, StoreLocation, audit_location,
};
pub use house::HouseStats;
pub use idempotency::REFERENCE_WINDOW_SECS;
pub use leases::LEASE_MS;
pub use moving::{Moved, move_bank};
pub(crate) use ops::event_refusal_of;
pub use ops::{EventNote, EventNotes, LeasesTaken, free_computers};
pub use records::ChannelHand;
pub use references::{
    cash_sim_reference, channel_gone_cancel_reference, failed_close_reference,
    interaction_reference, operator_cancel_reference, operator_close_reference,
    play_tournament_open_reference, play_tournament_register_reference, settlement_reference,
    table_reference, tournament_sim_reference, workload_player_reference, workload_reference,
};
pub use schema::{SCHEMA_VERSION, check_marker as check_schema_marker, stamp_version};
pub use tables::{HAND_MARKERS_KEPT, TableState};
pub use tournament_live::{LiveSitAndGo, SatOut};
pub use tournaments::events::{EventPhase, EventRecord, IdleTables};
pub use tournaments::{
    DealProposal, PrizeSource, RECORD_VERSION as TOURNAMENT_RECORD_VERSION, TournamentPhase,
    TournamentState,
};
pub use types::{
    MemberPreferences, Payouts, PlayerStats, Recovery, SeatOutcome, TournamentStats, Transfer,
};
pub use vocab::{Account, TournamentId};
pub use vocab::{LedgerEntry, Reason};
