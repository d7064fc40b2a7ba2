//! Each game on every surface that renders a hand, in every language: the board's header
//! names the game (and at a `mix` table how many hands are left before the next), results
//! and histories name hands as the game plays them — razz lows as players say them
//! ("7-5-4-2-A", "a wheel"), stud by its high hand only — and a player's own cards say what
//! they make in the game dealt.

use crate::common::*;

use studbot::render::hand_names::razz_low_name;
use studbot::render::{self, BoardView, HistoryView, Locale, PlayerFacts, ResultView, TableFacts};
use studbot::table::{AceFiveLow, Game, GameChoice, Hand, HandSetup, MixLeg, Rules, Stakes};

const NAMES: [&str; 2] = ["Ana", "Bo"];

fn names() -> Vec<String> {
    NAMES.map(String::from).to_vec()
}

/// A two-handed hand of `game` checked down to the showdown.
fn shown_down(game: Game, seats: [&str; 2]) -> Hand {
    let lists = seats.iter().map(|s| cards(s)).collect();
    let mut hand = Hand::new(HandSetup::from_seat_cards(
        game,
        Stakes::default(),
        Rules::default(),
        &[100, 100],
        lists,
        None,
    ))
    .unwrap();
    check_down(&mut hand);
    hand
}

fn results(locale: Locale, hand: &Hand) -> String {
    let result = hand.result().unwrap();
    render::results(locale, &ResultView::new(9, &names(), result, hand.events()))
}

fn history(locale: Locale, hand: &Hand) -> String {
    let view = HistoryView::new(
        9,
        hand.game(),
        *hand.stakes(),
        &names(),
        hand.starting_stacks(),
        hand.events(),
    );
    render::history(locale, &view)
}

fn header(locale: Locale, hand: &Hand, mix_leg: Option<MixLeg>) -> String {
    let facts = TableFacts {
        hand_number: 3,
        players: NAMES.iter().map(|name| PlayerFacts::named(*name)).collect(),
        idle: Vec::new(),
        action_timer_secs: Some(30),
        mix_leg,
        sit_and_go: false,
    };
    let board = render::board(locale, &BoardView::from_public(&hand.public_view(), &facts));
    board.lines().next().unwrap_or_default().to_owned()
}

#[test]
fn razz_results_and_history_name_the_lowest_hand_as_players_say_it_in_every_language() {
    // Ana: 7-5-4-2-A; Bo: 8-6-4-3-2.
    let hand = shown_down(Game::Razz, ["Ac 2d Kh Qs 4c 5d 7h", "8c 6d 4h 3s 2c Kd Qh"]);
    for (locale, shows, wins) in [
        (
            Locale::En,
            "Ana shows A♣️ 2♦️ K♥️ Q♠️ 4♣️ 5♦️ 7♥️: 7-5-4-2-A",
            "Ana wins 6 with 7-5-4-2-A (7♥️ 5♦️ 4♣️ 2♦️ A♣️)",
        ),
        (
            Locale::Es,
            "Ana muestra A♣️ 2♦️ K♥️ Q♠️ 4♣️ 5♦️ 7♥️: 7-5-4-2-A",
            "Ana gana 6 con 7-5-4-2-A (7♥️ 5♦️ 4♣️ 2♦️ A♣️)",
        ),
        (
            Locale::Id,
            "Ana membuka A♣️ 2♦️ K♥️ Q♠️ 4♣️ 5♦️ 7♥️: 7-5-4-2-A",
            "Ana menang 6 dengan 7-5-4-2-A (7♥️ 5♦️ 4♣️ 2♦️ A♣️)",
        ),
    ] {
        let text = results(locale, &hand);
        assert!(text.contains(shows), "{locale}: {text}");
        assert!(text.contains(wins), "{locale}: {text}");
        let history = history(locale, &hand);
        assert!(history.contains(shows), "{locale}: {history}");
        assert!(history.contains(wins), "{locale}: {history}");
        assert!(history.contains("Seven"), "{locale}: {history}");
        assert!(history.contains("Razz"), "{locale}: {history}");
    }
}

