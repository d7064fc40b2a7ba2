//! What a button's `custom_id` says: everything a click needs (the table, the hand and its
//! deal, the action sequence it was offered at, the action), so a click needs no in-memory
//! collector. Discord allows 100 characters; ours stay under 90.

use crate::table::hand::Street;
use crate::table::{ActionKind, PreAction};

/// Discord's limit on a `custom_id`.
pub const MAX_LEN: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonId {
    /// `a:{table}:{hand}:{seq}:{action}`: take `action` in hand `hand` at sequence `seq`;
    /// `a:{table}:{hand}.{deal}:{seq}:{action}` for a hand of a later series of deals (a sit &
    /// go's hand dealt again is numbered apart from the deal it replaces: `TurnOffer::deal`).
    Act {
        table: u64,
        hand: u64,
        deal: u64,
        seq: u32,
        action: ActionKind,
    },
    /// `c:{table}`: show me my cards (ephemeral).
    MyCards { table: u64 },
    /// `r:{tournament}`: register me in this sit & go (as `/join` does).
    Register { tournament: u64 },
    /// `e:{event}:{r|u}`: register me in this multi-table event (as `/join` does), or
    /// unregister me before its start.
    EventEntry { event: u64, register: bool },
    /// `d:{tournament}:{number}:{a|d}`: accept (or decline) deal `number` of this sit & go.
    Deal {
        tournament: u64,
        number: u64,
        accept: bool,
    },
    /// `p:{table}:{hand}:{street}:{choice}`: my pre-action for this street of this hand
    /// (`choice` `x`: clear mine). On my private view only.
    PreAction {
        table: u64,
        hand: u64,
        street: Street,
        choice: Option<PreAction>,
    },
    /// `t:{table}:{hand}:{seq}`: "+30 s" from my time bank, at this turn.
    AddTime { table: u64, hand: u64, seq: u32 },
    /// `b:{table}`: I'm back (in the DM that told me I was sat out).
    Back { table: u64 },
}

fn street_code(street: Street) -> u8 {
    match street {
        Street::Third => 3,
        Street::Fourth => 4,
        Street::Fifth => 5,
        Street::Sixth => 6,
        Street::Seventh => 7,
        Street::Showdown => 8,
    }
}

fn street_from_code(code: &str) -> Option<Street> {
    Some(match code {
        "3" => Street::Third,
        "4" => Street::Fourth,
        "5" => Street::Fifth,
        "6" => Street::Sixth,
        "7" => Street::Seventh,
        "8" => Street::Showdown,
        _ => return None,
    })
}

fn pre_action_code(choice: Option<PreAction>) -> String {
    match choice {
        None => "x".to_owned(),
        Some(PreAction::CheckFold) => "cf".to_owned(),
        Some(PreAction::Check) => "ch".to_owned(),
        Some(PreAction::Call(chips)) => format!("c{chips}"),
        Some(PreAction::CallAny) => "ca".to_owned(),
        Some(PreAction::Fold) => "fo".to_owned(),
    }
}

/// `Some(None)` is "clear mine"; `None` is not a choice of ours.
fn pre_action_from_code(code: &str) -> Option<Option<PreAction>> {
    Some(match code {
        "x" => None,
        "cf" => Some(PreAction::CheckFold),
        "ch" => Some(PreAction::Check),
        "ca" => Some(PreAction::CallAny),
        "fo" => Some(PreAction::Fold),
        _ => {
            let chips = code.strip_prefix('c')?;
            // Digits only: `u64::from_str` would also take a leading `+`.
            if chips.is_empty() || !chips.bytes().all(|byte| byte.is_ascii_digit()) {
                return None;
            }
            Some(PreAction::Call(chips.parse().ok()?))
        }
    })
}

fn action_code(action: ActionKind) -> &'static str {
    match action {
        ActionKind::BringIn => "bi",
        ActionKind::Complete => "co",
        ActionKind::Bet => "be",
        ActionKind::Raise => "ra",
        ActionKind::Call => "ca",
        ActionKind::Check => "ch",
        ActionKind::Fold => "fo",
        ActionKind::BetBig => "bb",
        ActionKind::RaiseBig => "rb",
    }
}

