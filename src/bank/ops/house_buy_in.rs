//! A computer player buys in from the guild's house: chips move from the house to the
//! computer's seat, as a player's buy-in moves them from the player's balance. A house holding
//! too little is first given the shortfall by the mint (as a moderator's grant creates chips),
//! recorded as a `HouseMint` entry and in the house's stats, so the ledger stays zero-sum and
//! says where every chip came from. A computer entering a sit & go is funded the same way
//! ([`fund_house`]).
//!
//! Both are bounded: no computer buys in for more than `[economy] computer_max_buy_in`, and
//! the mint creates at most `[economy] house_mint_limit` for a guild's house in all. A house
//! that holds too little and may be given no more has run dry: the buy-in is refused
//! ([`BankError::HouseDry`]) and no computer sits down until the house wins chips back.

use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId, UserId, house};

#[derive(Clone)]
pub(crate) struct HouseBuyIn {
    pub guild: GuildId,
    pub table: TableId,
    /// A computer player (`UserId::is_computer`): `Bank::buy_in` sends only those here.
    pub computer: UserId,
    pub amount: u64,
    pub reference: String,
}

impl Operation for HouseBuyIn {
    /// The computer player's stack at the table.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!(
                "house_buy_in {} {} {}",
                self.table.0, self.computer.0, self.amount
            ),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let HouseBuyIn {
            guild,
            table,
            computer,
            amount,
            reference,
        } = self;
        super::buy_in::seat_from(draft, guild, table, computer, amount, &reference, |draft| {
            fund_house(draft, config, guild, amount, &reference)
        })
    }
}

/// Refuses a computer player's buy-in above `[economy] computer_max_buy_in`: at a seat, and
/// when a sit & go that computers may enter is opened.
pub(crate) fn refuse_computer_buy_in_above_limit(
    config: &EconomyConfig,
    amount: u64,
) -> Result<(), BankError> {
    if amount > config.computer_max_buy_in {
        return Err(BankError::ComputerBuyInTooLarge {
            amount,
            limit: config.computer_max_buy_in,
        });
    }
    Ok(())
}

/// The guild's house, first given by the mint what it lacks of `amount` (a `HouseMint`
/// entry, counted in its stats): where a computer player's chips come from, at a table or
/// into a sit & go's prize pool. Refused, changing nothing, for a buy-in above
/// `computer_max_buy_in` or a shortfall above what the mint may still create for the house.
pub(crate) fn fund_house(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    amount: u64,
    reference: &str,
) -> Result<Account, BankError> {
    refuse_computer_buy_in_above_limit(config, amount)?;
    let house_account = Account::House { guild };
    let held = accounts::chips(draft, house_account)?;
    if let Some(short) = amount.checked_sub(held).filter(|short| *short > 0) {
        let mint_left = config
            .house_mint_limit
            .saturating_sub(house::minted(draft, guild)?);
        if short > mint_left {
            return Err(BankError::HouseDry {
                needed: amount,
                held,
                mint_left,
            });
        }
        accounts::transfer(
            draft,
            Account::Mint { guild },
            house_account,
            short,
            Reason::HouseMint,
            reference,
        )?;
        house::record_minted(draft, guild, short)?;
    }
    Ok(house_account)
}

#[cfg(test)]
mod tests {
    use super::HouseBuyIn;
    use crate::bank::accounts::Account;
    use crate::bank::ledger::Reason;
    use crate::bank::ops::CashOut;
    use crate::bank::ops::testing::{Books, GUILD, TABLE};
    use crate::bank::{BankError, EconomyConfig, UserId, house};

    const HOUSE: Account = Account::House { guild: GUILD };

    fn computer(seat: u8) -> UserId {
        UserId::computer(seat)
    }

    fn buy_in(seat: u8, amount: u64, reference: &str) -> HouseBuyIn {
        HouseBuyIn {
            guild: GUILD,
            table: TABLE,
            computer: computer(seat),
            amount,
            reference: reference.into(),
        }
    }

    fn cash_out(seat: u8, reference: &str) -> CashOut {
        CashOut {
            guild: GUILD,
            table: TABLE,
            user: computer(seat),
            reference: reference.into(),
        }
    }

    fn limited(house_mint_limit: u64, computer_max_buy_in: u64) -> Books {
        Books::with(EconomyConfig {
            house_mint_limit,
            computer_max_buy_in,
            ..EconomyConfig::default()
        })
    }

    fn minted(books: &Books) -> u64 {
        books.read(|draft| house::minted(draft, GUILD))
    }

    fn computer_seat(books: &Books, seat: u8) -> u64 {
        books.chips(Account::Seat {
            table: TABLE,
            user: computer(seat),
        })
    }

