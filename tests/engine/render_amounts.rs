//! Large amounts are written as each language groups them (en 1,250,000; id 1.250.000; es
//! 1.250.000 but 1250), in every kind of message, while numbers that name something (a hand,
//! a place on the leaderboard) stay as typed and the plural and zero wordings still choose.

use studbot::render::{
    self, Announcement, LeaderboardLine, Locale, StatsView, TextLimit, TournamentStatsView,
};

fn leaderboard(locale: Locale) -> String {
    let lines = [
        LeaderboardLine {
            name: "Ana".into(),
            balance: 1_250_000,
        },
        LeaderboardLine {
            name: "Bo".into(),
            balance: 1250,
        },
    ];
    render::leaderboard(locale, &lines, TextLimit::NONE)
}

#[test]
fn the_leaderboard_groups_balances_as_each_language_writes_them() {
    let english = leaderboard(Locale::En);
    assert!(english.contains("1. Ana — 1,250,000"), "{english}");
    assert!(english.contains("2. Bo — 1,250"), "{english}");
    let spanish = leaderboard(Locale::Es);
    assert!(spanish.contains("1. Ana — 1.250.000"), "{spanish}");
    assert!(spanish.contains("2. Bo — 1250"), "{spanish}");
    let indonesian = leaderboard(Locale::Id);
    assert!(indonesian.contains("1. Ana — 1.250.000"), "{indonesian}");
    assert!(indonesian.contains("2. Bo — 1.250"), "{indonesian}");
}

#[test]
fn spanish_leaves_four_digit_amounts_ungrouped_and_groups_five() {
    let said = |amount| {
        render::notice(
            Locale::Es,
            &Announcement::Joined {
                name: "Ana".into(),
                buy_in: amount,
            },
        )
    };
    assert_eq!(said(999), "Ana se sienta con 999 fichas.");
    assert_eq!(said(1000), "Ana se sienta con 1000 fichas.");
    assert_eq!(said(9999), "Ana se sienta con 9999 fichas.");
    assert_eq!(said(10_000), "Ana se sienta con 10.000 fichas.");
    assert_eq!(
        said(u64::MAX),
        "Ana se sienta con 18.446.744.073.709.551.615 fichas."
    );
}

#[test]
fn english_groups_amounts_of_four_digits_and_more_with_commas() {
    let said = |amount| {
        render::notice(
            Locale::En,
            &Announcement::Joined {
                name: "Ana".into(),
                buy_in: amount,
            },
        )
    };
    assert_eq!(said(999), "Ana sits down with 999 chips.");
    assert_eq!(said(1000), "Ana sits down with 1,000 chips.");
    assert_eq!(said(9999), "Ana sits down with 9,999 chips.");
    assert_eq!(said(10_000), "Ana sits down with 10,000 chips.");
    assert_eq!(
        said(u64::MAX),
        "Ana sits down with 18,446,744,073,709,551,615 chips."
    );
}

#[test]
fn indonesian_groups_amounts_of_four_digits_and_more_with_dots() {
    let said = |amount| {
        render::notice(
            Locale::Id,
            &Announcement::Joined {
                name: "Ana".into(),
                buy_in: amount,
            },
        )
    };
    let expected = |shown: &str| format!("Ana duduk dengan {shown} chip.");
    assert_eq!(said(999), expected("999"));
    assert_eq!(said(1000), expected("1.000"));
    assert_eq!(said(9999), expected("9.999"));
    assert_eq!(said(10_000), expected("10.000"));
    assert_eq!(said(u64::MAX), expected("18.446.744.073.709.551.615"));
}

#[test]
fn grouping_keeps_the_zero_and_plural_wordings_choosing_on_the_number() {
    let left = |locale, stack| {
        render::notice(
            locale,
            &Announcement::Left {
                name: "Ana".into(),
                stack,
            },
        )
    };
    assert_eq!(left(Locale::En, 0), "Ana leaves the table.");
    assert_eq!(
        left(Locale::En, 1),
        "Ana leaves the table; 1 chip goes back to their balance."
    );
    assert_eq!(
        left(Locale::En, 1250),
        "Ana leaves the table; 1,250 chips go back to their balance."
    );
    assert!(left(Locale::Es, 12_500).contains("12.500 fichas"));
}

#[test]
fn stats_group_counts_and_signed_amounts_and_hand_numbers_stay_as_typed() {
    let view = StatsView {
        name: "Ana".into(),
        hands_played: 12_345,
        pots_won: 1500,
        scoops: 12,
        net_chips: -1_250_000,
        biggest_pot: 10_500,
        tournaments: Some(TournamentStatsView {
            entries: 3,
            wins: 1,
            cashes: 2,
            net: 12_500,
        }),
    };
    let english = render::stats(Locale::En, &view);
    assert!(english.contains("+12,500"), "{english}");
    assert!(english.contains("Hands played: 12,345"), "{english}");
    assert!(
        english.contains("Net at the tables: −1,250,000"),
        "{english}"
    );
    assert!(english.contains("biggest pot: 10,500"), "{english}");
    let spanish = render::stats(Locale::Es, &view);
    assert!(spanish.contains("botes ganados: 1500"), "{spanish}");
    assert!(spanish.contains("−1.250.000"), "{spanish}");
    let indonesian = render::stats(Locale::Id, &view);
    assert!(
        indonesian.contains("pot dimenangkan: 1.500"),
        "{indonesian}"
    );

    for locale in Locale::ALL {
        let status = render::tr(locale, "status-hand", &[("hand", 123_456u64.into())]);
        assert!(status.contains("#123456"), "{locale}: {status}");
    }
}
