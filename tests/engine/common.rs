//! Helpers shared by the engine's tests: known cards, stacked decks in deal order, actions
//! that must succeed, and `studbot play` driven through standard input.

use std::path::Path;

use studbot::render;
use studbot::table::{
    ActionKind, Card, Deck, Event, Game, Hand, HandSetup, LegalAction, Rules, Stakes, Street,
};

use crate::actions::{PASSIVE, first_offered};
use crate::child;

pub fn cards(text: &str) -> Vec<Card> {
    Card::parse_many(text).unwrap()
}

pub fn card(text: &str) -> Card {
    text.parse().unwrap()
}

pub fn stakes(ante: u64, bring_in: u64, small_bet: u64, big_bet: u64) -> Stakes {
    Stakes {
        ante,
        bring_in,
        small_bet,
        big_bet,
    }
}

/// A deck that deals `seats[i]` (cards in the order seat i receives them) to seat i when no
/// one folds, followed by `tail`.
pub fn deck_in_deal_order(seats: &[&str], tail: &str) -> Deck {
    let lists: Vec<Vec<Card>> = seats.iter().map(|s| cards(s)).collect();
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    let mut order = Vec::new();
    for position in 0..longest {
        for list in &lists {
            if let Some(card) = list.get(position) {
                order.push(*card);
            }
        }
    }
    order.extend(cards(tail));
    Deck::stacked(&order).unwrap()
}

/// A hand of Stud/8 dealt from per-seat card lists.
pub fn seat_hand(stakes: Stakes, rules: Rules, stacks: &[u64], seats: &[&str]) -> Hand {
    game_seat_hand(Game::Stud8, stakes, rules, stacks, seats)
}

/// A hand of `game` dealt from per-seat card lists.
pub fn game_seat_hand(
    game: Game,
    stakes: Stakes,
    rules: Rules,
    stacks: &[u64],
    seats: &[&str],
) -> Hand {
    let lists = seats.iter().map(|s| cards(s)).collect();
    Hand::new(HandSetup::from_seat_cards(
        game, stakes, rules, stacks, lists, None,
    ))
    .unwrap()
}

pub fn act(hand: &mut Hand, seat: usize, kind: ActionKind) -> Vec<Event> {
    hand.act(seat, kind)
        .unwrap_or_else(|e| panic!("seat {seat} {kind:?} refused: {e}"))
}

/// Plays `(seat, kind)` in turn, each of which must be accepted.
pub fn play(hand: &mut Hand, actions: &[(usize, ActionKind)]) {
    for &(seat, kind) in actions {
        assert_eq!(hand.to_act(), Some(seat), "expected seat {seat} to act");
        act(hand, seat, kind);
    }
}

/// The seat to act checks, calls or brings in.
fn act_passively(hand: &mut Hand, seat: usize) {
    let kind = first_offered(&PASSIVE, &hand.legal_actions())
        .expect("check, call or bring-in is always possible");
    act(hand, seat, kind);
}

/// Everyone checks, calls or brings in until the hand ends.
pub fn check_down(hand: &mut Hand) {
    while let Some(seat) = hand.to_act() {
        act_passively(hand, seat);
    }
}

/// Everyone checks, calls or brings in until `street` begins.
pub fn check_to(hand: &mut Hand, street: Street) {
    while let Some(seat) = hand.to_act().filter(|_| hand.street() < street) {
        act_passively(hand, seat);
    }
}

pub fn legal_kinds(hand: &Hand) -> Vec<ActionKind> {
    hand.legal_actions().iter().map(|a| a.kind).collect()
}

pub fn legal(hand: &Hand, kind: ActionKind) -> Option<LegalAction> {
    hand.legal_actions().into_iter().find(|a| a.kind == kind)
}

pub fn final_stacks(hand: &Hand) -> Vec<u64> {
    hand.result()
        .expect("the hand is over")
        .final_stacks
        .clone()
}

/// The first to act announced for `street`.
pub fn first_to_act_on(hand: &Hand, street: Street) -> Option<usize> {
    hand.events().iter().find_map(|e| match e {
        Event::StreetStarted {
            street: s,
            first_to_act,
        } if *s == street => Some(*first_to_act),
        _ => None,
    })?
}

