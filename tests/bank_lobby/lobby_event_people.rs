//! People at a multi-table event's tables (#41): each table is the lobby's table actor, and
//! a person plays their seat through the same commands as at a cash table or a sit & go,
//! in the channel of the table they sit at. A person acts on their turn and the hand is
//! recorded with their action; one who does nothing is checked or folded for on their
//! timer and the event goes on; one moved acts at the new table and not at the old; an
//! action out of turn or in another table's channel is refused and changes nothing; a
//! restart in the middle of hands with people at two tables deals them again from their
//! start and pays nothing twice.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{TableId, TournamentId, UserId};
use studbot::lobby::event::{EventHandle, EventNotice};
use studbot::lobby::{
    HandSummary, Lobby, LobbyError, NoticeBody, NoticeReceiver, SitOutReason, TableHandle,
    TableMessage, TurnOffer,
};
use studbot::table::hand::{ActionKind, Event};
use studbot::tournament::Structure;
use studbot::tournament::multi::EventSettings;
use tokio::sync::broadcast;

use crate::event_common::*;
use crate::lobby_common::*;
// The event tests' own `until` (a second at a time, gathering notices), not the lobby's.
use crate::event_common::until;

/// A table of the event as a person's test watches it through the lobby.
pub(crate) struct Watched {
    table: TableHandle,
    notices: NoticeReceiver,
}

/// A person at the event, played by the test.
pub(crate) struct Person {
    pub(crate) user: UserId,
    /// Every table of the event, watched from its first hand: a person moved is offered
    /// their first turn at the new table before the test reads of the move.
    tables: BTreeMap<TableId, Watched>,
    /// The table they were last seated or dealt at.
    pub(crate) at: Option<TableId>,
    /// Each turn offered them: the table's channel and the offer.
    pub(crate) turns: Vec<(TableId, TurnOffer)>,
    /// Each action they took: the channel, the hand and the action.
    pub(crate) acted: Vec<(TableId, u64, ActionKind)>,
    /// The results of the hands they were dealt, by channel.
    pub(crate) results: Vec<(TableId, HandSummary)>,
    /// Every other notice of their tables, by channel.
    pub(crate) seen: Vec<(TableId, NoticeBody)>,
}

impl Person {
    pub(crate) fn new(user: UserId) -> Person {
        Person {
            user,
            tables: BTreeMap::new(),
            at: None,
            turns: Vec::new(),
            acted: Vec::new(),
            results: Vec::new(),
            seen: Vec::new(),
        }
    }

    pub(crate) fn channel(&self) -> Option<TableId> {
        self.at
    }

    /// The result of hand `hand` at `channel`, once told.
    pub(crate) fn result(&self, channel: TableId, hand: u64) -> Option<&HandSummary> {
        self.results
            .iter()
            .find(|(at, summary)| *at == channel && summary.hand == hand)
            .map(|(_, summary)| summary)
    }
}

/// How the test answers a person's turn: an action, or nothing (their timer acts).
pub(crate) type Answer = fn(&TurnOffer) -> Option<ActionKind>;

pub(crate) fn passively(offer: &TurnOffer) -> Option<ActionKind> {
    Some(passive(offer))
}

pub(crate) fn never(_: &TurnOffer) -> Option<ActionKind> {
    None
}

/// The event's notices and what the test gathered of them.
pub(crate) struct Watch {
    pub(crate) notices: broadcast::Receiver<EventNotice>,
    pub(crate) told: Told,
}

