//! Colours in a terminal: the cards of `studbot play` are coloured by suit (red hearts and
//! diamonds) when standard output is a terminal, unless `NO_COLOR` is set (no-color.org) or
//! the terminal says it is `dumb`. Piped or redirected output stays plain text.

use std::borrow::Cow;
use std::ffi::OsStr;
use std::io::IsTerminal as _;
use std::sync::OnceLock;

use crate::faces::Palette;
use crate::render;

/// `text` with its cards coloured when standard output shows colours, else as it is.
pub fn colour_cards(text: &str) -> Cow<'_, str> {
    static WANTED: OnceLock<bool> = OnceLock::new();
    let wanted = *WANTED.get_or_init(|| {
        colours_allowed(
            std::io::stdout().is_terminal(),
            std::env::var_os("NO_COLOR").as_deref(),
            std::env::var_os("TERM").as_deref(),
        )
    });
    if wanted {
        Cow::Owned(render::colour_for_terminal(text, Palette::TwoColour))
    } else {
        Cow::Borrowed(text)
    }
}

/// Whether to colour: a terminal, with `NO_COLOR` unset or empty and `TERM` not `dumb`.
fn colours_allowed(is_terminal: bool, no_color: Option<&OsStr>, term: Option<&OsStr>) -> bool {
    let no_color = no_color.is_some_and(|value| !value.is_empty());
    let dumb = term.is_some_and(|term| term == "dumb");
    is_terminal && !no_color && !dumb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_go_to_a_terminal_only_and_never_when_no_color_is_set() {
        let os = |value: &'static str| Some(OsStr::new(value));
        assert!(colours_allowed(true, None, os("xterm-256color")));
        assert!(colours_allowed(true, os(""), None));
        assert!(!colours_allowed(false, None, os("xterm-256color")));
        assert!(!colours_allowed(true, os("1"), os("xterm-256color")));
        assert!(!colours_allowed(true, None, os("dumb")));
    }
}
