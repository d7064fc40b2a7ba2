//! What the renderers read: the engine's views joined with the facts only the table knows
//! (names, hand number, who is sitting out, whose DMs are closed).
//!
//! The public types ([`BoardView`], [`ResultView`], [`HistoryView`]) can only be built from the
//! engine's [`PublicView`], [`HandResult`] and events, and keep their fields private, so no
//! down card can be put into anything that is rendered for the channel. A player's own cards
//! reach text only through [`PrivateView`], which only the private renderers accept.
//!
//! This file holds the hand's views (board, prompt, results, history); `view_status.rs` how a
//! seat reads (on the board too) and the between-hands listings, and `view_stats.rs` the
//! records, which hold no card at all.

pub use super::view_stats::{
    HouseStatsView, LeaderboardLine, StatsView, TournamentLeaderboardLine, TournamentStatsView,
};
pub use super::view_status::{SeatStatusView, StatusSeat, TableStatusView};

use crate::equity::Fraction;
use crate::equity::board::{BoardEquity, betting_is_over};
use crate::table::card::Card;
use crate::table::hand::{
    ActionKind, Event, HandResult, LegalAction, PotAward, PublicSeat, PublicView, SeatIndex,
    SeatState,
};
use crate::table::rules::Stakes;
use crate::table::{Game, MixLeg, Street};

/// The table's facts about one player dealt into the hand (the engine knows only seat indexes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerFacts {
    pub name: String,
    /// The timer acted for this player on their last turn.
    pub away: bool,
    /// Down cards could not be sent by DM; the board says so, "My cards" shows them.
    pub dm_closed: bool,
    /// A computer player: the board marks the seat.
    pub computer: bool,
}

impl PlayerFacts {
    pub fn named(name: impl Into<String>) -> PlayerFacts {
        PlayerFacts {
            name: name.into(),
            away: false,
            dm_closed: false,
            computer: false,
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
    /// A computer player: the board marks the seat.
    pub computer: bool,
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
    /// At a `mix` table, where this hand stands in the rotation (the header says it).
    pub mix_leg: Option<MixLeg>,
    /// A sit & go's or an event's table: its computer players are entrants, who keep their
    /// seats (the legend says so rather than that they give them up).
    pub sit_and_go: bool,
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
    /// What the seat did last on this street.
    pub(crate) acted: Option<ActionKind>,
    pub(crate) status: SeatStatusView,
    pub(crate) dm_closed: bool,
    pub(crate) computer: bool,
    /// Equity and scoop chance while the hand is dealt out, once computed.
    pub(crate) odds: Option<SeatOdds>,
}

/// One live seat's chances while an all-in hand is dealt out, as the board shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatOdds {
    /// Expected share of every chip in the pots.
    pub equity: Fraction,
    /// The chance to take every pot the seat is in, alone.
    pub scoop: Fraction,
    /// False for a Monte Carlo estimate (shown "≈").
    pub exact: bool,
}

impl SeatLine {
    /// The line of a seat dealt into the hand.
    fn dealt(name: String, seat: &PublicSeat, player: Option<&PlayerFacts>, to_act: bool) -> Self {
        let status = if to_act {
            SeatStatusView::ToAct
        } else {
            match seat.state {
                SeatState::Folded => SeatStatusView::Folded,
                SeatState::AllIn => SeatStatusView::AllIn,
                SeatState::Active if player.is_some_and(|p| p.away) => SeatStatusView::Away,
                SeatState::Active => SeatStatusView::Active,
            }
        };
        let (up_cards, down_count, shown) = match &seat.shown {
            Some(all) => (all.clone(), 0, true),
            None => (seat.up_cards.clone(), seat.down_count, false),
        };
        SeatLine {
            name,
            stack: seat.stack,
            up_cards,
            down_count,
            shown,
            street_bet: seat.street_bet,
            acted: seat.acted,
            status,
            dm_closed: player.is_some_and(|p| p.dm_closed),
            computer: player.is_some_and(|p| p.computer),
            odds: None,
        }
    }

