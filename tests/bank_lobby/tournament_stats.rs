//! Sit & gos in the players' stats, apart from cash play: every entrant of a finished
//! tournament gains an entry, first place a win, each paid place a cash, and everyone what
//! the tournament paid them less their buy-in, in the transaction that pays it out. A
//! tournament cancelled before its start counts for nobody (refunds are not results); one
//! cancelled after it counts entries and nets, no win and no cash. Counts saturate: a stats
//! record at the end of its range never refuses a payout. The leaderboard of sit & gos ranks
//! by net.

use studbot::bank::store::{SledStore, Store, Tree, Write};
use studbot::bank::{
    Bank, EconomyConfig, GuildId, PlayerStats, TableId, TournamentId, TournamentPhase,
    TournamentStats, UserId,
};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::bank_common::{TestPlace, TestStore, open_bank, open_bank_at};

const GUILD: GuildId = GuildId(7);
const CHANNEL: TableId = TableId(40);

fn settings(buy_in: u64) -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
    )
}

/// Opens a sit & go and registers users 1..=`entrants`; `tag` keeps each call's references
/// its own.
async fn open_with(
    bank: &Bank,
    tag: &str,
    seats: usize,
    buy_in: u64,
    entrants: u64,
) -> TournamentId {
    let id = bank
        .open_tournament(
            GUILD,
            CHANNEL,
            seats,
            settings(buy_in),
            &format!("{tag} open"),
        )
        .await
        .expect("opens");
    for n in 1..=entrants {
        bank.register_tournament(GUILD, id, UserId(n), &format!("{tag} register {n}"))
            .await
            .expect("registers");
    }
    id
}

/// Plays the running tournament to its end: each hand the first player dealt takes every
/// chip of the last one. Answers each entrant's (user, place, payout), first place first.
async fn play_out(bank: &Bank, id: TournamentId) -> Vec<(UserId, usize, u64)> {
    loop {
        let state = bank.tournament(id).await.unwrap().expect("known");
        let tournament = match state.phase {
            TournamentPhase::Running(tournament) => tournament,
            TournamentPhase::Finished { tournament, .. } => {
                return tournament
                    .payouts()
                    .expect("over")
                    .into_iter()
                    .map(|payout| (state.entrants[payout.seat], payout.place, payout.chips))
                    .collect();
            }
            other => panic!("not running: {other:?}"),
        };
        let next = tournament.next_hand().expect("a next hand");
        let mut stacks = next.stacks.clone();
        let last = stacks.len() - 1;
        stacks[0] += stacks[last];
        stacks[last] = 0;
        bank.record_tournament_hand(GUILD, id, next.number, &stacks)
            .await
            .expect("records");
    }
}

async fn stats_of(bank: &Bank, user: UserId) -> TournamentStats {
    bank.tournament_stats(GUILD, user).await.unwrap()
}