/// `studbot play --data DIR --between-hands 0 ARGS` (unless ARGS choose `--between-hands`)
/// with `script` typed on its standard input; it must end well. Returns what it printed.
pub fn play_terminal(data: &Path, args: &[&str], script: &str) -> String {
    let mut command = child::studbot();
    command.arg("play").arg("--data").arg(data);
    if !args.contains(&"--between-hands") {
        command.args(["--between-hands", "0"]);
    }
    command.args(args);
    let output = child::run(command, script, &format!("studbot play {}", args.join(" ")));
    let out = String::from_utf8(output.stdout).expect("play prints UTF-8");
    assert!(
        output.status.success(),
        "play failed: {}\n{out}",
        String::from_utf8_lossy(&output.stderr)
    );
    out
}

/// Every refusal that has a message of its own, once, with sample values: one list for the
/// tests that word them all (beside [`every_notice`]).
pub fn every_refusal() -> Vec<Box<dyn studbot::refusal::Refusal>> {
    use studbot::bank::{BankError, TableId, UserId};
    use studbot::bot::refusals::Refused;
    use studbot::lobby::LobbyError;
    vec![
        Box::new(LobbyError::NotYourTurn {
            to_act: Some(UserId(1)),
        }),
        Box::new(LobbyError::NotYourTurn { to_act: None }),
        Box::new(LobbyError::StaleAction {
            offered_hand: 1,
            offered_seq: 2,
            hand: 1,
            seq: 3,
        }),
        Box::new(LobbyError::ActionNotAllowed {
            kind: ActionKind::Check,
            allowed: vec![ActionKind::Call],
        }),
        Box::new(LobbyError::NotSeated),
        Box::new(LobbyError::AlreadySeated),
        Box::new(LobbyError::NoSuchTable { table: TableId(1) }),
        Box::new(LobbyError::TableAlreadyOpen { table: TableId(1) }),
        Box::new(LobbyError::TableFull { seats: 8 }),
        Box::new(LobbyError::BuyInOutOfRange {
            min: 40,
            max: 400,
            amount: 10,
        }),
        Box::new(LobbyError::NotEnoughChips {
            balance: 30,
            needed: 100,
        }),
        Box::new(Refused::NotModerator),
        Box::new(LobbyError::NotInHand),
        Box::new(LobbyError::TopUpDuringHand),
        Box::new(BankError::ZeroAmount),
        Box::new(BankError::GiveToSelf),
        Box::new(BankError::DailyCooldown {
            wait_secs: 3 * 3600 + 20 * 60,
        }),
    ]
}

/// Every kind of `render::Announcement` once, with sample values: one list for the tests that
/// render them all.
pub fn every_notice() -> Vec<render::Announcement> {
    let name = || "Ana".to_string();
    vec![
        render::Announcement::Joined {
            name: name(),
            buy_in: 100,
        },
        render::Announcement::Left {
            name: name(),
            stack: 120,
        },
        render::Announcement::LeavingAfterHand { name: name() },
        render::Announcement::SatOut { name: name() },
        render::Announcement::SatOutAfterTimeouts { name: name() },
        render::Announcement::Back { name: name() },
        render::Announcement::TimedOut {
            name: name(),
            checked: true,
        },
        render::Announcement::TimedOut {
            name: name(),
            checked: false,
        },
        render::Announcement::Kicked { name: name() },
        render::Announcement::KickedAfterHand { name: name() },
        render::Announcement::SeatRequestWithdrawn,
        render::Announcement::ToppedUp {
            name: name(),
            amount: 50,
            stack: 150,
        },
        render::Announcement::TableOpened,
        render::Announcement::TablePaused,
        render::Announcement::TableHalted,
        render::Announcement::TableResumed,
        render::Announcement::TableClosed,
        render::Announcement::SettingsNextHand,
        render::Announcement::HandCancelledRefunded { hand_number: 12 },
        render::Announcement::NextHandIn { seconds: 5 },
        render::Announcement::WaitingForPlayers { needed: 1 },
        render::Announcement::WaitingForPlayers { needed: 2 },
        render::Announcement::DmClosed { name: name() },
        render::Announcement::YourCardsByDm,
        render::Announcement::Balance { balance: 1000 },
        render::Announcement::BalanceOf {
            name: name(),
            balance: 1000,
        },
        render::Announcement::DailyClaimed {
            amount: 100,
            balance: 1100,
        },
        render::Announcement::Gave {
            from: name(),
            to: name(),
            amount: 10,
        },
        render::Announcement::Granted {
            name: name(),
            amount: 10,
            balance: 1010,
        },
        render::Announcement::Taken {
            name: name(),
            amount: 10,
            balance: 990,
        },
    ]
}
