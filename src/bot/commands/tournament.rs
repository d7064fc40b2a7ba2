//! `/tournament`: open, start and cancel a sit & go (moderators), its status and the results
//! of a finished one (anyone), and a deal among the last players (a player still in); in a
//! channel holding a multi-table event, `cancel` and `status` are the event's, and
//! `schedule`, `pause` and `resume` are only the event's ([`super::event`]);
//! registration through `/join` and `/leave` is [`super::tournament_entry`]'s. Every chip
//! moves in the bank at once; a running sit & go's cancel and deal go through its table,
//! which makes them between hands only. This file only asks and tells; the words are
//! `tournament_text`'s.

use crate::bank::{OpenExtras, PrizeSource, TournamentId, TournamentPhase, TournamentState};
use crate::lobby::{DealOffer, LobbyError, TournamentCancel};
use crate::refusal::Refusal;
use crate::render::tr;
use crate::tournament::{DealKind, PayoutTable, Structure, TournamentSettings};

use super::event::{pause, resume, schedule};
use super::event_computers::computers;
use super::reference;
use super::settings::{Bounded, ComputerSeats, GameChoiceOption, Seats, StructureOption};
use super::tournament_entry::{live_here, started};
use super::tournament_text::{cancelled_text, deal_offer_text, results_text, status_text};
use crate::bot::Context;
use crate::bot::permissions;
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};

/// Where a prize added at the open comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PrizeFromOption {
    #[name = "house"]
    House,
    #[name = "own_balance"]
    OwnBalance,
}

/// How a deal divides the prizes left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum DealOption {
    #[name = "icm"]
    Icm,
    #[name = "chop"]
    Chop,
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
    #[error("an added prize needs prize_from: the house or your own balance")]
    PrizeNeedsSource,
    #[error("a moderator still in the sit & go cannot cancel it")]
    CancelByPlayer,
    #[error("no such finished sit & go here")]
    NoResults,
}

impl Refusal for TournamentRefused {
    fn message_id(&self) -> &'static str {
        match self {
            TournamentRefused::NoneHere => "tournament-none-here",
            TournamentRefused::BadPayouts => "tournament-bad-payouts",
            TournamentRefused::TooManyComputers => "tournament-too-many-computers",
            TournamentRefused::PrizeNeedsSource => "tournament-prize-needs-source",
            TournamentRefused::CancelByPlayer => "tournament-cancel-by-player",
            TournamentRefused::NoResults => "tournament-no-results",
        }
    }
}

#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "open",
        "start",
        "cancel",
        "status",
        "deal",
        "results",
        "schedule",
        "computers",
        "pause",
        "resume"
    ),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Outcome {
    Ok(())
}

#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn open(
    ctx: Context<'_>,
    game: GameChoiceOption,
    seats: Bounded<Seats>,
    #[min = 0] buy_in: u64,
    structure: StructureOption,
    levels: Option<String>,
    #[min = 1]
    #[max = 100]
    hands_per_level: Option<u32>,
    payouts: Option<String>,
    computer_players: Option<Bounded<ComputerSeats>>,
    #[min = 0] prize: Option<u64>,
    prize_from: Option<PrizeFromOption>,
) -> Outcome {
    let seats = seats.0;
    let reference = reference(ctx, "tournament-open");
    let computers = computer_players.map_or(0, |computers| computers.0);
    // What the bot may do in this channel, as Discord says with the interaction: no buy-in
    // is taken for a sit & go whose boards the channel would refuse.
    let missing = permissions::missing_at_open(ctx, false);
    in_guild(ctx, |caller| async move {
        if !missing.is_empty() {
            return missing_permissions(&caller, &missing);
        }
        if computers >= seats {
            return caller.refuse(&TournamentRefused::TooManyComputers);
        }
        // Computer entrants' buy-ins come from the house: the server's staff only.
        if computers > 0
            && let Some(refused) = crate::bot::rights::refuse_unless_staff(ctx, &caller).await
        {
            return refused;
        }
        let payouts = match payouts.as_deref().map(PayoutTable::parse).transpose() {
            Ok(payouts) => payouts,
            Err(_) => return caller.refuse(&TournamentRefused::BadPayouts),
        };
        let structure =
            match Structure::chosen(structure.kind(), hands_per_level, levels.as_deref()) {
                Ok(structure) => structure,
                Err(error) => return caller.refuse(&error),
            };
        let added_prize = prize.unwrap_or(0);
        let added_by = match (added_prize, prize_from) {
            (0, _) => None,
            (_, Some(PrizeFromOption::House)) => Some(PrizeSource::House),
            (_, Some(PrizeFromOption::OwnBalance)) => Some(PrizeSource::Member(caller.user)),
            (_, None) => return caller.refuse(&TournamentRefused::PrizeNeedsSource),
        };
        // The betting rules are fixed now, from the operator's config as it is at the open.
        let settings = TournamentSettings {
            payouts,
            rules: caller.bot.config().table.rules,
            added_prize,
            ..TournamentSettings::new(game.0, structure, buy_in)
        };
        let extras = OpenExtras {
            computer_players: usize::from(computers),
            added_by,
        };
        open_and_answer(&caller, seats, settings, extras, computers, &reference).await
    })
    .await
}

