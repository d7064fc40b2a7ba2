//! The table actors of one live event, as its coordinator holds them: one actor per table
//! (the same task as a cash table's, `crate::lobby::table::event_play`), opened in the
//! table's channel the first time it deals, registered in the lobby so the channel's
//! commands reach it, closed when the table breaks, and all closed with the coordinator
//! (whatever ends it: the event's end, a cancel, a shutdown, an abort), so no table of an
//! event outlives the coordinator that gives it hands.

use std::collections::BTreeMap;
use std::sync::{Arc, Weak};

use tokio::sync::oneshot;

use crate::bank::{GuildId, TableId, TournamentId, UserId};
use crate::lobby::command::TableCommand;
use crate::lobby::event_order::{EventAway, EventBust, EventDeal, EventHandEnd, EventOrder};
use crate::lobby::settings::TableSettings;
use crate::lobby::table::event_play::EventTablePlay;
use crate::lobby::table::{Chairs, TableInit};
use crate::lobby::{Lobby, LobbyShared, TableHandle};

pub(super) struct TableActors {
    lobby: Weak<LobbyShared>,
    guild: GuildId,
    event: TournamentId,
    /// Who sits out of the event, shared with every table.
    pub(super) away: EventAway,
    /// Every table's settings but its hands' game and stakes (each hand brings its own).
    settings: TableSettings,
    open: BTreeMap<u32, TableHandle>,
}

impl TableActors {
    pub(super) fn new(
        lobby: Weak<LobbyShared>,
        guild: GuildId,
        event: TournamentId,
        table_size: usize,
    ) -> TableActors {
        let settings = lobby
            .upgrade()
            .map_or_else(TableSettings::default, |shared| {
                shared.services.sit_and_go_table
            });
        TableActors {
            lobby,
            guild,
            event,
            away: EventAway::default(),
            settings: TableSettings {
                seats: u8::try_from(table_size).unwrap_or(u8::MAX),
                computer_players: 0,
                ..settings
            },
            open: BTreeMap::new(),
        }
    }

    /// Table `table`'s actor in `channel`, opened if it is not; `None` once the lobby is gone.
    fn actor(&mut self, table: u32, channel: TableId) -> Option<TableHandle> {
        if let Some(open) = self.open.get(&table).filter(|open| open.is_open()) {
            return Some(open.clone());
        }
        let shared = self.lobby.upgrade()?;
        let services = Arc::clone(&shared.services);
        let lobby = Lobby { shared };
        let init = TableInit {
            guild: self.guild,
            table: channel,
            settings: self.settings,
            seats: Chairs::default(),
            last_hand: 0,
            mix_from_hand: 0,
            paused: false,
            backlog: Vec::new(),
            services,
            tournament: None,
            event: Some(EventTablePlay::new(self.event, self.away.clone())),
        };
        // The coordinator decides when it deals: never held for a front end.
        let handle = lobby.spawn_as(init, false);
        self.open.insert(table, handle.clone());
        Some(handle)
    }

    /// Gives table `table` (in `channel`) its next hand; answers the hand's end, or why the
    /// table could not play it.
    pub(super) fn deal(
        &mut self,
        table: u32,
        channel: TableId,
        deal: impl FnOnce(oneshot::Sender<EventHandEnd>) -> EventDeal,
    ) -> impl Future<Output = Result<EventHandEnd, String>> + Send + 'static {
        let actor = self.actor(table, channel);
        let (done, answer) = oneshot::channel();
        let order = TableCommand::Event(EventOrder::Deal(Box::new(deal(done))));
        async move {
            let actor = actor.ok_or_else(|| format!("table {table} has no lobby to play in"))?;
            actor
                .sender
                .send(order)
                .await
                .map_err(|_| format!("table {table} closed before its hand"))?;
            answer
                .await
                .map_err(|_| format!("table {table} stopped in the middle of its hand"))
        }
    }

    /// Tells table `table` the bank recorded hand `number`, and whom it busted; answers
    /// once the table has told the hand's result (at once if it is gone: nobody to tell).
    pub(super) async fn recorded(&self, table: u32, number: u64, busts: Vec<EventBust>) {
        let Some(actor) = self.open.get(&table) else {
            return;
        };
        let (told, result_told) = oneshot::channel();
        let order = EventOrder::Recorded {
            number,
            busts,
            told,
        };
        if actor.sender.send(TableCommand::Event(order)).await.is_ok() {
            // The table tells it between two commands; an error is a table gone meanwhile.
            let _ = result_told.await;
        }
    }

    /// Tells table `table` that `user` moved away between its hands. A full queue drops
    /// it: the table's next hand seats only its players all the same.
    pub(super) fn left(&self, table: u32, user: UserId) {
        if let Some(actor) = self.open.get(&table) {
            let _ = actor
                .sender
                .try_send(TableCommand::Event(EventOrder::Left { user }));
        }
    }

    /// Table `table` deals no more: forgotten by the lobby, and its task ends.
    pub(super) fn close(&mut self, table: u32) {
        let Some(actor) = self.open.remove(&table) else {
            return;
        };
        let task = self
            .lobby
            .upgrade()
            .and_then(|shared| shared.forget_handle(&actor));
        let order = TableCommand::Event(EventOrder::Close);
        if let Err(tokio::sync::mpsc::error::TrySendError::Full(_)) = actor.sender.try_send(order)
            && let Some(task) = task
        {
            // Its queue is full: it is stopped at once instead (it holds nothing).
            task.abort();
        }
    }
}

impl Drop for TableActors {
    fn drop(&mut self) {
        let tables: Vec<u32> = self.open.keys().copied().collect();
        for table in tables {
            self.close(table);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coordinator tells a bust (`EventNotice::Out`) once `recorded` answers: a front end
    /// then tells the hand first, then the bust.
    #[tokio::test]
    async fn a_recorded_hand_is_answered_only_once_its_table_has_told_the_result() {
        let (sender, mut received) = tokio::sync::mpsc::channel(4);
        let mut actors = TableActors::new(Weak::new(), GuildId(1), TournamentId(1), 5);
        let handle = TableHandle {
            guild: GuildId(1),
            table: TableId(10),
            sender,
        };
        actors.open.insert(1, handle);
        let recorded = actors.recorded(1, 7, Vec::new());
        tokio::pin!(recorded);
        let told = tokio::select! {
            biased;
            () = &mut recorded => panic!("answered before the table had the order"),
            Some(TableCommand::Event(EventOrder::Recorded { number: 7, told, .. })) =
                received.recv() => told,
        };
        for _ in 0..10 {
            tokio::select! {
                biased;
                () = &mut recorded => panic!("answered before the table told the result"),
                () = tokio::task::yield_now() => {}
            }
        }
        told.send(()).unwrap();
        recorded.await;
    }
}
