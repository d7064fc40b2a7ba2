//! `studbot play`: a table in the terminal against computer players, through the same table
//! service, bank and renderer as Discord. Reads commands line by line from standard input, so a
//! test (or a pipe) can drive it; writes plain text to standard output.

use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::bank::{Bank, EconomyConfig, GuildId, TableId, UserId};
use crate::lobby::computer::ComputerPlayers;
use crate::lobby::present::{self, NameOf};
use crate::lobby::{
    BankTableStore, DealingOutPace, Departure, Lobby, LobbyConfig, LobbyError, NoticeBody,
    NoticeReceiver, ShutdownOutcome, TableHandle, TableMessage, TableSettings, TableStatus,
};
use crate::render::{self, Locale, for_terminal, tr};
use crate::table::{DEFAULT_MIX_HANDS, GameChoice};

mod pace;
mod session;
mod table_args;
mod tournament;
mod words;

use session::PlaySession;
pub use table_args::TableArgs;

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Players at the table, you included.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    #[arg(long)]
    pub seed: Option<u64>,
    /// The data directory your balance is kept in, its bank in `DIR/bank` (the same meaning
    /// in every subcommand; default: `studbot-data` in the current directory, made on first
    /// use). A directory that holds no bank yet is used only if it is empty, or with
    /// `--create`: a mistyped path is refused rather than dealt a new, empty bank.
    #[arg(long)]
    pub data: Option<PathBuf>,
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
    /// Chips you sit down with (between `--min-buy-in` and `--max-buy-in`).
    #[arg(long, default_value_t = 200)]
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
    /// With `--tournament`: the structure (`custom` takes `--levels`).
    #[arg(long, value_enum, default_value_t = crate::tournament::StructureKind::Regular, requires = "tournament")]
    pub structure: crate::tournament::StructureKind,
    /// With `--structure custom`: the levels, `ante/bring-in/small/big x hands` separated by
    /// commas (`2/3/10/20x12,3/5/15/30x12`), 30 big bets of the first level deep.
    #[arg(long, requires = "tournament")]
    pub levels: Option<String>,
    /// With `--tournament`: hands per level (by default 12 regular, 6 turbo).
    #[arg(long, requires = "tournament")]
    pub hands_per_level: Option<u32>,
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
            seats: self.players,
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
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
    // Checked as /table open checks them, before the bank is opened or anything is said.
    let settings = args.settings();
    if let Err(error) = settings.validate() {
        say(&render::tr_numbers(
            locale,
            error.message_id(),
            &error.message_args(),
        ));
        return Ok(ExitCode::from(super::exit::CONFIGURATION));
    }
    let (data, create) = match &args.data {
        Some(data) => (data.clone(), args.create),
        None => (PathBuf::from("studbot-data"), true),
    };
    let bank_dir = super::data_dir::bank_to_play(&data, create)?;
    let (bank, lobby) = open(&data, &bank_dir, args.seed, args.pace()).await?;
    let names = name_of(locale);
    let bots: Vec<UserId> = (2..=u64::from(args.players)).map(UserId).collect();

    close_left_table(&lobby, locale, &names).await?;
    let table = lobby.open_table(GUILD, TABLE, settings).await?;
    let mut notices = table.subscribe().await?;
    // Everyone sits down before the first hand is dealt.
    table.pause().await?;

    say_welcome(&bank, &args, locale, bots.len()).await?;
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
    say(&tr(locale, "play-help", &[]));

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
    let mut session = PlaySession::new(locale, &table, &lobby, &bank, Box::new(names));
    let timing = args.input.unwrap_or(if std::io::stdin().is_terminal() {
        InputTiming::AtOnce
    } else {
        InputTiming::AtYourTurn
    });
    serve(&mut session, &mut players, &mut notices, timing).await?;
    say_goodbye(&bank, locale).await?;
    Ok(ExitCode::SUCCESS)
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
/// when the bank opened, and closing cashes everyone out. What it had left to say is said.
async fn close_left_table(lobby: &Lobby, locale: Locale, names: NameOf<'_>) -> anyhow::Result<()> {
    let Ok(old) = lobby.table(TABLE) else {
        return Ok(());
    };
    if let Ok(mut notices) = old.subscribe().await {
        while let Ok(notice) = notices.try_recv() {
            if let NoticeBody::Table(message) = &notice.body {
                say(&present::message_text(locale, message, names));
            }
        }
    }
    old.close().await?;
    Ok(())
}

