//! The forms of the bank's references: every kind of reference an operation carries (a
//! Discord interaction's, a table's own operations, a settlement's, an opening balance's, a
//! sit & go's payouts, the operator's and the terminal game's) is made by one function here,
//! whose tests pin each form: a stored record is found again only by the same string. A leaf
//! of the bank's vocabulary; what a reference does (an operation takes effect once per
//! reference) is `idempotency`'s.

use super::vocab::TournamentId;
use crate::ids::{GuildId, InteractionId, TableId, UserId};

/// The bank reference of a Discord interaction's request: the same for every retry of it.
pub fn interaction_reference(interaction: InteractionId, what: &str) -> String {
    format!("discord:{}:{what}", interaction.0)
}

/// The bank reference of a table's own operation: the lobby `session` (new at every start,
/// so an earlier process's references are never reused), the table, and `what` (numbered by
/// the table when it repeats).
pub fn table_reference(session: u64, table: TableId, what: &str) -> String {
    format!("lobby:{session:x}:{}:{what}", table.0)
}

/// The reference every movement of a settlement carries: one per hand of a table, so the
/// movements of a hand can be found, and a hand is never settled twice.
pub fn settlement_reference(table: TableId, hand: u64) -> String {
    format!("hand:{}:{hand}", table.0)
}

/// The reference of a player's opening balance: one per member of a guild, ever.
pub(crate) fn opening_reference(guild: GuildId, user: UserId) -> String {
    format!("opening:{}:{}", guild.0, user.0)
}

/// The reference every prize of sit & go `tournament` carries.
pub(crate) fn payout_reference(tournament: TournamentId) -> String {
    format!("tournament:{}:payouts", tournament.0)
}

/// The reference of the computer player entered in `seat` by the sit & go start that
/// carried `start`: a retried start enters each computer once.
pub(crate) fn computer_entry_reference(start: &str, seat: usize) -> String {
    format!("{start}:computer:{seat}")
}

/// The reference of a failed table's close. `nonce` makes it unique per failure: a channel's
/// table may fail, reopen and fail again in one lobby session.
pub fn failed_close_reference(session: u64, table: TableId, nonce: u64) -> String {
    table_reference(session, table, &format!("failed-close:{nonce}"))
}

/// The reference of an operator's `close-table` of `table`: the same every run, so a close
/// that went through answers what it paid when it is run again.
pub fn operator_close_reference(table: TableId) -> String {
    format!("operator:close-table:{}", table.0)
}

/// The reference of the cancel of sit & go `tournament` because its channel (or thread) is
/// gone or its server removed the bot: the same whichever event or start finds it, so
/// finding it twice cancels once.
pub fn channel_gone_cancel_reference(tournament: TournamentId) -> String {
    format!("tournament:{}:channel-gone", tournament.0)
}

/// The reference of an operator's cancel of sit & go `tournament` on a stopped bot's data
/// directory: the same every run, so a cancel that went through answers what it paid.
pub fn operator_cancel_reference(tournament: TournamentId) -> String {
    format!("operator:cancel-sit-and-go:{}", tournament.0)
}

/// The reference of the terminal game's `count`th sit & go opening (counted over every sit
/// & go the bank holds, so each new one takes a new reference).
pub fn play_tournament_open_reference(count: usize) -> String {
    format!("play-tournament:open:{count}")
}

/// The reference of `user`'s registration in the terminal game's sit & go `tournament`.
pub fn play_tournament_register_reference(tournament: TournamentId, user: UserId) -> String {
    format!("play-tournament:{}:register:{}", tournament.0, user.0)
}

/// The reference of a cash-game simulation's `operation`th operation of `run`, `what` on
/// behalf of `user`.
pub fn cash_sim_reference(run: u64, operation: u64, what: &str, user: UserId) -> String {
    format!("sim:{run}:{operation}:{what}:{}", user.0)
}

/// The reference of a sit & go simulation's `operation`th operation of `run`.
pub fn tournament_sim_reference(run: u64, operation: u64, what: &str) -> String {
    format!("sim-tournament:{run}:{operation}:{what}")
}

