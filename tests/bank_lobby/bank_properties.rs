//! Property tests over random sequences of bank operations, checked against a plain model:
//! every balance and stack is what the model says, refused operations change nothing, the
//! books always balance (zero sum, balances equal their ledger, nothing below zero), and a
//! replayed reference returns its first result and moves nothing.

use std::collections::BTreeMap;
use std::sync::Arc;

use proptest::prelude::*;
use studbot::bank::{
    Bank, BankError, Clock, EconomyConfig, GuildId, ManualClock, SeatOutcome, TableId, UserId,
};

const GUILD: GuildId = GuildId(3);
const TABLE: TableId = TableId(30);
const USERS: u64 = 4;
const START: u64 = 1_000;

#[derive(Debug, Clone)]
enum Action {
    Grant {
        user: u64,
        amount: u64,
    },
    Take {
        user: u64,
        amount: u64,
    },
    Give {
        from: u64,
        to: u64,
        amount: u64,
        bot: bool,
    },
    Daily {
        user: u64,
        hours_later: u64,
    },
    BuyIn {
        user: u64,
        amount: u64,
    },
    CashOut {
        user: u64,
    },
    /// Each seat loses `loss_per_mille` of its stack; `winner` (by seat order) takes it all.
    PlayHand {
        losses_per_mille: Vec<u64>,
        winner: usize,
        interrupt: bool,
    },
    /// Pays every stack back and closes the table.
    CloseTable,
    ReopenTable,
    /// Replays the n-th successful referenced operation (modulo their number).
    Replay {
        index: usize,
    },
}

fn action() -> impl Strategy<Value = Action> {
    let user = 0..USERS;
    prop_oneof![
        (user.clone(), 0..3_000u64).prop_map(|(user, amount)| Action::Grant { user, amount }),
        (user.clone(), 0..3_000u64).prop_map(|(user, amount)| Action::Take { user, amount }),
        (user.clone(), user.clone(), 0..1_500u64, any::<bool>()).prop_map(
            |(from, to, amount, bot)| Action::Give {
                from,
                to,
                amount,
                bot
            }
        ),
        (user.clone(), 0..30u64)
            .prop_map(|(user, hours_later)| Action::Daily { user, hours_later }),
        (user.clone(), 0..1_500u64).prop_map(|(user, amount)| Action::BuyIn { user, amount }),
        user.clone().prop_map(|user| Action::CashOut { user }),
        (
            prop::collection::vec(0..=1_000u64, USERS as usize),
            0..4usize,
            any::<bool>()
        )
            .prop_map(|(losses_per_mille, winner, interrupt)| Action::PlayHand {
                losses_per_mille,
                winner,
                interrupt
            }),
        Just(Action::CloseTable),
        Just(Action::ReopenTable),
        (0..64usize).prop_map(|index| Action::Replay { index }),
    ]
}

/// What the books should hold.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
struct Model {
    balances: BTreeMap<u64, u64>,
    seats: BTreeMap<u64, u64>,
    table_known: bool,
    table_closed: bool,
}

impl Model {
    fn balance(&mut self, user: u64) -> u64 {
        *self.balances.entry(user).or_insert(START)
    }
}

/// A referenced operation and what it answered the first time.
#[derive(Debug, Clone)]
struct Done {
    action: Action,
    reference: String,
    answer: String,
}

async fn run(bank: &Bank, action: &Action, reference: &str) -> Result<String, BankError> {
    let guild = GUILD;
    let moderator = UserId(99);
    match *action {
        Action::Grant { user, amount } => bank
            .grant(guild, moderator, UserId(user), amount, reference)
            .await
            .map(|balance| balance.to_string()),
        Action::Take { user, amount } => bank
            .take(guild, moderator, UserId(user), amount, reference)
            .await
            .map(|balance| balance.to_string()),
        Action::Give {
            from,
            to,
            amount,
            bot,
        } => bank
            .give(guild, UserId(from), UserId(to), bot, amount, reference)
            .await
            .map(|done| format!("{done:?}")),
        Action::Daily { user, .. } => bank
            .daily(guild, UserId(user), reference)
            .await
            .map(|balance| balance.to_string()),
        Action::BuyIn { user, amount } => bank
            .buy_in(guild, TABLE, UserId(user), amount, reference)
            .await
            .map(|stack| stack.to_string()),
        Action::CashOut { user } => bank
            .cash_out(guild, TABLE, UserId(user), reference)
            .await
            .map(|amount| amount.to_string()),
        Action::CloseTable => bank
            .close_table(guild, TABLE, reference)
            .await
            .map(|paid| format!("{paid:?}")),
        Action::PlayHand { .. } | Action::ReopenTable | Action::Replay { .. } => {
            unreachable!("not referenced")
        }
    }
}

