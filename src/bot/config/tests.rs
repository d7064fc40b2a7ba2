//! The config file's reading and checks: defaults, misspelt keys, wrong values named.

use super::*;

fn parse(text: &str) -> Result<Config, String> {
    Config::parse("config.toml", text, None).map_err(|error| error.to_string())
}

#[test]
fn the_example_config_is_valid_and_shows_the_defaults() {
    let text = include_str!("../../../config.example.toml");
    let config = parse(text).expect("config.example.toml parses");
    // The example shows the defaults the code uses.
    assert_eq!(config.economy, EconomyConfig::default());
    assert_eq!(config.table, TableSettings::default());
    assert_eq!(config.log, LogConfig::default());
    assert_eq!(
        config.shutdown_grace_secs,
        Config::default().shutdown_grace_secs
    );
    // That it shows every setting the types accept is checked by walking the types
    // (tests/engine/discord_config.rs), not by a list here.
}

#[test]
fn a_misspelt_log_level_stops_the_bot_naming_it() {
    let error = parse("token = \"t\"\n[log]\nlevel = \"inof\"\n").unwrap_err();
    assert!(
        error.starts_with("config.toml: [log] level: must be a level (trace, debug, info"),
        "{error}"
    );
    assert!(error.ends_with("not \"inof\""), "{error}");
    let error = parse("token = \"t\"\n[log]\nlevel = \"studbot=verbose\"\n").unwrap_err();
    assert!(error.contains("\"studbot=verbose\""), "{error}");
    assert!(parse("token = \"t\"\n[log]\nlevel = \"\"\n").is_err());
}

#[test]
fn log_levels_and_per_target_directives_are_accepted() {
    for level in [
        "info",
        "WARN",
        "off",
        "studbot=debug,serenity=warn",
        "info,studbot::lobby=trace",
    ] {
        let text = format!("token = \"t\"\n[log]\nlevel = \"{level}\"\n");
        assert!(parse(&text).is_ok(), "{level}: {:?}", parse(&text).err());
    }
}

#[test]
fn a_wrong_type_names_the_section_and_key_in_one_line() {
    let error = parse("token = \"t\"\n[economy]\ndaily_amount = \"lots\"\n").unwrap_err();
    assert_eq!(
        error,
        "config.toml: [economy] daily_amount: expected a whole number, not string \"lots\""
    );
    assert!(!error.contains('\n'));
}

#[test]
fn an_unknown_key_is_refused_by_name() {
    let error = parse("token = \"t\"\n[table]\nseat = 4\n").unwrap_err();
    assert!(
        error.starts_with("config.toml: [table] seat: unknown field `seat`"),
        "{error}"
    );
    let error = parse("token = \"t\"\ncolour = 4\n").unwrap_err();
    assert!(
        error.starts_with("config.toml: colour: unknown field"),
        "{error}"
    );
}

#[test]
fn a_missing_token_is_named_and_the_variable_wins() {
    let error = parse("data_dir = \"d\"\n").unwrap_err();
    assert!(error.starts_with("config.toml: token: missing"), "{error}");
    let config = Config::parse("c", "token = \"file\"\n", Some("from-env")).unwrap();
    assert_eq!(config.token.expose_secret(), "from-env");
    let config = Config::parse("c", "token = \"file\"\n", Some("  ")).unwrap();
    assert_eq!(config.token.expose_secret(), "file");
}

#[test]
fn the_token_never_shows_in_debug_output() {
    let config = parse("token = \"very-secret-token\"\n").unwrap();
    let debug = format!("{config:?} {:?}", config.token);
    assert!(!debug.contains("very-secret-token"), "{debug}");
}

