//! A finished hand settles in one transaction: chips move from losing seats to winning ones
//! so that every seat's stack becomes its `end`, stats are updated, and the hand's public
//! history (when given) is stored with it. The ends must sum to the starts and each start
//! must be the seat's stack. Idempotent by its hand number: settling it again changes nothing.

use std::collections::BTreeSet;

use super::Operation;
use crate::bank::accounts::{self, Account};
use crate::bank::ledger::{Draft, Reason};
use crate::bank::references;
use crate::bank::store::{Prefetch, Tree};
use crate::bank::tables::{self, HandRecord, HandStatus, hand_key, table_key};
use crate::bank::{
    BankError, EconomyConfig, GuildId, SeatOutcome, TableId, UserId, house, records, stats,
};

#[derive(Clone)]
pub(crate) struct SettleHand {
    pub guild: GuildId,
    pub table: TableId,
    pub hand: u64,
    pub outcomes: Vec<SeatOutcome>,
    /// The hand's public history, stored by the same transaction.
    pub history: Option<Vec<u8>>,
}

impl Operation for SettleHand {
    type Output = ();

    /// The table, the hand's marker (absent until written: never remembered), the seats and
    /// the ranges pruned.
    fn prefetch(&self, config: &EconomyConfig, wanted: &mut Prefetch) {
        let table = self.table;
        wanted.key(Tree::Tables, table_key(table));
        wanted.key(Tree::Hands, hand_key(table, self.hand));
        for outcome in &self.outcomes {
            let seat = Account::Seat {
                table,
                user: outcome.user,
            };
            wanted.key(Tree::Balances, seat.key());
        }
        let (start, end) = tables::pruned_markers(table, self.hand);
        wanted.range(Tree::Hands, start, end);
        if self.history.is_some()
            && let Some((start, end)) =
                records::pruned_histories(table, self.hand, config.hand_histories_kept)
        {
            wanted.range(Tree::HandHistories, start, end);
        }
    }

    fn apply(self, draft: &mut Draft<'_>, config: &EconomyConfig) -> Result<(), BankError> {
        let SettleHand {
            guild,
            table,
            hand,
            outcomes,
            history,
        } = self;
        let mut record = tables::guild_record(draft, guild, table)?;
        let existing: Option<HandRecord> = draft.get_record(Tree::Hands, &hand_key(table, hand))?;
        match existing.as_ref().map(|existing| existing.state) {
            // A replay: nothing written.
            Some(HandStatus::Settled) => return Ok(()),
            Some(HandStatus::Cancelled) => return Err(BankError::HandFinished { table, hand }),
            // A finished hand whose marker was pruned: far older than any retry.
            None if hand <= record.last_hand && record.hand_in_progress != Some(hand) => {
                return Err(BankError::HandFinished { table, hand });
            }
            Some(HandStatus::InProgress) | None => {}
        }
        if let Some(current) = record.hand_in_progress
            && current != hand
        {
            return Err(BankError::HandInProgress {
                table,
                hand: current,
            });
        }
        move_chips(draft, table, hand, &outcomes)?;
        record_stats(draft, guild, &outcomes)?;
        let starts = match existing {
            Some(existing) => existing.starts,
            None => outcomes
                .iter()
                .map(|outcome| (outcome.user, outcome.start))
                .collect(),
        };
        draft.put_record(
            Tree::Hands,
            hand_key(table, hand),
            &HandRecord {
                guild,
                state: HandStatus::Settled,
                starts,
            },
        );
        record.hand_in_progress = None;
        record.last_hand = record.last_hand.max(hand);
        draft.put_record(Tree::Tables, table_key(table), &record);
        tables::prune_hand_markers(draft, table, hand)?;
        if let Some(history) = history {
            records::record_history(draft, table, hand, history, config.hand_histories_kept)?;
        }
        Ok(())
    }
}

/// Moves chips from losing seats to winning ones; every seat must then hold its `end`.
fn move_chips(
    draft: &mut Draft<'_>,
    table: TableId,
    hand: u64,
    outcomes: &[SeatOutcome],
) -> Result<(), BankError> {
    let reference = references::settlement_reference(table, hand);
    for (loser, winner, amount) in movements(draft, table, outcomes)? {
        accounts::transfer(
            draft,
            Account::Seat { table, user: loser },
            Account::Seat {
                table,
                user: winner,
            },
            amount,
            Reason::Settle { hand },
            &reference,
        )?;
    }
    for outcome in outcomes {
        let held = accounts::chips(
            draft,
            Account::Seat {
                table,
                user: outcome.user,
            },
        )?;
        if held != outcome.end {
            return Err(BankError::Unbalanced(format!(
                "player {} would end the hand with {held}, not {}",
                outcome.user.0, outcome.end
            )));
        }
    }
    Ok(())
}

