//! A table deals the game its settings choose (docs/RULES.md, "Other stud games"). At a `mix`
//! table the rotation Razz → Stud → Stud/8 switches every `mix_hands` hands; turning a table to
//! `mix` during a hand lets that hand finish as dealt and starts the rotation with razz at the
//! next; and a restart puts the table back where its rotation was.

use crate::lobby_common;

use lobby_common::*;
use studbot::lobby::{HandSummary, Lobby, NoticeBody, NoticeReceiver, TableHandle, TableSettings};
use studbot::table::{Game, GameChoice, MixLeg};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .unwrap()
}

/// What one hand showed: its game (from the results) and the rotation on its first board.
struct Dealt {
    number: u64,
    game: Game,
    mix_leg: Option<MixLeg>,
}

/// Starts the next hand (the time between hands passes) and plays it passively to the end;
/// `during` runs at the hand's first turn.
async fn play_hand<F, Fut>(table: &TableHandle, notices: &mut NoticeReceiver, during: F) -> Dealt
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    advance_secs(5).await;
    let mut during = Some(during);
    let mut mix_leg = None;
    let mut board_game = None;
    let mut steps = Steps::until("a hand ended");
    let summary: HandSummary = loop {
        steps.step();
        let notice = next(notices).await;
        match &notice.body {
            NoticeBody::Board(board) if board_game.is_none() => {
                board_game = Some(board.view.game);
                mix_leg = board.mix_leg;
            }
            NoticeBody::YourTurn(offer) => {
                if let Some(during) = during.take() {
                    during().await;
                }
                take(table, offer, passive(offer)).await;
            }
            NoticeBody::HandResult(summary) => break (**summary).clone(),
            _ => {}
        }
    };
    assert_eq!(
        board_game,
        Some(summary.result.game),
        "board and results agree"
    );
    Dealt {
        number: summary.hand,
        game: summary.result.game,
        mix_leg,
    }
}

async fn open_bank_and_lobby(dir: &std::path::Path) -> (studbot::bank::Bank, Lobby) {
    let bank = studbot::bank::Bank::open(dir, economy()).await.unwrap();
    let (lobby, _) = restart_lobby(&bank).await;
    (bank, lobby)
}

#[test]
fn a_mix_table_deals_razz_then_stud_then_stud8_and_keeps_its_place_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let mix = TableSettings {
        game: GameChoice::Mix,
        mix_hands: 2,
        ..settings()
    };

    let first = runtime();
    let before: Vec<(u64, Game)> = first.block_on(async {
        let _clock = hold_clock();
        let (_bank, lobby) = open_bank_and_lobby(dir.path()).await;
        let table = lobby.open_table(GUILD, TABLE, settings()).await.unwrap();
        let mut notices = table.subscribe().await.unwrap();
        for player in [ANA, BEN] {
            seat_player(&table, player, 200).await;
        }
        // Hand 1 is dealt as Stud/8; the table turns to `mix` during it.
        let changer = table.clone();
        let hand_one = play_hand(&table, &mut notices, || async move {
            assert_eq!(changer.change_settings(mix).await.unwrap(), 2);
        })
        .await;
        assert_eq!(hand_one.mix_leg, None);
        let mut dealt = vec![(hand_one.number, hand_one.game)];
        let hand_two = play_hand(&table, &mut notices, || async {}).await;
        assert_eq!(
            hand_two.mix_leg,
            Some(MixLeg {
                hands_left: 2,
                next: Game::Stud
            }),
            "the board counts the razz hands left"
        );
        dealt.push((hand_two.number, hand_two.game));
        for _ in 0..2 {
            let hand = play_hand(&table, &mut notices, || async {}).await;
            dealt.push((hand.number, hand.game));
        }
        // The process stops between hands 4 and 5 (every task dies where it stands).
        dealt
    });
    drop(first);
    assert_eq!(
        before,
        [
            (1, Game::Stud8),
            (2, Game::Razz),
            (3, Game::Razz),
            (4, Game::Stud)
        ]
    );

    let second = runtime();
    let after: Vec<(u64, Game, Option<MixLeg>)> = second.block_on(async {
        let _clock = hold_clock();
        let (_bank, lobby) = open_bank_and_lobby(dir.path()).await;
        let table = lobby.table(TABLE).unwrap();
        assert_eq!(table.status().await.unwrap().settings, mix);
        let mut notices = table.subscribe().await.unwrap();
        let mut dealt = Vec::new();
        for _ in 0..2 {
            let hand = play_hand(&table, &mut notices, || async {}).await;
            dealt.push((hand.number, hand.game, hand.mix_leg));
        }
        dealt
    });
    let leg = |hands_left, next| Some(MixLeg { hands_left, next });
    assert_eq!(
        after,
        [
            (5, Game::Stud, leg(1, Game::Stud8)),
            (6, Game::Stud8, leg(2, Game::Razz))
        ],
        "the rotation goes on where it was"
    );
}
