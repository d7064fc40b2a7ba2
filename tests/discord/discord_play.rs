//! A whole hand on Discord, end to end: the real bot (serenity, poise, lobby, bank) against the
//! fake Discord. A moderator opens a table, three players `/join`, the hand is played with
//! button clicks to showdown, and `/balance` matches the result. Along the way: every DM holds
//! exactly its player's down cards, nothing the channel sees holds a down card before the
//! showdown, and channel writes stay within Discord's limit.

use crate::support;

use std::time::Duration;

use studbot::table::{ActionKind, Card};
use support::bot::start_fake_and_bot;
use support::fake_discord::*;
use support::table::*;

const CHANNEL: u64 = 300_000_000_000_000_011;
const SEED: u64 = 20_240_601;

fn players() -> Vec<FakeUser> {
    vec![
        FakeUser::player(100_000_000_000_000_101, "Ana"),
        FakeUser::player(100_000_000_000_000_102, "Bo").with_locale("es-ES"),
        FakeUser::player(100_000_000_000_000_103, "Cy").with_locale("id"),
    ]
}

fn contains_card(text: &str, card: Card) -> bool {
    text.contains(&card_text(card))
}

/// `text` holds every card of `seat` (down and up) and no card of anyone else.
fn assert_only_own_cards(table: &PlayedTable, seat: usize, text: &str, what: &str) {
    let own = table.mirror.private_view(seat).unwrap();
    for card in own.down_cards.iter().chain(&own.up_cards) {
        assert!(contains_card(text, *card), "{what} lacks {card}: {text}");
    }
    for other in (0..table.players.len()).filter(|other| *other != seat) {
        let theirs = table.mirror.private_view(other).unwrap();
        for card in theirs.down_cards.iter().chain(&theirs.up_cards) {
            assert!(
                !contains_card(text, *card),
                "{what} for seat {seat} shows seat {other}'s {card}: {text}"
            );
        }
    }
}

