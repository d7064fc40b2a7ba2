//! `studbot sim --tournament --data DIR`: whole sit & gos through the real bank. They are the
//! sit & gos `sim --tournament` plays without the bank, the audit passes afterwards, and a
//! run killed with SIGKILL at random moments, again and again, leaves books the audit
//! passes each time; resumed, every tournament pays exactly its prize pool once, the same
//! payouts as a run never interrupted. Each entrant's tournament stats are kept by the
//! same transactions, so they too are exact after the kills.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use studbot::bank::{
    Account, Bank, EconomyConfig, GuildId, Reason, TournamentId, TournamentPhase, TournamentState,
    TournamentStats, UserId,
};

use crate::child;
use crate::killable::Killable;
use crate::sim_bank_common::{audit_passes, sim_lines};

const KILLS: usize = 8;

fn flags(count: u64) -> Vec<String> {
    [
        "sim",
        "--tournament",
        "--players",
        "4",
        "--seed",
        "5",
        "--structure",
        "turbo",
        "--json",
        "--count",
    ]
    .iter()
    .map(|flag| flag.to_string())
    .chain([count.to_string()])
    .collect()
}

/// The JSON lines `sim` printed.
fn sim(count: u64, data: Option<&Path>) -> Vec<Value> {
    sim_lines(&flags(count), data, "studbot sim --tournament")
}

#[tokio::test]
async fn sit_and_gos_through_the_bank_are_those_played_without_it_and_the_audit_passes() {
    let dir = tempfile::tempdir().unwrap();
    let with_bank = sim(3, Some(dir.path()));
    let without = sim(3, None);
    assert_eq!(with_bank.len(), 3);
    for (number, (mut banked, plain)) in with_bank.into_iter().zip(without).enumerate() {
        assert_eq!(banked["tournament"], number as u64 + 1);
        banked.as_object_mut().unwrap().remove("tournament");
        assert_eq!(banked, plain);
    }
    let report = audit_passes(dir.path());
    assert_eq!(report["tournament_chips"], 0);
    assert_eq!(report["tournaments_over"], 3);
    assert_eq!(report["tournaments_live"], 0);
    // Buy-ins and payouts only moved chips among the players.
    assert_eq!(
        report["player_chips"].as_u64(),
        Some(4 * EconomyConfig::default().starting_balance)
    );
    // Each of the four played all three; one won each; the nets are what moved among them.
    let (stats, board) = stats_and_board(dir.path()).await;
    assert_eq!(stats.iter().map(|stats| stats.entries).sum::<u64>(), 12);
    assert!(stats.iter().all(|stats| stats.entries == 3), "{stats:?}");
    assert_eq!(stats.iter().map(|stats| stats.wins).sum::<u64>(), 3);
    assert_eq!(stats.iter().map(|stats| stats.cashes).sum::<u64>(), 3);
    assert_eq!(stats.iter().map(|stats| stats.net).sum::<i64>(), 0);
    let (banked, _) = tournaments_and_payouts(dir.path()).await;
    for (index, player) in stats.iter().enumerate() {
        let user = UserId(index as u64 + 1);
        let paid: u64 = banked
            .iter()
            .filter_map(|state| match &state.phase {
                TournamentPhase::Finished { payouts, .. } => Some(payouts),
                _ => None,
            })
            .flatten()
            .filter(|(paid_to, _)| *paid_to == user)
            .map(|&(_, chips)| chips)
            .sum();
        let buy_ins: u64 = banked.iter().map(|state| state.settings.buy_in).sum();
        assert_eq!(
            player.net,
            paid as i64 - buy_ins as i64,
            "player {}",
            user.0
        );
    }
    let nets: Vec<i64> = board.iter().map(|(_, stats)| stats.net).collect();
    assert!(nets.windows(2).all(|pair| pair[0] >= pair[1]), "{nets:?}");
}