fn action_from_code(code: &str) -> Option<ActionKind> {
    Some(match code {
        "bi" => ActionKind::BringIn,
        "co" => ActionKind::Complete,
        "be" => ActionKind::Bet,
        "ra" => ActionKind::Raise,
        "ca" => ActionKind::Call,
        "ch" => ActionKind::Check,
        "fo" => ActionKind::Fold,
        "bb" => ActionKind::BetBig,
        "rb" => ActionKind::RaiseBig,
        _ => return None,
    })
}

impl ButtonId {
    pub fn encode(&self) -> String {
        match self {
            ButtonId::Act {
                table,
                hand,
                deal: 0,
                seq,
                action,
            } => format!("a:{table}:{hand}:{seq}:{}", action_code(*action)),
            ButtonId::Act {
                table,
                hand,
                deal,
                seq,
                action,
            } => format!("a:{table}:{hand}.{deal}:{seq}:{}", action_code(*action)),
            ButtonId::MyCards { table } => format!("c:{table}"),
            ButtonId::Register { tournament } => format!("r:{tournament}"),
            ButtonId::EventEntry { event, register } => {
                format!("e:{event}:{}", if *register { "r" } else { "u" })
            }
            ButtonId::Deal {
                tournament,
                number,
                accept,
            } => format!(
                "d:{tournament}:{number}:{}",
                if *accept { "a" } else { "d" }
            ),
            ButtonId::PreAction {
                table,
                hand,
                street,
                choice,
            } => format!(
                "p:{table}:{hand}:{}:{}",
                street_code(*street),
                pre_action_code(*choice)
            ),
            ButtonId::AddTime { table, hand, seq } => format!("t:{table}:{hand}:{seq}"),
            ButtonId::Back { table } => format!("b:{table}"),
        }
    }

