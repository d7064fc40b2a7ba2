//! An all-in hand dealt out street by street: once betting is over the live hands are face
//! up, and each new board waits for its equities (computed on a blocking thread within a time
//! budget, so the table's task never waits on them and a click is answered at once), then
//! stays up for a pause before the next street is dealt. This file owns the table's
//! `DealingOut` phase: the move into it from `Playing`, and each street dealt in it.

use std::time::Duration;

use tokio::time::Instant;

use crate::equity::board::{BoardEquity, Budget, board_equity};
use crate::table::hand::{Event, Phase as HandPhase, Street};

use super::Table;
use super::phase::{DealtOutStreet, TablePhase};

/// How the table paces a hand dealt out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealingOutPace {
    /// How long each board of a hand dealt out stays up before the next street.
    pub street_pause: Duration,
    /// The longest a board waits for its equities; past it the board is shown without them
    /// (and updated if they still come before the next street). Zero: no equities.
    pub equity_budget: Duration,
}

impl DealingOutPace {
    /// The longest either may be, in milliseconds: a hand dealt out must not keep a table
    /// waiting long. Bounds the bot's `[all_in]` settings and `studbot play`'s flags.
    pub const MAX_MS: u64 = 10_000;

    /// Streets dealt one after the other without equities (benchmarks of the table service).
    pub const NO_PAUSE: DealingOutPace = DealingOutPace {
        street_pause: Duration::ZERO,
        equity_budget: Duration::ZERO,
    };
}

impl Default for DealingOutPace {
    fn default() -> DealingOutPace {
        DealingOutPace {
            street_pause: Duration::from_secs(2),
            equity_budget: Duration::from_secs(1),
        }
    }
}

impl DealtOutStreet {
    fn is_for(&self, hand: u64, street: Street) -> bool {
        self.hand == hand && self.street == street
    }

    /// The earliest of this board's timers.
    pub(super) fn deadline(&self) -> Option<Instant> {
        super::earliest(self.publish_by, self.next_street_at)
    }
}

/// Waits for the equity job of the street being dealt out, or forever when there is none.
pub(super) async fn equity_ready(phase: &mut TablePhase) -> Option<BoardEquity> {
    let TablePhase::DealingOut { street, .. } = phase else {
        return std::future::pending().await;
    };
    let Some(job) = street.job.as_mut() else {
        return std::future::pending().await;
    };
    let answer = job.await;
    street.job = None;
    // A job that panicked leaves the board without equities, nothing more.
    answer.ok().flatten()
}

impl Table {
    /// The hand is being dealt out: starts this street's equities; the board is published
    /// when they come or at the budget's end.
    /// `Playing` becomes `DealingOut` here, with the first street's board.
    pub(super) fn begin_dealt_out_street(&mut self) {
        let Some(in_play) = self.phase.hand() else {
            return;
        };
        let view = in_play.hand.public_view();
        if let TablePhase::DealingOut { street, .. } = &self.phase
            && street.is_for(in_play.number, view.street)
        {
            // The same street again (the table resumed): the board again, if it was up.
            if street.publish_by.is_none() {
                self.publish_board();
            }
            return;
        }
        let pots = view.pots();
        let budget = Budget {
            // Different runouts each hand and street, the same for a replayed table.
            seed: in_play.number ^ ((view.street as u64) << 56),
            ..Budget::default()
        };
        let street = view.street;
        let pace = self.services.pace;
        let job = (!pace.equity_budget.is_zero())
            .then(|| tokio::task::spawn_blocking(move || board_equity(&view, &pots, budget)));
        let dealt_out = DealtOutStreet {
            hand: in_play.number,
            street,
            job,
            publish_by: Some(Instant::now() + pace.equity_budget),
            next_street_at: None,
            equity: None,
        };
        match &mut self.phase {
            TablePhase::DealingOut { street, .. } => *street = dealt_out,
            TablePhase::Playing { .. } => {
                if let Some(hand) = self.phase.end_hand() {
                    self.phase = TablePhase::DealingOut {
                        hand,
                        street: dealt_out,
                    };
                }
            }
            TablePhase::BetweenHands(_) | TablePhase::Settling { .. } | TablePhase::Closed => {}
        }
    }

    /// The equities of the board came: it is published with them.
    pub(super) fn on_equity(&mut self, equity: Option<BoardEquity>) {
        let TablePhase::DealingOut { street, .. } = &mut self.phase else {
            return;
        };
        street.equity = equity;
        let first_showing = street.publish_by.is_some();
        self.show_dealt_out_board();
        if !first_showing {
            // Late equities for a board already up: the same board, with them.
            self.publish_board();
        }
    }

    /// Publishes the board of the street being dealt out (once) and starts its pause.
    fn show_dealt_out_board(&mut self) {
        let street_pause = self.services.pace.street_pause;
        let TablePhase::DealingOut { street, .. } = &mut self.phase else {
            return;
        };
        if street.publish_by.take().is_none() {
            return;
        }
        street.next_street_at = Some(Instant::now() + street_pause);
        self.publish_board();
    }

    /// A timer of the hand being dealt out is due: the board goes up without its equities,
    /// or the next street is dealt.
    pub(super) async fn on_dealing_out_timer(&mut self, now: Instant) {
        let TablePhase::DealingOut { street, .. } = &mut self.phase else {
            return;
        };
        if street.publish_by.is_some_and(|at| at <= now) {
            self.show_dealt_out_board();
            return;
        }
        if street.next_street_at.is_none_or(|at| at > now) {
            return;
        }
        street.next_street_at = None;
        self.deal_next_street().await;
    }

    /// The betting is over and the live hands are face up, so the deck has fixed the outcome:
    /// a table closing or stopping deals every street left at once and settles the hand
    /// rather than refunding it.
    pub(super) async fn deal_out_at_once(&mut self) {
        loop {
            let TablePhase::DealingOut { hand: in_play, .. } = &mut self.phase else {
                return;
            };
            if in_play.hand.phase() != HandPhase::DealingOut {
                break;
            }
            match in_play.hand.deal_next_street() {
                Ok(events) => self.send_dealt_down_cards(&events),
                Err(error) => {
                    self.halt(&error.to_string());
                    return;
                }
            }
        }
        self.after_action().await;
    }

    async fn deal_next_street(&mut self) {
        let TablePhase::DealingOut { hand: in_play, .. } = &mut self.phase else {
            return;
        };
        if in_play.hand.phase() != HandPhase::DealingOut {
            return;
        }
        let events = match in_play.hand.deal_next_street() {
            Ok(events) => events,
            Err(error) => {
                // Only a missing card can stop it, and a deck always has enough.
                self.halt(&error.to_string());
                return;
            }
        };
        self.send_dealt_down_cards(&events);
        self.after_action().await;
    }

    /// Each player dealt a down card among `events` gets their cards.
    fn send_dealt_down_cards(&mut self, events: &[Event]) {
        for event in events {
            if let Event::DownCard { seat, .. } = event {
                self.send_cards(*seat);
            }
        }
    }
}
