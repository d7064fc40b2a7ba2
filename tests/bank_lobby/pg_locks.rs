//! What a batch's transaction on PostgreSQL locks: the rows it reads, and no others, so that
//! processes working on different tables never wait for (nor deadlock with) one another.

use std::sync::Arc;

use studbot::bank::BankRecords;
use studbot::bank::store::{
    CommitError, PostgresStore, Prefetch, Reads, Store, Transaction, Tree, Write,
};

use crate::postgres;

fn put(key: &[u8]) -> Write {
    Write {
        tree: Tree::Hands,
        key: key.to_vec(),
        value: Some(vec![1]),
    }
}

/// Whether another session can lock `key` of the hands at once (`NOWAIT`).
fn free(url: &str, key: &[u8]) -> bool {
    let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).expect("connect");
    let mut transaction = client.transaction().expect("a transaction");
    transaction
        .query(
            "SELECT 1 FROM studbot.kv WHERE tree = $1 AND key = $2 FOR UPDATE NOWAIT",
            &[&Tree::Hands.code(), &key],
        )
        .is_ok()
}

#[test]
fn a_batchs_range_read_locks_the_rows_in_its_range_and_none_past_its_end() {
    let url = postgres::database();
    let store = PostgresStore::open(&url, Arc::new(BankRecords)).expect("the store opens");
    // One table's hand markers, then the next table's.
    store
        .apply(&[put(b"a1"), put(b"a2"), put(b"b1"), put(b"b2")])
        .expect("written");
    let shared = store.shared().expect("a shared store");
    let transaction = shared.begin().expect("a batch's transaction");
    let keys: Vec<Vec<u8>> = transaction
        .scan_between(Tree::Hands, b"a", b"b")
        .map(|item| item.expect("a row").0)
        .collect();
    assert_eq!(keys, vec![b"a1".to_vec(), b"a2".to_vec()]);
    assert!(!free(&url, b"a2"), "a row the batch read is not locked");
    assert!(
        free(&url, b"b1") && free(&url, b"b2"),
        "the batch locked rows past its range's end"
    );
    transaction.commit(&[]).expect("committed");
}

#[test]
fn a_batchs_prefetch_answers_its_reads_as_they_would_read_and_locks_only_their_rows() {
    let url = postgres::database();
    let store = PostgresStore::open(&url, Arc::new(BankRecords)).expect("the store opens");
    store
        .apply(&[put(b"a1"), put(b"a2"), put(b"b1"), put(b"b2"), put(b"c1")])
        .expect("written");
    let shared = store.shared().expect("a shared store");
    let transaction = shared.begin().expect("a batch's transaction");
    let mut wanted = Prefetch::default();
    wanted.key(Tree::Hands, b"c1".to_vec());
    wanted.key(Tree::Hands, b"c9".to_vec());
    wanted.range(Tree::Hands, b"a".to_vec(), b"b".to_vec());
    transaction.prefetch(&wanted);
    // Locked as the batch's own reads lock: the keys and the range's rows, nothing past it.
    assert!(!free(&url, b"c1"), "a key read ahead is not locked");
    assert!(
        !free(&url, b"a1") && !free(&url, b"a2"),
        "a range read ahead is not locked"
    );
    assert!(
        free(&url, b"b1") && free(&url, b"b2"),
        "reading ahead locked rows past its range's end"
    );
    // Answered as the reads themselves answer.
    assert_eq!(
        transaction.get(Tree::Hands, b"c1").expect("read"),
        Some(vec![1])
    );
    assert_eq!(transaction.get(Tree::Hands, b"c9").expect("read"), None);
    let keys: Vec<Vec<u8>> = transaction
        .scan_between(Tree::Hands, b"a", b"b")
        .map(|item| item.expect("a row").0)
        .collect();
    assert_eq!(keys, vec![b"a1".to_vec(), b"a2".to_vec()]);
    transaction.commit(&[]).expect("committed");
}