async fn a_finished_sit_and_go_counts_entries_wins_cashes_and_net_apart_from_cash_play(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    // Five entrants of 100: 65/35 of 500.
    let id = open_with(&bank, "first", 5, 100, 5).await;
    let places = play_out(&bank, id).await;
    let (winner, second) = (places[0].0, places[1].0);
    assert_eq!((places[0].2, places[1].2), (325, 175));
    assert_eq!(
        stats_of(&bank, winner).await,
        TournamentStats {
            entries: 1,
            wins: 1,
            cashes: 1,
            net: 225
        }
    );
    assert_eq!(
        stats_of(&bank, second).await,
        TournamentStats {
            entries: 1,
            wins: 0,
            cashes: 1,
            net: 75
        }
    );
    for &(user, _, _) in &places[2..] {
        assert_eq!(
            stats_of(&bank, user).await,
            TournamentStats {
                entries: 1,
                wins: 0,
                cashes: 0,
                net: -100
            }
        );
    }
    // Cash play is untouched.
    for &(user, _, _) in &places {
        assert_eq!(
            bank.stats(GUILD, user).await.unwrap(),
            PlayerStats::default()
        );
    }

    // A second one: its net adds to the first's.
    let id = open_with(&bank, "second", 2, 100, 2).await;
    let again = play_out(&bank, id).await;
    let board = bank.tournament_leaderboard(GUILD, 10).await.unwrap();
    let nets: Vec<i64> = board.iter().map(|(_, stats)| stats.net).collect();
    let mut sorted = nets.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(nets, sorted, "ranked by net, best first");
    assert_eq!(board.len(), 5);
    assert_eq!(
        nets.iter().sum::<i64>(),
        0,
        "tournaments move chips among players"
    );
    let played_twice = again[0].0;
    assert_eq!(stats_of(&bank, played_twice).await.entries, 2);
    assert_eq!(
        bank.tournament_leaderboard(GUILD, 2).await.unwrap().len(),
        2
    );
    assert!(
        bank.tournament_leaderboard(GuildId(8), 10)
            .await
            .unwrap()
            .is_empty(),
        "another guild's sit & gos are not this one's"
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
}

async fn a_sit_and_go_cancelled_before_its_start_counts_for_nobody(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = open_with(&bank, "one", 4, 100, 3).await;
    bank.unregister_tournament(GUILD, id, UserId(3), "leave")
        .await
        .unwrap();
    bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
    for n in 1..=3 {
        assert_eq!(stats_of(&bank, UserId(n)).await, TournamentStats::default());
    }
    assert!(
        bank.tournament_leaderboard(GUILD, 10)
            .await
            .unwrap()
            .is_empty()
    );
    bank.shutdown().await.unwrap();
}

async fn a_sit_and_go_cancelled_after_its_start_counts_entries_and_nets_but_no_win_or_cash(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = open_with(&bank, "one", 3, 100, 3).await;
    let state = bank.tournament(id).await.unwrap().unwrap();
    let next = state.tournament().unwrap().next_hand().unwrap();
    // The first dealt busts the last: 1,200 and 600 left, the third out.
    bank.record_tournament_hand(GUILD, id, next.number, &[1_200, 600, 0])
        .await
        .unwrap();
    bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
    let expected = [100, 0, -100];
    for (index, net) in expected.into_iter().enumerate() {
        let user = state.entrants[next.seats[index]];
        assert_eq!(
            stats_of(&bank, user).await,
            TournamentStats {
                entries: 1,
                wins: 0,
                cashes: 0,
                net
            },
            "dealt {index}"
        );
    }
    bank.shutdown().await.unwrap();
}

/// Writes a player's tournament stats record past the bank.
fn plant_stats(dir: &std::path::Path, user: UserId, stats: &TournamentStats) {
    let mut key = vec![b'T'];
    key.extend_from_slice(&GUILD.0.to_be_bytes());
    key.extend_from_slice(&user.0.to_be_bytes());
    let store = SledStore::open(dir, 1 << 20).unwrap();
    store
        .apply(&[Write {
            tree: Tree::Stats,
            key,
            value: Some(postcard::to_stdvec(stats).unwrap()),
        }])
        .unwrap();
    store.flush().unwrap();
}

#[tokio::test]
async fn tournament_stats_at_the_end_of_their_range_saturate_and_never_refuse_a_payout() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    let id = open_with(&bank, "one", 2, 100, 2).await;
    bank.shutdown().await.unwrap();
    let full = TournamentStats {
        entries: u64::MAX,
        wins: u64::MAX,
        cashes: u64::MAX,
        net: i64::MAX,
    };
    let empty = TournamentStats {
        entries: u64::MAX,
        wins: 0,
        cashes: 0,
        net: i64::MIN,
    };
    plant_stats(dir.path(), UserId(1), &full);
    plant_stats(dir.path(), UserId(2), &empty);

    let bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    let places = play_out(&bank, id).await;
    assert_eq!(places.iter().map(|&(_, _, chips)| chips).sum::<u64>(), 200);
    let (winner, loser) = (places[0].0, places[1].0);
    let expected_full = TournamentStats {
        net: if winner == UserId(1) {
            i64::MAX
        } else {
            i64::MAX - 100
        },
        ..full
    };
    assert_eq!(stats_of(&bank, UserId(1)).await, expected_full);
    let after = stats_of(&bank, UserId(2)).await;
    let expected_empty = TournamentStats {
        wins: u64::from(winner == UserId(2)),
        cashes: u64::from(winner == UserId(2)),
        net: if winner == UserId(2) {
            i64::MIN + 100
        } else {
            i64::MIN
        },
        ..empty
    };
    assert_eq!(after, expected_empty, "winner {winner:?}, loser {loser:?}");
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
}

async fn a_computer_entrant_buys_in_from_the_house_is_paid_to_it_and_counts_only_for_it(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = bank
        .open_tournament(GUILD, CHANNEL, 3, settings(100), "open")
        .await
        .unwrap();
    let computers = [UserId::computer(0), UserId::computer(1)];
    bank.register_tournament(GUILD, id, UserId(1), "ada")
        .await
        .unwrap();
    for (n, computer) in computers.into_iter().enumerate() {
        bank.register_tournament(GUILD, id, computer, &format!("computer {n}"))
            .await
            .unwrap();
    }
    // The house held nothing: the mint gave it both buy-ins, recorded as such.
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.balance, house.minted), (0, 200));
    let minted = bank
        .ledger(1, usize::MAX)
        .await
        .unwrap()
        .into_iter()
        .filter(|entry| entry.reason == studbot::bank::Reason::HouseMint)
        .count();
    assert_eq!(minted, 2);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 300);

    let places = play_out(&bank, id).await;
    let winner = places[0].0;
    let house = bank.house_stats(GUILD).await.unwrap();
    let ada = stats_of(&bank, UserId(1)).await;
    if winner.is_computer() {
        assert_eq!(
            house.balance, 300,
            "the winning computer's payout is the house's"
        );
        assert_eq!(
            house.tournaments,
            TournamentStats {
                entries: 2,
                wins: 1,
                cashes: 1,
                net: 100
            }
        );
        assert_eq!(ada.net, -100);
    } else {
        assert_eq!(house.balance, 0);
        assert_eq!(house.tournaments.net, -200);
        assert_eq!(ada.net, 200);
    }
    assert_eq!(house.tournaments.entries, 2);
    // The computers have no stats and are on no board.
    for computer in computers {
        assert_eq!(stats_of(&bank, computer).await, TournamentStats::default());
    }
    let board = bank.tournament_leaderboard(GUILD, 10).await.unwrap();
    assert_eq!(board, vec![(UserId(1), ada)]);
    let top = bank.leaderboard(GUILD, 10).await.unwrap();
    assert!(top.iter().all(|(user, _)| !user.is_computer()), "{top:?}");
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

