//! `/tournament`: open, start and cancel a sit & go (moderators) and its status (anyone), and
//! registration through `/join` and `/leave` in a channel where one is registering. Every
//! chip moves in the bank at once (`Bank::register_tournament` and the rest); this file only
//! asks and tells.

use crate::bank::{TournamentId, TournamentPhase, TournamentState, UserId};
use crate::refusal::Refusal;
use crate::render::{self, Locale, display_name, tr};
use crate::tournament::{PayoutTable, Structure, StructureKind, Tournament, TournamentSettings};

use super::reference;
use super::settings::{Bounded, ComputerSeats, GameChoiceOption, Seats};
use crate::bot::reply::{Answer, Caller, Outcome, caller, in_guild};
use crate::bot::{Bot, Context};

/// The built-in structures, by the names Discord lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum StructureOption {
    #[name = "regular"]
    Regular,
    #[name = "turbo"]
    Turbo,
}

impl StructureOption {
    fn kind(self) -> StructureKind {
        match self {
            StructureOption::Regular => StructureKind::Regular,
            StructureOption::Turbo => StructureKind::Turbo,
        }
    }
}

/// What the tournament commands refuse before the bank is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TournamentRefused {
    #[error("there is no sit & go in this channel")]
    NoneHere,
    #[error("the payout table is not percentages summing to 100, like 65/35")]
    BadPayouts,
    #[error("computer players may fill some seats, never all of them")]
    TooManyComputers,
}

impl Refusal for TournamentRefused {
    fn message_id(&self) -> &'static str {
        match self {
            TournamentRefused::NoneHere => "tournament-none-here",
            TournamentRefused::BadPayouts => "tournament-bad-payouts",
            TournamentRefused::TooManyComputers => "tournament-too-many-computers",
        }
    }
}

