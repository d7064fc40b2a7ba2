//! Interactions that reach the bot after Discord's 3-second answer window (a RESUME replaying
//! them, a stalled dispatch): Discord already showed the user "The application did not
//! respond", so the bot carries out nothing: no chips move, no action is taken.

use crate::support;

use std::time::Duration;

use studbot::bank::{GuildId, UserId};
use support::bot::{TestBot, config_text};
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 4_242;
/// How late the replayed interactions arrive: past Discord's 3 s.
const LATE: Duration = Duration::from_secs(4);

/// Waits until the bot has dropped `count` late interactions in all, or fails after 20 s.
async fn dropped_late(bot: &studbot::bot::Bot, count: u64) {
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while bot.discord_time().late_interactions() < count {
        assert!(
            std::time::Instant::now() < deadline,
            "the bot never dropped the late interaction"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_give_that_arrives_past_its_answer_window_moves_no_chips() {
    const CHANNEL: u64 = 300_000_000_000_004_201;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let ana = FakeUser::player(100_000_000_000_004_201, "Ana");
    let ben = FakeUser::player(100_000_000_000_004_202, "Ben");
    // Both have an account, and the bot has seen Discord's clock on time.
    for player in [&ana, &ben] {
        let asked = fake.slash(player, CHANNEL, "balance", vec![]).await;
        fake.answer_to(asked).await;
    }
    let guild = GuildId(GUILD_ID);
    let before = running.bank().balance(guild, UserId(ben.id)).await.unwrap();

    let late = fake
        .slash_made_ago(
            LATE,
            &ana,
            CHANNEL,
            "give",
            vec![user_opt("user", &ben), int("amount", 100)],
        )
        .await;
    dropped_late(&running, 1).await;

    let after = running.bank().balance(guild, UserId(ben.id)).await.unwrap();
    assert_eq!(after, before, "the late /give moved chips");
    assert!(
        !fake.requests().iter().any(|r| r.interaction == Some(late)),
        "the late interaction was answered"
    );
    // A /give on time still goes through.
    let given = fake
        .slash(
            &ana,
            CHANNEL,
            "give",
            vec![user_opt("user", &ben), int("amount", 100)],
        )
        .await;
    fake.answer_to(given).await;
    let now = running.bank().balance(guild, UserId(ben.id)).await.unwrap();
    assert_eq!(now, before + 100);
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fold_that_arrives_past_its_answer_window_is_not_taken() {
    const CHANNEL: u64 = 300_000_000_000_004_202;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_210, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_004_211, "Ada"),
        FakeUser::player(100_000_000_000_004_212, "Bea"),
    ];
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let buttons = table.current_buttons(&fake).await;
    let fold = format!("{}fo", table.current_prefix());
    let acting = table.to_act().expect("someone acts first").clone();
    let offered = buttons.iter().find(|id| **id == fold).cloned();
    // The bring-in cannot fold; any offered action, replayed late, must change nothing.
    let late_click = offered.unwrap_or_else(|| buttons[0].clone());

    fake.click_made_ago(LATE, &acting, table.board, &late_click)
        .await;
    dropped_late(&running, 1).await;

    // The same turn is still open: a click on time is taken, and the hand goes on.
    let mark = fake.mark();
    let click = table.act(&fake, &support::actions::PASSIVE).await;
    let answer = fake.response_to(click).await;
    assert!(answer.is_success(), "the on-time click was refused");
    assert!(table.mirror.to_act().is_some());
    table.current_buttons(&fake).await;
    assert!(fake.mark() > mark);
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}
