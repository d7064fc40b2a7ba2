//! `/history` of the longest hands within Discord's 2000 units: a heads-up hand raised
//! without a cap to the last chip, and a hand of eight players with 32-character names. Too
//! long for one message, the history keeps its header and players and its end (the stacks
//! after the hand), whole lines only, and says in a line of its own how many lines it left
//! out, in every language; a history that fits is sent whole.

use studbot::bot::limits::{MESSAGE, MESSAGE_TEXT, length};
use studbot::render::{self, HistoryView, Locale};
use studbot::table::hand::{ActionKind, Hand, HandSetup};
use studbot::table::{Deck, Game, Rules, Stakes};

/// Plays a hand of `game` where everyone raises (or bets, completes) whenever offered, else
/// calls: the most actions a hand can hold.
fn raised_hand(game: Game, stacks: &[u64], seed: u64) -> Hand {
    let mut hand = Hand::new(HandSetup::from_deck(
        game,
        Stakes::default(),
        Rules::default(),
        stacks,
        Deck::seeded(seed),
    ))
    .expect("a valid hand");
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions();
        let kind = [
            ActionKind::Raise,
            ActionKind::Bet,
            ActionKind::Complete,
            ActionKind::Call,
            ActionKind::Check,
        ]
        .into_iter()
        .find(|kind| legal.iter().any(|action| action.kind == *kind))
        .unwrap_or(legal[0].kind);
        hand.act(seat, kind).expect("a legal action");
    }
    hand
}

fn view_of(hand: &Hand, names: &[String]) -> HistoryView {
    HistoryView::new(
        12,
        hand.game(),
        *hand.stakes(),
        names,
        hand.starting_stacks(),
        hand.events(),
    )
}

fn long_names(count: usize) -> Vec<String> {
    (0..count)
        .map(|seat| format!("Maximiliana Wolfeschlegel-St{seat:02}"))
        .collect()
}

/// `short` is `full` within Discord's limit: its head, one marker line saying how many
/// lines it leaves out, and the rest whole lines of `full` ending as `full` does.
fn assert_shortened(locale: Locale, full: &str, short: &str) {
    assert!(
        length(full) > MESSAGE,
        "{locale:?}: the hand is not long enough to test"
    );
    assert!(
        length(short) <= MESSAGE,
        "{locale:?}: {} units",
        length(short)
    );
    let full_lines: Vec<&str> = full.lines().collect();
    let short_lines: Vec<&str> = short.lines().collect();
    assert_eq!(
        short_lines[..2],
        full_lines[..2],
        "{locale:?}: header and players"
    );
    assert_eq!(
        short_lines.last(),
        full_lines.last(),
        "{locale:?}: the stacks after it"
    );
    let markers: Vec<&&str> = short_lines
        .iter()
        .filter(|line| !full_lines.contains(line))
        .collect();
    assert_eq!(
        markers.len(),
        1,
        "{locale:?}: whole lines and one marker: {markers:?}"
    );
    let left_out = full_lines.len() - (short_lines.len() - 1);
    assert!(
        markers[0].starts_with('…') && markers[0].ends_with('…'),
        "{}",
        markers[0]
    );
    // The count is written as each language groups its digits (3,986 or 3.986).
    let digits: String = markers[0].chars().filter(char::is_ascii_digit).collect();
    assert_eq!(digits, left_out.to_string(), "{locale:?}: {}", markers[0]);
}

#[test]
fn a_heads_up_hand_raised_without_a_cap_keeps_its_start_and_end_within_a_message() {
    let hand = raised_hand(Game::Stud, &[20_000, 20_000], 3);
    let names = long_names(2);
    let view = view_of(&hand, &names);
    for locale in Locale::ALL {
        let full = render::history(locale, &view);
        assert!(full.lines().count() > 1_000, "{locale:?}: uncapped raises");
        assert_shortened(
            locale,
            &full,
            &render::history_within(locale, &view, MESSAGE_TEXT),
        );
        let full = render::sit_and_go_history(locale, 4, &view);
        let short = render::sit_and_go_history_within(locale, 4, &view, MESSAGE_TEXT);
        assert_shortened(locale, &full, &short);
    }
}

#[test]
fn eight_long_names_in_a_raised_hand_keep_its_start_and_end_within_a_message() {
    for game in Game::ALL {
        let hand = raised_hand(game, &[5_000; 8], 8);
        let names = long_names(8);
        let view = view_of(&hand, &names);
        for locale in Locale::ALL {
            let full = render::history(locale, &view);
            assert_shortened(
                locale,
                &full,
                &render::history_within(locale, &view, MESSAGE_TEXT),
            );
        }
    }
}

#[test]
fn a_history_that_fits_a_message_is_sent_whole() {
    let hand = raised_hand(Game::Razz, &[30, 30], 1);
    let view = view_of(&hand, &long_names(2));
    for locale in Locale::ALL {
        let full = render::history(locale, &view);
        assert!(length(&full) <= MESSAGE);
        assert_eq!(render::history_within(locale, &view, MESSAGE_TEXT), full);
    }
}
