//! Discord's limits on what the bot sends, in Discord's units: message content and button
//! labels are counted in UTF-16 code units (an emoji such as 🂠 counts 2), so a text that fits
//! in `char`s may still be refused. Everything the bot sends passes through here, and the
//! renderer is handed [`MESSAGE_TEXT`] to fit a board or a leaderboard in one message.

use crate::render::TextLimit;

/// Message content.
pub const MESSAGE: usize = 2000;
/// A button's label.
pub const LABEL: usize = 80;
/// A component's `custom_id`.
pub const CUSTOM_ID: usize = 100;
/// Buttons in one action row.
pub const BUTTONS_PER_ROW: usize = 5;
/// Action rows in one message.
pub const ROWS: usize = 5;

/// A message's content for the renderer (`render::TextLimit`): [`MESSAGE`] UTF-16 units.
pub const MESSAGE_TEXT: TextLimit = TextLimit {
    max: MESSAGE,
    length,
};

/// `text`'s length as Discord counts it.
pub fn length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// `text` cut to at most `limit` UTF-16 units, with `…` when cut (never inside a character).
pub fn fit(text: &str, limit: usize) -> String {
    if length(text) <= limit {
        return text.to_owned();
    }
    let ellipsis = '…';
    let room = limit.saturating_sub(ellipsis.len_utf16());
    let mut used = 0;
    let mut cut = String::new();
    for c in text.chars() {
        if used + c.len_utf16() > room {
            break;
        }
        used += c.len_utf16();
        cut.push(c);
    }
    if limit >= ellipsis.len_utf16() {
        cut.push(ellipsis);
    }
    cut
}

/// A message's content within [`MESSAGE`].
pub fn fit_message(text: &str) -> String {
    fit(text, MESSAGE)
}

/// Splits a long text (a hand history, a leaderboard) into messages of at most [`MESSAGE`]
/// units, at line ends; a single overlong line is cut between characters.
pub fn split_message(text: &str) -> Vec<String> {
    let mut messages = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let mut line = line.to_string();
        while length(&line) > MESSAGE {
            let mut head = String::new();
            let mut rest = line.chars();
            for c in rest.by_ref() {
                if length(&head) + c.len_utf16() > MESSAGE {
                    let mut tail = String::from(c);
                    tail.extend(rest);
                    line = tail;
                    break;
                }
                head.push(c);
            }
            if !current.is_empty() {
                messages.push(std::mem::take(&mut current));
            }
            messages.push(head);
        }
        let needed = if current.is_empty() { 0 } else { 1 } + length(&line);
        if length(&current) + needed > MESSAGE {
            messages.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(&line);
    }
    if !current.is_empty() {
        messages.push(current);
    }
    messages
}

/// A button label within [`LABEL`].
pub fn fit_label(text: &str) -> String {
    fit(text, LABEL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_split_at_line_ends_into_messages_within_the_limit() {
        let line = "x".repeat(150);
        let text = vec![line.clone(); 40].join("\n");
        let parts = split_message(&text);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|part| length(part) <= MESSAGE));
        assert_eq!(parts.join("\n"), text);
        let huge = "♠️".repeat(3000);
        let parts = split_message(&huge);
        assert!(parts.iter().all(|part| length(part) <= MESSAGE));
        assert_eq!(parts.concat(), huge);
    }

    #[test]
    fn a_text_of_emoji_is_cut_in_utf16_units_not_chars() {
        // 1,500 chars but 3,000 UTF-16 units: a char count would let it through.
        let text = "🂠".repeat(1500);
        let fitted = fit_message(&text);
        assert!(length(&fitted) <= MESSAGE, "{}", length(&fitted));
        assert!(fitted.ends_with('…'));
        assert_eq!(fit_message("short"), "short");
        let label = fit_label(&"💰".repeat(60));
        assert!(length(&label) <= LABEL);
    }

    #[test]
    fn a_cut_never_splits_a_character() {
        for limit in 0..10 {
            let fitted = fit("a💤b💤c💤d💤e💤", limit);
            assert!(length(&fitted) <= limit, "{limit}: {fitted}");
        }
    }
}
