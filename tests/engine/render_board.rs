//! The public board: what it shows, that it fits one Discord message (the bot's limit, handed
//! to the renderer) for 8 players with long names in every language, and that it never names
//! a card dealt face down.

use crate::common;
use studbot::equity::board::{BoardEquity, Budget, board_equity};

use studbot::bot::limits::{
    MESSAGE as DISCORD_MESSAGE_LIMIT, MESSAGE_TEXT, length as discord_length,
};
use studbot::render::{self, BoardView, IdleSeat, IdleState, Locale, PlayerFacts, TableFacts};
use studbot::table::card::Card;
use studbot::table::hand::{ActionKind, LegalAction, PublicSeat, PublicView, SeatState, Street};
use studbot::table::rules::Stakes;

pub(crate) fn cards(text: &str) -> Vec<Card> {
    Card::parse_many(text).unwrap()
}

fn seat(stack: u64, street_bet: u64, committed: u64, up: &str, state: SeatState) -> PublicSeat {
    PublicSeat {
        stack,
        street_bet,
        committed,
        up_cards: cards(up),
        down_count: 2,
        state,
        shown: None,
        wagers: [0; 5],
        acted: None,
    }
}

/// Sixth street, 8 players: two all-in for different amounts (two side pots), one folded,
/// the last to act facing a raise.
pub(crate) fn eight_player_view() -> PublicView {
    let legal = vec![
        LegalAction {
            kind: ActionKind::Fold,
            chips: 0,
            total: 0,
            all_in: false,
        },
        LegalAction {
            kind: ActionKind::Call,
            chips: 20,
            total: 20,
            all_in: false,
        },
        LegalAction {
            kind: ActionKind::Raise,
            chips: 30,
            total: 30,
            all_in: false,
        },
    ];
    PublicView {
        game: studbot::table::Game::Stud8,
        stakes: Stakes::default(),
        street: Street::Sixth,
        seats: vec![
            seat(1000, 20, 120, "Kc Kd 2h 9s", SeatState::Active),
            seat(0, 10, 40, "Qc Jd 3h 4s", SeatState::AllIn),
            seat(0, 0, 25, "Tc Td 5h 6s", SeatState::AllIn),
            seat(880, 0, 31, "7c 8d", SeatState::Folded),
            seat(910, 20, 120, "Ac 2c 3c 4c", SeatState::Active),
            seat(5, 0, 11, "9c", SeatState::Folded),
            seat(2000, 20, 120, "8h 8s 7h 7s", SeatState::Active),
            seat(77, 0, 120, "6c 6d 5c 5d", SeatState::Active),
        ],
        community: None,
        pot: 120 + 40 + 25 + 31 + 120 + 11 + 120 + 120,
        to_act: Some(7),
        legal,
        last_action: Some((
            6,
            LegalAction {
                kind: ActionKind::Raise,
                chips: 20,
                total: 20,
                all_in: false,
            },
        )),
    }
}

pub(crate) fn long_name(index: usize) -> String {
    // 32 characters, Discord's maximum display name, with non-ASCII letters.
    format!("Señorita Josefina Ñúñez-Pérez {index:02}")
        .chars()
        .take(32)
        .collect()
}

pub(crate) fn facts(names: &[String]) -> TableFacts {
    TableFacts {
        hand_number: 123_456,
        players: names.iter().map(PlayerFacts::named).collect(),
        idle: Vec::new(),
        action_timer_secs: Some(30),
        mix_leg: None,
        sit_and_go: false,
    }
}

#[test]
fn board_for_eight_players_with_long_names_fits_one_discord_message_in_every_language() {
    let view = eight_player_view();
    let names: Vec<String> = (0..8).map(long_name).collect();
    assert!(names.iter().all(|n| n.chars().count() == 32));
    let board = BoardView::from_public(&view, &facts(&names));
    for locale in Locale::ALL {
        let text = render::board_within(locale, &board, MESSAGE_TEXT);
        println!("{locale}: {} UTF-16 units\n{text}", discord_length(&text));
        assert!(
            discord_length(&text) <= DISCORD_MESSAGE_LIMIT,
            "{locale}: {} units\n{text}",
            discord_length(&text)
        );
        for name in &names {
            assert!(
                text.contains(name.as_str()),
                "{locale}: {name} missing\n{text}"
            );
        }
    }
}

