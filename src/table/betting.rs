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
mod tests {
    use super::*;
    use crate::table::vocab::SeatState;
    use ActionKind::{Bet, BetBig, BringIn, Call, Check, Complete, Fold, Raise, RaiseBig};

    const STAKES: Stakes = Stakes {
        ante: 1,
        bring_in: 2,
        small_bet: 5,
        big_bet: 10,
    };

    /// One betting round and its seats, and whose turn it is (`next_to_act` after the last
    /// action).
    struct Table {
        round: BettingRound,
        seats: Seats,
        turn: Option<SeatIndex>,
    }

    impl Table {
        fn with(street: Street, stacks: &[u64], rules: Rules, stakes: Stakes) -> Table {
            Table::opened(street, stacks, rules, stakes, false, 0)
        }

        fn opened(
            street: Street,
            stacks: &[u64],
            rules: Rules,
            stakes: Stakes,
            open_pair: bool,
            first: SeatIndex,
        ) -> Table {
            let seats = Seats::new(stacks);
            let round = BettingRound::new(street, &stakes, &rules, &seats, Some(first), open_pair);
            Table {
                round,
                seats,
                turn: Some(first),
            }
        }

        fn new(street: Street, stacks: &[u64]) -> Table {
            Table::with(street, stacks, Rules::default(), STAKES)
        }

        fn starting_at(street: Street, stacks: &[u64], first: SeatIndex) -> Table {
            Table::opened(street, stacks, Rules::default(), STAKES, false, first)
        }

        fn set(&self, seat: SeatIndex) -> LegalSet {
            let mut set = LegalSet::empty();
            self.round.legal_into(&self.seats, seat, &mut set);
            set
        }

        fn legal(&self, seat: SeatIndex) -> Offered {
            self.set(seat).iter().map(|a| (a.kind, a.total)).collect()
        }

        fn legal_now(&self) -> Offered {
            self.legal(self.turn.expect("a seat to act"))
        }

        fn action(&self, kind: ActionKind) -> LegalAction {
            let seat = self.turn.expect("a seat to act");
            let set = self.set(seat);
            set.find(kind).unwrap_or_else(|| {
                panic!(
                    "seat {seat} may not {kind:?}: {:?}",
                    set.iter().collect::<Vec<_>>()
                )
            })
        }

        /// The seat whose turn it is takes `kind`; returns who acts next.
        fn act(&mut self, kind: ActionKind) -> Option<SeatIndex> {
            let seat = self.turn.expect("a seat to act");
            let action = self.action(kind);
            self.round.apply(&mut self.seats, seat, action);
            self.turn = self.round.next_to_act(&self.seats, seat);
            self.turn
        }

        fn all_in_before(&mut self, seat: SeatIndex) {
            self.seats.stack[seat] = 0;
            self.seats.state[seat] = SeatState::AllIn;
        }
    }

    #[test]
    fn the_bring_in_player_posts_the_bring_in_or_completes_and_the_next_completes_or_calls() {
        let mut table = Table::new(Street::Third, &[100, 100, 100]);
        assert_eq!(table.legal_now(), vec![(BringIn, 2), (Complete, 5)]);
        assert_eq!(table.act(BringIn), Some(1));
        assert_eq!(table.legal_now(), vec![(Fold, 0), (Call, 2), (Complete, 5)]);
        assert_eq!(table.act(Complete), Some(2));
        assert_eq!(table.legal_now(), vec![(Fold, 0), (Call, 5), (Raise, 10)]);
        assert_eq!(table.act(Call), Some(0));
        assert_eq!(table.legal_now(), vec![(Fold, 2), (Call, 5), (Raise, 10)]);
        let call = table.action(Call);
        assert_eq!((call.chips, call.total, call.all_in), (3, 5, false));
        assert_eq!(table.act(Call), None);
        assert_eq!(table.seats.street_bet[..3], [5, 5, 5]);
    }

    #[test]
    fn a_bring_in_player_who_cannot_cover_more_than_the_bring_in_only_posts_it() {
        let table = Table::new(Street::Third, &[2, 100, 100]);
        assert_eq!(table.legal_now(), vec![(BringIn, 2)]);
        assert!(table.action(BringIn).all_in);
        // One chip more: the completion is open, all-in for what the player has.
        let table = Table::new(Street::Third, &[3, 100, 100]);
        assert_eq!(table.legal_now(), vec![(BringIn, 2), (Complete, 3)]);
        assert!(!table.action(BringIn).all_in);
        assert!(table.action(Complete).all_in);
    }

