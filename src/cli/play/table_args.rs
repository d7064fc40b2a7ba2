//! The table options `studbot play` shares with the bot's `/table open`: the stakes, the
//! house rules (docs/RULES.md) and the clock. They are checked as `/table open` checks them
//! (`TableSettings::validate`, razz refusing the open-pair big bet) before anything starts.

use crate::cli::sim::{OddChipArg, ShortAllInArg};
use crate::lobby::TableSettings;
use crate::table::rules::{OddChip, Rules, ShortAllIn, Stakes};

#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// Chips each player antes every hand.
    #[arg(long, default_value_t = Stakes::default().ante, conflicts_with = "tournament",
          value_parser = chips("ante"), allow_negative_numbers = true)]
    pub ante: u64,
    /// The bring-in on third street.
    #[arg(long, default_value_t = Stakes::default().bring_in, conflicts_with = "tournament",
          value_parser = bet("bring_in"), allow_negative_numbers = true)]
    pub bring_in: u64,
    /// The small bet (third and fourth street).
    #[arg(long, default_value_t = Stakes::default().small_bet, conflicts_with = "tournament",
          value_parser = bet("small_bet"), allow_negative_numbers = true)]
    pub small_bet: u64,
    /// The big bet (fifth street on).
    #[arg(long, default_value_t = Stakes::default().big_bet, conflicts_with = "tournament",
          value_parser = bet("big_bet"), allow_negative_numbers = true)]
    pub big_bet: u64,
    /// The smallest stack a player may sit down or top up with.
    #[arg(long, default_value_t = TableSettings::default().min_buy_in, conflicts_with = "tournament",
          value_parser = chips("min_buy_in"), allow_negative_numbers = true)]
    pub min_buy_in: u64,
    /// The largest stack a player may hold after a buy-in or top-up.
    #[arg(long, default_value_t = TableSettings::default().max_buy_in, conflicts_with = "tournament",
          value_parser = chips("max_buy_in"), allow_negative_numbers = true)]
    pub max_buy_in: u64,
    /// Raises allowed per betting round.
    #[arg(long, default_value_t = Rules::default().max_raises, conflicts_with = "tournament",
          value_parser = raises, allow_negative_numbers = true)]
    pub max_raises: u32,
    /// Heads-up, raises are not capped.
    #[arg(long, default_value_t = Rules::default().heads_up_uncapped, action = clap::ArgAction::Set,
          num_args = 0..=1, default_missing_value = "true", conflicts_with = "tournament")]
    pub heads_up_uncapped: bool,
    /// When a short all-in reopens the betting: at half a bet or more (`half-bet`), or only
    /// at a full bet (`full-bet`: short all-ins add up).
    #[arg(long, value_enum, default_value_t = ShortAllInArg::HalfBet, conflicts_with = "tournament")]
    pub short_all_in: ShortAllInArg,
    /// Who gets a split half's odd chip: by suit (`by-suit`), or the tied winner nearest
    /// the dealer's left (`first-seat`).
    #[arg(long, value_enum, default_value_t = OddChipArg::BySuit, conflicts_with = "tournament")]
    pub odd_chip: OddChipArg,
    /// Stud and Stud/8's house rule: an open pair on fourth street lets a player bet the big
    /// bet (razz has none; a mix uses it in its stud hands).
    #[arg(long, default_value_t = false, action = clap::ArgAction::Set, num_args = 0..=1,
          default_missing_value = "true", conflicts_with = "tournament")]
    pub open_pair_big_bet: bool,
    /// Seconds you have to act (a table's longest by default: you may think); then your time
    /// bank runs on, and once it is spent the table checks or folds for you.
    #[arg(long, default_value_t = TableSettings::MAX_ACTION_TIMER_SECS,
          value_parser = clap::value_parser!(u32).range(
              i64::from(TableSettings::MIN_ACTION_TIMER_SECS)..=i64::from(TableSettings::MAX_ACTION_TIMER_SECS)),
          conflicts_with = "tournament")]
    pub action_timer: u32,
    /// Seconds of each player's time bank (0: none): it runs on when the action timer runs
    /// out, and `time` takes 30 s of it at once.
    #[arg(long, default_value_t = TableSettings::default().time_bank_secs,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(TableSettings::MAX_TIME_BANK_SECS)),
          conflicts_with = "tournament")]
    pub time_bank: u32,
}

/// Reads a number of chips given to `--name` as the config file and `replay` read one: a
/// refusal names the setting, the rule and the value ("ante must be a whole number of chips,
/// 0 or more, not -1"). Whether the stakes fit together is `TableSettings::validate`'s.
pub fn chips(
    name: &'static str,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    whole_chips(name, "0 or more")
}

/// A bet, read as `chips` reads any number of chips; a bet of 0 is `Stakes::validate`'s to
/// refuse, by name.
fn bet(name: &'static str) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    whole_chips(name, "more than 0")
}

fn whole_chips(
    name: &'static str,
    rule: &'static str,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |given: &str| {
        given
            .parse()
            .map_err(|_| format!("{name} must be a whole number of chips, {rule}, not {given}"))
    }
}

/// Reads `--max-raises`: a whole number, named as the config file names `max_raises` when it
/// is not one; a number out of bounds is `TableSettings::validate`'s to refuse, in the
/// player's language.
fn raises(given: &str) -> Result<u32, String> {
    let (low, high) = (*Rules::MAX_RAISES.start(), *Rules::MAX_RAISES.end());
    given
        .parse()
        .map_err(|_| format!("max_raises must be a whole number from {low} to {high}, not {given}"))
}

impl TableArgs {
    /// `settings` with these stakes and house rules.
    pub fn apply(&self, settings: TableSettings) -> TableSettings {
        TableSettings {
            stakes: Stakes {
                ante: self.ante,
                bring_in: self.bring_in,
                small_bet: self.small_bet,
                big_bet: self.big_bet,
            },
            rules: Rules {
                max_raises: self.max_raises,
                heads_up_uncapped: self.heads_up_uncapped,
                short_all_in: match self.short_all_in {
                    ShortAllInArg::HalfBet => ShortAllIn::HalfBet,
                    ShortAllInArg::FullBet => ShortAllIn::FullBet,
                },
                odd_chip: match self.odd_chip {
                    OddChipArg::BySuit => OddChip::BySuit,
                    OddChipArg::FirstSeat => OddChip::FirstSeat,
                },
                open_pair_big_bet: self.open_pair_big_bet,
            },
            min_buy_in: self.min_buy_in,
            max_buy_in: self.max_buy_in,
            action_timer_secs: self.action_timer,
            time_bank_secs: self.time_bank,
            ..settings
        }
    }
}
