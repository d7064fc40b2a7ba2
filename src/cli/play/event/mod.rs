//! `studbot play --tournament --players N --table-size T` (N above T): you at one table of a
//! multi-table event of computer players, through the lobby as a Discord event is played.
//! The event is scheduled in the session's bank to start now, you and N−1 of the house's
//! computer players registered (their buy-ins from the house), and its coordinator started
//! with plain channel ids ([`NumberedTables`]). The terminal follows you from table to
//! table: the board of the table you sit at, your moves (table and seat), every player out
//! with their place and prize, each new level, hand-for-hand, and your finish. The event
//! plays on to its end after you are out, so that every prize is paid and the bank holds no
//! live event: the places are told at the end. Quitting (or the input's end while you are
//! still in) stops the coordinator where it is: the bank keeps the event, and the next run
//! with `--table-size` resumes it.

use std::process::ExitCode;
use std::sync::Arc;

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::broadcast::error::RecvError;

use super::words::{PlayerCommand, parse};
use super::{GUILD, InputTiming, PlayArgs, YOU, name_of, open, say, say_data_dir, say_help};
use crate::bank::{Bank, EventSchedule, TableId, TournamentId, UserId};
use crate::lobby::Lobby;
use crate::lobby::event::NumberedTables;
use crate::render::{self, Locale, tr};
use crate::tournament::multi::{EventSettings, MAX_ENTRIES};
use crate::tournament::{Level, Structure, StructureKind};

mod follow;
mod history;
use follow::{Follow, next_table_notice};

/// The channel the terminal's events are scheduled in (its cash table is 1, its sit & gos 2).
const CHANNEL: TableId = TableId(3);
/// Table `t` of event `e` plays in channel `10_000 + e * 1000 + t`.
const TABLES: NumberedTables = NumberedTables { first: 10_000 };
/// Seconds each level lasts per hand `--hands-per-level` counts: an event's clock is time.
const SECONDS_PER_HAND: u32 = 10;

/// The most players an event at the terminal takes: you and every computer player the house
/// has, within the event's cap.
pub(super) fn most_players() -> u64 {
    // Computers numbered from 1 (named "Bot 1" on), as at a sit & go.
    UserId::COMPUTERS.min(MAX_ENTRIES as u64)
}

/// What is wrong with an event's flags, said in `locale`.
pub(super) fn refusal(players: u32, table_size: u8, locale: Locale) -> Option<String> {
    if !(2..=8).contains(&table_size) {
        return Some(render::tr_numbers(
            locale,
            "event-table-size",
            &[
                ("min", 2u64),
                ("max", 8u64),
                ("seats", u64::from(table_size)),
            ],
        ));
    }
    if players <= u32::from(table_size) {
        return Some(tr(
            locale,
            "play-event-players-few",
            // The flags are written as typed, in every language.
            &[
                ("players", players.into()),
                ("size", table_size.into()),
                ("players_flag", "--players".into()),
                ("size_flag", "--table-size".into()),
                ("tournament_flag", "--tournament".into()),
            ],
        ));
    }
    if u64::from(players) > MAX_ENTRIES as u64 {
        return Some(tr(
            locale,
            "play-event-players-cap",
            &[("players", players.into()), ("cap", MAX_ENTRIES.into())],
        ));
    }
    if u64::from(players) > most_players() {
        return Some(tr(
            locale,
            "play-event-computers",
            &[
                ("players", players.into()),
                ("computers", (most_players() - 1).into()),
                ("most", most_players().into()),
            ],
        ));
    }
    None
}

pub(super) async fn play(
    args: &PlayArgs,
    table_size: u8,
    locale: Locale,
) -> anyhow::Result<ExitCode> {
    let (data, location) = super::play_location(args)?;
    let (bank, lobby) = open(
        data.as_deref(),
        &location,
        super::lobby_config(args, args.settings()),
    )
    .await?;
    if let Some(data) = &data {
        say_data_dir(locale, data);
    }
    let played = play_in(&bank, &lobby, args, table_size, locale).await;
    lobby.stop_events().await;
    let stopped = bank.shutdown().await.context("the bank did not shut down");
    let code = played?;
    stopped?;
    Ok(code)
}

fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// The live event of the terminal's channel, or a new one everyone has registered for.
async fn schedule_or_resume(
    bank: &Bank,
    args: &PlayArgs,
    table_size: u8,
    locale: Locale,
) -> anyhow::Result<Result<(TournamentId, bool), String>> {
    let live = bank.live_events_of(GUILD).await?;
    if let Some(record) = live.iter().find(|record| record.channel == CHANNEL) {
        return Ok(Ok((record.id, true)));
    }
    let balance = bank.balance(GUILD, YOU).await?;
    if balance < args.buy_in {
        let refused = crate::bank::BankError::InsufficientFunds {
            balance,
            needed: args.buy_in,
        };
        return Ok(Err(render::refusal(locale, &refused, &name_of(locale))));
    }
    let hands = args.hands_per_level.unwrap_or_else(|| {
        args.structure
            .unwrap_or(StructureKind::Regular)
            .hands_per_level()
    });
    let structure = Structure::chosen(
        args.structure.unwrap_or(StructureKind::Regular),
        Some(hands),
        args.levels.as_deref(),
    )
    .map_err(|error| anyhow::anyhow!("invalid structure: {error}"))?;
    // An event's levels last seconds of its clock, not hands.
    let levels = structure
        .levels()
        .iter()
        .map(|level| Level {
            hands: level.hands.saturating_mul(SECONDS_PER_HAND),
            ..*level
        })
        .collect();
    let structure = Structure::new(structure.starting_stack(), levels)
        .map_err(|error| anyhow::anyhow!("invalid structure: {error}"))?;
    let mut settings =
        EventSettings::new(args.game, structure, args.buy_in, usize::from(table_size));
    settings.rules = args.settings().rules;
    let number = bank.next_tournament_number().await?;
    let started = now();
    let schedule = EventSchedule {
        channel: CHANNEL,
        name: "studbot play".into(),
        starts_at: started,
        now: started,
        added_by: None,
    };
    let id = bank
        .schedule_event(
            GUILD,
            schedule,
            settings,
            &format!("play event {number} {started}"),
        )
        .await?;
    let computers = (1..args.players)
        .filter_map(|n| u8::try_from(n).ok())
        .map(UserId::computer);
    for user in std::iter::once(YOU).chain(computers) {
        bank.enter_event(
            GUILD,
            id,
            user,
            0,
            &format!("play event {} register {}", id.0, user.0),
        )
        .await
        .with_context(|| format!("player {} cannot register", user.0))?;
    }
    Ok(Ok((id, false)))
}

async fn play_in(
    bank: &Bank,
    lobby: &Lobby,
    args: &PlayArgs,
    table_size: u8,
    locale: Locale,
) -> anyhow::Result<ExitCode> {
    let (id, resumed) = match schedule_or_resume(bank, args, table_size, locale).await? {
        Ok(opened) => opened,
        Err(refusal) => {
            say(&refusal);
            return Ok(ExitCode::from(crate::cli::exit::CONFIGURATION));
        }
    };
    let record = bank.event(id).await?.context("the event vanished")?;
    say_welcome(&record, resumed, locale);
    say_help(
        locale,
        "play-tournament-help",
        args.settings().action_timer_secs,
    );
    let event = lobby.open_event(id, Arc::new(TABLES)).await?;
    let mut notices = event.subscribe();
    let mut follow = Follow::new(locale, lobby, bank, &record);
    let timing = args.timing();
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut input_open = true;
    loop {
        let wants_line = input_open
            && (timing == InputTiming::AtOnce
                || follow.out
                || follow
                    .session
                    .as_ref()
                    .is_some_and(|session| session.offer.is_some()));
        tokio::select! {
            notice = notices.recv() => match notice {
                Ok(notice) => {
                    if follow.event_notice(notice).await? {
                        return Ok(ExitCode::SUCCESS);
                    }
                }
                Err(RecvError::Lagged(_)) => {}
                Err(RecvError::Closed) => return Ok(ExitCode::SUCCESS),
            },
            notice = next_table_notice(&mut follow.table_notices) => match notice {
                Some(notice) => follow.table_notice(&notice).await?,
                None => follow.table_notices = None,
            },
            line = lines.next_line(), if wants_line => {
                let line = line?;
                let quit = match &line {
                    None => true,
                    Some(text) => matches!(parse(locale, text.trim()), Some(PlayerCommand::Quit)),
                };
                if line.is_none() {
                    input_open = false;
                }
                if quit && !follow.out {
                    event.shut_down().await;
                    say(&tr(locale, "play-event-quit", &[("command", render::quoted_list(locale, &["studbot play --tournament --table-size".to_owned()]).into())]));
                    return Ok(ExitCode::SUCCESS);
                }
                if let (Some(text), Some(session)) = (line, follow.session.as_mut()) && !quit {
                    session.command(text.trim()).await?;
                }
            }
        }
    }
}

/// The event's players, game, table size, buy-in and starting stack.
fn say_welcome(record: &crate::bank::EventRecord, resumed: bool, locale: Locale) {
    say(&tr(
        locale,
        if resumed {
            "play-event-resumed"
        } else {
            "play-event-welcome"
        },
        &[
            ("players", record.entries().into()),
            (
                "game",
                render::hand_names::sit_and_go_game(locale, record.settings.game).into(),
            ),
            ("size", record.settings.table_size.into()),
            ("buy_in", record.settings.buy_in.into()),
            ("stack", record.settings.structure.starting_stack().into()),
        ],
    ));
}
