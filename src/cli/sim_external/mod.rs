//! `studbot sim --seats ...,ext,... --external "CMD ARGS"`: the `ext` seats of a run played by
//! outside programs, one process per seat, in JSON lines over its standard input and output
//! (the protocol: docs/TOOLS.md, "The external seat protocol").
//!
//! Each decision of an `ext` seat is one `act` line to its program and one reply line back;
//! each hand's end is one `end` line, with no answer. A reply that is not one of the legal
//! actions, is not JSON of the documented shape, or comes later than the limit is taken as
//! the table's default (check, else fold) and counted as that seat's error.
//!
//! No program can hang or crash the run. Its output is read by a thread of its own into a
//! bounded queue, one line at most [`LONGEST_LINE`] bytes (a longer one is one error and the
//! rest of it is skipped), and lines that answer no question (a late reply, chatter) are
//! dropped before the next question; a reply may name the `id` of the question it answers,
//! and then a late answer is never taken for a later question's. Its input is written by another thread from a bounded
//! queue, so a program that reads nothing cannot block the run. A program that closes its
//! output, leaves [`QUEUED_LINES`] lines unread or misses [`MISSED_IN_A_ROW`] replies in a
//! row is stopped: its seat checks or folds for the rest of the run, each decision counted,
//! and stderr says once why. The first few errors of each seat are printed with the reply
//! that caused them, the rest only counted.

mod messages;
mod program;

use std::thread;
use std::time::{Duration, Instant};

use anyhow::bail;

use super::sim_session::{ExternalPlayers, SeatLevel};
use crate::table::default_action;
use crate::table::hand::{ActionKind, Hand, SeatIndex};

use messages::{act_message, end_message};
use program::Program;

/// The time a program has for each reply unless `--external-timeout-ms` says otherwise.
pub const DEFAULT_REPLY_LIMIT: Duration = Duration::from_secs(5);
/// The longest reply line read (a reply is a few dozen bytes).
pub const LONGEST_LINE: usize = 64 * 1024;
/// Lines waiting for a program to read them, or for the run to read from it, before the
/// program is taken as not reading (or its chatter waits for the run).
pub const QUEUED_LINES: usize = 64;
/// Replies missed one after another (each later than the limit) before a program is taken as
/// hung and stopped.
pub const MISSED_IN_A_ROW: u32 = 3;
/// Errors of one seat printed on stderr with what caused them; the rest are only counted.
const ERRORS_PRINTED: u64 = 5;
/// How long a program has to exit once its input is closed at the end of the run.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// The programs of a run's `ext` seats and the errors each seat made.
pub struct ExternalSeats {
    /// By player (numbered as in `--seats`): the program of each `ext` seat.
    programs: Vec<Option<Program>>,
    limit: Duration,
    errors: Vec<u64>,
}

impl ExternalSeats {
    /// Starts one program for each `ext` seat of `levels`: `commands` names one program for
    /// them all, or one for each in order. A command is split as a shell would (quotes and
    /// backslashes), but no shell runs it.
    pub fn start(
        levels: &[SeatLevel],
        commands: &[String],
        limit: Duration,
    ) -> anyhow::Result<ExternalSeats> {
        let ext: Vec<usize> = (0..levels.len())
            .filter(|&player| levels[player] == SeatLevel::Ext)
            .collect();
        match (ext.len(), commands.len()) {
            (0, 0) => {}
            (0, _) => bail!("--external names a program, but no seat in --seats is `ext`"),
            (_, 0) => {
                bail!("--seats has `ext` seats: name their program with --external \"CMD ARGS\"")
            }
            (_, 1) => {}
            (seats, given) if seats == given => {}
            (seats, given) => bail!(
                "--seats has {seats} `ext` seats but --external is given {given} times: give it once \
                 (every ext seat runs that program) or once per ext seat, in order"
            ),
        }
        let mut programs: Vec<Option<Program>> = (0..levels.len()).map(|_| None).collect();
        for (index, &player) in ext.iter().enumerate() {
            let command = commands
                .get(index)
                .or(commands.first())
                .map_or("", String::as_str);
            programs[player] = Some(Program::start(player, command)?);
        }
        Ok(ExternalSeats {
            programs,
            limit,
            errors: vec![0; levels.len()],
        })
    }

