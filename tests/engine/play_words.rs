//! `studbot play --lang es|id` understands the words players of each language type ("paso",
//! "veo", "no voy", "subo"; "pasang", "naik" beside the English words), its help shows them,
//! and a whole session, first line to `quit`, holds no English a player of that language
//! would not use.

use crate::words_english;

use std::path::Path;

use crate::common::play_terminal;

use studbot::render::Locale;
use words_english::{english_in, english_vocabulary};

fn play(data: &Path, lang: &str, script: &str) -> String {
    play_terminal(
        data,
        &["--seed", "3", "--players", "3", "--lang", lang],
        script,
    )
}

/// A session that types each of `words` in turn, several times over, between the commands
/// that show cards, board, seats, balance and history, then quits.
fn script(help: &str, words: &[&str], commands: &[&str], quit: &str) -> String {
    let mut script = format!("{help}\n");
    for round in 0..4 {
        for word in words {
            script.push_str(word);
            script.push('\n');
        }
        script.push_str(commands[round % commands.len()]);
        script.push('\n');
    }
    script.push_str(quit);
    script.push('\n');
    script
}

fn assert_no_english(out: &str, locale: Locale) {
    let vocabulary = english_vocabulary(&[]);
    let mut leaks = Vec::new();
    for line in out.lines() {
        let english = english_in(line, locale, &vocabulary);
        if !english.is_empty() {
            leaks.push(format!("{english:?} in “{line}”"));
        }
    }
    leaks.dedup();
    assert!(leaks.is_empty(), "{}\n\n{out}", leaks.join("\n"));
}

#[test]
fn the_terminal_understands_what_spanish_players_type_and_speaks_only_spanish() {
    let data = tempfile::tempdir().unwrap();
    let words = [
        "veo",
        "paso",
        "igualo",
        "voy",
        "apuesto",
        "subo",
        "completo",
        "no voy",
        "me retiro",
        "Veo",
        "igualar",
        "pasar",
    ];
    let commands = ["cartas", "mesa", "estado", "saldo", "historial"];
    let out = play(
        data.path(),
        "es",
        &script("ayuda", &words, &commands, "salir"),
    );
    assert!(
        !out.contains("No conozco"),
        "a word was not understood:\n{out}"
    );
    for shown in [
        "paso (p)",
        "veo, igualo, voy (v)",
        "no voy, me retiro (n)",
        "apuesto (a)",
        "subo (s)",
    ] {
        assert!(out.contains(shown), "help does not show {shown:?}:\n{out}");
    }
    assert!(out.contains("Jugador iguala"), "{out}");
    assert!(out.contains("Jugador pasa"), "{out}");
    assert!(out.contains("¡Hasta luego!"), "{out}");
    assert_no_english(&out, Locale::Es);
}

#[test]
fn the_terminal_understands_what_indonesian_players_type_and_speaks_their_poker_words() {
    let data = tempfile::tempdir().unwrap();
    let words = [
        "call", "check", "pasang", "naik", "c", "fold", "bet", "raise", "complete", "k",
    ];
    let commands = ["kartu", "meja", "status", "saldo", "riwayat"];
    let out = play(
        data.path(),
        "id",
        &script("bantuan", &words, &commands, "keluar"),
    );
    assert!(
        !out.contains("Aku tidak mengerti"),
        "a word was not understood:\n{out}"
    );
    for shown in ["bet atau pasang (b)", "raise atau naik (r)", "fold (f)"] {
        assert!(out.contains(shown), "help does not show {shown:?}:\n{out}");
    }
    assert!(out.contains("Kamu call"), "{out}");
    assert!(out.contains("Sampai jumpa!"), "{out}");
    assert_no_english(&out, Locale::Id);
}

#[test]
fn an_unknown_word_is_told_apart_from_an_action_not_offered_now() {
    let data = tempfile::tempdir().unwrap();
    let out = play(data.path(), "es", "bailar\npaso\nveo\nsalir\n");
    assert!(out.contains("No conozco «bailar»"), "{out}");
    // Facing the bring-in, checking is not on offer: said so, with what is.
    assert!(
        out.contains("«paso» no es una de tus opciones ahora: Retirarse · Igualar 2"),
        "{out}"
    );
}

#[test]
fn spanish_letters_are_spanish_initials_and_a_bare_r_is_asked_not_guessed() {
    let data = tempfile::tempdir().unwrap();
    let out = play(data.path(), "es", "r\nv\np\na\ns\nv\np\nn\nr\nv\nsalir\n");
    assert!(
        out.contains("¿Subir o retirarte? Escribe «subo» (s) o «me retiro» (n)."),
        "{out}"
    );
    assert!(
        !out.contains("No conozco"),
        "a letter was not understood:\n{out}"
    );
    assert!(out.contains("Jugador iguala"), "{out}");
    assert!(out.contains("Jugador pasa"), "{out}");
    assert_no_english(&out, Locale::Es);
}

#[test]
fn the_amount_an_option_shows_is_accepted_and_another_amount_is_refused_naming_it() {
    let data = tempfile::tempdir().unwrap();
    let out = play(data.path(), "en", "call 3\ncall 2\nquit\n");
    assert!(
        out.contains("“call 3”: the amount on offer is Call 2."),
        "{out}"
    );
    assert!(out.contains("Player calls 2"), "{out}");
    assert!(!out.contains("is not one of your options"), "{out}");
}
