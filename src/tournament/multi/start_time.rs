//! A multi-table event's start as a moderator types it in `/tournament schedule`'s `start`
//! option, read into a Unix time. A slash command option is plain text with no picker, and
//! Discord never tells a bot the reader's time zone (an interaction carries a language, not a
//! zone), so the bot cannot guess what "20:00" means; it takes the three forms a moderator
//! can write without ambiguity:
//!
//! - from now: `in 2h` (`en 2h`, `dalam 2h`), `90m`, `1d 4h`, `2h30m` (days, hours, minutes);
//! - a date and time with its offset from UTC: `2026-12-20 20:00 UTC`,
//!   `2026-12-20 20:00 +01:00`, `2026-12-20T20:00-03`, `2026-12-20 20:00 UTC+7`;
//! - a Discord timestamp, as timestamp generators give it and as any message shows it:
//!   `<t:1797796800>`, `<t:1797796800:F>`, or the bare Unix seconds.
//!
//! A date without an offset is refused rather than read in some zone: a guess would start
//! the event hours off for everyone. The answer to the schedule then shows the start as a
//! Discord timestamp, in the moderator's own zone, to be checked at a glance.

use chrono::{DateTime, FixedOffset, NaiveDateTime};

/// `text` as a Unix time, given the time `now_unix` (for a start written from now); `None`
/// when it is none of the forms above.
pub fn read_start(text: &str, now_unix: u64) -> Option<u64> {
    let text = text.trim();
    if let Some(seconds) = discord_timestamp(text) {
        return Some(seconds);
    }
    if let Some(after) = from_now(text) {
        return now_unix.checked_add(after);
    }
    dated(text)
}

/// `<t:1797796800>`, `<t:1797796800:F>`, or `1797796800`.
fn discord_timestamp(text: &str) -> Option<u64> {
    let inner = match text.strip_prefix("<t:") {
        Some(rest) => {
            let rest = rest.strip_suffix('>')?;
            match rest.split_once(':') {
                Some((seconds, style)) if style.len() == 1 => seconds,
                Some(_) => return None,
                None => rest,
            }
        }
        None => text,
    };
    if inner.is_empty() || !inner.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    inner.parse().ok()
}

/// `in 2h`, `90m`, `1d 4h`, `2h30m`: seconds from now. Each unit once at most, days before
/// hours before minutes; at least one.
fn from_now(text: &str) -> Option<u64> {
    let lower = text.to_ascii_lowercase();
    // "in 2h" as English says it, "en 2h" Spanish, "dalam 2h" Indonesian; the units stay d,
    // h, m in every language.
    let rest = ["in ", "en ", "dalam "]
        .iter()
        .find_map(|word| lower.strip_prefix(word))
        .unwrap_or(&lower);
    let mut total: u64 = 0;
    let mut units_left = "dhm";
    let mut number = String::new();
    let mut any = false;
    for c in rest.chars() {
        match c {
            '0'..='9' => number.push(c),
            ' ' if number.is_empty() => {}
            'd' | 'h' | 'm' if !number.is_empty() => {
                let at = units_left.find(c)?;
                units_left = &units_left[at + 1..];
                let unit: u64 = match c {
                    'd' => 86_400,
                    'h' => 3_600,
                    _ => 60,
                };
                let amount: u64 = number.parse().ok()?;
                total = total.checked_add(amount.checked_mul(unit)?)?;
                number.clear();
                any = true;
            }
            _ => return None,
        }
    }
    (any && number.is_empty()).then_some(total)
}

/// `2026-12-20 20:00 UTC`, `2026-12-20T20:00+01:00`, `2026-12-20 20:00 UTC-3`: a date, a
/// time (seconds optional) and the offset from UTC, which may not be left out.
fn dated(text: &str) -> Option<u64> {
    // The date holds only digits and dashes: the first space or `T` ends it.
    let cut = text.find([' ', 'T', 't'])?;
    let (date, rest) = (&text[..cut], text[cut + 1..].trim());
    let split = rest
        .find(|c: char| !(c.is_ascii_digit() || c == ':'))
        .unwrap_or(rest.len());
    let (time, zone) = rest.split_at(split);
    let offset = offset_seconds(zone.trim())?;
    let time = if time.matches(':').count() == 1 {
        format!("{time}:00")
    } else {
        time.to_string()
    };
    let naive =
        NaiveDateTime::parse_from_str(&format!("{date} {time}"), "%Y-%m-%d %H:%M:%S").ok()?;
    let zone = FixedOffset::east_opt(offset)?;
    let at: DateTime<FixedOffset> = naive.and_local_timezone(zone).single()?;
    u64::try_from(at.timestamp()).ok()
}