async fn a_computer_unregistered_or_refunded_by_a_cancel_gives_its_buy_in_back_to_the_house(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = bank
        .open_tournament(GUILD, CHANNEL, 4, settings(100), "open")
        .await
        .unwrap();
    for (n, computer) in [UserId::computer(0), UserId::computer(1)]
        .into_iter()
        .enumerate()
    {
        bank.register_tournament(GUILD, id, computer, &format!("computer {n}"))
            .await
            .unwrap();
    }
    bank.unregister_tournament(GUILD, id, UserId::computer(1), "leave")
        .await
        .unwrap();
    assert_eq!(bank.house_stats(GUILD).await.unwrap().balance, 100);
    // The house now holds one buy-in: the next computer is not minted another.
    bank.register_tournament(GUILD, id, UserId::computer(2), "computer 2")
        .await
        .unwrap();
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!((house.balance, house.minted), (0, 200));
    bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!(house.balance, 200);
    assert_eq!(
        house.tournaments,
        TournamentStats::default(),
        "a refund is no result"
    );
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
}

async fn a_moderators_start_fills_the_allowed_free_seats_with_computers_of_the_house(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    // Computers may not take every seat.
    let refused = bank
        .open_tournament_with_computers(GUILD, CHANNEL, 4, settings(100), 4, "all computers")
        .await;
    assert!(
        matches!(refused, Err(studbot::bank::BankError::BadTournament(_))),
        "{refused:?}"
    );
    // Three allowed in six seats, two people registered: the start seats three computers.
    let id = bank
        .open_tournament_with_computers(GUILD, CHANNEL, 6, settings(100), 3, "open")
        .await
        .unwrap();
    assert_eq!(bank.tournament_computer_players(id).await.unwrap(), 3);
    for n in 1..=2 {
        bank.register_tournament(GUILD, id, UserId(n), &format!("r{n}"))
            .await
            .unwrap();
    }
    bank.start_tournament(GUILD, id, "start").await.unwrap();
    let state = bank.tournament(id).await.unwrap().unwrap();
    let mut seated = state.entrants.clone();
    seated.sort_unstable();
    assert_eq!(
        seated,
        vec![
            UserId(1),
            UserId(2),
            UserId::computer(2),
            UserId::computer(3),
            UserId::computer(4)
        ]
    );
    assert_eq!(state.tournament().unwrap().prize_pool(), 500);
    let house = bank.house_stats(GUILD).await.unwrap();
    assert_eq!(house.minted, 300);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    play_out(&bank, id).await;
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);

    // More allowed than seats are free: only the free ones; nobody entered: none, refused.
    let id = bank
        .open_tournament_with_computers(GUILD, TableId(41), 3, settings(0), 2, "open 2")
        .await
        .unwrap();
    let refused = bank.start_tournament(GUILD, id, "start empty").await;
    assert!(refused.is_err(), "computers alone: {refused:?}");
    assert!(
        bank.tournament(id)
            .await
            .unwrap()
            .unwrap()
            .entrants
            .is_empty()
    );
    for n in 1..=2 {
        bank.register_tournament(GUILD, id, UserId(n), &format!("r2 {n}"))
            .await
            .unwrap();
    }
    bank.start_tournament(GUILD, id, "start 2").await.unwrap();
    let state = bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(state.entrants.len(), 3);
    assert!(state.entrants.contains(&UserId::computer(2)));
    bank.shutdown().await.unwrap();
}

on_each_store!(
    #[tokio::test]
    a_finished_sit_and_go_counts_entries_wins_cashes_and_net_apart_from_cash_play,
    a_sit_and_go_cancelled_before_its_start_counts_for_nobody,
    a_sit_and_go_cancelled_after_its_start_counts_entries_and_nets_but_no_win_or_cash,
    a_computer_entrant_buys_in_from_the_house_is_paid_to_it_and_counts_only_for_it,
    a_computer_unregistered_or_refunded_by_a_cancel_gives_its_buy_in_back_to_the_house,
    a_moderators_start_fills_the_allowed_free_seats_with_computers_of_the_house,
);
