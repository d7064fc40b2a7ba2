//! A player buys into a multi-table event: before its start a registration, after it (while
//! late registration is open) a late entry or, once out, a re-entry, seated at once at the
//! table with the fewest players. Each buy-in moves from their balance (a computer player's
//! from the guild's house) into the event's escrow in the transaction that enters them; a
//! retry of the same reference answers the same and charges nothing more. Unregistering
//! before the start refunds the buy-in. Refused, changing nothing: registering twice (or
//! entering while still in), a full field, a re-entry past late registration or beyond the
//! re-entries allowed, a short balance, an event over.

use super::house_buy_in::fund_house;
use super::{Once, Operation};
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events::{self, EventPhase, EventRecord};
use crate::bank::{BankError, EconomyConfig, GuildId, UserId};
use crate::tournament::multi::EventError;

#[derive(Clone)]
pub(crate) struct EnterEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    pub user: UserId,
    /// The event's clock (late registration closes by it).
    pub clock: u64,
    pub reference: String,
}

/// A refusal of the core's, as the bank says it.
pub(crate) fn refusal_of(event: TournamentId, error: EventError) -> BankError {
    match error {
        EventError::AlreadyIn => BankError::AlreadyRegistered { tournament: event },
        EventError::RegistrationClosed => BankError::TournamentStarted { tournament: event },
        EventError::Over => BankError::TournamentOver { tournament: event },
        EventError::Full(seats) => BankError::TournamentFull {
            tournament: event,
            seats,
        },
        other => BankError::BadTournament(other.to_string()),
    }
}

/// Moves one buy-in of `record` from `user` into its escrow.
fn pay_buy_in(
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
    record: &EventRecord,
    user: UserId,
    reference: &str,
) -> Result<(), BankError> {
    let (guild, buy_in) = (record.guild, record.settings.buy_in);
    if buy_in == 0 {
        return Ok(());
    }
    let from = if user.is_computer() {
        fund_house(draft, config, guild, buy_in, reference)?
    } else {
        accounts::ensure_player(draft, config, guild, user)?;
        Account::Player { guild, user }
    };
    accounts::transfer(
        draft,
        from,
        record.id.escrow(),
        buy_in,
        Reason::TournamentBuyIn,
        reference,
    )
}

impl Operation for EnterEvent {
    /// Which of the player's entries this is: 1 the first, 2 the first re-entry, ...
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("event_enter {} {}", self.event.0, self.user.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<u64, BankError> {
        let EnterEvent {
            guild,
            event: id,
            user,
            clock,
            reference,
        } = self;
        let mut record = events::read_in_guild(draft, guild, id)?;
        let number = match &mut record.phase {
            EventPhase::Scheduled => {
                if record.registered.contains(&user) {
                    return Err(BankError::AlreadyRegistered { tournament: id });
                }
                let seats = record.settings.max_entries();
                if record.registered.len() >= seats {
                    return Err(BankError::TournamentFull {
                        tournament: id,
                        seats,
                    });
                }
                record.registered.push(user);
                1
            }
            EventPhase::Running(event) => {
                event
                    .enter(user, clock)
                    .map_err(|error| refusal_of(id, error))?;
                record.clock = record.clock.max(clock);
                event.entries_of(user).len() as u64
            }
            EventPhase::Finished(_) | EventPhase::Cancelled { .. } => {
                return Err(BankError::TournamentOver { tournament: id });
            }
        };
        pay_buy_in(draft, config, &record, user, &reference)?;
        events::write(draft, &record);
        Ok(number)
    }
}

#[derive(Clone)]
pub(crate) struct UnregisterEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    pub user: UserId,
    pub reference: String,
}

impl Operation for UnregisterEvent {
    /// The buy-in refunded.
    type Output = u64;

    fn once(&self) -> Option<Once> {
        Some(Once {
            guild: self.guild,
            reference: self.reference.clone(),
            fingerprint: format!("event_unregister {} {}", self.event.0, self.user.0),
        })
    }

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<u64, BankError> {
        let UnregisterEvent {
            guild,
            event: id,
            user,
            reference,
        } = self;
        let mut record = events::read_in_guild(draft, guild, id)?;
        record.refuse_unless_scheduled()?;
        let Some(at) = record.registered.iter().position(|&who| who == user) else {
            return Err(BankError::NotRegistered { tournament: id });
        };
        record.registered.remove(at);
        let buy_in = record.settings.buy_in;
        if buy_in > 0 {
            accounts::transfer(
                draft,
                id.escrow(),
                Account::owner(guild, user),
                buy_in,
                Reason::TournamentRefund,
                &reference,
            )?;
        }
        events::write(draft, &record);
        Ok(buy_in)
    }
}
