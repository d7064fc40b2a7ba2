//! `studbot sim --tournament --players N --table-size T --data DIR` (or `--store URL`):
//! whole multi-table events through the real bank. The players are the bank accounts of
//! users 1..=N of `--guild` (the mint grants what a balance lacks for a buy-in); each event
//! is scheduled in channel [`SIM_EVENT_CHANNEL`], every player registers (each buy-in a
//! transaction into its escrow), and it starts with the seats drawn from the seed. Each round
//! of the lock step makes the calls `sim` makes in memory ([`super::sim_multi`]) through the
//! bank, each durable before the next: the re-entries due (each a buy-in), the tidying of
//! the seats, and each table's hand, recorded with the prizes it decides paid in its own
//! transaction. A copy of the event kept beside the bank's takes the same calls, and each
//! round ends by checking the two are equal.
//!
//! The event's clock (the round) is kept in its record with the tables recorded at it, so a
//! run killed at any moment resumes the event on the next run on the directory: it finishes
//! the round the kill cut short (the tables not yet recorded in it), then plays on; then it
//! plays its own `--count`. Event number `e` of the bank is dealt as event `e - 1` of
//! `--seed`, so on a new directory `--data` plays exactly what `sim` plays without it.
//!
//! References: every grant, schedule and buy-in carries `sim-tournament:RUN:N:...`, RUN the
//! ledger's next sequence number when the run started.

use anyhow::{Context, bail};

use super::sim_data::{BankRun, SIM_MODERATOR, next_ledger_seq, sim_user, with_bank};
use super::sim_multi::{
    EventReport, MultiSimConfig, TableDealers, deal_round, describe, reentries_due, report_of,
    settings, spread_now,
};
use super::sim_session::hand_seed;
use super::sim_tournament::MAX_HANDS;
use crate::bank::{
    Bank, EventPhase, EventRecord, EventSchedule, GuildId, IdleTables, TableId, TournamentId,
    UserId,
};
use crate::tournament::multi::Event;

/// The channel the sim's multi-table events are scheduled in (the cash sim's table is 1, the
/// sit & gos' 2).
pub const SIM_EVENT_CHANNEL: TableId = TableId(3);

/// Plays the events of `config` through the bank of `run` on a current-thread runtime.
pub fn run(config: &MultiSimConfig, run: &BankRun<'_>) -> anyhow::Result<()> {
    config.rules.validate().context("invalid rules")?;
    with_bank(run, async |bank| play_all(config, run, bank).await)
}

async fn play_all(config: &MultiSimConfig, run: &BankRun<'_>, bank: &Bank) -> anyhow::Result<()> {
    let mut sim = SimEvents {
        bank,
        guild: GuildId(run.guild),
        run: next_ledger_seq(bank).await?,
        operations: 0,
        config,
        progress: run.progress,
        hands: 0,
        record_bytes: 0,
        largest_record: 0,
    };
    let started = std::time::Instant::now();
    let mut played = 0u64;
    if let Some(live) = sim.live_in_channel().await? {
        let report = sim.play_out(live).await?;
        print_report(&report, run.json)?;
        played += 1;
    }
    for _ in 0..config.count {
        let id = sim.schedule().await?;
        let report = sim.play_out(id).await?;
        print_report(&report, run.json)?;
        played += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{played} multi-table events through the bank in {seconds:.3} s: {} hands, the event's \
         record {:.0} bytes a hand on average (largest {})",
        sim.hands,
        sim.record_bytes as f64 / sim.hands.max(1) as f64,
        sim.largest_record,
    );
    Ok(())
}

fn print_report(report: &EventReport, json: bool) -> anyhow::Result<()> {
    let text = if json {
        format!("{}\n", serde_json::to_string(report)?)
    } else {
        describe(report.event.unwrap_or(0), report)
    };
    super::stdout::print(&text).context("cannot print the event")
}

struct SimEvents<'a> {
    bank: &'a Bank,
    guild: GuildId,
    run: u64,
    operations: u64,
    config: &'a MultiSimConfig,
    progress: bool,
    /// Hands recorded by this run, and the bytes of the record each rewrote.
    hands: u64,
    record_bytes: u64,
    largest_record: usize,
}

