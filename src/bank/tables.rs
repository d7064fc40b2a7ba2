//! Tables: the registry (which guild a table belongs to, open or closed, the hand in
//! progress), the escrow of seats and the markers of hands, as the table operations (`ops`:
//! buy-in, cash-out, begin, settle, cancel, recover, open, close) read and write them.
//!
//! A seat's balance is that player's stack as of the start of the current hand; only a
//! settlement moves chips between the seats of a table, so an interrupted hand is cancelled
//! by moving nothing at all.

use serde::{Deserialize, Serialize};

use super::accounts::{self, Account};
use super::encoding;
use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::vocab::seat_prefix;
use super::{BankError, GuildId, TableId, UserId};

/// How many finished hands of each table keep their marker (settled or cancelled). A table
/// retries only the hand it is settling, and a new process starts past the last hand number,
/// so this covers every retry with room to spare; an older hand is known finished from the
/// table's `last_hand`.
pub const HAND_MARKERS_KEPT: u64 = 16;

/// A table as the bank's registry keeps it: its guild, open or closed, the hand in progress
/// (the lobby's `TableRecord` is something else: a channel's table settings).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RegisteredTable {
    pub guild: GuildId,
    pub open: bool,
    pub hand_in_progress: Option<u64>,
    /// The highest hand number begun, settled or cancelled at this table.
    pub last_hand: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum HandStatus {
    InProgress,
    Settled,
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HandRecord {
    pub guild: GuildId,
    pub state: HandStatus,
    /// The seats' stacks when the hand began.
    pub starts: Vec<(UserId, u64)>,
}

pub(crate) fn table_key(table: TableId) -> Vec<u8> {
    table.0.to_be_bytes().to_vec()
}

pub(crate) fn hand_key(table: TableId, hand: u64) -> Vec<u8> {
    let mut key = Vec::with_capacity(16);
    key.extend_from_slice(&table.0.to_be_bytes());
    key.extend_from_slice(&hand.to_be_bytes());
    key
}

pub(super) fn read_table(
    draft: &Draft<'_>,
    table: TableId,
) -> Result<Option<RegisteredTable>, BankError> {
    draft.get_record(Tree::Tables, &table_key(table))
}

/// The record of a table known in `guild`: an unknown table, or one of another guild, is
/// refused.
pub(super) fn guild_record(
    draft: &Draft<'_>,
    guild: GuildId,
    table: TableId,
) -> Result<RegisteredTable, BankError> {
    match read_table(draft, table)? {
        None => Err(BankError::UnknownTable { table }),
        Some(record) if record.guild != guild => Err(BankError::WrongGuild { table }),
        Some(record) => Ok(record),
    }
}

/// The table's record, registering an unknown table as open in `guild`. A closed table or a
/// table of another guild is refused.
pub(super) fn open_record(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
) -> Result<RegisteredTable, BankError> {
    match read_table(draft, table)? {
        Some(record) if record.guild != guild => Err(BankError::WrongGuild { table }),
        Some(record) if !record.open => Err(BankError::TableClosed { table }),
        Some(record) => Ok(record),
        None => {
            super::tournaments::refuse_if_live_in_channel(draft, table)?;
            let record = RegisteredTable {
                guild,
                open: true,
                hand_in_progress: None,
                last_hand: 0,
            };
            draft.put_record(Tree::Tables, table_key(table), &record);
            Ok(record)
        }
    }
}

/// Every seat of `table` and its stack, by user id.
pub(crate) fn stacks(store: &dyn Reads, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
    let mut rows = Vec::new();
    for item in store.scan_prefix(Tree::Balances, &seat_prefix(table)) {
        let (key, value) = item?;
        let (Some(Account::Seat { user, .. }), Some(balance)) =
            (Account::from_key(&key), accounts::decode_balance(&value))
        else {
            return Err(BankError::Storage("a corrupt seat record".into()));
        };
        let stack = u64::try_from(balance)
            .map_err(|_| BankError::Storage("a seat holds a negative stack".into()))?;
        rows.push((user, stack));
    }
    Ok(rows)
}

/// The seats of `table` as the draft sees them (store, batch and this operation's writes).
pub(super) fn draft_stacks(
    draft: &Draft<'_>,
    table: TableId,
) -> Result<Vec<(UserId, u64)>, BankError> {
    let mut rows = Vec::new();
    for (key, _) in draft.scan_prefix(Tree::Balances, &seat_prefix(table))? {
        let Some(Account::Seat { user, .. }) = Account::from_key(&key) else {
            return Err(BankError::Storage("a corrupt seat record".into()));
        };
        let stack = accounts::chips(draft, Account::Seat { table, user })?;
        if stack > 0 {
            rows.push((user, stack));
        }
    }
    Ok(rows)
}

/// Refuses to change the stack of a player who is in the hand in progress.
pub(super) fn refuse_if_in_hand(
    draft: &Draft<'_>,
    record: &RegisteredTable,
    table: TableId,
    user: UserId,
) -> Result<(), BankError> {
    if let Some(hand) = record.hand_in_progress {
        let hand_record: Option<HandRecord> =
            draft.get_record(Tree::Hands, &hand_key(table, hand))?;
        let in_hand = hand_record
            .map(|record| record.starts.iter().any(|(seated, _)| *seated == user))
            .unwrap_or(false);
        if in_hand {
            return Err(BankError::HandInProgress { table, hand });
        }
    }
    Ok(())
}

/// Forgets the markers of the table's hands more than [`HAND_MARKERS_KEPT`] before `hand`.
pub(super) fn prune_hand_markers(
    draft: &mut Draft<'_>,
    table: TableId,
    hand: u64,
) -> Result<(), BankError> {
    let (start, end) = pruned_markers(table, hand);
    for key in draft.keys_between(Tree::Hands, &start, &end)? {
        draft.remove(Tree::Hands, key);
    }
    Ok(())
}

/// The range of `Tree::Hands` whose markers settling `hand` forgets (start, end exclusive).
pub(crate) fn pruned_markers(table: TableId, hand: u64) -> (Vec<u8>, Vec<u8>) {
    let oldest_kept = hand.saturating_sub(HAND_MARKERS_KEPT - 1);
    (hand_key(table, 0), hand_key(table, oldest_kept))
}

/// Every hand left in progress, by table.
pub(crate) fn hands_in_progress(draft: &Draft<'_>) -> Result<Vec<(TableId, u64)>, BankError> {
    let mut found = Vec::new();
    for (key, value) in draft.scan_prefix(Tree::Tables, &[])? {
        let record: RegisteredTable = encoding::decode(&value, "table")?;
        let table = TableId(
            super::ledger::decode_u64(&key)
                .ok_or_else(|| BankError::Storage("a corrupt table key".into()))?,
        );
        if let Some(hand) = record.hand_in_progress {
            found.push((table, hand));
        }
    }
    Ok(found)
}

/// Every hand left in progress, with its table's guild.
pub(crate) fn guild_hands_in_progress(
    draft: &Draft<'_>,
) -> Result<Vec<(GuildId, TableId, u64)>, BankError> {
    let mut found = Vec::new();
    for (key, value) in draft.scan_prefix(Tree::Tables, &[])? {
        let record: RegisteredTable = encoding::decode(&value, "table")?;
        let table = TableId(
            super::ledger::decode_u64(&key)
                .ok_or_else(|| BankError::Storage("a corrupt table key".into()))?,
        );
        if let Some(hand) = record.hand_in_progress {
            found.push((record.guild, table, hand));
        }
    }
    Ok(found)
}

/// What the bank knows of one table: whose it is, open or closed, the hand in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableState {
    pub table: TableId,
    pub guild: GuildId,
    pub open: bool,
    pub hand_in_progress: Option<u64>,
}