/// The model's verdict on a referenced action: the expected answer, after applying it.
fn expect(model: &mut Model, action: &Action, config: &EconomyConfig) -> Result<(), BankError> {
    match *action {
        Action::Grant { user, amount } => {
            if amount == 0 {
                return Err(BankError::ZeroAmount);
            }
            let balance = model.balance(user);
            *model.balances.get_mut(&user).unwrap() =
                balance.checked_add(amount).ok_or(BankError::Overflow)?;
        }
        Action::Take { user, amount } => {
            if amount == 0 {
                return Err(BankError::ZeroAmount);
            }
            let balance = model.balance(user);
            if amount > balance {
                return Err(BankError::InsufficientFunds {
                    balance,
                    needed: amount,
                });
            }
            *model.balances.get_mut(&user).unwrap() = balance - amount;
        }
        Action::Give {
            from,
            to,
            amount,
            bot,
        } => {
            if amount == 0 {
                return Err(BankError::ZeroAmount);
            }
            if from == to {
                return Err(BankError::GiveToSelf);
            }
            if bot {
                return Err(BankError::GiveToBot);
            }
            if amount < config.give_min || amount > config.give_max {
                return Err(BankError::OutOfLimits {
                    min: config.give_min,
                    max: config.give_max,
                });
            }
            let balance = model.balance(from);
            model.balance(to);
            if amount > balance {
                return Err(BankError::InsufficientFunds {
                    balance,
                    needed: amount,
                });
            }
            *model.balances.get_mut(&from).unwrap() -= amount;
            *model.balances.get_mut(&to).unwrap() += amount;
        }
        Action::Daily { user, .. } => {
            let balance = model.balance(user);
            *model.balances.get_mut(&user).unwrap() = balance + config.daily_amount;
        }
        Action::BuyIn { user, amount } => {
            if amount == 0 {
                return Err(BankError::ZeroAmount);
            }
            if model.table_closed {
                return Err(BankError::TableClosed { table: TABLE });
            }
            let balance = model.balance(user);
            if amount > balance {
                return Err(BankError::InsufficientFunds {
                    balance,
                    needed: amount,
                });
            }
            *model.balances.get_mut(&user).unwrap() -= amount;
            *model.seats.entry(user).or_insert(0) += amount;
            model.table_known = true;
        }
        Action::CashOut { user } => {
            if !model.table_known {
                return Err(BankError::UnknownTable { table: TABLE });
            }
            model.balance(user);
            let stack = model.seats.remove(&user).unwrap_or(0);
            if stack > 0 {
                *model.balances.get_mut(&user).unwrap() += stack;
            }
        }
        Action::CloseTable => {
            if !model.table_known {
                return Err(BankError::UnknownTable { table: TABLE });
            }
            for (user, stack) in std::mem::take(&mut model.seats) {
                *model.balances.get_mut(&user).unwrap() += stack;
            }
            model.table_closed = true;
        }
        Action::PlayHand { .. } | Action::ReopenTable | Action::Replay { .. } => {
            unreachable!("not referenced")
        }
    }
    Ok(())
}

async fn observed(bank: &Bank, model: &Model) -> Model {
    // The table's registry is checked through the refusals it causes, not read here.
    let mut seen = Model {
        table_known: model.table_known,
        table_closed: model.table_closed,
        ..Model::default()
    };
    for &user in model.balances.keys() {
        seen.balances
            .insert(user, bank.balance(GUILD, UserId(user)).await.unwrap());
    }
    for (user, stack) in bank.table_stacks(TABLE).await.unwrap() {
        seen.seats.insert(user.0, stack);
    }
    seen
}

