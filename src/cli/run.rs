//! `studbot run --config FILE`: the Discord bot. Reads the config (one clear line when a value
//! is wrong), sets up logging (pretty or JSON; colours only on a terminal), runs the bot until
//! SIGINT or SIGTERM, then shuts down cleanly and exits 0. A failure exits with the code of
//! [`exit`] that tells a supervisor whether to start it again.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use tracing_subscriber::EnvFilter;

use crate::bot::config::{Config, LogFormat};

use super::exit;

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[arg(long, default_value = "config.toml")]
    pub config: PathBuf,
    /// Keep the bank in this PostgreSQL database (`postgres://user@host/db`), in place of the
    /// config's `[bank] store` (or its sled database in `data_dir`).
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
}

pub fn run(args: RunArgs) -> anyhow::Result<ExitCode> {
    let mut config = match Config::load(&args.config) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("{error}");
            return Ok(ExitCode::from(exit::CONFIGURATION));
        }
    };
    if let Some(url) = args.store {
        if !crate::bank::StoreLocation::is_url(&url) {
            eprintln!(
                "studbot: --store expects a PostgreSQL URL such as postgres://user@host/db, not {}",
                crate::bank::store::postgres::display_url(&url)
            );
            return Ok(ExitCode::from(exit::CONFIGURATION));
        }
        config.bank.store = Some(url);
    }
    // The data directory before anything else: a path that holds other files but no bank,
    // or that the bot's user may not write, is a configuration error, said in one line. A
    // first start makes it (Docker's volume and systemd's StateDirectory start out empty).
    // With the bank in PostgreSQL the directory holds only the bot's backups and files.
    if config.bank.store.is_none()
        && let Err(error) = super::data_dir::bank_to_serve(&config.data_dir)
    {
        eprintln!("studbot: data directory: {error}");
        return Ok(ExitCode::from(exit::CONFIGURATION));
    }
    init_logging(&config);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    match runtime.block_on(crate::bot::serve(config, shutdown_signal())) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(error) => {
            eprintln!("studbot: {error:#}");
            Ok(ExitCode::from(exit::code_for(&error)))
        }
    }
}

/// serenity records every REST request, body included (an ephemeral "My cards" answer holds a
/// player's cards), as the fields of a span of this target: it is never recorded.
const NEVER_RECORDED: &str = "serenity::http::client=warn";

/// Logs go to stderr. `RUST_LOG`, when set, wins over `[log] level`.
fn init_logging(config: &Config) {
    let level = std::env::var("RUST_LOG")
        .ok()
        .filter(|value| EnvFilter::try_new(value).is_ok())
        .unwrap_or_else(|| config.log.level.clone());
    let filter = EnvFilter::try_new(format!("{level},{NEVER_RECORDED}"))
        .unwrap_or_else(|_| EnvFilter::new(NEVER_RECORDED));
    // A log file or a journal gets plain text: escape codes only where a person reads them.
    let colour = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour)
        .with_writer(std::io::stderr);
    // A second initialisation (tests driving `run` twice in one process) keeps the first.
    let _ = match config.log.format {
        LogFormat::Pretty => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .with_current_span(true)
            .with_span_list(true)
            .try_init(),
    };
}

/// Resolves on the first SIGINT (Ctrl-C) or SIGTERM.
async fn shutdown_signal() {
    let interrupt = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for SIGINT");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => tracing::info!("SIGINT: shutting down"),
        () = terminate => tracing::info!("SIGTERM: shutting down"),
    }
}
