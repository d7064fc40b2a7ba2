//! A sit & go's record as an older studbot wrote it (before the rules were fixed at the open
//! and prizes were paid at the bust: no version mark, no rules, no first seat) is still read:
//! its rules are the defaults, and a running one's finished paid place, which the old code
//! paid only at the end, is paid with the next hand recorded, once; the audit passes before
//! and after.

use serde::Serialize;
use studbot::bank::store::{SledStore, Store, Tree};
use studbot::bank::{GuildId, TableId, TournamentId, TournamentPhase, UserId};
use studbot::table::{GameChoice, Rules};
use studbot::tournament::{PayoutTable, Structure, StructureKind, TournamentSettings};

use crate::bank_audit_breaks::set;
use crate::bank_common::open_bank;

const GUILD: GuildId = GuildId(5);
const CHANNEL: TableId = TableId(50);
const BUY_IN: u64 = 100;

#[derive(Serialize)]
struct StateV1 {
    id: TournamentId,
    guild: GuildId,
    channel: TableId,
    seats: usize,
    settings: SettingsV1,
    entrants: Vec<UserId>,
    phase: PhaseV1,
}

#[derive(Clone, Serialize)]
struct SettingsV1 {
    game: GameChoice,
    structure: Structure,
    buy_in: u64,
    payouts: Option<PayoutTable>,
}

#[derive(Serialize)]
enum PhaseV1 {
    #[allow(dead_code)]
    Registering,
    Running(TournamentV1),
}

#[derive(Serialize)]
struct TournamentV1 {
    settings: SettingsV1,
    payouts: PayoutTable,
    prize_pool: u64,
    stacks: Vec<u64>,
    hands_played: u64,
    finishes: Vec<FinishV1>,
}

#[derive(Serialize)]
struct FinishV1 {
    seat: usize,
    place: usize,
    hands: u64,
}

#[tokio::test]
async fn an_older_running_record_is_read_and_its_finished_paid_place_is_paid_once_with_the_next_hand()
 {
    let dir = tempfile::tempdir().unwrap();
    let structure = Structure::built_in(StructureKind::Regular);
    let settings = TournamentSettings::new(GameChoice::Stud8, structure.clone(), BUY_IN);
    // Seven register and it starts: the ledger holds their buy-ins in the escrow.
    let (bank, _) = open_bank(dir.path()).await;
    let id = bank
        .open_tournament(GUILD, CHANNEL, 7, settings, "open")
        .await
        .unwrap();
    for user in 1..=7 {
        bank.register_tournament(GUILD, id, UserId(user), &format!("r{user}"))
            .await
            .unwrap();
    }
    let entrants = bank.tournament(id).await.unwrap().unwrap().entrants;
    bank.shutdown().await.unwrap();

    // The record as the old code left it after five busts: seats 2 to 6 out in places 7 to
    // 3 (third paid 140 of 700, but only at the end), seats 0 and 1 left.
    let old_settings = SettingsV1 {
        game: GameChoice::Stud8,
        structure,
        buy_in: BUY_IN,
        payouts: None,
    };
    let older = StateV1 {
        id,
        guild: GUILD,
        channel: CHANNEL,
        seats: 7,
        settings: old_settings.clone(),
        entrants: entrants.clone(),
        phase: PhaseV1::Running(TournamentV1 {
            settings: old_settings,
            payouts: PayoutTable::for_entrants(7),
            prize_pool: 700,
            stacks: vec![2_400, 1_800, 0, 0, 0, 0, 0],
            hands_played: 5,
            finishes: (2..=6)
                .rev()
                .map(|seat| FinishV1 {
                    seat,
                    place: seat + 1,
                    hands: 7 - seat as u64,
                })
                .collect(),
        }),
    };
    let store = SledStore::open(dir.path(), 1 << 20).unwrap();
    store
        .apply(&[set(
            Tree::Tournaments,
            id.0.to_be_bytes().to_vec(),
            postcard::to_stdvec(&older).unwrap(),
        )])
        .unwrap();
    store.flush().unwrap();
    drop(store);

    let (bank, _) = open_bank(dir.path()).await;
    let state = bank.tournament(id).await.unwrap().expect("read back");
    assert_eq!(state.settings.rules, Rules::default());
    let TournamentPhase::Running(tournament) = &state.phase else {
        panic!("running: {:?}", state.phase);
    };
    let third = tournament
        .finishes()
        .iter()
        .find(|finish| finish.place == 3)
        .copied()
        .expect("third");
    assert_eq!((third.prize, third.paid), (140, false), "due, not yet paid");
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    let third_user = entrants[third.seat];
    let before = bank.balance(GUILD, third_user).await.unwrap();

    // The next hand puts second out: third's prize is paid with it, once.
    let next = tournament.next_hand().unwrap();
    let stacks: Vec<u64> = next
        .seats
        .iter()
        .map(|&seat| if seat == 0 { 4_200 } else { 0 })
        .collect();
    bank.record_tournament_hand(GUILD, id, next.number, &stacks)
        .await
        .unwrap();
    bank.record_tournament_hand(GUILD, id, next.number, &stacks)
        .await
        .unwrap();
    assert_eq!(bank.balance(GUILD, third_user).await.unwrap(), before + 140);
    let state = bank.tournament(id).await.unwrap().unwrap();
    let TournamentPhase::Finished { payouts, .. } = &state.phase else {
        panic!("finished: {:?}", state.phase);
    };
    assert_eq!(payouts.iter().map(|(_, chips)| chips).sum::<u64>(), 700);
    let report = bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    assert_eq!(report.tournament_chips, 0);
    // Written back in today's form, it reads back the same.
    bank.shutdown().await.unwrap();
    let (bank, _) = open_bank(dir.path()).await;
    assert_eq!(bank.tournament(id).await.unwrap().unwrap(), state);
    bank.shutdown().await.unwrap();
}
