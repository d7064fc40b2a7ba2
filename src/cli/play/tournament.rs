//! `studbot play --tournament`: a sit & go at the terminal against computer players, dealt by
//! the same table service as a Discord sit & go, so it reads like the cash table: the level
//! before each hand, the board when its cards change, every action (the computer players'
//! too) in one line, the all-in runout street by street with equities, the seats in their
//! order, each player out and the hand that put them out, and at the end every place and
//! payout. You and the computer players register through the bank (the buy-ins go into the
//! prize pool; a computer player's come from the house, which the mint fills when it holds
//! too little, and its payout goes back there); the table records each hand in the bank with
//! its public history (so `history` tells it as `/history` does, the last hand included once
//! the sit & go is over), and the hand that leaves one player with every chip pays the prize
//! pool to the balances. Quitting (or closing the input) stops the table where it is: the
//! hand in play is never recorded, and the next `studbot play --tournament` on the same data
//! deals on from the stacks it started with.

use std::process::ExitCode;

use anyhow::Context;

use super::session::{Ended, Game, PlaySession};
use super::{
    GUILD, PlayArgs, YOU, close_left_table, lobby_config, name_of, open, say, say_data_dir,
    say_help, serve,
};
use crate::bank::{Bank, TableId, TournamentId, TournamentPhase, UserId};
use crate::cli::sim_session::hand_seed;
use crate::lobby::Lobby;
use crate::render::{self, Locale, tr};
use crate::table::GameChoice;
use crate::tournament::{Structure, StructureKind, TournamentSettings};

/// The channel the terminal's sit & gos play in (its cash table is 1).
pub(super) const CHANNEL: TableId = TableId(2);

pub(super) async fn play(args: &PlayArgs, locale: Locale) -> anyhow::Result<ExitCode> {
    // `--data` means what it means for every subcommand: the bank lives in `DIR/bank`.
    let (data, location) = super::play_location(args)?;
    let (bank, lobby) = open(
        data.as_deref(),
        &location,
        lobby_config(args, args.settings()),
    )
    .await?;
    let played = play_in(&bank, &lobby, args, locale, data.as_deref()).await;
    let stopped = bank.shutdown().await.context("the bank did not shut down");
    let code = played?;
    stopped?;
    Ok(code)
}

