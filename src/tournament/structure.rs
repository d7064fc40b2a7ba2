//! A sit & go's structure: the starting stack and the levels, each its stakes and how many
//! hands it lasts. Levels rise by hands played; after the last level its stakes hold. The
//! built-in structures have the stud shape (ante about a fifth of the small bet, bring-in
//! about a third, rounded to a clean figure, big bet twice the small), with the hands per
//! level chosen at the open (12 regular, 6 turbo by default); a structure given level by
//! level (`2/3/10/20x12, 3/5/15/30x12, ...`) is held to the stake rules every table
//! enforces ([`Stakes::validate`]), the level that breaks them named.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::table::{Stakes, rules::StakesError};

/// One level: its stakes and how many hands it lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    pub stakes: Stakes,
    pub hands: u32,
}

/// Where the tournament stands in its structure after some hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelAt {
    /// From 0.
    pub index: usize,
    pub level: Level,
    /// Hands until the next level begins; `None` at the last level, which never ends.
    pub hands_to_next: Option<u64>,
    /// Hands already played at this level (0: its first hand is next).
    pub hands_into: u64,
}

impl LevelAt {
    /// A level after the first begins with the next hand: the moment its stakes are told.
    pub fn begins(&self) -> bool {
        self.index > 0 && self.hands_into == 0
    }
}

/// The starting stack and the levels of a sit & go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredStructure")]
pub struct Structure {
    starting_stack: u64,
    levels: Vec<Level>,
}

/// The kinds of structure a sit & go is opened with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum StructureKind {
    /// Starts 30 big bets deep; small bet 1.25 to 1.5 times the last every level.
    Regular,
    /// The regular stakes with half the hands per level.
    Turbo,
    /// Levels given one by one (`2/3/10/20x12, 3/5/15/30x12, ...`), 30 big bets of the
    /// first level deep.
    Custom,
}

impl StructureKind {
    pub const ALL: [StructureKind; 3] = [
        StructureKind::Regular,
        StructureKind::Turbo,
        StructureKind::Custom,
    ];

    /// The name the command line and settings use.
    pub const fn name(self) -> &'static str {
        match self {
            StructureKind::Regular => "regular",
            StructureKind::Turbo => "turbo",
            StructureKind::Custom => "custom",
        }
    }

    pub fn from_name(name: &str) -> Option<StructureKind> {
        StructureKind::ALL
            .into_iter()
            .find(|kind| kind.name() == name)
    }

    /// Hands per level when the open names none: 12 regular (and a custom level written
    /// without its hands), 6 turbo.
    pub const fn hands_per_level(self) -> u32 {
        match self {
            StructureKind::Regular | StructureKind::Custom => REGULAR_HANDS_PER_LEVEL,
            StructureKind::Turbo => REGULAR_HANDS_PER_LEVEL / 2,
        }
    }
}

/// Hands of a regular level: about an orbit and a half at a full table of eight.
pub const REGULAR_HANDS_PER_LEVEL: u32 = 12;
/// The hands per level an open may choose.
pub const HANDS_PER_LEVEL: std::ops::RangeInclusive<u32> = 1..=100;
/// Big bets in the starting stack, at the first level's stakes, of the built-in structures
/// and of levels given as text.
pub const STARTING_BIG_BETS: u64 = 30;
/// The built-in small bets within one power of ten (times 10 each time round): 10, 15,
/// 20, 25, 35, 50, 75, 100, ... each 1.25 to 1.5 times the one before.
const SMALL_BET_STEPS: [u64; 7] = [10, 15, 20, 25, 35, 50, 75];
/// The bring-in of each step: about a third of the small bet, as a clean figure (5 at 20,
/// 10 at 35, 15 at 50, 30 at 100: a stud player reads 7, 17 or 33 as a mistake).
const BRING_IN_STEPS: [u64; 7] = [3, 5, 5, 8, 10, 15, 25];
/// The built-in structures' levels: the stakes reach the millions, far past where every
/// chip of eight starting stacks is in one pot from the first bet.
pub const BUILT_IN_LEVELS: usize = 42;