/// The game, how many computer players, and your balance before you buy in.
async fn say_welcome(
    bank: &Bank,
    args: &PlayArgs,
    locale: Locale,
    bots: usize,
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
    Ok(())
}

/// The computer players at the table, and where they sit down again.
struct Players<'a> {
    computers: ComputerPlayers,
    /// The user a new computer player is given.
    next_bot: UserId,
    seating: Seating<'a>,
}

/// The session until it ends: each notice shown (a computer player's turn answered), each
/// line you type read when `timing` says, and the table closed once the lobby has stopped it
/// after you quit.
async fn serve(
    session: &mut PlaySession,
    players: &mut Players<'_>,
    notices: &mut NoticeReceiver,
    timing: InputTiming,
) -> anyhow::Result<()> {
    let table = session.table.clone();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut input_open = true;
    // A script's next line (`None`: its end), read ahead so that a `pre` line is taken
    // before your turn and any other line at it.
    let mut ahead: Option<Option<String>> = None;
    loop {
        if let Some(line) = ahead.take() {
            if session.script_line_due(line.as_deref()).await? {
                if take_line(session, line, &mut input_open).await? {
                    return Ok(());
                }
                continue;
            }
            ahead = Some(line);
        }
        let wants_input = input_open && ahead.is_none();
        tokio::select! {
            notice = notices.recv() => {
                let Some(notice) = notice else { return Ok(()) };
                if let Some(offer) = players.computers.observe(&notice) {
                    let offer = offer.clone();
                    // A script's lines due before this answer are taken first (a `pre` line
                    // while someone else is to act), whatever the pipe's timing: the same
                    // script plays the same game.
                    if timing == InputTiming::AtYourTurn && input_open {
                        if ahead.is_none() {
                            ahead = Some(lines.next_line().await?);
                        }
                        while let Some(line) = ahead.take() {
                            if !session.script_line_due(line.as_deref()).await? {
                                ahead = Some(line);
                                break;
                            }
                            if take_line(session, line, &mut input_open).await? {
                                return Ok(());
                            }
                            if input_open {
                                ahead = Some(lines.next_line().await?);
                            }
                        }
                    }
                    let _ = players.computers.answer(&table, &offer).await;
                    continue;
                }
                if session.show(&notice).await? {
                    return Ok(());
                }
                if session.leaving {
                    continue;
                }
                match &notice.body {
                    NoticeBody::HandResult(_) => {
                        players.seating.reseat_broke(&mut players.computers, &mut players.next_bot).await?;
                    }
                    NoticeBody::Table(TableMessage::Left { user, .. }) => {
                        players.seating.left(*user, &mut players.computers, &mut players.next_bot).await?;
                    }
                    _ => {}
                }
            }
            line = lines.next_line(), if wants_input => {
                let line = line?;
                if timing == InputTiming::AtYourTurn {
                    ahead = Some(line);
                } else if take_line(session, line, &mut input_open).await? {
                    return Ok(());
                }
            }
            stopped = wait_for(&mut session.stopped), if session.stopped.is_some() => {
                session.stopped = None;
                if let Ok(ShutdownOutcome::CancelFailed { reason, .. }) = stopped {
                    say(&reason);
                }
                // Everyone still seated is cashed out; the Closed notice ends the session.
                match table.close().await {
                    Ok(_) | Err(LobbyError::TableClosed { .. }) => {}
                    Err(error) => return Err(error.into()),
                }
            }
        }
    }
}

