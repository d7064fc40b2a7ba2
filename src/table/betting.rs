//! One fixed-limit betting round: the bring-in or completion on third street, bets and
//! raises of the street's size, the raise cap with the heads-up exemption, short all-ins
//! under both `short_all_in` options, and when the round is over.
//!
//! Levels are street totals. A bet or raise is always a full bet on top of the highest bet
//! so far (a player short of it goes all-in for less). `full_level` is the total of the last
//! bet that counts as full — a full bet, completion or raise, or a short all-in that counts
//! as one under the `short_all_in` option — and decides who may raise again and the cap.
//!
//! Conventions shared with pokerkit where RULES.md is silent: folding is not offered when
//! checking is free (nor to the bring-in player); no bet or raise is offered that no one
//! could answer with chips of their own; after a short all-in wager the next raise is a full
//! bet on top of it.

use super::hand::{ActionKind, LegalAction, SeatIndex, Street};
use super::rules::{Rules, ShortAllIn, Stakes};
use super::seats::{MAX_SEATS, Seats};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BettingRound {
    pub street: Street,
    /// The bet and raise size of this street.
    pub bet_size: u64,
    bring_in: u64,
    /// Third street before anyone has brought in or completed.
    pub bring_in_pending: bool,
    /// The highest street total.
    pub current: u64,
    full_level: u64,
    /// Someone completed, bet or raised (fully or all-in short) this round.
    any_aggression: bool,
    /// Bets, completions and raises that count toward the cap.
    pub aggressions: u32,
    max_aggressions: u32,
    heads_up_uncapped: bool,
    short_all_in: ShortAllIn,
    /// The round began, or became, heads-up before the cap was reached.
    heads_up_before_cap: bool,
    acted: [bool; MAX_SEATS],
    /// `full_level` when the seat last acted.
    full_level_when_acted: [u64; MAX_SEATS],
    pub first_to_act: Option<SeatIndex>,
    pub last_aggressor: Option<SeatIndex>,
    /// Whether anyone acted in this round.
    pub any_action: bool,
}

/// The actions open to one seat: at most fold, check or call, and one bet-like action.
#[derive(Debug, Clone, Copy)]
pub struct LegalSet {
    actions: [LegalAction; 4],
    len: u8,
}

/// Equal when the same actions are open: slots past `len` are leftovers, never compared.
impl PartialEq for LegalSet {
    fn eq(&self, other: &LegalSet) -> bool {
        self.actions[..usize::from(self.len)] == other.actions[..usize::from(other.len)]
    }
}

impl Eq for LegalSet {}

const NO_ACTION: LegalAction = LegalAction {
    kind: ActionKind::Fold,
    chips: 0,
    total: 0,
    all_in: false,
};

impl LegalSet {
    pub fn empty() -> LegalSet {
        LegalSet {
            actions: [NO_ACTION; 4],
            len: 0,
        }
    }

    /// Forgets every action. The slots keep their old contents: only `len` of them count,
    /// and filling a set in place spares rewriting all four after every action.
    fn clear(&mut self) {
        self.len = 0;
    }

    fn push(&mut self, action: LegalAction) {
        if let Some(slot) = self.actions.get_mut(usize::from(self.len)) {
            *slot = action;
            self.len += 1;
        }
    }

    pub fn find(&self, kind: ActionKind) -> Option<LegalAction> {
        self.iter().find(|action| action.kind == kind)
    }

    pub fn iter(&self) -> impl Iterator<Item = LegalAction> + '_ {
        self.actions[..usize::from(self.len)].iter().copied()
    }
}

/// The bet size of a street: the small bet on third and fourth (the big bet on fourth with
/// an open pair when `open_pair_big_bet` is on), the big bet on fifth to seventh.
pub fn bet_size(street: Street, stakes: &Stakes, open_pair_on_fourth: bool) -> u64 {
    match street {
        Street::Third => stakes.small_bet,
        Street::Fourth if open_pair_on_fourth => stakes.big_bet,
        Street::Fourth => stakes.small_bet,
        Street::Fifth | Street::Sixth | Street::Seventh | Street::Showdown => stakes.big_bet,
    }
}

impl BettingRound {
    pub fn new(
        street: Street,
        bet_size: u64,
        stakes: &Stakes,
        rules: &Rules,
        seats: &Seats,
        first_to_act: Option<SeatIndex>,
    ) -> BettingRound {
        BettingRound {
            street,
            bet_size,
            bring_in: stakes.bring_in,
            bring_in_pending: street == Street::Third,
            current: 0,
            full_level: 0,
            any_aggression: false,
            aggressions: 0,
            max_aggressions: rules.max_raises.saturating_add(1),
            heads_up_uncapped: rules.heads_up_uncapped,
            short_all_in: rules.short_all_in,
            heads_up_before_cap: seats.live_count() == 2,
            acted: [false; MAX_SEATS],
            full_level_when_acted: [0; MAX_SEATS],
            first_to_act,
            last_aggressor: None,
            any_action: false,
        }
    }

    /// The kind and street total of the next bet-like action: completing the bring-in to
    /// the small bet, or a full bet on top of the highest bet so far.
    fn aggressive_target(&self) -> (ActionKind, u64) {
        let facing_only_bring_in = self.street == Street::Third && !self.any_aggression;
        if facing_only_bring_in && self.current < self.bet_size {
            return (ActionKind::Complete, self.bet_size);
        }
        if self.current == 0 {
            return (ActionKind::Bet, self.bet_size);
        }
        (
            ActionKind::Raise,
            self.current.saturating_add(self.bet_size),
        )
    }