/// Opens the sit & go with `seats` seats and `settings` in the caller's channel: the
/// channel's answer (its status and Register button), or the refusal.
async fn open_and_answer(
    caller: &Caller,
    seats: u8,
    settings: TournamentSettings,
    extras: OpenExtras,
    computers: u8,
    reference: &str,
) -> Answer {
    let bank = caller.bot.bank();
    let opened = bank
        .open_tournament_with(
            caller.guild,
            caller.table,
            usize::from(seats),
            settings,
            extras,
            reference,
        )
        .await;
    let id = match opened {
        Ok(id) => id,
        Err(error) => return caller.refuse(&error),
    };
    match bank.tournament(id).await {
        Ok(Some(state)) => opened_answer(caller, &state, computers),
        Ok(None) => caller.refuse(&crate::bot::refusals::Refused::Failed),
        Err(error) => caller.refuse(&error),
    }
}

/// The channel's answer to a sit & go just opened: its status, the computer players who fill
/// `computers` of its seats, and the button to register.
fn opened_answer(caller: &Caller, state: &TournamentState, computers: u8) -> Answer {
    let mut opened = tr(caller.public, "tournament-opened", &[]);
    if computers > 0 {
        let filled = tr(
            caller.public,
            "tournament-computers-fill",
            &[
                ("seats", computers.into()),
                ("buy_in", state.settings.buy_in.into()),
            ],
        );
        opened = format!("{opened}\n{filled}");
    }
    let register = crate::bot::custom_id::ButtonId::Register {
        tournament: state.id.0,
    };
    Answer::public(format!(
        "{opened}\n{}",
        status_text(&caller.bot, caller.public, state, computers.into())
    ))
    .with_button(
        register.encode(),
        tr(caller.public, "tournament-register-button", &[]),
    )
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn start(ctx: Context<'_>) -> Outcome {
    let reference = reference(ctx, "tournament-start");
    let missing = permissions::missing_at_open(ctx, false);
    in_guild(ctx, |caller| async move {
        if !missing.is_empty() {
            return missing_permissions(&caller, &missing);
        }
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

// Cancels the channel's sit & go (docs/RULES.md, "Cancelling"): before the start every
// buy-in goes back; a running one is cancelled between hands, its hand in play played to
// its end first. A moderator still in it cannot: another moderator can, or the players
// left can agree a deal.
#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn cancel(ctx: Context<'_>) -> Outcome {
    let reference = reference(ctx, "tournament-cancel");
    in_guild(ctx, |caller| async move {
        match crate::bot::events::entry::live_here(&caller).await {
            Ok(Some(event)) => return super::event::cancel(&caller, event, &reference).await,
            Ok(None) => {}
            Err(refused) => return refused,
        }
        let state = match here(&caller).await {
            Ok(state) => state,
            Err(answer) => return answer,
        };
        let TournamentPhase::Running(running) = &state.phase else {
            return match caller
                .bot
                .bank()
                .cancel_tournament(caller.guild, state.id, &reference)
                .await
            {
                Ok(_) => Answer::public(tr(caller.public, "tournament-cancelled-refunded", &[])),
                Err(error) => caller.refuse(&error),
            };
        };
        let still_in = state
            .seat_of(caller.user)
            .is_some_and(|seat| running.players_left().contains(&seat));
        if still_in {
            return caller.refuse(&TournamentRefused::CancelByPlayer);
        }
        let through_table = match super::table_of(&caller).await {
            Ok(table) => table.cancel_tournament(&reference).await,
            Err(error) => Err(error),
        };
        let cancelled = match through_table {
            // No table deals it (it could not open, or its task ended meanwhile: the sit & go
            // ended, or the bot is stopping): the bank says what is left to cancel.
            Err(LobbyError::NoSuchTable { .. } | LobbyError::TableClosed { .. }) => caller
                .bot
                .bank()
                .cancel_tournament(caller.guild, state.id, &reference)
                .await
                .map(|paid| TournamentCancel::Cancelled {
                    refunded: running.finishes().is_empty(),
                    paid,
                })
                .map_err(LobbyError::from),
            other => other,
        };
        match cancelled {
            Ok(TournamentCancel::Cancelled { refunded, paid }) => {
                Answer::public(cancelled_text(&caller.bot, caller.public, refunded, &paid))
            }
            Ok(TournamentCancel::AfterHand) => {
                Answer::public(tr(caller.public, "tournament-cancel-waits", &[]))
            }
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

#[poise::command(slash_command, guild_only)]
pub async fn status(ctx: Context<'_>) -> Outcome {
    in_guild(ctx, |caller| async move {
        match crate::bot::events::entry::live_here(&caller).await {
            Ok(Some(event)) => return super::event::status(&caller, event).await,
            Ok(None) => {}
            Err(refused) => return refused,
        }
        match live_here(&caller).await {
            Ok(Some(state)) => return sit_and_go_status(&caller, &state).await,
            Ok(None) => {}
            Err(refused) => return refused,
        }
        // In a table's thread of a live event, that event.
        if let Some(event) = live_event_of_thread(&caller).await {
            return super::event::status(&caller, event).await;
        }
        // Over, an event's results are shown in its channel and its threads until another
        // event or sit & go takes the channel.
        match caller.bot.bank().last_event_over_in(caller.table).await {
            Ok(Some(event)) if event.guild == caller.guild => {
                super::event::status(&caller, event).await
            }
            Ok(_) => caller.refuse(&TournamentRefused::NoneHere),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

/// The live event of the guild one of whose tables plays in the caller's channel (a thread).
async fn live_event_of_thread(caller: &Caller) -> Option<crate::bank::EventRecord> {
    let bank = caller.bot.bank();
    let live = bank.live_events_of(caller.guild).await.ok()?;
    for record in live {
        let threads = bank.event_channels(record.id).await.ok()?;
        if threads.values().any(|&thread| thread == caller.table) {
            return Some(record);
        }
    }
    None
}

/// The status of the sit & go live here.
async fn sit_and_go_status(caller: &Caller, state: &TournamentState) -> Answer {
    // Before the start the entrants list shows no computer yet: say how many seats they
    // may fill, as the open message did.
    let computers = if state.tournament().is_none() {
        match caller
            .bot
            .bank()
            .tournament_computer_players(state.id)
            .await
        {
            Ok(seats) => seats,
            Err(error) => return caller.refuse(&error),
        }
    } else {
        0
    };
    let mut text = status_text(&caller.bot, caller.locale, state, computers);
    if computers > 0 {
        let filled = tr(
            caller.locale,
            "tournament-computers-fill",
            &[
                ("seats", computers.into()),
                ("buy_in", state.settings.buy_in.into()),
            ],
        );
        text = format!("{text}\n{filled}");
    }
    Answer::private(text)
}

// A player still in proposes a deal to the players left (two to four), between hands: the
// channel sees the amounts, and each player left accepts or declines with the buttons.
#[poise::command(slash_command, guild_only)]
pub async fn deal(ctx: Context<'_>, kind: DealOption) -> Outcome {
    let reference = reference(ctx, "tournament-deal");
    let kind = match kind {
        DealOption::Icm => DealKind::Icm,
        DealOption::Chop => DealKind::ChipChop,
    };
    in_guild(ctx, |caller| async move {
        let state = match here(&caller).await {
            Ok(state) => state,
            Err(answer) => return answer,
        };
        if !matches!(state.phase, TournamentPhase::Running(_)) {
            return caller.refuse(&crate::bank::BankError::TournamentNotRunning {
                tournament: state.id,
            });
        }
        let offered = match super::table_of(&caller).await {
            Ok(table) => table.propose_deal(caller.user, kind, &reference).await,
            Err(error) => Err(error),
        };
        match offered {
            Ok(offer) => deal_answer(&caller, &offer),
            Err(error) => caller.refuse(&error),
        }
    })
    .await
}

/// The channel's message of a deal proposed: the amounts, and the buttons to answer it.
fn deal_answer(caller: &Caller, offer: &DealOffer) -> Answer {
    let text = deal_offer_text(&caller.bot, caller.public, caller.user, offer);
    if offer.made {
        return Answer::public(text);
    }
    let button = |accept: bool| {
        crate::bot::custom_id::ButtonId::Deal {
            tournament: offer.tournament.0,
            number: offer.number,
            accept,
        }
        .encode()
    };
    Answer::public(text)
        .with_button(
            button(true),
            tr(caller.public, "tournament-deal-accept", &[]),
        )
        .with_button(
            button(false),
            tr(caller.public, "tournament-deal-decline", &[]),
        )
}

// A finished (or cancelled) sit & go's places, prizes and hands: `number`'s, or the
// channel's last.
#[poise::command(slash_command, guild_only)]
pub async fn results(ctx: Context<'_>, #[min = 1] number: Option<u64>) -> Outcome {
    in_guild(ctx, |caller| async move {
        // One record, by its number or by the channel's last over: never every record.
        let bank = caller.bot.bank();
        let found = match number {
            Some(number) => bank.tournament(TournamentId(number)).await,
            None => bank.last_tournament_over_in(caller.table).await,
        };
        let found = match found {
            Ok(found) => found.filter(|state| !state.is_live() && state.guild == caller.guild),
            Err(error) => return caller.refuse(&error),
        };
        match found {
            Some(state) => Answer::private(results_text(&caller.bot, caller.locale, &state)),
            None => caller.refuse(&TournamentRefused::NoResults),
        }
    })
    .await
}

/// The refusal of `/tournament open` or `start` where the bot lacks `missing` in the channel.
fn missing_permissions(caller: &Caller, missing: &[&permissions::Needed]) -> Answer {
    Answer::private(permissions::refusal(
        caller.locale,
        "tournament-missing-permissions",
        missing,
    ))
}

/// The live sit & go of the caller's channel, or the refusal to answer.
async fn here(caller: &Caller) -> Result<TournamentState, Answer> {
    match live_here(caller).await {
        Ok(Some(state)) => Ok(state),
        Ok(None) => Err(caller.refuse(&TournamentRefused::NoneHere)),
        Err(refused) => Err(refused),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::BankError;
    use crate::render::{self, Locale};
    use crate::tournament::StructureKind;

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
            BankError::PayoutPlaces {
                places: 3,
                entrants: 3,
            },
            BankError::NotStillIn { tournament: id },
            BankError::DealPlayers { left: 5 },
            BankError::DealPending { tournament: id },
            BankError::NoSuchDeal { tournament: id },
        ];
        let ours = [
            TournamentRefused::NoneHere,
            TournamentRefused::BadPayouts,
            TournamentRefused::TooManyComputers,
            TournamentRefused::PrizeNeedsSource,
            TournamentRefused::CancelByPlayer,
            TournamentRefused::NoResults,
        ];
        let structures = [
            crate::tournament::Structure::chosen(StructureKind::Custom, None, None),
            crate::tournament::Structure::chosen(StructureKind::Custom, None, Some("1/2/5")),
            crate::tournament::Structure::chosen(StructureKind::Custom, None, Some("1/2/5/10x0")),
            crate::tournament::Structure::chosen(StructureKind::Turbo, Some(101), None),
            crate::tournament::Structure::chosen(StructureKind::Turbo, None, Some("1/2/5/10")),
            crate::tournament::Structure::chosen(
                StructureKind::Custom,
                None,
                Some("1/2/5/10x3, 2/12/10/20x3"),
            ),
        ]
        .map(|refused| refused.expect_err("refused"));
        let lobby = [LobbyError::DealDuringHand, LobbyError::SitAndGoEnding];
        let every = bank
            .iter()
            .map(|error| error as &dyn Refusal)
            .chain(ours.iter().map(|refused| refused as &dyn Refusal))
            .chain(structures.iter().map(|refused| refused as &dyn Refusal))
            .chain(lobby.iter().map(|refused| refused as &dyn Refusal));
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
        let broken = render::refusal(Locale::En, &structures[5], &|_| String::new());
        assert!(broken.contains("Level 2"), "{broken}");
        assert!(broken.contains("bring-in (12)"), "{broken}");
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
