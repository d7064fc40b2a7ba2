//! A member gives chips to another within the configured limits: per gift (`give_min` to
//! `give_max`) and per UTC day (`give_daily_cap` for the giver, `receive_daily_cap` for the
//! receiver). Bots never hold accounts.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::economy::{self, remaining, utc_day};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::{BankError, EconomyConfig, GuildId, Transfer, UserId};

pub(crate) struct Give {
    pub guild: GuildId,
    pub from: UserId,
    pub to: UserId,
    /// From the caller, who knows (the bank cannot tell a bot).
    pub to_is_bot: bool,
    pub amount: u64,
    pub reference: String,
}

impl Operation for Give {
    /// Both members' balances after the gift.
    type Output = Transfer;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("give {} {} {}", self.from.0, self.to.0, self.amount),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<Transfer, BankError> {
        let Give {
            guild,
            from,
            to,
            to_is_bot,
            amount,
            reference,
        } = self;
        if amount == 0 {
            return Err(BankError::ZeroAmount);
        }
        if from == to {
            return Err(BankError::GiveToSelf);
        }
        if to_is_bot {
            return Err(BankError::GiveToBot);
        }
        if amount < config.give_min || amount > config.give_max {
            return Err(BankError::OutOfLimits {
                min: config.give_min,
                max: config.give_max,
            });
        }
        let day = utc_day(draft.now_unix_ms);
        let mut giver = economy::gift_totals(draft, guild, from, day)?;
        let mut receiver = economy::gift_totals(draft, guild, to, day)?;
        if let Some(left) = remaining(config.give_daily_cap, giver.given)
            && amount > left
        {
            return Err(BankError::GiveCapReached {
                cap: config.give_daily_cap,
                given: giver.given,
                remaining: left,
            });
        }
        if let Some(left) = remaining(config.receive_daily_cap, receiver.received)
            && amount > left
        {
            return Err(BankError::ReceiveCapReached {
                cap: config.receive_daily_cap,
                received: receiver.received,
                remaining: left,
            });
        }
        accounts::ensure_player(draft, config, guild, from)?;
        accounts::ensure_player(draft, config, guild, to)?;
        let from_account = Account::Player { guild, user: from };
        let to_account = Account::Player { guild, user: to };
        accounts::transfer(
            draft,
            from_account,
            to_account,
            amount,
            Reason::Give,
            &reference,
        )?;
        giver.given = giver.given.checked_add(amount).ok_or(BankError::Overflow)?;
        receiver.received = receiver
            .received
            .checked_add(amount)
            .ok_or(BankError::Overflow)?;
        economy::save_gift_totals(draft, guild, from, day, giver)?;
        economy::save_gift_totals(draft, guild, to, day, receiver)?;
        Ok(Transfer {
            from_balance: accounts::chips(draft, from_account)?,
            to_balance: accounts::chips(draft, to_account)?,
        })
    }
}
