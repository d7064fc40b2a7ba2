//! `studbot sim --tournament --data DIR`: whole sit & gos through the real bank. The
//! players are the bank accounts of users 1..=P of `--guild` (the mint grants what a balance
//! lacks for the buy-in); each sit & go is opened in channel [`SIM_TOURNAMENT_CHANNEL`],
//! every player registers (the buy-ins go into its prize pool; the last registration starts
//! it), each hand is played in memory and recorded in the bank durably before the next is
//! dealt (with its public history, as the lobby stores it, for `/history`), and the hand
//! that ends it pays the prize pool in the same transaction.
//!
//! A run killed at any moment leaves a tournament live in the channel: the next run on the
//! directory resumes it first (registering whoever had not registered yet, dealing on from
//! the last hand recorded), then plays its own `--count`. Tournament number `t` of the bank
//! is dealt as sit & go `t - 1` of `--seed` ([`super::sim_tournament::Dealer`]), so on a new
//! directory `--data` plays exactly what `sim --tournament` plays without it, and a resumed
//! one plays on as if never interrupted.
//!
//! References: every grant, open and registration carries `sim-tournament:RUN:N:...`, RUN
//! being the ledger's next sequence number when the run started (as `sim --data` does), so
//! no run replays another's request.

use anyhow::{Context, bail};

use super::sim_data::{BankRun, SIM_MODERATOR, next_ledger_seq, sim_user, with_bank};
use super::sim_session::hand_seed;
use super::sim_tournament::{
    Dealer, TournamentReport, TournamentSimConfig, describe, report_of, settings,
};
use crate::bank::{Bank, GuildId, TableId, TournamentId, TournamentPhase, TournamentState, UserId};
use crate::lobby::HandHistory;
use crate::tournament::NextHand;

/// The channel the sim's sit & gos are played in (the cash sim's table is 1).
pub const SIM_TOURNAMENT_CHANNEL: TableId = TableId(2);

/// Plays the sit & gos of `config` through the bank of `run` on a current-thread runtime.
pub fn run(config: &TournamentSimConfig, run: &BankRun<'_>) -> anyhow::Result<()> {
    config.rules.validate().context("invalid rules")?;
    with_bank(run, async |bank| play_all(config, run, bank).await)
}

async fn play_all(
    config: &TournamentSimConfig,
    run: &BankRun<'_>,
    bank: &Bank,
) -> anyhow::Result<()> {
    let mut sim = SimTournaments {
        bank,
        guild: GuildId(run.guild),
        run: next_ledger_seq(bank).await?,
        operations: 0,
        config,
        progress: run.progress,
    };
    let started = std::time::Instant::now();
    let mut played = 0u64;
    if let Some(live) = sim.live_in_channel().await? {
        let report = sim.play_out(live).await?;
        print_report(&report, run.json)?;
        played += 1;
    }
    for _ in 0..config.count {
        let id = sim.open().await?;
        let report = sim.play_out(id).await?;
        print_report(&report, run.json)?;
        played += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!(
        "{played} sit & gos through the bank in {seconds:.3} s: {:.1} a second",
        if seconds > 0.0 {
            played as f64 / seconds
        } else {
            0.0
        }
    );
    Ok(())
}

fn print_report(report: &TournamentReport, json: bool) -> anyhow::Result<()> {
    let text = if json {
        format!("{}\n", serde_json::to_string(report)?)
    } else {
        describe(report.tournament.unwrap_or(0), report)
    };
    super::stdout::print(&text).context("cannot print the sit & go")
}

struct SimTournaments<'a> {
    bank: &'a Bank,
    guild: GuildId,
    run: u64,
    operations: u64,
    config: &'a TournamentSimConfig,
    progress: bool,
}

