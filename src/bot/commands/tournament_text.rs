//! The words of the `/tournament` answers: a sit & go's status (entrants, prize pool, the
//! rules fixed at its open, its structure, its payouts in full and as they would be if it
//! started now, its standings), a cancel's refunds or shares, a deal's amounts, and a
//! finished sit & go's results.

use crate::bank::{Payouts, PrizeSource, TournamentPhase, TournamentState, UserId};
use crate::lobby::DealOffer;
use crate::render::{self, Locale, display_name, tr};
use crate::table::{OddChip, Rules, ShortAllIn};
use crate::tournament::{DealKind, PayoutTable, Tournament};

use crate::bot::Bot;

/// A member's name, or a computer player's marked 🤖 as at cash tables.
pub(super) fn name_of(bot: &Bot, user: UserId) -> String {
    let name = display_name(&bot.names().name_or_placeholder(user));
    if user.is_computer() {
        format!("{name} 🤖")
    } else {
        name
    }
}

/// The message of a cancel: every buy-in refunded, or the prizes not yet won divided by ICM
/// with each share.
pub(super) fn cancelled_text(bot: &Bot, locale: Locale, refunded: bool, paid: &Payouts) -> String {
    let paid: Payouts = paid
        .iter()
        .copied()
        .filter(|&(_, chips)| chips > 0)
        .collect();
    crate::lobby::present::tournament_cancelled(locale, refunded, &paid, &|user| name_of(bot, user))
}

fn deal_kind_name(locale: Locale, kind: DealKind) -> String {
    tr(locale, &format!("choice-{}", kind.name()), &[])
}

/// A deal proposed: who proposed which, each player's amount, how long the others have.
pub(super) fn deal_offer_text(
    bot: &Bot,
    locale: Locale,
    proposer: UserId,
    offer: &DealOffer,
) -> String {
    let mut lines = vec![tr(
        locale,
        "tournament-deal-proposed",
        &[
            ("name", name_of(bot, proposer).into()),
            ("kind", deal_kind_name(locale, offer.kind).into()),
            ("secs", offer.secs.into()),
        ],
    )];
    for &(user, chips) in &offer.amounts {
        let id = if offer.accepted.contains(&user) {
            "tournament-deal-amount-accepted"
        } else {
            "tournament-deal-amount"
        };
        lines.push(tr(
            locale,
            id,
            &[("name", name_of(bot, user).into()), ("chips", chips.into())],
        ));
    }
    if offer.made {
        lines.push(tr(locale, "tournament-deal-made", &[]));
    }
    lines.join("\n")
}

/// Entrants, prize pool, the rules, structure, payouts and, once started, the standings.
/// `computers`: the free seats computer players may fill at a moderator's start.
pub(super) fn status_text(
    bot: &Bot,
    locale: Locale,
    state: &TournamentState,
    computers: usize,
) -> String {
    let mut lines = status_head(locale, state, &|user| name_of(bot, user));
    lines.extend(payout_lines(locale, state, computers));
    match state.tournament() {
        None => {
            for &user in &state.entrants {
                lines.push(format!("• {}", name_of(bot, user)));
            }
        }
        Some(tournament) => lines.extend(standing_lines(bot, locale, state, tournament)),
    }
    lines.join("\n")
}

