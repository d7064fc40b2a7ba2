//! Clicks that must not count, and players whose DMs are closed, end to end against the fake.

use crate::support;

use studbot::table::ActionKind;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 77;

fn players() -> Vec<FakeUser> {
    vec![
        FakeUser::player(100_000_000_000_000_201, "Dee"),
        FakeUser::player(100_000_000_000_000_202, "Eli"),
        FakeUser::player(100_000_000_000_000_203, "Fay"),
    ]
}

async fn assert_refused(fake: &FakeDiscord, click: u64, user: &FakeUser, why: &str) -> String {
    let answer = fake.response_to(click).await;
    assert_eq!(answer.body["type"], 4, "{why}: {:?}", answer.body);
    assert_eq!(answer.visibility, Visibility::Ephemeral(user.id), "{why}");
    assert!(
        fake.response_delay(click).await < std::time::Duration::from_secs(3),
        "{why}: answered too late"
    );
    answer.content().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clicks_out_of_turn_on_an_old_board_or_by_a_spectator_are_refused_ephemerally() {
    const CHANNEL: u64 = 300_000_000_000_000_021;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_200, "Mod");
    let players = players();
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    let first_buttons = table.current_buttons(&fake).await;
    let to_act = table.to_act().unwrap().clone();
    let someone_else = players.iter().find(|p| p.id != to_act.id).unwrap().clone();
    let first_button = first_buttons
        .iter()
        .find(|id| id.starts_with("a:"))
        .unwrap()
        .clone();

    // Out of turn: a seated player who is not to act.
    let click = fake.click(&someone_else, table.board, &first_button).await;
    let text = assert_refused(&fake, click, &someone_else, "out of turn").await;
    assert!(
        text.contains(&to_act.name),
        "names whose turn it is: {text}"
    );

    // A spectator.
    let spectator = FakeUser::player(100_000_000_000_000_299, "Spec");
    let click = fake.click(&spectator, table.board, &first_button).await;
    assert_refused(&fake, click, &spectator, "spectator").await;

    // Nothing changed: the player to act still acts, once.
    let mark = fake.mark();
    let acted = table
        .act(
            &fake,
            &[ActionKind::BringIn, ActionKind::Call, ActionKind::Check],
        )
        .await;
    assert_eq!(fake.response_to(acted).await.body["type"], 7);

    // The same button again (an old board, or a double click): stale.
    let click = fake.click(&to_act, table.board, &first_button).await;
    assert_refused(&fake, click, &to_act, "old board").await;

    // A button this bot never made.
    let click = fake.click(&to_act, table.board, "x:garbage").await;
    assert_refused(&fake, click, &to_act, "unknown button").await;

    // The refusals wrote nothing to the channel (the accepted action's turn mention aside).
    let writes = fake
        .requests()
        .into_iter()
        .filter(|r| r.index >= mark && r.is_channel_write() && r.channel() == Some(CHANNEL))
        .filter(|r| !r.content().contains("your turn"))
        .count();
    assert_eq!(writes, 0);

    table.play_to_showdown(&fake).await;
    // The next hand starts at once; the finished board still gets its result.
    fake.wait_message(table.board, "the result on the finished board", |message| {
        custom_ids(message).iter().all(|id| !id.starts_with("a:"))
            && message["content"]
                .as_str()
                .unwrap_or("")
                .contains("Showdown")
    })
    .await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_with_closed_dms_still_plays_and_sees_their_cards_with_the_cards_command() {
    const CHANNEL: u64 = 300_000_000_000_000_022;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_200, "Mod");
    let players = players();
    let closed = players[1].clone();
    fake.close_dms(closed.id);
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;

    // The bot tried, got 50007, marked the board and told the player once how to open DMs.
    fake.wait_for("a DM refused with 50007", 0, |r| r.status == 403)
        .await;
    let mention = format!("<@{}>", closed.id);
    let told = fake
        .wait_for("the closed-DM explanation", 0, |r| {
            // A write refused by the channel's bucket is retried: the one that got through.
            r.is_channel_write()
                && r.is_success()
                && r.method == "POST"
                && r.content().starts_with(&mention)
                && r.content().contains("DM")
        })
        .await;
    assert_eq!(told.visibility, Visibility::Channel(CHANNEL));
    fake.wait_message(table.board, "the board marks closed DMs", |m| {
        m["content"].as_str().unwrap_or("").contains("📵")
    })
    .await;

    // /cards shows the hand, to that player only.
    let asked = fake.slash(&closed, CHANNEL, "cards", vec![]).await;
    let answer = fake.answer_to(asked).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(closed.id));
    for card in table.down_cards(1) {
        assert!(
            answer.content().contains(&card_text(card)),
            "{}",
            answer.content()
        );
    }
    // So does the "My cards" button.
    let my_cards = format!("c:{CHANNEL}");
    let click = fake.click(&closed, table.board, &my_cards).await;
    let answer = fake.response_to(click).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(closed.id));
    for card in table.down_cards(1) {
        assert!(answer.content().contains(&card_text(card)));
    }

    // The hand goes on to the end with that player in it.
    table.play_to_showdown(&fake).await;
    assert!(table.mirror.result().is_some());

    // Told once only, although seventh street's DM failed too.
    let explanations = fake
        .requests()
        .into_iter()
        .filter(|r| r.is_channel_write() && r.method == "POST")
        .filter(|r| r.content().starts_with(&mention) && r.content().contains("DM"))
        .count();
    assert_eq!(explanations, 1);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_opens_their_dms_gets_the_next_hands_cards_by_dm_and_loses_the_mark() {
    const CHANNEL: u64 = 300_000_000_000_000_023;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_200, "Mod");
    let players = players();
    let reopened = players[2].clone();
    fake.close_dms(reopened.id);
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    fake.wait_for("a DM refused with 50007", 0, |r| r.status == 403)
        .await;
    fake.wait_message(table.board, "the board marks closed DMs", |m| {
        m["content"].as_str().unwrap_or("").contains("📵")
    })
    .await;

    // The player opens their DMs mid-hand: the rest of this hand is not retried street by street.
    fake.open_dms(reopened.id);
    let before_hand_two = fake.mark();
    table.play_to_showdown(&fake).await;
    let (board, _) = wait_for_new_board(&fake, CHANNEL, before_hand_two).await;

    // Hand 2: the DM is tried again, goes through and holds the player's down cards. It is the
    // first DM that reached the player: hand 1's later streets did not retry.
    let dm = fake
        .wait_for("hand 2's cards by DM", 0, |r| {
            r.visibility == Visibility::Dm(reopened.id) && r.is_success()
        })
        .await;
    let asked = fake.slash(&reopened, CHANNEL, "cards", vec![]).await;
    let answer = fake.answer_to(asked).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(reopened.id));
    assert!(
        answer
            .content()
            .lines()
            .any(|line| line.starts_with("Down:")),
        "no down cards in {}",
        answer.content()
    );
    // The answer goes on with what the player may choose before their turn.
    assert!(
        answer.content().starts_with(dm.content()),
        "the first DM that went through is the player's hand 2 cards: {} / {}",
        dm.content(),
        answer.content()
    );
    let refused = fake.requests().iter().filter(|r| r.status == 403).count();
    assert_eq!(refused, 1, "one refused DM in hand 1, no retry per street");

    // The board no longer marks the player.
    fake.wait_message(board, "the board no longer marks closed DMs", |m| {
        let content = m["content"].as_str().unwrap_or("");
        !content.contains("📵") && content.contains(&reopened.name)
    })
    .await;
    bot.stop().await;
}
