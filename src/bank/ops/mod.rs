//! The bank's write operations, one type each (mini-redis `cmd/` style): each type owns its
//! arguments, its fingerprint (what its reference remembers it by) and its `apply`, which
//! validates and drafts its writes. The committer runs any [`Operation`] without knowing
//! which (see `committer::QueuedOperation`), so adding an operation is one file here plus its method on
//! `Bank`.

mod begin_hand;
mod buy_in;
mod cancel_hand;
mod cash_out;
mod close_table;
mod daily;
mod event_cancel;
mod event_computers;
mod event_entry;
mod event_pause;
mod event_play;
mod event_remind;
mod event_schedule;
mod event_sit_out;
mod give;
mod house_buy_in;
mod leased;
mod leases;
#[cfg(test)]
mod leases_tests;
mod moderate;
mod open_table;
mod prize_pool;
mod recover_all;
mod remove_table_settings;
mod save_preferences;
mod save_table_settings;
mod settle_hand;
#[cfg(test)]
mod testing;
mod tournament_cancel;
mod tournament_deal;
mod tournament_entry;
mod tournament_finish;
#[cfg(test)]
mod tournament_live_tests;
mod tournament_open;
mod tournament_pause;
mod tournament_record_hand;
mod tournament_register;
mod tournament_sit_out;
mod tournament_start;
#[cfg(test)]
mod tournament_testkit;
#[cfg(test)]
mod tournament_tests;
mod tournament_time_banks;
mod tournament_unregister;

pub(crate) use begin_hand::BeginHand;
pub(crate) use buy_in::BuyIn;
pub(crate) use cancel_hand::CancelHand;
pub(crate) use cash_out::CashOut;
pub(crate) use close_table::CloseTable;
pub(crate) use daily::Daily;
pub(crate) use event_cancel::CancelEvent;
pub(crate) use event_computers::EnterEventComputers;
pub use event_computers::free_computers;
pub(crate) use event_entry::{EnterEvent, UnregisterEvent, refusal_of as event_refusal_of};
pub(crate) use event_pause::{KeepEventChannel, PauseEvent};
pub(crate) use event_play::{RecordEventHand, StartEvent, TidyEvent};
pub use event_remind::{EventNote, EventNotes};
pub(crate) use event_remind::{NoteEvent, drafted_notes, stored_notes};
pub(crate) use event_schedule::ScheduleEvent;
pub(crate) use event_sit_out::SetEventSittingOut;
pub(crate) use give::Give;
pub(crate) use house_buy_in::HouseBuyIn;
pub(crate) use leased::Leased;
pub use leases::LeasesTaken;
pub(crate) use leases::{Guilds, RecoverUnleased, ReleaseLeases, RenewLeases, TakeLeases};
pub(crate) use moderate::{MintMove, Moderate};
pub(crate) use open_table::OpenTable;
pub(crate) use recover_all::{RecoverAll, RecoverTable};
pub(crate) use remove_table_settings::RemoveTableSettings;
pub(crate) use save_preferences::SavePreferences;
pub(crate) use save_table_settings::SaveTableSettings;
pub(crate) use settle_hand::SettleHand;
pub(crate) use tournament_cancel::{CancelTournament, RequestTournamentCancel};
pub(crate) use tournament_deal::{AnswerDeal, LapseDeal, ProposeDeal};
pub(crate) use tournament_finish::TournamentResultAnnounced;
pub(crate) use tournament_open::OpenTournament;
pub(crate) use tournament_pause::PauseTournament;
pub(crate) use tournament_record_hand::RecordTournamentHand;
pub(crate) use tournament_register::RegisterTournament;
pub(crate) use tournament_sit_out::{NewDealSeries, SetTournamentSittingOut};
pub(crate) use tournament_start::StartTournament;
pub(crate) use tournament_time_banks::SaveTournamentTimeBanks;
pub(crate) use tournament_unregister::UnregisterTournament;

use super::ledger::Draft;
use super::store::Prefetch;
// `Once` is the idempotency's own vocabulary; named here too, where every operation finds it.
pub(crate) use super::idempotency::Once;
use super::idempotency::{self, Stored};
use super::{BankError, EconomyConfig};

/// One write operation of the bank.
pub(crate) trait Operation: Clone + Send + 'static {
    /// What the caller is answered (and, for an operation with a reference, remembered).
    type Output: Stored + Send + 'static;

    /// The reference and fingerprint that make a retry take effect once; `None` for an
    /// operation idempotent by its own arguments (a hand number) or by what it does.
    fn once(&self) -> Option<Once> {
        None
    }

    /// Adds the keys and ranges `apply` is known to read, whatever they hold, for a store
    /// whose reads are round trips to read them all ahead at once (a read not listed is
    /// still made, in turn). Nothing by default.
    fn prefetch(&self, config: &EconomyConfig, wanted: &mut Prefetch) {
        let _ = (config, wanted);
    }

    /// Validates the operation over what `draft` sees and drafts its writes; a refusal's
    /// writes are dropped by the committer.
    fn apply(
        self,
        draft: &mut Draft<'_>,
        config: &EconomyConfig,
    ) -> Result<Self::Output, BankError>;
}

/// Runs `op` into `draft`, once per reference when it carries one.
pub(crate) fn run<O: Operation>(
    op: O,
    draft: &mut Draft<'_>,
    config: &EconomyConfig,
) -> Result<O::Output, BankError> {
    match op.once() {
        None => op.apply(draft, config),
        Some(once) => {
            idempotency::once_per_reference(draft, &once, |draft| op.apply(draft, config))
        }
    }
}
