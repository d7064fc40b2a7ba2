//! `studbot run` with a config it cannot use: one clear line naming the setting, no panic.

#[test]
fn an_invalid_config_value_stops_the_bot_with_one_line_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        "token = \"secret-token-value\"\n[economy]\ndaily_amount = \"lots\"\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_studbot"))
        .arg("run")
        .arg("--config")
        .arg(&config)
        .env_remove("DISCORD_TOKEN")
        .output()
        .unwrap();
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
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_studbot"))
        .args(["run", "--config", "/nonexistent/studbot.toml"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("/nonexistent/studbot.toml"), "{stderr}");
}
