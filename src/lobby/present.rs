//! From the table service's notices to the renderer's views and text, for every front end
//! (terminal and Discord) alike. The lobby knows players only by id, so each function takes
//! `name_of`, the front end's way of naming a player.

use crate::bank::UserId;
use crate::render::{
    self, BoardView, HistoryView, IdleSeat, IdleState, Locale, PlayerFacts, ResultView, StatusSeat,
    TableFacts, TableStatusView, TurnPrompt,
};
use crate::table::hand::ActionKind;
use crate::tournament::DealKind;

use super::command::TableStatus;
use super::notice::{
    AwayNotice, HandSummary, NoticeBody, PlayerCards, PublicBoard, SeatStatus, SitOutReason,
    TableMessage, TournamentHeader, TournamentPlace, TurnOffer,
};

/// How a front end names a player.
pub type NameOf<'a> = &'a dyn Fn(UserId) -> String;

/// Whether a player is a computer, as a front end knows its players.
pub type IsComputer<'a> = &'a dyn Fn(UserId) -> bool;

/// The board for the channel.
pub fn board_view(board: &PublicBoard, name_of: NameOf<'_>) -> BoardView {
    board_view_with(board, &board_facts(board, name_of))
}

/// The board for the channel from facts a front end completed, with the equities of an
/// all-in hand being dealt out.
pub fn board_view_with(board: &PublicBoard, facts: &TableFacts) -> BoardView {
    let mut view = BoardView::from_public(&board.view, facts);
    if let Some(clock) = board.clock {
        view = view.with_time_bank(clock.time_bank_secs, clock.added_secs);
    }
    match &board.equity {
        Some(equity) => view.with_equity(equity),
        None => view,
    }
}

/// What a player's private view says of their pre-actions and time bank.
pub fn pre_actions_view(cards: &PlayerCards) -> render::pace::PreActionsView {
    render::pace::PreActionsView {
        offered: cards.pre_actions.offered.clone(),
        chosen: cards.pre_actions.chosen,
        your_turn: cards.pre_actions.your_turn,
        time_bank_secs: cards.time_bank_secs,
    }
}

/// The private "your turn" text: the prompt, then the time bank and a dropped pre-action.
pub fn turn_text(locale: Locale, offer: &TurnOffer) -> String {
    let prompt = render::your_turn(locale, &turn_prompt(offer));
    let pace = render::pace::turn_pace(locale, offer.time_bank_secs, offer.dropped);
    if pace.is_empty() {
        prompt
    } else {
        format!("{prompt}\n{pace}")
    }
}

/// What an away player is told, privately.
pub fn away_text(locale: Locale, away: &AwayNotice) -> String {
    match *away {
        AwayNotice::SatOut { stood_up_after } => render::pace::away_sat_out(locale, stood_up_after),
        AwayNotice::StoodUp { hands, cashed_out } => {
            render::pace::away_stood_up(locale, hands, cashed_out)
        }
    }
}

/// What the board shows beside the cards: who plays, who waits or sits out, the timer.
/// A front end that knows more (a player's DMs are closed) adds it to these facts.
pub fn board_facts(board: &PublicBoard, name_of: NameOf<'_>) -> TableFacts {
    board_facts_of(board, name_of, &UserId::is_computer)
}

/// [`board_facts`] for a front end that knows its computer players by other means than
/// their ids (the terminal's cash table, whose computers buy in as players do).
pub fn board_facts_of(
    board: &PublicBoard,
    name_of: NameOf<'_>,
    is_computer: IsComputer<'_>,
) -> TableFacts {
    let players = board
        .players
        .iter()
        .map(|user| {
            let away = board
                .seats
                .iter()
                .any(|seat| seat.user == *user && seat.away);
            PlayerFacts {
                name: name_of(*user),
                away,
                dm_closed: false,
                computer: is_computer(*user),
            }
        })
        .collect();
    let idle = board
        .seats
        .iter()
        .filter(|seat| seat.hand_seat.is_none())
        .map(|seat| IdleSeat {
            name: name_of(seat.user),
            stack: seat.stack,
            computer: is_computer(seat.user),
            state: match seat.status {
                SeatStatus::Playing => IdleState::Waiting,
                _ => IdleState::SittingOut,
            },
        })
        .collect();
    TableFacts {
        hand_number: board.hand,
        players,
        idle,
        action_timer_secs: Some(u64::from(board.action_timer_secs)),
        mix_leg: board.mix_leg,
        sit_and_go: board.tournament.is_some() || board.event_table,
    }
}

