//! `studbot replay [--tournament] [FILE|-]`: JSON lines in, one JSON result line per line out.
//!
//! Each non-blank input line is one hand (the format docs/TOOLS.md describes), or with
//! `--tournament` one whole sit & go ([`crate::tournament::replay`]); each gives exactly one
//! output line, `{"ok":true,...}` or `{"ok":false,"error":...}`, in input order. A bad line
//! never stops the run: the exit code is 0 even when some lines are errors, and non-zero
//! only when the input cannot be read or the output cannot be written. A reader that goes
//! away (`| head`) ends the run quietly, with 0.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::table::replay::{ReplayError, replay_line_text, result_to_text};
use crate::tournament::replay::{
    TournamentReplayError, replay_tournament_line_text, result_to_text as tournament_result_text,
};
use anyhow::Context;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Each non-blank input line is one hand: {\"stakes\":{...},\"rules\":{...},\"stacks\":[...],\"cards\":[[...],...],\"community\":null,\"actions\":[\"bring-in\",...]}.\nEach gives one output line, {\"ok\":true,\"stacks\":[...],...} or {\"ok\":false,\"error\":\"...\",\"action_index\":N}.\nWith --tournament each line is one whole sit & go: {\"game\":\"stud8\",\"structure\":\"turbo\",\"buy_in\":100,\"hands\":[{\"cards\":[[...],null,...],\"actions\":[...]},...],\"end\":\"cancel\"}, answered {\"ok\":true,\"hands\":N,\"finished\":false,\"stacks\":[...],\"level\":L,\"places\":[...],\"paid\":[...]} or {\"ok\":false,\"error\":\"...\",\"hand_index\":H,\"action_index\":A}.\nExit status: 0 when every line was answered, even if some lines were errors, or when the reader went away (a closed pipe); 2 when the input could not be read or the output written."
)]
pub struct ReplayArgs {
    /// Each line is one whole sit & go, replayed through the tournament core (no bank, no
    /// clock), instead of one hand.
    #[arg(long)]
    pub tournament: bool,
    /// A file of JSON lines, or `-` (the default) for standard input.
    pub input: Option<PathBuf>,
}

pub fn run(args: ReplayArgs) -> anyhow::Result<ExitCode> {
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let answer: fn(&str) -> String = if args.tournament {
        replay_tournament_line_text
    } else {
        replay_line_text
    };
    let not_utf8: fn(String) -> String = if args.tournament {
        |message| {
            tournament_result_text(&Err(TournamentReplayError {
                message,
                hand_index: None,
                action_index: None,
            }))
        }
    } else {
        |message| {
            result_to_text(&Err(ReplayError {
                message,
                action_index: None,
            }))
        }
    };
    let replayed = match args.input.as_deref() {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            replay_lines(BufReader::new(file), &mut output, answer, not_utf8)
        }
        _ => replay_lines(io::stdin().lock(), &mut output, answer, not_utf8),
    };
    match replayed {
        Ok(_) => Ok(ExitCode::SUCCESS),
        // Only writing can meet a closed pipe: the reader has gone (`| head`).
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => {
            Err(super::stdout::ReaderGone.into())
        }
        Err(error) => Err(error).context("replay stopped"),
    }
}

/// Replays every hand read from `input`, writing one result line per non-blank line to
/// `output` (flushed line by line, so a program can talk to `replay` through a pipe).
/// Returns how many hands were replayed; errs only on I/O failure.
pub fn replay_stream(input: impl BufRead, output: &mut impl Write) -> io::Result<u64> {
    replay_lines(input, output, replay_line_text, |message| {
        result_to_text(&Err(ReplayError {
            message,
            action_index: None,
        }))
    })
}

/// Answers every non-blank line of `input` with `answer`'s line (a line that is not UTF-8
/// with `not_utf8`'s), flushed line by line; errs only on I/O failure.
fn replay_lines(
    mut input: impl BufRead,
    output: &mut impl Write,
    answer: fn(&str) -> String,
    not_utf8: fn(String) -> String,
) -> io::Result<u64> {
    let mut line = Vec::new();
    let mut hands = 0;
    loop {
        line.clear();
        if input.read_until(b'\n', &mut line)? == 0 {
            return Ok(hands);
        }
        let result = match std::str::from_utf8(&line) {
            Ok(text) if text.trim().is_empty() => continue,
            Ok(text) => answer(text),
            Err(error) => not_utf8(format!("the line is not UTF-8: {error}")),
        };
        output.write_all(result.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        hands += 1;
    }
}
