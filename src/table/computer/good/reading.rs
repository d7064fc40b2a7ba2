//! How `good` reads the others' betting: how strong a hand must have been, street by street,
//! to bet, raise or call as it did, and so how likely each guess at its hidden cards is.
//!
//! A hand's strength at a street is a tier ([`tier`]): 0 nothing, 1 worth a call (a pair, a
//! draw), 2 strong (two pair, a big pair early, a made or smooth-drawing low), 3 very strong
//! (trips or better, a seven-low, a hand going both ways). A completion or bet asks for tier 1,
//! a raise for tier 2, a re-raise and beyond for tier 3 (the highest wager a player made on
//! a street, [`PublicSeat::wagers`]), each a tier more on seventh street, where no card is to
//! come and a wager is for value; a call of a wager asks for tier 1, more loosely. A guess that falls short of what its betting asked keeps a part of its weight for
//! every tier it falls short ([`SHORT_OF_A_WAGER`], [`SHORT_OF_A_CALL`]): people bluff,
//! semi-bluff and call light, so a read narrows a range without closing it. Each street read
//! multiplies in, so a player who re-raised twice and bet the street before is read as holding
//! a strong hand, and a raising war ends where the ranges say the hand is beaten.

use crate::table::card::Card;
use crate::table::eval::{CardSet, HandCategory};
use crate::table::game::Game;
use crate::table::hand::{PublicSeat, SeatState, Street};
use crate::table::seats::STREETS_BET;

/// What a hand keeps of its weight for each tier it falls short of the one its wagers on a
/// street asked, by that tier (index 1: a completion or bet, 2: a raise, 3: a re-raise or
/// more). A raise is a bluff less often than a bet, a re-raise less often still.
///
/// Measured with `scripts/computer_strength.sh`-style cells of 4,000 hands (three `good` seats
/// against three tight-aggressive or `easy` seats, heads-up against the tight-aggressive
/// player, and `good,easy,easy,random,random,random`): reading harder (0.45, 0.3, 0.2; calls
/// 0.6, entries 0.3) won as much against the first three but 13 bb/100 less in Stud/8 and 12 in
/// Stud at the table of random players, whose raises it took for strength; reading softer
/// still (0.7, 0.5, 0.35; 0.8, 0.5) lost 2 to 3 bb/100 against the tight player and `easy` in
/// Stud.
pub(super) const SHORT_OF_A_WAGER: [f64; 4] = [1.0, 0.6, 0.4, 0.3];
/// What a hand of tier 0 keeps of its weight for calling a wager after third street.
pub(super) const SHORT_OF_A_CALL: f64 = 0.7;
/// What a junk start (tier 0) keeps for calling a completion on third street.
pub(super) const SHORT_OF_AN_ENTRY: f64 = 0.4;
/// No guess weighs less than this (the product of every street's read): the sampler never
/// rules a hand out.
const LIGHTEST: f64 = 0.005;

/// The tier of `cards` (the cards a player held at one street, three to seven) in `game`.
pub(super) fn tier(game: Game, cards: CardSet) -> u8 {
    let count = cards.len();
    match game {
        Game::Stud => high_tier(cards, count),
        Game::Razz => low_tier(cards, count, false),
        Game::Stud8 => {
            let (high, low) = (high_tier(cards, count), low_tier(cards, count, true));
            if high >= 1 && low >= 2 {
                3
            } else {
                high.max(low)
            }
        }
    }
}

/// The high side: pairs, two pair and better, and flush draws.
fn high_tier(cards: CardSet, count: usize) -> u8 {
    let high = cards.high();
    // The first rank slot: the pair's rank for one pair, the top pair's for two pair.
    let top = ((high.0 >> 16) & 0xF) as u8;
    match high.category() {
        HandCategory::HighCard => {
            let suited = usize::from(cards.longest_suit());
            match count {
                3 if suited == 3 => 1,
                4 if suited == 4 => 2,
                5 | 6 if suited >= 4 => 1,
                _ => 0,
            }
        }
        HandCategory::OnePair => {
            if (count <= 4 && top >= 10) || (count <= 6 && top >= 13) {
                2
            } else {
                1
            }
        }
        HandCategory::TwoPair if count <= 4 => 3,
        HandCategory::TwoPair => 2,
        _ => 3,
    }
}

/// The values of the ranks held as an ace-to-five low counts them: bit `v - 1` for value `v`
/// (the ace is 1, the king 13).
fn low_values(cards: CardSet) -> u16 {
    let ranks = cards.rank_mask();
    ((ranks << 1) & 0x1FFE) | ((ranks >> 12) & 1)
}

