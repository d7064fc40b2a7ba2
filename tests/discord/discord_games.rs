//! A razz table on Discord, end to end: a moderator opens it with `/table open game:razz`,
//! the board's header says so, `/rules` in the channel explains razz and says the table deals
//! it, and a hand played with buttons to showdown ends with results naming the winning low as
//! players say it.

use crate::support;

use studbot::render::{self, Locale};
use studbot::table::{AceFiveLow, Game};
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_031;
const SEED: u64 = 20_261_201;
/// `game`'s choices in the order `/table open` offers them: stud8, stud, razz, mix.
const RAZZ: i64 = 2;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_razz_table_opened_on_discord_deals_razz_and_names_the_winning_low() {
    let (fake, _data, _bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_300, "Mod");
    let players = vec![
        FakeUser::player(100_000_000_000_000_301, "Ana"),
        FakeUser::player(100_000_000_000_000_302, "Bo"),
    ];
    open_and_seat_with(
        &fake,
        CHANNEL,
        &moderator,
        &players,
        200,
        vec![int("game", RAZZ)],
    )
    .await;
    let mut table =
        start_first_game_hand(&fake, CHANNEL, &moderator, &players, 200, SEED, Game::Razz).await;
    let board = fake.message(table.board).unwrap();
    let header = board["content"]
        .as_str()
        .unwrap()
        .lines()
        .find(|line| line.starts_with("**Hand #"))
        .map(str::to_owned);
    assert_eq!(header.as_deref(), Some("**Hand #1** · Third street · Razz"));

    let asked = fake.slash(&players[0], CHANNEL, "rules", vec![]).await;
    let rules = fake.answer_to(asked).await;
    assert_eq!(
        rules.content(),
        render::rules_summary(
            Locale::En,
            &studbot::table::Rules::default(),
            Some((studbot::table::GameChoice::Razz, 6))
        )
    );
    assert!(
        rules
            .content()
            .starts_with("This table deals **Seven-Card Razz**."),
        "{}",
        rules.content()
    );

    // Each click is the mirror's player to act (a razz hand: the highest door card brings
    // in, the best low board acts first): a bot dealing another game would refuse them.
    let clicks = table.play_to_showdown(&fake).await;
    let last = fake.response_to(*clicks.last().unwrap()).await;
    assert_eq!(last.body["type"], 7, "{:?}", last.body);
    let result = table.mirror.result().expect("the mirror hand is over");
    assert!(!result.awards.is_empty());
    // The winner's razz low, as the results say it.
    let winner = result.awards[0].low[0].0;
    let mirror_cards = table.mirror.private_view(winner).unwrap();
    let held: Vec<_> = mirror_cards
        .down_cards
        .iter()
        .chain(&mirror_cards.up_cards)
        .copied()
        .collect();
    let low = render::hand_names::razz_low_named_before_cards(Locale::En, AceFiveLow::of(&held));
    let said: String = fake
        .channel_messages(CHANNEL)
        .iter()
        .filter_map(|message| message["content"].as_str().map(str::to_owned))
        .collect::<Vec<_>>()
        .join("\n");
    let wins = format!("{} wins", players[winner].name);
    assert!(
        said.lines()
            .any(|line| line.starts_with(&wins) && line.contains(&low)),
        "no “{wins} … {low}” in the channel:\n{said}"
    );
    assert!(!said.contains("qualifying low"), "{said}");
}
