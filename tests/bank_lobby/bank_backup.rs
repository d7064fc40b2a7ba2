//! `studbot backup` and `studbot restore`: a bank played by `sim --data` round-trips byte for
//! byte with a clean audit; a damaged, foreign or newer file and a non-empty target are each
//! one line and exit 2, with nothing written.

use std::path::Path;
use std::process::Output;

use studbot::bank::store::{KeyValue, Reads, SledStore, Tree};

fn studbot(args: &[&str]) -> Output {
    crate::child::run_args(args)
}

fn path(path: &Path) -> &str {
    path.to_str().expect("utf-8 temp path")
}

/// Every key and value of every tree, read straight from sled.
fn contents(dir: &Path) -> Vec<(Tree, Vec<KeyValue>)> {
    let store = SledStore::open(dir, 1 << 20).expect("open the store");
    Tree::ALL
        .into_iter()
        .map(|tree| {
            let entries = store
                .scan_prefix(tree, &[])
                .map(|item| item.expect("read"))
                .collect();
            (tree, entries)
        })
        .collect()
}

/// A bank with real history: 40 six-player hands settled through it by `sim --data`.
fn played_bank(root: &Path) -> std::path::PathBuf {
    let data = root.join("played");
    let output = studbot(&[
        "sim",
        "--hands",
        "40",
        "--players",
        "6",
        "--seed",
        "7",
        "--create",
        "--data",
        path(&data),
    ]);
    assert!(output.status.success(), "{output:?}");
    data
}

/// `studbot backup` of `data` into `root`, then `studbot restore` of that file into a new
/// directory of `root`; both must succeed. The restored directory and the restore's output.
fn backed_up_and_restored(root: &Path, data: &Path) -> (std::path::PathBuf, Output) {
    let file = root.join("bank.studbot-backup");
    let backup = studbot(&["backup", "--data", path(data), "--out", path(&file)]);
    assert!(backup.status.success(), "{backup:?}");
    let restored = root.join("restored");
    let restore = studbot(&["restore", "--from", path(&file), "--data", path(&restored)]);
    assert!(restore.status.success(), "{restore:?}");
    (restored, restore)
}

#[test]
fn a_backup_restores_every_key_and_the_audit_passes() {
    let root = tempfile::tempdir().expect("tempdir");
    let data = played_bank(root.path());
    let (restored, restore) = backed_up_and_restored(root.path(), &data);
    let report: serde_json::Value =
        serde_json::from_slice(&restore.stdout).expect("restore prints JSON");
    assert_eq!(report["audit"]["ok"], true, "{report}");

    let original = contents(&data.join("bank"));
    assert!(
        original
            .iter()
            .any(|(tree, entries)| *tree == Tree::Ledger && entries.len() > 40),
        "the played bank has a ledger to compare"
    );
    assert_eq!(contents(&restored.join("bank")), original);
    let audit = studbot(&["audit", "--data", path(&restored)]);
    assert!(audit.status.success(), "{audit:?}");
}

fn one_line_refusal(output: &Output, needle: &str) {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains(needle), "`{needle}` in: {stderr}");
    assert!(output.stdout.is_empty(), "{output:?}");
}

#[test]
fn a_damaged_backup_is_refused_and_nothing_is_created() {
    let root = tempfile::tempdir().expect("tempdir");
    let data = played_bank(root.path());
    let file = root.path().join("bank.backup");
    assert!(
        studbot(&["backup", "--data", path(&data), "--out", path(&file)])
            .status
            .success()
    );
    let mut bytes = std::fs::read(&file).expect("read");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x01;
    std::fs::write(&file, &bytes).expect("write");

    let target = root.path().join("target");
    let output = studbot(&["restore", "--from", path(&file), "--data", path(&target)]);
    one_line_refusal(&output, "damaged");
    assert!(!target.exists(), "nothing is created from a damaged file");

    std::fs::write(&file, &bytes[..bytes.len() - 100]).expect("cut short");
    let output = studbot(&["restore", "--from", path(&file), "--data", path(&target)]);
    one_line_refusal(&output, "damaged");
}

#[test]
fn a_foreign_or_missing_file_is_refused() {
    let root = tempfile::tempdir().expect("tempdir");
    let foreign = root.path().join("notes.txt");
    std::fs::write(&foreign, "these are not chips\n").expect("write");
    let target = root.path().join("target");
    let output = studbot(&["restore", "--from", path(&foreign), "--data", path(&target)]);
    one_line_refusal(&output, "not a studbot backup");
    let output = studbot(&[
        "restore",
        "--from",
        path(&root.path().join("missing")),
        "--data",
        path(&target),
    ]);
    one_line_refusal(&output, "cannot read the backup");
    assert!(!target.exists());
}