#[test]
fn a_key_read_ahead_as_absent_that_another_process_creates_before_the_batch_writes_it_is_a_conflict()
 {
    let url = postgres::database();
    let store = PostgresStore::open(&url, Arc::new(BankRecords)).expect("the store opens");
    let shared = store.shared().expect("a shared store");
    let transaction = shared.begin().expect("a batch's transaction");
    let mut wanted = Prefetch::default();
    wanted.key(Tree::Hands, b"new".to_vec());
    transaction.prefetch(&wanted);
    // Another process creates the key between the read ahead and the batch's write.
    let other = PostgresStore::open(&url, Arc::new(BankRecords)).expect("another process");
    other.apply(&[put(b"new")]).expect("created by the other");
    assert_eq!(transaction.get(Tree::Hands, b"new").expect("read"), None);
    let created = Write {
        tree: Tree::Hands,
        key: b"new".to_vec(),
        value: Some(vec![2]),
    };
    assert!(
        matches!(
            transaction.commit(&[created]),
            Err(CommitError::Conflict(_))
        ),
        "a key read absent and created meanwhile was written over"
    );
    assert_eq!(
        store.get(Tree::Hands, b"new").expect("read"),
        Some(vec![1]),
        "the other process's row was changed"
    );
}

/// Two writers taking ledger numbers in turn (`Tree::Meta`'s next number, as
/// `committer::shared` takes a block): each reads what the other wrote.
#[test]
fn a_writer_reads_the_ledgers_next_number_another_writer_moved_without_a_conflict() {
    let url = postgres::database();
    let first = PostgresStore::open(&url, Arc::new(BankRecords)).expect("a process");
    let second = PostgresStore::open(&url, Arc::new(BankRecords)).expect("another process");
    let next = |value: u8| Write {
        tree: Tree::Meta,
        key: b"next".to_vec(),
        value: Some(vec![value]),
    };
    let take = |store: &PostgresStore, value: u8| {
        let transaction = store.shared().expect("shared").begin().expect("begun");
        let read = transaction.get(Tree::Meta, b"next").expect("read");
        let outcome = transaction.commit(&[next(value)]);
        (read, outcome)
    };
    assert_eq!(take(&first, 1), (None, Ok(())));
    assert_eq!(take(&second, 2), (Some(vec![1]), Ok(())));
    // The first writer wrote 1 and remembers writing it; the second moved it to 2.
    assert_eq!(
        take(&first, 3),
        (Some(vec![2]), Ok(())),
        "the first writer answered its own stale copy"
    );
}

fn write(key: &[u8], value: u8) -> Write {
    Write {
        tree: Tree::Hands,
        key: key.to_vec(),
        value: Some(vec![value]),
    }
}

/// The remembered rows' check runs in the write's own statement: were any row it writes or
/// deletes changed by that statement before the check locked it, `FOR UPDATE` would skip it
/// and count it stale, and every such batch would be a conflict.
#[test]
fn a_batch_writing_and_deleting_rows_it_remembers_commits_without_a_conflict() {
    let url = postgres::database();
    let store = PostgresStore::open(&url, Arc::new(BankRecords)).expect("the store opens");
    let shared = store.shared().expect("a shared store");
    let first = shared.begin().expect("a batch's transaction");
    first
        .commit(&[write(b"kept", 1), write(b"gone", 1)])
        .expect("the first batch commits");
    // Both rows are now remembered: the second batch reads them without a round trip.
    let second = shared.begin().expect("a batch's transaction");
    assert_eq!(
        second.get(Tree::Hands, b"kept").expect("read"),
        Some(vec![1])
    );
    assert_eq!(
        second.get(Tree::Hands, b"gone").expect("read"),
        Some(vec![1])
    );
    let gone = Write {
        tree: Tree::Hands,
        key: b"gone".to_vec(),
        value: None,
    };
    assert_eq!(
        second.commit(&[write(b"kept", 2), gone]),
        Ok(()),
        "a batch writing the rows it remembered was refused"
    );
    assert_eq!(
        store.get(Tree::Hands, b"kept").expect("read"),
        Some(vec![2])
    );
    assert_eq!(store.get(Tree::Hands, b"gone").expect("read"), None);
}

