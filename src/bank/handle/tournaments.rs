//! The bank's sit & go calls: open, register, unregister, start, record a hand (the last
//! one pays out), cancel, and the reads of tournament records. Each write is one
//! operation (`bank::ops::tournament_*`), one transaction.

use crate::bank::ops;
use crate::bank::tournaments::{self, PrizeSource, TournamentId, TournamentState};
use crate::bank::{BankError, GuildId, Payouts, TableId, UserId};
use crate::tournament::{DealKind, TournamentSettings};

/// What a sit & go is opened with beyond its settings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OpenExtras {
    /// Free seats computer players may fill at a moderator's start (fewer than the seats).
    pub computer_players: usize,
    /// Where `added_prize` comes from: the house, or the moderator's own balance.
    pub added_by: Option<PrizeSource>,
}

use super::Bank;

impl Bank {
    /// Opens a sit & go of `seats` players in `channel`; answers its number. Refused where a
    /// table is open or another tournament is live, and for settings `seats` entrants could
    /// not play.
    pub async fn open_tournament(
        &self,
        guild: GuildId,
        channel: TableId,
        seats: usize,
        settings: TournamentSettings,
        reference: &str,
    ) -> Result<TournamentId, BankError> {
        self.open_tournament_with_computers(guild, channel, seats, settings, 0, reference)
            .await
    }

    /// [`Bank::open_tournament`], allowing `computer_players` computer entrants (fewer than
    /// `seats`): a moderator's start fills that many free seats with them, their buy-ins the
    /// house's.
    pub async fn open_tournament_with_computers(
        &self,
        guild: GuildId,
        channel: TableId,
        seats: usize,
        settings: TournamentSettings,
        computer_players: usize,
        reference: &str,
    ) -> Result<TournamentId, BankError> {
        let extras = OpenExtras {
            computer_players,
            added_by: None,
        };
        self.open_tournament_with(guild, channel, seats, settings, extras, reference)
            .await
    }

    /// [`Bank::open_tournament`] with computer players allowed and a prize added to the
    /// pool (from the house's balance or a member's, in the same transaction: a balance
    /// short of it is refused).
    pub async fn open_tournament_with(
        &self,
        guild: GuildId,
        channel: TableId,
        seats: usize,
        settings: TournamentSettings,
        extras: OpenExtras,
        reference: &str,
    ) -> Result<TournamentId, BankError> {
        self.call(ops::OpenTournament {
            guild,
            channel,
            seats,
            settings,
            computer_players: extras.computer_players,
            added_by: extras.added_by,
            reference: reference.to_string(),
        })
        .await
    }

    /// The free seats computer players may fill at `tournament`'s start (0 when none).
    pub async fn tournament_computer_players(
        &self,
        tournament: TournamentId,
    ) -> Result<usize, BankError> {
        self.read(move |store| tournaments::stored_computer_allowance(store, tournament))
            .await
    }

    /// Registers `user`, moving the buy-in from their balance into the prize pool (a computer
    /// player's from the guild's house, minted when it holds too little); the tournament
    /// starts when this fills its seats. Answers how many have entered.
    /// The seats are drawn at random when it starts.
    pub async fn register_tournament(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.register_tournament_seeded(guild, tournament, user, rand::random(), reference)
            .await
    }

