//! `studbot replay`: the line format of docs/ARCHITECTURE.md, one result line per hand, and every kind of
//! bad input turned into an error line that does not stop the next hand.

use crate::child;

use serde_json::Value;
use studbot::table::replay::replay_line;

const STAKES: &str = r#""stakes":{"ante":1,"bring_in":2,"small_bet":5,"big_bet":10}"#;
const RULES: &str = r#""rules":{"max_raises":3,"heads_up_uncapped":false,"short_all_in":"full_bet","odd_chip":"first_seat"}"#;
const CARDS: &str = r#"[["Ah","As","7d","Jd","8s","9h","9c"],["2h","3d","4d","Qh","Ac","Qd","8d"],["Kc","Kd","2c","5c","6h"]]"#;
/// Seat 2 brings in, seat 0 completes, everyone calls; seat 1 bets fourth street, seat 2
/// raises, both call; seat 1 bets fifth, seat 2 folds, seat 0 calls; then it is checked down.
/// Seat 0's aces up take the high half, seat 1's 8-4-3-2-A the low half.
const ACTIONS: &[&str] = &[
    "bring-in", "complete", "call", "call", "bet", "raise", "call", "call", "bet", "fold", "call",
    "check", "check", "check", "check",
];

fn line(stakes: &str, stacks: &str, cards: &str, actions: &[&str]) -> String {
    let actions: Vec<String> = actions.iter().map(|a| format!("\"{a}\"")).collect();
    format!(
        r#"{{{stakes},{RULES},"stacks":{stacks},"cards":{cards},"community":null,"actions":[{}]}}"#,
        actions.join(",")
    )
}

fn good_line() -> String {
    line(STAKES, "[100,100,100]", CARDS, ACTIONS)
}

fn error_of(value: &Value) -> &str {
    assert_eq!(value["ok"], false, "expected an error line, got {value}");
    value["error"].as_str().unwrap_or_default()
}

/// Checks an error line: its reason contains `reason`, and it names the action that caused
/// it (`Some(index)`) or none (`None`: the input itself is wrong).
fn assert_refused(value: &Value, reason: &str, action_index: Option<u64>) {
    let error = error_of(value);
    assert!(error.contains(reason), "expected {reason:?} in {value}");
    match action_index {
        Some(index) => assert_eq!(value["action_index"], index, "{value}"),
        None => assert!(value.get("action_index").is_none(), "{value}"),
    }
}

#[test]
fn the_design_example_hand_splits_high_and_low() {
    let value = replay_line(&good_line());
    assert_eq!(value["ok"], true, "{value}");
    assert_eq!(value["stacks"], serde_json::json!([108, 108, 84]));
    assert_eq!(value["actions"], 15);
    let pots = value["pots"].as_array().expect("pots");
    assert_eq!(pots.len(), 1);
    assert_eq!(pots[0]["amount"], 68);
    let shown: Vec<u64> = value["shown"]
        .as_array()
        .expect("shown")
        .iter()
        .filter_map(|hand| hand["seat"].as_u64())
        .collect();
    assert!(shown.contains(&0) && shown.contains(&1), "{value}");
}

#[test]
fn missing_rules_take_the_defaults() {
    let without_rules = good_line().replace(&format!("{RULES},"), "");
    let value = replay_line(&without_rules);
    assert_eq!(
        value["stacks"],
        serde_json::json!([108, 108, 84]),
        "{value}"
    );
}

#[test]
fn the_design_example_as_printed_is_refused_because_a_folded_seat_has_too_few_cards() {
    // The format's sample actions have seat 2 call fifth street, but seat 2 lists only five
    // cards, so sixth street cannot be dealt to it.
    let printed = &[
        "bring-in", "complete", "call", "call", "bet", "raise", "call", "call", "bet", "call",
        "fold",
    ];
    let value = replay_line(&line(STAKES, "[100,100,100]", CARDS, printed));
    assert_refused(
        &value,
        "`fold` by seat 0 refused: no card left to deal to seat 2 on Sixth street",
        Some(10),
    );
}

#[test]
fn an_illegal_action_names_its_index() {
    let mut actions = ACTIONS.to_vec();
    actions[0] = "check";
    let value = replay_line(&line(STAKES, "[100,100,100]", CARDS, &actions));
    assert_refused(
        &value,
        "`check` by seat 2 refused: check is not allowed now; allowed: bring-in 2, complete to 5",
        Some(0),
    );
}

