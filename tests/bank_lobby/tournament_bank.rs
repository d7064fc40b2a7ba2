//! Sit & gos in the bank: buy-ins into the prize pool's escrow, the start, hands recorded
//! (the last one paying out in the same transaction), unregistering and cancelling; every
//! refusal clear and changing nothing; a restart resumes where the tournament was; a
//! corrupt record refused, never played.

use studbot::bank::store::{Reads, SledStore, Store, Tree, Write};
use studbot::bank::{
    Bank, BankError, EconomyConfig, GuildId, Reason, TableId, TournamentId, TournamentPhase, UserId,
};
use studbot::table::GameChoice;
use studbot::tournament::{DealKind, Structure, StructureKind, TournamentSettings};

use crate::bank_common::{TestPlace, TestStore, open_bank, open_bank_at};

const GUILD: GuildId = GuildId(7);
const CHANNEL: TableId = TableId(40);
const START: u64 = 1_000;

fn settings(buy_in: u64) -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
    )
}

fn user(n: u64) -> UserId {
    UserId(n)
}

async fn ledger_len(bank: &Bank) -> usize {
    bank.ledger(1, usize::MAX).await.expect("the ledger").len()
}

async fn open_with(bank: &Bank, seats: usize, buy_in: u64, entrants: u64) -> TournamentId {
    let id = bank
        .open_tournament(GUILD, CHANNEL, seats, settings(buy_in), "open")
        .await
        .expect("opens");
    for n in 1..=entrants {
        bank.register_tournament(GUILD, id, user(n), &format!("register {n}"))
            .await
            .expect("registers");
    }
    id
}

/// Plays the running tournament to its end in the bank: each hand the first player dealt
/// takes every chip of the last one. Returns the hands recorded.
async fn play_out(bank: &Bank, id: TournamentId) -> u64 {
    let mut hands = 0;
    loop {
        let state = bank.tournament(id).await.unwrap().expect("known");
        let TournamentPhase::Running(tournament) = state.phase else {
            return hands;
        };
        let next = tournament.next_hand().expect("a next hand");
        let mut stacks = next.stacks.clone();
        let last = stacks.len() - 1;
        stacks[0] += stacks[last];
        stacks[last] = 0;
        bank.record_tournament_hand(GUILD, id, next.number, &stacks)
            .await
            .expect("records");
        hands += 1;
    }
}

async fn a_full_sit_and_go_starts_by_itself_pays_its_pool_in_one_transaction_and_holds_nothing(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = open_with(&bank, 3, 100, 3).await;
    let state = bank.tournament(id).await.unwrap().unwrap();
    assert!(
        matches!(state.phase, TournamentPhase::Running(_)),
        "started when full"
    );
    assert_eq!(bank.audit().await.unwrap().tournament_chips, 300);
    for n in 1..=3 {
        assert_eq!(bank.balance(GUILD, user(n)).await.unwrap(), START - 100);
    }

    let before = ledger_len(&bank).await;
    assert_eq!(play_out(&bank, id).await, 2);
    let entries = bank.ledger(1, usize::MAX).await.unwrap();
    let payouts: Vec<_> = entries[before..]
        .iter()
        .filter(|entry| entry.reason == Reason::TournamentPayout)
        .collect();
    assert_eq!(payouts.len(), 1, "three entrants: winner takes all");
    assert_eq!(payouts[0].amount, 300);
    assert_eq!(entries.len(), before + 1, "only the payout moved chips");

    let state = bank.tournament(id).await.unwrap().unwrap();
    let TournamentPhase::Finished { payouts, .. } = &state.phase else {
        panic!("finished: {:?}", state.phase);
    };
    let winner = payouts[0].0;
    assert_eq!(payouts[0].1, 300);
    assert_eq!(bank.balance(GUILD, winner).await.unwrap(), START + 200);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);
    assert_eq!((report.tournaments_live, report.tournaments_over), (0, 1));

    // The last hand again (a retry after a crash) pays nothing twice.
    let tournament = state.tournament().unwrap();
    let last = tournament.hands_played() - 1;
    bank.record_tournament_hand(GUILD, id, last, &[300, 0])
        .await
        .expect("a replay is answered");
    assert_eq!(ledger_len(&bank).await, before + 1);
    bank.shutdown().await.unwrap();
}

