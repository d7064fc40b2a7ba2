//! What the sit & go Discord tests share: the moderator and the players, asking slash
//! commands, opening a sit & go and registering for it, reading the channel (the board whose
//! turn it is, the result), and playing its hands through the board's buttons until a
//! condition holds.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::support;
use support::bot::TestBot;
use support::fake_discord::*;

/// `structure`'s choices in the order `/tournament open` offers them.
pub const REGULAR: i64 = 0;
/// `structure`'s second choice: half the hands a level.
pub const TURBO: i64 = 1;
/// `structure`'s third choice: the levels given with `levels`.
pub const CUSTOM: i64 = 2;
/// `game`'s choices: stud8, stud, razz, mix.
pub const STUD8: i64 = 0;
pub const STUD: i64 = 1;

/// The first id of the people of these tests; the moderator's.
const PEOPLE: u64 = 100_000_000_000_002_300;

pub fn moderator() -> FakeUser {
    FakeUser::moderator(PEOPLE, "Mod")
}

/// Player `n` (from 1), named `name`.
pub fn player(n: u64, name: &str) -> FakeUser {
    FakeUser::player(PEOPLE + n, name)
}

/// Makes the moderator and `players` members of the fake's guild.
pub fn add_people<'a>(fake: &FakeDiscord, players: impl IntoIterator<Item = &'a FakeUser>) {
    fake.add_user(&moderator());
    for user in players {
        fake.add_user(user);
    }
}

/// `/tournament WHAT` (status, start, cancel) as `user`.
pub async fn tournament(fake: &FakeDiscord, user: &FakeUser, channel: u64, what: &str) -> Recorded {
    fake.ask(user, channel, "tournament", vec![sub(what, vec![])])
        .await
}

/// `/tournament open`'s options: `game` and `structure` among their choices.
pub fn open_options(game: i64, seats: i64, buy_in: i64, structure: i64) -> Vec<Value> {
    vec![
        int("game", game),
        int("seats", seats),
        int("buy_in", buy_in),
        int("structure", structure),
    ]
}

/// `/tournament open` with `options`, asked by the moderator.
pub async fn open_with(fake: &FakeDiscord, channel: u64, options: Vec<Value>) -> Recorded {
    let open = vec![sub("open", options)];
    fake.ask(&moderator(), channel, "tournament", open).await
}

/// The moderator opens a regular stud8 sit & go.
pub async fn open(fake: &FakeDiscord, channel: u64, seats: i64, buy_in: i64) -> Recorded {
    open_with(fake, channel, open_options(STUD8, seats, buy_in, REGULAR)).await
}

/// The message that opened `channel`'s sit & go and its Register button's custom id.
pub fn register_button(fake: &FakeDiscord, channel: u64) -> (u64, String) {
    fake.channel_messages(channel)
        .iter()
        .find_map(|message| {
            let button = support::table::custom_ids(message)
                .into_iter()
                .find(|id| id.starts_with("r:"))?;
            Some((message["id"].as_str()?.parse::<u64>().ok()?, button))
        })
        .expect("the sit & go's message has a Register button")
}

/// Each of `players` runs `/join`, in order; the last answer.
pub async fn register(fake: &FakeDiscord, channel: u64, players: &[FakeUser]) -> Option<Recorded> {
    let mut last = None;
    for user in players {
        last = Some(fake.ask(user, channel, "join", vec![]).await);
    }
    last
}

/// `/balance` tells `user` they hold `chips` (written with or without a thousands mark).
pub async fn assert_balance(fake: &FakeDiscord, channel: u64, user: &FakeUser, chips: u64) {
    let answer = fake.ask(user, channel, "balance", vec![]).await;
    let digits: String = answer
        .content()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    assert_eq!(digits, chips.to_string(), "{}", answer.content());
}

pub fn assert_private_to(answer: &Recorded, user: &FakeUser, says: &str) {
    assert_eq!(
        answer.visibility,
        Visibility::Ephemeral(user.id),
        "{}",
        answer.content()
    );
    assert!(answer.content().contains(says), "{}", answer.content());
}

pub fn assert_public(answer: &Recorded, channel: u64, says: &str) {
    assert_eq!(
        answer.visibility,
        Visibility::Channel(channel),
        "{}",
        answer.content()
    );
    assert!(answer.content().contains(says), "{}", answer.content());
}

/// A bot config for the fake dealing from `deck_seed`: no pause between hands, so a sit & go
/// plays out quickly.
pub fn quick_config(fake: &FakeDiscord, data_dir: &Path, deck_seed: u64) -> String {
    support::bot::config_text(fake, data_dir, deck_seed)
        .replace("[table]\n", "[table]\nbetween_hands_secs = 0\n")
}

/// [`quick_config`] with computer players who think for tens of milliseconds.
pub fn quick_computers_config(fake: &FakeDiscord, data_dir: &Path, deck_seed: u64) -> String {
    format!(
        "{}[computers]\nthink_min_ms = 10\nthink_max_ms = 30\nthink_forced_ms = 5\n",
        quick_config(fake, data_dir, deck_seed)
    )
}

/// A fake Discord and the bot connected to it, run in the test process with `config`, on a
/// fresh data directory (keep it as long as the bot runs).
pub async fn start_bot_with(
    config: fn(&FakeDiscord, &Path, u64) -> String,
    deck_seed: u64,
) -> (FakeDiscord, tempfile::TempDir, TestBot) {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().expect("a temporary data directory");
    let bot = TestBot::start(&fake, &config(&fake, data.path(), deck_seed)).await;
    (fake, data, bot)
}

