//! Which stud game a hand deals (docs/RULES.md, "Other stud games"): the one name every layer uses
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

named_from_all!(Game, Game::Stud8, 3);

impl Game {
    pub const ALL: [Game; 3] = [Game::Stud8, Game::Stud, Game::Razz];

    /// The game's name as settings, replay input and the command line spell it.
    pub const fn name(self) -> &'static str {
        match self {
            Game::Stud8 => "stud8",
            Game::Stud => "stud",
            Game::Razz => "razz",
        }
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

    /// Whether the house rule `open_pair_big_bet` can apply to this game. Razz has no
    /// open-pair big bet (docs/RULES.md, "Other stud games": only Stud/8's option, and a pair is a
    /// bad razz board, not a strong one), so in razz hands the option is ignored; a table
    /// dealing only razz refuses it (`SettingsError::OpenPairBigBetInRazz`).
    pub fn has_open_pair_big_bet(self) -> bool {
        self.has_high()
    }
}

/// Whose door card brings in on third street.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BringInCard {
    /// The lowest door card, the ace counting high, suits clubs < diamonds < hearts < spades
    /// (Stud/8 and Stud).
    LowestAceHigh,
    /// The highest door card, the ace counting low (a king is the highest), suits as above
    /// so the king of spades is the highest of all (Razz).
    HighestAceLow,
}

/// Whose board acts first on fourth to seventh street.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardRanking {
    /// The best high board: pairs, two pair, trips and quads count (Stud/8 and Stud).
    BestHigh,
    /// The best razz low board: the ace is low and pairs count against it (Razz).
    BestLow,
}

/// Which hands win a pot at showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PotRule {
    /// Half to the best high, half to the best eight-or-better low; the high takes the
    /// whole pot when no low qualifies (Stud/8).
    HighLowEightOrBetter,
    /// The best high takes the pot (Stud).
    HighOnly,
    /// The best ace-to-five low takes the pot, no qualifier (Razz).
    RazzLow,
}

impl Game {
    /// Whose door card brings in (docs/RULES.md, Third street; Other stud games).
    pub fn bring_in_card(self) -> BringInCard {
        match self {
            Game::Stud8 | Game::Stud => BringInCard::LowestAceHigh,
            Game::Razz => BringInCard::HighestAceLow,
        }
    }

    /// Whose board acts first after third street.
    pub fn board_ranking(self) -> BoardRanking {
        match self {
            Game::Stud8 | Game::Stud => BoardRanking::BestHigh,
            Game::Razz => BoardRanking::BestLow,
        }
    }

    /// Which hands win at showdown.
    pub fn pot_rule(self) -> PotRule {
        match self {
            Game::Stud8 => PotRule::HighLowEightOrBetter,
            Game::Stud => PotRule::HighOnly,
            Game::Razz => PotRule::RazzLow,
        }
    }

    /// The PHH variant code pokerkit reads (`F7S/8`, `F7S`, `FR`).
    pub fn phh_variant(self) -> &'static str {
        match self {
            Game::Stud8 => "F7S/8",
            Game::Stud => "F7S",
            Game::Razz => "FR",
        }
    }
}

/// The order of the `mix` rotation: the stud legs of HORSE.
pub const MIX_ORDER: [Game; 3] = [Game::Razz, Game::Stud, Game::Stud8];

/// Hands dealt of each game before `mix` moves to the next (online 8-game tables).
pub const DEFAULT_MIX_HANDS: u32 = 6;

/// What a table deals (the `game` setting): always one game, or `mix`, the rotation Razz →
/// Stud → Stud/8 switching every `mix_hands` hands. A hand is dealt as one game from start
/// to end: the rotation is asked only when a hand starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameChoice {
    #[default]
    Stud8,
    Stud,
    Razz,
    Mix,
}

named_from_all!(GameChoice, GameChoice::Stud8, 4);

