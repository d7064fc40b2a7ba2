//! Every kind of break the audit looks for (src/bank/audit.rs), planted once in sound books
//! through the store's raw interface: `studbot audit` reports exactly the breaks the plant
//! implies, `ok: false`, and exits 1. (A balance that disagrees with its ledger, and with it the
//! accounts' sum, is planted in `bank_audit_cli`.)

use serde::{Deserialize, Serialize};
use studbot::bank::store::{Reads, SledStore, Store, Tree, Write};
use studbot::bank::{Account, Bank, EconomyConfig, GuildId, LedgerEntry, TableId, UserId};

use crate::audit::audit;
use crate::bank_audit_cli::a_bank_with_some_play;
use crate::bank_common::board_key;

const GUILD: GuildId = GuildId(1);
const OTHER_GUILD: GuildId = GuildId(9);
const TABLE: TableId = TableId(2);
const ANA: UserId = UserId(1);
const BEN: UserId = UserId(2);
/// Each player's balance after buying in for 300 of the 1,000 they start with.
const BALANCE: u64 = 700;
const BUY_IN: u64 = 300;

/// The bank's on-disk ledger entry (src/bank/encoding.rs, schema 2), mirrored here to plant
/// entries the bank itself never writes. `Books::sound` checks that it reads back every entry
/// the bank wrote, byte for byte, so a change of the format fails there, not in a plant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum StoredAccount {
    Player(u64, u64),
    Mint(u64),
    Seat(u64, u64),
    Tournament(u64),
    House(u64),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) enum StoredReason {
    Opening,
    Daily,
    Give,
    Grant(u64),
    Take(u64),
    BuyIn,
    CashOut,
    Settle(u64),
    TableClosed,
    TournamentBuyIn,
    TournamentRefund,
    TournamentPayout,
    HouseMint,
    TournamentAddedPrize,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct StoredEntry {
    pub time_unix_ms: u64,
    pub from: StoredAccount,
    pub to: StoredAccount,
    pub amount: u64,
    pub reason: StoredReason,
    pub reference: String,
}

/// The bank's table registry record (src/bank/tables.rs), mirrored and checked like the entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct StoredTable {
    guild: u64,
    open: bool,
    hand_in_progress: Option<u64>,
    last_hand: u64,
}

pub(crate) fn stored(account: Account) -> StoredAccount {
    match account {
        Account::Player { guild, user } => StoredAccount::Player(guild.0, user.0),
        Account::Mint { guild } => StoredAccount::Mint(guild.0),
        Account::Seat { table, user } => StoredAccount::Seat(table.0, user.0),
        Account::Tournament { tournament } => StoredAccount::Tournament(tournament.0),
        Account::House { guild } => StoredAccount::House(guild.0),
    }
}

fn player(user: UserId) -> Account {
    Account::Player { guild: GUILD, user }
}

fn seat(user: UserId) -> Account {
    Account::Seat { table: TABLE, user }
}

fn mint() -> Account {
    Account::Mint { guild: GUILD }
}

fn seq_key(seq: u64) -> Vec<u8> {
    seq.to_be_bytes().to_vec()
}

const NEXT_SEQ_KEY: &[u8] = b"next_seq";

pub(crate) fn set(tree: Tree, key: Vec<u8>, value: Vec<u8>) -> Write {
    Write {
        tree,
        key,
        value: Some(value),
    }
}

pub(crate) fn delete(tree: Tree, key: Vec<u8>) -> Write {
    Write {
        tree,
        key,
        value: None,
    }
}

pub(crate) fn balance(account: Account, chips: i128) -> Write {
    set(Tree::Balances, account.key(), chips.to_be_bytes().to_vec())
}

pub(crate) fn entry(seq: u64, entry: &StoredEntry) -> Write {
    set(
        Tree::Ledger,
        seq_key(seq),
        postcard::to_stdvec(entry).expect("encode a ledger entry"),
    )
}

pub(crate) fn next_seq(seq: u64) -> Write {
    set(
        Tree::Meta,
        NEXT_SEQ_KEY.to_vec(),
        seq.to_be_bytes().to_vec(),
    )
}

fn table_record(table: TableId, record: &StoredTable) -> Write {
    set(
        Tree::Tables,
        table.0.to_be_bytes().to_vec(),
        postcard::to_stdvec(record).expect("encode a table record"),
    )
}

/// A stopped bank's data directory: two players bought in at one table.
struct Books {
    dir: tempfile::TempDir,
    /// The sequence number of the last ledger entry.
    last_seq: u64,
    last_entry: StoredEntry,
}

