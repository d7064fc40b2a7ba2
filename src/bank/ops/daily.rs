//! A member claims the daily amount from the guild's mint, once per cooldown, if their account
//! is old enough.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::economy::{self, account_created_unix_ms};
use crate::bank::ledger::{Draft, Reason, decode_u64};
use crate::bank::store::Tree;
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

pub(crate) struct Daily {
    pub guild: GuildId,
    pub user: UserId,
    pub reference: String,
}

impl Operation for Daily {
    /// The member's new balance.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("daily {}", self.user.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let Daily {
            guild,
            user,
            reference,
        } = self;
        if config.daily_amount == 0 {
            return Err(BankError::ZeroAmount);
        }
        let now = draft.now_unix_ms;
        if let Some(created) = account_created_unix_ms(user) {
            let old_enough_at =
                created.saturating_add(config.min_account_age_secs.saturating_mul(1000));
            if now < old_enough_at {
                return Err(BankError::AccountTooNew);
            }
        }
        let key = economy::claim_key(guild, user);
        if let Some(bytes) = draft.get(Tree::Claims, &key)? {
            let last = decode_u64(&bytes)
                .ok_or_else(|| BankError::Storage("a corrupt daily claim record".into()))?;
            let next = last.saturating_add(config.daily_cooldown_secs.saturating_mul(1000));
            if now < next {
                return Err(BankError::DailyCooldown {
                    wait_secs: (next - now).div_ceil(1000),
                });
            }
        }
        accounts::ensure_player(draft, config, guild, user)?;
        let account = Account::Player { guild, user };
        accounts::transfer(
            draft,
            Account::Mint { guild },
            account,
            config.daily_amount,
            Reason::Daily,
            &reference,
        )?;
        draft.put(Tree::Claims, key, now.to_be_bytes().to_vec());
        accounts::chips(draft, account)
    }
}
