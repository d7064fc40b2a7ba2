//! The bank's reads of single records and ranges, beside the committer, under the store
//! timeout.

use crate::bank::ledger::{self, LedgerEntry};
use crate::bank::store::Tree;
use crate::bank::{
    BankError, ChannelHand, GuildId, HouseStats, MemberPreferences, PlayerStats, TableId,
    TournamentId, TournamentStats, UserId, accounts, accounts::Account, encoding, house,
    leaderboard, records, stats, tables,
};

use super::Bank;

impl Bank {
    /// The player's balance; for a member the bank has never seen, the starting balance they
    /// would open with. Looking creates nothing (an account opens with its first movement).
    /// Bots never hold accounts: callers do not ask about them (the bank cannot tell a bot).
    pub async fn balance(&self, guild: GuildId, user: UserId) -> Result<u64, BankError> {
        let account = Account::Player { guild, user };
        let stored = self
            .read(move |store| {
                store
                    .get(Tree::Balances, &account.key())
                    .map_err(Into::into)
            })
            .await?;
        match stored {
            Some(bytes) => accounts::decode_balance(&bytes)
                .and_then(|balance| u64::try_from(balance).ok())
                .ok_or_else(|| {
                    BankError::Storage(format!("the balance of {account:?} is corrupt"))
                }),
            None => Ok(self.inner.starting_balance),
        }
    }

    /// Each seated player's stack in `table`'s escrow, by user id.
    pub async fn table_stacks(&self, table: TableId) -> Result<Vec<(UserId, u64)>, BankError> {
        self.read(move |store| tables::stacks(store, table)).await
    }

    /// What the bank knows of `table` (its guild, open or closed, the hand in progress);
    /// `None` for a table it never saw.
    pub async fn table_state(
        &self,
        table: TableId,
    ) -> Result<Option<tables::TableState>, BankError> {
        self.read(move |store| tables::table_state(store, table))
            .await
    }

    /// The number the table's next hand should take (one past every hand it has seen).
    pub async fn next_hand_number(&self, table: TableId) -> Result<u64, BankError> {
        self.read(move |store| tables::next_hand_number(store, table))
            .await
    }

    /// The stored history of one hand of the channel `table`, a cash hand or a sit & go's.
    pub async fn channel_hand_history(
        &self,
        table: TableId,
        hand: ChannelHand,
    ) -> Result<Option<Vec<u8>>, BankError> {
        self.read(move |store| records::channel_history(store, table, hand))
            .await
    }

    /// The channel's latest stored hand history, cash or sit & go, and which hand it is.
    pub async fn latest_channel_hand_history(
        &self,
        table: TableId,
    ) -> Result<Option<(ChannelHand, Vec<u8>)>, BankError> {
        let kept = self.inner.hand_histories_kept;
        self.read(move |store| records::latest_channel_history(store, table, kept))
            .await
    }

    /// The latest stored history of a hand sit & go `tournament` played in channel `table`.
    pub async fn latest_sit_and_go_hand_history(
        &self,
        table: TableId,
        tournament: TournamentId,
    ) -> Result<Option<(ChannelHand, Vec<u8>)>, BankError> {
        self.read(move |store| records::latest_sit_and_go_history(store, table, tournament))
            .await
    }

    /// Every stored table settings record, by table id.
    pub async fn table_settings(&self) -> Result<Vec<(TableId, Vec<u8>)>, BankError> {
        self.read(records::all_settings).await
    }

    /// The `limit` richest players of `guild`, richest first.
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        limit: usize,
    ) -> Result<Vec<(UserId, u64)>, BankError> {
        self.read(move |store| leaderboard::top(store, guild, limit))
            .await
    }

    /// The player's stats in `guild`.
    pub async fn stats(&self, guild: GuildId, user: UserId) -> Result<PlayerStats, BankError> {
        self.read(move |store| stats::read(store, guild, user))
            .await
    }

    /// The player's sit & go record in `guild`, apart from their cash play.
    pub async fn tournament_stats(
        &self,
        guild: GuildId,
        user: UserId,
    ) -> Result<TournamentStats, BankError> {
        self.read(move |store| stats::read_tournament(store, guild, user))
            .await
    }

    /// The `limit` players of `guild` with the best net from sit & gos, best first.
    pub async fn tournament_leaderboard(
        &self,
        guild: GuildId,
        limit: usize,
    ) -> Result<Vec<(UserId, TournamentStats)>, BankError> {
        self.read(move |store| stats::tournament_top(store, guild, limit))
            .await
    }

    /// What the guild's house account holds, won, lost and was minted.
    /// The most one computer player buys in for (`[economy] computer_max_buy_in`).
    pub fn computer_max_buy_in(&self) -> u64 {
        self.inner.computer_max_buy_in
    }

    /// The house's record, with what the mint may create for it in all (`[economy]
    /// house_mint_limit`).
    pub async fn house_stats(&self, guild: GuildId) -> Result<HouseStats, BankError> {
        let mint_limit = self.inner.house_mint_limit;
        self.read(move |store| {
            let mut stats = house::read(store, guild)?;
            let account = Account::House { guild };
            stats.balance = match store.get(Tree::Balances, &account.key())? {
                None => 0,
                Some(bytes) => accounts::decode_balance(&bytes)
                    .and_then(|balance| u64::try_from(balance).ok())
                    .ok_or_else(|| {
                        BankError::Storage(format!("the balance of {account:?} is corrupt"))
                    })?,
            };
            stats.mint_limit = mint_limit;
            Ok(stats)
        })
        .await
    }

    /// Up to `limit` ledger entries from sequence number `from_seq` on.
    pub async fn ledger(&self, from_seq: u64, limit: usize) -> Result<Vec<LedgerEntry>, BankError> {
        self.read(move |store| {
            let mut entries = Vec::new();
            for item in store
                .scan_from(Tree::Ledger, &from_seq.to_be_bytes())
                .take(limit)
            {
                let (key, value) = item?;
                let seq = ledger::decode_u64(&key)
                    .ok_or_else(|| BankError::Storage("a corrupt ledger key".into()))?;
                let entry = encoding::decode_entry(seq, &value)?;
                entries.push(entry);
            }
            Ok(entries)
        })
        .await
    }

    /// Every member who chose preferences other than the default, with their choice.
    pub async fn member_preferences(&self) -> Result<Vec<(UserId, MemberPreferences)>, BankError> {
        self.read(|store| {
            let mut members = Vec::new();
            for item in store.scan_prefix(Tree::Preferences, &[]) {
                let (key, value) = item?;
                let user = ledger::decode_u64(&key)
                    .map(UserId)
                    .ok_or_else(|| BankError::Storage("a corrupt preferences key".into()))?;
                members.push((user, encoding::decode(&value, "preferences")?));
            }
            Ok(members)
        })
        .await
    }
}