#[test]
fn actions_after_the_hand_ended_are_refused_at_the_first_extra_one() {
    let mut actions = ACTIONS.to_vec();
    actions.push("check");
    let value = replay_line(&line(STAKES, "[100,100,100]", CARDS, &actions));
    assert_refused(
        &value,
        "`check` comes after the hand ended (1 action(s) left over)",
        Some(ACTIONS.len() as u64),
    );
}

#[test]
fn a_hand_left_unfinished_is_refused_without_an_action_index() {
    let actions = &ACTIONS[..ACTIONS.len() - 2];
    let value = replay_line(&line(STAKES, "[100,100,100]", CARDS, actions));
    assert_refused(
        &value,
        "the actions ran out before the hand ended: seat 1 is to act (check, bet)",
        None,
    );
}

#[test]
fn cards_the_hand_never_dealt_are_refused() {
    let extra = CARDS.replace(r#""6h"]"#, r#""6h","7h"]"#);
    let value = replay_line(&line(STAKES, "[100,100,100]", &extra, ACTIONS));
    assert_refused(
        &value,
        "seat 2 lists 6 cards but received only 5 in this hand (left over: 7h)",
        None,
    );
}

#[test]
fn a_seat_with_too_few_cards_for_the_hand_is_refused() {
    let short = CARDS.replace(r#","9c"]"#, "]");
    let value = replay_line(&line(STAKES, "[100,100,100]", &short, ACTIONS));
    assert_refused(
        &value,
        "`check` by seat 0 refused: no card left to deal to seat 0 on Seventh street",
        Some(12),
    );
}

#[test]
fn a_community_card_the_hand_never_needed_is_refused() {
    let with_community = good_line().replace(r#""community":null"#, r#""community":"Th""#);
    let value = replay_line(&with_community);
    assert_refused(
        &value,
        "community card Th is listed, but 35 cards were left for 2 players on seventh street",
        None,
    );
}

/// Every bad line gives one error line, blank lines give none, and the good line after them
/// still runs; the exit code is 0.
#[test]
fn the_binary_answers_every_line_and_keeps_going_after_bad_ones() {
    let good = good_line();
    let mut illegal = ACTIONS.to_vec();
    illegal[1] = "bet";
    let bad_lines = vec![
        "{not json".to_string(),
        line(STAKES, "[100,100,100]", &CARDS.replace("Jd", "Jx"), ACTIONS),
        line(STAKES, "[100,100,100]", &CARDS.replace("Jd", "Ah"), ACTIONS),
        line(
            STAKES,
            "[100,100,100]",
            &CARDS.replace(r#""9c"]"#, r#""9c","Tc"]"#),
            ACTIONS,
        ),
        line(
            STAKES,
            "[100,100,100]",
            &CARDS.replace(r#""6h"]"#, r#""6h","7h"]"#),
            ACTIONS,
        ),
        line(
            STAKES,
            "[100,100,100]",
            &CARDS.replace(r#","9c"]"#, "]"),
            ACTIONS,
        ),
        line(
            &STAKES.replace(r#""big_bet":10"#, r#""big_bet":5"#),
            "[100,100,100]",
            CARDS,
            ACTIONS,
        ),
        line(STAKES, "[100,100]", CARDS, ACTIONS),
        line(STAKES, "[100,100,100]", CARDS, &illegal),
        line(
            STAKES,
            "[100,100,100]",
            CARDS,
            &[ACTIONS, &["fold"]].concat(),
        ),
        line(STAKES, "[100,100,100]", CARDS, &ACTIONS[..4]),
    ];
    let mut input = String::new();
    for bad in &bad_lines {
        input.push_str(bad);
        input.push_str("\n\n");
    }
    input.push_str(&good);
    input.push('\n');

    let mut command = child::studbot();
    command.arg("replay");
    let output = child::run(command, &input, "studbot replay (lines on stdin)");
    assert!(output.status.success(), "exit {:?}", output.status);

    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .expect("UTF-8 output")
        .lines()
        .map(|text| serde_json::from_str(text).expect("each output line is JSON"))
        .collect();
    assert_eq!(lines.len(), bad_lines.len() + 1);
    let reasons: [(&str, Option<u64>); 11] = [
        ("bad input: key must be a string", None),
        ("bad input: `Jx` is not a card", None),
        ("card Ah is listed more than once", None),
        ("seat 0 lists 8 cards; a seat receives at most 7", None),
        ("seat 2 lists 6 cards but received only 5", None),
        ("no card left to deal to seat 0 on Seventh street", Some(12)),
        (
            "invalid stakes: big_bet (5) must be more than small_bet (5)",
            None,
        ),
        ("wrong stack count: 2 stacks for 3 seats of cards", None),
        ("`bet` by seat 0 refused: bet is not allowed now", Some(1)),
        (
            "`fold` comes after the hand ended",
            Some(ACTIONS.len() as u64),
        ),
        ("the actions ran out before the hand ended", None),
    ];
    assert_eq!(reasons.len(), bad_lines.len());
    for (value, (reason, action_index)) in lines.iter().zip(reasons) {
        assert_refused(value, reason, action_index);
    }
    let last = lines.last().expect("the good line's result");
    assert_eq!(last["ok"], true, "{last}");
    assert_eq!(last["stacks"], serde_json::json!([108, 108, 84]));
}

#[test]
fn the_binary_reads_a_file_argument() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("hands.jsonl");
    std::fs::write(&path, format!("{}\n{}\n", good_line(), good_line())).expect("written");
    let mut command = child::studbot();
    command.arg("replay").arg(&path);
    let output = child::run(command, "", "studbot replay FILE");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert_eq!(text.lines().count(), 2);
    assert!(
        text.lines().all(|l| l.starts_with(r#"{"ok":true"#)),
        "{text}"
    );
}

#[test]
fn a_missing_file_is_an_io_failure_with_a_non_zero_exit() {
    let output = child::run_args(&["replay", "/nonexistent/studbot/hands.jsonl"]);
    assert!(!output.status.success());
}

/// Eight players all to seventh street use 48 cards; the 4 left are too few, so one
/// community card is turned and each seat lists only six cards of its own.
#[test]
fn eight_players_to_seventh_street_share_a_community_card() {
    let deck: Vec<String> = studbot::table::Card::all().map(|c| c.to_string()).collect();
    let seats: Vec<String> = (0..8)
        .map(|seat| {
            let cards: Vec<String> = deck[seat * 6..seat * 6 + 6]
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect();
            format!("[{}]", cards.join(","))
        })
        .collect();
    let cards = format!("[{}]", seats.join(","));
    let mut actions = vec!["bring-in"];
    actions.extend(["call"; 7]);
    actions.extend(["check"; 32]);
    let text = line(STAKES, "[50,50,50,50,50,50,50,50]", &cards, &actions).replace(
        r#""community":null"#,
        &format!(r#""community":"{}""#, deck[48]),
    );
    let value = replay_line(&text);
    assert_eq!(value["ok"], true, "{value}");
    assert_eq!(value["community"], deck[48].as_str());
    let total: u64 = value["stacks"]
        .as_array()
        .expect("stacks")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .sum();
    assert_eq!(total, 400);
}

#[test]
fn eight_players_to_seventh_street_without_a_community_card_are_told_it_is_missing() {
    let deck: Vec<String> = studbot::table::Card::all().map(|c| c.to_string()).collect();
    let seats: Vec<String> = (0..8)
        .map(|seat| {
            let cards: Vec<String> = deck[seat * 6..seat * 6 + 6]
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect();
            format!("[{}]", cards.join(","))
        })
        .collect();
    let cards = format!("[{}]", seats.join(","));
    let mut actions = vec!["bring-in"];
    actions.extend(["call"; 7]);
    actions.extend(["check"; 32]);
    let value = replay_line(&line(STAKES, "[50,50,50,50,50,50,50,50]", &cards, &actions));
    // 48 cards dealt leave 4 for 8 players: seventh street is one community card (docs/
    // docs/RULES.md, Deal). The line is at fault, not the check that ends sixth street.
    assert_refused(
        &value,
        "the community card is missing: 8 players reach seventh street with 4 cards left in \
         the deck, so seventh street is one community card (`community`), and the line gives \
         none",
        None,
    );
}

#[test]
fn a_line_that_is_not_utf8_gets_an_error_line_and_the_next_line_still_runs() {
    let mut input = b"{\"stakes\":\xff\xfe}\n".to_vec();
    input.extend_from_slice(good_line().as_bytes());
    input.push(b'\n');
    let mut command = child::studbot();
    command.args(["replay", "-"]);
    let output = child::run(command, &input, "studbot replay - (a line not UTF-8)");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).expect("UTF-8 output");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[0].starts_with(r#"{"ok":false,"error":"the line is not UTF-8"#),
        "{text}"
    );
    assert!(
        lines[1].starts_with(r#"{"ok":true,"stacks":[108,108,84]"#),
        "{text}"
    );
}

#[test]
fn null_rules_take_the_defaults_and_unknown_rule_keys_are_refused() {
    let null_rules = good_line().replace(RULES, r#""rules":null"#);
    assert_eq!(replay_line(&null_rules)["ok"], true);
    let typo = good_line().replace("max_raises", "max_raise");
    assert_refused(
        &replay_line(&typo),
        "bad input: unknown field `max_raise`",
        None,
    );
}

#[test]
fn a_stake_that_is_not_a_whole_number_of_chips_is_refused_naming_it() {
    for (ante, given) in [("-1", "-1"), ("1.5", "1.5"), (r#""one""#, r#""one""#)] {
        let stakes = STAKES.replace(r#""ante":1"#, &format!(r#""ante":{ante}"#));
        let value = replay_line(&line(&stakes, "[100,100,100]", CARDS, ACTIONS));
        let reason =
            format!("bad input: ante must be a whole number of chips, 0 or more, not {given}");
        assert_refused(&value, &reason, None);
    }
    let stakes = STAKES.replace(r#""small_bet":5"#, r#""small_bet":-5"#);
    let value = replay_line(&line(&stakes, "[100,100,100]", CARDS, ACTIONS));
    assert_refused(
        &value,
        "small_bet must be a whole number of chips, more than 0, not -5",
        None,
    );
}

#[test]
fn max_raises_outside_one_to_ten_and_other_wrong_rule_values_are_refused_naming_them() {
    let cases = [
        (
            r#""max_raises":0"#,
            "max_raises must be a whole number from 1 to 10, not 0",
        ),
        (
            r#""max_raises":11"#,
            "max_raises must be a whole number from 1 to 10, not 11",
        ),
        (
            r#""heads_up_uncapped":"no""#,
            r#"heads_up_uncapped must be true or false, not "no""#,
        ),
        (
            r#""short_all_in":"half""#,
            r#"short_all_in must be "half_bet" or "full_bet", not "half""#,
        ),
    ];
    for (rule, reason) in cases {
        let text = good_line().replace(RULES, &format!(r#""rules":{{{rule}}}"#));
        assert_refused(&replay_line(&text), reason, None);
    }
}

/// Seat 0's door pair of sevens on fourth street opens the choice: it bets big (10), seat 1
/// raises big (20), seat 2 folds, seat 0 calls; the rest is checked down. Seat 0's aces and
/// nines take the high half of the 58 pot, seat 1's 8-4-3-2-A the low half.
const OPEN_PAIR_CARDS: &str = r#"[["Ah","As","7d","7h","8s","9h","9c"],["2h","3d","4d","Qh","Ac","Qd","8d"],["Kc","Kd","2c","5c"]]"#;
const OPEN_PAIR_ACTIONS: &[&str] = &[
    "bring-in",
    "complete",
    "call",
    "call",
    "bet-big",
    "raise-big",
    "fold",
    "call",
    "check",
    "check",
    "check",
    "check",
    "check",
    "check",
];

fn open_pair_line(rules: &str, actions: &[&str]) -> String {
    line(STAKES, "[100,100,100]", OPEN_PAIR_CARDS, actions).replace(RULES, rules)
}

#[test]
fn bet_big_and_raise_big_name_the_big_amount_on_an_open_pair_fourth_street() {
    let rules = r#""rules":{"open_pair_big_bet":true}"#;
    let value = replay_line(&open_pair_line(rules, OPEN_PAIR_ACTIONS));
    assert_eq!(value["ok"], true, "{value}");
    assert_eq!(value["stacks"], serde_json::json!([103, 103, 94]));
    assert_eq!(value["pots"][0]["amount"], 58);

    // Once big, the small raise is not offered.
    let mut small_raise = OPEN_PAIR_ACTIONS.to_vec();
    small_raise[5] = "raise";
    assert_refused(
        &replay_line(&open_pair_line(rules, &small_raise)),
        "`raise` by seat 1 refused: raise is not allowed now; allowed: fold, call 10, raise-big to 20",
        Some(5),
    );
    // Without the option an open pair gives no choice.
    let off = r#""rules":{"open_pair_big_bet":false}"#;
    assert_refused(
        &replay_line(&open_pair_line(off, OPEN_PAIR_ACTIONS)),
        "`bet-big` by seat 0 refused: bet-big is not allowed now; allowed: check, bet 5",
        Some(4),
    );
}

/// Fourth street: seat 1 bets 5, seat 2 raises all-in to 7 (short of half a raise), seat 0
/// completes it to 10, seat 1 calls. Main pot 39 (aces up high 20, seat 1's low 19), side
/// pot 6 split the same way between seats 0 and 1.
#[test]
fn complete_in_replay_completes_a_short_all_in_raise() {
    let cards = r#"[["Ah","As","7d","Jd","8s","9h","9c"],["2h","3d","4d","Qh","Ac","Qd","8d"],["Kc","Kd","2c","5c","6h","Th","Ts"]]"#;
    let actions = [
        "bring-in", "complete", "call", "call", "bet", "raise", "complete", "call", "check",
        "check", "check", "check", "check", "check",
    ];
    let rules = r#""rules":{"short_all_in":"half_bet"}"#;
    let text = line(STAKES, "[100,100,13]", cards, &actions).replace(RULES, rules);
    let value = replay_line(&text);
    assert_eq!(value["ok"], true, "{value}");
    assert_eq!(value["stacks"], serde_json::json!([107, 106, 0]));
    let mut raised = actions.to_vec();
    raised[6] = "raise";
    let text = line(STAKES, "[100,100,13]", cards, &raised).replace(RULES, rules);
    assert_refused(
        &replay_line(&text),
        "`raise` by seat 0 refused: raise is not allowed now; allowed: fold, call 7, complete to 10",
        Some(6),
    );
}

#[test]
fn a_razz_line_refuses_open_pair_big_bet_naming_the_option_and_the_game() {
    let razz = good_line().replace(RULES, r#""game":"razz","rules":{"open_pair_big_bet":true}"#);
    assert_refused(
        &replay_line(&razz),
        "invalid rules: razz has no open-pair big bet: open_pair_big_bet must be off in razz",
        None,
    );
    // Stud and Stud/8 take the option.
    for game in ["stud", "stud8"] {
        let open_pair = good_line().replace(
            RULES,
            &format!(r#""game":"{game}","rules":{{"open_pair_big_bet":true}}"#),
        );
        assert_eq!(replay_line(&open_pair)["ok"], true, "{game}");
    }
    // Razz with the option off is dealt (this line's actions are not razz's: the bring-in
    // is another seat, so an action is refused, not the rules).
    let razz_off = good_line().replace(RULES, r#""game":"razz","rules":{}"#);
    assert!(!error_of(&replay_line(&razz_off)).contains("open_pair_big_bet"));
}

#[test]
fn a_stack_that_is_not_a_whole_number_of_chips_is_refused_naming_its_seat() {
    for (given, reason) in [
        (
            "-5",
            "stacks[2] must be a whole number of chips, 0 or more, not -5",
        ),
        (
            "1.5",
            "stacks[2] must be a whole number of chips, 0 or more, not 1.5",
        ),
        (
            r#""ten""#,
            r#"stacks[2] must be a whole number of chips, 0 or more, not "ten""#,
        ),
    ] {
        let value = replay_line(&line(STAKES, &format!("[100,100,{given}]"), CARDS, ACTIONS));
        assert_refused(&value, &format!("bad input: {reason}"), None);
    }
    let not_a_list = line(STAKES, "100", CARDS, ACTIONS);
    assert_refused(
        &replay_line(&not_a_list),
        "bad input: stacks must be a list of whole numbers of chips, 0 or more, not 100",
        None,
    );
}