async fn every_refusal_is_clear_and_changes_nothing(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = open_with(&bank, 4, 100, 1).await;
    let before = ledger_len(&bank).await;
    let refusals = [
        (
            bank.register_tournament(GUILD, id, user(1), "again").await,
            BankError::AlreadyRegistered { tournament: id },
        ),
        (
            bank.unregister_tournament(GUILD, id, user(2), "not in")
                .await,
            BankError::NotRegistered { tournament: id },
        ),
        (
            bank.start_tournament(GUILD, id, "start alone")
                .await
                .map(|()| 0),
            BankError::TooFewEntrants {
                tournament: id,
                entrants: 1,
            },
        ),
        (
            bank.register_tournament(GuildId(8), id, user(2), "other guild")
                .await,
            BankError::TournamentWrongGuild { tournament: id },
        ),
        (
            bank.record_tournament_hand(GUILD, id, 0, &[600])
                .await
                .map(|()| 0),
            BankError::TournamentNotRunning { tournament: id },
        ),
        (
            bank.open_tournament(GUILD, CHANNEL, 4, settings(100), "second here")
                .await
                .map(|id| id.0),
            BankError::TournamentInChannel { tournament: id },
        ),
        (
            bank.buy_in(GUILD, CHANNEL, user(5), 100, "a table here")
                .await,
            BankError::TournamentInChannel { tournament: id },
        ),
    ];
    for (got, expected) in refusals {
        assert_eq!(got, Err(expected));
    }
    assert_eq!(
        bank.open_table(GUILD, CHANNEL).await,
        Err(BankError::TournamentInChannel { tournament: id })
    );
    assert_eq!(ledger_len(&bank).await, before);

    // A buy-in above the balance.
    let rich = bank
        .open_tournament(GUILD, TableId(41), 2, settings(START + 1), "rich")
        .await
        .unwrap();
    assert_eq!(
        bank.register_tournament(GUILD, rich, user(3), "short")
            .await,
        Err(BankError::InsufficientFunds {
            balance: START,
            needed: START + 1
        })
    );
    let state = bank.tournament(rich).await.unwrap().unwrap();
    assert!(state.entrants.is_empty());

    // A channel with a table open.
    bank.buy_in(GUILD, TableId(42), user(4), 50, "seat")
        .await
        .unwrap();
    assert_eq!(
        bank.open_tournament(GUILD, TableId(42), 2, settings(10), "at a table")
            .await,
        Err(BankError::TableOpenInChannel { table: TableId(42) })
    );
    // Settings no field of that size could play: three places paid among three seats
    // (everyone paid is no tournament).
    let mut three_places = settings(10);
    three_places.payouts = Some(studbot::tournament::PayoutTable::new(vec![50, 30, 20]).unwrap());
    assert_eq!(
        bank.open_tournament(GUILD, TableId(43), 3, three_places, "places")
            .await,
        Err(BankError::PayoutPlaces {
            places: 3,
            entrants: 3
        })
    );
    assert!(matches!(
        bank.open_tournament(GUILD, TableId(43), 9, settings(10), "nine")
            .await,
        Err(BankError::BadTournament(_))
    ));

    // After the start: no registering, no unregistering.
    bank.register_tournament(GUILD, id, user(2), "two")
        .await
        .unwrap();
    bank.start_tournament(GUILD, id, "start").await.unwrap();
    let started = ledger_len(&bank).await;
    assert_eq!(
        bank.register_tournament(GUILD, id, user(3), "late").await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    assert_eq!(
        bank.unregister_tournament(GUILD, id, user(2), "leave")
            .await,
        Err(BankError::TournamentStarted { tournament: id })
    );
    // A hand out of turn, or stacks that do not fit the hand.
    assert!(matches!(
        bank.record_tournament_hand(GUILD, id, 1, &[600, 600]).await,
        Err(BankError::TournamentHandOutOfTurn { next: 0, .. })
    ));
    assert!(matches!(
        bank.record_tournament_hand(GUILD, id, 0, &[600, 601]).await,
        Err(BankError::TournamentHandRefused { .. })
    ));
    assert_eq!(ledger_len(&bank).await, started);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    bank.shutdown().await.unwrap();
}

async fn unregistering_and_cancelling_before_the_start_refund_every_buy_in(store: TestStore) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = open_with(&bank, 6, 250, 3).await;
    assert_eq!(
        bank.unregister_tournament(GUILD, id, user(2), "leave")
            .await,
        Ok(250)
    );
    assert_eq!(bank.balance(GUILD, user(2)).await.unwrap(), START);
    let paid = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
    assert_eq!(paid, vec![(user(1), 250), (user(3), 250)]);
    for n in 1..=3 {
        assert_eq!(bank.balance(GUILD, user(n)).await.unwrap(), START);
    }
    assert_eq!(
        bank.cancel_tournament(GUILD, id, "cancel").await.unwrap(),
        paid,
        "the same request again is answered as before"
    );
    assert_eq!(
        bank.cancel_tournament(GUILD, id, "cancel again").await,
        Err(BankError::TournamentOver { tournament: id })
    );
    // The channel is free again.
    bank.open_tournament(GUILD, CHANNEL, 2, settings(0), "next")
        .await
        .expect("a new tournament in the channel");
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

async fn cancelling_a_running_sit_and_go_after_an_unpaid_bust_divides_the_unpaid_prizes_by_icm(
    store: TestStore,
) {
    let place = TestPlace::new(store);
    let (bank, _) = open_bank_at(&place).await;
    let id = open_with(&bank, 3, 100, 3).await;
    let state = bank.tournament(id).await.unwrap().unwrap();
    let next = state.tournament().unwrap().next_hand().unwrap();
    // The first dealt busts the last: 1,200 and 600 left, the third out.
    let stacks = vec![1_200, 600, 0];
    bank.record_tournament_hand(GUILD, id, next.number, &stacks)
        .await
        .unwrap();
    let paid = bank.cancel_tournament(GUILD, id, "cancel").await.unwrap();
    let by_user = |u: UserId| paid.iter().find(|(p, _)| *p == u).unwrap().1;
    let [first, second, out] =
        [next.seats[0], next.seats[1], next.seats[2]].map(|seat| by_user(state.entrants[seat]));
    assert_eq!((first, second, out), (200, 100, 0));
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

#[tokio::test]
async fn a_restart_resumes_the_tournament_from_the_last_hand_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    let id = open_with(&bank, 4, 50, 4).await;
    let state = bank.tournament(id).await.unwrap().unwrap();
    let next = state.tournament().unwrap().next_hand().unwrap();
    bank.record_tournament_hand(GUILD, id, next.number, &[700, 500, 600, 600])
        .await
        .unwrap();
    let recorded = bank.tournament(id).await.unwrap().unwrap();
    bank.shutdown().await.unwrap();

    let bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    let resumed = bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(resumed, recorded);
    assert_eq!(resumed.tournament().unwrap().hands_played(), 1);
    assert_eq!(bank.tournaments().await.unwrap(), vec![recorded]);
    play_out(&bank, id).await;
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);
    bank.shutdown().await.unwrap();
}

