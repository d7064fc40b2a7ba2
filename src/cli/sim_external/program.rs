//! One outside program of an `ext` seat: its process, the thread that writes its input from a
//! bounded queue, the thread that reads its output a bounded line at a time, and the question
//! and answer of one decision within the time limit.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use super::messages::parse_reply;
use super::{Failure, LONGEST_LINE, MISSED_IN_A_ROW, QUEUED_LINES};
use crate::table::hand::{ActionKind, LegalAction};

/// One line from a program's output.
enum Line {
    Text(String),
    /// A line longer than [`LONGEST_LINE`] (the rest of it is skipped).
    TooLong,
}

/// One running program and the threads that feed and read it.
pub(super) struct Program {
    player: usize,
    command: String,
    child: Child,
    /// The queue its input thread writes from; `None` once it is stopped.
    input: Option<SyncSender<String>>,
    output: Receiver<Line>,
    /// Questions asked so far: the next `act` line's `id` is one more.
    asked: u64,
    missed_in_a_row: u32,
}

impl Program {
    pub(super) fn start(player: usize, command: &str) -> anyhow::Result<Program> {
        let Some(argv) = shlex::split(command) else {
            bail!("--external `{command}`: a quote is not closed");
        };
        let Some((program, args)) = argv.split_first() else {
            bail!("--external is empty: name the program to run (and its arguments)");
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("cannot start `{command}` for seat {player} (ext)"))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            bail!("`{command}` for seat {player} (ext) started without pipes");
        };
        let (input, to_write) = sync_channel(QUEUED_LINES);
        let (read, output) = sync_channel(QUEUED_LINES);
        let spawned = thread::Builder::new()
            .name(format!("ext-{player}-in"))
            .spawn(move || write_lines(stdin, to_write))
            .and_then(|_| {
                thread::Builder::new()
                    .name(format!("ext-{player}-out"))
                    .spawn(move || read_lines(stdout, read))
            });
        if let Err(error) = spawned {
            let _ = child.kill();
            let _ = child.wait();
            return Err(error).context("cannot start the threads of an external player");
        }
        Ok(Program {
            player,
            command: command.to_string(),
            child,
            input: Some(input),
            output,
            asked: 0,
            missed_in_a_row: 0,
        })
    }

    /// The number of the next question (from 1).
    pub(super) fn next_question(&mut self) -> u64 {
        self.asked += 1;
        self.asked
    }

    /// Sends `question` (number `id`) and reads its reply, within `limit`.
    pub(super) fn ask(
        &mut self,
        question: &str,
        id: u64,
        legal: &[LegalAction],
        limit: Duration,
    ) -> Result<ActionKind, Failure> {
        if self.input.is_none() {
            return Err(Failure::Stopped);
        }
        // Lines that came when nothing was asked (a reply later than the limit, chatter) do
        // not answer this question. A flood is bounded: what arrives meanwhile is read below.
        for _ in 0..QUEUED_LINES {
            if self.output.try_recv().is_err() {
                break;
            }
        }
        self.tell(question);
        if self.input.is_none() {
            return Err(Failure::StoppedNow(self.stopped_note()));
        }
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let reply = match self.output.recv_timeout(left) {
                Ok(Line::Text(reply)) => parse_reply(&reply, legal, id),
                Ok(Line::TooLong) => Err(Failure::TooLong),
                Err(RecvTimeoutError::Timeout) => {
                    self.missed_in_a_row += 1;
                    if self.missed_in_a_row >= MISSED_IN_A_ROW {
                        self.stop(&format!(
                            "missed {MISSED_IN_A_ROW} replies in a row (each later than {} ms)",
                            limit.as_millis()
                        ));
                        return Err(Failure::StoppedNow(self.stopped_note()));
                    }
                    return Err(Failure::Late(limit));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    self.stop("closed its output");
                    return Err(Failure::StoppedNow(self.stopped_note()));
                }
            };
            if reply != Err(Failure::Stale) {
                self.missed_in_a_row = 0;
                return reply;
            }
        }
    }

    /// Queues `line` for the program's input; a program that reads nothing, or closed its
    /// input, is stopped.
    pub(super) fn tell(&mut self, line: &str) {
        let Some(input) = &self.input else {
            return;
        };
        match input.try_send(format!("{line}\n")) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.stop(&format!("left {QUEUED_LINES} lines unread on its input"));
            }
            Err(TrySendError::Disconnected(_)) => self.stop("closed its input"),
        }
    }

    fn stopped_note(&self) -> String {
        format!("its program `{}` was stopped", self.command)
    }

    /// Stops the program for `why` and says so once: its seat checks or folds from now on.
    fn stop(&mut self, why: &str) {
        if self.input.take().is_none() {
            return;
        }
        let status = match self.child.try_wait() {
            Ok(Some(status)) => format!(", {status}"),
            _ => {
                let _ = self.child.kill();
                match self.child.wait() {
                    Ok(status) => format!(", stopped ({status})"),
                    Err(_) => String::new(),
                }
            }
        };
        eprintln!(
            "sim: seat {} (ext): `{}` {why}{status}; the seat checks or folds for the rest of the run",
            self.player, self.command
        );
    }
}

impl Program {
    /// Closes the program's input (it may exit of itself).
    pub(super) fn close_input(&mut self) {
        self.input = None;
    }

    /// Whether the program has exited (reaped).
    pub(super) fn exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Program {
    /// Kills a program still running (the run gave it [`EXIT_GRACE`] already, see
    /// [`ExternalSeats`]'s drop, or failed before it could).
    fn drop(&mut self) {
        if !self.exited() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Writes each queued line to the program's input until the queue closes or the program
/// stops reading.
fn write_lines(mut stdin: ChildStdin, lines: Receiver<String>) {
    for line in lines {
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

/// Reads the program's output a line at a time into `lines` until it closes or the run
/// stops listening.
fn read_lines(stdout: ChildStdout, lines: SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let limit = LONGEST_LINE as u64 + 1;
        match (&mut reader).take(limit).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = if buffer.last() == Some(&b'\n') || buffer.len() <= LONGEST_LINE {
            Line::Text(String::from_utf8_lossy(&buffer).trim().to_string())
        } else {
            Line::TooLong
        };
        let too_long = matches!(line, Line::TooLong);
        if lines.send(line).is_err() {
            return;
        }
        if too_long && !skip_line(&mut reader) {
            return;
        }
    }
}

/// Skips the rest of an over-long line; false at the end of the output.
fn skip_line(reader: &mut impl BufRead) -> bool {
    loop {
        let (found, used) = match reader.fill_buf() {
            Ok([]) | Err(_) => return false,
            Ok(bytes) => match bytes.iter().position(|&byte| byte == b'\n') {
                Some(at) => (true, at + 1),
                None => (false, bytes.len()),
            },
        };
        reader.consume(used);
        if found {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_past_the_longest_is_one_error_and_the_next_line_reads_whole() {
        let mut text = vec![b'a'; LONGEST_LINE + 10];
        text.extend_from_slice(b"\n{\"action\":\"call\"}\n");
        let mut reader = BufReader::new(&text[..]);
        let mut buffer = Vec::new();
        (&mut reader)
            .take(LONGEST_LINE as u64 + 1)
            .read_until(b'\n', &mut buffer)
            .unwrap();
        assert_eq!(buffer.len(), LONGEST_LINE + 1);
        assert!(skip_line(&mut reader));
        let mut next = String::new();
        reader.read_line(&mut next).unwrap();
        assert_eq!(next, "{\"action\":\"call\"}\n");
    }
}
