//! `studbot play` driven through standard input for whole sessions: prompts, help, bad input,
//! actions, results, quitting, a balance that persists between runs, and a ledger that audits.

use std::path::Path;

use crate::audit::audit;
use crate::child;
use crate::common::play_terminal;

/// A session as player 1 with the seed 1 and `extra` options.
fn play(data: &Path, extra: &[&str], script: &str) -> String {
    play_terminal(data, &[&["--seed", "1"], extra].concat(), script)
}

/// The number in the last line that starts with `prefix`.
fn last_number_after(text: &str, prefix: &str) -> u64 {
    let line = text
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix(prefix))
        .unwrap_or_else(|| panic!("no line starts with {prefix:?}:\n{text}"));
    line.chars()
        .filter(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap()
}

#[test]
fn a_whole_session_is_played_from_standard_input_and_the_balance_persists() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::from("help\ndance\ncards\nbalance\nstatus\n");
    for _ in 0..40 {
        script.push_str("c\n");
    }
    script.push_str("quit\n");
    let first = play(data.path(), &[], &script);
    let out = first;
    assert!(out.contains("your balance is 1,000 chips"), "{out}");
    assert!(out.contains("What you can type (a word or its letter):"));
    assert!(out.contains("I do not know “dance”"));
    assert!(out.contains("Your cards — hand #1"));
    assert!(out.contains("Your move — "));
    assert!(out.contains("Hand #2"), "several hands were played:\n{out}");
    assert!(out.contains("results"));
    assert!(out.contains("Goodbye!"));
    let balance = last_number_after(&out, "Your balance: ");

    // The next run starts from that balance. Quitting at the first turn leaves the hand in
    // progress, which the table finishes for you: at most the ante and bring-in are lost.
    let second = play(data.path(), &[], "quit\n");
    let out = second;
    assert!(
        out.contains(&format!(
            "your balance is {} chips",
            studbot::render::numbers::grouped(studbot::render::Locale::En, balance)
        )),
        "{out}"
    );
    let after = last_number_after(&out, "Your balance: ");
    assert!(
        after <= balance && balance - after <= 3,
        "{balance} then {after}"
    );

    let (code, report) = audit(data.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["ok"], true, "{report}");
}
#[test]
fn the_terminal_speaks_spanish_and_understands_spanish_words() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::from("ayuda\n");
    for _ in 0..6 {
        script.push_str("igualar\n");
    }
    script.push_str("salir\n");
    let output = play(data.path(), &["--lang", "es", "--players", "3"], &script);
    let out = output;
    assert!(
        out.contains("Lo que puedes escribir (la palabra o su letra):"),
        "{out}"
    );
    assert!(out.contains("Tu jugada — "));
    assert!(!out.contains("no es una de tus opciones"), "{out}");
    assert!(out.contains("¡Hasta luego!"));
}

#[test]
fn an_all_in_hand_is_dealt_out_at_the_terminal_with_each_players_equity() {
    let data = tempfile::tempdir().unwrap();
    // Raise whenever possible, heads-up with 100 chips: the computer player calls it all-in
    // on fifth street (seed 1). What is typed while the hand is dealt out is refused.
    let mut script = "r\n".repeat(80);
    script.push_str("quit\n");
    let out = play(data.path(), &["--players", "2", "--buy-in", "100"], &script);
    let fifth = out
        .find("Hand #1 · Fifth street")
        .unwrap_or_else(|| panic!("no fifth street board:\n{out}"));
    let sixth = out
        .find("Hand #1 · Sixth street")
        .unwrap_or_else(|| panic!("no sixth street board:\n{out}"));
    let results = out.find("Hand #1 — results").unwrap();
    assert!(fifth < sixth && sixth < results, "{out}");
    for board in [&out[fifth..sixth], &out[sixth..results]] {
        let with_odds = board
            .lines()
            .filter(|line| line.contains("· face up · equity ") && line.contains(" · scoop "))
            .count();
        assert_eq!(with_odds, 2, "both hands face up with their odds:\n{board}");
        assert!(
            board.contains("All-in: the hands are face up; the next street comes in a moment."),
            "{board}"
        );
    }
}

