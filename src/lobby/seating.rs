//! Sitting down at a table, as every front end offers it: the buy-in a player gets when they
//! name none (the most the table allows that they can afford), and a buy-in given by a player
//! already seated is a top-up.

use crate::bank::{Bank, UserId};

use super::command::{Joined, TableHandle};
use super::error::LobbyError;

/// What sitting down did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seated {
    /// A new seat with this stack.
    Joined { stack: u64 },
    /// A seated player added `amount`; their stack is now `stack`.
    ToppedUp { amount: u64, stack: u64 },
}

/// Seats `user` at `table` with `buy_in` chips, or with the largest buy-in the table allows
/// that they can afford when `buy_in` is `None` (the table's minimum when they cannot afford
/// even that: the table then says how many chips are missing). A player already seated who
/// names a buy-in tops up by that much.
pub async fn sit_down(
    table: &TableHandle,
    bank: &Bank,
    user: UserId,
    buy_in: Option<u64>,
) -> Result<Seated, LobbyError> {
    let amount = match buy_in {
        Some(amount) => amount,
        None => default_buy_in(table, bank, user).await?,
    };
    match table.join(user, amount).await {
        Ok(Joined { stack, .. }) => Ok(Seated::Joined { stack }),
        Err(LobbyError::AlreadySeated) if buy_in.is_some() => {
            let stack = table.top_up(user, amount).await?;
            Ok(Seated::ToppedUp { amount, stack })
        }
        Err(error) => Err(error),
    }
}

async fn default_buy_in(table: &TableHandle, bank: &Bank, user: UserId) -> Result<u64, LobbyError> {
    let settings = table.status().await?.settings;
    let balance = bank.balance(table.guild(), user).await?;
    Ok(balance.min(settings.max_buy_in).max(settings.min_buy_in))
}
