//! What a player is told when the bank refuses: each [`BankError`] as a message id of the
//! `.ftl` files and the numbers it names, so the refusal reaches them in their language.
//! Faults of the store or of the program are not the player's to fix: they all read
//! `bot-failed` ("something went wrong on our side") and are logged where they happen.

use super::BankError;

impl BankError {
    /// The message that explains this refusal to the player who asked.
    pub fn message_id(&self) -> &'static str {
        match self {
            BankError::ZeroAmount => "notice-invalid-amount",
            BankError::InsufficientFunds { .. } => "notice-not-enough-chips",
            BankError::Overflow => "notice-amount-too-large",
            BankError::GiveToSelf => "notice-cannot-give-to-self",
            BankError::GiveToBot => "notice-cannot-give-to-bot",
            BankError::OutOfLimits { .. } => "notice-amount-limits",
            BankError::DailyCooldown { .. } => "notice-daily-not-yet",
            BankError::AccountTooNew => "bot-account-too-new",
            BankError::GiveCapReached { .. } => "bank-give-cap-reached",
            BankError::ReceiveCapReached { .. } => "bank-receive-cap-reached",
            // Nothing changed: the player may simply try again.
            BankError::Timeout(_) => "bank-too-slow",
            // Another process runs the guild's tables: nothing changed, and it may pass.
            BankError::LeaseLost { .. } => "bank-guild-elsewhere",
            BankError::SchemaTooNew { .. }
            | BankError::Internal(_)
            | BankError::NotDurable(_)
            | BankError::Storage(_)
            | BankError::Unbalanced(_)
            | BankError::EmptyReference
            | BankError::ReferenceReused { .. }
            | BankError::UnknownTable { .. }
            | BankError::WrongGuild { .. }
            | BankError::TableClosed { .. }
            | BankError::HandInProgress { .. }
            | BankError::HandFinished { .. }
            | BankError::UnknownHand { .. }
            | BankError::Stopped
            | BankError::LedgerBlockUsedUp
            | BankError::Failed(_) => "bot-failed",
            BankError::UnknownTournament { .. } | BankError::TournamentOver { .. } => {
                "tournament-over"
            }
            BankError::TableOpenInChannel { .. } => "tournament-table-open",
            BankError::TournamentInChannel { .. } => "tournament-in-channel",
            BankError::BadTournament(_) => "tournament-bad",
            BankError::AlreadyRegistered { .. } => "tournament-already-registered",
            BankError::NotRegistered { .. } => "tournament-not-registered",
            BankError::TournamentFull { .. } => "tournament-full",
            BankError::TournamentStarted { .. } => "tournament-already-started",
            BankError::TooFewEntrants { .. } => "tournament-too-few",
            BankError::TournamentNotRunning { .. } => "tournament-not-running",
            BankError::PayoutPlaces { .. } => "tournament-payout-places",
            BankError::NotStillIn { .. } => "tournament-deal-not-in",
            BankError::DealPlayers { .. } => "tournament-deal-players",
            BankError::DealPending { .. } => "tournament-deal-pending",
            BankError::NoSuchDeal { .. } => "tournament-deal-gone",
            BankError::HouseDry { .. } => "bank-house-dry",
            BankError::ComputerBuyInTooLarge { .. } => "bank-computer-buy-in-too-large",
            BankError::ComputersNotAllowed { .. } => "event-computers-not-allowed",
            BankError::TooManyComputers { .. } => "event-computers-too-many",
            // The store's fault, not the player's, but worth its own words: that one sit & go
            // is refused while every other plays on (the log said so at the start).
            BankError::UnreadableTournament { .. } => "tournament-unreadable",
            // A hand the dealer recorded wrongly, or a tournament named from another server:
            // the program's fault, never the player's.
            // Only the lobby's coordinator starts an event, at its time: one asked early is
            // the program's fault.
            BankError::TournamentWrongGuild { .. }
            | BankError::EventNotYet { .. }
            | BankError::TournamentHandOutOfTurn { .. }
            | BankError::TournamentHandRefused { .. } => "bot-failed",
        }
    }

    /// The numbers [`BankError::message_id`]'s message names.
    pub fn message_args(&self) -> Vec<(&'static str, u64)> {
        match *self {
            BankError::InsufficientFunds { balance, needed } => {
                vec![("balance", balance), ("needed", needed)]
            }
            BankError::OutOfLimits { min, max } => vec![("min", min), ("max", max)],
            BankError::GiveCapReached { cap, remaining, .. }
            | BankError::ReceiveCapReached { cap, remaining, .. } => {
                vec![("cap", cap), ("remaining", remaining)]
            }
            BankError::DailyCooldown { wait_secs } => {
                // Rounded up to the minute, so "0 h 0 min" never shows while still waiting.
                let minutes = wait_secs.div_ceil(60);
                vec![("hours", minutes / 60), ("minutes", minutes % 60)]
            }
            BankError::TournamentFull { seats, .. } => {
                vec![("seats", u64::try_from(seats).unwrap_or(u64::MAX))]
            }
            BankError::TooFewEntrants { entrants, .. } => {
                vec![("entrants", u64::try_from(entrants).unwrap_or(u64::MAX))]
            }
            BankError::PayoutPlaces { places, entrants } => vec![
                ("places", u64::try_from(places).unwrap_or(u64::MAX)),
                ("entrants", u64::try_from(entrants).unwrap_or(u64::MAX)),
            ],
            BankError::DealPlayers { left } => {
                vec![("left", u64::try_from(left).unwrap_or(u64::MAX))]
            }
            BankError::HouseDry {
                needed,
                held,
                mint_left,
            } => vec![("needed", needed), ("held", held), ("left", mint_left)],
            BankError::ComputerBuyInTooLarge { amount, limit } => {
                vec![("amount", amount), ("limit", limit)]
            }
            BankError::TooManyComputers { most } => vec![("most", most)],
            BankError::UnreadableTournament { tournament, .. } => {
                vec![("tournament", tournament.0)]
            }
            _ => Vec::new(),
        }
    }

    /// Whether this is a fault of the store or the program rather than a refusal the
    /// player can act on (it reads `bot-failed`, and deserves a log line).
    pub fn is_fault(&self) -> bool {
        self.message_id() == "bot-failed"
    }
}

impl crate::refusal::Refusal for BankError {
    fn message_id(&self) -> &'static str {
        BankError::message_id(self)
    }

    fn message_args(&self) -> Vec<(&'static str, u64)> {
        BankError::message_args(self)
    }

    fn is_fault(&self) -> bool {
        BankError::is_fault(self)
    }
}
