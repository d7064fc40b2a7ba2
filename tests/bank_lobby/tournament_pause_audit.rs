//! The audit and a sit & go's kept pause: a pause kept for a running sit & go is sound, and
//! one left for a sit & go that finished (which its finish takes away) is a break `studbot
//! audit` names, exiting 1.

use studbot::bank::store::{SledStore, Store, Tree, Write};
use studbot::bank::{GuildId, TableId, TournamentId, TournamentPhase, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::audit::audit;
use crate::bank_common::open_bank;

const GUILD: GuildId = GuildId(3);

fn paused_key(id: TournamentId) -> Vec<u8> {
    let mut key = b"tournament_paused".to_vec();
    key.extend_from_slice(&id.0.to_be_bytes());
    key
}

#[tokio::test]
async fn a_pause_kept_for_a_finished_sit_and_go_is_a_break_the_audit_names() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    let settings = TournamentSettings::new(
        GameChoice::Stud8,
        Structure::built_in(StructureKind::Regular),
        100,
    );
    let mut ids = Vec::new();
    for channel in [10, 11] {
        let id = bank
            .open_tournament(
                GUILD,
                TableId(channel),
                2,
                settings.clone(),
                &format!("o{channel}"),
            )
            .await
            .unwrap();
        for user in [1, 2] {
            let reference = format!("r{channel}:{user}");
            bank.register_tournament(GUILD, id, UserId(user), &reference)
                .await
                .unwrap();
        }
        bank.pause_tournament(GUILD, id, true).await.unwrap();
        ids.push(id);
    }
    let (running, finished) = (ids[0], ids[1]);
    while let Some(state) = bank.tournament(finished).await.unwrap()
        && let TournamentPhase::Running(tournament) = state.phase
    {
        let next = tournament.next_hand().unwrap();
        let stacks = [next.stacks.iter().sum(), 0];
        bank.record_tournament_hand(GUILD, finished, next.number, &stacks)
            .await
            .unwrap();
    }
    assert!(bank.tournament_paused(running).await.unwrap());
    assert!(!bank.tournament_paused(finished).await.unwrap());
    bank.shutdown().await.unwrap();
    let (code, report) = audit(dir.path());
    assert_eq!(
        code,
        Some(0),
        "a running sit & go's pause is sound: {report}"
    );

    let store = SledStore::open(dir.path(), 1 << 20).unwrap();
    store
        .apply(&[Write {
            tree: Tree::Meta,
            key: paused_key(finished),
            value: Some(vec![1]),
        }])
        .unwrap();
    store.flush().unwrap();
    drop(store);
    let (code, report) = audit(dir.path());
    assert_eq!(code, Some(1), "{report}");
    let breaks = report["breaks"].as_array().unwrap();
    assert_eq!(breaks.len(), 1, "{report}");
    let named = breaks[0].as_str().unwrap();
    assert!(
        named.contains(&format!(
            "tournament {} is kept paused but is not running",
            finished.0
        )),
        "{named}"
    );
}
