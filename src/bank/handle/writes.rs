//! The bank's writes: each queues one operation (`bank::ops`) for the committer and answers
//! what really happened to it.

use crate::bank::ops::{self, MintMove};
use crate::bank::{
    BankError, GuildId, MemberPreferences, Payouts, Recovery, SeatOutcome, TableId, Transfer,
    UserId,
};

use super::Bank;

impl Bank {
    /// Moves `amount` from the player's balance to their seat at `table`; returns their stack.
    /// A computer player buys in from the guild's house, which the mint tops up when short.
    /// An unknown table is registered as open in `guild`. Refused while the player is in the
    /// table's hand in progress.
    pub async fn buy_in(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        if user.is_computer() {
            // A computer player's chips are the house's, never a player account's.
            return self
                .call_leased(
                    guild,
                    ops::HouseBuyIn {
                        guild,
                        table,
                        computer: user,
                        amount,
                        reference: reference.to_string(),
                    },
                )
                .await;
        }
        self.call_leased(
            guild,
            ops::BuyIn {
                guild,
                table,
                user,
                amount,
                reference: reference.to_string(),
            },
        )
        .await
    }

    /// Returns the player's whole stack at `table` to their balance (a computer player's to
    /// the house); returns the amount
    /// (0 for a player with no chips at the table). Refused while the player is in the
    /// table's hand in progress.
    pub async fn cash_out(
        &self,
        guild: GuildId,
        table: TableId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_leased(
            guild,
            ops::CashOut {
                guild,
                table,
                user,
                reference: reference.to_string(),
            },
        )
        .await
    }

    /// Marks hand `hand` of `table` as in progress (for recovery after a crash), recording
    /// every seat's stack. Beginning the hand in progress again is a no-op; another hand while
    /// one is in progress, or a hand number already finished, is refused.
    pub async fn begin_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
    ) -> Result<(), BankError> {
        self.call_leased(guild, ops::BeginHand { guild, table, hand })
            .await
    }

    /// Settles a finished hand in one transaction: every seat's stack becomes its `end`,
    /// stats are updated. The ends must sum to the starts, and each start must be the seat's
    /// stack. Settling the same hand twice takes effect once.
    pub async fn settle_hand(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
    ) -> Result<(), BankError> {
        self.settle(guild, table, hand, outcomes, None).await
    }

    /// [`Bank::settle_hand`], storing the hand's public `history` in the same transaction
    /// (read back by [`Bank::channel_hand_history`] as `ChannelHand::Cash`). The table keeps
    /// the histories of its last `hand_histories_kept` hands; older ones are removed by the
    /// same transaction.
    pub async fn settle_hand_with_history(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
        history: Vec<u8>,
    ) -> Result<(), BankError> {
        self.settle(guild, table, hand, outcomes, Some(history))
            .await
    }

    async fn settle(
        &self,
        guild: GuildId,
        table: TableId,
        hand: u64,
        outcomes: &[SeatOutcome],
        history: Option<Vec<u8>>,
    ) -> Result<(), BankError> {
        self.call_leased(
            guild,
            ops::SettleHand {
                guild,
                table,
                hand,
                outcomes: outcomes.to_vec(),
                history,
            },
        )
        .await
    }

    /// Cancels an interrupted hand: every player keeps their start-of-hand stack.
    pub async fn cancel_hand(&self, table: TableId, hand: u64) -> Result<(), BankError> {
        self.call(ops::CancelHand { table, hand }).await
    }

    /// Registers `table` as open in `guild` (or reopens it).
    pub async fn open_table(&self, guild: GuildId, table: TableId) -> Result<(), BankError> {
        self.call_leased(guild, ops::OpenTable { guild, table })
            .await
    }

    /// Pays every stack at `table` back to its player and marks the table closed (a closed
    /// table holds no chips). Refused while a hand is in progress. Returns what was paid.
    pub async fn close_table(
        &self,
        guild: GuildId,
        table: TableId,
        reference: &str,
    ) -> Result<Payouts, BankError> {
        self.call_leased(
            guild,
            ops::CloseTable {
                guild,
                table,
                reference: reference.to_string(),
            },
        )
        .await
    }

    /// Stores (replaces) the settings record of `table`, durably before answering. The bytes
    /// are the caller's format; the bank only keeps them.
    pub async fn save_table_settings(
        &self,
        table: TableId,
        record: Vec<u8>,
    ) -> Result<(), BankError> {
        self.call(ops::SaveTableSettings { table, record }).await
    }

    /// Forgets the settings record of `table` (nothing to forget is fine).
    pub async fn remove_table_settings(&self, table: TableId) -> Result<(), BankError> {
        self.call(ops::RemoveTableSettings { table }).await
    }

    /// Claims the daily amount; returns the new balance.
    pub async fn daily(
        &self,
        guild: GuildId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::Daily {
            guild,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Gives chips from one player to another (`to_is_bot` from the caller, who knows).
    pub async fn give(
        &self,
        guild: GuildId,
        from: UserId,
        to: UserId,
        to_is_bot: bool,
        amount: u64,
        reference: &str,
    ) -> Result<Transfer, BankError> {
        self.call(ops::Give {
            guild,
            from,
            to,
            to_is_bot,
            amount,
            reference: reference.to_string(),
        })
        .await
    }

    /// A moderator creates chips for a player (from the guild's mint); returns the balance.
    pub async fn grant(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.moderate(guild, moderator, user, amount, MintMove::Grant, reference)
            .await
    }

    /// A moderator destroys chips of a player (into the guild's mint); returns the balance.
    pub async fn take(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.moderate(guild, moderator, user, amount, MintMove::Take, reference)
            .await
    }

    async fn moderate(
        &self,
        guild: GuildId,
        moderator: UserId,
        user: UserId,
        amount: u64,
        direction: MintMove,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::Moderate {
            guild,
            moderator,
            user,
            amount,
            direction,
            reference: reference.to_string(),
        })
        .await
    }

    /// What opening the bank recovered: every hand an earlier process left in progress, now
    /// cancelled; with a shared store, also the hands of every guild taken over since
    /// (`Bank::take_leases`). Calling it again cancels nothing more.
    pub async fn recover(&self) -> Result<Vec<Recovery>, BankError> {
        Ok(super::lock(&self.inner.recovered).clone())
    }

    /// Recovers one table whose task ended abnormally while the process runs: its hand in
    /// progress, if any, is cancelled as recovery at start cancels it (every player keeps
    /// their start-of-hand stack). `None` when no hand was in progress.
    pub async fn recover_table(&self, table: TableId) -> Result<Option<Recovery>, BankError> {
        let mut recovered = self.call(ops::RecoverTable { table }).await?;
        Ok(recovered.pop())
    }

    /// Stores what `user` chose for themselves (the default is stored as nothing), durably
    /// before answering.
    pub async fn save_preferences(
        &self,
        user: UserId,
        preferences: MemberPreferences,
    ) -> Result<(), BankError> {
        self.call(ops::SavePreferences { user, preferences }).await
    }
}
