//! Names of high and low hands in each language ("two pair, kings and fives", "doble par,
//! reyes y cincos", "two pair, King dan 5"; "8-7-5-3-A low"), built from the evaluator's
//! category and ranks, with rank names translated and pluralised by the `.ftl` files.
//!
//! A name is written as it reads inside a sentence ("Ana wins 58 with two pair"): every
//! message puts it after other words, so it is never capitalised here. Rank names keep the
//! case their language gives them (Indonesian "King", "As").

use crate::table::card::{Card, Rank};
use crate::table::eval::{HandCategory, HighValue, LowValue};
use crate::table::{AceFiveLow, Game, GameChoice};

use super::locale::{Locale, tr};

/// The key a `.ftl` select expression uses for a rank (`rank`, `rank-plural`, `rank-to`).
pub fn rank_key(rank: Rank) -> &'static str {
    match rank {
        Rank::Ace => "ace",
        Rank::King => "king",
        Rank::Queen => "queen",
        Rank::Jack => "jack",
        Rank::Ten => "ten",
        Rank::Nine => "nine",
        Rank::Eight => "eight",
        Rank::Seven => "seven",
        Rank::Six => "six",
        Rank::Five => "five",
        Rank::Four => "four",
        Rank::Three => "three",
        Rank::Two => "two",
    }
}

/// "king", "rey", "King".
pub fn rank_name(locale: Locale, rank: Rank) -> String {
    tr(locale, "rank", &[("rank", rank_key(rank).into())])
}

/// "kings", "reyes", "King".
pub fn rank_name_plural(locale: Locale, rank: Rank) -> String {
    tr(locale, "rank-plural", &[("rank", rank_key(rank).into())])
}

/// The name of a high hand (five cards, or a partial hand of up cards).
pub fn high_hand_name(locale: Locale, value: HighValue) -> String {
    high_name_from_parts(locale, value.category(), &value.ranks())
}

/// The name of a high hand from its category and its deciding ranks, most significant first
/// (as `HighValue::ranks` gives them). No ranks at all reads "no cards".
pub fn high_name_from_parts(locale: Locale, category: HandCategory, ranks: &[Rank]) -> String {
    let Some(&first) = ranks.first() else {
        return tr(locale, "hand-no-cards", &[]);
    };
    let second = ranks.get(1).copied().unwrap_or(first);
    let key = rank_key(first);
    let high = tr(locale, "rank", &[("rank", key.into())]);
    let high_to = tr(locale, "rank-to", &[("rank", key.into())]);
    let first_plural = rank_name_plural(locale, first);
    let second_plural = rank_name_plural(locale, second);
    let id = match category {
        HandCategory::HighCard => "hand-high-card",
        HandCategory::OnePair => "hand-pair",
        HandCategory::TwoPair => "hand-two-pair",
        HandCategory::ThreeOfAKind => "hand-trips",
        HandCategory::Straight => "hand-straight",
        HandCategory::Flush => "hand-flush",
        HandCategory::FullHouse => "hand-full-house",
        HandCategory::FourOfAKind => "hand-quads",
        HandCategory::StraightFlush if first == Rank::Ace => "hand-royal-flush",
        HandCategory::StraightFlush => "hand-straight-flush",
    };
    tr(
        locale,
        id,
        &[
            ("high", high.into()),
            ("high_to", high_to.into()),
            ("first", first_plural.into()),
            ("second", second_plural.into()),
        ],
    )
}

/// The game's short name for the board's header: "Stud Hi/Lo", "Stud", "Razz".
pub fn game_name(locale: Locale, game: Game) -> String {
    tr(locale, "game-name", &[("game", game.name().into())])
}

/// The game's full name for a history or `/rules`: "Seven-Card Razz".
pub fn game_full_name(locale: Locale, game: Game) -> String {
    tr(locale, "game-full-name", &[("game", game.name().into())])
}

/// What a table deals, as its welcome says it: a game's full name, or the mix with its
/// rotation.
pub fn game_choice_name(locale: Locale, choice: GameChoice, mix_hands: u32) -> String {
    match choice.fixed() {
        Some(game) => game_full_name(locale, game),
        None => tr(
            locale,
            "game-mix",
            &[("hands", u64::from(mix_hands).into())],
        ),
    }
}

