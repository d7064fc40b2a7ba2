//! A multi-table event is played through the bank: its start (the draw of the seats), each
//! tidying of its seats between hands (late registration closing, tables breaking, the
//! final table's draw, balancing: `Event::tidy`'s moves kept in the record), and each table's
//! hand recorded, one transaction each. The prizes of the places a transaction decides are
//! paid in it (docs/RULES.md, "Prizes are paid at the bust"); the one that ends the event
//! finishes it with every prize paid and the escrow empty. A hand already recorded (a retry
//! after a crash) changes nothing; one out of turn, or stacks that do not fit the table, are
//! refused, changing nothing. The calls are the core's own, on the record's copy of the
//! event, so a caller making the same calls on its copy keeps the same event. A hand's
//! public history (when given) is stored in its table's channel by the transaction that
//! records the hand (`records::ChannelHand::Event`), so a recorded hand has its history
//! and a hand cut short has none.

use super::Operation;
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::references;
use crate::bank::stats::{self, TournamentResult};
use crate::bank::tournaments::TournamentId;
use crate::bank::tournaments::events::{self, EventPhase, EventRecord, IdleTables as Idle};
use crate::bank::{BankError, EconomyConfig, GuildId, TableId, records};
use crate::tournament::multi::{Event, HandResult};

/// Pays every prize `event` decided and not yet paid, out of `record`'s escrow (a
/// computer's to the guild's house), adding each finish to its player's stats.
pub(super) fn pay_prizes_due(
    draft: &mut Draft<'_>,
    record: &EventRecord,
    event: &mut Event,
) -> Result<(), BankError> {
    let reference = references::payout_reference(record.id);
    for finish in event.prizes_due() {
        let user = event
            .entry(finish.seat)
            .map(|entry| entry.user)
            .ok_or_else(|| BankError::Storage(format!("no entry {}", finish.seat)))?;
        if finish.prize > 0 {
            accounts::transfer(
                draft,
                record.id.escrow(),
                Account::owner(record.guild, user),
                finish.prize,
                Reason::TournamentPayout,
                &reference,
            )?;
        }
        stats::record_tournament(
            draft,
            record.guild,
            &TournamentResult {
                user,
                buy_in: record.settings.buy_in,
                paid: finish.prize,
                place: Some(finish.place),
            },
        )?;
    }
    event.mark_prizes_paid();
    Ok(())
}

/// The running event of `record`, or why it is not running.
fn running(record: &EventRecord) -> Result<Event, BankError> {
    match &record.phase {
        EventPhase::Running(event) => Ok((**event).clone()),
        EventPhase::Scheduled => Err(BankError::TournamentNotRunning {
            tournament: record.id,
        }),
        _ => Err(BankError::TournamentOver {
            tournament: record.id,
        }),
    }
}

/// Pays what `event` decided, puts it back in `record` (finished once over) and writes it.
fn settle(
    draft: &mut Draft<'_>,
    mut record: EventRecord,
    mut event: Event,
) -> Result<(), BankError> {
    pay_prizes_due(draft, &record, &mut event)?;
    record.phase = if event.is_over() {
        EventPhase::Finished(Box::new(event))
    } else {
        EventPhase::Running(Box::new(event))
    };
    events::write(draft, &record);
    Ok(())
}

/// Moves the record's clock to `clock` (never back), forgetting the tables recorded at an
/// earlier reading.
fn advance_clock(record: &mut EventRecord, clock: u64) {
    if clock > record.clock {
        record.clock = clock;
        record.tables_at_clock.clear();
    }
}

/// The event starts at its time, by the bank's clock: the seats of those registered are
/// drawn from `seed`. Starting one already started changes nothing; one before its time, or
/// with fewer than two registered (cancel it), is refused, changing nothing.
#[derive(Clone)]
pub(crate) struct StartEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    pub seed: u64,
}

impl Operation for StartEvent {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let mut record = events::read_in_guild(draft, self.guild, self.event)?;
        match record.phase {
            EventPhase::Scheduled => {}
            EventPhase::Running(_) => return Ok(()),
            _ => {
                return Err(BankError::TournamentOver {
                    tournament: self.event,
                });
            }
        }
        if draft.now_unix_ms < record.starts_at.saturating_mul(1_000) {
            return Err(BankError::EventNotYet {
                tournament: self.event,
                starts_at: record.starts_at,
            });
        }
        if record.registered.len() < 2 {
            return Err(BankError::TooFewEntrants {
                tournament: self.event,
                entrants: record.registered.len(),
            });
        }
        let event = Event::start(record.settings.clone(), &record.registered, self.seed)
            .map_err(|error| super::event_entry::refusal_of(self.event, error))?;
        record.registered.clear();
        settle(draft, record, event)
    }
}

/// The seats are tidied between hands (`Event::tidy` with these arguments). Written only
/// when it changes the event or moves the clock on.
#[derive(Clone)]
pub(crate) struct TidyEvent {
    pub guild: GuildId,
    pub event: TournamentId,
    pub idle: Idle,
    pub clock: u64,
}

impl Operation for TidyEvent {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, _config: &EconomyConfig) -> Result<(), BankError> {
        let mut record = events::read_in_guild(draft, self.guild, self.event)?;
        let before = running(&record)?;
        let mut event = before.clone();
        event.tidy(&self.idle.tables, self.idle.all, self.clock);
        if event == before && self.clock <= record.clock {
            return Ok(());
        }
        advance_clock(&mut record, self.clock);
        settle(draft, record, event)
    }
}

/// A table's hand is recorded (`Event::record_hand`), then, with `then_tidy`, the seats
/// tidied, in one transaction.
#[derive(Clone)]
pub(crate) struct RecordEventHand {
    pub guild: GuildId,
    pub event: TournamentId,
    pub hand: HandResult,
    pub clock: u64,
    pub then_tidy: Option<Idle>,
    /// The hand's public history and the channel its table plays in, stored with it.
    pub history: Option<(TableId, Vec<u8>)>,
}

impl Operation for RecordEventHand {
    type Output = ();

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<(), BankError> {
        let id = self.event;
        let mut record = events::read_in_guild(draft, self.guild, id)?;
        let mut event = match running(&record) {
            Ok(event) => event,
            // The last hand retried once the event is over changes nothing.
            Err(BankError::TournamentOver { .. })
                if matches!(record.phase, EventPhase::Finished(_)) =>
            {
                return Ok(());
            }
            Err(error) => return Err(error),
        };
        let recorded = event.record_hand(&self.hand, self.clock).map_err(|error| {
            BankError::TournamentHandRefused {
                tournament: id,
                reason: error.to_string(),
            }
        })?;
        if recorded.already {
            return Ok(());
        }
        if let Some(idle) = &self.then_tidy
            && !event.is_over()
        {
            event.tidy(&idle.tables, idle.all, self.clock);
        }
        advance_clock(&mut record, self.clock);
        if record.clock == self.clock && !record.tables_at_clock.contains(&self.hand.table) {
            record.tables_at_clock.push(self.hand.table);
        }
        settle(draft, record, event)?;
        if let Some((channel, history)) = self.history {
            let kept = config.hand_histories_kept;
            records::record_event_history(draft, channel, id, self.hand.number, history, kept)?;
        }
        Ok(())
    }
}
