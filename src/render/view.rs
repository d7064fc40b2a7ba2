//! What the renderers read: the engine's views joined with the facts only the table knows
//! (names, hand number, who is sitting out, whose DMs are closed).
//!
//! The public types ([`BoardView`], [`ResultView`], [`HistoryView`]) can only be built from the
//! engine's [`PublicView`], [`HandResult`] and events, and keep their fields private, so no
//! down card can be put into anything that is rendered for the channel. A player's own cards
//! reach text only through [`PrivateView`], which only the private renderers accept.

use crate::table::Street;
use crate::table::card::Card;
use crate::table::hand::{
    ActionKind, Event, HandResult, LegalAction, PotAward, PublicView, SeatIndex, SeatState,
};
use crate::table::rules::Stakes;

/// How a seat reads on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SeatStatus {
    /// In the hand, and it is this seat's turn.
    ToAct,
    /// In the hand with chips behind.
    Active,
    Folded,
    AllIn,
    /// Seated but not dealt in: chose to sit out, was sat out after timeouts, or is busted.
    SittingOut,
    /// Seated but not dealt in: joined during this hand and plays from the next.
    Waiting,
    /// In the hand, but the timer acted for them last turn (one more timeout sits them out).
    Away,
}

/// The table's facts about one player dealt into the hand (the engine knows only seat indexes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerFacts {
    pub name: String,
    /// The timer acted for this player on their last turn.
    pub away: bool,
    /// Down cards could not be sent by DM; the board says so, "My cards" shows them.
    pub dm_closed: bool,
}

impl PlayerFacts {
    pub fn named(name: impl Into<String>) -> PlayerFacts {
        PlayerFacts {
            name: name.into(),
            away: false,
            dm_closed: false,
        }
    }
}

/// Whether a seated player not dealt into this hand is sitting out or waiting to play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdleState {
    SittingOut,
    Waiting,
}

/// A player seated at the table but not dealt into the current hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdleSeat {
    pub name: String,
    pub stack: u64,
    pub state: IdleState,
}

/// The table-level facts a board needs beside the engine's [`PublicView`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableFacts {
    pub hand_number: u64,
    /// One entry per seat dealt in, indexed like the engine's seats (deal order).
    pub players: Vec<PlayerFacts>,
    /// Seated players who are not in this hand, listed after the players in it.
    pub idle: Vec<IdleSeat>,
    /// Seconds the player to act has, if the table shows it.
    pub action_timer_secs: Option<u64>,
}

/// One line of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatLine {
    pub(crate) name: String,
    pub(crate) stack: u64,
    /// Cards everyone sees: the up cards, or the whole hand once shown.
    pub(crate) up_cards: Vec<Card>,
    /// How many cards are face down (drawn as card backs, never named).
    pub(crate) down_count: usize,
    pub(crate) shown: bool,
    pub(crate) street_bet: u64,
    pub(crate) status: SeatStatus,
    pub(crate) dm_closed: bool,
}

impl SeatLine {
    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn stack(&self) -> u64 {
        self.stack
    }
    /// Face-up cards (all of a shown hand).
    pub fn up_cards(&self) -> &[Card] {
        &self.up_cards
    }
    pub fn down_count(&self) -> usize {
        self.down_count
    }
    pub fn street_bet(&self) -> u64 {
        self.street_bet
    }
    pub fn status(&self) -> SeatStatus {
        self.status
    }
    pub fn dm_closed(&self) -> bool {
        self.dm_closed
    }
}

/// One pot of the middle while the hand is played: the main pot, then side pots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotLine {
    pub amount: u64,
    /// Names of the players who can win it.
    pub eligible: Vec<String>,
}

/// The last action taken, for the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastAction {
    pub name: String,
    pub kind: ActionKind,
    /// Chips the action cost (what "calls" names).
    pub chips: u64,
    /// The player's total bet on the street after the action (what "raises to" names).
    pub total: u64,
    /// The action put the player all-in.
    pub all_in: bool,
}

/// Who acts next and what each choice costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToAct {
    pub name: String,
    pub legal: Vec<LegalAction>,
}

