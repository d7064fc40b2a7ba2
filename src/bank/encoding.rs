//! The compact on-disk form of the bank's records (schema 2): postcard, a varint binary
//! serde format, instead of schema 1's JSON. A ledger entry drops what its key or its
//! accounts already say (its sequence number; a settlement's reference, which is always
//! `hand:<table>:<hand>`), so a settled six-player hand writes about a sixth of the bytes.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::BankError;
use super::TournamentId;
use super::references::settlement_reference;
use super::vocab::{Account, LedgerEntry, Reason};
use crate::ids::{GuildId, TableId, UserId};

/// Encodes one of the bank's own records. Our plain records always serialize.
pub(crate) fn encode<T: Serialize>(value: &T) -> Vec<u8> {
    postcard::to_stdvec(value).unwrap_or_default()
}

/// Decodes a record, naming what was corrupt.
pub(crate) fn decode<T: for<'de> Deserialize<'de>>(
    bytes: &[u8],
    what: &str,
) -> Result<T, BankError> {
    postcard::from_bytes(bytes)
        .map_err(|error| BankError::Storage(format!("a corrupt {what} record: {error}")))
}

#[derive(Serialize, Deserialize)]
enum StoredAccount {
    Player(u64, u64),
    Mint(u64),
    Seat(u64, u64),
    Tournament(u64),
    House(u64),
}

impl From<Account> for StoredAccount {
    fn from(account: Account) -> StoredAccount {
        match account {
            Account::Player { guild, user } => StoredAccount::Player(guild.0, user.0),
            Account::Mint { guild } => StoredAccount::Mint(guild.0),
            Account::Seat { table, user } => StoredAccount::Seat(table.0, user.0),
            Account::Tournament { tournament } => StoredAccount::Tournament(tournament.0),
            Account::House { guild } => StoredAccount::House(guild.0),
        }
    }
}

impl From<StoredAccount> for Account {
    fn from(stored: StoredAccount) -> Account {
        match stored {
            StoredAccount::Player(guild, user) => Account::Player {
                guild: GuildId(guild),
                user: UserId(user),
            },
            StoredAccount::Mint(guild) => Account::Mint {
                guild: GuildId(guild),
            },
            StoredAccount::Seat(table, user) => Account::Seat {
                table: TableId(table),
                user: UserId(user),
            },
            StoredAccount::Tournament(tournament) => Account::Tournament {
                tournament: TournamentId(tournament),
            },
            StoredAccount::House(guild) => Account::House {
                guild: GuildId(guild),
            },
        }
    }
}

#[derive(Serialize, Deserialize)]
enum StoredReason {
    Opening,
    Daily,
    Give,
    Grant(u64),
    Take(u64),
    BuyIn,
    CashOut,
    Settle(u64),
    TableClosed,
    TournamentBuyIn,
    TournamentRefund,
    TournamentPayout,
    HouseMint,
    TournamentAddedPrize,
}

impl From<&Reason> for StoredReason {
    fn from(reason: &Reason) -> StoredReason {
        match reason {
            Reason::Opening => StoredReason::Opening,
            Reason::Daily => StoredReason::Daily,
            Reason::Give => StoredReason::Give,
            Reason::Grant { by } => StoredReason::Grant(by.0),
            Reason::Take { by } => StoredReason::Take(by.0),
            Reason::BuyIn => StoredReason::BuyIn,
            Reason::CashOut => StoredReason::CashOut,
            Reason::Settle { hand } => StoredReason::Settle(*hand),
            Reason::TableClosed => StoredReason::TableClosed,
            Reason::TournamentBuyIn => StoredReason::TournamentBuyIn,
            Reason::TournamentRefund => StoredReason::TournamentRefund,
            Reason::TournamentPayout => StoredReason::TournamentPayout,
            Reason::HouseMint => StoredReason::HouseMint,
            Reason::TournamentAddedPrize => StoredReason::TournamentAddedPrize,
        }
    }
}

