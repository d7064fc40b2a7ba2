//! `studbot run` refuses to start with one line on stderr that names what is wrong, and a
//! non-zero exit: an unusable data directory, a data directory another process holds, a bank
//! written by a newer studbot, Discord unreachable or refusing the token. No log line comes
//! before it (the operator reads one line, not a screen of warnings).

use std::path::Path;
use std::process::Output;

use studbot::cli::exit::{CONFIGURATION, RESTART_MAY_CURE};

use crate::support::child;

/// Runs `studbot run --config FILE` and waits for it to exit (a start-up failure is quick).
fn run_bot(config: &Path) -> Output {
    let mut command = child::studbot();
    command.args(["run", "--config"]).arg(config);
    child::run(command, "", "studbot run with a start-up failure")
}

/// The one line of stderr, after checking that it is the only output.
fn one_line(output: &Output) -> String {
    assert!(
        !output.status.success(),
        "a start-up failure exits non-zero: {output:?}"
    );
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(
        stderr.lines().count(),
        1,
        "exactly one line on stderr:\n{stderr}"
    );
    assert!(output.stdout.is_empty(), "nothing on stdout: {output:?}");
    stderr.trim_end().to_owned()
}

fn write_config(dir: &Path, data_dir: &Path, api: &str) -> std::path::PathBuf {
    let config = dir.join("config.toml");
    std::fs::write(
        &config,
        format!(
            "token = \"t\"\ndata_dir = \"{}\"\n[discord]\napi_proxy = \"{api}\"\n[log]\nlevel = \"info\"\n",
            data_dir.display()
        ),
    )
    .expect("write config");
    config
}

/// Port 9 (discard) on loopback: nothing listens, so connections are refused at once.
const NOBODY: &str = "http://127.0.0.1:9";

#[test]
fn a_data_dir_that_is_a_file_is_named_in_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("not-a-directory");
    std::fs::write(&data, "x").expect("file");
    let output = run_bot(&write_config(dir.path(), &data, NOBODY));
    let line = one_line(&output);
    assert!(line.starts_with("studbot: "), "{line}");
    assert!(
        line.contains("data directory") && line.contains("not-a-directory"),
        "{line}"
    );
    assert_eq!(
        output.status.code(),
        Some(i32::from(CONFIGURATION)),
        "a data directory that cannot be made is the operator's to fix: {line}"
    );
}

#[test]
fn a_bank_written_by_a_newer_studbot_is_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("bank")).expect("bank dir");
    // The schema marker beside sled's files, as a future studbot would leave it.
    std::fs::write(data.join("bank").join("studbot-schema"), "999\n").expect("marker");
    let line = one_line(&run_bot(&write_config(dir.path(), &data, NOBODY)));
    assert!(line.contains("999") && line.contains("newer"), "{line}");
}

#[test]
fn a_data_dir_held_by_another_process_is_refused_in_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).expect("data dir");
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let bank = runtime
        .block_on(studbot::bank::Bank::open(
            &data.join("bank"),
            studbot::bank::EconomyConfig::default(),
        ))
        .expect("the test holds the bank");
    let line = one_line(&run_bot(&write_config(dir.path(), &data, NOBODY)));
    assert!(line.contains("in use"), "{line}");
    drop(bank);
}

#[test]
fn discord_unreachable_is_named_in_one_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let output = run_bot(&write_config(dir.path(), &dir.path().join("data"), NOBODY));
    let line = one_line(&output);
    assert!(
        line.contains("cannot reach Discord") && line.contains(NOBODY),
        "{line}"
    );
    assert_eq!(
        output.status.code(),
        Some(i32::from(RESTART_MAY_CURE)),
        "a network failure is one a restart may cure: {line}"
    );
}

/// A Discord that answers every call 401, as it does for a wrong token.
fn discord_refusing_every_token() -> (tokio::runtime::Runtime, String) {
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let address = listener.local_addr().expect("address");
    let refuse = || async {
        (
            axum::http::StatusCode::UNAUTHORIZED,
            axum::Json(serde_json::json!({"message": "401: Unauthorized", "code": 0})),
        )
    };
    let app = axum::Router::new().fallback(refuse);
    runtime.spawn(async move { axum::serve(listener, app).await });
    (runtime, format!("http://{address}"))
}

#[test]
fn a_token_discord_refuses_exits_as_a_configuration_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_discord, api) = discord_refusing_every_token();
    let output = run_bot(&write_config(dir.path(), &dir.path().join("data"), &api));
    let line = one_line(&output);
    assert!(line.contains("refused the token"), "{line}");
    assert_eq!(
        output.status.code(),
        Some(i32::from(CONFIGURATION)),
        "restarting with the same token fails the same way: {line}"
    );
}
