//! The audit's totals of the stored balances, by kind of account, by table, tournament and
//! guild: what the checks of balances, tables, guilds and tournaments all read.

use std::collections::{BTreeMap, BTreeSet};

use crate::bank::vocab::{Account, TournamentId};
use crate::ids::{GuildId, TableId, UserId};

/// The stored balances, totalled by kind, and what the later checks need of them.
#[derive(Default)]
pub(super) struct BalanceTotals {
    pub(super) accounts: u64,
    pub(super) player_accounts: u64,
    pub(super) player_chips: i128,
    pub(super) escrow_chips: i128,
    pub(super) tournament_chips: i128,
    pub(super) house_chips: i128,
    pub(super) mint_balance: i128,
    pub(super) seats_by_table: BTreeMap<TableId, i128>,
    pub(super) escrow_by_tournament: BTreeMap<TournamentId, i128>,
    pub(super) tournament_flows: BTreeMap<TournamentId, (i128, i128)>,
    pub(super) tournament_parties: BTreeMap<TournamentId, BTreeMap<Account, i128>>,
    pub(super) by_guild: BTreeMap<GuildId, i128>,
    pub(super) expected_board: BTreeSet<(GuildId, UserId, u64)>,
}

impl BalanceTotals {
    /// One stored balance into the totals it belongs to; a balance out of its account's
    /// range is a break.
    pub(super) fn add(&mut self, account: Account, balance: i128, breaks: &mut Vec<String>) {
        let chips_out_of_range = balance < 0 || balance > i128::from(u64::MAX);
        match account {
            Account::Player { guild, user } => {
                *self.by_guild.entry(guild).or_default() += balance;
                self.player_accounts += 1;
                self.player_chips += balance;
                match u64::try_from(balance) {
                    Ok(chips) => {
                        self.expected_board.insert((guild, user, chips));
                    }
                    Err(_) => breaks.push(format!("{account:?} holds {balance}")),
                }
            }
            Account::Seat { table, .. } => {
                self.escrow_chips += balance;
                *self.seats_by_table.entry(table).or_default() += balance;
                if chips_out_of_range {
                    breaks.push(format!("{account:?} holds {balance}"));
                }
            }
            Account::Tournament { tournament } => {
                self.tournament_chips += balance;
                *self.escrow_by_tournament.entry(tournament).or_default() += balance;
                if chips_out_of_range {
                    breaks.push(format!("{account:?} holds {balance}"));
                }
            }
            Account::House { guild } => {
                *self.by_guild.entry(guild).or_default() += balance;
                self.house_chips += balance;
                if balance < 0 || balance > i128::from(u64::MAX) {
                    breaks.push(format!("{account:?} holds {balance}"));
                }
            }
            Account::Mint { guild } => {
                *self.by_guild.entry(guild).or_default() += balance;
                self.mint_balance += balance;
                if balance > 0 {
                    breaks.push(format!(
                        "{account:?} holds {balance}: more destroyed than created"
                    ));
                }
            }
        }
    }
}
