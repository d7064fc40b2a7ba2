//! Which of our languages a Discord user sees: their client's locale when we speak it,
//! otherwise the configured default.

/// The languages the bot speaks, as `config.toml`'s `locale` names them.
pub const SUPPORTED: [&str; 3] = ["en", "es", "id"];

pub fn is_supported(locale: &str) -> bool {
    SUPPORTED.contains(&locale)
}

/// Maps a Discord locale ("es-ES", "es-419", "id", "en-US", …) to one of [`SUPPORTED`], or
/// `fallback` when we do not speak it.
pub fn from_discord<'a>(discord_locale: &str, fallback: &'a str) -> &'a str {
    let language = discord_locale
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    match language.as_str() {
        "en" => "en",
        "es" => "es",
        "id" => "id",
        _ => fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_locales_map_to_our_languages() {
        assert_eq!(from_discord("es-ES", "en"), "es");
        assert_eq!(from_discord("es-419", "en"), "es");
        assert_eq!(from_discord("id", "en"), "id");
        assert_eq!(from_discord("en-US", "id"), "en");
        assert_eq!(from_discord("fr", "es"), "es");
        assert_eq!(from_discord("", "en"), "en");
    }
}
