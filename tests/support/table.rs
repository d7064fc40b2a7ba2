//! Playing a table through the fake Discord as people do: a moderator opens it, players
//! `/join`, and whoever is to act clicks a button on the board. A mirror of the hand (the
//! engine itself, dealt from the same seeded deck as the bot's table) tells the test whose
//! turn it is and which cards each player holds, so the test can check every DM and every
//! public message against the truth.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::Value;
use studbot::table::{ActionKind, Card, Deck, Game, Hand, HandSetup, Rules, Stakes};

use super::actions::{PASSIVE, first_offered};
use super::fake_discord::*;

/// The deck the table deals its first hand from, for a table with `deck_seed`. Mirrors the
/// lobby's seeding (`seed ^ table * 0x9E37_79B9_7F4A_7C15` into ChaCha20): if that changes,
/// the card checks of these tests fail loudly.
pub fn first_deck(deck_seed: u64, table: u64) -> Deck {
    let mut rng = ChaCha20Rng::seed_from_u64(deck_seed ^ table.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    Deck::shuffled_with(&mut rng)
}

pub fn action_code(kind: ActionKind) -> &'static str {
    match kind {
        ActionKind::BringIn => "bi",
        ActionKind::Complete => "co",
        ActionKind::Bet => "be",
        ActionKind::Raise => "ra",
        ActionKind::Call => "ca",
        ActionKind::Check => "ch",
        ActionKind::Fold => "fo",
        ActionKind::BetBig => "bb",
        ActionKind::RaiseBig => "rb",
    }
}

/// Every `custom_id` of a message's buttons.
pub fn custom_ids(message: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for component in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = component["custom_id"].as_str() {
                ids.push(id.to_owned());
            }
        }
    }
    ids
}

/// A table the test plays at.
pub struct PlayedTable {
    pub channel: u64,
    /// Seated players in chair order (= deal order of the first hand).
    pub players: Vec<FakeUser>,
    pub hand_number: u64,
    /// The board message of the current hand.
    pub board: u64,
    /// The request index where the current hand's board was posted.
    pub board_posted_at: usize,
    pub mirror: Hand,
}

/// Opens a table (no pause between hands, long timers), seats `players` with `buy_in` each
/// while paused, resumes, and waits for the first hand's board.
pub async fn open_and_play(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    buy_in: u64,
    deck_seed: u64,
) -> PlayedTable {
    open_and_seat(fake, channel, moderator, players, buy_in).await;
    start_first_hand(fake, channel, moderator, players, buy_in, deck_seed).await
}

/// Opens a paused table (no pause between hands, long timers) and seats `players`.
pub async fn open_and_seat(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    buy_in: u64,
) {
    open_and_seat_with(fake, channel, moderator, players, buy_in, vec![]).await;
}

/// [`open_and_seat`] with more `/table open` options (`seats`, say).
pub async fn open_and_seat_with(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    buy_in: u64,
    more_options: Vec<Value>,
) {
    let mut options = vec![int("between_hands", 0), int("timer", 600)];
    options.extend(more_options);
    let opened = fake
        .slash(moderator, channel, "table", vec![sub("open", options)])
        .await;
    assert_channel_answer(fake, opened, channel).await;
    let paused = fake
        .slash(moderator, channel, "table", vec![sub("pause", vec![])])
        .await;
    assert_channel_answer(fake, paused, channel).await;
    for player in players {
        let joined = fake
            .slash(player, channel, "join", vec![int("buy_in", buy_in as i64)])
            .await;
        assert_channel_answer(fake, joined, channel).await;
    }
}

/// Resumes the table seated by [`open_and_seat`] and waits for the first hand's board.
pub async fn start_first_hand(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    buy_in: u64,
    deck_seed: u64,
) -> PlayedTable {
    start_first_game_hand(
        fake,
        channel,
        moderator,
        players,
        buy_in,
        deck_seed,
        Game::Stud8,
    )
    .await
}

