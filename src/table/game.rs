//! Which stud game a hand deals (RULES.md, "Other stud games"): the one name every layer uses
//! for `stud8`, `stud` and `razz`. How each game differs (bring-in card, first to act, showdown,
//! hand words) is data the engine takes from here, not a copy of the hand's state machine.

use serde::{Deserialize, Serialize};

/// One stud game. The rotation of games (`mix`) is a table setting, not a game: every hand is
/// dealt as exactly one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Game {
    /// Seven-Card Stud Hi/Lo, eight or better (the default).
    #[default]
    Stud8,
    /// Seven-Card Stud, high only.
    Stud,
    /// Seven-Card Razz, ace-to-five low only.
    Razz,
}

impl Game {
    pub const ALL: [Game; 3] = [Game::Stud8, Game::Stud, Game::Razz];

    /// The game's name as settings, replay input and the command line spell it.
    pub fn name(self) -> &'static str {
        match self {
            Game::Stud8 => "stud8",
            Game::Stud => "stud",
            Game::Razz => "razz",
        }
    }

    /// The game named `name` (exactly as [`Game::name`] writes it).
    pub fn from_name(name: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|game| game.name() == name)
    }

    /// True when the game awards a high half (or the whole pot) to the best high hand.
    pub fn has_high(self) -> bool {
        matches!(self, Game::Stud8 | Game::Stud)
    }

    /// True when the game awards a low: the qualifying eight-or-better half in Stud/8, the whole
    /// pot in Razz.
    pub fn has_low(self) -> bool {
        matches!(self, Game::Stud8 | Game::Razz)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_name_reads_back_as_the_same_game() {
        for game in Game::ALL {
            assert_eq!(Game::from_name(game.name()), Some(game));
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(json, format!("\"{}\"", game.name()));
        }
        assert_eq!(Game::from_name("holdem"), None);
        assert_eq!(Game::default(), Game::Stud8);
    }
}
