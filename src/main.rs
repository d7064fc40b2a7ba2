//! The `studbot` binary: the Discord bot (`run`), terminal play (`play`), and the tools other
//! programs rely on (`replay`, `sim`, `audit`, `eval`, `equity`), and `invite`. Each subcommand lives
//! in `src/cli/`.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use studbot::cli;

#[derive(Parser)]
#[command(
    name = "studbot",
    version,
    about = "Seven-Card Stud Hi/Lo, eight or better, for Discord and the terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play at a table in the terminal against computer players.
    Play(cli::play::PlayArgs),
    /// Run the Discord bot.
    Run(cli::run::RunArgs),
    /// Replay hands from JSON lines and print one result line per hand.
    Replay(cli::replay::ReplayArgs),
    /// Play many hands with computer players and report speed and a checksum.
    Sim(cli::sim::SimArgs),
    /// Check the ledger of a data directory.
    Audit(cli::audit::AuditArgs),
    /// Write everything the bank holds to one checked backup file.
    Backup(cli::backup::BackupArgs),
    /// Close a table by id on a stopped bot's data directory: refund, cash out, never reopen.
    CloseTable(cli::close_table::CloseTableArgs),
    /// Cancel a sit & go by number on a stopped bot's data directory, as a moderator's cancel.
    CancelSitAndGo(cli::cancel_sit_and_go::CancelSitAndGoArgs),
    /// Rebuild a data directory from a backup file (then audit it).
    Restore(cli::backup::RestoreArgs),
    /// Move a stopped bot's bank between its data directory and a PostgreSQL database.
    Migrate(cli::migrate::MigrateArgs),
    /// Evaluate up to 7 cards: best high and best eight-or-better low.
    Eval(cli::eval::EvalArgs),
    /// All-in equity: each hand's share of the pot from the cards it holds so far.
    Equity(cli::equity::EquityArgs),
    /// Write the 53 card faces (the bot's card emoji) as PNG files into a directory.
    Cards(cli::cards::CardsArgs),
    /// Print the link that adds the bot to a Discord server, with the permissions it needs.
    Invite(cli::invite::InviteArgs),
    /// Ask a running bot's /healthz: exit 0 when healthy, 1 otherwise (a container's health check).
    Health(cli::health::HealthArgs),
    /// A bank workload for the crash test (prints each acknowledged movement).
    #[command(hide = true)]
    BankWorkload(cli::bank_workload::BankWorkloadArgs),
}

impl Command {
    /// Whether the command runs long enough for freed memory to be worth returning: the
    /// bot, terminal play and the workloads. The one-shot tools exit first, and starting
    /// the allocator's purging thread would only add to their start-up.
    fn runs_long(&self) -> bool {
        matches!(
            self,
            Command::Play(_) | Command::Run(_) | Command::Sim(_) | Command::BankWorkload(_)
        )
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.command.runs_long() {
        studbot::memory::return_freed_memory();
    }
    let outcome = match cli.command {
        Command::Play(args) => cli::play::run(args),
        Command::Run(args) => cli::run::run(args),
        Command::Replay(args) => cli::replay::run(args),
        Command::Sim(args) => cli::sim::run(args),
        Command::Audit(args) => cli::audit::run(args),
        Command::CloseTable(args) => cli::close_table::run(args),
        Command::CancelSitAndGo(args) => cli::cancel_sit_and_go::run(args),
        Command::Backup(args) => cli::backup::run_backup(args),
        Command::Restore(args) => cli::backup::run_restore(args),
        Command::Migrate(args) => cli::migrate::run(args),
        Command::Eval(args) => cli::eval::run(args),
        Command::Equity(args) => cli::equity::run(args),
        Command::Invite(args) => cli::invite::run(args),
        Command::Cards(args) => cli::cards::run(args),
        Command::Health(args) => cli::health::run(args),
        Command::BankWorkload(args) => cli::bank_workload::run(args),
    };
    match outcome {
        Ok(code) => code,
        // `studbot sim | head -1`: the reader has all it wanted.
        Err(error) if cli::stdout::reader_gone(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("studbot: {error:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(args: &[&str]) -> Command {
        match Cli::try_parse_from(std::iter::once("studbot").chain(args.iter().copied())) {
            Ok(cli) => cli.command,
            Err(error) => panic!("{args:?} should parse: {error}"),
        }
    }

    #[test]
    fn only_the_long_running_commands_return_freed_memory() {
        assert!(command(&["play"]).runs_long());
        assert!(command(&["sim", "--hands", "10"]).runs_long());
        assert!(!command(&["equity", "As Kd", "Qh Qc"]).runs_long());
        assert!(!command(&["eval", "As Kd Qh Jc Tc"]).runs_long());
    }
}
