//! Moderator commands through Discord: a player who is not a moderator is refused every one of
//! them, privately, and nothing changes; a moderator closes a table in the middle of a hand
//! (every stack from the hand's start goes back to its owner) and kicks a player, between hands
//! at once, during a hand once the player has played it out.

use crate::support;

use serde_json::Value;
use studbot::table::ActionKind;
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const SEED: u64 = 606;

fn moderator() -> FakeUser {
    FakeUser::moderator(100_000_000_000_000_700, "Mod")
}

fn players() -> Vec<FakeUser> {
    vec![
        FakeUser::player(100_000_000_000_000_701, "Ada"),
        FakeUser::player(100_000_000_000_000_702, "Ben"),
        FakeUser::player(100_000_000_000_000_703, "Cat"),
    ]
}

/// What `/balance` says a user has, by the moderator's `/balance user`.
async fn balance_text(fake: &FakeDiscord, channel: u64, user: &FakeUser) -> String {
    let answer = fake
        .ask(
            &moderator(),
            channel,
            "balance",
            vec![user_opt("user", user)],
        )
        .await;
    answer.content().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_non_moderator_is_refused_every_moderator_command_privately_and_nothing_changes() {
    const CHANNEL: u64 = 300_000_000_000_000_701;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let players = players();
    open_and_seat(&fake, CHANNEL, &moderator(), &players, 200).await;
    let intruder = FakeUser::player(100_000_000_000_000_709, "Eve");
    fake.add_user(&intruder);
    let victim = &players[0];

    let status_before = fake
        .ask(&moderator(), CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    let balances_before = [
        balance_text(&fake, CHANNEL, victim).await,
        balance_text(&fake, CHANNEL, &intruder).await,
    ];
    let attempts: Vec<(&str, Vec<Value>)> = vec![
        ("table", vec![sub("open", vec![int("seats", 2)])]),
        ("table", vec![sub("close", vec![])]),
        ("table", vec![sub("pause", vec![])]),
        ("table", vec![sub("resume", vec![])]),
        ("table", vec![sub("kick", vec![user_opt("user", victim)])]),
        (
            "table",
            vec![sub(
                "settings",
                vec![int("timer", 5), int("between_hands", 0)],
            )],
        ),
        (
            "chips",
            vec![sub(
                "grant",
                vec![user_opt("user", &intruder), int("amount", 500)],
            )],
        ),
        (
            "chips",
            vec![sub(
                "take",
                vec![user_opt("user", victim), int("amount", 500)],
            )],
        ),
    ];
    let mark = fake.mark();
    for (name, options) in attempts {
        let what = format!("/{name} {}", options[0]["name"].as_str().unwrap());
        let answer = fake.ask(&intruder, CHANNEL, name, options).await;
        assert_eq!(
            answer.visibility,
            Visibility::Ephemeral(intruder.id),
            "{what}: {:?}",
            answer.body
        );
        assert!(
            answer.content().contains("moderator"),
            "{what}: {}",
            answer.content()
        );
    }
    // Nothing reached the channel, and nothing changed: the table (still paused, same
    // settings, same players and stacks) and both balances.
    let requests = fake.requests();
    let public: Vec<&Recorded> = requests
        .iter()
        .filter(|r| r.index >= mark && r.visibility == Visibility::Channel(CHANNEL))
        .collect();
    assert!(public.is_empty(), "the channel saw: {public:?}");
    let status_after = fake
        .ask(&moderator(), CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    assert_eq!(status_after.content(), status_before.content());
    assert!(
        status_after.content().contains(&victim.name),
        "{}",
        status_after.content()
    );
    let balances_after = [
        balance_text(&fake, CHANNEL, victim).await,
        balance_text(&fake, CHANNEL, &intruder).await,
    ];
    assert_eq!(balances_after, balances_before);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_close_in_the_middle_of_a_hand_gives_every_stack_back_and_ends_the_board() {
    const CHANNEL: u64 = 300_000_000_000_000_702;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let players = players();
    let mut table = open_and_play(&fake, CHANNEL, &moderator(), &players, 200, SEED).await;
    // Chips go into the pot: the bring-in and a completion.
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;
    let click = table
        .act(&fake, &[ActionKind::Complete, ActionKind::Call])
        .await;
    fake.response_to(click).await;

    let closed = fake
        .slash(&moderator(), CHANNEL, "table", vec![sub("close", vec![])])
        .await;
    assert_channel_answer(&fake, closed, CHANNEL).await;

    // Every player has their 1,000 again: the hand's chips went back, the table is gone.
    for player in &players {
        let text = balance_text(&fake, CHANNEL, player).await;
        assert!(text.contains("1,000"), "{}: {text}", player.name);
    }
    let status = fake
        .ask(&players[0], CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    assert_eq!(status.visibility, Visibility::Ephemeral(players[0].id));
    assert!(
        status.content().contains("no table"),
        "{}",
        status.content()
    );
    // The old board's buttons no longer act.
    let to_act = table.to_act().unwrap().clone();
    let button = format!("{}{}", table.current_prefix(), "ca");
    let click = fake.click(&to_act, table.board, &button).await;
    let answer = fake.answer_to(click).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(to_act.id));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn table_kick_through_discord_unseats_the_player_and_gives_their_stack_back() {
    const CHANNEL: u64 = 300_000_000_000_000_703;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let players = players();
    open_and_seat(&fake, CHANNEL, &moderator(), &players, 300).await;
    let kicked = &players[1];

    let answer = fake
        .ask(
            &moderator(),
            CHANNEL,
            "table",
            vec![sub("kick", vec![user_opt("user", kicked)])],
        )
        .await;
    assert_eq!(
        answer.visibility,
        Visibility::Channel(CHANNEL),
        "{:?}",
        answer.body
    );
    assert!(
        answer.content().contains(&kicked.name),
        "{}",
        answer.content()
    );

    let text = balance_text(&fake, CHANNEL, kicked).await;
    assert!(text.contains("1,000"), "{text}");
    let status = fake
        .ask(&moderator(), CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    assert!(
        !status.content().contains(&kicked.name),
        "{}",
        status.content()
    );
    for stays in [&players[0], &players[2]] {
        assert!(
            status.content().contains(&stays.name),
            "{}",
            status.content()
        );
    }
    // The kicked player is no longer seated: /leave tells them so, privately.
    let answer = fake.ask(kicked, CHANNEL, "leave", vec![]).await;
    assert_eq!(answer.visibility, Visibility::Ephemeral(kicked.id));
    assert!(
        answer.content().contains("not seated"),
        "{}",
        answer.content()
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_kicked_during_a_hand_plays_it_out_with_their_own_buttons_and_leaves_when_it_ends()
{
    const CHANNEL: u64 = 300_000_000_000_000_704;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let players = players();
    let mut table = open_and_play(&fake, CHANNEL, &moderator(), &players, 200, SEED).await;
    let click = table.act(&fake, &[ActionKind::BringIn]).await;
    fake.response_to(click).await;
    let click = table
        .act(&fake, &[ActionKind::Complete, ActionKind::Call])
        .await;
    fake.response_to(click).await;
    // The player facing the completion is kicked: the kick must not fold them.
    let kicked = table
        .to_act()
        .expect("someone faces the completion")
        .clone();
    let answer = fake
        .ask(
            &moderator(),
            CHANNEL,
            "table",
            vec![sub("kick", vec![user_opt("user", &kicked)])],
        )
        .await;
    assert_eq!(answer.visibility, Visibility::Channel(CHANNEL));
    assert!(
        answer.content().contains(&kicked.name) && answer.content().contains("when this hand ends"),
        "{}",
        answer.content()
    );
    // Every player, the kicked one too, acts with their own buttons to the showdown.
    let mark = fake.mark();
    table.play_to_showdown(&fake).await;
    let seat = table
        .players
        .iter()
        .position(|player| player.id == kicked.id)
        .expect("the kicked player sat at the table");
    let result = table.mirror.result().expect("the hand is over");
    fake.wait_for("the kicked player's removal told", mark, |request| {
        request.visibility == Visibility::Channel(CHANNEL)
            && request.content().contains(&kicked.name)
            && request.content().contains("was removed from the table")
    })
    .await;
    let status = fake
        .ask(&moderator(), CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    assert!(
        !status.content().contains(&kicked.name),
        "{}",
        status.content()
    );
    let expected = 1_000 - 200 + result.final_stacks[seat];
    let text = balance_text(&fake, CHANNEL, &kicked).await;
    assert!(
        text.contains(&format_thousands(expected)) || text.contains(&expected.to_string()),
        "expected {expected}: {text}"
    );
    bot.stop().await;
}