/// The private "your turn" prompt.
pub fn turn_prompt(offer: &TurnOffer) -> TurnPrompt {
    TurnPrompt {
        hand_number: offer.hand,
        street: offer.street,
        legal: offer.legal.clone(),
        to_call: offer
            .legal
            .iter()
            .find(|action| action.kind == ActionKind::Call)
            .map_or(0, |action| action.chips),
        stack: offer.stack,
        pot: offer.pot,
        action_timer_secs: Some(u64::from(offer.timer_secs)),
    }
}

fn names(users: &[UserId], name_of: NameOf<'_>) -> Vec<String> {
    users.iter().map(|user| name_of(*user)).collect()
}

/// The results of a settled hand.
pub fn result_view(summary: &HandSummary, name_of: NameOf<'_>) -> ResultView {
    ResultView::new(
        summary.hand,
        &names(&summary.players, name_of),
        &summary.result,
        &summary.public_events,
    )
}

/// The public history of a settled hand.
pub fn history_view(summary: &HandSummary, name_of: NameOf<'_>) -> HistoryView {
    HistoryView::new(
        summary.hand,
        summary.result.game,
        summary.view.stakes,
        &names(&summary.players, name_of),
        &summary.result.starting_stacks,
        &summary.public_events,
    )
}

/// The public history of a stored hand, as `/history` and the terminal's `history` tell it.
pub fn stored_history_view(history: &super::HandHistory, name_of: NameOf<'_>) -> HistoryView {
    HistoryView::new(
        history.hand,
        history.game,
        history.stakes,
        &names(&history.players, name_of),
        &history.starting_stacks,
        &history.events,
    )
}

/// `/table status`.
pub fn status_view(status: &TableStatus, name_of: NameOf<'_>) -> TableStatusView {
    status_view_of(status, name_of, &UserId::is_computer)
}

/// [`status_view`] for a front end that knows its computer players by other means than their
/// ids (see [`board_facts_of`]).
pub fn status_view_of(
    status: &TableStatus,
    name_of: NameOf<'_>,
    is_computer: IsComputer<'_>,
) -> TableStatusView {
    TableStatusView {
        game: status.settings.game,
        mix_hands: status.settings.mix_hands,
        stakes: status.settings.stakes,
        min_buy_in: status.settings.min_buy_in,
        max_buy_in: status.settings.max_buy_in,
        max_seats: status.settings.seats,
        action_timer_secs: u64::from(status.settings.action_timer_secs),
        paused: status.paused,
        hand_number: status.hand_in_progress.then_some(status.hand),
        seats: status
            .seats
            .iter()
            .map(|seat| StatusSeat {
                name: name_of(seat.user),
                stack: seat.stack,
                computer: is_computer(seat.user),
                status: match (seat.status, seat.hand_seat) {
                    (SeatStatus::SittingOut { .. }, _) => render::SeatStatusView::SittingOut,
                    (_, Some(_)) => render::SeatStatusView::Active,
                    (_, None) => render::SeatStatusView::Waiting,
                },
            })
            .collect(),
        computer_players: status.settings.computer_players,
        computer_level: status.settings.computer_level,
    }
}

