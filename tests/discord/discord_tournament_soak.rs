//! A sit & go played through the real `studbot` binary against the fake Discord, SIGKILLed
//! again and again at moments drawn from a seeded RNG (counted in requests the bot makes to
//! Discord, so a kill lands mid-hand, mid-write, mid-record or between hands) and restarted
//! over the same data directory each time, until it ends. After every kill `studbot audit`
//! passes; at the end the tournament is over, its payouts are the prize pool, the ledger
//! pays each place exactly once, every member's balance is the starting one less the buy-in plus their payout,
//! and the channel shows one result. The kill moments vary with the seed; what is asserted
//! holds for every one of them. A failure names the seed: set `STUDBOT_SOAK_SEED` to it to
//! play the same kill moments again.

#![cfg(unix)]

use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::{
    Account, Bank, EconomyConfig, GuildId, Reason, TournamentPhase, TournamentState, UserId,
};

use crate::support;
use crate::tournament_common::*;
use support::bot::ChildBot;
use support::fake_discord::*;

const CHANNEL: u64 = 300_000_000_000_002_501;
const BUY_IN: u64 = 100;

/// How one soak is played.
struct Soak {
    /// Draws the kill moments.
    seed: u64,
    /// Kills before the bot is let run to the end (fewer when the sit & go ends first).
    kills: usize,
    /// The members who play (from Ada on, at most three).
    members: usize,
    /// Seats of the sit & go; the members fill the first, computers the rest.
    seats: u64,
    /// The most requests to Discord a bot makes before it is killed (at least one).
    most_requests: usize,
}

/// The first `count` of the members who may play.
fn members(count: usize) -> Vec<FakeUser> {
    let mut members = vec![player(1, "Ada"), player(2, "Ben"), player(3, "Cat")];
    members.truncate(count);
    members
}

