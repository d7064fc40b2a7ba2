//! `/tournament schedule`'s options read into an event or refused: each limit exactly at it
//! and one past it, and every refusal in words in every language.

use crate::refusal::Refusal;
use crate::render::{self, Locale, tr};
use crate::table::{GameChoice, Rules};
use crate::tournament::StructureKind;
use crate::tournament::multi::schedule::*;
use crate::tournament::multi::{Breaks, MAX_ENTRIES};

/// 2026-12-06 17:00:00 UTC.
const NOW: u64 = 1_796_576_400;

fn options() -> ScheduleOptions {
    ScheduleOptions::new("Sunday Stud/8", GameChoice::Stud8, "in 2h", 100)
}

fn scheduled(options: &ScheduleOptions) -> Result<ScheduledEvent, ScheduleError> {
    schedule(options, NOW, Rules::default())
}

fn with(change: impl FnOnce(&mut ScheduleOptions)) -> Result<ScheduledEvent, ScheduleError> {
    let mut options = options();
    change(&mut options);
    scheduled(&options)
}

#[test]
fn the_fewest_options_give_a_regular_event_at_tables_of_seven_with_nothing_extra() {
    let event = scheduled(&options()).expect("scheduled");
    assert_eq!(event.name, "Sunday Stud/8");
    assert_eq!(event.start_unix, NOW + 7_200);
    assert_eq!(event.scheduled_unix, NOW);
    let settings = &event.settings;
    assert_eq!(settings.game, GameChoice::Stud8);
    assert_eq!(settings.table_size, 7);
    assert_eq!(settings.buy_in, 100);
    assert_eq!(settings.cap, None);
    assert_eq!(settings.late_registration_levels, 0);
    assert_eq!(settings.re_entries, 0);
    assert_eq!(settings.payouts, None);
    assert_eq!(settings.breaks, None);
    assert!(!event.computers_allowed);
    // Regular levels last 20 minutes on the clock (seconds), 30 big bets deep.
    let first = settings.structure.levels()[0];
    assert_eq!(first.hands, 20 * 60);
    assert_eq!(
        settings.structure.starting_stack(),
        first.stakes.big_bet * 30
    );
}

#[test]
fn every_option_given_is_kept() {
    let event = with(|o| {
        o.game = GameChoice::Mix;
        o.structure = StructureKind::Turbo;
        o.starting_stack = Some(5_000);
        o.table_size = Some(8);
        o.cap = Some(200);
        o.late_registration_levels = Some(6);
        o.re_entries = Some(2);
        o.payouts = Some("50/30/20".into());
        o.computers_allowed = Some(true);
        o.break_minutes = Some(5);
        o.break_every = Some(6);
    })
    .expect("scheduled");
    let settings = &event.settings;
    assert_eq!(settings.game, GameChoice::Mix);
    assert_eq!(settings.structure.levels()[0].hands, 10 * 60, "turbo: half");
    assert_eq!(settings.structure.starting_stack(), 5_000);
    assert_eq!(settings.table_size, 8);
    assert_eq!(settings.cap, Some(200));
    assert_eq!(settings.late_registration_levels, 6);
    assert_eq!(settings.re_entries, 2);
    assert_eq!(settings.places_paid(200), 3);
    assert_eq!(
        settings.breaks,
        Some(Breaks {
            every: 6,
            length: 300
        })
    );
    assert!(event.computers_allowed);
}

#[test]
fn custom_levels_last_their_own_minutes_under_the_sit_and_gos_stake_rules() {
    let event = with(|o| {
        o.structure = StructureKind::Custom;
        o.levels = Some("2/3/10/20x15, 3/5/15/30, 5/10/25/50x30".into());
        o.minutes_per_level = Some(12);
    })
    .expect("scheduled");
    let minutes: Vec<u32> = event
        .settings
        .structure
        .levels()
        .iter()
        .map(|level| level.hands / 60)
        .collect();
    assert_eq!(minutes, [15, 12, 30]);
    assert_eq!(event.settings.structure.starting_stack(), 600);
    // A bring-in above the small bet breaks the rules every table enforces: level 2 named.
    let broken = with(|o| {
        o.structure = StructureKind::Custom;
        o.levels = Some("1/2/5/10x10, 2/12/10/20x10".into());
    })
    .expect_err("refused");
    let text = render::refusal(Locale::En, &broken, &|_| String::new());
    assert!(text.contains("Level 2"), "{text}");
    assert!(text.contains("bring-in (12)"), "{text}");
    assert!(matches!(
        with(|o| o.structure = StructureKind::Custom),
        Err(ScheduleError::Structure(_))
    ));
    assert!(matches!(
        with(|o| o.levels = Some("1/2/5/10".into())),
        Err(ScheduleError::Structure(_))
    ));
}

