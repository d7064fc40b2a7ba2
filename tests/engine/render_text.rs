//! Text helpers (names, terminal text, long messages) and the refusal/status messages.

use studbot::bot::limits::{
    MESSAGE as DISCORD_MESSAGE_LIMIT, MESSAGE_TEXT, length as discord_length,
};
use studbot::render::{
    self, Announcement, LeaderboardLine, Locale, SeatStatusView, StatsView, StatusSeat,
    TableStatusView, display_name, for_terminal,
};
use studbot::table::rules::{Rules, Stakes};

use studbot::bank::UserId;
use studbot::lobby::LobbyError;

use crate::common::{every_notice, every_refusal};

#[test]
fn names_are_cut_to_32_characters_with_an_ellipsis_and_markdown_is_escaped() {
    let long = "Abcdefghijklmnopqrstuvwxyz0123456789";
    let shown = display_name(long);
    assert_eq!(shown.chars().count(), 32);
    assert!(shown.ends_with('…'));
    assert_eq!(display_name("**bold**_x_"), "\\*\\*bold\\*\\*\\_x\\_");
    assert_eq!(display_name("two\nlines"), "two lines");
    assert_eq!(display_name("   "), "?");
    assert_eq!(display_name("Ñúñez"), "Ñúñez");
}

#[test]
fn terminal_text_has_no_markdown_left() {
    let board = "**Hand #3** · Fourth street\n▶️ **Ana\\_B** (94)";
    assert_eq!(
        for_terminal(board),
        "Hand #3 · Fourth street\n▶️ Ana_B (94)"
    );
}

#[test]
fn every_notice_has_its_own_text_in_every_language() {
    let name_of = |_: UserId| "Ana".to_string();
    for locale in Locale::ALL {
        let texts: Vec<String> = every_notice()
            .iter()
            .map(|n| render::notice(locale, n))
            .chain(
                every_refusal()
                    .iter()
                    .map(|why| render::refusal(locale, why.as_ref(), &name_of)),
            )
            .collect();
        let distinct: std::collections::BTreeSet<&String> = texts.iter().collect();
        assert_eq!(
            distinct.len(),
            texts.len(),
            "{locale}: two notices read the same"
        );
        for text in &texts {
            assert!(
                !text.contains("notice-") && !text.contains('{'),
                "{locale}: {text}"
            );
        }
    }
    let refused = |why: &LobbyError| render::refusal(Locale::En, why, &|_| "Bo_b".to_string());
    assert_eq!(
        refused(&LobbyError::BuyInOutOfRange {
            min: 40,
            max: 400,
            amount: 10
        }),
        "The buy-in must be between 40 and 400 chips."
    );
    assert_eq!(
        refused(&LobbyError::NotYourTurn {
            to_act: Some(UserId(2))
        }),
        "It is not your turn: Bo\\_b is to act."
    );
    assert_eq!(
        render::notice(
            Locale::Es,
            &Announcement::HandCancelledRefunded { hand_number: 12 }
        ),
        "La mano #12 se anuló: cada jugador recuperó las fichas que tenía al empezar la mano."
    );
    assert_eq!(
        render::notice(Locale::Id, &Announcement::WaitingForPlayers { needed: 2 }),
        "Menunggu 2 pemain lagi."
    );
}

