//! Results of a hand: the hands shown, then each pot (main, then side pots) with its winners
//! and the five cards that won, named as the game plays them — Stud/8's high and low halves,
//! scoops, split and quartered halves; Stud's high and Razz's low taking the whole pot —,
//! uncontested wins, uncalled chips returned, and everyone's net.

use crate::table::card::Card;
use crate::table::eval::{best_high_cards, best_low_cards};
use crate::table::hand::{PotAward, SeatIndex};
use crate::table::{Game, best_ace_five_low_cards};

use super::cards::cards;
use super::display_name;
use super::hand_names::{
    high_hand_name, low_hand_name, razz_low_name, razz_low_named_before_cards,
};
use super::locale::{Locale, tr};
use super::numbers::signed;
use super::view::ResultView;

/// The results message of a finished hand (public: only shown cards appear).
pub fn results(locale: Locale, view: &ResultView) -> String {
    let mut lines = vec![tr(
        locale,
        "results-header",
        &[("hand", view.hand_number.into())],
    )];
    for shown in &view.shown {
        let name = display_name(&shown.name);
        lines.push(shows_line(
            locale,
            view.game,
            &name,
            &shown.cards,
            &shown.cards,
        ));
    }
    for seat in &view.mucked {
        lines.push(tr(
            locale,
            "results-mucks",
            &[("name", display_name(&view.name(*seat)).into())],
        ));
    }
    let pots = Pots::of(view.awards.len());
    for award in &view.awards {
        pot_lines(locale, view, award, pots, &mut lines);
    }
    for (seat, chips) in &view.returned {
        lines.push(tr(
            locale,
            "results-returned",
            &[
                ("name", display_name(&view.name(*seat)).into()),
                ("amount", (*chips).into()),
            ],
        ));
    }
    let net: Vec<String> = view
        .net()
        .iter()
        .enumerate()
        .filter(|(_, change)| **change != 0)
        .map(|(seat, change)| {
            format!(
                "{} {}",
                display_name(&view.name(seat)),
                signed(locale, *change)
            )
        })
        .collect();
    if !net.is_empty() {
        lines.push(tr(
            locale,
            "results-net",
            &[("lines", net.join(" · ").into())],
        ));
    }
    lines.join("\n")
}

/// "Ana shows [cards]: what they make", as `game` plays them: high and low in Stud/8, the
/// high in Stud, the razz low in Razz. `shown` is what is listed, `all` what plays (with the
/// community card).
pub(crate) fn shows_line(
    locale: Locale,
    game: Game,
    name: &str,
    shown: &[Card],
    all: &[Card],
) -> String {
    let hand = match game {
        Game::Stud8 => {
            let (high, _) = best_high_cards(all);
            let low = best_low_cards(all).map(|(low, _)| low);
            return tr(
                locale,
                "results-shows",
                &[
                    ("name", name.into()),
                    ("cards", cards(shown).into()),
                    ("high", high_hand_name(locale, high).into()),
                    ("low", low_hand_name(locale, low).into()),
                ],
            );
        }
        Game::Stud => high_hand_name(locale, best_high_cards(all).0),
        Game::Razz => razz_low_name(locale, best_ace_five_low_cards(all).0),
    };
    tr(
        locale,
        "results-shows-hand",
        &[
            ("name", name.into()),
            ("cards", cards(shown).into()),
            ("hand", hand.into()),
        ],
    )
}

/// Whether a hand's result has a side pot: only then is the first pot the "main" one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pots {
    One,
    WithSidePots,
}

impl Pots {
    pub(crate) fn of(count: usize) -> Pots {
        if count > 1 {
            Pots::WithSidePots
        } else {
            Pots::One
        }
    }
}

pub(crate) fn pot_lines(
    locale: Locale,
    view: &ResultView,
    award: &PotAward,
    pots: Pots,
    lines: &mut Vec<String>,
) {
    lines.push(pot_heading(locale, award, pots));
    if award.uncontested {
        let name = |seat: SeatIndex| display_name(&view.name(seat));
        for (seat, chips) in award.high.iter().chain(&award.low) {
            lines.push(tr(
                locale,
                "results-uncontested",
                &[("name", name(*seat).into()), ("amount", (*chips).into())],
            ));
        }
        return;
    }
    if view.game != Game::Stud8 {
        whole_pot_lines(locale, view, award, lines);
        return;
    }
    if let Some(scoop) = scoop_line(locale, view, award) {
        lines.push(scoop);
        return;
    }
    split_pot_lines(locale, view, award, lines);
}

/// The pot's own line: "the pot" when it is the only one, else the main or a numbered side pot.
fn pot_heading(locale: Locale, award: &PotAward, pots: Pots) -> String {
    if award.pot == 0 && pots == Pots::One {
        tr(locale, "results-pot", &[("amount", award.amount.into())])
    } else if award.pot == 0 {
        tr(
            locale,
            "results-main-pot",
            &[("amount", award.amount.into())],
        )
    } else {
        tr(
            locale,
            "results-side-pot",
            &[
                ("number", (award.pot as u64).into()),
                ("amount", award.amount.into()),
            ],
        )
    }
}

