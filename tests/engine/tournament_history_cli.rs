//! The sit & gos of the terminal keep their hands' histories as the lobby does: `sim
//! --tournament --data` records each hand with its public history, so the bank holds the
//! last hand's (and, its report printed, keeps no result to announce), and `history` at a
//! turn of `play --tournament` tells the last hand played.

use studbot::bank::{Bank, ChannelHand, EconomyConfig, TableId, TournamentId};

use crate::child;

/// The channel both `play --tournament` and `sim --tournament` deal in.
const CHANNEL: TableId = TableId(2);

#[test]
fn sim_tournament_data_stores_the_history_of_the_sit_and_gos_last_hand() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = child::studbot();
    command
        .args(["sim", "--tournament", "--players", "3", "--seed", "7"])
        .args(["--structure", "turbo", "--json", "--data"])
        .arg(dir.path());
    let output = child::run(command, "", "studbot sim --tournament --data");
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let hands = report["hands"].as_u64().unwrap();
    assert!(hands > 0, "{report}");

    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let bank = Bank::open(&dir.path().join("bank"), EconomyConfig::default())
            .await
            .unwrap();
        let latest = bank
            .latest_sit_and_go_hand_history(CHANNEL, TournamentId(1))
            .await
            .unwrap();
        let (at, bytes) = latest.expect("the sit & go's hands have histories");
        assert_eq!(
            at,
            ChannelHand::SitAndGo {
                tournament: TournamentId(1),
                hand: hands
            }
        );
        assert!(!bytes.is_empty());
        // The printed report told the result: nothing is left for a bot to announce.
        assert_eq!(bank.unannounced_tournaments().await.unwrap(), Vec::new());
        bank.shutdown().await.unwrap();
    });
}

#[test]
fn history_at_a_turn_of_play_tournament_tells_the_last_hand_played() {
    let dir = tempfile::tempdir().unwrap();
    let mut command = child::studbot();
    command
        .args(["play", "--tournament", "--players", "2", "--seed", "4"])
        .args(["--structure", "turbo", "--between-hands", "0", "--data"])
        .arg(dir.path());
    // Asked before any hand is recorded, then at every turn while playing hands down.
    let input = format!("history\n{}", "history\nc\nbring-in\n".repeat(40));
    let output = child::run(command, &input, "studbot play --tournament");
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8(output.stdout).unwrap();
    assert!(said.contains("No hand has been played yet."), "{said}");
    // Each history told is of the last hand whose result was shown before it.
    let mut last_result = None;
    let mut told = 0;
    for line in said.lines() {
        if let Some(hand) = line
            .strip_prefix("Hand #")
            .and_then(|rest| rest.strip_suffix(" — results"))
        {
            last_result = hand.parse::<u64>().ok();
        }
        if let Some(hand) = line
            .strip_prefix("Sit & go #1, hand ")
            .and_then(|rest| rest.split_once(" — Seven-Card Stud Hi/Lo"))
        {
            assert_eq!(hand.0.parse::<u64>().ok(), last_result, "{line}\n{said}");
            told += 1;
        }
    }
    assert!(told > 0, "{said}");
}
