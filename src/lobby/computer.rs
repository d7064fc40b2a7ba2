//! Computer players seated at a table through the service like anyone else: they receive
//! the same notices, ask for their own cards, and answer their turn with the strategy of
//! `crate::table::computer`. Used by `studbot play`, the tests and the benchmark.

use std::collections::HashSet;

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use crate::bank::UserId;
use crate::table::computer::choose_action;
use crate::table::hand::PublicView;

use super::command::TableHandle;
use super::error::LobbyError;
use super::notice::{Notice, NoticeBody, NoticeReceiver, TurnOffer};

/// The computer-played seats of one table.
pub struct ComputerPlayers {
    users: HashSet<UserId>,
    rng: ChaCha20Rng,
    /// The latest public board and the hand/action it belongs to.
    board: Option<(u64, u32, PublicView)>,
}

impl ComputerPlayers {
    /// `seed` makes their choices repeatable.
    pub fn new(users: impl IntoIterator<Item = UserId>, seed: u64) -> ComputerPlayers {
        ComputerPlayers {
            users: users.into_iter().collect(),
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
        let action = choose_action(&cards.view, &public, &mut self.rng)
            .ok_or(LobbyError::NotYourTurn { to_act: None })?;
        table
            .act(offer.user, offer.hand, offer.action_seq, action.kind)
            .await
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
