//! When the table acts by itself (a player's timer runs out), there is no click to answer:
//! the board is edited through the outbox, the channel hears of the timeout, and the next
//! player is mentioned in a new message.

use crate::support;

use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_051;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_timeout_edits_the_board_tells_the_channel_and_mentions_the_next_player() {
    let (fake, _data, bot) = start_fake_and_bot(5).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_500, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_501, "Ola"),
        FakeUser::player(100_000_000_000_000_502, "Pia"),
        FakeUser::player(100_000_000_000_000_503, "Rex"),
    ];
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    // The shortest timer the table allows.
    let fast = fake
        .slash(
            &moderator,
            CHANNEL,
            "table",
            vec![sub("settings", vec![int("timer", 5)])],
        )
        .await;
    fake.answer_to(fast).await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, 5).await;
    let first = table.to_act().unwrap().clone();

    // Nobody clicks. The table acts for the first player when their 5 s run out.
    let mark = fake.mark();
    let timed_out = fake
        .wait_for("the timeout told in the channel", mark, |r| {
            // A write refused by the channel's bucket is retried: the one that got through.
            r.is_channel_write()
                && r.is_success()
                && r.method == "POST"
                && r.channel() == Some(CHANNEL)
                && r.content().contains(&first.name)
        })
        .await;
    assert_eq!(timed_out.visibility, Visibility::Channel(CHANNEL));
    let mentions_another = |content: &str| {
        players
            .iter()
            .filter(|p| p.id != first.id)
            .find(|p| content.starts_with(&format!("<@{}>", p.id)))
            .cloned()
    };
    let board = fake
        .wait_message(table.board, "the board edited for the next player", |m| {
            mentions_another(m["content"].as_str().unwrap_or("")).is_some()
        })
        .await;
    let second = mentions_another(board["content"].as_str().unwrap()).unwrap();
    let mention = format!("<@{}>", second.id);
    let ping = fake
        .wait_for("the next player mentioned", mark, |r| {
            r.is_channel_write() && r.method == "POST" && r.content().starts_with(&mention)
        })
        .await;
    assert_eq!(
        ping.body["allowed_mentions"]["users"][0],
        second.id.to_string()
    );
    bot.stop().await;
}