/// What a sit & go deals, inside a sentence ("Sit & go: Seven-Card Razz · …", "Torneo de
/// mix (Razz, Stud y Stud Hi/Lo, un juego por nivel)"): a game's full name, or the mix with
/// its rotation (a game a level) in brackets, never a second colon.
pub fn sit_and_go_game(locale: Locale, choice: GameChoice) -> String {
    match choice.fixed() {
        Some(game) => game_full_name(locale, game),
        None => tr(locale, "game-mix-by-level", &[]),
    }
}

/// A razz hand as players say it when its cards are not listed beside it: "7-5-4-2-A",
/// "5-4-3-2-A, a wheel", and a paired hand by its pair and its cards, "pair of twos
/// (2-2-7-5-A)".
pub fn razz_low_name(locale: Locale, low: AceFiveLow) -> String {
    let spelled = spell_low(&low.played_ranks());
    if low.is_wheel() {
        return tr(locale, "razz-wheel", &[("ranks", spelled.into())]);
    }
    match low.category() {
        HandCategory::HighCard => tr(locale, "razz-low", &[("ranks", spelled.into())]),
        category => {
            let hand = high_name_from_parts(locale, category, &low.ranks());
            tr(
                locale,
                "razz-paired",
                &[("hand", hand.into()), ("ranks", spelled.into())],
            )
        }
    }
}

/// A razz hand named before its five cards ("wins with a wheel (5♠️ 4♣️ …)"): the ranks are
/// not spelled a second time, "7-5-4-2-A", "a wheel", "pair of twos".
pub fn razz_low_named_before_cards(locale: Locale, low: AceFiveLow) -> String {
    if low.is_wheel() {
        return tr(locale, "razz-the-wheel", &[]);
    }
    match low.category() {
        HandCategory::HighCard => tr(
            locale,
            "razz-low",
            &[("ranks", spell_low(&low.played_ranks()).into())],
        ),
        category => high_name_from_parts(locale, category, &low.ranks()),
    }
}

/// A stud hand's cards once seventh street is dealt (a community card counts as one).
const CARDS_IN_A_STUD_HAND: usize = 7;

/// "8-7-5-3-A low" (or the wheel), or "no low" when `value` is `None`.
pub fn low_hand_name(locale: Locale, value: Option<LowValue>) -> String {
    match value {
        Some(low) => low_name_from_ranks(locale, &low.ranks()),
        None => tr(locale, "low-none", &[]),
    }
}

/// "8-7-5-3-A low" from the five ranks of the low, highest first.
pub fn low_name_from_ranks(locale: Locale, ranks: &[Rank; 5]) -> String {
    let spelled = spell_low(ranks);
    let wheel = [Rank::Five, Rank::Four, Rank::Three, Rank::Two, Rank::Ace];
    let id = if *ranks == wheel {
        "low-wheel"
    } else {
        "low-hand"
    };
    tr(locale, id, &[("ranks", spelled.into())])
}

/// What a hand holds for low when it is not drawing to one: the low when it has one, "none
/// yet" with no card of 8 or lower, and "no low" once seven cards are out.
pub fn low_so_far(locale: Locale, cards: &[Card], value: Option<LowValue>) -> String {
    if value.is_some() || cards.len() >= CARDS_IN_A_STUD_HAND {
        return low_hand_name(locale, value);
    }
    tr(locale, "low-none-yet", &[])
}

/// The different ranks of 8 or lower a hand holds toward a low, highest first ("8-6-A"),
/// while cards are still to come and it has no low yet; `None` when it holds none, has a
/// low, or has all its cards.
pub fn low_draw(cards: &[Card], value: Option<LowValue>) -> Option<Vec<Rank>> {
    if value.is_some() || cards.len() >= CARDS_IN_A_STUD_HAND {
        return None;
    }
    let mut lows: Vec<Rank> = cards
        .iter()
        .map(|card| card.rank)
        .filter(|rank| rank.low_value() <= 8)
        .collect();
    lows.sort_by_key(|rank| std::cmp::Reverse(rank.low_value()));
    lows.dedup();
    (!lows.is_empty()).then_some(lows)
}

/// "8-7-5-3-A": ranks as card symbols (ten as "10"), joined by dashes.
pub fn spell_low(ranks: &[Rank]) -> String {
    ranks
        .iter()
        .map(|rank| super::cards::rank_symbol(*rank))
        .collect::<Vec<_>>()
        .join("-")
}