impl Books {
    async fn sound() -> Books {
        let dir = tempfile::tempdir().unwrap();
        a_bank_with_some_play(dir.path()).await;
        let written = {
            let bank = Bank::open(dir.path(), EconomyConfig::default())
                .await
                .unwrap();
            let entries = bank.ledger(1, 1_000).await.unwrap();
            bank.shutdown().await.unwrap();
            entries
        };
        let store = SledStore::open(dir.path(), 1 << 20).unwrap();
        let mut last = None;
        for (item, public) in store.scan_prefix(Tree::Ledger, &[]).zip(&written) {
            let (key, bytes) = item.unwrap();
            let mirrored: StoredEntry = postcard::from_bytes(&bytes).unwrap();
            assert_eq!(key, seq_key(public.seq), "the ledger's key");
            assert_eq!(mirrored, stored_as(public), "the mirrored ledger entry");
            assert_eq!(postcard::to_stdvec(&mirrored).unwrap(), bytes);
            last = Some((public.seq, mirrored));
        }
        let (last_seq, last_entry) = last.expect("the bank wrote ledger entries");
        assert_eq!(
            store.get(Tree::Meta, NEXT_SEQ_KEY).unwrap(),
            Some((last_seq + 1).to_be_bytes().to_vec()),
            "the next sequence number's record"
        );
        let board: Vec<Vec<u8>> = store
            .scan_prefix(Tree::Board, &[])
            .map(|item| item.unwrap().0)
            .collect();
        assert_eq!(
            board,
            [
                board_key(GUILD, ANA, BALANCE),
                board_key(GUILD, BEN, BALANCE)
            ],
            "the leaderboard's keys"
        );
        let table = store
            .get(Tree::Tables, &TABLE.0.to_be_bytes())
            .unwrap()
            .expect("the table's record");
        let record: StoredTable = postcard::from_bytes(&table).unwrap();
        assert_eq!(
            record,
            StoredTable {
                guild: GUILD.0,
                open: true,
                // Opening the bank again cancelled the hand the first one left in progress.
                hand_in_progress: None,
                last_hand: 1,
            }
        );
        assert_eq!(postcard::to_stdvec(&record).unwrap(), table);
        drop(store);
        Books {
            dir,
            last_seq,
            last_entry,
        }
    }

    /// Writes `writes` straight into the store, as one atomic write, past the bank.
    fn plant(&self, writes: &[Write]) {
        let store = SledStore::open(self.dir.path(), 1 << 20).unwrap();
        store.apply(writes).unwrap();
        store.flush().unwrap();
    }

    /// Appends a ledger entry after the last one, numbered and counted as the bank would.
    fn append(&self, moved: StoredEntry, balances: &[Write], board: &[Write]) {
        let seq = self.last_seq + 1;
        let mut writes = vec![entry(seq, &moved), next_seq(seq + 1)];
        writes.extend_from_slice(balances);
        writes.extend_from_slice(board);
        self.plant(&writes);
    }

    /// The last entry again, moving `amount` from `from` to `to`.
    fn movement(&self, from: Account, to: Account, amount: u64) -> StoredEntry {
        StoredEntry {
            from: stored(from),
            to: stored(to),
            amount,
            ..self.last_entry.clone()
        }
    }

    /// Audits the books and checks that the report names exactly `expected` (each a part of
    /// one break's text) and that the audit failed.
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
        assert_eq!(
            breaks.len(),
            expected.len(),
            "expected only {expected:#?}, found {breaks:#?}"
        );
    }
}

fn stored_as(public: &LedgerEntry) -> StoredEntry {
    use studbot::bank::Reason;
    let reason = match public.reason {
        Reason::Opening => StoredReason::Opening,
        Reason::Daily => StoredReason::Daily,
        Reason::Give => StoredReason::Give,
        Reason::Grant { by } => StoredReason::Grant(by.0),
        Reason::Take { by } => StoredReason::Take(by.0),
        Reason::BuyIn => StoredReason::BuyIn,
        Reason::CashOut => StoredReason::CashOut,
        Reason::Settle { hand } => StoredReason::Settle(hand),
        Reason::TableClosed => StoredReason::TableClosed,
        Reason::TournamentBuyIn => StoredReason::TournamentBuyIn,
        Reason::TournamentRefund => StoredReason::TournamentRefund,
        Reason::TournamentPayout => StoredReason::TournamentPayout,
        Reason::HouseMint => StoredReason::HouseMint,
        Reason::TournamentAddedPrize => StoredReason::TournamentAddedPrize,
    };
    StoredEntry {
        time_unix_ms: public.time_unix_ms,
        from: stored(public.from),
        to: stored(public.to),
        amount: public.amount,
        reason,
        reference: public.reference.clone(),
    }
}

