//! A commit whose answer was lost (the connection dropped, or the server refused the commit
//! or the next batch's begin sent with it), settled by asking the server, over a new
//! connection, what became of the transaction (`txid_status`): committed, rolled back, or,
//! when the server cannot say in time, unknown.

use std::time::{Duration, Instant};

use postgres::error::SqlState;

use super::connection::{Pool, describe_error, sql_error};
use crate::bank::store::{CommitError, StoreError};

/// How long the server is asked before the commit is reported unknown.
const ASK_FOR: Duration = Duration::from_secs(10);

impl Pool {
    /// What became of transaction `txid`, whose commit was sent on a connection lost before
    /// it answered: asked over a new connection for a while.
    pub fn resolve(&self, txid: i64) -> Result<(), CommitError> {
        let deadline = Instant::now() + ASK_FOR;
        let rolled_back = || {
            CommitError::NotWritten(
                "the connection was lost while committing; the transaction was rolled back".into(),
            )
        };
        loop {
            let status = self.connect_client().and_then(|mut client| {
                client
                    .query_one("SELECT txid_status($1)", &[&txid])
                    .map(|row| row.get::<_, Option<String>>(0))
                    .map_err(|error| {
                        // A server that restarted before the commit reached its log knows the
                        // transaction's id no more: it was never committed.
                        if error.code() == Some(&SqlState::INVALID_PARAMETER_VALUE)
                            && describe_error(&error).contains("in the future")
                        {
                            StoreError("in the future".into())
                        } else {
                            sql_error(error)
                        }
                    })
            });
            match &status {
                Ok(Some(state)) if state == "committed" => return Ok(()),
                Ok(Some(state)) if state == "aborted" => return Err(rolled_back()),
                Err(StoreError(why)) if why == "in the future" => return Err(rolled_back()),
                _ if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(200));
                }
                _ => {
                    return Err(CommitError::Unknown(format!(
                        "the connection to {} was lost while committing, and the server cannot \
                         say what became of the transaction: {status:?}",
                        self.name
                    )));
                }
            }
        }
    }
}
