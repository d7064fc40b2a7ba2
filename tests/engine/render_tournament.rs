//! A sit & go's words on Discord: the board's tournament line (and the line of a level that
//! begins, with its stakes), the result listing every place (and the deal that ended it),
//! a paid bust and a cancel's shares fit one message for eight players with Discord's
//! longest names, in every language; places are said as each language's players say them
//! ("4th place", "puesto 4", "peringkat 4"), an unpaid place has no prize (never "wins 0
//! chips"), and a sit & go with no buy-in is a freeroll.

use studbot::bank::UserId;
use studbot::lobby::present::{message_text, tournament_board_line, tournament_places};
use studbot::lobby::{TableMessage, TournamentHeader, TournamentPlace};
use studbot::render::hand_names::sit_and_go_game;
use studbot::render::{Locale, tr};
use studbot::table::{GameChoice, Stakes};
use studbot::tournament::DealKind;

const DISCORD_MESSAGE_LIMIT: usize = 2000;

fn discord_length(text: &str) -> usize {
    text.encode_utf16().count()
}

fn long_name(user: UserId) -> String {
    // 32 characters, Discord's maximum display name, with non-ASCII letters.
    format!("Señorita Josefina Ñúñez-Pérez {:02}", user.0)
        .chars()
        .take(32)
        .collect()
}

#[test]
fn a_sit_and_gos_line_and_result_fit_one_message_for_eight_long_names_in_every_language() {
    let header = TournamentHeader {
        level: 12,
        hands_to_next: Some(7),
        players_left: 8,
        average_stack: 1_234_567,
        stakes: Stakes {
            ante: 1_500,
            bring_in: 2_500,
            small_bet: 7_500,
            big_bet: 15_000,
        },
        level_begins: false,
    };
    // Eight places: two share fourth, the rest are paid nothing.
    let payouts = [4_000, 2_400, 1_600, 0, 0, 0, 0, 0];
    let places: Vec<TournamentPlace> = (1..=8u64)
        .map(|n| TournamentPlace {
            place: if n == 5 { 4 } else { n as usize },
            user: UserId(n),
            payout: payouts[(n - 1) as usize],
        })
        .collect();
    for locale in Locale::ALL {
        let line = tournament_board_line(locale, &header);
        assert!(!line.contains("lobby-"), "{locale}: {line}");
        assert!(
            line.contains("12") && line.contains(" 8 "),
            "{locale}: {line}"
        );
        assert!(discord_length(&line) < 200, "{locale}: {line}");
        let last = tournament_board_line(
            locale,
            &TournamentHeader {
                hands_to_next: None,
                ..header
            },
        );
        assert_ne!(last, line, "{locale}: the last level says so");
        let begins = tournament_board_line(
            locale,
            &TournamentHeader {
                level_begins: true,
                ..header
            },
        );
        assert_ne!(begins, line, "{locale}: a level that begins says so");
        for stake in ["1", "2", "7", "15"] {
            assert!(
                begins.contains(stake),
                "{locale}: {begins} tells the stakes"
            );
        }

        for deal in [None, Some(DealKind::Icm), Some(DealKind::ChipChop)] {
            let result = tournament_places(locale, 1_234, &places, deal, &long_name);
            assert!(
                discord_length(&result) <= DISCORD_MESSAGE_LIMIT,
                "{locale}: {result}"
            );
            assert_eq!(result.lines().count(), 9, "{locale}: {result}");
            for place in &places {
                assert!(
                    result.contains(&long_name(place.user)),
                    "{locale}: {result}"
                );
            }
        }
        let out = TableMessage::TournamentOut {
            user: UserId(8),
            place: 8,
            prize: 0,
        };
        let told = message_text(locale, &out, &long_name);
        assert!(told.contains(&long_name(UserId(8))), "{locale}: {told}");
        assert!(told.contains('8'), "{locale}: {told}");
        let paid = TableMessage::TournamentOut {
            user: UserId(3),
            place: 3,
            prize: 1_600,
        };
        let told_paid = message_text(locale, &paid, &long_name);
        assert!(told_paid.contains('3'), "{locale}: {told_paid}");
        assert!(
            told_paid.contains("1,600")
                || told_paid.contains("1.600")
                || told_paid.contains("1600"),
            "{locale}: the prize paid at the bust is told: {told_paid}"
        );
        let cancelled = TableMessage::TournamentCancelled {
            tournament: studbot::bank::TournamentId(1),
            refunded: false,
            paid: (1..=8).map(|n| (UserId(n), 999_999)).collect(),
            after_hand: true,
        };
        let told = message_text(locale, &cancelled, &long_name);
        assert!(
            discord_length(&told) <= DISCORD_MESSAGE_LIMIT,
            "{locale}: {told}"
        );
        assert_eq!(told.lines().count(), 9, "{locale}: {told}");
    }
}

