//! `studbot play`: a table in the terminal against computer players, through the same table
//! service, bank and renderer as Discord. Reads commands line by line from standard input, so a
//! test (or a pipe) can drive it; writes plain text to standard output.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;

use crate::bank::{Bank, EconomyConfig, GuildId, TableId, UserId};
use crate::lobby::computer::ComputerPlayers;
use crate::lobby::present::{self, NameOf};
use crate::lobby::{
    BankTableStore, DealingOutPace, Lobby, LobbyConfig, LobbyError, NoticeBody, TableMessage,
    TableSettings,
};
use crate::render::{self, Locale, for_terminal, tr};
use crate::table::{DEFAULT_MIX_HANDS, GameChoice};

mod choice;
mod commands;
mod computers;
mod event;
mod pace;
mod screen;
mod serve;
mod session;
mod table_args;
mod tournament;
mod words;

use computers::{Players, Seating, seat_computer_player};
use serve::serve;
use session::{Game, PlaySession};
pub use table_args::TableArgs;
use table_args::chips;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Players at the table, you included (2 to 8); with `--tournament --table-size`, players
    /// in the multi-table event.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(2..))]
    pub players: u32,
    #[arg(long)]
    pub seed: Option<u64>,
    /// The data directory your balance is kept in, its bank in `DIR/bank` (the same meaning
    /// in every subcommand; default: `studbot-data` in the current directory, made on first
    /// use). A directory that holds no bank yet is used only if it is empty, or with
    /// `--create`: a mistyped path is refused rather than dealt a new, empty bank.
    #[arg(long, conflicts_with = "store")]
    pub data: Option<PathBuf>,
    /// Keep your balance in this PostgreSQL database (`postgres://user@host/db`) instead.
    #[arg(long, value_name = "URL")]
    pub store: Option<String>,
    /// Start a new bank in `--data` when it holds none (and make the directory).
    #[arg(long, requires = "data")]
    pub create: bool,
    /// en, es or id.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// How well the computer players play: `easy` (for beginners) or `good` (by equity).
    #[arg(long, value_enum, default_value_t = crate::table::computer::ComputerLevel::Easy)]
    pub level: crate::table::computer::ComputerLevel,
    /// Seconds between hands.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=120))]
    pub between_hands: u32,
    /// Chips you sit down with (between `--min-buy-in` and `--max-buy-in`); with
    /// `--tournament`, each player's buy-in into the prize pool.
    #[arg(long, default_value_t = 200, value_parser = chips("buy_in"), allow_negative_numbers = true)]
    pub buy_in: u64,
    /// The game dealt: one of the three, or `mix` (Razz → Stud → Stud/8, switching every
    /// `--mix-hands` hands).
    #[arg(long, value_enum, default_value_t = GameChoice::Stud8)]
    pub game: GameChoice,
    /// With `--game mix`: hands of each game before the next.
    #[arg(long, default_value_t = DEFAULT_MIX_HANDS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(TableSettings::MAX_MIX_HANDS)))]
    pub mix_hands: u32,
    /// When everyone left is all-in: milliseconds each street's board stays up before the
    /// next street is dealt.
    #[arg(long, default_value_t = DealingOutPace::default().street_pause.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(0..=DealingOutPace::MAX_MS))]
    pub street_pause_ms: u64,
    /// When everyone left is all-in: milliseconds the board may wait for each player's
    /// equity (0 shows none).
    #[arg(long, default_value_t = DealingOutPace::default().equity_budget.as_millis() as u64,
          value_parser = clap::value_parser!(u64).range(0..=DealingOutPace::MAX_MS))]
    pub equity_budget_ms: u64,
    /// When typed lines are read: `at-once` (a person at a terminal: commands are answered
    /// at once, between hands too, and an action typed before your turn is dropped) or
    /// `at-your-turn` (a script: each line waits for the turn it was written for). Default:
    /// at once when standard input is a terminal, at your turn when it is piped.
    #[arg(long, value_enum)]
    pub input: Option<InputTiming>,
    /// A sit & go instead of a cash table: `--players` enter, `--buy-in` each into the prize
    /// pool, everyone starts with the structure's stack (`play::tournament`).
    #[arg(long, default_value_t = false)]
    pub tournament: bool,
    /// With `--tournament`: the structure (default `regular`).
    #[arg(long, value_enum)]
    pub structure: Option<crate::tournament::StructureKind>,
    /// With `--structure custom`: the levels, `ante/bring-in/small/big x hands` separated by
    /// commas (`2/3/10/20x12,3/5/15/30x12`), 30 big bets of the first level deep.
    #[arg(long, requires = "tournament")]
    pub levels: Option<String>,
    /// With `--tournament`: hands per level (by default 12 regular, 6 turbo).
    #[arg(long, requires = "tournament")]
    pub hands_per_level: Option<u32>,
    /// With `--tournament`: a multi-table event of `--players` at tables of this many seats
    /// (2 to 8, fewer than `--players`) instead of a sit & go (`play::event`).
    #[arg(long, requires = "tournament")]
    pub table_size: Option<u8>,
    #[command(flatten)]
    pub table: TableArgs,
}

