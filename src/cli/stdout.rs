//! Standard output for the tools. `println!` panics when the reader has gone
//! (`studbot sim --tournament | head -1`); every tool writes here instead, and a closed pipe
//! becomes [`ReaderGone`], which `main` ends quietly with exit 0: nothing more is wanted.
//! Tools whose exit code is a verdict (`audit`, `restore`, `health`) write their report with
//! [`print_line_keeping_verdict`], so a reader gone never turns their 1 into a 0.

use std::io::{self, Write as _};

/// The reader of standard output has gone (a closed pipe). Anywhere in an error's chain it
/// means a quiet end with exit 0, not a failure.
#[derive(Debug, thiserror::Error)]
#[error("the reader of standard output has gone")]
pub struct ReaderGone;

/// Writes `text` as it is and flushes it, so a reader sees each report as soon as it ends.
pub fn print(text: &str) -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(failure_of)
}

/// Writes `text` and a newline, flushed.
pub fn print_line(text: &str) -> anyhow::Result<()> {
    print(&format!("{text}\n"))
}

/// Writes `text` and a newline like [`print_line`], but a reader gone is no failure: for a
/// tool whose exit code carries the verdict (1 = the books do not balance), which must stand
/// whoever reads the report.
pub fn print_line_keeping_verdict(text: &str) -> anyhow::Result<()> {
    match print_line(text) {
        Err(error) if reader_gone(&error) => Ok(()),
        written => written,
    }
}

/// A failed write to standard output: [`ReaderGone`] for a closed pipe, else the I/O error.
pub fn failure_of(error: io::Error) -> anyhow::Error {
    if error.kind() == io::ErrorKind::BrokenPipe {
        ReaderGone.into()
    } else {
        anyhow::Error::new(error).context("cannot write to standard output")
    }
}

/// Whether `error` is, or was caused by, the reader going away.
pub fn reader_gone(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| cause.is::<ReaderGone>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_pipe_is_the_reader_gone_even_under_context() {
        let error = failure_of(io::Error::from(io::ErrorKind::BrokenPipe)).context("sit & go 3");
        assert!(reader_gone(&error));
    }

    #[test]
    fn any_other_write_failure_is_a_failure() {
        let error = failure_of(io::Error::from(io::ErrorKind::StorageFull));
        assert!(!reader_gone(&error));
    }
}