async fn check_sequence(actions: Vec<Action>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(1_704_067_200_000));
    let config = EconomyConfig {
        give_min: 1,
        give_max: 1_000,
        ..EconomyConfig::default()
    };
    let bank = Bank::open_with_clock(dir.path(), config.clone(), clock.clone())
        .await
        .unwrap();
    let mut model = Model::default();
    let mut done: Vec<Done> = Vec::new();
    let mut next_hand = 1;
    let mut last_daily: BTreeMap<u64, u64> = BTreeMap::new();

    for (step, action) in actions.iter().enumerate() {
        let reference = format!("ref-{step}");
        match action {
            Action::Replay { index } => {
                if done.is_empty() {
                    continue;
                }
                let first = &done[index % done.len()];
                let entries = bank.audit().await.unwrap().ledger_entries;
                let again = run(&bank, &first.action, &first.reference).await;
                prop_assert_eq!(again, Ok(first.answer.clone()), "replay of {:?}", first);
                prop_assert_eq!(bank.audit().await.unwrap().ledger_entries, entries);
            }
            Action::ReopenTable => {
                bank.open_table(GUILD, TABLE).await.unwrap();
                model.table_known = true;
                model.table_closed = false;
            }
            Action::PlayHand {
                losses_per_mille,
                winner,
                interrupt,
            } => {
                let stacks = bank.table_stacks(TABLE).await.unwrap();
                let hand = next_hand;
                next_hand += 1;
                let begun = bank.begin_hand(GUILD, TABLE, hand).await;
                if model.table_closed {
                    prop_assert_eq!(begun, Err(BankError::TableClosed { table: TABLE }));
                    continue;
                }
                prop_assert_eq!(begun, Ok(()));
                model.table_known = true;
                if stacks.is_empty() || *interrupt {
                    bank.cancel_hand(TABLE, hand).await.unwrap();
                    continue;
                }
                let mut pot = 0;
                let mut outcomes: Vec<SeatOutcome> = stacks
                    .iter()
                    .zip(losses_per_mille)
                    .map(|(&(user, start), per_mille)| {
                        let lost = start / 1_000 * per_mille + start % 1_000 * per_mille / 1_000;
                        pot += lost;
                        SeatOutcome {
                            user,
                            start,
                            end: start - lost,
                            won_high: false,
                            won_low: false,
                            scooped: false,
                        }
                    })
                    .collect();
                let winner = winner % outcomes.len();
                outcomes[winner].end += pot;
                outcomes[winner].won_high = true;
                bank.settle_hand(GUILD, TABLE, hand, &outcomes)
                    .await
                    .unwrap();
                for outcome in &outcomes {
                    if outcome.end == 0 {
                        model.seats.remove(&outcome.user.0);
                    } else {
                        model.seats.insert(outcome.user.0, outcome.end);
                    }
                }
                // Settling again is a no-op.
                bank.settle_hand(GUILD, TABLE, hand, &outcomes)
                    .await
                    .unwrap();
            }
            _ => {
                if let Action::Daily { user, hours_later } = action {
                    clock.advance_ms(hours_later * 3_600_000);
                    let now = clock.now_unix_ms();
                    let cooldown_ms = config.daily_cooldown_secs * 1_000;
                    if let Some(&last) = last_daily.get(user)
                        && now < last + cooldown_ms
                    {
                        let refused = run(&bank, action, &reference).await;
                        prop_assert_eq!(
                            refused,
                            Err(BankError::DailyCooldown {
                                wait_secs: (last + cooldown_ms - now).div_ceil(1_000)
                            })
                        );
                        prop_assert_eq!(&observed(&bank, &model).await, &model);
                        continue;
                    }
                    last_daily.insert(*user, now);
                }
                let mut expected_model = model.clone();
                let expected = expect(&mut expected_model, action, &config);
                let answer = run(&bank, action, &reference).await;
                match expected {
                    Ok(()) => {
                        prop_assert!(answer.is_ok(), "{:?} refused: {:?}", action, answer);
                        model = expected_model;
                        done.push(Done {
                            action: action.clone(),
                            reference,
                            answer: answer.unwrap(),
                        });
                    }
                    Err(error) => {
                        prop_assert_eq!(answer, Err(error), "{:?}", action);
                        // Only accounts may have been opened by the refused action's reads.
                        for user in expected_model.balances.keys() {
                            model.balance(*user);
                        }
                    }
                }
            }
        }
        prop_assert_eq!(&observed(&bank, &model).await, &model, "after {:?}", action);
        let report = bank.audit().await.unwrap();
        prop_assert!(report.ok, "after {:?}: {:?}", action, report.breaks);
        prop_assert_eq!(report.sum, 0);
    }
    bank.shutdown().await.unwrap();
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn random_operations_keep_the_books_exact_and_replays_change_nothing(
        actions in prop::collection::vec(action(), 1..30)
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(check_sequence(actions))?;
    }
}