    /// Each player's errors so far (0 for every seat that is not `ext`).
    pub fn errors(&self) -> &[u64] {
        &self.errors
    }

    fn count_error(&mut self, player: usize, number: u64, failure: &Failure) {
        let Some(count) = self.errors.get_mut(player) else {
            return;
        };
        *count += 1;
        if *count <= ERRORS_PRINTED {
            let more = if *count == ERRORS_PRINTED {
                " (further errors of this seat are counted, not printed)"
            } else {
                ""
            };
            eprintln!(
                "sim: seat {player} (ext), hand {}: {failure}; it checks or folds{more}",
                number + 1
            );
        }
    }
}

impl ExternalPlayers for ExternalSeats {
    fn decide(&mut self, player: usize, number: u64, hand: &Hand, seat: SeatIndex) -> ActionKind {
        let legal = hand.legal_actions();
        let fallback = default_action(&legal).map_or(ActionKind::Fold, |action| action.kind);
        let limit = self.limit;
        let answer = match self.programs.get_mut(player).and_then(Option::as_mut) {
            Some(program) => {
                let id = program.next_question();
                program.ask(&act_message(id, number, hand, seat), id, &legal, limit)
            }
            None => Err(Failure::Stopped),
        };
        match answer {
            Ok(kind) => kind,
            Err(failure) => {
                // A stopped program's seat was announced once; its decisions are only counted.
                if failure == Failure::Stopped {
                    if let Some(count) = self.errors.get_mut(player) {
                        *count += 1;
                    }
                } else {
                    self.count_error(player, number, &failure);
                }
                fallback
            }
        }
    }

    fn hand_ended(&mut self, number: u64, hand: &Hand, players: &[usize]) {
        for (seat, &player) in players.iter().enumerate() {
            if let Some(program) = self.programs.get_mut(player).and_then(Option::as_mut) {
                program.tell(&end_message(number, hand, seat));
            }
        }
    }
}

/// Why a decision was not the program's own.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Failure {
    /// The program was stopped earlier (announced then).
    Stopped,
    /// It was stopped now, for this reason.
    StoppedNow(String),
    Late(Duration),
    /// A reply naming the id of another question (an earlier one's late answer): dropped.
    Stale,
    TooLong,
    Malformed {
        reply: String,
        why: String,
    },
    NotLegal {
        reply: String,
        legal: String,
    },
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Stopped => write!(f, "its program was stopped earlier"),
            Failure::StoppedNow(why) => write!(f, "{why}"),
            Failure::Late(limit) => write!(f, "no reply within {} ms", limit.as_millis()),
            Failure::Stale => write!(f, "a reply to an earlier question"),
            Failure::TooLong => write!(f, "a reply line longer than {LONGEST_LINE} bytes"),
            Failure::Malformed { reply, why } => {
                write!(f, "the reply `{reply}` is not {{\"action\":NAME}}: {why}")
            }
            Failure::NotLegal { reply, legal } => {
                write!(f, "the reply `{reply}` is not legal here (legal: {legal})")
            }
        }
    }
}

impl Drop for ExternalSeats {
    /// Closes every program's input and gives them [`EXIT_GRACE`], together, to exit.
    fn drop(&mut self) {
        let mut running: Vec<&mut Program> = self.programs.iter_mut().flatten().collect();
        for program in &mut running {
            program.close_input();
        }
        let deadline = Instant::now() + EXIT_GRACE;
        while running.iter_mut().any(|program| !program.exited()) && Instant::now() < deadline {
            thread::sleep(Duration::from_millis(10));
        }
    }
}
