//! Sit & gos in `/stats` and `/leaderboard` through Discord: a player who entered one sees a
//! tournament line beside their cash stats (one who never did sees none), and
//! `/leaderboard board:tournaments` ranks players by their net from sit & gos; each in the
//! language it is answered in. A sit & go opened with `computer_players: N` seats up to N
//! computers of the house in its free seats when a moderator starts it. The tournament is
//! opened and entered by the commands and its hands recorded in the bank, as the table that
//! plays it records them.

use crate::support;
use crate::tournament_common::*;

use studbot::bank::{GuildId, TableId, TournamentPhase, TournamentStats, UserId};
use studbot::render::{self, Locale};
use support::bot::{TestBot, config_text};
use support::fake_discord::*;

const SEED: u64 = 2_412;
const CHANNEL: u64 = 300_000_000_000_002_401;
/// `board`'s choices in the order `/leaderboard` offers them: cash, tournaments.
const TOURNAMENTS: i64 = 1;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stats_and_the_leaderboard_show_sit_and_gos_apart_from_cash_play() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (running, bot) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let (ada, ben, cyd) = (
        player(1, "Ada"),
        player(2, "Ben").with_locale("es-ES"),
        player(3, "Cyd"),
    );
    let dee = player(4, "Dee");
    add_people(&fake, [&ada, &ben, &cyd, &dee]);
    open_with(&fake, CHANNEL, open_options(STUD, 3, 100, TURBO)).await;
    register(&fake, CHANNEL, &[ada.clone(), ben.clone(), cyd.clone()]).await;

    // The hands, as the table records them: the first dealt takes the last one's chips.
    let bank = bot.bank();
    let guild = GuildId(GUILD_ID);
    let state = bank
        .tournaments()
        .await
        .unwrap()
        .into_iter()
        .find(|state| state.channel == TableId(CHANNEL))
        .expect("the sit & go");
    let id = state.id;
    let payouts = loop {
        let state = bank.tournament(id).await.unwrap().unwrap();
        match state.phase {
            TournamentPhase::Running(tournament) => {
                let next = tournament.next_hand().unwrap();
                let mut stacks = next.stacks.clone();
                let last = stacks.len() - 1;
                stacks[0] += stacks[last];
                stacks[last] = 0;
                bank.record_tournament_hand(guild, id, next.number, &stacks)
                    .await
                    .unwrap();
            }
            TournamentPhase::Finished { payouts, .. } => break payouts,
            other => panic!("not running: {other:?}"),
        }
    };
    let winner = payouts[0].0;
    let name_of = |user: UserId| match user.0 - moderator().id {
        1 => "Ada",
        2 => "Ben",
        _ => "Cyd",
    };

    let won = TournamentStats {
        entries: 1,
        wins: 1,
        cashes: 1,
        net: 200,
    };
    assert_eq!(bank.tournament_stats(guild, winner).await.unwrap(), won);
    // Each entrant's /stats, in their language: cash play all zero, and a sit & go line.
    for (user, locale) in [(&ada, Locale::En), (&ben, Locale::Es), (&cyd, Locale::En)] {
        let id = UserId(user.id);
        let expected = if id == winner {
            won
        } else {
            TournamentStats {
                entries: 1,
                wins: 0,
                cashes: 0,
                net: -100,
            }
        };
        let answer = fake.ask(user, CHANNEL, "stats", vec![]).await;
        assert_eq!(answer.visibility, Visibility::Ephemeral(user.id));
        let shown = render::stats(
            locale,
            &render::StatsView {
                name: name_of(id).to_owned(),
                hands_played: 0,
                pots_won: 0,
                scoops: 0,
                net_chips: 0,
                biggest_pot: 0,
                tournaments: Some(render::TournamentStatsView {
                    entries: expected.entries,
                    wins: expected.wins,
                    cashes: expected.cashes,
                    net: expected.net,
                }),
            },
        );
        assert_eq!(answer.content(), shown);
    }
    let spanish = fake.ask(&ben, CHANNEL, "stats", vec![]).await;
    assert!(
        spanish.content().contains("Torneos: 1 jugado ·"),
        "{}",
        spanish.content()
    );

    // Dee never entered: no sit & go line.
    let answer = fake.ask(&dee, CHANNEL, "stats", vec![]).await;
    let lines = answer.content().lines().count();
    assert_eq!(lines, 3, "{}", answer.content());

    // The board of sit & gos, in the channel's language: the winner first, +200.
    let answer = fake
        .ask(
            &ben,
            CHANNEL,
            "leaderboard",
            vec![int("board", TOURNAMENTS)],
        )
        .await;
    let text = answer.content();
    assert!(text.starts_with("**Leaderboard: sit & gos**"), "{text}");
    let first = text.lines().nth(1).unwrap_or_default();
    assert!(
        first.starts_with(&format!(
            "1. {} — net +200 · 1 entry · 1 win · 1 cash",
            name_of(winner)
        )),
        "{text}"
    );
    assert_eq!(
        text.lines().count(),
        4,
        "three entrants, Dee not among them: {text}"
    );
    assert!(!text.contains("Dee"), "{text}");

    // The cash board is the balances, as before.
    let answer = fake
        .ask(&dee, CHANNEL, "leaderboard", vec![int("board", 0)])
        .await;
    assert!(
        answer.content().starts_with("**Leaderboard**\n"),
        "{}",
        answer.content()
    );
    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sit_and_go_allowing_computer_players_fills_its_free_seats_when_a_moderator_starts_it() {
    const CHANNEL_2: u64 = 300_000_000_000_002_402;
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (running, bot) =
        TestBot::start_observed(&fake, &config_text(&fake, data.path(), SEED)).await;
    let ada = player(1, "Ada");
    add_people(&fake, [&ada]);
    let open = |computers: i64| {
        let mut options = open_options(STUD, 4, 100, TURBO);
        options.push(int("computer_players", computers));
        options
    };
    // Computers may not take every seat: refused privately, nothing opened.
    let refused = open_with(&fake, CHANNEL_2, open(4)).await;
    assert_eq!(refused.visibility, Visibility::Ephemeral(moderator().id));
    assert!(
        refused.content().contains("never all of them"),
        "{}",
        refused.content()
    );
    assert!(bot.bank().tournaments().await.unwrap().is_empty());

    let opened = open_with(&fake, CHANNEL_2, open(2)).await;
    assert!(
        opened
            .content()
            .contains("computer players 🤖 fill up to 2 free seats"),
        "{}",
        opened.content()
    );
    fake.ask(&ada, CHANNEL_2, "join", vec![]).await;
    let status = tournament(&fake, &ada, CHANNEL_2, "status").await;
    assert!(
        status
            .content()
            .contains("computer players 🤖 fill up to 2 free seats"),
        "the status before the start says how many seats computers may fill: {}",
        status.content()
    );
    let started = tournament(&fake, &moderator(), CHANNEL_2, "start").await;
    let text = started.content();
    assert!(text.contains("3 players"), "{text}");
    assert!(text.contains("🤖"), "{text}");
    let state = bot.bank().tournaments().await.unwrap().remove(0);
    let mut seated = state.entrants.clone();
    seated.sort_unstable();
    assert_eq!(
        seated,
        vec![UserId(ada.id), UserId::computer(1), UserId::computer(2)],
        "the seats are drawn"
    );
    let house = bot.bank().house_stats(GuildId(GUILD_ID)).await.unwrap();
    assert_eq!(house.minted, 200, "the house paid the computers' buy-ins");
    let report = bot.bank().audit().await.unwrap();
    assert!(report.ok, "{:?}", report.breaks);
    running.stop().await;
}
