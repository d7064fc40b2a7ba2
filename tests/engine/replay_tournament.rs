//! `studbot replay --tournament`: whole sit & gos, one a JSON line, through the real binary
//! (the tournament core with the engine, no bank, no clock), one scenario per rule of
//! docs/RULES.md "Tournaments": levels by hands played, the first seat dealt moving left
//! past players who are out, the cap until the event is heads-up, places and prizes at the
//! bust (ties by starting stack, equal stacks sharing), the cancel (a refund before any bust,
//! ICM within the bounds after), the deal (ICM or chip chop, two to four left), identical
//! hands both ways as one share, the seats drawn; and every wrong line an error line that
//! names its hand and action, the next line still answered.

use serde_json::{Value, json};

use crate::child;

/// Runs `studbot replay --tournament` on `lines`; one output value per line.
fn replay(lines: &[Value]) -> Vec<Value> {
    let input: String = lines.iter().map(|line| format!("{line}\n")).collect();
    answers(&input, lines.len())
}

fn answers(input: &str, expected: usize) -> Vec<Value> {
    let mut command = child::studbot();
    command.args(["replay", "--tournament", "-"]);
    let output = child::run(command, input, "studbot replay --tournament");
    assert!(output.status.success(), "{output:?}");
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let values: Vec<Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).expect("each output line is JSON"))
        .collect();
    assert_eq!(values.len(), expected, "one line out per line in: {out}");
    values
}

fn one(line: Value) -> Value {
    replay(&[line]).remove(0)
}

/// The places a line answers: each (seat, place, prize).
fn places(places: &[(u64, u64, u64)]) -> Value {
    places
        .iter()
        .map(|&(seat, place, prize)| json!({ "seat": seat, "place": place, "prize": prize }))
        .collect()
}

/// The prizes a line answers paid: each (seat, after hand, prize).
fn paid(paid: &[(u64, u64, u64)]) -> Value {
    paid.iter()
        .map(|&(seat, after_hand, prize)| {
            json!({ "seat": seat, "after_hand": after_hand, "prize": prize })
        })
        .collect()
}

/// One hand: each seat's cards as written (`""` for a seat whose player is out).
fn hand(cards: &[&str], actions: &[&str]) -> Value {
    let cards: Vec<Value> = cards
        .iter()
        .map(|seat| {
            if seat.is_empty() {
                Value::Null
            } else {
                json!(seat.split_whitespace().collect::<Vec<_>>())
            }
        })
        .collect();
    json!({ "cards": cards, "community": null, "actions": actions })
}

/// A level where every stack is all-in on the ante: no betting, the cards decide.
fn all_in_on_the_ante() -> Value {
    json!([{ "ante": 10_000, "bring_in": 1, "small_bet": 2, "big_bet": 4, "hands": 100 }])
}

fn level(ante: u64, bring_in: u64, small_bet: u64, big_bet: u64, hands: u32) -> Value {
    json!({ "ante": ante, "bring_in": bring_in, "small_bet": small_bet, "big_bet": big_bet, "hands": hands })
}

const QUADS: &str = "As Ad Ac Ah 2c 3d 4s";
const KINGS_FULL: &str = "Ks Kd Kc Qs Qd 5c 6d";
const FLUSH: &str = "2h 5h 7h 9h Jh 3c 4d";
const JACK_HIGH: &str = "8c 9d 2s 6s Jd 3h 5s";
const TENS: &str = "Tc Td 7s 8d 4c 6c 9c";

fn assert_ok(value: &Value) {
    assert_eq!(value["ok"], true, "{value}");
}

fn assert_error(value: &Value, says: &str, hand_index: Option<u64>, action_index: Option<u64>) {
    assert_eq!(value["ok"], false, "{value}");
    let error = value["error"].as_str().unwrap_or_default();
    assert!(error.contains(says), "expected {says:?} in {value}");
    assert_eq!(
        value.get("hand_index").and_then(Value::as_u64),
        hand_index,
        "{value}"
    );
    assert_eq!(
        value.get("action_index").and_then(Value::as_u64),
        action_index,
        "{value}"
    );
}

