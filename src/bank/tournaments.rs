//! Sit & gos in the bank: each tournament's record (its settings, entrants, and once it
//! runs the whole [`Tournament`]: stacks at the start of the next hand, level, hands
//! played, places) and its prize pool, held in a `Account::Tournament` escrow from the
//! buy-ins until the payouts. Tournament chips are not bank chips: only the buy-ins, the
//! refunds and the payouts move through the ledger; a hand moves nothing until it is
//! recorded, so a hand cut short by a crash is cancelled by doing nothing, and the
//! tournament resumes from its record.
//!
//! A record read back is checked whole ([`TournamentState::check`], and the core's own
//! checks of a stored [`Tournament`]): a corrupt record is refused as a storage error,
//! never played nor paid from.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::idempotency::{Reply, Stored};
use super::ledger::Draft;
use super::store::{Reads, Tree};
// The number of a sit & go is the bank's vocabulary; named here too, where the operations
// on sit & gos have always found it.
pub use super::vocab::TournamentId;
use super::{BankError, GuildId, Payouts, TableId, UserId, encoding};
use crate::tournament::{PLAYERS, Tournament, TournamentSettings};

impl Stored for TournamentId {
    fn to_reply(&self) -> Reply {
        Reply::Amount(self.0)
    }
    fn from_reply(reply: Reply) -> Option<TournamentId> {
        u64::from_reply(reply).map(TournamentId)
    }
}

/// Where a sit & go is in its life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TournamentPhase {
    /// Open for registration; the escrow holds a buy-in per entrant.
    Registering,
    /// Being played; the escrow holds the prize pool.
    Running(Tournament),
    /// Over and paid, in one transaction: each entrant's payout (0 kept out), first place
    /// first. The escrow holds nothing.
    Finished {
        tournament: Tournament,
        payouts: Payouts,
    },
    /// Cancelled: before the start every buy-in refunded (`tournament` is `None`), after it
    /// the pool divided among the players still in by their chips. The escrow holds
    /// nothing.
    Cancelled {
        tournament: Option<Tournament>,
        paid: Payouts,
    },
}

/// What the bank keeps of one sit & go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentState {
    pub id: TournamentId,
    pub guild: GuildId,
    /// The channel it plays in, named as its table would be (no table may be open there).
    pub channel: TableId,
    /// How many may enter (2 to 8); it starts by itself when they have.
    pub seats: usize,
    pub settings: TournamentSettings,
    /// In the order they registered, which is the order of the tournament's seats.
    pub entrants: Vec<UserId>,
    pub phase: TournamentPhase,
}

impl TournamentState {
    /// Registering or running: it holds chips and its channel.
    pub fn is_live(&self) -> bool {
        matches!(
            self.phase,
            TournamentPhase::Registering | TournamentPhase::Running(_)
        )
    }

    /// The tournament being played or played out, once it started.
    pub fn tournament(&self) -> Option<&Tournament> {
        match &self.phase {
            TournamentPhase::Registering => None,
            TournamentPhase::Running(tournament) | TournamentPhase::Finished { tournament, .. } => {
                Some(tournament)
            }
            TournamentPhase::Cancelled { tournament, .. } => tournament.as_ref(),
        }
    }

    /// The buy-ins paid in: each entrant's buy-in. `None` past what a chip count holds.
    pub fn buy_ins(&self) -> Option<u64> {
        u64::try_from(self.entrants.len())
            .ok()?
            .checked_mul(self.settings.buy_in)
    }

    /// What its escrow must hold: the buy-ins while live, nothing once over.
    pub fn escrow_due(&self) -> Option<u64> {
        if self.is_live() {
            self.buy_ins()
        } else {
            Some(0)
        }
    }

    /// The entrant at tournament seat `seat`.
    pub fn entrant(&self, seat: usize) -> Option<UserId> {
        self.entrants.get(seat).copied()
    }