/// When `studbot play` reads the lines typed on standard input.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputTiming {
    AtOnce,
    AtYourTurn,
}

impl PlayArgs {
    /// The table's settings: the game, the seats, the pause between hands, the stakes, the
    /// house rules and the clock from the arguments, the rest the defaults.
    fn settings(&self) -> TableSettings {
        self.table.apply(TableSettings {
            game: self.game,
            mix_hands: self.mix_hands,
            seats: u8::try_from(self.players).unwrap_or(u8::MAX),
            between_hands_secs: self.between_hands,
            ..TableSettings::default()
        })
    }

    fn pace(&self) -> DealingOutPace {
        DealingOutPace {
            street_pause: std::time::Duration::from_millis(self.street_pause_ms),
            equity_budget: std::time::Duration::from_millis(self.equity_budget_ms),
        }
    }

    /// What is wrong with the flags, said in `locale` where a player reads it, before
    /// anything else is printed or opened: the table's settings as `/table open` checks them,
    /// and the buy-in within the table's bounds.
    fn refusal(&self, locale: Locale) -> Option<String> {
        if self.structure.is_some() && !self.tournament {
            // The flags are written as typed, in every language.
            return Some(tr(
                locale,
                "play-structure-without-tournament",
                &[
                    ("structure", "--structure".into()),
                    ("tournament", "--tournament".into()),
                ],
            ));
        }
        if let Some(table_size) = self.table_size {
            return event::refusal(self.players, table_size, locale);
        }
        if self.players > 8 {
            return Some(tr(
                locale,
                "play-players-range",
                &[
                    ("players", self.players.into()),
                    ("flags", "--tournament --table-size".into()),
                ],
            ));
        }
        if self.tournament {
            return None;
        }
        let settings = self.settings();
        if let Err(error) = settings.validate() {
            return Some(render::tr_numbers(
                locale,
                error.message_id(),
                &error.message_args(),
            ));
        }
        if !(settings.min_buy_in..=settings.max_buy_in).contains(&self.buy_in) {
            let error = LobbyError::BuyInOutOfRange {
                min: settings.min_buy_in,
                max: settings.max_buy_in,
                amount: self.buy_in,
            };
            return Some(render::refusal(locale, &error, &name_of(locale)));
        }
        None
    }
}

/// The terminal's guild, table and players: you are player 1, the computer players 2 and up.
const GUILD: GuildId = GuildId(0);
const TABLE: TableId = TableId(1);
const YOU: UserId = UserId(1);
/// How long quitting lets the hand in progress finish (the table plays your turns, the
/// computer players answer at once) before it is cancelled and refunded.
const QUIT_GRACE: std::time::Duration = std::time::Duration::from_secs(10);

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let locale: Locale = args.lang.parse()?;
    // A wrong flag is said before anything else, and changes nothing: no bank is made.
    if let Some(refusal) = args.refusal(locale) {
        say(&refusal);
        return Ok(ExitCode::from(super::exit::CONFIGURATION));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    if let Some(table_size) = args.table_size {
        return runtime.block_on(event::play(&args, table_size, locale));
    }
    if args.tournament {
        return runtime.block_on(tournament::play(&args, locale));
    }
    runtime.block_on(play(args, locale))
}

/// Prints one message. A reader that has gone (`studbot play | head`) ends the game quietly:
/// every chip movement is already on disk, and a hand cut short is refunded at the next start.
fn say(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let plain = for_terminal(text);
    if let Err(error) = writeln!(out, "{}", super::terminal::colour_cards(&plain)) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("studbot: cannot write to standard output: {error}");
        std::process::exit(i32::from(super::exit::RESTART_MAY_CURE));
    }
}

