//! Discord's limits on what the bot sends, in Discord's units: message content and button
//! labels are counted in UTF-16 code units (an emoji such as 🂠 counts 2), so a text that fits
//! in `char`s may still be refused. Everything the bot sends passes through here.

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

/// A button label within [`LABEL`].
pub fn fit_label(text: &str) -> String {
    fit(text, LABEL)
}

#[cfg(test)]
mod tests {
    use super::*;

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
