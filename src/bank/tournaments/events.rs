//! Multi-table events in the bank (docs/TOURNAMENTS.md "Multi-table events"): each event's
//! record ([`EventRecord`]: its settings, start time and registrations until the start, then
//! the whole [`Event`] of the core: entries, stacks, tables, places) and its prize pool, held
//! in the `Account::Tournament` escrow of its number (events and sit & gos share the
//! numbering, so an escrow names one or the other) from the buy-ins until the prizes, which
//! are paid at each bust. As for a sit & go, a hand moves no bank chip until it is recorded:
//! a table's hand cut short by a crash is dealt again from its start, the event resuming from
//! its record.
//!
//! Where they are kept, in `Tree::Meta` (a sit & go's scan of `Tree::Tournaments` never meets
//! one): `b"mtt_event"` and the number → the record, with a version mark; and the index of
//! live events, `b"mtt_live"` and the channel → the number, kept by every write of a record
//! ([`write`]), so a channel, a start-up or the lobby's coordinator finds a live event
//! without reading any other record.
//!
//! Size: once running, the record is the core's [`Event`] and a few numbers (the
//! registrations are dropped at the start: the event's entries hold them); postcard's varints
//! keep it near 30 bytes an entry, about 30 KB at 1,000 entrants, rewritten with each hand.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::PrizeSource;
use std::collections::BTreeMap;

use crate::bank::ledger::{Draft, decode_u64};
use crate::bank::store::{Reads, Tree};
use crate::bank::vocab::TournamentId;
use crate::bank::{BankError, GuildId, Payouts, TableId, UserId, encoding};
use crate::tournament::multi::{Event, EventSettings};

/// Where an event is in its life.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventPhase {
    /// Scheduled: open for registration until its start; the escrow holds a buy-in per
    /// registration and the added prize.
    Scheduled,
    /// Being played (late registration and re-entries while the event allows them); the
    /// escrow holds the prize pool less the prizes paid at the busts.
    Running(Box<Event>),
    /// Over: every prize paid, the escrow empty.
    Finished(Box<Event>),
    /// Cancelled: `paid` is what the cancel paid (every buy-in back before the start or while
    /// nobody was out, the added prize back to its source; after a bust, the prizes not yet
    /// won shared among the players left: `standings::cancel_shares`). The escrow is empty.
    Cancelled {
        event: Option<Box<Event>>,
        paid: Payouts,
    },
}

/// What the bank keeps of one multi-table event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    pub id: TournamentId,
    pub guild: GuildId,
    /// The channel its message lives in (its tables play in threads under it).
    pub channel: TableId,
    pub name: String,
    /// When it starts, in seconds since the Unix epoch (the lobby's clock).
    pub starts_at: u64,
    pub settings: EventSettings,
    /// Who added `settings.added_prize` to the prize pool at the schedule.
    pub added_by: Option<PrizeSource>,
    /// In the order they registered, until the start (then the event's entries hold them).
    pub registered: Vec<UserId>,
    /// The event's clock at the last operation that told one (seconds of play on Discord,
    /// rounds in `sim`): the clock resumes from here after a restart.
    pub clock: u64,
    /// The tables whose hand was recorded at `clock`.
    pub tables_at_clock: Vec<u32>,
    pub phase: EventPhase,
}

impl EventRecord {
    /// Refuses a change only a scheduled event takes (unregistering, computers registered
    /// in a batch): started, or over.
    pub(crate) fn refuse_unless_scheduled(&self) -> Result<(), crate::bank::BankError> {
        let tournament = self.id;
        match self.phase {
            EventPhase::Scheduled => Ok(()),
            EventPhase::Running(_) => Err(crate::bank::BankError::TournamentStarted { tournament }),
            EventPhase::Finished(_) | EventPhase::Cancelled { .. } => {
                Err(crate::bank::BankError::TournamentOver { tournament })
            }
        }
    }

    /// Scheduled or running: it holds chips and its channel.
    pub fn is_live(&self) -> bool {
        matches!(self.phase, EventPhase::Scheduled | EventPhase::Running(_))
    }

    /// The event being played or played out, once it started.
    pub fn event(&self) -> Option<&Event> {
        match &self.phase {
            EventPhase::Scheduled => None,
            EventPhase::Running(event) | EventPhase::Finished(event) => Some(event),
            EventPhase::Cancelled { event, .. } => event.as_deref(),
        }
    }

