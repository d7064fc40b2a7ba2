//! The announcements and status messages the lobby and the bot send: who joined, left or
//! sat out, the table opened or paused, a hand cancelled and refunded, economy answers,
//! `/rules`. Refusals are not here: each layer's refusal names its own message
//! ([`crate::refusal::Refusal`], worded by [`super::refusal`]).

use fluent_bundle::FluentValue;

use crate::table::hand::ActionKind;
use crate::table::{GameChoice, MIX_ORDER};

use super::hand_names::{game_choice_name, game_full_name, game_name};
use super::locale::{Locale, tr};
use super::numbers::{grouped, signed};
use super::tournament_stats::{fit_lines, tournament_block};
use super::view::{HouseStatsView, LeaderboardLine, SeatStatusView, StatsView, TableStatusView};
use super::{TextLimit, display_name};
use crate::table::rules::Rules;

/// A short announcement for one player or for the channel (never a refusal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Announcement {
    // Table status.
    Joined {
        name: String,
        buy_in: u64,
    },
    /// The player leaves now, with their stack back in their balance.
    Left {
        name: String,
        stack: u64,
    },
    /// The player is in the hand and will leave when it ends.
    LeavingAfterHand {
        name: String,
    },
    SatOut {
        name: String,
    },
    SatOutAfterTimeouts {
        name: String,
    },
    Back {
        name: String,
    },
    /// The timer acted for `name` (checked when free, otherwise folded).
    TimedOut {
        name: String,
        checked: bool,
    },
    Kicked {
        name: String,
    },
    /// A moderator kicked `name` during a hand: they play it out and leave when it ends.
    KickedAfterHand {
        name: String,
    },
    /// The caller, waiting for a computer's chair, withdrew with `/leave`.
    SeatRequestWithdrawn,
    ToppedUp {
        name: String,
        amount: u64,
        stack: u64,
    },
    TableOpened,
    TablePaused,
    TableHalted,
    TableResumed,
    TableClosed,
    SettingsNextHand,
    HandCancelledRefunded {
        hand_number: u64,
    },
    NextHandIn {
        seconds: u64,
    },
    WaitingForPlayers {
        needed: u32,
    },
    /// A player's DMs are closed: how to open them, and that "My cards" still works.
    DmClosed {
        name: String,
    },
    YourCardsByDm,
    // Economy.
    Balance {
        balance: u64,
    },
    BalanceOf {
        name: String,
        balance: u64,
    },
    DailyClaimed {
        amount: u64,
        balance: u64,
    },
    /// Told to the channel: who gave what to whom (the giver's balance stays theirs).
    Gave {
        from: String,
        to: String,
        amount: u64,
    },
    Granted {
        name: String,
        amount: u64,
        balance: u64,
    },
    Taken {
        name: String,
        amount: u64,
        balance: u64,
    },
}

/// The text of a notice. Names are escaped for Discord markdown here.
pub fn notice(locale: Locale, notice: &Announcement) -> String {
    match notice {
        Announcement::TimedOut { name, checked } => {
            let action = if *checked {
                ActionKind::Check
            } else {
                ActionKind::Fold
            };
            timed_out(locale, name, action)
        }
        notice => tr(locale, notice.message_id(), &notice.message_args()),
    }
}

