//! `studbot play --tournament`: a sit & go at the terminal against computer players, through
//! the bank like every sit & go. You and the computer players register (the buy-ins go into
//! the prize pool; a computer player's come from the house, which the mint fills when it
//! holds too little, and its payout goes back there), each hand is
//! dealt by the engine and recorded in the bank when it ends, and the hand that leaves one
//! player with every chip pays the prize pool to the balances. Quitting (or closing the
//! input) leaves the sit & go where it is: the hand in play is not recorded, and the next
//! `studbot play --tournament` on the same data deals on from the stacks it started with.
//! The board's header shows the level, its stakes, hands to the next level, players left
//! and the average stack. Each hand is recorded with its public history, as the lobby
//! records a sit & go's, so `history` tells it as `/history` does.

use std::io::BufRead as _;
use std::process::ExitCode;

use anyhow::{Context, bail};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::words::{ActionChoice, PlayerCommand, choose, parse};
use super::{GUILD, PlayArgs, YOU, name_of, say};
use crate::bank::{
    Bank, ChannelHand, EconomyConfig, TableId, TournamentId, TournamentPhase, UserId,
};
use crate::cli::sim_session::{hand_deck, hand_seed};
use crate::lobby::HandHistory;
use crate::render::{self, Locale, PlayerFacts, ResultView, TableFacts, TurnPrompt, tr};
use crate::table::GameChoice;
use crate::table::computer::choose_for_hand;
use crate::table::hand::{Hand, HandSetup};
use crate::tournament::{NextHand, Status, Structure, Tournament, TournamentSettings};

/// The channel the terminal's sit & gos play in (its cash table is 1).
const CHANNEL: TableId = TableId(2);

/// What the player typed ended the game: quitting, or the end of the input.
struct Quit;

pub(super) async fn play(args: &PlayArgs, locale: Locale) -> anyhow::Result<ExitCode> {
    // `--data` means what it means for every subcommand: the bank lives in `DIR/bank`.
    let (data, create) = match &args.data {
        Some(data) => (data.clone(), args.create),
        None => (std::path::PathBuf::from("studbot-data"), true),
    };
    let bank_dir = crate::cli::data_dir::bank_to_play(&data, create)?;
    let bank = Bank::open(&bank_dir, EconomyConfig::for_one_local_player())
        .await
        .with_context(|| format!("cannot open the bank in {}", bank_dir.display()))?;
    let played = play_in(&bank, args, locale).await;
    let stopped = bank.shutdown().await.context("the bank did not shut down");
    let code = played?;
    stopped?;
    Ok(code)
}

async fn play_in(bank: &Bank, args: &PlayArgs, locale: Locale) -> anyhow::Result<ExitCode> {
    let names = name_of(locale);
    let (id, resumed) = open_or_resume(bank, args).await?;
    say_welcome(bank, id, resumed, locale).await?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let mut decisions = Xoshiro256PlusPlus::seed_from_u64(hand_seed(seed, u64::MAX));
    let mut input = std::io::stdin().lock().lines();
    loop {
        let state = bank
            .tournament(id)
            .await?
            .context("the sit & go vanished")?;
        let tournament = match state.phase {
            TournamentPhase::Running(tournament) => tournament,
            TournamentPhase::Finished { tournament, .. } => {
                tell_places(locale, &tournament, &state.entrants, &names);
                // Told at the terminal: nothing is kept for a bot to announce.
                bank.tournament_result_announced(GUILD, id).await?;
                let balance = bank.balance(GUILD, YOU).await?;
                say(&tr(
                    locale,
                    "play-final-balance",
                    &[("balance", balance.into())],
                ));
                return Ok(ExitCode::SUCCESS);
            }
            _ => bail!("the sit & go is not running"),
        };
        let next = tournament
            .next_hand()
            .context("a running sit & go with no hand")?;
        let users: Vec<UserId> = next
            .seats
            .iter()
            .map(|&seat| state.entrants[seat])
            .collect();
        let deal = Deal {
            locale,
            seed,
            next: &next,
            users: &users,
            tournament: &tournament,
            bank,
            id,
        };
        let Some((final_stacks, history)) = deal.play(&names, &mut decisions, &mut input).await?
        else {
            say(&tr(
                locale,
                "play-tournament-quit",
                &[(
                    "command",
                    render::quoted_list(locale, &["studbot play --tournament".to_owned()]).into(),
                )],
            ));
            return Ok(ExitCode::SUCCESS);
        };
        let out_before = tournament.finishes().len();
        bank.record_tournament_hand_with_history(GUILD, id, next.number, &final_stacks, history)
            .await
            .context("the bank did not record the hand")?;
        tell_busted(bank, id, out_before, &next, locale, &names).await?;
    }
}

