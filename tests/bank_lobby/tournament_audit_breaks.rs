//! The audit's tournament checks (src/bank/audit.rs), each broken once in sound books
//! through the store's raw interface: a live prize pool short of its buy-ins, a finished
//! tournament still holding chips, an escrow whose stored balance its ledger does not make,
//! a prize pool with no tournament record, and chips into or out of a prize pool by an
//! account its entrants do not make (a computer entrant's buy-in taken from a member rather
//! than the house). `studbot audit` names exactly the breaks the plant implies and exits 1.

use studbot::bank::store::{Reads, SledStore, Store, Tree, Write};
use studbot::bank::{Account, Bank, GuildId, TableId, TournamentId, TournamentPhase, UserId};
use studbot::table::GameChoice;
use studbot::tournament::{Structure, StructureKind, TournamentSettings};

use crate::audit::audit;
use crate::bank_audit_breaks::{
    StoredEntry, StoredReason, balance, delete, entry, next_seq, set, stored,
};
use crate::bank_common::{board_key, open_bank};

const GUILD: GuildId = GuildId(3);
const LIVE: TournamentId = TournamentId(1);
const FINISHED: TournamentId = TournamentId(2);
const BUY_IN: u64 = 100;
const ANA: UserId = UserId(1);

/// A stopped bank: tournament 1 registering with two entrants (200 in its pool),
/// tournament 2 played out and paid.
struct Books {
    dir: tempfile::TempDir,
    last_seq: u64,
    ana_balance: u64,
}

fn settings() -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud8,
        Structure::built_in(StructureKind::Regular),
        BUY_IN,
    )
}

async fn finish(bank: &Bank, id: TournamentId) {
    while let Some(state) = bank.tournament(id).await.unwrap()
        && let TournamentPhase::Running(tournament) = state.phase
    {
        let next = tournament.next_hand().unwrap();
        let mut stacks = next.stacks.clone();
        stacks[0] += stacks[1];
        stacks[1] = 0;
        bank.record_tournament_hand(GUILD, id, next.number, &stacks)
            .await
            .unwrap();
    }
}

impl Books {
    async fn sound() -> Books {
        let dir = tempfile::tempdir().unwrap();
        let (bank, _) = open_bank(dir.path()).await;
        let live = bank
            .open_tournament(GUILD, TableId(10), 3, settings(), "open live")
            .await
            .unwrap();
        let done = bank
            .open_tournament(GUILD, TableId(11), 2, settings(), "open done")
            .await
            .unwrap();
        assert_eq!((live, done), (LIVE, FINISHED));
        for (id, users) in [(LIVE, [1, 2]), (FINISHED, [3, 4])] {
            for user in users {
                bank.register_tournament(GUILD, id, UserId(user), &format!("r{user}"))
                    .await
                    .unwrap();
            }
        }
        finish(&bank, FINISHED).await;
        let report = bank.audit().await.unwrap();
        assert!(report.ok, "{:?}", report.breaks);
        assert_eq!(report.tournament_chips, 200);
        assert_eq!((report.tournaments_live, report.tournaments_over), (1, 1));
        let last_seq = report.ledger_entries;
        let ana_balance = bank.balance(GUILD, ANA).await.unwrap();
        bank.shutdown().await.unwrap();
        Books {
            dir,
            last_seq,
            ana_balance,
        }
    }

    fn plant(&self, writes: &[Write]) {
        let store = SledStore::open(self.dir.path(), 1 << 20).unwrap();
        store.apply(writes).unwrap();
        store.flush().unwrap();
    }

    /// A ledger entry after the last, with the balances it implies written by the test.
    fn append(&self, from: Account, to: Account, amount: u64, extra: &[Write]) {
        let moved = StoredEntry {
            time_unix_ms: 1,
            from: stored(from),
            to: stored(to),
            amount,
            reason: StoredReason::TournamentPayout,
            reference: "planted".into(),
        };
        let seq = self.last_seq + 1;
        let mut writes = vec![entry(seq, &moved), next_seq(seq + 1)];
        writes.extend_from_slice(extra);
        self.plant(&writes);
    }

    fn assert_breaks(&self, expected: &[String]) {
        let (code, report) = audit(self.dir.path());
        assert_eq!(report["ok"], false, "{report}");
        assert_eq!(code, Some(1), "{report}");
        let breaks: Vec<String> = report["breaks"]
            .as_array()
            .expect("the report lists its breaks")
            .iter()
            .map(|found| found.as_str().unwrap_or_default().to_owned())
            .collect();
        for part in expected {
            assert!(
                breaks.iter().any(|found| found.contains(part.as_str())),
                "no break names {part:?}: {breaks:#?}"
            );
        }
        assert_eq!(breaks.len(), expected.len(), "found {breaks:#?}");
    }
}

fn ana() -> Account {
    Account::Player {
        guild: GUILD,
        user: ANA,
    }
}