/// The end of a sit & go test through the fake Discord: nothing was sent that Discord would
/// refuse, the bot stops, and `studbot audit` passes on its data.
pub async fn stop_and_audit(fake: &FakeDiscord, bot: TestBot, data: &Path) {
    assert!(fake.take_violations().is_empty());
    bot.stop().await;
    let (code, report) = support::audit::audit(data);
    assert_eq!(code, Some(0), "{report}");
}

/// Writes `config` for the `studbot` binary as `dir/config.toml`, its data in `dir/data`;
/// the config file's path.
pub fn child_config(
    fake: &FakeDiscord,
    dir: &Path,
    config: fn(&FakeDiscord, &Path, u64) -> String,
    deck_seed: u64,
) -> PathBuf {
    let file = dir.join("config.toml");
    std::fs::write(&file, config(fake, &dir.join("data"), deck_seed)).expect("write the config");
    file
}

/// The text of every message in `channel`, oldest first.
pub fn channel_texts(fake: &FakeDiscord, channel: u64) -> Vec<String> {
    fake.channel_messages(channel)
        .iter()
        .map(|message| message["content"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Whether a channel message says `text`.
pub fn channel_says(fake: &FakeDiscord, channel: u64, text: &str) -> bool {
    fake.channel_messages(channel).iter().any(|message| {
        message["content"]
            .as_str()
            .unwrap_or_default()
            .contains(text)
    })
}

/// What the result of a sit & go says first.
pub const RESULT: &str = "The sit & go is over after";

/// The sit & go's result in `channel`, once posted.
pub fn result_text(fake: &FakeDiscord, channel: u64) -> Option<String> {
    channel_texts(fake, channel)
        .into_iter()
        .find(|text| text.contains(RESULT))
}

/// Whether the sit & go's result is posted in `channel`.
pub fn over(channel: u64) -> impl Fn(&FakeDiscord) -> bool {
    move |fake| channel_says(fake, channel, RESULT)
}

/// A board with action buttons: whose turn it shows.
pub struct Turn {
    /// The board's message id.
    pub board: u64,
    /// The prefix of its buttons, `a:channel:hand:seq:`.
    pub prefix: String,
    /// Its buttons' action codes.
    pub codes: Vec<String>,
    /// The player it mentions, whose turn it is.
    pub user: u64,
}

/// The channel's newest board with action buttons.
pub fn current_turn(fake: &FakeDiscord, channel: u64) -> Option<Turn> {
    current_turn_after(fake, channel, 0)
}

/// The channel's newest board with action buttons among the messages with an id above
/// `floor` (a board left by a bot that was killed is not the one a restarted bot plays on).
pub fn current_turn_after(fake: &FakeDiscord, channel: u64, floor: u64) -> Option<Turn> {
    let board = fake
        .channel_messages(channel)
        .into_iter()
        .rev()
        .find(|message| {
            support::table::custom_ids(message)
                .iter()
                .any(|id| id.starts_with("a:"))
        })?;
    let id = board["id"].as_str()?.parse().ok()?;
    if id <= floor {
        return None;
    }
    let content = board["content"].as_str().unwrap_or_default();
    let user = content
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
    Some(Turn {
        board: id,
        prefix,
        codes,
        user,
    })
}

/// Whether the channel's newest board is hand `hand`'s (numbered as the board shows it).
pub fn in_hand(channel: u64, hand: u64) -> impl Fn(&FakeDiscord) -> bool {
    let prefix = format!("a:{channel}:{hand}:");
    move |fake| current_turn(fake, channel).is_some_and(|turn| turn.prefix.starts_with(&prefix))
}

/// Whether a board with action buttons is up in `channel`.
pub fn dealt(channel: u64) -> impl Fn(&FakeDiscord) -> bool {
    move |fake| current_turn(fake, channel).is_some()
}

/// The way to stay in that a player clicks: raise, bet or complete when offered, else call,
/// check or the bring-in.
const PREFERENCE: [&str; 6] = ["ra", "be", "co", "ca", "ch", "bi"];

/// The player `turn` mentions clicks the first of [`PREFERENCE`] it offers, and the click is
/// answered. Fails if the board mentions someone not among `players`.
pub async fn click_turn(fake: &FakeDiscord, turn: &Turn, players: &[FakeUser]) {
    let player = players
        .iter()
        .find(|player| player.id == turn.user)
        .unwrap_or_else(|| panic!("the board mentions {}, who does not play", turn.user));
    let code = PREFERENCE
        .iter()
        .find(|code| turn.codes.iter().any(|offered| offered == *code))
        .expect("a board offers a way to stay in");
    let click = fake
        .click(player, turn.board, &format!("{}{code}", turn.prefix))
        .await;
    let response = fake.response_to(click).await;
    assert!(response.is_success(), "{:?}", response.body);
}

/// Plays the channel's sit & go through its board's buttons until `done` holds: the player
/// the board mentions clicks (see [`click_turn`]). Returns who clicked, in order. Fails after
/// two minutes of real time.
pub async fn click_until(
    fake: &FakeDiscord,
    channel: u64,
    players: &[FakeUser],
    done: impl Fn(&FakeDiscord) -> bool,
) -> Vec<u64> {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut clicked: Vec<u64> = Vec::new();
    let mut last_prefix = String::new();
    while !done(fake) {
        assert!(
            Instant::now() < deadline,
            "the sit & go did not get there within two minutes; clicks: {}",
            clicked.len()
        );
        let Some(turn) = current_turn(fake, channel).filter(|turn| turn.prefix != last_prefix)
        else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        click_turn(fake, &turn, players).await;
        clicked.push(turn.user);
        last_prefix = turn.prefix;
    }
    clicked
}
