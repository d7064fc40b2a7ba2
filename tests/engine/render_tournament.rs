//! A sit & go's words on Discord: the board's tournament line (and the line of a level that
//! begins, with its stakes), the result listing every place (and the deal that ended it),
//! a paid bust and a cancel's shares fit one message for eight players with Discord's
//! longest names, in every language.

use studbot::bank::UserId;
use studbot::lobby::present::{message_text, tournament_board_line, tournament_places};
use studbot::lobby::{TableMessage, TournamentHeader, TournamentPlace};
use studbot::render::Locale;
use studbot::table::Stakes;
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