/// [`start_first_hand`] at a table dealing `game` (the mirror deals it too).
pub async fn start_first_game_hand(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    buy_in: u64,
    deck_seed: u64,
    game: Game,
) -> PlayedTable {
    let mark = fake.mark();
    let resumed = fake
        .slash(moderator, channel, "table", vec![sub("resume", vec![])])
        .await;
    let answer = fake.answer_to(resumed).await;
    assert!(
        answer.is_success() || answer.status == 429,
        "{:?}",
        answer.body
    );
    let (board, posted_at) = wait_for_new_board(fake, channel, mark).await;
    let stacks = vec![buy_in; players.len()];
    let mirror = Hand::new(HandSetup::from_deck(
        game,
        Stakes::default(),
        Rules::default(),
        &stacks,
        first_deck(deck_seed, channel),
    ))
    .expect("the mirror hand starts");
    PlayedTable {
        channel,
        players: players.to_vec(),
        hand_number: 1,
        board,
        board_posted_at: posted_at,
        mirror,
    }
}

/// Big bets against 100-chip stacks: a completion (or a raise) and a call or two put players
/// all in on third street.
pub const ALL_IN_STAKES: Stakes = Stakes {
    ante: 10,
    bring_in: 20,
    small_bet: 50,
    big_bet: 100,
};

/// The actions that put players all in fastest at [`ALL_IN_STAKES`], for [`PlayedTable::act`].
pub const ALL_IN_ACTIONS: [ActionKind; 4] = [
    ActionKind::Complete,
    ActionKind::Raise,
    ActionKind::Bet,
    ActionKind::Call,
];

/// Opens a table at [`ALL_IN_STAKES`], seats `players` with 100 chips each (the minimum buy-in)
/// and starts the first hand, its mirror dealt at those stakes.
pub async fn start_all_in_hand(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    players: &[FakeUser],
    deck_seed: u64,
) -> PlayedTable {
    const BUY_IN: u64 = 100;
    let stakes = vec![
        int("ante", ALL_IN_STAKES.ante as i64),
        int("bring_in", ALL_IN_STAKES.bring_in as i64),
        int("small_bet", ALL_IN_STAKES.small_bet as i64),
        int("big_bet", ALL_IN_STAKES.big_bet as i64),
        int("min_buy_in", BUY_IN as i64),
    ];
    open_and_seat_with(fake, channel, moderator, players, BUY_IN, stakes).await;
    let mut table = start_first_hand(fake, channel, moderator, players, BUY_IN, deck_seed).await;
    table.mirror = Hand::start(
        ALL_IN_STAKES,
        Rules::default(),
        &vec![BUY_IN; players.len()],
        first_deck(deck_seed, channel),
    )
    .expect("the mirror hand starts");
    table
}

/// Waits for the bot to post a board (a channel message with the "My cards" button) from
/// `from` on, and for it to offer the action buttons. A board posted without its buttons and
/// given them by the next edit passes here too (it is still a new board): that a new hand's
/// board is one post with its buttons is checked by its own test (`discord_play`).
pub async fn wait_for_new_board(fake: &FakeDiscord, channel: u64, from: usize) -> (u64, usize) {
    let posted = fake
        .wait_for("a new board message", from, |r| {
            r.method == "POST"
                && r.channel() == Some(channel)
                && r.is_success()
                && r.body["components"].to_string().contains("\"c:")
        })
        .await;
    let id = posted
        .response
        .as_ref()
        .and_then(|message| message["id"].as_str()?.parse().ok())
        .expect("the posted board has an id");
    fake.wait_message(id, "the new board's action buttons", |message| {
        message["components"].to_string().contains("\"a:")
    })
    .await;
    (id, posted.index)
}