/// Moves the clock a second at a time: gathers the event's notices, follows each person to
/// the table they are dealt at (subscribing in its channel), answers their turns, until
/// `done` holds.
pub(crate) async fn drive(
    lobby: &Lobby,
    watch: &mut Watch,
    people: &mut [Person],
    answer: Answer,
    what: &str,
    done: impl Fn(&Told, &[Person]) -> bool,
) {
    for _ in 0..2_000_000u32 {
        while let Ok(notice) = watch.notices.try_recv() {
            if let EventNotice::Halted { reason } = &notice {
                panic!("the coordinator halted: {reason}");
            }
            // Each person watches every table from its first hand, and sits at the one
            // that seats them or deals them in.
            let seated = match &notice {
                EventNotice::HandDealt { channel, dealt, .. } => Some((*channel, dealt.clone())),
                EventNotice::Moved { user, channel, .. } => Some((*channel, vec![*user])),
                _ => None,
            };
            if let Some((channel, dealt)) = &seated {
                for person in people.iter_mut() {
                    if !person.tables.contains_key(channel)
                        && let Ok(table) = lobby.table(*channel)
                    {
                        let notices = table.subscribe().await.unwrap();
                        person.tables.insert(*channel, Watched { table, notices });
                    }
                    if dealt.contains(&person.user) {
                        person.at = Some(*channel);
                    }
                }
            }
            watch.told.notices.push(notice);
        }
        for person in people.iter_mut() {
            play_turns(person, answer).await;
        }
        if done(&watch.told, people) {
            return;
        }
        deadline(what, advance(Duration::from_secs(1))).await;
        tokio::task::yield_now().await;
    }
    panic!("no end to waiting for {what}");
}

/// Reads what the event's tables told and answers the person's turns; keeps what their
/// own table told.
pub(crate) async fn play_turns(person: &mut Person, answer: Answer) {
    for (&channel, watched) in &mut person.tables {
        while let Ok(notice) = watched.notices.try_recv() {
            if let Some(refusal) = bank_refusal(&notice.body) {
                panic!("{refusal}");
            }
            match notice.body {
                NoticeBody::YourTurn(offer) if offer.user == person.user => {
                    person.at = Some(channel);
                    person.turns.push((channel, (*offer).clone()));
                    if let Some(kind) = answer(&offer) {
                        watched
                            .table
                            .act_on(person.user, offered_turn(&offer), kind)
                            .await
                            .expect("the person's action on their turn is taken");
                        person.acted.push((channel, offer.hand, kind));
                    }
                }
                NoticeBody::HandResult(summary) if summary.players.contains(&person.user) => {
                    person.results.push((channel, *summary));
                }
                body if person.at == Some(channel) => person.seen.push((channel, body)),
                _ => {}
            }
        }
    }
}

/// An event of `people` and `computers` computers at tables of `table_size`, started.
pub(crate) async fn event_with_people(
    fixture: &EventFixture,
    people: &[UserId],
    computers: u64,
    table_size: usize,
) -> (TournamentId, EventHandle, Watch, Starts) {
    event_with_people_on(fixture, people, computers, settings_for(table_size)).await
}

/// Three big bets deep: players bust within a few hands, so tables soon break.
pub(crate) fn short_stacked(table_size: usize) -> EventSettings {
    let mut settings = settings_for(table_size);
    let levels = settings.structure.levels().to_vec();
    let big_bet = levels[0].stakes.big_bet;
    settings.structure = Structure::new(3 * big_bet, levels).unwrap();
    settings
}

pub(crate) async fn event_with_people_on(
    fixture: &EventFixture,
    people: &[UserId],
    computers: u64,
    settings: EventSettings,
) -> (TournamentId, EventHandle, Watch, Starts) {
    let mut entrants = people.to_vec();
    entrants.extend(players(computers));
    let id = scheduled_with(&fixture.bank, &entrants, settings).await;
    let starts = balances_of(&fixture.bank, people).await;
    let event = fixture
        .lobby
        .open_event(id, Arc::new(TABLES))
        .await
        .unwrap();
    let watch = Watch {
        notices: event.subscribe(),
        told: Told::default(),
    };
    (id, event, watch, starts)
}

pub(crate) fn recorded(told: &Told, channel: TableId, hand: u64) -> bool {
    told.notices.iter().any(|notice| {
        matches!(notice, EventNotice::HandRecorded { channel: at, number, .. }
            if *at == channel && *number == hand)
    })
}

/// Whether `summary` holds an action of `user`'s seat that `pick` accepts.
pub(crate) fn acted_in(
    summary: &HandSummary,
    user: UserId,
    pick: impl Fn(ActionKind) -> bool,
) -> bool {
    let Some(seat) = summary.players.iter().position(|&player| player == user) else {
        return false;
    };
    summary.public_events.iter().any(|event| {
        matches!(event, Event::Acted { seat: acted, kind, .. } if *acted == seat && pick(*kind))
    })
}

pub(crate) const PERSON: UserId = UserId(7_001);