impl GameChoice {
    pub const ALL: [GameChoice; 4] = [
        GameChoice::Stud8,
        GameChoice::Stud,
        GameChoice::Razz,
        GameChoice::Mix,
    ];

    /// The setting's name: a game's name, or `mix`.
    pub const fn name(self) -> &'static str {
        match self.fixed() {
            Some(game) => game.name(),
            None => "mix",
        }
    }

    /// The one game dealt, or `None` for `mix`.
    pub const fn fixed(self) -> Option<Game> {
        match self {
            GameChoice::Stud8 => Some(Game::Stud8),
            GameChoice::Stud => Some(Game::Stud),
            GameChoice::Razz => Some(Game::Razz),
            GameChoice::Mix => None,
        }
    }

    /// The game of the table's hand number `hand` (from 0: the hands dealt before it).
    /// `mix_hands` of 0 counts as 1.
    pub fn game_of_hand(self, hand: u64, mix_hands: u32) -> Game {
        match self.fixed() {
            Some(game) => game,
            None => {
                let leg = hand / u64::from(mix_hands.max(1));
                MIX_ORDER[(leg % MIX_ORDER.len() as u64) as usize]
            }
        }
    }

    /// In `mix`, where hand `hand` stands in its leg: the hands its game has left (this one
    /// included) and the game after it; `None` for one game.
    pub fn mix_leg(self, hand: u64, mix_hands: u32) -> Option<MixLeg> {
        let hands_left = self.hands_left_in_leg(hand, mix_hands)?;
        let next = self.game_of_hand(hand + u64::from(hands_left), mix_hands);
        Some(MixLeg { hands_left, next })
    }

    /// In `mix`, how many hands (this one included) are left before the game changes;
    /// `None` for one game.
    pub fn hands_left_in_leg(self, hand: u64, mix_hands: u32) -> Option<u32> {
        self.fixed().is_none().then(|| {
            let every = mix_hands.max(1);
            every - (hand % u64::from(every)) as u32
        })
    }
}

/// Where a `mix` hand stands in the rotation, for the board's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MixLeg {
    /// Hands of this game left, the current one included (1: the last before the change).
    pub hands_left: u32,
    /// The game dealt after them.
    pub next: Game,
}

impl From<Game> for GameChoice {
    fn from(game: Game) -> Self {
        match game {
            Game::Stud8 => GameChoice::Stud8,
            Game::Stud => GameChoice::Stud,
            Game::Razz => GameChoice::Razz,
        }
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
        for choice in GameChoice::ALL {
            assert_eq!(GameChoice::from_name(choice.name()), Some(choice));
            let json = serde_json::to_string(&choice).unwrap();
            assert_eq!(json, format!("\"{}\"", choice.name()));
        }
    }

    #[test]
    fn mix_deals_razz_then_stud_then_stud8_every_mix_hands_hands() {
        let games: Vec<Game> = (0..8)
            .map(|hand| GameChoice::Mix.game_of_hand(hand, 2))
            .collect();
        use Game::*;
        assert_eq!(games, [Razz, Razz, Stud, Stud, Stud8, Stud8, Razz, Razz]);
        let left: Vec<Option<u32>> = (0..4)
            .map(|hand| GameChoice::Mix.hands_left_in_leg(hand, 3))
            .collect();
        assert_eq!(left, [Some(3), Some(2), Some(1), Some(3)]);
        assert_eq!(GameChoice::Razz.game_of_hand(5, 2), Razz);
        assert_eq!(GameChoice::Stud.hands_left_in_leg(5, 2), None);
        assert_eq!(GameChoice::Mix.game_of_hand(7, 0), Stud);
        assert_eq!(
            GameChoice::Mix.mix_leg(5, 3),
            Some(MixLeg {
                hands_left: 1,
                next: Stud8
            })
        );
        assert_eq!(
            GameChoice::Mix.mix_leg(6, 3),
            Some(MixLeg {
                hands_left: 3,
                next: Razz
            })
        );
        assert_eq!(GameChoice::Razz.mix_leg(6, 3), None);
    }
}