/// The value of the `nth` lowest (from 1) different rank held, if there are that many.
fn nth_lowest(values: u16, nth: u32) -> Option<u8> {
    let mut left = values;
    for _ in 1..nth {
        left &= left.wrapping_sub(1);
    }
    (left != 0).then(|| left.trailing_zeros() as u8 + 1)
}

/// The low side: the ace-to-five low, or only an eight-or-better one (`qualified`, Stud/8).
fn low_tier(cards: CardSet, count: usize, qualified: bool) -> u8 {
    let values = low_values(cards);
    let need = count.min(5) as u32;
    let ace = values & 1 != 0;
    if let Some(top) = nth_lowest(values, need) {
        return match count {
            3 if top <= 5 => 3,
            3 if top <= 6 || (ace && top <= 7) => 2,
            3 if top <= 8 => 1,
            4 if top <= 6 => 3,
            4 if top <= 8 => 2,
            5.. if top <= 7 => 3,
            5.. if top <= 8 => 2,
            5.. if top <= 10 && !qualified => 1,
            _ => 0,
        };
    }
    // One card short of a low (a pair, or a card too big), with cards to come.
    match nth_lowest(values, need - 1) {
        Some(top) if count < 7 && need > 1 && top <= 8 => 1,
        _ => 0,
    }
}

/// One street whose betting says something about a player's hand: the tier it asked, and what
/// a hand keeps of its weight for each tier it falls short.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Check {
    /// 0 for third street … 4 for seventh.
    street: usize,
    needed: u8,
    short: f64,
}

/// What one opponent's betting asks of its hidden cards.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Reading {
    /// Its up cards in the order dealt (fourth street's second, and so on).
    up: [Option<Card>; 4],
    checks: [Option<Check>; STREETS_BET],
}

impl Reading {
    /// What the betting of `seat` (an opponent still in) said on every street so far;
    /// `seats` is the whole table and `street` the one being bet.
    pub(super) fn of(seat: &PublicSeat, seats: &[PublicSeat], street: Street) -> Reading {
        let current = (street as usize).min(STREETS_BET - 1);
        let mut up = [None; 4];
        for (slot, &card) in up.iter_mut().zip(&seat.up_cards) {
            *slot = Some(card);
        }
        let most_now = seats
            .iter()
            .map(|other| other.street_bet)
            .max()
            .unwrap_or(0);
        let mut checks = [None; STREETS_BET];
        for (index, check) in checks.iter_mut().enumerate().take(current + 1) {
            let wagers = seat.wagers[index];
            let anyone_wagered = seats.iter().any(|other| other.wagers[index] > 0);
            // It called a wager: on an earlier street by being still in, on this one by
            // having matched the most put in.
            let called = wagers == 0
                && anyone_wagered
                && (index < current || seat.street_bet == most_now)
                && seat.state != SeatState::Folded;
            *check = if wagers > 0 {
                // On seventh street no card is to come: a bet is for value, a raise more so.
                let river = u8::from(index == STREETS_BET - 1);
                let needed = wagers.saturating_add(river).min(3);
                Some(Check {
                    street: index,
                    needed,
                    short: SHORT_OF_A_WAGER[usize::from(needed)],
                })
            } else if called {
                Some(Check {
                    street: index,
                    needed: 1,
                    short: if index == 0 {
                        SHORT_OF_AN_ENTRY
                    } else {
                        SHORT_OF_A_CALL
                    },
                })
            } else {
                None
            };
        }
        Reading { up, checks }
    }

    /// Whether the betting says anything at all.
    pub(super) fn is_silent(&self) -> bool {
        self.checks.iter().all(Option::is_none)
    }

    /// How likely the betting is if `down` were the player's down cards (its two first,
    /// then the seventh-street one if dealt), relative to a hand that fits it all.
    pub(super) fn weight(&self, game: Game, down: &[Card]) -> f64 {
        let mut weight = 1.0;
        let mut held = CardSet::EMPTY;
        for &card in down.iter().take(2) {
            held.insert(card);
        }
        for (street, check) in self.checks.iter().enumerate() {
            // The card this street dealt: an up card to sixth street, the last down card on
            // seventh.
            let dealt = match street {
                0..=3 => self.up[street],
                _ => down.get(2).copied(),
            };
            if let Some(card) = dealt {
                held.insert(card);
            }
            let Some(check) = check else {
                continue;
            };
            debug_assert_eq!(check.street, street);
            let tier = tier(game, held);
            if tier < check.needed {
                weight *= check.short.powi(i32::from(check.needed - tier));
            }
        }
        weight.max(LIGHTEST)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        CardSet::from_cards(&Card::parse_many(text).unwrap())
    }

