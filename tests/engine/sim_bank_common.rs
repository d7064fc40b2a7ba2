//! What the engine's tests of the sims through the bank share: a `sim` run's JSON lines,
//! with or without `--data`, and the audit of its directory, which must pass.

use std::path::Path;

use serde_json::Value;

use crate::child;

/// The JSON lines `studbot` printed for `flags` (with `--data` when given a directory);
/// `what` names the command in a failure.
pub fn sim_lines(flags: &[String], data: Option<&Path>, what: &str) -> Vec<Value> {
    let mut command = child::studbot();
    command.args(flags);
    if let Some(dir) = data {
        command.arg("--data").arg(dir);
    }
    let output = child::run(command, "", what);
    assert!(
        output.status.success(),
        "sim failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The audit of the bank in `dir`, which must pass with the chips summing to zero.
pub fn audit_passes(dir: &Path) -> Value {
    let (code, report) = crate::audit::audit(dir);
    assert!(
        code == Some(0) && report["ok"] == true && report["sum"] == 0,
        "audit failed ({code:?}): {report}"
    );
    report
}
