//! A member gives chips to another within the configured limits: per gift (`give_min` to
//! `give_max`) and per UTC day (`give_daily_cap` for the giver, `receive_daily_cap` for the
//! receiver). Bots never hold accounts.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::economy::{self, remaining, utc_day};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::{BankError, EconomyConfig, GuildId, Transfer, UserId};

#[derive(Clone)]
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

#[cfg(test)]
mod tests {
    use super::Give;
    use crate::bank::ops::testing::{Books, GUILD, NOW_MS};
    use crate::bank::{BankError, EconomyConfig, Transfer, UserId};

    const DAY_MS: u64 = 24 * 60 * 60 * 1000;

    fn give(from: u64, to: u64, amount: u64, reference: &str) -> Give {
        Give {
            guild: GUILD,
            from: UserId(from),
            to: UserId(to),
            to_is_bot: false,
            amount,
            reference: reference.into(),
        }
    }

    /// Gifts of 10 to 500 chips, with no daily cap.
    fn gifts_from_10_to_500() -> Books {
        Books::with(EconomyConfig {
            give_min: 10,
            give_max: 500,
            give_daily_cap: 0,
            receive_daily_cap: 0,
            ..EconomyConfig::default()
        })
    }

    fn capped(give_daily_cap: u64, receive_daily_cap: u64) -> Books {
        Books::with(EconomyConfig {
            give_daily_cap,
            receive_daily_cap,
            ..EconomyConfig::default()
        })
    }

    fn transfer(from_balance: u64, to_balance: u64) -> Result<Transfer, BankError> {
        Ok(Transfer {
            from_balance,
            to_balance,
        })
    }

    #[test]
    fn a_gift_moves_its_chips_and_answers_both_balances() {
        let mut books = Books::new();
        assert_eq!(books.run(give(1, 2, 300, "g")), transfer(700, 1_300));
        assert_eq!((books.player(1), books.player(2)), (700, 1_300));
        books.assert_balanced();
    }

    #[test]
    fn a_gift_of_no_chips_is_refused() {
        let mut books = Books::with(EconomyConfig {
            give_min: 0,
            ..EconomyConfig::default()
        });
        assert_eq!(books.refused(give(1, 2, 0, "g")), BankError::ZeroAmount);
    }

    #[test]
    fn a_gift_to_oneself_is_refused() {
        let mut books = Books::new();
        assert_eq!(books.refused(give(1, 1, 100, "g")), BankError::GiveToSelf);
    }

    #[test]
    fn a_gift_to_a_bot_is_refused() {
        let mut books = Books::new();
        let to_bot = Give {
            to_is_bot: true,
            ..give(1, 2, 100, "g")
        };
        assert_eq!(books.refused(to_bot), BankError::GiveToBot);
    }

    #[test]
    fn a_gift_of_exactly_give_min_goes_through_and_one_chip_less_is_refused() {
        let mut books = gifts_from_10_to_500();
        assert_eq!(
            books.refused(give(1, 2, 9, "under")),
            BankError::OutOfLimits { min: 10, max: 500 }
        );
        assert_eq!(books.run(give(1, 2, 10, "at")), transfer(990, 1_010));
    }

    #[test]
    fn a_gift_of_exactly_give_max_goes_through_and_one_chip_more_is_refused() {
        let mut books = gifts_from_10_to_500();
        assert_eq!(
            books.refused(give(1, 2, 501, "over")),
            BankError::OutOfLimits { min: 10, max: 500 }
        );
        assert_eq!(books.run(give(1, 2, 500, "at")), transfer(500, 1_500));
    }

    #[test]
    fn a_gift_inside_the_limits_goes_through() {
        let mut books = gifts_from_10_to_500();
        assert_eq!(books.run(give(1, 2, 11, "g")), transfer(989, 1_011));
    }

    #[test]
    fn a_gift_of_exactly_what_is_left_of_the_givers_daily_cap_goes_through_and_one_more_is_refused()
    {
        let mut books = capped(300, 0);
        books.run(give(1, 2, 200, "g1")).unwrap();
        assert_eq!(
            books.refused(give(1, 3, 101, "g2")),
            BankError::GiveCapReached {
                cap: 300,
                given: 200,
                remaining: 100
            }
        );
        assert_eq!(books.run(give(1, 3, 100, "g3")), transfer(700, 1_100));
        assert_eq!(
            books.refused(give(1, 3, 1, "g4")),
            BankError::GiveCapReached {
                cap: 300,
                given: 300,
                remaining: 0
            }
        );
        // What the giver received does not count against what they may give.
        books.run(give(2, 1, 300, "back")).unwrap();
        books.assert_balanced();
    }

    #[test]
    fn a_gift_of_exactly_what_is_left_of_the_receivers_daily_cap_goes_through_and_one_more_is_refused()
     {
        let mut books = capped(0, 250);
        books.run(give(2, 1, 200, "g1")).unwrap();
        assert_eq!(
            books.refused(give(3, 1, 51, "g2")),
            BankError::ReceiveCapReached {
                cap: 250,
                received: 200,
                remaining: 50
            }
        );
        assert_eq!(books.run(give(3, 1, 50, "g3")), transfer(950, 1_250));
        assert_eq!(
            books.refused(give(3, 1, 1, "g4")),
            BankError::ReceiveCapReached {
                cap: 250,
                received: 250,
                remaining: 0
            }
        );
        // What the receiver gave does not count against what they may receive.
        books.run(give(1, 2, 250, "back")).unwrap();
        books.assert_balanced();
    }

    #[test]
    fn the_daily_caps_start_again_on_the_next_utc_day() {
        let mut books = capped(100, 100);
        books.now_unix_ms = NOW_MS + DAY_MS - 1;
        books.run(give(1, 2, 100, "late")).unwrap();
        assert!(matches!(
            books.refused(give(1, 2, 1, "still today")),
            BankError::GiveCapReached { .. }
        ));
        books.now_unix_ms = NOW_MS + DAY_MS;
        assert_eq!(books.run(give(1, 2, 100, "tomorrow")), transfer(800, 1_200));
    }

    #[test]
    fn a_gift_past_the_givers_balance_is_refused() {
        let mut books = gifts_from_10_to_500();
        books.run(give(1, 2, 500, "g1")).unwrap();
        books.run(give(1, 2, 500, "g2")).unwrap();
        assert_eq!(
            books.refused(give(1, 2, 10, "g3")),
            BankError::InsufficientFunds {
                balance: 0,
                needed: 10
            }
        );
    }

    #[test]
    fn a_retried_gift_gives_once_and_answers_the_same() {
        let mut books = Books::new();
        assert_eq!(books.run(give(1, 2, 100, "g")), transfer(900, 1_100));
        assert_eq!(books.run(give(1, 2, 100, "g")), transfer(900, 1_100));
        assert_eq!((books.player(1), books.player(2)), (900, 1_100));
    }

    #[test]
    fn a_gifts_reference_on_another_gift_is_refused() {
        let mut books = Books::new();
        books.run(give(1, 2, 100, "g")).unwrap();
        let reused = BankError::ReferenceReused {
            reference: "g".into(),
        };
        assert_eq!(books.refused(give(1, 2, 101, "g")), reused);
        assert_eq!(books.refused(give(1, 3, 100, "g")), reused);
        assert_eq!(books.refused(give(3, 2, 100, "g")), reused);
    }
}