#[test]
fn a_razz_wheel_and_a_paired_razz_hand_are_named_in_every_language() {
    // Ana: the wheel; Bo (who mucks his loser) holds only four ranks: a pair of twos.
    let hand = shown_down(Game::Razz, ["Ac 2d Kh Qs 3c 4d 5h", "2c 2h 9d 9s 9c 7d Ks"]);
    let paired_twos = AceFiveLow::of(&cards("2c 2h 9d 9s 9c 7d Ks"));
    for (locale, wheel, the_wheel, paired) in [
        (
            Locale::En,
            "5-4-3-2-A, a wheel",
            "a wheel",
            "pair of deuces (2-2-K-9-7)",
        ),
        (
            Locale::Es,
            "5-4-3-2-A, la rueda",
            "la rueda",
            "par de doses (2-2-K-9-7)",
        ),
        (
            Locale::Id,
            "5-4-3-2-A, wheel",
            "wheel",
            "pair 2 (2-2-K-9-7)",
        ),
    ] {
        let text = results(locale, &hand);
        assert!(
            text.contains(&format!("A♣️ 2♦️ K♥️ Q♠️ 3♣️ 4♦️ 5♥️: {wheel}\n")),
            "{locale}: {text}"
        );
        // The five cards follow the name: the ranks are not spelled again in parentheses.
        assert!(
            text.contains(&format!(" {the_wheel} (5♥️ 4♦️ 3♣️ 2♦️ A♣️)")),
            "{locale}: {text}"
        );
        assert!(!text.contains(") ("), "{locale}: {text}");
        assert_eq!(razz_low_name(locale, paired_twos), paired);
    }
}

#[test]
fn stud_results_name_the_high_hand_and_never_a_low() {
    // Ana: two pair, kings and fives; Bo: a pair of queens (and an eight-low nobody plays).
    let hand = shown_down(Game::Stud, ["Kc Kd 5h 5s 9c 2d 3h", "Qc Qd 8h 7s 6c 4d Ah"]);
    for (locale, wins, low) in [
        (
            Locale::En,
            "Ana wins 6 with two pair, kings and fives",
            "low",
        ),
        (
            Locale::Es,
            "Ana gana 6 con doble par, reyes y cincos",
            "baja",
        ),
        (
            Locale::Id,
            "Ana menang 6 dengan two pair, King dan 5",
            "low",
        ),
    ] {
        let text = results(locale, &hand);
        assert!(text.contains(wins), "{locale}: {text}");
        assert!(!text.to_lowercase().contains(low), "{locale}: {text}");
    }
}

#[test]
fn the_board_header_names_the_game_and_at_a_mix_table_the_hands_left_before_the_next() {
    let seats = ["Ac 2d Kh Qs 4c 5d 7h", "8c 6d 4h 3s 2c Kd Qh"];
    let razz = shown_down(Game::Razz, seats);
    let lists = seats.iter().map(|s| cards(s)).collect();
    let stud = Hand::new(HandSetup::from_seat_cards(
        Game::Stud,
        Stakes::default(),
        Rules::default(),
        &[100, 100],
        lists,
        None,
    ))
    .unwrap();
    let two_left = GameChoice::Mix.mix_leg(4, 6);
    let last = GameChoice::Mix.mix_leg(5, 6);
    for (locale, stud_header, mix, last_of_leg) in [
        (
            Locale::En,
            "**Hand #3** · Third street · Stud",
            "Razz · mix: 2 hands left with this one, then Stud",
            "Razz · mix: last hand, then Stud",
        ),
        (
            Locale::Es,
            "**Mano #3** · Tercera calle · Stud",
            "Razz · mix: quedan 2 manos con esta, luego Stud",
            "Razz · mix: última mano, luego Stud",
        ),
        (
            Locale::Id,
            "**Hand #3** · Third Street · Stud",
            "Razz · mix: sisa 2 hand termasuk hand ini, lalu Stud",
            "Razz · mix: hand terakhir, lalu Stud",
        ),
    ] {
        assert_eq!(header(locale, &stud, None), stud_header);
        let header_two = header(locale, &razz, two_left);
        assert!(header_two.ends_with(mix), "{locale}: {header_two}");
        let header_last = header(locale, &razz, last);
        assert!(
            header_last.ends_with(last_of_leg),
            "{locale}: {header_last}"
        );
    }
}

#[test]
fn a_players_own_cards_say_what_they_make_in_the_game_dealt() {
    let seats = ["Ac 2d Kh Qs 4c 5d 7h", "8c 6d 4h 3s 2c Kd Qh"];
    let razz = shown_down(Game::Razz, seats);
    let stud = shown_down(Game::Stud, seats);
    // Stud has no low half: its hand is labelled as the hand, not as the "high" of a split.
    for (locale, razz_low, high, stud_hand) in [
        (Locale::En, "Low: 7-5-4-2-A", "High: ", "Hand: "),
        (Locale::Es, "Baja: 7-5-4-2-A", "Alta: ", "Mano: "),
        (Locale::Id, "Low: 7-5-4-2-A", "High: ", "Hand: "),
    ] {
        let own = render::private_hand(locale, 9, &razz.private_view(0).unwrap());
        assert!(own.ends_with(razz_low), "{locale}: {own}");
        assert!(!own.contains(high), "{locale}: {own}");
        let own = render::private_hand(locale, 9, &stud.private_view(0).unwrap());
        let last = own.lines().last().unwrap_or_default();
        assert!(last.starts_with(stud_hand), "{locale}: {own}");
        assert!(!own.contains(high), "{locale}: {own}");
    }
}