/// The sit & go's entrants, game, buy-in, prize pool and starting stack; the hand it goes on
/// from when it was resumed; the words you may type.
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
        bail!("the sit & go did not start");
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
    say(&tr(locale, "play-tournament-help", &[]));
    Ok(())
}

/// One hand of the sit & go, dealt by the engine at the terminal.
struct Deal<'a> {
    locale: Locale,
    seed: u64,
    next: &'a NextHand,
    /// The players dealt in, in deal order.
    users: &'a [UserId],
    tournament: &'a Tournament,
    bank: &'a Bank,
    id: TournamentId,
}

impl Deal<'_> {
    /// Plays the hand to its end, you at the terminal and the computer players by
    /// `decisions`; answers the stacks it ended with and its public history, or `None`
    /// when you quit.
    async fn play<N: Fn(UserId) -> String>(
        &self,
        names: &N,
        decisions: &mut Xoshiro256PlusPlus,
        input: &mut impl Iterator<Item = std::io::Result<String>>,
    ) -> anyhow::Result<Option<(Vec<u64>, Vec<u8>)>> {
        let (locale, next) = (self.locale, self.next);
        let you_play = self.users.contains(&YOU);
        if next.level.begins() {
            let stakes = next.stakes;
            say(&tr(
                locale,
                "lobby-tournament-level-begins",
                &[
                    ("level", (next.level.index + 1).into()),
                    ("ante", stakes.ante.into()),
                    ("bring_in", stakes.bring_in.into()),
                    ("small_bet", stakes.small_bet.into()),
                    ("big_bet", stakes.big_bet.into()),
                    ("left", next.seats.len().into()),
                    ("average", self.tournament.status().average_stack.into()),
                ],
            ));
        }
        if you_play {
            say(&header(locale, &self.tournament.status()));
        }
        let deck = hand_deck(self.seed, next.number);
        let mut hand = Hand::new(HandSetup::from_deck(
            next.game,
            next.stakes,
            next.rules,
            &next.stacks,
            deck,
        ))
        .with_context(|| format!("hand {} could not start", next.number + 1))?;
        let player_names: Vec<String> = self.users.iter().map(|&user| names(user)).collect();
        let facts = TableFacts {
            hand_number: next.number + 1,
            players: player_names.iter().map(PlayerFacts::named).collect(),
            idle: Vec::new(),
            action_timer_secs: None,
            mix_leg: None,
        };
        let you = self.users.iter().position(|&user| user == YOU);
        while let Some(seat) = hand.to_act() {
            let kind = if Some(seat) == you {
                let turn = Turn {
                    locale,
                    hand: &hand,
                    facts: &facts,
                    tournament: self.tournament,
                    bank: self.bank,
                    id: self.id,
                    names,
                };
                match turn.ask(input).await? {
                    Ok(kind) => kind,
                    Err(Quit) => return Ok(None),
                }
            } else {
                choose_for_hand(&hand, decisions)
                    .context("a computer player found no legal action")?
                    .kind
            };
            hand.act(seat, kind)
                .with_context(|| format!("the engine refused {kind:?}"))?;
        }
        let result = hand.result().context("the hand ended without a result")?;
        if you_play {
            let view = ResultView::new(next.number + 1, &player_names, result, hand.events());
            say(&render::results(locale, &view));
        }
        // The same public history the lobby stores with a sit & go's hand, for `history`.
        let history = HandHistory::of_hand(next.number + 1, &hand, self.users)
            .context("the hand ended without a result")?
            .to_bytes()?;
        Ok(Some((result.final_stacks.clone(), history)))
    }
}