#[test]
fn the_all_in_pace_is_chosen_with_flags_and_a_budget_of_zero_shows_no_equity() {
    let data = tempfile::tempdir().unwrap();
    let mut script = "r\n".repeat(80);
    script.push_str("quit\n");
    let out = play(
        data.path(),
        &[
            "--players",
            "2",
            "--buy-in",
            "100",
            "--street-pause-ms",
            "0",
            "--equity-budget-ms",
            "0",
        ],
        &script,
    );
    let fifth = out
        .find("Hand #1 · Fifth street")
        .unwrap_or_else(|| panic!("no fifth street board:\n{out}"));
    let results = out.find("Hand #1 — results").unwrap();
    let dealt_out = &out[fifth..results];
    assert!(dealt_out.contains("Hand #1 · Sixth street"), "{dealt_out}");
    assert!(dealt_out.contains("· face up"), "{dealt_out}");
    assert!(!dealt_out.contains("equity"), "{dealt_out}");
}

#[test]
fn a_street_pause_beyond_ten_seconds_is_refused_naming_the_range() {
    let data = tempfile::tempdir().unwrap();
    let data = data.path().to_string_lossy().into_owned();
    let output = child::run_args(&["play", "--data", &data, "--street-pause-ms", "10001"]);
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("--street-pause-ms") && said.contains("0..=10000"),
        "{said}"
    );
}

#[test]
fn play_with_game_razz_deals_razz_and_names_razz_lows() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::from("cards\n");
    for _ in 0..60 {
        script.push_str("c\n");
    }
    script.push_str("quit\n");
    let out = play(data.path(), &["--game", "razz", "--players", "3"], &script);
    assert!(out.starts_with("Seven-Card Razz."), "{out}");
    assert!(out.contains("Hand #1 · Third street · Razz"), "{out}");
    assert!(out.contains("Hand #2"), "several hands were played:\n{out}");
    // Own cards show the razz low only; results never speak of a qualifying low or a high.
    assert!(!out.contains("High: "), "{out}");
    assert!(!out.contains("qualifying low"), "{out}");
    // Every pot won at showdown names a razz low ("7-5-4-2-A", "a wheel", "pair of deuces")
    // and then its five cards, once, in parentheses.
    let five_cards = |line: &str| {
        line.matches('(').count() == 1
            && line
                .rsplit('(')
                .next()
                .is_some_and(|cards| cards.trim_end_matches(')').split(' ').count() == 5)
    };
    let wins: Vec<&str> = out
        .lines()
        .filter(|line| line.contains(" wins ") && line.contains(" with "))
        .collect();
    assert!(!wins.is_empty(), "no hand was won at showdown:\n{out}");
    for line in wins {
        assert!(five_cards(line), "not a razz low: {line}");
    }
}

#[test]
fn play_with_game_mix_says_the_rotation_on_the_board() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::new();
    for _ in 0..30 {
        script.push_str("c\n");
    }
    script.push_str("quit\n");
    let extra = ["--game", "mix", "--mix-hands", "2", "--players", "2"];
    let out = play(data.path(), &extra, &script);
    assert!(
        out.starts_with("Mix: Razz, Stud, Stud Hi/Lo, 2 hands each."),
        "{out}"
    );
    assert!(
        out.contains("Hand #1 · Third street · Razz · mix: 2 hands left with this one, then Stud"),
        "{out}"
    );
}

