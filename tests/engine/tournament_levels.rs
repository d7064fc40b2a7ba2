//! A sit & go's structures and their validation, and its levels by hands played: the
//! built-in structures' shape, the levels a hand count reaches, a structure whose stakes
//! break the table rules, levels given as text.

use studbot::table::Stakes;
use studbot::table::rules::StakesError;
use studbot::tournament::{Level, Structure, StructureError, StructureKind};

use crate::tournament_core::stakes;

#[test]
fn regular_levels_have_the_stud_shape_and_climb_a_quarter_to_a_half_each_level() {
    let structure = Structure::built_in(StructureKind::Regular);
    let levels = structure.levels();
    assert!(levels.len() >= 30);
    assert_eq!(levels[0].stakes, stakes(2, 3, 10, 20));
    assert_eq!(structure.starting_stack(), 30 * levels[0].stakes.big_bet);
    for level in levels {
        let Stakes {
            ante,
            bring_in,
            small_bet,
            big_bet,
        } = level.stakes;
        level
            .stakes
            .validate()
            .expect("built-in stakes obey the table rules");
        assert_eq!(big_bet, 2 * small_bet);
        assert!(ante.abs_diff(small_bet / 5) <= 1, "{:?}", level.stakes);
        // About a third of the small bet, as a clean figure: 3, 5, 8, 10, 15, 25, 30 ...
        assert!(
            bring_in * 4 >= small_bet && bring_in * 3 <= small_bet + 1,
            "{:?}",
            level.stakes
        );
        let mut digits = bring_in;
        while digits % 10 == 0 {
            digits /= 10;
        }
        assert!(
            [1, 3, 5, 8, 15, 25].contains(&digits),
            "a bring-in of {bring_in} reads as a mistake"
        );
        assert_eq!(level.hands, 12);
    }
    for pair in levels.windows(2) {
        let (low, high) = (pair[0].stakes.small_bet, pair[1].stakes.small_bet);
        assert!(
            high * 4 >= low * 5 && high * 2 <= low * 3,
            "{low} to {high} climbs by less than 1.25 or more than 1.5"
        );
    }
}

#[test]
fn turbo_levels_have_half_the_hands_of_regular_at_the_same_stakes() {
    let regular = Structure::built_in(StructureKind::Regular);
    let turbo = Structure::built_in(StructureKind::Turbo);
    assert_eq!(regular.starting_stack(), turbo.starting_stack());
    for (regular, turbo) in regular.levels().iter().zip(turbo.levels()) {
        assert_eq!(regular.stakes, turbo.stakes);
        assert_eq!(turbo.hands * 2, regular.hands);
    }
}

#[test]
fn levels_rise_by_hands_played_and_the_last_level_holds() {
    let structure = Structure::new(
        100,
        vec![
            Level {
                stakes: stakes(1, 2, 5, 10),
                hands: 3,
            },
            Level {
                stakes: stakes(2, 3, 10, 20),
                hands: 2,
            },
        ],
    )
    .expect("valid");
    let at = |hands| {
        let at = structure.level_at(hands);
        (at.index, at.hands_to_next)
    };
    assert_eq!(at(0), (0, Some(3)));
    assert_eq!(at(2), (0, Some(1)));
    assert_eq!(at(3), (1, None));
    assert_eq!(at(1_000_000), (1, None));
}

#[test]
fn a_structure_whose_stakes_break_the_table_rules_is_refused_naming_the_level() {
    let good = Level {
        stakes: stakes(1, 2, 5, 10),
        hands: 5,
    };
    let zero_bring_in = Level {
        stakes: stakes(1, 0, 5, 10),
        hands: 5,
    };
    assert_eq!(
        Structure::new(100, vec![good, zero_bring_in]),
        Err(StructureError::Stakes {
            level: 2,
            source: StakesError::ZeroBringIn
        })
    );
    assert_eq!(Structure::new(100, vec![]), Err(StructureError::NoLevels));
    assert_eq!(
        Structure::new(0, vec![good]),
        Err(StructureError::EmptyStartingStack)
    );
    assert_eq!(
        Structure::new(100, vec![Level { hands: 0, ..good }]),
        Err(StructureError::NoHands { level: 1 })
    );
    let error = Structure::parse("1/3/10/20x10, 2/30/15/30x10").expect_err("bring-in too big");
    assert_eq!(
        error.to_string(),
        "level 2: bring_in (30) must not be more than small_bet (15)"
    );
    assert!(matches!(
        Structure::parse("1/3/10x5"),
        Err(StructureError::Unreadable { level: 1, .. })
    ));
    assert_eq!(
        Structure::parse("fast"),
        Err(StructureError::UnknownName("fast".into()))
    );
}

#[test]
fn levels_given_as_text_start_thirty_big_bets_deep() {
    let structure = Structure::parse("1/3/10/20x10,2/5/15/30x8").expect("valid");
    assert_eq!(structure.starting_stack(), 600);
    assert_eq!(structure.levels()[1].stakes, stakes(2, 5, 15, 30));
    assert_eq!(structure.levels()[1].hands, 8);
    assert_eq!(
        Structure::parse("turbo"),
        Ok(Structure::built_in(StructureKind::Turbo))
    );
}
