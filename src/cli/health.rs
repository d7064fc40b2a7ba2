//! `studbot health [URL]`: asks a running bot's `/healthz` and exits 0 when it answers 200, 1
//! otherwise (503 naming each problem, no answer, a refused connection), printing what it got.
//! It is the container's HEALTHCHECK: the runtime image has no curl.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use super::exit;

/// How long the bot may take to answer before it counts as unhealthy.
const ANSWER_WITHIN: Duration = Duration::from_secs(5);

#[derive(clap::Args, Debug)]
pub struct HealthArgs {
    /// The health check's address: `[metrics] listen` with `/healthz`.
    #[arg(default_value = "http://127.0.0.1:9100/healthz")]
    pub url: String,
}

pub fn run(args: HealthArgs) -> anyhow::Result<ExitCode> {
    let Ok(url) = reqwest::Url::parse(&args.url) else {
        eprintln!(
            "studbot: {:?} is not a URL: give the health check's address, such as \
             http://127.0.0.1:9100/healthz",
            args.url
        );
        return Ok(ExitCode::from(exit::CONFIGURATION));
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    match runtime.block_on(ask(url.clone())) {
        Ok((200, body)) => {
            super::stdout::print_line_keeping_verdict(body.trim_end())?;
            Ok(ExitCode::SUCCESS)
        }
        Ok((status, body)) => {
            eprintln!("studbot: {url} answered {status}: {}", body.trim_end());
            Ok(ExitCode::from(exit::RESTART_MAY_CURE))
        }
        Err(error) => {
            eprintln!("studbot: no health answer from {url}: {error:#}");
            Ok(ExitCode::from(exit::RESTART_MAY_CURE))
        }
    }
}

async fn ask(url: reqwest::Url) -> anyhow::Result<(u16, String)> {
    let client = reqwest::Client::builder()
        .timeout(ANSWER_WITHIN)
        .build()
        .context("building the HTTP client")?;
    let answer = client.get(url).send().await.map_err(plain)?;
    let status = answer.status().as_u16();
    let body = answer.text().await.map_err(plain)?;
    Ok((status, body))
}

/// The innermost cause ("Connection refused") says why; the outer ones only that it failed.
fn plain(error: reqwest::Error) -> anyhow::Error {
    let mut deepest: &dyn std::error::Error = &error;
    while let Some(cause) = deepest.source() {
        deepest = cause;
    }
    anyhow::anyhow!("{deepest}")
}