/// The reference of step `step` of a bank workload's `task` (a table's index, or
/// `economy`) in the run seeded `seed`.
pub fn workload_reference(seed: u64, task: &str, step: u64) -> String {
    format!("{seed}:{task}:{step}")
}

/// The reference of `what` (`out`, `grant`, `in`) for the workload's `player`th player
/// within step `step` (a [`workload_reference`]).
pub fn workload_player_reference(step: &str, what: &str, player: usize) -> String {
    format!("{step}:{what}{player}")
}

#[cfg(test)]
mod tests {
    //! Stored references must keep their exact form: a record written by an earlier version
    //! is found again (a retry, a settlement's movements, an audit) only by the same string.
    use super::*;

    const TABLE: TableId = TableId(1234567890123456789);
    const USER: UserId = UserId(42);

    #[test]
    fn an_interaction_reference_is_discord_then_the_interaction_then_what() {
        assert_eq!(
            interaction_reference(InteractionId(99), "buy-in"),
            "discord:99:buy-in"
        );
    }

    #[test]
    fn a_table_reference_is_the_session_in_hex_then_the_table_then_what() {
        assert_eq!(
            table_reference(0xabc, TABLE, "7:settle"),
            "lobby:abc:1234567890123456789:7:settle"
        );
    }

    #[test]
    fn a_settlement_reference_is_the_table_and_the_hand() {
        assert_eq!(
            settlement_reference(TABLE, 42),
            "hand:1234567890123456789:42"
        );
    }

    #[test]
    fn an_opening_reference_is_the_guild_and_the_member() {
        assert_eq!(opening_reference(GuildId(7), UserId(1)), "opening:7:1");
    }

    #[test]
    fn a_payout_reference_is_the_sit_and_go_then_payouts() {
        assert_eq!(payout_reference(TournamentId(5)), "tournament:5:payouts");
    }

    #[test]
    fn a_computer_entry_reference_is_the_start_then_the_seat() {
        assert_eq!(
            computer_entry_reference("discord:99:start", 3),
            "discord:99:start:computer:3"
        );
    }

    #[test]
    fn a_failed_close_reference_is_a_table_reference_with_its_nonce() {
        assert_eq!(
            failed_close_reference(0x10, TABLE, 77),
            "lobby:10:1234567890123456789:failed-close:77"
        );
    }

    #[test]
    fn an_operator_close_reference_is_the_same_for_every_run() {
        assert_eq!(
            operator_close_reference(TABLE),
            "operator:close-table:1234567890123456789"
        );
    }

    #[test]
    fn a_sit_and_go_cancelled_for_its_channel_or_by_the_operator_has_one_reference_each() {
        assert_eq!(
            channel_gone_cancel_reference(TournamentId(5)),
            "tournament:5:channel-gone"
        );
        assert_eq!(
            operator_cancel_reference(TournamentId(5)),
            "operator:cancel-sit-and-go:5"
        );
    }

    #[test]
    fn the_terminal_sit_and_go_references_count_openings_and_name_each_registration() {
        assert_eq!(play_tournament_open_reference(3), "play-tournament:open:3");
        assert_eq!(
            play_tournament_register_reference(TournamentId(2), USER),
            "play-tournament:2:register:42"
        );
    }

    #[test]
    fn a_simulation_reference_is_the_run_then_the_operation_count() {
        assert_eq!(
            cash_sim_reference(9, 4, "buy-in", USER),
            "sim:9:4:buy-in:42"
        );
        assert_eq!(
            tournament_sim_reference(9, 4, "grant:42"),
            "sim-tournament:9:4:grant:42"
        );
    }

    #[test]
    fn a_workload_reference_is_the_seed_the_task_and_the_step() {
        let step = workload_reference(11, "3", 8);
        assert_eq!(step, "11:3:8");
        assert_eq!(workload_player_reference(&step, "out", 2), "11:3:8:out2");
        assert_eq!(workload_reference(11, "economy", 8), "11:economy:8");
    }
}
