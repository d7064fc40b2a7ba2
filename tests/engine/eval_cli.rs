//! `studbot eval`: its output, and its refusals with exit code 2.

use std::process::Output;

fn eval(args: &[&str]) -> Output {
    crate::child::run_args(&[&["eval"], args].concat())
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn eval_prints_the_best_high_and_low_with_their_cards() {
    let output = eval(&["As", "Kd", "7c", "5h", "4s", "3d", "2c"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "high: Straight, five high [5h 4s 3d 2c As]\nlow:  wheel (5-4-3-2-A) [5h 4s 3d 2c As]\n"
    );
}

#[test]
fn eval_accepts_cards_run_together_in_one_argument() {
    let output = eval(&["AhAdAcQsQd2c3c"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "high: Full house, aces over queens [Ah Ad Ac Qs Qd]\nlow:  no low\n"
    );
}

#[test]
fn eval_ranks_up_cards_alone() {
    let output = eval(&["2c 2d"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "high: Pair of twos [2d 2c]\nlow:  no low\n"
    );
}

#[test]
fn eval_json_gives_category_ranks_and_cards() {
    let output = eval(&["--json", "8c", "6d", "4h", "2s", "Ac", "Kd", "Kh"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    assert_eq!(report["high"]["category"], "one_pair");
    assert_eq!(report["high"]["name"], "Pair of kings");
    assert_eq!(
        report["high"]["ranks"],
        serde_json::json!(["K", "A", "8", "6"])
    );
    assert_eq!(report["low"]["name"], "8-6-4-2-A low");
    assert_eq!(
        report["low"]["cards"],
        serde_json::json!(["8c", "6d", "4h", "2s", "Ac"])
    );
}

#[test]
fn eval_json_low_is_null_without_a_low() {
    let output = eval(&["--json", "As Ks Qs Js Ts"]);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("valid JSON");
    assert_eq!(report["high"]["name"], "Royal flush");
    assert!(report["low"].is_null());
}

#[test]
fn eval_refuses_bad_input_with_exit_code_2_and_a_message() {
    let cases: [(&[&str], &str); 5] = [
        (&["As", "As"], "`As` is given more than once"),
        (&["As Kd 7c 5h 4s 3d 2c 9h"], "8 cards given"),
        (&["Xx"], "`Xx` is not a card"),
        (&["AsK"], "is not a card"),
        (&[""], "no cards given"),
    ];
    for (args, message) in cases {
        let output = eval(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?} printed a result");
    }
}

#[test]
fn eval_without_cards_is_a_usage_error() {
    let output = eval(&[]);
    assert_eq!(output.status.code(), Some(2));
}
