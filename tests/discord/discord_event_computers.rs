//! `/tournament computers` through the fake Discord (#41): the server's staff enter computer
//! players into the channel's multi-table event, their buy-ins paid by the house; a person
//! registers; the event starts with all of them seated and the audit passes. Every refusal
//! (a member who manages the channel only, a player, no event here, an event without
//! computer players, none asked, past the cap, the house short, registration closed) is
//! private and changes nothing. During late registration the computers are seated at once.

use std::time::{Duration, Instant};

use studbot::bank::{EventPhase, GuildId, TournamentId, UserId};

use crate::event_common::*;
use crate::support;
use crate::tournament_common::*;

use support::fake_discord::*;

const SEED: u64 = 4_171;

/// `/tournament computers count:N` as `user`.
async fn computers(fake: &FakeDiscord, user: &FakeUser, channel: u64, count: i64) -> Recorded {
    fake.ask(
        user,
        channel,
        "tournament",
        vec![sub("computers", vec![int("count", count)])],
    )
    .await
}

/// The house's chips and what the mint created for it so far.
async fn house(bot: &studbot::bot::Bot) -> (u64, u64) {
    let stats = bot
        .bank()
        .house_stats(GuildId(GUILD_ID))
        .await
        .expect("the house's stats");
    (stats.balance, stats.minted)
}

/// Who is registered for (or has entered) event `id`.
async fn field(bot: &studbot::bot::Bot, id: TournamentId) -> Vec<UserId> {
    let record = bot.bank().event(id).await.expect("a read").expect("known");
    match &record.phase {
        EventPhase::Running(event) => event.entries().iter().map(|entry| entry.user).collect(),
        _ => record.registered,
    }
}

