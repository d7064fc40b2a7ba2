//! A sit & go dealt by the table actor, on tokio's paused clock: its hands come from the
//! tournament (players, stacks, stakes by level), each one recorded in the bank when it ends;
//! busts tell their places, the last hand every place and payout, paid in the bank, and the
//! table closes. A player who leaves after the start sits out and keeps paying antes and
//! bring-ins; a restart mid-hand deals that hand again from its start, and nothing is paid
//! twice.

use std::sync::Arc;
use std::time::Duration;

use studbot::bank::{Bank, TournamentId, TournamentPhase, UserId};
use studbot::lobby::computer::ComputerPlayers;
use studbot::lobby::{
    DealingOutPace, LobbyConfig, LobbyError, MemoryTableStore, NoticeBody, NoticeReceiver,
    SitOutReason, TableHandle, TableMessage, TableStore, TournamentPlace,
};
use studbot::table::computer::ComputerLevel;
use studbot::table::hand::{ActionKind, Event};

use crate::bank_common::TestStore;
use crate::lobby_common::*;
use crate::sit_and_go_common::*;

const BUY_IN: u64 = SIT_AND_GO_BUY_IN;
const START_BALANCE: u64 = 1_000;

/// What a sit & go's table told until it finished.
#[derive(Default)]
struct Played {
    /// Each board's hand number and its header's players left, in order.
    boards: Vec<(u64, usize)>,
    outs: Vec<(UserId, usize)>,
    places: Vec<TournamentPlace>,
    offered_to: Vec<UserId>,
    /// Every action of every hand, as its result tells them: who, what.
    actions: Vec<(UserId, ActionKind)>,
}