    /// Buy-ins paid: the registrations before the start, every entry (re-entries counted)
    /// after it.
    pub fn entries(&self) -> usize {
        self.event()
            .map_or(self.registered.len(), |event| event.entries().len())
    }

    /// The user of each buy-in, in order.
    pub fn buyers(&self) -> Vec<UserId> {
        match self.event() {
            Some(event) => event.entries().iter().map(|entry| entry.user).collect(),
            None => self.registered.clone(),
        }
    }

    /// Everything paid into the escrow: the buy-ins and the added prize.
    pub fn paid_in(&self) -> Option<u64> {
        self.settings.prize_pool(self.entries())
    }

    /// The prizes paid out of the escrow at the busts so far.
    pub fn prizes_paid(&self) -> u64 {
        self.event()
            .map_or(0, |event| super::prizes_paid(event.field().finishes()))
    }

    /// Whether a cancel gave every buy-in back, the added prize to its source.
    pub fn refunded(&self) -> bool {
        match &self.phase {
            EventPhase::Cancelled { event, .. } => {
                super::refunded_with(event.as_ref().map(|event| event.field().finishes()))
            }
            _ => false,
        }
    }

    /// What its escrow must hold: what was paid in less the prizes paid while live, nothing
    /// once over.
    pub fn escrow_due(&self) -> Option<u64> {
        if self.is_live() {
            self.paid_in()?.checked_sub(self.prizes_paid())
        } else {
            Some(0)
        }
    }

    /// The bytes the bank writes for this record (each hand rewrites it whole).
    pub fn stored_bytes(&self) -> usize {
        encode_record(self).len()
    }

    /// The user of entry `entry`.
    pub fn user_of(&self, entry: usize) -> Option<UserId> {
        self.event()?.entry(entry).map(|of| of.user)
    }

    /// What a record must be to be trusted: registrations each once, within the cap; an
    /// event of these settings, whole by its own checks; nothing unpaid once finished; a
    /// cancel that paid out exactly what was paid in.
    pub fn check(&self) -> Result<(), String> {
        let unique: BTreeSet<UserId> = self.registered.iter().copied().collect();
        if unique.len() != self.registered.len()
            || self.registered.len() > self.settings.max_entries()
        {
            return Err(format!("{} registrations", self.registered.len()));
        }
        if (self.settings.added_prize > 0) != self.added_by.is_some() {
            return Err("an added prize without its source, or a source without one".into());
        }
        let paid_in = self.paid_in().ok_or("the buy-ins overflow")?;
        if let Some(event) = self.event() {
            event.check()?;
            if event.settings() != &self.settings || !self.registered.is_empty() {
                return Err("the event played is not the one scheduled".into());
            }
        }
        match &self.phase {
            EventPhase::Scheduled => {}
            EventPhase::Running(event) if event.is_over() => {
                return Err("an event over but not finished".into());
            }
            EventPhase::Running(_) => {}
            EventPhase::Finished(event) => {
                if !event.is_over() || !event.prizes_due().is_empty() {
                    return Err("finished with prizes unpaid".into());
                }
            }
            EventPhase::Cancelled { paid, .. } => {
                let returned = if self.refunded() {
                    self.settings.added_prize
                } else {
                    0
                };
                let total = paid
                    .iter()
                    .try_fold(returned, |sum, &(_, chips)| sum.checked_add(chips))
                    .and_then(|sum| sum.checked_add(self.prizes_paid()));
                if total != Some(paid_in) {
                    return Err(format!("paid {total:?} of {paid_in} paid in"));
                }
            }
        }
        Ok(())
    }
}

/// The tables between hands, as `Event::tidy` takes them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdleTables {
    pub tables: Vec<u32>,
    /// Every table is between hands.
    pub all: bool,
}

const EVENT_PREFIX: &[u8] = b"mtt_event";
const LIVE_PREFIX: &[u8] = b"mtt_live";
/// The record version this program writes.
pub const EVENT_RECORD_VERSION: u8 = 1;

fn prefixed(prefix: &[u8], id: u64) -> Vec<u8> {
    let mut key = prefix.to_vec();
    key.extend_from_slice(&id.to_be_bytes());
    key
}

fn key(event: TournamentId) -> Vec<u8> {
    prefixed(EVENT_PREFIX, event.0)
}

fn live_key(channel: TableId) -> Vec<u8> {
    prefixed(LIVE_PREFIX, channel.0)
}

