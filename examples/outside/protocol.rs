//! The external seat protocol of `studbot sim --external` (docs/TOOLS.md, "The external seat protocol") as the
//! outside players in `examples/` read it: one JSON line in per message, one reply line out
//! per `act`. Written from the documented protocol alone, with none of studbot's own code,
//! as any outside program would be.

use std::io::{BufRead, Write};

use serde::Deserialize;

/// One line the sim sends.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    Act(Box<Act>),
    End(End),
}

/// A decision to make.
#[derive(Debug, Deserialize)]
pub struct Act {
    #[serde(default)]
    pub id: Option<u64>,
    pub hand: u64,
    pub game: String,
    pub street: u8,
    pub seat: usize,
    pub stakes: Stakes,
    pub cards: Cards,
    #[serde(default)]
    pub community: Option<String>,
    pub players: Vec<Player>,
    pub pot: u64,
    pub to_call: u64,
    pub legal: Vec<Legal>,
    pub history: Vec<Acted>,
}

#[derive(Debug, Deserialize)]
pub struct Stakes {
    pub ante: u64,
    pub bring_in: u64,
    pub small_bet: u64,
    pub big_bet: u64,
}

#[derive(Debug, Deserialize)]
pub struct Cards {
    pub down: Vec<String>,
    pub up: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub struct Player {
    pub seat: usize,
    pub up: Vec<String>,
    pub stack: u64,
    pub bet: u64,
    pub folded: bool,
    pub all_in: bool,
}

#[derive(Debug, Deserialize)]
pub struct Legal {
    pub action: String,
    #[serde(default)]
    pub amount: Option<u64>,
}

#[derive(Debug, Deserialize)]
pub struct Acted {
    pub street: u8,
    pub seat: usize,
    pub action: String,
    #[serde(default)]
    pub amount: Option<u64>,
}

/// A hand's end (nothing to answer).
#[derive(Debug, Deserialize)]
pub struct End {
    pub hand: u64,
}

impl Act {
    /// Whether `action` is offered.
    pub fn may(&self, action: &str) -> bool {
        self.legal.iter().any(|legal| legal.action == action)
    }

    /// The first of `actions` offered.
    pub fn first_of(&self, actions: &[&'static str]) -> Option<&'static str> {
        actions.iter().copied().find(|&action| self.may(action))
    }

    /// The seat's own cards, down and up, and the community card if one was dealt.
    pub fn my_cards(&self) -> Vec<Card> {
        self.cards
            .down
            .iter()
            .chain(&self.cards.up)
            .chain(&self.community)
            .filter_map(|text| Card::parse(text))
            .collect()
    }

    /// Bets, raises and completions made on this street so far (by anyone).
    pub fn wagers_this_street(&self) -> usize {
        self.history
            .iter()
            .filter(|acted| acted.street == self.street)
            .filter(|acted| {
                matches!(
                    acted.action.as_str(),
                    "complete" | "bet" | "raise" | "bet-big" | "raise-big"
                )
            })
            .count()
    }

    /// The cheapest way to stay in when nothing is worth paying for: check, else the forced
    /// bring-in, else fold.
    pub fn give_up(&self) -> &'static str {
        self.first_of(&["check", "bring-in", "fold"])
            .unwrap_or("fold")
    }

    /// Bet, complete or raise (the big amount when offered), else call or check.
    pub fn push(&self) -> &'static str {
        self.first_of(&[
            "raise-big",
            "raise",
            "bet-big",
            "bet",
            "complete",
            "call",
            "check",
            "bring-in",
        ])
        .unwrap_or("fold")
    }

    /// Check or call (the bring-in when forced), never more, never a fold.
    pub fn stay(&self) -> &'static str {
        self.first_of(&["check", "call", "bring-in"])
            .unwrap_or("fold")
    }
}

/// A card as the protocol writes it: rank (`2`-`9`, `T`, `J`, `Q`, `K`, `A`) then suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Card {
    /// 2 to 14 (the ace high).
    pub rank: u8,
    pub suit: char,
}

impl Card {
    pub fn parse(text: &str) -> Option<Card> {
        let mut chars = text.chars();
        let rank = match chars.next()? {
            digit @ '2'..='9' => digit as u8 - b'0',
            'T' => 10,
            'J' => 11,
            'Q' => 12,
            'K' => 13,
            'A' => 14,
            _ => return None,
        };
        let suit = chars.next()?;
        Some(Card { rank, suit })
    }

    /// The rank as an ace-to-five low counts it: the ace is 1.
    pub fn low(self) -> u8 {
        if self.rank == 14 { 1 } else { self.rank }
    }
}

/// Reads messages from standard input until it closes, answering each `act` with
/// `decide`'s action (and the question's `id`).
pub fn play(mut decide: impl FnMut(&Act) -> &'static str) {
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            return;
        };
        let Ok(Message::Act(act)) = serde_json::from_str::<Message>(&line) else {
            continue;
        };
        let reply = serde_json::json!({"action": decide(&act), "id": act.id});
        if writeln!(stdout, "{reply}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            return;
        }
    }
}

/// The act line `json` as the sim would send it (for the bots' tests).
#[cfg(test)]
pub fn act(json: &str) -> Act {
    match serde_json::from_str::<Message>(json) {
        Ok(Message::Act(act)) => *act,
        other => panic!("not an act line: {other:?}"),
    }
}
