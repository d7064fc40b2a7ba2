//! What the bot keeps of many guilds: their locales, not serenity's copies of their channels.

use std::time::{Duration, Instant};

use crate::support;

use studbot::bank::GuildId;
use studbot::render::Locale;
use support::bot::{TestBot, config_text};
use support::fake_discord::*;

const GUILDS: u64 = 200;
const CHANNELS_PER_GUILD: u64 = 20;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_guilds_on_the_gateway_leave_serenitys_cache_empty() {
    let fake = FakeDiscord::start().await;
    let data = tempfile::tempdir().unwrap();
    let (bot, running) = TestBot::start_observed(&fake, &config_text(&fake, data.path(), 7)).await;
    let first = 900_000_000_000_000_000;
    for number in 0..GUILDS {
        let id = serenity::model::id::GuildId::new(first + number * 1_000);
        let mut guild = serenity::model::guild::Guild::default();
        guild.id = id;
        guild.name = format!("Guild {number}");
        guild.preferred_locale = "es-ES".to_owned();
        for index in 1..=CHANNELS_PER_GUILD {
            let mut channel = serenity::model::channel::GuildChannel::default();
            channel.id = serenity::model::id::ChannelId::new(id.get() + index);
            channel.guild_id = id;
            channel.name = format!("table-{index}");
            guild.channels.insert(channel.id, channel);
        }
        fake.dispatch("GUILD_CREATE", serde_json::to_value(&guild).unwrap())
            .await;
    }
    // The bot has read every GUILD_CREATE once it knows the last guild's language.
    let last = GuildId(first + (GUILDS - 1) * 1_000);
    let deadline = Instant::now() + Duration::from_secs(30);
    while running.table_locale(last, None) != Locale::Es {
        assert!(
            Instant::now() < deadline,
            "the last GUILD_CREATE was never read"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let cache = running.discord_cache().expect("the bot is connected");
    let channels: usize = cache
        .guilds()
        .iter()
        .filter_map(|guild| cache.guild(*guild).map(|guild| guild.channels.len()))
        .sum();
    println!(
        "{GUILDS} guilds × {CHANNELS_PER_GUILD} channels sent; serenity's cache holds {} guilds, {channels} channels, {} users",
        cache.guild_count(),
        cache.user_count()
    );
    assert_eq!(cache.guild_count(), 0);
    assert_eq!(channels, 0);
    bot.stop().await;
}
