//! The audit's checks of the index of live sit & gos (`tournament_live`): each live record
//! has its channel's entry naming it, and each entry names a live record of that channel and
//! guild; what only a live sit & go keeps (its sitting out, its series of deals) is kept for
//! none that is over. And, for the operator, every live sit & go with its guild and channel
//! (`sit_and_gos_live`: what `studbot cancel-sit-and-go` takes), the unreadable ones too.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::bank::store::Reads;
use crate::bank::tournament_live::{self, LiveSitAndGo};
use crate::bank::tournaments::{TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, GuildId, TableId};

/// A live sit & go, as the audit lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveSitAndGoReport {
    /// Its number: what `studbot cancel-sit-and-go` takes.
    pub tournament: u64,
    pub guild: GuildId,
    /// The channel (or thread) it is held in.
    pub channel: TableId,
    /// `registering`, `running`, or `unreadable` (its record cannot be read: a break).
    pub phase: String,
    pub entrants: usize,
    /// The chips its record says its prize pool holds.
    pub prize_pool: u64,
}

/// Checks the index against the live records (`live`, every readable one) and lists every
/// live sit & go, by number.
pub(super) fn check_live_index(
    store: &dyn Reads,
    live: &[TournamentState],
    unreadable: &[TournamentId],
    breaks: &mut Vec<String>,
) -> Result<Vec<LiveSitAndGoReport>, BankError> {
    let entries = index_entries(store, breaks)?;
    let mut listed = Vec::new();
    let live_ids: BTreeSet<TournamentId> = live.iter().map(|state| state.id).collect();
    for state in live {
        match entries.get(&state.channel) {
            Some(entry) if entry.tournament == state.id && entry.guild == state.guild => {}
            Some(entry) => breaks.push(format!(
                "sit & go {} is live in channel {} but the index names sit & go {} of guild {} \
                 there",
                state.id.0, state.channel.0, entry.tournament.0, entry.guild.0
            )),
            None => breaks.push(format!(
                "sit & go {} is live in channel {} but the index of live sit & gos has no entry \
                 for it",
                state.id.0, state.channel.0
            )),
        }
        let phase = match state.phase {
            TournamentPhase::Registering => "registering",
            _ => "running",
        };
        listed.push(LiveSitAndGoReport {
            tournament: state.id.0,
            guild: state.guild,
            channel: state.channel,
            phase: phase.to_owned(),
            entrants: state.entrants.len(),
            prize_pool: state.buy_ins().unwrap_or(0),
        });
    }
    for entry in entries.values() {
        if live_ids.contains(&entry.tournament) {
            continue;
        }
        if unreadable.contains(&entry.tournament) {
            // Its record is a break already; the operator still learns where it is held.
            listed.push(LiveSitAndGoReport {
                tournament: entry.tournament.0,
                guild: entry.guild,
                channel: entry.channel,
                phase: "unreadable".to_owned(),
                entrants: 0,
                prize_pool: 0,
            });
            continue;
        }
        breaks.push(format!(
            "the index of live sit & gos names sit & go {} in channel {}, which is not live \
             there",
            entry.tournament.0, entry.channel.0
        ));
    }
    check_kept_beside(store, &live_ids, unreadable, breaks)?;
    listed.sort_by_key(|report| report.tournament);
    Ok(listed)
}

/// The live sit & go index, by channel; an entry that cannot be read is a break.
fn index_entries(
    store: &dyn Reads,
    breaks: &mut Vec<String>,
) -> Result<BTreeMap<TableId, LiveSitAndGo>, BankError> {
    let mut entries = BTreeMap::new();
    for entry in tournament_live::all(store)? {
        match entry {
            Ok(entry) => {
                entries.insert(entry.channel, entry);
            }
            Err(key) => breaks.push(format!(
                "an entry of the live sit & go index under a corrupt key or value {key:?}"
            )),
        }
    }
    Ok(entries)
}

/// What only a live sit & go keeps beside its record: kept for one that is not live (or
/// under a corrupt key) is a break.
fn check_kept_beside(
    store: &dyn Reads,
    live_ids: &BTreeSet<TournamentId>,
    unreadable: &[TournamentId],
    breaks: &mut Vec<String>,
) -> Result<(), BankError> {
    for (what, kept) in tournament_live::kept_beside(store)? {
        match kept {
            Ok(id) if live_ids.contains(&id) || unreadable.contains(&id) => {}
            Ok(id) => breaks.push(format!(
                "sit & go {} keeps its {what} but is not live",
                id.0
            )),
            Err(key) => breaks.push(format!("a sit & go's {what} under a corrupt key {key:?}")),
        }
    }
    Ok(())
}
