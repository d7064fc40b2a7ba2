//! A live event's one message in its channel and the task that keeps it: posted once (its
//! id kept in the bank's notes of the event, so a restart finds it again and edits it),
//! then rendered again (`render::event_message`) whenever the coordinator tells something
//! that changes it, or a registration does, and edited through the outbox. Edits are
//! spaced: at most one every [`EDIT_GAP`] for what players wait to see (a level, a bust, a
//! pause, a registration), one every [`ROUTINE_GAP`] for the stacks a hand moved, so 143
//! tables dealing at once make one edit at a time, far inside the channel's write limit
//! (and the outbox coalesces an edit still waiting with the next). A message Discord will
//! no longer edit (older than an hour: 30046, or deleted) is replaced by a new one, the old
//! one deleted: the channel always holds one.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{Notify, broadcast};
use tokio::time::Instant;

use crate::bank::{
    EventNote, EventNotes, EventPhase as BankPhase, EventRecord, TableId, TournamentId,
};
use crate::bot::Bot;
use crate::bot::custom_id::ButtonId;
use crate::bot::limits;
use crate::bot::presenter::{BoardMessage, Button};
use crate::lobby::event::{EventHandle, EventNotice};
use crate::render::event_message::{EventPhase, event_message};
use crate::render::event_table::EventTableHeader;
use crate::render::{Locale, tr};
use crate::tournament::multi::schedule::ScheduledEvent;

use super::{now_unix, reminder, tables};

/// The least time between two edits of the message for a change players wait to see.
pub(super) const EDIT_GAP: Duration = Duration::from_secs(3);
/// The least time between two edits for the stacks a hand moved, and nothing else.
pub(super) const ROUTINE_GAP: Duration = Duration::from_secs(30);
/// How many unknown names one render asks Discord for (each a request).
const NAMES_ASKED: usize = 25;

/// How soon a change is to be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Change {
    None,
    Routine,
    Awaited,
}

/// The event's clock as the notices told it, and when.
struct Clock {
    clock: u64,
    at: Instant,
    paused: bool,
}

impl Clock {
    fn now(&self) -> u64 {
        if self.paused {
            return self.clock;
        }
        self.clock.saturating_add(self.at.elapsed().as_secs())
    }
}

struct Board {
    id: TournamentId,
    record: EventRecord,
    notes: EventNotes,
    locale: Locale,
    clock: Clock,
    /// Each live table's thread, by the table's number, as the bank kept them.
    channels: BTreeMap<u32, TableId>,
    /// Every table's thread seen: archived once the event ends (the bank forgets them then).
    threads: BTreeSet<TableId>,
    /// The level the tables last dealt.
    level: Option<usize>,
    /// Players given a first seat, by their table's thread, not yet told.
    seated: BTreeMap<TableId, Vec<crate::ids::UserId>>,
}

