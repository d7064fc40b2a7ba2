//! A moderator's `/table pause` of a sit & go through Discord holds across a restart of the
//! bot: the sit & go comes back paused (it deals nothing, and `/table resume` is taken, not
//! refused as for a table playing), and once resumed it plays on to a winner, paid once.

use crate::support;

use serde_json::Value;
use support::fake_discord::*;

const SEED: u64 = 2_330;
const CHANNEL: u64 = 300_000_000_000_002_330;

fn moderator() -> FakeUser {
    FakeUser::moderator(100_000_000_000_002_330, "Mod")
}

fn player(n: u64, name: &str) -> FakeUser {
    FakeUser::player(100_000_000_000_002_330 + n, name)
}

async fn ask(fake: &FakeDiscord, user: &FakeUser, name: &str, options: Vec<Value>) -> Recorded {
    let id = fake.slash(user, CHANNEL, name, options).await;
    fake.answer_to(id).await
}

async fn table(fake: &FakeDiscord, what: &str) -> Recorded {
    ask(fake, &moderator(), "table", vec![sub(what, vec![])]).await
}

/// No pause between hands, so the sit & go plays out quickly.
fn quick_config(fake: &FakeDiscord, data_dir: &std::path::Path) -> String {
    format!(
        "{}\n[table]\nbetween_hands_secs = 0\n",
        support::bot::config_text(fake, data_dir, SEED)
    )
}

/// The channel's newest board with action buttons: its id, its buttons' prefix
/// (`a:channel:hand:seq:`), their codes, and the player it mentions.
fn current_turn(fake: &FakeDiscord) -> Option<(u64, String, Vec<String>, u64)> {
    let board = fake
        .channel_messages(CHANNEL)
        .into_iter()
        .rev()
        .find(|message| {
            support::table::custom_ids(message)
                .iter()
                .any(|id| id.starts_with("a:"))
        })?;
    let id = board["id"].as_str()?.parse().ok()?;
    let content = board["content"].as_str().unwrap_or_default();
    let mentioned = content
        .strip_prefix("<@")?
        .split('>')
        .next()?
        .parse()
        .ok()?;
    let actions: Vec<String> = support::table::custom_ids(&board)
        .into_iter()
        .filter(|id| id.starts_with("a:"))
        .collect();
    let prefix = actions.first()?.rsplit_once(':')?.0.to_owned() + ":";
    let codes = actions
        .iter()
        .filter_map(|id| id.rsplit_once(':').map(|(_, code)| code.to_owned()))
        .collect();
    Some((id, prefix, codes, mentioned))
}

fn result_text(fake: &FakeDiscord) -> Option<String> {
    fake.channel_messages(CHANNEL)
        .iter()
        .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
        .find(|text| text.contains("The sit & go is over after"))
}

/// Plays through the board's buttons until the sit & go is over, the mentioned player
/// raising when offered, else staying in; fails after two minutes of real time.
async fn click_to_the_end(fake: &FakeDiscord, players: &[FakeUser]) -> String {
    const PREFERENCE: [&str; 6] = ["ra", "be", "co", "ca", "ch", "bi"];
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let mut last_prefix = String::new();
    loop {
        if let Some(result) = result_text(fake) {
            return result;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the sit & go did not end within two minutes"
        );
        let turn = current_turn(fake).filter(|(_, prefix, ..)| *prefix != last_prefix);
        let Some((board, prefix, codes, user)) = turn else {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            continue;
        };
        let player = players
            .iter()
            .find(|player| player.id == user)
            .unwrap_or_else(|| panic!("the board mentions {user}, who does not play"));
        let code = PREFERENCE
            .iter()
            .find(|code| codes.iter().any(|offered| offered == *code))
            .expect("a board offers a way to stay in");
        let click = fake.click(player, board, &format!("{prefix}{code}")).await;
        let response = fake.response_to(click).await;
        assert!(response.is_success(), "{:?}", response.body);
        last_prefix = prefix;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_sit_and_go_stays_paused_across_a_restart_of_the_bot_until_resumed() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let config = quick_config(&fake, data.path());
    let players = [player(1, "Ada"), player(2, "Ben")];
    fake.add_user(&moderator());
    for user in &players {
        fake.add_user(user);
    }
    let bot = support::bot::TestBot::start(&fake, &config).await;
    let options = vec![
        int("game", 1),
        int("seats", 2),
        int("buy_in", 100),
        int("structure", 1),
    ];
    ask(
        &fake,
        &moderator(),
        "tournament",
        vec![sub("open", options)],
    )
    .await;
    for user in &players {
        ask(&fake, user, "join", vec![]).await;
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while current_turn(&fake).is_none() {
        assert!(std::time::Instant::now() < deadline, "no first board");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let paused = table(&fake, "pause").await;
    assert_eq!(paused.visibility, Visibility::Channel(CHANNEL));
    assert!(
        paused.content().contains("The table is paused"),
        "{}",
        paused.content()
    );
    bot.stop().await;

    let mark = fake.mark();
    let bot = support::bot::TestBot::start(&fake, &config).await;
    fake.wait_for("the channel told the sit & go resumes", mark, |r| {
        r.is_channel_write()
            && r.is_success()
            && r.channel() == Some(CHANNEL)
            && r.content().contains("deals on from hand 1")
    })
    .await;
    let status = table(&fake, "status").await;
    assert!(status.content().contains("Paused."), "{}", status.content());
    let turns_after_restart = fake
        .requests()
        .iter()
        .filter(|r| r.index >= mark && r.is_channel_write() && r.channel() == Some(CHANNEL))
        .filter(|r| {
            support::table::custom_ids(&r.body)
                .iter()
                .any(|id| id.starts_with("a:"))
        })
        .count();
    assert_eq!(turns_after_restart, 0, "a paused sit & go offered a turn");
    let resumed = table(&fake, "resume").await;
    assert!(
        resumed.content().contains("The table is playing again."),
        "the restart had resumed it: {}",
        resumed.content()
    );

    let result = click_to_the_end(&fake, &players).await;
    assert!(result.contains("wins 200"), "{result}");
    bot.stop().await;
    let (code, report) = support::audit::audit(data.path());
    assert_eq!(code, Some(0), "{report}");
}
