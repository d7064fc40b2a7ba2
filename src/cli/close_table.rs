//! `studbot close-table --data DIR TABLE`: closes a table by id on a stopped bot's data
//! directory, without Discord (its channel is gone, or the bot was removed from its server).
//! Opening the bank cancels every hand a stop interrupted, as the bot's start does (every
//! player keeps their stack from its start); the table's settings record is removed so the
//! bot never reopens it, and every seat is cashed out to its player's balance; the bank then
//! marks the table closed. Prints what each player was paid as JSON. Run again after a
//! failure, it finishes what is left.
//!
//! A channel that holds a live sit & go holds no table: it is refused, naming the sit & go and
//! `studbot cancel-sit-and-go`, which cancels it.
//!
//! Exit status: 0 closed (or already closed, with nothing left in it); 2 when the directory
//! is not a studbot bank, is in use by a running bot, knows no such table, or the channel
//! holds a live sit & go.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use serde::Serialize;

use crate::bank::{Bank, EconomyConfig, GuildId, Payouts, TableId};

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("bank").required(true).args(["data", "store"])))]
pub struct CloseTableArgs {
    /// The stopped bot's data directory: its `data_dir`, whose bank is `DIR/bank` (the same
    /// meaning in every subcommand).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// The PostgreSQL database the bank is in (`postgres://user@host/db`), instead of `--data`:
    /// the table's guild must be run by no live bot (the close takes its lease).
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// The table's id: its channel's (or thread's) id, as `studbot audit` lists it.
    pub table: u64,
}

/// What closing did.
#[derive(Debug, Serialize)]
pub struct Closed {
    pub table: TableId,
    pub guild: GuildId,
    /// The interrupted hand that was cancelled and refunded.
    pub hand_cancelled: Option<u64>,
    /// What each player was paid, by user id.
    pub cashed_out: Payouts,
    /// The table was closed already (by an earlier run).
    pub already_closed: bool,
}

pub fn run(args: CloseTableArgs) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the runtime")?;
    let closed = runtime.block_on(close_table(&args))?;
    let json = serde_json::to_string_pretty(&closed).context("cannot print the result")?;
    super::stdout::print_line(&json)?;
    Ok(ExitCode::SUCCESS)
}

async fn close_table(args: &CloseTableArgs) -> anyhow::Result<Closed> {
    let location = super::data_dir::bank_location(
        args.store.as_deref(),
        args.data.as_deref(),
        super::data_dir::existing_bank,
    )?;
    let bank = Bank::open_at(&location, EconomyConfig::default())
        .await
        .with_context(|| format!("cannot open the bank in {location}"))?;
    let closed = close_in(&bank, TableId(args.table)).await;
    let shut = bank.shutdown().await;
    let closed = closed?;
    shut.context("the bank did not shut down cleanly")?;
    Ok(closed)
}

async fn close_in(bank: &Bank, table: TableId) -> anyhow::Result<Closed> {
    if let Some(sit_and_go) = bank
        .live_tournaments()
        .await?
        .into_iter()
        .find(|live| live.channel == table)
    {
        bail!(
            "channel {} holds sit & go {}, not a table: cancel it with `studbot \
             cancel-sit-and-go --data DIR {}`",
            table.0,
            sit_and_go.tournament.0,
            sit_and_go.tournament.0
        );
    }
    let Some(state) = bank.table_state(table).await? else {
        bail!("the bank knows no table {}", table.0);
    };
    // With a bank bots share, the table's guild is taken from whoever ran it (its hands in
    // progress cancelled as it is); a bot still running it keeps it.
    if !bank.take_leases(&[state.guild]).await?.elsewhere.is_empty() {
        bail!(
            "a running bot runs guild {}'s tables: stop it, or close the table through it",
            state.guild.0
        );
    }
    // Opening the bank cancelled every hand a stop interrupted, as a start of the bot does.
    let recovered = bank
        .recover()
        .await?
        .into_iter()
        .find(|recovery| recovery.table == table)
        .map(|recovery| recovery.hand);
    // First the record the bot reopens tables from: whatever happens next, a restart does
    // not deal at this table again (and a run after a failure finishes the close).
    bank.remove_table_settings(table)
        .await
        .context("cannot remove the table's settings")?;
    if !state.open {
        return Ok(Closed {
            table,
            guild: state.guild,
            hand_cancelled: None,
            cashed_out: Vec::new(),
            already_closed: true,
        });
    }
    // The same reference every run: a close that went through answers what it paid.
    let reference = crate::bank::operator_close_reference(table);
    let mut cashed_out = bank
        .close_table(state.guild, table, &reference)
        .await
        .context("cannot close the table")?;
    cashed_out.sort();
    Ok(Closed {
        table,
        guild: state.guild,
        hand_cancelled: recovered,
        cashed_out,
        already_closed: false,
    })
}
