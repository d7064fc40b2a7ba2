//! A computer player buys in from the guild's house: chips move from the house to the
//! computer's seat, as a player's buy-in moves them from the player's balance. A house holding
//! too little is first given the shortfall by the mint (as a moderator's grant creates chips),
//! recorded as a `HouseMint` entry and in the house's stats, so the ledger stays zero-sum and
//! says where every chip came from. A computer entering a sit & go is funded the same way
//! ([`fund_house`]).

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

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let HouseBuyIn {
            guild,
            table,
            computer,
            amount,
            reference,
        } = self;
        super::buy_in::seat_from(draft, guild, table, computer, amount, &reference, |draft| {
            fund_house(draft, guild, amount, &reference)
        })
    }
}

/// The guild's house, first given by the mint what it lacks of `amount` (a `HouseMint`
/// entry, counted in its stats): where a computer player's chips come from, at a table or
/// into a sit & go's prize pool.
pub(crate) fn fund_house(
    draft: &mut Draft<'_>,
    guild: GuildId,
    amount: u64,
    reference: &str,
) -> Result<Account, BankError> {
    let house_account = Account::House { guild };
    let held = accounts::chips(draft, house_account)?;
    if let Some(short) = amount.checked_sub(held).filter(|short| *short > 0) {
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