async fn a_person_at_an_event_table_acts_on_their_turn_and_the_hand_records_their_action(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (_, _event, mut watch, _) = event_with_people(&fixture, &[PERSON], 8, 5).await;
    let mut people = [Person::new(PERSON)];
    drive(
        &fixture.lobby,
        &mut watch,
        &mut people,
        passively,
        "the person's action told in a result",
        |told, people| {
            people[0].acted.iter().any(|&(channel, hand, _)| {
                people[0].result(channel, hand).is_some() && recorded(told, channel, hand)
            })
        },
    )
    .await;
    let person = &people[0];
    let (channel, hand, kind) = person
        .acted
        .iter()
        .copied()
        .find(|&(channel, hand, _)| person.result(channel, hand).is_some())
        .unwrap();
    let summary = person.result(channel, hand).unwrap();
    assert!(
        acted_in(summary, PERSON, |acted| acted == kind),
        "the hand recorded the person's {kind:?}: {:?}",
        summary.public_events
    );
}

async fn a_person_who_does_nothing_is_checked_or_folded_on_their_timer_and_the_event_goes_on(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (_, event, mut watch, _) = event_with_people(&fixture, &[PERSON], 8, 5).await;
    let mut people = [Person::new(PERSON)];
    drive(
        &fixture.lobby,
        &mut watch,
        &mut people,
        never,
        "a hand recorded after the person's first turn",
        |told, people| {
            let Some((channel, first)) = people[0].turns.first().map(|(c, o)| (*c, o.hand)) else {
                return false;
            };
            people[0].result(channel, first).is_some() && recorded(told, channel, first + 1)
        },
    )
    .await;
    let person = &people[0];
    assert!(person.acted.is_empty(), "the test never acted for them");
    let (channel, offer) = &person.turns[0];
    let summary = person.result(*channel, offer.hand).unwrap();
    assert!(
        acted_in(summary, PERSON, |kind| matches!(
            kind,
            ActionKind::Fold | ActionKind::Check | ActionKind::BringIn
        )),
        "their timer checked or folded for them: {:?}",
        summary.public_events
    );
    assert!(
        person.seen.iter().any(|(_, body)| matches!(
            body,
            NoticeBody::Table(TableMessage::SatOut { user, reason: SitOutReason::TimedOut })
                if *user == PERSON
        )),
        "told they sit out"
    );
    assert!(!event.is_finished(), "the event plays on");
}

async fn a_person_moved_to_another_table_acts_there_and_not_at_the_old_one(store: TestStore) {
    let fixture = event_fixture(store).await;
    // Three people and a computer, short-stacked, at tables of three (two and two): one
    // person at least sits at table 2, which the first bust breaks into table 1 (tables
    // break from the highest number). A person there who is not the first out moves and,
    // unless the antes left them all-in, acts at table 1. An event where none does is
    // cancelled and another played (most events move one: 30 leave no real chance that
    // none does). Each person watches every table, so the first turn after a move, offered
    // before the test reads of the move, is not missed.
    for attempt in 0..30 {
        let users: Vec<UserId> = (0..3).map(|n| UserId(7_100 + attempt * 3 + n)).collect();
        let (_, event, mut watch, _) =
            event_with_people_on(&fixture, &users, 1, short_stacked(3)).await;
        let mut people: Vec<Person> = users.iter().map(|&user| Person::new(user)).collect();
        drive(
            &fixture.lobby,
            &mut watch,
            &mut people,
            passively,
            "a person moved and acting at the new table, or the first bust played on",
            |told, people| {
                told.places().is_some()
                    || moved_and_acting(told, people).is_some()
                    || (first_bust_moves_over(told) && moved_and_acting(told, people).is_none())
            },
        )
        .await;
        let Some((index, to)) = moved_and_acting(&watch.told, &people) else {
            let reference = format!("cancel attempt {attempt}");
            cancel_unless_over(&event, &mut watch.notices, &mut watch.told, &reference).await;
            continue;
        };
        let person = &people[index];
        let (old, old_offer) = person
            .turns
            .iter()
            .find(|(channel, _)| *channel != to)
            .cloned()
            .expect("a turn at the old table");
        // At the old table: not seated there any more, or the table closed.
        if let Ok(table) = fixture.lobby.table(old) {
            let refused = table
                .act_on(person.user, offered_turn(&old_offer), passive(&old_offer))
                .await;
            assert!(refused.is_err(), "an action at the old table: {refused:?}");
            if let Ok(status) = table.status().await {
                assert!(
                    status.seats.iter().all(|seat| seat.user != person.user),
                    "the person has left the old table's chairs"
                );
            }
        }
        return;
    }
    panic!("no event moved a person who then acted");
}