    /// [`Bank::register_tournament`], the seats drawn from `seat_seed` if it starts.
    pub async fn register_tournament_seeded(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        user: UserId,
        seat_seed: u64,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::RegisterTournament {
            guild,
            tournament,
            user,
            seat_seed,
            reference: reference.to_string(),
        })
        .await
    }

    /// Unregisters `user` before the start, refunding the buy-in; answers the refund.
    pub async fn unregister_tournament(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        user: UserId,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call(ops::UnregisterTournament {
            guild,
            tournament,
            user,
            reference: reference.to_string(),
        })
        .await
    }

    /// Starts a registering tournament with the entrants it has (at least two), first
    /// filling the free seats its computer players were allowed.
    /// The seats are drawn at random.
    pub async fn start_tournament(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        reference: &str,
    ) -> Result<(), BankError> {
        self.start_tournament_seeded(guild, tournament, rand::random(), reference)
            .await
    }

    /// [`Bank::start_tournament`], the seats drawn from `seat_seed`.
    pub async fn start_tournament_seeded(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        seat_seed: u64,
        reference: &str,
    ) -> Result<(), BankError> {
        self.call(ops::StartTournament {
            guild,
            tournament,
            seat_seed,
            reference: reference.to_string(),
        })
        .await
    }

    /// Records hand `hand` (from 0) of a running tournament from the stacks it ended with,
    /// in its deal order; the hand that ends the tournament pays the prize pool in the same
    /// transaction. Recording a hand already recorded changes nothing.
    pub async fn record_tournament_hand(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        hand: u64,
        final_stacks: &[u64],
    ) -> Result<(), BankError> {
        self.record_hand(guild, tournament, hand, final_stacks, None)
            .await
    }

    /// [`Bank::record_tournament_hand`], storing the hand's public `history` in the sit &
    /// go's channel by the same transaction (read back by [`Bank::channel_hand_history`]
    /// as hand `hand + 1` of the sit & go, as the board shows it).
    pub async fn record_tournament_hand_with_history(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        hand: u64,
        final_stacks: &[u64],
        history: Vec<u8>,
    ) -> Result<(), BankError> {
        self.record_hand(guild, tournament, hand, final_stacks, Some(history))
            .await
    }

    async fn record_hand(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        hand: u64,
        final_stacks: &[u64],
        history: Option<Vec<u8>>,
    ) -> Result<(), BankError> {
        self.call_leased(
            guild,
            ops::RecordTournamentHand {
                guild,
                tournament,
                hand,
                final_stacks: final_stacks.to_vec(),
                history,
            },
        )
        .await
    }

    /// Cancels a tournament (docs/RULES.md, "Cancelling"): while nobody is out every buy-in
    /// is refunded (and an added prize goes back), after a bust the prizes not yet won go to
    /// the players still in by ICM. Answers what the cancel paid each entrant. A running sit &
    /// go is cancelled between hands: the lobby waits for the hand in play
    /// ([`Bank::request_tournament_cancel`] keeps the wait across a restart).
    pub async fn cancel_tournament(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        reference: &str,
    ) -> Result<Payouts, BankError> {
        self.call(ops::CancelTournament {
            guild,
            tournament,
            reference: reference.to_string(),
        })
        .await
    }

    /// [`Bank::cancel_tournament`] carried out by the sit & go's own table (a moderator's
    /// cancel, at once or once the hand in play ends, or its channel gone): a table
    /// operation, so only the process holding the guild's lease carries it out.
    pub async fn cancel_tournament_at_table(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        reference: &str,
    ) -> Result<Payouts, BankError> {
        self.call_leased(
            guild,
            ops::CancelTournament {
                guild,
                tournament,
                reference: reference.to_string(),
            },
        )
        .await
    }

    /// A moderator's cancel of running `tournament` waits for the hand in play: kept so a
    /// restart cancels before dealing, under `reference` (the one the cancel will carry).
    /// Kept by the sit & go's table, so only under the guild's lease.
    pub async fn request_tournament_cancel(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        reference: &str,
    ) -> Result<(), BankError> {
        self.call_leased(
            guild,
            ops::RequestTournamentCancel {
                guild,
                tournament,
                reference: reference.to_string(),
            },
        )
        .await
    }

    /// The reference of the cancel waiting for `tournament`'s hand in play, if one is.
    pub async fn tournament_cancel_requested(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<String>, BankError> {
        self.read(move |store| tournaments::stored_cancel_requested(store, tournament))
            .await
    }

    /// `user`, a player still in, proposes a deal of `kind` while two to four are left;
    /// answers its number. Refused while another waits. At the sit & go's table, so only
    /// under the guild's lease.
    pub async fn propose_deal(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        user: UserId,
        kind: DealKind,
        reference: &str,
    ) -> Result<u64, BankError> {
        self.call_leased(
            guild,
            ops::ProposeDeal {
                guild,
                tournament,
                user,
                kind,
                reference: reference.to_string(),
            },
        )
        .await
    }

    /// `user` accepts (or declines) deal `number`; answers what the deal paid when this
    /// answer made it (empty otherwise). A deal whose stacks moved since it was proposed is
    /// dropped (for good) and refused as gone. Under the guild's lease.
    pub async fn answer_deal(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        number: u64,
        user: UserId,
        accept: bool,
    ) -> Result<Payouts, BankError> {
        self.call_leased(
            guild,
            ops::AnswerDeal {
                guild,
                tournament,
                number,
                user,
                accept,
            },
        )
        .await?
        .into_result(tournament)
    }

    /// Deal `number` lapsed: it is dropped (nothing when it is gone already). Under the
    /// guild's lease.
    pub async fn lapse_deal(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        number: u64,
    ) -> Result<(), BankError> {
        self.call_leased(
            guild,
            ops::LapseDeal {
                guild,
                tournament,
                number,
            },
        )
        .await
    }

    /// Stores a moderator's pause (`paused`) or resume of running sit & go `tournament`'s
    /// table, so that a restart reopens it as it was. Pausing one not running is refused.
    pub async fn pause_tournament(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        paused: bool,
    ) -> Result<(), BankError> {
        self.call(ops::PauseTournament {
            guild,
            tournament,
            paused,
        })
        .await
    }

    /// The result of finished sit & go `tournament` was posted: a start no longer
    /// announces it.
    pub async fn tournament_result_announced(
        &self,
        guild: GuildId,
        tournament: TournamentId,
    ) -> Result<(), BankError> {
        self.call(ops::TournamentResultAnnounced { guild, tournament })
            .await
    }

    /// Every finished sit & go whose result was not yet posted, by number.
    pub async fn unannounced_tournaments(&self) -> Result<Vec<TournamentId>, BankError> {
        self.read(|store| {
            Ok(tournaments::unannounced_tournaments(store)?
                .into_iter()
                .filter_map(Result::ok)
                .collect())
        })
        .await
    }

    /// Keeps running sit & go `tournament`'s time banks (milliseconds by tournament seat), so
    /// that a restart deals on with them. Refused once it is not running.
    pub async fn save_tournament_time_banks(
        &self,
        guild: GuildId,
        tournament: TournamentId,
        millis: Vec<u64>,
    ) -> Result<(), BankError> {
        // The table's own doing: only the process running the guild's tables writes it.
        self.call_leased(
            guild,
            ops::SaveTournamentTimeBanks {
                guild,
                tournament,
                millis,
            },
        )
        .await
    }

    /// The time banks kept for `tournament` (milliseconds by tournament seat), if any.
    pub async fn tournament_time_banks(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<Vec<u64>>, BankError> {
        self.read(move |store| tournaments::stored_time_banks(store, tournament))
            .await
    }

    /// Whether a moderator paused `tournament`'s table (a restart reopens it paused).
    pub async fn tournament_paused(&self, tournament: TournamentId) -> Result<bool, BankError> {
        self.read(move |store| tournaments::stored_paused(store, tournament))
            .await
    }

    /// The tournament's record, if the bank has it.
    pub async fn tournament(
        &self,
        tournament: TournamentId,
    ) -> Result<Option<TournamentState>, BankError> {
        self.read(move |store| tournaments::one(store, tournament))
            .await
    }

    /// Every tournament the bank holds, by number, each record read and checked; one that
    /// cannot be read fails the whole read. For tests and whole-bank tools: the bot finds a
    /// channel's sit & go by the index ([`Bank::live_tournament_in`], [`Bank::live_tournaments`]),
    /// whose cost does not grow with the sit & gos held.
    pub async fn tournaments(&self) -> Result<Vec<TournamentState>, BankError> {
        self.read(tournaments::all).await
    }
}