/// Writes `value` under tournament `key`'s record, past the bank.
fn plant(dir: &std::path::Path, key: u64, value: Vec<u8>) {
    let store = SledStore::open(dir, 1 << 20).unwrap();
    store
        .apply(&[Write {
            tree: Tree::Tournaments,
            key: key.to_be_bytes().to_vec(),
            value: Some(value),
        }])
        .unwrap();
    store.flush().unwrap();
}

fn stored(dir: &std::path::Path, key: u64) -> Vec<u8> {
    let store = SledStore::open(dir, 1 << 20).unwrap();
    store
        .get(Tree::Tournaments, &key.to_be_bytes())
        .unwrap()
        .expect("a record")
}

#[tokio::test]
async fn a_corrupt_tournament_record_is_refused_never_played() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    let id = open_with(&bank, 3, 100, 3).await;
    bank.shutdown().await.unwrap();
    let record = stored(dir.path(), id.0);

    // Cut short, and the same record under another tournament's number.
    plant(dir.path(), id.0, record[..record.len() / 2].to_vec());
    plant(dir.path(), 9, record.clone());
    let bank = Bank::open(dir.path(), EconomyConfig::default())
        .await
        .unwrap();
    for (tournament, why) in [
        (id, "corrupt tournament 1"),
        (TournamentId(9), "names tournament 1"),
    ] {
        match bank.tournament(tournament).await {
            Err(BankError::UnreadableTournament {
                tournament: named,
                reason,
            }) => {
                assert_eq!(named, tournament);
                assert!(reason.contains(why), "{reason}");
            }
            other => panic!("tournament {}: {other:?}", tournament.0),
        }
        assert!(matches!(
            bank.record_tournament_hand(GUILD, tournament, 0, &[600, 600, 600])
                .await,
            Err(BankError::UnreadableTournament { .. })
        ));
    }
    let report = bank.audit().await.unwrap();
    assert!(!report.ok);
    assert_eq!(
        report
            .breaks
            .iter()
            .filter(|found| found.starts_with("an unreadable tournament record of sit & go"))
            .count(),
        2,
        "{:?}",
        report.breaks
    );
    assert_eq!(report.sit_and_gos_unreadable, vec![id.0, 9]);
    // The one live in its channel is listed where it is held, though it cannot be read.
    assert_eq!(
        report.sit_and_gos_live.len(),
        1,
        "{:?}",
        report.sit_and_gos_live
    );
    assert_eq!(report.sit_and_gos_live[0].tournament, id.0);
    assert_eq!(report.sit_and_gos_live[0].channel, CHANNEL);
    assert_eq!(report.sit_and_gos_live[0].phase, "unreadable");
    bank.shutdown().await.unwrap();
}

