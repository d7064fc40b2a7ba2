//! `studbot sim --seats ...,ext,... --external "CMD ARGS"`: outside programs play seats in JSON
//! lines (docs/TOOLS.md, "The external seat protocol"). The programs here are small `sh` scripts, so the tests
//! need nothing but a POSIX shell: a calling station that logs what it is sent, and programs
//! that answer garbage, illegal actions, late, never, or flood their output, or exit at once.
//! None of them may hang or crash the run; each decision not its own is counted.

use std::path::Path;

use clap::Parser;
use serde_json::Value;
use studbot::cli::sim::{SeatsReport, SimArgs, simulate_seats};
use studbot::table::hand::{Event, Hand};

use crate::child::run_args;

#[derive(Parser)]
struct Harness {
    #[command(flatten)]
    sim: SimArgs,
}

fn args(extra: &[&str]) -> Result<SimArgs, clap::Error> {
    let mut argv = vec!["sim"];
    argv.extend_from_slice(extra);
    Harness::try_parse_from(argv).map(|harness| harness.sim)
}

/// A calling station in `sh`: checks when free, else calls, else brings in. Logs every line
/// it is sent to the file named by its first argument when there is one.
const STATION: &str = r#"
while IFS= read -r line; do
  [ -n "$1" ] && printf '%s\n' "$line" >> "$1"
  case "$line" in
    *'"type":"act"'*)
      case "$line" in
        *'{"action":"check"}'*) echo '{"action":"check"}' ;;
        *'{"action":"call"'*) echo '{"action":"call"}' ;;
        *) echo '{"action":"bring-in"}' ;;
      esac ;;
  esac
done
"#;

/// `sh -c SCRIPT sh ARG...` as one `--external` value.
fn sh(script: &str, args: &[&str]) -> String {
    let mut words = vec![
        "sh".to_string(),
        "-c".to_string(),
        script.to_string(),
        "sh".to_string(),
    ];
    words.extend(args.iter().map(|arg| arg.to_string()));
    shlex::try_join(words.iter().map(String::as_str)).expect("no NUL in the script")
}

/// Runs `sim` in process; returns its report and, for each player, the decisions it made.
fn run(extra: &[&str]) -> (SeatsReport, Vec<u64>) {
    let args = args(extra).expect("flags parse");
    let levels = args.seats.clone().expect("--seats given");
    let mut decisions = vec![0u64; levels.len()];
    let report = simulate_seats(&args, &levels, |_, hand: &Hand, players| {
        for event in hand.events() {
            if let Event::Acted { seat, .. } = event {
                decisions[players[*seat]] += 1;
            }
        }
        Ok(())
    })
    .expect("sim runs");
    (report, decisions)
}

fn errors(report: &SeatsReport) -> Vec<u64> {
    report.seats.iter().map(|seat| seat.errors).collect()
}

fn nets_sum(report: &SeatsReport) -> i64 {
    report.seats.iter().map(|seat| seat.net).sum()
}

#[test]
fn a_calling_station_in_sh_plays_its_seats_without_an_error_and_the_seed_repeats_the_run() {
    let station = sh(STATION, &[]);
    let flags = [
        "--seats",
        "good,ext,easy,ext",
        "--external",
        &station,
        "--hands",
        "24",
        "--seed",
        "5",
        "--game",
        "stud8",
    ];
    let (report, decisions) = run(&flags);
    assert_eq!(errors(&report), [0, 0, 0, 0]);
    assert!(decisions[1] > 24 && decisions[3] > 24, "{decisions:?}");
    assert_eq!(nets_sum(&report), 0);
    let levels: Vec<&str> = report.seats.iter().map(|seat| seat.level).collect();
    assert_eq!(levels, ["good", "ext", "easy", "ext"]);
    // The station is deterministic, so the same seed plays the same run.
    assert_eq!(run(&flags).0, report);
}

