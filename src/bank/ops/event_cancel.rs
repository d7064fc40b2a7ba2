//! A multi-table event is cancelled, by the sit & go's rule: before its start, or after it
//! while nobody is out, every buy-in goes back to whoever paid it (the added prize to its
//! source); after a bust, the prizes paid at the busts stand, late registration closes (its
//! places paid) and the prizes not yet won are shared among the players left
//! (`standings::cancel_shares`, by ICM on their chips), each player still in counted in the
//! stats with their share, as a sit & go's cancel counts them. One transaction; the escrow is
//! left empty. A retry of the same reference answers the same; an event over is refused.

use super::event_play::pay_prizes_due;
use super::prize_pool::source_account;
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::stats::{self, TournamentResult};
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events::{self, EventPhase, EventRecord};
use crate::bank::{BankError, EconomyConfig, GuildId, Payouts, UserId};
use crate::tournament::CancelDivision;
use crate::tournament::multi::Event;

#[derive(Clone)]
pub(crate) struct CancelEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    pub reference: String,
}

/// Pays each `(user, chips)` out of the escrow, merging nothing: one line a buy-in or share.
fn pay_out(
    draft: &mut Draft<'_>,
    record: &EventRecord,
    paid: &[(UserId, u64)],
    reason: Reason,
    reference: &str,
) -> Result<(), BankError> {
    for &(user, chips) in paid {
        if chips > 0 {
            accounts::transfer(
                draft,
                record.id.escrow(),
                Account::owner(record.guild, user),
                chips,
                reason.clone(),
                reference,
            )?;
        }
    }
    Ok(())
}

/// Adds each player still in to the stats as the sit & go's cancel does: an entry and what
/// their share made of their buy-in, no place (the players out counted theirs at the bust).
fn record_shares(
    draft: &mut Draft<'_>,
    record: &EventRecord,
    event: &Event,
    shares: &[u64],
) -> Result<(), BankError> {
    for entry in (0..event.entries().len()).filter(|&entry| event.field().stack(entry) > 0) {
        let Some(of) = event.entry(entry) else {
            continue;
        };
        let result = TournamentResult {
            user: of.user,
            buy_in: record.settings.buy_in,
            paid: shares.get(entry).copied().unwrap_or(0),
            place: None,
        };
        stats::record_tournament(draft, record.guild, &result)?;
    }
    Ok(())
}

impl Operation for CancelEvent {
    /// What the cancel paid each player (refunds or shares).
    type Output = Payouts;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("event_cancel {}", self.event.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<Payouts, BankError> {
        let id = self.event;
        let mut record = events::read_in_guild(draft, self.guild, id)?;
        let buy_in = record.settings.buy_in;
        let refund = |record: &EventRecord| -> Payouts {
            record
                .buyers()
                .into_iter()
                .map(|user| (user, buy_in))
                .collect()
        };
        let (event, paid, refunded) = match &record.phase {
            EventPhase::Scheduled => (None, refund(&record), true),
            EventPhase::Running(event) => {
                let mut event = (**event).clone();
                match event.cancel() {
                    None => return Err(BankError::TournamentOver { tournament: id }),
                    Some((CancelDivision::Refund, _)) => (Some(event), refund(&record), true),
                    Some((CancelDivision::Shares(shares), _)) => {
                        pay_prizes_due(draft, &record, &mut event)?;
                        let paid = shares
                            .iter()
                            .enumerate()
                            .filter(|&(_, &chips)| chips > 0)
                            .map(|(entry, &chips)| {
                                event
                                    .entry(entry)
                                    .map(|of| (of.user, chips))
                                    .ok_or_else(|| BankError::Storage(format!("no entry {entry}")))
                            })
                            .collect::<Result<Payouts, _>>()?;
                        record_shares(draft, &record, &event, &shares)?;
                        (Some(event), paid, false)
                    }
                }
            }
            _ => return Err(BankError::TournamentOver { tournament: id }),
        };
        let reason = if refunded {
            Reason::TournamentRefund
        } else {
            Reason::TournamentPayout
        };
        pay_out(draft, &record, &paid, reason, &self.reference)?;
        if refunded && let Some(source) = record.added_by {
            accounts::transfer(
                draft,
                id.escrow(),
                source_account(record.guild, source),
                record.settings.added_prize,
                Reason::TournamentRefund,
                &self.reference,
            )?;
        }
        record.phase = EventPhase::Cancelled {
            event: event.map(Box::new),
            paid: paid.clone(),
        };
        // Nothing is written that would not read back whole: a division that leaves chips
        // in the escrow is refused, changing nothing.
        record
            .check()
            .map_err(|why| BankError::Internal(format!("event {} cancel: {why}", id.0)))?;
        events::write(draft, &record);
        Ok(paid)
    }
}