/// Why a structure was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StructureError {
    #[error("a structure needs at least one level")]
    NoLevels,
    #[error("the starting stack must be more than 0")]
    EmptyStartingStack,
    #[error(
        "the starting stack ({STARTING_BIG_BETS} big bets of the first level) is more chips than can be counted"
    )]
    StartingStackTooLarge,
    #[error("level {level}: {source}")]
    Stakes { level: usize, source: StakesError },
    #[error("level {level} must last at least one hand")]
    NoHands { level: usize },
    #[error(
        "a level lasts {min} to {max} hands, not {0}",
        min = HANDS_PER_LEVEL.start(),
        max = HANDS_PER_LEVEL.end()
    )]
    HandsPerLevel(u32),
    #[error("a custom structure needs its levels, like 2/3/10/20x12, 3/5/15/30x12")]
    NoCustomLevels,
    #[error(
        "level {level} is written {text:?}; write each level as ante/bring_in/small_bet/big_bet x hands, e.g. 2/3/10/20x12"
    )]
    Unreadable { level: usize, text: String },
    #[error(
        "{0:?} is not a structure: use regular, turbo, or levels like 2/3/10/20x12,3/5/15/30x12"
    )]
    UnknownName(String),
}

/// A structure refused, as the moderator who wrote it is told (each level named from 1).
impl crate::refusal::Refusal for StructureError {
    fn message_id(&self) -> &'static str {
        match self {
            StructureError::NoLevels | StructureError::NoCustomLevels => {
                "tournament-levels-missing"
            }
            StructureError::EmptyStartingStack | StructureError::StartingStackTooLarge => {
                "tournament-bad"
            }
            StructureError::Stakes { .. } => "tournament-level-stakes",
            StructureError::NoHands { .. } => "tournament-level-no-hands",
            StructureError::HandsPerLevel(_) => "tournament-hands-per-level",
            StructureError::Unreadable { .. } => "tournament-level-unreadable",
            StructureError::UnknownName(_) => "tournament-levels-not-custom",
        }
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        let level = |level: usize| ("level", u64::try_from(level).unwrap_or(u64::MAX));
        match self {
            StructureError::Stakes { level: at, .. }
            | StructureError::NoHands { level: at }
            | StructureError::Unreadable { level: at, .. } => vec![level(*at)],
            StructureError::HandsPerLevel(_) => vec![
                ("min", u64::from(*HANDS_PER_LEVEL.start())),
                ("max", u64::from(*HANDS_PER_LEVEL.end())),
            ],
            _ => Vec::new(),
        }
    }

    fn reason(&self) -> Option<&dyn crate::refusal::Refusal> {
        match self {
            StructureError::Stakes { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The stud shape of a level with small bet `small_bet`: ante a fifth of it and bring-in a
/// third (each rounded to the nearest chip, the bring-in at least 1), big bet twice it.
/// `None` when the big bet cannot be counted.
pub fn stud_stakes(small_bet: u64) -> Option<Stakes> {
    let ante = small_bet.checked_add(2)? / 5;
    let bring_in = (small_bet.checked_add(1)? / 3).clamp(1, small_bet.max(1));
    Some(Stakes {
        ante,
        bring_in,
        small_bet,
        big_bet: small_bet.checked_mul(2)?,
    })
}

/// The small bet of built-in level `index` (from 0); `None` past what a chip count holds.
pub fn built_in_small_bet(index: usize) -> Option<u64> {
    let steps = SMALL_BET_STEPS.len();
    let decade = 10u64.checked_pow(u32::try_from(index / steps).ok()?)?;
    SMALL_BET_STEPS[index % steps].checked_mul(decade)
}

/// The stakes of built-in level `index` (from 0): the stud shape of [`stud_stakes`] with a
/// clean bring-in ([`BRING_IN_STEPS`], times 10 each time round); `None` past what a chip
/// count holds.
pub fn built_in_stakes(index: usize) -> Option<Stakes> {
    let steps = SMALL_BET_STEPS.len();
    let decade = 10u64.checked_pow(u32::try_from(index / steps).ok()?)?;
    let stakes = stud_stakes(built_in_small_bet(index)?)?;
    Some(Stakes {
        bring_in: BRING_IN_STEPS[index % steps].checked_mul(decade)?,
        ..stakes
    })
}

/// A structure as stored: read back only through [`Structure::new`], so a corrupt record
/// is refused, never trusted.
/// The stakes are read as plain numbers: a settings file's stakes may be written as text,
/// which only a self-describing format can tell, and the bank's records are not one.
#[derive(Deserialize)]
struct StoredStructure {
    starting_stack: u64,
    levels: Vec<StoredLevel>,
}

#[derive(Deserialize)]
struct StoredLevel {
    stakes: StoredStakes,
    hands: u32,
}

#[derive(Deserialize)]
struct StoredStakes {
    ante: u64,
    bring_in: u64,
    small_bet: u64,
    big_bet: u64,
}

impl TryFrom<StoredStructure> for Structure {
    type Error = StructureError;

    fn try_from(stored: StoredStructure) -> Result<Structure, StructureError> {
        let levels = stored
            .levels
            .into_iter()
            .map(|level| Level {
                stakes: Stakes {
                    ante: level.stakes.ante,
                    bring_in: level.stakes.bring_in,
                    small_bet: level.stakes.small_bet,
                    big_bet: level.stakes.big_bet,
                },
                hands: level.hands,
            })
            .collect();
        Structure::new(stored.starting_stack, levels)
    }
}

impl Structure {
    /// A structure from its levels, held to the stake rules of every table.
    pub fn new(starting_stack: u64, levels: Vec<Level>) -> Result<Structure, StructureError> {
        if levels.is_empty() {
            return Err(StructureError::NoLevels);
        }
        if starting_stack == 0 {
            return Err(StructureError::EmptyStartingStack);
        }
        for (index, level) in levels.iter().enumerate() {
            let number = index + 1;
            level
                .stakes
                .validate()
                .map_err(|source| StructureError::Stakes {
                    level: number,
                    source,
                })?;
            if level.hands == 0 {
                return Err(StructureError::NoHands { level: number });
            }
        }
        Ok(Structure {
            starting_stack,
            levels,
        })
    }

    /// One of the built-in structures with its own hands per level (a custom kind has no
    /// levels of its own: it is given the regular ones).
    pub fn built_in(kind: StructureKind) -> Structure {
        Structure::built_in_with_hands(kind.hands_per_level())
    }

    /// The built-in stakes at `hands` hands per level (at least 1): regular and turbo differ
    /// only in these.
    pub fn built_in_with_hands(hands: u32) -> Structure {
        let hands = hands.max(1);
        let levels: Vec<Level> = (0..BUILT_IN_LEVELS)
            .filter_map(built_in_stakes)
            .map(|stakes| Level { stakes, hands })
            .collect();
        Structure {
            starting_stack: SMALL_BET_STEPS[0] * 2 * STARTING_BIG_BETS,
            levels,
        }
    }

    /// The structure an open asks for: `kind`, its hands per level (`None`: the kind's
    /// default, [`HANDS_PER_LEVEL`] bounds them) and, for a custom structure, its levels as
    /// written ([`Structure::parse_levels`], a level written without its hands lasting the
    /// hands per level). Levels given with a built-in kind are refused, as is a custom kind
    /// without them.
    pub fn chosen(
        kind: StructureKind,
        hands_per_level: Option<u32>,
        levels: Option<&str>,
    ) -> Result<Structure, StructureError> {
        let hands = hands_per_level.unwrap_or_else(|| kind.hands_per_level());
        if !HANDS_PER_LEVEL.contains(&hands) {
            return Err(StructureError::HandsPerLevel(hands));
        }
        match (kind, levels.map(str::trim).filter(|text| !text.is_empty())) {
            (StructureKind::Custom, Some(text)) => Structure::parse_levels(text, hands),
            (StructureKind::Custom, None) => Err(StructureError::NoCustomLevels),
            (_, Some(text)) => Err(StructureError::UnknownName(text.to_string())),
            (_, None) => Ok(Structure::built_in_with_hands(hands)),
        }
    }

    /// `regular`, `turbo`, or levels written `ante/bring_in/small_bet/big_bet x hands`,
    /// separated by commas, starting [`STARTING_BIG_BETS`] big bets of the first level deep.
    pub fn parse(text: &str) -> Result<Structure, StructureError> {
        let text = text.trim();
        if let Some(kind) = StructureKind::from_name(text)
            && kind != StructureKind::Custom
        {
            return Ok(Structure::built_in(kind));
        }
        if !text.contains('/') {
            return Err(StructureError::UnknownName(text.to_string()));
        }
        Structure::parse_levels(text, REGULAR_HANDS_PER_LEVEL)
    }

    /// Levels written `ante/bring_in/small_bet/big_bet x hands` (or without ` x hands`: then
    /// `hands` hands), separated by commas, starting [`STARTING_BIG_BETS`] big bets of the
    /// first level deep. The first level that cannot be read, or that breaks the stake rules,
    /// is named.
    pub fn parse_levels(text: &str, hands: u32) -> Result<Structure, StructureError> {
        let levels = text
            .split(',')
            .enumerate()
            .map(|(index, written)| {
                parse_level(written.trim(), hands).ok_or_else(|| StructureError::Unreadable {
                    level: index + 1,
                    text: written.trim().to_string(),
                })
            })
            .collect::<Result<Vec<Level>, StructureError>>()?;
        let first_big_bet = levels.first().map_or(0, |level| level.stakes.big_bet);
        let starting_stack = first_big_bet
            .checked_mul(STARTING_BIG_BETS)
            .ok_or(StructureError::StartingStackTooLarge)?;
        Structure::new(starting_stack, levels)
    }

    /// The levels as [`Structure::parse_levels`] reads them: `2/3/10/20x12, 3/5/15/30x12`.
    pub fn levels_text(&self) -> String {
        self.levels
            .iter()
            .map(|level| {
                let Stakes {
                    ante,
                    bring_in,
                    small_bet,
                    big_bet,
                } = level.stakes;
                format!("{ante}/{bring_in}/{small_bet}/{big_bet}x{}", level.hands)
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn starting_stack(&self) -> u64 {
        self.starting_stack
    }

    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// The level being played once `hands_played` hands have been played.
    pub fn level_at(&self, hands_played: u64) -> LevelAt {
        let mut first_hand: u64 = 0;
        let last = self.levels.len().saturating_sub(1);
        for (index, level) in self.levels.iter().enumerate() {
            let next = first_hand.saturating_add(u64::from(level.hands));
            if index == last || hands_played < next {
                return LevelAt {
                    index,
                    level: *level,
                    hands_to_next: (index != last).then(|| next - hands_played),
                    hands_into: hands_played.saturating_sub(first_hand),
                };
            }
            first_hand = next;
        }
        // `Structure::new` refuses an empty structure, so the loop has returned.
        LevelAt {
            index: 0,
            level: Level {
                stakes: Stakes::default(),
                hands: 1,
            },
            hands_to_next: None,
            hands_into: hands_played,
        }
    }
}

/// `2/3/10/20x12`: ante, bring-in, small bet, big bet, then the hands (`hands` when left
/// out).
fn parse_level(text: &str, hands: u32) -> Option<Level> {
    let (stakes, hands) = match text.split_once(['x', 'X']) {
        Some((stakes, written)) => (stakes, written.trim().parse().ok()?),
        None => (text, hands),
    };
    let numbers: Vec<u64> = stakes
        .split('/')
        .map(|number| number.trim().parse().ok())
        .collect::<Option<_>>()?;
    let [ante, bring_in, small_bet, big_bet] = numbers[..] else {
        return None;
    };
    Some(Level {
        stakes: Stakes {
            ante,
            bring_in,
            small_bet,
            big_bet,
        },
        hands,
    })
}