#[test]
fn every_act_line_has_the_documented_fields_and_every_hand_ends_with_an_end_line() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("seen.jsonl");
    let station = sh(STATION, &[log.to_str().unwrap()]);
    let (report, decisions) = run(&[
        "--seats",
        "ext,good,easy",
        "--external",
        &station,
        "--hands",
        "12",
        "--seed",
        "2",
        "--game",
        "razz",
    ]);
    assert_eq!(errors(&report), [0, 0, 0]);
    let lines = read_log(&log);
    let acts: Vec<&Value> = lines.iter().filter(|line| line["type"] == "act").collect();
    let ends: Vec<&Value> = lines.iter().filter(|line| line["type"] == "end").collect();
    assert_eq!(acts.len() as u64, decisions[0]);
    assert_eq!(ends.len(), 12, "one end line a hand");
    for act in &acts {
        assert_eq!(act["game"], "razz");
        let street = act["street"].as_u64().unwrap();
        assert!((3..=7).contains(&street), "{act}");
        let seat = act["seat"].as_u64().unwrap() as usize;
        assert_eq!(
            act["stakes"],
            serde_json::json!({"ante":1,"bring_in":2,"small_bet":5,"big_bet":10})
        );
        let down = act["cards"]["down"].as_array().unwrap();
        let up = act["cards"]["up"].as_array().unwrap();
        assert!((2..=3).contains(&down.len()) && !up.is_empty(), "{act}");
        assert_eq!(down.len() + up.len(), street as usize, "{act}");
        let players = act["players"].as_array().unwrap();
        assert_eq!(players.len(), 3);
        for (index, player) in players.iter().enumerate() {
            assert_eq!(player["seat"], index);
            for field in ["stack", "bet"] {
                assert!(player[field].is_u64(), "{field} in {player}");
            }
            for field in ["folded", "all_in"] {
                assert!(player[field].is_boolean(), "{field} in {player}");
            }
            assert!(
                player.get("down").is_none(),
                "no down card is shown: {player}"
            );
        }
        // The asking seat's own up cards are its row's.
        assert_eq!(&players[seat]["up"], &act["cards"]["up"]);
        assert!(act["pot"].as_u64().unwrap() > 0);
        let to_call = act["to_call"].as_u64().unwrap();
        let legal = act["legal"].as_array().unwrap();
        assert!(!legal.is_empty());
        for action in legal {
            let name = action["action"].as_str().unwrap();
            match name {
                "fold" | "check" => assert!(action.get("amount").is_none(), "{action}"),
                "call" => assert_eq!(action["amount"].as_u64(), Some(to_call)),
                _ => assert!(action["amount"].as_u64().unwrap() > 0, "{action}"),
            }
        }
        let history = act["history"].as_array().unwrap();
        let brings_in = legal.iter().any(|action| action["action"] == "bring-in");
        if brings_in {
            assert!(
                history.is_empty(),
                "the bring-in is the first action: {act}"
            );
        } else {
            assert_eq!(history[0]["street"], 3);
            // The lowest (in razz highest) door brings in or completes.
            let first = history[0]["action"].as_str().unwrap();
            assert!(["bring-in", "complete"].contains(&first), "{act}");
        }
        assert!(history.iter().all(|entry| entry["seat"].is_u64()));
    }
    let mut hands: Vec<u64> = ends
        .iter()
        .map(|end| end["hand"].as_u64().unwrap())
        .collect();
    hands.dedup();
    assert_eq!(hands, (1..=12).collect::<Vec<u64>>());
    for end in &ends {
        let net = end["net"].as_array().unwrap();
        assert_eq!(net.len(), 3);
        assert_eq!(net.iter().map(|n| n.as_i64().unwrap()).sum::<i64>(), 0);
        assert!(end["seat"].as_u64().unwrap() < 3);
        for (seat, cards) in end["shown"].as_object().unwrap() {
            assert!(seat.parse::<usize>().unwrap() < 3);
            assert!(cards.as_array().unwrap().len() >= 3, "{end}");
        }
    }
}

fn read_log(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .expect("the station logged its input")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is JSON"))
        .collect()
}

/// Runs a two-seat game, `good` against the program, with a short reply limit; returns the
/// program's errors and decisions.
fn against(program: &str, limit_ms: &str, hands: &str) -> (u64, u64) {
    let (report, decisions) = run(&[
        "--seats",
        "good,ext",
        "--external",
        program,
        "--external-timeout-ms",
        limit_ms,
        "--hands",
        hands,
        "--seed",
        "4",
    ]);
    assert_eq!(nets_sum(&report), 0);
    (report.seats[1].errors, decisions[1])
}

#[test]
fn garbage_and_illegal_replies_are_checked_or_folded_and_counted() {
    let garbage = sh("while read -r line; do echo hello; done", &[]);
    let (errors, decisions) = against(&garbage, "5000", "10");
    assert!(decisions >= 10);
    assert_eq!(errors, decisions, "every reply was garbage");

    // Always a raise: an error only where no raise is offered.
    let raiser = sh(
        r#"while read -r line; do echo '{"action":"raise"}'; done"#,
        &[],
    );
    let (errors, decisions) = against(&raiser, "5000", "10");
    assert!(errors > 0 && errors < decisions, "{errors} of {decisions}");
}

