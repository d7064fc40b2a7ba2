//! A sit & go's result is told at least once: the transaction that pays it out also keeps
//! it as still to announce, so a process killed between the payout and the result's post
//! finds it at its next start; once the front end says Discord accepted it, no later start
//! tells it again. The audit holds the mark sound for a finished sit & go only.

use std::sync::Arc;

use studbot::bank::store::{SledStore, Store, Tree, Write};
use studbot::bank::{Bank, TournamentId, TournamentPhase};
use studbot::lobby::{
    DealingOutPace, Lobby, LobbyConfig, MemoryTableStore, NoticeBody, TableMessage,
};
use studbot::table::hand::ActionKind;

use crate::bank_common::TestStore;
use crate::lobby_common::*;
use crate::sit_and_go_common::*;

const BUY_IN: u64 = SIT_AND_GO_BUY_IN;

/// Records the sit & go's hands in the bank to its end, as its table would have just before
/// the process died: each hand the first player dealt takes every chip of the last one.
async fn finish_in_the_bank(bank: &Bank, id: TournamentId) {
    while let Some(state) = bank.tournament(id).await.unwrap()
        && let TournamentPhase::Running(tournament) = state.phase
    {
        let next = tournament.next_hand().unwrap();
        let mut stacks = next.stacks.clone();
        let last = stacks.len() - 1;
        stacks[0] += stacks[last];
        stacks[last] = 0;
        bank.record_tournament_hand(GUILD, id, next.number, &stacks)
            .await
            .unwrap();
    }
}

async fn restart(bank: &Bank) -> Lobby {
    restart_lobby_without_settings(bank, LobbyConfig::default()).await
}

async fn a_sit_and_go_paid_but_never_announced_is_announced_once_after_a_restart(store: TestStore) {
    let fixture = fixture_with_store_on(store, 2_351, Arc::new(MemoryTableStore::new())).await;
    let players = [ANA, BEN, CHEN];
    let id = started_turbo(&fixture.bank, &players).await;
    finish_in_the_bank(&fixture.bank, id).await;
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let TournamentPhase::Finished {
        tournament,
        payouts,
    } = &state.phase
    else {
        panic!("the sit & go is not finished: {:?}", state.phase);
    };
    let hands_played = tournament.hands_played();
    let payouts = payouts.clone();

    let lobby = restart(&fixture.bank).await;
    assert!(
        lobby.tables().is_empty(),
        "a finished sit & go deals no more"
    );
    let pending = lobby.unannounced_sit_and_go_results().await.unwrap();
    assert_eq!(pending.len(), 1, "the result is to announce: {pending:?}");
    let result = &pending[0];
    assert_eq!((result.guild, result.tournament), (GUILD, id));
    assert_eq!(result.notice.table, TABLE);
    let NoticeBody::Table(TableMessage::TournamentOver {
        tournament: told,
        hands,
        places,
        deal: None,
    }) = &result.notice.body
    else {
        panic!("not the result: {:?}", result.notice.body);
    };
    assert_eq!(*told, id);
    assert_eq!(*hands, hands_played);
    assert_eq!(places.len(), players.len(), "every place is told");
    assert_eq!(places.first().map(|place| place.place), Some(1));
    for (user, paid) in &payouts {
        let told = places.iter().find(|place| place.user == *user).unwrap();
        assert_eq!(told.payout, *paid, "player {}", user.0);
    }
    assert_eq!(
        places.iter().map(|place| place.payout).sum::<u64>(),
        BUY_IN * players.len() as u64
    );
    let report = fixture.bank.audit().await.unwrap();
    assert!(
        report.ok,
        "a finished sit & go's mark is sound: {:?}",
        report.breaks
    );

    lobby.sit_and_go_result_announced(GUILD, id).await.unwrap();
    // Confirmed twice (a retry): nothing more changes.
    lobby.sit_and_go_result_announced(GUILD, id).await.unwrap();
    let again = restart(&fixture.bank).await;
    assert!(
        again
            .unannounced_sit_and_go_results()
            .await
            .unwrap()
            .is_empty(),
        "an announced result is not told again"
    );
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

async fn a_running_sit_and_go_has_no_result_to_announce_and_another_guild_cannot_clear_one(
    store: TestStore,
) {
    let fixture = fixture_with_store_on(store, 2_352, Arc::new(MemoryTableStore::new())).await;
    let running = started_turbo(&fixture.bank, &[ANA, BEN]).await;
    assert!(
        fixture
            .lobby
            .unannounced_sit_and_go_results()
            .await
            .unwrap()
            .is_empty()
    );
    finish_in_the_bank(&fixture.bank, running).await;
    let other = studbot::bank::GuildId(GUILD.0 + 1);
    assert!(
        fixture
            .lobby
            .sit_and_go_result_announced(other, running)
            .await
            .is_err()
    );
    assert_eq!(
        fixture
            .lobby
            .unannounced_sit_and_go_results()
            .await
            .unwrap()
            .len(),
        1
    );
}

#[tokio::test]
async fn a_result_kept_to_announce_for_a_running_sit_and_go_is_a_break_the_audit_names() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = crate::bank_common::open_bank(dir.path()).await;
    let running = started_turbo(&bank, &[ANA, BEN]).await;
    bank.shutdown().await.unwrap();
    let mut key = b"tournament_unannounced".to_vec();
    key.extend_from_slice(&running.0.to_be_bytes());
    let store = SledStore::open(dir.path(), 1 << 20).unwrap();
    store
        .apply(&[Write {
            tree: Tree::Meta,
            key,
            value: Some(vec![1]),
        }])
        .unwrap();
    store.flush().unwrap();
    drop(store);
    let report = studbot::bank::audit_data_dir(dir.path()).unwrap();
    assert!(!report.ok);
    assert_eq!(
        report.breaks,
        vec![format!(
            "tournament {} has a result to announce but is not finished",
            running.0
        )]
    );
}