/// The public board of a hand in progress (or just finished). Holds no down card: it can only
/// be built from the engine's [`PublicView`], which has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    pub(crate) hand_number: u64,
    pub(crate) stakes: Stakes,
    pub(crate) street: Street,
    pub(crate) pot: u64,
    /// Main pot then side pots; a single entry when nobody is all-in.
    pub(crate) pots: Vec<PotLine>,
    pub(crate) seats: Vec<SeatLine>,
    pub(crate) community: Option<Card>,
    pub(crate) last_action: Option<LastAction>,
    pub(crate) to_act: Option<ToAct>,
    pub(crate) action_timer_secs: Option<u64>,
}

impl BoardView {
    /// Joins the engine's public view with the table's facts. A seat with no entry in
    /// `facts.players` is named "Seat N".
    pub fn from_public(view: &PublicView, facts: &TableFacts) -> BoardView {
        let name_of = |seat: SeatIndex| seat_name(&facts.players, seat);
        let mut seats: Vec<SeatLine> = view
            .seats
            .iter()
            .enumerate()
            .map(|(index, seat)| {
                let player = facts.players.get(index);
                let status = if view.to_act == Some(index) {
                    SeatStatus::ToAct
                } else {
                    match seat.state {
                        SeatState::Folded => SeatStatus::Folded,
                        SeatState::AllIn => SeatStatus::AllIn,
                        SeatState::Active if player.is_some_and(|p| p.away) => SeatStatus::Away,
                        SeatState::Active => SeatStatus::Active,
                    }
                };
                let (up_cards, down_count, shown) = match &seat.shown {
                    Some(all) => (all.clone(), 0, true),
                    None => (seat.up_cards.clone(), seat.down_count, false),
                };
                SeatLine {
                    name: name_of(index),
                    stack: seat.stack,
                    up_cards,
                    down_count,
                    shown,
                    street_bet: seat.street_bet,
                    status,
                    dm_closed: player.is_some_and(|p| p.dm_closed),
                }
            })
            .collect();
        seats.extend(facts.idle.iter().map(|idle| SeatLine {
            name: idle.name.clone(),
            stack: idle.stack,
            up_cards: Vec::new(),
            down_count: 0,
            shown: false,
            street_bet: 0,
            status: match idle.state {
                IdleState::SittingOut => SeatStatus::SittingOut,
                IdleState::Waiting => SeatStatus::Waiting,
            },
            dm_closed: false,
        }));
        let committed: Vec<(u64, bool, bool)> = view
            .seats
            .iter()
            .map(|seat| {
                (
                    seat.committed,
                    seat.state == SeatState::AllIn,
                    seat.state != SeatState::Folded,
                )
            })
            .collect();
        let pots = split_pots(&committed)
            .into_iter()
            .map(|(amount, eligible)| PotLine {
                amount,
                eligible: eligible.into_iter().map(name_of).collect(),
            })
            .collect();
        BoardView {
            hand_number: facts.hand_number,
            stakes: view.stakes,
            street: view.street,
            pot: view.pot,
            pots,
            seats,
            community: view.community,
            last_action: view.last_action.map(|(seat, action)| LastAction {
                name: name_of(seat),
                kind: action.kind,
                chips: action.chips,
                total: action.total,
                all_in: action.all_in,
            }),
            to_act: view.to_act.map(|seat| ToAct {
                name: name_of(seat),
                legal: view.legal.clone(),
            }),
            action_timer_secs: facts.action_timer_secs,
        }
    }

    pub fn hand_number(&self) -> u64 {
        self.hand_number
    }
    pub fn stakes(&self) -> Stakes {
        self.stakes
    }
    pub fn street(&self) -> Street {
        self.street
    }
    pub fn pot(&self) -> u64 {
        self.pot
    }
    pub fn pots(&self) -> &[PotLine] {
        &self.pots
    }
    pub fn seats(&self) -> &[SeatLine] {
        &self.seats
    }
    pub fn community(&self) -> Option<Card> {
        self.community
    }
    pub fn last_action(&self) -> Option<&LastAction> {
        self.last_action.as_ref()
    }
    pub fn to_act(&self) -> Option<&ToAct> {
        self.to_act.as_ref()
    }
}