/// The tournament stats of the sim's four players (users 1..=4 of guild 0), and the board of
/// sit & gos.
async fn stats_and_board(dir: &Path) -> (Vec<TournamentStats>, Vec<(UserId, TournamentStats)>) {
    let bank = Bank::open(&dir.join("bank"), EconomyConfig::default())
        .await
        .unwrap();
    let mut stats = Vec::new();
    for user in 1..=4 {
        stats.push(
            bank.tournament_stats(GuildId(0), UserId(user))
                .await
                .unwrap(),
        );
    }
    let board = bank.tournament_leaderboard(GuildId(0), 10).await.unwrap();
    bank.shutdown().await.unwrap();
    (stats, board)
}

/// Starts a `sim --tournament --data --progress` of many sit & gos and kills it after
/// `kill_after` lines (hands recorded and sit & gos finished).
fn run_and_kill(dir: &Path, kill_after: usize) {
    let mut command = child::studbot();
    command
        .args(flags(1_000))
        .arg("--progress")
        .arg("--data")
        .arg(dir);
    let mut running = Killable::start(command);
    let deadline = Instant::now() + Duration::from_secs(60);
    for line in 0..kill_after {
        running.next_line(deadline, &format!("line {} of {kill_after}", line + 1));
    }
    running.kill();
}

/// Every tournament in the bank of `dir`, by number, and each tournament's payouts in the
/// ledger (chips out of its prize pool).
async fn tournaments_and_payouts(
    dir: &Path,
) -> (Vec<TournamentState>, BTreeMap<TournamentId, Vec<u64>>) {
    let bank = Bank::open(&dir.join("bank"), EconomyConfig::default())
        .await
        .unwrap();
    let tournaments = bank.tournaments().await.unwrap();
    let mut payouts: BTreeMap<TournamentId, Vec<u64>> = BTreeMap::new();
    for entry in bank.ledger(1, usize::MAX).await.unwrap() {
        if let Account::Tournament { tournament } = entry.from {
            assert_eq!(entry.reason, Reason::TournamentPayout);
            payouts.entry(tournament).or_default().push(entry.amount);
        }
    }
    bank.shutdown().await.unwrap();
    (tournaments, payouts)
}

#[tokio::test]
async fn sit_and_gos_killed_at_random_moments_resume_and_pay_their_pools_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x7011);
    for _ in 0..KILLS {
        run_and_kill(dir.path(), rng.random_range(1..=70));
        let report = audit_passes(dir.path());
        assert!(report["tournaments_live"].as_u64() <= Some(1), "{report}");
    }
    // A run to the end resumes the one left live, then plays one more.
    let finished = sim(1, Some(dir.path()));
    assert!(!finished.is_empty());
    let report = audit_passes(dir.path());
    assert_eq!(report["tournament_chips"], 0);
    assert_eq!(report["tournaments_live"], 0);

    let (killed, killed_payouts) = tournaments_and_payouts(dir.path()).await;
    let count = killed.len() as u64;
    assert!(count >= 2, "{count} sit & gos");
    let fresh = tempfile::tempdir().unwrap();
    sim(count, Some(fresh.path()));
    let (uninterrupted, _) = tournaments_and_payouts(fresh.path()).await;
    assert_eq!(
        stats_and_board(dir.path()).await,
        stats_and_board(fresh.path()).await,
        "the kills counted no sit & go twice nor lost one from the stats"
    );
    assert_eq!(killed.len(), uninterrupted.len());
    for (state, never_killed) in killed.iter().zip(&uninterrupted) {
        let TournamentPhase::Finished {
            tournament,
            payouts,
        } = &state.phase
        else {
            panic!(
                "tournament {} is not finished: {:?}",
                state.id.0, state.phase
            );
        };
        let paid: Vec<u64> = payouts
            .iter()
            .map(|&(_, chips)| chips)
            .filter(|&chips| chips > 0)
            .collect();
        assert_eq!(
            killed_payouts.get(&state.id),
            Some(&paid),
            "tournament {}: the ledger pays each place once",
            state.id.0
        );
        assert_eq!(paid.iter().sum::<u64>(), tournament.prize_pool());
        assert_eq!(
            state.phase, never_killed.phase,
            "tournament {} played as if never interrupted",
            state.id.0
        );
    }
}
