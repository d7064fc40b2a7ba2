//! `[computers]` of `config.toml`: how long computer players think before they act, checked
//! at start like every other value.

use std::time::Duration;

use serde::Deserialize;

use crate::lobby::computer::ThinkingTime;

/// How long a computer player thinks before it acts: a pause drawn between `think_min_ms`
/// and `think_max_ms` over a real decision, `think_forced_ms` over a forced one. All below the
/// shortest action timer, so a computer never times out thinking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ComputersConfig {
    pub think_min_ms: u64,
    pub think_max_ms: u64,
    pub think_forced_ms: u64,
}

impl ComputersConfig {
    pub fn thinking(&self) -> ThinkingTime {
        ThinkingTime {
            shortest: Duration::from_millis(self.think_min_ms),
            longest: Duration::from_millis(self.think_max_ms),
            forced: Duration::from_millis(self.think_forced_ms),
        }
    }

    pub(super) fn validate(&self) -> Result<(), (&'static str, String)> {
        let limit = ThinkingTime::LIMIT_MS;
        for (setting, value) in [
            ("[computers] think_min_ms", self.think_min_ms),
            ("[computers] think_max_ms", self.think_max_ms),
            ("[computers] think_forced_ms", self.think_forced_ms),
        ] {
            if value >= limit {
                return Err((
                    setting,
                    format!("must be less than {limit} (the shortest action timer), not {value}"),
                ));
            }
        }
        if self.think_min_ms > self.think_max_ms {
            return Err((
                "[computers] think_max_ms",
                format!("must not be less than think_min_ms ({})", self.think_min_ms),
            ));
        }
        Ok(())
    }
}

impl Default for ComputersConfig {
    fn default() -> Self {
        let thinking = ThinkingTime::default();
        let ms = |time: Duration| u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
        ComputersConfig {
            think_min_ms: ms(thinking.shortest),
            think_max_ms: ms(thinking.longest),
            think_forced_ms: ms(thinking.forced),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::config::Config;

    fn parse(computers: &str) -> Result<Config, String> {
        let text = format!("token = \"t\"\n[computers]\n{computers}\n");
        Config::parse("test.toml", &text, None).map_err(|error| error.to_string())
    }

    #[test]
    fn by_default_computers_think_one_to_three_seconds_and_less_when_forced() {
        let config = Config::parse("test.toml", "token = \"t\"\n", None).unwrap();
        assert_eq!(config.computers.thinking(), ThinkingTime::default());
        let quick = parse("think_min_ms = 10\nthink_max_ms = 30\nthink_forced_ms = 0").unwrap();
        assert_eq!(
            quick.computers.thinking(),
            ThinkingTime {
                shortest: Duration::from_millis(10),
                longest: Duration::from_millis(30),
                forced: Duration::ZERO,
            }
        );
    }

    #[test]
    fn a_thinking_time_must_stay_below_the_shortest_action_timer() {
        let below = ThinkingTime::LIMIT_MS - 1;
        assert!(parse(&format!("think_min_ms = {below}\nthink_max_ms = {below}")).is_ok());
        for key in ["think_min_ms", "think_max_ms", "think_forced_ms"] {
            let error = parse(&format!("{key} = 5000")).unwrap_err();
            assert_eq!(
                error,
                format!(
                    "test.toml: [computers] {key}: must be less than 5000 (the shortest action \
                     timer), not 5000"
                )
            );
        }
    }

    #[test]
    fn a_thinking_time_whose_longest_is_below_its_shortest_is_refused() {
        assert!(parse("think_min_ms = 200\nthink_max_ms = 200").is_ok());
        assert_eq!(
            parse("think_min_ms = 201\nthink_max_ms = 200").unwrap_err(),
            "test.toml: [computers] think_max_ms: must not be less than think_min_ms (201)"
        );
        assert!(parse("think_secs = 2").unwrap_err().contains("think_secs"));
    }
}