/// The most requests matching `counted` within any `window`.
fn most_in_window(requests: &[&Recorded], window: Duration) -> usize {
    requests
        .iter()
        .map(|start| {
            requests
                .iter()
                .filter(|r| r.at >= start.at && r.at.duration_since(start.at) < window)
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_played_with_buttons_to_showdown_pays_the_winners_and_leaks_no_down_card() {
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_100, "Mod");
    let players = players();
    // With a time bank, as a table's default deals: the board carries "+30 s" and the bank.
    open_and_seat_with(
        &fake,
        CHANNEL,
        &moderator,
        &players,
        200,
        vec![int("time_bank", 60)],
    )
    .await;
    let mut table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    assert!(
        table
            .current_buttons(&fake)
            .await
            .iter()
            .any(|id| id.starts_with("t:")),
        "the board offers +30 s"
    );

    // No new hand right after this one, so the players can cash out.
    no_next_hand_soon(&fake, CHANNEL, &moderator).await;

    // /cards and "My cards" mid-hand: the asker's own cards, all of them, nobody else's.
    for (seat, player) in players.iter().enumerate() {
        let asked = fake.slash(player, CHANNEL, "cards", vec![]).await;
        let by_command = fake.answer_to(asked).await;
        let click = fake
            .click(player, table.board, &format!("c:{CHANNEL}"))
            .await;
        let by_button = fake.answer_to(click).await;
        for (what, answer) in [("/cards", &by_command), ("My cards", &by_button)] {
            assert_eq!(
                answer.visibility,
                Visibility::Ephemeral(player.id),
                "{what}"
            );
            assert_only_own_cards(&table, seat, &answer.readable_text(), what);
        }
    }
    // /table status mid-hand names the hand and every player with their stack.
    let asked = fake
        .slash(&players[0], CHANNEL, "table", vec![sub("status", vec![])])
        .await;
    let status = fake.answer_to(asked).await;
    assert_eq!(status.visibility, Visibility::Ephemeral(players[0].id));
    assert!(status.content().contains("#1"), "{}", status.content());
    for player in &players {
        assert!(
            status.content().contains(&player.name),
            "{}",
            status.content()
        );
    }

    // The bring-in, a fold (those down cards are never shown), then check/call to showdown.
    let start = table.board_posted_at;
    let mut clicks = vec![table.act(&fake, &[ActionKind::BringIn]).await];
    fake.response_to(clicks[0]).await;
    let folder = table.mirror.to_act().unwrap();
    clicks.push(table.act(&fake, &[ActionKind::Fold]).await);
    fake.response_to(clicks[1]).await;
    clicks.extend(table.play_to_showdown(&fake).await);
    let last_response = fake.response_to(*clicks.last().unwrap()).await;
    assert_eq!(last_response.body["type"], 7, "{:?}", last_response.body);
    let final_board = fake.message(table.board).unwrap();
    let final_text = final_board["content"].as_str().unwrap().to_owned();
    assert!(
        custom_ids(&final_board).is_empty(),
        "the finished board has no buttons"
    );

    // Every click was answered by updating the board (type 7); none with an error status.
    for click in &clicks {
        let response = fake.response_to(*click).await;
        assert_eq!(response.status, 204);
        assert_eq!(response.body["type"], 7, "{:?}", response.body);
    }

    let requests = fake.requests();
    let end = last_response.index;

    // DMs: each player's DMs hold all of their down cards; third and seventh street, one DM
    // each, for everyone still in the hand.
    for (seat, player) in players.iter().enumerate() {
        let dms: Vec<&Recorded> = requests
            .iter()
            .filter(|r| r.visibility == Visibility::Dm(player.id))
            .collect();
        let text: String = dms.iter().map(|r| r.readable_text()).collect();
        for card in table.down_cards(seat) {
            assert!(
                contains_card(&text, card),
                "{}'s DMs lack {card}",
                player.name
            );
        }
        if seat != folder {
            assert_eq!(dms.len(), 2, "{}'s DMs", player.name);
        }
    }
    // At showdown the hands shown are on the board; the folded hand is not.
    let shown = table.mirror.result().unwrap().shown.clone();
    assert!(!shown.is_empty());
    assert!(!shown.contains(&folder));
    for seat in &shown {
        for card in table.down_cards(*seat) {
            assert!(
                contains_card(&final_text, card),
                "{card} not shown at showdown"
            );
        }
    }

    // The players cash out; their balances match the hand's result.
    let final_stacks = &table.mirror.result().unwrap().final_stacks;
    assert_eq!(final_stacks.iter().sum::<u64>(), 600);
    table.cash_out_and_compare_balances(&fake).await;

    let footprint = hand_footprint(&fake, &table, &clicks);
    println!("{footprint}");

    // /stats tells each player's hand count and what they won or lost, to them only.
    for (seat, player) in players.iter().enumerate() {
        let asked = fake.slash(player, CHANNEL, "stats", vec![]).await;
        let answer = fake.answer_to(asked).await;
        assert_eq!(answer.visibility, Visibility::Ephemeral(player.id));
        let text = answer.content();
        assert!(text.contains(&player.name), "{text}");
        let net = final_stacks[seat].abs_diff(200);
        assert!(
            text.contains(&net.to_string()),
            "{} expected a net of {net}: {text}",
            player.name
        );
    }

    // No down card reached anyone but its owner, over every request of the game: the deal,
    // every board, the final board and results, DMs, /cards, "My cards", the cash-outs, the
    // stats. A hand shown at showdown is everyone's from the showdown on.
    let requests = fake.requests();
    for request in &requests {
        let reader = match request.visibility {
            Visibility::Channel(_) => None,
            Visibility::Dm(user) | Visibility::Ephemeral(user) => Some(user),
            Visibility::Nobody => continue,
        };
        let text = request.readable_text();
        for (seat, owner) in players.iter().enumerate() {
            let public_now = shown.contains(&seat) && request.index >= end;
            if public_now || reader == Some(owner.id) {
                continue;
            }
            for card in table.down_cards(seat) {
                assert!(
                    !contains_card(&text, card),
                    "{}'s down card {card} reached {reader:?} in request {} {} {}: {text}",
                    owner.name,
                    request.index,
                    request.method,
                    request.path
                );
            }
        }
    }

    // Channel writes: per player action over the hand, and the most in any 5 s.
    let channel_writes: Vec<&Recorded> = requests
        .iter()
        .filter(|r| r.is_channel_write() && r.channel() == Some(CHANNEL))
        .collect();
    let in_hand = channel_writes
        .iter()
        .filter(|r| r.index >= start && r.index <= end)
        .count();
    let followups = requests
        .iter()
        .filter(|r| r.index >= start && r.index <= end)
        .filter(|r| r.method == "POST" && r.path.starts_with("/webhooks/"))
        .count();
    let worst = most_in_window(&channel_writes, Duration::from_secs(5));
    let dm_count = requests
        .iter()
        .filter(|r| matches!(r.visibility, Visibility::Dm(_)) && r.is_success())
        .count();
    if std::env::var("SHOW_REQUESTS").is_ok() {
        for r in requests
            .iter()
            .filter(|r| r.index >= start && r.index <= end)
        {
            println!(
                "{} {} {} {}",
                r.index,
                r.method,
                r.path,
                r.content().chars().take(60).collect::<String>()
            );
        }
    }
    println!(
        "channel writes: {in_hand} over a hand of {} player actions ({:.2} per action); \
         most channel writes in any 5 s: {worst}; besides: {} board updates as click \
         responses (type 7), {followups} interaction followups (turn mentions), {dm_count} DMs",
        clicks.len(),
        in_hand as f64 / clicks.len() as f64,
        clicks.len()
    );
    assert!(worst <= 5, "{worst} channel writes within 5 seconds");

    bot.stop().await;
}

/// A quiet channel: a hand leaves at most its board, its result and one live turn
/// ping in the channel, and the player to act is notified once per turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hand_leaves_at_most_three_messages_in_the_channel_and_pings_once_a_turn() {
    const CHANNEL: u64 = 300_000_000_000_000_012;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_100, "Mod");
    let players = players();
    let mut table = open_and_play(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    no_next_hand_soon(&fake, CHANNEL, &moderator).await;
    let clicks = table.play_to_showdown(&fake).await;
    // A round trip through every player's table: what the hand posts at its end is out.
    for player in &players {
        let left = fake.slash(player, CHANNEL, "leave", vec![]).await;
        fake.answer_to(left).await;
    }
    let footprint = hand_footprint(&fake, &table, &clicks);
    println!("{footprint}");
    assert!(footprint.messages_left <= 3, "{footprint}");
    assert_eq!(footprint.pings, footprint.turns, "{footprint}");
    bot.stop().await;
}

/// The channel writes of board message `board` from request `from` on: its post and its edits.
fn writes_of_board(requests: &[Recorded], from: usize, board: u64) -> Vec<&Recorded> {
    requests
        .iter()
        .filter(|r| r.index >= from && r.is_channel_write())
        .filter(|r| {
            let posted = r.method == "POST"
                && r.response
                    .as_ref()
                    .and_then(|message| message["id"].as_str())
                    == Some(board.to_string().as_str());
            posted || (r.method == "PATCH" && r.path.ends_with(&format!("/messages/{board}")))
        })
        .collect()
}

/// A new hand's board is one channel write: posted with the action buttons of the player to
/// act, not posted with "My cards" alone and edited to add them. Checked on the first hand
/// and on the one dealt right after it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_hands_board_is_posted_once_with_its_action_buttons() {
    const CHANNEL: u64 = 300_000_000_000_000_013;
    let (fake, _data, bot) = start_fake_and_bot(SEED).await;
    let moderator = FakeUser::moderator(100_000_000_000_000_100, "Mod");
    let players = players();
    open_and_seat(&fake, CHANNEL, &moderator, &players, 200).await;
    let first_from = fake.mark();
    let mut table = start_first_hand(&fake, CHANNEL, &moderator, &players, 200, SEED).await;
    let first_board = table.board;
    let first_writes: Vec<Recorded> = writes_of_board(&fake.requests(), first_from, first_board)
        .into_iter()
        .cloned()
        .collect();

    // The next hand is dealt as soon as this one is settled (no pause between hands).
    let next_from = fake.mark();
    table.play_to_showdown(&fake).await;
    let (next_board, _) = wait_for_new_board(&fake, CHANNEL, next_from).await;
    let requests = fake.requests();
    let next_writes = writes_of_board(&requests, next_from, next_board);

    for (hand, writes) in [(1, first_writes.iter().collect()), (2, next_writes)] {
        let seen: Vec<String> = writes
            .iter()
            .map(|r| format!("{} {} {}", r.method, r.path, r.body["components"]))
            .collect();
        assert_eq!(
            writes.len(),
            1,
            "hand {hand}'s board took {} channel writes before its first action: {seen:#?}",
            writes.len()
        );
        assert_eq!(writes[0].method, "POST", "{seen:#?}");
        assert!(
            writes[0].body["components"].to_string().contains("\"a:"),
            "hand {hand}'s board was posted without its action buttons: {seen:#?}"
        );
    }
    bot.stop().await;
}
