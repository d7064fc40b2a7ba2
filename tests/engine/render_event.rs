//! A multi-table event's message (render::event_message) in every phase and language: before
//! the start with 0, 1, 20 and 1,000 players registered, running and finished with 2, 20 and
//! 1,000 entries, always within Discord's 2,000 UTF-16 units with the longest names, as many
//! names or places shown as fit and the rest counted exactly; a freeroll's; and what
//! `/tournament status` tells a player of it; and a cancelled event.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use studbot::bot::limits::{MESSAGE, MESSAGE_TEXT, length};
use studbot::ids::UserId;
use studbot::render::event_message::{EventPhase, discord_timestamp, event_message};
use studbot::render::event_status::{ClockReading, player_status};
use studbot::render::numbers::grouped;
use studbot::render::{Locale, tr};
use studbot::table::{GameChoice, Rules};
use studbot::tournament::multi::schedule::{ScheduleOptions, ScheduledEvent, schedule};
use studbot::tournament::multi::{Event, HandResult, Turn};

/// 2026-12-06 17:00:00 UTC.
const NOW: u64 = 1_796_576_400;

/// Thirty times over, the longest name an event takes (60 characters), as long as Discord
/// counts it: each `*` escaped, each 🂠 two UTF-16 units.
const EVENT_NAME: &str = "*🂠";

fn scheduled(game: GameChoice) -> ScheduledEvent {
    let mut options = ScheduleOptions::new(&EVENT_NAME.repeat(30), game, "in 2h", 100);
    options.late_registration_levels = Some(4);
    options.re_entries = Some(1);
    options.break_minutes = Some(5);
    options.break_every = Some(6);
    schedule(&options, NOW, Rules::default()).expect("scheduled")
}

/// A name as long as Discord allows (32), every one different, with a letter outside ASCII
/// and an emoji (two UTF-16 units) so that Discord's count is not the characters'.
fn long_name(user: UserId) -> String {
    let name = format!("Señorita Ñúñez-Pérez 🂠 {:05}", user.0);
    assert!(name.chars().count() <= 32, "{name}");
    name
}

fn users(count: u64) -> Vec<UserId> {
    (1..=count).map(UserId).collect()
}

/// The names of `users` shown in `text`.
fn shown(text: &str, users: &[UserId]) -> usize {
    users
        .iter()
        .filter(|&&user| text.contains(&long_name(user)))
        .count()
}

fn rest_counted(locale: Locale, text: &str, rest: usize) -> bool {
    rest == 0 || text.contains(&tr(locale, "event-and-more", &[("count", rest.into())]))
}

#[test]
fn before_the_start_every_name_fits_or_the_rest_are_counted_at_0_1_20_and_1000_players() {
    let event = scheduled(GameChoice::Stud8);
    for locale in Locale::ALL {
        for count in [0, 1, 20, 1_000] {
            let registered = users(count);
            let names: Vec<String> = registered.iter().map(|&user| long_name(user)).collect();
            let phase = EventPhase::Registering { registered: &names };
            let text = event_message(locale, &event, &phase, &|_| String::new(), MESSAGE_TEXT);
            assert!(
                length(&text) <= MESSAGE,
                "{locale} {count}: {}",
                length(&text)
            );
            assert!(
                text.contains(&discord_timestamp(NOW + 7_200, 'F')),
                "{text}"
            );
            assert!(
                text.contains(&discord_timestamp(NOW + 7_200, 'R')),
                "{text}"
            );
            // The name as written, its markdown escaped: it cannot restyle the message.
            assert!(text.contains(&"\\*🂠".repeat(30)), "{text}");
            assert!(text.contains(&tr(locale, "event-join", &[])), "{text}");
            let seen = shown(&text, &registered);
            if count <= 20 {
                assert_eq!(seen, count as usize, "{locale} {count}: {text}");
            } else {
                assert!(seen > 20, "{locale}: only {seen} names shown");
                // No room was left for one more name (32 characters, 34 units, and ", ").
                assert!(
                    length(&text) > MESSAGE - 40,
                    "{locale}: {} units",
                    length(&text)
                );
            }
            assert!(
                rest_counted(locale, &text, count as usize - seen),
                "{locale} {count}: {text}"
            );
            // What it would pay if it started now, from two players registered.
            let prizes = event.settings.prizes(count as usize).expect("prizes");
            let now = tr(
                locale,
                "event-payouts-now",
                &[
                    ("paid", prizes.iter().filter(|&&c| c > 0).count().into()),
                    ("chips", prizes.first().copied().unwrap_or(0).into()),
                ],
            );
            assert_eq!(text.contains(&now), count >= 2, "{locale} {count}: {text}");
            let pool = grouped(locale, count * 100);
            if count > 0 && count < 1_000 {
                assert!(text.contains(&pool), "{locale} {count}: pool in {text}");
            }
        }
        let nobody = event_message(
            locale,
            &event,
            &EventPhase::Registering { registered: &[] },
            &|_| String::new(),
            MESSAGE_TEXT,
        );
        assert!(
            nobody.contains(&tr(locale, "event-registered", &[("count", 0u64.into())])),
            "{nobody}"
        );
    }
}

