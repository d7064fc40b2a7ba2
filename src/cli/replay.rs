//! `studbot replay [FILE|-]`: JSON lines in, one JSON result line per hand out.
//!
//! Each non-blank input line is one hand (the format docs/TOOLS.md describes); each gives exactly one
//! output line, `{"ok":true,...}` or `{"ok":false,"error":...}`, in input order. A bad hand
//! never stops the run: the exit code is 0 even when some hands are errors, and non-zero
//! only when the input cannot be read or the output cannot be written.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::table::replay::{ReplayError, replay_line_text, result_to_text};
use anyhow::Context;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each non-blank input line is one hand: {\"stakes\":{...},\"rules\":{...},\"stacks\":[...],\"cards\":[[...],...],\"community\":null,\"actions\":[\"bring-in\",...]}.\nEach gives one output line, {\"ok\":true,\"stacks\":[...],...} or {\"ok\":false,\"error\":\"...\",\"action_index\":N}.\nExit status: 0 when every line was answered, even if some hands were errors; 2 when the input could not be read or the output written."
)]
pub struct ReplayArgs {
    /// A file of JSON lines, or `-` (the default) for standard input.
    pub input: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut output = stdout.lock();
    match args.input.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            replay_stream(BufReader::new(file), &mut output)
        }
        _ => replay_stream(io::stdin().lock(), &mut output),
    }
    .context("replay stopped")?;
    Ok(ExitCode::SUCCESS)
}

/// Replays every hand read from `input`, writing one result line per non-blank line to
/// `output` (flushed line by line, so a program can talk to `replay` through a pipe).
/// Returns how many hands were replayed; errs only on I/O failure.
pub fn replay_stream(mut input: impl BufRead, output: &mut impl Write) -> io::Result<u64> {
    let mut line = Vec::new();
    let mut hands = 0;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(hands);
        }
        let result = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => replay_line_text(text),
            Err(error) => result_to_text(&Err(ReplayError {
                message: format!("the line is not UTF-8: {error}"),
                action_index: None,
            })),
        };
        output.write_all(result.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        hands += 1;
    }
}
