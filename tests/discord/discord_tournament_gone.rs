//! A sit & go through the fake Discord when its world changes, and across restarts:
//! - its channel or thread deleted, or its server removing the bot, whether the bot ran or
//!   was stopped: one registering has every buy-in refunded, one running is cancelled (the
//!   hand in play undone), never played out by timeouts;
//! - a restart keeps who sat out, and the old board of a hand dealt again is refused;
//! - `/tournament open` and `start` refuse where the bot cannot post, taking no buy-in;
//! - a Register click on a slow bank is deferred in time, then answered;
//! - one sit & go record that cannot be read stops neither the bot nor any other sit & go.

use crate::support;
use crate::tournament_common::*;

use std::time::{Duration, Instant};

use studbot::bank::{TableId, TournamentId, TournamentPhase};
use support::bot::TestBot;
use support::fake_discord::*;

const SEED: u64 = 2_390;
/// Where players ask their balance once a sit & go's channel is gone.
const LOBBY: u64 = 300_000_000_000_002_399;
const START: u64 = 1_000;

/// Retries `check` on the running bot until it holds, or fails the test after 20 s.
async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(20);
    while !check().await {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Until the bank holds no live sit & go.
async fn until_none_live(bot: &studbot::bot::Bot) {
    eventually("no sit & go is live", || async {
        bot.bank().live_tournaments().await.unwrap().is_empty()
    })
    .await;
}

/// Waits until the lobby has let table `channel` go: the bank records the cancel first, and
/// the table's task ends a moment later.
async fn until_table_gone(bot: &studbot::bot::Bot, channel: u64) {
    eventually(
        "the cancelled sit & go's table is gone from the lobby",
        || async { bot.lobby().table(TableId(channel)).is_err() },
    )
    .await;
}

/// Whether sit & go `id` was cancelled before its start (every buy-in refunded).
async fn refunded(bot: &studbot::bot::Bot, id: u64) -> bool {
    matches!(
        phase(bot, id).await,
        TournamentPhase::Cancelled {
            tournament: None,
            ..
        }
    )
}

/// `studbot audit` on the stopped bot's data passes; its report.
fn audit_passes(data: &std::path::Path) -> serde_json::Value {
    let (code, report) = support::audit::audit(data);
    assert_eq!(code, Some(0), "{report}");
    report
}

/// Ada registered in a sit & go of four in `registering`; Ben and Cat in one of two in
/// `running`, which started and dealt its first board. The players, and the two who play.
async fn one_registering_one_running(
    fake: &FakeDiscord,
    registering: u64,
    running: u64,
) -> (FakeUser, [FakeUser; 2]) {
    let (ada, ben, cat) = (player(1, "Ada"), player(2, "Ben"), player(3, "Cat"));
    add_people(fake, [&ada, &ben, &cat]);
    open(fake, registering, 4, 100).await;
    register(fake, registering, std::slice::from_ref(&ada)).await;
    open(fake, running, 2, 100).await;
    let both = [ben, cat];
    register(fake, running, &both).await;
    click_until(fake, running, &both, dealt(running)).await;
    (ada, both)
}

async fn phase(bot: &studbot::bot::Bot, id: u64) -> TournamentPhase {
    bot.bank()
        .tournament(TournamentId(id))
        .await
        .unwrap()
        .expect("the sit & go is known")
        .phase
}

/// Each player's `/balance`, asked in another channel.
async fn balances(fake: &FakeDiscord, players: &[FakeUser]) -> Vec<u64> {
    let mut found = Vec::new();
    for player in players {
        let answer = fake.ask(player, LOBBY, "balance", vec![]).await;
        let digits: String = answer
            .content()
            .chars()
            .filter(char::is_ascii_digit)
            .collect();
        found.push(digits.parse().expect("a balance"));
    }
    found
}

fn observed_config(fake: &FakeDiscord, data: &std::path::Path) -> String {
    quick_config(fake, data, SEED)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_refunds_a_registering_sit_and_go() {
    const CHANNEL: u64 = 300_000_000_000_002_391;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) = TestBot::start_observed(&fake, &observed_config(&fake, data.path())).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 4, 100).await;
    register(&fake, CHANNEL, &players).await;
    assert_eq!(balances(&fake, &players).await, [900, 900]);

    fake.delete_channel(CHANNEL).await;
    until_none_live(&running).await;
    assert_eq!(balances(&fake, &players).await, [START, START]);
    assert!(refunded(&running, 1).await);
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_thread_cancels_a_running_sit_and_go_with_its_hand_in_play_undone() {
    const PARENT: u64 = 300_000_000_000_002_392;
    const THREAD: u64 = 300_000_000_000_002_393;
    let fake = FakeDiscord::start().await;
    fake.add_thread(THREAD, PARENT);
    let data = tempfile::tempdir().unwrap();
    let (bot, running) = TestBot::start_observed(&fake, &observed_config(&fake, data.path())).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    open(&fake, THREAD, 2, 100).await;
    register(&fake, THREAD, &players).await;
    click_until(&fake, THREAD, &players, dealt(THREAD)).await;

    fake.delete_thread(THREAD).await;
    until_none_live(&running).await;
    match phase(&running, 1).await {
        TournamentPhase::Cancelled {
            tournament: Some(played),
            paid,
        } => {
            assert_eq!(played.hands_played(), 0, "the hand in play is undone");
            assert_eq!(paid.iter().map(|(_, chips)| chips).sum::<u64>(), 200);
        }
        other => panic!("not cancelled after its start: {other:?}"),
    }
    until_table_gone(&running, THREAD).await;
    let total: u64 = balances(&fake, &players).await.iter().sum();
    assert_eq!(total, 2 * START, "the whole pool is paid back");
    bot.stop().await;
    audit_passes(data.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removes_the_bot_ends_its_registering_and_its_running_sit_and_gos() {
    const REGISTERING: u64 = 300_000_000_000_002_394;
    const RUNNING: u64 = 300_000_000_000_002_395;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) = TestBot::start_observed(&fake, &observed_config(&fake, data.path())).await;
    let _players = one_registering_one_running(&fake, REGISTERING, RUNNING).await;

    fake.remove_bot_from_guild().await;
    until_none_live(&running).await;
    assert!(refunded(&running, 1).await);
    assert!(matches!(
        phase(&running, 2).await,
        TournamentPhase::Cancelled {
            tournament: Some(_),
            ..
        }
    ));
    bot.stop().await;
    let report = audit_passes(data.path());
    assert_eq!(
        report["sit_and_gos_live"],
        serde_json::json!([]),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sit_and_gos_whose_channel_was_deleted_while_the_bot_was_stopped_end_at_the_next_start() {
    const REGISTERING: u64 = 300_000_000_000_002_396;
    const RUNNING: u64 = 300_000_000_000_002_397;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let (ada, both) = one_registering_one_running(&fake, REGISTERING, RUNNING).await;
    bot.stop().await;

    fake.delete_channel_while_away(REGISTERING);
    fake.delete_channel_while_away(RUNNING);
    let (bot, running) = TestBot::start_observed(&fake, &observed_config(&fake, data.path())).await;
    until_none_live(&running).await;
    assert_eq!(balances(&fake, std::slice::from_ref(&ada)).await, [START]);
    let total: u64 = balances(&fake, &both).await.iter().sum();
    assert_eq!(total, 2 * START);
    until_table_gone(&running, RUNNING).await;
    bot.stop().await;
    audit_passes(data.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_in_a_server_that_removed_the_bot_while_it_was_stopped_ends_at_the_next_start()
{
    const CHANNEL: u64 = 300_000_000_000_002_398;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let ada = player(1, "Ada");
    add_people(&fake, [&ada]);
    open(&fake, CHANNEL, 4, 100).await;
    register(&fake, CHANNEL, std::slice::from_ref(&ada)).await;
    bot.stop().await;

    fake.remove_bot_from_guild_while_away();
    let (bot, running) = TestBot::start_observed(&fake, &observed_config(&fake, data.path())).await;
    until_none_live(&running).await;
    assert!(refunded(&running, 1).await);
    bot.stop().await;
    audit_passes(data.path());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stale_click_of_a_hand_dealt_again_after_a_restart_is_refused() {
    const CHANNEL: u64 = 300_000_000_000_002_380;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let players = [player(1, "Ada"), player(2, "Ben")];
    add_people(&fake, &players);
    open(&fake, CHANNEL, 2, 100).await;
    register(&fake, CHANNEL, &players).await;
    click_until(&fake, CHANNEL, &players, dealt(CHANNEL)).await;
    let old = current_turn(&fake, CHANNEL).expect("hand 1's first turn");
    assert!(old.prefix.starts_with(&format!("a:{CHANNEL}:1:")));
    bot.stop().await;

    // The same deck seed deals hand 1 again with the same cards: the same player brings in,
    // at the same action number, as on the old board still on screen.
    let bot = TestBot::start(&fake, &quick_config(&fake, data.path(), SEED)).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let again = loop {
        if let Some(turn) = current_turn_after(&fake, CHANNEL, old.board) {
            break turn;
        }
        assert!(Instant::now() < deadline, "hand 1 was not dealt again");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(
        again.prefix.starts_with(&format!("a:{CHANNEL}:1.")),
        "hand 1 dealt again is numbered apart: {}",
        again.prefix
    );
    assert_eq!(again.user, old.user);
    let clicker = players
        .iter()
        .find(|player| player.id == old.user)
        .expect("a player's turn");
    let code = old.codes.first().expect("a button");
    let stale = fake
        .click(clicker, old.board, &format!("{}{code}", old.prefix))
        .await;
    let refused = fake.answer_to(stale).await;
    assert_eq!(
        refused.visibility,
        Visibility::Ephemeral(clicker.id),
        "{}",
        refused.content()
    );
    assert!(
        refused.content().contains("out of date"),
        "{}",
        refused.content()
    );
    // The new deal still waits for that player's action: the old board took none.
    let still = current_turn(&fake, CHANNEL).expect("the new deal's turn");
    assert_eq!(still.prefix, again.prefix);
    click_turn(&fake, &still, &players).await;
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_who_sat_out_of_a_sit_and_go() {
    const CHANNEL: u64 = 300_000_000_000_002_381;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let (ada, ben, cat) = (player(1, "Ada"), player(2, "Ben"), player(3, "Cat"));
    add_people(&fake, [&ada, &ben, &cat]);
    open_with(&fake, CHANNEL, open_options(STUD, 3, 100, TURBO)).await;
    register(&fake, CHANNEL, &[ada.clone(), ben.clone(), cat.clone()]).await;
    let leaving = fake.ask(&ben, CHANNEL, "leave", vec![]).await;
    assert_public(&leaving, CHANNEL, "Ben");
    bot.stop().await;

    let bot = TestBot::start(&fake, &quick_config(&fake, data.path(), SEED)).await;
    // Ada and Cat play two hands; a board that mentioned Ben (waiting for him again) fails.
    let awake = [ada.clone(), cat.clone()];
    let two_hands = |fake: &FakeDiscord| {
        channel_says(fake, CHANNEL, "**Hand #2 — results**") || over(CHANNEL)(fake)
    };
    let clicked = click_until(&fake, CHANNEL, &awake, two_hands).await;
    assert!(!clicked.contains(&ben.id));
    stop_and_audit(&fake, bot, data.path()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tournament_open_and_start_are_refused_where_the_bot_cannot_post_and_take_no_buy_in() {
    const PARENT: u64 = 300_000_000_000_002_382;
    const THREAD: u64 = 300_000_000_000_002_383;
    let (fake, _data, bot) = start_bot_with(quick_config, SEED).await;
    fake.add_thread(THREAD, PARENT);
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);

    fake.deny_bot(THREAD, SEND_MESSAGES_IN_THREADS);
    let refused = open(&fake, THREAD, 4, 100).await;
    assert_private_to(&refused, &moderator(), "Send Messages in Threads");
    assert_private_to(&refused, &moderator(), "No buy-in was taken");
    let none = tournament(&fake, &ada, THREAD, "status").await;
    assert_private_to(&none, &ada, "There is no sit & go in this channel.");

    fake.allow_bot(THREAD, SEND_MESSAGES_IN_THREADS);
    open(&fake, THREAD, 4, 100).await;
    register(&fake, THREAD, &[ada.clone(), ben.clone()]).await;
    fake.deny_bot(THREAD, SEND_MESSAGES_IN_THREADS);
    let refused = tournament(&fake, &moderator(), THREAD, "start").await;
    assert_private_to(&refused, &moderator(), "Send Messages in Threads");
    let status = tournament(&fake, &ada, THREAD, "status").await;
    assert!(
        status.content().contains("2/4 entrants"),
        "still registering: {}",
        status.content()
    );
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

/// Longer than the bot's 1.2 s before it defers a click, well inside Discord's 3 s.
const CLICK_DELAY_MS: u64 = 1_600;

fn slow_clicks(fake: &FakeDiscord, data: &std::path::Path, seed: u64) -> String {
    // The base config ends in its `[testing]` table, and has a `[table]` table.
    format!(
        "{}click_delay_ms = {CLICK_DELAY_MS}\n",
        support::bot::config_text(fake, data, seed).replacen(
            "[table]\n",
            "[table]\nbetween_hands_secs = 0\n",
            1
        )
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_register_click_on_a_slow_bank_is_deferred_in_time_and_then_answered() {
    const CHANNEL: u64 = 300_000_000_000_002_384;
    let (fake, _data, bot) = start_bot_with(slow_clicks, SEED).await;
    let (ada, ben) = (player(1, "Ada"), player(2, "Ben"));
    add_people(&fake, [&ada, &ben]);
    open(&fake, CHANNEL, 2, 100).await;
    let (message, button) = register_button(&fake, CHANNEL);

    for (clicker, says) in [
        (&ada, "Ada registered (1/2)"),
        (&ben, "The sit & go starts with 2 players; prize pool 200."),
    ] {
        let click = fake.click(clicker, message, &button).await;
        let response = fake.response_to(click).await;
        assert!(response.is_success(), "{:?}", response.body);
        assert_eq!(response.body["type"], 6, "deferred: {:?}", response.body);
        let delay = fake.response_delay(click).await;
        assert!(delay < Duration::from_secs(3), "deferred after {delay:?}");
        assert_public(&fake.answer_to(click).await, CHANNEL, says);
    }
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_unreadable_sit_and_go_record_stops_neither_the_bot_nor_another_sit_and_go() {
    const DAMAGED: u64 = 300_000_000_000_002_385;
    const OTHER: u64 = 300_000_000_000_002_386;
    let (fake, data, bot) = start_bot_with(quick_config, SEED).await;
    let (ada, ben, cat) = (player(1, "Ada"), player(2, "Ben"), player(3, "Cat"));
    add_people(&fake, [&ada, &ben, &cat]);
    open(&fake, DAMAGED, 4, 100).await;
    register(&fake, DAMAGED, std::slice::from_ref(&ada)).await;
    open(&fake, OTHER, 2, 100).await;
    register(&fake, OTHER, std::slice::from_ref(&ben)).await;
    bot.stop().await;
    support::audit::damage_sit_and_go_record(&data.path().join("bank"), 1);

    let (bot, running) = TestBot::start_observed(&fake, &observed_config(&fake, data.path())).await;
    // The other sit & go is served: it starts, and deals.
    let joined = fake.ask(&cat, OTHER, "join", vec![]).await;
    assert_public(&joined, OTHER, "The sit & go starts with 2 players");
    click_until(&fake, OTHER, &[ben.clone(), cat.clone()], dealt(OTHER)).await;
    // The damaged one's channel is refused, naming it; nothing moves.
    let refused = fake.ask(&ada, DAMAGED, "leave", vec![]).await;
    assert_private_to(&refused, &ada, "cannot read sit & go #1");
    assert!(running.lobby().table(TableId(DAMAGED)).is_err());
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(1), "the unreadable record is a break: {report}");
    assert_eq!(report["sit_and_gos_unreadable"], serde_json::json!([1]));
    let live = report["sit_and_gos_live"].as_array().expect("listed");
    assert!(
        live.iter().any(|listed| listed["tournament"] == 1
            && listed["phase"] == "unreadable"
            && listed["channel"] == DAMAGED),
        "{report}"
    );
}

/// The balances of `players`, asked until they are `expected` (a start may still be ending
/// what it found gone), or failing after 30 s.
async fn until_balances(fake: &FakeDiscord, players: &[FakeUser], expected: &[u64]) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let found = balances(fake, players).await;
        if found == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "balances {found:?}, expected {expected:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_sigkilled_while_it_ends_sit_and_gos_whose_channels_are_gone_pays_each_once() {
    const REGISTERING: u64 = 300_000_000_000_002_387;
    const RUNNING: u64 = 300_000_000_000_002_388;
    // Killed at once, a moment later, and once it has surely finished.
    for wait_ms in [0, 15, 400] {
        let fake = FakeDiscord::start().await;
        let data = tempfile::tempdir().unwrap();
        let config = child_config(&fake, data.path(), quick_config, SEED);
        let first =
            support::bot::ChildBot::start(&fake, &config, &data.path().join("first.log")).await;
        let (ada, both) = one_registering_one_running(&fake, REGISTERING, RUNNING).await;

        fake.delete_channel(REGISTERING).await;
        fake.delete_channel(RUNNING).await;
        tokio::time::sleep(Duration::from_millis(wait_ms)).await;
        first.kill();
        let (code, report) = support::audit::audit(&data.path().join("data"));
        assert_eq!(code, Some(0), "killed after {wait_ms} ms: {report}");

        let second =
            support::bot::ChildBot::start(&fake, &config, &data.path().join("second.log")).await;
        until_balances(&fake, std::slice::from_ref(&ada), &[START]).await;
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let total: u64 = balances(&fake, &both).await.iter().sum();
            if total == 2 * START {
                break;
            }
            assert!(total < 2 * START, "paid twice: {total}");
            assert!(
                Instant::now() < deadline,
                "the pool was not paid back: {total}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(second.terminate().await, Some(0));
        let (code, report) = support::audit::audit(&data.path().join("data"));
        assert_eq!(code, Some(0), "{report}");
        assert_eq!(
            report["sit_and_gos_live"],
            serde_json::json!([]),
            "{report}"
        );
        assert_eq!(report["tournament_chips"], 0, "{report}");
    }
}