/// The status's first lines: the game, entrants and pool (a freeroll when the buy-in is 0);
/// what was added to the pool (or that a freeroll plays for places only); the structure;
/// the rules. `name` names a member who added a prize.
fn status_head(
    locale: Locale,
    state: &TournamentState,
    name: &dyn Fn(UserId) -> String,
) -> Vec<String> {
    let settings = &state.settings;
    let structure = &settings.structure;
    let first = structure.level_at(0).level;
    let pool = match state.tournament() {
        Some(tournament) => tournament.prize_pool(),
        None => settings.prize_pool(state.entrants.len()).unwrap_or(0),
    };
    let mut lines = vec![tr(
        locale,
        "tournament-status-head",
        &[
            (
                "game",
                render::hand_names::sit_and_go_game(locale, settings.game).into(),
            ),
            ("entrants", state.entrants.len().into()),
            ("seats", state.seats.into()),
            ("buy_in", settings.buy_in.into()),
            ("pool", pool.into()),
        ],
    )];
    match state.added_by {
        Some(source) if settings.added_prize > 0 => {
            let from = match source {
                PrizeSource::House => tr(locale, "tournament-prize-from-house", &[]),
                PrizeSource::Member(user) => name(user),
            };
            lines.push(tr(
                locale,
                "tournament-status-added-prize",
                &[
                    ("prize", settings.added_prize.into()),
                    ("from", from.into()),
                ],
            ));
        }
        _ if settings.buy_in == 0 => {
            lines.push(tr(locale, "tournament-places-only", &[]));
        }
        _ => {}
    }
    lines.push(tr(
        locale,
        "tournament-status-structure",
        &[
            ("stack", structure.starting_stack().into()),
            ("hands", u64::from(first.hands).into()),
            ("ante", first.stakes.ante.into()),
            ("bring_in", first.stakes.bring_in.into()),
            ("small_bet", first.stakes.small_bet.into()),
            ("big_bet", first.stakes.big_bet.into()),
        ],
    ));
    let uniform = structure
        .levels()
        .iter()
        .all(|level| level.hands == first.hands);
    if !uniform || structure.levels().len() < crate::tournament::BUILT_IN_LEVELS {
        lines.push(tr(
            locale,
            "tournament-status-levels",
            &[("levels", structure.levels_text().into())],
        ));
    }
    lines.push(rules_line(locale, &settings.rules));
    lines
}

/// The rules fixed at the open, as a player reads them.
fn rules_line(locale: Locale, rules: &Rules) -> String {
    let short = match rules.short_all_in {
        ShortAllIn::HalfBet => "choice-half-bet",
        ShortAllIn::FullBet => "choice-full-bet",
    };
    let odd = match rules.odd_chip {
        OddChip::BySuit => "choice-by-suit",
        OddChip::FirstSeat => "choice-first-seat",
    };
    tr(
        locale,
        "tournament-status-rules",
        &[
            ("raises", u64::from(rules.max_raises).into()),
            ("short", tr(locale, short, &[]).into()),
            ("odd", tr(locale, odd, &[]).into()),
            (
                "open_pair",
                if rules.open_pair_big_bet { "yes" } else { "no" }.into(),
            ),
        ],
    )
}

