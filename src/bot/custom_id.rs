//! What a button's `custom_id` says: everything a click needs (the table, the hand, the action
//! sequence it was offered at, the action), so buttons keep working after a restart with no
//! in-memory collector. Discord allows 100 characters; ours stay under 70.

use crate::table::ActionKind;

/// Discord's limit on a `custom_id`.
pub const MAX_LEN: usize = 100;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ButtonId {
    /// `a:{table}:{hand}:{seq}:{action}`: take `action` in hand `hand` at sequence `seq`.
    Act {
        table: u64,
        hand: u64,
        seq: u32,
        action: ActionKind,
    },
    /// `c:{table}`: show me my cards (ephemeral).
    MyCards { table: u64 },
    /// `r:{tournament}`: register me in this sit & go (as `/join` does).
    Register { tournament: u64 },
    /// `d:{tournament}:{number}:{a|d}`: accept (or decline) deal `number` of this sit & go.
    Deal {
        tournament: u64,
        number: u64,
        accept: bool,
    },
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
                seq,
                action,
            } => format!("a:{table}:{hand}:{seq}:{}", action_code(*action)),
            ButtonId::MyCards { table } => format!("c:{table}"),
            ButtonId::Register { tournament } => format!("r:{tournament}"),
            ButtonId::Deal {
                tournament,
                number,
                accept,
            } => format!(
                "d:{tournament}:{number}:{}",
                if *accept { "a" } else { "d" }
            ),
        }
    }

    /// `None` for anything that is not one of our buttons (or was mangled).
    pub fn decode(custom_id: &str) -> Option<ButtonId> {
        let mut parts = custom_id.split(':');
        let id = match parts.next()? {
            "a" => ButtonId::Act {
                table: parts.next()?.parse().ok()?,
                hand: parts.next()?.parse().ok()?,
                seq: parts.next()?.parse().ok()?,
                action: action_from_code(parts.next()?)?,
            },
            "c" => ButtonId::MyCards {
                table: parts.next()?.parse().ok()?,
            },
            "r" => ButtonId::Register {
                tournament: parts.next()?.parse().ok()?,
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
            let id = ButtonId::Act {
                table: u64::MAX,
                hand: u64::MAX,
                seq: u32::MAX,
                action,
            };
            let encoded = id.encode();
            assert!(encoded.len() <= MAX_LEN, "{encoded}");
            assert_eq!(ButtonId::decode(&encoded), Some(id));
        }
        let cards = ButtonId::MyCards { table: u64::MAX };
        assert_eq!(ButtonId::decode(&cards.encode()), Some(cards));
        let register = ButtonId::Register {
            tournament: u64::MAX,
        };
        assert!(register.encode().len() <= MAX_LEN);
        assert_eq!(ButtonId::decode(&register.encode()), Some(register));
        for accept in [true, false] {
            let deal = ButtonId::Deal {
                tournament: u64::MAX,
                number: u64::MAX,
                accept,
            };
            assert!(deal.encode().len() <= MAX_LEN);
            assert_eq!(ButtonId::decode(&deal.encode()), Some(deal));
        }
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
            "c:",
            "c:1:2",
            "z:1",
            "d:1:2",
            "d:1:2:x",
            "d:1:2:a:extra",
        ] {
            assert_eq!(ButtonId::decode(bad), None, "{bad}");
        }
    }
}