    /// `None` for anything that is not one of our buttons (or was mangled).
    pub fn decode(custom_id: &str) -> Option<ButtonId> {
        let mut parts = custom_id.split(':');
        let id = match parts.next()? {
            "a" => {
                let table = parts.next()?.parse().ok()?;
                let hand = parts.next()?;
                let (hand, deal) = match hand.split_once('.') {
                    None => (hand.parse().ok()?, 0),
                    // A deal of the first series is written without it, never as `.0`.
                    Some((hand, deal)) => (
                        hand.parse().ok()?,
                        deal.parse().ok().filter(|&deal| deal > 0)?,
                    ),
                };
                ButtonId::Act {
                    table,
                    hand,
                    deal,
                    seq: parts.next()?.parse().ok()?,
                    action: action_from_code(parts.next()?)?,
                }
            }
            "c" => ButtonId::MyCards {
                table: parts.next()?.parse().ok()?,
            },
            "r" => ButtonId::Register {
                tournament: parts.next()?.parse().ok()?,
            },
            "e" => ButtonId::EventEntry {
                event: parts.next()?.parse().ok()?,
                register: match parts.next()? {
                    "r" => true,
                    "u" => false,
                    _ => return None,
                },
            },
            "d" => ButtonId::Deal {
                tournament: parts.next()?.parse().ok()?,
                number: parts.next()?.parse().ok()?,
                accept: match parts.next()? {
                    "a" => true,
                    "d" => false,
                    _ => return None,
                },
            },
            "p" => ButtonId::PreAction {
                table: parts.next()?.parse().ok()?,
                hand: parts.next()?.parse().ok()?,
                street: street_from_code(parts.next()?)?,
                choice: pre_action_from_code(parts.next()?)?,
            },
            "t" => ButtonId::AddTime {
                table: parts.next()?.parse().ok()?,
                hand: parts.next()?.parse().ok()?,
                seq: parts.next()?.parse().ok()?,
            },
            "b" => ButtonId::Back {
                table: parts.next()?.parse().ok()?,
            },
            _ => return None,
        };
        parts.next().is_none().then_some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_button_round_trips_within_discords_limit() {
        for action in ActionKind::ALL {
            for deal in [0, 1, u64::MAX] {
                let id = ButtonId::Act {
                    table: u64::MAX,
                    hand: u64::MAX,
                    deal,
                    seq: u32::MAX,
                    action,
                };
                let encoded = id.encode();
                assert!(encoded.len() <= MAX_LEN, "{encoded}");
                assert_eq!(ButtonId::decode(&encoded), Some(id));
            }
        }
        let cards = ButtonId::MyCards { table: u64::MAX };
        assert_eq!(ButtonId::decode(&cards.encode()), Some(cards));
        let register = ButtonId::Register {
            tournament: u64::MAX,
        };
        assert!(register.encode().len() <= MAX_LEN);
        assert_eq!(ButtonId::decode(&register.encode()), Some(register));
        for register in [true, false] {
            let entry = ButtonId::EventEntry {
                event: u64::MAX,
                register,
            };
            assert!(entry.encode().len() <= MAX_LEN);
            assert_eq!(ButtonId::decode(&entry.encode()), Some(entry));
        }
        assert_eq!(ButtonId::decode("e:1:x"), None);
        for accept in [true, false] {
            let deal = ButtonId::Deal {
                tournament: u64::MAX,
                number: u64::MAX,
                accept,
            };
            assert!(deal.encode().len() <= MAX_LEN);
            assert_eq!(ButtonId::decode(&deal.encode()), Some(deal));
        }
        let choices = [
            None,
            Some(PreAction::CheckFold),
            Some(PreAction::Check),
            Some(PreAction::Call(u64::MAX)),
            Some(PreAction::Call(0)),
            Some(PreAction::CallAny),
            Some(PreAction::Fold),
        ];
        for street in [
            Street::Third,
            Street::Fourth,
            Street::Fifth,
            Street::Sixth,
            Street::Seventh,
            Street::Showdown,
        ] {
            for choice in choices {
                let id = ButtonId::PreAction {
                    table: u64::MAX,
                    hand: u64::MAX,
                    street,
                    choice,
                };
                let encoded = id.encode();
                assert!(encoded.len() <= MAX_LEN, "{encoded}");
                assert_eq!(ButtonId::decode(&encoded), Some(id));
            }
        }
        for id in [
            ButtonId::AddTime {
                table: u64::MAX,
                hand: u64::MAX,
                seq: u32::MAX,
            },
            ButtonId::Back { table: u64::MAX },
        ] {
            assert!(id.encode().len() <= MAX_LEN);
            assert_eq!(ButtonId::decode(&id.encode()), Some(id));
        }
    }

    #[test]
    fn a_hand_of_the_first_series_of_deals_keeps_the_old_form_and_a_later_deal_names_its_series() {
        let first = ButtonId::Act {
            table: 7,
            hand: 14,
            deal: 0,
            seq: 3,
            action: ActionKind::Raise,
        };
        assert_eq!(first.encode(), "a:7:14:3:ra");
        let again = ButtonId::Act {
            table: 7,
            hand: 14,
            deal: 2,
            seq: 3,
            action: ActionKind::Raise,
        };
        assert_eq!(again.encode(), "a:7:14.2:3:ra");
        assert_eq!(ButtonId::decode("a:7:14.2:3:ra"), Some(again));
        assert_ne!(ButtonId::decode("a:7:14.2:3:ra"), Some(first));
    }

    #[test]
    fn foreign_or_mangled_ids_are_not_ours() {
        for bad in [
            "",
            "a",
            "a:1:2:3",
            "a:1:2:3:xx",
            "a:1:2:3:ca:extra",
            "a:-1:2:3:ca",
            "a:1:2.:3:ca",
            "a:1:2.0:3:ca",
            "a:1:2.1.1:3:ca",
            "c:",
            "c:1:2",
            "z:1",
            "d:1:2",
            "d:1:2:x",
            "d:1:2:a:extra",
            "p:1:2:9:cf",
            "p:1:2:3:c",
            "p:1:2:3:c+5",
            "p:1:2:3:zz",
            "p:1:2:3",
            "t:1:2",
            "b:",
            "b:1:2",
        ] {
            assert_eq!(ButtonId::decode(bad), None, "{bad}");
        }
    }
}
