//! The pace of a table on Discord: pre-actions chosen on a player's private view ("My cards",
//! updated in place), "+30 s" on the board (answered in place), the time bank running on after
//! the action timer, an away player told by DM with "I'm back", and a table in its own thread,
//! archived when it closes. None of the pace's own steps writes in the channel: choosing a
//! pre-action, taking "+30 s" and the time bank's start cost no channel write.

use std::time::Duration;

use crate::support;

use studbot::table::ActionKind;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 4_343;

fn players(base: u64) -> Vec<FakeUser> {
    vec![
        FakeUser::player(base + 1, "Ana"),
        FakeUser::player(base + 2, "Bo"),
        FakeUser::player(base + 3, "Cy"),
    ]
}

/// Channel writes (posts and edits of messages) in `channel` from request `from` on.
fn channel_writes(fake: &FakeDiscord, channel: u64, from: usize) -> usize {
    fake.requests()
        .iter()
        .skip(from)
        .filter(|r| r.is_channel_write() && r.channel() == Some(channel))
        .count()
}

/// `player` opens their private view with the board's "My cards": the ephemeral message it
/// made.
async fn my_cards(fake: &FakeDiscord, table: &PlayedTable, player: &FakeUser) -> (u64, Recorded) {
    let clicked = fake
        .click(player, table.board, &format!("c:{}", table.channel))
        .await;
    let answer = fake.answer_to(clicked).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(player.id));
    (fake.response_message(clicked).await, answer)
}