/// Plays the sit & go at its table to its end, every player raising when offered (or
/// betting, completing, else the passive action), and answers the result the table told.
async fn play_at_the_table(fixture: &Fixture, id: TournamentId) -> TableMessage {
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();
    let mut steps = Steps::until("the sit & go's end");
    loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) => {
                let kind = [ActionKind::Raise, ActionKind::Bet, ActionKind::Complete]
                    .into_iter()
                    .find(|kind| offers(&offer, *kind))
                    .unwrap_or_else(|| passive(&offer));
                take(&table, &offer, kind).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(over @ TableMessage::TournamentOver { .. }) => return over,
            _ => {}
        }
    }
}

async fn the_result_a_table_told_stays_to_announce_until_the_front_end_says_it_was_posted(
    store: TestStore,
) {
    let fixture = fixture_with_on(
        store,
        2_353,
        Arc::new(MemoryTableStore::new()),
        DealingOutPace::NO_PAUSE,
    )
    .await;
    let id = started_turbo(&fixture.bank, &[ANA, BEN]).await;
    let told = play_at_the_table(&fixture, id).await;
    let TableMessage::TournamentOver { tournament, .. } = &told else {
        unreachable!("play_at_the_table answers the result");
    };
    assert_eq!(*tournament, id, "the result names its sit & go");
    // The process dies before the post: the next start has the very message to tell.
    let lobby = restart(&fixture.bank).await;
    let pending = lobby.unannounced_sit_and_go_results().await.unwrap();
    assert_eq!(pending.len(), 1);
    let NoticeBody::Table(again) = &pending[0].notice.body else {
        panic!("not the result: {:?}", pending[0].notice.body);
    };
    assert_eq!(*again, told);
    lobby.sit_and_go_result_announced(GUILD, id).await.unwrap();
    assert!(
        restart(&fixture.bank)
            .await
            .unannounced_sit_and_go_results()
            .await
            .unwrap()
            .is_empty()
    );
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_sit_and_go_paid_but_never_announced_is_announced_once_after_a_restart,
    a_running_sit_and_go_has_no_result_to_announce_and_another_guild_cannot_clear_one,
    the_result_a_table_told_stays_to_announce_until_the_front_end_says_it_was_posted,
);
