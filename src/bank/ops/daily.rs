//! A member claims the daily amount from the guild's mint, once per cooldown, if their account
//! is old enough.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::economy::{self, account_created_unix_ms};
use crate::bank::ledger::{Draft, Reason, decode_u64};
use crate::bank::store::Tree;
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};

#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use super::Daily;
    use crate::bank::ops::testing::{Books, GUILD, NOW_MS};
    use crate::bank::{BankError, DISCORD_EPOCH_UNIX_MS, EconomyConfig, UserId};

    const WEEK_MS: u64 = 7 * 24 * 60 * 60 * 1000;
    const COOLDOWN_MS: u64 = 20 * 60 * 60 * 1000;

    fn daily(user: UserId, reference: &str) -> Daily {
        Daily {
            guild: GUILD,
            user,
            reference: reference.into(),
        }
    }

    /// A Discord account created `age_ms` before the books' clock.
    fn aged(age_ms: u64) -> UserId {
        UserId((NOW_MS - age_ms - DISCORD_EPOCH_UNIX_MS) << 22)
    }

    #[test]
    fn a_daily_claim_pays_the_daily_amount_from_the_mint_and_answers_the_balance() {
        let mut books = Books::new();
        assert_eq!(books.run(daily(UserId(1), "d")), Ok(1_200));
        assert_eq!(books.player(1), 1_200);
        assert_eq!(books.mint(), -1_200);
        books.assert_balanced();
    }

    #[test]
    fn a_daily_of_no_chips_is_refused() {
        let mut books = Books::with(EconomyConfig {
            daily_amount: 0,
            ..EconomyConfig::default()
        });
        assert_eq!(books.refused(daily(UserId(1), "d")), BankError::ZeroAmount);
    }

    #[test]
    fn an_account_exactly_the_minimum_age_claims_and_one_ms_younger_is_refused() {
        let mut books = Books::new();
        assert_eq!(
            books.refused(daily(aged(WEEK_MS - 1), "young")),
            BankError::AccountTooNew
        );
        assert_eq!(books.run(daily(aged(WEEK_MS), "at")), Ok(1_200));
        assert_eq!(books.run(daily(aged(WEEK_MS + 1), "older")), Ok(1_200));
    }

    #[test]
    fn a_claim_exactly_one_cooldown_later_goes_through_and_one_ms_sooner_is_refused() {
        let mut books = Books::new();
        books.run(daily(UserId(1), "d1")).unwrap();
        books.now_unix_ms = NOW_MS + COOLDOWN_MS - 1;
        assert_eq!(
            books.refused(daily(UserId(1), "d2")),
            BankError::DailyCooldown { wait_secs: 1 }
        );
        books.now_unix_ms = NOW_MS + COOLDOWN_MS;
        assert_eq!(books.run(daily(UserId(1), "d3")), Ok(1_400));
        books.now_unix_ms = NOW_MS + 3 * COOLDOWN_MS;
        assert_eq!(books.run(daily(UserId(1), "d4")), Ok(1_600));
    }

    #[test]
    fn a_refused_claim_says_how_many_seconds_are_left_rounded_up() {
        let mut books = Books::new();
        books.run(daily(UserId(1), "d1")).unwrap();
        books.now_unix_ms = NOW_MS + 1_500;
        assert_eq!(
            books.refused(daily(UserId(1), "d2")),
            BankError::DailyCooldown {
                wait_secs: COOLDOWN_MS / 1000 - 1
            }
        );
    }

    #[test]
    fn a_retried_claim_pays_once_and_answers_the_same() {
        let mut books = Books::new();
        assert_eq!(books.run(daily(UserId(1), "d")), Ok(1_200));
        assert_eq!(books.run(daily(UserId(1), "d")), Ok(1_200));
        assert_eq!(books.player(1), 1_200);
        let reused = BankError::ReferenceReused {
            reference: "d".into(),
        };
        assert_eq!(books.refused(daily(UserId(2), "d")), reused);
    }
}