/// Plays the sit & go to its end: every player offered a turn raises (or bets, completes,
/// calls) so that hands are decided quickly; the clock moves over each pause between hands.
async fn play_to_the_end(table: &TableHandle, notices: &mut NoticeReceiver) -> Played {
    let mut played = Played::default();
    let mut steps = Steps::until("the sit & go's end");
    loop {
        steps.step();
        let notice = next(notices).await;
        match notice.body {
            NoticeBody::Board(board) => {
                let header = board.tournament.expect("a sit & go's board has its header");
                if played.boards.last().map(|(hand, _)| *hand) != Some(board.hand) {
                    played.boards.push((board.hand, header.players_left));
                }
            }
            NoticeBody::HandResult(summary) => {
                for event in &summary.public_events {
                    if let Event::Acted { seat, kind, .. } = event {
                        played.actions.push((summary.players[*seat], *kind));
                    }
                }
            }
            // A computer entrant's turn is the table's to play, after thinking (at most 3 s,
            // well inside its action timer): the clock moves over the thought.
            NoticeBody::YourTurn(offer) if offer.user.is_computer() => advance_secs(4).await,
            NoticeBody::YourTurn(offer) => {
                played.offered_to.push(offer.user);
                let kind = [ActionKind::Raise, ActionKind::Bet, ActionKind::Complete]
                    .into_iter()
                    .find(|kind| offers(&offer, *kind))
                    .unwrap_or_else(|| passive(&offer));
                take(table, &offer, kind).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(TableMessage::TournamentOut { user, place, .. }) => {
                played.outs.push((user, place));
            }
            NoticeBody::Table(TableMessage::TournamentOver { places, .. }) => {
                played.places = places;
                return played;
            }
            _ => {}
        }
    }
}

async fn balance(bank: &Bank, user: UserId) -> u64 {
    bank.balance(GUILD, user).await.unwrap()
}

/// The bank holds the sit & go as finished and paid: each place's payout in its balance,
/// the whole prize pool paid out once.
async fn assert_paid_once(
    bank: &Bank,
    id: TournamentId,
    players: &[UserId],
    places: &[TournamentPlace],
) {
    let state = bank.tournament(id).await.unwrap().unwrap();
    let TournamentPhase::Finished { payouts, .. } = &state.phase else {
        panic!("the sit & go is not finished and paid: {:?}", state.phase);
    };
    let pool = BUY_IN * players.len() as u64;
    assert_eq!(payouts.iter().map(|(_, chips)| chips).sum::<u64>(), pool);
    assert_eq!(places.iter().map(|place| place.payout).sum::<u64>(), pool);
    assert_eq!(places.len(), players.len(), "every place is told");
    for player in players {
        let won = places
            .iter()
            .find(|place| place.user == *player)
            .map_or(0, |place| place.payout);
        assert_eq!(
            balance(bank, *player).await,
            START_BALANCE - BUY_IN + won,
            "player {}",
            player.0
        );
    }
}

#[tokio::test(start_paused = true)]
async fn a_sit_and_go_is_dealt_at_its_table_hand_by_hand_to_a_winner_paid_in_the_bank() {
    let fixture = quick(2_301).await;
    let players = [ANA, BEN, CHEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    // The start and a restart may both ask: the table open is the one answered.
    let again = fixture.lobby.open_sit_and_go(id).await.unwrap();
    assert_eq!(again.table(), table.table());

    let played = play_to_the_end(&table, &mut notices).await;

    let hands: Vec<u64> = played.boards.iter().map(|(hand, _)| *hand).collect();
    let expected: Vec<u64> = (1..=hands.len() as u64).collect();
    assert_eq!(hands, expected, "one board per hand, numbered from 1");
    assert_eq!(played.boards.first().map(|(_, left)| *left), Some(3));
    assert!(played.boards.windows(2).all(|pair| pair[1].1 <= pair[0].1));
    assert_eq!(played.outs.len(), 2, "both losers are told their place");
    assert!(played.outs.iter().all(|(_, place)| (2..=3).contains(place)));
    assert_eq!(played.places[0].place, 1);
    assert_paid_once(&fixture.bank, id, &players, &played.places).await;
    let state = fixture.bank.tournament(id).await.unwrap().unwrap();
    let tournament = state.tournament().unwrap();
    assert_eq!(tournament.hands_played(), hands.len() as u64);
    // No cash chip ever sat at the table: the bank began no hand in the channel.
    assert_eq!(fixture.bank.next_hand_number(TABLE).await.unwrap(), 1);
    assert!(
        matches!(
            fixture.lobby.table(TABLE),
            Err(LobbyError::NoSuchTable { .. })
        ),
        "the finished sit & go's table is closed"
    );
}

#[tokio::test(start_paused = true)]
async fn a_player_who_leaves_after_the_start_sits_out_and_keeps_paying_antes_and_bring_ins() {
    let fixture = quick(2_302).await;
    let players = [ANA, BEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;

    // `/leave` after the start sits Ben out: no chips leave, and he is dealt in all the same.
    table.sit_out(BEN).await.unwrap();
    let TableMessage::NextHandIn { hand: 1, secs } = next_message(&mut notices).await else {
        panic!("the first hand is not scheduled");
    };
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::SatOut {
            user: BEN,
            reason: SitOutReason::Asked
        }
    );
    advance_secs(u64::from(secs)).await;
    let refused = table.join(CHEN, 200).await;
    assert_eq!(refused, Err(LobbyError::SitAndGoTable));
    assert_eq!(table.top_up(ANA, 10).await, Err(LobbyError::SitAndGoTable));
    assert_eq!(table.kick(ANA).await, Err(LobbyError::SitAndGoTable));
    assert_eq!(table.close().await, Err(LobbyError::SitAndGoTable));

    let played = play_to_the_end(&table, &mut notices).await;

    // Every action of Ben's is the table's: he is never offered a turn.
    assert!(
        played.offered_to.iter().all(|user| *user == ANA),
        "the table acts for the player sitting out, never offers them a turn"
    );
    assert!(played.boards.len() > 1, "dealt more than one hand");
    let bring_ins = played
        .actions
        .iter()
        .filter(|(user, kind)| *user == BEN && *kind == ActionKind::BringIn)
        .count();
    let folds = played
        .actions
        .iter()
        .filter(|(user, kind)| *user == BEN && *kind == ActionKind::Fold)
        .count();
    assert!(
        bring_ins > 0,
        "the player sitting out posts their bring-ins"
    );
    assert!(folds > 0, "and folds to a bet");
    assert_eq!(played.outs, vec![(BEN, 2)]);
    assert_paid_once(&fixture.bank, id, &players, &played.places).await;
    assert_eq!(played.places[0].user, ANA);
}

#[tokio::test(start_paused = true)]
async fn a_restart_mid_hand_deals_the_sit_and_go_on_from_that_hands_start_and_pays_once() {
    let fixture = quick(2_303).await;
    let players = [ANA, BEN, CHEN];
    // Hand 1 is played to its end and recorded; hand 2 is cut short after one action.
    let (id, before, lobby) = cut_short_in_hand_2(&fixture, &players, 2_304).await;
    let recorded = before.tournament().unwrap().clone();
    assert_eq!(recorded.hands_played(), 1);
    let after = fixture.bank.tournament(id).await.unwrap().unwrap();
    assert_eq!(
        after.tournament(),
        Some(&recorded),
        "the cut-short hand was never recorded"
    );
    let resumed = lobby
        .table(TABLE)
        .expect("the restart reopens the sit & go's table");
    let mut notices = resumed.subscribe().await.unwrap();
    assert_eq!(
        next_message(&mut notices).await,
        TableMessage::TournamentResumed {
            hand: 2,
            paused: false
        }
    );
    let played = play_to_the_end(&resumed, &mut notices).await;
    assert_eq!(played.boards.first().map(|(hand, _)| *hand), Some(2));
    assert_paid_once(&fixture.bank, id, &players, &played.places).await;
    // A second restart finds nothing to resume and pays nothing again.
    let again = restart_lobby_without_settings(&fixture.bank, LobbyConfig::default()).await;
    assert!(again.tables().is_empty());
    assert_paid_once(&fixture.bank, id, &players, &played.places).await;
}

/// The terminal's computer players (`ComputerPlayers`) answer a sit & go's hand dealt again
/// after a restart: its deals are numbered apart (the offer's `deal` is not 0), and an answer
/// carrying deal 0 was refused as stale, so every computer turn ran out on its timer.
#[tokio::test(start_paused = true)]
async fn computer_players_answer_a_hand_dealt_again_after_a_restart() {
    let fixture = quick(2_311).await;
    let players = [ANA, BEN, CHEN];
    // Hand 1 played and recorded, hand 2 cut short after its first action.
    let (_, _, lobby) = cut_short_in_hand_2(&fixture, &players, 2_312).await;
    let resumed = lobby.table(TABLE).expect("the sit & go's table reopens");
    let mut notices = resumed.subscribe().await.unwrap();
    let mut computers = ComputerPlayers::at_level(players, ComputerLevel::Good, 7);
    let mut steps = Steps::until("a turn of the hand dealt again");
    let offer = loop {
        steps.step();
        let notice = next(&mut notices).await;
        if let NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) = notice.body {
            advance_secs(u64::from(secs)).await;
        }
        if let Some(offer) = computers.observe(&notice) {
            break offer.clone();
        }
    };
    assert_ne!(
        offer.deal, 0,
        "a hand dealt again is a deal of its own series"
    );
    let answered = computers.answer(&resumed, &offer).await;
    assert!(
        answered.is_ok(),
        "the computer's answer was taken: {answered:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn a_player_who_times_out_twice_sits_out_and_is_dealt_in_until_out() {
    let fixture = quick(2_305).await;
    let players = [ANA, BEN];
    let (id, table, mut notices) = turbo_at_its_table(&fixture, &players).await;
    let mut offered_to_ben = 0;
    let mut sat_out_at = None;
    let mut steps = Steps::until("the sit & go's end");
    let places = loop {
        steps.step();
        match next(&mut notices).await.body {
            NoticeBody::YourTurn(offer) if offer.user == BEN => {
                // Ben is away: his timer runs out, and his time bank after it.
                offered_to_ben += 1;
                advance_secs(u64::from(offer.timer_secs + offer.time_bank_secs)).await;
            }
            NoticeBody::YourTurn(offer) => {
                let kind = [ActionKind::Raise, ActionKind::Bet, ActionKind::Complete]
                    .into_iter()
                    .find(|kind| offers(&offer, *kind))
                    .unwrap_or_else(|| passive(&offer));
                take(&table, &offer, kind).await;
            }
            NoticeBody::Table(TableMessage::SatOut {
                user: BEN,
                reason: SitOutReason::TimedOut,
            }) => sat_out_at = Some(offered_to_ben),
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(secs)).await;
            }
            NoticeBody::Table(TableMessage::TournamentOver { places, .. }) => break places,
            _ => {}
        }
    };
    assert_eq!(sat_out_at, Some(2), "two timeouts in a row sit Ben out");
    assert_eq!(
        offered_to_ben, 2,
        "then the table acts for him at once, every hand"
    );
    assert_paid_once(&fixture.bank, id, &players, &places).await;
    assert_eq!(places[0].user, ANA);
}

