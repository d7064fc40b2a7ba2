//! The Register and Unregister buttons of a multi-table event's message: the clicker enters
//! (as with `/join`) or unregisters before the start (as with `/leave`), answered privately;
//! the event's message shows the field. Deferred, privately, once [`DEFER_CLICK_AFTER`]
//! passes with no answer, so an entry made is never told "This interaction failed".

use crate::bank::{EventRecord, InteractionId, TournamentId};
use crate::bot::events::entry::{self, EventRefused};
use crate::bot::reply::{Answer, deferring};

use super::{Click, DEFER_CLICK_AFTER};

impl Click<'_> {
    pub(super) async fn event_entry(&self, event: TournamentId, register: bool) {
        let defer_at = crate::bot::interaction_age::defer_at(
            self.bot,
            self.interaction.id.get(),
            DEFER_CLICK_AFTER,
        );
        let defer = async {
            match self.interaction.defer_ephemeral(&self.ctx.http).await {
                Ok(()) => true,
                Err(error) => {
                    tracing::warn!(%error, "deferring a slow event click failed");
                    false
                }
            }
        };
        let (answer, deferred) =
            deferring(defer_at, self.event_answer(event, register), defer).await;
        self.answer_privately(answer.text, deferred.unwrap_or(false))
            .await;
    }

    async fn event_answer(&self, event: TournamentId, register: bool) -> Answer {
        let caller = match self.caller_here().await {
            Ok(caller) => caller,
            Err(refused) => return refused,
        };
        let read = self.bot.bank().event(event).await;
        let here = |record: &EventRecord| (record.guild, record.channel);
        let record = match self
            .record_here(&caller, read, here, &EventRefused::NoneHere)
            .await
        {
            Ok(record) => record,
            Err(refused) => return refused,
        };
        let what = if register {
            "event-register"
        } else {
            "event-unregister"
        };
        let reference =
            crate::bank::interaction_reference(InteractionId(self.interaction.id.get()), what);
        if register {
            entry::enter(caller, reference, record).await
        } else {
            entry::unregister(caller, reference, record).await
        }
    }
}