#[test]
fn levels_rise_by_hands_played_and_a_hand_is_dealt_at_its_level() {
    // Level 1 (ante 1) lasts one hand, then level 2 (ante 5). Each hand the bring-in is
    // folded to: the bring-in takes the antes.
    let value = one(json!({
        "game": "stud", "buy_in": 10, "stacks": [100, 100],
        "levels": [level(1, 2, 5, 10, 1), level(5, 2, 5, 10, 1)],
        "hands": [
            hand(&["Kh Qh 2c", "Ks Qs 9d"], &["bring-in", "fold"]),
            hand(&["Kc Qc 9h", "Kd Qd 3c"], &["bring-in", "fold"]),
        ],
    }));
    assert_ok(&value);
    assert_eq!(value["hands"], 2);
    assert_eq!(value["level"], 2, "the second hand was dealt at level 2");
    assert_eq!(
        value["stacks"],
        json!([96, 104]),
        "+1 at ante 1, then -5 at ante 5"
    );
    assert_eq!(value["finished"], false);
    assert_eq!(value["places"], json!([]));
    assert_eq!(value["paid"], json!([]));
}

#[test]
fn the_first_seat_dealt_moves_one_seat_left_each_hand_past_players_who_are_out() {
    // Hand 1 is dealt from seat 0: seat 1, all-in on the ante, loses and is out. Hand 2 is
    // dealt from the seat to the left of 0 still in, seat 2: on fourth street the boards
    // tie (3-9 each), so the first seat dealt acts first, bets, and the other folds.
    let line = json!({
        "game": "stud", "buy_in": 10, "stacks": [100, 1, 100],
        "levels": [level(1, 2, 5, 10, 100)],
        "hands": [
            hand(
                &["Ah Ad 2c Ac 7d 8d 9s", "3h 4h 5s 7c Jd Qd 2d", "Kh Kd 9c Ts 3d 4c 5h"],
                &["bring-in", "call", "check", "check", "check", "check", "check", "check",
                  "check", "check"],
            ),
            hand(&["Ah Ad 3s 9s", "", "Kh Kd 3d 9d"], &["bring-in", "call", "bet", "fold"]),
        ],
    });
    let value = one(line);
    assert_ok(&value);
    // Hand 1: seat 0's trip aces take 7 (the 3 of the antes, 4 of the bring-in called).
    // Hand 2: seat 2 brings in (3d), seat 0 calls, seat 2 bets first on the tied boards.
    assert_eq!(value["stacks"], json!([101, 0, 100]));
    assert_eq!(value["places"], places(&[(1, 3, 0)]));
}

#[test]
fn the_cap_holds_while_three_are_in_the_event_and_comes_off_heads_up() {
    // Raises capped at 1. Three in the event: seat 2 folds, the pot is heads-up, and the
    // second raise is still refused. Two in the event: the same raises are allowed.
    let rules = json!({ "max_raises": 1, "heads_up_uncapped": true });
    let three = json!({
        "game": "stud", "buy_in": 10, "rules": rules, "stacks": [600, 600, 600],
        "hands": [hand(
            &["Kh Qh 2c 5d 6d 7s 8s", "Ah Ad 8d 9c Tc Jh 4s", "3c 3d 9s"],
            &["bring-in", "complete", "fold", "raise", "raise"],
        )],
    });
    let two = json!({
        "game": "stud", "buy_in": 10, "rules": rules, "stacks": [600, 600],
        "hands": [hand(
            &["Kh Qh 2c 5d 6d 7s 8s", "Ah Ad 8d 9c Tc Jh 4s"],
            &["bring-in", "complete", "raise", "raise", "raise", "call",
              "check", "check", "check", "check", "check", "check", "check", "check"],
        )],
    });
    let values = replay(&[three, two]);
    assert_error(&values[0], "raise", Some(0), Some(4));
    assert_ok(&values[1]);
    // Four raises of 10 after the bring-in: 40 each, and the aces take the 84.
    assert_eq!(values[1]["stacks"], json!([558, 642]));
}

