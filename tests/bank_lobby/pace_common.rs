//! The paced tables the pace tests (`lobby_pace`, `lobby_time_bank`, `lobby_away`) play at,
//! and how they play on: a table with a time bank and away players stood up, seated; the
//! next turn wanted; play going on without a player who is away. The sit & go they play is
//! `sit_and_go_common`'s.

use studbot::bank::UserId;
use studbot::lobby::{
    Notice, NoticeBody, NoticeReceiver, TableHandle, TableMessage, TableSettings, TurnOffer,
};

use crate::lobby_common::*;

/// 30 s to act and a 60 s time bank; away players stood up after 2 hands.
pub(crate) fn paced() -> TableSettings {
    TableSettings {
        time_bank_secs: 60,
        away_hands: 2,
        ..settings()
    }
}

/// Opens the test table with `settings` and seats `players` with 200 chips each.
pub(crate) async fn seated_with(
    fixture: &Fixture,
    players: &[UserId],
    settings: TableSettings,
) -> (TableHandle, NoticeReceiver) {
    let table = fixture
        .lobby
        .open_table(GUILD, TABLE, settings)
        .await
        .unwrap();
    let notices = table.subscribe().await.unwrap();
    for player in players {
        seat_player(&table, *player, 200).await;
    }
    (table, notices)
}

/// The next turn `wanted` picks, taking the passive action at every other turn and moving
/// the clock over each pause between hands.
pub(crate) async fn turn_of(
    table: &TableHandle,
    notices: &mut NoticeReceiver,
    wanted: impl Fn(&TurnOffer) -> bool,
) -> TurnOffer {
    let mut steps = Steps::until("the awaited turn");
    loop {
        steps.step();
        let notice = next(notices).await;
        match &notice.body {
            NoticeBody::YourTurn(offer) if wanted(offer) => return (**offer).clone(),
            NoticeBody::YourTurn(offer) => {
                take(table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            _ => {}
        }
    }
}

/// Plays on, each player but `away` taking the passive action and the clock moving over every
/// pause, until `done` picks something out of a notice.
pub(crate) async fn play_on_without<T>(
    table: &TableHandle,
    notices: &mut NoticeReceiver,
    away: UserId,
    mut done: impl FnMut(&Notice) -> Option<T>,
) -> T {
    let mut steps = Steps::until("the awaited notice");
    loop {
        steps.step();
        let notice = next(notices).await;
        if let Some(found) = done(&notice) {
            return found;
        }
        match &notice.body {
            NoticeBody::YourTurn(offer) if offer.user == away => advance_secs(30).await,
            NoticeBody::YourTurn(offer) => {
                take(table, offer, passive(offer)).await;
            }
            NoticeBody::Table(TableMessage::NextHandIn { secs, .. }) => {
                advance_secs(u64::from(*secs)).await;
            }
            _ => {}
        }
    }
}
