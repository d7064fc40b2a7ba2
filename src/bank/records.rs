//! Records the bank keeps for the tables besides chips: each table's settings, and the public
//! histories of its recent hands, a sit & go's and an event table's among them ([`ChannelHand`]). Their bytes are the lobby's format (the bank never reads
//! them); the bank makes them durable like any other write, and writes a hand's history in the
//! same transaction as its settlement, so a settled hand always has its history.

use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::tables::hand_key;
use super::{BankError, TableId, TournamentId};

/// Every table's settings record, by table id.
pub(crate) fn all_settings(store: &dyn Reads) -> Result<Vec<(TableId, Vec<u8>)>, BankError> {
    let mut records = Vec::new();
    for item in store.scan_prefix(Tree::TableSettings, &[]) {
        let (key, value) = item?;
        let table = super::ledger::decode_u64(&key)
            .map(TableId)
            .ok_or_else(|| BankError::Storage("a corrupt table settings key".into()))?;
        records.push((table, value));
    }
    Ok(records)
}

/// Stores hand `hand`'s history and forgets the table's histories of hands numbered `kept` or
/// more before it, so each table keeps those of its last `kept` hand numbers (a cancelled hand
/// has none). `kept == 0` keeps nothing.
pub(crate) fn record_history(
    draft: &mut Draft<'_>,
    table: TableId,
    hand: u64,
    history: Vec<u8>,
    kept: u64,
) -> Result<(), BankError> {
    if kept == 0 || ChannelHand::Cash(hand).code().is_none() {
        return Ok(());
    }
    store_pruning(draft, table, hand, history, forgotten_histories(hand, kept))
}

/// The range of `Tree::HandHistories` whose histories [`record_history`] forgets (start,
/// end exclusive), if it stores one.
pub(crate) fn pruned_histories(table: TableId, hand: u64, kept: u64) -> Option<(Vec<u8>, Vec<u8>)> {
    if kept == 0 || ChannelHand::Cash(hand).code().is_none() {
        return None;
    }
    let forgotten = forgotten_histories(hand, kept);
    Some((
        hand_key(table, forgotten.start),
        hand_key(table, forgotten.end),
    ))
}

/// The hand numbers whose histories are forgotten as hand `hand`'s is stored.
fn forgotten_histories(hand: u64, kept: u64) -> std::ops::Range<u64> {
    0..hand.saturating_sub(kept - 1)
}

/// Writes a history under key code `code`, marks it the channel's latest, and forgets the
/// channel's histories whose codes are in `forgotten`.
fn store_pruning(
    draft: &mut Draft<'_>,
    table: TableId,
    code: u64,
    history: Vec<u8>,
    forgotten: std::ops::Range<u64>,
) -> Result<(), BankError> {
    draft.put(Tree::HandHistories, hand_key(table, code), history);
    mark_latest(draft, table, code);
    for key in draft.keys_between(
        Tree::HandHistories,
        &hand_key(table, forgotten.start),
        &hand_key(table, forgotten.end),
    )? {
        draft.remove(Tree::HandHistories, key);
    }
    Ok(())
}

/// The history of the table's latest hand that has one, looked for among its last `kept`
/// hand numbers (point reads from the newest down: usually the first one is it).
fn latest_history(
    store: &dyn Reads,
    table: TableId,
    kept: u64,
) -> Result<Option<(u64, Vec<u8>)>, BankError> {
    let last = super::tables::next_hand_number(store, table)?.saturating_sub(1);
    let mut hand = last;
    for _ in 0..kept {
        if hand == 0 {
            break;
        }
        if let Some(history) = channel_history(store, table, ChannelHand::Cash(hand))? {
            return Ok(Some((hand, history)));
        }
        hand -= 1;
    }
    Ok(None)
}

/// Which hand of a channel a stored history tells: a cash table's hand by its number, or a
/// sit & go's hand by the tournament's number and the hand's (from 1, as the board shows
/// it), or a multi-table event's hand by the event's number and the table's hand number
/// (from 1; the channel is that table's thread). They are numbered apart, so a sit & go's
/// hand 3 never takes the place of the channel's cash hand 3.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelHand {
    Cash(u64),
    SitAndGo { tournament: TournamentId, hand: u64 },
    Event { event: TournamentId, hand: u64 },
}

