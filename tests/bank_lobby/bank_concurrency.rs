//! Many tasks moving chips at once through one bank: every total comes out exact.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::{Bank, BankError, EconomyConfig, GuildId, SeatOutcome, TableId, UserId};

const GUILD: GuildId = GuildId(5);
const TABLES: u64 = 16;
const PLAYERS_PER_TABLE: u64 = 4;
const HANDS: u64 = 15;
const GIFT_TASKS: u64 = 8;
const GIFTS: u64 = 25;
const BUY_IN: u64 = 200;
const GIFT_PLAYERS_FROM: u64 = 1_000;
const GIFT_PLAYERS: u64 = 20;

/// Returns the chips minted for the table's players and the number of seats dealt in.
async fn play_table(bank: Bank, index: u64) -> (u64, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(index);
    let table = TableId(500 + index);
    for seat in 0..PLAYERS_PER_TABLE {
        let user = UserId(index * 10 + seat);
        bank.buy_in(GUILD, table, user, BUY_IN, &format!("in-{index}-{seat}"))
            .await
            .unwrap();
    }
    let mut dealt = 0;
    for hand in 1..=HANDS {
        bank.begin_hand(GUILD, table, hand).await.unwrap();
        let stacks = bank.table_stacks(table).await.unwrap();
        dealt += stacks.len() as u64;
        let mut pot = 0;
        let mut outcomes: Vec<SeatOutcome> = stacks
            .iter()
            .map(|&(user, start)| {
                let lost = rng.random_range(0..=start.min(40));
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
        let winner = rng.random_range(0..outcomes.len());
        outcomes[winner].end += pot;
        bank.settle_hand(GUILD, table, hand, &outcomes)
            .await
            .unwrap();
        let total: u64 = bank
            .table_stacks(table)
            .await
            .unwrap()
            .iter()
            .map(|&(_, stack)| stack)
            .sum();
        assert_eq!(
            total,
            BUY_IN * PLAYERS_PER_TABLE,
            "table {index} after hand {hand}"
        );
    }
    let mut paid = 0;
    for seat in 0..PLAYERS_PER_TABLE {
        let user = UserId(index * 10 + seat);
        paid += bank
            .cash_out(GUILD, table, user, &format!("out-{index}-{seat}"))
            .await
            .unwrap();
    }
    assert_eq!(paid, BUY_IN * PLAYERS_PER_TABLE);
    // Players' starting balances, all minted on their first buy-in.
    (
        PLAYERS_PER_TABLE * EconomyConfig::default().starting_balance,
        dealt,
    )
}

/// Gifts, grants and takes among the same players; returns the chips this task minted.
async fn move_gifts(bank: Bank, index: u64) -> i128 {
    let mut rng = ChaCha8Rng::seed_from_u64(1_000 + index);
    let mut minted = 0i128;
    for gift in 0..GIFTS {
        let reference = format!("gift-{index}-{gift}");
        // Only the gift players lose chips here, so a table player can always buy in.
        let from = UserId(GIFT_PLAYERS_FROM + rng.random_range(0..GIFT_PLAYERS));
        let to = if rng.random_bool(0.5) {
            UserId(rng.random_range(0..TABLES) * 10 + rng.random_range(0..PLAYERS_PER_TABLE))
        } else {
            UserId(GIFT_PLAYERS_FROM + rng.random_range(0..GIFT_PLAYERS))
        };
        let amount = rng.random_range(1..=150);
        match rng.random_range(0..3) {
            0 => {
                bank.grant(GUILD, UserId(999), to, amount, &reference)
                    .await
                    .unwrap();
                minted += i128::from(amount);
            }
            1 => match bank
                .take(GUILD, UserId(999), from, amount, &reference)
                .await
            {
                Ok(_) => minted -= i128::from(amount),
                Err(BankError::InsufficientFunds { .. }) => {}
                Err(error) => panic!("take: {error}"),
            },
            _ => match bank.give(GUILD, from, to, false, amount, &reference).await {
                Ok(_) | Err(BankError::GiveToSelf | BankError::InsufficientFunds { .. }) => {}
                Err(error) => panic!("give: {error}"),
            },
        }
    }
    minted
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_tasks_moving_chips_at_once_keep_every_total_exact() {
    let dir = tempfile::tempdir().unwrap();
    let bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    // Open every account first, so that the minting of starting balances is not in a race.
    for user in (0..TABLES)
        .flat_map(|table| (0..PLAYERS_PER_TABLE).map(move |seat| table * 10 + seat))
        .chain(GIFT_PLAYERS_FROM..GIFT_PLAYERS_FROM + GIFT_PLAYERS)
    {
        bank.balance(GUILD, UserId(user)).await.unwrap();
    }
    let mut tables = tokio::task::JoinSet::new();
    for index in 0..TABLES {
        tables.spawn(play_table(bank.clone(), index));
    }
    let mut gifts = tokio::task::JoinSet::new();
    for index in 0..GIFT_TASKS {
        gifts.spawn(move_gifts(bank.clone(), index));
    }
    let starting = i128::from(EconomyConfig::default().starting_balance);
    let (mut expected, mut dealt) = (i128::from(GIFT_PLAYERS) * starting, 0);
    while let Some(table) = tables.join_next().await {
        let (opened, seats_dealt) = table.unwrap();
        expected += i128::from(opened);
        dealt += seats_dealt;
    }
    while let Some(minted) = gifts.join_next().await {
        expected += minted.unwrap();
    }
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.sum, 0);
    assert_eq!(report.escrow_chips, 0);
    assert_eq!(report.player_chips, expected);
    assert_eq!(report.mint_balance, -expected);
    let board_total: u64 = bank
        .leaderboard(GUILD, 1_000)
        .await
        .unwrap()
        .iter()
        .map(|&(_, chips)| chips)
        .sum();
    assert_eq!(i128::from(board_total), expected);
    let mut played = 0;
    for user in 0..TABLES * 10 {
        played += bank.stats(GUILD, UserId(user)).await.unwrap().hands_played;
    }
    assert_eq!(played, dealt);
}
