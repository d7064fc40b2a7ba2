//! The start of an event and its resume: waiting for its start time (registrations taken
//! meanwhile), the start's draw of the seats, and the event playing from its record after a
//! start or a restart (the clock where the bank left it, each table's channel, who sits out,
//! a moderator's pause kept).

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::task::JoinSet;

use super::{Coordinator, Play, START_AGAIN_AFTER};
use crate::bank::{BankError, EventPhase};
use crate::lobby::event::clock::EventClock;
use crate::lobby::event::notice::{EventCommand, EventNotice};
use crate::lobby::event::tables::TableActors;
use crate::tournament::multi::Event;

impl Coordinator {
    /// The event's running copy: read from the bank, waiting for its start time and starting
    /// it if it has not started; `None` when it ended before (cancelled meanwhile). With it,
    /// whether this coordinator started it (not a restart's resume of a running event).
    pub(super) async fn started(&mut self) -> Result<Option<(Event, bool)>, String> {
        let mut started_here = false;
        loop {
            let record = self.record().await?;
            match record.phase {
                EventPhase::Running(event) => return Ok(Some((*event, started_here))),
                EventPhase::Scheduled => {}
                _ => return Ok(None),
            }
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |since| since.as_secs());
            let wait = Duration::from_secs(record.starts_at.saturating_sub(now));
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                Some(command) = self.commands.recv() => {
                    match command {
                        EventCommand::Cancel { reference } => {
                            return self.cancel_now(&reference).await.map(|()| None);
                        }
                        EventCommand::Shutdown => return Ok(None),
                        // Before the start an entry is a registration: nothing to seat.
                        EventCommand::Enter { user, reference, reply } => {
                            let entered = self
                                .bank
                                .enter_event(self.guild, self.id, user, 0, &reference)
                                .await;
                            let _ = reply.send(entered);
                            continue;
                        }
                        _ => continue,
                    }
                }
            }
            match self
                .bank
                .start_event(self.guild, self.id, self.draw_seed())
                .await
            {
                Ok(()) => started_here = true,
                // Too few came: the cancel gives every buy-in back.
                Err(BankError::TooFewEntrants { .. }) => {
                    let reference = format!("event:{}:too-few", self.id.0);
                    return self.cancel_now(&reference).await.map(|()| None);
                }
                // The bank's clock is behind the machine's: ask again once it may have
                // reached the start, rather than give the event up.
                Err(BankError::EventNotYet { .. }) => {
                    tokio::time::sleep(START_AGAIN_AFTER).await;
                }
                Err(error) => return Err(format!("the event could not start: {error}")),
            }
        }
    }

    /// The seed of the start's draw of the seats: from the lobby's deck seed when it has
    /// one (tests and `--seed`: the same event each time), else at random.
    pub(super) fn draw_seed(&self) -> u64 {
        self.deck_seed.map_or_else(rand::random, |seed| {
            seed ^ self.id.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
    }

    /// The event playing from its record: the clock where the bank left it, the seats tidied
    /// with every table between hands, each table's channel.
    pub(super) async fn resumed(&mut self, event: Event, started: bool) -> Result<Play, String> {
        let record = self.record().await?;
        let table_size = event.settings().table_size;
        let mut play = Play {
            event,
            clock: EventClock::stopped_at(record.clock),
            channels: BTreeMap::new(),
            home: record.channel,
            hands: JoinSet::new(),
            cancel: None,
            actors: TableActors::new(self.lobby.clone(), self.guild, self.id, table_size),
        };
        // Who sat out sits out on: nobody is asked again after a restart.
        let away = self
            .bank
            .event_sitting_out(self.id)
            .await
            .map_err(|error| format!("who sits out could not be read: {error}"))?;
        play.actors.away.replace(away);
        // The clock starts once the tables can deal: opening them is not charged.
        let tables = play.event.seating().numbers();
        self.tidy(&mut play, tables, true).await?;
        let kept = self
            .bank
            .event_channels(self.id)
            .await
            .map_err(|error| format!("the tables' channels could not be read: {error}"))?;
        for table in play.event.seating().numbers() {
            let channel = match kept.get(&table) {
                Some(&channel) => channel,
                None => self.new_channel(play.home, table).await?,
            };
            play.channels.insert(table, channel);
        }
        self.tell(EventNotice::Playing {
            clock: play.clock.now(),
            tables: play.channels.iter().map(|(&t, &c)| (t, c)).collect(),
            started,
        });
        // A moderator's pause outlives a restart: the clock stays stopped until the resume.
        let paused = self
            .bank
            .event_paused(self.id)
            .await
            .map_err(|error| format!("the event's pause could not be read: {error}"))?;
        if paused {
            self.tell(EventNotice::Paused {
                clock: play.clock.now(),
            });
        } else {
            play.clock.start();
        }
        Ok(play)
    }
}