#[test]
fn a_level_lasts_three_to_one_hundred_and_twenty_minutes() {
    for (minutes, fine) in [(3, true), (2, false), (120, true), (121, false)] {
        let result = with(|o| o.minutes_per_level = Some(minutes));
        assert_eq!(result.is_ok(), fine, "{minutes}: {result:?}");
        let custom = with(|o| {
            o.structure = StructureKind::Custom;
            o.levels = Some(format!("2/3/10/20x20, 3/5/15/30x{minutes}"));
        });
        assert_eq!(custom.is_ok(), fine, "{minutes}: {custom:?}");
        if !fine {
            assert!(matches!(
                custom,
                Err(ScheduleError::CustomLevelMinutes { level: 2, .. })
            ));
        }
    }
    assert!(matches!(
        with(|o| {
            o.structure = StructureKind::Custom;
            o.levels = Some("2/3/10/20x0".into());
        }),
        Err(ScheduleError::CustomLevelMinutes {
            level: 1,
            minutes: 0,
            ..
        })
    ));
}

#[test]
fn the_start_is_a_minute_to_thirty_days_away() {
    let at = |start: u64| with(|o| o.start = start.to_string());
    assert!(at(NOW + MIN_LEAD_SECS).is_ok());
    assert_eq!(
        at(NOW + MIN_LEAD_SECS - 1),
        Err(ScheduleError::StartPassed { min_minutes: 1 })
    );
    assert!(matches!(
        at(NOW - 3_600),
        Err(ScheduleError::StartPassed { .. })
    ));
    assert!(at(NOW + MAX_AHEAD_SECS).is_ok());
    assert_eq!(
        at(NOW + MAX_AHEAD_SECS + 1),
        Err(ScheduleError::StartTooFar { days: 30 })
    );
    assert_eq!(
        with(|o| o.start = "2026-12-20 20:00".into()),
        Err(ScheduleError::StartUnreadable)
    );
    let dated = with(|o| o.start = "2026-12-20 20:00 UTC".into()).expect("scheduled");
    assert_eq!(dated.start_unix, 1_797_796_800);
}

#[test]
fn tables_seat_two_to_eight() {
    for (seats, fine) in [
        (2, true),
        (1, false),
        (8, true),
        (9, false),
        (u64::MAX, false),
    ] {
        let result = with(|o| o.table_size = Some(seats));
        assert_eq!(result.is_ok(), fine, "{seats}: {result:?}");
        if !fine {
            assert_eq!(
                result,
                Err(ScheduleError::TableSize {
                    seats,
                    min: 2,
                    max: 8
                })
            );
        }
    }
}

#[test]
fn a_cap_lets_in_two_to_the_most_entries_an_event_takes() {
    let max = MAX_ENTRIES as u64;
    for (cap, fine) in [
        (2, true),
        (1, false),
        (0, false),
        (max, true),
        (max + 1, false),
    ] {
        let result = with(|o| o.cap = Some(cap));
        assert_eq!(result.is_ok(), fine, "{cap}: {result:?}");
    }
    // A payout table must pay fewer places than the cap lets in.
    let paying = |cap| {
        with(|o| {
            o.cap = Some(cap);
            o.payouts = Some("50/30/20".into());
        })
    };
    assert!(paying(4).is_ok());
    assert_eq!(
        paying(3),
        Err(ScheduleError::PayoutsPastCap { places: 3, cap: 3 })
    );
    assert_eq!(
        with(|o| o.payouts = Some("60/30".into())),
        Err(ScheduleError::BadPayouts)
    );
}

#[test]
fn late_registration_lasts_at_most_the_structures_levels_and_re_entries_need_it() {
    let levels = crate::tournament::BUILT_IN_LEVELS as u32;
    assert!(with(|o| o.late_registration_levels = Some(levels)).is_ok());
    assert_eq!(
        with(|o| o.late_registration_levels = Some(levels + 1)),
        Err(ScheduleError::LateRegistrationPastLevels {
            levels: levels.into()
        })
    );
    let custom = |late| {
        with(|o| {
            o.structure = StructureKind::Custom;
            o.levels = Some("2/3/10/20, 3/5/15/30, 5/10/25/50".into());
            o.late_registration_levels = Some(late);
        })
    };
    assert!(custom(3).is_ok());
    assert_eq!(
        custom(4),
        Err(ScheduleError::LateRegistrationPastLevels { levels: 3 })
    );
    assert_eq!(
        with(|o| o.re_entries = Some(1)),
        Err(ScheduleError::ReEntriesWithoutLateRegistration)
    );
    assert_eq!(
        with(|o| {
            o.re_entries = Some(1);
            o.late_registration_levels = Some(0);
        }),
        Err(ScheduleError::ReEntriesWithoutLateRegistration)
    );
    let re_entering = |re_entries| {
        with(|o| {
            o.late_registration_levels = Some(4);
            o.re_entries = Some(re_entries);
        })
    };
    assert!(re_entering(MAX_RE_ENTRIES).is_ok());
    assert_eq!(
        re_entering(MAX_RE_ENTRIES + 1),
        Err(ScheduleError::TooManyReEntries { max: 10 })
    );
}