#[test]
fn computer_seats_are_marked_and_eight_long_names_so_marked_still_fit_in_every_language() {
    let view = eight_player_view();
    let names: Vec<String> = (0..8).map(long_name).collect();
    let mut facts = facts(&names);
    for player in &mut facts.players {
        player.computer = true;
        player.dm_closed = true;
    }
    let board = BoardView::from_public(&view, &facts);
    for locale in Locale::ALL {
        let text = render::board_within(locale, &board, MESSAGE_TEXT);
        assert!(
            discord_length(&text) <= DISCORD_MESSAGE_LIMIT,
            "{locale}: {} units\n{text}",
            discord_length(&text)
        );
        let marked = text.lines().filter(|line| line.contains(" 🤖")).count();
        assert_eq!(
            marked, 8,
            "{locale}: every computer's seat is marked\n{text}"
        );
        assert!(
            text.lines().any(|line| line.starts_with("🤖 = ")),
            "{locale}: the mark is explained\n{text}"
        );
    }
    // A table without computers has neither the mark nor its legend.
    let plain = BoardView::from_public(&view, &self::facts(&names));
    assert!(!render::board(Locale::En, &plain).contains('🤖'));
}

#[test]
fn board_stays_within_the_limit_with_hostile_names_and_many_side_pots() {
    // Every all-in level is different: seven pots. Names are all markdown characters, which
    // escaping doubles, and the table has idle seats too.
    let mut view = eight_player_view();
    for (index, seat) in view.seats.iter_mut().enumerate() {
        seat.state = if index == 7 {
            SeatState::Active
        } else {
            SeatState::AllIn
        };
        seat.committed = 10 * (index as u64 + 1);
        seat.up_cards = cards("Tc Td Th Ts");
    }
    let names: Vec<String> = (0..8).map(|_| "*_~`|>#[]\\".repeat(4)).collect();
    let mut facts = facts(&names);
    facts.players[3].dm_closed = true;
    facts.players[7].away = true;
    let board = BoardView::from_public(&view, &facts);
    assert_eq!(board.pots().len(), 7, "{:?}", board.pots());
    // The same table at showdown: every hand shown, seven cards each, and a community card.
    let mut showdown = view.clone();
    showdown.street = Street::Showdown;
    showdown.to_act = None;
    showdown.community = Some("Qh".parse().unwrap());
    for seat in &mut showdown.seats {
        seat.shown = Some(cards("Ts Th Td Tc 9s 9h 9d"));
    }
    let showdown = BoardView::from_public(&showdown, &facts);
    for board in [board, showdown] {
        for locale in Locale::ALL {
            let text = render::board_within(locale, &board, MESSAGE_TEXT);
            assert!(
                discord_length(&text) <= DISCORD_MESSAGE_LIMIT,
                "{locale}: {} units\n{text}",
                discord_length(&text)
            );
            assert!(
                !text.contains("**_"),
                "an unescaped name restyles the board:\n{text}"
            );
        }
    }
}