/// A record as stored: its version, then the record.
pub(crate) fn encode_record(record: &EventRecord) -> Vec<u8> {
    let mut bytes = vec![EVENT_RECORD_VERSION];
    bytes.extend(encoding::encode(record));
    bytes
}

fn decode(id: TournamentId, value: &[u8]) -> Result<EventRecord, BankError> {
    let unreadable = |reason: String| BankError::UnreadableTournament {
        tournament: id,
        reason,
    };
    let record: EventRecord = match value {
        [EVENT_RECORD_VERSION, rest @ ..] => encoding::decode(rest, &format!("event {}", id.0))
            .map_err(|e| unreadable(e.to_string()))?,
        _ => return Err(unreadable("an unknown record version".into())),
    };
    if record.id != id {
        return Err(unreadable(format!("it names event {}", record.id.0)));
    }
    record.check().map_err(unreadable)?;
    Ok(record)
}

/// The event as this operation sees it (`None` if never scheduled).
pub(crate) fn read(
    draft: &Draft<'_>,
    event: TournamentId,
) -> Result<Option<EventRecord>, BankError> {
    match draft.get(Tree::Meta, &key(event))? {
        None => Ok(None),
        Some(value) => decode(event, &value).map(Some),
    }
}

/// The event of `guild`: unknown or another guild's is refused.
pub(crate) fn read_in_guild(
    draft: &Draft<'_>,
    guild: GuildId,
    event: TournamentId,
) -> Result<EventRecord, BankError> {
    match read(draft, event)? {
        None => Err(BankError::UnknownTournament { tournament: event }),
        Some(record) if record.guild != guild => {
            Err(BankError::TournamentWrongGuild { tournament: event })
        }
        Some(record) => Ok(record),
    }
}

/// Writes the record, and with it its channel's entry in the index of live events (and, once
/// it is over, takes its pause away and marks it the last event of its channels).
pub(crate) fn write(draft: &mut Draft<'_>, record: &EventRecord) {
    draft.put(Tree::Meta, key(record.id), encode_record(record));
    if record.is_live() {
        draft.put(
            Tree::Meta,
            live_key(record.channel),
            record.id.0.to_be_bytes().to_vec(),
        );
    } else {
        draft.remove(Tree::Meta, live_key(record.channel));
        // Over: its results are shown in its channel and its tables' (`event_last`).
        let tables = channels(draft, record.id).unwrap_or_default();
        let shown_in = std::iter::once(record.channel).chain(tables.into_values());
        super::event_last::mark_over(draft, record.id, shown_in);
        // No pause left to keep, no table to play in.
        set_paused(draft, record.id, false);
        set_channels(draft, record.id, &BTreeMap::new());
        super::event_away::set_away(draft, record.id, &BTreeMap::new());
    }
}

fn id_from(bytes: &[u8]) -> Result<TournamentId, BankError> {
    decode_u64(bytes)
        .map(TournamentId)
        .ok_or_else(|| BankError::Storage(format!("a corrupt event number {bytes:?}")))
}

/// A moderator's pause of a running event, kept beside its record so that a restart resumes
/// it paused, its clock stopped: `b"mtt_paused"` and its number, present only while paused.
/// (Not under `mtt_event`, whose keys are records.)
const PAUSED_PREFIX: &[u8] = b"mtt_paused";

pub(crate) fn set_paused(draft: &mut Draft<'_>, event: TournamentId, paused: bool) {
    let key = prefixed(PAUSED_PREFIX, event.0);
    if paused {
        draft.put(Tree::Meta, key, vec![1]);
    } else {
        draft.remove(Tree::Meta, key);
    }
}

/// Whether a moderator's pause is kept for `event`, read outside an operation.
pub(crate) fn stored_paused(store: &dyn Reads, event: TournamentId) -> Result<bool, BankError> {
    Ok(store
        .get(Tree::Meta, &prefixed(PAUSED_PREFIX, event.0))?
        .is_some())
}

/// The channel each table of a live event plays in, kept so that a restart reuses it (a
/// Discord thread stays its table's): `b"mtt_channels"` and its number, holding
/// `(table, channel)` pairs. Taken away once the event is over.
const CHANNELS_PREFIX: &[u8] = b"mtt_channels";

fn decode_channels(
    event: TournamentId,
    bytes: Option<&[u8]>,
) -> Result<BTreeMap<u32, TableId>, BankError> {
    let Some(bytes) = bytes else {
        return Ok(BTreeMap::new());
    };
    let pairs: Vec<(u32, u64)> = encoding::decode(bytes, &format!("event {} channels", event.0))
        .map_err(|error| BankError::UnreadableTournament {
            tournament: event,
            reason: error.to_string(),
        })?;
    Ok(pairs.into_iter().map(|(t, c)| (t, TableId(c))).collect())
}