/// A Stud Hi/Lo pot one player took whole (the high with the low, or the high with no low),
/// as one line with both hands; `None` when the halves went to different players, or the
/// scooper's cards are not known.
fn scoop_line(locale: Locale, view: &ResultView, award: &PotAward) -> Option<String> {
    let single_high = match award.high.as_slice() {
        [(seat, _)] => Some(*seat),
        _ => None,
    };
    let seat = match (single_high, award.low.as_slice()) {
        (Some(high), []) => high,
        (Some(high), [(low, _)]) if *low == high => high,
        _ => return None,
    };
    let total: u64 = award.high.iter().chain(&award.low).map(|(_, c)| *c).sum();
    let held = cards_of(view, seat)?;
    let (high, high_cards) = best_high_cards(&held);
    let mut args = vec![
        ("name", display_name(&view.name(seat)).into()),
        ("amount", total.into()),
        ("high", high_hand_name(locale, high).into()),
        ("high_cards", cards(&high_cards).into()),
    ];
    let id = match best_low_cards(&held).filter(|_| !award.low.is_empty()) {
        Some((low, low_cards)) => {
            args.push(("low", low_hand_name(locale, Some(low)).into()));
            args.push(("low_cards", cards(&low_cards).into()));
            "results-scoop"
        }
        None => "results-scoop-high-only",
    };
    Some(tr(locale, id, &args))
}

/// A Stud Hi/Lo pot shared out: "no low" when none qualified, then each half's split and
/// winners, high first.
fn split_pot_lines(locale: Locale, view: &ResultView, award: &PotAward, lines: &mut Vec<String>) {
    if award.low.is_empty() {
        lines.push(tr(locale, "results-no-low", &[]));
    }
    if award.high.len() > 1 {
        lines.push(split_line(locale, "results-high-split", award.high.len()));
    }
    for (seat, chips) in &award.high {
        lines.push(winner_line(locale, view, *seat, *chips, Half::High));
    }
    if award.low.len() > 1 {
        lines.push(split_line(locale, "results-low-split", award.low.len()));
    }
    for (seat, chips) in &award.low {
        lines.push(winner_line(locale, view, *seat, *chips, Half::Low));
    }
}

/// A pot of a game with one winning hand (Stud's high, Razz's low): who took it, with what.
fn whole_pot_lines(locale: Locale, view: &ResultView, award: &PotAward, lines: &mut Vec<String>) {
    let winners = if view.game == Game::Razz {
        &award.low
    } else {
        &award.high
    };
    if winners.len() > 1 {
        lines.push(tr(
            locale,
            "results-pot-split",
            &[("count", (winners.len() as u64).into())],
        ));
    }
    for &(seat, chips) in winners {
        let name = display_name(&view.name(seat));
        let Some(held) = cards_of(view, seat) else {
            lines.push(tr(
                locale,
                "results-wins",
                &[("name", name.into()), ("amount", chips.into())],
            ));
            continue;
        };
        let (hand, five) = if view.game == Game::Razz {
            let (low, five) = best_ace_five_low_cards(&held);
            (razz_low_named_before_cards(locale, low), five)
        } else {
            let (high, five) = best_high_cards(&held);
            (high_hand_name(locale, high), five)
        };
        lines.push(tr(
            locale,
            "results-pot-wins",
            &[
                ("name", name.into()),
                ("amount", chips.into()),
                ("hand", hand.into()),
                ("cards", cards(&five).into()),
            ],
        ));
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Half {
    High,
    Low,
}

fn split_line(locale: Locale, id: &str, ways: usize) -> String {
    let quartered = if ways == 2 { "yes" } else { "no" };
    tr(
        locale,
        id,
        &[
            ("count", (ways as u64).into()),
            ("quartered", quartered.into()),
        ],
    )
}

fn winner_line(
    locale: Locale,
    view: &ResultView,
    seat: SeatIndex,
    chips: u64,
    half: Half,
) -> String {
    let name = display_name(&view.name(seat));
    let Some(held) = cards_of(view, seat) else {
        return tr(
            locale,
            "results-wins",
            &[("name", name.into()), ("amount", chips.into())],
        );
    };
    let (id, hand, five) = match half {
        Half::High => {
            let (value, five) = best_high_cards(&held);
            ("results-high", high_hand_name(locale, value), five)
        }
        Half::Low => match best_low_cards(&held) {
            Some((value, five)) => ("results-low", low_hand_name(locale, Some(value)), five),
            None => {
                return tr(
                    locale,
                    "results-wins",
                    &[("name", name.into()), ("amount", chips.into())],
                );
            }
        },
    };
    tr(
        locale,
        id,
        &[
            ("name", name.into()),
            ("amount", chips.into()),
            ("hand", hand.into()),
            ("cards", cards(&five).into()),
        ],
    )
}

fn cards_of(view: &ResultView, seat: SeatIndex) -> Option<Vec<Card>> {
    view.shown
        .iter()
        .find(|shown| shown.seat == seat)
        .map(|shown| shown.cards.clone())
}