#[test]
fn a_break_needs_its_length_and_spacing_within_their_limits() {
    let levels = crate::tournament::BUILT_IN_LEVELS as u32;
    let breaking = |minutes, every| {
        with(|o| {
            o.break_minutes = minutes;
            o.break_every = every;
        })
    };
    assert!(breaking(Some(30), Some(levels - 1)).is_ok());
    assert!(breaking(Some(1), Some(1)).is_ok());
    assert_eq!(
        breaking(Some(31), Some(4)),
        Err(ScheduleError::BreakMinutes { min: 1, max: 30 })
    );
    assert_eq!(
        breaking(Some(0), Some(4)),
        Err(ScheduleError::BreakMinutes { min: 1, max: 30 })
    );
    assert_eq!(
        breaking(Some(5), Some(levels)),
        Err(ScheduleError::BreakEvery {
            max: (levels - 1).into()
        })
    );
    assert!(matches!(
        breaking(Some(5), Some(0)),
        Err(ScheduleError::BreakEvery { .. })
    ));
    assert_eq!(breaking(Some(5), None), Err(ScheduleError::BreakHalfGiven));
    assert_eq!(breaking(None, Some(4)), Err(ScheduleError::BreakHalfGiven));
}

#[test]
fn a_starting_stack_holds_at_least_level_ones_big_bet() {
    // The regular level 1 is 10/20.
    assert!(with(|o| o.starting_stack = Some(20)).is_ok());
    assert_eq!(
        with(|o| o.starting_stack = Some(19)),
        Err(ScheduleError::StartingStack {
            stack: 19,
            big_bet: 20
        })
    );
    assert!(matches!(
        with(|o| o.starting_stack = Some(u64::MAX)),
        Err(ScheduleError::Settings(_))
    ));
}

#[test]
fn a_name_is_one_to_sixty_characters_on_one_line() {
    let named = |name: &str| with(|o| o.name = name.into());
    assert_eq!(
        named("  Sunday\nStud  ").expect("named").name,
        "Sunday Stud"
    );
    assert!(named(&"é".repeat(MAX_NAME_CHARS)).is_ok());
    assert_eq!(
        named(&"é".repeat(MAX_NAME_CHARS + 1)),
        Err(ScheduleError::Name { max: 60 })
    );
    assert_eq!(named("   "), Err(ScheduleError::Name { max: 60 }));
}

#[test]
fn every_schedule_refusal_has_its_own_words_in_every_language() {
    let every = [
        ScheduleError::Name { max: 60 },
        ScheduleError::StartUnreadable,
        ScheduleError::StartPassed { min_minutes: 1 },
        ScheduleError::StartTooFar { days: 30 },
        ScheduleError::LevelMinutes {
            minutes: 2,
            min: 3,
            max: 120,
        },
        ScheduleError::CustomLevelMinutes {
            level: 2,
            minutes: 0,
            min: 3,
            max: 120,
        },
        ScheduleError::StartingStack {
            stack: 19,
            big_bet: 20,
        },
        ScheduleError::TableSize {
            seats: 9,
            min: 2,
            max: 8,
        },
        ScheduleError::Cap {
            cap: 1,
            min: 2,
            max: 5_000,
        },
        ScheduleError::LateRegistrationPastLevels { levels: 3 },
        ScheduleError::ReEntriesWithoutLateRegistration,
        ScheduleError::TooManyReEntries { max: 10 },
        ScheduleError::BadPayouts,
        ScheduleError::PayoutsPastCap { places: 3, cap: 3 },
        ScheduleError::BreakHalfGiven,
        ScheduleError::BreakMinutes { min: 1, max: 30 },
        ScheduleError::BreakEvery { max: 41 },
        ScheduleError::Settings(crate::tournament::multi::EventError::TooManyChips),
    ];
    let failed: Vec<String> = Locale::ALL
        .iter()
        .map(|&locale| tr(locale, "bot-failed", &[]))
        .collect();
    for why in &every {
        assert!(!why.is_fault(), "{why}");
        let mut texts = Vec::new();
        for locale in Locale::ALL {
            let text = render::refusal(locale, why, &|_| String::new());
            assert!(!failed.contains(&text), "{locale}: {why}");
            assert_ne!(text, why.message_id(), "{locale}: {why}");
            assert!(!text.contains('{'), "{locale}: {text}");
            texts.push(text);
        }
        assert_ne!(texts[0], texts[1], "{why}: es is English");
        assert_ne!(texts[0], texts[2], "{why}: id is English");
    }
    let seats = render::refusal(Locale::En, &every[7], &|_| String::new());
    assert!(
        seats.contains('2') && seats.contains('8') && seats.contains('9'),
        "{seats}"
    );
}
