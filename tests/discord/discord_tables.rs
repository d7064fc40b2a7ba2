//! Many tables at once (a slow table never blocks another): while one table's
//! channel answers every write with 429, another table in the same bot plays a whole hand at
//! its normal pace, and the stuck table's board comes once its channel is free again.

use crate::support;

use std::time::Duration;

use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 2_222;
const STUCK: u64 = 300_000_000_000_001_601;
const PLAYING: u64 = 300_000_000_000_001_602;
/// How long the stuck channel makes the bot wait: a hand of the other table takes about 2 s,
/// so a table that waited for the stuck one would take at least this long.
const STALL: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_whose_channel_is_stuck_never_blocks_another() {
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_001_600, "Mod");
    let stuck_players = vec![
        FakeUser::player(100_000_000_000_001_611, "Sue"),
        FakeUser::player(100_000_000_000_001_612, "Tom"),
    ];
    let players = vec![
        FakeUser::player(100_000_000_000_001_621, "Una"),
        FakeUser::player(100_000_000_000_001_622, "Vic"),
        FakeUser::player(100_000_000_000_001_623, "Wes"),
    ];
    open_and_seat(&fake, STUCK, &moderator, &stuck_players, 200).await;
    open_and_seat(&fake, PLAYING, &moderator, &players, 200).await;

    // The stuck table starts a hand its channel cannot take: its board waits 10 s a try.
    fake.stall_channel(STUCK, STALL.as_secs_f64());
    let mark = fake.mark();
    let resumed = fake
        .slash(&moderator, STUCK, "table", vec![sub("resume", vec![])])
        .await;
    fake.answer_to(resumed).await;
    fake.wait_for("the stuck table's board refused", mark, |r| {
        r.channel() == Some(STUCK) && r.status == 429
    })
    .await;

    // The other table plays a whole hand meanwhile, every click answered in time.
    let started = std::time::Instant::now();
    let mut table = start_first_hand(&fake, PLAYING, &moderator, &players, 200, SEED).await;
    let clicks = table.play_to_showdown(&fake).await;
    for click in clicks {
        assert!(fake.response_delay(click).await < Duration::from_secs(3));
    }
    fake.wait_message(table.board, "the playing table's result", |message| {
        custom_ids(message).iter().all(|id| !id.starts_with("a:"))
    })
    .await;
    let took = started.elapsed();
    assert!(
        took < STALL,
        "the playing table's hand took {took:?}: it waited for the stuck one"
    );

    // Freed, the stuck table's board comes: nothing was lost.
    fake.release_channel(STUCK);
    let (board, _) = wait_for_new_board(&fake, STUCK, mark).await;
    assert!(fake.message(board).is_some());
    bot.stop().await;
}