/// Takes a line you typed (`None`: the input ended, which quits). Returns whether the
/// session is over: you left and the table is closed.
async fn take_line(
    session: &mut PlaySession,
    line: Option<String>,
    input_open: &mut bool,
) -> anyhow::Result<bool> {
    match line {
        Some(line) => session.command(line.trim()).await?,
        None => {
            *input_open = false;
            session.quit().await?;
        }
    }
    Ok(session.leaving && !session.table.is_open())
}

/// The outcome of the lobby's shutdown of the table, once it has one.
async fn wait_for(
    stopped: &mut Option<tokio::sync::oneshot::Receiver<ShutdownOutcome>>,
) -> Result<ShutdownOutcome, LobbyError> {
    match stopped {
        Some(receiver) => receiver
            .await
            .map_err(|_| LobbyError::TableClosed { table: TABLE }),
        None => std::future::pending().await,
    }
}

async fn open(
    data: &Path,
    bank_dir: &Path,
    seed: Option<u64>,
    pace: DealingOutPace,
) -> anyhow::Result<(Bank, Lobby)> {
    let bank = Bank::open(bank_dir, EconomyConfig::default())
        .await
        .with_context(|| format!("cannot open the bank in {}", bank_dir.display()))?;
    // Table settings live in the bank; older versions kept them in `<data>/tables/`.
    let store = BankTableStore::new(bank.clone());
    crate::lobby::import_table_files(&data.join("tables"), &store)
        .await
        .map_err(anyhow::Error::msg)?;
    let (lobby, _recovered) = Lobby::start(
        bank.clone(),
        Arc::new(store),
        LobbyConfig {
            deck_seed: seed,
            pace,
            ..LobbyConfig::default()
        },
    )
    .await?;
    Ok((bank, lobby))
}

/// Seats a computer player; one whose balance has run too low is given nothing and skipped.
async fn seat_computer_player(
    table: &TableHandle,
    bank: &Bank,
    bot: UserId,
    min_buy_in: u64,
    buy_in: u64,
) -> anyhow::Result<()> {
    let balance = bank.balance(GUILD, bot).await?;
    let amount = buy_in.min(balance);
    if amount < min_buy_in {
        return Ok(());
    }
    match table.join(bot, amount).await {
        Ok(_) | Err(LobbyError::AlreadySeated) => Ok(()),
        Err(error) => Err(error.into()),
    }
}

/// Where computer players sit down, and with what.
struct Seating<'a> {
    table: &'a TableHandle,
    bank: &'a Bank,
    min_buy_in: u64,
    buy_in: u64,
    /// Broke computer players told to leave while a hand was being played: each sits down
    /// again once the table says it has gone.
    leaving_after_hand: Vec<UserId>,
}

/// The computer players who are broke: seated with no chips and not dealt into the hand in
/// progress. The table's answer can be of a later hand than the result that asked, and a
/// computer all-in in that hand also has no chips behind: it is not broke, its hand decides.
fn broke_computers(status: &TableStatus, computers: &ComputerPlayers) -> Vec<UserId> {
    status
        .seats
        .iter()
        .filter(|seat| seat.stack == 0 && seat.hand_seat.is_none() && computers.plays(seat.user))
        .map(|seat| seat.user)
        .collect()
}

