//! The field of a multi-table event: each entry's chips, the places and prizes decided, and the
//! players out while the field could still grow. A player out during late registration is
//! placed when it closes (the field's size, and so every place, is known only then), with
//! every other player out before it in the order they went out; after that a player out is
//! placed at once. Players out together (in one hand, or in one round of hand-for-hand across
//! tables) take the places below everyone still in, the larger stack at the hand's start the
//! higher place, equal stacks sharing their places and splitting those places' prizes (the
//! odd chips to the earlier entry). The last player with chips wins first prize.

use serde::{Deserialize, Serialize};

use super::super::standings::{
    DealError, DealKind, Finish, bust_finishes, cancel_shares, deal_division, mark_prizes_paid,
    prizes_due, prizes_won, record_deal,
};
use super::seating::Entry;
use crate::tournament::CancelDivision;

/// The field of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// Each entry's chips (0 once out).
    stacks: Vec<u64>,
    /// Each place's prize, first place first, one per entry, once the field is final.
    prizes: Option<Vec<u64>>,
    /// The places decided, in the order decided.
    finishes: Vec<Finish>,
    /// The players out while the field could still grow, one group per hand (or round of
    /// hand-for-hand), each with its stack at that hand's start, in the order they went out.
    unplaced: Vec<Vec<(Entry, u64)>>,
}

impl Field {
    pub fn new() -> Field {
        Field {
            stacks: Vec::new(),
            prizes: None,
            finishes: Vec::new(),
            unplaced: Vec::new(),
        }
    }

    /// A new entry with `stack` chips.
    pub fn add_entry(&mut self, stack: u64) -> Entry {
        self.stacks.push(stack);
        self.stacks.len() - 1
    }