/// A table message as text.
pub fn message_text(locale: Locale, message: &TableMessage, name_of: NameOf<'_>) -> String {
    use render::Announcement as N;
    let name = |user: &UserId| name_of(*user);
    let rendered = match message {
        TableMessage::Opened { .. } => N::TableOpened,
        TableMessage::SettingsChanged { .. } => N::SettingsNextHand,
        TableMessage::Paused => N::TablePaused,
        TableMessage::Halted => N::TableHalted,
        TableMessage::Resumed => N::TableResumed,
        TableMessage::Closed { .. } => N::TableClosed,
        TableMessage::HandCancelled { hand, .. } => N::HandCancelledRefunded { hand_number: *hand },
        TableMessage::Settling { hand } => return hand_text(locale, "lobby-settling", *hand),
        TableMessage::WaitingForBank { hand } => {
            return hand_text(locale, "lobby-waiting-for-bank", *hand);
        }
        TableMessage::Joined { user, stack, .. } => N::Joined {
            name: name(user),
            buy_in: *stack,
        },
        TableMessage::LeavingAfterHand { user } => N::LeavingAfterHand { name: name(user) },
        TableMessage::Left { user, cashed_out } => N::Left {
            name: name(user),
            stack: *cashed_out,
        },
        TableMessage::Kicked { user, .. } => N::Kicked { name: name(user) },
        TableMessage::SatOut { user, reason } => return sat_out_text(locale, &name(user), *reason),
        TableMessage::Back { user } => N::Back { name: name(user) },
        TableMessage::ToppedUp {
            user,
            amount,
            stack,
        } => N::ToppedUp {
            name: name(user),
            amount: *amount,
            stack: *stack,
        },
        TableMessage::TimedOut { user, action } => {
            return render::timed_out(locale, &name(user), *action);
        }
        TableMessage::NextHandIn { secs, .. } => N::NextHandIn {
            seconds: u64::from(*secs),
        },
        TableMessage::WaitingForPlayers { ready } => N::WaitingForPlayers {
            needed: u32::try_from(2usize.saturating_sub(*ready)).unwrap_or(2),
        },
        sit_and_go @ (TableMessage::TournamentOut { .. }
        | TableMessage::TournamentOver { .. }
        | TableMessage::TournamentResumed { .. }
        | TableMessage::TournamentCancelled { .. }
        | TableMessage::TournamentCancelWaits
        | TableMessage::DealStillOpen { .. }
        | TableMessage::DealAccepted { .. }
        | TableMessage::DealDeclined { .. }
        | TableMessage::DealLapsed
        | TableMessage::DealVoid
        | TableMessage::DealGone) => return sit_and_go_text(locale, sit_and_go, name_of),
    };
    render::notice(locale, &rendered)
}

/// A message only a sit & go's table sends, as text ([`message_text`] hands these here).
fn sit_and_go_text(locale: Locale, message: &TableMessage, name_of: NameOf<'_>) -> String {
    match message {
        TableMessage::TournamentOut { user, place, prize } => {
            tournament_out(locale, &name_of(*user), *place, *prize)
        }
        TableMessage::TournamentOver {
            hands,
            places,
            deal,
            ..
        } => tournament_places(locale, *hands, places, *deal, name_of),
        TableMessage::TournamentResumed { hand, paused } => {
            let id = if *paused {
                "lobby-tournament-resumed-paused"
            } else {
                "lobby-tournament-resumed"
            };
            hand_text(locale, id, *hand)
        }
        TableMessage::TournamentCancelled { refunded, paid, .. } => {
            tournament_cancelled(locale, *refunded, paid, name_of)
        }
        TableMessage::TournamentCancelWaits => render::tr(locale, "tournament-cancel-waits", &[]),
        TableMessage::DealStillOpen { secs, .. } => render::tr(
            locale,
            "tournament-deal-still-open",
            &[("secs", (*secs).into())],
        ),
        TableMessage::DealAccepted { user, accepted, of } => render::tr(
            locale,
            "tournament-deal-accepted",
            &[
                ("name", render::display_name(&name_of(*user)).into()),
                ("accepted", (*accepted).into()),
                ("of", (*of).into()),
            ],
        ),
        TableMessage::DealDeclined { user } => render::tr(
            locale,
            "tournament-deal-declined",
            &[("name", render::display_name(&name_of(*user)).into())],
        ),
        TableMessage::DealLapsed => render::tr(locale, "tournament-deal-lapsed", &[]),
        TableMessage::DealVoid => render::tr(locale, "tournament-deal-void", &[]),
        TableMessage::DealGone => render::tr(locale, "tournament-deal-off", &[]),
        // Every other message is a cash table's too: message_text words it.
        other => message_text(locale, other, name_of),
    }
}

/// A message of the lobby's own that names a hand: "Hand #12 is being settled…".
fn hand_text(locale: Locale, id: &str, hand: u64) -> String {
    render::tr(locale, id, &[("hand", hand.into())])
}

