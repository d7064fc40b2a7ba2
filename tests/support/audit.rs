//! `studbot audit` run on a data directory, as the bank's and the engine's tests check books;
//! and a record damaged on disk, for the tests of what the audit and the bot do with it.

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

/// Cuts sit & go `id`'s record short in the stopped bank at `bank_dir` (its sled directory), as
/// damage on disk would: the record can no longer be read.
#[allow(dead_code)] // Not every test binary damages a record.
pub fn damage_sit_and_go_record(bank_dir: &Path, id: u64) {
    use studbot::bank::store::{Reads, SledStore, Store, Tree, Write};
    let store = SledStore::open(bank_dir, 1 << 20).expect("the bank's store");
    let key = id.to_be_bytes().to_vec();
    let record = store
        .get(Tree::Tournaments, &key)
        .expect("a read")
        .expect("the record");
    store
        .apply(&[Write {
            tree: Tree::Tournaments,
            key,
            value: Some(record[..record.len() / 2].to_vec()),
        }])
        .expect("a write");
    store.flush().expect("a flush");
}

/// Puts `deal` back into sit & go `id`'s record in the stopped bank at `bank_dir` (its sled
/// directory), as a version that kept a deal past a hand recorded since left it.
#[allow(dead_code)] // Not every test binary plants an older version's record.
pub fn plant_deal_kept_past_a_hand(bank_dir: &Path, id: u64, deal: studbot::bank::DealProposal) {
    use studbot::bank::store::{Reads, SledStore, Store, Tree, Write};
    use studbot::bank::{TOURNAMENT_RECORD_VERSION, TournamentState};
    let store = SledStore::open(bank_dir, 1 << 20).expect("the bank's store");
    let key = id.to_be_bytes().to_vec();
    let record = store
        .get(Tree::Tournaments, &key)
        .expect("a read")
        .expect("the record");
    let [0, TOURNAMENT_RECORD_VERSION, rest @ ..] = record.as_slice() else {
        panic!("a record of this version");
    };
    let mut state: TournamentState = postcard::from_bytes(rest).expect("a record to decode");
    assert_eq!(state.deal, None, "the hand's record dropped the deal");
    state.deal = Some(deal);
    let mut value = vec![0, TOURNAMENT_RECORD_VERSION];
    value.extend(postcard::to_stdvec(&state).expect("a record to encode"));
    store
        .apply(&[Write {
            tree: Tree::Tournaments,
            key,
            value: Some(value),
        }])
        .expect("a write");
    store.flush().expect("a flush");
}