#[test]
fn board_shows_stakes_pots_seats_what_each_did_and_what_the_next_player_may_do() {
    let mut view = eight_player_view();
    // This street: Bo called 10 and is all-in, Gus raised to 20; Ana's 20 is a bet the board
    // tells as such when the seat's action is not known.
    view.seats[1].acted = Some(ActionKind::Call);
    view.seats[6].acted = Some(ActionKind::Raise);
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let board = BoardView::from_public(&view, &facts(&names));
    let text = render::board(Locale::En, &board);
    println!("{text}");
    for expected in [
        "**Hand #123456** · Sixth street",
        "Stakes 5/10 · ante 1 · bring-in 2",
        "Pot: **587**",
        "main pot",
        "side pot 1",
        "side pot 2",
        "▶️ **Hal** (77) 🂠🂠 6♣️ 6♦️ 5♣️ 5♦️ · to act",
        "Ana (1,000) 🂠🂠 K♣️ K♦️ 2♥️ 9♠️ · bet 20",
        "Gus (2,000) 🂠🂠 8♥️ 8♠️ 7♥️ 7♠️ · raises to 20",
        "Bo  (0) 🂠🂠 Q♣️ J♦️ 3♥️ 4♠️ · calls 10 · all-in",
        "Cy  (0) 🂠🂠 10♣️ 10♦️ 5♥️ 6♠️ · all-in",
        "Di  (880) · folded",
        "**Hal** to act — Fold · Call 20 · Raise to 30 · 30 s on the clock",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
    let spanish = render::board(Locale::Es, &board);
    for expected in [
        "Sexta calle",
        "Ana (1000) 🂠🂠",
        "Gus (2000) 🂠🂠",
        "Bote: **587**",
        "bote secundario 1",
        "Igualar 20",
        "Subir a 30",
        "Retirarse",
        "se retiró",
        "· sube a 20",
        "· iguala 10 · all-in",
        "Le toca a **Hal** — ",
    ] {
        assert!(
            spanish.contains(expected),
            "missing {expected:?} in\n{spanish}"
        );
    }
    let indonesian = render::board(Locale::Id, &board);
    for expected in [
        "Sixth Street",
        "Ana (1.000) 🂠🂠",
        "Gus (2.000) 🂠🂠",
        "side pot 1",
        "Call 20",
        "Raise ke 30",
        "Fold",
        "· raise ke 20",
        "· call 10 · all-in",
        "taruhan: 20",
        "Giliran **Hal** — ",
    ] {
        assert!(
            indonesian.contains(expected),
            "missing {expected:?} in\n{indonesian}"
        );
    }
}

#[test]
fn side_pots_follow_the_all_in_levels_and_exclude_folded_players() {
    let view = eight_player_view();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let board = BoardView::from_public(&view, &facts(&names));
    let pots: Vec<(u64, Vec<String>)> = board
        .pots()
        .iter()
        .map(|pot| (pot.amount, pot.eligible.clone()))
        .collect();
    // Cy all-in for 25: 25 from each of the 7 who put in at least 25 (Di folded after
    // putting in 31), plus Flo's 11.
    // Bo all-in for 40: 15 more from 5 seats with 40+, plus Di's 6 above 25.
    // The rest: 80 more from Ana, Ed, Gus and Hal.
    let everyone_in = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        pots,
        vec![
            (
                25 * 7 + 11,
                everyone_in(&["Ana", "Bo", "Cy", "Ed", "Gus", "Hal"])
            ),
            (15 * 5 + 6, everyone_in(&["Ana", "Bo", "Ed", "Gus", "Hal"])),
            (80 * 4, everyone_in(&["Ana", "Ed", "Gus", "Hal"])),
        ]
    );
    assert_eq!(pots.iter().map(|p| p.0).sum::<u64>(), board.pot());
}

#[test]
fn idle_seats_dm_closed_and_away_players_are_marked() {
    let view = eight_player_view();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let mut facts = facts(&names);
    facts.players[0].away = true;
    facts.players[4].dm_closed = true;
    facts.idle = vec![
        IdleSeat {
            name: "Ivy".into(),
            stack: 300,
            state: IdleState::SittingOut,
            computer: false,
        },
        IdleSeat {
            name: "Jo".into(),
            stack: 150,
            state: IdleState::Waiting,
            computer: false,
        },
    ];
    let board = BoardView::from_public(&view, &facts);
    let text = render::board(Locale::En, &board);
    for expected in [
        "Ana (1,000) 🂠🂠 K♣️ K♦️ 2♥️ 9♠️ · bet 20 · away",
        "Ed  (910) 📵",
        "📵 = DMs closed",
        "💤 Ivy (300) · sitting out",
        "⏳ Jo  (150) · waiting for the next hand",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in\n{text}");
    }
}

#[test]
fn shown_hands_and_the_community_card_are_on_the_board_after_showdown() {
    let mut view = eight_player_view();
    view.street = Street::Showdown;
    view.to_act = None;
    view.legal.clear();
    view.community = Some("2d".parse().unwrap());
    view.seats[0].shown = Some(cards("As Ah Kc Kd 2h 9s"));
    view.seats[0].down_count = 0;
    let names: Vec<String> = (0..8).map(|i| format!("P{i}")).collect();
    let text = render::board(Locale::En, &BoardView::from_public(&view, &facts(&names)));
    assert!(
        text.contains("P0 (1,000) A♠️ A♥️ K♣️ K♦️ 2♥️ 9♠️"),
        "{text}"
    );
    assert!(text.contains("Community card for everyone: 2♦️"), "{text}");
    assert!(text.contains("The hand is over."), "{text}");
}