/// Waits for the interaction's answer and checks the channel sees it. A command slower than
/// the bot's deferral threshold (a loaded machine) is deferred privately and acknowledged
/// privately first, since Discord gives the first followup the deferral's visibility; the
/// answer the channel reads is the next one.
pub async fn assert_channel_answer(fake: &FakeDiscord, interaction: u64, channel: u64) -> Recorded {
    let callback = fake.response_to(interaction).await;
    let deferred_privately = callback.body["type"] == 5
        && callback.body["data"]["flags"].as_u64().unwrap_or(0) & EPHEMERAL == EPHEMERAL;
    let mut answer = fake.answer_to(interaction).await;
    if deferred_privately && answer.visibility != Visibility::Channel(channel) {
        answer = fake
            .wait_for(
                "the channel's answer after a private acknowledgement",
                answer.index + 1,
                |r| {
                    r.interaction == Some(interaction)
                        && r.is_success()
                        && !r.readable_text().trim().is_empty()
                },
            )
            .await;
    }
    assert_eq!(
        answer.visibility,
        Visibility::Channel(channel),
        "expected a public answer, got {:?}",
        answer.body
    );
    answer
}

impl PlayedTable {
    /// Every player `/leave`s (the channel is told) and `/balance` then shows them, privately,
    /// the starting balance less their buy-in plus their stack at the end of the mirror's
    /// hand: every action was taken once, and the bank paid what the rules say.
    pub async fn cash_out_and_compare_balances(&self, fake: &FakeDiscord) {
        let result = self.mirror.result().expect("the mirror's hand is over");
        let starting = studbot::bank::EconomyConfig::default().starting_balance;
        for (seat, player) in self.players.iter().enumerate() {
            let left = fake.slash(player, self.channel, "leave", vec![]).await;
            assert_channel_answer(fake, left, self.channel).await;
            let asked = fake.slash(player, self.channel, "balance", vec![]).await;
            let answer = fake.answer_to(asked).await;
            assert_eq!(answer.visibility, Visibility::Ephemeral(player.id));
            let expected = starting - result.starting_stacks[seat] + result.final_stacks[seat];
            let content = answer.content();
            assert!(
                content.contains(&expected.to_string())
                    || content.contains(&format_thousands(expected)),
                "{} expected a balance of {expected}: {content}",
                player.name
            );
        }
    }

    /// The player whose turn it is (by the mirror).
    pub fn to_act(&self) -> Option<&FakeUser> {
        self.players.get(self.mirror.to_act()?)
    }

    /// The `custom_id` prefix of the buttons of the action now due.
    pub fn current_prefix(&self) -> String {
        format!(
            "a:{}:{}:{}:",
            self.channel,
            self.hand_number,
            self.mirror.action_seq()
        )
    }

    /// Waits until the board shows the buttons of the action now due; returns their ids.
    pub async fn current_buttons(&self, fake: &FakeDiscord) -> Vec<String> {
        let prefix = self.current_prefix();
        let message = fake
            .wait_message(self.board, &format!("buttons {prefix}*"), |message| {
                custom_ids(message).iter().any(|id| id.starts_with(&prefix))
            })
            .await;
        custom_ids(&message)
    }

    /// The player to act clicks the first of `preference` that is offered; the mirror takes
    /// the same action. Returns the interaction id.
    pub async fn act(&mut self, fake: &FakeDiscord, preference: &[ActionKind]) -> u64 {
        let seat = self.mirror.to_act().expect("someone is to act");
        let legal = self.mirror.legal_actions();
        let kind = first_offered(preference, &legal).unwrap_or(legal[0].kind);
        let buttons = self.current_buttons(fake).await;
        let custom_id = format!("{}{}", self.current_prefix(), action_code(kind));
        assert!(
            buttons.contains(&custom_id),
            "the board offers {buttons:?}, not {custom_id}"
        );
        let player = self.players[seat].clone();
        let click = fake.click(&player, self.board, &custom_id).await;
        self.mirror
            .act(seat, kind)
            .expect("the mirror accepts the action");
        click
    }

