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

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, TrySendError, sync_channel};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde::{Deserialize, Serialize};

use super::sim_session::{ExternalPlayers, SeatLevel};
use crate::table::hand::{ActionKind, Event, Hand, LegalAction, SeatIndex, SeatState, Street};
use crate::table::{Card, Stakes, default_action};

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
                program.asked += 1;
                let id = program.asked;
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

/// One line from a program's output.
enum Line {
    Text(String),
    /// A line longer than [`LONGEST_LINE`] (the rest of it is skipped).
    TooLong,
}

/// One running program and the threads that feed and read it.
struct Program {
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
    fn start(player: usize, command: &str) -> anyhow::Result<Program> {
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

    /// Sends `question` (number `id`) and reads its reply, within `limit`.
    fn ask(
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
    fn tell(&mut self, line: &str) {
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
    fn close_input(&mut self) {
        self.input = None;
    }

    /// Whether the program has exited (reaped).
    fn exited(&mut self) -> bool {
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

/// A program's reply: the action's name, and optionally the `id` of the question it answers
/// (other fields are ignored).
#[derive(Deserialize)]
struct Reply {
    action: String,
    id: Option<u64>,
}

/// The legal action `reply` names, as the answer to question `id`. A reply that names
/// another question's id answers an earlier one, too late: [`Failure::Stale`].
fn parse_reply(reply: &str, legal: &[LegalAction], id: u64) -> Result<ActionKind, Failure> {
    let shown = shorten(reply);
    let named = serde_json::from_str::<Reply>(reply).map_err(|error| Failure::Malformed {
        reply: shown.clone(),
        why: error.to_string(),
    })?;
    if named.id.is_some_and(|answered| answered != id) {
        return Err(Failure::Stale);
    }
    ActionKind::from_name(&named.action)
        .filter(|kind| legal.iter().any(|action| action.kind == *kind))
        .ok_or_else(|| Failure::NotLegal {
            reply: shown,
            legal: legal
                .iter()
                .map(|action| action.kind.name())
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// At most 80 characters of `text`, for a message.
fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(80).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// The `act` line: what seat `seat` may see of hand `number` (from 0), and what it may do.
#[derive(Serialize)]
struct Act<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    /// This program's questions are numbered from 1: a reply may name the one it answers.
    id: u64,
    hand: u64,
    game: &'static str,
    street: u8,
    seat: SeatIndex,
    stakes: &'a Stakes,
    cards: OwnCards,
    #[serde(skip_serializing_if = "Option::is_none")]
    community: Option<Card>,
    players: Vec<Player<'a>>,
    pot: u64,
    to_call: u64,
    legal: Vec<Action>,
    history: Vec<Acted>,
}

#[derive(Serialize)]
struct OwnCards {
    down: Vec<Card>,
    up: Vec<Card>,
}

/// A seat as the table shows it.
#[derive(Serialize)]
struct Player<'a> {
    seat: SeatIndex,
    up: &'a [Card],
    stack: u64,
    bet: u64,
    folded: bool,
    all_in: bool,
}

/// An action by its `replay` name, with the chips it moves from the stack (none for a check
/// or a fold).
#[derive(Serialize)]
struct Action {
    action: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount: Option<u64>,
}

impl Action {
    fn of(kind: ActionKind, chips: u64) -> Action {
        let moves_chips = !matches!(kind, ActionKind::Check | ActionKind::Fold);
        Action {
            action: kind.name(),
            amount: moves_chips.then_some(chips),
        }
    }
}

#[derive(Serialize)]
struct Acted {
    street: u8,
    seat: SeatIndex,
    #[serde(flatten)]
    action: Action,
}

fn street_number(street: Street) -> u8 {
    match street {
        Street::Third => 3,
        Street::Fourth => 4,
        Street::Fifth => 5,
        Street::Sixth => 6,
        Street::Seventh | Street::Showdown => 7,
    }
}

/// The `act` line (question `id`) for seat `seat`, to act in hand `number` (from 0).
fn act_message(id: u64, number: u64, hand: &Hand, seat: SeatIndex) -> String {
    let public = hand.public_view();
    let private = hand.private_view(seat);
    let legal = &public.legal;
    let to_call = legal
        .iter()
        .find(|action| action.kind == ActionKind::Call)
        .map_or(0, |action| action.chips);
    let mut history = Vec::new();
    let mut street = Street::Third;
    for event in hand.events() {
        match event {
            Event::StreetStarted { street: now, .. } => street = *now,
            Event::Acted {
                seat, kind, chips, ..
            } => history.push(Acted {
                street: street_number(street),
                seat: *seat,
                action: Action::of(*kind, *chips),
            }),
            _ => {}
        }
    }
    let act = Act {
        kind: "act",
        id,
        hand: number + 1,
        game: hand.game().name(),
        street: street_number(public.street),
        seat,
        stakes: hand.stakes(),
        cards: OwnCards {
            down: private
                .as_ref()
                .map_or_else(Vec::new, |view| view.down_cards.clone()),
            up: private
                .as_ref()
                .map_or_else(Vec::new, |view| view.up_cards.clone()),
        },
        community: public.community,
        players: public
            .seats
            .iter()
            .enumerate()
            .map(|(index, view)| Player {
                seat: index,
                up: &view.up_cards,
                stack: view.stack,
                bet: view.street_bet,
                folded: view.state == SeatState::Folded,
                all_in: view.state == SeatState::AllIn,
            })
            .collect(),
        pot: public.pot,
        to_call,
        legal: legal
            .iter()
            .map(|action| Action::of(action.kind, action.chips))
            .collect(),
        history,
    };
    // Serializing plain numbers, strings and cards cannot fail.
    serde_json::to_string(&act).unwrap_or_default()
}

/// The `end` line: what the table showed of hand `number` (from 0) and each seat's net.
#[derive(Serialize)]
struct End {
    #[serde(rename = "type")]
    kind: &'static str,
    hand: u64,
    seat: SeatIndex,
    shown: BTreeMap<String, Vec<Card>>,
    net: Vec<i64>,
}

fn end_message(number: u64, hand: &Hand, seat: SeatIndex) -> String {
    let public = hand.public_view();
    let shown = public
        .seats
        .iter()
        .enumerate()
        .filter_map(|(index, view)| Some((index.to_string(), view.shown.clone()?)))
        .collect();
    let net = match hand.result() {
        Some(result) => result
            .starting_stacks
            .iter()
            .zip(&result.final_stacks)
            .map(|(&start, &end)| i64::try_from(i128::from(end) - i128::from(start)).unwrap_or(0))
            .collect(),
        None => Vec::new(),
    };
    let end = End {
        kind: "end",
        hand: number + 1,
        seat,
        shown,
        net,
    };
    serde_json::to_string(&end).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legal(kinds: &[ActionKind]) -> Vec<LegalAction> {
        kinds
            .iter()
            .map(|&kind| LegalAction {
                kind,
                chips: 5,
                total: 5,
                all_in: false,
            })
            .collect()
    }

    #[test]
    fn a_reply_names_one_of_the_legal_actions() {
        let offered = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        assert_eq!(
            parse_reply(r#"{"action":"call"}"#, &offered, 1),
            Ok(ActionKind::Call)
        );
        assert_eq!(
            parse_reply(
                r#" {"action":"raise","amount":10,"why":"aces"} "#,
                &offered,
                1
            ),
            Ok(ActionKind::Raise)
        );
    }

    #[test]
    fn a_reply_not_legal_here_or_not_of_the_shape_is_refused_and_named() {
        let offered = legal(&[ActionKind::Fold, ActionKind::Call]);
        let Err(Failure::NotLegal { reply, legal }) =
            parse_reply(r#"{"action":"check"}"#, &offered, 1)
        else {
            panic!("a check is not offered");
        };
        assert_eq!(reply, r#"{"action":"check"}"#);
        assert_eq!(legal, "fold, call");
        for reply in ["call", r#"{"act":"call"}"#, r#"{"action":5}"#, "", "{"] {
            assert!(
                matches!(
                    parse_reply(reply, &offered, 1),
                    Err(Failure::Malformed { .. })
                ),
                "{reply}"
            );
        }
        assert!(matches!(
            parse_reply(r#"{"action":"shove"}"#, &offered, 1),
            Err(Failure::NotLegal { .. })
        ));
    }

    #[test]
    fn a_reply_naming_another_question_is_stale_and_one_naming_this_one_answers_it() {
        let offered = legal(&[ActionKind::Check, ActionKind::Bet]);
        assert_eq!(
            parse_reply(r#"{"action":"bet","id":7}"#, &offered, 7),
            Ok(ActionKind::Bet)
        );
        assert_eq!(
            parse_reply(r#"{"action":"bet","id":6}"#, &offered, 7),
            Err(Failure::Stale)
        );
        assert!(matches!(
            parse_reply(r#"{"action":"bet","id":"7"}"#, &offered, 7),
            Err(Failure::Malformed { .. })
        ));
    }

    #[test]
    fn a_long_reply_is_shortened_in_messages() {
        let long = "x".repeat(500);
        assert_eq!(shorten(&long).chars().count(), 81);
        assert_eq!(shorten("short"), "short");
    }

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
