//! `/tournament computers count:N` (the server's staff): enters N computer players into the
//! multi-table event of this channel, their buy-ins paid by the guild's house as a sit & go's
//! computer seats are. Before the start it is one bank transaction
//! (`Bank::enter_event_computers`: all N or none); during late registration each goes
//! through the event's coordinator (`Lobby::enter_event`), which seats it, once the whole
//! field and the house's chips have been checked. Refused privately, changing nothing:
//! another member, no event here, an event scheduled without computer players, no computer
//! asked for, more than the cap leaves room for, registration closed or the event over, the
//! house short. The event's message counts them as it counts people; they play as the
//! event's computer seats do.

use crate::bank::{BankError, EventPhase, EventRecord, UserId, free_computers};
use crate::bot::Context;
use crate::bot::events::entry::{self, Asked, EventRefused};
use crate::bot::reply::{Answer, Caller, Outcome, in_guild};
use crate::lobby::LobbyError;
use crate::refusal::Refusal;
use crate::render::{escape_markdown, tr};
use crate::tournament::multi::Event;

/// What `/tournament computers` refuses in its own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ComputersRefused {
    #[error("enter at least one computer player")]
    NoneAsked,
    #[error("only {room} more entries fit under the cap of {cap}")]
    PastCap { room: u64, cap: u64 },
    #[error("the house cannot pay {count} buy-ins ({needed} chips): it holds {held}")]
    HouseShort {
        count: u64,
        needed: u64,
        held: u64,
        mint_left: u64,
    },
}

impl Refusal for ComputersRefused {
    fn message_id(&self) -> &'static str {
        match self {
            ComputersRefused::NoneAsked => "event-computers-none-asked",
            ComputersRefused::PastCap { .. } => "event-computers-past-cap",
            ComputersRefused::HouseShort { .. } => "event-computers-house-short",
        }
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        match *self {
            ComputersRefused::NoneAsked => Vec::new(),
            ComputersRefused::PastCap { room, cap } => vec![("room", room), ("cap", cap)],
            ComputersRefused::HouseShort {
                count,
                needed,
                held,
                mint_left,
            } => vec![
                ("count", count),
                ("needed", needed),
                ("held", held),
                ("left", mint_left),
            ],
        }
    }
}

#[poise::command(slash_command, guild_only, check = "crate::bot::checks::moderator")]
pub async fn computers(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 256]
    count: u64,
) -> Outcome {
    let reference = super::reference(ctx, "event-computers");
    in_guild(ctx, |caller| async move {
        // Their buy-ins come from the house: the server's staff only.
        if let Some(refused) = crate::bot::rights::refuse_unless_staff(ctx, &caller).await {
            return refused;
        }
        let record = match entry::live_here(&caller).await {
            Ok(Some(record)) => record,
            Ok(None) => return caller.refuse(&EventRefused::NoneHere),
            Err(refused) => return refused,
        };
        enter_and_answer(&caller, record, count, &reference).await
    })
    .await
}

/// Checks what can be checked before a chip moves, enters the computers, and answers.
async fn enter_and_answer(
    caller: &Caller,
    record: EventRecord,
    count: u64,
    reference: &str,
) -> Answer {
    let bank = caller.bot.bank();
    match bank.event_notes(record.id).await {
        Ok(notes) if notes.computers_allowed => {}
        Ok(_) => {
            return caller.refuse(&BankError::ComputersNotAllowed {
                tournament: record.id,
            });
        }
        Err(error) => return caller.refuse(&error),
    }
    let asked = match usize::try_from(count) {
        Ok(asked) if asked > 0 => asked,
        _ => return caller.refuse(&ComputersRefused::NoneAsked),
    };
    if let Err(refused) = room_for(&record, asked) {
        return caller.refuse(&refused);
    }
    if let Err(why) = takes_entries(&record, asked) {
        return refuse(caller, &record, asked, &why.into());
    }
    if let Err(refused) = house_pays(caller, &record, count).await {
        return refused;
    }
    let entered = match &record.phase {
        EventPhase::Scheduled => register(caller, &record, asked, reference).await,
        EventPhase::Running(event) => enter_late(caller, &record, event, asked, reference).await,
        EventPhase::Finished(_) | EventPhase::Cancelled { .. } => {
            return caller.refuse(&EventRefused::Over);
        }
    };
    caller.bot.event_changed(record.id);
    match entered {
        Entered::All { entries } => entered_answer(caller, &record, asked, entries),
        Entered::Partly { entered: 0, why } => refuse(caller, &record, asked, &why),
        Entered::Partly { entered, why } => {
            let partly = tr(
                caller.locale,
                "event-computers-entered-partly",
                &[
                    ("name", escape_markdown(&record.name).into()),
                    ("entered", entered.into()),
                    ("count", asked.into()),
                ],
            );
            let why = refuse(caller, &record, asked, &why).text;
            Answer::private(format!("{partly}\n{why}"))
        }
    }
}