/// Each player's stats, a computer player's in the house's.
fn record_stats(
    draft: &mut Draft<'_>,
    guild: GuildId,
    outcomes: &[SeatOutcome],
) -> Result<(), BankError> {
    for outcome in outcomes {
        // A computer player has no stats of its own: its results are the house's.
        if outcome.user.is_computer() {
            house::record_hand(draft, guild, outcome)?;
        } else {
            stats::record_hand(draft, guild, outcome)?;
        }
    }
    Ok(())
}

/// Checks a settlement and turns it into movements from losing seats to winning seats.
fn movements(
    draft: &Draft<'_>,
    table: TableId,
    outcomes: &[SeatOutcome],
) -> Result<Vec<(UserId, UserId, u64)>, BankError> {
    if outcomes.is_empty() {
        return Err(BankError::Unbalanced("no seat in the settlement".into()));
    }
    let mut seen = BTreeSet::new();
    let (mut starts, mut ends) = (0u128, 0u128);
    for outcome in outcomes {
        if !seen.insert(outcome.user) {
            return Err(BankError::Unbalanced(format!(
                "player {} appears twice",
                outcome.user.0
            )));
        }
        let seat = Account::Seat {
            table,
            user: outcome.user,
        };
        let held = accounts::chips(draft, seat)?;
        if held != outcome.start {
            return Err(BankError::Unbalanced(format!(
                "player {} started the hand with {held}, not {}",
                outcome.user.0, outcome.start
            )));
        }
        starts += u128::from(outcome.start);
        ends += u128::from(outcome.end);
    }
    if starts != ends {
        return Err(BankError::Unbalanced(format!(
            "the stacks started at {starts} and end at {ends}"
        )));
    }
    let losers: Vec<(UserId, u64)> = outcomes
        .iter()
        .filter(|outcome| outcome.end < outcome.start)
        .map(|outcome| (outcome.user, outcome.start - outcome.end))
        .collect();
    let winners = outcomes
        .iter()
        .filter(|outcome| outcome.end > outcome.start)
        .map(|outcome| (outcome.user, outcome.end - outcome.start));
    // Laid end to end, the losses and the gains each cover the chips that move (they sum to
    // the same total); a loser pays a winner where their stretches overlap. Both walks are
    // over finite lists, so no arithmetic slip can make this loop endless: it makes a wrong
    // movement, which the ends check in `apply` refuses.
    let mut movements = Vec::new();
    let mut gained_before = 0u128;
    for (winner, gain) in winners {
        let gained_after = gained_before + u128::from(gain);
        let mut lost_before = 0u128;
        for &(loser, loss) in &losers {
            let lost_after = lost_before + u128::from(loss);
            let overlap = gained_after
                .min(lost_after)
                .saturating_sub(gained_before.max(lost_before));
            if overlap > 0 {
                let amount = u64::try_from(overlap).map_err(|_| {
                    BankError::Unbalanced("a movement larger than any stack".into())
                })?;
                movements.push((loser, winner, amount));
            }
            lost_before = lost_after;
        }
        gained_before = gained_after;
    }
    Ok(movements)
}

#[cfg(test)]
mod tests {
    use crate::bank::ops::testing::{Books, TABLE, outcome};
    use crate::bank::tables::HandStatus;
    use crate::bank::{BankError, HAND_MARKERS_KEPT, UserId};

    fn seated() -> Books {
        let mut books = Books::new();
        books.buy_in(1, 500);
        books.buy_in(2, 500);
        books
    }

    #[test]
    fn a_settlement_moves_the_losers_chips_to_the_winner_and_marks_the_hand_settled() {
        let mut books = seated();
        books.buy_in(3, 500);
        books.begin(1).unwrap();
        let outcomes = [
            outcome(1, 500, 350),
            outcome(2, 500, 450),
            outcome(3, 500, 700),
        ];
        assert_eq!(books.settle(1, &outcomes), Ok(()));
        assert_eq!(
            (books.seat(1), books.seat(2), books.seat(3)),
            (350, 450, 700)
        );
        assert_eq!(
            books.hand(1).map(|marker| marker.state),
            Some(HandStatus::Settled)
        );
        let record = books.table().expect("registered");
        assert_eq!((record.hand_in_progress, record.last_hand), (None, 1));
        books.assert_balanced();
    }

    #[test]
    fn settling_a_settled_hand_again_changes_nothing() {
        let mut books = seated();
        books.begin(1).unwrap();
        let outcomes = [outcome(1, 500, 400), outcome(2, 500, 600)];
        books.settle(1, &outcomes).unwrap();
        let before = books.snapshot();
        assert_eq!(books.settle(1, &outcomes), Ok(()));
        assert!(books.snapshot() == before);
    }

    #[test]
    fn a_hand_never_begun_past_the_tables_last_hand_settles() {
        let mut books = seated();
        let outcomes = [outcome(1, 500, 400), outcome(2, 500, 600)];
        assert_eq!(books.settle(1, &outcomes), Ok(()));
        assert_eq!((books.seat(1), books.seat(2)), (400, 600));
    }

