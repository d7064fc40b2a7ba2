//! Shared by the sit & go operations' lib tests (beside each op, so that a mutant of one
//! rebuilds only the lib): a bank in a temporary directory on a still clock, a sit & go
//! opened with its entrants and played out hand by hand, the ledger entries of a reference,
//! and books that must balance.

use std::sync::Arc;

use crate::bank::{
    Bank, EconomyConfig, GuildId, LedgerEntry, ManualClock, TableId, TournamentId, TournamentPhase,
    UserId,
};
use crate::table::GameChoice;
use crate::tournament::{Structure, StructureKind, Tournament, TournamentSettings};

pub(crate) const GUILD: GuildId = GuildId(7);
pub(crate) const CHANNEL: TableId = TableId(40);
/// What a new player's balance starts at (the default economy's starting balance).
pub(crate) const STARTING: u64 = 1_000;

/// A bank and the directory it lives in (removed when the test ends).
pub(crate) struct TestBank {
    pub bank: Bank,
    _dir: tempfile::TempDir,
}

impl std::ops::Deref for TestBank {
    type Target = Bank;
    fn deref(&self) -> &Bank {
        &self.bank
    }
}

pub(crate) async fn open_bank() -> TestBank {
    let dir = tempfile::tempdir().expect("temp dir");
    let clock = Arc::new(ManualClock::new(1_704_067_200_000));
    let bank = Bank::open_with_clock(dir.path(), EconomyConfig::default(), clock)
        .await
        .expect("the bank opens");
    TestBank { bank, _dir: dir }
}

pub(crate) fn settings(buy_in: u64) -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
    )
}

/// Opens a sit & go of `seats` in `CHANNEL` and registers users 1..=`entrants`.
pub(crate) async fn open_with(
    bank: &Bank,
    seats: usize,
    buy_in: u64,
    entrants: u64,
) -> TournamentId {
    open_with_computers(bank, seats, buy_in, 0, entrants).await
}

/// [`open_with`], allowing `computers` computer entrants at the start.
pub(crate) async fn open_with_computers(
    bank: &Bank,
    seats: usize,
    buy_in: u64,
    computers: usize,
    entrants: u64,
) -> TournamentId {
    let id = bank
        .open_tournament_with_computers(GUILD, CHANNEL, seats, settings(buy_in), computers, "open")
        .await
        .expect("opens");
    for n in 1..=entrants {
        bank.register_tournament(GUILD, id, UserId(n), &format!("register {n}"))
            .await
            .expect("registers");
    }
    id
}

/// The running tournament of `id` (the test fails at once when it is not running).
pub(crate) async fn running(bank: &Bank, id: TournamentId) -> Tournament {
    match bank
        .tournament(id)
        .await
        .expect("reads")
        .expect("known")
        .phase
    {
        TournamentPhase::Running(tournament) => tournament,
        other => panic!("tournament {} not running: {other:?}", id.0),
    }
}

/// The next hand's number and the stacks it ends with when the first player dealt takes
/// every chip of the last one.
pub(crate) async fn next_hand_busting_the_last(bank: &Bank, id: TournamentId) -> (u64, Vec<u64>) {
    let next = running(bank, id).await.next_hand().expect("a next hand");
    let mut stacks = next.stacks.clone();
    let last = stacks.len() - 1;
    stacks[0] += stacks[last];
    stacks[last] = 0;
    (next.number, stacks)
}

/// Plays the running tournament to its end, each hand busting the last player dealt;
/// answers each entrant's (user, place, payout), first place first.
pub(crate) async fn play_out(bank: &Bank, id: TournamentId) -> Vec<(UserId, usize, u64)> {
    loop {
        let state = bank.tournament(id).await.expect("reads").expect("known");
        if let TournamentPhase::Finished { tournament, .. } = &state.phase {
            return tournament
                .payouts()
                .expect("over")
                .into_iter()
                .map(|payout| (state.entrants[payout.seat], payout.place, payout.chips))
                .collect();
        }
        let (hand, stacks) = next_hand_busting_the_last(bank, id).await;
        bank.record_tournament_hand(GUILD, id, hand, &stacks)
            .await
            .expect("records");
        // A hand answered but not counted would be dealt again forever: fail at once.
        let state = bank.tournament(id).await.expect("reads").expect("known");
        if let TournamentPhase::Running(tournament) = &state.phase {
            assert_eq!(
                tournament.hands_played(),
                hand + 1,
                "hand {hand} was answered but not counted"
            );
        }
    }
}

/// Every ledger entry whose reference is `reference`.
pub(crate) async fn entries_with(bank: &Bank, reference: &str) -> Vec<LedgerEntry> {
    let entries = bank.ledger(1, 10_000).await.expect("the ledger reads");
    entries
        .into_iter()
        .filter(|entry| entry.reference == reference)
        .collect()
}

/// The audit finds nothing broken and every chip accounted for.
pub(crate) async fn assert_books_balance(bank: &Bank) {
    let report = bank.audit().await.expect("audit");
    assert!(report.ok, "audit breaks: {:?}", report.breaks);
    assert_eq!(report.sum, 0);
}

pub(crate) async fn balance(bank: &Bank, user: u64) -> u64 {
    bank.balance(GUILD, UserId(user)).await.expect("balance")
}