    /// What a record must be to be trusted: entrants each once and no more than the seats;
    /// a started tournament of exactly these entrants and settings; payouts and cancel
    /// shares to entrants, summing to the buy-ins.
    pub fn check(&self) -> Result<(), String> {
        if !PLAYERS.contains(&self.seats) {
            return Err(format!("{} seats", self.seats));
        }
        let unique: BTreeSet<UserId> = self.entrants.iter().copied().collect();
        if unique.len() != self.entrants.len() || self.entrants.len() > self.seats {
            return Err(format!(
                "{} entrants ({} different) for {} seats",
                self.entrants.len(),
                unique.len(),
                self.seats
            ));
        }
        let buy_ins = self.buy_ins().ok_or("the buy-ins overflow")?;
        if let Some(tournament) = self.tournament() {
            if tournament.entrants() != self.entrants.len()
                || tournament.settings() != &self.settings
            {
                return Err("the tournament played is not the one registered".into());
            }
            if tournament.prize_pool() != buy_ins {
                return Err("the prize pool is not the buy-ins".into());
            }
        }
        let paid_out = match &self.phase {
            TournamentPhase::Registering => None,
            TournamentPhase::Running(tournament) if tournament.is_over() => {
                return Err("a tournament over but not paid".into());
            }
            TournamentPhase::Running(_) => None,
            TournamentPhase::Finished {
                tournament,
                payouts,
            } => {
                if !tournament.is_over() {
                    return Err("paid out before it was over".into());
                }
                Some(payouts)
            }
            TournamentPhase::Cancelled { paid, .. } => Some(paid),
        };
        if let Some(paid) = paid_out {
            if paid.iter().any(|(user, _)| !unique.contains(user)) {
                return Err("paid someone who did not enter".into());
            }
            let total = paid
                .iter()
                .try_fold(0u64, |sum, &(_, chips)| sum.checked_add(chips));
            if total != Some(buy_ins) {
                return Err(format!("paid {total:?} of {buy_ins} buy-ins"));
            }
        }
        Ok(())
    }
}

const NEXT_TOURNAMENT_KEY: &[u8] = b"next_tournament";

fn key(tournament: TournamentId) -> Vec<u8> {
    tournament.0.to_be_bytes().to_vec()
}

fn decode(key_bytes: &[u8], value: &[u8]) -> Result<TournamentState, BankError> {
    let id = super::ledger::decode_u64(key_bytes)
        .map(TournamentId)
        .ok_or_else(|| BankError::Storage(format!("a corrupt tournament key {key_bytes:?}")))?;
    let state: TournamentState =
        encoding::decode(value, &format!("tournament {}", id.0)).map_err(|error| {
            BankError::UnreadableTournament {
                tournament: id,
                reason: error.to_string(),
            }
        })?;
    let checked = if state.id == id {
        state.check()
    } else {
        Err(format!("it names tournament {}", state.id.0))
    };
    checked.map_err(|why| BankError::UnreadableTournament {
        tournament: id,
        reason: why,
    })?;
    Ok(state)
}

/// The tournament as this operation sees it (`None` if never opened).
pub(crate) fn read(
    draft: &Draft<'_>,
    tournament: TournamentId,
) -> Result<Option<TournamentState>, BankError> {
    match draft.get(Tree::Tournaments, &key(tournament))? {
        None => Ok(None),
        Some(value) => decode(&key(tournament), &value).map(Some),
    }
}

/// The tournament of `guild`: unknown or another guild's is refused.
pub(crate) fn read_in_guild(
    draft: &Draft<'_>,
    guild: GuildId,
    tournament: TournamentId,
) -> Result<TournamentState, BankError> {
    match read(draft, tournament)? {
        None => Err(BankError::UnknownTournament { tournament }),
        Some(state) if state.guild != guild => Err(BankError::TournamentWrongGuild { tournament }),
        Some(state) => Ok(state),
    }
}

/// Writes the record, and with it its channel's entry in the index of live sit & gos and
/// what only a live one keeps beside it (`tournament_live::follow`); once it is over, its
/// pause and its allowance of computer players go too.
pub(crate) fn write(draft: &mut Draft<'_>, state: &TournamentState) {
    draft.put_record(Tree::Tournaments, key(state.id), state);
    let live = state.is_live();
    if !live {
        set_paused(draft, state.id, false);
        remove_computer_allowance(draft, state.id);
    }
    let sit_and_go = super::tournament_live::LiveSitAndGo {
        tournament: state.id,
        guild: state.guild,
        channel: state.channel,
    };
    super::tournament_live::follow(draft, sit_and_go, live);
}

