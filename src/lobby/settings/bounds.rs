//! The range a front end offers for each numeric setting, in one list.

use crate::table::rules::Rules;

use super::TableSettings;

/// The range a front end offers for one numeric setting (by its option name); `validate`
/// refuses what lies outside it. The bot's `/table open` and `/table settings` declare the
/// same bounds to Discord (a test compares them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bound {
    pub option: &'static str,
    pub min: u64,
    pub max: Option<u64>,
}

impl Bound {
    const fn new(option: &'static str, min: u64, max: Option<u64>) -> Bound {
        Bound { option, min, max }
    }
}

/// Every numeric setting's bounds, in the order the commands offer them.
pub const BOUNDS: [Bound; 14] = [
    Bound::new("mix_hands", 1, Some(TableSettings::MAX_MIX_HANDS as u64)),
    Bound::new("ante", 0, None),
    Bound::new("bring_in", 1, None),
    Bound::new("small_bet", 1, None),
    Bound::new("big_bet", 1, None),
    Bound::new("min_buy_in", 1, None),
    Bound::new("max_buy_in", 1, None),
    Bound::new(
        "seats",
        TableSettings::MIN_SEATS as u64,
        Some(TableSettings::MAX_SEATS as u64),
    ),
    Bound::new(
        "timer",
        TableSettings::MIN_ACTION_TIMER_SECS as u64,
        Some(TableSettings::MAX_ACTION_TIMER_SECS as u64),
    ),
    Bound::new(
        "between_hands",
        0,
        Some(TableSettings::MAX_BETWEEN_HANDS_SECS as u64),
    ),
    Bound::new(
        "time_bank",
        0,
        Some(TableSettings::MAX_TIME_BANK_SECS as u64),
    ),
    Bound::new("away_hands", 0, Some(TableSettings::MAX_AWAY_HANDS as u64)),
    Bound::new(
        "max_raises",
        *Rules::MAX_RAISES.start() as u64,
        Some(*Rules::MAX_RAISES.end() as u64),
    ),
    Bound::new(
        "computer_players",
        0,
        Some(TableSettings::MAX_SEATS as u64 - 1),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn with_option(option: &str, value: u64) -> TableSettings {
        let mut settings = TableSettings {
            min_buy_in: 1_000,
            max_buy_in: 10_000,
            ..TableSettings::default()
        };
        let small = |value: u64| u32::try_from(value).unwrap_or(u32::MAX);
        match option {
            "ante" => settings.stakes.ante = value,
            "bring_in" => settings.stakes.bring_in = value,
            "small_bet" => settings.stakes.small_bet = value,
            "big_bet" => settings.stakes.big_bet = value,
            "min_buy_in" => settings.min_buy_in = value,
            "max_buy_in" => settings.max_buy_in = value,
            "seats" => settings.seats = u8::try_from(value).unwrap_or(u8::MAX),
            "timer" => settings.action_timer_secs = small(value),
            "between_hands" => settings.between_hands_secs = small(value),
            "time_bank" => settings.time_bank_secs = small(value),
            "away_hands" => settings.away_hands = small(value),
            "max_raises" => settings.rules.max_raises = small(value),
            "mix_hands" => settings.mix_hands = small(value),
            "computer_players" => {
                settings.computer_players = u8::try_from(value).unwrap_or(u8::MAX)
            }
            other => panic!("no setting named {other}"),
        }
        settings
    }

    #[test]
    fn each_bound_is_where_validation_refuses() {
        for bound in BOUNDS {
            // Stakes must also stay ordered, so the lower bounds are checked alone where they
            // are the only rule (seats, timers, raises), the upper ones everywhere.
            if let Some(max) = bound.max {
                assert_eq!(
                    with_option(bound.option, max).validate(),
                    Ok(()),
                    "{bound:?}"
                );
                assert!(
                    with_option(bound.option, max + 1).validate().is_err(),
                    "{bound:?}"
                );
                assert_eq!(
                    with_option(bound.option, bound.min).validate(),
                    Ok(()),
                    "{bound:?}"
                );
                if bound.min > 0 {
                    assert!(
                        with_option(bound.option, bound.min - 1).validate().is_err(),
                        "{bound:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_raises_a_table_may_allow_are_the_engines_own_bounds() {
        let bound = BOUNDS
            .iter()
            .find(|bound| bound.option == "max_raises")
            .expect("max_raises has bounds");
        assert_eq!(bound.min, u64::from(*Rules::MAX_RAISES.start()));
        assert_eq!(bound.max, Some(u64::from(*Rules::MAX_RAISES.end())));
        for max_raises in 0..=Rules::MAX_RAISES.end() + 5 {
            let settings = TableSettings {
                rules: Rules {
                    max_raises,
                    ..Rules::default()
                },
                ..TableSettings::default()
            };
            assert_eq!(
                settings.validate().is_ok(),
                Rules::MAX_RAISES.contains(&max_raises),
                "max_raises {max_raises}"
            );
        }
    }
}