    /// The line of a seated player not dealt in (no cards, no bet).
    fn idle(idle: &IdleSeat) -> Self {
        SeatLine {
            name: idle.name.clone(),
            stack: idle.stack,
            up_cards: Vec::new(),
            down_count: 0,
            shown: false,
            street_bet: 0,
            acted: None,
            status: match idle.state {
                IdleState::SittingOut => SeatStatusView::SittingOut,
                IdleState::Waiting => SeatStatusView::Waiting,
            },
            dm_closed: false,
            computer: idle.computer,
            odds: None,
        }
    }

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
    /// What the seat did last on this street, if it acted on it.
    pub fn acted(&self) -> Option<ActionKind> {
        self.acted
    }
    pub fn status(&self) -> SeatStatusView {
        self.status
    }
    pub fn dm_closed(&self) -> bool {
        self.dm_closed
    }
    /// A computer player sits here.
    pub fn computer(&self) -> bool {
        self.computer
    }
    pub fn odds(&self) -> Option<SeatOdds> {
        self.odds
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
pub struct LastActionView {
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
    pub(crate) game: Game,
    pub(crate) mix_leg: Option<MixLeg>,
    pub(crate) stakes: Stakes,
    pub(crate) street: Street,
    pub(crate) pot: u64,
    /// Main pot then side pots; a single entry when nobody is all-in.
    pub(crate) pots: Vec<PotLine>,
    pub(crate) seats: Vec<SeatLine>,
    pub(crate) community: Option<Card>,
    pub(crate) last_action: Option<LastActionView>,
    pub(crate) to_act: Option<ToAct>,
    pub(crate) action_timer_secs: Option<u64>,
    /// The player to act's time bank and what "+30 s" added this turn, in seconds.
    pub(crate) time_bank: Option<(u32, u32)>,
    /// Betting is over and the rest of the hand is being dealt out, street by street.
    pub(crate) dealing_out: bool,
    pub(crate) sit_and_go: bool,
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
                let to_act = view.to_act == Some(index);
                SeatLine::dealt(name_of(index), seat, facts.players.get(index), to_act)
            })
            .collect();
        seats.extend(facts.idle.iter().map(SeatLine::idle));
        let pots = view
            .pots()
            .into_iter()
            .map(|(amount, eligible)| PotLine {
                amount,
                eligible: eligible.into_iter().map(name_of).collect(),
            })
            .collect();
        BoardView {
            hand_number: facts.hand_number,
            game: view.game,
            mix_leg: facts.mix_leg,
            stakes: view.stakes,
            street: view.street,
            pot: view.pot,
            pots,
            seats,
            community: view.community,
            last_action: view.last_action.map(|(seat, action)| LastActionView {
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
            time_bank: None,
            dealing_out: betting_is_over(view) && view.street != Street::Showdown,
            sit_and_go: facts.sit_and_go,
        }
    }

    /// The board with the time bank of the player to act beside their clock: `secs` left,
    /// `added_secs` taken with "+30 s" this turn.
    pub fn with_time_bank(mut self, secs: u32, added_secs: u32) -> BoardView {
        self.time_bank = Some((secs, added_secs));
        self
    }

    /// The board with each live seat's equity and scoop chance beside it. Computed only
    /// from the public view ([`crate::equity::board`]), so it names no hidden card.
    pub fn with_equity(mut self, equity: &BoardEquity) -> BoardView {
        for seat in &equity.seats {
            if let Some(line) = self.seats.get_mut(seat.seat) {
                line.odds = Some(SeatOdds {
                    equity: seat.equity,
                    scoop: seat.scoop,
                    exact: equity.exact,
                });
            }
        }
        self
    }

    /// Whether the hand is being dealt out (betting over, the live hands face up).
    pub fn dealing_out(&self) -> bool {
        self.dealing_out
    }

    pub fn hand_number(&self) -> u64 {
        self.hand_number
    }
    pub fn game(&self) -> Game {
        self.game
    }
    pub fn mix_leg(&self) -> Option<MixLeg> {
        self.mix_leg
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
    pub fn last_action(&self) -> Option<&LastActionView> {
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
pub struct ShownHandView {
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
    /// The game dealt: which hands the results name (high, low, razz low).
    pub(crate) game: Game,
    pub(crate) names: Vec<String>,
    pub(crate) awards: Vec<PotAward>,
    pub(crate) shown: Vec<ShownHandView>,
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
                    Some(ShownHandView {
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
            game: result.game,
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
    pub fn game(&self) -> Game {
        self.game
    }
    pub fn awards(&self) -> &[PotAward] {
        &self.awards
    }
    pub fn shown(&self) -> &[ShownHandView] {
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
    pub(crate) game: Game,
    pub(crate) stakes: Stakes,
    pub(crate) names: Vec<String>,
    pub(crate) starting_stacks: Vec<u64>,
    pub(crate) events: Vec<Event>,
}

impl HistoryView {
    pub fn new(
        hand_number: u64,
        game: Game,
        stakes: Stakes,
        names: &[String],
        starting_stacks: &[u64],
        events: &[Event],
    ) -> HistoryView {
        HistoryView {
            hand_number,
            game,
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