#[tokio::test]
async fn an_unreadable_ledger_entry_is_a_break() {
    let books = Books::sound().await;
    let seq = books.last_seq + 1;
    // A truncated varint: no entry decodes from it.
    books.plant(&[set(Tree::Ledger, seq_key(seq), vec![0x80])]);
    books.assert_breaks(&[format!("ledger entry {:?} is unreadable", seq_key(seq))]);
}

#[tokio::test]
async fn a_gap_in_the_ledger_numbering_is_a_break() {
    let books = Books::sound().await;
    let last = books.last_seq;
    books.plant(&[
        delete(Tree::Ledger, seq_key(last)),
        entry(last + 1, &books.last_entry),
        next_seq(last + 2),
    ]);
    books.assert_breaks(&[format!(
        "ledger entry {} found where {last} was expected",
        last + 1
    )]);
}

#[tokio::test]
async fn a_ledger_entry_that_moves_nothing_is_a_break() {
    let books = Books::sound().await;
    books.append(books.movement(player(ANA), player(BEN), 0), &[], &[]);
    books.assert_breaks(&[format!("ledger entry {} moves nothing", books.last_seq + 1)]);
}

#[tokio::test]
async fn a_ledger_entry_from_an_account_to_itself_is_a_break() {
    let books = Books::sound().await;
    books.append(books.movement(player(ANA), player(ANA), 50), &[], &[]);
    books.assert_breaks(&[format!(
        "ledger entry {} moves chips to their own account",
        books.last_seq + 1
    )]);
}

#[tokio::test]
async fn a_next_sequence_number_past_the_ledger_is_a_break() {
    let books = Books::sound().await;
    let last = books.last_seq;
    books.plant(&[next_seq(last + 5)]);
    books.assert_breaks(&[format!(
        "the next sequence number is {}, the ledger ends before {}",
        last + 5,
        last + 1
    )]);
}

#[tokio::test]
async fn an_unreadable_balance_record_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[set(
        Tree::Balances,
        b"?".to_vec(),
        0i128.to_be_bytes().to_vec(),
    )]);
    books.assert_breaks(&["an unreadable balance record [63]".to_owned()]);
}

#[tokio::test]
async fn a_player_below_zero_is_a_break_even_when_the_ledger_agrees() {
    let books = Books::sound().await;
    books.append(
        books.movement(player(ANA), player(BEN), 2_000),
        &[balance(player(ANA), -1_300), balance(player(BEN), 2_700)],
        &[
            delete(Tree::Board, board_key(GUILD, ANA, BALANCE)),
            delete(Tree::Board, board_key(GUILD, BEN, BALANCE)),
            set(Tree::Board, board_key(GUILD, BEN, 2_700), Vec::new()),
        ],
    );
    books.assert_breaks(&[format!("{:?} holds -1300", player(ANA))]);
}

#[tokio::test]
async fn a_seat_below_zero_is_a_break_even_when_the_ledger_agrees() {
    let books = Books::sound().await;
    books.append(
        books.movement(seat(ANA), player(ANA), 500),
        &[balance(seat(ANA), -200), balance(player(ANA), 1_200)],
        &[
            delete(Tree::Board, board_key(GUILD, ANA, BALANCE)),
            set(Tree::Board, board_key(GUILD, ANA, 1_200), Vec::new()),
        ],
    );
    books.assert_breaks(&[format!("{:?} holds -200", seat(ANA))]);
}

#[tokio::test]
async fn a_house_below_zero_is_a_break_even_when_the_ledger_agrees() {
    let books = Books::sound().await;
    let house = Account::House { guild: GUILD };
    books.append(
        books.movement(house, player(ANA), 300),
        &[
            balance(house, -300),
            balance(player(ANA), i128::from(BALANCE) + 300),
        ],
        &[
            delete(Tree::Board, board_key(GUILD, ANA, BALANCE)),
            set(
                Tree::Board,
                board_key(GUILD, ANA, BALANCE + 300),
                Vec::new(),
            ),
        ],
    );
    books.assert_breaks(&[format!("{house:?} holds -300")]);
}

#[tokio::test]
async fn a_mint_above_zero_destroyed_more_than_it_created_and_is_a_break() {
    let books = Books::sound().await;
    // 2,000 chips were created; 2,500 go back to the mint.
    books.append(
        books.movement(player(ANA), mint(), 2_500),
        &[balance(player(ANA), -1_800), balance(mint(), 500)],
        &[delete(Tree::Board, board_key(GUILD, ANA, BALANCE))],
    );
    books.assert_breaks(&[
        format!("{:?} holds 500: more destroyed than created", mint()),
        format!("{:?} holds -1800", player(ANA)),
    ]);
}