/// What came of the entries: all of them (with the entries the event counts now), or the
/// first `entered` before `why` stopped the rest.
enum Entered {
    All { entries: u64 },
    Partly { entered: usize, why: LobbyError },
}

/// The entries the event has so far, before its start or after.
fn entries_so_far(record: &EventRecord) -> usize {
    match &record.phase {
        EventPhase::Running(event) => event.entries().len(),
        _ => record.registered.len(),
    }
}

/// Refuses `asked` more entries past the event's cap.
fn room_for(record: &EventRecord, asked: usize) -> Result<(), ComputersRefused> {
    let cap = record.settings.max_entries();
    let room = cap.saturating_sub(entries_so_far(record));
    if asked > room {
        let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        return Err(ComputersRefused::PastCap {
            room: count(room),
            cap: count(cap),
        });
    }
    Ok(())
}

/// Refuses when the house, with all the mint may still give it, cannot pay `count` buy-ins
/// (the bank checks it again in the transaction that pays them).
async fn house_pays(caller: &Caller, record: &EventRecord, count: u64) -> Result<(), Answer> {
    let buy_in = record.settings.buy_in;
    if buy_in == 0 {
        return Ok(());
    }
    let house = caller
        .bot
        .bank()
        .house_stats(caller.guild)
        .await
        .map_err(|error| caller.refuse(&error))?;
    let needed = buy_in.saturating_mul(count);
    let mint_left = house.mint_limit.saturating_sub(house.minted);
    if needed > house.balance.saturating_add(mint_left) {
        return Err(caller.refuse(&ComputersRefused::HouseShort {
            count,
            needed,
            held: house.balance,
            mint_left,
        }));
    }
    Ok(())
}

/// Before the start: every computer registered in one transaction, or none. An event that
/// started meanwhile takes them as late entries, if it still takes entries.
async fn register(caller: &Caller, record: &EventRecord, asked: usize, reference: &str) -> Entered {
    let bank = caller.bot.bank();
    match bank
        .enter_event_computers(caller.guild, record.id, asked, reference)
        .await
    {
        Ok(entries) => Entered::All { entries },
        Err(BankError::TournamentStarted { .. }) => match bank.event(record.id).await {
            Ok(Some(now)) => match &now.phase {
                EventPhase::Running(event) => {
                    enter_late(caller, &now, event, asked, reference).await
                }
                _ => Entered::Partly {
                    entered: 0,
                    why: BankError::TournamentOver {
                        tournament: record.id,
                    }
                    .into(),
                },
            },
            Ok(None) => Entered::Partly {
                entered: 0,
                why: BankError::TournamentOver {
                    tournament: record.id,
                }
                .into(),
            },
            Err(error) => Entered::Partly {
                entered: 0,
                why: error.into(),
            },
        },
        Err(error) => Entered::Partly {
            entered: 0,
            why: error.into(),
        },
    }
}

/// During late registration: the lowest computer numbers never entered, each seated by the
/// event's coordinator (one bank transaction each, its reference the command's and its
/// place, so a retry enters each once). The field's cap and the house were checked first;
/// the first computer is asked whether the event still takes entries before any is entered.
async fn enter_late(
    caller: &Caller,
    record: &EventRecord,
    event: &Event,
    asked: usize,
    reference: &str,
) -> Entered {
    let computers = match late_computers(record, event, asked) {
        Ok(computers) => computers,
        Err(why) => {
            return Entered::Partly {
                entered: 0,
                why: why.into(),
            };
        }
    };
    let lobby = caller.bot.lobby();
    let mut entries = u64::try_from(event.entries().len()).unwrap_or(u64::MAX);
    for (place, computer) in computers.into_iter().enumerate() {
        let reference = format!("{reference}:computer:{place}");
        if let Err(why) = lobby.enter_event(record.id, computer, &reference).await {
            return Entered::Partly {
                entered: place,
                why,
            };
        }
        entries = entries.saturating_add(1);
    }
    Entered::All { entries }
}

