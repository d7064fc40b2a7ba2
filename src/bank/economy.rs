//! The guild economy outside the tables: the daily claim, gifts between players (with their
//! daily caps, counted per guild and UTC day), and moderators' grants and takes (through the
//! guild's mint).

use serde::{Deserialize, Serialize};

use super::accounts::{self, Account};
use super::ledger::{Draft, Reason, decode_u64};
use super::store::Tree;
use super::{BankError, EconomyConfig, GuildId, Transfer, UserId};

/// Discord's epoch (2015-01-01T00:00:00Z) in Unix milliseconds.
pub const DISCORD_EPOCH_UNIX_MS: u64 = 1_420_070_400_000;

/// When a Discord account was created, from the timestamp in its snowflake id.
///
/// Ids below 2^22 carry a zero timestamp: they are not Discord snowflakes but local players
/// (the terminal numbers its players 1, 2, 3, …), which have no creation time and are not
/// subject to the account-age rule, so this returns `None` for them. Any larger id is read as
/// a snowflake: a made-up id of moderate size reads as created in 2015 (old enough), and an
/// id whose timestamp lies in the future reads as brand new (refused until that time has
/// passed by the configured age).
pub fn account_created_unix_ms(user: UserId) -> Option<u64> {
    let timestamp = user.0 >> 22;
    if timestamp == 0 {
        return None;
    }
    Some(timestamp + DISCORD_EPOCH_UNIX_MS)
}

fn claim_key(guild: GuildId, user: UserId) -> Vec<u8> {
    let mut key = Vec::with_capacity(16);
    key.extend_from_slice(&guild.0.to_be_bytes());
    key.extend_from_slice(&user.0.to_be_bytes());
    key
}

/// Credits the daily amount from the mint; returns the new balance.
pub(crate) fn daily(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    user: UserId,
    reference: &str,
) -> Result<u64, BankError> {
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
    let key = claim_key(guild, user);
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
        reference,
    )?;
    draft.put(Tree::Claims, key, now.to_be_bytes().to_vec());
    accounts::chips(draft, account)
}

/// The UTC day (days since the Unix epoch) of a time: the period the daily gift caps count.
fn utc_day(time_unix_ms: u64) -> u64 {
    time_unix_ms / (24 * 60 * 60 * 1000)
}

/// Chips a member gave and received by gifts in one UTC day.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
struct GiftTotals {
    given: u64,
    received: u64,
}

fn gift_key(guild: GuildId, user: UserId, day: u64) -> Vec<u8> {
    let mut key = claim_key(guild, user);
    key.extend_from_slice(&day.to_be_bytes());
    key
}

fn gift_totals(
    draft: &Draft<'_>,
    guild: GuildId,
    user: UserId,
    day: u64,
) -> Result<GiftTotals, BankError> {
    Ok(draft
        .get_record(Tree::GiftTotals, &gift_key(guild, user, day))?
        .unwrap_or_default())
}

/// Stores today's totals and forgets the member's earlier days (one record per member).
fn save_gift_totals(
    draft: &mut Draft<'_>,
    guild: GuildId,
    user: UserId,
    day: u64,
    totals: GiftTotals,
) -> Result<(), BankError> {
    for key in draft.keys_between(
        Tree::GiftTotals,
        &gift_key(guild, user, 0),
        &gift_key(guild, user, day),
    )? {
        draft.remove(Tree::GiftTotals, key);
    }
    draft.put_record(Tree::GiftTotals, gift_key(guild, user, day), &totals);
    Ok(())
}

/// What is left of a daily cap (`None`: no cap).
fn remaining(cap: u64, used: u64) -> Option<u64> {
    (cap > 0).then(|| cap.saturating_sub(used))
}

/// Moves chips from one player to another within the configured limits: per gift
/// (`give_min`..=`give_max`) and per UTC day (`give_daily_cap` for the giver,
/// `receive_daily_cap` for the receiver).
#[allow(clippy::too_many_arguments)]
pub(crate) fn give(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    from: UserId,
    to: UserId,
    to_is_bot: bool,
    amount: u64,
    reference: &str,
) -> Result<Transfer, BankError> {
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
    let mut giver = gift_totals(draft, guild, from, day)?;
    let mut receiver = gift_totals(draft, guild, to, day)?;
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
        reference,
    )?;
    giver.given = giver.given.checked_add(amount).ok_or(BankError::Overflow)?;
    receiver.received = receiver
        .received
        .checked_add(amount)
        .ok_or(BankError::Overflow)?;
    save_gift_totals(draft, guild, from, day, giver)?;
    save_gift_totals(draft, guild, to, day, receiver)?;
    Ok(Transfer {
        from_balance: accounts::chips(draft, from_account)?,
        to_balance: accounts::chips(draft, to_account)?,
    })
}

/// Which way a moderator moves chips between a player and the guild's mint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MintMove {
    /// Chips created for the player.
    Grant,
    /// Chips of the player destroyed.
    Take,
}

/// A moderator creates chips for a player or destroys some of theirs; returns the player's
/// new balance.
#[allow(clippy::too_many_arguments)]
pub(crate) fn moderate(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    guild: GuildId,
    moderator: UserId,
    user: UserId,
    amount: u64,
    direction: MintMove,
    reference: &str,
) -> Result<u64, BankError> {
    if amount == 0 {
        return Err(BankError::ZeroAmount);
    }
    accounts::ensure_player(draft, config, guild, user)?;
    let (player, mint) = (Account::Player { guild, user }, Account::Mint { guild });
    let (from, to, reason) = match direction {
        MintMove::Grant => (mint, player, Reason::Grant { by: moderator }),
        MintMove::Take => (player, mint, Reason::Take { by: moderator }),
    };
    accounts::transfer(draft, from, to, amount, reason, reference)?;
    accounts::chips(draft, player)
}