/// The state of `table`, if the bank knows it.
pub(crate) fn table_state(
    store: &dyn Reads,
    table: TableId,
) -> Result<Option<TableState>, BankError> {
    let Some(bytes) = store.get(Tree::Tables, &table_key(table))? else {
        return Ok(None);
    };
    let record: RegisteredTable = encoding::decode(&bytes, "table")?;
    Ok(Some(TableState {
        table,
        guild: record.guild,
        open: record.open,
        hand_in_progress: record.hand_in_progress,
    }))
}

/// The number the table's next hand should take.
pub(crate) fn next_hand_number(store: &dyn Reads, table: TableId) -> Result<u64, BankError> {
    let record: Option<RegisteredTable> = match store.get(Tree::Tables, &table_key(table))? {
        None => None,
        Some(bytes) => Some(encoding::decode(&bytes, "table")?),
    };
    let last = record.map(|record| record.last_hand).unwrap_or(0);
    last.checked_add(1).ok_or(BankError::Overflow)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::ledger::Overlay;
    use crate::bank::test_store::{commit, read, store};
    use crate::bank::vocab::Reason;

    const GUILD: GuildId = GuildId(7);
    const OTHER_GUILD: GuildId = GuildId(8);
    const TABLE: TableId = TableId(100);

    fn seat(draft: &mut Draft<'_>, user: u64, chips: u64) -> Result<(), BankError> {
        let seat = Account::Seat {
            table: TABLE,
            user: UserId(user),
        };
        let mint = Account::Mint { guild: GUILD };
        accounts::transfer(draft, mint, seat, chips, Reason::BuyIn, "test seat")
    }

    /// The table with hand `hand` in progress, `starts` its seats' stacks at its start.
    fn hand_in_progress(draft: &mut Draft<'_>, hand: u64, starts: Vec<(UserId, u64)>) {
        let record = RegisteredTable {
            guild: GUILD,
            open: true,
            hand_in_progress: Some(hand),
            last_hand: hand,
        };
        draft.put_record(Tree::Tables, table_key(TABLE), &record);
        let marker = HandRecord {
            guild: GUILD,
            state: HandStatus::InProgress,
            starts,
        };
        draft.put_record(Tree::Hands, hand_key(TABLE, hand), &marker);
    }

    #[test]
    fn a_table_of_another_guild_is_refused_whether_read_or_opened() {
        let (_dir, store) = store();
        commit(&store, |draft| open_record(draft, GUILD, TABLE).map(|_| ()));
        let wrong_guild = Err(BankError::WrongGuild { table: TABLE });
        read(&store, |draft| {
            assert_eq!(guild_record(draft, OTHER_GUILD, TABLE), wrong_guild);
            assert_eq!(
                guild_record(draft, GUILD, TABLE).map(|r| r.guild),
                Ok(GUILD)
            );
        });
        let batch = Overlay::new();
        let mut draft = Draft::new(&store, &batch, 1, 0);
        assert_eq!(open_record(&mut draft, OTHER_GUILD, TABLE), wrong_guild);
        assert_eq!(
            open_record(&mut draft, GUILD, TABLE).map(|r| r.open),
            Ok(true)
        );
    }

    #[test]
    fn a_tables_seats_state_and_next_hand_are_read_back_from_the_store() {
        let (_dir, store) = store();
        assert_eq!(table_state(&store, TABLE), Ok(None));
        assert_eq!(next_hand_number(&store, TABLE), Ok(1));
        commit(&store, |draft| {
            seat(draft, 1, 300)?;
            seat(draft, 2, 200)?;
            hand_in_progress(draft, 4, vec![(UserId(1), 300), (UserId(2), 200)]);
            Ok(())
        });
        assert_eq!(
            stacks(&store, TABLE),
            Ok(vec![(UserId(1), 300), (UserId(2), 200)])
        );
        assert_eq!(
            table_state(&store, TABLE),
            Ok(Some(TableState {
                table: TABLE,
                guild: GUILD,
                open: true,
                hand_in_progress: Some(4),
            }))
        );
        assert_eq!(next_hand_number(&store, TABLE), Ok(5));
        assert_eq!(read(&store, hands_in_progress), Ok(vec![(TABLE, 4)]));
    }

    #[test]
    fn only_a_player_dealt_into_the_hand_in_progress_is_held_to_it() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            hand_in_progress(draft, 4, vec![(UserId(1), 300)]);
            Ok(())
        });
        read(&store, |draft| {
            let record = guild_record(draft, GUILD, TABLE).expect("registered");
            assert_eq!(
                refuse_if_in_hand(draft, &record, TABLE, UserId(1)),
                Err(BankError::HandInProgress {
                    table: TABLE,
                    hand: 4
                })
            );
            assert_eq!(refuse_if_in_hand(draft, &record, TABLE, UserId(2)), Ok(()));
        });
    }

    #[test]
    fn pruning_keeps_the_markers_of_the_last_hands_kept_and_no_more() {
        let (_dir, store) = store();
        let last = 20;
        commit(&store, |draft| {
            for hand in 1..=last {
                hand_in_progress(draft, hand, Vec::new());
            }
            prune_hand_markers(draft, TABLE, last)
        });
        let kept: Vec<u64> = (1..=last)
            .filter(|&hand| {
                read(&store, |draft| {
                    draft
                        .get_record::<HandRecord>(Tree::Hands, &hand_key(TABLE, hand))
                        .expect("reads")
                        .is_some()
                })
            })
            .collect();
        let first_kept = last - HAND_MARKERS_KEPT + 1;
        assert_eq!(kept, (first_kept..=last).collect::<Vec<_>>());
    }

    #[test]
    fn a_seat_record_holding_no_chips_is_not_a_seat_in_play() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            seat(draft, 1, 300)?;
            // Written as books from before emptied seats lost their key would hold it.
            let empty = Account::Seat {
                table: TABLE,
                user: UserId(2),
            };
            draft.put(Tree::Balances, empty.key(), accounts::encode_balance(0));
            Ok(())
        });
        assert_eq!(
            read(&store, |draft| draft_stacks(draft, TABLE)),
            Ok(vec![(UserId(1), 300)])
        );
    }
}