    pub fn entries(&self) -> usize {
        self.stacks.len()
    }

    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }

    pub fn stack(&self, entry: Entry) -> u64 {
        self.stacks.get(entry).copied().unwrap_or(0)
    }

    pub(super) fn set_stack(&mut self, entry: Entry, stack: u64) {
        if let Some(slot) = self.stacks.get_mut(entry) {
            *slot = stack;
        }
    }

    /// Entries with chips.
    pub fn players_left(&self) -> usize {
        self.stacks.iter().filter(|&&stack| stack > 0).count()
    }

    /// The prizes by place, once the field is final.
    pub fn prizes(&self) -> Option<&[u64]> {
        self.prizes.as_deref()
    }

    pub fn is_final(&self) -> bool {
        self.prizes.is_some()
    }

    pub fn finishes(&self) -> &[Finish] {
        &self.finishes
    }

    /// The players out not yet placed (late registration is open).
    pub fn unplaced(&self) -> impl Iterator<Item = Entry> + '_ {
        self.unplaced.iter().flatten().map(|&(entry, _)| entry)
    }

    pub fn is_over(&self) -> bool {
        self.is_final() && self.finishes.len() == self.stacks.len()
    }

    fn prize_of(&self, place: usize) -> u64 {
        self.prizes
            .as_ref()
            .and_then(|prizes| prizes.get(place.checked_sub(1)?))
            .copied()
            .unwrap_or(0)
    }

    /// The field is final: each place's prize is `prizes` (first first, 0 past those given),
    /// and the players out so far take their places in the order they went out. Returns the
    /// finishes decided.
    pub(super) fn make_final(&mut self, mut prizes: Vec<u64>, hands: u64) -> Vec<Finish> {
        prizes.resize(self.stacks.len().max(prizes.len()), 0);
        self.prizes = Some(prizes);
        let groups = std::mem::take(&mut self.unplaced);
        let mut out_so_far = 0;
        let mut decided = Vec::new();
        for group in groups {
            out_so_far += group.len();
            let left = self.stacks.len() - out_so_far;
            decided.extend(self.place(group, left, hands));
        }
        decided.extend(self.crown_if_alone(hands));
        decided
    }

    /// Players out together (`group`: each with their stack at the hand's start), their stacks
    /// already 0: placed now if the field is final, else when it is. Returns the finishes
    /// decided (the winner's too when one player is left).
    pub(super) fn out(&mut self, group: Vec<(Entry, u64)>, hands: u64) -> Vec<Finish> {
        if group.is_empty() {
            return Vec::new();
        }
        if !self.is_final() {
            self.unplaced.push(group);
            return Vec::new();
        }
        let left = self.players_left();
        let mut decided = self.place(group, left, hands);
        decided.extend(self.crown_if_alone(hands));
        decided
    }

    /// Places `group` below the `left` players still in.
    fn place(&mut self, group: Vec<(Entry, u64)>, left: usize, hands: u64) -> Vec<Finish> {
        let decided = bust_finishes(group, left, hands, |place| self.prize_of(place));
        self.finishes.extend_from_slice(&decided);
        decided
    }

    /// First place, when the field is final and one player is left with chips.
    fn crown_if_alone(&mut self, hands: u64) -> Option<Finish> {
        if !self.is_final() || self.players_left() != 1 || !self.unplaced.is_empty() {
            return None;
        }
        let winner = self.stacks.iter().position(|&stack| stack > 0)?;
        if self.finishes.iter().any(|finish| finish.seat == winner) {
            return None;
        }
        let won = Finish {
            seat: winner,
            place: 1,
            hands,
            prize: self.prize_of(1),
            paid: false,
        };
        self.finishes.push(won);
        Some(won)
    }

    /// The prizes still to be won, first place first: one per player left.
    fn unpaid_prizes(&self) -> Vec<u64> {
        (1..=self.players_left())
            .map(|place| self.prize_of(place))
            .collect()
    }

    /// The entries with chips, in order.
    fn left(&self) -> Vec<Entry> {
        (0..self.stacks.len())
            .filter(|&entry| self.stacks[entry] > 0)
            .collect()
    }

    /// How a cancel now pays (the field final): a refund while nobody is out, else the unpaid
    /// prizes to the players left by ICM on their chips (by chips within the same bounds past
    /// ICM's reach), by entry. `None` once over.
    pub fn cancel_division(&self) -> Option<CancelDivision> {
        if self.is_over() {
            return None;
        }
        if self.finishes.is_empty() && self.unplaced.is_empty() {
            return Some(CancelDivision::Refund);
        }
        Some(CancelDivision::Shares(cancel_shares(
            &self.stacks,
            &self.left(),
            &self.unpaid_prizes(),
        )))
    }

    /// What a deal of `kind` pays each player left, by entry (in entry order).
    pub fn deal_amounts(&self, kind: DealKind) -> Result<Vec<(Entry, u64)>, DealError> {
        if self.is_over() || !self.is_final() {
            return Err(DealError::Over);
        }
        deal_division(kind, &self.stacks, self.left(), &self.unpaid_prizes())
    }

    /// Ends the event with a deal of `kind`: each player left is paid the deal's amount and
    /// placed by chips (equal stacks share the place). Returns their finishes, first first.
    pub(super) fn end_by_deal(
        &mut self,
        kind: DealKind,
        hands: u64,
    ) -> Result<Vec<Finish>, DealError> {
        let amounts = self.deal_amounts(kind)?;
        Ok(record_deal(
            &mut self.finishes,
            &amounts,
            &self.stacks,
            hands,
        ))
    }

    /// The finishes whose prizes are not yet paid, in the order decided.
    pub fn prizes_due(&self) -> Vec<Finish> {
        prizes_due(&self.finishes)
    }

    /// Every prize decided is paid (the bank paid them in the transaction that recorded them).
    pub(super) fn mark_prizes_paid(&mut self) {
        mark_prizes_paid(&mut self.finishes);
    }

    /// The prizes decided so far.
    pub fn prizes_won(&self) -> u64 {
        prizes_won(&self.finishes)
    }

    /// Checks a field read back: finishes of known entries, each once, with no chips; places
    /// within the field; the players out not placed only before it is final.
    pub(super) fn check(&self, pool: u64, over_by_deal: bool) -> Result<(), String> {
        let entries = self.stacks.len();
        let mut placed = vec![false; entries];
        for finish in &self.finishes {
            match placed.get_mut(finish.seat) {
                Some(seen @ false) => *seen = true,
                _ => return Err(format!("entry {} placed twice or unknown", finish.seat)),
            }
            if finish.place == 0 || finish.place > entries {
                return Err(format!("place {} among {entries}", finish.place));
            }
            let winner = finish.place == 1 || over_by_deal;
            if !winner && self.stacks[finish.seat] != 0 {
                return Err(format!("entry {} placed with chips", finish.seat));
            }
        }
        for entry in self.unplaced() {
            if placed.get(entry).is_none_or(|&placed| placed) || self.stacks[entry] != 0 {
                return Err(format!("entry {entry} out twice or with chips"));
            }
        }
        if self.is_final() && !self.unplaced.is_empty() {
            return Err("players left unplaced in a final field".into());
        }
        if let Some(prizes) = &self.prizes
            && (prizes.len() != entries || prizes.iter().sum::<u64>() != pool)
        {
            return Err("prizes that are not the pool's".into());
        }
        if self.prizes_won() > pool {
            return Err("prizes past the pool".into());
        }
        Ok(())
    }
}

impl Default for Field {
    fn default() -> Field {
        Field::new()
    }
}