#[test]
fn a_command_typed_at_a_terminal_is_answered_at_once_not_held_for_your_turn() {
    let data = tempfile::tempdir().unwrap();
    // As a person types at a terminal: every line is read when it is typed, before any turn
    // (it used to be held for the next turn). The first hand waits 30 s, not none: on a
    // loaded machine the line was read after the first hand's deal, and the turn came first.
    let out = play(
        data.path(),
        &[
            "--input",
            "at-once",
            "--buy-in",
            "500",
            "--between-hands",
            "30",
        ],
        "balance\nquit\n",
    );
    let answer = out
        .find("Your balance: 500 chips (at the table: ")
        .unwrap_or_else(|| panic!("balance was not answered:\n{out}"));
    if let Some(turn) = out.find("Your move — ") {
        assert!(answer < turn, "the answer waited for the turn:\n{out}");
    }
}

#[test]
fn a_reader_that_goes_away_ends_the_game_quietly() {
    use std::io::Read as _;
    let data = tempfile::tempdir().unwrap();
    let mut command = child::studbot();
    command
        .arg("play")
        .arg("--data")
        .arg(data.path())
        .args(["--seed", "1", "--between-hands", "0"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut game = command.spawn().expect("studbot play starts");
    // `studbot play | head -c 16`: read a little, then close the pipe, then end the input.
    let mut first = [0_u8; 16];
    game.stdout
        .take()
        .expect("stdout")
        .read_exact(&mut first)
        .expect("the game prints");
    drop(game.stdin.take());
    let output = child::output_within(
        game,
        std::time::Duration::from_secs(60),
        "studbot play | head",
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_computer_player_left_with_no_chips_buys_in_again_and_the_game_goes_on() {
    let data = tempfile::tempdir().unwrap();
    let mut script = String::new();
    for _ in 0..300 {
        script.push_str("r\nc\n");
    }
    script.push_str("quit\n");
    let out = play(data.path(), &["--players", "2", "--buy-in", "100"], &script);
    // The new seat follows the departure, whatever else is printed between them.
    let left = out
        .find("Bot 1 leaves the table.")
        .unwrap_or_else(|| panic!("Bot 1 never left its empty seat:\n{out}"));
    let rebuy = out[left..]
        .find("Bot 1 sits down with 100 chips.")
        .map(|at| left + at)
        .unwrap_or_else(|| panic!("Bot 1 never bought in again:\n{out}"));
    assert!(
        out[rebuy..].contains("Third street"),
        "a hand is dealt after it:\n{}",
        &out[rebuy..]
    );
    let (code, report) = audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}

/// The walk counted 137 lines a six-handed hand, the whole board again after every
/// computer's action, and the timer's two lines at every turn. The terminal prints what a
/// player follows: the board when its cards change, each action in one line, your turn in
/// one line and its prompt, the timer's rule once; the action that ends a hand is printed.
#[test]
fn each_action_is_one_line_the_board_comes_when_its_cards_change_and_the_timer_is_said_once() {
    let data = tempfile::tempdir().unwrap();
    let out = play(
        data.path(),
        &["--players", "4", "--street-pause-ms", "0"],
        &format!("{}quit\n", "c\n".repeat(12)),
    );
    assert!(!out.contains("Last action: "), "{out}");
    assert!(!out.contains("Next: "), "{out}");
    assert_eq!(out.matches("If time runs out").count(), 1, "{out}");
    assert!(!out.contains("You can:"), "{out}");
    // One board a street: each starts with its header, no street twice in a hand.
    let mut boards: Vec<&str> = out
        .lines()
        .filter(|line| line.starts_with("Hand #") && line.contains(" street · "))
        .collect();
    let count = boards.len();
    boards.dedup();
    assert_eq!(
        boards.len(),
        count,
        "a street's board printed twice:\n{out}"
    );
    // Every action of hand 1 is told once, in the order taken, the last one included.
    let hand =
        &out[out.find("Hand #1 · Third street").unwrap()..out.find("Hand #1 — results").unwrap()];
    let actions = hand
        .lines()
        .filter(|line| {
            [
                " brings in for ",
                " completes to ",
                " calls ",
                " checks",
                " folds",
                " bets ",
                " raises to ",
            ]
            .iter()
            .any(|verb| line.contains(verb))
                && !line.starts_with("Your turn")
        })
        .count();
    assert!(actions >= 4, "{hand}");
    let last_told = hand
        .lines()
        .rev()
        .find(|line| !line.trim().is_empty())
        .unwrap();
    assert!(
        [
            " calls ",
            " checks",
            " folds",
            " bets ",
            " raises to ",
            " and is all-in"
        ]
        .iter()
        .any(|verb| last_told.contains(verb)),
        "the hand's last action is not told before its result: {last_told}\n{hand}"
    );
    for street in ["Fourth street", "Fifth street"] {
        let at = out
            .find(&format!("Hand #1 · {street}"))
            .unwrap_or_else(|| panic!("no {street}:\n{out}"));
        let next = out[at..].find("Your cards — hand #1");
        assert!(
            next.is_some(),
            "your cards are not shown on {street}:\n{out}"
        );
    }
    assert!(
        out.contains("Your turn — hand #1, Third street · "),
        "{out}"
    );
}

/// `play` takes /table open's stakes and house rules: with `--open-pair-big-bet` a stud table
/// offers the big bet on fourth street to an open pair (seed 1 deals one), without it not;
/// razz refuses the option as /table open does, in the player's language, with the
/// configuration exit code and before a data directory is made.
#[test]
fn play_takes_the_open_pair_big_bet_and_the_stakes_and_razz_refuses_it() {
    let script = format!("{}quit\n", "c\n".repeat(80));
    let stud = ["--game", "stud", "--players", "4", "--street-pause-ms", "0"];
    let on = tempfile::tempdir().unwrap();
    let out = play(
        on.path(),
        &[&stud[..], &["--open-pair-big-bet"]].concat(),
        &script,
    );
    assert!(out.contains("Check · Bet 5 · Bet 10"), "{out}");
    let off = tempfile::tempdir().unwrap();
    let out = play(off.path(), &stud, &script);
    assert!(out.contains("Check · Bet 5"), "{out}");
    assert!(!out.contains("Bet 5 · Bet 10"), "{out}");

    let stakes = tempfile::tempdir().unwrap();
    let out = play(
        stakes.path(),
        &[
            &stud[..],
            &[
                "--ante",
                "2",
                "--bring-in",
                "5",
                "--small-bet",
                "10",
                "--big-bet",
                "20",
            ],
            &["--max-buy-in", "5000", "--buy-in", "1000"],
        ]
        .concat(),
        "quit\n",
    );
    assert!(out.contains("Stakes 10/20 · ante 2 · bring-in 5"), "{out}");
    assert!(out.contains("You sit down with 1,000 chips."), "{out}");

    let parent = tempfile::tempdir().unwrap();
    let data = parent.path().join("razz");
    for (lang, refusal) in [
        ("en", "razz has no open-pair big bet"),
        ("es", "el Razz no tiene apuesta grande por par descubierto"),
    ] {
        let mut command = child::studbot();
        command.arg("play").arg("--data").arg(&data).arg("--create");
        command.args(["--lang", lang, "--game", "razz", "--open-pair-big-bet"]);
        let output = child::run(command, "", "studbot play --game razz --open-pair-big-bet");
        let said = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(2), "{said}");
        assert!(said.contains(refusal), "{said}");
        assert!(!data.exists(), "a refused table made {}", data.display());
    }
}

#[test]
fn a_pre_action_typed_before_your_turn_is_carried_out_when_it_comes_and_time_adds_30_s() {
    let data = tempfile::tempdir().unwrap();
    // Seed 1: you bring in, Bot 3 completes to 5 while you wait. A script's `pre` line is
    // taken as soon as someone else is to act in your hand, not held for your turn.
    let out = play(data.path(), &[], "c\npre fold\npre call any\ntime\nquit\n");
    assert!(
        out.contains("“pre fold” is not one of the pre-actions now: pre check/fold · pre check · pre call any."),
        "{out}"
    );
    let chosen = out
        .find("Before your turn: Call any.")
        .unwrap_or_else(|| panic!("{out}"));
    let called = out.find("Player calls 3").unwrap();
    assert!(chosen < called, "{out}");
    // The call was made by the table at your turn: you were not asked on third street again.
    assert_eq!(
        out.matches("Your turn — hand #1, Third street").count(),
        1,
        "{out}"
    );
    // The terminal prints a board when its cards change, not its clock: what `time` took is
    // said to you (the board's "(+30 s) · time bank 30 s" is `discord_pace`'s).
    assert!(
        out.contains("+30 s from your time bank (30 s left)."),
        "{out}"
    );
}

#[test]
fn the_terminal_table_takes_its_clock_from_flags_and_an_empty_time_bank_refuses_time() {
    let data = tempfile::tempdir().unwrap();
    let out = play(
        data.path(),
        &["--action-timer", "45", "--time-bank", "0"],
        "time\nquit\n",
    );
    assert!(out.contains("You have 45 s for each action."), "{out}");
    assert!(
        !out.contains("· time bank"),
        "the board shows no time bank:\n{out}"
    );
    assert!(out.contains("Your time bank is empty."), "{out}");

    let path = data.path().to_string_lossy().into_owned();
    for (flag, value, range) in [
        ("--time-bank", "601", "0..=600"),
        ("--action-timer", "4", "5..=600"),
    ] {
        let output = child::run_args(&["play", "--data", &path, flag, value]);
        assert!(!output.status.success());
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains(flag) && said.contains(range), "{said}");
    }
}

#[test]
fn pre_actions_and_time_are_understood_in_spanish_and_indonesian() {
    let data = tempfile::tempdir().unwrap();
    let out = play(
        data.path(),
        &["--lang", "es"],
        "v\npre no voy\npre veo todo\ntiempo\nsalir\n",
    );
    assert!(
        out.contains("Antes de tu turno: Igualar lo que sea."),
        "{out}"
    );
    assert!(
        out.contains("+30 s de tu banco de tiempo (te quedan 30 s)."),
        "{out}"
    );
    let data = tempfile::tempdir().unwrap();
    let out = play(
        data.path(),
        &["--lang", "id"],
        "c\npre call berapa pun\nwaktu\nkeluar\n",
    );
    assert!(out.contains("Sebelum giliranmu: Call berapa pun."), "{out}");
    assert!(
        out.contains("+30 dtk dari time bank kamu (sisa 30 dtk)."),
        "{out}"
    );
}

/// The terminal's cash table marks its computer players with 🤖 as a sit & go's do (they are
/// seated as players, so their ids alone did not say it): on every board and in `status`;
/// you are never marked.
#[test]
fn the_cash_tables_computer_players_are_marked_with_a_robot_on_the_board_and_in_status() {
    let data = tempfile::tempdir().unwrap();
    let out = play(data.path(), &["--players", "3"], "status\nboard\nc\nquit\n");
    let seat_lines: Vec<&str> = out
        .lines()
        .filter(|line| {
            ["▫️ ", "▶️ ", "✖️ ", "💰 ", "• "]
                .iter()
                .any(|marker| line.starts_with(marker))
        })
        .collect();
    let bots: Vec<&&str> = seat_lines
        .iter()
        .filter(|line| line.contains("Bot "))
        .collect();
    assert!(
        bots.iter().any(|line| line.starts_with("• "))
            && bots.iter().any(|line| !line.starts_with("• ")),
        "the board and the status list the computer players:\n{out}"
    );
    for line in &bots {
        assert!(
            line.contains('🤖'),
            "a computer player unmarked: {line}\n{out}"
        );
    }
    for line in seat_lines.iter().filter(|line| line.contains("Player")) {
        assert!(!line.contains('🤖'), "you are marked as a computer: {line}");
    }
}