#[test]
fn invalid_values_are_named() {
    let cases = [
        (
            "[table]\nseats = 9\n",
            "config.toml: [table]: seats must be between 2 and 8, not 9",
        ),
        (
            "[table.stakes]\nante = 1\nbring_in = 0\nsmall_bet = 5\nbig_bet = 10\n",
            "config.toml: [table]: invalid stakes: bring_in must be more than 0",
        ),
        (
            "[discord]\napi_proxy = \"localhost\"\n",
            "config.toml: [discord] api_proxy: expected a URL starting with http:// or https://, got `localhost`",
        ),
        (
            "[discord]\nshards = { first = 2, last = 1, total = 4 }\n",
            "config.toml: [discord] shards: expected first <= last < total, got first = 2, last = 1, total = 4",
        ),
        (
            "[discord]\nshards = \"0-3\"\n",
            "config.toml: [discord] shards: shards = \"0-3\" needs shard_total, the number of shards in all",
        ),
        (
            "[discord]\nshards = \"2-9\"\nshard_total = 8\n",
            "config.toml: [discord] shards: expected first <= last < total, got first = 2, last = 9, total = 8",
        ),
        (
            "[discord]\nshards = \"two\"\nshard_total = 8\n",
            "config.toml: [discord] shards: expected a range of shards such as \"0-3\" or \"2\", got \"two\"",
        ),
        (
            "[bank]\nstore = \"mysql://root@db/bank\"\n",
            "config.toml: [bank] store: expected a PostgreSQL URL such as postgres://user@host/db, got `mysql://root@db/bank`",
        ),
        (
            "[bank]\nstore = \"mysql://root:hunter2@db/bank\"\n",
            "config.toml: [bank] store: expected a PostgreSQL URL such as postgres://user@host/db, got `mysql://root@db/bank`",
        ),
        (
            "[table.stakes]\nante = -1\n",
            "config.toml: [table.stakes] ante: must be a whole number of chips, 0 or more, not -1",
        ),
        (
            "[economy]\ngive_max = -5\n",
            "config.toml: [economy] give_max: expected a whole number that fits, not integer -5",
        ),
        (
            "locale = \"fr\"\n",
            "config.toml: locale: unknown variant `fr`, expected one of `en`, `es`, `id`",
        ),
        (
            "[log]\nformat = \"xml\"\n",
            "config.toml: [log] format: unknown variant `xml`, expected `pretty` or `json`",
        ),
        (
            "[economy]\ngive_min = 10\ngive_max = 5\n",
            "config.toml: [economy] give_max: must not be less than give_min (10)",
        ),
        (
            "[economy]\nhouse_mint_limit = -1\n",
            "config.toml: [economy] house_mint_limit: expected a whole number that fits, not integer -1",
        ),
        (
            "[economy]\ncomputer_max_buy_in = 0\n",
            "config.toml: [economy] computer_max_buy_in: must be at least 1",
        ),
        (
            "[economy]\ncomputer_max_buy_in = 500\n[table]\ncomputer_players = 2\n",
            "config.toml: [table] max_buy_in: must be at most [economy] computer_max_buy_in \
             (500) while [table] computer_players is above 0, not 1000",
        ),
    ];
    for (body, expected) in cases {
        let error = parse(&format!("token = \"t\"\n{body}")).unwrap_err();
        assert_eq!(error, expected);
    }
}

#[test]
fn a_syntax_error_is_one_line() {
    let error = parse("token = \"t\"\n[economy\n").unwrap_err();
    assert!(!error.contains('\n'), "{error}");
    assert!(error.starts_with("config.toml: "), "{error}");
}

#[test]
fn cards_are_emoji_unless_the_config_says_text_and_any_other_value_is_one_clear_error() {
    assert_eq!(
        parse("token = \"t\"\n").unwrap().discord.cards,
        CardsConfig::Emoji
    );
    let text = parse("token = \"t\"\n[discord]\ncards = \"text\"\nfour_colour = true\n").unwrap();
    assert_eq!(text.discord.cards, CardsConfig::Text);
    assert!(text.discord.four_colour);
    let error = parse("token = \"t\"\n[discord]\ncards = \"pictures\"\n").unwrap_err();
    assert_eq!(
        error,
        "config.toml: [discord] cards: unknown variant `pictures`, expected `emoji` or `text`"
    );
}
