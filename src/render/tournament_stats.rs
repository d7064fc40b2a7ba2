//! Sit & go records, apart from cash play: the block `/stats` and `/stats house` add for
//! someone who entered a tournament, and `/leaderboard board:tournaments`.

use super::locale::{Locale, tr};
use super::numbers::signed;
use super::view::{TournamentLeaderboardLine, TournamentStatsView};
use super::{TextLimit, display_name};

/// The line `/stats` adds: entries, wins, cashes and the net from sit & gos.
pub(super) fn tournament_block(locale: Locale, view: &TournamentStatsView) -> String {
    tr(
        locale,
        "stats-tournaments",
        &[
            ("entries", view.entries.into()),
            ("wins", view.wins.into()),
            ("cashes", view.cashes.into()),
            ("net", signed(locale, i128::from(view.net)).into()),
        ],
    )
}

/// `/leaderboard board:tournaments`: lines in the order given (best net first), numbered
/// from 1. Stays within `limit` (one message): lines past it are left out.
pub fn tournament_leaderboard(
    locale: Locale,
    lines: &[TournamentLeaderboardLine],
    limit: TextLimit,
) -> String {
    let entries = lines.iter().enumerate().map(|(index, line)| {
        tr(
            locale,
            "leaderboard-tournaments-line",
            &[
                ("place", (index as u64 + 1).into()),
                ("name", display_name(&line.name).into()),
                ("net", signed(locale, i128::from(line.stats.net)).into()),
                ("wins", line.stats.wins.into()),
                ("cashes", line.stats.cashes.into()),
                ("entries", line.stats.entries.into()),
            ],
        )
    });
    fit_lines(
        tr(locale, "leaderboard-tournaments-header", &[]),
        || tr(locale, "leaderboard-tournaments-empty", &[]),
        entries,
        limit,
    )
}

/// A header and its lines, as many as fit `limit`; `empty` says so when there are none.
pub(super) fn fit_lines(
    header: String,
    empty: impl FnOnce() -> String,
    lines: impl ExactSizeIterator<Item = String>,
    limit: TextLimit,
) -> String {
    let mut text = header;
    if lines.len() == 0 {
        text.push('\n');
        text.push_str(&empty());
        return text;
    }
    for entry in lines {
        let longer = format!("{text}\n{entry}");
        if !limit.fits(&longer) {
            break;
        }
        text = longer;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(name: &str, net: i64) -> TournamentLeaderboardLine {
        TournamentLeaderboardLine {
            name: name.to_owned(),
            stats: TournamentStatsView {
                entries: u64::MAX,
                wins: u64::MAX,
                cashes: u64::MAX,
                net,
            },
        }
    }

    #[test]
    fn a_tournament_leaderboard_of_long_lines_stops_at_its_limit() {
        let lines: Vec<_> = (0..500)
            .map(|n| line(&"W".repeat(32), i64::MIN + n))
            .collect();
        let limit = TextLimit {
            max: 2_000,
            length: |text: &str| text.encode_utf16().count(),
        };
        for locale in [Locale::En, Locale::Es, Locale::Id] {
            let text = tournament_leaderboard(locale, &lines, limit);
            assert!(limit.fits(&text), "{locale:?}");
            assert!(text.lines().count() > 5, "{text}");
        }
    }

    #[test]
    fn an_empty_tournament_leaderboard_says_so_and_nets_carry_their_sign() {
        let text = tournament_leaderboard(Locale::En, &[], TextLimit::NONE);
        assert!(
            text.ends_with("Nobody has finished a sit & go yet."),
            "{text}"
        );
        let text = tournament_leaderboard(
            Locale::En,
            &[line("Ada", 25), line("Ben", 0), line("Cyd", -7)],
            TextLimit::NONE,
        );
        assert!(text.contains("1. Ada — net +25"), "{text}");
        assert!(text.contains("2. Ben — net 0"), "{text}");
        assert!(text.contains("3. Cyd — net −7"), "{text}");
    }
}