/// At the terminal every player but you is a computer, shown with 🤖 as the channel shows
/// one: a sit & go's are the table's own, the cash table's buy in from balances as players
/// do (so their ids are players' ids, which `UserId::is_computer` does not know).
fn is_computer(user: UserId) -> bool {
    user != YOU
}

fn name_of(locale: Locale) -> impl Fn(UserId) -> String {
    move |user| {
        if user == YOU {
            tr(locale, "play-you", &[])
        } else if let Some(number) = user.computer_number() {
            format!("Bot {number}")
        } else {
            format!("Bot {}", user.0.saturating_sub(1))
        }
    }
}

async fn play(args: PlayArgs, locale: Locale) -> anyhow::Result<ExitCode> {
    let settings = args.settings();
    let (data, location) = play_location(&args)?;
    let (bank, lobby) = open(data.as_deref(), &location, lobby_config(&args, settings)).await?;
    let names = name_of(locale);
    let bots: Vec<UserId> = (2..=u64::from(args.players)).map(UserId).collect();

    let left_behind = close_left_table(&lobby, locale, &names).await?;
    tournament::stop_sit_and_go(&lobby).await?;
    let table = lobby.open_table(GUILD, TABLE, settings).await?;
    let mut notices = table.subscribe().await?;
    // Everyone sits down before the first hand is dealt.
    table.pause().await?;
    // Between hands this session seats broke computer players again (and sits them out when
    // you are broke): the table deals the next hand only once that is done, so that one seed
    // plays one game however fast the table deals (`serve`, `hand_done`).
    table.wait_for_each_hand_done().await?;

    say_welcome(&bank, &args, locale, bots.len(), data.as_deref()).await?;
    for text in left_behind {
        say(&text);
    }
    match table.join(YOU, args.buy_in).await {
        Ok(joined) => say(&tr(
            locale,
            "play-buy-in",
            &[("amount", joined.stack.into())],
        )),
        Err(error) => {
            say(&render::refusal(locale, &error, &names));
            table.close().await?;
            bank.shutdown().await?;
            return Ok(ExitCode::from(1));
        }
    }
    for bot in &bots {
        seat_computer_player(&table, &bank, *bot, settings.min_buy_in, args.buy_in).await?;
    }
    table.resume().await?;
    say_help(locale, "play-help", settings.action_timer_secs);

    let mut players = Players {
        computers: ComputerPlayers::at_level(
            bots.iter().copied(),
            args.level,
            args.seed.unwrap_or(0),
        ),
        next_bot: UserId(u64::from(args.players) + 1),
        seating: Seating {
            table: &table,
            bank: &bank,
            min_buy_in: settings.min_buy_in,
            buy_in: args.buy_in,
            leaving_after_hand: Vec::new(),
        },
    };
    let game = Game::Cash {
        buy_in: args.buy_in,
    };
    let mut session = PlaySession::new(locale, &table, &lobby, &bank, game, Box::new(names));
    serve(
        &mut session,
        Some(&mut players),
        &mut notices,
        args.timing(),
    )
    .await?;
    say_goodbye(&bank, locale).await?;
    Ok(ExitCode::SUCCESS)
}

impl PlayArgs {
    /// The data directory, and whether a new bank may be made there.
    fn data_dir(&self) -> (PathBuf, bool) {
        match &self.data {
            Some(data) => (data.clone(), self.create),
            None => (PathBuf::from("studbot-data"), true),
        }
    }

    fn timing(&self) -> InputTiming {
        self.input.unwrap_or(if std::io::stdin().is_terminal() {
            InputTiming::AtOnce
        } else {
            InputTiming::AtYourTurn
        })
    }
}

/// The lobby of the terminal: decks from `--seed`, the dealing-out pace of the flags, and a
/// sit & go's table with the cash table's timer, pause between hands and computer level.
/// Computer players of a sit & go act at once, as the cash table's do.
fn lobby_config(args: &PlayArgs, settings: TableSettings) -> LobbyConfig {
    LobbyConfig {
        deck_seed: args.seed,
        pace: args.pace(),
        sit_and_go_table: TableSettings {
            computer_level: args.level,
            ..settings
        },
        thinking: crate::lobby::computer::ThinkingTime {
            shortest: std::time::Duration::ZERO,
            longest: std::time::Duration::ZERO,
            forced: std::time::Duration::ZERO,
        },
        // The terminal shows every table it reopens: nothing to learn before dealing.
        hold_reopened: false,
        // Every guild of the bank: the terminal's one.
        serves: None,
    }
}

