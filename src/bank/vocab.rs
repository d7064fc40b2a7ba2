//! The bank's vocabulary: the accounts chips sit in (and their keys), the number of a sit &
//! go, why chips moved, and one ledger entry. A leaf: the balances (`accounts`), the ledger
//! and its unit of work (`ledger`), the on-disk form (`encoding`), the errors and the
//! tournaments' records all use these, and these use none of them.

use serde::{Deserialize, Serialize};

use crate::ids::{GuildId, TableId, UserId};

/// A sit & go, numbered by the bank from 1 as they are opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TournamentId(pub u64);

impl TournamentId {
    /// The escrow account holding its prize pool.
    pub fn escrow(self) -> Account {
        Account::Tournament { tournament: self }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Account {
    Player {
        guild: GuildId,
        user: UserId,
    },
    Mint {
        guild: GuildId,
    },
    Seat {
        table: TableId,
        user: UserId,
    },
    /// A sit & go's prize pool, in escrow from the buy-ins to the payouts.
    Tournament {
        tournament: TournamentId,
    },
    /// The guild's house: the chips its computer players buy in with and cash out to.
    House {
        guild: GuildId,
    },
}

const PLAYER_TAG: u8 = b'P';
const MINT_TAG: u8 = b'M';
const SEAT_TAG: u8 = b'S';
const TOURNAMENT_TAG: u8 = b'T';
const HOUSE_TAG: u8 = b'H';

impl Account {
    pub fn key(self) -> Vec<u8> {
        let mut key = Vec::with_capacity(17);
        match self {
            Account::Player { guild, user } => {
                key.push(PLAYER_TAG);
                key.extend_from_slice(&guild.0.to_be_bytes());
                key.extend_from_slice(&user.0.to_be_bytes());
            }
            Account::Mint { guild } => {
                key.push(MINT_TAG);
                key.extend_from_slice(&guild.0.to_be_bytes());
            }
            Account::Seat { table, user } => {
                key.push(SEAT_TAG);
                key.extend_from_slice(&table.0.to_be_bytes());
                key.extend_from_slice(&user.0.to_be_bytes());
            }
            Account::Tournament { tournament } => {
                key.push(TOURNAMENT_TAG);
                key.extend_from_slice(&tournament.0.to_be_bytes());
            }
            Account::House { guild } => {
                key.push(HOUSE_TAG);
                key.extend_from_slice(&guild.0.to_be_bytes());
            }
        }
        key
    }

    pub fn from_key(key: &[u8]) -> Option<Account> {
        let number = |range: std::ops::Range<usize>| -> Option<u64> {
            Some(u64::from_be_bytes(key.get(range)?.try_into().ok()?))
        };
        match (key.first()?, key.len()) {
            (&PLAYER_TAG, 17) => Some(Account::Player {
                guild: GuildId(number(1..9)?),
                user: UserId(number(9..17)?),
            }),
            (&MINT_TAG, 9) => Some(Account::Mint {
                guild: GuildId(number(1..9)?),
            }),
            (&SEAT_TAG, 17) => Some(Account::Seat {
                table: TableId(number(1..9)?),
                user: UserId(number(9..17)?),
            }),
            (&TOURNAMENT_TAG, 9) => Some(Account::Tournament {
                tournament: TournamentId(number(1..9)?),
            }),
            (&HOUSE_TAG, 9) => Some(Account::House {
                guild: GuildId(number(1..9)?),
            }),
            _ => None,
        }
    }

    pub fn is_mint(self) -> bool {
        matches!(self, Account::Mint { .. })
    }

    /// Where `user`'s chips go when they leave a table of `guild`: their own balance, or
    /// for a computer player the guild's house.
    pub fn owner(guild: GuildId, user: UserId) -> Account {
        if user.is_computer() {
            Account::House { guild }
        } else {
            Account::Player { guild, user }
        }
    }
}

/// The key prefix of every seat at `table`.
pub fn seat_prefix(table: TableId) -> Vec<u8> {
    let mut prefix = vec![SEAT_TAG];
    prefix.extend_from_slice(&table.0.to_be_bytes());
    prefix
}

/// Why chips moved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Reason {
    /// A new account's starting balance, from the mint.
    Opening,
    Daily,
    Give,
    /// A moderator created chips for a player.
    Grant {
        by: UserId,
    },
    /// A moderator destroyed chips of a player.
    Take {
        by: UserId,
    },
    BuyIn,
    CashOut,
    /// Chips moved between seats when hand `hand` settled.
    Settle {
        hand: u64,
    },
    /// Stacks paid back to their players when their table closed.
    TableClosed,
    /// A buy-in into a sit & go's prize pool.
    TournamentBuyIn,
    /// A buy-in paid back: unregistered, or the sit & go cancelled before it started.
    TournamentRefund,
    /// A share of the prize pool: a place's payout, or a cancelled sit & go's pool divided
    /// among the players still in.
    TournamentPayout,
    /// Chips created for the guild's house, which held too little for a computer player's
    /// buy-in.
    HouseMint,
    /// A prize added to a sit & go's prize pool at its open, from the house or a member.
    TournamentAddedPrize,
}

/// One movement: `amount` chips from `from` to `to`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// 1, 2, 3, … with no gap.
    pub seq: u64,
    pub time_unix_ms: u64,
    pub from: Account,
    pub to: Account,
    pub amount: u64,
    pub reason: Reason,
    /// The caller's reference (interaction id, hand, …) of the operation that moved it.
    pub reference: String,
}
