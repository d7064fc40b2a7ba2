//! Names after a restart: the bot has to ask Discord for the names of the
//! players it has not seen since it started, and Discord may be slow to answer. Those lookups
//! must never hold a board: eight unknown players, each lookup answered after 2 s, and the
//! board still comes at once (with a placeholder, the names edited in later).

use crate::support;

use std::time::Duration;

use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_001_701;
const SEED: u64 = 1_701;
const LOOKUP: Duration = Duration::from_secs(2);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_slow_name_lookups_after_a_restart_never_hold_the_board() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = config_text(&fake, data.path(), SEED);
    let bot = TestBot::start(&fake, &config).await;
    let moderator = FakeUser::moderator(100_000_000_000_001_700, "Mod");
    let players: Vec<FakeUser> = (1..=8)
        .map(|n| FakeUser::player(100_000_000_000_001_700 + n, &format!("Player{n}")))
        .collect();
    open_and_seat_with(
        &fake,
        CHANNEL,
        &moderator,
        &players,
        200,
        vec![int("seats", 8)],
    )
    .await;
    bot.stop().await;

    // A new process knows none of the names; Discord takes 2 s for each. The table comes
    // back with its eight players, paused as it was left, and deals at once when resumed.
    fake.delay_user_lookups(LOOKUP);
    let mark = fake.mark();
    let bot = TestBot::start(&fake, &config).await;
    let resumed = fake
        .slash(&moderator, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert_channel_answer(&fake, resumed, CHANNEL).await;
    let (board, posted_at) = wait_for_new_board(&fake, CHANNEL, mark).await;
    let requests = fake.requests();
    let started = requests[mark].at;
    let took = requests[posted_at].at.duration_since(started);
    assert!(
        took < LOOKUP,
        "the board came {took:?} after the bot started: it waited for name lookups"
    );
    // The names come later, by an edit.
    fake.wait_message(board, "every name on the board", |message| {
        let content = message["content"].as_str().unwrap_or("");
        players.iter().all(|player| content.contains(&player.name))
    })
    .await;
    bot.stop().await;
}