impl SimEvents<'_> {
    fn reference(&mut self, what: &str) -> String {
        self.operations += 1;
        crate::bank::tournament_sim_reference(self.run, self.operations, what)
    }

    async fn record(&self, id: TournamentId) -> anyhow::Result<EventRecord> {
        self.bank
            .event(id)
            .await
            .with_context(|| format!("cannot read event {}", id.0))?
            .with_context(|| format!("the bank does not know event {}", id.0))
    }

    /// The event an interrupted run left live in the sim's channel, if any.
    async fn live_in_channel(&self) -> anyhow::Result<Option<TournamentId>> {
        match self.bank.live_event_in(SIM_EVENT_CHANNEL).await? {
            Some(record) if record.guild != self.guild => bail!(
                "event {} of another guild is live in the sim's channel",
                record.id.0
            ),
            live => Ok(live.map(|record| record.id)),
        }
    }

    async fn schedule(&mut self) -> anyhow::Result<TournamentId> {
        let reference = self.reference("schedule");
        let schedule = EventSchedule {
            channel: SIM_EVENT_CHANNEL,
            name: "sim".into(),
            starts_at: 0,
            now: 0,
            added_by: None,
        };
        self.bank
            .schedule_event(self.guild, schedule, settings(self.config), &reference)
            .await
            .context("cannot schedule an event in the bank")
    }

    /// Grants what the player's balance lacks for a buy-in, then buys them in.
    async fn enter(&mut self, id: TournamentId, user: UserId, clock: u64) -> anyhow::Result<()> {
        let buy_in = self.config.buy_in;
        let balance = self.bank.balance(self.guild, user).await?;
        if balance < buy_in {
            let reference = self.reference(&format!("grant:{}", user.0));
            self.bank
                .grant(
                    self.guild,
                    SIM_MODERATOR,
                    user,
                    buy_in - balance,
                    &reference,
                )
                .await
                .with_context(|| format!("cannot grant player {} chips", user.0))?;
        }
        let reference = self.reference(&format!("enter:{}:{}", id.0, user.0));
        self.bank
            .enter_event(self.guild, id, user, clock, &reference)
            .await
            .with_context(|| format!("player {} cannot buy into event {}", user.0, id.0))?;
        Ok(())
    }

    /// Registers whoever has not registered and starts the event, or reads it running.
    async fn started(&mut self, id: TournamentId, seed: u64) -> anyhow::Result<EventRecord> {
        let record = self.record(id).await?;
        if record.settings != settings(self.config) {
            bail!(
                "event {} left live in the sim's channel was scheduled with other flags",
                id.0
            );
        }
        if matches!(record.phase, EventPhase::Scheduled) {
            for index in 0..self.config.players {
                let user = sim_user(index);
                if !record.registered.contains(&user) {
                    self.enter(id, user, 0).await?;
                }
            }
            self.bank.start_event(self.guild, id, seed).await?;
        }
        self.record(id).await
    }

    /// Plays event `id` on from its record to its end.
    async fn play_out(&mut self, id: TournamentId) -> anyhow::Result<EventReport> {
        let index = id.0.checked_sub(1).context("event 0")?;
        let seed = hand_seed(self.config.seed, index);
        let record = self.started(id, seed).await?;
        let mut event = match &record.phase {
            EventPhase::Running(event) => (**event).clone(),
            EventPhase::Finished(event) => (**event).clone(),
            _ => bail!("event {} is not running", id.0),
        };
        let mut dealers = TableDealers::new(seed);
        let mut round = record.clock;
        // The tables a killed run recorded in its last round: that round is finished first.
        let mut done = record.tables_at_clock.clone();
        let mut spread = 0;
        while !event.is_over() {
            if round >= MAX_HANDS {
                bail!("event {} did not end in {MAX_HANDS} rounds", id.0);
            }
            if done.is_empty() {
                self.start_round(id, &mut event, round).await?;
                spread = spread.max(spread_now(&event));
            }
            let mut recorded = 0;
            for hand in deal_round(&mut event, round) {
                if done.contains(&hand.table) {
                    event.abandon(hand.table);
                    continue;
                }
                let result = dealers.play(&hand)?;
                self.bank
                    .record_event_hand(self.guild, id, result.clone(), round, None)
                    .await
                    .with_context(|| {
                        format!("event {} table {} hand {}", id.0, hand.table, hand.number)
                    })?;
                event.record_hand(&result, round)?;
                // The bank pays every prize a hand decides in its transaction.
                event.mark_prizes_paid();
                recorded += 1;
                if self.progress {
                    report_progress(id, hand.table, hand.number)?;
                }
            }
            self.compare(id, &event, recorded).await?;
            done.clear();
            round += 1;
        }
        let mut report = report_of(&event, self.config.players, round, spread)?;
        report.event = Some(id.0);
        Ok(report)
    }

    /// A round's start: the re-entries due, then the seats tidied with every table idle.
    async fn start_round(
        &mut self,
        id: TournamentId,
        event: &mut Event,
        round: u64,
    ) -> anyhow::Result<()> {
        for user in reentries_due(event, round) {
            self.enter(id, user, round).await?;
            event.enter(user, round)?;
        }
        let tables = event.seating().numbers();
        let idle = IdleTables {
            tables: tables.clone(),
            all: true,
        };
        self.bank.tidy_event(self.guild, id, idle, round).await?;
        event.tidy(&tables, true, round);
        event.mark_prizes_paid();
        Ok(())
    }

    /// The bank's record holds the event the sim's copy holds; counts the bytes of the record
    /// each of the round's `hands` rewrote (the record at the round's end stands for them).
    async fn compare(&mut self, id: TournamentId, event: &Event, hands: u64) -> anyhow::Result<()> {
        let record = self.record(id).await?;
        if record.event() != Some(event) {
            bail!(
                "event {}: the bank's record and the sim's copy differ",
                id.0
            );
        }
        let bytes = record.stored_bytes();
        self.hands += hands;
        self.record_bytes += bytes as u64 * hands;
        self.largest_record = self.largest_record.max(bytes);
        Ok(())
    }
}

/// One line per recorded hand, flushed, so a reader knows the hand is durable.
fn report_progress(id: TournamentId, table: u32, hand: u64) -> anyhow::Result<()> {
    let line = serde_json::json!({ "event": id.0, "table": table, "hand": hand });
    super::stdout::print_line(&line.to_string()).context("cannot print progress")
}