/// The number the next tournament opened takes (1 on a new bank).
pub(crate) fn take_next_id(draft: &mut Draft<'_>) -> Result<TournamentId, BankError> {
    let next = match draft.get(Tree::Meta, NEXT_TOURNAMENT_KEY)? {
        None => 1,
        Some(bytes) => super::ledger::decode_u64(&bytes)
            .ok_or_else(|| BankError::Storage("the next tournament number is corrupt".into()))?,
    };
    let after = next.checked_add(1).ok_or(BankError::Overflow)?;
    draft.put(
        Tree::Meta,
        NEXT_TOURNAMENT_KEY.to_vec(),
        after.to_be_bytes().to_vec(),
    );
    Ok(TournamentId(next))
}

/// [`take_next_id`]'s number, read outside an operation.
pub(crate) fn stored_next_id(store: &dyn Reads) -> Result<u64, BankError> {
    match store.get(Tree::Meta, NEXT_TOURNAMENT_KEY)? {
        None => Ok(1),
        Some(bytes) => super::ledger::decode_u64(&bytes)
            .ok_or_else(|| BankError::Storage("the next tournament number is corrupt".into())),
    }
}

/// How many free seats computer players may fill at a tournament's start, kept beside its
/// record (which holds only who entered): `b"tournament_computers"` and its number, until
/// the tournament finishes or is cancelled.
fn computers_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = b"tournament_computers".to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

fn allowance_from(tournament: TournamentId, bytes: Option<&[u8]>) -> Result<usize, BankError> {
    match bytes {
        None => Ok(0),
        Some(bytes) => super::ledger::decode_u64(bytes)
            .and_then(|count| usize::try_from(count).ok())
            .ok_or_else(|| {
                BankError::Storage(format!(
                    "the computer players of tournament {} are corrupt",
                    tournament.0
                ))
            }),
    }
}

/// The computer players a moderator allowed into `tournament` (0 when none).
pub(crate) fn computer_allowance(
    draft: &Draft<'_>,
    tournament: TournamentId,
) -> Result<usize, BankError> {
    let bytes = draft.get(Tree::Meta, &computers_key(tournament))?;
    allowance_from(tournament, bytes.as_deref())
}

pub(crate) fn set_computer_allowance(draft: &mut Draft<'_>, tournament: TournamentId, count: u64) {
    draft.put(
        Tree::Meta,
        computers_key(tournament),
        count.to_be_bytes().to_vec(),
    );
}

/// Takes the allowance away when the tournament ends (its finish and its cancel): only the
/// start and the status of one still registering read it.
pub(crate) fn remove_computer_allowance(draft: &mut Draft<'_>, tournament: TournamentId) {
    draft.remove(Tree::Meta, computers_key(tournament));
}