pub(crate) fn seat_name(players: &[PlayerFacts], seat: SeatIndex) -> String {
    players
        .get(seat)
        .map(|p| p.name.clone())
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// Main pot and side pots from what each seat committed: `(committed, all_in, still_in)`.
/// Each all-in level caps a pot; folded chips count in the pots but win nothing.
/// Returns `(amount, eligible seats)`, main pot first; pots of 0 are left out, and so are
/// chips above the last level that only their owner can win (an uncalled bet).
pub(crate) fn split_pots(seats: &[(u64, bool, bool)]) -> Vec<(u64, Vec<SeatIndex>)> {
    let mut levels: Vec<u64> = seats
        .iter()
        .filter(|(_, all_in, in_hand)| *all_in && *in_hand)
        .map(|(committed, _, _)| *committed)
        .collect();
    levels.push(seats.iter().map(|s| s.0).max().unwrap_or(0));
    levels.sort_unstable();
    levels.dedup();
    let mut pots = Vec::new();
    let mut floor = 0u64;
    for level in levels {
        let amount: u64 = seats
            .iter()
            .map(|(committed, _, _)| (*committed).min(level).saturating_sub(floor))
            .sum();
        let eligible: Vec<SeatIndex> = seats
            .iter()
            .enumerate()
            // A player with chips behind can still call up to any level; an all-in player
            // is in only the pots their chips reach.
            .filter(|(_, (committed, all_in, in_hand))| {
                *in_hand && (!*all_in || *committed >= level)
            })
            .map(|(index, _)| index)
            .collect();
        // Chips above what anyone else can match (an uncalled bet) go back to their owner:
        // they are no side pot.
        let uncalled = !pots.is_empty() && eligible.len() == 1;
        if amount > 0 && !uncalled {
            match pots.last_mut() {
                // Chips above the last all-in that only one player can win are simply theirs
                // in the same pot as the level below when the eligible set is unchanged.
                Some((previous, same)) if *same == eligible => *previous += amount,
                _ => pots.push((amount, eligible)),
            }
        }
        floor = level;
    }
    pots
}

/// The "your turn" prompt for the player to act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnPrompt {
    pub hand_number: u64,
    pub street: Street,
    pub legal: Vec<LegalAction>,
    /// Chips needed to call (0 when checking is free).
    pub to_call: u64,
    pub stack: u64,
    pub pot: u64,
    pub action_timer_secs: Option<u64>,
}

impl TurnPrompt {
    /// The prompt for whoever is to act in `view`, or `None` when nobody is.
    pub fn from_public(view: &PublicView, hand_number: u64, timer: Option<u64>) -> Option<Self> {
        let seat = view.to_act?;
        let me = view.seats.get(seat)?;
        let to_call = view
            .legal
            .iter()
            .find(|a| a.kind == ActionKind::Call)
            .map_or(0, |a| a.chips);
        Some(TurnPrompt {
            hand_number,
            street: view.street,
            legal: view.legal.clone(),
            to_call,
            stack: me.stack,
            pot: view.pot,
            action_timer_secs: timer,
        })
    }
}

/// One pot's outcome, with names and what the winners showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownHand {
    pub seat: SeatIndex,
    pub name: String,
    /// All the cards the player showed (with the community card, if any).
    pub cards: Vec<Card>,
}

/// The public results of a finished hand: pots, winners, shown hands. Built from the engine's
/// result and events; only cards shown at showdown are in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultView {
    pub(crate) hand_number: u64,
    pub(crate) names: Vec<String>,
    pub(crate) awards: Vec<PotAward>,
    pub(crate) shown: Vec<ShownHand>,
    pub(crate) mucked: Vec<SeatIndex>,
    /// Uncalled chips given back: `(seat, chips)`.
    pub(crate) returned: Vec<(SeatIndex, u64)>,
    pub(crate) starting_stacks: Vec<u64>,
    pub(crate) final_stacks: Vec<u64>,
}