/// `player` clicks `custom_id` on their private view `view`; the view's new version.
async fn choose(fake: &FakeDiscord, player: &FakeUser, view: u64, custom_id: &str) -> Recorded {
    let clicked = fake.click(player, view, custom_id).await;
    let answer = fake.response_to(clicked).await;
    assert_eq!(
        answer.body["type"], 7,
        "the private view is updated in place: {:?}",
        answer.body
    );
    assert_eq!(answer.visibility, Visibility::Ephemeral(player.id));
    answer
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pre_action_chosen_on_my_cards_is_taken_the_moment_the_turn_comes() {
    const CHANNEL: u64 = 300_000_000_000_004_301;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_300, "Mod");
    let players = players(100_000_000_000_004_300);
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    // Third street: the bring-in acts first; the player after next chooses to call any.
    let bring_in = table.mirror.to_act().unwrap();
    let ahead = (bring_in + 2) % 3;
    let player = players[ahead].clone();
    let mark = fake.mark();
    let (view, shown) = my_cards(&fake, &table, &player).await;
    let call_any = format!("p:{CHANNEL}:1:3:ca");
    assert!(
        custom_ids(&shown.body["data"]).contains(&call_any),
        "the private view offers call any: {:?}",
        shown.body
    );
    let chosen = choose(&fake, &player, view, &call_any).await;
    assert!(
        chosen.readable_text().contains("Call any"),
        "{:?}",
        chosen.body
    );
    assert_eq!(
        channel_writes(&fake, CHANNEL, mark),
        0,
        "choosing ahead writes nothing in the channel"
    );
    // The bring-in, then a call: the third player's call any calls at once.
    table.act(&fake, &[ActionKind::BringIn]).await;
    table.act(&fake, &[ActionKind::Call]).await;
    table
        .mirror
        .act(ahead, ActionKind::Call)
        .expect("the pre-action's call is legal");
    // Fourth street's buttons: the table took the call without asking.
    table.current_buttons(&fake).await;
    assert_eq!(
        table.mirror.street(),
        studbot::table::Street::Fourth,
        "third street ended with the pre-action"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_chosen_ahead_is_dropped_by_a_raise_and_the_player_is_asked_on_the_board() {
    const CHANNEL: u64 = 300_000_000_000_004_311;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_310, "Mod");
    let players = players(100_000_000_000_004_310);
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let bring_in = table.mirror.to_act().unwrap();
    let ahead = (bring_in + 2) % 3;
    let player = players[ahead].clone();
    let (view, _) = my_cards(&fake, &table, &player).await;
    let bring_in_chips = studbot::table::Stakes::default().bring_in;
    choose(
        &fake,
        &player,
        view,
        &format!("p:{CHANNEL}:1:3:c{bring_in_chips}"),
    )
    .await;
    table.act(&fake, &[ActionKind::BringIn]).await;
    // The next player completes: the call of the bring-in no longer fits.
    table.act(&fake, &[ActionKind::Complete]).await;
    assert_eq!(table.mirror.to_act(), Some(ahead));
    let buttons = table.current_buttons(&fake).await;
    assert!(
        buttons.iter().any(|id| id.ends_with(":ca")),
        "the player is asked on the board: {buttons:?}"
    );
    // Their view no longer holds the choice.
    let (_, shown) = my_cards(&fake, &table, &player).await;
    assert!(
        !shown
            .readable_text()
            .contains(&format!("Call {bring_in_chips}**")),
        "{}",
        shown.readable_text()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plus_thirty_seconds_is_answered_on_the_board_in_place_and_writes_nothing_else() {
    const CHANNEL: u64 = 300_000_000_000_004_321;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_320, "Mod");
    let players = players(100_000_000_000_004_320);
    open_and_seat_with(
        &fake,
        CHANNEL,
        &moderator,
        &players,
        200,
        vec![int("time_bank", 60)],
    )
    .await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let add_time = format!("t:{CHANNEL}:1:{}", table.mirror.action_seq());
    let buttons = table.current_buttons(&fake).await;
    assert!(buttons.contains(&add_time), "{buttons:?}");
    let board = fake.message(table.board).unwrap();
    assert!(
        board["content"]
            .as_str()
            .unwrap_or_default()
            .contains("time bank 60 s"),
        "{}",
        board["content"]
    );
    // Someone else may not take it.
    let other = &players[(table.mirror.to_act().unwrap() + 1) % 3];
    let refused = fake.click(other, table.board, &add_time).await;
    assert_eq!(
        fake.answer_to(refused).await.visibility,
        Visibility::Ephemeral(other.id)
    );
    let mark = fake.mark();
    let to_act = table.to_act().unwrap().clone();
    let clicked = fake.click(&to_act, table.board, &add_time).await;
    let answer = fake.response_to(clicked).await;
    assert_eq!(answer.body["type"], 7, "{:?}", answer.body);
    let content = answer.content().to_owned();
    assert!(
        content.contains("(+30 s)") && content.contains("time bank 30 s"),
        "{content}"
    );
    assert_eq!(channel_writes(&fake, CHANNEL, mark), 0);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_bank_runs_on_after_the_timer_and_then_the_table_acts() {
    const CHANNEL: u64 = 300_000_000_000_004_331;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_330, "Mod");
    let players = players(100_000_000_000_004_330);
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    change_settings(
        &fake,
        CHANNEL,
        &moderator,
        vec![int("timer", 5), int("time_bank", 5)],
    )
    .await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let first = table.to_act().unwrap().clone();
    let board_at = fake.requests()[table.board_posted_at].at;
    // Nobody clicks: the 5 s timer, then the 5 s bank; only then the table acts.
    let timed_out = fake
        .wait_for(
            "the timeout told in the channel",
            table.board_posted_at + 1,
            |r| {
                r.is_channel_write()
                    && r.is_success()
                    && r.method == "POST"
                    && r.channel() == Some(CHANNEL)
                    && r.content().contains(&first.name)
                    && !r.content().starts_with("<@")
            },
        )
        .await;
    // The turn's clock started a moment before its board was posted: 10 s, give or take
    // the time the post took.
    let waited = timed_out.at.saturating_duration_since(board_at);
    assert!(
        waited >= Duration::from_secs(9),
        "the table acted after {waited:?}, before the timer and the bank ran out"
    );
    // Before the table acted (the board's edit and the news of the timeout), the bank's
    // start wrote nothing.
    let between: Vec<String> = fake
        .requests()
        .iter()
        .skip(table.board_posted_at + 1)
        .filter(|r| r.at.saturating_duration_since(board_at) < Duration::from_secs(9))
        .filter(|r| r.is_channel_write() && r.channel() == Some(CHANNEL))
        .map(|r| format!("{} {} {}", r.method, r.path, r.content()))
        .collect();
    assert!(
        between.is_empty(),
        "the time bank ran on without a channel write: {between:?}"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_away_player_is_told_by_dm_and_im_back_brings_them_back() {
    const CHANNEL: u64 = 300_000_000_000_004_341;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_340, "Mod");
    let players = players(100_000_000_000_004_340)[..2].to_vec();
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    change_settings(&fake, CHANNEL, &moderator, vec![int("timer", 5)]).await;
    let table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let away = table.to_act().unwrap().clone();
    // Nobody clicks: each timer of 5 s runs out, and after two in a row the table sits the
    // player out and tells them by DM, with "I'm back".
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    let dm = loop {
        let dm = fake.requests().into_iter().find(|r| {
            r.visibility == Visibility::Dm(away.id)
                && r.is_success()
                && r.body["components"].to_string().contains("\"b:")
        });
        if let Some(dm) = dm {
            break dm;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the away player was not told by DM within a minute"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(
        dm.readable_text().contains("I'm back"),
        "{}",
        dm.readable_text()
    );
    let message: u64 = dm.response.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let back = fake.click(&away, message, &format!("b:{CHANNEL}")).await;
    let answer = fake.response_to(back).await;
    assert_eq!(answer.body["type"], 7, "{:?}", answer.body);
    assert!(
        answer.content().contains("Welcome back"),
        "{}",
        answer.content()
    );
    let status = fake
        .ask(&away, CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    let line = status
        .content()
        .lines()
        .find(|line| line.contains(&away.name))
        .unwrap_or_default()
        .to_owned();
    assert!(!line.contains("sitting out"), "{}", status.content());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_opened_in_its_own_thread_plays_there_and_its_thread_is_archived_at_close() {
    const PARENT: u64 = 300_000_000_000_004_351;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_004_350, "Mod");
    let players = players(100_000_000_000_004_350);
    fake.add_channel(PARENT);
    let opened = fake
        .slash(
            &moderator,
            PARENT,
            "table",
            vec![sub(
                "open",
                vec![boolean("thread", true), int("between_hands", 0)],
            )],
        )
        .await;
    let answer = fake.answer_to(opened).await;
    assert_eq!(answer.visibility, Visibility::Channel(PARENT));
    let threads = fake.threads_started_in(PARENT);
    assert_eq!(threads.len(), 1, "one thread started");
    let thread = threads[0];
    assert!(
        answer.content().contains(&format!("<#{thread}>")),
        "the channel is pointed to the thread: {}",
        answer.content()
    );
    assert_eq!(
        fake.thread_name(thread).as_deref(),
        Some("Seven-Card Stud Hi/Lo · 5/10")
    );
    // The table's opening is in the thread; the channel keeps its conversation.
    fake.wait_for("the opening in the thread", 0, |r| {
        r.is_channel_write() && r.channel() == Some(thread) && r.content().contains("5/10")
    })
    .await;
    for player in &players {
        let joined = fake
            .slash(player, thread, "join", vec![int("buy_in", 200)])
            .await;
        assert_channel_answer(&fake, joined, thread).await;
    }
    let (board, _) = wait_for_new_board(&fake, thread, 0).await;
    assert!(fake.message(board).is_some());
    assert!(
        fake.requests()
            .iter()
            .all(|r| !(r.is_channel_write() && r.channel() == Some(PARENT))),
        "nothing of the table is written in the channel"
    );
    let closed = fake
        .slash(&moderator, thread, "table", vec![sub("close", vec![])])
        .await;
    assert_channel_answer(&fake, closed, thread).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !fake.thread_archived(thread) {
        assert!(
            std::time::Instant::now() < deadline,
            "the table's thread is archived once it closes"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_in_its_own_thread_is_refused_naming_create_public_threads_and_in_a_thread() {
    const PARENT: u64 = 300_000_000_000_004_361;
    const THREAD: u64 = 300_000_000_000_004_362;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    fake.add_channel(PARENT);
    fake.deny_bot(PARENT, CREATE_PUBLIC_THREADS);
    let moderator = FakeUser::moderator(100_000_000_000_004_360, "Mod");
    let open = |channel| {
        fake.slash(
            &moderator,
            channel,
            "table",
            vec![sub("open", vec![boolean("thread", true)])],
        )
    };
    let refused = fake.answer_to(open(PARENT).await).await;
    assert_eq!(refused.visibility, Visibility::Ephemeral(moderator.id));
    assert!(
        refused.content().contains("Create Public Threads"),
        "{}",
        refused.content()
    );
    fake.add_thread(THREAD, PARENT);
    fake.allow_bot(THREAD, CREATE_PUBLIC_THREADS);
    let in_thread = fake.answer_to(open(THREAD).await).await;
    assert_eq!(in_thread.visibility, Visibility::Ephemeral(moderator.id));
    assert!(
        in_thread.content().contains("thread already"),
        "{}",
        in_thread.content()
    );
    assert!(fake.threads_started_in(PARENT).is_empty());
    assert!(fake.threads_started_in(THREAD).is_empty());
    bot.stop().await;
}
