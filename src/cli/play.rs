//! `studbot play`: a table in the terminal against computer players, through the same table
//! service, bank and renderer as Discord. Reads commands line by line from standard input, so a
//! test (or a pipe) can drive it; writes plain text to standard output.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, BufReader};

use crate::bank::{Bank, EconomyConfig, GuildId, TableId, UserId};
use crate::lobby::computer::ComputerPlayers;
use crate::lobby::present::{self, board_view, status_view};
use crate::lobby::{
    BankTableStore, DealingOutPace, Lobby, LobbyConfig, LobbyError, Notice, NoticeBody,
    PublicBoard, SeatStatus, ShutdownOutcome, TableHandle, TableMessage, TableSettings, TurnOffer,
};
use crate::render::{self, Locale, for_terminal, tr};
use crate::table::hand::{ActionKind, LegalAction, SeatState};
use crate::table::{DEFAULT_MIX_HANDS, GameChoice};

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// Players at the table, you included.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub players: u8,
    #[arg(long)]
    pub seed: Option<u64>,
    /// Where your balance is kept (default: `studbot-data` in the current directory).
    #[arg(long)]
    pub data: Option<PathBuf>,
    /// en, es or id.
    #[arg(long, default_value = "en")]
    pub lang: String,
    /// Seconds between hands.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=120))]
    pub between_hands: u32,
    /// Chips you sit down with (the table allows 100 to 1,000).
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
    runtime.block_on(play(args, locale))
}

fn say(text: &str) {
    println!("{}", for_terminal(text));
}

fn name_of(locale: Locale) -> impl Fn(UserId) -> String {
    move |user| {
        if user == YOU {
            tr(locale, "play-you", &[])
        } else {
            format!("Bot {}", user.0.saturating_sub(1))
        }
    }
}

