//! Computer players. At a Discord table the table seats its own (`table::computers`: the
//! moderator's `computer_players` setting, their chips the guild house's); what they are
//! called and how long they think is here, for both. [`ComputerPlayers`] plays seats of the
//! terminal's table through the service like anyone else: they receive the same notices, ask
//! for their own cards, and answer their turn with the strategy of `crate::table::computer`.
//! Used by `studbot play`, the tests and the benchmark.

use std::collections::HashSet;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use crate::bank::UserId;
use crate::table::computer::{ComputerLevel, choose_action_at};
use crate::table::hand::{LegalAction, PublicView};

/// What a computer player is called: a name that says what it is, numbered by its chair
/// (`None` for anyone else).
pub fn computer_name(user: UserId) -> Option<String> {
    let number = user.computer_number()?;
    Some(format!("Computer {}", u16::from(number) + 1))
}

/// How long a computer player thinks before it acts: between `shortest` and `longest` over a
/// real decision, `forced` over a forced one (a single legal action). By default 1–3 s and
/// 0.4 s: long enough to read as a player, short beside any action timer. The operator may
/// set it (`[computers]` in the config), below the shortest action timer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ThinkingTime {
    pub shortest: Duration,
    pub longest: Duration,
    pub forced: Duration,
}

impl ThinkingTime {
    /// Every pause must stay below this, the shortest action timer a table may have, so a
    /// computer never times out while thinking.
    pub const LIMIT_MS: u64 = crate::lobby::TableSettings::MIN_ACTION_TIMER_SECS as u64 * 1_000;

    /// How long a computer player waits before acting with `legal` before it.
    pub fn draw<R: Rng + ?Sized>(&self, legal: &[LegalAction], rng: &mut R) -> Duration {
        if legal.len() <= 1 {
            return self.forced;
        }
        let spread =
            u64::try_from(self.longest.saturating_sub(self.shortest).as_millis()).unwrap_or(0);
        self.shortest + Duration::from_millis(rng.random_range(0..=spread))
    }
}

impl Default for ThinkingTime {
    fn default() -> ThinkingTime {
        ThinkingTime {
            shortest: Duration::from_millis(1_000),
            longest: Duration::from_millis(3_000),
            forced: Duration::from_millis(400),
        }
    }
}

use super::command::TableHandle;
use super::error::LobbyError;
use super::notice::{Notice, NoticeBody, NoticeReceiver, TurnOffer};

/// The computer-played seats of one table.
pub struct ComputerPlayers {
    users: HashSet<UserId>,
    level: ComputerLevel,
    rng: ChaCha20Rng,
    /// The latest public board and the hand/action it belongs to.
    board: Option<(u64, u32, PublicView)>,
}

impl ComputerPlayers {
    /// `seed` makes their choices repeatable.
    pub fn new(users: impl IntoIterator<Item = UserId>, seed: u64) -> ComputerPlayers {
        ComputerPlayers::at_level(users, ComputerLevel::default(), seed)
    }

    /// Computer players of `level`.
    pub fn at_level(
        users: impl IntoIterator<Item = UserId>,
        level: ComputerLevel,
        seed: u64,
    ) -> ComputerPlayers {
        ComputerPlayers {
            users: users.into_iter().collect(),
            level,
            rng: ChaCha20Rng::seed_from_u64(seed),
            board: None,
        }
    }

    /// One more computer player (a replacement for one that left).
    pub fn add(&mut self, user: UserId) {
        self.users.insert(user);
    }

    pub fn plays(&self, user: UserId) -> bool {
        self.users.contains(&user)
    }