#[test]
fn players_out_in_one_hand_place_by_their_starting_stacks_and_are_paid_at_once() {
    // Five of 100 paying 65/35 (325/175), all-in on the ante: seat 0's quads take every
    // pot. Seats 3 and 4 began with 300 each: they share second, 175 split 88/87; seats 1
    // and 2 began with 100: they share fourth, unpaid.
    let value = one(json!({
        "game": "stud", "buy_in": 100, "stacks": [500, 100, 100, 300, 300],
        "levels": all_in_on_the_ante(),
        "hands": [hand(&[QUADS, KINGS_FULL, FLUSH, JACK_HIGH, TENS], &[])],
    }));
    assert_ok(&value);
    assert_eq!(value["finished"], true);
    assert_eq!(value["stacks"], json!([1300, 0, 0, 0, 0]));
    assert_eq!(
        value["places"],
        places(&[(0, 1, 325), (3, 2, 88), (4, 2, 87), (1, 4, 0), (2, 4, 0)])
    );
    assert_eq!(value["paid"], paid(&[(3, 1, 88), (4, 1, 87), (0, 1, 325)]));
}

/// Four of 100 paying 50/30/20 (200/120/80), all-in on the ante: seat 1 takes the main pot
/// and the first side pot, seat 2 the second, seat 3 gets its last 100 back: seat 0 is out
/// in fourth (unpaid), 700/200/100 left.
fn one_out_of_four(end: Value) -> Value {
    json!({
        "game": "stud", "buy_in": 100, "payouts": [50, 30, 20],
        "stacks": [100, 200, 300, 400], "levels": all_in_on_the_ante(),
        "hands": [hand(&[JACK_HIGH, QUADS, KINGS_FULL, FLUSH], &[])],
        "end": end,
    })
}

#[test]
fn a_cancel_refunds_every_buy_in_before_anyone_is_out_and_pays_icm_within_the_bounds_after() {
    let refund = json!({ "game": "stud", "buy_in": 100, "stacks": [600, 600, 600],
        "hands": [], "end": "cancel" });
    let values = replay(&[refund, one_out_of_four(json!("cancel"))]);
    assert_ok(&values[0]);
    assert_eq!(values[0]["finished"], false);
    assert_eq!(
        values[0]["paid"],
        paid(&[(0, 0, 100), (1, 0, 100), (2, 0, 100)])
    );
    let after = &values[1];
    assert_ok(after);
    assert_eq!(after["stacks"], json!([0, 700, 200, 100]));
    // ICM 174.1 / 123.6 / 102.3 of 200/120/80: rounded down, the odd chip to the largest
    // stack, each within 80..=200 (a chip split would give the leader 280).
    assert_eq!(
        after["paid"],
        paid(&[(1, 1, 175), (2, 1, 123), (3, 1, 102)])
    );
    assert_eq!(after["finished"], false);
    assert_eq!(after["places"], places(&[(0, 4, 0)]));
}

#[test]
fn a_deal_pays_a_chip_chop_or_icm_and_places_the_players_left_by_chips() {
    let values = replay(&[
        one_out_of_four(json!({ "deal": "chop" })),
        one_out_of_four(json!({ "deal": "icm" })),
        // Five left: no deal.
        json!({ "game": "stud", "buy_in": 100, "stacks": [600, 600, 600, 600, 600],
            "hands": [], "end": { "deal": "icm" } }),
    ]);
    let chop = &values[0];
    assert_ok(chop);
    assert_eq!(chop["finished"], true);
    // 80 each guaranteed, the other 160 by chips 700/200/100: 112/32/16.
    assert_eq!(
        chop["places"],
        places(&[(1, 1, 192), (2, 2, 112), (3, 3, 96), (0, 4, 0)])
    );
    assert_eq!(chop["paid"], paid(&[(3, 1, 96), (2, 1, 112), (1, 1, 192)]));
    let icm = &values[1];
    assert_ok(icm);
    let prizes: Vec<u64> = icm["places"]
        .as_array()
        .expect("places")
        .iter()
        .map(|place| place["prize"].as_u64().expect("a prize"))
        .collect();
    assert_eq!(prizes, vec![175, 123, 102, 0]);
    assert_error(&values[2], "2 to 4 players left, not 5", None, None);
}

