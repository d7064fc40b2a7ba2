//! The audit's tournament checks: each sit & go's escrow against its record (the buy-ins
//! and any added prize, less the prizes paid at the busts, and the refunds or shares of a
//! cancel), each account's chips in and out of it against its entrants' buy-ins, prizes
//! and refunds, and a moderator's pause or a waiting cancel kept only for a sit & go still
//! running.

use std::collections::{BTreeMap, BTreeSet};

use super::balance_totals::BalanceTotals;
use crate::bank::BankError;
use crate::bank::accounts::Account;
use crate::bank::store::{Reads, Tree};
use crate::bank::tournaments::{self, TournamentId};

pub(super) struct TournamentCounts {
    pub(super) live: u64,
    pub(super) over: u64,
    /// Every readable live record, for the checks of the index of live sit & gos.
    pub(super) live_records: Vec<tournaments::TournamentState>,
    /// The numbers of the records that cannot be read (each a break already).
    pub(super) unreadable: Vec<TournamentId>,
    /// The live multi-table events (whose escrows share the tournaments' numbering).
    pub(super) events_live: Vec<super::event_checks::LiveEventReport>,
}

/// Tournaments: each escrow holds its buy-ins less what was paid out of it, which is what
/// its record says it should hold (every buy-in while live, nothing once finished or
/// cancelled); a prize pool belongs to a readable tournament record. Each escrow is counted
/// in its tournament's guild.
pub(super) fn check_tournaments(
    store: &dyn Reads,
    books: &mut BalanceTotals,
    breaks: &mut Vec<String>,
) -> Result<TournamentCounts, BankError> {
    let mut counts = TournamentCounts {
        live: 0,
        over: 0,
        live_records: Vec::new(),
        unreadable: Vec::new(),
        events_live: Vec::new(),
    };
    for item in store.scan_prefix(Tree::Tournaments, &[]) {
        let (key, value) = item?;
        let state = match tournaments::audit_record(&key, &value) {
            Ok(state) => state,
            Err(error) => {
                let id = crate::bank::ledger::decode_u64(&key).map(TournamentId);
                match id {
                    Some(id) => {
                        breaks.push(format!(
                            "an unreadable tournament record of sit & go {}: {error}",
                            id.0
                        ));
                        counts.unreadable.push(id);
                    }
                    None => {
                        breaks.push(format!("an unreadable tournament record {key:?}: {error}"))
                    }
                }
                continue;
            }
        };
        let id = state.id;
        let held = books.escrow_by_tournament.remove(&id).unwrap_or(0);
        let (paid_in, paid_out) = books.tournament_flows.remove(&id).unwrap_or((0, 0));
        *books.by_guild.entry(state.guild).or_default() += held;
        if state.is_live() {
            counts.live += 1;
            counts.live_records.push(state.clone());
        } else {
            counts.over += 1;
        }
        if paid_in - paid_out != held {
            breaks.push(format!(
                "tournament {} holds {held} chips but was paid {paid_in} and paid out {paid_out}",
                id.0
            ));
        }
        let parties = books.tournament_parties.remove(&id).unwrap_or_default();
        check_tournament_parties(&state, parties, breaks);
        let due = state.escrow_due().map(i128::from);
        if due != Some(held) {
            let phase = if state.is_live() { "live" } else { "over" };
            breaks.push(format!(
                "tournament {} ({phase}) holds {held} chips where its record makes it {}",
                id.0,
                due.map_or("more than can be counted".into(), |due| due.to_string())
            ));
        }
    }
    check_pauses(store, breaks)?;
    check_cancels(store, breaks)?;
    check_unannounced(store, breaks)?;
    counts.events_live = super::event_checks::check_events(store, books, breaks)?;
    for (tournament, held) in std::mem::take(&mut books.escrow_by_tournament) {
        breaks.push(format!(
            "tournament {} has no record but holds {held} chips",
            tournament.0
        ));
    }
    Ok(counts)
}

/// A moderator's pause is kept only for a running sit & go: the finish and the cancel take
/// it away, so one left for a tournament over (or never opened) is a break.
fn check_pauses(store: &dyn Reads, breaks: &mut Vec<String>) -> Result<(), BankError> {
    for paused in tournaments::paused_tournaments(store)? {
        let id = match paused {
            Ok(id) => id,
            Err(key) => {
                breaks.push(format!("a pause kept under a corrupt key {key:?}"));
                continue;
            }
        };
        let running = tournaments::one(store, id)
            .ok()
            .flatten()
            .is_some_and(|state| matches!(state.phase, tournaments::TournamentPhase::Running(_)));
        if !running {
            breaks.push(format!(
                "tournament {} is kept paused but is not running",
                id.0
            ));
        }
    }
    Ok(())
}