    /// Remembers the latest board; returns the turn offer when it is for a computer player.
    pub fn observe<'a>(&mut self, notice: &'a Notice) -> Option<&'a TurnOffer> {
        match &notice.body {
            NoticeBody::Board(board) => {
                self.board = Some((board.hand, board.action_seq, board.view.clone()));
                None
            }
            NoticeBody::YourTurn(offer) if self.plays(offer.user) => Some(offer),
            _ => None,
        }
    }

    /// Answers `offer` for its computer player. A refusal because the table moved on (the
    /// offer went stale) is normal and returned like any other.
    pub async fn answer(
        &mut self,
        table: &TableHandle,
        offer: &TurnOffer,
    ) -> Result<u32, LobbyError> {
        let cards = table.show_cards(offer.user).await?;
        let public = match &self.board {
            Some((hand, seq, view)) if *hand == offer.hand && *seq == offer.action_seq => {
                view.clone()
            }
            _ => table
                .status()
                .await?
                .board
                .map(|board| board.view)
                .ok_or(LobbyError::NoHandInProgress)?,
        };
        let action = choose_action_at(self.level, &cards.view, &public, &mut self.rng)
            .ok_or(LobbyError::NotYourTurn { to_act: None })?;
        // The offer's own deal series: a hand dealt again (a sit & go after a restart, an
        // event's table) numbers its deals apart, and an answer in series 0 would be stale.
        table.act_on(offer.user, offer.offered(), action.kind).await
    }

    /// Plays until the table closes or its notices end. Every notice is also passed to
    /// `watch` (tests and benchmarks look at them there).
    pub async fn run(
        mut self,
        table: TableHandle,
        mut notices: NoticeReceiver,
        mut watch: impl FnMut(&Notice),
    ) {
        while let Some(notice) = notices.recv().await {
            watch(&notice);
            if let Some(offer) = self.observe(&notice) {
                let offer = offer.clone();
                // A stale or refused answer is not fatal: the table offers again or moves on.
                let _ = self.answer(&table, &offer).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::hand::ActionKind;

    fn legal(kinds: &[ActionKind]) -> Vec<LegalAction> {
        kinds
            .iter()
            .map(|kind| LegalAction {
                kind: *kind,
                chips: 5,
                total: 5,
                all_in: false,
            })
            .collect()
    }

    #[test]
    fn a_computer_thinks_one_to_three_seconds_over_a_choice_and_less_over_a_forced_move() {
        let mut rng = ChaCha20Rng::seed_from_u64(3);
        let thinking = ThinkingTime::default();
        let choice = legal(&[ActionKind::Fold, ActionKind::Call, ActionKind::Raise]);
        let times: Vec<Duration> = (0..500).map(|_| thinking.draw(&choice, &mut rng)).collect();
        assert!(
            times
                .iter()
                .all(|time| (thinking.shortest..=thinking.longest).contains(time))
        );
        assert_eq!(thinking.shortest, Duration::from_millis(1_000));
        assert_eq!(thinking.longest, Duration::from_millis(3_000));
        assert!(
            times
                .iter()
                .any(|time| *time < Duration::from_millis(1_500))
        );
        assert!(
            times
                .iter()
                .any(|time| *time > Duration::from_millis(2_500))
        );
        let forced = thinking.draw(&legal(&[ActionKind::BringIn]), &mut rng);
        assert_eq!(forced, thinking.forced);
        assert!(forced < thinking.shortest);
    }

    #[test]
    fn an_operators_thinking_time_is_drawn_within_it_and_an_even_one_is_exact() {
        let mut rng = ChaCha20Rng::seed_from_u64(4);
        let choice = legal(&[ActionKind::Fold, ActionKind::Call]);
        let short = ThinkingTime {
            shortest: Duration::from_millis(5),
            longest: Duration::from_millis(20),
            forced: Duration::ZERO,
        };
        for _ in 0..200 {
            let time = short.draw(&choice, &mut rng);
            assert!((short.shortest..=short.longest).contains(&time), "{time:?}");
        }
        assert_eq!(
            short.draw(&legal(&[ActionKind::BringIn]), &mut rng),
            Duration::ZERO
        );
        let even = ThinkingTime {
            shortest: Duration::from_millis(7),
            longest: Duration::from_millis(7),
            forced: Duration::from_millis(7),
        };
        assert_eq!(even.draw(&choice, &mut rng), Duration::from_millis(7));
    }

    #[test]
    fn computers_are_named_for_what_they_are_and_nobody_else_is() {
        assert_eq!(
            computer_name(UserId::computer(0)).as_deref(),
            Some("Computer 1")
        );
        assert_eq!(
            computer_name(UserId::computer(7)).as_deref(),
            Some("Computer 8")
        );
        assert_eq!(computer_name(UserId(42)), None);
    }
}