    #[test]
    fn a_bring_in_as_large_as_the_small_bet_is_the_completion() {
        let stakes = Stakes {
            bring_in: 5,
            ..STAKES
        };
        let mut table = Table::with(Street::Third, &[100, 100, 100], Rules::default(), stakes);
        assert_eq!(table.legal_now(), vec![(BringIn, 5)]);
        table.act(BringIn);
        assert_eq!(table.legal_now(), vec![(Fold, 0), (Call, 5), (Raise, 10)]);
    }

    #[test]
    fn no_completion_is_offered_that_no_one_could_answer_and_the_bring_in_is_still_owed() {
        // Seats 1 and 2 went all-in with their antes.
        let mut table = Table::new(Street::Third, &[100, 1, 1]);
        table.all_in_before(1);
        table.all_in_before(2);
        assert_eq!(table.round.next_to_act(&table.seats, 2), Some(0));
        assert_eq!(table.legal_now(), vec![(BringIn, 2)]);
        assert_eq!(table.act(BringIn), None);
    }

    #[test]
    fn bets_are_the_small_bet_on_fourth_street_and_the_big_bet_after() {
        for (street, size) in [
            (Street::Fourth, 5),
            (Street::Fifth, 10),
            (Street::Sixth, 10),
            (Street::Seventh, 10),
        ] {
            let mut table = Table::new(street, &[100, 100, 100]);
            assert_eq!(
                table.legal_now(),
                vec![(Check, 0), (Bet, size)],
                "{street:?}"
            );
            table.act(Bet);
            assert_eq!(
                table.legal_now(),
                vec![(Fold, 0), (Call, size), (Raise, 2 * size)],
                "{street:?}"
            );
        }
    }

    #[test]
    fn a_round_checked_around_ends_after_the_last_seat_wrapping_past_the_first() {
        let mut table = Table::starting_at(Street::Fourth, &[100; 4], 2);
        assert_eq!(table.act(Check), Some(3));
        assert_eq!(table.act(Check), Some(0));
        assert_eq!(table.act(Check), Some(1));
        assert_eq!(table.act(Check), None);
    }

    #[test]
    fn a_raise_gives_the_seats_that_acted_their_turn_again_in_order() {
        let mut table = Table::starting_at(Street::Fifth, &[100; 4], 1);
        assert_eq!(table.act(Bet), Some(2));
        assert_eq!(table.act(Call), Some(3));
        assert_eq!(table.act(Raise), Some(0));
        assert_eq!(table.act(Call), Some(1));
        assert_eq!(table.legal_now(), vec![(Fold, 10), (Call, 20), (Raise, 30)]);
        assert_eq!(table.act(Call), Some(2));
        assert_eq!(table.act(Call), None);
    }

    #[test]
    fn folded_and_all_in_seats_neither_act_nor_are_waited_for() {
        let mut table = Table::new(Street::Fourth, &[100; 4]);
        table.seats.state[1] = SeatState::Folded;
        table.all_in_before(3);
        assert_eq!(table.legal(1), vec![]);
        assert_eq!(table.legal(3), vec![]);
        assert_eq!(table.legal(4), vec![]);
        assert_eq!(table.act(Check), Some(2));
        assert_eq!(table.act(Check), None);
    }

    #[test]
    fn the_last_seat_with_chips_acts_only_when_it_owes() {
        // The others went all-in on an earlier street: nothing to do.
        let mut table = Table::new(Street::Fourth, &[100, 0, 0]);
        table.all_in_before(1);
        table.all_in_before(2);
        assert_eq!(table.round.next_to_act(&table.seats, 2), None);
        // Seat 1 goes all-in betting its 4: seat 0 owes them, and can only call.
        let mut table = Table::new(Street::Fourth, &[100, 4, 0]);
        table.all_in_before(2);
        assert_eq!(table.act(Check), Some(1));
        assert_eq!(table.legal_now(), vec![(Check, 0), (Bet, 4)]);
        assert!(table.action(Bet).all_in);
        assert_eq!(table.act(Bet), Some(0));
        assert_eq!(table.legal_now(), vec![(Fold, 0), (Call, 4)]);
        assert_eq!(table.act(Call), None);
    }

