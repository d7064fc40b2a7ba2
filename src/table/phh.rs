//! Writes a finished hand as PHH, the TOML hand-history standard that pokerkit reads
//! (variant `F7S/8` for Stud/8, `F7S` for Stud, `FR` for Razz). Players are `p1`, `p2`, … in deal order (seat 0 is `p1`).
//!
//! What is written, and why:
//! - Antes, bets going into the pot, burn cards and pot pushing are automatic in pokerkit,
//!   so only dealing, decisions and showdowns appear in `actions`.
//! - Each street's cards are written per player in deal order, `d dh p1 7h2c3d` on third
//!   street (down, down, up) and one card per player after that; pokerkit knows from the
//!   street which are face up.
//! - `pb` is the bring-in, `cbr N` completes, bets or raises TO a street total of N, `cc`
//!   checks or calls, `f` folds, `sm CARDS` shows, `sm` alone mucks.
//! - `ante_trimming_status = true`: without it pokerkit puts every ante in the main pot,
//!   even opposite a player who could not cover his own ante (PHH's default is false).
//! - When the betting ends before seventh street because at most one player still in has
//!   chips, pokerkit holds a showdown right then and deals nothing until every player still
//!   in has shown (or mucked): those `sm` actions, with the cards held so far, come before
//!   the next `d dh`. The seventh-street card is dealt face down, so the final showdown
//!   shows the seven cards again, as `HandHistory.from_game_state` writes it.
//! - pokerkit has no community card (it reshuffles instead): when one was dealt it is kept
//!   in the user field `_community` and the file will not replay the same in pokerkit.
//! - Our house rules are kept in `_`-prefixed user fields, which pokerkit keeps but ignores;
//!   the hand matches pokerkit only under `Rules::pokerkit()`.

use std::fmt::Write as _;

use super::card::Card;
use super::game::Game;
use super::hand::{ActionKind, Event, Hand, SeatIndex, Street};
use super::rules::{OddChip, Rules, ShortAllIn, Stakes};

/// What the PHH writer needs besides the events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhhHeader {
    /// Written as the variant code.
    pub game: Game,
    pub stakes: Stakes,
    pub rules: Rules,
    pub starting_stacks: Vec<u64>,
    pub finishing_stacks: Vec<u64>,
    /// The hand's number, written as `hand`.
    pub hand_number: Option<u64>,
    /// Player names by seat, written as `players`.
    pub players: Option<Vec<String>>,
}

/// Why a hand could not be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhhError {
    #[error("the hand is not over yet")]
    NotFinished,
}

/// Writes a finished hand, played under `rules`, as PHH, numbered `hand_number` and with
/// optional player names.
pub fn hand_to_phh(
    hand: &Hand,
    rules: Rules,
    hand_number: Option<u64>,
    players: Option<Vec<String>>,
) -> Result<String, PhhError> {
    let result = hand.result().ok_or(PhhError::NotFinished)?;
    let view = hand.public_view();
    let header = PhhHeader {
        game: hand.game(),
        stakes: view.stakes,
        rules,
        starting_stacks: result.starting_stacks.clone(),
        finishing_stacks: result.final_stacks.clone(),
        hand_number,
        players,
    };
    Ok(write_phh(&header, hand.events()))
}

/// Writes the PHH text for a hand from its header and its events.
pub fn write_phh(header: &PhhHeader, events: &[Event]) -> String {
    let seats = header.starting_stacks.len();
    let actions = phh_actions(seats, events);
    let community = events.iter().find_map(|event| match event {
        Event::CommunityCard { card } => Some(*card),
        _ => None,
    });

    let mut text = String::with_capacity(256 + actions.iter().map(|a| a.len() + 4).sum::<usize>());
    let _ = writeln!(text, "variant = '{}'", header.game.phh_variant());
    text.push_str("ante_trimming_status = true\n");
    let antes = vec![header.stakes.ante; seats];
    let _ = writeln!(text, "antes = {}", integer_list(&antes));
    let _ = writeln!(text, "bring_in = {}", header.stakes.bring_in);
    let _ = writeln!(text, "small_bet = {}", header.stakes.small_bet);
    let _ = writeln!(text, "big_bet = {}", header.stakes.big_bet);
    let _ = writeln!(
        text,
        "starting_stacks = {}",
        integer_list(&header.starting_stacks)
    );
    text.push_str("actions = [\n");
    for action in &actions {
        let _ = writeln!(text, "  '{action}',");
    }
    text.push_str("]\n");
    let _ = writeln!(
        text,
        "finishing_stacks = {}",
        integer_list(&header.finishing_stacks)
    );
    if let Some(number) = header.hand_number {
        let _ = writeln!(text, "hand = {number}");
    }
    if let Some(players) = &header.players {
        let names: Vec<String> = players.iter().map(|name| toml_string(name)).collect();
        let _ = writeln!(text, "players = [{}]", names.join(", "));
    }
    if let Some(card) = community {
        let _ = writeln!(text, "_community = '{card}'");
    }
    let rules = &header.rules;
    let _ = writeln!(text, "_max_raises = {}", rules.max_raises);
    let _ = writeln!(text, "_heads_up_uncapped = {}", rules.heads_up_uncapped);
    let short_all_in = match rules.short_all_in {
        ShortAllIn::HalfBet => "half_bet",
        ShortAllIn::FullBet => "full_bet",
    };
    let _ = writeln!(text, "_short_all_in = '{short_all_in}'");
    let odd_chip = match rules.odd_chip {
        OddChip::BySuit => "by_suit",
        OddChip::FirstSeat => "first_seat",
    };
    let _ = writeln!(text, "_odd_chip = '{odd_chip}'");
    let _ = writeln!(text, "_open_pair_big_bet = {}", rules.open_pair_big_bet);
    text
}

