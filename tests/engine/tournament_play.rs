//! `studbot play --tournament`: a sit & go at the terminal through the bank. The header
//! shows the level, stakes, hands to the next level, players left and the average stack;
//! quitting leaves the sit & go where it was (the audit passes, the prize pool still held)
//! and the next run deals on from that hand to a winner, who is paid the whole pool. The
//! computer players are the house's: their buy-ins come from it and a payout goes back.

use std::path::Path;

use studbot::bank::{Bank, EconomyConfig};

use crate::child;

fn play(dir: &Path, input: &str) -> String {
    let mut command = child::studbot();
    command
        .args(["play", "--tournament", "--players", "3", "--seed", "4"])
        .args(["--structure", "turbo", "--buy-in", "150"])
        .args(["--between-hands", "0", "--street-pause-ms", "0", "--data"])
        .arg(dir);
    let output = child::run(command, input, "studbot play --tournament");
    assert!(
        output.status.success(),
        "play failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

fn audit(dir: &Path) -> serde_json::Value {
    let (code, report) = crate::audit::audit(dir);
    assert!(code == Some(0) && report["ok"] == true, "{report}");
    report
}

#[test]
fn a_sit_and_go_at_the_terminal_waits_where_it_was_left_and_plays_on_to_a_winner() {
    let dir = tempfile::tempdir().unwrap();
    let first = play(dir.path(), "c\nc\nc\n");
    assert!(
        first.contains("A sit & go of Seven-Card Stud Hi/Lo for 3 players"),
        "{first}"
    );
    assert!(first.contains("prize pool 450"), "{first}");
    assert!(
        first.contains("Level 1: ante 2, bring-in 3, stakes 10/20 · 6 hands to the next level · 3 players left · average stack 600"),
        "{first}"
    );
    assert!(
        first.contains("Sit & go paused: run “studbot play --tournament” again"),
        "{first}"
    );
    let report = audit(dir.path());
    assert_eq!(report["tournament_chips"], 450);
    assert_eq!(report["tournaments_live"], 1);

    let answers = "c\nbring-in\n".repeat(5_000);
    let second = play(dir.path(), &answers);
    assert!(second.contains("dealt on from hand"), "{second}");
    assert!(second.contains("The sit & go is over after"), "{second}");
    let places: Vec<&str> = second
        .lines()
        .filter(|line| line.contains(" place: "))
        .collect();
    assert_eq!(places.len(), 3, "{second}");
    assert!(places[0].starts_with("1st place:") && places[0].ends_with("wins 450 chips."));
    assert!(places[1].starts_with("2nd place:") && places[1].ends_with("no prize."));
    assert!(places[2].starts_with("3rd place:") && places[2].ends_with("no prize."));
    let report = audit(dir.path());
    assert_eq!(report["tournament_chips"], 0);
    assert_eq!(
        (
            report["tournaments_live"].as_u64(),
            report["tournaments_over"].as_u64()
        ),
        (Some(0), Some(1))
    );
    // The computer players' buy-ins came from the house (the mint filling it: two of 150),
    // and a computer's payout went back there: you are the only member account.
    assert_eq!(report["player_accounts"], 1, "{report}");
    let (players, house) = (
        report["player_chips"].as_i64().unwrap(),
        report["house_chips"].as_i64().unwrap(),
    );
    assert_eq!(players + house, 1_000 + 300, "{report}");
    // You won the 450, or a computer won it for the house.
    assert!(
        [(1_300, 0), (850, 450)].contains(&(players, house)),
        "{report}"
    );
    // The terminal told the result: nothing is kept for a bot on this directory to post.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let bank = Bank::open(&dir.path().join("bank"), EconomyConfig::default())
            .await
            .unwrap();
        assert_eq!(bank.unannounced_tournaments().await.unwrap(), Vec::new());
        bank.shutdown().await.unwrap();
    });
}