/// The sit & go live in the terminal's channel, or a new one everyone has registered for.
/// Answers its number and whether it was resumed.
async fn open_or_resume(bank: &Bank, args: &PlayArgs) -> anyhow::Result<(TournamentId, bool)> {
    let live = bank
        .live_tournament_in(CHANNEL)
        .await?
        .filter(|state| state.guild == GUILD)
        .map(|state| state.id);
    let (id, resumed) = match live {
        Some(id) => (id, true),
        None => {
            let structure =
                Structure::chosen(args.structure, args.hands_per_level, args.levels.as_deref())
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
            let seats = usize::from(args.players);
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
                .with_context(|| format!("player {} cannot register", user.0))?;
        }
    }
    Ok((id, resumed))
}

fn game_name(locale: Locale, game: GameChoice) -> String {
    render::hand_names::sit_and_go_game(locale, game)
}

/// The board's header: level, stakes, hands to the next level, players left, average stack.
fn header(locale: Locale, status: &Status) -> String {
    let stakes = status.level.level.stakes;
    tr(
        locale,
        "play-tournament-header",
        &[
            ("level", (status.level.index + 1).into()),
            ("ante", stakes.ante.into()),
            ("bring_in", stakes.bring_in.into()),
            ("small_bet", stakes.small_bet.into()),
            ("big_bet", stakes.big_bet.into()),
            ("next", status.level.hands_to_next.unwrap_or(0).into()),
            ("left", status.players_left.into()),
            ("average", status.average_stack.into()),
        ],
    )
}

/// Your turn in a hand, with what answering your words needs.
struct Turn<'a, N: Fn(UserId) -> String> {
    locale: Locale,
    hand: &'a Hand,
    facts: &'a TableFacts,
    tournament: &'a Tournament,
    bank: &'a Bank,
    id: TournamentId,
    names: &'a N,
}

impl<N: Fn(UserId) -> String> Turn<'_, N> {
    /// Reads what you type until it is an action you may take; answers it, or `Quit`.
    async fn ask(
        &self,
        input: &mut impl Iterator<Item = std::io::Result<String>>,
    ) -> anyhow::Result<Result<crate::table::hand::ActionKind, Quit>> {
        let mut show = true;
        loop {
            let told = your_turn(
                self.locale,
                self.hand,
                (self.facts, show),
                self.tournament,
                &mut *input,
            );
            show = false;
            match told {
                Asked::Take(kind) => return Ok(Ok(kind)),
                Asked::Quit => return Ok(Err(Quit)),
                Asked::History(number) => self.tell_history(number).await?,
            }
        }
    }

    /// Hand `number` of this sit & go (the last one recorded when `None`), as the bank keeps
    /// it, the same words `/history` says.
    async fn tell_history(&self, number: Option<u64>) -> anyhow::Result<()> {
        let stored = match number {
            Some(hand) => {
                let at = ChannelHand::SitAndGo {
                    tournament: self.id,
                    hand,
                };
                self.bank
                    .channel_hand_history(CHANNEL, at)
                    .await?
                    .map(|bytes| (at, bytes))
            }
            None => {
                self.bank
                    .latest_sit_and_go_hand_history(CHANNEL, self.id)
                    .await?
            }
        };
        let Some(stored) = stored else {
            say(&tr(self.locale, "bot-no-history", &[]));
            return Ok(());
        };
        let history = HandHistory::of_stored(stored)?;
        let view = crate::lobby::present::stored_history_view(&history, self.names);
        say(&render::sit_and_go_history(self.locale, self.id.0, &view));
        Ok(())
    }
}

/// What you typed at your turn came to.
enum Asked {
    Take(crate::table::hand::ActionKind),
    History(Option<u64>),
    Quit,
}