#[test]
fn a_remembered_row_another_process_changed_makes_the_batch_a_conflict_that_writes_nothing() {
    let url = postgres::database();
    let store = PostgresStore::open(&url, Arc::new(BankRecords)).expect("the store opens");
    let shared = store.shared().expect("a shared store");
    let first = shared.begin().expect("a batch's transaction");
    first.commit(&[write(b"seat", 1)]).expect("committed");
    let other = PostgresStore::open(&url, Arc::new(BankRecords)).expect("another process");
    other
        .apply(&[write(b"seat", 5)])
        .expect("changed by the other");
    let second = shared.begin().expect("a batch's transaction");
    assert_eq!(
        second.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![1]),
        "the batch read its remembered copy"
    );
    assert!(
        matches!(
            second.commit(&[write(b"seat", 2), write(b"beside", 2)]),
            Err(CommitError::Conflict(_))
        ),
        "a stale remembered row was written over"
    );
    assert_eq!(
        store.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![5])
    );
    assert_eq!(
        store.get(Tree::Hands, b"beside").expect("read"),
        None,
        "a batch found stale wrote part of itself"
    );
    // Drafted again, the batch reads what the other process wrote, and commits.
    let again = shared.begin().expect("a batch's transaction");
    assert_eq!(
        again.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![5])
    );
    assert_eq!(again.commit(&[write(b"seat", 6)]), Ok(()));
}

/// A store whose committer remembers `seat` at value 1, as written by its last batch.
fn remembering_seat(url: &str) -> PostgresStore {
    let store = PostgresStore::open(url, Arc::new(BankRecords)).expect("the store opens");
    let shared = store.shared().expect("a shared store");
    let first = shared.begin().expect("a batch's transaction");
    first.commit(&[write(b"seat", 1)]).expect("committed");
    store
}

/// The same, after another process set `seat` to `value` (`None`: deleted it).
fn remembering_seat_another_process_changed(url: &str, value: Option<Vec<u8>>) -> PostgresStore {
    let store = remembering_seat(url);
    let other = PostgresStore::open(url, Arc::new(BankRecords)).expect("another process");
    other
        .apply(&[Write {
            tree: Tree::Hands,
            key: b"seat".to_vec(),
            value,
        }])
        .expect("changed by the other");
    store
}

/// A batch that has read `seat` from what its committer remembers (value 1).
fn batch_reading_remembered_seat(store: &PostgresStore) -> Box<dyn Transaction + '_> {
    let batch = store.shared().expect("shared").begin().expect("begun");
    assert_eq!(
        batch.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![1]),
        "the batch read its remembered copy"
    );
    batch
}

fn conflict_says(outcome: Result<(), CommitError>, what: &str) {
    match outcome {
        Err(CommitError::Conflict(why)) => assert!(
            why.contains("changed by another process"),
            "{what}: a conflict for another reason: {why}"
        ),
        other => panic!("{what}: {other:?}"),
    }
}

/// The remembered rows a batch writes carry their check in the write itself (written only if
/// still at the version remembered): a row another process deleted is not written back.
#[test]
fn a_remembered_row_another_process_deleted_makes_a_batch_writing_it_a_conflict_that_writes_nothing()
 {
    let url = postgres::database();
    let store = remembering_seat_another_process_changed(&url, None);
    let second = batch_reading_remembered_seat(&store);
    conflict_says(
        second.commit(&[write(b"seat", 2), write(b"beside", 2)]),
        "a deleted remembered row was written back",
    );
    assert_eq!(store.get(Tree::Hands, b"seat").expect("read"), None);
    assert_eq!(store.get(Tree::Hands, b"beside").expect("read"), None);
}