/// The channels kept for `event`'s tables, in an operation.
pub(crate) fn channels(
    draft: &Draft<'_>,
    event: TournamentId,
) -> Result<BTreeMap<u32, TableId>, BankError> {
    let bytes = draft.get(Tree::Meta, &prefixed(CHANNELS_PREFIX, event.0))?;
    decode_channels(event, bytes.as_deref())
}

pub(crate) fn set_channels(
    draft: &mut Draft<'_>,
    event: TournamentId,
    channels: &BTreeMap<u32, TableId>,
) {
    let key = prefixed(CHANNELS_PREFIX, event.0);
    if channels.is_empty() {
        draft.remove(Tree::Meta, key);
    } else {
        let pairs: Vec<(u32, u64)> = channels.iter().map(|(&t, c)| (t, c.0)).collect();
        draft.put(Tree::Meta, key, encoding::encode(&pairs));
    }
}

/// The channels kept for `event`'s tables, read outside an operation.
pub(crate) fn stored_channels(
    store: &dyn Reads,
    event: TournamentId,
) -> Result<BTreeMap<u32, TableId>, BankError> {
    let bytes = store.get(Tree::Meta, &prefixed(CHANNELS_PREFIX, event.0))?;
    decode_channels(event, bytes.as_deref())
}

/// Refuses a channel that holds a live event.
pub(crate) fn refuse_if_live_in_channel(
    draft: &Draft<'_>,
    channel: TableId,
) -> Result<(), BankError> {
    match draft.get(Tree::Meta, &live_key(channel))? {
        None => Ok(()),
        Some(bytes) => Err(BankError::TournamentInChannel {
            tournament: id_from(&bytes)?,
        }),
    }
}

/// One event, read outside an operation.
pub(crate) fn one(
    store: &dyn Reads,
    event: TournamentId,
) -> Result<Option<EventRecord>, BankError> {
    match store.get(Tree::Meta, &key(event))? {
        None => Ok(None),
        Some(value) => decode(event, &value).map(Some),
    }
}

/// The live event in `channel`, read outside an operation.
pub(crate) fn live_in_channel(
    store: &dyn Reads,
    channel: TableId,
) -> Result<Option<EventRecord>, BankError> {
    match store.get(Tree::Meta, &live_key(channel))? {
        None => Ok(None),
        Some(bytes) => one(store, id_from(&bytes)?),
    }
}

/// Every live event by the index, in channel order: `(channel, number)`.
pub(crate) fn live_index(store: &dyn Reads) -> Result<Vec<(TableId, TournamentId)>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Meta, LIVE_PREFIX) {
        let (key, value) = item?;
        let channel = key
            .get(LIVE_PREFIX.len()..)
            .and_then(decode_u64)
            .map(TableId)
            .ok_or_else(|| BankError::Storage(format!("a corrupt live event key {key:?}")))?;
        found.push((channel, id_from(&value)?));
    }
    Ok(found)
}

/// What is kept beside an event's record while it is live: its moderator's pause, its
/// tables' channels, who sits out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeptBeside {
    Pause,
    Channels,
    Away,
}

impl KeptBeside {
    pub fn name(self) -> &'static str {
        match self {
            KeptBeside::Pause => "pause",
            KeptBeside::Channels => "tables' channels",
            KeptBeside::Away => "players sitting out",
        }
    }
}

/// Every pause and every tables' channels kept, by the event they are kept for (for the
/// audit: none may outlive its event).
pub(crate) fn kept_beside(store: &dyn Reads) -> Result<Vec<(KeptBeside, TournamentId)>, BankError> {
    let mut found = Vec::new();
    for (kept, prefix) in [
        (KeptBeside::Pause, PAUSED_PREFIX),
        (KeptBeside::Channels, CHANNELS_PREFIX),
        (KeptBeside::Away, super::event_away::AWAY_PREFIX),
    ] {
        for item in store.scan_prefix(Tree::Meta, prefix) {
            let (key, _) = item?;
            let id = key
                .get(prefix.len()..)
                .and_then(decode_u64)
                .map(TournamentId)
                .ok_or_else(|| {
                    BankError::Storage(format!("a corrupt event {} key {key:?}", kept.name()))
                })?;
            found.push((kept, id));
        }
    }
    Ok(found)
}