/// Fourth street, 8 players all-in for different amounts (seven pots), every hand face up
/// with its four cards: the hand is being dealt out.
fn eight_players_dealt_out() -> PublicView {
    let mut view = eight_player_view();
    view.street = Street::Fourth;
    view.to_act = None;
    view.legal = Vec::new();
    let hands = [
        "Ac Ad 2c 3d",
        "Kc Kd 4c 5d",
        "Qc Qd 6c 7d",
        "Jc Jd 8c 9d",
        "Tc Td 2h 3h",
        "9c 9h 4h 5h",
        "8s 8h 6h 7h",
        "7s 6s 5s 4s",
    ];
    for (index, seat) in view.seats.iter_mut().enumerate() {
        seat.state = SeatState::AllIn;
        seat.stack = 0;
        seat.street_bet = 0;
        seat.committed = 10 * (index as u64 + 1);
        seat.shown = Some(cards(hands[index]));
        seat.up_cards = seat.shown.as_ref().unwrap()[2..].to_vec();
    }
    view.pot = view.seats.iter().map(|s| s.committed).sum();
    view
}

/// Estimated equities (the longest "≈" text) for every seat of `view`.
fn estimated_equity(view: &PublicView) -> BoardEquity {
    let budget = Budget {
        max_work: 0,
        samples: 2_000,
        seed: 1,
        threads: 1,
    };
    board_equity(view, &view.pots(), budget).expect("a hand dealt out has equities")
}

#[test]
fn a_board_dealt_out_shows_each_players_equity_and_scoop_and_fits_for_eight_long_names() {
    let view = eight_players_dealt_out();
    let equity = estimated_equity(&view);
    assert!(!equity.exact);
    assert_eq!(equity.seats.len(), 8);
    let names: Vec<String> = (0..8).map(long_name).collect();
    let hostile: Vec<String> = (0..8).map(|_| "*_~`|>#[]\\".repeat(4)).collect();
    for names in [names, hostile] {
        let board = BoardView::from_public(&view, &facts(&names)).with_equity(&equity);
        assert!(board.dealing_out());
        for locale in Locale::ALL {
            let text = render::board_within(locale, &board, MESSAGE_TEXT);
            println!("{locale}: {} UTF-16 units\n{text}", discord_length(&text));
            assert!(
                discord_length(&text) <= DISCORD_MESSAGE_LIMIT,
                "{locale}: {} units\n{text}",
                discord_length(&text)
            );
            let lines_with_odds = text
                .lines()
                .filter(|line| line.matches(" ≈").count() == 2 && line.contains("scoop ≈"))
                .count();
            assert_eq!(lines_with_odds, 8, "{locale}:\n{text}");
        }
    }
}

#[test]
fn an_exact_equity_reads_as_whole_percents_and_the_hand_reads_as_being_dealt_out() {
    let mut view = eight_players_dealt_out();
    // Heads-up from fifth street: exact within the default budget.
    view.street = Street::Fifth;
    view.seats.truncate(2);
    for (seat, hand) in view
        .seats
        .iter_mut()
        .zip(["Ac Ad 2c 3d 5h", "Kc Kd 4c 5d 9s"])
    {
        seat.committed = 50;
        seat.shown = Some(cards(hand));
        seat.up_cards = cards(hand)[2..].to_vec();
    }
    view.pot = 100;
    let equity = board_equity(&view, &view.pots(), Budget::default()).unwrap();
    let names: Vec<String> = ["Ana", "Bo"].iter().map(|n| n.to_string()).collect();
    let board = BoardView::from_public(&view, &facts(&names)).with_equity(&equity);
    let text = render::board(Locale::En, &board);
    println!("{text}");
    let percent = |fraction: studbot::equity::Fraction| (fraction.to_f64() * 100.0).round() as u64;
    let ana = &equity.seats[0];
    assert!(equity.exact);
    assert!(
        text.contains(&format!(
            "Ana (0) A♣️ A♦️ 2♣️ 3♦️ 5♥️ · face up · equity {}% · scoop {}% · all-in",
            percent(ana.equity),
            percent(ana.scoop)
        )),
        "{text}"
    );
    assert!(text.contains("All-in: the hands are face up"), "{text}");
    assert!(!text.contains("The hand is over"), "{text}");
}

#[test]
fn a_chance_neither_none_nor_certain_never_reads_as_0_or_100_percent() {
    use studbot::equity::Fraction;
    use studbot::render::board::percent;
    assert_eq!(percent(Fraction::new(0, 7)), "0%");
    assert_eq!(percent(Fraction::new(1, 1000)), "<1%");
    assert_eq!(percent(Fraction::new(1, 200)), "1%");
    assert_eq!(percent(Fraction::new(371_127, 1_000_000)), "37%");
    assert_eq!(percent(Fraction::new(1, 2)), "50%");
    assert_eq!(percent(Fraction::new(999, 1000)), ">99%");
    assert_eq!(percent(Fraction::new(7, 7)), "100%");
}

