//! `studbot run` with a config it cannot use: one clear line naming the setting, no panic;
//! and `config.example.toml` documents every setting the config types accept.

use std::collections::BTreeSet;

use studbot::bot::config::Config;

use crate::child;

const EXAMPLE: &str = include_str!("../../config.example.toml");

#[test]
fn an_invalid_config_value_stops_the_bot_with_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        "token = \"secret-token-value\"\n[economy]\ndaily_amount = \"lots\"\n",
    )
    .unwrap();
    let mut command = child::studbot();
    command.arg("run").arg("--config").arg(&config);
    let output = child::run(command, "", "studbot run with an invalid config");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.ends_with(
            "config.toml: [economy] daily_amount: expected a whole number, not string \"lots\"\n"
        ),
        "{stderr}"
    );
    assert!(!stderr.contains("secret-token-value"));
}

#[test]
fn a_missing_config_file_is_one_line_too() {
    let output = child::run_args(&["run", "--config", "/nonexistent/studbot.toml"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("/nonexistent/studbot.toml"), "{stderr}");
}

/// What `config.toml` takes at one dotted path.
enum Probe {
    /// A table of settings, with its keys.
    Table(Vec<String>),
    /// One setting.
    Setting,
}

/// Asks the config types what `path` is, through the parser itself. A table that refuses
/// unknown keys names all of its keys when given a made-up one; a table that ignores unknown
/// keys but requires its own names them one at a time as missing, each filled in with the first
/// value it takes. Anything else refuses a table in its place: it is a setting.
fn probe(path: &[String]) -> Probe {
    const VALUES: [&str; 5] = ["1", "true", "\"x\"", "[]", "{}"];
    let parse = |lines: &[String]| -> Result<Config, String> {
        let header = if path.is_empty() {
            String::new()
        } else {
            format!("[{}]\n", path.join("."))
        };
        toml::from_str::<Config>(&format!("{header}{}\n", lines.join("\n")))
            .map_err(|error| error.to_string())
    };
    let missing = |error: &str| -> Option<String> {
        let rest = error.split_once("missing field `")?.1;
        Some(rest.split_once('`')?.0.to_owned())
    };
    let mut lines = vec!["not_a_setting = 1".to_owned()];
    let mut required = Vec::new();
    while let Err(error) = parse(&lines) {
        if let Some(listed) = error.split_once("unknown field `not_a_setting`, expected") {
            let listed = listed.1.lines().next().unwrap_or_default();
            return Probe::Table(
                listed
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_owned)
                    .collect(),
            );
        }
        let Some(field) = missing(&error) else {
            break;
        };
        let filled = VALUES
            .iter()
            .map(|value| format!("{field} = {value}"))
            .find(|line| {
                let tried = parse(&[lines.clone(), vec![line.clone()]].concat());
                match tried {
                    Ok(_) => true,
                    Err(error) => missing(&error).is_some_and(|next| next != field),
                }
            })
            .unwrap_or_else(|| panic!("[{}] {field} takes none of {VALUES:?}", path.join(".")));
        lines.push(filled);
        required.push(field);
    }
    if required.is_empty() {
        Probe::Setting
    } else {
        Probe::Table(required)
    }
}

/// The settings `config.toml` accepts, as dotted paths, found by asking the config types
/// themselves (`probe`), so a new setting is found without anyone listing it.
fn settings_the_code_accepts() -> BTreeSet<String> {
    fn walk(path: Vec<String>, found: &mut BTreeSet<String>) {
        match probe(&path) {
            Probe::Table(keys) => {
                assert!(!keys.is_empty(), "[{}] has no keys", path.join("."));
                for key in keys {
                    walk([path.clone(), vec![key]].concat(), found);
                }
            }
            Probe::Setting => {
                assert!(!path.is_empty(), "the config is not a table");
                found.insert(path.join("."));
            }
        }
    }
    let mut found = BTreeSet::new();
    walk(Vec::new(), &mut found);
    found
}

/// The settings `config.example.toml` shows, set or commented out (`# key = value`), as dotted
/// paths under their `[section]`; an inline table's keys count one by one.
fn settings_the_example_shows(text: &str) -> BTreeSet<String> {
    fn flatten(prefix: &str, table: &toml::Table, found: &mut BTreeSet<String>) {
        for (key, value) in table {
            let path = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            match value {
                toml::Value::Table(inner) => flatten(&path, inner, found),
                _ => {
                    found.insert(path);
                }
            }
        }
    }
    let mut section = String::new();
    let mut found = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = header.to_owned();
            continue;
        }
        // Prose comments are not TOML; a commented-out setting is.
        let setting = line.strip_prefix('#').map(str::trim).unwrap_or(line);
        if let Ok(table) = toml::from_str::<toml::Table>(setting) {
            flatten(&section, &table, &mut found);
        }
    }
    found
}

#[test]
fn every_setting_the_config_accepts_is_documented_in_the_example_and_nothing_else_is() {
    let accepted = settings_the_code_accepts();
    // The walk reaches nested tables and settings that default to nothing.
    for known in [
        "token",
        "table.stakes.ante",
        "discord.shard_total",
        "metrics.listen",
    ] {
        assert!(
            accepted.contains(known),
            "{known} not found in {accepted:#?}"
        );
    }
    let shown = settings_the_example_shows(EXAMPLE);
    let undocumented: Vec<_> = accepted.difference(&shown).collect();
    assert!(
        undocumented.is_empty(),
        "config.example.toml does not show {undocumented:?}"
    );
    let unknown: Vec<_> = shown.difference(&accepted).collect();
    assert!(
        unknown.is_empty(),
        "config.example.toml shows settings the bot does not accept: {unknown:?}"
    );
}
