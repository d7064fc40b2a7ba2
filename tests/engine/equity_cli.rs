//! `studbot equity`: its JSON and table, and its refusals (one line, exit code 2).

use std::process::Output;

fn equity(args: &[&str]) -> Output {
    crate::child::run_args(&[&["equity"], args].concat())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let output = equity(&all);
    assert!(output.status.success(), "{}", stderr(&output));
    serde_json::from_str(&stdout(&output)).expect("one JSON object")
}

#[test]
fn equity_json_gives_exact_fractions_runouts_and_each_half() {
    let report = json(&["As 2d 3h 4c 5d", "KcKdKhKsQc"]);
    assert_eq!(report["game"], "stud8");
    assert_eq!(report["exact"], true);
    assert_eq!(report["runouts"], 671_580);
    let players = report["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    assert_eq!(
        players[0]["cards"],
        serde_json::json!(["As", "2d", "3h", "4c", "5d"])
    );
    assert_eq!(players[0]["equity"], 0.5);
    assert_eq!(players[0]["equity_exact"], "1/2");
    assert_eq!(players[0]["scoop"], 0.0);
    assert_eq!(players[0]["low"]["win"], 1.0);
    assert_eq!(players[1]["high"]["win"], 1.0);
    assert_eq!(players[1]["high"]["tie"], 0.0);
    assert!(report["seconds"].as_f64().is_some());
}

#[test]
fn equity_in_razz_reports_only_the_low_and_in_stud_only_the_high() {
    let razz = json(&[
        "--game",
        "razz",
        "--samples",
        "50000",
        "As 2d 3h",
        "Kc Qd Jh",
    ]);
    assert_eq!(razz["exact"], false);
    assert_eq!(razz["runouts"], 50_000);
    let player = &razz["players"][0];
    assert!(player.get("high").is_none());
    assert!(player["low"]["win"].as_f64().unwrap() > 0.8);

    let stud = json(&[
        "--game",
        "stud",
        "--samples",
        "20000",
        "--seed",
        "4",
        "AsAd",
        "KsKd",
    ]);
    assert_eq!(stud["runouts"], 20_000);
    assert!(stud["players"][1].get("low").is_none());
    let again = json(&[
        "--game",
        "stud",
        "--samples",
        "20000",
        "--seed",
        "4",
        "AsAd",
        "KsKd",
    ]);
    assert_eq!(
        stud["players"], again["players"],
        "the same seed gives the same estimate"
    );
}

#[test]
fn equity_json_names_no_exact_fraction_for_an_estimate() {
    let estimate = json(&["--samples", "2000", "--seed", "2", "AsAd7c", "KsKd8h"]);
    assert_eq!(estimate["exact"], false);
    for player in estimate["players"].as_array().unwrap() {
        assert!(player.get("equity_exact").is_none(), "{player}");
        assert!(player["equity"].as_f64().is_some(), "{player}");
    }
}

#[test]
fn equity_json_gives_an_estimates_standard_error_and_none_when_exact() {
    let estimate = json(&["--samples", "40000", "--seed", "2", "AsAd7c", "KsKd8h"]);
    assert_eq!(estimate["exact"], false);
    for player in estimate["players"].as_array().unwrap() {
        let error = player["standard_error"].as_f64().expect("a standard error");
        assert!(error > 0.0 && error <= 0.5 / 200.0, "{error}");
    }
    let exact = json(&["--exact", "As Ad Kh Qs Jd 9c", "2s 2d 3c 4h 5s 7d"]);
    assert!(exact["players"][0].get("standard_error").is_none());
}

#[test]
fn equity_counts_dead_cards_out_of_the_deck() {
    let with_dead = json(&[
        "--dead",
        "Ah Ac 2h 2c",
        "--exact",
        "As Ad Kh Qs Jd 9c",
        "2s 2d 3c 4h 5s 7d",
    ]);
    let without = json(&["--exact", "As Ad Kh Qs Jd 9c", "2s 2d 3c 4h 5s 7d"]);
    assert_eq!(with_dead["runouts"], 36 * 35);
    assert_eq!(without["runouts"], 40 * 39);
    assert_ne!(
        with_dead["players"][0]["equity"],
        without["players"][0]["equity"]
    );
}

#[test]
fn equity_prints_a_table_people_read() {
    let output = equity(&["8d 7c 6s 4h 2h Kd Qc", "Qd Qh Js Ts 9c 9d 3s"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("stud8: exact, every runout: 1 runouts in "),
        "{text}"
    );
    assert_eq!(
        lines[1],
        "cards                  equity    scoop   hi win   hi tie   lo win   lo tie"
    );
    assert_eq!(
        lines[2],
        "8d 7c 6s 4h 2h Kd Qc   50.00%    0.00%    0.00%    0.00%  100.00%    0.00%"
    );
    assert_eq!(lines.len(), 4);
}

#[test]
fn equity_refuses_bad_input_with_one_line_and_exit_code_2() {
    let cases: [(&[&str], &str); 9] = [
        (&["As Kd", "As Qd"], "`As` is given more than once"),
        (&["As Kd", "Xx Qd"], "hand 2:"),
        (&["As Kd 2c 3c 4c 5c 6c 7c", "Qd"], "hand 1 has 8 cards"),
        (&["As Kd"], "1 hand(s) given"),
        (&["--game", "holdem", "As", "Kd"], "`holdem` is not a game"),
        (
            &["--samples", "many", "As", "Kd"],
            "--samples `many` is not a whole number",
        ),
        (
            &["--dead", "Qs Qs", "As", "Kd"],
            "`Qs` is given more than once",
        ),
        (
            &[
                "--dead",
                "QcKcAcQdKdAdQhKh",
                "2c3c4c5c6c",
                "2d3d4d5d6d",
                "2h3h4h5h6h",
                "2s3s4s5s6s",
                "7c8c9cTcJc",
                "7d8d9dTdJd",
                "7h8h9hThJh",
                "7s8s9sTsJs",
            ],
            "need 16 more cards but only 4 are left in the deck",
        ),
        (
            &["--exact", "As", "Kd", "Qh", "Jc"],
            "drop --exact to sample instead",
        ),
    ];
    for (args, expected) in cases {
        let output = equity(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        let message = stderr(&output);
        assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(stdout(&output).is_empty());
    }
}