impl Seating<'_> {
    /// A computer player left with no chips buys in again, so that a long game goes on: it
    /// leaves its empty seat and sits down anew with a fresh buy-in from its balance; one
    /// whose balance cannot pay a buy-in is replaced by a new computer player, who starts
    /// with the starting balance as every new player does.
    async fn reseat_broke(
        &mut self,
        computers: &mut ComputerPlayers,
        next_bot: &mut UserId,
    ) -> anyhow::Result<()> {
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(()),
            Err(error) => return Err(error.into()),
        };
        for bot in broke_computers(&status, computers) {
            if self.leaving_after_hand.contains(&bot) {
                continue;
            }
            match self.table.leave(bot).await {
                Ok(Departure::CashedOut(_) | Departure::SeatRequestWithdrawn)
                | Err(LobbyError::NotSeated) => {}
                // Its chair is free only once the hand ends: it sits down when it has left.
                Ok(Departure::AfterHand) => {
                    self.leaving_after_hand.push(bot);
                    continue;
                }
                Err(LobbyError::TableClosed { .. }) => return Ok(()),
                Err(error) => return Err(error.into()),
            }
            self.buy_in_again(bot, computers, next_bot).await?;
        }
        Ok(())
    }

    /// `user` has left the table: a broke computer player that waited for the hand to end
    /// sits down again now.
    async fn left(
        &mut self,
        user: UserId,
        computers: &mut ComputerPlayers,
        next_bot: &mut UserId,
    ) -> anyhow::Result<()> {
        let Some(at) = self.leaving_after_hand.iter().position(|bot| *bot == user) else {
            return Ok(());
        };
        self.leaving_after_hand.remove(at);
        self.buy_in_again(user, computers, next_bot).await
    }

    /// Seats `bot` anew from its balance, or a new computer player when that cannot pay.
    async fn buy_in_again(
        &mut self,
        bot: UserId,
        computers: &mut ComputerPlayers,
        next_bot: &mut UserId,
    ) -> anyhow::Result<()> {
        let bot = if self.bank.balance(GUILD, bot).await? >= self.min_buy_in {
            bot
        } else {
            let replacement = *next_bot;
            *next_bot = UserId(replacement.0.saturating_add(1));
            computers.add(replacement);
            replacement
        };
        seat_computer_player(self.table, self.bank, bot, self.min_buy_in, self.buy_in).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lobby::{SeatInfo, SeatStatus, SitOutReason};

    fn seat(chair: u8, user: UserId, stack: u64, hand_seat: Option<usize>) -> SeatInfo {
        SeatInfo {
            chair,
            user,
            stack,
            status: SeatStatus::Playing,
            hand_seat,
            away: false,
        }
    }

    fn status(hand_in_progress: bool, seats: Vec<SeatInfo>) -> TableStatus {
        TableStatus {
            guild: GUILD,
            table: TABLE,
            settings: TableSettings::default(),
            pending_settings: None,
            paused: false,
            stopping: false,
            hand: 10,
            hand_in_progress,
            settling: false,
            seats,
            board: None,
        }
    }

    /// A result can be read after the next hand was dealt: a computer all-in for that
    /// hand's ante has no chips behind, and was taken for broke, told to leave after the
    /// hand and refused its new seat (still seated): it left for good and the game stopped.
    #[test]
    fn a_computer_all_in_in_the_hand_being_played_is_not_taken_for_broke() {
        let (bot, other) = (UserId(2), UserId(3));
        let computers = ComputerPlayers::new([bot, other], 1);
        let all_in = status(
            true,
            vec![
                seat(0, YOU, 190, Some(0)),
                seat(1, bot, 0, Some(1)),
                seat(2, other, 90, Some(2)),
            ],
        );
        assert_eq!(broke_computers(&all_in, &computers), Vec::<UserId>::new());

        let mut busted = seat(1, bot, 0, None);
        busted.status = SeatStatus::SittingOut {
            reason: SitOutReason::Busted,
        };
        let sitting_out = status(
            true,
            vec![
                seat(0, YOU, 190, Some(0)),
                busted,
                seat(2, other, 90, Some(1)),
            ],
        );
        assert_eq!(broke_computers(&sitting_out, &computers), vec![bot]);
        // You are never reseated, broke or not.
        let between_hands = status(false, vec![seat(0, YOU, 0, None), seat(1, bot, 0, None)]);
        assert_eq!(broke_computers(&between_hands, &computers), vec![bot]);
    }
}
