//! The pace of a table in words: pre-actions (their labels and what a player's private view
//! says of them), the time bank (the board's clock, the turn prompt, "+30 s"), and what a
//! player who is away is told. Private texts are for their player only.

use crate::table::PreAction;

use super::locale::{Locale, tr};

/// What a player's private view says of the pre-actions it offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreActionsView {
    pub offered: Vec<PreAction>,
    pub chosen: Option<PreAction>,
    /// It is the player's turn: they act on the board.
    pub your_turn: bool,
    /// Seconds left in their time bank.
    pub time_bank_secs: u32,
}

/// A pre-action's label: "Check/Fold", "Check", "Call 10", "Call any", "Fold".
pub fn pre_action_label(locale: Locale, pre: PreAction) -> String {
    match pre {
        PreAction::CheckFold => tr(locale, "pre-check-fold", &[]),
        PreAction::Check => tr(locale, "pre-check", &[]),
        PreAction::Call(chips) => tr(locale, "pre-call", &[("amount", chips.into())]),
        PreAction::CallAny => tr(locale, "pre-call-any", &[]),
        PreAction::Fold => tr(locale, "pre-fold", &[]),
    }
}

/// The label of the button that clears a pre-action.
pub fn pre_action_clear_label(locale: Locale) -> String {
    tr(locale, "pre-clear", &[])
}

/// The lines a private view adds below the player's cards: their pre-action (or what they
/// may choose), or that it is their turn; their time bank, while they have some. Empty when
/// there is nothing to say.
pub fn private_pace(locale: Locale, view: &PreActionsView) -> String {
    let mut lines = Vec::new();
    if view.your_turn {
        lines.push(tr(locale, "pre-your-turn", &[]));
    } else if let Some(chosen) = view.chosen {
        lines.push(tr(
            locale,
            "pre-chosen",
            &[("action", pre_action_label(locale, chosen).into())],
        ));
    } else if !view.offered.is_empty() {
        lines.push(tr(locale, "pre-offered", &[]));
    }
    if view.time_bank_secs > 0 {
        lines.push(time_bank_left(locale, view.time_bank_secs));
    }
    lines.join("\n")
}

/// "Time bank: 45 s".
pub fn time_bank_left(locale: Locale, seconds: u32) -> String {
    tr(locale, "time-bank-left", &[("seconds", seconds.into())])
}

/// The label of the button that takes time from the time bank: "+30 s".
pub fn add_time_label(locale: Locale, seconds: u64) -> String {
    tr(locale, "button-add-time", &[("seconds", seconds.into())])
}

/// What a turn prompt adds about the clock: the time bank that runs on after the timer, and
/// the pre-action that no longer fit.
pub fn turn_pace(locale: Locale, time_bank_secs: u32, dropped: Option<PreAction>) -> String {
    let mut lines = Vec::new();
    if let Some(dropped) = dropped {
        lines.push(tr(
            locale,
            "pre-dropped",
            &[("action", pre_action_label(locale, dropped).into())],
        ));
    }
    if time_bank_secs > 0 {
        lines.push(tr(
            locale,
            "turn-time-bank",
            &[("seconds", time_bank_secs.into())],
        ));
    }
    lines.join("\n")
}

/// What a player the table sat out as away is told, privately: how to come back, and, at a
/// cash table, after how many hands away they are stood up.
pub fn away_sat_out(locale: Locale, stood_up_after: Option<u32>) -> String {
    match stood_up_after {
        Some(hands) => tr(locale, "away-sat-out", &[("hands", hands.into())]),
        None => tr(locale, "away-sat-out-dealt-in", &[]),
    }
}

/// What a player stood up after `hands` hands away is told, privately.
pub fn away_stood_up(locale: Locale, hands: u32, cashed_out: u64) -> String {
    tr(
        locale,
        "away-stood-up",
        &[("hands", hands.into()), ("amount", cashed_out.into())],
    )
}

/// The label of the button that brings an away player back.
pub fn back_label(locale: Locale) -> String {
    tr(locale, "button-back", &[])
}

/// What a player who came back by the button is told.
pub fn back_told(locale: Locale) -> String {
    tr(locale, "away-back", &[])
}