/// Plays lock-step rounds of stand-in hands (chips moved at random) until `stop` or the end.
fn play_until(event: &mut Event, seed: u64, stop: impl Fn(&Event) -> bool) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    for _ in 0..200_000 {
        if event.is_over() || stop(event) {
            return;
        }
        let tables = event.seating().numbers();
        event.tidy(&tables, true, 0);
        for table in event.seating().numbers() {
            let Turn::Deal(hand) = event.deal(table, 0) else {
                continue;
            };
            let mut stacks = hand.stacks.clone();
            let loser = rng.random_range(0..stacks.len());
            let winner = (loser + rng.random_range(1..stacks.len())) % stacks.len();
            let amount = if rng.random_bool(0.4) {
                stacks[loser]
            } else {
                rng.random_range(0..=stacks[loser])
            };
            stacks[loser] -= amount;
            stacks[winner] += amount;
            let result = HandResult {
                table: hand.table,
                number: hand.number,
                dealt: hand.seats.iter().map(|&(_, entry)| entry).collect(),
                final_stacks: stacks,
                round: hand.round,
            };
            event.record_hand(&result, 0).expect("recorded");
        }
    }
    panic!("the event did not end");
}

/// The event's message with the longest names, which always fits in one Discord message.
fn rendered(locale: Locale, scheduled: &ScheduledEvent, phase: &EventPhase<'_>) -> String {
    let text = event_message(
        locale,
        scheduled,
        phase,
        &|user| long_name(user),
        MESSAGE_TEXT,
    );
    assert!(
        length(&text) <= MESSAGE,
        "{locale}: {} units",
        length(&text)
    );
    text
}

fn started(scheduled: &ScheduledEvent, count: u64) -> Event {
    Event::start(scheduled.settings.clone(), &users(count), 7).expect("started")
}

fn running(event: &Event, clock: u64, paused: bool) -> EventPhase<'_> {
    EventPhase::Running {
        event,
        clock,
        now_unix: NOW,
        paused,
    }
}

#[test]
fn a_running_event_tells_its_level_clock_field_and_prizes_within_one_message() {
    let scheduled = scheduled(GameChoice::Stud8);
    for count in [2, 20, 1_000] {
        let event = started(&scheduled, count);
        for locale in Locale::ALL {
            let text = rendered(locale, &scheduled, &running(&event, 100, false));
            // Level 1 of 20 minutes: the next level 1,100 s after now, as Discord counts down.
            assert!(
                text.contains(&discord_timestamp(NOW + 1_100, 'R')),
                "{text}"
            );
            assert!(text.contains("10/20"), "{locale}: stakes in {text}");
            // Late registration until the end of level 4: 4 levels of 20 min and no break
            // (closed at the start when the field is already near the money).
            let late_end = discord_timestamp(NOW + 4 * 1_200 - 100, 'R');
            assert_eq!(
                text.contains(&late_end),
                event.registration_open(),
                "{locale}: {text}"
            );
            let tables = event.seating().tables().len().to_string();
            assert!(
                text.contains(&tables),
                "{locale}: {tables} tables in {text}"
            );
            assert!(!text.contains(&tr(locale, "event-hand-for-hand", &[])));
        }
    }
    // At 1,000 entries the prizes listed are the first places, the rest counted.
    let event = started(&scheduled, 1_000);
    let text = event_message(
        Locale::En,
        &scheduled,
        &running(&event, 100, false),
        &|user| long_name(user),
        MESSAGE_TEXT,
    );
    assert!(text.contains("1st place"), "{text}");
    assert!(text.contains("100,000"), "{text}");
}