impl ResultView {
    /// `names[i]` is the name of engine seat i; `events` is the hand's event list (only its
    /// `Shown` and `CommunityCard` events are read).
    pub fn new(hand_number: u64, names: &[String], result: &HandResult, events: &[Event]) -> Self {
        let community = events.iter().find_map(|event| match event {
            Event::CommunityCard { card } => Some(*card),
            _ => None,
        });
        let shown = events
            .iter()
            .filter_map(|event| match event {
                Event::Shown { seat, cards, .. } => {
                    let mut cards = cards.clone();
                    if let Some(card) = community.filter(|c| !cards.contains(c)) {
                        cards.push(card);
                    }
                    Some(ShownHand {
                        seat: *seat,
                        name: name_at(names, *seat),
                        cards,
                    })
                }
                _ => None,
            })
            .collect();
        let mucked = events
            .iter()
            .filter_map(|event| match event {
                Event::Mucked { seat } => Some(*seat),
                _ => None,
            })
            .collect();
        let returned = events
            .iter()
            .filter_map(|event| match event {
                Event::Returned { seat, chips } => Some((*seat, *chips)),
                _ => None,
            })
            .collect();
        ResultView {
            hand_number,
            names: names.to_vec(),
            awards: result.awards.clone(),
            shown,
            mucked,
            returned,
            starting_stacks: result.starting_stacks.clone(),
            final_stacks: result.final_stacks.clone(),
        }
    }

    pub fn hand_number(&self) -> u64 {
        self.hand_number
    }
    pub fn awards(&self) -> &[PotAward] {
        &self.awards
    }
    pub fn shown(&self) -> &[ShownHand] {
        &self.shown
    }
    pub(crate) fn name(&self, seat: SeatIndex) -> String {
        name_at(&self.names, seat)
    }
    /// Net chips won (positive) or lost (negative) by each seat.
    pub fn net(&self) -> Vec<i128> {
        self.starting_stacks
            .iter()
            .zip(&self.final_stacks)
            .map(|(start, end)| i128::from(*end) - i128::from(*start))
            .collect()
    }
}

pub(crate) fn name_at(names: &[String], seat: SeatIndex) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// The public history of one hand. Built from the engine's events with every `DownCard`
/// event removed: the only hidden cards it can name are those later shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryView {
    pub(crate) hand_number: u64,
    pub(crate) stakes: Stakes,
    pub(crate) names: Vec<String>,
    pub(crate) starting_stacks: Vec<u64>,
    pub(crate) events: Vec<Event>,
}

impl HistoryView {
    pub fn new(
        hand_number: u64,
        stakes: Stakes,
        names: &[String],
        starting_stacks: &[u64],
        events: &[Event],
    ) -> HistoryView {
        HistoryView {
            hand_number,
            stakes,
            names: names.to_vec(),
            starting_stacks: starting_stacks.to_vec(),
            events: events
                .iter()
                .filter(|event| !matches!(event, Event::DownCard { .. }))
                .cloned()
                .collect(),
        }
    }

    pub fn hand_number(&self) -> u64 {
        self.hand_number
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
}

/// A player's line in `/table status` and similar between-hands listings (no cards).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusSeat {
    pub name: String,
    pub stack: u64,
    pub status: SeatStatus,
}

/// `/table status`: the table's settings and who sits there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableStatusView {
    pub stakes: Stakes,
    pub min_buy_in: u64,
    pub max_buy_in: u64,
    pub max_seats: u8,
    pub action_timer_secs: u64,
    pub paused: bool,
    /// The hand in progress, if any.
    pub hand_number: Option<u64>,
    pub seats: Vec<StatusSeat>,
}

/// `/stats`: one player's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatsView {
    pub name: String,
    pub hands_played: u64,
    pub pots_won: u64,
    pub scoops: u64,
    /// Chips won minus chips lost at the tables.
    pub net_chips: i64,
    pub biggest_pot: u64,
}

/// One line of `/leaderboard`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderboardLine {
    pub name: String,
    pub balance: u64,
}