#[test]
fn a_remembered_row_another_process_changed_makes_a_batch_deleting_it_a_conflict() {
    let url = postgres::database();
    let store = remembering_seat_another_process_changed(&url, Some(vec![5]));
    let second = batch_reading_remembered_seat(&store);
    let gone = Write {
        tree: Tree::Hands,
        key: b"seat".to_vec(),
        value: None,
    };
    conflict_says(
        second.commit(&[gone]),
        "a remembered row changed meanwhile was deleted",
    );
    assert_eq!(
        store.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![5])
    );
}

/// A remembered row the batch only reads is still checked (locked, at its version) when
/// the batch writes others.
#[test]
fn a_remembered_row_only_read_that_another_process_changed_makes_the_batch_a_conflict() {
    let url = postgres::database();
    let store = remembering_seat_another_process_changed(&url, Some(vec![5]));
    let second = batch_reading_remembered_seat(&store);
    conflict_says(
        second.commit(&[write(b"beside", 2)]),
        "a batch drafted from a stale remembered row committed",
    );
    assert_eq!(store.get(Tree::Hands, b"beside").expect("read"), None);
}

/// The race the version check in the write exists for: another process holds the row,
/// changes it and commits while the batch's write waits for it. The write, given the row
/// once the other commits, finds it at another version and leaves it: a conflict, never the
/// other process's update lost.
#[test]
fn a_remembered_row_changed_while_the_batchs_write_waits_for_it_is_a_conflict_not_a_lost_update() {
    let url = postgres::database();
    let store = remembering_seat(&url);
    let outcome = commit_while_another_session_changes_seat(
        &url,
        &store,
        CHANGE_SEAT_TO_5,
        &[write(b"seat", 2)],
    );
    conflict_says(
        outcome,
        "a stale write went through after waiting for the row",
    );
    assert_eq!(
        store.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![5]),
        "the other process's update was lost"
    );
}

/// Another session's change of `seat` to 5.
const CHANGE_SEAT_TO_5: &str =
    "UPDATE studbot.kv SET value = '\\x05', version = txid_current() WHERE tree = $1 AND key = $2";

/// Another session holds `seat` changed by `change` (`UPDATE`/`DELETE` SQL on it) while the
/// batch, having read the remembered `seat`, commits `writes` and waits for the row; then the
/// other commits. The batch's outcome.
fn commit_while_another_session_changes_seat(
    url: &str,
    store: &PostgresStore,
    change: &str,
    writes: &[Write],
) -> Result<(), CommitError> {
    let mut other = ::postgres::Client::connect(url, ::postgres::NoTls).expect("connect");
    let mut holding = other.transaction().expect("a transaction");
    holding
        .execute(change, &[&Tree::Hands.code(), &b"seat".as_slice()])
        .expect("changed by the other, not yet committed");
    std::thread::scope(|scope| {
        let batch = scope.spawn(|| batch_reading_remembered_seat(store).commit(writes));
        wait_for_a_lock_wait(url, &batch);
        holding.commit().expect("the other commits");
        batch.join().expect("the batch's thread")
    })
}

/// The upsert's own case: the row it waits for is deleted, so it inserts the row anew. The
/// row inserted carries the version remembered, and counts stale: never written back.
#[test]
fn a_remembered_row_deleted_while_the_batchs_write_waits_for_it_is_a_conflict_not_written_back() {
    let url = postgres::database();
    let store = remembering_seat(&url);
    let outcome = commit_while_another_session_changes_seat(
        &url,
        &store,
        "DELETE FROM studbot.kv WHERE tree = $1 AND key = $2",
        &[write(b"seat", 2), write(b"beside", 2)],
    );
    conflict_says(
        outcome,
        "a row deleted while the write waited was written back",
    );
    assert_eq!(
        store.get(Tree::Hands, b"seat").expect("read"),
        None,
        "the other process's delete was lost"
    );
    assert_eq!(store.get(Tree::Hands, b"beside").expect("read"), None);
}