#[test]
fn a_break_a_pause_and_hand_for_hand_are_told_while_running() {
    let scheduled = scheduled(GameChoice::Mix);
    let event = started(&scheduled, 20);
    for locale in Locale::ALL {
        let render = |clock, paused, event: &Event| {
            rendered(locale, &scheduled, &running(event, clock, paused))
        };
        // Six levels of 20 min, then a 5 min break: 2 min into it, play resumes in 3.
        let on_break = render(6 * 1_200 + 120, false, &event);
        let resumes = discord_timestamp(NOW + 180, 'R');
        assert!(
            on_break.contains(&tr(locale, "event-on-break", &[("next", resumes.into())])),
            "{on_break}"
        );
        let paused = render(100, true, &event);
        assert!(
            paused.contains(&tr(locale, "event-paused", &[])),
            "{paused}"
        );
        assert!(
            !paused.contains("<t:"),
            "no countdown while paused: {paused}"
        );
    }
    // Hand-for-hand needs the bubble to come with two tables or more in play: 100 entries.
    let mut event = started(&scheduled, 100);
    play_until(&mut event, 3, |event| event.hand_for_hand().is_some());
    assert!(event.hand_for_hand().is_some(), "the bubble is reached");
    for locale in Locale::ALL {
        let text = rendered(locale, &scheduled, &running(&event, 200, false));
        assert!(
            text.contains(&tr(locale, "event-hand-for-hand", &[])),
            "{text}"
        );
    }
}

#[test]
fn a_finished_event_lists_places_and_prizes_as_far_as_they_fit_and_counts_the_rest() {
    let scheduled = scheduled(GameChoice::Razz);
    for count in [2, 20, 1_000] {
        let mut event = started(&scheduled, count);
        play_until(&mut event, count, |_| false);
        let payouts = event.payouts().expect("over");
        let winner = event.entry(payouts[0].seat).expect("an entry").user;
        for locale in Locale::ALL {
            let text = rendered(locale, &scheduled, &EventPhase::Finished { event: &event });
            assert!(
                text.contains(&long_name(winner)),
                "{locale}: winner in {text}"
            );
            let everyone: Vec<UserId> = event.entries().iter().map(|entry| entry.user).collect();
            let seen = shown(&text, &everyone);
            if count <= 20 {
                assert_eq!(seen, count as usize, "{locale}: {text}");
            }
            assert!(
                rest_counted(locale, &text, everyone.len() - seen),
                "{locale} {count}: {text}"
            );
        }
    }
}

fn status_of(locale: Locale, event: &Event, user: UserId, clock: u64) -> String {
    let reading = ClockReading {
        clock,
        now_unix: NOW,
        paused: false,
    };
    player_status(locale, event, user, reading)
}

#[test]
fn a_player_is_told_their_table_seat_stack_rank_and_level_in_every_language() {
    let scheduled = scheduled(GameChoice::Stud);
    let event = started(&scheduled, 1_000);
    let user = UserId(500);
    let entry = event.live_entry(user).expect("in");
    let (table, chair) = event.seating().find(entry).expect("seated");
    for locale in Locale::ALL {
        let text = status_of(locale, &event, user, 100);
        let seat = tr(
            locale,
            "event-status-seat",
            &[("table", table.into()), ("seat", (chair + 1).into())],
        );
        assert!(text.contains(&seat), "{locale}: {text}");
        // Everyone has 600: the same rank, first, of 1,000 players left.
        assert!(text.contains("600"), "{locale}: {text}");
        assert!(text.contains(&grouped(locale, 1_000)), "{locale}: {text}");
        assert!(
            text.contains(&discord_timestamp(NOW + 1_100, 'R')),
            "{text}"
        );
        assert!(text.contains("10/20"), "{locale}: {text}");
        let stranger = status_of(locale, &event, UserId(5_000), 100);
        assert_eq!(stranger, tr(locale, "event-status-not-in", &[]));
    }
}