    #[test]
    fn no_raise_is_offered_when_the_only_other_player_can_just_call() {
        // Seat 0 bets its last 10; seat 2 has exactly 10: seat 1 may only call or fold.
        let mut table = Table::starting_at(Street::Fifth, &[10, 100, 10], 2);
        assert_eq!(table.act(Check), Some(0));
        assert_eq!(table.act(Bet), Some(1));
        assert_eq!(table.legal_now(), vec![(Fold, 0), (Call, 10)]);
        // One chip more behind seat 2: the raise is open.
        let mut table = Table::starting_at(Street::Fifth, &[10, 100, 11], 2);
        table.act(Check);
        table.act(Bet);
        assert_eq!(table.legal_now(), vec![(Fold, 0), (Call, 10), (Raise, 20)]);
    }

    #[test]
    fn the_cap_stops_the_raises_three_handed_after_a_bet_and_three_raises() {
        let mut table = Table::new(Street::Fifth, &[100; 3]);
        for kind in [Bet, Raise, Raise] {
            table.act(kind);
        }
        assert_eq!(table.legal_now(), vec![(Fold, 10), (Call, 30), (Raise, 40)]);
        table.act(Raise);
        assert_eq!(table.legal_now(), vec![(Fold, 20), (Call, 40)]);
    }

    #[test]
    fn heads_up_the_raises_are_not_capped_unless_the_option_is_off() {
        let mut table = Table::new(Street::Fifth, &[100; 2]);
        for kind in [Bet, Raise, Raise, Raise] {
            table.act(kind);
        }
        assert_eq!(table.legal_now(), vec![(Fold, 30), (Call, 40), (Raise, 50)]);
        let capped = Rules {
            heads_up_uncapped: false,
            ..Rules::default()
        };
        let mut table = Table::with(Street::Fifth, &[100; 2], capped, STAKES);
        for kind in [Bet, Raise, Raise, Raise] {
            table.act(kind);
        }
        assert_eq!(table.legal_now(), vec![(Fold, 30), (Call, 40)]);
    }

    #[test]
    fn a_fold_before_the_cap_leaves_two_players_uncapped() {
        let mut table = Table::new(Street::Fifth, &[100; 3]);
        for kind in [Bet, Raise, Raise, Fold] {
            table.act(kind);
        }
        // The fourth wager reaches the cap, but the round went heads-up before it.
        assert_eq!(table.act(Raise), Some(2));
        assert_eq!(table.legal_now(), vec![(Fold, 30), (Call, 40), (Raise, 50)]);
    }

    #[test]
    fn a_fold_after_the_cap_leaves_the_round_capped() {
        let mut table = Table::new(Street::Fifth, &[100; 3]);
        for kind in [Bet, Raise, Raise, Raise, Fold] {
            table.act(kind);
        }
        assert_eq!(table.turn, Some(2));
        assert_eq!(table.legal_now(), vec![(Fold, 30), (Call, 40)]);
    }

    #[test]
    fn a_fold_that_leaves_three_players_leaves_the_cap() {
        let mut table = Table::new(Street::Fifth, &[100; 4]);
        for kind in [Bet, Fold, Raise, Raise, Raise] {
            table.act(kind);
        }
        assert_eq!(table.turn, Some(2));
        assert_eq!(table.legal_now(), vec![(Fold, 20), (Call, 40)]);
    }

    /// The actions one seat was offered, with their street totals.
    type Offered = Vec<(ActionKind, u64)>;

    /// Fourth street: seat 0 bets 5, seat 1 raises all-in with `stack`, seat 2 calls; what
    /// seat 2 was offered, and then seat 0.
    fn short_all_in_raise(short_all_in: ShortAllIn, stack: u64) -> (Offered, Offered) {
        let rules = Rules {
            short_all_in,
            ..Rules::default()
        };
        let mut table = Table::with(Street::Fourth, &[100, stack, 100], rules, STAKES);
        table.act(Bet);
        assert_eq!(table.action(Raise).total, stack.min(10));
        table.act(Raise);
        let third = table.legal_now();
        table.act(Call);
        (third, table.legal_now())
    }