/// The `actions` entries for a hand's events.
pub fn phh_actions(seats: usize, events: &[Event]) -> Vec<String> {
    let final_showdown = final_showdown(events);
    let mut writer = ActionWriter {
        actions: Vec::new(),
        dealing: vec![Vec::new(); seats],
        held: vec![Vec::new(); seats],
        all_in_shown: false,
    };
    for event in events {
        match event {
            Event::DownCard { seat, card, .. } | Event::UpCard { seat, card, .. } => {
                if let Some(cards) = writer.dealing.get_mut(*seat) {
                    cards.push(*card);
                }
            }
            // No betting on this street: at most one player still in has chips. pokerkit
            // shows down when the betting that led here ended, before this street's cards
            // (on third street, after them: there was no betting at all).
            Event::StreetStarted {
                street,
                first_to_act: None,
            } if *street != Street::Showdown && !writer.all_in_shown => {
                if *street == Street::Third {
                    writer.flush_dealing();
                    writer.show_at_all_in(&final_showdown);
                } else {
                    writer.show_at_all_in(&final_showdown);
                    writer.flush_dealing();
                }
            }
            Event::Acted {
                seat, kind, total, ..
            } => {
                writer.flush_dealing();
                writer.actions.push(decision(*seat, *kind, *total));
            }
            Event::Shown { seat, cards, .. } => {
                writer.flush_dealing();
                writer
                    .actions
                    .push(format!("p{} sm {}", seat + 1, compact(cards)));
            }
            Event::Mucked { seat } => {
                writer.flush_dealing();
                writer.actions.push(format!("p{} sm", seat + 1));
            }
            _ => writer.flush_dealing(),
        }
    }
    writer.flush_dealing();
    writer.actions
}