impl Announcement {
    /// The message (`locales/*/render.ftl`) that words it.
    fn message_id(&self) -> &'static str {
        match self {
            Announcement::Joined { .. } => "notice-joined",
            Announcement::Left { .. } => "notice-left",
            Announcement::LeavingAfterHand { .. } => "notice-leaving-after-hand",
            Announcement::SatOut { .. } => "notice-sat-out",
            Announcement::SatOutAfterTimeouts { .. } => "notice-sat-out-after-timeouts",
            Announcement::Back { .. } => "notice-back",
            Announcement::TimedOut { .. } => "notice-timed-out",
            Announcement::Kicked { .. } => "notice-kicked",
            Announcement::KickedAfterHand { .. } => "notice-kicked-after-hand",
            Announcement::SeatRequestWithdrawn => "notice-seat-request-withdrawn",
            Announcement::ToppedUp { .. } => "notice-topped-up",
            Announcement::TableOpened => "notice-table-opened",
            Announcement::TablePaused => "notice-table-paused",
            Announcement::TableHalted => "notice-table-halted",
            Announcement::TableResumed => "notice-table-resumed",
            Announcement::TableClosed => "notice-table-closed",
            Announcement::SettingsNextHand => "notice-settings-next-hand",
            Announcement::HandCancelledRefunded { .. } => "notice-hand-cancelled",
            Announcement::NextHandIn { .. } => "notice-next-hand-in",
            Announcement::WaitingForPlayers { .. } => "notice-waiting-for-players",
            Announcement::DmClosed { .. } => "notice-dm-closed",
            Announcement::YourCardsByDm => "notice-cards-by-dm",
            Announcement::Balance { .. } => "notice-balance",
            Announcement::BalanceOf { .. } => "notice-balance-of",
            Announcement::DailyClaimed { .. } => "notice-daily-claimed",
            Announcement::Gave { .. } => "notice-gave",
            Announcement::Granted { .. } => "notice-granted",
            Announcement::Taken { .. } => "notice-taken",
        }
    }

    /// What the message names: players (escaped for Discord markdown), chips, numbers.
    fn message_args(&self) -> Vec<(&'static str, FluentValue<'_>)> {
        let name = |name: &str| FluentValue::from(display_name(name));
        match self {
            Announcement::TableOpened
            | Announcement::TablePaused
            | Announcement::TableHalted
            | Announcement::TableResumed
            | Announcement::TableClosed
            | Announcement::SettingsNextHand
            | Announcement::YourCardsByDm
            | Announcement::SeatRequestWithdrawn => Vec::new(),
            Announcement::LeavingAfterHand { name: who }
            | Announcement::SatOut { name: who }
            | Announcement::SatOutAfterTimeouts { name: who }
            | Announcement::Back { name: who }
            | Announcement::TimedOut { name: who, .. }
            | Announcement::Kicked { name: who }
            | Announcement::KickedAfterHand { name: who }
            | Announcement::DmClosed { name: who } => vec![("name", name(who))],
            Announcement::Joined {
                name: who,
                buy_in: amount,
            }
            | Announcement::Left {
                name: who,
                stack: amount,
            } => vec![("name", name(who)), ("amount", (*amount).into())],
            Announcement::ToppedUp {
                name: who,
                amount,
                stack,
            } => vec![
                ("name", name(who)),
                ("amount", (*amount).into()),
                ("stack", (*stack).into()),
            ],
            Announcement::HandCancelledRefunded { hand_number } => {
                vec![("hand", (*hand_number).into())]
            }
            Announcement::NextHandIn { seconds } => vec![("seconds", (*seconds).into())],
            Announcement::WaitingForPlayers { needed } => vec![("needed", (*needed).into())],
            Announcement::Balance { balance } => vec![("balance", (*balance).into())],
            Announcement::BalanceOf { name: who, balance } => {
                vec![("name", name(who)), ("balance", (*balance).into())]
            }
            Announcement::DailyClaimed { amount, balance } => {
                vec![("amount", (*amount).into()), ("balance", (*balance).into())]
            }
            Announcement::Gave { from, to, amount } => vec![
                ("giver", name(from)),
                ("name", name(to)),
                ("amount", (*amount).into()),
            ],
            Announcement::Granted {
                name: who,
                amount,
                balance,
            }
            | Announcement::Taken {
                name: who,
                amount,
                balance,
            } => vec![
                ("name", name(who)),
                ("amount", (*amount).into()),
                ("balance", (*balance).into()),
            ],
        }
    }
}

/// `/table status`: stakes, buy-in range, seats, timer, the hand in progress and who sits.
/// "Ana ran out of time: fold." — what the table did for a player whose timer ran out: a
/// check, a fold, or the bring-in a forced bring-in posts (it may not fold).
pub fn timed_out(locale: Locale, name: &str, action: ActionKind) -> String {
    let action = match action {
        ActionKind::Check => "check",
        ActionKind::BringIn => "bring_in",
        _ => "fold",
    };
    tr(
        locale,
        "notice-timed-out",
        &[
            ("name", display_name(name).into()),
            ("action", action.into()),
        ],
    )
}

/// A list inside a sentence, each item quoted and the last two joined by the language's
/// "and": “View Channel” and “Send Messages”.
pub fn quoted_list(locale: Locale, items: &[String]) -> String {
    let quoted: Vec<String> = items
        .iter()
        .map(|item| tr(locale, "quoted", &[("text", item.as_str().into())]))
        .collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => tr(
            locale,
            "list-and",
            &[
                ("first", rest.join(", ").into()),
                ("last", last.as_str().into()),
            ],
        ),
    }
}

pub fn table_status(locale: Locale, view: &TableStatusView) -> String {
    let stakes = view.stakes;
    let mut lines = vec![
        tr(
            locale,
            "status-header",
            &[
                ("small", stakes.small_bet.into()),
                ("big", stakes.big_bet.into()),
                ("ante", stakes.ante.into()),
                ("bring_in", stakes.bring_in.into()),
            ],
        ),
        game_choice_name(locale, view.game, view.mix_hands),
        tr(
            locale,
            "status-settings",
            &[
                ("min", view.min_buy_in.into()),
                ("max", view.max_buy_in.into()),
                ("seats", view.max_seats.into()),
                ("timer", view.action_timer_secs.into()),
            ],
        ),
    ];
    if view.computer_players > 0 {
        let level = match view.computer_level {
            crate::table::computer::ComputerLevel::Easy => "computer-level-easy",
            crate::table::computer::ComputerLevel::Good => "computer-level-good",
        };
        lines.push(tr(
            locale,
            "status-computers",
            &[
                ("seats", view.computer_players.into()),
                ("level", tr(locale, level, &[]).into()),
            ],
        ));
    }
    if view.paused {
        lines.push(tr(locale, "status-paused", &[]));
    }
    lines.push(match view.hand_number {
        Some(hand) => tr(locale, "status-hand", &[("hand", hand.into())]),
        None => tr(locale, "status-no-hand", &[]),
    });
    if view.seats.is_empty() {
        lines.push(tr(locale, "status-empty", &[]));
    }
    for seat in &view.seats {
        let state = match seat.status {
            SeatStatusView::ToAct => Some("seat-to-act"),
            SeatStatusView::Active => None,
            SeatStatusView::Folded => Some("seat-folded"),
            SeatStatusView::AllIn => Some("seat-all-in"),
            SeatStatusView::SittingOut => Some("seat-sitting-out"),
            SeatStatusView::Waiting => Some("seat-waiting"),
            SeatStatusView::Away => Some("seat-away"),
        };
        let mut line = format!(
            "• {} ({})",
            display_name(&seat.name),
            grouped(locale, seat.stack)
        );
        if seat.computer {
            line.push_str(" 🤖");
        }
        if let Some(id) = state {
            line.push_str(" · ");
            line.push_str(&tr(locale, id, &[]));
        }
        lines.push(line);
    }
    lines.join("\n")
}