#[test]
fn status_stats_leaderboard_and_rules_read_in_every_language() {
    let status = TableStatusView {
        game: studbot::table::GameChoice::Mix,
        mix_hands: 4,
        stakes: Stakes::default(),
        min_buy_in: 40,
        max_buy_in: 400,
        max_seats: 8,
        action_timer_secs: 30,
        paused: true,
        hand_number: Some(5),
        seats: vec![
            StatusSeat {
                name: "Ana".into(),
                stack: 100,
                status: SeatStatusView::Active,
                computer: false,
            },
            StatusSeat {
                name: "Bo".into(),
                stack: 0,
                status: SeatStatusView::SittingOut,
                computer: false,
            },
        ],
        computer_players: 0,
        computer_level: Default::default(),
    };
    let en = render::table_status(Locale::En, &status);
    assert_eq!(
        en,
        "**Table** · stakes 5/10 · ante 1 · bring-in 2\nMix: Razz, Stud, Stud Hi/Lo, 4 hands each\nBuy-in 40–400 · 8 seats · 30 s to act\nPaused.\nHand #5 in progress.\n• Ana (100)\n• Bo (0) · sitting out"
    );
    let stats = StatsView {
        name: "Ana".into(),
        hands_played: 10,
        pots_won: 4,
        scoops: 1,
        net_chips: -25,
        biggest_pot: 90,
        tournaments: None,
    };
    assert!(render::stats(Locale::En, &stats).contains("Net at the tables: −25"));
    let many: Vec<LeaderboardLine> = (0..500)
        .map(|i| LeaderboardLine {
            name: format!("Player number {i:03} with a long name"),
            balance: 1000 - i,
        })
        .collect();
    for locale in Locale::ALL {
        assert!(!render::table_status(locale, &status).is_empty());
        assert!(!render::stats(locale, &stats).is_empty());
        let board = render::leaderboard(locale, &many, MESSAGE_TEXT);
        assert!(discord_length(&board) <= DISCORD_MESSAGE_LIMIT);
        assert!(board.contains("1. Player number 000"), "{board}");
        assert!(
            render::leaderboard(locale, &[], MESSAGE_TEXT)
                .lines()
                .count()
                == 2
        );
        let tables = studbot::table::GameChoice::ALL.map(|choice| Some((choice, 6)));
        for table in [None].into_iter().chain(tables) {
            let rules = render::rules_summary(locale, &Rules::default(), table);
            assert!(
                rules.lines().count() >= 5 && discord_length(&rules) <= DISCORD_MESSAGE_LIMIT,
                "{rules}"
            );
        }
    }
    assert!(render::rules_summary(Locale::Es, &Rules::default(), None).contains("calle"));
    assert!(render::rules_summary(Locale::Id, &Rules::default(), None).contains("kartu"));
}

#[test]
fn rules_tell_the_table_s_raise_cap_and_house_rules_in_every_language() {
    let defaults = Rules::default();
    let capped_at_four = Rules {
        max_raises: 4,
        heads_up_uncapped: false,
        ..Rules::default()
    };
    let one_raise_open_pair = Rules {
        max_raises: 1,
        open_pair_big_bet: true,
        ..Rules::default()
    };
    let expected = [
        (
            Locale::En,
            [
                "after. A bet and up to 3 raises per round, with no cap once only two players are left.",
                "after. A bet and up to 4 raises per round.",
                "the big bet after; an open pair on fourth street allows the big bet. A bet and up to 1 raise per round, with no cap",
            ],
        ),
        (
            Locale::Es,
            [
                "después. Una apuesta y hasta 3 subidas por ronda, sin límite de subidas cuando solo quedan dos jugadores.",
                "después. Una apuesta y hasta 4 subidas por ronda.",
                "después; un par descubierto en cuarta calle permite la apuesta grande. Una apuesta y hasta 1 subida por ronda, sin límite de subidas",
            ],
        ),
        (
            Locale::Id,
            [
                "sesudahnya. Satu bet dan paling banyak 3 raise per putaran taruhan, tanpa batas raise kalau tinggal dua pemain.",
                "sesudahnya. Satu bet dan paling banyak 4 raise per putaran taruhan.",
                "sesudahnya; pair terbuka di Fourth Street membolehkan taruhan besar. Satu bet dan paling banyak 1 raise per putaran taruhan, tanpa batas raise",
            ],
        ),
    ];
    for (locale, sentences) in expected {
        for (rules, sentence) in [defaults, capped_at_four, one_raise_open_pair]
            .iter()
            .zip(sentences)
        {
            let text = render::rules_summary(locale, rules, None);
            assert!(
                text.contains(sentence),
                "{locale}: {sentence:?} not in {text}"
            );
            for number_word in ["three", "tres", "tiga"] {
                assert!(!text.contains(number_word), "{locale}: {text}");
            }
        }
    }
}