/// The seats at the final showdown, in the order they show or muck.
fn final_showdown(events: &[Event]) -> Vec<SeatIndex> {
    events
        .iter()
        .filter_map(|event| match event {
            Event::Shown { seat, .. } | Event::Mucked { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

struct ActionWriter {
    actions: Vec<String>,
    /// Cards of the street being dealt, per seat in the order received.
    dealing: Vec<Vec<Card>>,
    /// Cards already written per seat, in the order received.
    held: Vec<Vec<Card>>,
    all_in_shown: bool,
}

impl ActionWriter {
    fn flush_dealing(&mut self) {
        for (seat, cards) in self.dealing.iter_mut().enumerate() {
            if !cards.is_empty() {
                self.actions
                    .push(format!("d dh p{} {}", seat + 1, compact(cards)));
                match self.held.get_mut(seat) {
                    Some(held) => held.append(cards),
                    None => cards.clear(),
                }
            }
        }
    }

    /// Every player still in (those at the final showdown, in its order) shows the cards
    /// held so far. Showing keeps a player in, so each is dealt the rest as in our hand;
    /// the final showdown then shows (or mucks) every hand again.
    fn show_at_all_in(&mut self, final_showdown: &[SeatIndex]) {
        self.all_in_shown = true;
        for &seat in final_showdown {
            if let Some(cards) = self.held.get(seat) {
                self.actions
                    .push(format!("p{} sm {}", seat + 1, compact(cards)));
            }
        }
    }
}

fn decision(seat: SeatIndex, kind: ActionKind, total: u64) -> String {
    let player = seat + 1;
    match kind {
        ActionKind::BringIn => format!("p{player} pb"),
        // `cbr` names the street total, so a big bet or raise needs no word of its own.
        ActionKind::Complete
        | ActionKind::Bet
        | ActionKind::Raise
        | ActionKind::BetBig
        | ActionKind::RaiseBig => format!("p{player} cbr {total}"),
        ActionKind::Call | ActionKind::Check => format!("p{player} cc"),
        ActionKind::Fold => format!("p{player} f"),
    }
}

fn compact(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect()
}

fn integer_list(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(u64::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// A TOML basic string with quotes, backslashes and control characters escaped.
fn toml_string(text: &str) -> String {
    let mut quoted = String::with_capacity(text.len() + 2);
    quoted.push('"');
    for character in text.chars() {
        match character {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(quoted, "\\u{:04X}", u32::from(c));
            }
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn third_street_cards_are_written_per_player_in_the_order_dealt() {
        let events = vec![
            Event::Ante {
                seat: 0,
                chips: 1,
                all_in: false,
            },
            Event::DownCard {
                seat: 0,
                street: Street::Third,
                card: card("Ah"),
            },
            Event::DownCard {
                seat: 1,
                street: Street::Third,
                card: card("2h"),
            },
            Event::DownCard {
                seat: 0,
                street: Street::Third,
                card: card("As"),
            },
            Event::DownCard {
                seat: 1,
                street: Street::Third,
                card: card("3d"),
            },
            Event::UpCard {
                seat: 0,
                street: Street::Third,
                card: card("7d"),
            },
            Event::UpCard {
                seat: 1,
                street: Street::Third,
                card: card("4d"),
            },
            Event::StreetStarted {
                street: Street::Third,
                first_to_act: Some(1),
            },
            Event::Acted {
                seat: 1,
                kind: ActionKind::BringIn,
                chips: 2,
                total: 2,
                all_in: false,
            },
            Event::Acted {
                seat: 0,
                kind: ActionKind::Complete,
                chips: 5,
                total: 5,
                all_in: false,
            },
            Event::Acted {
                seat: 1,
                kind: ActionKind::Fold,
                chips: 0,
                total: 2,
                all_in: false,
            },
        ];
        assert_eq!(
            phh_actions(2, &events),
            vec![
                "d dh p1 AhAs7d",
                "d dh p2 2h3d4d",
                "p2 pb",
                "p1 cbr 5",
                "p2 f"
            ]
        );
    }

    #[test]
    fn a_big_bet_or_raise_is_written_as_the_street_total_it_reaches() {
        let acted = |seat: SeatIndex, kind: ActionKind, total: u64| Event::Acted {
            seat,
            kind,
            chips: total,
            total,
            all_in: false,
        };
        let events = [
            acted(0, ActionKind::BetBig, 10),
            acted(1, ActionKind::RaiseBig, 20),
            acted(0, ActionKind::Call, 20),
        ];
        assert_eq!(
            phh_actions(2, &events),
            vec!["p1 cbr 10", "p2 cbr 20", "p1 cc"]
        );
    }

    #[test]
    fn the_header_is_valid_toml_with_the_pokerkit_fields() {
        let header = PhhHeader {
            game: Game::Stud8,
            stakes: Stakes::default(),
            rules: Rules::pokerkit(),
            starting_stacks: vec![100, 50],
            finishing_stacks: vec![103, 47],
            hand_number: Some(7),
            players: Some(vec!["bot \"one\"".into(), "bot2".into()]),
        };
        let text = write_phh(&header, &[]);
        let table: toml::Table = toml::from_str(&text).unwrap();
        assert_eq!(table["variant"].as_str(), Some("F7S/8"));
        assert_eq!(table["ante_trimming_status"].as_bool(), Some(true));
        assert_eq!(table["bring_in"].as_integer(), Some(2));
        assert_eq!(table["antes"].as_array().map(Vec::len), Some(2));
        assert_eq!(table["finishing_stacks"][0].as_integer(), Some(103));
        for (game, variant) in [(Game::Stud, "F7S"), (Game::Razz, "FR")] {
            let text = write_phh(
                &PhhHeader {
                    game,
                    ..header.clone()
                },
                &[],
            );
            let table: toml::Table = toml::from_str(&text).unwrap();
            assert_eq!(table["variant"].as_str(), Some(variant));
        }
        assert_eq!(table["players"][0].as_str(), Some("bot \"one\""));
        assert_eq!(table["_short_all_in"].as_str(), Some("full_bet"));
    }
}