/// The seed of the kill moments: `STUDBOT_SOAK_SEED` if set (to replay a failure), else
/// `default`.
fn soak_seed(default: u64) -> u64 {
    std::env::var("STUDBOT_SOAK_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_sigkilled_at_random_moments_ends_paying_each_place_once() {
    let soak = Soak {
        seed: soak_seed(0x50A4),
        kills: 4,
        members: 2,
        seats: 2,
        most_requests: 40,
    };
    play_soak(&soak).await;
}

/// The longer soak: eight seeds, twelve kills each, three members. Run it with
/// `cargo test --test discord many_sit_and_gos -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes long: run with -- --ignored"]
async fn many_sit_and_gos_sigkilled_at_random_moments_each_end_paying_each_place_once() {
    let first = soak_seed(0x50A5);
    for seed in first..first + 8 {
        let soak = Soak {
            seed,
            kills: 12,
            members: 3,
            seats: 3,
            most_requests: 40,
        };
        play_soak(&soak).await;
    }
}

/// The soak with two computers in the free seats: every computer action is a board edit,
/// written at Discord's pace of about one a second, so it takes minutes (105 s here). Run it
/// with `cargo test --test discord with_computers_sigkilled -- --ignored`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "minutes long: run with -- --ignored"]
async fn a_sit_and_go_with_computers_sigkilled_at_random_moments_ends_paying_each_place_once() {
    let soak = Soak {
        seed: soak_seed(0x50A4),
        kills: 4,
        members: 2,
        seats: 4,
        most_requests: 60,
    };
    play_soak(&soak).await;
}

/// What stopped a stretch of play.
enum Stop {
    /// The channel shows the result.
    Over,
    /// The bot made as many requests as it was let.
    KillMoment,
}

async fn play_soak(soak: &Soak) {
    let seed = soak.seed;
    // Shown with a failing test's output: the seed replays the same kill moments.
    eprintln!("soak seed {seed} (STUDBOT_SOAK_SEED={seed} replays it)");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let fake = FakeDiscord::start().await;
    // Discord's per-channel write limit counts the writes of the bot that was killed, which
    // its successor cannot know: each restart would begin with a 429 of seconds. Limits are
    // other tests' subject; this one's is what a kill leaves.
    fake.without_channel_buckets();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let data = dir.path().join("data");
    let config = child_config(&fake, dir.path(), quick_computers_config, seed);
    let players = members(soak.members);
    add_people(&fake, &players);

    let log = |run: usize| dir.path().join(format!("run-{run}.log"));
    let mut bot = ChildBot::start(&fake, &config, &log(0)).await;
    let computers = soak.seats - players.len() as u64;
    let mut options = open_options(STUD8, soak.seats as i64, BUY_IN as i64, TURBO);
    if computers > 0 {
        options.push(int("computer_players", computers as i64));
    }
    open_with(&fake, CHANNEL, options).await;
    let last_join = register(&fake, CHANNEL, &players).await;
    // Members filling every seat start it by the last `/join`; else a moderator starts it.
    let started = match last_join {
        Some(joined) if computers == 0 => joined,
        _ => tournament(&fake, &moderator(), CHANNEL, "start").await,
    };
    let pool = BUY_IN * soak.seats;
    assert_public(
        &started,
        CHANNEL,
        &format!(
            "The sit & go starts with {} players; prize pool {pool}.",
            soak.seats
        ),
    );

    let mut kills = 0;
    // Boards up to this message were a killed bot's: their buttons are dead.
    let mut floor = 0;
    loop {
        let kill_at =
            (kills < soak.kills).then(|| fake.mark() + rng.random_range(1..=soak.most_requests));
        match play(&fake, &players, floor, kill_at, seed, &log(kills)).await {
            Stop::Over => break,
            Stop::KillMoment => {}
        }
        bot.kill();
        kills += 1;
        audit_passes(&data, &format!("seed {seed}, after kill {kills}"));
        floor = newest_message(&fake);
        let mark = fake.mark();
        bot = ChildBot::start(&fake, &config, &log(kills)).await;
        if !resumes(&fake, mark, seed).await {
            // Killed between the bank's record of the last hand and its result reaching the
            // channel: the sit & go is over, and no bot is left to tell it.
            break;
        }
    }

    eprintln!("seed {seed}: the sit & go ended after {kills} kills");
    let results = channel_texts(&fake, CHANNEL)
        .into_iter()
        .filter(|text| text.contains(RESULT))
        .collect::<Vec<_>>();
    assert_eq!(
        results.len(),
        1,
        "seed {seed}, {kills} kills: the channel shows one result: {results:#?}"
    );
    let violations = fake.take_violations();
    assert!(violations.is_empty(), "seed {seed}: {violations:#?}");
    assert_eq!(bot.terminate().await, Some(0), "seed {seed}: a clean stop");
    let report = audit_passes(&data, &format!("seed {seed}, at the end"));
    assert_eq!(report["tournament_chips"], 0, "seed {seed}: {report}");
    assert_eq!(report["tournaments_over"], 1, "seed {seed}: {report}");
    assert_eq!(report["tournaments_live"], 0, "seed {seed}: {report}");
    assert_paid_once(&data, &players, pool, &results[0], seed).await;
}

/// Plays until the result is shown or, when `kill_at` is set, until the bot has made that
/// many requests: a member whose turn a board shows (one posted after `floor`) clicks it,
/// once; the computers play on their own. Fails when the bot makes no request for 45 s, or
/// after ten minutes.
async fn play(
    fake: &FakeDiscord,
    players: &[FakeUser],
    floor: u64,
    kill_at: Option<usize>,
    seed: u64,
    log: &Path,
) -> Stop {
    // Slow is not stuck: a sit & go writes about one channel message a second (Discord's
    // limit), so only a bot silent for longer than an action timer fails at once.
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut heard = (fake.mark(), Instant::now());
    let mut clicked: HashSet<(u64, String)> = HashSet::new();
    loop {
        if over(CHANNEL)(fake) {
            return Stop::Over;
        }
        if kill_at.is_some_and(|at| fake.mark() >= at) {
            return Stop::KillMoment;
        }
        if fake.mark() != heard.0 {
            heard = (fake.mark(), Instant::now());
        }
        let silent = heard.1.elapsed() > Duration::from_secs(45);
        if silent || Instant::now() >= deadline {
            let texts = channel_texts(fake, CHANNEL);
            let recent: Vec<String> = fake
                .requests()
                .iter()
                .rev()
                .take(8)
                .map(|r| format!("{} {} {} {}", r.method, r.path, r.status, r.body))
                .collect();
            panic!(
                "seed {seed}, log {}: the sit & go neither ended nor reached its kill moment \
                 (silent for {:?}); the channel's last messages: {:#?}\nlatest requests: {recent:#?}\n\
                 the bot's log: {}",
                log.display(),
                heard.1.elapsed(),
                &texts[texts.len().saturating_sub(3)..],
                log_tail(log)
            );
        }
        match current_turn_after(fake, CHANNEL, floor) {
            Some(turn) if clicked.insert((turn.board, turn.prefix.clone())) => {
                click_turn(fake, &turn, players).await;
            }
            _ => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
}

/// The last lines the bot wrote to its log.
fn log_tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// Whether the restarted bot deals the sit & go on: it tells the channel so. `false` when
/// the sit & go is no longer running (it ended just before the kill).
async fn resumes(fake: &FakeDiscord, mark: usize, seed: u64) -> bool {
    let status = tournament(fake, &moderator(), CHANNEL, "status").await;
    if status
        .content()
        .contains("There is no sit & go in this channel.")
    {
        return false;
    }
    fake.wait_for(
        &format!("seed {seed}: the channel told the sit & go deals on"),
        mark,
        |r| {
            r.is_channel_write()
                && r.is_success()
                && r.channel() == Some(CHANNEL)
                && r.content().contains("The sit & go deals on from hand")
        },
    )
    .await;
    true
}

/// The id of the channel's newest message (0 when there is none).
fn newest_message(fake: &FakeDiscord) -> u64 {
    fake.channel_messages(CHANNEL)
        .last()
        .and_then(|message| message["id"].as_str()?.parse().ok())
        .unwrap_or(0)
}

/// `studbot audit` passes on `data`; its report.
fn audit_passes(data: &Path, when: &str) -> serde_json::Value {
    let (code, report) = support::audit::audit(data);
    assert!(
        code == Some(0) && report["ok"] == true && report["sum"] == 0,
        "{when}: the audit failed ({code:?}): {report}"
    );
    report
}

/// The finished sit & go in the bank of `data`: its payouts are the prize pool, the ledger
/// pays each of them once, each member holds the starting balance less the buy-in plus their
/// payout, and the result names each paid place with its payout.
async fn assert_paid_once(data: &Path, players: &[FakeUser], pool: u64, result: &str, seed: u64) {
    let bank = Bank::open(&data.join("bank"), EconomyConfig::default())
        .await
        .expect("open the bank");
    assert_eq!(
        bank.unannounced_tournaments()
            .await
            .expect("the results to announce"),
        Vec::new(),
        "seed {seed}: the result in the channel is still kept to announce"
    );
    let states: Vec<TournamentState> = bank.tournaments().await.expect("the tournaments");
    let [state] = states.as_slice() else {
        panic!(
            "seed {seed}: one sit & go in the bank, not {}",
            states.len()
        );
    };
    let TournamentPhase::Finished {
        tournament,
        payouts,
    } = &state.phase
    else {
        panic!(
            "seed {seed}: the sit & go is not finished: {:?}",
            state.phase
        );
    };
    assert_eq!(tournament.prize_pool(), pool, "seed {seed}");
    let paid: Vec<(UserId, u64)> = payouts
        .iter()
        .copied()
        .filter(|&(_, chips)| chips > 0)
        .collect();
    assert_eq!(
        paid.iter().map(|&(_, chips)| chips).sum::<u64>(),
        pool,
        "seed {seed}: the payouts are the prize pool: {payouts:?}"
    );
    let mut ledger: Vec<u64> = Vec::new();
    for entry in bank.ledger(1, usize::MAX).await.expect("the ledger") {
        if matches!(entry.from, Account::Tournament { tournament } if tournament == state.id) {
            assert_eq!(entry.reason, Reason::TournamentPayout, "seed {seed}");
            ledger.push(entry.amount);
        }
    }
    let mut expected: Vec<u64> = paid.iter().map(|&(_, chips)| chips).collect();
    expected.sort_unstable();
    ledger.sort_unstable();
    assert_eq!(
        ledger, expected,
        "seed {seed}: the ledger pays each place once"
    );
    for user in players {
        let payout: u64 = paid
            .iter()
            .filter(|(paid_to, _)| paid_to.0 == user.id)
            .map(|&(_, chips)| chips)
            .sum();
        let balance = bank
            .balance(GuildId(GUILD_ID), UserId(user.id))
            .await
            .expect("a balance");
        assert_eq!(
            balance,
            EconomyConfig::default().starting_balance - BUY_IN + payout,
            "seed {seed}: {}'s balance",
            user.name
        );
        if payout > 0 {
            assert!(
                result.contains(&format!("{} wins {payout} chips", user.name)),
                "seed {seed}: {result}"
            );
        }
    }
    for &(_, chips) in &paid {
        assert!(
            result
                .lines()
                .any(|text| text.contains(" place: ")
                    && text.contains(&format!("wins {chips} chip"))),
            "seed {seed}: the result tells the place paid {chips} chips: {result}"
        );
    }
    bank.shutdown().await.expect("close the bank");
}