#[test]
fn a_restore_over_existing_data_is_refused_and_touches_nothing() {
    let root = tempfile::tempdir().expect("tempdir");
    let data = played_bank(root.path());
    let file = root.path().join("bank.backup");
    assert!(
        studbot(&["backup", "--data", path(&data), "--out", path(&file)])
            .status
            .success()
    );
    let before = contents(&data);
    let output = studbot(&["restore", "--from", path(&file), "--data", path(&data)]);
    one_line_refusal(&output, "is not empty");
    assert_eq!(contents(&data), before);
}

#[test]
fn a_backup_of_a_newer_format_or_schema_is_refused() {
    let root = tempfile::tempdir().expect("tempdir");
    let data = played_bank(root.path());
    let file = root.path().join("bank.backup");
    assert!(
        studbot(&["backup", "--data", path(&data), "--out", path(&file)])
            .status
            .success()
    );
    let bytes = std::fs::read(&file).expect("read");
    let magic = b"studbot-backup\n".len();
    for (offset, needle) in [(magic, "format 99"), (magic + 4, "schema 99")] {
        let mut newer = bytes[..bytes.len() - 32].to_vec();
        newer[offset..offset + 4].copy_from_slice(&99u32.to_be_bytes());
        let digest = <sha2::Sha256 as sha2::Digest>::digest(&newer);
        newer.extend_from_slice(&digest);
        let newer_file = root.path().join("newer.backup");
        std::fs::write(&newer_file, &newer).expect("write");
        let target = root.path().join("target");
        let output = studbot(&[
            "restore",
            "--from",
            path(&newer_file),
            "--data",
            path(&target),
        ]);
        one_line_refusal(&output, needle);
        assert!(!target.exists());
    }
}

#[test]
fn backup_of_a_directory_without_a_bank_says_so() {
    let root = tempfile::tempdir().expect("tempdir");
    let output = studbot(&[
        "backup",
        "--data",
        path(root.path()),
        "--out",
        path(&root.path().join("x")),
    ]);
    one_line_refusal(&output, "holds no studbot bank");
}

#[tokio::test]
async fn a_members_choice_is_in_the_backup_and_restored_with_it() {
    use studbot::bank::{Bank, EconomyConfig, MemberPreferences, UserId};
    let root = tempfile::tempdir().expect("tempdir");
    let data = root.path().join("data");
    let bank = Bank::open(&data.join("bank"), EconomyConfig::default())
        .await
        .expect("open the bank");
    let off = MemberPreferences { turn_pings: false };
    bank.save_preferences(UserId(42), off).await.expect("save");
    bank.shutdown().await.expect("shut down");
    drop(bank);

    let (restored, _) = backed_up_and_restored(root.path(), &data);

    let bank = Bank::open(&restored.join("bank"), EconomyConfig::default())
        .await
        .expect("open the restored bank");
    assert_eq!(
        bank.member_preferences().await.expect("read"),
        vec![(UserId(42), off)]
    );
}

#[test]
fn a_backup_never_replaces_a_file_without_force_nor_writes_into_its_own_bank() {
    let root = tempfile::tempdir().expect("tempdir");
    let data = played_bank(root.path());
    let file = root.path().join("bank.backup");
    std::fs::write(&file, "an older backup").expect("write");
    let output = studbot(&["backup", "--data", path(&data), "--out", path(&file)]);
    one_line_refusal(&output, "already exists");
    assert_eq!(std::fs::read(&file).expect("read"), b"an older backup");
    let forced = studbot(&[
        "backup",
        "--data",
        path(&data),
        "--out",
        path(&file),
        "--force",
    ]);
    assert!(forced.status.success(), "{forced:?}");
    assert_ne!(std::fs::read(&file).expect("read"), b"an older backup");

    let inside = studbot::bank::backup::bank_dir(&data).join("bank.backup");
    let output = studbot(&["backup", "--data", path(&data), "--out", path(&inside)]);
    one_line_refusal(&output, "inside the bank");
    assert!(!inside.exists());
}

#[test]
fn a_backup_that_cannot_be_written_leaves_no_partial_file() {
    let dir = tempfile::tempdir().unwrap();
    // The final name is taken by a folder that is not empty, so the last step (the rename)
    // fails after every byte was written, as a full disk fails a write part-way.
    let out = dir.path().join("bank.backup");
    std::fs::create_dir(&out).unwrap();
    std::fs::write(out.join("keep"), b"x").unwrap();
    let written = studbot::bank::backup::write_file(&out, |file| {
        file.write_all(&[7; 4096])
            .map_err(|error| studbot::bank::backup::BackupError::Io {
                path: out.clone(),
                why: error.to_string(),
            })
    });
    assert!(written.is_err(), "{written:?}");
    let mut left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    left.sort();
    assert_eq!(left, vec![std::ffi::OsString::from("bank.backup")]);
}
