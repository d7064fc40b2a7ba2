//! A player's own hand, for a DM or an ephemeral reply only: down and up cards and what
//! they make so far for high and for low. Never send this text to the channel.

use crate::table::eval::LowValue;
use crate::table::hand::PrivateView;
use crate::table::{AceFiveLow, Card, Game};

use super::cards::CardStyle;
use super::hand_names::{high_hand_name, low_draw, low_so_far, razz_low_name, spell_low};
use super::locale::{Locale, tr};

/// "Your cards — hand #12", the down and up cards, and what they make in the game dealt:
/// "High: Pair of kings" / "Low: 8-7-5-3-A low" (or the low cards held so far) in Stud/8,
/// the high in Stud, the razz low ("Low: 7-5-4-2-A") in Razz.
pub fn private_hand(locale: Locale, hand_number: u64, view: &PrivateView) -> String {
    private_hand_styled(locale, hand_number, view, CardStyle::Text)
}

/// [`private_hand`] with the cards in `style` (the bot's card emoji, on Discord).
pub fn private_hand_styled(
    locale: Locale,
    hand_number: u64,
    view: &PrivateView,
    style: CardStyle<'_>,
) -> String {
    let mut lines = vec![tr(
        locale,
        "private-header",
        &[("hand", hand_number.into())],
    )];
    if !view.down_cards.is_empty() {
        lines.push(tr(
            locale,
            "private-down",
            &[("cards", style.cards(&view.down_cards).into())],
        ));
    }
    if !view.up_cards.is_empty() {
        lines.push(tr(
            locale,
            "private-up",
            &[("cards", style.cards(&view.up_cards).into())],
        ));
    }
    if let Some(community) = view.community {
        lines.push(tr(
            locale,
            "private-community",
            &[("card", style.card(community).into())],
        ));
    }
    let mut all = view.down_cards.clone();
    all.extend(&view.up_cards);
    all.extend(view.community);
    if view.game == Game::Razz {
        lines.push(tr(
            locale,
            "private-low",
            &[("hand", razz_low_name(locale, AceFiveLow::of(&all)).into())],
        ));
        return lines.join("\n");
    }
    // Stud has no low half to tell the high from: the hand is just the hand.
    let high_label = if view.game == Game::Stud {
        "private-hand"
    } else {
        "private-high"
    };
    lines.push(tr(
        locale,
        high_label,
        &[("hand", high_hand_name(locale, view.high).into())],
    ));
    if view.game == Game::Stud {
        return lines.join("\n");
    }
    lines.push(stud8_low_line(locale, view.low, &all));
    lines.join("\n")
}

/// Stud/8's low line: the low made ("Low: 8-7-5-3-A", the wheel named), else the cards
/// toward one ("Low draw: 8-6-A (3 of 5)"), else "none yet" or, with every card out, "no low".
fn stud8_low_line(locale: Locale, low: Option<LowValue>, cards: &[Card]) -> String {
    if let Some(low) = low {
        let wheel = if low.is_wheel() { "yes" } else { "no" };
        return tr(
            locale,
            "private-low-made",
            &[
                ("ranks", spell_low(&low.ranks()).into()),
                ("wheel", wheel.into()),
            ],
        );
    }
    match low_draw(cards, None) {
        Some(ranks) => tr(
            locale,
            "private-low-draw",
            &[
                ("ranks", spell_low(&ranks).into()),
                ("count", (ranks.len() as u64).into()),
            ],
        ),
        None => tr(
            locale,
            "private-low",
            &[("hand", low_so_far(locale, cards, None).into())],
        ),
    }
}
