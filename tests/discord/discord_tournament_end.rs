//! How a sit & go ends before its last hand, and a prize paid before it ends, through the
//! fake Discord: a moderator's cancel during a hand waits for that hand to be played out
//! and recorded (never deciding its pot), and a moderator still in cannot cancel at all; a
//! paid place is paid and told the moment it is out; a deal proposed between hands is made
//! when every player left accepts with its button, and lapses when they do not; one an older
//! version kept past a hand is called off when the bot restarts, and play goes on; the status
//! before the start shows the payouts if it started now, and a new level is told on its board.

use std::time::{Duration, Instant};

use serde_json::Value;
use studbot::bank::{Bank, EconomyConfig, GuildId, TournamentId};

use crate::support;
use crate::tournament_common::*;

use support::bot::TestBot;
use support::fake_discord::*;

const SEED: u64 = 4_040;

/// [`quick_config`] with a pause between hands (a deal is proposed then) and short timers.
fn deal_config(fake: &FakeDiscord, data_dir: &std::path::Path, deck_seed: u64) -> String {
    // The base config has a `[table]` table (its timer among it): edit it, not a second one.
    support::bot::config_text(fake, data_dir, deck_seed).replace(
        "[table]\naction_timer_secs = 30\n",
        "[table]\nbetween_hands_secs = 8\naction_timer_secs = 5\n",
    )
}

/// `/tournament deal kind:` (0: ICM, 1: chip chop) as `user`.
async fn propose(fake: &FakeDiscord, user: &FakeUser, channel: u64, kind: i64) -> Recorded {
    fake.ask(
        user,
        channel,
        "tournament",
        vec![sub("deal", vec![int("kind", kind)])],
    )
    .await
}

/// The channel's message with a deal's buttons: its id and its Accept button's custom id.
fn deal_message(fake: &FakeDiscord, channel: u64) -> Option<(u64, String)> {
    fake.channel_messages(channel)
        .into_iter()
        .rev()
        .find_map(|message: Value| {
            let accept = support::table::custom_ids(&message)
                .into_iter()
                .find(|id| id.starts_with("d:") && id.ends_with(":a"))?;
            Some((message["id"].as_str()?.parse().ok()?, accept))
        })
}

