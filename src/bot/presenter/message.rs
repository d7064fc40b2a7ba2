//! A board message as the bot writes it (text and buttons), and its JSON for Discord, within
//! Discord's limits (see [`crate::bot::limits`]); and the body of a plain message (a result,
//! a turn ping), which the flush and the turn pings both send.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateButton};

use serde_json::json;

use crate::bank::UserId;
use crate::bot::limits;

/// A plain message that may mention `ping` only.
pub(super) fn text_body(text: String, ping: Option<UserId>) -> serde_json::Value {
    let users: Vec<String> = ping.iter().map(|user| user.0.to_string()).collect();
    json!({
        "content": limits::fit_message(&text),
        "allowed_mentions": { "parse": [], "users": users },
    })
}

/// A board message: text and buttons.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardMessage {
    pub content: String,
    pub buttons: Vec<Button>,
    /// Who the content mentions (pinged when the message is new).
    pub mention: Option<UserId>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    pub custom_id: String,
    pub label: String,
    pub style: ButtonStyle,
}

impl BoardMessage {
    /// The JSON of a channel message create or edit (serenity's builder). Only `ping` may be
    /// notified.
    pub fn to_json(&self, ping: bool) -> serde_json::Value {
        let users: Vec<serenity::UserId> = match (ping, self.mention) {
            (true, Some(user)) => vec![serenity::UserId::new(user.0.max(1))],
            _ => Vec::new(),
        };
        let message = serenity::CreateMessage::new()
            .content(limits::fit_message(&self.content))
            .components(self.components())
            .allowed_mentions(CreateAllowedMentions::new().users(users));
        serde_json::to_value(message).unwrap_or_default()
    }

    /// The buttons, five to a row, at most five rows (the last buttons go first: the
    /// presenter puts the action buttons before "My cards", and there are never more than
    /// eight).
    pub fn components(&self) -> Vec<CreateActionRow> {
        self.buttons
            .chunks(limits::BUTTONS_PER_ROW)
            .take(limits::ROWS)
            .map(|row| {
                CreateActionRow::Buttons(
                    row.iter()
                        .map(|button| {
                            CreateButton::new(button.custom_id.clone())
                                .label(limits::fit_label(&button.label))
                                .style(button.style)
                        })
                        .collect(),
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_of_emoji_stays_within_discords_units() {
        let message = BoardMessage {
            content: "🂠".repeat(1990),
            buttons: (0..30)
                .map(|n| Button {
                    custom_id: format!("a:{n}"),
                    label: "💰".repeat(70),
                    style: ButtonStyle::Primary,
                })
                .collect(),
            mention: Some(UserId(5)),
        };
        let json = message.to_json(true);
        let content = json["content"].as_str().unwrap_or_default();
        assert!(limits::length(content) <= limits::MESSAGE);
        let rows = json["components"].as_array().cloned().unwrap_or_default();
        assert!(rows.len() <= limits::ROWS);
        for row in rows {
            let buttons = row["components"].as_array().cloned().unwrap_or_default();
            assert!(buttons.len() <= limits::BUTTONS_PER_ROW);
            for button in buttons {
                let label = button["label"].as_str().unwrap_or_default();
                assert!(limits::length(label) <= limits::LABEL, "{label}");
            }
        }
        assert_eq!(json["allowed_mentions"]["users"], serde_json::json!(["5"]));
    }
}
