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
//! never played nor paid from. Records are written with a version mark
//! ([`RECORD_VERSION`]); a record of an older studbot, without it, is read through
//! `tournament_legacy` (its rules the defaults, its finished places' prizes due).
//!
//! The escrow holds the buy-ins and any prize added at the open, less every prize paid at a
//! bust: the audit checks it against them ([`TournamentState::escrow_due`]).
//!
//! Beside the record: [`marks`], what only a live sit & go keeps under keys of its own (the
//! computer players allowed, a pause, a waiting cancel, time banks, a result to announce);
//! and [`events`], the records of multi-table events, which share the tournaments' numbering
//! and escrows.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::idempotency::{Reply, Stored};
use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::tournament_legacy::{OlderPhase, OlderState};
// The number of a sit & go is the bank's vocabulary; named here too, where the operations
// on sit & gos have always found it.
pub use super::vocab::TournamentId;
use super::{BankError, GuildId, Payouts, TableId, UserId, encoding};
use crate::tournament::{DealKind, Finish, PLAYERS, Tournament, TournamentSettings};

pub(crate) mod event_away;
pub(crate) mod event_last;
pub(crate) mod events;
mod marks;

pub(crate) use marks::{
    cancel_requested, cancels_requested, computer_allowance, paused_tournaments,
    remove_computer_allowance, remove_time_banks, set_cancel_requested, set_computer_allowance,
    set_paused, set_time_banks, set_unannounced, stored_cancel_requested,
    stored_computer_allowance, stored_paused, stored_time_banks, unannounced_tournaments,
};

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
    /// Over: won by the last player with chips, or ended by a deal. Each place was paid at
    /// its bust, the last ones with the hand (or the deal) that ended it: `payouts` lists
    /// every entrant's prize (0 kept out), first place first. The escrow holds nothing.
    Finished {
        tournament: Tournament,
        payouts: Payouts,
    },
    /// Cancelled. `paid` is what the cancel paid: before the start, or after it while
    /// nobody was out, every buy-in refunded (and any added prize gone back where it came
    /// from); after a bust, the prizes not yet won divided among the players still in (the
    /// prizes paid at the busts stand, in `tournament`). The escrow holds nothing.
    Cancelled {
        tournament: Option<Tournament>,
        paid: Payouts,
    },
}

/// Where a prize added at the open came from, and where a refund sends it back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PrizeSource {
    /// The guild's house.
    House,
    /// The member who added it from their balance.
    Member(UserId),
}

/// A deal proposed by a player still in and waiting for every other player left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealProposal {
    /// Numbered from 1 within the sit & go: a button of an older proposal answers nothing.
    pub number: u64,
    pub kind: DealKind,
    pub proposer: UserId,
    /// What each player left is paid if it is made, in seat order.
    pub amounts: Payouts,
    /// Who accepted so far (the proposer first).
    pub accepted: Vec<UserId>,
    /// The hands played when it was proposed: a hand recorded since makes it stale.
    pub hands_played: u64,
}

impl DealProposal {
    /// Whether every player it pays has accepted.
    pub fn is_agreed(&self) -> bool {
        self.amounts
            .iter()
            .all(|(user, _)| self.accepted.contains(user))
    }
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
    /// In the order they registered until the start, which draws the seats at random and
    /// puts them in seat order: `entrants[seat]` once it runs.
    pub entrants: Vec<UserId>,
    pub phase: TournamentPhase,
    /// Who added `settings.added_prize` to the prize pool at the open.
    pub added_by: Option<PrizeSource>,
    /// A deal proposed and not yet agreed (only while running).
    pub deal: Option<DealProposal>,
    /// The last deal number given (each proposal takes the next).
    pub deals_proposed: u64,
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

    /// Everything paid into the escrow: the buy-ins and the added prize.
    pub fn paid_in(&self) -> Option<u64> {
        self.buy_ins()?.checked_add(self.settings.added_prize)
    }

    /// The prizes paid out of the escrow at the busts (and at the end) so far.
    pub fn prizes_paid(&self) -> u64 {
        self.tournament()
            .map_or(0, |tournament| prizes_paid(tournament.finishes()))
    }

    /// Whether a cancel gave every buy-in back (before the start, or while nobody was out),
    /// the added prize going back to where it came from.
    pub fn refunded(&self) -> bool {
        match &self.phase {
            TournamentPhase::Cancelled { tournament, .. } => {
                refunded_with(tournament.as_ref().map(|tournament| tournament.finishes()))
            }
            _ => false,
        }
    }

    /// What its escrow must hold: the buy-ins and the added prize less the prizes paid
    /// while live, nothing once over.
    pub fn escrow_due(&self) -> Option<u64> {
        if self.is_live() {
            self.paid_in()?.checked_sub(self.prizes_paid())
        } else {
            Some(0)
        }
    }

    /// The entrant at tournament seat `seat`.
    pub fn entrant(&self, seat: usize) -> Option<UserId> {
        self.entrants.get(seat).copied()
    }

    /// The seat of `user` once it runs.
    pub fn seat_of(&self, user: UserId) -> Option<usize> {
        self.entrants.iter().position(|&entrant| entrant == user)
    }

