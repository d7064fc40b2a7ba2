//! `studbot invite [--config FILE] [--client-id ID]`: prints the link that adds the bot to a
//! server, with the scopes `bot` and `applications.commands` and the smallest permission set the
//! bot uses (`bot::permissions`). Without `--client-id` the application's id is asked from
//! Discord with the config's token (through `[discord] api_proxy` when set).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use secrecy::ExposeSecret as _;

use crate::bot::config::Config;
use crate::bot::permissions::{self, NEEDED};

#[derive(clap::Args, Debug)]
pub struct InviteArgs {
    /// The bot's config file (for its token and `api_proxy`).
    #[arg(long, default_value = "config.toml")]
    pub config: PathBuf,
    /// The application id (the developer portal's "Application ID"): skips asking Discord.
    #[arg(long)]
    pub client_id: Option<u64>,
}

pub fn run(args: InviteArgs) -> anyhow::Result<ExitCode> {
    let application_id = match args.client_id {
        Some(0) => {
            eprintln!("studbot: --client-id must be the application's id, not 0");
            return Ok(ExitCode::from(2));
        }
        Some(id) => id,
        None => {
            let config = match Config::load(&args.config) {
                Ok(config) => config,
                Err(error) => {
                    eprintln!("{error} (or give the application id with --client-id)");
                    return Ok(ExitCode::from(2));
                }
            };
            match ask_application_id(&config) {
                Ok(id) => id,
                Err(error) => {
                    eprintln!(
                        "studbot: cannot ask Discord for the application id: {error:#} \
                         (check the token, or give the id with --client-id)"
                    );
                    return Ok(ExitCode::from(1));
                }
            }
        }
    };
    let mut text = format!(
        "{}\n\nOpen the link, pick your server and authorise. The bot asks for:\n",
        permissions::invite_url(application_id)
    );
    for needed in NEEDED {
        text.push_str(&format!("  {:<25} {}\n", needed.name, needed.why));
    }
    text.push_str("and no privileged gateway intent.");
    super::stdout::print_line(&text)?;
    Ok(ExitCode::SUCCESS)
}

fn ask_application_id(config: &Config) -> anyhow::Result<u64> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let mut http = serenity::all::HttpBuilder::new(config.token.expose_secret());
        if let Some(proxy) = &config.discord.api_proxy {
            http = http
                .proxy(proxy.trim_end_matches('/'))
                .ratelimiter_disabled(true);
        }
        let http = http.build();
        let info = tokio::time::timeout(
            std::time::Duration::from_secs(15),
            http.get_current_application_info(),
        )
        .await
        .context("Discord did not answer within 15 s")??;
        Ok(info.id.get())
    })
}
