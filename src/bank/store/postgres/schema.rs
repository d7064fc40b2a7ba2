//! The tables studbot keeps in PostgreSQL, created and migrated by the bot itself: schema
//! `studbot`, its version in `studbot.store_version`, the bank's keys and values in
//! `studbot.kv` (one partition per tree, so that each tree is its own table to PostgreSQL's
//! locks and indexes), beside each value its `doc` (the record as JSON, for operators), and
//! the views over the docs that the bank's describer names. A database of a newer version is
//! refused before anything is written to it. Two processes starting at once take turns (an
//! advisory lock held while preparing).

use postgres::Client;

use super::connection::sql_error;
use crate::bank::store::{Describe, StoreError, Tree};

/// The version of the tables this program creates and reads.
pub const STORE_SCHEMA_VERSION: i32 = 1;

/// The advisory lock key held while a process prepares the tables ("studbot" in ASCII).
const PREPARE_LOCK: i64 = 0x0073_7475_6462_6f74;

/// The SQL that takes a database of version `from` to `from + 1`.
fn migration(from: i32) -> Option<String> {
    match from {
        0 => Some(version_1()),
        _ => None,
    }
}

fn version_1() -> String {
    let mut sql = String::from(
        "CREATE SCHEMA IF NOT EXISTS studbot;
         CREATE TABLE studbot.store_version (version integer NOT NULL);
         INSERT INTO studbot.store_version VALUES (0);
         CREATE TABLE studbot.trees (tree smallint PRIMARY KEY, name text NOT NULL UNIQUE);
         CREATE TABLE studbot.kv (
             tree smallint NOT NULL,
             key bytea NOT NULL,
             value bytea NOT NULL,
             version bigint NOT NULL,
             doc jsonb,
             PRIMARY KEY (tree, key)
         ) PARTITION BY LIST (tree);
         COMMENT ON TABLE studbot.kv IS
             'The bank: every record as the program writes it (value) and as JSON (doc). Read the views.';\n",
    );
    for tree in Tree::ALL {
        let (code, name) = (tree.code(), tree.name());
        sql.push_str(&format!(
            "INSERT INTO studbot.trees VALUES ({code}, '{name}');
             CREATE TABLE studbot.kv_{name} PARTITION OF studbot.kv FOR VALUES IN ({code});\n"
        ));
    }
    sql
}

/// Creates or migrates the tables to [`STORE_SCHEMA_VERSION`], refusing a newer database,
/// then (re)creates the describer's views. Holds an advisory lock meanwhile.
pub(super) fn prepare(client: &mut Client, describe: &dyn Describe) -> Result<(), StoreError> {
    client
        .execute("SELECT pg_advisory_lock($1)", &[&PREPARE_LOCK])
        .map_err(sql_error)?;
    let prepared = migrate(client, describe);
    let unlocked = client
        .execute("SELECT pg_advisory_unlock($1)", &[&PREPARE_LOCK])
        .map_err(sql_error);
    prepared.and(unlocked.map(|_| ()))
}

/// The version a database holds: 0 when studbot never wrote to it.
pub(super) fn stored_version(client: &mut Client) -> Result<i32, StoreError> {
    let exists: bool = client
        .query_one(
            "SELECT to_regclass('studbot.store_version') IS NOT NULL",
            &[],
        )
        .map_err(sql_error)?
        .get(0);
    if !exists {
        return Ok(0);
    }
    let row = client
        .query_opt("SELECT version FROM studbot.store_version", &[])
        .map_err(sql_error)?;
    Ok(row.map_or(0, |row| row.get(0)))
}

fn migrate(client: &mut Client, describe: &dyn Describe) -> Result<(), StoreError> {
    let mut version = stored_version(client)?;
    if version > STORE_SCHEMA_VERSION {
        return Err(StoreError(format!(
            "the database's studbot tables are version {version}; this studbot knows up to \
             {STORE_SCHEMA_VERSION}. Use a newer studbot"
        )));
    }
    while version < STORE_SCHEMA_VERSION {
        let Some(sql) = migration(version) else {
            return Err(StoreError(format!(
                "no migration from studbot tables version {version}"
            )));
        };
        let next = version + 1;
        let mut transaction = client.transaction().map_err(sql_error)?;
        transaction.batch_execute(&sql).map_err(sql_error)?;
        transaction
            .execute("UPDATE studbot.store_version SET version = $1", &[&next])
            .map_err(sql_error)?;
        transaction.commit().map_err(sql_error)?;
        version = next;
    }
    // Made again at every start, so a new studbot's views replace an older one's (views
    // built on others go with them, and come back in their turn).
    let mut transaction = client.transaction().map_err(sql_error)?;
    for (name, query) in describe.views() {
        transaction
            .batch_execute(&format!(
                "DROP VIEW IF EXISTS studbot.{name} CASCADE; CREATE VIEW studbot.{name} AS {query};"
            ))
            .map_err(sql_error)?;
    }
    transaction.commit().map_err(sql_error)
}
