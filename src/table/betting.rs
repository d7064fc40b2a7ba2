//! One fixed-limit betting round: the bring-in or completion on third street, bets and
//! raises of the street's size (small or big at the bettor's choice on a fourth street with
//! an open pair under `open_pair_big_bet`), the raise cap with the heads-up exemption, short
//! all-ins under both `short_all_in` options and their completion, and when the round is over.
//!
//! Levels are street totals. `full_level` is the total of the last wager that counts as
//! full — a full bet, completion or raise, or a short all-in that counts as one under the
//! `short_all_in` option — and decides who may wager again, the cap, and the next wager:
//! always one full bet above `full_level`. When the highest bet is above it (an all-in that
//! does not count), that next wager COMPLETES the all-in rather than raising it (docs/RULES.md,
//! Raises; Robert's Rules, Betting and Raising, rule 6).
//!
//! Conventions shared with pokerkit where docs/RULES.md is silent: folding is not offered when
//! checking is free (nor to the bring-in player); no bet or raise is offered that no one
//! could answer with chips of their own.

use super::rules::{Rules, ShortAllIn, Stakes};
use super::seats::{MAX_SEATS, Seats};
use super::vocab::{ActionKind, LegalAction, SeatIndex, Street};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BettingRound {
    pub street: Street,
    /// The size of a full bet or raise now: the street's size, or the big bet once a big
    /// wager was made on an open-pair fourth street.
    pub bet_size: u64,
    /// The big bet while a bettor may still choose it over `bet_size` (an open-pair fourth
    /// street under `open_pair_big_bet`, before any big wager); 0 otherwise.
    big_choice: u64,
    /// An open-pair fourth street under `open_pair_big_bet`: a wager of the big amount is
    /// named `bet-big` / `raise-big` there, as it is chosen.
    open_pair_street: bool,
    bring_in: u64,
    /// Third street before anyone has brought in or completed.
    pub bring_in_pending: bool,
    /// The highest street total.
    pub current: u64,
    full_level: u64,
    /// Bets, completions and raises that count toward the cap.
    pub aggressions: u32,
    max_aggressions: u32,
    heads_up_uncapped: bool,
    short_all_in: ShortAllIn,
    /// The round began, or became, heads-up (two players not all-in) before the cap was
    /// reached.
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

/// The bet size of a street: the small bet on third and fourth, the big bet on fifth to
/// seventh. (An open pair on fourth street adds the big bet as a choice: [`BettingRound::new`].)
fn bet_size(street: Street, stakes: &Stakes) -> u64 {
    match street {
        Street::Third | Street::Fourth => stakes.small_bet,
        Street::Fifth | Street::Sixth | Street::Seventh | Street::Showdown => stakes.big_bet,
    }
}

impl BettingRound {
    /// Opens the round of `street`. `open_pair_choice`: fourth street with a pair showing
    /// under `open_pair_big_bet`, where each bettor chooses the small or the big amount.
    pub fn new(
        street: Street,
        stakes: &Stakes,
        rules: &Rules,
        seats: &Seats,
        first_to_act: Option<SeatIndex>,
        open_pair_choice: bool,
    ) -> BettingRound {
        let open_pair_street = open_pair_choice && street == Street::Fourth;
        BettingRound {
            street,
            bet_size: bet_size(street, stakes),
            big_choice: if open_pair_street { stakes.big_bet } else { 0 },
            open_pair_street,
            bring_in: stakes.bring_in,
            bring_in_pending: street == Street::Third,
            current: 0,
            full_level: 0,
            aggressions: 0,
            max_aggressions: rules.max_raises.saturating_add(1),
            heads_up_uncapped: rules.heads_up_uncapped,
            short_all_in: rules.short_all_in,
            heads_up_before_cap: seats.active_count() == 2,
            acted: [false; MAX_SEATS],
            full_level_when_acted: [0; MAX_SEATS],
            first_to_act,
            last_aggressor: None,
            any_action: false,
        }
    }

    /// The next wager of the round's size: one full bet above the last full wager. It
    /// completes the bring-in or an all-in that did not count, else it bets or raises (on an
    /// open-pair fourth street already gone big, the raise is of the big amount).
    fn wager_target(&self) -> (ActionKind, u64) {
        let total = self.full_level.saturating_add(self.bet_size);
        let kind = if self.current > self.full_level {
            ActionKind::Complete
        } else if self.current == 0 {
            ActionKind::Bet
        } else if self.open_pair_street && self.big_choice == 0 {
            ActionKind::RaiseBig
        } else {
            ActionKind::Raise
        };
        (kind, total)
    }

    /// The big wager a bettor may choose instead, while the open-pair choice is open: a big
    /// bet when no full wager was made yet (completing an all-in bet that did not count),
    /// else a big raise above the last full wager.
    fn big_wager_target(&self) -> Option<(ActionKind, u64)> {
        if self.big_choice == 0 {
            return None;
        }
        let kind = if self.full_level == 0 {
            ActionKind::BetBig
        } else {
            ActionKind::RaiseBig
        };
        Some((kind, self.full_level.saturating_add(self.big_choice)))
    }

    /// Whether `added` chips above the last full wager count as a full wager of `size`
    /// under the `short_all_in` option.
    fn counts_as_full(&self, added: u64, size: u64) -> bool {
        match self.short_all_in {
            ShortAllIn::HalfBet => added.saturating_mul(2) >= size,
            ShortAllIn::FullBet => added >= size,
        }
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
    /// Every seat is looked at, without stopping at the first: no branch to mispredict.
    fn bet_can_be_answered(&self, seats: &Seats, seat: SeatIndex) -> bool {
        (0..seats.count.min(MAX_SEATS)).fold(false, |any, s| {
            any | ((s != seat)
                & seats.is_active(s)
                & (seats.stack[s].saturating_add(seats.street_bet[s]) > self.current))
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
            let (_, complete_total) = self.wager_target();
            // docs/RULES.md: the bring-in player posts the bring-in or completes. A player who
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
        if stack <= to_call
            || !self.reopened_for(seat)
            || self.cap_reached()
            || !self.bet_can_be_answered(seats, seat)
        {
            return;
        }
        let (kind, total) = self.wager_target();
        let wager = priced(kind, total);
        set.push(wager);
        // The big amount only when it costs more than the small one: an all-in for the
        // same chips is one wager, not two.
        if let Some((kind, total)) = self.big_wager_target()
            && !wager.all_in
        {
            set.push(priced(kind, total));
        }
    }

    /// Applies an action already found by `legal_into(seats, seat, ..)`.
    pub fn apply(&mut self, seats: &mut Seats, seat: SeatIndex, action: LegalAction) {
        self.any_action = true;
        match action.kind {
            ActionKind::Fold => {
                seats.state[seat] = super::vocab::SeatState::Folded;
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
            ActionKind::Complete
            | ActionKind::Bet
            | ActionKind::Raise
            | ActionKind::BetBig
            | ActionKind::RaiseBig => {
                seats.pay(seat, action.chips, true);
                self.bring_in_pending = false;
                let total = seats.street_bet[seat];
                // Measured from the last full wager, so short all-ins add up (the bring-in
                // is not a bet: a completion is measured from nothing).
                let added = total.saturating_sub(self.full_level);
                self.current = self.current.max(total);
                self.last_aggressor = Some(seat);
                if self.counts_as_full(added, self.bet_size) {
                    // The first big wager that counts as a full big one makes every further
                    // raise big; one all-in short of that is a full small wager at its own
                    // amount. Once the round went big there is no choice left: the bet size
                    // stays the big bet.
                    let big = matches!(action.kind, ActionKind::BetBig | ActionKind::RaiseBig);
                    let choice_open = self.big_choice > 0;
                    if big && choice_open && self.counts_as_full(added, self.big_choice) {
                        self.bet_size = self.big_choice;
                        self.big_choice = 0;
                    }
                    self.count_full_bet(seat);
                }
            }
        }
        self.acted[seat] = true;
        self.full_level_when_acted[seat] = self.full_level;
        // Heads-up means two players not all-in (Robert's, Betting and Raising, rules 3-4):
        // only a fold or an all-in can bring the round down to two.
        let leaves_the_betting = action.kind == ActionKind::Fold || action.all_in;
        if leaves_the_betting
            && self.aggressions < self.max_aggressions
            && seats.active_count() == 2
        {
            self.heads_up_before_cap = true;
        }
    }

    fn count_full_bet(&mut self, seat: SeatIndex) {
        self.full_level = self.current;
        self.aggressions = self.aggressions.saturating_add(1);
        self.last_aggressor = Some(seat);
    }

    /// The next seat to act clockwise after `seat`, or `None` when the round is over: every
    /// seat with chips has acted and matched the bet, or at most one seat with chips is left
    /// and it owes nothing. This runs after every action: one pass over the seats gathers
    /// who has chips and who still has to act as bit sets, with no branch per seat.
    pub fn next_to_act(&self, seats: &Seats, seat: SeatIndex) -> Option<SeatIndex> {
        let mut active = 0u32;
        let mut to_act = 0u32;
        for s in 0..seats.count.min(MAX_SEATS) {
            let is_active = u32::from(seats.is_active(s));
            let owes = u32::from(!self.acted[s] | (seats.street_bet[s] < self.current));
            active |= is_active << s;
            to_act |= (is_active & owes) << s;
        }
        if active.count_ones() == 1 {
            let only_active = active.trailing_zeros() as usize;
            if seats.street_bet[only_active] >= self.current && !self.bring_in_pending {
                return None;
            }
        }
        // Clockwise after `seat`: the seats above it first, then from seat 0 round to it.
        let after = to_act & !((2u32 << seat.min(MAX_SEATS)) - 1);
        let next = if after != 0 { after } else { to_act };
        (next != 0).then(|| next.trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests;
