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

use super::session::{Game, PlaySession};
use super::words::{PlayerCommand, parse};
use super::{GUILD, InputTiming, PlayArgs, YOU, name_of, open, say, say_data_dir, say_help};
use crate::bank::{Bank, EventSchedule, TableId, TournamentId, UserId};
use crate::lobby::event::{EventNotice, NumberedTables};
use crate::lobby::{Lobby, NoticeReceiver};
use crate::render::{self, Locale, tr};
use crate::tournament::multi::{EventSettings, MAX_ENTRIES};
use crate::tournament::{Level, Structure, StructureKind};

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

async fn next_table_notice(notices: &mut Option<NoticeReceiver>) -> Option<crate::lobby::Notice> {
    match notices {
        Some(notices) => notices.recv().await,
        None => std::future::pending().await,
    }
}

/// What the terminal follows of the event: the table you sit at and the news.
struct Follow {
    locale: Locale,
    lobby: Lobby,
    bank: Bank,
    id: TournamentId,
    settings: EventSettings,
    session: Option<PlaySession>,
    table_notices: Option<NoticeReceiver>,
    /// The table you sit at and its channel.
    at: Option<(u32, TableId)>,
    level: Option<usize>,
    /// The players whose finish was told.
    told_out: std::collections::BTreeSet<UserId>,
    /// You were dealt in your table's last hand and its result is not shown yet.
    result_pending: bool,
    /// You came to a table and were not dealt there yet.
    before_your_hand: bool,
    /// Who was dealt in the last hand of your table.
    dealt_here: Vec<UserId>,
    /// The table your seat was last told at.
    seat_told: Option<u32>,
    round: Option<u64>,
    /// You are out: the event plays on to its end.
    out: bool,
}

impl Follow {
    fn new(
        locale: Locale,
        lobby: &Lobby,
        bank: &Bank,
        record: &crate::bank::EventRecord,
    ) -> Follow {
        Follow {
            locale,
            lobby: lobby.clone(),
            bank: bank.clone(),
            id: record.id,
            settings: record.settings.clone(),
            session: None,
            table_notices: None,
            at: None,
            level: None,
            seat_told: None,
            dealt_here: Vec::new(),
            result_pending: false,
            before_your_hand: false,
            told_out: std::collections::BTreeSet::new(),
            round: None,
            out: false,
        }
    }

    fn name(&self, user: UserId) -> String {
        name_of(self.locale)(user)
    }

    /// Tells an event notice; answers whether the event has ended.
    async fn event_notice(&mut self, notice: EventNotice) -> anyhow::Result<bool> {
        let locale = self.locale;
        match notice {
            EventNotice::HandDealt {
                table,
                channel,
                level,
                round,
                dealt,
                ..
            } => {
                self.say_level(level);
                if round.is_some() && self.round.is_none() {
                    say(&tr(locale, "event-hand-for-hand", &[]));
                }
                self.round = round;
                if dealt.contains(&YOU) && self.at.map(|(_, at)| at) != Some(channel) {
                    self.sit_at(table, channel).await?;
                }
                if self.at.map(|(_, at)| at) == Some(channel) {
                    self.result_pending = dealt.contains(&YOU);
                    self.dealt_here = dealt;
                }
            }
            EventNotice::Moved {
                user,
                from,
                to,
                chair,
                ..
            } if user == YOU => {
                self.seat_told = Some(to);
                let seat = chair + 1;
                match from {
                    // The final table draws every chair again, yours too.
                    Some(from) if from == to => say(&tr(
                        locale,
                        "play-event-final-table",
                        &[("table", to.into()), ("seat", seat.into())],
                    )),
                    Some(from) => say(&tr(
                        locale,
                        "play-event-moved",
                        &[
                            ("from", from.into()),
                            ("to", to.into()),
                            ("seat", seat.into()),
                        ],
                    )),
                    None => say(&tr(
                        locale,
                        "event-status-seat",
                        &[("table", to.into()), ("seat", seat.into())],
                    )),
                }
            }
            EventNotice::TableClosed { table, .. }
                if self.at.is_some_and(|(at, _)| at == table) =>
            {
                say(&tr(
                    locale,
                    "play-event-table-broken",
                    &[("table", table.into())],
                ));
            }
            EventNotice::Out { user, place, prize } => self.player_out(user, place, prize),
            EventNotice::Over { places } => {
                self.say_places(&places).await?;
                return Ok(true);
            }
            EventNotice::Halted { reason } => {
                say(&reason);
                return Ok(true);
            }
            EventNotice::Cancelled { .. } => return Ok(true),
            _ => {}
        }
        Ok(false)
    }

