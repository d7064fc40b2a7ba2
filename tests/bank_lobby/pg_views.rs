//! What an operator reads with plain SQL in a bank kept in PostgreSQL: the README's queries,
//! taken from the README itself, run against a bank where a member claimed a daily, bought in
//! at a table and into a sit & go, and answer what the bank's own reads answer.

use std::collections::BTreeMap;

use studbot::bank::{EconomyConfig, GuildId, ManualClock, StoreLocation, TableId, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::NOW_MS;

const README: &str = include_str!("../../README.md");

/// The ids the README's queries name.
const GUILD: GuildId = GuildId(111);
const MEMBER: UserId = UserId(222);
const TABLE: TableId = TableId(333);

/// The statements of the README's SQL block under "Reading the bank in PostgreSQL".
fn readme_queries() -> Vec<String> {
    let section = README
        .split_once("## Reading the bank in PostgreSQL")
        .expect("the README's section on reading the bank")
        .1;
    let block = section
        .split_once("```sql\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("an SQL block")
        .0;
    let without_comments: String = block
        .lines()
        .filter(|line| !line.trim_start().starts_with("--"))
        .collect::<Vec<_>>()
        .join("\n");
    without_comments
        .split(';')
        .map(str::trim)
        .filter(|statement| !statement.is_empty())
        .map(str::to_owned)
        .collect()
}

/// Each query's rows, every column as text (NULL as "null").
fn run_queries(url: &str, queries: Vec<String>) -> Vec<Vec<Vec<String>>> {
    let url = url.to_owned();
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connect");
        queries
            .iter()
            .map(|query| {
                // As text, whatever each column's type: what psql would show.
                let rows = client
                    .simple_query(query)
                    .unwrap_or_else(|error| panic!("{query}: {error}"));
                rows.into_iter()
                    .filter_map(|message| match message {
                        postgres::SimpleQueryMessage::Row(row) => Some(
                            (0..row.len())
                                .map(|index| row.get(index).unwrap_or("null").to_owned())
                                .collect(),
                        ),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    })
    .join()
    .expect("no panic")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_readme_queries_read_balances_ledger_escrow_and_prize_pools_as_the_bank_does() {
    let url = crate::postgres::database();
    let clock = std::sync::Arc::new(ManualClock::new(NOW_MS));
    let bank = studbot::bank::Bank::open_at_with_clock(
        &StoreLocation::Postgres(url.clone()),
        EconomyConfig::default(),
        clock,
    )
    .await
    .expect("open");
    bank.take_leases(&[GUILD]).await.expect("the guild's lease");
    bank.daily(GUILD, MEMBER, "daily").await.expect("daily");
    bank.buy_in(GUILD, TABLE, MEMBER, 300, "in")
        .await
        .expect("in");
    bank.buy_in(GUILD, TABLE, UserId(223), 200, "in-2")
        .await
        .expect("in");
    let settings = TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        150,
    );
    let tournament = bank
        .open_tournament(GUILD, TableId(444), 4, settings, "open")
        .await
        .expect("opens");
    bank.register_tournament(GUILD, tournament, MEMBER, "register")
        .await
        .expect("registers");
    let balance = bank.balance(GUILD, MEMBER).await.expect("balance");
    let entries = bank.ledger(1, usize::MAX).await.expect("the ledger");
    bank.shutdown().await.expect("shutdown");

    let queries = readme_queries();
    assert_eq!(queries.len(), 6, "the README's queries: {queries:#?}");
    let answers = run_queries(&url, queries);
    assert_eq!(answers[0], vec![vec![balance.to_string()]], "the balance");
    let mine = entries
        .iter()
        .filter(|entry| {
            [entry.from, entry.to].iter().any(|account| {
                matches!(account, studbot::bank::Account::Player { guild, user }
                    if *guild == GUILD && *user == MEMBER)
            })
        })
        .count();
    assert_eq!(
        answers[1].len(),
        mine,
        "the member's entries: {:?}",
        answers[1]
    );
    let references: Vec<&str> = answers[1]
        .iter()
        .map(|row| row[9].as_str())
        .filter(|reference| ["register", "in", "daily"].contains(reference))
        .collect();
    assert_eq!(references, ["register", "in", "daily"], "newest first");
    let buy_in = answers[1]
        .iter()
        .find(|row| row[9] == "in")
        .expect("the buy-in");
    assert_eq!(
        (buy_in[2].as_str(), buy_in[4].as_str(), buy_in[6].as_str()),
        ("player", "seat", "300"),
        "the buy-in: from the member to a seat"
    );
    let mut stacks: Vec<Vec<String>> = answers[2].clone();
    stacks.sort();
    assert_eq!(
        stacks,
        [["222", "300"], ["223", "200"]].map(|row| row.map(str::to_owned).to_vec()),
        "the escrow"
    );
    assert_eq!(answers[3].len(), 1, "the table: {:?}", answers[3]);
    assert_eq!(answers[3][0][4], "500", "the table's escrow");
    assert_eq!(answers[4].len(), 1, "the tournament: {:?}", answers[4]);
    assert_eq!(
        (answers[4][0][0].as_str(), answers[4][0][2].as_str()),
        (tournament.0.to_string().as_str(), "1"),
        "the tournament and its one entrant"
    );
    assert_eq!(answers[4][0][4], "150", "the prize pool");
    let sums: BTreeMap<&str, i128> = answers[5]
        .iter()
        .map(|row| (row[0].as_str(), row[1].parse().expect("a sum")))
        .collect();
    assert_eq!(
        sums.values().sum::<i128>(),
        0,
        "the books sum to zero: {sums:?}"
    );
    assert_eq!(sums.get("seat"), Some(&500), "{sums:?}");
    assert_eq!(sums.get("tournament"), Some(&150), "{sums:?}");
}