impl From<StoredReason> for Reason {
    fn from(stored: StoredReason) -> Reason {
        match stored {
            StoredReason::Opening => Reason::Opening,
            StoredReason::Daily => Reason::Daily,
            StoredReason::Give => Reason::Give,
            StoredReason::Grant(by) => Reason::Grant { by: UserId(by) },
            StoredReason::Take(by) => Reason::Take { by: UserId(by) },
            StoredReason::BuyIn => Reason::BuyIn,
            StoredReason::CashOut => Reason::CashOut,
            StoredReason::Settle(hand) => Reason::Settle { hand },
            StoredReason::TableClosed => Reason::TableClosed,
            StoredReason::TournamentBuyIn => Reason::TournamentBuyIn,
            StoredReason::TournamentRefund => Reason::TournamentRefund,
            StoredReason::TournamentPayout => Reason::TournamentPayout,
            StoredReason::HouseMint => Reason::HouseMint,
            StoredReason::TournamentAddedPrize => Reason::TournamentAddedPrize,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct StoredEntry<'a> {
    time_unix_ms: u64,
    from: StoredAccount,
    to: StoredAccount,
    amount: u64,
    reason: StoredReason,
    /// Empty when it is the one a settlement of `reason`'s hand always carries.
    #[serde(borrow)]
    reference: Cow<'a, str>,
}

fn implied_reference(from: Account, reason: &Reason) -> Option<String> {
    match (from, reason) {
        (Account::Seat { table, .. }, Reason::Settle { hand }) => {
            Some(settlement_reference(table, *hand))
        }
        _ => None,
    }
}

pub(crate) fn encode_entry(entry: &LedgerEntry) -> Vec<u8> {
    let implied = implied_reference(entry.from, &entry.reason);
    let reference = if implied.as_deref() == Some(entry.reference.as_str()) {
        Cow::Borrowed("")
    } else {
        Cow::Borrowed(entry.reference.as_str())
    };
    encode(&StoredEntry {
        time_unix_ms: entry.time_unix_ms,
        from: entry.from.into(),
        to: entry.to.into(),
        amount: entry.amount,
        reason: (&entry.reason).into(),
        reference,
    })
}

pub(crate) fn decode_entry(seq: u64, bytes: &[u8]) -> Result<LedgerEntry, BankError> {
    let stored: StoredEntry<'_> = postcard::from_bytes(bytes)
        .map_err(|error| BankError::Storage(format!("a corrupt ledger entry: {error}")))?;
    let from = Account::from(stored.from);
    let reason = Reason::from(stored.reason);
    let reference = match implied_reference(from, &reason) {
        Some(implied) if stored.reference.is_empty() => implied,
        _ => stored.reference.into_owned(),
    };
    Ok(LedgerEntry {
        seq,
        time_unix_ms: stored.time_unix_ms,
        from,
        to: stored.to.into(),
        amount: stored.amount,
        reason,
        reference,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(reason: Reason, reference: &str) -> LedgerEntry {
        LedgerEntry {
            seq: 7,
            time_unix_ms: 1_767_225_600_000,
            from: Account::Seat {
                table: TableId(1_234_567_890_123_456_789),
                user: UserId(987_654_321_098_765_432),
            },
            to: Account::Seat {
                table: TableId(1_234_567_890_123_456_789),
                user: UserId(987_654_321_098_765_433),
            },
            amount: 120,
            reason,
            reference: reference.into(),
        }
    }

    #[test]
    fn a_ledger_entry_reads_back_as_written() {
        for original in [
            entry(Reason::Settle { hand: 42 }, "hand:1234567890123456789:42"),
            entry(Reason::Settle { hand: 42 }, "something else"),
            entry(Reason::Grant { by: UserId(5) }, "discord:1:grant"),
            entry(Reason::TableClosed, ""),
            entry(Reason::HouseMint, "lobby:1:2:3:join"),
        ] {
            let bytes = encode_entry(&original);
            assert_eq!(decode_entry(7, &bytes).unwrap(), original);
        }
    }

    #[test]
    fn a_settlement_entry_takes_a_fifth_of_its_json() {
        let original = entry(Reason::Settle { hand: 42 }, "hand:1234567890123456789:42");
        let compact = encode_entry(&original).len();
        let json = serde_json::to_vec(&original).unwrap().len();
        assert!(
            compact * 5 <= json,
            "{compact} bytes against {json} of JSON"
        );
    }
}
