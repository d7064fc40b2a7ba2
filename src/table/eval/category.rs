//! The kinds of a high hand, weakest first: the one list the high evaluator, the ace-to-five
//! low and the names people read all share.

/// The kind of a high hand, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandCategory {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl HandCategory {
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];

    /// A stable snake_case key (`"full_house"`), for JSON and translation message ids.
    pub fn as_str(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high_card",
            HandCategory::OnePair => "one_pair",
            HandCategory::TwoPair => "two_pair",
            HandCategory::ThreeOfAKind => "three_of_a_kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full_house",
            HandCategory::FourOfAKind => "four_of_a_kind",
            HandCategory::StraightFlush => "straight_flush",
        }
    }

    pub(super) fn from_code(code: u32) -> HandCategory {
        HandCategory::ALL
            .get(code as usize)
            .copied()
            .unwrap_or(HandCategory::StraightFlush)
    }
}