/// `/stats`: cash play, and a sit & go line for a player who entered one.
pub fn stats(locale: Locale, view: &StatsView) -> String {
    let net = signed(locale, i128::from(view.net_chips));
    let mut lines = vec![
        tr(
            locale,
            "stats-header",
            &[("name", display_name(&view.name).into())],
        ),
        tr(
            locale,
            "stats-body",
            &[
                ("hands", view.hands_played.into()),
                ("pots", view.pots_won.into()),
                ("scoops", view.scoops.into()),
            ],
        ),
        tr(
            locale,
            "stats-money",
            &[("net", net.into()), ("biggest", view.biggest_pot.into())],
        ),
    ];
    lines.extend(
        view.tournaments
            .map(|tournaments| tournament_block(locale, &tournaments)),
    );
    lines.join("\n")
}

/// `/leaderboard`: lines in the order given (richest first), numbered from 1. Stays within
/// `limit` (one message): lines past it are left out.
pub fn leaderboard(locale: Locale, lines: &[LeaderboardLine], limit: TextLimit) -> String {
    let entries = lines.iter().enumerate().map(|(index, line)| {
        tr(
            locale,
            "leaderboard-line",
            &[
                ("place", (index as u64 + 1).into()),
                ("name", display_name(&line.name).into()),
                ("balance", line.balance.into()),
            ],
        )
    });
    fit_lines(
        tr(locale, "leaderboard-header", &[]),
        || tr(locale, "leaderboard-empty", &[]),
        entries,
        limit,
    )
}

/// `/rules`: a short summary of the game a table deals, with its house `rules` (Stud/8 where
/// there is no table). `table`: the game and `mix_hands` of the channel's table, whose first
/// line says what it deals.
pub fn rules_summary(locale: Locale, rules: &Rules, table: Option<(GameChoice, u32)>) -> String {
    let yes_no = |on: bool| if on { "yes" } else { "no" };
    let args = [
        ("raises", u64::from(rules.max_raises).into()),
        ("heads_up_uncapped", yes_no(rules.heads_up_uncapped).into()),
        ("open_pair", yes_no(rules.open_pair_big_bet).into()),
    ];
    let choice = table.map_or(GameChoice::Stud8, |(choice, _)| choice);
    let id = match choice {
        GameChoice::Stud8 => "rules-summary",
        GameChoice::Stud => "rules-summary-stud",
        GameChoice::Razz => "rules-summary-razz",
        GameChoice::Mix => "rules-summary-mix",
    };
    let summary = tr(locale, id, &args);
    let Some((choice, mix_hands)) = table else {
        return summary;
    };
    let deals = match choice.fixed() {
        Some(game) => tr(
            locale,
            "rules-table-deals",
            &[("game", game_full_name(locale, game).into())],
        ),
        None => {
            let [first, second, third] = MIX_ORDER.map(|game| game_name(locale, game));
            tr(
                locale,
                "rules-table-deals-mix",
                &[
                    ("first", first.into()),
                    ("second", second.into()),
                    ("third", third.into()),
                    ("hands", u64::from(mix_hands).into()),
                ],
            )
        }
    };
    format!("{deals}\n{summary}")
}

/// `/stats house`: the guild house's chips, what its computer players won and lost, and what
/// the mint created for it.
pub fn house_stats(locale: Locale, view: &HouseStatsView) -> String {
    let net = signed(locale, i128::from(view.won) - i128::from(view.lost));
    let mut lines = vec![
        tr(locale, "house-header", &[("balance", view.balance.into())]),
        tr(
            locale,
            "house-body",
            &[
                ("hands", view.hands_played.into()),
                ("won", view.won.into()),
                ("lost", view.lost.into()),
                ("net", net.into()),
                ("minted", view.minted.into()),
            ],
        ),
        tr(
            locale,
            "house-mint",
            &[
                ("limit", view.mint_limit.into()),
                ("left", view.mint_left.into()),
            ],
        ),
    ];
    lines.extend(
        view.tournaments
            .map(|tournaments| tournament_block(locale, &tournaments)),
    );
    lines.join("\n")
}