impl SimTournaments<'_> {
    fn reference(&mut self, what: &str) -> String {
        self.operations += 1;
        crate::bank::tournament_sim_reference(self.run, self.operations, what)
    }

    async fn state(&self, id: TournamentId) -> anyhow::Result<TournamentState> {
        self.bank
            .tournament(id)
            .await
            .with_context(|| format!("cannot read tournament {}", id.0))?
            .with_context(|| format!("the bank does not know tournament {}", id.0))
    }

    /// The sit & go an interrupted run left live in the sim's channel, if any.
    async fn live_in_channel(&self) -> anyhow::Result<Option<TournamentId>> {
        let live = self
            .bank
            .live_tournament_in(SIM_TOURNAMENT_CHANNEL)
            .await
            .context("cannot read the sim channel's sit & go")?;
        match live {
            Some(state) if state.guild != self.guild => bail!(
                "tournament {} of another guild is live in the sim's channel",
                state.id.0
            ),
            live => Ok(live.map(|state| state.id)),
        }
    }

    async fn open(&mut self) -> anyhow::Result<TournamentId> {
        let reference = self.reference("open");
        self.bank
            .open_tournament(
                self.guild,
                SIM_TOURNAMENT_CHANNEL,
                usize::from(self.config.players),
                settings(self.config),
                &reference,
            )
            .await
            .context("cannot open a sit & go in the bank")
    }

    /// Grants what the player's balance lacks for the buy-in, then registers them.
    async fn register(&mut self, id: TournamentId, user: UserId) -> anyhow::Result<()> {
        let buy_in = self.config.buy_in;
        let balance = self
            .bank
            .balance(self.guild, user)
            .await
            .with_context(|| format!("cannot read player {}'s balance", user.0))?;
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
        let reference = self.reference(&format!("register:{}:{}", id.0, user.0));
        // The seats are drawn from the run's seed and the tournament's number, so a run
        // resumed after a kill seats them as the uninterrupted run does.
        let seat_seed = hand_seed(self.config.seed, id.0);
        self.bank
            .register_tournament_seeded(self.guild, id, user, seat_seed, &reference)
            .await
            .with_context(|| format!("player {} cannot register", user.0))?;
        Ok(())
    }

    /// The public history of the hand `dealer` just played, as the lobby stores a sit & go's
    /// hand (numbered from 1, its players the entrants in deal order), for `/history`.
    fn history(
        &self,
        dealer: &Dealer,
        next: &NextHand,
        entrants: &[UserId],
    ) -> anyhow::Result<Vec<u8>> {
        let users: Vec<UserId> = next
            .seats
            .iter()
            .map(|&seat| entrants.get(seat).copied())
            .collect::<Option<_>>()
            .context("a sit & go's seat has no entrant")?;
        let hand = dealer.last_hand().context("no hand was played")?;
        let history = HandHistory::of_hand(next.number + 1, hand, &users)
            .context("the hand ended without a result")?;
        Ok(history.to_bytes()?)
    }

    /// Registers whoever has not registered, deals on from the last hand recorded, and
    /// checks what was paid.
    async fn play_out(&mut self, id: TournamentId) -> anyhow::Result<TournamentReport> {
        let state = self.state(id).await?;
        if state.seats != usize::from(self.config.players)
            || state.settings != settings(self.config)
        {
            bail!(
                "tournament {} left live in the sim's channel was opened with other flags",
                id.0
            );
        }
        for index in 0..state.seats {
            let user = sim_user(index);
            if !state.entrants.contains(&user) {
                self.register(id, user).await?;
            }
        }
        let index = id.0.checked_sub(1).context("tournament 0")?;
        let mut dealer = Dealer::new(self.config, index);
        loop {
            let state = self.state(id).await?;
            match state.phase {
                TournamentPhase::Running(tournament) => {
                    let next = tournament
                        .next_hand()
                        .context("a running sit & go with no hand")?;
                    let final_stacks = dealer
                        .play(&next)
                        .with_context(|| format!("tournament {}", id.0))?;
                    let history = self.history(&dealer, &next, &state.entrants)?;
                    self.bank
                        .record_tournament_hand_with_history(
                            self.guild,
                            id,
                            next.number,
                            &final_stacks,
                            history,
                        )
                        .await
                        .with_context(|| {
                            format!("cannot record hand {} of tournament {}", next.number, id.0)
                        })?;
                    if self.progress {
                        report_progress(id, next.number)?;
                    }
                }
                TournamentPhase::Finished {
                    tournament,
                    payouts,
                } => {
                    let paid: u64 = payouts.iter().map(|&(_, chips)| chips).sum();
                    if paid != tournament.prize_pool() {
                        bail!(
                            "tournament {} paid {paid} of a prize pool of {}",
                            id.0,
                            tournament.prize_pool()
                        );
                    }
                    // The printed report is the result's announcement: nothing is kept for
                    // a bot on this directory to post in channel 2.
                    self.bank
                        .tournament_result_announced(self.guild, id)
                        .await
                        .with_context(|| format!("cannot close tournament {}", id.0))?;
                    let mut report = report_of(&tournament)?;
                    report.tournament = Some(id.0);
                    return Ok(report);
                }
                TournamentPhase::Registering | TournamentPhase::Cancelled { .. } => {
                    bail!("tournament {} is not running", id.0);
                }
            }
        }
    }
}

/// One line per recorded hand, flushed, so a reader knows the hand is durable.
fn report_progress(id: TournamentId, hand: u64) -> anyhow::Result<()> {
    let line = serde_json::json!({ "tournament": id.0, "hand": hand });
    super::stdout::print_line(&line.to_string()).context("cannot print progress")
}