    /// A player out: their place and prize (yours in your words); each told once.
    fn player_out(&mut self, user: UserId, place: usize, prize: u64) {
        let locale = self.locale;
        match () {
            // A player out is told once, however often the coordinator tells it.
            _ if !self.told_out.insert(user) => {}
            // Your table's result tells who it put out.
            _ if user != YOU && self.dealt_here.contains(&user) => {}
            _ if user != YOU => {
                let text = if prize == 0 {
                    tr(
                        locale,
                        "play-tournament-out",
                        &[("name", self.name(user).into()), ("place", place.into())],
                    )
                } else {
                    tr(
                        locale,
                        "tournament-out-paid",
                        &[
                            ("name", self.name(user).into()),
                            ("place", place.into()),
                            ("prize", prize.into()),
                        ],
                    )
                };
                say(&text);
            }
            _ => {
                self.out = true;
                self.dealt_here.clear();
                let id = if prize == 0 {
                    "play-event-your-finish"
                } else {
                    "play-event-your-prize"
                };
                say(&tr(
                    locale,
                    id,
                    &[("place", place.into()), ("prize", prize.into())],
                ));
                // Your table deals on without you: its board is no longer yours to watch.
                self.session = None;
                self.table_notices = None;
                self.at = None;
            }
        }
    }

    /// Each new level, once.
    fn say_level(&mut self, level: usize) {
        let locale = self.locale;
        if self.level == Some(level) {
            return;
        }
        self.level = Some(level);
        if let Some(stakes) = self
            .settings
            .structure
            .levels()
            .get(level)
            .map(|level| level.stakes)
        {
            say(&tr(
                locale,
                "event-level",
                &[
                    ("level", (level + 1).into()),
                    ("ante", stakes.ante.into()),
                    ("bring_in", stakes.bring_in.into()),
                    ("small_bet", stakes.small_bet.into()),
                    ("big_bet", stakes.big_bet.into()),
                ],
            ));
        }
    }

    /// The event's end: every place and prize, and your balance.
    async fn say_places(&self, places: &[crate::lobby::event::EventPlace]) -> anyhow::Result<()> {
        let locale = self.locale;
        say(&tr(
            locale,
            "play-event-over",
            &[("event", self.id.0.into())],
        ));
        for place in places {
            say(&tr(
                locale,
                "play-tournament-place",
                &[
                    ("place", place.place.into()),
                    ("name", self.name(place.user).into()),
                    ("chips", place.prize.into()),
                ],
            ));
        }
        let balance = self.bank.balance(GUILD, YOU).await?;
        say(&tr(
            locale,
            "play-final-balance",
            &[("balance", balance.into())],
        ));
        Ok(())
    }

    /// Shows what the table you sit at tells; at a table you just came to, from the first
    /// hand you are dealt (the hand it was playing is others' news).
    async fn table_notice(&mut self, notice: &crate::lobby::Notice) -> anyhow::Result<()> {
        use crate::lobby::NoticeBody;
        if self.before_your_hand {
            match &notice.body {
                NoticeBody::Cards(cards) if cards.user == YOU => self.before_your_hand = false,
                NoticeBody::Board(board) if board.players.contains(&YOU) => {
                    self.before_your_hand = false;
                }
                _ => return Ok(()),
            }
        }
        if matches!(notice.body, NoticeBody::HandResult(_)) {
            self.result_pending = false;
        }
        if let Some(session) = self.session.as_mut() {
            session.show(notice).await?;
        }
        Ok(())
    }

    /// The rest of what the table you leave tells (the result of your last hand there,
    /// told once the bank recorded it), for a moment at most.
    async fn finish_last_table(&mut self) -> anyhow::Result<()> {
        let (Some(mut notices), Some(session)) = (self.table_notices.take(), self.session.as_mut())
        else {
            return Ok(());
        };
        if !self.result_pending {
            return Ok(());
        }
        self.result_pending = false;
        let wait = std::time::Duration::from_millis(300);
        while let Ok(Some(notice)) = tokio::time::timeout(wait, notices.recv()).await {
            session.show(&notice).await?;
            if matches!(notice.body, crate::lobby::NoticeBody::HandResult(_)) {
                break;
            }
        }
        Ok(())
    }

    /// Follows you to table `table` in `channel`: its board and turns from now on.
    async fn sit_at(&mut self, table: u32, channel: TableId) -> anyhow::Result<()> {
        // The coordinator tells a hand dealt just before it opens the table's actor.
        let mut handle = self.lobby.table(channel);
        for _ in 0..200 {
            if handle.is_ok() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            handle = self.lobby.table(channel);
        }
        let Ok(handle) = handle else {
            // Closed meanwhile: the next hand you are dealt is followed.
            self.finish_last_table().await?;
            return Ok(());
        };
        // Listening to the new table before the old one's last words: its hand is not missed.
        let notices = handle.subscribe().await?;
        self.finish_last_table().await?;
        self.table_notices = Some(notices);
        let game = Game::SitAndGo {
            id: self.id,
            channel,
            over: false,
        };
        self.session = Some(PlaySession::new(
            self.locale,
            &handle,
            &self.lobby,
            &self.bank,
            game,
            Box::new(name_of(self.locale)),
        ));
        self.at = Some((table, channel));
        self.before_your_hand = true;
        // Your first seat may have been drawn before this session listened to the event.
        if self.seat_told != Some(table) {
            self.seat_told = Some(table);
            let status = handle.status().await?;
            if let Some(seat) = status.seats.iter().find(|seat| seat.user == YOU) {
                say(&tr(
                    self.locale,
                    "event-status-seat",
                    &[("table", table.into()), ("seat", (seat.chair + 1).into())],
                ));
            }
        }
        Ok(())
    }
}
