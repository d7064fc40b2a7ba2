//! A moderator enters computer players into a multi-table event before its start
//! (`/tournament computers`): all of them or none, in one transaction. Each is the lowest
//! computer number not yet in the event, its buy-in paid into the escrow by the guild's house
//! exactly as a sit & go's computer seats are ([`fund_house`]: the mint tops the house up
//! within `[economy] house_mint_limit`). Refused, changing nothing: an event whose schedule
//! did not allow computer players, none asked for, more than the entrants cap or the
//! computer numbers leave room for, the house unable to pay every buy-in (named with what it
//! holds), an event started or over. A retry of the same reference answers the same.
//!
//! After the start the event's coordinator keeps the running copy, so late entries go
//! through it one by one (`Lobby::enter_event`); this operation is only the registration's.

use super::house_buy_in::{fund_house, refuse_computer_buy_in_above_limit};
use super::{Once, Operation, drafted_notes};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events;
use crate::bank::{BankError, EconomyConfig, GuildId, UserId, house};

#[derive(Clone)]
pub(crate) struct EnterEventComputers {
    pub guild: GuildId,
    pub event: TournamentId,
    pub count: usize,
    pub reference: String,
}

/// The `count` lowest computer players none of `taken` is, or `None` when the computer
/// numbers run out first.
pub fn free_computers(taken: &[UserId], count: usize) -> Option<Vec<UserId>> {
    let free: Vec<UserId> = (0..=u8::MAX)
        .map(UserId::computer)
        .filter(|computer| !taken.contains(computer))
        .take(count)
        .collect();
    (free.len() == count).then_some(free)
}

/// Refuses when the house cannot pay `total` even with all the mint may still give it.
fn refuse_unless_house_pays(
    draft: &Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    total: u64,
) -> Result<(), BankError> {
    let held = accounts::chips(draft, Account::House { guild })?;
    let mint_left = config
        .house_mint_limit
        .saturating_sub(house::minted(draft, guild)?);
    if total > held.saturating_add(mint_left) {
        return Err(BankError::HouseDry {
            needed: total,
            held,
            mint_left,
        });
    }
    Ok(())
}

impl Operation for EnterEventComputers {
    /// How many are registered now, computers included.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("event_computers {} {}", self.event.0, self.count),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let EnterEventComputers {
            guild,
            event: id,
            count,
            reference,
        } = self;
        let mut record = events::read_in_guild(draft, guild, id)?;
        record.refuse_unless_scheduled()?;
        if !drafted_notes(draft, id)?.computers_allowed {
            return Err(BankError::ComputersNotAllowed { tournament: id });
        }
        if count == 0 {
            return Err(BankError::ZeroAmount);
        }
        let seats = record.settings.max_entries();
        if record.registered.len().saturating_add(count) > seats {
            return Err(BankError::TournamentFull {
                tournament: id,
                seats,
            });
        }
        let computers =
            free_computers(&record.registered, count).ok_or(BankError::TooManyComputers {
                most: UserId::COMPUTERS,
            })?;
        let buy_in = record.settings.buy_in;
        if buy_in > 0 {
            refuse_computer_buy_in_above_limit(config, buy_in)?;
            let total = u64::try_from(count)
                .ok()
                .and_then(|count| buy_in.checked_mul(count))
                .ok_or(BankError::Overflow)?;
            refuse_unless_house_pays(draft, config, guild, total)?;
        }
        for computer in computers {
            if buy_in > 0 {
                let from = fund_house(draft, config, guild, buy_in, &reference)?;
                accounts::transfer(
                    draft,
                    from,
                    id.escrow(),
                    buy_in,
                    Reason::TournamentBuyIn,
                    &reference,
                )?;
            }
            record.registered.push(computer);
        }
        events::write(draft, &record);
        Ok(record.registered.len() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computers_entered_are_the_lowest_numbers_free_until_they_run_out() {
        let taken = [UserId(7), UserId::computer(0), UserId::computer(2)];
        assert_eq!(
            free_computers(&taken, 3),
            Some(vec![
                UserId::computer(1),
                UserId::computer(3),
                UserId::computer(4)
            ])
        );
        let all: Vec<UserId> = (0..=u8::MAX).map(UserId::computer).collect();
        assert_eq!(
            free_computers(&all[1..], 1),
            Some(vec![UserId::computer(0)])
        );
        assert_eq!(free_computers(&all[1..], 2), None);
        assert_eq!(free_computers(&[], 256).map(|free| free.len()), Some(256));
    }
}