    fn cap_reached(&self) -> bool {
        let exempt = self.heads_up_uncapped && self.heads_up_before_cap;
        !exempt && self.aggressions >= self.max_aggressions
    }

    /// Whether a seat that already acted may bet again: only when a bet that counts as full
    /// was made since (what counts as full is the `short_all_in` option's business).
    fn reopened_for(&self, seat: SeatIndex) -> bool {
        !self.acted[seat] || self.full_level > self.full_level_when_acted[seat]
    }

    /// Whether anyone else could still answer a bet from `seat` with chips of their own.
    fn bet_can_be_answered(&self, seats: &Seats, seat: SeatIndex) -> bool {
        (0..seats.count).any(|s| {
            s != seat
                && seats.is_active(s)
                && seats.stack[s].saturating_add(seats.street_bet[s]) > self.current
        })
    }

    /// The legal actions of `seat`, written into `set` in place: the hand refreshes them
    /// after every action, and filling its set spares building and copying a new one.
    pub fn legal_into(&self, seats: &Seats, seat: SeatIndex, set: &mut LegalSet) {
        set.clear();
        if seat >= seats.count || !seats.is_active(seat) {
            return;
        }
        let stack = seats.stack[seat];
        let bet = seats.street_bet[seat];
        let priced = |kind: ActionKind, total: u64| {
            let chips = total.saturating_sub(bet).min(stack);
            LegalAction {
                kind,
                chips,
                total: bet + chips,
                all_in: chips == stack,
            }
        };
        if self.bring_in_pending {
            let bring_in = priced(ActionKind::BringIn, self.bring_in);
            set.push(bring_in);
            let (_, complete_total) = self.aggressive_target();
            // RULES.md: the bring-in player posts the bring-in or completes. A player who
            // cannot cover more than the bring-in can only post it (all-in): a "completion"
            // for the same chips would turn the next player's completion into a raise.
            // (pokerkit accepts that completion; its fixture avoids the spot.)
            let bring_in_chips = self.bring_in.saturating_sub(bet);
            if complete_total > self.bring_in
                && stack > bring_in_chips
                && !self.cap_reached()
                && self.bet_can_be_answered(seats, seat)
            {
                set.push(priced(ActionKind::Complete, complete_total));
            }
            return;
        }
        let to_call = self.current.saturating_sub(bet);
        if to_call == 0 {
            set.push(priced(ActionKind::Check, bet));
        } else {
            set.push(priced(ActionKind::Fold, bet));
            set.push(priced(ActionKind::Call, self.current));
        }
        let (kind, total) = self.aggressive_target();
        if stack > to_call
            && total > self.current
            && self.reopened_for(seat)
            && !self.cap_reached()
            && self.bet_can_be_answered(seats, seat)
        {
            set.push(priced(kind, total));
        }
    }

    /// Applies an action already found by `legal_into(seats, seat, ..)`.
    pub fn apply(&mut self, seats: &mut Seats, seat: SeatIndex, action: LegalAction) {
        self.any_action = true;
        match action.kind {
            ActionKind::Fold => {
                seats.state[seat] = super::hand::SeatState::Folded;
                if seats.live_count() == 2 && self.aggressions < self.max_aggressions {
                    self.heads_up_before_cap = true;
                }
            }
            ActionKind::Check | ActionKind::Call => {
                seats.pay(seat, action.chips, true);
            }
            ActionKind::BringIn => {
                seats.pay(seat, action.chips, true);
                self.bring_in_pending = false;
                self.current = self.current.max(seats.street_bet[seat]);
                // A bring-in as large as the small bet is the completion itself.
                if self.current >= self.bet_size {
                    self.count_full_bet(seat);
                }
            }
            ActionKind::Complete | ActionKind::Bet | ActionKind::Raise => {
                seats.pay(seat, action.chips, true);
                self.bring_in_pending = false;
                let total = seats.street_bet[seat];
                // Measured from the last full bet, so short all-ins add up (the bring-in is
                // not a bet: a completion is measured from nothing).
                let added = total.saturating_sub(self.full_level);
                let counts_as_full = match self.short_all_in {
                    ShortAllIn::HalfBet => added.saturating_mul(2) >= self.bet_size,
                    ShortAllIn::FullBet => added >= self.bet_size,
                };
                self.current = self.current.max(total);
                self.any_aggression = true;
                self.last_aggressor = Some(seat);
                if counts_as_full {
                    self.count_full_bet(seat);
                }
            }
        }
        self.acted[seat] = true;
        self.full_level_when_acted[seat] = self.full_level;
    }

    fn count_full_bet(&mut self, seat: SeatIndex) {
        self.full_level = self.current;
        self.aggressions = self.aggressions.saturating_add(1);
        self.last_aggressor = Some(seat);
    }

    /// The next seat to act clockwise after `seat`, or `None` when the round is over: every
    /// seat with chips has acted and matched the bet, or at most one seat with chips is left
    /// and it owes nothing. One pass over the seats: this runs after every action.
    pub fn next_to_act(&self, seats: &Seats, seat: SeatIndex) -> Option<SeatIndex> {
        let mut next = None;
        let mut active = 0;
        let mut only_active = 0;
        let count = seats.count;
        let mut s = seat;
        for _ in 0..count {
            s += 1;
            if s >= count {
                s = 0;
            }
            if !seats.is_active(s) {
                continue;
            }
            active += 1;
            only_active = s;
            if next.is_none() && (!self.acted[s] || seats.street_bet[s] < self.current) {
                next = Some(s);
            }
        }
        let lone_player_owes_nothing =
            active == 1 && seats.street_bet[only_active] >= self.current && !self.bring_in_pending;
        if lone_player_owes_nothing { None } else { next }
    }
}
