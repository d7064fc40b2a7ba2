//! A sit & go's record as an older studbot wrote it (record version 1, without a version
//! mark): no betting rules of its own, no added prize, no first seat, and prizes paid only
//! at the end. It is read into today's parts ([`OlderState`], which `tournaments` makes a
//! state of): its rules are docs/RULES.md's defaults, a running one's finished paid places
//! are given their prizes as due (the next transaction that records its hand, a deal or a
//! cancel pays them), a finished one's places as paid, a cancelled one's finished places as
//! paid nothing (what the old cancel did). Written back, it takes today's form.

use serde::Deserialize;

use super::encoding;
use super::error::BankError;
use super::types::Payouts;
use super::vocab::TournamentId;
use crate::ids::{GuildId, TableId, UserId};
use crate::table::GameChoice;
use crate::tournament::{
    OlderPaid, OlderTournament, PayoutTable, Structure, Tournament, TournamentSettings,
};

#[derive(Deserialize)]
struct StateV1 {
    id: TournamentId,
    guild: GuildId,
    channel: TableId,
    seats: usize,
    settings: SettingsV1,
    entrants: Vec<UserId>,
    phase: PhaseV1,
}

#[derive(Clone, Deserialize)]
struct SettingsV1 {
    game: GameChoice,
    structure: Structure,
    buy_in: u64,
    payouts: Option<PayoutTable>,
}

impl SettingsV1 {
    fn today(self) -> TournamentSettings {
        TournamentSettings {
            payouts: self.payouts,
            ..TournamentSettings::new(self.game, self.structure, self.buy_in)
        }
    }
}

#[derive(Deserialize)]
enum PhaseV1 {
    Registering,
    Running(TournamentV1),
    Finished {
        tournament: TournamentV1,
        payouts: Payouts,
    },
    Cancelled {
        tournament: Option<TournamentV1>,
        paid: Payouts,
    },
}

#[derive(Deserialize)]
struct TournamentV1 {
    settings: SettingsV1,
    payouts: PayoutTable,
    prize_pool: u64,
    stacks: Vec<u64>,
    hands_played: u64,
    finishes: Vec<FinishV1>,
}

#[derive(Deserialize)]
struct FinishV1 {
    seat: usize,
    place: usize,
    hands: u64,
}

impl TournamentV1 {
    fn today(self, paid: OlderPaid) -> Result<Tournament, String> {
        Tournament::from_older(OlderTournament {
            settings: self.settings.today(),
            payouts: self.payouts,
            prize_pool: self.prize_pool,
            stacks: self.stacks,
            hands_played: self.hands_played,
            finishes: self
                .finishes
                .iter()
                .map(|finish| (finish.seat, finish.place, finish.hands))
                .collect(),
            paid,
        })
    }
}

/// An older record's phase, in today's terms.
pub(crate) enum OlderPhase {
    Registering,
    Running(Tournament),
    Finished {
        tournament: Tournament,
        payouts: Payouts,
    },
    Cancelled {
        tournament: Option<Tournament>,
        paid: Payouts,
    },
}

/// An older record of a sit & go, in today's terms: what a state is made of.
pub(crate) struct OlderState {
    pub id: TournamentId,
    pub guild: GuildId,
    pub channel: TableId,
    pub seats: usize,
    pub settings: TournamentSettings,
    pub entrants: Vec<UserId>,
    pub phase: OlderPhase,
}

/// An older record of a sit & go, read into today's terms.
pub(crate) fn decode(value: &[u8], what: &str) -> Result<OlderState, BankError> {
    let older: StateV1 = encoding::decode(value, what)?;
    let corrupt = |why: String| BankError::Storage(format!("{what} (an older record): {why}"));
    let phase = match older.phase {
        PhaseV1::Registering => OlderPhase::Registering,
        PhaseV1::Running(tournament) => {
            OlderPhase::Running(tournament.today(OlderPaid::Due).map_err(corrupt)?)
        }
        PhaseV1::Finished {
            tournament,
            payouts,
        } => OlderPhase::Finished {
            tournament: tournament.today(OlderPaid::Paid).map_err(corrupt)?,
            payouts,
        },
        PhaseV1::Cancelled { tournament, paid } => OlderPhase::Cancelled {
            tournament: tournament
                .map(|tournament| tournament.today(OlderPaid::Nothing))
                .transpose()
                .map_err(corrupt)?,
            paid,
        },
    };
    Ok(OlderState {
        id: older.id,
        guild: older.guild,
        channel: older.channel,
        seats: older.seats,
        settings: older.settings.today(),
        entrants: older.entrants,
        phase,
    })
}
