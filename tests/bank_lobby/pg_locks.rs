//! What a batch's transaction on PostgreSQL locks: the rows it reads, and no others, so that
//! processes working on different tables never wait for (nor deadlock with) one another.

use std::sync::Arc;

use studbot::bank::BankRecords;
use studbot::bank::store::{PostgresStore, Store, Tree, Write};

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