/// Waits until the event in `channel` has started (its first table's thread).
async fn started(fake: &FakeDiscord, channel: u64, within: Duration) {
    let deadline = Instant::now() + within;
    while fake.threads_started_in(channel).is_empty() {
        assert!(Instant::now() < deadline, "the event never started");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A config whose house the mint may give at most `mint_limit` chips.
fn config_with_mint_limit(fake: &FakeDiscord, data: &std::path::Path, mint_limit: u64) -> String {
    format!(
        "{}[economy]\nhouse_mint_limit = {mint_limit}\n",
        quick_computers_config(fake, data, SEED)
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn staff_enter_computers_paid_by_the_house_and_the_event_starts_with_them_seated() {
    const CHANNEL: u64 = 300_000_000_000_004_171;
    const BARE: u64 = 300_000_000_000_004_172;
    const NO_COMPUTERS: u64 = 300_000_000_000_004_173;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    // Buy-ins of 10; the mint may give the house 30 chips: three computers' buy-ins.
    let config = config_with_mint_limit(&fake, data.path(), 30);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let ana = player(1, "Ana");
    let host = player(2, "Host");
    add_people(&fake, [&ana, &host]);
    fake.allow_member_in(&host, CHANNEL, MANAGE_CHANNELS);
    let moderator = moderator();

    // The channels, as Discord knows them once someone has used them.
    for channel in [CHANNEL, NO_COMPUTERS] {
        tournament(&fake, &moderator, channel, "status").await;
    }
    let other = schedule_soon(&running, NO_COMPUTERS, "Human Cup", 3_600, |_| {}).await;
    // Six seconds ahead: every refusal below and the entry take about 0.1 s (measured at a
    // load average of 67 on 2 cores). At most 5 entries.
    let id = schedule_soon(&running, CHANNEL, "Robot Cup", 6, |options| {
        options.computers_allowed = Some(true);
        options.cap = Some(5);
        options.table_size = Some(5);
    })
    .await;
    let message = event_message(&fake, CHANNEL, "Robot Cup").await;
    let joined = fake.ask(&ana, CHANNEL, "join", vec![]).await;
    assert_private_to(&joined, &ana, "You're registered for **Robot Cup**");
    let before = house(&running).await;
    assert_eq!(before, (0, 0));

    // Refused, privately, nothing entered.
    let refusals = [
        (&host, CHANNEL, 2, "Only the server's staff"),
        (&ana, CHANNEL, 2, "moderator"),
        (
            &moderator,
            BARE,
            2,
            "There's no multi-table tournament in this channel.",
        ),
        (
            &moderator,
            NO_COMPUTERS,
            2,
            "This event was scheduled without computer players",
        ),
        (&moderator, CHANNEL, 0, "Enter at least 1 computer player."),
        (
            &moderator,
            CHANNEL,
            5,
            "Only 4 more entries fit (at most 5 in all). No computer player was entered.",
        ),
        (
            &moderator,
            CHANNEL,
            4,
            "The house can't pay the buy-ins of 4 computer players (40 chips): it holds 0, and the mint may create only 30 more chips for it. No computer player was entered.",
        ),
    ];
    for (user, channel, count, says) in refusals {
        let answer = computers(&fake, user, channel, count).await;
        assert_private_to(&answer, user, says);
    }
    assert_eq!(field(&running, id).await, vec![UserId(ana.id)]);
    assert_eq!(field(&running, other).await, Vec::<UserId>::new());
    assert_eq!(house(&running).await, before);

    // Three fit: the house pays their buy-ins, and the event's message counts them.
    let entered = computers(&fake, &moderator, CHANNEL, 3).await;
    assert_private_to(
        &entered,
        &moderator,
        "🤖 3 computer players are in **Robot Cup** now. The house paid 30 chips of buy-ins. 4 entries so far.",
    );
    wait_saying(&fake, message, "4 players registered · prize pool 40").await;
    let mut everyone = vec![UserId(ana.id)];
    everyone.extend((0..3).map(UserId::computer));
    assert_eq!(field(&running, id).await, everyone);
    assert_eq!(house(&running).await, (0, 30), "the house paid 3 × 10");

    // The start seats all four; no late registration, so no more computers.
    started(&fake, CHANNEL, Duration::from_secs(60)).await;
    let record = running
        .bank()
        .event(id)
        .await
        .expect("a read")
        .expect("known");
    let event = record.event().expect("running");
    assert_eq!(event.entries().len(), 4);
    let seated = event.seating().players();
    assert_eq!(seated, 4, "everyone seated");
    let closed = computers(&fake, &moderator, CHANNEL, 1).await;
    assert_private_to(
        &closed,
        &moderator,
        "Registration for this event is closed.",
    );
    assert_eq!(field(&running, id).await, everyone);
    assert_eq!(house(&running).await, (0, 30));
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn during_late_registration_computers_are_seated_at_once() {
    const CHANNEL: u64 = 300_000_000_000_004_174;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a data directory");
    let config = quick_computers_config(&fake, data.path(), SEED);
    let (bot, running) = support::bot::TestBot::start_observed(&fake, &config).await;
    let ana = player(1, "Ana");
    add_people(&fake, [&ana]);
    let moderator = moderator();
    // The channel, as Discord knows it once someone has used it.
    tournament(&fake, &moderator, CHANNEL, "status").await;
    let id = schedule_soon(&running, CHANNEL, "Late Robots", 5, |options| {
        options.computers_allowed = Some(true);
        options.table_size = Some(4);
        options.late_registration_levels = Some(1);
    })
    .await;
    let message = event_message(&fake, CHANNEL, "Late Robots").await;
    fake.ask(&ana, CHANNEL, "join", vec![]).await;
    // Eight at tables of four: a hand cannot bring the field near the money, so late
    // registration stays open (`Event::close_registration_if_due`).
    let entered = computers(&fake, &moderator, CHANNEL, 7).await;
    assert_private_to(
        &entered,
        &moderator,
        "🤖 7 computer players are in **Late Robots**",
    );
    started(&fake, CHANNEL, Duration::from_secs(60)).await;

    // Late: two more, seated at once.
    let late = computers(&fake, &moderator, CHANNEL, 2).await;
    assert_private_to(
        &late,
        &moderator,
        "🤖 2 computer players are in **Late Robots** now. The house paid 20 chips of buy-ins. 10 entries so far.",
    );
    let record = running
        .bank()
        .event(id)
        .await
        .expect("a read")
        .expect("known");
    let event = record.event().expect("running");
    let mut everyone = vec![UserId(ana.id)];
    everyone.extend((0..9).map(UserId::computer));
    let users: Vec<UserId> = event.entries().iter().map(|entry| entry.user).collect();
    assert_eq!(users, everyone);
    let seated = event.seating().players();
    assert_eq!(seated, 10);
    assert_eq!(house(&running).await, (0, 90));
    wait_saying(&fake, message, "of 10 entries still in").await;
    stop_and_audit(&fake, bot, data.path()).await;
}
