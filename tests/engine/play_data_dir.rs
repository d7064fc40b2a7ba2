//! `--data DIR` means one thing in every subcommand, a data directory with its bank in
//! `DIR/bank`; a mistyped path is refused instead of being dealt a new, empty bank; and a
//! directory the process may not use is named as such, with what to do.

use std::os::unix::fs::{MetadataExt as _, PermissionsExt as _};
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::Output;

use crate::audit::audit;
use crate::child;

fn play(data: &Path, extra: &[&str], script: &str) -> Output {
    let mut command = child::studbot();
    command
        .args(["play", "--seed", "1", "--between-hands", "0", "--data"])
        .arg(data)
        .args(extra);
    child::run(command, script, "studbot play")
}

#[test]
fn a_mistyped_data_directory_is_refused_and_create_starts_a_new_bank_on_purpose() {
    let root = tempfile::tempdir().unwrap();
    let typo = root.path().join("studbot-dta");
    let refused = play(&typo, &[], "quit\n");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{refused:?}");
    assert!(
        stderr.contains("does not exist") && stderr.contains("--create"),
        "{stderr}"
    );
    assert!(!typo.exists(), "a refusal makes nothing");

    let made = play(&typo, &["--create"], "quit\n");
    assert!(made.status.success(), "{made:?}");
    assert!(
        typo.join("bank").join("conf").is_file(),
        "the bank is DIR/bank"
    );
    // Every operator command reads the same directory with the same --data.
    let (code, report) = audit(&typo);
    assert_eq!(code, Some(0), "{report}");

    let busy = root.path().join("busy");
    std::fs::create_dir(&busy).unwrap();
    std::fs::write(busy.join("notes.txt"), "mine").unwrap();
    let refused = play(&busy, &[], "quit\n");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("holds no studbot bank"), "{stderr}");
    assert!(!busy.join("bank").exists());
}

#[test]
fn a_bank_play_made_before_in_the_older_layout_is_still_found() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("studbot-data");
    // The older layout: the bank's sled files directly in the directory.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let bank = studbot::bank::Bank::open(&data, studbot::bank::EconomyConfig::default())
            .await
            .unwrap();
        bank.shutdown().await.unwrap();
    });
    let out = play(&data, &[], "quit\n");
    assert!(out.status.success(), "{out:?}");
    assert!(
        !data.join("bank").exists(),
        "no second bank beside the first"
    );
}

/// Whether this test runs as root, which any permission lets through.
fn running_as_root() -> bool {
    let probe = tempfile::tempfile().unwrap();
    probe.metadata().unwrap().uid() == 0
}

/// `nobody`'s ids: a user that owns nothing here.
const NOBODY: u32 = 65534;

#[test]
fn a_data_directory_the_process_may_not_write_is_named_with_what_to_do() {
    let root = tempfile::tempdir().unwrap();
    std::fs::set_permissions(root.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let data = root.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let as_root = running_as_root();
    // As root, the child runs as nobody, for whom the directory is read-only; as anyone
    // else, the directory is made read-only for its owner.
    let mode = if as_root { 0o755 } else { 0o555 };
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(mode)).unwrap();
    let as_other_user = |command: &mut std::process::Command| {
        if as_root {
            command.uid(NOBODY).gid(NOBODY);
        }
    };

    let mut command = child::studbot();
    command.args(["play", "--data"]).arg(&data);
    as_other_user(&mut command);
    let output = child::run(command, "quit\n", "studbot play on a read-only directory");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{output:?}");
    assert!(stderr.contains("permission denied"), "{stderr}");
    assert!(
        stderr.contains("run studbot as that user") && stderr.contains("chown -R"),
        "{stderr}"
    );
    assert!(!stderr.contains("sled"), "{stderr}");

    let mut command = child::studbot();
    command.args(["sim", "--hands", "1", "--data"]).arg(&data);
    as_other_user(&mut command);
    let output = child::run(command, "", "studbot sim on a read-only directory");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("permission denied"), "{stderr}");
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
}