    /// Plays the hand to its end with check/call (never folding); returns every click.
    pub async fn play_to_showdown(&mut self, fake: &FakeDiscord) -> Vec<u64> {
        let mut clicks = Vec::new();
        while self.mirror.to_act().is_some() {
            let mark = fake.mark();
            let click = self.act(fake, &PASSIVE).await;
            let response = fake.response_to(click).await;
            assert!(response.is_success(), "{:?}", response.body);
            assert!(
                fake.response_delay(click).await < std::time::Duration::from_secs(3),
                "a click was answered after Discord's 3 seconds"
            );
            clicks.push(click);
            // The next player is mentioned before they act, as a person would need.
            self.wait_for_turn_ping(fake, mark).await;
        }
        clicks
    }

    /// Waits for a new message from request `from` on that mentions the player to act (none
    /// once the hand is over).
    pub async fn wait_for_turn_ping(&self, fake: &FakeDiscord, from: usize) {
        if let Some(next) = self.to_act() {
            let mention = next.mention();
            fake.wait_for(&format!("a mention of {}", next.name), from, |r| {
                r.method == "POST"
                    && !r.path.ends_with("/callback")
                    && r.content().contains(&mention)
            })
            .await;
        }
    }

    /// Each player's down cards in the mirror (all of them once the hand is over).
    pub fn down_cards(&self, seat: usize) -> Vec<Card> {
        self.mirror
            .private_view(seat)
            .map(|view| view.down_cards)
            .unwrap_or_default()
    }
}

/// Every card's text as the bot writes it.
pub fn card_text(card: Card) -> String {
    studbot::render::card(card)
}

/// What a hand left in its channel, for the quiet-channel goal (a hand leaves at most its board, its result and one live turn ping).
#[derive(Debug, Clone, Copy)]
pub struct Footprint {
    /// Messages the table wrote from its board on (channel posts, followups of its clicks)
    /// that are still in the channel.
    pub messages_left: usize,
    /// New messages (edits notify nobody) that mention a player of the table.
    pub pings: usize,
    /// Turns played: one click each.
    pub turns: usize,
}

impl std::fmt::Display for Footprint {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            out,
            "messages left in the channel by the hand: {}; pings: {} over {} turns ({:.2} per turn)",
            self.messages_left,
            self.pings,
            self.turns,
            self.pings as f64 / self.turns.max(1) as f64
        )
    }
}

/// The footprint of the hand on `table.board`, played with `clicks`, as of now.
pub fn hand_footprint(fake: &FakeDiscord, table: &PlayedTable, clicks: &[u64]) -> Footprint {
    let requests = fake.requests();
    let written: Vec<&Recorded> = requests
        .iter()
        .skip(table.board_posted_at)
        .filter(|r| r.method == "POST" && r.is_success())
        .filter(|r| r.visibility == Visibility::Channel(table.channel))
        .filter(|r| {
            r.channel() == Some(table.channel)
                || (r.path.starts_with("/webhooks/")
                    && r.interaction.is_some_and(|click| clicks.contains(&click)))
        })
        .collect();
    let messages_left = written
        .iter()
        .filter_map(|r| r.response.as_ref()?["id"].as_str()?.parse::<u64>().ok())
        .filter(|id| fake.message(*id).is_some())
        .count();
    let pings = written
        .iter()
        .filter(|r| {
            table
                .players
                .iter()
                .any(|player| r.content().contains(&player.mention()))
        })
        .count();
    Footprint {
        messages_left,
        pings,
        turns: clicks.len(),
    }
}

/// The moderator changes the table's settings (`/table settings`); the channel is told.
pub async fn change_settings(
    fake: &FakeDiscord,
    channel: u64,
    moderator: &FakeUser,
    options: Vec<Value>,
) {
    let changed = fake
        .slash(moderator, channel, "table", vec![sub("settings", options)])
        .await;
    assert_channel_answer(fake, changed, channel).await;
}

/// No new hand for two minutes after the current one, so the test can look at its end (and
/// players cash out) in peace.
pub async fn no_next_hand_soon(fake: &FakeDiscord, channel: u64, moderator: &FakeUser) {
    change_settings(fake, channel, moderator, vec![int("between_hands", 120)]).await;
}

/// "1,000"-style grouping, in case the renderer groups digits.
pub fn format_thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