/// The first of `people` moved by a table breaking or balancing who has acted at their new
/// table since: their index and the new table's channel.
fn moved_and_acting(told: &Told, people: &[Person]) -> Option<(usize, TableId)> {
    people.iter().enumerate().find_map(|(index, person)| {
        let to = told.notices.iter().find_map(|notice| match notice {
            EventNotice::Moved {
                user,
                from: Some(from),
                to,
                channel,
                ..
            } if *user == person.user && from != to => Some(*channel),
            _ => None,
        })?;
        person
            .acted
            .iter()
            .any(|&(channel, _, _)| channel == to)
            .then_some((index, to))
    })
}

/// The first bust's table broke and a hand of the table they moved to was recorded since:
/// whoever moved had their chance to act there.
fn first_bust_moves_over(told: &Told) -> bool {
    let Some(closed) = told
        .notices
        .iter()
        .position(|notice| matches!(notice, EventNotice::TableClosed { .. }))
    else {
        return false;
    };
    told.notices[closed..]
        .iter()
        .filter(|notice| matches!(notice, EventNotice::HandRecorded { .. }))
        .count()
        >= 2
}

async fn an_action_out_of_turn_or_in_another_tables_channel_is_refused_and_changes_nothing(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    let (_, _event, mut watch, _) = event_with_people(&fixture, &[PERSON], 8, 5).await;
    let mut people = [Person::new(PERSON)];
    drive(
        &fixture.lobby,
        &mut watch,
        &mut people,
        passively,
        "the person seated",
        |_, people| people[0].at.is_some(),
    )
    .await;
    let here = people[0].channel().unwrap();
    let Some(EventNotice::Playing { tables, .. }) = watch.told.notices.first() else {
        panic!("the event tells its tables first");
    };
    let (_, there) = *tables.iter().find(|(_, channel)| *channel != here).unwrap();
    // Another table's channel: the person has no seat there.
    let other = fixture.lobby.table(there).unwrap();
    let mut other_notices = other.subscribe().await.unwrap();
    let offer = turn_where(&mut other_notices, "a turn at the other table", |_| true).await;
    let before = other.status().await.unwrap();
    let refused = other
        .act_on(PERSON, offered_turn(&offer), passive(&offer))
        .await;
    assert!(
        matches!(
            refused,
            Err(LobbyError::NotSeated | LobbyError::NotInHand | LobbyError::NotYourTurn { .. })
        ),
        "{refused:?}"
    );
    assert_unchanged(&before, &other.status().await.unwrap());
    // At their own table, a turn not theirs.
    let here_table = fixture.lobby.table(here).unwrap();
    let mut here_notices = here_table.subscribe().await.unwrap();
    let offer = loop {
        let offer = turn_where(&mut here_notices, "a turn at the person's table", |_| true).await;
        if offer.user != PERSON {
            break offer;
        }
        here_table
            .act_on(PERSON, offered_turn(&offer), passive(&offer))
            .await
            .unwrap();
    };
    let before = here_table.status().await.unwrap();
    let refused = here_table
        .act_on(PERSON, offered_turn(&offer), passive(&offer))
        .await;
    assert!(
        matches!(
            refused,
            Err(LobbyError::NotYourTurn { .. } | LobbyError::NotInHand)
        ),
        "{refused:?}"
    );
    assert_unchanged(&before, &here_table.status().await.unwrap());
}

/// Moves the clock a second at a time until `notices` offers a turn `pick` takes.
async fn turn_where(
    notices: &mut NoticeReceiver,
    what: &str,
    pick: impl Fn(&TurnOffer) -> bool,
) -> TurnOffer {
    for _ in 0..100_000u32 {
        while let Ok(notice) = notices.try_recv() {
            if let Some(refusal) = bank_refusal(&notice.body) {
                panic!("{refusal}");
            }
            if let NoticeBody::YourTurn(offer) = notice.body
                && pick(&offer)
            {
                return *offer;
            }
        }
        deadline(what, advance(Duration::from_secs(1))).await;
        tokio::task::yield_now().await;
    }
    panic!("no end to waiting for {what}");
}