/// Waits (two minutes at most) until `done` holds, failing with `what`.
async fn wait_until(fake: &FakeDiscord, what: &str, done: impl Fn(&FakeDiscord) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !done(fake) {
        assert!(Instant::now() < deadline, "{what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Whether any board of hand `hand` (as the board numbers it) was ever posted in `channel`.
fn board_of_hand(fake: &FakeDiscord, channel: u64, hand: u64) -> bool {
    let prefix = format!("a:{channel}:{hand}:");
    fake.channel_messages(channel).iter().any(|message| {
        support::table::custom_ids(message)
            .iter()
            .any(|id| id.starts_with(&prefix))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_during_a_hand_waits_for_it_to_be_played_out_and_a_moderator_still_in_cannot_cancel()
 {
    const CHANNEL: u64 = 300_000_000_000_004_001;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let playing_moderator = moderator();
    let other_moderator = FakeUser::moderator(100_000_000_000_004_099, "Val");
    let players = [
        playing_moderator.clone(),
        player(1, "Ada"),
        player(2, "Ben"),
    ];
    add_people(&fake, &players[1..]);
    fake.add_user(&other_moderator);
    open(&fake, CHANNEL, 3, 100).await;
    register(&fake, CHANNEL, &players).await;
    wait_until(&fake, "hand 1 was never dealt", dealt(CHANNEL)).await;

    // The moderator is in the sit & go: they cannot cancel it, whatever the hand.
    let refused = tournament(&fake, &playing_moderator, CHANNEL, "cancel").await;
    assert_private_to(
        &refused,
        &playing_moderator,
        "You are still in this sit & go",
    );

    // Another moderator cancels during hand 1: it waits for the hand in play.
    let cancelled = tournament(&fake, &other_moderator, CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "when the hand in play ends");
    let cancelled_told = |fake: &FakeDiscord| {
        channel_says(fake, CHANNEL, "cancelled before anyone was out")
            || channel_says(fake, CHANNEL, "The sit & go is cancelled: the prizes")
    };
    // The hand is played to its end by its players (nobody's pot is decided by the cancel).
    click_until(&fake, CHANNEL, &players, cancelled_told).await;
    assert!(
        !board_of_hand(&fake, CHANNEL, 2),
        "no hand is dealt after a cancel waiting for the hand in play"
    );
    let texts = channel_texts(&fake, CHANNEL);
    let told = texts
        .iter()
        .find(|text| {
            text.contains("cancelled before anyone was out")
                || text.contains("The sit & go is cancelled: the prizes")
        })
        .expect("told");
    // Nobody was out after hand 1, or someone was: either way every chip is back with a
    // player, and the books balance.
    let mut total = 0;
    for user in &players {
        let answer = fake.ask(user, CHANNEL, "balance", vec![]).await;
        let digits: String = answer
            .content()
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        total += digits.parse::<u64>().expect("a balance");
    }
    assert_eq!(total, 3_000, "{told}");
    let gone = tournament(&fake, &players[1], CHANNEL, "status").await;
    assert_private_to(&gone, &players[1], "There is no sit & go in this channel.");
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paid_place_is_paid_and_told_its_prize_the_moment_it_is_out() {
    const CHANNEL: u64 = 300_000_000_000_004_002;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [
        player(1, "Ada"),
        player(2, "Ben"),
        player(3, "Cat"),
        player(4, "Dan"),
    ];
    add_people(&fake, &players);
    // Custom levels: one small hand, then stakes that put most stacks in one pot.
    let mut options = open_options(STUD, 4, 100, CUSTOM);
    options.push(string("levels", "1/1/2/4x1, 20/25/50/100x100"));
    options.push(string("payouts", "50/30/20"));
    let opened = open_with(&fake, CHANNEL, options).await;
    assert_public(&opened, CHANNEL, "Levels: 1/1/2/4x1, 20/25/50/100x100");
    register(&fake, CHANNEL, &players).await;
    let paid_bust = |fake: &FakeDiscord| {
        channel_texts(fake, CHANNEL)
            .into_iter()
            .find(|text| text.contains(" is out in 3rd place and wins "))
    };
    click_until(&fake, CHANNEL, &players, |fake| paid_bust(fake).is_some()).await;
    let told = paid_bust(&fake).expect("told");
    let third = players
        .iter()
        .find(|user| told.starts_with(&user.name))
        .unwrap_or_else(|| panic!("who: {told}"));
    let prize: u64 = told
        .split(" and wins ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|chips| chips.parse().ok())
        .unwrap_or_else(|| panic!("the prize: {told}"));
    // 200/120/80 of 400: third's 80, or half of 80 when two share third.
    assert!([80, 40].contains(&prize), "{told}");
    // Paid with the hand that put them out, before the sit & go is over.
    assert_balance(&fake, CHANNEL, third, 1_000 - 100 + prize).await;
    if !over(CHANNEL)(&fake) {
        let status = tournament(&fake, &players[0], CHANNEL, "status").await;
        assert!(
            status.content().contains(&format!(
                "• {}: out in 3rd place, prize {prize} chips",
                third.name
            )),
            "{}",
            status.content()
        );
    }
    click_until(&fake, CHANNEL, &players, over(CHANNEL)).await;
    let result = result_text(&fake, CHANNEL).expect("the result");
    assert!(
        result.contains(&format!("3rd place: {} wins {prize} chips.", third.name)),
        "{result}"
    );
    // Paid once: the end pays the places still to be paid only.
    assert_balance(&fake, CHANNEL, third, 1_000 - 100 + prize).await;
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_every_player_left_accepts_ends_the_sit_and_go_with_its_amounts() {
    const CHANNEL: u64 = 300_000_000_000_004_003;
    let (fake, data, bot) = start_bot_with(deal_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 3, 100).await;
    register(&fake, CHANNEL, &players).await;
    // Started; its first hand waits the pause between hands: a deal may be proposed now.
    let proposed = propose(&fake, &players[0], CHANNEL, 0).await;
    assert_public(&proposed, CHANNEL, "Ada proposes a deal (ICM)");
    // Three equal stacks for a winner-takes-all 300: 100 each.
    for user in &players {
        assert!(
            proposed
                .content()
                .contains(&format!("• {}: 100 chips", user.name)),
            "{}",
            proposed.content()
        );
    }
    // While it waits, no hand is dealt, and another proposal is refused.
    let again = propose(&fake, &players[1], CHANNEL, 1).await;
    assert_private_to(&again, &players[1], "already waiting");
    let (message, accept) = deal_message(&fake, CHANNEL).expect("the deal's buttons");
    let click = fake.click(&players[1], message, &accept).await;
    let answer = fake.response_to(click).await;
    assert!(answer.is_success(), "{:?}", answer.body);
    wait_until(&fake, "Ben's acceptance was never told", |fake| {
        channel_says(fake, CHANNEL, "Ben accepts the deal (2 of 3).")
    })
    .await;
    // Someone who is not in it cannot answer.
    let stranger = player(9, "Zed");
    fake.add_user(&stranger);
    let click = fake.click(&stranger, message, &accept).await;
    let refused = fake.response_to(click).await;
    assert!(refused.is_success(), "{:?}", refused.body);
    let click = fake.click(&players[2], message, &accept).await;
    assert!(fake.response_to(click).await.is_success());
    wait_until(&fake, "the deal's result was never posted", |fake| {
        channel_says(fake, CHANNEL, "The sit & go ends with a deal (ICM)")
    })
    .await;
    assert!(!board_of_hand(&fake, CHANNEL, 1), "no hand was dealt");
    for user in &players {
        assert_balance(&fake, CHANNEL, user, 1_000).await;
    }
    let results = tournament(&fake, &players[0], CHANNEL, "results").await;
    assert_private_to(&results, &players[0], "It ended with a deal (ICM).");
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_not_every_player_accepts_in_time_lapses_and_play_goes_on() {
    const CHANNEL: u64 = 300_000_000_000_004_004;
    let (fake, data, bot) = start_bot_with(deal_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 2, 100).await;
    register(&fake, CHANNEL, &players).await;
    let proposed = propose(&fake, &players[0], CHANNEL, 1).await;
    assert_public(&proposed, CHANNEL, "Ada proposes a deal (Chip chop)");
    // Nobody else answers: after two action timers it lapses, and only then is a hand dealt.
    wait_until(&fake, "the deal never lapsed", |fake| {
        channel_says(
            fake,
            CHANNEL,
            "Not every player left accepted the deal in time",
        )
    })
    .await;
    wait_until(&fake, "play did not go on", dealt(CHANNEL)).await;
    // Its buttons answer nothing now, and a deal is not proposed while a hand is in play.
    let (message, accept) = deal_message(&fake, CHANNEL).expect("the deal's buttons");
    let click = fake.click(&players[1], message, &accept).await;
    assert!(fake.response_to(click).await.is_success());
    let during = propose(&fake, &players[1], CHANNEL, 0).await;
    assert_private_to(&during, &players[1], "between hands");
    assert!(!channel_says(&fake, CHANNEL, "ends with a deal"));
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_kept_past_a_hand_by_an_older_version_is_called_off_at_the_restart_and_play_goes_on()
{
    const CHANNEL: u64 = 300_000_000_000_004_005;
    let (fake, data, bot) = start_bot_with(deal_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 3, 100).await;
    register(&fake, CHANNEL, &players).await;
    let proposed = propose(&fake, &players[0], CHANNEL, 0).await;
    assert_public(&proposed, CHANNEL, "Ada proposes a deal (ICM)");
    bot.stop().await;
    // While the bot is stopped, a version that kept a deal past a hand records one that
    // gives every stack back, and keeps the deal in the sit & go's record.
    let bank_dir = data.path().join("bank");
    let bank = Bank::open(&bank_dir, EconomyConfig::default())
        .await
        .unwrap();
    let guild = GuildId(GUILD_ID);
    bank.take_leases(&[guild]).await.unwrap();
    let id = TournamentId(1);
    let state = bank.tournament(id).await.unwrap().expect("the sit & go");
    let deal = state.deal.clone().expect("the deal waits");
    let hand = state.tournament().unwrap().next_hand().unwrap();
    bank.record_tournament_hand(guild, id, hand.number, &hand.stacks)
        .await
        .unwrap();
    bank.shutdown().await.unwrap();
    drop(bank);
    support::audit::plant_deal_kept_past_a_hand(&bank_dir, id.0, deal);

    let bot = TestBot::start(&fake, &deal_config(&fake, data.path(), SEED)).await;
    wait_until(&fake, "the void deal was never called off", |fake| {
        assert!(
            !channel_says(fake, CHANNEL, "is open again"),
            "the void deal was offered again"
        );
        channel_says(
            fake,
            CHANNEL,
            "The deal is off: the stacks have changed since it was proposed.",
        )
    })
    .await;
    wait_until(&fake, "play did not go on", dealt(CHANNEL)).await;
    assert!(!channel_says(
        &fake,
        CHANNEL,
        "Not every player left accepted the deal in time"
    ));
    // Its old buttons answer nothing, and nobody was paid by it.
    let (message, accept) = deal_message(&fake, CHANNEL).expect("the deal's buttons");
    let click = fake.click(&players[1], message, &accept).await;
    assert!(fake.response_to(click).await.is_success());
    assert!(!channel_says(&fake, CHANNEL, "ends with a deal"));
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_status_before_the_start_shows_the_payouts_if_it_started_now_and_a_new_level_is_told_on_its_board()
 {
    const CHANNEL: u64 = 300_000_000_000_004_005;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    add_people(&fake, &players);
    let mut options = open_options(STUD, 6, 100, CUSTOM);
    options.push(string("levels", "1/1/2/4x1, 2/3/10/20x50"));
    open_with(&fake, CHANNEL, options).await;
    register(&fake, CHANNEL, &players).await;
    let status = tournament(&fake, &players[0], CHANNEL, "status").await;
    for says in [
        "Payouts with every seat filled (6): 65% (390) / 35% (210)",
        "If it started now, with 3 players: 100% (300)",
        "Rules, fixed at the open:",
    ] {
        assert_private_to(&status, &players[0], says);
    }
    tournament(&fake, &moderator(), CHANNEL, "start").await;
    let level_two = "Level 2 begins: ante 2, bring-in 3, stakes 10/20";
    click_until(&fake, CHANNEL, &players, |fake| {
        channel_says(fake, CHANNEL, level_two) || over(CHANNEL)(fake)
    })
    .await;
    assert!(
        channel_says(&fake, CHANNEL, level_two),
        "{:?}",
        channel_texts(&fake, CHANNEL)
    );
    stop_and_audit(&fake, bot, data.path()).await;
}

/// A cancel at a sit & go paused in the middle of a hand is answered at once (Discord takes a
/// deferred answer for 15 minutes only): it is recorded and made when the hand in play ends,
/// once the table is resumed; the channel is told then.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_at_a_sit_and_go_paused_in_a_hand_is_answered_at_once_and_made_after_the_hand() {
    const CHANNEL: u64 = 300_000_000_000_004_011;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let cancelling = moderator();
    let players = [player(1, "Ada"), player(2, "Ben"), player(3, "Cy")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 3, 100).await;
    register(&fake, CHANNEL, &players).await;
    wait_until(&fake, "hand 1 was never dealt", dealt(CHANNEL)).await;
    let paused = fake
        .ask(&cancelling, CHANNEL, "table", vec![sub("pause", vec![])])
        .await;
    assert!(paused.is_success(), "{paused:?}");

    let started = Instant::now();
    let cancelled = tournament(&fake, &cancelling, CHANNEL, "cancel").await;
    assert_public(&cancelled, CHANNEL, "when the hand in play ends");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "answered at once"
    );

    let resumed = fake
        .ask(&cancelling, CHANNEL, "table", vec![sub("resume", vec![])])
        .await;
    assert!(resumed.is_success(), "{resumed:?}");
    let cancelled_told = |fake: &FakeDiscord| {
        channel_says(fake, CHANNEL, "cancelled before anyone was out")
            || channel_says(fake, CHANNEL, "The sit & go is cancelled: the prizes")
    };
    click_until(&fake, CHANNEL, &players, cancelled_told).await;
    assert!(
        !board_of_hand(&fake, CHANNEL, 2),
        "no hand after the cancel"
    );
    stop_and_audit(&fake, bot, data.path()).await;
}
