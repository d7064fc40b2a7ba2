//! `studbot cancel-sit-and-go --data DIR NUMBER` on a stopped bot's data directory: a
//! registering sit & go has every buy-in refunded, a running one is cancelled through the
//! bank's one cancel; run again it answers what the cancel paid; an unknown number, an
//! unreadable record and a running bot are refused (exit 2, nothing changed).
//! `studbot audit` lists every live sit & go with its guild and channel, and `studbot
//! close-table` on a sit & go's channel refuses, naming the sit & go and the command above.

use std::path::Path;

use studbot::bank::{Bank, EconomyConfig, GuildId, TableId, TournamentId, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::audit::audit;

const GUILD: GuildId = GuildId(5);
const REGISTERING: TableId = TableId(50);
const RUNNING: TableId = TableId(51);

fn settings() -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        100,
    )
}

/// A stopped bot's bank: sit & go 1 registering in channel 50 (user 1 in), sit & go 2
/// running in channel 51 (users 2 and 3, one hand played).
async fn a_stopped_bot_with_two_sit_and_gos(dir: &Path) {
    let bank = Bank::open(dir, EconomyConfig::default()).await.unwrap();
    let registering = bank
        .open_tournament(GUILD, REGISTERING, 4, settings(), "open 1")
        .await
        .unwrap();
    bank.register_tournament(GUILD, registering, UserId(1), "r1")
        .await
        .unwrap();
    let running = bank
        .open_tournament(GUILD, RUNNING, 2, settings(), "open 2")
        .await
        .unwrap();
    for user in [2, 3] {
        bank.register_tournament(GUILD, running, UserId(user), &format!("r{user}"))
            .await
            .unwrap();
    }
    let state = bank.tournament(running).await.unwrap().unwrap();
    let next = state.tournament().unwrap().next_hand().unwrap();
    let mut stacks = next.stacks.clone();
    stacks[0] += 10;
    stacks[1] -= 10;
    bank.record_tournament_hand(GUILD, running, next.number, &stacks)
        .await
        .unwrap();
    bank.shutdown().await.unwrap();
}

/// `studbot ARGS`: its exit code, its JSON answer and its stderr.
fn studbot(args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let output = crate::child::run_args(args);
    let answer = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), answer, stderr)
}

fn cancel(dir: &Path, tournament: u64) -> (Option<i32>, serde_json::Value, String) {
    studbot(&[
        "cancel-sit-and-go",
        "--data",
        dir.to_str().unwrap(),
        &tournament.to_string(),
    ])
}

#[tokio::test]
async fn the_audit_names_every_live_sit_and_go_with_its_guild_and_channel() {
    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_with_two_sit_and_gos(dir.path()).await;
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(
        report["sit_and_gos_live"],
        serde_json::json!([
            {"tournament": 1, "guild": 5, "channel": 50, "phase": "registering",
             "entrants": 1, "prize_pool": 100},
            {"tournament": 2, "guild": 5, "channel": 51, "phase": "running",
             "entrants": 2, "prize_pool": 200},
        ])
    );
}

#[tokio::test]
async fn cancel_sit_and_go_by_number_refunds_one_registering_and_cancels_one_running() {
    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_with_two_sit_and_gos(dir.path()).await;

    let (code, answer, stderr) = cancel(dir.path(), 1);
    assert_eq!(code, Some(0), "{answer} {stderr}");
    assert_eq!(answer["was"], "registering");
    assert_eq!(answer["channel"], 50);
    assert_eq!(answer["paid"], serde_json::json!([[1, 100]]));
    assert_eq!(answer["already_over"], false);

    let (code, answer, stderr) = cancel(dir.path(), 2);
    assert_eq!(code, Some(0), "{answer} {stderr}");
    assert_eq!(answer["was"], "running");
    let paid: u64 = answer["paid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| pair[1].as_u64().unwrap())
        .sum();
    assert_eq!(paid, 200, "the whole pool: {answer}");

    // Again: it answers what the cancel paid, and pays nothing more.
    let (code, again, stderr) = cancel(dir.path(), 2);
    assert_eq!(code, Some(0), "{again} {stderr}");
    assert_eq!(again["already_over"], true);
    assert_eq!(again["was"], "cancelled");
    assert_eq!(again["paid"], answer["paid"]);
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["tournament_chips"], 0);
    assert_eq!(report["sit_and_gos_live"], serde_json::json!([]));
}

#[tokio::test]
async fn cancel_sit_and_go_refuses_an_unknown_number_and_an_unreadable_record_changing_nothing() {
    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_with_two_sit_and_gos(dir.path()).await;
    let (code, _, stderr) = cancel(dir.path(), 9);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("knows no sit & go 9"), "{stderr}");

    crate::audit::damage_sit_and_go_record(dir.path(), 1);
    let (code, _, stderr) = cancel(dir.path(), 1);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("tournament 1 cannot be read") && stderr.contains("nothing was changed"),
        "{stderr}"
    );
    let (_, report) = audit(dir.path());
    assert_eq!(report["tournament_chips"], 300, "nothing moved: {report}");
    assert_eq!(report["sit_and_gos_unreadable"], serde_json::json!([1]));
}

#[tokio::test]
async fn close_table_on_a_sit_and_gos_channel_refuses_naming_the_sit_and_go_and_how_to_cancel_it() {
    let dir = tempfile::tempdir().unwrap();
    a_stopped_bot_with_two_sit_and_gos(dir.path()).await;
    let (code, _, stderr) = studbot(&[
        "close-table",
        "--data",
        dir.path().to_str().unwrap(),
        &RUNNING.0.to_string(),
    ]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("holds sit & go 2") && stderr.contains("cancel-sit-and-go"),
        "{stderr}"
    );
    let bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    assert!(
        bank.tournament(TournamentId(2))
            .await
            .unwrap()
            .unwrap()
            .is_live()
    );
    bank.shutdown().await.unwrap();
}
