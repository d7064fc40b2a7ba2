//! `studbot audit` run on a data directory, as the bank's and the engine's tests check books.

use std::path::Path;

use super::child::{run, studbot};

/// `studbot audit --data DIR`: its exit code and its JSON report (`Null` when it printed none).
pub fn audit(dir: &Path) -> (Option<i32>, serde_json::Value) {
    let mut command = studbot();
    command.args(["audit", "--data"]).arg(dir);
    let output = run(command, "", "studbot audit");
    let report = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    (output.status.code(), report)
}

/// `studbot audit --store URL`: its exit code and its JSON report.
#[allow(dead_code)]
pub fn audit_store(url: &str) -> (Option<i32>, serde_json::Value) {
    let mut command = studbot();
    command.args(["audit", "--store", url]);
    let output = run(command, "", "studbot audit --store");
    let report = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    (output.status.code(), report)
}
