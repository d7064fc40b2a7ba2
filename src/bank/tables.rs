//! Tables: the registry (which guild a table belongs to, open or closed, the hand in
//! progress), the escrow of seats, and the life of a hand: begin, settle, cancel, recover.
//!
//! A seat's balance is that player's stack as of the start of the current hand; only a
//! settlement moves chips between the seats of a table, so an interrupted hand is cancelled
//! by moving nothing at all.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::accounts::{self, Account, seat_prefix};
use super::encoding;
use super::ledger::{Draft, Reason};
use super::stats;
use super::store::{Store, Tree};
use super::{BankError, EconomyConfig, GuildId, Recovery, SeatOutcome, TableId, UserId};

/// How many finished hands of each table keep their marker (settled or cancelled). A table
/// retries only the hand it is settling, and a new process starts past the last hand number,
/// so this covers every retry with room to spare; an older hand is known finished from the
/// table's `last_hand`.
pub const HAND_MARKERS_KEPT: u64 = 16;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableRecord {
    pub guild: GuildId,
    pub open: bool,
    pub hand_in_progress: Option<u64>,
    /// The highest hand number begun, settled or cancelled at this table.
    pub last_hand: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum HandState {
    InProgress,
    Settled,
    Cancelled,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HandRecord {
    pub guild: GuildId,
    pub state: HandState,
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

fn read_table(draft: &Draft<'_>, table: TableId) -> Result<Option<TableRecord>, BankError> {
    draft.get_record(Tree::Tables, &table_key(table))
}

/// The table's record, registering an unknown table as open in `guild`. A closed table or a
/// table of another guild is refused.
fn open_record(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
) -> Result<TableRecord, BankError> {
    match read_table(draft, table)? {
        Some(record) if record.guild != guild => Err(BankError::WrongGuild { table }),
        Some(record) if !record.open => Err(BankError::TableClosed { table }),
        Some(record) => Ok(record),
        None => {
            let record = TableRecord {
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
pub(crate) fn stacks(store: &dyn Store, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
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
fn draft_stacks(draft: &Draft<'_>, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
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
fn refuse_if_in_hand(
    draft: &Draft<'_>,
    record: &TableRecord,
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

pub(crate) fn open_table(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
) -> Result<(), BankError> {
    match read_table(draft, table)? {
        Some(record) if record.guild != guild => Err(BankError::WrongGuild { table }),
        Some(record) if record.open => Ok(()),
        Some(record) => {
            let reopened = TableRecord {
                open: true,
                ..record
            };
            draft.put_record(Tree::Tables, table_key(table), &reopened);
            Ok(())
        }
        None => open_record(draft, guild, table).map(|_| ()),
    }
}

/// Pays every stack back to its player and marks the table closed.
pub(crate) fn close_table(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
    reference: &str,
) -> Result<Vec<(UserId, u64)>, BankError> {
    let Some(record) = read_table(draft, table)? else {
        return Err(BankError::UnknownTable { table });
    };
    if record.guild != guild {
        return Err(BankError::WrongGuild { table });
    }
    if let Some(hand) = record.hand_in_progress {
        return Err(BankError::HandInProgress { table, hand });
    }
    let paid = draft_stacks(draft, table)?;
    for &(user, stack) in &paid {
        accounts::transfer(
            draft,
            Account::Seat { table, user },
            Account::Player { guild, user },
            stack,
            Reason::TableClosed,
            reference,
        )?;
    }
    let closed = TableRecord {
        open: false,
        ..record
    };
    draft.put_record(Tree::Tables, table_key(table), &closed);
    Ok(paid)
}

pub(crate) fn buy_in(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    table: TableId,
    user: UserId,
    amount: u64,
    reference: &str,
) -> Result<u64, BankError> {
    if amount == 0 {
        return Err(BankError::ZeroAmount);
    }
    let record = open_record(draft, guild, table)?;
    refuse_if_in_hand(draft, &record, table, user)?;
    accounts::ensure_player(draft, config, guild, user)?;
    let seat = Account::Seat { table, user };
    accounts::transfer(
        draft,
        Account::Player { guild, user },
        seat,
        amount,
        Reason::BuyIn,
        reference,
    )?;
    accounts::chips(draft, seat)
}

pub(crate) fn cash_out(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
    user: UserId,
    reference: &str,
) -> Result<u64, BankError> {
    let Some(record) = read_table(draft, table)? else {
        return Err(BankError::UnknownTable { table });
    };
    if record.guild != guild {
        return Err(BankError::WrongGuild { table });
    }
    refuse_if_in_hand(draft, &record, table, user)?;
    let seat = Account::Seat { table, user };
    let stack = accounts::chips(draft, seat)?;
    if stack == 0 {
        // A busted player, or one who already left: nothing to pay back.
        return Ok(0);
    }
    accounts::transfer(
        draft,
        seat,
        Account::Player { guild, user },
        stack,
        Reason::CashOut,
        reference,
    )?;
    Ok(stack)
}

pub(crate) fn begin_hand(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
    hand: u64,
) -> Result<(), BankError> {
    let mut record = open_record(draft, guild, table)?;
    match record.hand_in_progress {
        Some(current) if current == hand => return Ok(()),
        Some(current) => {
            return Err(BankError::HandInProgress {
                table,
                hand: current,
            });
        }
        None => {}
    }
    if hand <= record.last_hand || draft.get(Tree::Hands, &hand_key(table, hand))?.is_some() {
        return Err(BankError::HandFinished { table, hand });
    }
    let starts = draft_stacks(draft, table)?;
    draft.put_record(
        Tree::Hands,
        hand_key(table, hand),
        &HandRecord {
            guild,
            state: HandState::InProgress,
            starts,
        },
    );
    record.hand_in_progress = Some(hand);
    record.last_hand = record.last_hand.max(hand);
    draft.put_record(Tree::Tables, table_key(table), &record);
    Ok(())
}

/// Checks a settlement and turns it into movements from losing seats to winning seats.
fn settlement_movements(
    draft: &Draft<'_>,
    table: TableId,
    outcomes: &[SeatOutcome],
) -> Result<Vec<(UserId, UserId, u64)>, BankError> {
    if outcomes.is_empty() {
        return Err(BankError::Unbalanced("no seat in the settlement".into()));
    }
    let mut seen = BTreeSet::new();
    let (mut starts, mut ends) = (0u128, 0u128);
    for outcome in outcomes {
        if !seen.insert(outcome.user) {
            return Err(BankError::Unbalanced(format!(
                "player {} appears twice",
                outcome.user.0
            )));
        }
        let seat = Account::Seat {
            table,
            user: outcome.user,
        };
        let held = accounts::chips(draft, seat)?;
        if held != outcome.start {
            return Err(BankError::Unbalanced(format!(
                "player {} started the hand with {held}, not {}",
                outcome.user.0, outcome.start
            )));
        }
        starts += u128::from(outcome.start);
        ends += u128::from(outcome.end);
    }
    if starts != ends {
        return Err(BankError::Unbalanced(format!(
            "the stacks started at {starts} and end at {ends}"
        )));
    }
    let mut losers: Vec<(UserId, u64)> = outcomes
        .iter()
        .filter(|outcome| outcome.end < outcome.start)
        .map(|outcome| (outcome.user, outcome.start - outcome.end))
        .collect();
    let winners = outcomes
        .iter()
        .filter(|outcome| outcome.end > outcome.start)
        .map(|outcome| (outcome.user, outcome.end - outcome.start));
    let mut movements = Vec::new();
    let mut loser_index = 0;
    for (winner, mut gain) in winners {
        while gain > 0 {
            let Some((loser, remaining)) = losers.get_mut(loser_index) else {
                return Err(BankError::Unbalanced("the gains exceed the losses".into()));
            };
            let amount = gain.min(*remaining);
            movements.push((*loser, winner, amount));
            gain -= amount;
            *remaining -= amount;
            if *remaining == 0 {
                loser_index += 1;
            }
        }
    }
    Ok(movements)
}

/// Settles the hand; returns false when it was already settled (a replay: nothing written).
pub(crate) fn settle_hand(
    draft: &mut Draft<'_>,
    guild: GuildId,
    table: TableId,
    hand: u64,
    outcomes: &[SeatOutcome],
) -> Result<bool, BankError> {
    let Some(mut record) = read_table(draft, table)? else {
        return Err(BankError::UnknownTable { table });
    };
    if record.guild != guild {
        return Err(BankError::WrongGuild { table });
    }
    let existing: Option<HandRecord> = draft.get_record(Tree::Hands, &hand_key(table, hand))?;
    match existing.as_ref().map(|existing| existing.state) {
        Some(HandState::Settled) => return Ok(false),
        Some(HandState::Cancelled) => return Err(BankError::HandFinished { table, hand }),
        // A finished hand whose marker was pruned: far older than any retry.
        None if hand <= record.last_hand && record.hand_in_progress != Some(hand) => {
            return Err(BankError::HandFinished { table, hand });
        }
        Some(HandState::InProgress) | None => {}
    }
    if let Some(current) = record.hand_in_progress
        && current != hand
    {
        return Err(BankError::HandInProgress {
            table,
            hand: current,
        });
    }
    let reference = encoding::settlement_reference(table, hand);
    for (loser, winner, amount) in settlement_movements(draft, table, outcomes)? {
        accounts::transfer(
            draft,
            Account::Seat { table, user: loser },
            Account::Seat {
                table,
                user: winner,
            },
            amount,
            Reason::Settle { hand },
            &reference,
        )?;
    }
    for outcome in outcomes {
        stats::record_hand(draft, guild, outcome)?;
    }
    let starts = match existing {
        Some(existing) => existing.starts,
        None => outcomes
            .iter()
            .map(|outcome| (outcome.user, outcome.start))
            .collect(),
    };
    draft.put_record(
        Tree::Hands,
        hand_key(table, hand),
        &HandRecord {
            guild,
            state: HandState::Settled,
            starts,
        },
    );
    record.hand_in_progress = None;
    record.last_hand = record.last_hand.max(hand);
    draft.put_record(Tree::Tables, table_key(table), &record);
    prune_hand_markers(draft, table, hand)?;
    Ok(true)
}

/// Forgets the markers of the table's hands more than [`HAND_MARKERS_KEPT`] before `hand`.
fn prune_hand_markers(draft: &mut Draft<'_>, table: TableId, hand: u64) -> Result<(), BankError> {
    let oldest_kept = hand.saturating_sub(HAND_MARKERS_KEPT - 1);
    for key in draft.keys_between(
        Tree::Hands,
        &hand_key(table, 0),
        &hand_key(table, oldest_kept),
    )? {
        draft.remove(Tree::Hands, key);
    }
    Ok(())
}

pub(crate) fn cancel_hand(
    draft: &mut Draft<'_>,
    table: TableId,
    hand: u64,
) -> Result<Option<Recovery>, BankError> {
    let key = hand_key(table, hand);
    let Some(mut hand_record) = draft.get_record::<HandRecord>(Tree::Hands, &key)? else {
        return Err(BankError::UnknownHand { table, hand });
    };
    match hand_record.state {
        HandState::Cancelled => return Ok(None),
        HandState::Settled => return Err(BankError::HandFinished { table, hand }),
        HandState::InProgress => {}
    }
    let guild = hand_record.guild;
    let mut stacks = Vec::with_capacity(hand_record.starts.len());
    for &(user, _) in &hand_record.starts {
        stacks.push((user, accounts::chips(draft, Account::Seat { table, user })?));
    }
    hand_record.state = HandState::Cancelled;
    draft.put_record(Tree::Hands, key, &hand_record);
    prune_hand_markers(draft, table, hand)?;
    if let Some(mut record) = read_table(draft, table)?
        && record.hand_in_progress == Some(hand)
    {
        record.hand_in_progress = None;
        draft.put_record(Tree::Tables, table_key(table), &record);
    }
    Ok(Some(Recovery {
        guild,
        table,
        hand,
        stacks,
    }))
}

/// Every hand left in progress, by table.
pub(crate) fn hands_in_progress(draft: &Draft<'_>) -> Result<Vec<(TableId, u64)>, BankError> {
    let mut found = Vec::new();
    for (key, value) in draft.scan_prefix(Tree::Tables, &[])? {
        let record: TableRecord = encoding::decode(&value, "table")?;
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

/// The number the table's next hand should take.
pub(crate) fn next_hand_number(store: &dyn Store, table: TableId) -> Result<u64, BankError> {
    let record: Option<TableRecord> = match store.get(Tree::Tables, &table_key(table))? {
        None => None,
        Some(bytes) => Some(encoding::decode(&bytes, "table")?),
    };
    let last = record.map(|record| record.last_hand).unwrap_or(0);
    last.checked_add(1).ok_or(BankError::Overflow)
}