    /// What a record must be to be trusted: entrants each once and no more than the seats;
    /// a started tournament of exactly these entrants and settings; prizes, payouts and
    /// cancel shares to entrants, summing to what was paid in.
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
        let paid_in = self.paid_in().ok_or("the buy-ins overflow")?;
        if (self.settings.added_prize > 0) != self.added_by.is_some() {
            return Err("an added prize without its source, or a source without one".into());
        }
        if let Some(tournament) = self.tournament() {
            if tournament.entrants() != self.entrants.len()
                || tournament.settings() != &self.settings
            {
                return Err("the tournament played is not the one registered".into());
            }
            if tournament.prize_pool() != paid_in {
                return Err("the prize pool is not the buy-ins and the added prize".into());
            }
        }
        if let Some(deal) = &self.deal {
            let running = matches!(self.phase, TournamentPhase::Running(_));
            if !running
                || deal.number == 0
                || deal.number > self.deals_proposed
                || deal.amounts.iter().any(|(user, _)| !unique.contains(user))
            {
                return Err("a deal that is not one of its running players'".into());
            }
        }
        let paid_out = self.paid_out()?;
        if let Some(paid) = paid_out {
            if paid.iter().any(|(user, _)| !unique.contains(user)) {
                return Err("paid someone who did not enter".into());
            }
            // A refund sends the added prize back where it came from.
            let returned = if self.refunded() {
                self.settings.added_prize
            } else {
                0
            };
            let total = paid
                .iter()
                .try_fold(returned, |sum, &(_, chips)| sum.checked_add(chips));
            if total != Some(paid_in) {
                return Err(format!("paid {total:?} of {paid_in} paid in"));
            }
        }
        Ok(())
    }

    /// What a record says was paid out: the payouts of a finished sit & go, or what a
    /// cancel paid beside the prizes paid at the bust before it; nothing while it is under
    /// way; an error for a record that is paid out when it may not be.
    fn paid_out(&self) -> Result<Option<Payouts>, String> {
        Ok(match &self.phase {
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
                Some(payouts.clone())
            }
            TournamentPhase::Cancelled { paid, .. } => {
                let mut total = paid.clone();
                total.extend(self.tournament().map_or_else(Vec::new, |tournament| {
                    tournament
                        .finishes()
                        .iter()
                        .filter_map(|finish| Some((self.entrant(finish.seat)?, finish.prize)))
                        .collect()
                }));
                Some(total)
            }
        })
    }
}

const NEXT_TOURNAMENT_KEY: &[u8] = b"next_tournament";

fn key(tournament: TournamentId) -> Vec<u8> {
    tournament.0.to_be_bytes().to_vec()
}

/// The first bytes of a record written with its version: no older record starts with 0
/// (it starts with its tournament's number, from 1, as a varint).
const RECORD_MARK: u8 = 0;
/// The version of the record this program writes: 2 keeps the rules fixed at the open,
/// the prizes paid at the bust, the first seat dealt, the added prize and the deal.
pub const RECORD_VERSION: u8 = 2;

/// A record as stored: the mark, the version, then the state.
fn encode_record(state: &TournamentState) -> Vec<u8> {
    let mut bytes = vec![RECORD_MARK, RECORD_VERSION];
    bytes.extend(encoding::encode(state));
    bytes
}

fn decode_record(value: &[u8], what: &str) -> Result<TournamentState, BankError> {
    match value {
        [RECORD_MARK, RECORD_VERSION, rest @ ..] => encoding::decode(rest, what),
        [RECORD_MARK, version, ..] => Err(BankError::Storage(format!(
            "{what} is written in record version {version}; this program reads up to {RECORD_VERSION}"
        ))),
        older => super::tournament_legacy::decode(older, what).map(TournamentState::from_older),
    }
}

impl TournamentState {
    /// The state an older record describes (no added prize, no deal).
    fn from_older(older: OlderState) -> TournamentState {
        TournamentState {
            id: older.id,
            guild: older.guild,
            channel: older.channel,
            seats: older.seats,
            settings: older.settings,
            entrants: older.entrants,
            phase: match older.phase {
                OlderPhase::Registering => TournamentPhase::Registering,
                OlderPhase::Running(tournament) => TournamentPhase::Running(tournament),
                OlderPhase::Finished {
                    tournament,
                    payouts,
                } => TournamentPhase::Finished {
                    tournament,
                    payouts,
                },
                OlderPhase::Cancelled { tournament, paid } => {
                    TournamentPhase::Cancelled { tournament, paid }
                }
            },
            added_by: None,
            deal: None,
            deals_proposed: 0,
        }
    }
}

fn decode(key_bytes: &[u8], value: &[u8]) -> Result<TournamentState, BankError> {
    let id = super::ledger::decode_u64(key_bytes)
        .map(TournamentId)
        .ok_or_else(|| BankError::Storage(format!("a corrupt tournament key {key_bytes:?}")))?;
    let state = decode_record(value, &format!("tournament {}", id.0)).map_err(|error| {
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
/// pause, its allowance of computer players, a cancel waiting for its hand and its players'
/// time banks go too.
pub(crate) fn write(draft: &mut Draft<'_>, state: &TournamentState) {
    draft.put(Tree::Tournaments, key(state.id), encode_record(state));
    let live = state.is_live();
    if !live {
        set_paused(draft, state.id, false);
        remove_computer_allowance(draft, state.id);
        set_cancel_requested(draft, state.id, None);
        remove_time_banks(draft, state.id);
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

/// One stored tournament record, checked, for the audit and the migrations: its key and
/// what it decodes to (an older record version read as today's).
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

/// The prizes `finishes` paid so far (a sit & go's or a multi-table event's).
pub(crate) fn prizes_paid(finishes: &[Finish]) -> u64 {
    finishes
        .iter()
        .filter(|finish| finish.paid)
        .map(|finish| finish.prize)
        .sum()
}

/// Whether a cancel gave every buy-in back: cancelled before the start (no `finishes`), or
/// while nobody was out.
pub(crate) fn refunded_with(finishes: Option<&[Finish]>) -> bool {
    finishes.is_none_or(<[Finish]>::is_empty)
}