#[test]
fn identical_hands_both_ways_split_a_tournament_pot_as_one_share() {
    // Both make the 6-high straight and 6-5-4-3-2: the 6 chips go 3/3, never 4/2.
    let value = one(json!({
        "game": "stud8", "buy_in": 10, "stacks": [100, 100],
        "levels": [level(1, 2, 5, 10, 100)],
        "hands": [hand(
            &["Kh Qc 2h 3s 4d 5c 6h", "Kd Qs 2s 3c 4h 5d 6c"],
            &["bring-in", "call", "check", "check", "check", "check", "check", "check",
              "check", "check"],
        )],
    }));
    assert_ok(&value);
    assert_eq!(value["stacks"], json!([100, 100]));
}

#[test]
fn the_seats_drawn_place_each_entrants_stack_in_their_seat() {
    let values = replay(&[
        json!({ "game": "stud", "buy_in": 10, "stacks": [100, 300], "seats": [1, 0],
            "hands": [] }),
        json!({ "game": "stud", "buy_in": 10, "stacks": [100, 300], "seats": [0, 0],
            "hands": [] }),
    ]);
    assert_ok(&values[0]);
    assert_eq!(values[0]["stacks"], json!([300, 100]));
    assert_eq!(values[0]["level"], 1);
    assert_error(&values[1], "drawn twice", None, None);
}

#[test]
fn every_wrong_line_is_an_error_line_naming_its_hand_and_the_next_line_still_runs() {
    let finished = json!({
        "game": "stud", "buy_in": 100, "stacks": [500, 100, 100, 300, 300],
        "levels": all_in_on_the_ante(),
        "hands": [
            hand(&[QUADS, KINGS_FULL, FLUSH, JACK_HIGH, TENS], &[]),
            hand(&[QUADS, KINGS_FULL, FLUSH, JACK_HIGH, TENS], &[]),
        ],
    });
    let out_given_cards = json!({
        "game": "stud", "buy_in": 10, "stacks": [100, 1, 100],
        "levels": [level(1, 2, 5, 10, 100)],
        "hands": [
            hand(
                &["Ah Ad 2c Ac 7d 8d 9s", "3h 4h 5s 7c Jd Qd 2d", "Kh Kd 9c Ts 3d 4c 5h"],
                &["bring-in", "call", "check", "check", "check", "check", "check", "check",
                  "check", "check"],
            ),
            hand(&["Ah Ad 3s 9s", "Qc Qh 2c", "Kh Kd 3d 9d"], &["bring-in"]),
        ],
    });
    let unknown_action = json!({ "game": "stud", "buy_in": 10, "stacks": [100, 100],
        "hands": [hand(&["Kh Qh 2c", "Ks Qs 9d"], &["bring-in", "shove"])] });
    let cancel_when_over = json!({
        "game": "stud", "buy_in": 100, "stacks": [500, 100, 100, 300, 300],
        "levels": all_in_on_the_ante(),
        "hands": [hand(&[QUADS, KINGS_FULL, FLUSH, JACK_HIGH, TENS], &[])],
        "end": "cancel",
    });
    let structure_and_levels = json!({ "game": "stud", "buy_in": 10, "structure": "turbo",
        "levels": all_in_on_the_ante(), "stacks": [100, 100], "hands": [] });
    let broken_level = json!({ "game": "stud", "buy_in": 10, "stacks": [100, 100],
        "levels": [level(1, 2, 5, 10, 6), level(2, 12, 10, 20, 6)], "hands": [] });
    let good = json!({ "game": "stud", "buy_in": 10, "stacks": [100, 100], "hands": [] });
    let input = format!(
        "{finished}\n{{not json\n\n{out_given_cards}\n{unknown_action}\n{cancel_when_over}\n\
         {structure_and_levels}\n{broken_level}\n{good}\n"
    );
    let values = answers(&input, 8);
    assert_error(&values[0], "no more hands", Some(1), None);
    assert_error(&values[1], "bad input", None, None);
    assert_error(
        &values[2],
        "seat 1 is out but is given cards",
        Some(1),
        None,
    );
    assert_error(&values[3], "unknown action `shove`", Some(0), Some(1));
    assert_error(&values[4], "nothing to cancel", None, None);
    assert_error(&values[5], "not both", None, None);
    assert_error(&values[6], "level 2", None, None);
    assert_ok(&values[7]);
    assert_eq!(values[7]["stacks"], json!([100, 100]));
}