    #[test]
    fn stud_tiers_follow_what_a_player_bets() {
        let tiers: Vec<u8> = [
            "2c 7d Jh",
            "5c 5d Kh",
            "Tc Td 2h",
            "9c 9d 9h",
            "Kc Kd 4h 9s 2c",
        ]
        .iter()
        .map(|cards| tier(Game::Stud, set(cards)))
        .collect();
        assert_eq!(tiers, [0, 1, 2, 3, 2]);
        assert_eq!(tier(Game::Stud, set("6s 7c 3d 5c Qd As 6c")), 1);
        assert_eq!(tier(Game::Stud, set("Ac 7s 5h 3c 6d 9s Ad")), 1);
        assert_eq!(tier(Game::Stud, set("Qs Qc 5h 3d 4c 4s")), 2);
        assert_eq!(tier(Game::Stud, set("2h 3h 9h Kh")), 2);
    }

    #[test]
    fn razz_tiers_follow_the_low_made_or_drawn() {
        let tiers: Vec<u8> = [
            "Kc Qd 2h",
            "8c 7d 2h",
            "Ac 7d 4h",
            "2c 3d 5h",
            "2c 3d 5h 5s",
            "2c 3d 5h 8s",
            "2c 3d 5h 6s",
            "Ac 4c 9s 3s 5c",
            "Ac 4c 9s 3s 5c 9d 9h",
            "Ac 4c 7s 3s 6c",
        ]
        .iter()
        .map(|cards| tier(Game::Razz, set(cards)))
        .collect();
        assert_eq!(tiers, [0, 1, 2, 3, 1, 2, 3, 1, 1, 3]);
    }

    #[test]
    fn stud8_goes_both_ways() {
        // A made seven-low: strong; with a pair besides: very strong.
        assert_eq!(tier(Game::Stud8, set("6s 7c 3d 5c Qd As 9c")), 3);
        assert_eq!(tier(Game::Stud8, set("6s 7c 3d 5c Qd As 6c")), 3);
        // No low, a small pair: worth a call.
        assert_eq!(tier(Game::Stud8, set("Ts 2d 2s 9c")), 1);
        assert_eq!(tier(Game::Stud8, set("Ts 2d 9c Kd")), 0);
    }

    fn seat(up: &str, wagers: [u8; 5], street_bet: u64) -> PublicSeat {
        PublicSeat {
            stack: 100,
            street_bet,
            committed: 20,
            up_cards: Card::parse_many(up).unwrap(),
            down_count: 2,
            state: SeatState::Active,
            shown: None,
            wagers,
            acted: None,
        }
    }

    #[test]
    fn a_reraise_weighs_a_weak_guess_far_below_a_bet_and_a_strong_guess_not_at_all() {
        let bettor = seat("5h 3c 6d 9s", [1, 0, 0, 0, 0], 0);
        let raiser = seat("5h 3c 6d 9s", [1, 0, 0, 0, 2], 30);
        let caller = seat("2h Ks 5c 8d", [0, 0, 0, 0, 1], 20);
        let table = [raiser.clone(), caller.clone()];
        let read = Reading::of(&table[0], &table, Street::Seventh);
        let bet_read = Reading::of(&bettor, &[bettor.clone(), caller.clone()], Street::Seventh);
        let junk = Card::parse_many("Kd Qh Jc").unwrap();
        let aces = Card::parse_many("Ac 7s Ad").unwrap();
        let junk_after_raises = read.weight(Game::Stud8, &junk);
        assert!(junk_after_raises < bet_read.weight(Game::Stud8, &junk));
        assert!(junk_after_raises < 0.1, "{junk_after_raises}");
        assert_eq!(read.weight(Game::Stud8, &aces), 1.0);
    }

    #[test]
    fn a_player_who_only_checked_says_nothing() {
        let quiet = seat("5h 3c", [0, 0, 0, 0, 0], 0);
        let read = Reading::of(&quiet, &[quiet.clone(), quiet.clone()], Street::Fourth);
        assert!(read.is_silent());
        assert_eq!(
            read.weight(Game::Stud, &Card::parse_many("Kd Qh").unwrap()),
            1.0
        );
    }
}