/// Refuses what the event refuses before any chip moves: an event over, registration
/// closed, the computer numbers run out (the bank checks all again as it enters them).
fn takes_entries(record: &EventRecord, asked: usize) -> Result<(), BankError> {
    match &record.phase {
        EventPhase::Scheduled => Ok(()),
        EventPhase::Running(event) => late_computers(record, event, asked).map(|_| ()),
        EventPhase::Finished(_) | EventPhase::Cancelled { .. } => Err(BankError::TournamentOver {
            tournament: record.id,
        }),
    }
}

/// The `asked` computers a running event would take now: the lowest numbers never entered,
/// the first of them asked whether the event still takes entries at the bank's clock.
fn late_computers(
    record: &EventRecord,
    event: &Event,
    asked: usize,
) -> Result<Vec<UserId>, BankError> {
    let taken: Vec<UserId> = event.entries().iter().map(|entry| entry.user).collect();
    let computers = free_computers(&taken, asked).ok_or(BankError::TooManyComputers {
        most: UserId::COMPUTERS,
    })?;
    if let Some(&first) = computers.first() {
        event
            .can_enter(first, record.clock)
            .map_err(|error| crate::bank::event_refusal_of(record.id, error))?;
    }
    Ok(computers)
}

/// The moderator's answer: how many entered, what the house paid, the entries now.
fn entered_answer(caller: &Caller, record: &EventRecord, asked: usize, entries: u64) -> Answer {
    let count = u64::try_from(asked).unwrap_or(u64::MAX);
    let paid = record.settings.buy_in.saturating_mul(count);
    Answer::private(tr(
        caller.locale,
        "event-computers-entered",
        &[
            ("name", escape_markdown(&record.name).into()),
            ("count", count.into()),
            ("paid", paid.into()),
            ("entries", entries.into()),
        ],
    ))
}

/// The refusal in the words of this command where it has its own, else an event's.
fn refuse(caller: &Caller, record: &EventRecord, asked: usize, why: &LobbyError) -> Answer {
    let LobbyError::Bank { reason } = why else {
        return caller.refuse(why);
    };
    match *reason {
        BankError::TournamentFull { .. } => match room_for(record, asked) {
            Err(refused) => caller.refuse(&refused),
            Ok(()) => entry::refuse(caller, why, Asked::Enter),
        },
        BankError::HouseDry {
            needed,
            held,
            mint_left,
        } => caller.refuse(&ComputersRefused::HouseShort {
            count: u64::try_from(asked).unwrap_or(u64::MAX),
            needed,
            held,
            mint_left,
        }),
        _ => entry::refuse(caller, why, Asked::Enter),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::TournamentId;
    use crate::render::{self, Locale};

    #[test]
    fn every_computers_refusal_has_its_own_words_in_every_language() {
        let ours = [
            ComputersRefused::NoneAsked,
            ComputersRefused::PastCap { room: 0, cap: 5 },
            ComputersRefused::PastCap { room: 1, cap: 5 },
            ComputersRefused::HouseShort {
                count: 3,
                needed: 300,
                held: 20,
                mint_left: 0,
            },
        ];
        let bank = [
            BankError::ComputersNotAllowed {
                tournament: TournamentId(4),
            },
            BankError::TooManyComputers { most: 256 },
        ];
        let every = ours
            .iter()
            .map(|why| why as &dyn Refusal)
            .chain(bank.iter().map(|why| why as &dyn Refusal));
        for why in every {
            assert!(!why.is_fault(), "{why}");
            for locale in Locale::ALL {
                let text = render::refusal(locale, why, &|_| String::new());
                assert_ne!(text, tr(locale, "bot-failed", &[]), "{locale}: {why}");
                assert_ne!(text, why.message_id(), "{locale}: {why}");
                assert!(!text.contains('{'), "{locale}: {text}");
            }
        }
        let full = render::refusal(Locale::En, &ours[1], &|_| String::new());
        assert_eq!(
            full,
            "The event is full (at most 5 in all). No computer player was entered."
        );
        let short = render::refusal(Locale::En, &ours[3], &|_| String::new());
        assert!(short.contains("it holds 20"), "{short}");
    }
}
