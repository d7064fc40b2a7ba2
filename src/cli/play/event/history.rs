//! `history [N]` at a multi-table event's table: that table's hands (an event's thread
//! numbers only its own), each headed as the table's board is, by the event's name, the
//! table's number and the level the hand was dealt at.

use crate::bank::{TableId, TournamentId};
use crate::lobby::present;
use crate::render;
use crate::tournament::multi::EventSettings;

use super::super::session::PlaySession;

impl PlaySession {
    /// Hand `hand` (the last one when `None`) of table `table`, playing in `channel`, of
    /// `event`, told; `None` when there is no such hand.
    pub(in crate::cli::play) async fn event_table_history(
        &self,
        event: TournamentId,
        (channel, table): (TableId, u32),
        hand: Option<u64>,
    ) -> anyhow::Result<Option<String>> {
        let Some(history) = self.lobby.hand_history(channel, hand).await? else {
            return Ok(None);
        };
        let name_of = |user| self.name(user);
        let view = present::stored_history_view(&history, &name_of);
        let record = self.bank.event(event).await?;
        let level = record
            .as_ref()
            .and_then(|record| level_of(&record.settings, history.stakes));
        let told = match (record, level) {
            (Some(record), Some(level)) => {
                render::event_table_history(self.locale, &record.name, (table, level), &view)
            }
            (record, _) => {
                let name = record.map_or_else(|| format!("#{}", event.0), |record| record.name);
                render::event_history_within(self.locale, &name, &view, render::TextLimit::NONE)
            }
        };
        Ok(Some(told))
    }
}

/// The level (from 1) a hand dealt at `stakes` was played at: the first of the event's
/// levels with those stakes (a structure raises them at each level).
fn level_of(settings: &EventSettings, stakes: crate::table::rules::Stakes) -> Option<usize> {
    let levels = settings.structure.levels();
    let index = levels.iter().position(|level| level.stakes == stakes)?;
    Some(index + 1)
}