/// The percentages of `table` with what each pays of `pool`: `50% (400) / 30% (240)`.
fn payouts_of(locale: Locale, table: &PayoutTable, pool: u64) -> String {
    table
        .percentages()
        .iter()
        .zip(table.divide(pool))
        .map(|(percent, chips)| format!("{percent}% ({})", render::numbers::grouped(locale, chips)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The payouts: once started, those it plays for; before, those of a full field and those
/// it would pay if it started now (with the computers a start would seat). None for a
/// freeroll with no prize added: it plays for places only, as its head says.
fn payout_lines(locale: Locale, state: &TournamentState, computers: usize) -> Vec<String> {
    let settings = &state.settings;
    if settings.buy_in == 0 && settings.added_prize == 0 {
        return Vec::new();
    }
    if let Some(tournament) = state.tournament() {
        return vec![tr(
            locale,
            "tournament-status-payouts",
            &[(
                "payouts",
                payouts_of(locale, tournament.payout_table(), tournament.prize_pool()).into(),
            )],
        )];
    }
    let full = state.seats;
    let now = (state.entrants.len() + computers.min(full - state.entrants.len().min(full)))
        .clamp(0, full);
    let mut lines = vec![tr(
        locale,
        "tournament-status-payouts-full",
        &[
            ("seats", full.into()),
            (
                "payouts",
                payouts_of(
                    locale,
                    &settings.payout_table(full),
                    settings.prize_pool(full).unwrap_or(0),
                )
                .into(),
            ),
        ],
    )];
    if now < full {
        let text = if now < 2 {
            tr(locale, "tournament-status-payouts-too-few", &[])
        } else if settings.payout_table(now).places_paid() >= now {
            tr(
                locale,
                "tournament-status-payouts-now-refused",
                &[
                    ("entrants", now.into()),
                    ("places", settings.payout_table(now).places_paid().into()),
                ],
            )
        } else {
            tr(
                locale,
                "tournament-status-payouts-now",
                &[
                    ("entrants", now.into()),
                    (
                        "payouts",
                        payouts_of(
                            locale,
                            &settings.payout_table(now),
                            settings.prize_pool(now).unwrap_or(0),
                        )
                        .into(),
                    ),
                ],
            )
        };
        lines.push(text);
    }
    lines
}

/// A started tournament's players by chips (seat order among equals), each still in with
/// their chips or out with their place and the prize paid at their bust.
fn standing_lines(
    bot: &Bot,
    locale: Locale,
    state: &TournamentState,
    tournament: &Tournament,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut standing: Vec<(usize, u64)> = tournament.stacks().iter().copied().enumerate().collect();
    standing.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    for (seat, chips) in standing {
        let Some(user) = state.entrant(seat) else {
            continue;
        };
        let name = name_of(bot, user);
        let finish = tournament
            .finishes()
            .iter()
            .find(|finish| finish.seat == seat);
        lines.push(match finish {
            Some(finish) if finish.prize > 0 => tr(
                locale,
                "tournament-standing-out-paid",
                &[
                    ("name", name.into()),
                    ("place", finish.place.into()),
                    ("prize", finish.prize.into()),
                ],
            ),
            Some(finish) => tr(
                locale,
                "tournament-standing-out",
                &[("name", name.into()), ("place", finish.place.into())],
            ),
            None => tr(
                locale,
                "tournament-standing-in",
                &[("name", name.into()), ("chips", chips.into())],
            ),
        });
    }
    lines
}

/// A finished or cancelled sit & go, for `/tournament results`: its number, game, players
/// and hands, how it ended, then every place and prize (and a cancel's shares).
pub(super) fn results_text(bot: &Bot, locale: Locale, state: &TournamentState) -> String {
    let hands = state.tournament().map_or(0, Tournament::hands_played);
    let mut lines = vec![tr(
        locale,
        "tournament-results-head",
        &[
            ("number", state.id.0.into()),
            (
                "game",
                render::hand_names::sit_and_go_game(locale, state.settings.game).into(),
            ),
            ("entrants", state.entrants.len().into()),
            ("hands", hands.into()),
            (
                "pool",
                state.tournament().map_or(0, Tournament::prize_pool).into(),
            ),
        ],
    )];
    let name = |user: UserId| name_of(bot, user);
    match &state.phase {
        TournamentPhase::Finished { tournament, .. } => {
            if let Some(kind) = tournament.deal() {
                lines.push(tr(
                    locale,
                    "tournament-results-deal",
                    &[("kind", deal_kind_name(locale, kind).into())],
                ));
            }
            lines.extend(place_lines(locale, state, tournament, &name));
        }
        TournamentPhase::Cancelled { tournament, paid } => {
            lines.push(match tournament {
                None => tr(locale, "tournament-cancelled-refunded", &[]),
                Some(played) => {
                    let paid: Payouts = paid.iter().copied().filter(|&(_, c)| c > 0).collect();
                    let mut text = crate::lobby::present::tournament_cancelled(
                        locale,
                        played.finishes().is_empty(),
                        &paid,
                        &name,
                    );
                    let places = place_lines(locale, state, played, &name);
                    if !places.is_empty() {
                        text = format!("{text}\n{}", places.join("\n"));
                    }
                    text
                }
            });
        }
        TournamentPhase::Registering | TournamentPhase::Running(_) => {}
    }
    lines.join("\n")
}

/// Every place decided, first place first, each with its prize.
fn place_lines(
    locale: Locale,
    state: &TournamentState,
    tournament: &Tournament,
    name: &dyn Fn(UserId) -> String,
) -> Vec<String> {
    let mut finishes = tournament.finishes().to_vec();
    finishes.sort_by(|a, b| a.place.cmp(&b.place).then(a.seat.cmp(&b.seat)));
    finishes
        .iter()
        .filter_map(|finish| {
            let user = state.entrant(finish.seat)?;
            Some(tr(
                locale,
                "play-tournament-place",
                &[
                    ("place", finish.place.into()),
                    ("name", name(user).into()),
                    ("chips", finish.prize.into()),
                ],
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::{GuildId, TournamentId};
    use crate::table::GameChoice;
    use crate::tournament::{Structure, StructureKind, TournamentSettings};

    fn registering(game: GameChoice, buy_in: u64, added_prize: u64) -> TournamentState {
        let mut settings =
            TournamentSettings::new(game, Structure::built_in(StructureKind::Regular), buy_in);
        settings.added_prize = added_prize;
        TournamentState {
            id: TournamentId(1),
            guild: GuildId(1),
            channel: crate::ids::TableId(1),
            seats: 6,
            settings,
            entrants: vec![UserId(1), UserId(2)],
            phase: TournamentPhase::Registering,
            added_by: (added_prize > 0).then_some(PrizeSource::House),
            deal: None,
            deals_proposed: 0,
        }
    }

    fn no_name(_: UserId) -> String {
        String::new()
    }

    #[test]
    fn a_freerolls_status_says_freeroll_and_tells_no_prizes_by_place() {
        for locale in Locale::ALL {
            let paid = registering(GameChoice::Stud, 100, 0);
            let head = status_head(locale, &paid, &no_name);
            assert!(head[0].contains("buy-in 100"), "{locale}: {head:?}");
            assert!(!payout_lines(locale, &paid, 0).is_empty(), "{locale}");
            let freeroll = registering(GameChoice::Stud, 0, 0);
            let head = status_head(locale, &freeroll, &no_name);
            assert!(head[0].contains("freeroll"), "{locale}: {head:?}");
            assert!(!head[0].contains("buy-in"), "{locale}: {head:?}");
            assert_eq!(
                head[1],
                tr(locale, "tournament-places-only", &[]),
                "{locale}: {head:?}"
            );
            assert!(
                payout_lines(locale, &freeroll, 0).is_empty(),
                "{locale}: no payouts line"
            );
        }
    }

    #[test]
    fn a_freeroll_with_a_prize_added_says_who_added_it_and_its_payouts() {
        for locale in Locale::ALL {
            let freeroll = registering(GameChoice::Stud, 0, 500);
            let head = status_head(locale, &freeroll, &no_name);
            assert_eq!(
                head[1],
                tr(
                    locale,
                    "tournament-status-added-prize",
                    &[
                        ("prize", 500_u64.into()),
                        (
                            "from",
                            tr(locale, "tournament-prize-from-house", &[]).into()
                        ),
                    ],
                ),
                "{locale}: {head:?}"
            );
            let payouts = payout_lines(locale, &freeroll, 0);
            assert!(!payouts.is_empty(), "{locale}");
            assert!(
                payouts.iter().any(|line| line.contains("500")),
                "{locale}: {payouts:?}"
            );
        }
    }

    #[test]
    fn a_mix_sit_and_gos_status_names_its_rotation_by_level_with_one_colon_at_most() {
        for locale in Locale::ALL {
            let head = &status_head(locale, &registering(GameChoice::Mix, 100, 0), &no_name)[0];
            assert!(head.matches(':').count() <= 1, "{locale}: {head}");
            assert!(
                head.contains("Razz") && head.contains("Stud Hi/Lo"),
                "{head}"
            );
        }
    }
}
