//! What a multi-table event's coordinator tells and what it is given: the notices it
//! publishes (for the event's message, each table's channel and the players), the commands
//! a moderator sends it, and the channels a front end gives its tables ([`EventTables`]).

use crate::bank::{BankError, GuildId, Payouts, TableId, TournamentId, UserId};

/// Gives each table of an event its channel (Discord: a thread under the event's channel;
/// the terminal and tests: plain ids). Asked again for the same table after a restart, it
/// answers the same channel: the table plays on where its players are.
#[async_trait::async_trait]
pub trait EventTables: Send + Sync {
    /// The channel table `table` (from 1) of `event`, scheduled in `channel`, plays in.
    async fn table_channel(
        &self,
        guild: GuildId,
        event: TournamentId,
        channel: TableId,
        table: u32,
    ) -> Result<TableId, String>;
}

/// Plain channel ids: table `t` of event `e` plays in `first + e * 1000 + t`, the same
/// after a restart.
#[derive(Debug, Clone, Copy)]
pub struct NumberedTables {
    pub first: u64,
}

#[async_trait::async_trait]
impl EventTables for NumberedTables {
    async fn table_channel(
        &self,
        _guild: GuildId,
        event: TournamentId,
        _channel: TableId,
        table: u32,
    ) -> Result<TableId, String> {
        event
            .0
            .checked_mul(1_000)
            .and_then(|base| base.checked_add(self.first))
            .and_then(|base| base.checked_add(u64::from(table)))
            .map(TableId)
            .ok_or_else(|| format!("no channel number for event {} table {table}", event.0))
    }
}

/// One place of a finished event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventPlace {
    pub place: usize,
    pub user: UserId,
    pub prize: u64,
}

/// What the coordinator tells, in the order it happens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventNotice {
    /// The event plays (at its start, or resumed after a restart at `clock`), its tables in
    /// these channels.
    Playing {
        clock: u64,
        tables: Vec<(u32, TableId)>,
        /// This coordinator started the event (the players are told their seats); not a
        /// restart's resume of a running event, whatever its clock.
        started: bool,
    },
    /// A table deals a hand. `players` at it; `fewest` and `largest` at any table of the
    /// event.
    HandDealt {
        table: u32,
        channel: TableId,
        number: u64,
        level: usize,
        /// The round of hand-for-hand it plays, if one is under way.
        round: Option<u64>,
        players: usize,
        /// Who is dealt in, in deal order.
        dealt: Vec<UserId>,
        fewest: usize,
        largest: usize,
        clock: u64,
    },
    /// The bank recorded a table's hand: its result may be told.
    HandRecorded {
        table: u32,
        channel: TableId,
        number: u64,
    },
    /// A player is out: their place and the prize the bank paid them with the hand.
    Out {
        user: UserId,
        place: usize,
        prize: u64,
    },
    /// A player moves (or takes a first seat): told in the new table's channel.
    Moved {
        user: UserId,
        from: Option<u32>,
        to: u32,
        chair: usize,
        channel: TableId,
    },
    /// A table broke: it deals no more.
    TableClosed {
        table: u32,
        channel: TableId,
    },
    /// A moderator's pause: the clock stops, and every table once its hand is over.
    Paused {
        clock: u64,
    },
    Resumed {
        clock: u64,
    },
    /// The last hand: every place and prize. The tables close.
    Over {
        places: Vec<EventPlace>,
    },
    /// Cancelled between hands: what the cancel paid each player.
    Cancelled {
        paid: Payouts,
    },
    /// The coordinator stopped on a fault; a restart resumes the event from the bank.
    Halted {
        reason: String,
    },
}

/// A moderator's command to a running event.
#[derive(Debug)]
pub(crate) enum EventCommand {
    Pause,
    Resume,
    /// A late entry or a re-entry, made through the bank at the coordinator's clock and
    /// applied to its copy in the same order; answered with which of the user's entries it is.
    Enter {
        user: UserId,
        reference: String,
        reply: tokio::sync::oneshot::Sender<Result<u64, BankError>>,
    },
    /// Cancel once every table is between hands, with the bank reference the cancel carries.
    Cancel {
        reference: String,
    },
    /// Stop between two bank calls (a shutdown): the hands in play are dealt again by the
    /// next coordinator.
    Shutdown,
}