#[test]
fn a_program_that_exits_at_once_leaves_its_seat_checking_or_folding() {
    let (errors, decisions) = against(&sh("exit 3", &[]), "5000", "10");
    assert!(decisions >= 10);
    assert_eq!(errors, decisions);
}

#[test]
fn a_program_that_never_answers_is_stopped_after_three_missed_replies() {
    // It reads its input and says nothing: three replies are missed, then it is stopped, and
    // the other decisions are counted without waiting.
    let (errors, decisions) = against(&sh("cat > /dev/null", &[]), "50", "10");
    assert!(decisions >= 10);
    assert_eq!(errors, decisions);
    // It reads nothing at all.
    let (errors, decisions) = against(&sh("exec sleep 600", &[]), "50", "10");
    assert_eq!(errors, decisions);
}

#[test]
fn a_flood_of_output_neither_hangs_nor_crashes_the_run() {
    let (errors, decisions) = against("yes hello", "200", "10");
    assert_eq!(errors, decisions);
    // One endless line, no newline ever.
    let (errors, decisions) = against("cat /dev/zero", "50", "10");
    assert_eq!(errors, decisions);
}

#[test]
fn a_late_reply_is_counted_and_the_program_plays_on() {
    // Only the first reply is slow: it comes after the limit, names its question's id, and is
    // dropped as stale; every later question is answered in time, so one error in all.
    let slow_once = sh(
        r#"first=1
while IFS= read -r line; do
  case "$line" in *'"type":"act"'*)
    id=${line#*'"id":'}; id=${id%%,*}
    if [ "$first" = 1 ]; then sleep 1.5; first=0; fi
    case "$line" in
      *'{"action":"check"}'*) echo "{\"action\":\"check\",\"id\":$id}" ;;
      *'{"action":"call"'*) echo "{\"action\":\"call\",\"id\":$id}" ;;
      *) echo "{\"action\":\"bring-in\",\"id\":$id}" ;;
    esac ;;
  esac
done"#,
        &[],
    );
    let (errors, decisions) = against(&slow_once, "1000", "8");
    assert!(decisions > 8);
    assert_eq!(errors, 1, "the first reply only was late");
}

#[test]
fn external_flags_refuse_what_they_cannot_mean() {
    let refused = |extra: &[&str]| {
        let args = args(extra).expect("flags parse");
        let levels = args.seats.clone().unwrap();
        simulate_seats(&args, &levels, |_, _, _| Ok(()))
            .map(|_| ())
            .expect_err("refused")
            .to_string()
    };
    assert!(refused(&["--seats", "good,ext"]).contains("--external"));
    assert!(refused(&["--seats", "good,easy", "--external", "cat"]).contains("no seat"));
    assert!(
        refused(&[
            "--seats",
            "ext,ext,ext",
            "--external",
            "cat",
            "--external",
            "cat"
        ])
        .contains("given 2 times")
    );
    assert!(refused(&["--seats", "good,ext", "--external", "'cat"]).contains("quote"));
    let missing = refused(&[
        "--seats",
        "good,ext",
        "--external",
        "/no/such/studbot-player",
    ]);
    assert!(missing.contains("cannot start"), "{missing}");
    assert!(
        args(&["--external", "cat"]).is_err(),
        "--external needs --seats"
    );
    assert!(args(&["--seats", "good,ext", "--external-timeout-ms", "10"]).is_err());
}

#[test]
fn the_binary_reports_each_seats_errors_in_json_and_names_a_failing_program() {
    let station = sh(STATION, &[]);
    let output = run_args(&[
        "sim",
        "--seats",
        "ext,good,ext",
        "--external",
        &station,
        "--external",
        "sh -c 'exit 0'",
        "--hands",
        "6",
        "--json",
    ]);
    assert!(output.status.success(), "{output:?}");
    let report: Value = serde_json::from_slice(&output.stdout).expect("one JSON object");
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats[0]["errors"], 0);
    assert_eq!(seats[1]["errors"], 0);
    assert!(seats[2]["errors"].as_u64().unwrap() > 0);
    for seat in seats {
        for field in ["net", "bb_per_100", "bb_per_100_se", "errors"] {
            assert!(seat.get(field).is_some(), "{field} in {seat}");
        }
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("seat 2 (ext)") && stderr.contains("closed its output"),
        "{stderr}"
    );
    let refused = run_args(&[
        "sim",
        "--seats",
        "good,ext",
        "--external",
        "/no/such/player",
    ]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains("cannot start `/no/such/player`"),
        "{refused:?}"
    );
}
