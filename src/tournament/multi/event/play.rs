//! An event's play, table by table: what a table deals next on the clock, tidying the seats
//! between hands (late registration closing, tables breaking, the final table's draw,
//! balancing), recording a hand's end, and the rounds of hand-for-hand on the bubble.

use super::Event;
use crate::table::{Game, MIX_ORDER, Rules, Stakes};
use crate::tournament::Finish;
use crate::tournament::multi::clock::{ClockAt, clock_at};
use crate::tournament::multi::hands::{
    HandForHand, HandResult, HandToDeal, Recorded, Tidied, Turn, Wait,
};
use crate::tournament::multi::seating::EventTable;
use crate::tournament::multi::settings::EventError;

impl Event {
    /// Where the clock stands.
    pub fn clock_at(&self, clock: u64) -> ClockAt {
        clock_at(&self.settings.structure, self.settings.breaks, clock)
    }

    pub(super) fn game_of_level(&self, level: usize) -> Game {
        match self.settings.game.fixed() {
            Some(game) => game,
            None => MIX_ORDER[level % MIX_ORDER.len()],
        }
    }

    pub(super) fn stakes_of_level(&self, level: usize) -> Stakes {
        let levels = self.settings.structure.levels();
        levels
            .get(level)
            .or(levels.last())
            .map(|level| level.stakes)
            .unwrap_or_default()
    }

    /// The rules of a hand of `game`: the event's, capped unless it is down to two players.
    fn rules_of_hand(&self, game: Game) -> Rules {
        Rules {
            heads_up_uncapped: self.field.players_left() <= 2,
            open_pair_big_bet: self.settings.rules.open_pair_big_bet
                && game.has_open_pair_big_bet(),
            ..self.settings.rules
        }
    }

    /// What table `table` deals now, or why it waits. Changes nothing (see [`Event::deal`]).
    pub fn turn(&self, table: u32, clock: u64) -> Turn {
        if self.is_over() {
            return Turn::Wait(Wait::Over);
        }
        let Some(at_table) = self.seating.table(table) else {
            return Turn::Wait(Wait::NoTable);
        };
        if self.dealing.contains_key(&table) {
            return Turn::Wait(Wait::Dealing);
        }
        let at = self.clock_at(clock);
        if at.on_break {
            return Turn::Wait(Wait::Break {
                until: at.next_change,
            });
        }
        let round = match &self.hand_for_hand {
            // A round under way is played out at every table as seated when it began, a table
            // due to break or the final table's draw included: nobody moves during a round.
            Some(round) if self.round_under_way() => {
                if round.recorded.contains(&table) {
                    return Turn::Wait(Wait::HandForHand);
                }
                Some(round.round)
            }
            // A round begins once every hand begun before it is over and the seats are
            // settled (no table to break, no final table to draw, no table to balance).
            Some(round) => {
                let begun_before = !self.dealing.is_empty();
                if begun_before || !self.seating.settled() {
                    return Turn::Wait(Wait::HandForHand);
                }
                Some(round.round)
            }
            None => {
                if self.seating.final_table_due() {
                    return Turn::Wait(Wait::FinalTable);
                }
                if self.seating.table_to_break() == Some(table) {
                    return Turn::Wait(Wait::Breaking);
                }
                None
            }
        };
        let seats = at_table.deal_order();
        if seats.len() < 2 {
            return Turn::Wait(Wait::Players);
        }
        let game = self.game_of_level(at.level);
        Turn::Deal(Box::new(HandToDeal {
            table,
            number: at_table.hands().saturating_add(1),
            stacks: seats
                .iter()
                .map(|&(_, entry)| self.field.stack(entry))
                .collect(),
            seats,
            game,
            level: at.level,
            stakes: self.stakes_of_level(at.level),
            rules: self.rules_of_hand(game),
            round,
        }))
    }

    /// [`Event::turn`], marking the table as playing the hand it is given (the caller's mark,
    /// cleared when the hand is recorded or [`Event::abandon`]ed).
    pub fn deal(&mut self, table: u32, clock: u64) -> Turn {
        let turn = self.turn(table, clock);
        if let Turn::Deal(hand) = &turn {
            self.dealing.insert(table, hand.round);
        }
        turn
    }

