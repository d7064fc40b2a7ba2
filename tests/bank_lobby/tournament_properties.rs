//! Property test over random sequences of sit & go operations in the bank (open, register,
//! unregister, start, hands recorded, stacks that do not fit, cancel, restart): a refused
//! operation changes nothing, the audit passes after every step, no chip is created or lost
//! (the players' balances and the prize pools always hold every starting balance), and every
//! finished sit & go paid exactly its prize pool.

use std::path::Path;

use proptest::prelude::*;
use studbot::bank::{Bank, EconomyConfig, GuildId, TableId, TournamentPhase, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

const GUILD: GuildId = GuildId(5);
const USERS: u64 = 5;
const START: u64 = 1_000;

#[derive(Debug, Clone)]
enum Action {
    Open {
        seats: usize,
        buy_in: u64,
        channel: u64,
    },
    Register {
        user: u64,
    },
    Unregister {
        user: u64,
    },
    Start,
    /// The seat `loser` (of the hand's order) loses `per_mille` of its stack to the next.
    Hand {
        loser: usize,
        per_mille: u64,
        tamper: bool,
    },
    Cancel,
    Restart,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        (2usize..=4, 0u64..=600, 1u64..=2).prop_map(|(seats, buy_in, channel)| Action::Open {
            seats,
            buy_in,
            channel
        }),
        (1..=USERS).prop_map(|user| Action::Register { user }),
        (1..=USERS).prop_map(|user| Action::Register { user }),
        (1..=USERS).prop_map(|user| Action::Unregister { user }),
        Just(Action::Start),
        (0usize..4, 0u64..=1_000, prop::bool::weighted(0.1)).prop_map(
            |(loser, per_mille, tamper)| Action::Hand {
                loser,
                per_mille,
                tamper
            }
        ),
        // A bust: the whole stack.
        (0usize..4, Just(1_000u64), Just(false)).prop_map(|(loser, per_mille, tamper)| {
            Action::Hand {
                loser,
                per_mille,
                tamper,
            }
        }),
        Just(Action::Cancel),
        Just(Action::Restart),
    ]
}

async fn balances(bank: &Bank) -> Vec<u64> {
    let mut all = Vec::new();
    for user in 1..=USERS {
        all.push(bank.balance(GUILD, UserId(user)).await.unwrap());
    }
    all
}

async fn apply(bank: &mut Bank, dir: &Path, action: &Action, step: usize) -> bool {
    let reference = format!("step {step}");
    let latest = bank
        .tournaments()
        .await
        .unwrap()
        .last()
        .map(|state| state.id);
    match (action, latest) {
        (
            Action::Open {
                seats,
                buy_in,
                channel,
            },
            _,
        ) => {
            let settings = TournamentSettings::new(
                GameChoice::Razz,
                Structure::built_in(StructureKind::Turbo),
                *buy_in,
            );
            bank.open_tournament(GUILD, TableId(*channel), *seats, settings, &reference)
                .await
                .is_ok()
        }
        (_, None) => false,
        (Action::Register { user }, Some(id)) => bank
            .register_tournament(GUILD, id, UserId(*user), &reference)
            .await
            .is_ok(),
        (Action::Unregister { user }, Some(id)) => bank
            .unregister_tournament(GUILD, id, UserId(*user), &reference)
            .await
            .is_ok(),
        (Action::Start, Some(id)) => bank.start_tournament(GUILD, id, &reference).await.is_ok(),
        (
            Action::Hand {
                loser,
                per_mille,
                tamper,
            },
            Some(id),
        ) => {
            let state = bank.tournament(id).await.unwrap().unwrap();
            let TournamentPhase::Running(tournament) = &state.phase else {
                return bank
                    .record_tournament_hand(GUILD, id, 0, &[1])
                    .await
                    .is_ok();
            };
            let next = tournament.next_hand().unwrap();
            let mut stacks = next.stacks.clone();
            let (from, to) = (loser % stacks.len(), (loser + 1) % stacks.len());
            let lost = stacks[from] * per_mille / 1_000;
            stacks[from] -= lost;
            stacks[to] += lost;
            if *tamper {
                stacks[to] += 1;
            }
            bank.record_tournament_hand(GUILD, id, next.number, &stacks)
                .await
                .is_ok()
        }
        (Action::Cancel, Some(id)) => bank.cancel_tournament(GUILD, id, &reference).await.is_ok(),
        (Action::Restart, _) => {
            bank.shutdown().await.unwrap();
            *bank = Bank::open(dir, EconomyConfig::default()).await.unwrap();
            true
        }
    }
}

async fn check_sequence(actions: Vec<Action>) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    // Every player's account opened with its starting balance.
    for user in 1..=USERS {
        bank.grant(GUILD, UserId(0), UserId(user), 1, &format!("open {user}"))
            .await
            .unwrap();
        bank.take(GUILD, UserId(0), UserId(user), 1, &format!("even {user}"))
            .await
            .unwrap();
    }
    for (step, action) in actions.iter().enumerate() {
        let ledger_before = bank.ledger(1, usize::MAX).await.unwrap().len();
        let balances_before = balances(&bank).await;
        let tournaments_before = bank.tournaments().await.unwrap();
        let accepted = apply(&mut bank, dir.path(), action, step).await;
        if !accepted {
            prop_assert_eq!(
                bank.ledger(1, usize::MAX).await.unwrap().len(),
                ledger_before
            );
            prop_assert_eq!(&balances(&bank).await, &balances_before);
            prop_assert_eq!(&bank.tournaments().await.unwrap(), &tournaments_before);
        }
        // Tampered stacks are dealt only into a running sit & go (the latest); into one that
        // is over, the record of its last hand is a replay, answered as done.
        let latest_running = tournaments_before
            .last()
            .is_some_and(|state| matches!(state.phase, TournamentPhase::Running(_)));
        if let Action::Hand { tamper: true, .. } = action
            && latest_running
        {
            prop_assert!(!accepted, "stacks that do not fit were recorded");
        }
        let report = bank.audit().await.unwrap();
        prop_assert!(report.ok, "after {:?}: {:?}", action, report.breaks);
        let players: u64 = balances(&bank).await.iter().sum();
        prop_assert_eq!(
            i128::from(players) + report.tournament_chips,
            i128::from(USERS * START)
        );
    }
    for state in bank.tournaments().await.unwrap() {
        if let TournamentPhase::Finished {
            tournament,
            payouts,
        } = &state.phase
        {
            let paid: u64 = payouts.iter().map(|&(_, chips)| chips).sum();
            prop_assert_eq!(paid, tournament.prize_pool());
        }
    }
    bank.shutdown().await.unwrap();
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn random_sit_and_go_operations_keep_every_chip_and_refusals_change_nothing(
        actions in prop::collection::vec(action(), 1..40)
    ) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(check_sequence(actions))?;
    }
}