async fn a_paused_sit_and_go_is_not_stored_as_a_cash_table_and_a_restart_still_reopens_it(
    bank_store: TestStore,
) {
    let store = Arc::new(MemoryTableStore::new());
    let fixture = fixture_with_on(bank_store, 2_306, store.clone(), DealingOutPace::NO_PAUSE).await;
    let id = started_turbo(&fixture.bank, &[ANA, BEN]).await;
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    table.pause().await.unwrap();
    table.resume().await.unwrap();
    table.pause().await.unwrap();
    assert!(
        store.load_all().await.unwrap().is_empty(),
        "a sit & go's table is the bank's record, not the store's"
    );
    fixture.lobby.shutdown(Duration::ZERO).await;
    // The restart is not refused a cash table where the sit & go runs.
    let (lobby, _) = start_lobby(&fixture.bank, store, LobbyConfig::default()).await;
    assert!(lobby.table(TABLE).is_ok());
}

#[tokio::test(start_paused = true)]
async fn a_computer_entrant_plays_its_own_turns_to_the_end_and_the_house_is_paid() {
    let fixture = quick(2_306).await;
    let id = fixture
        .bank
        .open_tournament_with_computers(GUILD, TABLE, 3, turbo_stud(), 2, "open")
        .await
        .unwrap();
    fixture
        .bank
        .register_tournament(GUILD, id, ANA, "register ana")
        .await
        .unwrap();
    // The moderator's start fills the two free seats with the house's computers.
    fixture
        .bank
        .start_tournament(GUILD, id, "start")
        .await
        .unwrap();
    let mut entrants = fixture.bank.tournament(id).await.unwrap().unwrap().entrants;
    entrants.sort_unstable();
    assert_eq!(
        entrants,
        vec![ANA, UserId::computer(1), UserId::computer(2)],
        "seated in a drawn order"
    );
    let table = fixture.lobby.open_sit_and_go(id).await.unwrap();
    let mut notices = table.subscribe().await.unwrap();

    let played = play_to_the_end(&table, &mut notices).await;
    assert!(
        played.offered_to.iter().all(|user| *user == ANA),
        "the test clicks for the human alone"
    );
    for computer in [UserId::computer(1), UserId::computer(2)] {
        assert!(
            played.actions.iter().any(|(user, kind)| *user == computer
                && matches!(kind, ActionKind::Raise | ActionKind::Bet | ActionKind::Call)),
            "{computer:?} plays its own hands, not only the table's check or fold"
        );
    }
    assert_eq!(played.places.len(), 3, "every place is told");
    let pool = 3 * BUY_IN;
    assert_eq!(played.places.iter().map(|p| p.payout).sum::<u64>(), pool);
    let house = fixture.bank.house_stats(GUILD).await.unwrap();
    assert_eq!(
        house.minted,
        2 * BUY_IN,
        "the house paid the computers' buy-ins"
    );
    let ana_won = played.places[0].user == ANA;
    assert_eq!(
        balance(&fixture.bank, ANA).await,
        START_BALANCE - BUY_IN + if ana_won { pool } else { 0 }
    );
    let report = fixture.bank.audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
}

on_each_store!(
    #[tokio::test(start_paused = true)]
    a_paused_sit_and_go_is_not_stored_as_a_cash_table_and_a_restart_still_reopens_it,
);