on_each_store!(
    #[tokio::test]
    a_full_sit_and_go_starts_by_itself_pays_its_pool_in_one_transaction_and_holds_nothing,
    every_refusal_is_clear_and_changes_nothing,
    unregistering_and_cancelling_before_the_start_refund_every_buy_in,
    cancelling_a_running_sit_and_go_after_an_unpaid_bust_divides_the_unpaid_prizes_by_icm,
);

/// Two processes on one PostgreSQL bank: only the one holding the guild's lease runs its sit
/// & go's table, so every operation that table makes (#40's waiting cancel, a deal's
/// proposal, answer and lapse, and the cancel it carries out) is refused to the other with
/// `LeaseLost`, whatever it believes, and changes nothing; the holder goes on.
#[tokio::test]
async fn a_process_without_the_guilds_lease_cannot_cancel_or_deal_at_its_sit_and_go() {
    let place = TestPlace::new(TestStore::Postgres);
    let (holder, _) = open_bank_at(&place).await;
    let other = Bank::open_at(place.location(), EconomyConfig::default())
        .await
        .expect("a second process's bank");
    let id = open_with(&holder, 3, 100, 3).await;
    let lost = |answer: &str, result: Result<(), BankError>| {
        assert!(
            matches!(result, Err(BankError::LeaseLost { guild }) if guild == GUILD),
            "{answer}: {result:?}"
        );
    };
    lost(
        "the waiting cancel",
        other.request_tournament_cancel(GUILD, id, "cancel").await,
    );
    lost(
        "the table's cancel",
        other
            .cancel_tournament_at_table(GUILD, id, "cancel")
            .await
            .map(drop),
    );
    lost(
        "a proposal",
        other
            .propose_deal(GUILD, id, user(1), DealKind::ChipChop, "deal")
            .await
            .map(drop),
    );
    let number = holder
        .propose_deal(GUILD, id, user(1), DealKind::ChipChop, "deal")
        .await
        .expect("the holder's table proposes");
    lost(
        "an answer",
        other
            .answer_deal(GUILD, id, number, user(2), true)
            .await
            .map(drop),
    );
    lost("a lapse", other.lapse_deal(GUILD, id, number).await);

    let state = holder.tournament(id).await.unwrap().expect("known");
    assert!(matches!(state.phase, TournamentPhase::Running(_)));
    let deal = state.deal.expect("the holder's deal still waits");
    assert_eq!(
        deal.accepted,
        vec![user(1)],
        "the other's answer counted nothing"
    );
    assert_eq!(holder.tournament_cancel_requested(id).await.unwrap(), None);
    holder
        .request_tournament_cancel(GUILD, id, "cancel")
        .await
        .expect("the holder keeps a cancel");
    let paid = holder
        .cancel_tournament_at_table(GUILD, id, "cancel")
        .await
        .expect("the holder cancels");
    assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 300);
    let report = holder.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    other.shutdown().await.unwrap();
    holder.shutdown().await.unwrap();
}
