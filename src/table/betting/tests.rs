//! Tests of the betting rules in `betting.rs`, each named after the rule it proves.

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