#[tokio::test]
async fn ledger_entries_for_an_account_with_no_balance_are_a_break() {
    let books = Books::sound().await;
    books.plant(&[
        delete(Tree::Balances, player(BEN).key()),
        delete(Tree::Board, board_key(GUILD, BEN, BALANCE)),
    ]);
    books.assert_breaks(&[
        format!(
            "{:?} has no stored balance but its ledger entries sum to {BALANCE}",
            player(BEN)
        ),
        format!("the accounts sum to -{BALANCE}, not 0"),
        format!("the accounts of guild {} sum to -{BALANCE}, not 0", GUILD.0),
    ]);
}

#[tokio::test]
async fn a_leaderboard_row_that_is_not_the_balance_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[set(Tree::Board, board_key(GUILD, ANA, 999), Vec::new())]);
    books.assert_breaks(&[format!(
        "the leaderboard lists player {} of guild {} with 999, which is not their balance",
        ANA.0, GUILD.0
    )]);
}

#[tokio::test]
async fn a_player_missing_from_the_leaderboard_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[delete(Tree::Board, board_key(GUILD, ANA, BALANCE))]);
    books.assert_breaks(&[format!(
        "player {} of guild {} is missing from the leaderboard",
        ANA.0, GUILD.0
    )]);
}

#[tokio::test]
async fn an_unreadable_leaderboard_key_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[set(Tree::Board, vec![1, 2, 3], Vec::new())]);
    books.assert_breaks(&["an unreadable leaderboard key [1, 2, 3]".to_owned()]);
}

#[tokio::test]
async fn an_unreadable_table_record_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[set(Tree::Tables, 9u64.to_be_bytes().to_vec(), vec![0x80])]);
    books.assert_breaks(&[format!(
        "an unreadable table record {:?}",
        9u64.to_be_bytes().to_vec()
    )]);
}

#[tokio::test]
async fn a_closed_table_that_still_holds_chips_is_a_break() {
    let books = Books::sound().await;
    let closed = StoredTable {
        guild: GUILD.0,
        open: false,
        hand_in_progress: None,
        last_hand: 1,
    };
    books.plant(&[table_record(TABLE, &closed)]);
    books.assert_breaks(&[format!(
        "closed table {} still holds {} chips",
        TABLE.0,
        2 * BUY_IN
    )]);
}

#[tokio::test]
async fn a_closed_table_with_a_hand_in_progress_is_a_break() {
    let books = Books::sound().await;
    let closed = StoredTable {
        guild: GUILD.0,
        open: false,
        hand_in_progress: Some(4),
        last_hand: 4,
    };
    books.plant(&[table_record(TableId(3), &closed)]);
    books.assert_breaks(&["closed table 3 has hand 4 in progress".to_owned()]);
}

#[tokio::test]
async fn seats_at_a_table_that_is_not_registered_are_a_break() {
    let books = Books::sound().await;
    books.plant(&[delete(Tree::Tables, TABLE.0.to_be_bytes().to_vec())]);
    // Without its record the table's seats belong to no guild, so the guild is short too.
    books.assert_breaks(&[
        format!(
            "table {} is not registered but holds {} chips",
            TABLE.0,
            2 * BUY_IN
        ),
        format!(
            "the accounts of guild {} sum to -{}, not 0",
            GUILD.0,
            2 * BUY_IN
        ),
    ]);
}

#[tokio::test]
async fn chips_that_crossed_into_another_guild_are_a_break() {
    let books = Books::sound().await;
    let elsewhere = Account::Player {
        guild: OTHER_GUILD,
        user: BEN,
    };
    books.append(
        books.movement(player(ANA), elsewhere, 100),
        &[balance(player(ANA), 600), balance(elsewhere, 100)],
        &[
            delete(Tree::Board, board_key(GUILD, ANA, BALANCE)),
            set(Tree::Board, board_key(GUILD, ANA, 600), Vec::new()),
            set(Tree::Board, board_key(OTHER_GUILD, BEN, 100), Vec::new()),
        ],
    );
    books.assert_breaks(&[
        format!("the accounts of guild {} sum to -100, not 0", GUILD.0),
        format!("the accounts of guild {} sum to 100, not 0", OTHER_GUILD.0),
    ]);
}

#[tokio::test]
async fn an_unreadable_table_settings_key_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[set(Tree::TableSettings, vec![1, 2, 3], b"{}".to_vec())]);
    books.assert_breaks(&["an unreadable table settings key [1, 2, 3]".to_owned()]);
}

#[tokio::test]
async fn an_unreadable_hand_history_key_is_a_break() {
    let books = Books::sound().await;
    books.plant(&[set(Tree::HandHistories, vec![1, 2, 3], b"{}".to_vec())]);
    books.assert_breaks(&["an unreadable hand history key [1, 2, 3]".to_owned()]);
}