/// A cancel waiting for the hand in play is kept only for a running sit & go: the cancel
/// and the finish take it away.
fn check_cancels(store: &dyn Reads, breaks: &mut Vec<String>) -> Result<(), BankError> {
    for waiting in tournaments::cancels_requested(store)? {
        let id = match waiting {
            Ok(id) => id,
            Err(key) => {
                breaks.push(format!("a waiting cancel kept under a corrupt key {key:?}"));
                continue;
            }
        };
        let running = tournaments::one(store, id)
            .ok()
            .flatten()
            .is_some_and(|state| matches!(state.phase, tournaments::TournamentPhase::Running(_)));
        if !running {
            breaks.push(format!(
                "tournament {} keeps a cancel waiting but is not running",
                id.0
            ));
        }
    }
    Ok(())
}

/// A result still to announce is kept only for a sit & go that finished: one kept for any
/// other is a mark the finish did not put.
fn check_unannounced(store: &dyn Reads, breaks: &mut Vec<String>) -> Result<(), BankError> {
    for pending in tournaments::unannounced_tournaments(store)? {
        let id = match pending {
            Ok(id) => id,
            Err(key) => {
                breaks.push(format!(
                    "a result to announce kept under a corrupt key {key:?}"
                ));
                continue;
            }
        };
        let finished = tournaments::one(store, id)
            .ok()
            .flatten()
            .is_some_and(|state| {
                matches!(state.phase, tournaments::TournamentPhase::Finished { .. })
            });
        if !finished {
            breaks.push(format!(
                "tournament {} has a result to announce but is not finished",
                id.0
            ));
        }
    }
    Ok(())
}

/// What each account put into a tournament's escrow, less what it took out, against what
/// its record makes it: each entrant's buy-in into the escrow from their owner (a member's
/// balance, or for a computer the guild's house), the added prize from its source, each
/// prize paid at a bust or the end, and a cancel's refunds or shares back (a refund
/// sending the added prize back to its source); everyone else (those who unregistered)
/// even.
fn check_tournament_parties(
    state: &tournaments::TournamentState,
    mut parties: BTreeMap<Account, i128>,
    breaks: &mut Vec<String>,
) {
    let mut expected: BTreeMap<Account, i128> = BTreeMap::new();
    for &user in &state.entrants {
        *expected
            .entry(Account::owner(state.guild, user))
            .or_default() += i128::from(state.settings.buy_in);
    }
    let source = state.added_by.map(|source| match source {
        tournaments::PrizeSource::House => Account::House { guild: state.guild },
        tournaments::PrizeSource::Member(user) => Account::owner(state.guild, user),
    });
    if let Some(source) = source {
        *expected.entry(source).or_default() += i128::from(state.settings.added_prize);
        if state.refunded() {
            *expected.entry(source).or_default() -= i128::from(state.settings.added_prize);
        }
    }
    let mut paid: Vec<(crate::bank::UserId, u64)> = match &state.phase {
        tournaments::TournamentPhase::Cancelled { paid, .. } => paid.clone(),
        _ => Vec::new(),
    };
    if let Some(tournament) = state.tournament() {
        paid.extend(
            tournament
                .finishes()
                .iter()
                .filter(|finish| finish.paid)
                .filter_map(|finish| Some((state.entrant(finish.seat)?, finish.prize))),
        );
    }
    for &(user, chips) in &paid {
        *expected
            .entry(Account::owner(state.guild, user))
            .or_default() -= i128::from(chips);
    }
    parties.retain(|_, net| *net != 0);
    expected.retain(|_, net| *net != 0);
    if parties == expected {
        return;
    }
    let accounts: BTreeSet<Account> = parties.keys().chain(expected.keys()).copied().collect();
    for account in accounts {
        let (moved, due) = (
            parties.get(&account).copied().unwrap_or(0),
            expected.get(&account).copied().unwrap_or(0),
        );
        if moved != due {
            breaks.push(format!(
                "tournament {}: {account:?} put in {moved} chips net where its entrants make it {due}",
                state.id.0
            ));
        }
    }
}