/// Shows your cards, the board and your options (unless `show` is false: they are on the
/// screen already), then reads what you type until it is an action you may take or a word the turn
/// cannot answer by itself (`history`, which reads the bank).
fn your_turn(
    locale: Locale,
    hand: &Hand,
    (facts, show): (&TableFacts, bool),
    tournament: &Tournament,
    input: &mut impl Iterator<Item = std::io::Result<String>>,
) -> Asked {
    if show {
        if let Some(view) = hand.to_act().and_then(|seat| hand.private_view(seat)) {
            say(&render::private_hand(locale, facts.hand_number, &view));
        }
        let view = hand.public_view();
        say(&render::board(
            locale,
            &render::BoardView::from_public(&view, facts),
        ));
        if let Some(prompt) = TurnPrompt::from_public(&view, facts.hand_number, None) {
            say(&render::your_turn(locale, &prompt));
        }
    }
    let legal = hand.legal_actions();
    loop {
        let Some(Ok(line)) = input.next() else {
            return Asked::Quit;
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match parse(locale, line) {
            Some(PlayerCommand::Action(wish, amount)) => match choose(wish, amount, &legal) {
                ActionChoice::Take(kind) => return Asked::Take(kind),
                ActionChoice::OtherAmount(offered) => say(&tr(
                    locale,
                    "play-other-amount",
                    &[
                        ("input", line.into()),
                        ("count", offered.len().into()),
                        ("offered", render::action_options(locale, &offered).into()),
                    ],
                )),
                ActionChoice::NotOffered => say(&tr(
                    locale,
                    "play-bad-input",
                    &[
                        ("input", line.into()),
                        ("options", render::action_options(locale, &legal).into()),
                    ],
                )),
            },
            Some(PlayerCommand::Quit) => return Asked::Quit,
            Some(PlayerCommand::History(number)) => return Asked::History(number),
            Some(PlayerCommand::Help) => say(&tr(locale, "play-tournament-help", &[])),
            Some(PlayerCommand::Board) => say(&render::board(
                locale,
                &render::BoardView::from_public(&hand.public_view(), facts),
            )),
            Some(PlayerCommand::Status) => say(&header(locale, &tournament.status())),
            Some(PlayerCommand::Cards) => {
                let seat = hand.to_act();
                if let Some(view) = seat.and_then(|seat| hand.private_view(seat)) {
                    say(&render::private_hand(locale, facts.hand_number, &view));
                }
            }
            Some(_) => say(&tr(locale, "play-not-now", &[])),
            None => say(&tr(locale, "play-unknown-word", &[("input", line.into())])),
        }
    }
}

/// Says who the hand just recorded put out, and in which place.
async fn tell_busted(
    bank: &Bank,
    id: TournamentId,
    out_before: usize,
    next: &NextHand,
    locale: Locale,
    names: &impl Fn(UserId) -> String,
) -> anyhow::Result<()> {
    let state = bank
        .tournament(id)
        .await?
        .context("the sit & go vanished")?;
    let Some(tournament) = state.tournament() else {
        return Ok(());
    };
    for finish in tournament.finishes().iter().skip(out_before) {
        if finish.place == 1 || !next.seats.contains(&finish.seat) {
            continue;
        }
        let user = state.entrants[finish.seat];
        say(&crate::lobby::present::tournament_out(
            locale,
            &names(user),
            finish.place,
            finish.prize,
        ));
    }
    Ok(())
}

/// Every place of the finished sit & go and what it paid.
fn tell_places(
    locale: Locale,
    tournament: &Tournament,
    entrants: &[UserId],
    names: &impl Fn(UserId) -> String,
) {
    say(&tr(
        locale,
        "play-tournament-over",
        &[("hands", tournament.hands_played().into())],
    ));
    for payout in tournament.payouts().unwrap_or_default() {
        let Some(&user) = entrants.get(payout.seat) else {
            continue;
        };
        say(&tr(
            locale,
            "play-tournament-place",
            &[
                ("place", payout.place.into()),
                ("name", names(user).into()),
                ("chips", payout.chips.into()),
            ],
        ));
    }
}
