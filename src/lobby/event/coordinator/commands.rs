//! A moderator's commands: a pause (the clock stops, kept in the bank, every table once its
//! hand is over), a resume, an entry, a cancel, a shutdown.

use super::{Coordinator, Play};
use crate::lobby::event::notice::{EventCommand, EventNotice};

impl Coordinator {
    /// Acts on a moderator's command; answers whether to stop (a shutdown).
    pub(super) async fn obey(
        &mut self,
        play: &mut Play,
        command: EventCommand,
    ) -> Result<bool, String> {
        match command {
            EventCommand::Pause if play.clock.is_running() => {
                play.clock.stop();
                self.keep_pause(true, play.clock.now()).await?;
                // The clock's reading is kept, so a restart resumes from it.
                let dealing: Vec<u32> = play.event.tables_dealing().collect();
                let idle = play
                    .event
                    .seating()
                    .numbers()
                    .into_iter()
                    .filter(|t| !dealing.contains(t))
                    .collect();
                self.tidy(play, idle, dealing.is_empty()).await?;
                self.tell(EventNotice::Paused {
                    clock: play.clock.now(),
                });
            }
            EventCommand::Resume if !play.clock.is_running() => {
                self.keep_pause(false, play.clock.now()).await?;
                play.clock.start();
                self.tell(EventNotice::Resumed {
                    clock: play.clock.now(),
                });
            }
            EventCommand::Enter {
                user,
                reference,
                reply,
            } => {
                let entered = self.enter(play, user, &reference).await?;
                let _ = reply.send(entered);
            }
            EventCommand::Cancel { reference } => play.cancel = Some(reference),
            EventCommand::Shutdown => return Ok(true),
            EventCommand::Pause | EventCommand::Resume => {}
        }
        Ok(false)
    }

    /// Keeps the moderator's pause (or its end) in the bank, so a restart resumes as it was.
    pub(super) async fn keep_pause(&self, paused: bool, clock: u64) -> Result<(), String> {
        self.with_retries(|bank, guild, id| async move {
            bank.pause_event(guild, id, paused, clock).await
        })
        .await
    }
}