/// The record stored under `key` of `Tree::Meta`, if `key` is an event record's and it reads
/// back whole (for the operators' JSON rendering).
pub(crate) fn stored_record(key: &[u8], value: &[u8]) -> Option<EventRecord> {
    let id = decode_u64(key.strip_prefix(EVENT_PREFIX)?).map(TournamentId)?;
    decode(id, value).ok()
}

/// A stored event record read and checked, or its key and why it cannot be read.
pub(crate) type AuditedRecord = Result<EventRecord, (Vec<u8>, BankError)>;

/// Every stored event record by number, each read and checked, for the audit.
pub(crate) fn all_for_audit(store: &dyn Reads) -> Result<Vec<AuditedRecord>, BankError> {
    let mut found = Vec::new();
    for item in store.scan_prefix(Tree::Meta, EVENT_PREFIX) {
        let (key, value) = item?;
        let id = key
            .get(EVENT_PREFIX.len()..)
            .and_then(decode_u64)
            .map(TournamentId);
        found.push(match id {
            Some(id) => decode(id, &value).map_err(|error| (key, error)),
            None => Err((
                key.clone(),
                BankError::Storage("a corrupt event key".into()),
            )),
        });
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::GameChoice;
    use crate::tournament::{Structure, StructureKind};

    fn scheduled(registered: &[u64]) -> EventRecord {
        EventRecord {
            id: TournamentId(4),
            guild: GuildId(1),
            channel: TableId(9),
            name: "weekly".into(),
            starts_at: 10,
            settings: EventSettings::new(
                GameChoice::Stud,
                Structure::built_in(StructureKind::Turbo),
                100,
                6,
            ),
            added_by: None,
            registered: registered.iter().copied().map(UserId).collect(),
            clock: 0,
            tables_at_clock: Vec::new(),
            phase: EventPhase::Scheduled,
        }
    }

    #[test]
    fn a_scheduled_record_holds_its_buy_ins_and_one_registering_twice_is_refused() {
        let record = scheduled(&[1, 2, 3]);
        assert_eq!(record.check(), Ok(()));
        assert_eq!(record.escrow_due(), Some(300));
        assert!(record.is_live());
        assert!(scheduled(&[1, 2, 1]).check().is_err());
        let added = EventRecord {
            settings: EventSettings {
                added_prize: 50,
                ..record.settings.clone()
            },
            ..record.clone()
        };
        assert!(added.check().is_err(), "an added prize needs its source");
    }

    #[test]
    fn a_cancel_must_pay_back_exactly_what_was_paid_in() {
        let mut record = scheduled(&[1, 2]);
        record.phase = EventPhase::Cancelled {
            event: None,
            paid: vec![(UserId(1), 100), (UserId(2), 100)],
        };
        assert_eq!(record.check(), Ok(()));
        assert_eq!(record.escrow_due(), Some(0));
        assert!(!record.is_live());
        record.phase = EventPhase::Cancelled {
            event: None,
            paid: vec![(UserId(1), 100), (UserId(2), 99)],
        };
        assert!(record.check().is_err(), "a chip left in the escrow");
    }

    #[test]
    fn an_operator_reads_an_event_record_as_a_short_summary() {
        use crate::bank::describe::BankRecords;
        use crate::bank::store::Describe;
        let record = scheduled(&[1, 2]);
        let doc = BankRecords
            .describe(Tree::Meta, &key(record.id), &encode_record(&record))
            .expect("described");
        let doc: serde_json::Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(doc["event"], 4);
        assert_eq!(doc["phase"], "scheduled");
        assert_eq!(doc["entries"], 2);
        assert_eq!(doc["prize_pool"], 200);
    }

    #[test]
    fn a_record_read_back_is_checked_and_another_version_refused() {
        let record = scheduled(&[1, 2]);
        let bytes = encode_record(&record);
        assert_eq!(record.stored_bytes(), bytes.len());
        assert_eq!(decode(record.id, &bytes), Ok(record.clone()));
        assert!(decode(TournamentId(5), &bytes).is_err(), "another number's");
        let mut other = bytes.clone();
        other[0] = 2;
        assert!(decode(record.id, &other).is_err());
        let mut twice = scheduled(&[1, 1]);
        twice.registered.dedup();
        twice.registered.push(UserId(1));
        assert!(decode(twice.id, &encode_record(&twice)).is_err());
    }
}