    #[test]
    fn settling_another_hand_than_the_one_in_progress_is_refused() {
        let mut books = seated();
        books.begin(1).unwrap();
        assert_eq!(
            books.settle(2, &[outcome(1, 500, 400), outcome(2, 500, 600)]),
            Err(BankError::HandInProgress {
                table: TABLE,
                hand: 1
            })
        );
        assert_eq!((books.seat(1), books.seat(2)), (500, 500));
    }

    #[test]
    fn a_settlement_whose_ends_differ_from_the_stacks_it_would_leave_is_refused() {
        let mut books = seated();
        books.begin(1).unwrap();
        let refused = books.settle(1, &[outcome(1, 500, 500), outcome(2, 500, 400)]);
        assert!(
            matches!(refused, Err(BankError::Unbalanced(_))),
            "{refused:?}"
        );
        assert_eq!((books.seat(1), books.seat(2)), (500, 500));
    }

    #[test]
    fn an_old_hands_settlement_after_its_marker_is_pruned_is_refused_and_moves_nothing() {
        let mut books = seated();
        let even = [outcome(1, 500, 500), outcome(2, 500, 500)];
        for hand in 1..=HAND_MARKERS_KEPT + 2 {
            books.begin(hand).unwrap();
            books.settle(hand, &even).unwrap();
        }
        assert_eq!(books.hand(1), None);
        let before = books.snapshot();
        // Starts that match today's stacks: without the guard this would move 100 chips.
        assert_eq!(
            books.settle(1, &[outcome(1, 500, 600), outcome(2, 500, 400)]),
            Err(BankError::HandFinished {
                table: TABLE,
                hand: 1
            })
        );
        assert!(books.snapshot() == before);
        assert_eq!(
            books
                .hand(HAND_MARKERS_KEPT + 2)
                .map(|marker| marker.starts),
            Some(vec![(UserId(1), 500), (UserId(2), 500)])
        );
    }

    #[test]
    fn a_settlement_records_each_players_stats_and_a_computers_in_the_houses() {
        let mut books = seated();
        let computer = UserId::computer(3);
        books
            .run(crate::bank::ops::HouseBuyIn {
                guild: crate::bank::ops::testing::GUILD,
                table: TABLE,
                computer,
                amount: 500,
                reference: "computer joins".into(),
            })
            .unwrap();
        books.begin(1).unwrap();
        let winner = crate::bank::SeatOutcome {
            won_high: true,
            won_low: true,
            scooped: true,
            ..outcome(1, 500, 800)
        };
        let computer_lost = crate::bank::SeatOutcome {
            user: computer,
            ..outcome(3, 500, 300)
        };
        books
            .settle(1, &[winner, outcome(2, 500, 400), computer_lost])
            .unwrap();
        let won = books.stats(1);
        assert_eq!(
            (
                won.hands_played,
                won.won_high,
                won.won_low,
                won.scoops,
                won.net
            ),
            (1, 1, 1, 1, 300)
        );
        assert_eq!(won.biggest_pot, 300);
        let lost = books.stats(2);
        assert_eq!((lost.hands_played, lost.won_high, lost.net), (1, 0, -100));
        // The computer's hand is the house's, never a player's record.
        let house = books.house();
        assert_eq!((house.hands_played, house.won, house.lost), (1, 0, 200));
        assert_eq!(books.stats(computer.0).hands_played, 0);
        // A replay records nothing twice.
        books
            .settle(1, &[winner, outcome(2, 500, 400), computer_lost])
            .unwrap();
        assert_eq!(books.stats(1).hands_played, 1);
        assert_eq!(books.house().hands_played, 1);
    }

    #[test]
    fn two_losers_pay_two_winners_each_where_their_stretches_overlap_and_nowhere_else() {
        let mut books = seated();
        books.buy_in(3, 500);
        books.buy_in(4, 500);
        books.begin(1).unwrap();
        // Losses laid end to end: 1 covers 0..100, 2 covers 100..400; gains: 3 covers 0..100,
        // 4 covers 100..400. Player 1 pays 3 alone, player 2 pays 4 alone: no movement of 0.
        let outcomes = [
            outcome(1, 500, 400),
            outcome(2, 500, 200),
            outcome(3, 500, 600),
            outcome(4, 500, 800),
        ];
        assert_eq!(books.settle(1, &outcomes), Ok(()));
        assert_eq!(
            (books.seat(1), books.seat(2), books.seat(3), books.seat(4)),
            (400, 200, 600, 800)
        );
        let seat = |user: u64| crate::bank::accounts::Account::Seat {
            table: TABLE,
            user: UserId(user),
        };
        let settled: Vec<_> = books
            .ledger()
            .into_iter()
            .filter(|entry| entry.reason == crate::bank::ledger::Reason::Settle { hand: 1 })
            .map(|entry| (entry.from, entry.to, entry.amount))
            .collect();
        assert_eq!(
            settled,
            vec![(seat(1), seat(3), 100), (seat(2), seat(4), 300)]
        );
        books.assert_balanced();
    }
}
