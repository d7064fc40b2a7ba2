//! `studbot cancel-sit-and-go --data DIR NUMBER`: cancels a sit & go by its number on a stopped
//! bot's data directory, without Discord (its channel is gone, its server removed the bot, or
//! it must end while the bot is down). It is the bank's one cancel, the one a moderator's
//! `/tournament cancel` and a deleted channel make: before the start every buy-in is refunded;
//! after it the prize pool is divided as a cancel divides it. A hand of a sit & go never
//! begins in the bank, so one a stop interrupted is undone by doing nothing. Prints what each
//! entrant was paid as JSON; run again, it answers what the cancel paid (`already_over`).
//!
//! Exit status: 0 cancelled (or over already); 2 when the directory is not a studbot bank, is
//! in use by a running bot, knows no such sit & go, or cannot read its record (then nothing is
//! changed: `studbot audit` names it).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use serde::Serialize;

use crate::bank::{
    Bank, BankError, EconomyConfig, GuildId, Payouts, TableId, TournamentId, TournamentPhase,
    TournamentState, operator_cancel_reference,
};

#[derive(clap::Args, Debug)]
pub struct CancelSitAndGoArgs {
    /// The stopped bot's data directory: its `data_dir`, whose bank is `DIR/bank` (the same
    /// meaning in every subcommand).
    #[arg(long)]
    pub data: PathBuf,
    /// The sit & go's number, as `studbot audit` lists it (`sit_and_gos_live`).
    pub tournament: u64,
}

/// What cancelling did.
#[derive(Debug, Serialize)]
pub struct Cancelled {
    pub tournament: u64,
    pub guild: GuildId,
    /// The channel (or thread) it was held in.
    pub channel: TableId,
    /// Where it was: `registering` or `running` (cancelled now), `finished` or `cancelled`.
    pub was: &'static str,
    /// What each entrant was paid by the cancel (or, over already, by its end), by user id.
    pub paid: Payouts,
    /// It was over already (finished, or cancelled by an earlier run, a moderator or the bot).
    pub already_over: bool,
}

pub fn run(args: CancelSitAndGoArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    let cancelled = runtime.block_on(cancel(&args))?;
    let json = serde_json::to_string_pretty(&cancelled).context("cannot print the result")?;
    super::stdout::print_line(&json)?;
    Ok(ExitCode::SUCCESS)
}

async fn cancel(args: &CancelSitAndGoArgs) -> anyhow::Result<Cancelled> {
    let dir = super::data_dir::existing_bank(&args.data)?;
    let bank = Bank::open(&dir, EconomyConfig::default())
        .await
        .with_context(|| format!("cannot open the bank in {}", args.data.display()))?;
    let cancelled = cancel_in(&bank, TournamentId(args.tournament)).await;
    let shut = bank.shutdown().await;
    let cancelled = cancelled?;
    shut.context("the bank did not shut down cleanly")?;
    Ok(cancelled)
}

/// Cancels sit & go `id` in `bank`, or says what its end paid when it is over.
pub async fn cancel_in(bank: &Bank, id: TournamentId) -> anyhow::Result<Cancelled> {
    let state = read(bank, id).await?;
    let was = phase_name(&state);
    if !state.is_live() {
        return Ok(over(state, was));
    }
    // The same reference every run: a cancel that went through answers what it paid.
    let reference = operator_cancel_reference(id);
    match bank.cancel_tournament(state.guild, id, &reference).await {
        Ok(mut paid) => {
            paid.sort();
            Ok(Cancelled {
                tournament: id.0,
                guild: state.guild,
                channel: state.channel,
                was,
                paid,
                already_over: false,
            })
        }
        Err(BankError::TournamentOver { .. }) => {
            let state = read(bank, id).await?;
            let was = phase_name(&state);
            Ok(over(state, was))
        }
        Err(error) => Err(error).context("cannot cancel the sit & go"),
    }
}

async fn read(bank: &Bank, id: TournamentId) -> anyhow::Result<TournamentState> {
    match bank.tournament(id).await {
        Ok(Some(state)) => Ok(state),
        Ok(None) => bail!("the bank knows no sit & go {}", id.0),
        Err(error @ BankError::UnreadableTournament { .. }) => bail!(
            "{error}: nothing was changed; it cannot be cancelled until its record is restored \
             (from a backup: `studbot restore`)"
        ),
        Err(error) => Err(error).context("cannot read the sit & go"),
    }
}

fn phase_name(state: &TournamentState) -> &'static str {
    match state.phase {
        TournamentPhase::Registering => "registering",
        TournamentPhase::Running(_) => "running",
        TournamentPhase::Finished { .. } => "finished",
        TournamentPhase::Cancelled { .. } => "cancelled",
    }
}

fn over(state: TournamentState, was: &'static str) -> Cancelled {
    let mut paid = match state.phase {
        TournamentPhase::Finished { payouts, .. } => payouts,
        TournamentPhase::Cancelled { paid, .. } => paid,
        TournamentPhase::Registering | TournamentPhase::Running(_) => Vec::new(),
    };
    paid.sort();
    Cancelled {
        tournament: state.id.0,
        guild: state.guild,
        channel: state.channel,
        was,
        paid,
        already_over: true,
    }
}
