//! Discord answers 429 for a while: the bot waits the `retry_after` it was given, and no
//! action, board or DM is lost or doubled.

use crate::support;

use std::time::Duration;

use support::actions::PASSIVE;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 4_290;
const RETRY_AFTER: f64 = 0.4;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_discord_answers_channel_writes_with_429_the_bot_waits_and_nothing_is_lost_or_doubled()
 {
    play_through_429s(300_000_000_000_000_031, false).await;
}

/// Found by the strict fake: when a click's callback gets a 429, the turn ping goes out as a
/// followup before the callback's retry has succeeded, which Discord refuses (10015).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_discord_answers_every_write_with_429_the_bot_waits_and_nothing_is_lost_or_doubled() {
    play_through_429s(300_000_000_000_000_032, true).await;
}

/// Plays a hand while the fake answers 429 for a while: channel writes only, or
/// (`callbacks_too`) interaction callbacks and followups as well.
async fn play_through_429s(channel: u64, callbacks_too: bool) {
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    // Only the 429s the test asks for, each with a known retry_after that it then checks.
    fake.without_channel_buckets();
    let moderator = FakeUser::moderator(100_000_000_000_000_300, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_301, "Gus"),
        FakeUser::player(100_000_000_000_000_302, "Hal"),
        FakeUser::player(100_000_000_000_000_303, "Ivy"),
    ];
    open_and_seat(&fake, channel, &moderator, &players, 200).await;

    // The hand starts while channel writes (the board, the DMs) are limited.
    fake.rate_limit_channel_writes(4, RETRY_AFTER);
    let mut table = start_first_hand(&fake, channel, &moderator, &players, 200, SEED).await;
    // No next hand for a while, so the players can cash out at the end.
    no_next_hand_soon(&fake, channel, &moderator).await;

    let mut actions = 0;
    while table.mirror.to_act().is_some() {
        if callbacks_too && (actions == 2 || actions == 7) {
            // Now everything is limited: the click's answer, the followup, the board edit.
            fake.rate_limit_all_writes(3, RETRY_AFTER);
        }
        table.act(&fake, &PASSIVE).await;
        actions += 1;
    }
    let board = fake
        .wait_message(table.board, "the final board", |message| {
            custom_ids(message).iter().all(|id| !id.starts_with("a:"))
                && message["content"]
                    .as_str()
                    .unwrap_or("")
                    .contains("Showdown")
        })
        .await;
    assert!(board["content"].as_str().unwrap().contains("Showdown"));
    assert!(fake.rate_limit_over(), "the 429s were all given");

    let requests = fake.requests();
    let limited: Vec<&Recorded> = requests.iter().filter(|r| r.status == 429).collect();
    assert!(
        limited.len() >= if callbacks_too { 7 } else { 4 },
        "{} requests were answered 429",
        limited.len()
    );

    // After a 429 on a channel, that channel heard nothing until retry_after had passed.
    for refused in limited.iter().filter(|r| r.is_channel_write()) {
        let next = requests.iter().find(|r| {
            r.index > refused.index && r.is_channel_write() && r.channel() == refused.channel()
        });
        if let Some(next) = next {
            assert!(
                next.at.duration_since(refused.at) >= Duration::from_secs_f64(RETRY_AFTER),
                "{} {} came {:?} after a 429",
                next.method,
                next.path,
                next.at.duration_since(refused.at)
            );
        }
    }

    // One board for the hand, two DMs per player, each once.
    let boards = requests
        .iter()
        .filter(|r| r.method == "POST" && r.is_success() && r.channel() == Some(channel))
        .filter(|r| {
            r.body["components"]
                .to_string()
                .contains(&format!("a:{channel}:1:"))
        })
        .count();
    assert_eq!(boards, 1);
    for player in &players {
        let dms = requests
            .iter()
            .filter(|r| r.is_success() && r.visibility == Visibility::Dm(player.id))
            .count();
        assert_eq!(dms, 2, "{} got {dms} DMs", player.name);
    }

    // Every action was taken exactly once: the bank agrees with the mirror.
    table.cash_out_and_compare_balances(&fake).await;
    bot.stop().await;
}
