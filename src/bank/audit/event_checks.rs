//! The audit's checks of multi-table events: each event's escrow holds what was paid in
//! (its buy-ins, re-entries counted, and the added prize) less the prizes paid at the busts
//! while it is live, and nothing once over; the chips moved through it by the ledger agree;
//! each account's chips in and out of it match its buy-ins, prizes and refunds; the index of
//! live events names exactly the live events; no pause nor tables' channels are kept for an
//! event that is over or unknown. Each escrow is counted in its event's guild.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::balance_totals::BalanceTotals;
use crate::bank::accounts::Account;
use crate::bank::store::Reads;
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events::{self, EventPhase, EventRecord};
use crate::bank::{BankError, GuildId, TableId};

/// A live multi-table event, as the audit names it: what an operator cancelling one by hand
/// looks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveEventReport {
    pub event: u64,
    pub guild: GuildId,
    pub channel: TableId,
    pub name: String,
    /// `scheduled` or `running`.
    pub phase: String,
    pub entries: usize,
    pub prize_pool: u64,
}

/// Checks every event and answers the live ones, taking their escrows out of `books` (an
/// escrow left there afterwards has no record at all).
pub(super) fn check_events(
    store: &dyn Reads,
    books: &mut BalanceTotals,
    breaks: &mut Vec<String>,
) -> Result<Vec<LiveEventReport>, BankError> {
    let mut live = Vec::new();
    let mut known = BTreeMap::new();
    for found in events::all_for_audit(store)? {
        let record = match found {
            Ok(record) => record,
            Err((key, error)) => {
                breaks.push(format!("an unreadable event record {key:?}: {error}"));
                continue;
            }
        };
        let id = record.id;
        known.insert(id, record.is_live());
        let held = books.escrow_by_tournament.remove(&id).unwrap_or(0);
        let (paid_in, paid_out) = books.tournament_flows.remove(&id).unwrap_or((0, 0));
        *books.by_guild.entry(record.guild).or_default() += held;
        if paid_in - paid_out != held {
            breaks.push(format!(
                "event {} holds {held} chips but was paid {paid_in} and paid out {paid_out}",
                id.0
            ));
        }
        let due = record.escrow_due().map(i128::from);
        if due != Some(held) {
            breaks.push(format!(
                "event {} holds {held} chips where its record makes it {}",
                id.0,
                due.map_or("more than can be counted".into(), |due| due.to_string())
            ));
        }
        let parties = books.tournament_parties.remove(&id).unwrap_or_default();
        check_parties(&record, parties, breaks);
        if record.is_live() {
            live.push(LiveEventReport {
                event: id.0,
                guild: record.guild,
                channel: record.channel,
                name: record.name.clone(),
                phase: match record.phase {
                    EventPhase::Scheduled => "scheduled",
                    _ => "running",
                }
                .into(),
                entries: record.entries(),
                prize_pool: record.paid_in().unwrap_or(u64::MAX),
            });
        }
    }
    check_index(store, &live, breaks)?;
    check_kept_beside(store, &known, breaks)?;
    Ok(live)
}

/// A pause or tables' channels kept beside an event only while it is live: one left for an
/// event over (its end should have taken it away) or unknown is named.
fn check_kept_beside(
    store: &dyn Reads,
    known: &BTreeMap<TournamentId, bool>,
    breaks: &mut Vec<String>,
) -> Result<(), BankError> {
    for (kept, id) in events::kept_beside(store)? {
        match known.get(&id) {
            Some(true) => {}
            Some(false) => breaks.push(format!(
                "event {} is over but its {} is still kept",
                id.0,
                kept.name()
            )),
            None => breaks.push(format!(
                "a {} is kept for event {}, which the bank does not know",
                kept.name(),
                id.0
            )),
        }
    }
    Ok(())
}

/// The index of live events names each live event in its channel, and nothing else.
fn check_index(
    store: &dyn Reads,
    live: &[LiveEventReport],
    breaks: &mut Vec<String>,
) -> Result<(), BankError> {
    let indexed: BTreeSet<(u64, u64)> = events::live_index(store)?
        .into_iter()
        .map(|(channel, id)| (channel.0, id.0))
        .collect();
    let expected: BTreeSet<(u64, u64)> = live
        .iter()
        .map(|event| (event.channel.0, event.event))
        .collect();
    for (channel, id) in indexed.symmetric_difference(&expected) {
        breaks.push(format!(
            "the index of live events and the records disagree on event {id} in channel {channel}"
        ));
    }
    Ok(())
}

/// What each account put into an event's escrow, less what it took out, against its
/// record: each buy-in from its buyer (a computer's from the house), the added prize from
/// its source, each prize paid, a cancel's refunds or shares (a refund sending the added
/// prize back).
fn check_parties(
    record: &EventRecord,
    mut parties: BTreeMap<Account, i128>,
    breaks: &mut Vec<String>,
) {
    let guild = record.guild;
    let mut expected: BTreeMap<Account, i128> = BTreeMap::new();
    for user in record.buyers() {
        *expected.entry(Account::owner(guild, user)).or_default() +=
            i128::from(record.settings.buy_in);
    }
    if let Some(source) = record.added_by {
        let account = match source {
            crate::bank::PrizeSource::House => Account::House { guild },
            crate::bank::PrizeSource::Member(user) => Account::owner(guild, user),
        };
        let added = i128::from(record.settings.added_prize);
        *expected.entry(account).or_default() += if record.refunded() { 0 } else { added };
    }
    if let EventPhase::Cancelled { paid, .. } = &record.phase {
        for &(user, chips) in paid {
            *expected.entry(Account::owner(guild, user)).or_default() -= i128::from(chips);
        }
    }
    if let Some(event) = record.event() {
        for finish in event.field().finishes().iter().filter(|finish| finish.paid) {
            if let Some(entry) = event.entry(finish.seat) {
                *expected
                    .entry(Account::owner(guild, entry.user))
                    .or_default() -= i128::from(finish.prize);
            }
        }
    }
    parties.retain(|_, net| *net != 0);
    expected.retain(|_, net| *net != 0);
    let accounts: BTreeSet<Account> = parties.keys().chain(expected.keys()).copied().collect();
    for account in accounts {
        let moved = parties.get(&account).copied().unwrap_or(0);
        let due = expected.get(&account).copied().unwrap_or(0);
        if moved != due {
            breaks.push(format!(
                "event {}: {account:?} put in {moved} chips net where its record makes it {due}",
                record.id.0
            ));
        }
    }
}