/// A history key's last 8 bytes: a cash hand's number (below 2^63), or for a tournament's
/// hand the top bit set, the next bit set for an event's (clear for a sit & go's), the
/// tournament's number in the next 30 bits and the hand's in the low 32. Keys stay 16
/// bytes, sort by kind, tournament then hand, and a cash table's pruning (of keys below
/// its oldest hand kept) never reaches a tournament's, nor a sit & go's an event's.
const SIT_AND_GO_BIT: u64 = 1 << 63;
const EVENT_BIT: u64 = 1 << 62;

/// A tournament's hand's code under `flags`: `None` past 2^30 tournaments or 2^32 hands.
fn tournament_code(flags: u64, tournament: TournamentId, hand: u64) -> Option<u64> {
    let tournament = u32::try_from(tournament.0)
        .ok()
        .filter(|id| id >> 30 == 0)?;
    let hand = u32::try_from(hand).ok()?;
    Some(flags | u64::from(tournament) << 32 | u64::from(hand))
}

impl ChannelHand {
    /// Its place in the key; `None` past what the key holds (a cash hand from 2^63, a
    /// tournament from 2^30, a tournament's hand from 2^32): such a hand keeps no history.
    fn code(self) -> Option<u64> {
        match self {
            ChannelHand::Cash(hand) => (hand < SIT_AND_GO_BIT).then_some(hand),
            ChannelHand::SitAndGo { tournament, hand } => {
                tournament_code(SIT_AND_GO_BIT, tournament, hand)
            }
            ChannelHand::Event { event, hand } => {
                tournament_code(SIT_AND_GO_BIT | EVENT_BIT, event, hand)
            }
        }
    }

    fn of_code(code: u64) -> ChannelHand {
        let tournament = TournamentId((code & !(SIT_AND_GO_BIT | EVENT_BIT)) >> 32);
        let hand = code & u64::from(u32::MAX);
        if code & SIT_AND_GO_BIT == 0 {
            ChannelHand::Cash(code)
        } else if code & EVENT_BIT == 0 {
            ChannelHand::SitAndGo { tournament, hand }
        } else {
            ChannelHand::Event {
                event: tournament,
                hand,
            }
        }
    }
}

/// The key of the channel's latest history written, in `Tree::Meta`: `b"latest_history"`
/// and the table's number; its value is the hand's code ([`ChannelHand::code`]).
fn latest_key(table: TableId) -> Vec<u8> {
    let mut key = b"latest_history".to_vec();
    key.extend_from_slice(&table.0.to_be_bytes());
    key
}

fn mark_latest(draft: &mut Draft<'_>, table: TableId, code: u64) {
    draft.put(Tree::Meta, latest_key(table), code.to_be_bytes().to_vec());
}

/// Stores the history of a sit & go's hand `hand` (from 1) in its channel, and forgets the
/// channel's sit & go histories older than its last `kept` hands: those of earlier sit &
/// gos there, and this one's from `kept` hands back. `kept == 0` keeps nothing; a hand
/// past what a key holds keeps no history (the hand is recorded all the same).
pub(crate) fn record_sit_and_go_history(
    draft: &mut Draft<'_>,
    table: TableId,
    tournament: TournamentId,
    hand: u64,
    history: Vec<u8>,
    kept: u64,
) -> Result<(), BankError> {
    let hand_of = |hand| ChannelHand::SitAndGo { tournament, hand };
    let numbered = (hand_of, SIT_AND_GO_BIT);
    record_tournament_history(draft, table, numbered, hand, history, kept)
}

/// Stores the history of hand `hand` (from 1) of an event's table in that table's channel
/// (its thread), and forgets the channel's event histories older than its last `kept`
/// hands. `kept == 0` keeps nothing; a hand past what a key holds keeps no history.
pub(crate) fn record_event_history(
    draft: &mut Draft<'_>,
    table: TableId,
    event: TournamentId,
    hand: u64,
    history: Vec<u8>,
    kept: u64,
) -> Result<(), BankError> {
    let hand_of = |hand| ChannelHand::Event { event, hand };
    let numbered = (hand_of, SIT_AND_GO_BIT | EVENT_BIT);
    record_tournament_history(draft, table, numbered, hand, history, kept)
}

/// Stores the history of a tournament's hand `hand_of(hand)`, forgetting the channel's
/// histories of that kind (codes from `kind`) older than its last `kept` hands.
fn record_tournament_history(
    draft: &mut Draft<'_>,
    table: TableId,
    (hand_of, kind): (impl Fn(u64) -> ChannelHand, u64),
    hand: u64,
    history: Vec<u8>,
    kept: u64,
) -> Result<(), BankError> {
    let oldest_kept = hand_of(hand.saturating_sub(kept.saturating_sub(1)));
    let (Some(code), Some(oldest_code)) = (hand_of(hand).code(), oldest_kept.code()) else {
        return Ok(());
    };
    if kept == 0 {
        return Ok(());
    }
    store_pruning(draft, table, code, history, kind..oldest_code)
}