/// Keeps `handle`'s event message until the event ends (or its coordinator halts).
pub(super) async fn keep(bot: &Bot, handle: EventHandle, poke: Arc<Notify>) {
    let mut notices = handle.subscribe();
    let Some(mut board) = Board::load(bot, handle.id()).await else {
        return;
    };
    board.show(bot).await;
    // A resumed event's tables may have dealt before this keeper listened: each one open
    // is headed as its record stands and presented now (the others at their first hand),
    // so that its first board is the event's even before its hand's notice is read.
    board.head_unheaded_tables(bot);
    board.present_tables(bot);
    let mut change = Change::None;
    let mut last_edit = Instant::now();
    loop {
        let due = match change {
            Change::None => None,
            Change::Routine => Some(last_edit + ROUTINE_GAP),
            Change::Awaited => Some(last_edit + EDIT_GAP),
        };
        let reminder_at = board.reminder_at();
        let wake = [due, reminder_at].into_iter().flatten().min();
        let sleep = async {
            match wake {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            received = notices.recv() => match received {
                Ok(notice) => {
                    let (told, ended) = board.take(bot, notice).await;
                    change = change.max(told);
                    if ended {
                        board.refresh(bot).await;
                        board.show(bot).await;
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    // A hand dealt, a table opened may be among the notices missed: the
                    // bank says which tables play where.
                    board.reload_tables(bot).await;
                    change = Change::Awaited;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            () = poke.notified() => change = Change::Awaited,
            () = sleep => {
                if board.reminder_at().is_some_and(|at| at <= Instant::now()) {
                    board.remind(bot).await;
                }
                if due.is_some_and(|at| at <= Instant::now()) {
                    board.refresh(bot).await;
                    board.show(bot).await;
                    last_edit = Instant::now();
                    change = Change::None;
                }
            }
        }
    }
}

impl Board {
    async fn load(bot: &Bot, id: TournamentId) -> Option<Board> {
        let bank = bot.bank();
        let record = match bank.event(id).await {
            Ok(Some(record)) => record,
            Ok(None) => return None,
            Err(error) => {
                tracing::warn!(%error, "the event's record could not be read for its message");
                return None;
            }
        };
        let notes = bank.event_notes(id).await.unwrap_or_default();
        let paused = bank.event_paused(id).await.unwrap_or(false);
        let locale = bot.public_locale(record.guild, record.channel);
        let clock = Clock {
            clock: record.clock,
            at: Instant::now(),
            paused,
        };
        let channels = bank.event_channels(id).await.unwrap_or_default();
        let threads = channels.values().copied().collect();
        Some(Board {
            id,
            record,
            notes,
            locale,
            clock,
            channels,
            threads,
            level: None,
            seated: BTreeMap::new(),
        })
    }

    /// The tables' threads read again, and every table not yet headed headed as the record
    /// stands, then presented.
    async fn reload_tables(&mut self, bot: &Bot) {
        self.refresh(bot).await;
        match bot.bank().event_channels(self.id).await {
            Ok(kept) => self.channels.extend(kept),
            Err(error) => tracing::warn!(%error, "the event's threads could not be read"),
        }
        self.threads.extend(self.channels.values().copied());
        self.head_unheaded_tables(bot);
        self.present_tables(bot);
    }

    /// Each table seated in the record, in its kept thread, that has no header yet is headed
    /// at the level where the event's clock stands (a hand's own level comes with its
    /// notice): a board presented before that notice is read is the event's all the same.
    fn head_unheaded_tables(&self, bot: &Bot) {
        let Some(event) = self.record.event() else {
            return;
        };
        let level = event.clock_at(self.clock.now()).level;
        for table in event.seating().numbers() {
            let Some(&channel) = self.channels.get(&table) else {
                continue;
            };
            if bot.event_table_header(channel).is_none() {
                self.head_table(bot, channel, table, level);
            }
        }
    }

    /// Every table of the event open in its thread gets the bot's table presenter.
    fn present_tables(&self, bot: &Bot) {
        for &thread in &self.threads {
            tables::present(bot, thread);
        }
    }

    /// Table `channel` deals: kept among the event's threads, and presented.
    fn present_table(&mut self, bot: &Bot, channel: TableId) {
        self.threads.insert(channel);
        tables::present(bot, channel);
    }

    /// Table `table` in `channel` deals at `level` (from 0): it is headed and presented;
    /// a new level is awaited on the message.
    fn dealt(
        &mut self,
        bot: &Bot,
        (table, channel): (u32, TableId),
        level: usize,
        clock: u64,
    ) -> Change {
        self.channels.insert(table, channel);
        self.head_table(bot, channel, table, level);
        self.present_table(bot, channel);
        self.tick(clock, self.clock.paused);
        let leveled = self
            .level
            .replace(level)
            .is_some_and(|shown| shown != level);
        if leveled {
            Change::Awaited
        } else {
            Change::None
        }
    }

    /// The header of the board table `table` deals at `level` (from 0) in `channel`.
    fn head_table(&self, bot: &Bot, channel: TableId, table: u32, level: usize) {
        // Past the structure's last level, its stakes stay.
        let levels = self.record.settings.structure.levels();
        let Some(stakes) = levels.get(level).or(levels.last()).map(|l| l.stakes) else {
            return;
        };
        let players_left = self
            .record
            .event()
            .map_or(0, |event| event.field().players_left());
        let header = EventTableHeader {
            name: self.record.name.clone(),
            table,
            level: level.saturating_add(1),
            stakes,
            players_left,
        };
        bot.set_event_table_header(channel, header);
    }

    /// The record read again (a registration, a bust, the end).
    async fn refresh(&mut self, bot: &Bot) {
        match bot.bank().event(self.id).await {
            Ok(Some(record)) => self.record = record,
            Ok(None) => {}
            Err(error) => tracing::warn!(%error, "the event's record could not be read"),
        }
    }

    fn scheduled(&self) -> ScheduledEvent {
        ScheduledEvent {
            name: self.record.name.clone(),
            start_unix: self.record.starts_at,
            settings: self.record.settings.clone(),
            computers_allowed: self.notes.computers_allowed,
            scheduled_unix: self.notes.scheduled_at,
        }
    }

    /// What a notice changes, and whether the event has ended.
    async fn take(&mut self, bot: &Bot, notice: EventNotice) -> (Change, bool) {
        match notice {
            EventNotice::Playing {
                clock,
                tables,
                started,
            } => {
                self.channels.extend(tables.iter().copied());
                self.threads
                    .extend(tables.iter().map(|&(_, channel)| channel));
                self.tick(clock, false);
                self.refresh(bot).await;
                // At the start (not a restart's resume, even one within its first second)
                // everyone learns their table.
                if started {
                    self.seat_everyone(&tables);
                }
                (Change::Awaited, false)
            }
            EventNotice::HandDealt {
                table,
                level,
                clock,
                channel,
                ..
            } => (self.dealt(bot, (table, channel), level, clock), false),
            // The record is read again only when the message is shown: at 143 tables a
            // hand ends every few hundred milliseconds.
            EventNotice::HandRecorded { .. } => (Change::Routine, false),
            EventNotice::Out { .. } => {
                // The players left, as the next boards' headers count them.
                self.refresh(bot).await;
                (Change::Awaited, false)
            }
            EventNotice::Moved {
                user,
                to,
                channel,
                from,
                ..
            } => {
                self.channels.insert(to, channel);
                self.threads.insert(channel);
                match from {
                    Some(from) => {
                        tables::tell_moved(bot, self.locale, user, from, to, channel);
                        (Change::Routine, false)
                    }
                    // A first seat (the start's draw, or a late entry): told with the others
                    // seated there meanwhile, in one message per thread.
                    None => {
                        self.seated.entry(channel).or_default().push(user);
                        (Change::Awaited, false)
                    }
                }
            }
            EventNotice::TableClosed { table, channel } => {
                self.channels.remove(&table);
                tables::close(bot, channel);
                (Change::Awaited, false)
            }
            EventNotice::Paused { clock } => {
                self.tick(clock, true);
                (Change::Awaited, false)
            }
            EventNotice::Resumed { clock } => {
                self.tick(clock, false);
                (Change::Awaited, false)
            }
            EventNotice::Over { .. } | EventNotice::Cancelled { .. } => {
                for &thread in &self.threads {
                    tables::close(bot, thread);
                }
                (Change::Awaited, true)
            }
            EventNotice::Halted { .. } => (Change::Awaited, true),
        }
    }

    /// Every player of the seats the start drew, to be told in their table's thread.
    fn seat_everyone(&mut self, tables: &[(u32, TableId)]) {
        let Some(event) = self.record.event() else {
            return;
        };
        for table in event.seating().tables() {
            let Some(&(_, channel)) = tables.iter().find(|(number, _)| *number == table.number)
            else {
                continue;
            };
            let users = table
                .seated()
                .filter_map(|(_, entry)| self.record.user_of(entry));
            self.seated.entry(channel).or_default().extend(users);
        }
    }

    fn tick(&mut self, clock: u64, paused: bool) {
        self.clock = Clock {
            clock,
            at: Instant::now(),
            paused,
        };
    }

    /// The message as it stands.
    async fn render(&self, bot: &Bot) -> BoardMessage {
        let scheduled = self.scheduled();
        let guild = self.record.guild;
        let names = bot.names().clone();
        let name_of = move |user: crate::ids::UserId| names.name_in(guild, user);
        let limit = limits::MESSAGE_TEXT;
        let mut buttons = Vec::new();
        let content = match &self.record.phase {
            BankPhase::Scheduled => {
                let users = &self.record.registered;
                let unknown: Vec<_> = users.iter().copied().take(NAMES_ASKED).collect();
                bot.resolve_names(unknown).await;
                let registered: Vec<String> = users.iter().map(|&user| name_of(user)).collect();
                buttons = self.buttons(true);
                let phase = EventPhase::Registering {
                    registered: &registered,
                };
                event_message(self.locale, &scheduled, &phase, &name_of, limit)
            }
            BankPhase::Running(event) => {
                let late = scheduled.settings.late_registration_end();
                if !event.is_over() && late.is_none_or(|end| self.clock.now() < end) {
                    buttons = self.buttons(false);
                }
                let phase = EventPhase::Running {
                    event,
                    clock: self.clock.now(),
                    now_unix: now_unix(),
                    paused: self.clock.paused,
                };
                event_message(self.locale, &scheduled, &phase, &name_of, limit)
            }
            BankPhase::Finished(event) => {
                let phase = EventPhase::Finished { event };
                event_message(self.locale, &scheduled, &phase, &name_of, limit)
            }
            BankPhase::Cancelled { event, paid } => {
                let shares: &[(crate::ids::UserId, u64)] =
                    if self.record.refunded() || event.is_none() {
                        &[]
                    } else {
                        paid
                    };
                let phase = EventPhase::Cancelled { shares };
                event_message(self.locale, &scheduled, &phase, &name_of, limit)
            }
        };
        BoardMessage {
            content,
            buttons,
            mention: None,
        }
    }

    /// Register (and, before the start, Unregister).
    fn buttons(&self, unregister: bool) -> Vec<Button> {
        let button = |register: bool, id: &str| Button {
            custom_id: ButtonId::EventEntry {
                event: self.id.0,
                register,
            }
            .encode(),
            label: tr(self.locale, id, &[]),
            style: if register {
                poise::serenity_prelude::ButtonStyle::Primary
            } else {
                poise::serenity_prelude::ButtonStyle::Secondary
            },
        };
        let mut buttons = vec![button(true, "tournament-register-button")];
        if unregister {
            buttons.push(button(false, "event-unregister-button"));
        }
        buttons
    }

    /// Posts the message (once) or edits the one kept; a message Discord will no longer
    /// edit is replaced.
    async fn show(&mut self, bot: &Bot) {
        for (channel, users) in std::mem::take(&mut self.seated) {
            tables::tell_seated(bot, self.locale, &users, channel);
        }
        let body = self.render(bot).await.to_json(false);
        let channel = self.record.channel.0;
        if let Some(message) = self.notes.message {
            let answer = bot
                .outbox()
                .edit(channel, message, body.clone(), None)
                .await;
            match answer {
                Ok(Ok(())) | Err(_) => return,
                Ok(Err(error)) if error.is_old_message_edit() || error.is_unknown_message() => {
                    tracing::info!(message, "the event's message is replaced");
                    if !error.is_unknown_message() {
                        bot.outbox().delete(channel, message);
                    }
                    self.forget(bot, message).await;
                }
                Ok(Err(error)) => {
                    tracing::warn!(%error, "editing the event's message failed");
                    return;
                }
            }
        }
        match bot.outbox().post(channel, body).await {
            Ok(posted) => self.keep_message(bot, posted).await,
            Err(error) => tracing::warn!(%error, "posting the event's message failed"),
        }
    }

    async fn keep_message(&mut self, bot: &Bot, posted: u64) {
        let note = EventNote::Message(posted);
        match bot
            .bank()
            .note_event(self.record.guild, self.id, note)
            .await
        {
            Ok(kept) if kept == posted => self.notes.message = Some(posted),
            Ok(kept) => {
                // Another keeper's message was kept first: ours goes.
                bot.outbox().delete(self.record.channel.0, posted);
                self.notes.message = Some(kept);
            }
            Err(error) => {
                tracing::warn!(%error, "the event's message could not be kept");
                self.notes.message = Some(posted);
            }
        }
    }

    async fn forget(&mut self, bot: &Bot, message: u64) {
        let note = EventNote::MessageGone(message);
        if let Err(error) = bot
            .bank()
            .note_event(self.record.guild, self.id, note)
            .await
        {
            tracing::warn!(%error, "the event's old message could not be forgotten");
        }
        self.notes.message = None;
    }

    /// When the reminder is to be sent, if it is still to be.
    fn reminder_at(&self) -> Option<Instant> {
        // When it was scheduled is unknown (its notes were never kept): it may have been
        // minutes ago, inside the reminder's window, so no reminder rather than a late one.
        if self.notes.reminded
            || self.notes.scheduled_at == 0
            || !matches!(self.record.phase, BankPhase::Scheduled)
        {
            return None;
        }
        let at = crate::bot::reminders::reminder_time(&self.scheduled())?;
        let wait = at.saturating_sub(now_unix());
        Some(Instant::now() + Duration::from_secs(wait))
    }

    async fn remind(&mut self, bot: &Bot) {
        self.refresh(bot).await;
        let scheduled = self.scheduled();
        let due = crate::bot::reminders::reminder_due(&scheduled, now_unix(), self.notes.reminded);
        // Marked before it is sent (and when it was not due, its time passed with the
        // start): a restart never sends it twice; a crash between the two loses it, and the
        // event's message still counts down to the start.
        self.notes.reminded = true;
        if let Err(error) = bot
            .bank()
            .note_event(self.record.guild, self.id, EventNote::Reminded)
            .await
        {
            tracing::warn!(%error, "the reminder could not be marked sent: not sent");
            return;
        }
        if due {
            reminder::send(bot, &self.record, &scheduled, self.locale).await;
        }
    }
}