    #[test]
    fn under_half_bet_an_all_in_raise_of_half_a_bet_or_more_reopens_the_betting() {
        // 3 over the bet of 5: half a bet or more, a raise; the next raise is to 13.
        assert_eq!(
            short_all_in_raise(ShortAllIn::HalfBet, 8),
            (
                vec![(Fold, 0), (Call, 8), (Raise, 13)],
                vec![(Fold, 5), (Call, 8), (Raise, 13)]
            )
        );
        // 2 over: the next wager completes it to 10, and the bettor can only call.
        assert_eq!(
            short_all_in_raise(ShortAllIn::HalfBet, 7),
            (
                vec![(Fold, 0), (Call, 7), (Complete, 10)],
                vec![(Fold, 5), (Call, 7)]
            )
        );
    }

    #[test]
    fn under_full_bet_only_an_all_in_raise_of_a_full_bet_reopens_the_betting() {
        assert_eq!(
            short_all_in_raise(ShortAllIn::FullBet, 9),
            (
                vec![(Fold, 0), (Call, 9), (Complete, 10)],
                vec![(Fold, 5), (Call, 9)]
            )
        );
        assert_eq!(
            short_all_in_raise(ShortAllIn::FullBet, 10),
            (
                vec![(Fold, 0), (Call, 10), (Raise, 15)],
                vec![(Fold, 5), (Call, 10), (Raise, 15)]
            )
        );
    }

    fn open_pair(stacks: &[u64]) -> Table {
        Table::opened(Street::Fourth, stacks, Rules::default(), STAKES, true, 0)
    }

    #[test]
    fn on_an_open_pair_fourth_street_each_bettor_chooses_the_small_or_the_big_bet() {
        let mut table = open_pair(&[100; 3]);
        assert_eq!(table.legal_now(), vec![(Check, 0), (Bet, 5), (BetBig, 10)]);
        table.act(Bet);
        let small_then_big = vec![(Fold, 0), (Call, 5), (Raise, 10), (RaiseBig, 15)];
        assert_eq!(table.legal_now(), small_then_big);
        table.act(Raise);
        let raised = vec![(Fold, 0), (Call, 10), (Raise, 15), (RaiseBig, 20)];
        assert_eq!(table.legal_now(), raised);
        // Once big, every further raise is big: no choice left.
        table.act(RaiseBig);
        assert_eq!(
            table.legal_now(),
            vec![(Fold, 5), (Call, 20), (RaiseBig, 30)]
        );
    }

    #[test]
    fn on_an_open_pair_fourth_street_a_big_bet_makes_every_raise_big() {
        let mut table = open_pair(&[100; 3]);
        table.act(BetBig);
        assert_eq!(
            table.legal_now(),
            vec![(Fold, 0), (Call, 10), (RaiseBig, 20)]
        );
        table.act(RaiseBig);
        assert_eq!(
            table.legal_now(),
            vec![(Fold, 0), (Call, 20), (RaiseBig, 30)]
        );
    }

    #[test]
    fn on_an_open_pair_fourth_street_an_all_in_small_bet_is_the_only_wager() {
        let table = open_pair(&[5, 100, 100]);
        assert_eq!(table.legal_now(), vec![(Check, 0), (Bet, 5)]);
    }

    #[test]
    fn legal_sets_are_equal_when_the_same_actions_are_open_whatever_they_held_before() {
        let mut table = Table::new(Street::Fourth, &[100; 3]);
        let opening = table.set(0);
        table.act(Bet);
        let mut reused = table.set(1);
        assert_eq!(reused.iter().count(), 3);
        let fresh = Table::new(Street::Fourth, &[100; 3]);
        fresh.round.legal_into(&fresh.seats, 0, &mut reused);
        assert_eq!(reused, opening);
        assert_ne!(opening, table.set(1));
        assert_ne!(opening, LegalSet::empty());
        assert_eq!(LegalSet::empty(), LegalSet::empty());
        assert_eq!(opening.find(Bet).map(|a| a.total), Some(5));
        assert_eq!(opening.find(Call), None);
    }
}