/// The words you can type, and the timer's rule, said once.
fn say_help(locale: Locale, help: &str, timer_secs: u32) {
    say(&tr(locale, help, &[]));
    say(&tr(
        locale,
        "play-timer-rule",
        &[("seconds", timer_secs.into())],
    ));
}

/// Your balance once you have left, and the bank shut down.
async fn say_goodbye(bank: &Bank, locale: Locale) -> anyhow::Result<()> {
    let balance = bank.balance(GUILD, YOU).await?;
    say(&tr(
        locale,
        "play-final-balance",
        &[("balance", balance.into())],
    ));
    say(&tr(locale, "play-bye", &[]));
    bank.shutdown().await?;
    Ok(())
}

/// A table left by an earlier run (stopped mid-hand) is closed first: its hand was refunded
/// when the bank opened, and closing cashes everyone out. Answers what it had left to say,
/// to be said after the welcome (not that it deals on: it is closed).
async fn close_left_table(
    lobby: &Lobby,
    locale: Locale,
    names: NameOf<'_>,
) -> anyhow::Result<Vec<String>> {
    let mut texts = Vec::new();
    let Ok(old) = lobby.table(TABLE) else {
        return Ok(texts);
    };
    if let Ok(mut notices) = old.subscribe().await {
        while let Ok(notice) = notices.try_recv() {
            match &notice.body {
                NoticeBody::Table(TableMessage::NextHandIn { .. }) => {}
                NoticeBody::Table(message) => {
                    texts.push(present::message_text(locale, message, names));
                }
                _ => {}
            }
        }
    }
    old.close().await?;
    Ok(texts)
}

/// The game, how many computer players, your balance before you buy in, and where it is
/// kept.
async fn say_welcome(
    bank: &Bank,
    args: &PlayArgs,
    locale: Locale,
    bots: usize,
    data: Option<&Path>,
) -> anyhow::Result<()> {
    let balance = bank.balance(GUILD, YOU).await?;
    say(&tr(
        locale,
        "play-welcome",
        &[
            (
                "game",
                render::hand_names::game_choice_name(locale, args.game, args.mix_hands).into(),
            ),
            ("bots", bots.into()),
            ("balance", balance.into()),
        ],
    ));
    if let Some(data) = data {
        say_data_dir(locale, data);
    }
    Ok(())
}

/// Where your balance is kept, so that a player knows what to keep (or what to delete).
fn say_data_dir(locale: Locale, data: &Path) {
    say(&tr(
        locale,
        "play-data-dir",
        &[("dir", format!("{}/", data.display()).into())],
    ));
}

/// Where `play` keeps the balance: `--store`'s database, or `--data`'s directory (by default
/// `studbot-data`, made on first use) and its sled bank.
pub(super) fn play_location(
    args: &PlayArgs,
) -> anyhow::Result<(Option<PathBuf>, crate::bank::StoreLocation)> {
    if let Some(url) = &args.store {
        return Ok((None, super::data_dir::database(url)?));
    }
    let (data, create) = args.data_dir();
    let bank_dir = super::data_dir::bank_to_play(&data, create)?;
    Ok((Some(data), crate::bank::StoreLocation::Sled(bank_dir)))
}

async fn open(
    data: Option<&Path>,
    location: &crate::bank::StoreLocation,
    config: LobbyConfig,
) -> anyhow::Result<(Bank, Lobby)> {
    // The terminal game's economy: one person plays the house's computers on their own machine.
    let bank = Bank::open_at(location, EconomyConfig::for_one_local_player())
        .await
        .with_context(|| format!("cannot open the bank in {location}"))?;
    // Table settings live in the bank; older versions kept them in `<data>/tables/`.
    let store = BankTableStore::new(bank.clone());
    if let Some(data) = data {
        crate::lobby::import_table_files(&data.join("tables"), &store)
            .await
            .map_err(anyhow::Error::msg)?;
    }
    let (lobby, _recovered) = Lobby::start(bank.clone(), Arc::new(store), config).await?;
    Ok((bank, lobby))
}
