//! A player's private view on Discord ("My cards", `/cards`): an ephemeral message with their
//! cards, their pre-actions as buttons (the chosen one green, and one to clear it) and their
//! time bank. What it offers is the lobby's ([`PlayerCards::pre_actions`]): the bot only shows
//! it. A pre-action click updates this message in place (interaction response type 7), so
//! choosing, changing or clearing a pre-action writes nothing in the channel.

use poise::serenity_prelude::ButtonStyle;

use crate::bank::TableId;
use crate::lobby::PlayerCards;
use crate::lobby::present::pre_actions_view;
use crate::render::{self, Locale};

use super::Bot;
use super::custom_id::ButtonId;
use super::presenter::{BoardMessage, Button};

/// The private view of `cards` at `table`, in `locale`: text and buttons.
pub fn message(bot: &Bot, locale: Locale, table: TableId, cards: &PlayerCards) -> BoardMessage {
    let hand = render::private_hand_styled(locale, cards.hand, &cards.view, bot.card_style());
    let pace = render::pace::private_pace(locale, &pre_actions_view(cards));
    BoardMessage {
        content: if pace.is_empty() {
            hand
        } else {
            format!("{hand}\n\n{pace}")
        },
        buttons: buttons(locale, table, cards),
        mention: None,
    }
}

/// One button per pre-action offered (the chosen one green), and "Clear" while one is
/// chosen.
fn buttons(locale: Locale, table: TableId, cards: &PlayerCards) -> Vec<Button> {
    let pre = &cards.pre_actions;
    let id = |choice| {
        ButtonId::PreAction {
            table: table.0,
            hand: cards.hand,
            street: pre.street,
            choice,
        }
        .encode()
    };
    let mut buttons: Vec<Button> = pre
        .offered
        .iter()
        .map(|offered| Button {
            custom_id: id(Some(*offered)),
            label: render::pace::pre_action_label(locale, *offered),
            style: if pre.chosen == Some(*offered) {
                ButtonStyle::Success
            } else {
                ButtonStyle::Secondary
            },
        })
        .collect();
    if pre.chosen.is_some() && !pre.offered.is_empty() {
        buttons.push(Button {
            custom_id: id(None),
            label: render::pace::pre_action_clear_label(locale),
            style: ButtonStyle::Danger,
        });
    }
    buttons
}