/// [`computer_allowance`], read outside an operation.
pub(crate) fn stored_computer_allowance(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<usize, BankError> {
    let bytes = store.get(Tree::Meta, &computers_key(tournament))?;
    allowance_from(tournament, bytes.as_deref())
}

/// A moderator's pause of a running sit & go, kept beside its record so that a restart
/// reopens its table paused: `b"tournament_paused"` and its number, present only while
/// paused (the finish and the cancel take it away with the chips).
const PAUSED_PREFIX: &[u8] = b"tournament_paused";

fn paused_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = PAUSED_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_paused(draft: &mut Draft<'_>, tournament: TournamentId, paused: bool) {
    if paused {
        draft.put(Tree::Meta, paused_key(tournament), vec![1]);
    } else {
        draft.remove(Tree::Meta, paused_key(tournament));
    }
}

/// Every tournament a pause is kept for, for the audit (a pause of one not running is a
/// pause the finish or the cancel failed to take away). `Err` carries a key that names none.
pub(crate) fn paused_tournaments(
    store: &dyn Reads,
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    ids_under(store, PAUSED_PREFIX)
}

/// Each player's time bank in a running sit & go, by tournament seat, in milliseconds:
/// `b"tournament_time_banks"` and its number, kept beside its record so that a restart deals
/// on with every bank as it was when the last hand ended (the finish and the cancel take it
/// away). Eight bytes a seat, big-endian.
const TIME_BANKS_PREFIX: &[u8] = b"tournament_time_banks";

fn time_banks_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = TIME_BANKS_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_time_banks(draft: &mut Draft<'_>, tournament: TournamentId, millis: &[u64]) {
    let bytes = millis.iter().flat_map(|bank| bank.to_be_bytes()).collect();
    draft.put(Tree::Meta, time_banks_key(tournament), bytes);
}

pub(crate) fn remove_time_banks(draft: &mut Draft<'_>, tournament: TournamentId) {
    draft.remove(Tree::Meta, time_banks_key(tournament));
}

/// The time banks kept for `tournament` (milliseconds by seat), read outside an operation;
/// `None` when none are kept (none was ever saved, or it is over).
pub(crate) fn stored_time_banks(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<Option<Vec<u64>>, BankError> {
    let Some(bytes) = store.get(Tree::Meta, &time_banks_key(tournament))? else {
        return Ok(None);
    };
    if bytes.len() % 8 != 0 {
        return Err(BankError::Storage(format!(
            "the time banks of tournament {} are corrupt",
            tournament.0
        )));
    }
    Ok(Some(
        bytes
            .chunks_exact(8)
            .filter_map(super::ledger::decode_u64)
            .collect(),
    ))
}

/// A finished sit & go whose result message Discord has not yet accepted:
/// `b"tournament_unannounced"` and its number, put by the transaction that pays it out and
/// taken away once the result was posted, so that a crash between the payout and the post
/// leaves the result to announce at the next start rather than never.
const UNANNOUNCED_PREFIX: &[u8] = b"tournament_unannounced";

fn unannounced_key(tournament: TournamentId) -> Vec<u8> {
    let mut key = UNANNOUNCED_PREFIX.to_vec();
    key.extend_from_slice(&tournament.0.to_be_bytes());
    key
}

pub(crate) fn set_unannounced(draft: &mut Draft<'_>, tournament: TournamentId, pending: bool) {
    if pending {
        draft.put(Tree::Meta, unannounced_key(tournament), vec![1]);
    } else {
        draft.remove(Tree::Meta, unannounced_key(tournament));
    }
}

/// Every finished sit & go whose result is still to announce (for a start, and the audit).
/// `Err` carries a key that names none.
pub(crate) fn unannounced_tournaments(
    store: &dyn Reads,
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    ids_under(store, UNANNOUNCED_PREFIX)
}

fn ids_under(
    store: &dyn Reads,
    prefix: &[u8],
) -> Result<Vec<Result<TournamentId, Vec<u8>>>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Meta, prefix) {
        let (key, _) = item?;
        let id = key
            .get(prefix.len()..)
            .and_then(super::ledger::decode_u64)
            .map(TournamentId);
        found.push(id.ok_or(key));
    }
    Ok(found)
}

/// Whether a moderator paused `tournament`'s table, read outside an operation.
pub(crate) fn stored_paused(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<bool, BankError> {
    Ok(store.get(Tree::Meta, &paused_key(tournament))?.is_some())
}

/// Refuses a channel that holds a live tournament (for a table, or another tournament): one
/// key of the index of live sit & gos and the one record it names, however many the bank has
/// held. A record that cannot be read is taken as live (it may hold chips).
pub(crate) fn refuse_if_live_in_channel(
    draft: &Draft<'_>,
    channel: TableId,
) -> Result<(), BankError> {
    let Some(entry) = super::tournament_live::in_channel(draft, channel)? else {
        return Ok(());
    };
    let live = match read(draft, entry.tournament) {
        Ok(state) => state.is_some_and(|state| state.is_live() && state.channel == channel),
        Err(_) => true,
    };
    if live {
        return Err(BankError::TournamentInChannel {
            tournament: entry.tournament,
        });
    }
    Ok(())
}

/// Every tournament the bank holds, by number; a corrupt record fails the read.
pub(crate) fn all(store: &dyn Reads) -> Result<Vec<TournamentState>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Tournaments, &[]) {
        let (key_bytes, value) = item?;
        found.push(decode(&key_bytes, &value)?);
    }
    Ok(found)
}

/// One stored tournament record, checked, for the audit: its key and what it decodes to.
pub(crate) fn audit_record(key_bytes: &[u8], value: &[u8]) -> Result<TournamentState, BankError> {
    decode(key_bytes, value)
}

pub(crate) fn one(
    store: &dyn Reads,
    tournament: TournamentId,
) -> Result<Option<TournamentState>, BankError> {
    match store.get(Tree::Tournaments, &key(tournament))? {
        None => Ok(None),
        Some(value) => decode(&key(tournament), &value).map(Some),
    }
}