/// The prompt offers "Call 3" to the bring-in facing a completion to 5; once they call, the
/// board tells the same 3 (not their street total), and that it put them all-in.
#[test]
fn the_board_tells_a_call_by_the_chips_it_cost_and_an_all_in_as_such() {
    use ActionKind::{BringIn, Call, Complete};
    let seats = [
        "Ac Ad As Ah Kc Kd Qc",
        "2c 3d 4h 5s 7c 8d 9s",
        "6c 6d 5h 9c Tc Jd Qs",
    ];
    let rules = studbot::table::Rules::default();
    let names: Vec<String> = ["Ana", "Bo", "Cy"].iter().map(|n| n.to_string()).collect();
    // What a terminal prints between boards; the board itself tells it on the seat's line.
    let last_line = |hand: &studbot::table::Hand, locale: Locale| -> String {
        let news = render::turn_news(
            locale,
            &BoardView::from_public(&hand.public_view(), &facts(&names)),
        );
        news.lines().next().unwrap_or_default().to_owned()
    };

    let mut hand = common::seat_hand(Stakes::default(), rules, &[1000; 3], &seats);
    common::play(&mut hand, &[(1, BringIn), (2, Complete), (0, Call)]);
    let offered = hand.legal_action(Call).map(|call| call.chips);
    assert_eq!(offered, Some(3));
    // Each seat's line tells what it did on this street, with the bet it has in front.
    let board = render::board_within(
        Locale::En,
        &BoardView::from_public(&hand.public_view(), &facts(&names)),
        MESSAGE_TEXT,
    );
    let line_of = |name: &str| {
        board
            .lines()
            .find(|line| line.replace("**", "").contains(&format!(" {name} (")))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(line_of("Ana").ends_with(" · calls 5"), "{board}");
    assert!(line_of("Cy").ends_with(" · completes to 5"), "{board}");
    assert!(
        line_of("Bo").ends_with(" · brings in 2 · to act"),
        "{board}"
    );
    common::act(&mut hand, 1, Call);
    assert_eq!(last_line(&hand, Locale::En), "Last action: Bo calls 3");
    assert_eq!(last_line(&hand, Locale::Es), "Última jugada: Bo iguala 3");

    // Bo antes 1 and brings in 2 from 6: the call of 3 is all he has.
    let mut hand = common::seat_hand(Stakes::default(), rules, &[1000, 6, 1000], &seats);
    common::play(
        &mut hand,
        &[(1, BringIn), (2, Complete), (0, Call), (1, Call)],
    );
    assert_eq!(
        last_line(&hand, Locale::En),
        "Last action: Bo calls 3 and is all-in"
    );
}

/// A terminal's font is monospaced: each seat's name is padded to the longest one, so the
/// stacks and cards start in one column (the name of the player to act is bold on Discord,
/// and the padding comes after the bold, which the terminal strips). Discord's font is not
/// monospaced: its board keeps one space, to spend no room on padding.
#[test]
fn the_terminal_board_pads_seat_names_to_one_width_so_the_stacks_line_up() {
    let view = eight_player_view();
    let names: Vec<String> = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Rosalind"]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let board = BoardView::from_public(&view, &facts(&names));
    for locale in Locale::ALL {
        let text = render::for_terminal(&render::board(locale, &board));
        // The seat lines follow the first blank line; each starts with its marker and a space.
        let seat_lines = text
            .lines()
            .skip_while(|line| !line.is_empty())
            .skip(1)
            .take(8);
        let columns: Vec<usize> = seat_lines
            .map(|line| {
                let after_marker = &line[line.find(' ').unwrap() + 1..];
                after_marker.find(" (").unwrap()
            })
            .collect();
        assert_eq!(columns, vec!["Rosalind".len(); 8], "{locale}\n{text}");
        assert!(text.contains("▶️ Rosalind (77)"), "{text}");
        assert!(text.contains("💰 Bo       (0)"), "{text}");
    }
    let discord = render::board_within(Locale::En, &board, MESSAGE_TEXT);
    assert!(discord.contains("Bo (0)"), "{discord}");
}