/// A player sits out: they asked, timed out twice, or have no chips left.
fn sat_out_text(locale: Locale, name: &str, reason: SitOutReason) -> String {
    let told = match reason {
        SitOutReason::TimedOut => render::Announcement::SatOutAfterTimeouts { name: name.into() },
        SitOutReason::Busted => {
            return render::tr(
                locale,
                "lobby-busted",
                &[("name", render::display_name(name).into())],
            );
        }
        SitOutReason::Asked => render::Announcement::SatOut { name: name.into() },
    };
    render::notice(locale, &told)
}

/// A player out of a sit & go: their place, and the prize paid at the bust when the place
/// is paid.
pub fn tournament_out(locale: Locale, name: &str, place: usize, prize: u64) -> String {
    let id = if prize > 0 {
        "tournament-out-paid"
    } else {
        "play-tournament-out"
    };
    render::tr(
        locale,
        id,
        &[
            ("name", render::display_name(name).into()),
            ("place", place.into()),
            ("prize", prize.into()),
        ],
    )
}

/// A finished sit & go: how many hands it took (and the deal that ended it, if one did),
/// then every place and its prize, first place first.
pub fn tournament_places(
    locale: Locale,
    hands: u64,
    places: &[TournamentPlace],
    deal: Option<DealKind>,
    name_of: NameOf<'_>,
) -> String {
    let head = match deal {
        Some(kind) => render::tr(
            locale,
            "tournament-over-deal",
            &[("hands", hands.into()), ("kind", kind.name().into())],
        ),
        None => render::tr(locale, "play-tournament-over", &[("hands", hands.into())]),
    };
    let mut lines = vec![head];
    for place in places {
        lines.push(render::tr(
            locale,
            "play-tournament-place",
            &[
                ("place", place.place.into()),
                ("name", render::display_name(&name_of(place.user)).into()),
                ("chips", place.payout.into()),
            ],
        ));
    }
    lines.join("\n")
}

/// A cancelled sit & go: every buy-in refunded, or the prizes not yet won divided by ICM,
/// each share named.
pub fn tournament_cancelled(
    locale: Locale,
    refunded: bool,
    paid: &[(crate::bank::UserId, u64)],
    name_of: NameOf<'_>,
) -> String {
    if refunded {
        return render::tr(locale, "tournament-cancel-refund", &[]);
    }
    let mut lines = vec![render::tr(locale, "tournament-cancelled-shares", &[])];
    for &(user, chips) in paid {
        lines.push(render::tr(
            locale,
            "tournament-cancel-share",
            &[
                ("name", render::display_name(&name_of(user)).into()),
                ("chips", chips.into()),
            ],
        ));
    }
    lines.join("\n")
}

/// The line a sit & go's board shows above its header: level, hands to the next level,
/// players left, average stack; on the first hand of a level, the new stakes.
pub fn tournament_board_line(locale: Locale, header: &TournamentHeader) -> String {
    let id = if header.level_begins {
        "lobby-tournament-level-begins"
    } else {
        "lobby-tournament-board"
    };
    render::tr(
        locale,
        id,
        &[
            ("level", header.level.into()),
            ("next", header.hands_to_next.unwrap_or(0).into()),
            ("left", header.players_left.into()),
            ("average", header.average_stack.into()),
            ("ante", header.stakes.ante.into()),
            ("bring_in", header.stakes.bring_in.into()),
            ("small_bet", header.stakes.small_bet.into()),
            ("big_bet", header.stakes.big_bet.into()),
        ],
    )
}

/// Any notice as text for a reader who may see it (private notices only for their player).
/// A front end that keeps one board message (Discord) renders boards itself instead.
pub fn notice_text(locale: Locale, body: &NoticeBody, name_of: NameOf<'_>) -> String {
    match body {
        NoticeBody::Board(board) => render::board(locale, &board_view(board, name_of)),
        NoticeBody::Cards(cards) => render::private_hand(locale, cards.hand, &cards.view),
        NoticeBody::YourTurn(offer) => turn_text(locale, offer),
        NoticeBody::HandResult(summary) => render::results(locale, &result_view(summary, name_of)),
        NoticeBody::Table(message) => message_text(locale, message, name_of),
        NoticeBody::Error { error, .. } => render::refusal(locale, error, name_of),
        NoticeBody::Away { away, .. } => away_text(locale, away),
    }
}