#[poise::command(
    slash_command,
    guild_only,
    subcommands("open", "start", "cancel", "status"),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn open(
    ctx: Context<'_>,
    game: GameChoiceOption,
    seats: Bounded<Seats>,
    #[min = 0] buy_in: u64,
    structure: StructureOption,
    payouts: Option<String>,
    computer_players: Option<Bounded<ComputerSeats>>,
) -> Outcome {
    let seats = seats.0;
    let reference = reference(ctx, "tournament-open");
    let computers = computer_players.map_or(0, |computers| computers.0);
    in_guild(ctx, |caller| async move {
        if computers >= seats {
            return caller.refuse(&TournamentRefused::TooManyComputers);
        }
        let payouts = match payouts.as_deref().map(PayoutTable::parse).transpose() {
            Ok(payouts) => payouts,
            Err(_) => return caller.refuse(&TournamentRefused::BadPayouts),
        };
        let settings = TournamentSettings {
            payouts,
            ..TournamentSettings::new(game.0, Structure::built_in(structure.kind()), buy_in)
        };
        let bank = caller.bot.bank();
        let opened = bank
            .open_tournament_with_computers(
                caller.guild,
                caller.table,
                usize::from(seats),
                settings,
                usize::from(computers),
                &reference,
            )
            .await;
        let id = match opened {
            Ok(id) => id,
            Err(error) => return caller.refuse(&error),
        };
        match bank.tournament(id).await {
            Ok(Some(state)) => {
                let mut opened = tr(caller.public, "tournament-opened", &[]);
                if computers > 0 {
                    let filled = tr(
                        caller.public,
                        "tournament-computers-fill",
                        &[("seats", computers.into())],
                    );
                    opened = format!("{opened}\n{filled}");
                }
                let register = crate::bot::custom_id::ButtonId::Register {
                    tournament: state.id.0,
                };
                Answer::public(format!(
                    "{opened}\n{}",
                    status_text(&caller.bot, caller.public, &state)
                ))
                .with_button(
                    register.encode(),
                    tr(caller.public, "tournament-register-button", &[]),
                )
            }
            Ok(None) => caller.refuse(&crate::bot::refusals::Refused::Failed),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn start(ctx: Context<'_>) -> Outcome {
    let reference = reference(ctx, "tournament-start");
    in_guild(ctx, |caller| async move {
        let state = match here(&caller).await {
            Ok(state) => state,
            Err(answer) => return answer,
        };
        let bank = caller.bot.bank();
        if let Err(error) = bank
            .start_tournament(caller.guild, state.id, &reference)
            .await
        {
            return caller.refuse(&error);
        }
        started(&caller, state.id).await
    })
    .await
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn cancel(ctx: Context<'_>) -> Outcome {
    let reference = reference(ctx, "tournament-cancel");
    in_guild(ctx, |caller| async move {
        let state = match here(&caller).await {
            Ok(state) => state,
            Err(answer) => return answer,
        };
        let was_running = matches!(state.phase, TournamentPhase::Running(_));
        let paid = match caller
            .bot
            .bank()
            .cancel_tournament(caller.guild, state.id, &reference)
            .await
        {
            Ok(paid) => paid,
            Err(error) => return caller.refuse(&error),
        };
        if was_running && let Ok(table) = caller.bot.lobby().table(caller.table) {
            // The bank no longer runs it: its table stops, the hand in play unrecorded.
            if let Err(error) = table.close().await {
                tracing::warn!(%error, "the cancelled sit & go's table did not close");
            }
        }
        Answer::public(cancelled_text(
            &caller.bot,
            caller.public,
            was_running,
            &paid,
        ))
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Outcome {
    in_guild(ctx, |caller| async move {
        match here(&caller).await {
            Ok(state) => {
                let mut text = status_text(&caller.bot, caller.locale, &state);
                if state.tournament().is_none() {
                    // Before the start the entrants list shows no computer yet: say how many
                    // seats they may fill, as the open message did.
                    let bank = caller.bot.bank();
                    match bank.tournament_computer_players(state.id).await {
                        Ok(0) => {}
                        Ok(seats) => {
                            let filled = tr(
                                caller.locale,
                                "tournament-computers-fill",
                                &[("seats", seats.into())],
                            );
                            text = format!("{text}\n{filled}");
                        }
                        Err(error) => return caller.refuse(&error),
                    }
                }
                Answer::private(text)
            }
            Err(answer) => answer,
        }
    })
    .await
}

/// The live sit & go of the caller's channel, or the refusal to answer.
async fn here(caller: &Caller) -> Result<TournamentState, Answer> {
    match live_in(&caller.bot, caller).await {
        Ok(Some(state)) => Ok(state),
        Ok(None) => Err(caller.refuse(&TournamentRefused::NoneHere)),
        Err(error) => Err(caller.refuse(&error)),
    }
}

async fn live_in(
    bot: &Bot,
    caller: &Caller,
) -> Result<Option<TournamentState>, crate::bank::BankError> {
    Ok(bot.bank().tournaments().await?.into_iter().find(|state| {
        state.is_live() && state.guild == caller.guild && state.channel == caller.table
    }))
}

/// `/join` or `/leave` in a channel with a live sit & go: `then` registers or unregisters
/// the caller. `None` where the channel has none (the command goes to the channel's table
/// instead).
pub(super) async fn registering<F, Fut>(ctx: Context<'_>, what: &str, then: F) -> Option<Outcome>
where
    F: FnOnce(Caller, String, TournamentState) -> Fut,
    Fut: std::future::Future<Output = Answer>,
{
    let state = registering_in(&caller(ctx)?).await?;
    let reference = reference(ctx, what);
    Some(in_guild(ctx, |caller| then(caller, reference, state)).await)
}

/// Registers the caller: the buy-in moves into the prize pool; the last seat starts it.
pub(crate) async fn join(caller: Caller, reference: String, state: TournamentState) -> Answer {
    let bank = caller.bot.bank();
    let entrants = match bank
        .register_tournament(caller.guild, state.id, caller.user, &reference)
        .await
    {
        Ok(entrants) => entrants,
        Err(error) => return caller.refuse(&error),
    };
    let pool = entrants.saturating_mul(state.settings.buy_in);
    let registered = tr(
        caller.public,
        "tournament-registered",
        &[
            ("name", display_name(&caller.name()).into()),
            ("entrants", entrants.into()),
            ("seats", state.seats.into()),
            ("pool", pool.into()),
        ],
    );
    if usize::try_from(entrants).is_ok_and(|entrants| entrants >= state.seats) {
        let started = started(&caller, state.id).await;
        return Answer::public(format!("{registered}\n{}", started.text));
    }
    Answer::public(registered)
}

/// Unregisters the caller before the start, refunding the buy-in; after it, sits them out
/// (nobody leaves with chips: the table checks or folds for them, antes and bring-ins paid).
pub(super) async fn leave(caller: Caller, reference: String, state: TournamentState) -> Answer {
    if matches!(state.phase, TournamentPhase::Running(_)) {
        let sat_out = match caller.bot.lobby().table(caller.table) {
            Ok(table) => table.sit_out(caller.user).await,
            Err(error) => Err(error),
        };
        return match sat_out {
            Ok(()) => Answer::public(format!(
                "{}\n{}",
                render::notice(
                    caller.public,
                    &render::Announcement::SatOut {
                        name: caller.name()
                    }
                ),
                tr(caller.public, "tournament-sat-out", &[])
            )),
            Err(error) => caller.refuse(&error),
        };
    }
    let refund = match caller
        .bot
        .bank()
        .unregister_tournament(caller.guild, state.id, caller.user, &reference)
        .await
    {
        Ok(refund) => refund,
        Err(error) => return caller.refuse(&error),
    };
    Answer::public(tr(
        caller.public,
        "tournament-unregistered",
        &[
            ("name", display_name(&caller.name()).into()),
            ("refund", refund.into()),
        ],
    ))
}

/// The channel's live sit & go: registering, or running (where `/join` and `/leave` are
/// refused: nobody enters late, nobody leaves with chips).
async fn registering_in(caller: &Caller) -> Option<TournamentState> {
    match live_in(&caller.bot, caller).await {
        Ok(state) => state,
        Err(error) => {
            tracing::warn!(%error, "cannot read the channel's sit & go");
            None
        }
    }
}

/// The channel is told the sit & go has started, and its status; its table opens and deals.
async fn started(caller: &Caller, id: TournamentId) -> Answer {
    match caller.bot.lobby().open_sit_and_go(id).await {
        Ok(handle) => {
            if let Err(error) = caller.bot.presenter(&handle).await {
                tracing::warn!(%error, "cannot attach to the sit & go's table");
            }
        }
        Err(error) => tracing::error!(%error, "the sit & go's table did not open"),
    }
    match caller.bot.bank().tournament(id).await {
        Ok(Some(state)) => {
            let pool = state
                .tournament()
                .map_or(0, crate::tournament::Tournament::prize_pool);
            let started = tr(
                caller.public,
                "tournament-started",
                &[
                    ("entrants", state.entrants.len().into()),
                    ("pool", pool.into()),
                ],
            );
            Answer::public(format!(
                "{started}\n{}",
                status_text(&caller.bot, caller.public, &state)
            ))
        }
        Ok(None) => caller.refuse(&crate::bot::refusals::Refused::Failed),
        Err(error) => caller.refuse(&error),
    }
}

/// A member's name, or a computer player's marked 🤖 as at cash tables.
fn name_of(bot: &Bot, user: UserId) -> String {
    let name = display_name(&bot.names().name_or_placeholder(user));
    if user.is_computer() {
        format!("{name} 🤖")
    } else {
        name
    }
}

/// The message of a cancel: every buy-in refunded, or the pool divided by chips.
fn cancelled_text(bot: &Bot, locale: Locale, was_running: bool, paid: &[(UserId, u64)]) -> String {
    if !was_running {
        return tr(locale, "tournament-cancelled-refunded", &[]);
    }
    let mut lines = vec![tr(locale, "tournament-cancelled-divided", &[])];
    for &(user, chips) in paid {
        lines.push(tr(
            locale,
            "tournament-cancel-share",
            &[("name", name_of(bot, user).into()), ("chips", chips.into())],
        ));
    }
    lines.join("\n")
}

/// Entrants, prize pool, structure, payouts and, once started, the standings.
pub fn status_text(bot: &Bot, locale: Locale, state: &TournamentState) -> String {
    let mut lines = status_head(locale, state);
    match state.tournament() {
        None => {
            for &user in &state.entrants {
                lines.push(format!("• {}", name_of(bot, user)));
            }
        }
        Some(tournament) => lines.extend(standing_lines(bot, locale, state, tournament)),
    }
    lines.join("\n")
}

/// The status's first lines: the game, entrants and pool; the structure; the payouts.
fn status_head(locale: Locale, state: &TournamentState) -> Vec<String> {
    let settings = &state.settings;
    let structure = &settings.structure;
    let first = structure.level_at(0).level.stakes;
    let entrants = state.entrants.len();
    let pool = state.buy_ins().unwrap_or(0);
    let payouts = match state.tournament() {
        Some(tournament) => tournament.payout_table().clone(),
        None => settings
            .payouts
            .clone()
            .unwrap_or_else(|| PayoutTable::for_entrants(entrants.max(2))),
    };
    let percentages = payouts
        .percentages()
        .iter()
        .map(|percent| format!("{percent}%"))
        .collect::<Vec<_>>()
        .join(" / ");
    vec![
        tr(
            locale,
            "tournament-status-head",
            &[
                (
                    "game",
                    render::hand_names::game_choice_name(locale, settings.game, 1).into(),
                ),
                ("entrants", entrants.into()),
                ("seats", state.seats.into()),
                ("buy_in", settings.buy_in.into()),
                ("pool", pool.into()),
            ],
        ),
        tr(
            locale,
            "tournament-status-structure",
            &[
                ("stack", structure.starting_stack().into()),
                ("hands", u64::from(structure.level_at(0).level.hands).into()),
                ("ante", first.ante.into()),
                ("bring_in", first.bring_in.into()),
                ("small_bet", first.small_bet.into()),
                ("big_bet", first.big_bet.into()),
            ],
        ),
        tr(
            locale,
            "tournament-status-payouts",
            &[("payouts", percentages.into())],
        ),
    ]
}

/// A started tournament's players by chips (seat order among equals), each still in with
/// their chips or out with their place.
fn standing_lines(
    bot: &Bot,
    locale: Locale,
    state: &TournamentState,
    tournament: &Tournament,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut standing: Vec<(usize, u64)> = tournament.stacks().iter().copied().enumerate().collect();
    standing.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (seat, chips) in standing {
        let Some(user) = state.entrant(seat) else {
            continue;
        };
        let name = name_of(bot, user);
        let finish = tournament
            .finishes()
            .iter()
            .find(|finish| finish.seat == seat);
        lines.push(match finish {
            Some(finish) => tr(
                locale,
                "tournament-standing-out",
                &[("name", name.into()), ("place", finish.place.into())],
            ),
            None => tr(
                locale,
                "tournament-standing-in",
                &[("name", name.into()), ("chips", chips.into())],
            ),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::BankError;

    #[test]
    fn every_tournament_refusal_a_player_can_act_on_has_its_own_words_in_every_language() {
        let id = TournamentId(1);
        let bank = [
            BankError::UnknownTournament { tournament: id },
            BankError::TableOpenInChannel {
                table: crate::ids::TableId(1),
            },
            BankError::TournamentInChannel { tournament: id },
            BankError::BadTournament("stakes".to_owned()),
            BankError::AlreadyRegistered { tournament: id },
            BankError::NotRegistered { tournament: id },
            BankError::TournamentFull {
                tournament: id,
                seats: 6,
            },
            BankError::TournamentStarted { tournament: id },
            BankError::TooFewEntrants {
                tournament: id,
                entrants: 1,
            },
            BankError::TournamentNotRunning { tournament: id },
            BankError::TournamentOver { tournament: id },
        ];
        let ours = [TournamentRefused::NoneHere, TournamentRefused::BadPayouts];
        let every = bank
            .iter()
            .map(|error| error as &dyn Refusal)
            .chain(ours.iter().map(|refused| refused as &dyn Refusal));
        for why in every {
            assert!(!why.is_fault(), "{why}");
            for locale in Locale::ALL {
                let failed = tr(locale, "bot-failed", &[]);
                let text = render::refusal(locale, why, &|_| String::new());
                assert_ne!(text, failed, "{locale}: {why}");
                assert_ne!(text, why.message_id(), "{locale}: {why}");
            }
        }
        let full = render::refusal(Locale::En, &bank[6], &|_| String::new());
        assert_eq!(full, "The sit & go is full (6 seats).");
    }

    #[test]
    fn a_hand_recorded_out_of_turn_is_our_fault_not_the_players() {
        let why = BankError::TournamentHandOutOfTurn {
            tournament: TournamentId(1),
            hand: 3,
            next: 2,
        };
        assert!(why.is_fault());
    }
}