fn named(user: UserId) -> String {
    format!("P{}", user.0)
}

#[test]
fn places_are_said_as_players_say_them_in_each_language() {
    let out = |locale, place| {
        message_text(
            locale,
            &TableMessage::TournamentOut {
                user: UserId(1),
                place,
                prize: 0,
            },
            &named,
        )
    };
    let paid = |locale, place| {
        message_text(
            locale,
            &TableMessage::TournamentOut {
                user: UserId(1),
                place,
                prize: 450,
            },
            &named,
        )
    };
    for (place, english) in [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (111, "111th"),
    ] {
        assert_eq!(
            out(Locale::En, place),
            format!("P1 is out in {english} place.")
        );
        // The number after the noun: no "3.º", no "tercero/tercera", no "juara 3".
        assert_eq!(
            out(Locale::Es, place),
            format!("P1 queda fuera en el puesto {place}.")
        );
        assert_eq!(
            out(Locale::Id, place),
            format!("P1 tersingkir di peringkat {place}.")
        );
        // A place paid at its bust says its prize as a prize, in the same ordinal.
        assert_eq!(
            paid(Locale::En, place),
            format!("P1 is out in {english} place and wins 450 chips.")
        );
        assert_eq!(
            paid(Locale::Es, place),
            format!("P1 queda fuera en el puesto {place} y cobra 450 fichas.")
        );
        assert_eq!(
            paid(Locale::Id, place),
            format!("P1 tersingkir di peringkat {place} dan dapat hadiah 450 chip.")
        );
    }
}

#[test]
fn an_unpaid_place_is_told_it_has_no_prize_never_that_it_wins_nothing() {
    let places: Vec<TournamentPlace> = [(1, 299), (2, 1), (3, 0), (4, 0)]
        .into_iter()
        .map(|(place, payout)| TournamentPlace {
            place,
            user: UserId(place as u64),
            payout,
        })
        .collect();
    for (locale, expected) in [
        (
            Locale::En,
            [
                "1st place: P1 wins 299 chips.",
                "2nd place: P2 wins 1 chip.",
                "3rd place: P3, no prize.",
                "4th place: P4, no prize.",
            ],
        ),
        (
            Locale::Es,
            [
                "Puesto 1: P1 cobra 299 fichas.",
                "Puesto 2: P2 cobra 1 ficha.",
                "Puesto 3: P3, sin premio.",
                "Puesto 4: P4, sin premio.",
            ],
        ),
        (
            Locale::Id,
            [
                "Peringkat 1: P1 dapat hadiah 299 chip.",
                "Peringkat 2: P2 dapat hadiah 1 chip.",
                "Peringkat 3: P3 (tanpa hadiah).",
                "Peringkat 4: P4 (tanpa hadiah).",
            ],
        ),
    ] {
        let result = tournament_places(locale, 40, &places, None, &named);
        let lines: Vec<&str> = result.lines().skip(1).collect();
        assert_eq!(lines, expected, "{locale}");
    }
}

#[test]
fn a_sit_and_go_with_no_buy_in_is_called_a_freeroll_with_no_prize_pool_of_zero() {
    for locale in Locale::ALL {
        let game = sit_and_go_game(locale, GameChoice::Mix);
        let head = |buy_in: u64, pool: u64| {
            tr(
                locale,
                "tournament-status-head",
                &[
                    ("game", game.as_str().into()),
                    ("entrants", 2u64.into()),
                    ("seats", 6u64.into()),
                    ("buy_in", buy_in.into()),
                    ("pool", pool.into()),
                ],
            )
        };
        let freeroll = head(0, 0);
        assert!(freeroll.contains("freeroll"), "{locale}: {freeroll}");
        for zero in ["buy-in 0", "prize pool", "bolsa de premios", "total hadiah"] {
            assert!(!freeroll.contains(zero), "{locale}: {freeroll}");
        }
        // The mix is named in brackets: one colon at most, after "Sit & go" in English.
        assert!(freeroll.matches(':').count() <= 1, "{locale}: {freeroll}");
        let paid = head(100, 200);
        assert!(paid.contains("buy-in 100"), "{locale}: {paid}");
        assert!(!paid.contains("freeroll"), "{locale}: {paid}");
        // Nobody registered yet: no prize pool of 0 either.
        let empty = head(100, 0);
        assert!(!empty.ends_with(" 0"), "{locale}: {empty}");
    }
}