async fn play_in(
    bank: &Bank,
    lobby: &Lobby,
    args: &PlayArgs,
    locale: Locale,
    data: Option<&std::path::Path>,
) -> anyhow::Result<ExitCode> {
    let names = name_of(locale);
    // A cash table an earlier `play` left (stopped mid-hand) deals nothing meanwhile.
    let left_behind = close_left_table(lobby, locale, &names).await?;
    if let Some(refusal) = cannot_pay_a_new_buy_in(bank, args, locale).await? {
        say(&refusal);
        return Ok(ExitCode::from(crate::cli::exit::CONFIGURATION));
    }
    let (id, resumed) = open_or_resume(bank, args).await?;
    let table = match lobby.table(CHANNEL) {
        Ok(table) => table,
        Err(_) => lobby.open_sit_and_go(id).await?,
    };
    let mut notices = table.subscribe().await?;
    // A cash session stopped this table where it was (`stop_sit_and_go`): it deals on now.
    if table.status().await?.paused {
        table.resume().await?;
    }
    say_welcome(bank, id, resumed, locale).await?;
    if let Some(data) = data {
        say_data_dir(locale, data);
    }
    for text in left_behind {
        say(&text);
    }
    say_help(
        locale,
        "play-tournament-help",
        args.settings().action_timer_secs,
    );
    let game = Game::SitAndGo {
        id,
        channel: CHANNEL,
        over: false,
        event_table: None,
    };
    let mut session = PlaySession::new(locale, &table, lobby, bank, game, Box::new(names));
    match serve(&mut session, None, &mut notices, args.timing()).await? {
        Ended::LeftTheSitAndGo => say(&tr(
            locale,
            "play-tournament-quit",
            &[(
                "command",
                render::quoted_list(locale, &["studbot play --tournament".to_owned()]).into(),
            )],
        )),
        Ended::Closed => {
            let balance = bank.balance(GUILD, YOU).await?;
            say(&tr(
                locale,
                "play-final-balance",
                &[("balance", balance.into())],
            ));
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// At a cash session: the terminal's sit & go, if one is live, stops where it is (its hand in
/// play is never recorded) instead of dealing on unseen, your turns timing out. The next
/// `play --tournament` deals on from that hand.
pub(super) async fn stop_sit_and_go(lobby: &Lobby) -> anyhow::Result<()> {
    if let Ok(table) = lobby.table(CHANNEL) {
        table.shutdown(std::time::Duration::ZERO).await?;
    }
    Ok(())
}

/// The sit & go's entrants, game, buy-in, prize pool and starting stack, and the hand it goes
/// on from when it was resumed.
async fn say_welcome(
    bank: &Bank,
    id: TournamentId,
    resumed: bool,
    locale: Locale,
) -> anyhow::Result<()> {
    let state = bank
        .tournament(id)
        .await?
        .context("the sit & go vanished")?;
    let TournamentPhase::Running(tournament) = &state.phase else {
        anyhow::bail!("the sit & go did not start");
    };
    say(&tr(
        locale,
        "play-tournament-welcome",
        &[
            ("entrants", state.entrants.len().into()),
            ("game", game_name(locale, state.settings.game).into()),
            ("buy_in", state.settings.buy_in.into()),
            ("pool", tournament.prize_pool().into()),
            ("stack", state.settings.structure.starting_stack().into()),
        ],
    ));
    if resumed {
        say(&tr(
            locale,
            "play-tournament-resumed",
            &[("hand", (tournament.hands_played() + 1).into())],
        ));
    }
    Ok(())
}

/// Why you cannot pay the buy-in of the new sit & go `args` ask for, said in `locale`: told
/// before it is opened, a sit & go you could not register for would stay registering, and
/// every later `play --tournament` would find it again. A live one is resumed as it is.
async fn cannot_pay_a_new_buy_in(
    bank: &Bank,
    args: &PlayArgs,
    locale: Locale,
) -> anyhow::Result<Option<String>> {
    if bank
        .live_tournament_in(CHANNEL)
        .await?
        .is_some_and(|state| state.guild == GUILD)
    {
        return Ok(None);
    }
    let balance = bank.balance(GUILD, YOU).await?;
    if balance >= args.buy_in {
        return Ok(None);
    }
    let refused = crate::bank::BankError::InsufficientFunds {
        balance,
        needed: args.buy_in,
    };
    Ok(Some(render::refusal(locale, &refused, &name_of(locale))))
}

/// The sit & go live in the terminal's channel, or a new one everyone has registered for
/// (the bank starts it when its seats fill). Answers its number and whether it was resumed.
async fn open_or_resume(bank: &Bank, args: &PlayArgs) -> anyhow::Result<(TournamentId, bool)> {
    let live = bank
        .live_tournament_in(CHANNEL)
        .await?
        .filter(|state| state.guild == GUILD)
        .map(|state| state.id);
    let (id, resumed) = match live {
        Some(id) => (id, true),
        None => {
            let structure = Structure::chosen(
                args.structure.unwrap_or(StructureKind::Regular),
                args.hands_per_level,
                args.levels.as_deref(),
            )
            .map_err(|error| anyhow::anyhow!("invalid structure: {error}"))?;
            // The house rules given with the flags, fixed for the whole sit & go.
            let settings = TournamentSettings {
                rules: args.settings().rules,
                ..TournamentSettings::new(args.game, structure, args.buy_in)
            };
            // Numbered as the bank numbers its sit & gos: each opening a new reference.
            let count = bank.next_tournament_number().await?;
            let reference = crate::bank::play_tournament_open_reference(
                usize::try_from(count).unwrap_or(usize::MAX),
            );
            let seats = usize::try_from(args.players).unwrap_or(usize::MAX);
            (
                bank.open_tournament(GUILD, CHANNEL, seats, settings, &reference)
                    .await?,
                false,
            )
        }
    };
    let state = bank
        .tournament(id)
        .await?
        .context("the sit & go vanished")?;
    if matches!(state.phase, TournamentPhase::Registering) {
        // You, then a computer player in each other seat, numbered by it.
        let computers = (1..state.seats).filter_map(|seat| u8::try_from(seat).ok());
        let players = std::iter::once(YOU).chain(computers.map(UserId::computer));
        let missing = players.filter(|user| !state.entrants.contains(user));
        // The seats are drawn from `--seed` when given, so a seeded game deals the same.
        let seat_seed = args
            .seed
            .map_or_else(rand::random, |seed| hand_seed(seed, u64::MAX - 1));
        for user in missing.take(state.seats.saturating_sub(state.entrants.len())) {
            let reference = crate::bank::play_tournament_register_reference(id, user);
            bank.register_tournament_seeded(GUILD, id, user, seat_seed, &reference)
                .await
                .with_context(|| {
                    if user == YOU {
                        "you cannot register for the sit & go".to_owned()
                    } else {
                        format!("computer player {} cannot register", user.0)
                    }
                })?;
        }
    }
    Ok((id, resumed))
}

fn game_name(locale: Locale, game: GameChoice) -> String {
    render::hand_names::sit_and_go_game(locale, game)
}