/// The stored history of one hand of the channel.
pub(crate) fn channel_history(
    store: &dyn Reads,
    table: TableId,
    hand: ChannelHand,
) -> Result<Option<Vec<u8>>, BankError> {
    match hand.code() {
        None => Ok(None),
        Some(code) => Ok(store.get(Tree::HandHistories, &hand_key(table, code))?),
    }
}

/// The latest hand sit & go `tournament` played in the channel that has a history kept.
pub(crate) fn latest_sit_and_go_history(
    store: &dyn Reads,
    table: TableId,
    tournament: TournamentId,
) -> Result<Option<(ChannelHand, Vec<u8>)>, BankError> {
    let Some(first) = (ChannelHand::SitAndGo {
        tournament,
        hand: 0,
    })
    .code() else {
        return Ok(None);
    };
    // The key's table and its top 4 code bytes (the flag and the tournament) are its prefix.
    let prefix = &hand_key(table, first)[..12];
    let mut latest = None;
    for item in store.scan_prefix(Tree::HandHistories, prefix) {
        latest = Some(item?);
    }
    latest
        .map(|(key, history)| Ok((hand_of_key(&key)?, history)))
        .transpose()
}

fn hand_of_key(key: &[u8]) -> Result<ChannelHand, BankError> {
    key.get(8..)
        .and_then(super::ledger::decode_u64)
        .map(ChannelHand::of_code)
        .ok_or_else(|| BankError::Storage(format!("an unreadable hand history key {key:?}")))
}

/// The channel's latest history written, cash or sit & go: the one its marker names, else
/// (a bank from before the marker) its cash table's latest ([`latest_history`]).
pub(crate) fn latest_channel_history(
    store: &dyn Reads,
    table: TableId,
    kept: u64,
) -> Result<Option<(ChannelHand, Vec<u8>)>, BankError> {
    if let Some(bytes) = store.get(Tree::Meta, &latest_key(table))? {
        let code = super::ledger::decode_u64(&bytes).ok_or_else(|| {
            BankError::Storage(format!(
                "the latest history of table {} is corrupt",
                table.0
            ))
        })?;
        if let Some(history) = store.get(Tree::HandHistories, &hand_key(table, code))? {
            return Ok(Some((ChannelHand::of_code(code), history)));
        }
    }
    Ok(latest_history(store, table, kept)?
        .map(|(hand, history)| (ChannelHand::Cash(hand), history)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_of_hand_reads_back_from_its_key_and_the_kinds_never_share_one() {
        let hands = [
            ChannelHand::Cash(7),
            ChannelHand::SitAndGo {
                tournament: TournamentId(3),
                hand: 7,
            },
            ChannelHand::Event {
                event: TournamentId(3),
                hand: 7,
            },
            ChannelHand::Event {
                event: TournamentId((1 << 30) - 1),
                hand: u64::from(u32::MAX),
            },
        ];
        let codes: Vec<u64> = hands.iter().map(|hand| hand.code().unwrap()).collect();
        for (hand, &code) in hands.iter().zip(&codes) {
            assert_eq!(ChannelHand::of_code(code), *hand);
        }
        let mut apart = codes.clone();
        apart.dedup();
        assert_eq!(apart.len(), codes.len());
        // A sit & go's histories (pruned up to its own codes) sort below every event's.
        let last_sit_and_go = ChannelHand::SitAndGo {
            tournament: TournamentId((1 << 30) - 1),
            hand: u64::from(u32::MAX),
        };
        assert!(last_sit_and_go.code().unwrap() < codes[2]);
    }

    #[test]
    fn a_tournament_or_hand_past_what_a_key_holds_keeps_no_history() {
        let past = [
            ChannelHand::Cash(SIT_AND_GO_BIT),
            ChannelHand::SitAndGo {
                tournament: TournamentId(1 << 30),
                hand: 1,
            },
            ChannelHand::Event {
                event: TournamentId(1 << 30),
                hand: 1,
            },
            ChannelHand::Event {
                event: TournamentId(1),
                hand: 1 << 32,
            },
        ];
        for hand in past {
            assert_eq!(hand.code(), None, "{hand:?}");
        }
    }
}