/// `UTC`, `GMT`, `Z`, `+01:00`, `-0300`, `+7`, `UTC+7`, `GMT-03:30`: seconds east of UTC,
/// within ±14 h (the farthest offsets in use).
fn offset_seconds(zone: &str) -> Option<i32> {
    let upper = zone.to_ascii_uppercase();
    let signed = ["UTC", "GMT", "Z"]
        .iter()
        .find_map(|name| upper.strip_prefix(name))
        .unwrap_or(&upper)
        .trim();
    if signed.is_empty() {
        return (upper != signed).then_some(0);
    }
    let mut chars = signed.chars();
    let sign = match chars.next() {
        Some('+') => 1,
        Some('-' | '−') => -1,
        _ => return None,
    };
    let digits = chars.as_str();
    let (hours, minutes) = match digits.split_once(':') {
        Some((hours, minutes)) => (hours, minutes),
        None if digits.len() > 2 => digits.split_at(digits.len() - 2),
        None => (digits, "0"),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(hours) || !all_digits(minutes) || hours.len() > 2 || minutes.len() > 2 {
        return None;
    }
    let hours: i32 = hours.parse().ok()?;
    let minutes: i32 = minutes.parse().ok()?;
    if minutes >= 60 || hours * 60 + minutes > 14 * 60 {
        return None;
    }
    Some(sign * (hours * 3_600 + minutes * 60))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-06 17:00:00 UTC.
    const NOW: u64 = 1_796_576_400;

    #[test]
    fn a_start_from_now_counts_days_hours_and_minutes() {
        assert_eq!(read_start("in 2h", NOW), Some(NOW + 7_200));
        assert_eq!(read_start("90m", NOW), Some(NOW + 5_400));
        assert_eq!(read_start("1d 4h", NOW), Some(NOW + 100_800));
        assert_eq!(read_start("2h30m", NOW), Some(NOW + 9_000));
        assert_eq!(read_start("In 2H 30M", NOW), Some(NOW + 9_000));
        assert_eq!(read_start("en 2h", NOW), Some(NOW + 7_200));
        assert_eq!(read_start("dalam 1d", NOW), Some(NOW + 86_400));
        // A bare number is Unix seconds, never minutes or hours from now.
        assert_eq!(from_now("2"), None);
        assert_eq!(read_start("90", NOW), Some(90));
        for unreadable in ["in", "h", "2x", "30m 2h", "2h 2h", "in -2h", "2.5h", ""] {
            assert_eq!(read_start(unreadable, NOW), None, "{unreadable}");
        }
        assert_eq!(read_start("99999999999999999999d", NOW), None);
    }

    #[test]
    fn a_date_is_read_with_its_offset_and_never_without_one() {
        let eight_pm_utc = 1_797_796_800; // 2026-12-20 20:00 UTC
        for text in [
            "2026-12-20 20:00 UTC",
            "2026-12-20 20:00 utc",
            "2026-12-20T20:00Z",
            "2026-12-20 20:00:00 GMT",
            "2026-12-20 21:00 +01:00",
            "2026-12-20 21:00+0100",
            "2026-12-20 17:00 -03",
            "2026-12-21 03:00 UTC+7",
            "2026-12-20 16:30 GMT-03:30",
            "2026-12-20 16:30 UTC−03:30",
        ] {
            assert_eq!(read_start(text, NOW), Some(eight_pm_utc), "{text}");
        }
        for refused in [
            "2026-12-20 20:00",
            "2026-12-20",
            "20:00 UTC",
            "2026-12-20 20:00 CET",
            "2026-12-20 20:00 +15:00",
            "2026-12-20 20:00 +01:60",
            "2026-02-30 20:00 UTC",
            "2026-12-20 25:00 UTC",
        ] {
            assert_eq!(read_start(refused, NOW), None, "{refused}");
        }
    }

    #[test]
    fn a_discord_timestamp_or_unix_seconds_is_taken_as_it_is() {
        assert_eq!(read_start("<t:1797796800>", NOW), Some(1_797_796_800));
        assert_eq!(read_start("<t:1797796800:F>", NOW), Some(1_797_796_800));
        assert_eq!(read_start(" 1797796800 ", NOW), Some(1_797_796_800));
        for refused in ["<t:1797796800:FF>", "<t:abc>", "<t:1797796800", "<t:>"] {
            assert_eq!(read_start(refused, NOW), None, "{refused}");
        }
    }
}