#[test]
fn a_player_out_is_told_their_place_and_prize_or_that_it_waits_for_late_registration() {
    let scheduled = scheduled(GameChoice::Stud8);
    let mut event = started(&scheduled, 60);
    play_until(&mut event, 9, |event| event.field().players_left() < 60);
    let out = event
        .entries()
        .iter()
        .map(|entry| entry.user)
        .find(|&user| event.live_entry(user).is_none())
        .expect("a player out");
    for locale in Locale::ALL {
        let text = status_of(locale, &event, out, 0);
        assert!(event.registration_open(), "late registration is open");
        assert!(
            text.contains(&tr(locale, "event-status-out-unplaced", &[])),
            "{text}"
        );
        // One re-entry is allowed while late registration is open.
        assert!(
            text.contains(&tr(locale, "event-status-re-enter", &[])),
            "{text}"
        );
    }
    event.close_registration();
    play_until(&mut event, 9, |_| false);
    let payouts = event.payouts().expect("over");
    for payout in [&payouts[0], payouts.last().expect("a last place")] {
        let user = event.entry(payout.seat).expect("an entry").user;
        for locale in Locale::ALL {
            let text = status_of(locale, &event, user, 0);
            let expected = tr(
                locale,
                "event-status-out",
                &[
                    ("place", payout.place.into()),
                    ("chips", payout.chips.into()),
                ],
            );
            assert_eq!(text, expected, "{locale}");
        }
    }
}

#[test]
fn a_freeroll_plays_for_places_only_and_says_so() {
    let options = ScheduleOptions::new("Freeroll", GameChoice::Stud8, "in 2h", 0);
    let scheduled = schedule(&options, NOW, Rules::default()).expect("scheduled");
    let names: Vec<String> = (1..=3).map(|n| long_name(UserId(n))).collect();
    let mut event = started(&scheduled, 3);
    for locale in Locale::ALL {
        let before = event_message(
            locale,
            &scheduled,
            &EventPhase::Registering { registered: &names },
            &|_| String::new(),
            MESSAGE_TEXT,
        );
        assert!(!before.contains("100"), "{before}");
        let running = rendered(locale, &scheduled, &running(&event, 0, false));
        let only = tr(
            locale,
            "event-pool",
            &[("pool", 0u64.into()), ("paid", 0u64.into())],
        );
        assert!(running.contains(&only), "{running}");
    }
    play_until(&mut event, 1, |_| false);
    let over = event_message(
        Locale::En,
        &scheduled,
        &EventPhase::Finished { event: &event },
        &|user| long_name(user),
        MESSAGE_TEXT,
    );
    assert!(over.contains("no prize"), "{over}");
    assert!(!over.contains("wins 0"), "{over}");
}

#[test]
fn a_cancelled_event_says_how_it_was_settled_and_fits_at_a_thousand_shares() {
    let scheduled = scheduled(GameChoice::Stud8);
    let shares: Vec<(UserId, u64)> = users(1_000).into_iter().map(|u| (u, 97)).collect();
    for locale in Locale::ALL {
        let refunded = rendered(locale, &scheduled, &EventPhase::Cancelled { shares: &[] });
        assert!(
            refunded.contains(&tr(locale, "event-cancelled-refunded", &[])),
            "{refunded}"
        );
        for count in [1, 20, 1_000] {
            let text = rendered(
                locale,
                &scheduled,
                &EventPhase::Cancelled {
                    shares: &shares[..count],
                },
            );
            assert!(
                length(&text) <= MESSAGE,
                "{locale} {count}: {}",
                length(&text)
            );
            assert!(text.contains(&tr(locale, "event-cancelled-shares", &[])));
            let seen = shown(&text, &users(count as u64));
            if count <= 20 {
                assert_eq!(seen, count, "{locale}: {text}");
            }
            assert!(rest_counted(locale, &text, count - seen), "{text}");
        }
    }
}