async fn play(args: PlayArgs, locale: Locale) -> anyhow::Result<ExitCode> {
    let data = args
        .data
        .clone()
        .unwrap_or_else(|| PathBuf::from("studbot-data"));
    let (bank, lobby) = open(&data, args.seed).await?;
    let names = name_of(locale);
    let bots: Vec<UserId> = (2..=u64::from(args.players)).map(UserId).collect();

    // A table left by an earlier run (stopped mid-hand) is closed first: its hand was
    // refunded when the bank opened, and closing cashes everyone out.
    if let Ok(old) = lobby.table(TABLE) {
        if let Ok(mut notices) = old.subscribe().await {
            while let Ok(notice) = notices.try_recv() {
                if let NoticeBody::Table(message) = &notice.body {
                    say(&present::message_text(locale, message, &names));
                }
            }
        }
        old.close().await?;
    }
    let settings = TableSettings {
        game: args.game,
        mix_hands: args.mix_hands,
        seats: args.players,
        action_timer_secs: TableSettings::MAX_ACTION_TIMER_SECS,
        between_hands_secs: args.between_hands,
        ..TableSettings::default()
    };
    let table = lobby.open_table(GUILD, TABLE, settings).await?;
    let mut notices = table.subscribe().await?;
    // Everyone sits down before the first hand is dealt.
    table.pause().await?;

    let balance = bank.balance(GUILD, YOU).await?;
    say(&tr(
        locale,
        "play-welcome",
        &[
            (
                "game",
                render::hand_names::game_choice_name(locale, args.game, args.mix_hands).into(),
            ),
            ("bots", bots.len().into()),
            ("balance", balance.into()),
        ],
    ));
    match table.join(YOU, args.buy_in).await {
        Ok((_, stack)) => say(&tr(locale, "play-buy-in", &[("amount", stack.into())])),
        Err(error) => {
            say(&present::error_text(locale, &error, &names));
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

    let mut computers = ComputerPlayers::new(bots.iter().copied(), args.seed.unwrap_or(0));
    let mut session = Session {
        locale,
        table: table.clone(),
        lobby: lobby.clone(),
        stopped: None,
        bank: bank.clone(),
        offer: None,
        board: None,
        leaving: false,
        setting_up: true,
        names: Box::new(names),
    };
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut input_open = true;
    loop {
        let wants_input = input_open && session.wants_input().await?;
        tokio::select! {
            notice = notices.recv() => {
                let Some(notice) = notice else { break };
                if let Some(offer) = computers.observe(&notice) {
                    let offer = offer.clone();
                    let _ = computers.answer(&table, &offer).await;
                    continue;
                }
                if session.show(&notice).await? {
                    break;
                }
            }
            line = lines.next_line(), if wants_input => {
                match line? {
                    Some(line) => session.command(line.trim()).await?,
                    None => {
                        input_open = false;
                        session.quit().await?;
                    }
                }
                if session.leaving && !table.is_open() {
                    break;
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
    let balance = bank.balance(GUILD, YOU).await?;
    say(&tr(
        locale,
        "play-final-balance",
        &[("balance", balance.into())],
    ));
    say(&tr(locale, "play-bye", &[]));
    bank.shutdown().await?;
    Ok(ExitCode::SUCCESS)
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

async fn open(data: &Path, seed: Option<u64>) -> anyhow::Result<(Bank, Lobby)> {
    let bank = Bank::open(data, EconomyConfig::default())
        .await
        .with_context(|| format!("cannot open the bank in {}", data.display()))?;
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
            pace: DealingOutPace::default(),
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

struct Session {
    locale: Locale,
    table: TableHandle,
    lobby: Lobby,
    /// After quitting: the lobby's shutdown of the table, once the hand in progress ended.
    stopped: Option<tokio::sync::oneshot::Receiver<ShutdownOutcome>>,
    bank: Bank,
    /// Your turn, while it is open.
    offer: Option<TurnOffer>,
    board: Option<PublicBoard>,
    /// You asked to quit and are waiting to be cashed out.
    leaving: bool,
    /// Players are being seated (the table is paused meanwhile; that is not news).
    setting_up: bool,
    names: Box<dyn Fn(UserId) -> String + Send>,
}

/// One word the player typed, understood.
enum Command {
    Help,
    Quit,
    Cards,
    Board,
    Status,
    Balance,
    TopUp,
    /// The last hand, or hand N, told from the bank's history.
    History(Option<u64>),
    Action(Wish),
}

/// What a player means by an action word; the amounts follow from what is offered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Wish {
    Check,
    Call,
    Fold,
    Bet,
    Raise,
    BringIn,
    Complete,
    /// The big amount on a fourth street with an open pair (`open_pair_big_bet`).
    BetBig,
    RaiseBig,
}

/// Understands what a player types, in any of the three languages: the English words (as
/// Indonesian players also say them), the Spanish words players say at the table ("paso",
/// "veo", "no voy", "subo", …) and the infinitives the buttons show, and a few aliases.
/// `play-help` in each `lobby.ftl` shows them.
fn parse(line: &str) -> Option<Command> {
    let lowered = line.to_lowercase();
    let words: Vec<&str> = lowered.split_whitespace().collect();
    if let ["history" | "historial" | "riwayat", rest @ ..] = words.as_slice() {
        return match rest {
            [] => Some(Command::History(None)),
            [number] => Some(Command::History(Some(
                number.trim_start_matches('#').parse().ok()?,
            ))),
            _ => None,
        };
    }
    let command = match words.join(" ").as_str() {
        "help" | "h" | "?" | "ayuda" | "bantuan" => Command::Help,
        "quit" | "q" | "exit" | "salir" | "keluar" => Command::Quit,
        "cards" | "cartas" | "kartu" => Command::Cards,
        "board" | "mesa" | "meja" => Command::Board,
        "status" | "estado" => Command::Status,
        "balance" | "saldo" => Command::Balance,
        "topup" | "top-up" | "top up" | "recargar" | "isi" | "isi ulang" => Command::TopUp,
        "k" | "x" | "check" | "paso" | "pasar" | "cek" => Command::Action(Wish::Check),
        "c" | "call" | "veo" | "voy" | "igualo" | "igualar" | "ver" | "ikut" => {
            Command::Action(Wish::Call)
        }
        "f" | "fold" | "me retiro" | "no voy" | "retirarse" | "tirar" | "lipat" => {
            Command::Action(Wish::Fold)
        }
        "b" | "bet" | "apuesto" | "apostar" | "pasang" | "taruh" => Command::Action(Wish::Bet),
        "r" | "raise" | "subo" | "subir" | "naik" | "naikkan" => Command::Action(Wish::Raise),
        "bring-in" | "bringin" | "bi" => Command::Action(Wish::BringIn),
        "complete" | "co" | "completo" | "completar" | "lengkapi" => {
            Command::Action(Wish::Complete)
        }
        "bet-big" | "bet big" | "bb" => Command::Action(Wish::BetBig),
        "raise-big" | "raise big" | "rb" => Command::Action(Wish::RaiseBig),
        _ => return None,
    };
    Some(command)
}

/// The offered action a wish stands for. "c" calls, or checks when nothing is to call, or
/// posts the bring-in when that is the cheapest way in;
/// "b" and "r" put in the one bet, raise or completion offered (the small amount when an open
/// pair offers both; the big one once the round went big); "bb" and "rb" the big amount.
fn choose(wish: Wish, legal: &[LegalAction]) -> Option<ActionKind> {
    let offered = |kind: ActionKind| legal.iter().any(|action| action.kind == kind);
    let first_of = |kinds: &[ActionKind]| kinds.iter().copied().find(|kind| offered(*kind));
    match wish {
        Wish::Check => first_of(&[ActionKind::Check]),
        Wish::Call => first_of(&[ActionKind::Call, ActionKind::Check, ActionKind::BringIn]),
        Wish::Fold => first_of(&[ActionKind::Fold]),
        Wish::Bet | Wish::Raise => first_of(&[
            if wish == Wish::Bet {
                ActionKind::Bet
            } else {
                ActionKind::Raise
            },
            ActionKind::Bet,
            ActionKind::Raise,
            ActionKind::Complete,
            ActionKind::RaiseBig,
        ]),
        Wish::BringIn => first_of(&[ActionKind::BringIn]),
        Wish::Complete => first_of(&[ActionKind::Complete]),
        Wish::BetBig | Wish::RaiseBig => first_of(&[ActionKind::BetBig, ActionKind::RaiseBig]),
    }
}

impl Session {
    fn name(&self, user: UserId) -> String {
        (self.names)(user)
    }

    fn options(&self) -> String {
        self.offer.as_ref().map_or_else(String::new, |offer| {
            render::action_options(self.locale, &offer.legal)
        })
    }

    /// Shows a notice meant for you or for everyone. Returns true when the session is over.
    async fn show(&mut self, notice: &Notice) -> anyhow::Result<bool> {
        let locale = self.locale;
        match &notice.body {
            NoticeBody::Board(board) => {
                if self.offer.as_ref().is_some_and(|offer| {
                    (offer.hand, offer.action_seq) != (board.hand, board.action_seq)
                }) {
                    self.offer = None;
                }
                let view = board_view(board, &|user| self.name(user));
                say(&render::board(locale, &view));
                self.board = Some((**board).clone());
            }
            NoticeBody::Cards(cards) if cards.user == YOU => {
                say(&render::private_hand(locale, cards.hand, &cards.view));
            }
            NoticeBody::YourTurn(offer) if offer.user == YOU => {
                say(&render::your_turn(locale, &present::turn_prompt(offer)));
                self.offer = Some((**offer).clone());
                self.prompt();
            }
            NoticeBody::HandResult(summary) => {
                self.offer = None;
                let view = present::result_view(summary, &|user| self.name(user));
                say(&render::results(locale, &view));
                let busted = summary
                    .outcomes
                    .iter()
                    .any(|outcome| outcome.user == YOU && outcome.end == 0);
                if busted && !self.leaving {
                    say(&tr(locale, "play-busted", &[]));
                }
            }
            // `play` seats everyone itself: the channel's "use /join to sit down" does not apply.
            NoticeBody::Table(TableMessage::Opened { .. }) => {}
            NoticeBody::Table(TableMessage::Paused) if self.setting_up => {}
            // Once you quit, the table closes instead of dealing the hand it announces.
            NoticeBody::Table(TableMessage::NextHandIn { .. }) if self.leaving => {}
            NoticeBody::Table(TableMessage::Resumed) if self.setting_up => {
                self.setting_up = false;
            }
            // What happens to you is told to you ("You leave the table"), not about you.
            NoticeBody::Table(TableMessage::Joined { user, .. }) if *user == YOU => {}
            NoticeBody::Table(TableMessage::LeavingAfterHand { user }) if *user == YOU => {
                say(&tr(locale, "play-leaving-after-hand", &[]));
            }
            NoticeBody::Table(TableMessage::Left { user, cashed_out }) if *user == YOU => {
                say(&tr(
                    locale,
                    "play-cashed-out",
                    &[("amount", (*cashed_out).into())],
                ));
            }
            NoticeBody::Table(message) => {
                say(&present::message_text(locale, message, &|user| {
                    self.name(user)
                }));
                if let TableMessage::Closed { .. } = message {
                    return Ok(true);
                }
            }
            NoticeBody::Error { user, error } if *user == YOU => {
                say(&present::error_text(locale, error, &|user| self.name(user)));
            }
            _ => {}
        }
        Ok(false)
    }

    /// Whether to read your next line now. Lines are read when it is your turn, or when no
    /// turn of yours is coming (you are out of chips, alone, or leaving); otherwise they wait,
    /// so typing ahead (or a script on standard input) meets the turn it was meant for.
    async fn wants_input(&self) -> anyhow::Result<bool> {
        if self.offer.is_some() {
            return Ok(true);
        }
        if self.leaving {
            return Ok(false);
        }
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(false),
            Err(error) => return Err(error.into()),
        };
        let Some(me) = status.seats.iter().find(|seat| seat.user == YOU) else {
            return Ok(true);
        };
        if let (Some(board), Some(seat)) = (&status.board, me.hand_seat) {
            let still_to_act = board
                .view
                .seats
                .get(seat)
                .is_some_and(|public| public.state == SeatState::Active);
            if still_to_act {
                return Ok(false);
            }
        }
        let others_ready = status
            .seats
            .iter()
            .filter(|seat| seat.user != YOU && seat.status == SeatStatus::Playing && seat.stack > 0)
            .count();
        let next_hand_is_mine =
            me.status == SeatStatus::Playing && me.stack > 0 && others_ready > 0 && !status.paused;
        Ok(!next_hand_is_mine)
    }

    fn prompt(&self) {
        say(&tr(
            self.locale,
            "play-prompt",
            &[("options", self.options().into())],
        ));
    }

    async fn command(&mut self, line: &str) -> anyhow::Result<()> {
        if line.is_empty() {
            if self.offer.is_some() {
                self.prompt();
            }
            return Ok(());
        }
        let locale = self.locale;
        let Some(command) = parse(line) else {
            say(&tr(locale, "play-unknown-word", &[("input", line.into())]));
            if self.offer.is_some() {
                self.prompt();
            }
            return Ok(());
        };
        match command {
            Command::Help => say(&tr(locale, "play-help", &[])),
            Command::Quit => self.quit().await?,
            Command::Cards => match self.table.show_cards(YOU).await {
                Ok(cards) => say(&render::private_hand(locale, cards.hand, &cards.view)),
                Err(error) => self.refused(&error),
            },
            Command::Board => match &self.board {
                Some(board) => {
                    let view = board_view(board, &|user| self.name(user));
                    say(&render::board(locale, &view));
                }
                None => say(&tr(locale, "play-waiting", &[])),
            },
            Command::Status => {
                let status = self.table.status().await?;
                let view = status_view(&status, &|user| self.name(user));
                say(&render::table_status(locale, &view));
            }
            Command::Balance => {
                let balance = self.bank.balance(GUILD, YOU).await?;
                let status = self.table.status().await?;
                let stack = status
                    .seats
                    .iter()
                    .find(|seat| seat.user == YOU)
                    .map_or(0, |seat| seat.stack);
                say(&tr(
                    locale,
                    "play-balance",
                    &[("balance", balance.into()), ("stack", stack.into())],
                ));
            }
            Command::History(hand) => match self.lobby.hand_history(TABLE, hand).await? {
                Some(history) => {
                    let names: Vec<String> = history
                        .players
                        .iter()
                        .map(|user| self.name(*user))
                        .collect();
                    let view = render::HistoryView::new(
                        history.hand,
                        history.game,
                        history.stakes,
                        &names,
                        &history.starting_stacks,
                        &history.events,
                    );
                    say(&render::history(locale, &view));
                }
                None => say(&tr(locale, "bot-no-history", &[])),
            },
            Command::TopUp => {
                let status = self.table.status().await?;
                let stack = status
                    .seats
                    .iter()
                    .find(|seat| seat.user == YOU)
                    .map_or(0, |seat| seat.stack);
                let target = status.settings.min_buy_in.max(200);
                let amount = target.saturating_sub(stack).max(1);
                match self.table.top_up(YOU, amount).await {
                    Ok(stack) => say(&tr(locale, "play-topped-up", &[("stack", stack.into())])),
                    Err(error) => self.refused(&error),
                }
            }
            Command::Action(wish) => {
                let Some(offer) = self.offer.clone() else {
                    say(&tr(locale, "play-not-now", &[]));
                    return Ok(());
                };
                let Some(kind) = choose(wish, &offer.legal) else {
                    say(&tr(
                        locale,
                        "play-bad-input",
                        &[("input", line.into()), ("options", self.options().into())],
                    ));
                    return Ok(());
                };
                match self
                    .table
                    .act(YOU, offer.hand, offer.action_seq, kind)
                    .await
                {
                    Ok(_) => self.offer = None,
                    Err(error) => self.refused(&error),
                }
            }
        }
        Ok(())
    }

    fn refused(&self, error: &LobbyError) {
        say(&present::error_text(self.locale, error, &|user| {
            self.name(user)
        }));
    }

    /// Leaves the table (after the hand in progress, which the table finishes for you) and
    /// has the lobby stop it: no new hand starts, and the hand in progress may finish within
    /// `QUIT_GRACE`, else it is cancelled and refunded. Then the table closes, cashing the
    /// computer players out too.
    async fn quit(&mut self) -> anyhow::Result<()> {
        if self.leaving {
            return Ok(());
        }
        self.leaving = true;
        self.offer = None;
        match self.table.leave(YOU).await {
            Ok(_) | Err(LobbyError::NotSeated) => {}
            Err(error) => return Err(error.into()),
        }
        // In a task: the hand goes on meanwhile, driven by the session's loop.
        let (done, stopped) = tokio::sync::oneshot::channel();
        let lobby = self.lobby.clone();
        tokio::spawn(async move {
            let outcome = lobby
                .shutdown(QUIT_GRACE)
                .await
                .into_iter()
                .find(|(table, _)| *table == TABLE)
                .and_then(|(_, outcome)| outcome.ok())
                .unwrap_or(ShutdownOutcome::Idle);
            let _ = done.send(outcome);
        });
        self.stopped = Some(stopped);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(kinds: &[ActionKind]) -> Vec<LegalAction> {
        kinds
            .iter()
            .map(|kind| LegalAction {
                kind: *kind,
                chips: 5,
                total: 5,
                all_in: false,
            })
            .collect()
    }

    #[test]
    fn call_word_checks_when_nothing_is_to_call() {
        let free = legal(&[ActionKind::Check, ActionKind::Bet]);
        assert_eq!(choose(Wish::Call, &free), Some(ActionKind::Check));
        let facing = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(choose(Wish::Call, &facing), Some(ActionKind::Call));
    }

    #[test]
    fn bet_and_raise_words_take_the_aggressive_action_offered() {
        let third = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Complete]);
        assert_eq!(choose(Wish::Raise, &third), Some(ActionKind::Complete));
        let facing = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(choose(Wish::Bet, &facing), Some(ActionKind::Raise));
        assert_eq!(choose(Wish::Check, &facing), None);
    }

    #[test]
    fn big_words_take_the_big_amount_and_plain_words_the_small_one() {
        let choice = legal(&[ActionKind::Check, ActionKind::Bet, ActionKind::BetBig]);
        assert_eq!(choose(Wish::Bet, &choice), Some(ActionKind::Bet));
        assert_eq!(choose(Wish::BetBig, &choice), Some(ActionKind::BetBig));
        let facing = legal(&[
            ActionKind::Fold,
            ActionKind::Call,
            ActionKind::Raise,
            ActionKind::RaiseBig,
        ]);
        assert_eq!(choose(Wish::Raise, &facing), Some(ActionKind::Raise));
        assert_eq!(choose(Wish::RaiseBig, &facing), Some(ActionKind::RaiseBig));
        let gone_big = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::RaiseBig]);
        assert_eq!(choose(Wish::Raise, &gone_big), Some(ActionKind::RaiseBig));
        assert_eq!(choose(Wish::BetBig, &facing[..3]), None);
        for (word, wish) in [("bet-big", Wish::BetBig), ("rb", Wish::RaiseBig)] {
            assert!(
                matches!(parse(word), Some(Command::Action(parsed)) if parsed == wish),
                "{word}"
            );
        }
    }

    #[test]
    fn words_are_understood_in_every_language() {
        for (word, wish) in [
            ("K", Wish::Check),
            ("check", Wish::Check),
            ("paso", Wish::Check),
            ("pasar", Wish::Check),
            ("cek", Wish::Check),
            ("call", Wish::Call),
            ("veo", Wish::Call),
            ("voy", Wish::Call),
            ("Igualo", Wish::Call),
            ("igualar", Wish::Call),
            ("ikut", Wish::Call),
            ("fold", Wish::Fold),
            ("me retiro", Wish::Fold),
            ("  no   voy ", Wish::Fold),
            ("retirarse", Wish::Fold),
            ("bet", Wish::Bet),
            ("apuesto", Wish::Bet),
            ("pasang", Wish::Bet),
            ("raise", Wish::Raise),
            ("subo", Wish::Raise),
            ("subir", Wish::Raise),
            ("naik", Wish::Raise),
            ("naikkan", Wish::Raise),
            ("bring-in", Wish::BringIn),
            ("completo", Wish::Complete),
            ("completar", Wish::Complete),
            ("complete", Wish::Complete),
        ] {
            assert!(
                matches!(parse(word), Some(Command::Action(parsed)) if parsed == wish),
                "{word}"
            );
        }
        assert!(parse("dance").is_none());
        assert!(parse("no").is_none());
        assert!(parse("me retiro ya").is_none());
    }

    #[test]
    fn history_takes_an_optional_hand_number_in_every_language() {
        assert!(matches!(parse("history"), Some(Command::History(None))));
        assert!(matches!(
            parse("historial #3"),
            Some(Command::History(Some(3)))
        ));
        assert!(matches!(
            parse("riwayat 12"),
            Some(Command::History(Some(12)))
        ));
        assert!(parse("history three").is_none());
        assert!(parse("history 1 2").is_none());
    }
}
