//! The guild's house account's record: what its computer players won and lost at the tables
//! and in sit & gos, and what the mint created for it, kept in the same write sets that move
//! those chips (so it is exact after any crash). Its balance is the `Account::House` itself.

use serde::{Deserialize, Serialize};

use super::ledger::Draft;
use super::store::{Reads, Tree};
use super::{BankError, GuildId, SeatOutcome, TournamentStats};

/// What the house did in one guild.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HouseStats {
    /// Chips the house holds now (what its computer players are not playing with).
    #[serde(skip)]
    pub balance: u64,
    /// Hands a computer player of the house finished (one per computer per hand).
    pub hands_played: u64,
    /// Chips its computer players won from others, hand by hand.
    pub won: u64,
    /// Chips its computer players lost to others, hand by hand.
    pub lost: u64,
    /// Chips the mint created for the house when it held too little for a buy-in.
    pub minted: u64,
    /// The most the mint may create for the house in all (`[economy] house_mint_limit`):
    /// the operator's, not stored.
    #[serde(skip)]
    pub mint_limit: u64,
    /// Its computer players' sit & gos, counted as a player's are (an entry per computer
    /// entrant), in a record of its own.
    #[serde(skip)]
    pub tournaments: TournamentStats,
}

impl HouseStats {
    /// Won minus lost.
    pub fn net(&self) -> i128 {
        i128::from(self.won) - i128::from(self.lost)
    }

    /// What the mint may still create for the house.
    pub fn mint_left(&self) -> u64 {
        self.mint_limit.saturating_sub(self.minted)
    }
}

/// Stored beside the players' stats, under a key no player's (guild, user) key can be: 9
/// bytes against their 16.
fn house_key(guild: GuildId) -> Vec<u8> {
    let mut key = Vec::with_capacity(9);
    key.push(b'H');
    key.extend_from_slice(&guild.0.to_be_bytes());
    key
}

/// The house's sit & go record: 10 bytes, apart from its cash record and every player's.
pub(crate) fn tournament_key(guild: GuildId) -> Vec<u8> {
    let mut key = Vec::with_capacity(10);
    key.extend_from_slice(b"HT");
    key.extend_from_slice(&guild.0.to_be_bytes());
    key
}

/// The house's record, its sit & gos included (its balance is the caller's to read).
pub(crate) fn read(store: &dyn Reads, guild: GuildId) -> Result<HouseStats, BankError> {
    let mut stats: HouseStats = match store.get(Tree::Stats, &house_key(guild))? {
        None => HouseStats::default(),
        Some(bytes) => super::encoding::decode(&bytes, "house stats")?,
    };
    if let Some(bytes) = store.get(Tree::Stats, &tournament_key(guild))? {
        stats.tournaments = super::encoding::decode(&bytes, "house tournament stats")?;
    }
    Ok(stats)
}

fn update(
    draft: &mut Draft<'_>,
    guild: GuildId,
    change: impl FnOnce(&mut HouseStats),
) -> Result<(), BankError> {
    let key = house_key(guild);
    let mut stats: HouseStats = draft.get_record(Tree::Stats, &key)?.unwrap_or_default();
    change(&mut stats);
    draft.put_record(Tree::Stats, key, &stats);
    Ok(())
}

/// What the mint has created for the house so far, as the draft sees it.
pub(crate) fn minted(draft: &Draft<'_>, guild: GuildId) -> Result<u64, BankError> {
    let stats: Option<HouseStats> = draft.get_record(Tree::Stats, &house_key(guild))?;
    Ok(stats.unwrap_or_default().minted)
}

/// The mint created `amount` chips for the house.
pub(crate) fn record_minted(
    draft: &mut Draft<'_>,
    guild: GuildId,
    amount: u64,
) -> Result<(), BankError> {
    update(draft, guild, |stats| {
        stats.minted = stats.minted.saturating_add(amount);
    })
}

/// A computer player of the house finished a hand. Counts saturate: they describe the chips,
/// they never stop a settlement.
pub(crate) fn record_hand(
    draft: &mut Draft<'_>,
    guild: GuildId,
    outcome: &SeatOutcome,
) -> Result<(), BankError> {
    update(draft, guild, |stats| {
        stats.hands_played = stats.hands_played.saturating_add(1);
        if let Some(won) = outcome.end.checked_sub(outcome.start) {
            stats.won = stats.won.saturating_add(won);
        }
        if let Some(lost) = outcome.start.checked_sub(outcome.end) {
            stats.lost = stats.lost.saturating_add(lost);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::UserId;
    use crate::bank::stats::{TournamentResult, record_tournament};
    use crate::bank::test_store::{commit, store};

    const GUILD: GuildId = GuildId(7);
    const OTHER_GUILD: GuildId = GuildId(8);

    fn computer_hand(start: u64, end: u64) -> SeatOutcome {
        SeatOutcome {
            user: UserId::computer(1),
            start,
            end,
            won_high: end > start,
            won_low: false,
            scooped: false,
        }
    }

    #[test]
    fn the_houses_record_counts_its_computers_hands_won_lost_minted_and_net() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            record_hand(draft, GUILD, &computer_hand(500, 530))?;
            record_hand(draft, GUILD, &computer_hand(500, 490))?;
            record_minted(draft, GUILD, 400)
        });
        commit(&store, |draft| {
            record_hand(draft, GUILD, &computer_hand(490, 490))
        });
        let house = read(&store, GUILD).expect("reads");
        assert_eq!(
            (house.hands_played, house.won, house.lost, house.minted),
            (3, 30, 10, 400)
        );
        assert_eq!(house.net(), 20);
        let losing = HouseStats {
            won: 10,
            lost: 35,
            ..HouseStats::default()
        };
        assert_eq!(losing.net(), -25);
    }

    #[test]
    fn each_guilds_house_keeps_its_own_cash_and_sit_and_go_records() {
        let (_dir, store) = store();
        commit(&store, |draft| {
            record_hand(draft, GUILD, &computer_hand(500, 560))?;
            record_tournament(
                draft,
                GUILD,
                &TournamentResult {
                    user: UserId::computer(2),
                    buy_in: 100,
                    paid: 300,
                    place: Some(1),
                },
            )
        });
        let house = read(&store, GUILD).expect("reads");
        assert_eq!((house.hands_played, house.won), (1, 60));
        assert_eq!((house.tournaments.entries, house.tournaments.wins), (1, 1));
        assert_eq!(
            read(&store, OTHER_GUILD).expect("reads"),
            HouseStats::default(),
            "another guild's house has played nothing"
        );
    }
}