fn assert_unchanged(before: &studbot::lobby::TableStatus, after: &studbot::lobby::TableStatus) {
    assert_eq!(before.hand, after.hand);
    let to_act = |status: &studbot::lobby::TableStatus| {
        status
            .board
            .as_ref()
            .map(|board| format!("{:?}", board.view))
    };
    assert_eq!(to_act(before), to_act(after), "the board is as it was");
    let stacks = |status: &studbot::lobby::TableStatus| {
        status
            .seats
            .iter()
            .map(|seat| (seat.user, seat.stack))
            .collect::<Vec<_>>()
    };
    assert_eq!(stacks(before), stacks(after), "the chairs are as they were");
}

async fn a_restart_in_the_middle_of_hands_with_people_at_two_tables_deals_them_again_and_pays_nothing_twice(
    store: TestStore,
) {
    let fixture = event_fixture(store).await;
    for attempt in 0..12 {
        let two = [UserId(7_200 + 2 * attempt), UserId(7_201 + 2 * attempt)];
        let (id, event, mut watch, starts) = event_with_people(&fixture, &two, 7, 5).await;
        let mut people = two.map(Person::new);
        drive(
            &fixture.lobby,
            &mut watch,
            &mut people,
            passively,
            "both people seated",
            |_, people| people.iter().all(|person| person.at.is_some()),
        )
        .await;
        if people[0].channel() == people[1].channel() {
            event
                .cancel(&format!("cancel attempt {attempt}"))
                .await
                .ok();
            until(
                &mut watch.notices,
                &mut watch.told,
                "the cancel",
                |notice| matches!(notice, EventNotice::Cancelled { .. }),
            )
            .await;
            continue;
        }
        // Both act in a hand not yet recorded: both tables are in the middle of hands.
        drive(
            &fixture.lobby,
            &mut watch,
            &mut people,
            passively,
            "both people acting in hands in play",
            |told, people| {
                people.iter().all(|person| {
                    person.acted.last().is_some_and(|&(channel, hand, _)| {
                        person.channel() == Some(channel) && !recorded(told, channel, hand)
                    })
                })
            },
        )
        .await;
        let cut_short: BTreeMap<TableId, u64> = people
            .iter()
            .map(|person| {
                let (channel, hand, _) = *person.acted.last().unwrap();
                (channel, hand)
            })
            .collect();
        fixture.lobby.shutdown(Duration::ZERO).await;

        let lobby = start_lobby_on(&fixture.bank).await;
        let resumed = lobby.resume_events(Arc::new(TABLES)).await.unwrap();
        assert_eq!(resumed.len(), 1, "the live event resumes");
        let mut after = Watch {
            notices: resumed[0].subscribe(),
            told: Told::default(),
        };
        let mut people = two.map(Person::new);
        drive(
            &lobby,
            &mut after,
            &mut people,
            passively,
            "the resumed event's end",
            |told, _| told.places().is_some(),
        )
        .await;
        for (channel, hand) in &cut_short {
            let first = after.told.notices.iter().find_map(|notice| match notice {
                EventNotice::HandDealt {
                    channel: at,
                    number,
                    ..
                } if at == channel => Some(*number),
                _ => None,
            });
            assert_eq!(
                first,
                Some(*hand),
                "the hand cut short is dealt again from its start"
            );
        }
        let count = 2 + 7;
        assert_paid_once(
            &fixture.bank,
            id,
            count,
            after.told.places().unwrap(),
            &starts,
        )
        .await;
        return;
    }
    panic!("no draw seated the two people at two tables");
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_person_at_an_event_table_acts_on_their_turn_and_the_hand_records_their_action,
    a_person_who_does_nothing_is_checked_or_folded_on_their_timer_and_the_event_goes_on,
    a_person_moved_to_another_table_acts_there_and_not_at_the_old_one,
    an_action_out_of_turn_or_in_another_tables_channel_is_refused_and_changes_nothing,
    a_restart_in_the_middle_of_hands_with_people_at_two_tables_deals_them_again_and_pays_nothing_twice,
);