#[test]
fn a_remembered_row_changed_while_the_batchs_delete_waits_for_it_is_a_conflict_not_deleted() {
    let url = postgres::database();
    let store = remembering_seat(&url);
    let gone = Write {
        tree: Tree::Hands,
        key: b"seat".to_vec(),
        value: None,
    };
    let outcome = commit_while_another_session_changes_seat(
        &url,
        &store,
        CHANGE_SEAT_TO_5,
        &[gone, write(b"beside", 2)],
    );
    conflict_says(outcome, "a row changed while the delete waited was deleted");
    assert_eq!(
        store.get(Tree::Hands, b"seat").expect("read"),
        Some(vec![5]),
        "the other process's update was lost"
    );
    assert_eq!(store.get(Tree::Hands, b"beside").expect("read"), None);
}

/// A batch mixing every kind of write (a remembered row written and one deleted, a row
/// written unread, a key read absent and created, a plain delete, a remembered row only
/// read) commits them all, each row at the batch's version.
#[test]
fn a_batch_mixing_every_kind_of_write_commits_them_all() {
    let url = postgres::database();
    let store = PostgresStore::open(&url, Arc::new(BankRecords)).expect("the store opens");
    store
        .apply(&[write(b"unread", 1), write(b"dropped", 1)])
        .expect("written");
    let shared = store.shared().expect("a shared store");
    shared
        .begin()
        .expect("begun")
        .commit(&[write(b"kept", 1), write(b"gone", 1), write(b"read", 1)])
        .expect("the first batch commits");
    let batch = shared.begin().expect("begun");
    for key in [b"kept".as_slice(), b"gone", b"read"] {
        assert_eq!(batch.get(Tree::Hands, key).expect("read"), Some(vec![1]));
    }
    assert_eq!(batch.get(Tree::Hands, b"new").expect("read"), None);
    let delete = |key: &[u8]| Write {
        tree: Tree::Hands,
        key: key.to_vec(),
        value: None,
    };
    let writes = [
        write(b"kept", 2),
        delete(b"gone"),
        write(b"unread", 2),
        write(b"new", 2),
        delete(b"dropped"),
    ];
    assert_eq!(batch.commit(&writes), Ok(()));
    let versions: Vec<(Vec<u8>, i64)> = {
        let mut client = ::postgres::Client::connect(&url, ::postgres::NoTls).expect("connect");
        client
            .query(
                "SELECT key, version FROM studbot.kv WHERE tree = $1 ORDER BY key",
                &[&Tree::Hands.code()],
            )
            .expect("the rows")
            .iter()
            .map(|row| (row.get(0), row.get(1)))
            .collect()
    };
    let keys: Vec<&[u8]> = versions.iter().map(|(key, _)| key.as_slice()).collect();
    assert_eq!(keys, [b"kept".as_slice(), b"new", b"read", b"unread"]);
    let version = |key: &[u8]| versions.iter().find(|(k, _)| k == key).map(|(_, v)| *v);
    assert_eq!(version(b"kept"), version(b"new"));
    assert_eq!(version(b"kept"), version(b"unread"));
    assert_ne!(
        version(b"kept"),
        version(b"read"),
        "a row only read was written"
    );
    for key in [b"kept".as_slice(), b"new", b"unread"] {
        assert_eq!(store.get(Tree::Hands, key).expect("read"), Some(vec![2]));
    }
}

/// Until a studbot session of this database waits for a row lock (the batch's write), or
/// fails at once when the batch ended without waiting.
fn wait_for_a_lock_wait<T>(url: &str, batch: &std::thread::ScopedJoinHandle<'_, T>) {
    let mut client = ::postgres::Client::connect(url, ::postgres::NoTls).expect("connect");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let waiting: i64 = client
            .query_one(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
                 AND application_name = 'studbot' AND wait_event_type = 'Lock'",
                &[],
            )
            .expect("pg_stat_activity")
            .get(0);
        if waiting > 0 {
            return;
        }
        assert!(
            !batch.is_finished(),
            "the batch ended without waiting for the row"
        );
        assert!(
            std::time::Instant::now() < deadline,
            "the batch never waited for the row"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}
