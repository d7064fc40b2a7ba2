//! The pace of the terminal's table, as `studbot play` offers it: `pre …` chooses what to do
//! when your turn comes (check/fold, check, call, call any, fold; `pre off` clears it), told
//! to you alone and carried out by the table the moment your turn comes if it still fits;
//! typed at your turn, it is done at once. `time` (`+30`) takes 30 s from your time bank at
//! your turn; `back` deals you in again after the table sat you out as away. The table
//! decides all of it, as at a Discord table.

use crate::lobby::{LobbyError, PreAction};
use crate::render::{self, Locale, tr};
use crate::table::SeatState;
use crate::table::hand::ActionKind;

use super::session::PlaySession;
use super::words::{PlayerCommand, PreWish, parse};
use super::{YOU, say};

/// The pre-action `wish` stands for among those `offered` (a call is of the bet offered).
fn pre_action_for(wish: PreWish, offered: &[PreAction]) -> Option<PreAction> {
    offered.iter().copied().find(|pre| {
        matches!(
            (wish, pre),
            (PreWish::CheckFold, PreAction::CheckFold)
                | (PreWish::Check, PreAction::Check)
                | (PreWish::Call, PreAction::Call(_))
                | (PreWish::CallAny, PreAction::CallAny)
                | (PreWish::Fold, PreAction::Fold)
        )
    })
}

/// What is said of a `pre` line (`line`) that stands for none of the pre-actions `offered`
/// now (a fold when there is nothing to call, or none at all while you are not in a hand
/// being bet): the ones that are.
fn pre_not_offered(locale: Locale, line: &str, offered: &[PreAction]) -> String {
    if offered.is_empty() {
        return tr(locale, "play-pre-none", &[("input", line.into())]);
    }
    let options = offered
        .iter()
        .map(|pre| {
            format!(
                "pre {}",
                render::pace::pre_action_label(locale, *pre).to_lowercase()
            )
        })
        .collect::<Vec<_>>()
        .join(" · ");
    tr(
        locale,
        "play-pre-not-offered",
        &[("input", line.into()), ("options", options.into())],
    )
}

impl PlaySession {
    /// `pre …` (`line`): at your turn, the action it stands for at once; else your choice for
    /// this street, which the table keeps (or clears, with `None`).
    pub(super) async fn pre_action(&mut self, line: &str, wish: Option<PreWish>) {
        let locale = self.locale;
        if let Some(offer) = self.offer.clone() {
            let Some(wish) = wish else {
                return self.prompt();
            };
            let to_call = offer
                .legal
                .iter()
                .find(|action| action.kind == ActionKind::Call)
                .map_or(0, |action| action.chips);
            let pre = match wish {
                PreWish::CheckFold => PreAction::CheckFold,
                PreWish::Check => PreAction::Check,
                PreWish::Call => PreAction::Call(to_call),
                PreWish::CallAny => PreAction::CallAny,
                PreWish::Fold => PreAction::Fold,
            };
            return match pre.action_at(&offer.legal) {
                // The offer's own deal series: at a table dealt again (a resumed sit & go,
                // an event's table) an answer in series 0 is refused as stale.
                Some(kind) => match self.table.act_on(YOU, offer.offered(), kind).await {
                    Ok(_) => self.offer = None,
                    Err(error) => self.refused(&error),
                },
                None => say(&tr(
                    locale,
                    "play-bad-input",
                    &[
                        ("input", line.into()),
                        (
                            "options",
                            render::action_options(locale, &offer.legal).into(),
                        ),
                    ],
                )),
            };
        }
        let view = match self.table.show_cards(YOU).await {
            Ok(view) => view,
            Err(error) => return self.refused(&error),
        };
        let choice = match wish {
            None => None,
            Some(wish) => match pre_action_for(wish, &view.pre_actions.offered) {
                Some(pre) => Some(pre),
                None => return say(&pre_not_offered(locale, line, &view.pre_actions.offered)),
            },
        };
        match self
            .table
            .pre_action(YOU, view.hand, view.pre_actions.street, choice)
            .await
        {
            Ok(cards) => say(&render::pace::private_pace(
                locale,
                &crate::lobby::present::pre_actions_view(&cards),
            )),
            Err(error) => self.refused(&error),
        }
    }

    /// `time`: 30 s from your time bank onto your clock, at your turn.
    pub(super) async fn add_time(&mut self) {
        let Some(offer) = self.offer.clone() else {
            return say(&tr(self.locale, "play-not-your-turn", &[]));
        };
        match self.table.add_time(YOU, offer.hand, offer.action_seq).await {
            Ok(added) => {
                let left = self
                    .table
                    .show_cards(YOU)
                    .await
                    .map_or(0, |cards| cards.time_bank_secs);
                say(&tr(
                    self.locale,
                    "play-time-added",
                    &[("added", added.into()), ("left", left.into())],
                ));
            }
            Err(error) => self.refused(&error),
        }
    }

    /// `back`: dealt in again from the next hand, after the table sat you out as away.
    pub(super) async fn back(&mut self) {
        match self.table.back(YOU).await {
            Ok(()) => say(&render::pace::back_told(self.locale)),
            Err(error) => self.refused(&error),
        }
    }

    /// Whether `line`, read ahead from a script (`None`: the input ended), is due now: a
    /// `pre` line as soon as you are in a hand being bet and it is someone else's turn (at
    /// your turn, once you are asked), any other line once you are asked for input.
    pub(super) async fn script_line_due(&self, line: Option<&str>) -> anyhow::Result<bool> {
        let is_pre = line.is_some_and(|line| {
            matches!(parse(self.locale, line.trim()), Some(PlayerCommand::Pre(_)))
        });
        if is_pre && !self.leaving && self.pre_due().await? {
            return Ok(true);
        }
        self.wants_input().await
    }

    /// Whether you are in a hand being bet, someone else to act: a pre-action may be chosen.
    async fn pre_due(&self) -> anyhow::Result<bool> {
        if self.offer.is_some() {
            return Ok(false);
        }
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(false),
            Err(error) => return Err(error.into()),
        };
        let (Some(board), Some(seat)) = (
            &status.board,
            status
                .seats
                .iter()
                .find(|seat| seat.user == YOU)
                .and_then(|me| me.hand_seat),
        ) else {
            return Ok(false);
        };
        let someone_else_to_act = board.view.to_act.is_some_and(|to_act| to_act != seat);
        Ok(someone_else_to_act
            && board
                .view
                .seats
                .get(seat)
                .is_some_and(|public| public.state == SeatState::Active))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_pre_action_stands_for_the_offered_one_of_its_kind() {
        let facing = [PreAction::Fold, PreAction::Call(10), PreAction::CallAny];
        assert_eq!(
            pre_action_for(PreWish::Call, &facing),
            Some(PreAction::Call(10))
        );
        assert_eq!(pre_action_for(PreWish::Check, &facing), None);
        let free = [PreAction::CheckFold, PreAction::Check, PreAction::CallAny];
        assert_eq!(
            pre_action_for(PreWish::CheckFold, &free),
            Some(PreAction::CheckFold)
        );
        assert_eq!(pre_action_for(PreWish::Call, &free), None);
    }
}
