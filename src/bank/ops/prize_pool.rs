//! What opening a prize pool in a channel takes, a sit & go's or a multi-table event's alike:
//! an added prize with its source (and a source only with one), the channel free (no table
//! open there, no sit & go nor event live), the bank's next tournament number, and the added
//! prize moved from its source into the new escrow in the same transaction.

use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tables;
use crate::bank::tournaments::{self, PrizeSource, TournamentId};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId};

/// The account an added prize comes from, and a refund returns it to.
pub(super) fn source_account(guild: GuildId, source: PrizeSource) -> Account {
    match source {
        PrizeSource::House => Account::House { guild },
        PrizeSource::Member(user) => Account::owner(guild, user),
    }
}

/// Refuses an added prize without its source, and a source without an added prize.
pub(super) fn refuse_unsourced_prize(
    added_prize: u64,
    added_by: Option<PrizeSource>,
) -> Result<(), BankError> {
    if (added_prize > 0) != added_by.is_some() {
        return Err(BankError::BadTournament(
            "an added prize needs its source, and only an added prize has one".into(),
        ));
    }
    Ok(())
}

/// Takes `channel` for a new prize pool: refused where a table is open or a sit & go or an
/// event is live; answers the pool's tournament number. The channel's last event over is
/// shown by `/tournament status` no more.
pub(super) fn take_channel(
    draft: &mut Draft<'_>,
    channel: TableId,
) -> Result<TournamentId, BankError> {
    if let Some(table) = tables::read_table(draft, channel)?
        && table.open
    {
        return Err(BankError::TableOpenInChannel { table: channel });
    }
    tournaments::refuse_if_live_in_channel(draft, channel)?;
    tournaments::events::refuse_if_live_in_channel(draft, channel)?;
    // The last event's results are shown here no more.
    tournaments::event_last::forget(draft, channel);
    tournaments::take_next_id(draft)
}

/// Moves an added prize of `amount` from its source into `id`'s escrow (a member's first
/// movement opens their account, as a buy-in's does); nothing without a source.
pub(super) fn pay_added_prize(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    id: TournamentId,
    (amount, added_by): (u64, Option<PrizeSource>),
    reference: &str,
) -> Result<(), BankError> {
    let Some(source) = added_by else {
        return Ok(());
    };
    let from = source_account(guild, source);
    if let Account::Player { user, .. } = from {
        accounts::ensure_player(draft, config, guild, user)?;
    }
    accounts::transfer(
        draft,
        from,
        id.escrow(),
        amount,
        Reason::TournamentAddedPrize,
        reference,
    )
}