    /// The hand table `table` was dealing will not be recorded (the table stopped): it deals
    /// it again from its start.
    pub fn abandon(&mut self, table: u32) {
        self.dealing.remove(&table);
    }

    /// Whether a round of hand-for-hand is under way: a table is dealing its hand, has
    /// finished it, or a player is out in it.
    pub fn round_under_way(&self) -> bool {
        self.hand_for_hand.as_ref().is_some_and(|round| {
            round.recorded_any()
                || self
                    .dealing
                    .values()
                    .any(|dealt| *dealt == Some(round.round))
        })
    }

    /// The tables playing a hand now (the caller's marks).
    pub fn tables_dealing(&self) -> impl Iterator<Item = u32> + '_ {
        self.dealing.keys().copied()
    }

    /// Between hands of the tables `idle` (every table between hands when `all_idle`): closes
    /// late registration if due, breaks the table due to break if it is idle, draws the final
    /// table when it is due and every table is idle, and balances from each idle table. During
    /// hand-for-hand the seats change only between rounds with every table idle, so no one
    /// moves during a round. What it does depends on its arguments and the record alone (not
    /// on [`Event::deal`]'s marks), so a copy given the same calls changes the same way.
    pub fn tidy(&mut self, idle: &[u32], all_idle: bool, clock: u64) -> Tidied {
        let mut tidied = Tidied::default();
        if self.is_over() {
            return tidied;
        }
        tidied.finishes = self.close_registration_if_due(clock);
        if self
            .hand_for_hand
            .as_ref()
            .is_some_and(|round| round.recorded_any() || !all_idle)
        {
            return tidied;
        }
        let open_before = self.seating.numbers();
        let all_tables;
        let idle = if all_idle {
            all_tables = open_before.clone();
            &all_tables
        } else {
            idle
        };
        loop {
            if self.seating.final_table_due() {
                if all_idle {
                    let mut rng = self.next_rng();
                    tidied
                        .changes
                        .extend(self.seating.draw_final_table(&mut rng));
                }
                break;
            }
            match self.seating.table_to_break() {
                Some(breaking) if idle.contains(&breaking) => {
                    let mut rng = self.next_rng();
                    match self.seating.break_table(breaking, &mut rng) {
                        Some(broken) => tidied.changes.push(broken),
                        None => break,
                    }
                }
                _ => break,
            }
        }
        loop {
            let mut moved = false;
            for &table in idle {
                let balanced = self.seating.balance_from(table);
                moved |= !balanced.is_empty();
                tidied.changes.extend(balanced);
            }
            if !moved {
                break;
            }
        }
        for change in &tidied.changes {
            tidied.closed.extend(change.tables_closed(&open_before));
            self.moves += change
                .moves()
                .iter()
                .filter(|moved| moved.from.is_some_and(|(from, _)| from != moved.to.0))
                .count() as u64;
        }
        for closed in &tidied.closed {
            self.dealing.remove(closed);
        }
        // Moves can make a table bigger, and so bring the money within one hand.
        tidied
            .finishes
            .extend(self.close_registration_if_due(clock));
        self.refresh_hand_for_hand();
        tidied
    }

    /// Records the hand `hand` describes: the stacks its players ended with, the chairs of
    /// those with none opening, their places decided now (with the prizes of those places) or,
    /// during late registration, when it closes; in hand-for-hand, once the round is over.
    /// A hand recorded before is answered `already` with nothing changed; one out of turn, or
    /// whose players or chips do not fit the table, is refused, changing nothing.
    pub fn record_hand(&mut self, hand: &HandResult, clock: u64) -> Result<Recorded, EventError> {
        if self.is_over() {
            return Err(EventError::Over);
        }
        let Some(table) = self.seating.table(hand.table) else {
            return Err(EventError::NoSuchTable(hand.table));
        };
        let next = table.hands().saturating_add(1);
        if hand.number < next {
            return Ok(Recorded {
                already: true,
                ..Recorded::default()
            });
        }
        if hand.number > next {
            return Err(EventError::HandOutOfTurn {
                table: hand.table,
                hand: hand.number,
                next,
            });
        }
        let (first_chair, before) = self.fits_the_table(table, hand)?;
        let mut busted = Vec::new();
        let mut group = Vec::new();
        for (index, &entry) in hand.dealt.iter().enumerate() {
            self.field.set_stack(entry, hand.final_stacks[index]);
            if hand.final_stacks[index] == 0 {
                busted.push(entry);
                group.push((entry, before[index]));
            }
        }
        self.seating.hand_played(hand.table, first_chair, &busted);
        self.hands = self.hands.saturating_add(1);
        self.dealing.remove(&hand.table);
        let was_hand_for_hand = self.hand_for_hand.is_some();
        let mut finishes = Vec::new();
        match (&mut self.hand_for_hand, hand.round) {
            (Some(round), Some(number)) if round.round == number => {
                if !round.recorded.contains(&hand.table) {
                    round.recorded.push(hand.table);
                }
                round.busts.extend(group);
                finishes.extend(self.end_round_if_over());
            }
            _ => finishes.extend(self.field.out(group, self.hands)),
        }
        finishes.extend(self.close_registration_if_due(clock));
        self.refresh_hand_for_hand();
        Ok(Recorded {
            already: false,
            busted,
            finishes,
            hand_for_hand_changed: was_hand_for_hand != self.hand_for_hand.is_some(),
        })
    }

    /// The first chair dealt and the stacks the players of `hand` began with, or why the hand
    /// does not fit `table`: players and stacks unmatched, a player not seated there or dealt
    /// twice, a player out dealt, chips appearing or vanishing.
    fn fits_the_table(
        &self,
        table: &EventTable,
        hand: &HandResult,
    ) -> Result<(usize, Vec<u64>), EventError> {
        let refuse = |why: &str| EventError::HandRefused {
            table: hand.table,
            why: why.to_string(),
        };
        if hand.dealt.len() < 2 || hand.dealt.len() != hand.final_stacks.len() {
            return Err(refuse("players and stacks do not match"));
        }
        let mut chairs = Vec::with_capacity(hand.dealt.len());
        for &entry in &hand.dealt {
            let chair = table
                .chair_of(entry)
                .ok_or_else(|| refuse("a player not seated"))?;
            if chairs.contains(&chair) {
                return Err(refuse("a player dealt twice"));
            }
            chairs.push(chair);
        }
        let before: Vec<u64> = hand.dealt.iter().map(|&e| self.field.stack(e)).collect();
        if before.contains(&0) {
            return Err(refuse("a player out was dealt"));
        }
        let sum = |stacks: &[u64]| {
            stacks
                .iter()
                .try_fold(0u64, |sum, &stack| sum.checked_add(stack))
        };
        if sum(&before).is_none() || sum(&before) != sum(&hand.final_stacks) {
            return Err(refuse("chips appeared or vanished"));
        }
        Ok((chairs[0], before))
    }

    /// Ends the round of hand-for-hand once every table has played it (or cannot, with fewer
    /// than two players): its players out are placed together.
    fn end_round_if_over(&mut self) -> Vec<Finish> {
        let Some(round) = &mut self.hand_for_hand else {
            return Vec::new();
        };
        let over = self
            .seating
            .tables()
            .iter()
            .all(|table| round.recorded.contains(&table.number) || table.players() < 2);
        if !over {
            return Vec::new();
        }
        let busts = std::mem::take(&mut round.busts);
        round.recorded.clear();
        round.round += 1;
        self.hand_for_hand_rounds += 1;
        self.field.out(busts, self.hands)
    }

    /// Hand-for-hand begins when the next player out is the bubble (the field final, more
    /// than one table) and ends between rounds once it is not.
    pub(super) fn refresh_hand_for_hand(&mut self) {
        let paid = self.settings.places_paid(self.entries.len());
        let wanted = self.field.is_final()
            && !self.field.is_over()
            && self.seating.tables().len() > 1
            && self.field.players_left() == paid + 1;
        match &self.hand_for_hand {
            None if wanted => {
                self.hand_for_hand = Some(HandForHand {
                    round: self.hand_for_hand_rounds + 1,
                    recorded: Vec::new(),
                    busts: Vec::new(),
                });
            }
            // A round with a hand dealt but none recorded cannot stop wanting hand-for-hand:
            // nobody moves and no hand begun before it is in play.
            Some(round) if !wanted && !round.recorded_any() => self.hand_for_hand = None,
            _ => {}
        }
    }
}