#[tokio::test]
async fn the_sound_books_pass_the_audit() {
    let books = Books::sound().await;
    let (code, report) = audit(books.dir.path());
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report["tournament_chips"], 200);
}

#[tokio::test]
async fn a_live_prize_pool_short_of_its_buy_ins_is_a_break_even_when_the_ledger_agrees() {
    let books = Books::sound().await;
    let after = books.ana_balance + 50;
    books.append(
        LIVE.escrow(),
        ana(),
        50,
        &[
            balance(LIVE.escrow(), 150),
            balance(ana(), i128::from(after)),
            delete(Tree::Board, board_key(GUILD, ANA, books.ana_balance)),
            set(Tree::Board, board_key(GUILD, ANA, after), Vec::new()),
        ],
    );
    books.assert_breaks(&[
        "tournament 1 (live) holds 150 chips where its record makes it 200".into(),
        format!(
            "tournament 1: {:?} put in 50 chips net where its entrants make it 100",
            ana()
        ),
    ]);
}

#[tokio::test]
async fn a_finished_tournament_that_holds_chips_is_a_break() {
    let books = Books::sound().await;
    let mint = Account::Mint { guild: GUILD };
    let store = SledStore::open(books.dir.path(), 1 << 20).unwrap();
    let minted = store
        .get(Tree::Balances, &mint.key())
        .unwrap()
        .map(|bytes| i128::from_be_bytes(bytes.try_into().unwrap()))
        .unwrap();
    drop(store);
    books.append(
        mint,
        FINISHED.escrow(),
        30,
        &[balance(mint, minted - 30), balance(FINISHED.escrow(), 30)],
    );
    books.assert_breaks(&[
        "tournament 2 (over) holds 30 chips where its record makes it 0".into(),
        format!("tournament 2: {mint:?} put in 30 chips net where its entrants make it 0"),
    ]);
}

#[tokio::test]
async fn an_escrow_its_ledger_does_not_make_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[balance(LIVE.escrow(), 260)]);
    books.assert_breaks(&[
        format!(
            "{:?} holds 260 but its ledger entries sum to 200",
            LIVE.escrow()
        ),
        "tournament 1 holds 260 chips but was paid 200 and paid out 0".into(),
        "tournament 1 (live) holds 260 chips where its record makes it 200".into(),
        "the accounts sum to 60, not 0".into(),
        format!("the accounts of guild {} sum to 60, not 0", GUILD.0),
    ]);
}

#[tokio::test]
async fn a_prize_pool_without_a_tournament_record_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[delete(Tree::Tournaments, LIVE.0.to_be_bytes().to_vec())]);
    books.assert_breaks(&[
        "tournament 1 has no record but holds 200 chips".into(),
        "the index of live sit & gos names sit & go 1 in channel 10, which is not live there"
            .into(),
        format!("the accounts of guild {} sum to -200, not 0", GUILD.0),
    ]);
}

#[tokio::test]
async fn a_computer_entrants_buy_in_taken_from_a_member_rather_than_the_house_is_a_break() {
    let dir = tempfile::tempdir().unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    let id = bank
        .open_tournament(GUILD, TableId(10), 3, settings(), "open")
        .await
        .unwrap();
    let computer = UserId::computer(0);
    for user in [ANA, computer] {
        bank.register_tournament(GUILD, id, user, &format!("r{}", user.0))
            .await
            .unwrap();
    }
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    let house = Account::House { guild: GUILD };
    assert_eq!(report.house_chips, 0, "the mint gave the house its buy-in");
    let ana_balance = bank.balance(GUILD, ANA).await.unwrap();
    let last_seq = report.ledger_entries;
    bank.shutdown().await.unwrap();
    let books = Books {
        dir,
        last_seq,
        ana_balance,
    };
    // The computer's buy-in back to the house, and Ana paying it instead: the pool and every
    // balance still add up, only who paid is wrong.
    let moved = |from: Account, to: Account, reason: StoredReason| StoredEntry {
        time_unix_ms: 1,
        from: stored(from),
        to: stored(to),
        amount: BUY_IN,
        reason,
        reference: "planted".into(),
    };
    let after = ana_balance - BUY_IN;
    books.plant(&[
        entry(
            last_seq + 1,
            &moved(id.escrow(), house, StoredReason::TournamentRefund),
        ),
        entry(
            last_seq + 2,
            &moved(ana(), id.escrow(), StoredReason::TournamentBuyIn),
        ),
        next_seq(last_seq + 3),
        balance(house, i128::from(BUY_IN)),
        balance(ana(), i128::from(after)),
        delete(Tree::Board, board_key(GUILD, ANA, ana_balance)),
        set(Tree::Board, board_key(GUILD, ANA, after), Vec::new()),
    ]);
    books.assert_breaks(&[
        format!(
            "tournament 1: {:?} put in 200 chips net where its entrants make it 100",
            ana()
        ),
        format!("tournament 1: {house:?} put in 0 chips net where its entrants make it 100"),
    ]);
}