    #[test]
    fn a_computer_buys_in_from_the_house_and_the_mint_creates_only_what_it_lacks() {
        let mut books = limited(10_000, 1_000);
        assert_eq!(books.run(buy_in(1, 600, "one")), Ok(600));
        assert_eq!((minted(&books), books.mint()), (600, -600));
        let entries = books.ledger();
        let minting: Vec<_> = entries
            .iter()
            .filter(|entry| entry.reason == Reason::HouseMint)
            .collect();
        assert_eq!(minting.len(), 1);
        assert_eq!(
            (minting[0].from, minting[0].to, minting[0].amount),
            (Account::Mint { guild: GUILD }, HOUSE, 600)
        );
        // Its chips back in the house: the next computer buys in from them and 100 minted.
        assert_eq!(books.run(cash_out(1, "out")), Ok(600));
        assert_eq!(books.chips(HOUSE), 600);
        assert_eq!(books.run(buy_in(2, 700, "two")), Ok(700));
        assert_eq!((minted(&books), books.chips(HOUSE)), (700, 0));
        assert_eq!(computer_seat(&books, 2), 700);
        books.assert_balanced();
        // A house holding enough mints nothing.
        books.run(cash_out(2, "out two")).unwrap();
        assert_eq!(books.run(buy_in(3, 700, "three")), Ok(700));
        assert_eq!(minted(&books), 700);
        books.assert_balanced();
    }

    #[test]
    fn the_mint_creates_for_the_house_up_to_its_limit_and_then_the_house_has_run_dry() {
        let mut books = limited(1_500, 1_000);
        books.run(buy_in(1, 1_000, "one")).unwrap();
        // Exactly what is left: 500.
        assert_eq!(books.run(buy_in(2, 500, "two")), Ok(500));
        assert_eq!(minted(&books), 1_500);
        assert_eq!(
            books.refused(buy_in(3, 1, "three")),
            BankError::HouseDry {
                needed: 1,
                held: 0,
                mint_left: 0
            }
        );
        books.assert_balanced();
        let mut books = limited(1_500, 1_000);
        books.run(buy_in(1, 1_000, "one")).unwrap();
        assert_eq!(
            books.refused(buy_in(2, 501, "two")),
            BankError::HouseDry {
                needed: 501,
                held: 0,
                mint_left: 500
            }
        );
        assert_eq!(minted(&books), 1_000);
    }

    #[test]
    fn a_dry_house_still_seats_a_computer_with_chips_it_holds() {
        let mut books = limited(800, 1_000);
        books.run(buy_in(1, 800, "one")).unwrap();
        books.run(cash_out(1, "out")).unwrap();
        // 800 held, nothing left to mint: 800 seats a computer, 801 does not.
        assert_eq!(
            books.refused(buy_in(2, 801, "too much")),
            BankError::HouseDry {
                needed: 801,
                held: 800,
                mint_left: 0
            }
        );
        assert_eq!(books.run(buy_in(2, 800, "held")), Ok(800));
        assert_eq!((minted(&books), books.chips(HOUSE)), (800, 0));
        books.assert_balanced();
        // With no mint at all, a house that never won anything seats nobody.
        let mut books = limited(0, 1_000);
        assert_eq!(
            books.refused(buy_in(1, 1, "none")),
            BankError::HouseDry {
                needed: 1,
                held: 0,
                mint_left: 0
            }
        );
    }

    #[test]
    fn a_computer_buys_in_for_at_most_the_computer_max_buy_in() {
        let mut books = limited(10_000, 700);
        assert_eq!(books.run(buy_in(1, 700, "at")), Ok(700));
        assert_eq!(
            books.refused(buy_in(2, 701, "past")),
            BankError::ComputerBuyInTooLarge {
                amount: 701,
                limit: 700
            }
        );
        assert_eq!(minted(&books), 700);
    }

    #[test]
    fn a_retried_house_buy_in_seats_once_and_its_reference_on_another_amount_is_refused() {
        let mut books = limited(10_000, 1_000);
        assert_eq!(books.run(buy_in(1, 400, "join")), Ok(400));
        assert_eq!(books.run(buy_in(1, 400, "join")), Ok(400));
        assert_eq!((computer_seat(&books, 1), minted(&books)), (400, 400));
        for other in [buy_in(1, 401, "join"), buy_in(2, 400, "join")] {
            assert_eq!(
                books.refused(other),
                BankError::ReferenceReused {
                    reference: "join".into()
                }
            );
        }
        assert_eq!(
            books.refused(HouseBuyIn {
                table: crate::bank::TableId(TABLE.0 + 1),
                ..buy_in(1, 400, "join")
            }),
            BankError::ReferenceReused {
                reference: "join".into()
            }
        );
        assert_eq!(books.refused(buy_in(1, 0, "zero")), BankError::ZeroAmount);
    }
}
