//! One hand of seven-card stud as an explicit state machine: antes, the bring-in,
//! fixed-limit betting street by street, and the showdown. One machine deals every game
//! (Stud/8, Stud, Razz): where the games differ (who brings in, who acts first, which hands
//! win) it asks the hand's [`Game`] for its rule. It answers "whose turn, which
//! actions, at what amounts", refuses an illegal action with a typed error that changes
//! nothing, and records every event so the hand can be replayed, rendered and written as PHH.
//!
//! Seats are indexed in DEAL ORDER: seat 0 is nearest the dealer's left and is dealt first.
//! The caller (the lobby, `replay`, `sim`) maps its own seat numbers to these.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::betting::{BettingRound, LegalSet};
use super::bring_in::first_to_act_on_third;
use super::card::Card;
use super::card_source::{CardSource, SourceCursor};
use super::deal::{DealtCards, HAND_CARDS, deal_street};
use super::deck::Deck;
use super::eval::{CardSet, HighValue, LowValue};
use super::first_to_act::first_to_act_after_third;
use super::game::Game;
use super::odd_chip::OddChipOrder;
use super::pot::{NO_CONTENDER, build_pots, split_pot, uncalled_excess};
use super::rules::{Rules, RulesError, Stakes, StakesError};
use super::seats::{MAX_SEATS, Seats};
use super::showdown::{contender, show_or_muck, showing_order};

/// Index of a player in deal order for one hand.
pub type SeatIndex = usize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Street {
    Third,
    Fourth,
    Fifth,
    Sixth,
    Seventh,
    /// Betting is over; hands are shown and pots awarded.
    Showdown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ActionKind {
    BringIn,
    Complete,
    Bet,
    Raise,
    Call,
    Check,
    Fold,
    /// The big bet on a fourth street with an open pair, under `open_pair_big_bet`.
    BetBig,
    /// A raise of the big amount on a fourth street with an open pair, under
    /// `open_pair_big_bet`.
    RaiseBig,
}

impl ActionKind {
    pub const ALL: [ActionKind; 9] = [
        ActionKind::BringIn,
        ActionKind::Complete,
        ActionKind::Bet,
        ActionKind::Raise,
        ActionKind::Call,
        ActionKind::Check,
        ActionKind::Fold,
        ActionKind::BetBig,
        ActionKind::RaiseBig,
    ];

    /// The action's name as `studbot replay` reads and writes it (the same as its serde form).
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::BringIn => "bring-in",
            ActionKind::Complete => "complete",
            ActionKind::Bet => "bet",
            ActionKind::Raise => "raise",
            ActionKind::Call => "call",
            ActionKind::Check => "check",
            ActionKind::Fold => "fold",
            ActionKind::BetBig => "bet-big",
            ActionKind::RaiseBig => "raise-big",
        }
    }

    /// Whether the action puts chips in beyond a call: a completion, bet or raise.
    pub fn is_wager(self) -> bool {
        matches!(
            self,
            ActionKind::Complete
                | ActionKind::Bet
                | ActionKind::Raise
                | ActionKind::BetBig
                | ActionKind::RaiseBig
        )
    }

    /// The action named `name` (exactly as [`ActionKind::name`] writes it).
    pub fn from_name(name: &str) -> Option<ActionKind> {
        ActionKind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One action the player to act may take now, with the chips it costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    pub kind: ActionKind,
    /// Chips that move from the player's stack to the pot with this action (0 for check/fold).
    pub chips: u64,
    /// The player's total bet on this street after the action.
    pub total: u64,
    /// True when `chips` is the player's whole stack.
    pub all_in: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatState {
    /// Still in the hand with chips behind.
    Active,
    Folded,
    AllIn,
}

/// Everything that happens in a hand, in order. `DownCard` is private to its seat: never
/// show it to anyone else before that seat's `Shown` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Ante {
        seat: SeatIndex,
        chips: u64,
        all_in: bool,
    },
    DownCard {
        seat: SeatIndex,
        street: Street,
        card: Card,
    },
    UpCard {
        seat: SeatIndex,
        street: Street,
        card: Card,
    },
    /// The deck ran short on seventh street: one card face up that every player uses.
    CommunityCard {
        card: Card,
    },
    StreetStarted {
        street: Street,
        first_to_act: Option<SeatIndex>,
    },
    Acted {
        seat: SeatIndex,
        kind: ActionKind,
        chips: u64,
        total: u64,
        all_in: bool,
    },
    /// Betting is over with streets still to come (everyone left is all-in, or all but one):
    /// RULES.md turns every live hand face up at once, one event per live seat, before the
    /// rest is dealt out. The cards are those the seat holds so far (all of them).
    TurnedFaceUp {
        seat: SeatIndex,
        cards: Vec<Card>,
    },
    /// A hand shown at showdown. `high` and `low` are what its cards make (the best high,
    /// the best eight-or-better low) whatever the game; which of them plays is the game's
    /// rule (Razz plays neither: its hand is [`super::AceFiveLow::of`] the cards).
    Shown {
        seat: SeatIndex,
        cards: Vec<Card>,
        high: HighValue,
        low: Option<LowValue>,
    },
    Mucked {
        seat: SeatIndex,
    },
    /// One pot (0 = main, then side pots) and how it was split. Boxed: a pot award is
    /// twice the size of every other event, and a hand records dozens of events for one
    /// or two awards (serialized exactly as the unboxed award).
    PotAwarded(Box<PotAward>),
    /// Chips bet beyond what anyone could call, returned to their owner.
    Returned {
        seat: SeatIndex,
        chips: u64,
    },
    HandEnded {
        stacks: Vec<u64>,
    },
}

/// Appends the event `make` builds, built only once there is room for it: straight into its
/// slot, where a pushed event is built on the stack and copied, and the copy, reading back
/// the narrow writes that built it, stalled every action in `sim`'s profile.
#[inline(always)]
pub(super) fn record(events: &mut Vec<Event>, make: impl FnOnce() -> Event) {
    events.extend(std::iter::once_with(make));
}

/// How one pot was divided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PotAward {
    pub pot: usize,
    pub amount: u64,
    pub eligible: Vec<SeatIndex>,
    /// Winners of the high half (or the whole pot when there is no qualifying low, and in
    /// Stud), with what each received from this half. Empty in Razz.
    pub high: Vec<(SeatIndex, u64)>,
    /// Winners of the low half, empty when no eligible hand qualifies for low (and in Stud);
    /// in Razz the winners of the whole pot.
    pub low: Vec<(SeatIndex, u64)>,
    /// True when the pot went to the only player left, without a showdown.
    pub uncontested: bool,
}

/// Why an action was refused. The hand is unchanged after any of these.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    #[error("the hand is over")]
    HandOver,
    #[error("it is seat {to_act}'s turn, not seat {seat}'s")]
    NotYourTurn { seat: SeatIndex, to_act: SeatIndex },
    #[error("there is no seat {0} in this hand")]
    NoSuchSeat(SeatIndex),
    #[error("{} is not allowed now; allowed: {allowed}", kind.name())]
    NotAllowed { kind: ActionKind, allowed: String },
    /// The card source has no card for a seat still in the hand (a stacked deck or a
    /// replay's card lists ran out): the action that would deal it is refused.
    #[error("no card left to deal to seat {seat} on {street:?} street")]
    MissingCard { seat: SeatIndex, street: Street },
    /// Betting is over and the hand waits for [`Hand::deal_next_street`]: nobody acts.
    #[error("betting is over: the rest of the hand is being dealt out")]
    DealingOut,
    /// [`Hand::deal_next_street`] while betting goes on (or once the hand is over).
    #[error("no street waits to be dealt: betting is not over")]
    NotDealingOut,
}

/// The one way dealing fails: no card for `seat` on `street`. The dealing path's own error,
/// small enough to come back in registers on every action (the 32-byte [`ActionError`]
/// went through memory, read back after each call); it becomes
/// [`ActionError::MissingCard`] or [`StartError::MissingCard`] at the public edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct MissingCard {
    pub seat: SeatIndex,
    pub street: Street,
}

impl From<MissingCard> for ActionError {
    fn from(MissingCard { seat, street }: MissingCard) -> ActionError {
        ActionError::MissingCard { seat, street }
    }
}

/// Where a hand stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A player is to act.
    Betting,
    /// Betting is over, the live hands are face up, and the next street waits for
    /// [`Hand::deal_next_street`] (a hand started with [`Hand::start_paced`] only).
    DealingOut,
    Over,
}

/// How the streets after the betting are dealt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DealOut {
    /// Straight through to the showdown in the action that ended the betting (`sim`,
    /// `replay`: nothing to show in between).
    AtOnce,
    /// One street per [`Hand::deal_next_street`], so a table can show each new board.
    StreetByStreet,
}

/// Why a hand could not start.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartError {
    #[error("a hand needs 2 to 8 players, not {0}")]
    PlayerCount(usize),
    #[error("seat {0} has no chips")]
    EmptyStack(SeatIndex),
    #[error("invalid stakes: {0}")]
    Stakes(#[from] StakesError),
    #[error("invalid rules: {0}")]
    Rules(#[from] RulesError),
    #[error("the deck ran out before third street was dealt")]
    DeckTooSmall,
    #[error("the stacks add up to more chips than can be counted")]
    TooManyChips,
    #[error("{lists} card lists given for {seats} seats")]
    SeatCardLists { lists: usize, seats: usize },
    #[error("seat {seat} is given {count} cards; a player receives at most 7")]
    TooManyCards { seat: SeatIndex, count: usize },
    #[error("card {0} is given more than once")]
    DuplicateCard(Card),
    #[error("seat {seat} has no card to receive on {street:?} street")]
    MissingCard { seat: SeatIndex, street: Street },
}

/// What anyone at the table may see of one seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicSeat {
    pub stack: u64,
    /// This seat's bet on the current street.
    pub street_bet: u64,
    /// Everything this seat has put in this hand, antes included.
    pub committed: u64,
    pub up_cards: Vec<Card>,
    /// How many face-down cards this seat holds (never which).
    pub down_count: usize,
    pub state: SeatState,
    /// The seat's whole hand, once shown at showdown.
    pub shown: Option<Vec<Card>>,
}

/// What anyone at the table may see of the hand. Holds no down card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicView {
    pub game: Game,
    pub stakes: Stakes,
    pub street: Street,
    pub seats: Vec<PublicSeat>,
    pub community: Option<Card>,
    /// Total in the middle, bets of the current street included.
    pub pot: u64,
    pub to_act: Option<SeatIndex>,
    pub legal: Vec<LegalAction>,
    /// The last accepted action: who, and what it was (its chips, the seat's street total
    /// after it, whether it put the seat all-in).
    pub last_action: Option<(SeatIndex, LegalAction)>,
}

impl PublicView {
    /// The main pot then each side pot, with the seats that can win it, from what every seat
    /// has committed (see [`super::pot::split_pots`]).
    pub fn pots(&self) -> Vec<(u64, Vec<SeatIndex>)> {
        let committed: Vec<(u64, bool, bool)> = self
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
        super::pot::split_pots(&committed)
    }
}

/// One seat's own cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PrivateView {
    /// The game dealt: which of `high` and `low` play (Razz plays its own low of the cards).
    pub game: Game,
    pub seat: SeatIndex,
    pub down_cards: Vec<Card>,
    pub up_cards: Vec<Card>,
    pub community: Option<Card>,
    pub high: HighValue,
    pub low: Option<LowValue>,
}

/// The final outcome of a finished hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandResult {
    /// The game dealt, so a result names the hands as that game plays them.
    pub game: Game,
    pub starting_stacks: Vec<u64>,
    pub final_stacks: Vec<u64>,
    pub awards: Vec<PotAward>,
    /// Seats whose hands were shown, in showing order.
    pub shown: Vec<SeatIndex>,
}

/// One hand in progress or finished.
#[derive(Debug, Clone)]
pub struct Hand {
    game: Game,
    stakes: Stakes,
    rules: Rules,
    source: CardSource,
    deal_out: DealOut,
    starting_stacks: Vec<u64>,
    state: HandState,
    events: Vec<Event>,
    result: Option<HandResult>,
}

/// Everything an action can change apart from the event log. `Copy`, so an action that
/// cannot be completed (a card is missing) is undone by restoring it.
#[derive(Debug, Clone, Copy)]
struct HandState {
    seats: Seats,
    dealt: DealtCards,
    community: Option<Card>,
    cursor: SourceCursor,
    street: Street,
    round: BettingRound,
    to_act: Option<SeatIndex>,
    /// The legal actions of `to_act`, computed once per state.
    legal: LegalSet,
    /// Every card the hand could still need is in the source (checked after each deal).
    cards_suffice: bool,
    action_seq: u32,
    last_action: Option<(SeatIndex, LegalAction)>,
    /// Who shows first if the hand reaches showdown: the last bettor or raiser of the last
    /// betting round, else the first to act on it.
    showdown_lead: Option<SeatIndex>,
    /// The live hands were turned face up when betting ended before seventh street.
    turned_face_up: bool,
    /// A street waits for [`Hand::deal_next_street`].
    street_due: bool,
}

/// Room for the events of a typical hand of `players` (about eight a player: the ante, the
/// cards, an action a street; plus the streets and the showdown), so the log seldom grows.
/// Sized by the players rather than for the longest hand: every hand in play keeps its log.
fn events_expected(players: usize) -> usize {
    16 + 16 * players
}

impl HandState {
    /// Before the antes: every seat in with its stack, nothing dealt.
    fn new(stacks: &[u64], stakes: &Stakes, rules: &Rules) -> HandState {
        let seats = Seats::new(stacks);
        HandState {
            seats,
            dealt: DealtCards::default(),
            community: None,
            cursor: SourceCursor::default(),
            street: Street::Third,
            round: BettingRound::new(Street::Third, stakes, rules, &seats, None, false),
            to_act: None,
            legal: LegalSet::empty(),
            cards_suffice: false,
            action_seq: 0,
            last_action: None,
            showdown_lead: None,
            turned_face_up: false,
            street_due: false,
        }
    }
}

fn validate_table(stakes: &Stakes, rules: &Rules, stacks: &[u64]) -> Result<(), StartError> {
    if !(2..=MAX_SEATS).contains(&stacks.len()) {
        return Err(StartError::PlayerCount(stacks.len()));
    }
    stakes.validate()?;
    rules.validate()?;
    if let Some(seat) = stacks.iter().position(|&chips| chips == 0) {
        return Err(StartError::EmptyStack(seat));
    }
    stacks
        .iter()
        .try_fold(0u64, |sum, &chips| sum.checked_add(chips))
        .ok_or(StartError::TooManyChips)?;
    Ok(())
}

impl Hand {
    /// Starts a hand of Stud/8, the default game: see [`Hand::start_game`].
    pub fn start(
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        deck: Deck,
    ) -> Result<Hand, StartError> {
        Hand::start_game(Game::Stud8, stakes, rules, stacks, deck)
    }

    /// Starts a hand of `game`: antes are posted, third street is dealt from `deck` one card
    /// at a time in seat order, and the bring-in is determined. `stacks[i]` is seat i's stack.
    pub fn start_game(
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        deck: Deck,
    ) -> Result<Hand, StartError> {
        validate_table(&stakes, &rules, stacks)?;
        let source = CardSource::from_deck(deck);
        Hand::begin(game, stakes, rules, stacks, source, DealOut::AtOnce)
    }

    /// [`Hand::start_game`] for a table that shows the hand as it goes: when betting is over
    /// before seventh street, the live hands are turned face up and the hand stops in
    /// [`Phase::DealingOut`]; each [`Hand::deal_next_street`] then deals one street (seventh
    /// street and the showdown together). The cards, actions and result are those of
    /// [`Hand::start_game`] with the same deck.
    pub fn start_paced(
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        deck: Deck,
    ) -> Result<Hand, StartError> {
        validate_table(&stakes, &rules, stacks)?;
        let source = CardSource::from_deck(deck);
        Hand::begin(game, stakes, rules, stacks, source, DealOut::StreetByStreet)
    }

    /// Starts a hand dealt from per-seat card lists (`studbot replay`): `cards[i]` is what
    /// seat i receives in the order dealt (down, down, up, up, up, up, down); a seat that
    /// folds early may list only what it received. `community`, when given, is turned on
    /// seventh street instead of every seat's seventh card. When a seat still in the hand
    /// has no card left to receive, the action that would deal it is refused with
    /// [`ActionError::MissingCard`] (or [`StartError::MissingCard`] while starting).
    pub fn start_with_seat_cards(
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
    ) -> Result<Hand, StartError> {
        Hand::start_game_with_seat_cards(Game::Stud8, stakes, rules, stacks, cards, community)
    }

    /// [`Hand::start_with_seat_cards`] for a hand of `game`.
    pub fn start_game_with_seat_cards(
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        cards: Vec<Vec<Card>>,
        community: Option<Card>,
    ) -> Result<Hand, StartError> {
        validate_table(&stakes, &rules, stacks)?;
        let source = CardSource::from_seat_lists(cards, community, stacks.len())?;
        Hand::begin(game, stakes, rules, stacks, source, DealOut::AtOnce)
    }

    /// [`Hand::start_game`] in this hand's place, keeping the room it allocated (its event
    /// log, its starting stacks): for a caller that deals hand after hand (`sim`). The new
    /// hand is exactly the one [`Hand::start_game`] would start. Refused stakes, rules or
    /// stacks change nothing; a deck too small for third street leaves the hand with no one
    /// to act and no result.
    pub fn restart_game(
        &mut self,
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        deck: Deck,
    ) -> Result<(), StartError> {
        validate_table(&stakes, &rules, stacks)?;
        self.game = game;
        self.stakes = stakes;
        self.rules = rules;
        self.source = CardSource::from_deck(deck);
        self.deal_out = DealOut::AtOnce;
        self.state = HandState::new(stacks, &stakes, &rules);
        self.events.clear();
        self.result = None;
        let opened = self.open(stacks);
        if opened.is_err() {
            self.state.to_act = None;
            self.state.legal = LegalSet::empty();
        }
        opened
    }

    fn begin(
        game: Game,
        stakes: Stakes,
        rules: Rules,
        stacks: &[u64],
        source: CardSource,
        deal_out: DealOut,
    ) -> Result<Hand, StartError> {
        let mut hand = Hand {
            game,
            stakes,
            rules,
            source,
            deal_out,
            starting_stacks: Vec::with_capacity(stacks.len()),
            state: HandState::new(stacks, &stakes, &rules),
            events: Vec::with_capacity(events_expected(stacks.len())),
            result: None,
        };
        hand.open(stacks)?;
        Ok(hand)
    }

    /// Antes, third street and the bring-in of a hand whose state is new.
    fn open(&mut self, stacks: &[u64]) -> Result<(), StartError> {
        self.starting_stacks.clear();
        self.starting_stacks.extend_from_slice(stacks);
        self.post_antes();
        let deck_source = matches!(self.source, CardSource::Deck(_));
        let refused = |MissingCard { seat, street }: MissingCard| {
            if street == Street::Third && deck_source {
                StartError::DeckTooSmall
            } else {
                StartError::MissingCard { seat, street }
            }
        };
        self.deal(Street::Third).map_err(refused)?;
        if !self.start_round(Street::Third) {
            self.end_round();
            self.advance().map_err(refused)?;
        }
        self.refresh_legal();
        Ok(())
    }

    fn post_antes(&mut self) {
        if self.stakes.ante == 0 {
            return;
        }
        let seats = &mut self.state.seats;
        for seat in 0..seats.count {
            let chips = seats.pay(seat, self.stakes.ante, false);
            let all_in = seats.stack[seat] == 0;
            record(&mut self.events, || Event::Ante {
                seat,
                chips,
                all_in,
            });
        }
    }

    fn deal(&mut self, street: Street) -> Result<(), MissingCard> {
        let state = &mut self.state;
        deal_street(
            street,
            &state.seats,
            &mut state.dealt,
            &mut state.community,
            &self.source,
            &mut state.cursor,
            &mut self.events,
        )?;
        // Once every card the hand could still need is there, it stays so: each street
        // takes exactly what it was counted for, and folds only ever need fewer. Checking
        // again would give the same answer, so it is checked only until it holds.
        if !state.cards_suffice {
            state.cards_suffice = self.source.can_deal_to_the_end(
                &state.cursor,
                &state.seats,
                &state.dealt,
                state.community,
            );
        }
        Ok(())
    }

    /// Opens the betting round of `street`; returns false when betting is skipped because at
    /// most one player can still bet.
    fn start_round(&mut self, street: Street) -> bool {
        let state = &mut self.state;
        state.street = street;
        state.seats.street_bet = [0; MAX_SEATS];
        let first = if street == Street::Third {
            first_to_act_on_third(&state.seats, &state.dealt, self.game.bring_in_card())
        } else {
            first_to_act_after_third(
                &state.seats,
                &state.dealt,
                state.community,
                self.game.board_ranking(),
            )
        };
        let open_pair = street == Street::Fourth
            && self.rules.open_pair_big_bet
            && self.game.has_open_pair_big_bet()
            && self.open_pair_showing();
        let state = &mut self.state;
        state.round = BettingRound::new(
            street,
            &self.stakes,
            &self.rules,
            &state.seats,
            first,
            open_pair,
        );
        state.to_act = if state.seats.active_count() >= 2 {
            first
        } else {
            None
        };
        let first_to_act = state.to_act;
        record(&mut self.events, || Event::StreetStarted {
            street,
            first_to_act,
        });
        first_to_act.is_some()
    }

    /// Whether any player still in shows a pair among their up cards.
    fn open_pair_showing(&self) -> bool {
        let state = &self.state;
        (0..state.seats.count)
            .filter(|&s| state.seats.is_live(s))
            .any(|seat| {
                let mut ranks = [0u8; 15];
                state.dealt.up_cards(seat).any(|card| {
                    let slot = &mut ranks[usize::from(card.rank.value())];
                    *slot += 1;
                    *slot >= 2
                })
            })
    }

    /// Closes the betting round: uncalled chips go back, and the round's last bettor (or
    /// first to act) becomes the first to show.
    fn end_round(&mut self) {
        let state = &mut self.state;
        state.to_act = None;
        if let Some((seat, chips)) = uncalled_excess(&state.seats) {
            let seats = &mut state.seats;
            seats.committed[seat] -= chips;
            seats.street_bet[seat] = seats.street_bet[seat].saturating_sub(chips);
            seats.stack[seat] = seats.stack[seat].saturating_add(chips);
            if seats.state[seat] == SeatState::AllIn && seats.stack[seat] > 0 {
                seats.state[seat] = SeatState::Active;
            }
            record(&mut self.events, || Event::Returned { seat, chips });
        }
        let round = &state.round;
        if round.any_action {
            state.showdown_lead = round.last_aggressor.or(round.first_to_act);
        }
    }

    /// Deals the next street(s) until a betting round needs a player, or shows down after
    /// seventh street. When betting is over before seventh street the live hands are turned
    /// face up first; a paced hand then stops until [`Hand::deal_next_street`].
    fn advance(&mut self) -> Result<(), MissingCard> {
        loop {
            if self.betting_is_over() && self.state.street < Street::Seventh {
                self.turn_face_up();
                if self.deal_out == DealOut::StreetByStreet {
                    self.state.street_due = true;
                    return Ok(());
                }
            }
            let next = match self.state.street {
                Street::Third => Street::Fourth,
                Street::Fourth => Street::Fifth,
                Street::Fifth => Street::Sixth,
                Street::Sixth => Street::Seventh,
                Street::Seventh | Street::Showdown => {
                    self.showdown();
                    return Ok(());
                }
            };
            self.deal(next)?;
            if self.start_round(next) {
                return Ok(());
            }
            self.end_round();
        }
    }

    /// No more betting can happen: two or more players are in and at most one has chips.
    fn betting_is_over(&self) -> bool {
        let seats = &self.state.seats;
        seats.active_count() <= 1 && seats.live_count() >= 2
    }

    /// RULES.md, Showdown: "once someone is all-in and betting is over, all hands are
    /// shown" — at once, before the rest is dealt.
    fn turn_face_up(&mut self) {
        if self.state.turned_face_up {
            return;
        }
        self.state.turned_face_up = true;
        for seat in (0..self.state.seats.count).filter(|&s| self.state.seats.is_live(s)) {
            let cards = self.own_cards(seat);
            self.events.push(Event::TurnedFaceUp { seat, cards });
        }
    }

    /// Deals the next street of a hand in [`Phase::DealingOut`]: fourth to sixth street
    /// leave it dealing out, seventh street is dealt and shown down at once. Returns the
    /// events it caused. An error changes nothing.
    pub fn deal_next_street(&mut self) -> Result<Vec<Event>, ActionError> {
        if self.result.is_some() || !self.state.street_due {
            return Err(ActionError::NotDealingOut);
        }
        let first_new = self.events.len();
        let saved = self.state;
        self.state.street_due = false;
        if let Err(error) = self.deal_out_one_street() {
            self.state = saved;
            self.events.truncate(first_new);
            return Err(error.into());
        }
        Ok(self.events[first_new..].to_vec())
    }

    fn deal_out_one_street(&mut self) -> Result<(), MissingCard> {
        let next = match self.state.street {
            Street::Third => Street::Fourth,
            Street::Fourth => Street::Fifth,
            Street::Fifth => Street::Sixth,
            Street::Sixth | Street::Seventh | Street::Showdown => Street::Seventh,
        };
        self.deal(next)?;
        // No betting: at most one player has chips (the round opens with nobody to act).
        self.start_round(next);
        self.end_round();
        if next == Street::Seventh {
            self.showdown();
        } else {
            self.state.street_due = true;
        }
        Ok(())
    }

    /// Where the hand stands: betting, dealing out (paced hands only), or over.
    pub fn phase(&self) -> Phase {
        if self.result.is_some() {
            Phase::Over
        } else if self.state.street_due {
            Phase::DealingOut
        } else {
            Phase::Betting
        }
    }

    /// The seat to act, or `None` when the hand is over or being dealt out.
    pub fn to_act(&self) -> Option<SeatIndex> {
        self.state.to_act
    }

    fn refresh_legal(&mut self) {
        let state = &mut self.state;
        match state.to_act {
            Some(seat) => state.round.legal_into(&state.seats, seat, &mut state.legal),
            None => state.legal = LegalSet::empty(),
        }
    }

    /// The actions the seat to act may take now (empty when the hand is over).
    pub fn legal_actions(&self) -> Vec<LegalAction> {
        self.state.legal.iter().collect()
    }

    /// The actions the seat to act may take now, without allocating (for `sim` and benches).
    pub fn legal_iter(&self) -> impl Iterator<Item = LegalAction> + '_ {
        self.state.legal.iter()
    }

    /// The legal action of `kind` for the seat to act, if there is one (no allocation).
    pub fn legal_action(&self, kind: ActionKind) -> Option<LegalAction> {
        self.state.legal.find(kind)
    }

    fn check_action(&self, seat: SeatIndex, kind: ActionKind) -> Result<LegalAction, ActionError> {
        if self.result.is_some() {
            return Err(ActionError::HandOver);
        }
        if self.state.street_due {
            return Err(ActionError::DealingOut);
        }
        if seat >= self.state.seats.count {
            return Err(ActionError::NoSuchSeat(seat));
        }
        let Some(to_act) = self.state.to_act else {
            return Err(ActionError::HandOver);
        };
        if seat != to_act {
            return Err(ActionError::NotYourTurn { seat, to_act });
        }
        let set = &self.state.legal;
        set.find(kind).ok_or_else(|| ActionError::NotAllowed {
            kind,
            allowed: describe_legal(set),
        })
    }

    /// Why `kind` for `seat` is refused (`act_quietly` found it is).
    #[cold]
    fn refusal(&self, seat: SeatIndex, kind: ActionKind) -> ActionError {
        match self.check_action(seat, kind) {
            Err(error) => error,
            // Unreachable: `act_quietly` refuses exactly what `check_action` refuses.
            Ok(_) => ActionError::HandOver,
        }
    }

    /// Takes `kind` for `seat`; amounts follow from fixed limit. Returns the events it caused
    /// (the next street's cards, the showdown …). An error changes nothing.
    pub fn act(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<Vec<Event>, ActionError> {
        let first_new = self.events.len();
        self.act_quietly(seat, kind)?;
        Ok(self.events[first_new..].to_vec())
    }

    /// Like [`Hand::act`] without copying out the events it caused (they are still in
    /// [`Hand::events`]): the allocation-free path for `sim` and benchmarks.
    pub fn act_quietly(&mut self, seat: SeatIndex, kind: ActionKind) -> Result<(), ActionError> {
        // The seat to act taking one of its legal actions is found without building the
        // `Result` of `check_action` (a copy of it, read back, stalled every action).
        let state = &self.state;
        let accepted = match state.to_act {
            Some(to_act) if to_act == seat && !state.street_due && self.result.is_none() => {
                state.legal.find(kind)
            }
            _ => None,
        };
        let Some(action) = accepted else {
            return Err(self.refusal(seat, kind));
        };
        let fast = self.state.cards_suffice;
        // With every card there, nothing can fail after the action is taken: no copy needed.
        let saved = if fast {
            None
        } else {
            Some((self.state, self.events.len()))
        };
        let outcome = self.apply(seat, action);
        if outcome.is_err()
            && let Some((state, events)) = saved
        {
            self.state = state;
            self.events.truncate(events);
        }
        outcome.map_err(ActionError::from)
    }

    fn apply(&mut self, seat: SeatIndex, action: LegalAction) -> Result<(), MissingCard> {
        let outcome = self.apply_and_advance(seat, action);
        self.refresh_legal();
        outcome
    }

    fn apply_and_advance(
        &mut self,
        seat: SeatIndex,
        action: LegalAction,
    ) -> Result<(), MissingCard> {
        let state = &mut self.state;
        state.round.apply(&mut state.seats, seat, action);
        state.action_seq = state.action_seq.wrapping_add(1);
        state.last_action = Some((seat, action));
        record(&mut self.events, || Event::Acted {
            seat,
            kind: action.kind,
            chips: action.chips,
            total: action.total,
            all_in: action.all_in,
        });
        // At least two players were in before this action, and only a fold can leave one:
        // other actions skip counting the seats.
        if action.kind == ActionKind::Fold && state.seats.live_count() <= 1 {
            self.finish_uncontested();
            return Ok(());
        }
        if let Some(next) = state.round.next_to_act(&state.seats, seat) {
            state.to_act = Some(next);
            return Ok(());
        }
        self.end_round();
        self.advance()
    }

    fn finish_uncontested(&mut self) {
        self.end_round();
        let seats = &mut self.state.seats;
        let Some(winner) = (0..seats.count).find(|&s| seats.is_live(s)) else {
            return;
        };
        let amount = seats.pot();
        seats.stack[winner] = seats.stack[winner].saturating_add(amount);
        seats.committed = [0; MAX_SEATS];
        seats.street_bet = [0; MAX_SEATS];
        let award = PotAward {
            pot: 0,
            amount,
            eligible: vec![winner],
            high: vec![(winner, amount)],
            low: Vec::new(),
            uncontested: true,
        };
        self.events.push(Event::PotAwarded(Box::new(award.clone())));
        self.finish(vec![award], Vec::new());
    }

    fn own_cards(&self, seat: SeatIndex) -> Vec<Card> {
        // Sized for a whole hand up front: collecting the cards (an iterator of unknown
        // length) would start at four and reallocate for the fifth.
        let mut cards = Vec::with_capacity(HAND_CARDS);
        cards.extend(self.state.dealt.all(seat));
        cards
    }

    fn showdown(&mut self) {
        self.state.street = Street::Showdown;
        self.state.to_act = None;
        record(&mut self.events, || Event::StreetStarted {
            street: Street::Showdown,
            first_to_act: None,
        });
        let seats = self.state.seats;
        let community = self.state.community;
        // At most one contender per seat: fixed buffers, no allocation.
        let mut contenders = [NO_CONTENDER; MAX_SEATS];
        // What each contender's cards make for high and eight-or-better low, whether the
        // game plays them or not: the `Shown` event names them.
        let mut made = [(HighValue(0), None); MAX_SEATS];
        let mut contender_count = 0;
        let pot_rule = self.game.pot_rule();
        for seat in (0..seats.count).filter(|&s| seats.is_live(s)) {
            // Seven own cards, or six and the community card.
            let cards: CardSet = self.state.dealt.all(seat).chain(community).collect();
            contenders[contender_count] = contender(pot_rule, seat, cards);
            made[contender_count] = cards.high_low();
            contender_count += 1;
        }
        let contenders = &contenders[..contender_count];
        let pots = build_pots(&seats);
        let lead = self
            .state
            .showdown_lead
            .or_else(|| (0..seats.count).find(|&s| seats.is_live(s)))
            .unwrap_or(0);
        let order = showing_order(&seats, lead);
        let everyone_shows = (0..seats.count).any(|s| seats.state[s] == SeatState::AllIn);
        let decisions = show_or_muck(&order, contenders, &pots, everyone_shows);
        let mut shown_seats = Vec::with_capacity(decisions.len());
        let mut shown_hands = [NO_CONTENDER; MAX_SEATS];
        let mut shown_count = 0;
        for (seat, shows) in decisions {
            if shows {
                if let Some(index) = contenders.iter().position(|c| c.seat == seat) {
                    let (high, low) = made[index];
                    self.events.push(Event::Shown {
                        seat,
                        cards: self.own_cards(seat),
                        high,
                        low,
                    });
                    let contender = &contenders[index];
                    shown_hands[shown_count] = *contender;
                    shown_count += 1;
                }
                shown_seats.push(seat);
            } else {
                record(&mut self.events, || Event::Mucked { seat });
            }
        }
        let odd_chips = std::cell::OnceCell::new();
        let odd_chip_order = || {
            *odd_chips.get_or_init(|| {
                OddChipOrder::new(self.rules.odd_chip, &self.state.dealt, seats.count)
            })
        };
        let shown_hands = &shown_hands[..shown_count];
        let awards: Vec<PotAward> = pots
            .iter()
            .enumerate()
            .map(|(index, pot)| split_pot(index, pot, shown_hands, &odd_chip_order))
            .collect();
        let seats = &mut self.state.seats;
        for award in &awards {
            for &(seat, chips) in award.high.iter().chain(&award.low) {
                seats.stack[seat] = seats.stack[seat].saturating_add(chips);
            }
            self.events.push(Event::PotAwarded(Box::new(award.clone())));
        }
        seats.committed = [0; MAX_SEATS];
        seats.street_bet = [0; MAX_SEATS];
        self.finish(awards, shown_seats);
    }

    fn finish(&mut self, awards: Vec<PotAward>, shown: Vec<SeatIndex>) {
        self.state.to_act = None;
        let seats = &self.state.seats;
        let final_stacks = seats.stack[..seats.count].to_vec();
        self.events.push(Event::HandEnded {
            stacks: final_stacks.clone(),
        });
        self.result = Some(HandResult {
            game: self.game,
            starting_stacks: self.starting_stacks.clone(),
            final_stacks,
            awards,
            shown,
        });
    }

    /// The sequence number of the next action: increases by one with every accepted action,
    /// so a stale offer can be recognised.
    pub fn action_seq(&self) -> u32 {
        self.state.action_seq
    }

    /// The street being played; `Showdown` once hands are shown. A hand won uncontested
    /// stays on the street where the last opponent folded (see [`Hand::is_over`]).
    pub fn street(&self) -> Street {
        self.state.street
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The game this hand deals.
    pub fn game(&self) -> Game {
        self.game
    }

    pub fn stakes(&self) -> &Stakes {
        &self.stakes
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn seat_count(&self) -> usize {
        self.state.seats.count
    }

    pub fn starting_stacks(&self) -> &[u64] {
        &self.starting_stacks
    }

    /// The community card, when seventh street was dealt as one.
    pub fn community(&self) -> Option<Card> {
        self.state.community
    }

    pub fn public_view(&self) -> PublicView {
        let mut view = PublicView {
            game: self.game,
            stakes: self.stakes,
            street: self.state.street,
            seats: Vec::with_capacity(self.state.seats.count),
            community: None,
            pot: 0,
            to_act: None,
            legal: Vec::new(),
            last_action: None,
        };
        self.fill_public_view(&mut view);
        view
    }

    /// Writes [`Hand::public_view`] into `view`, reusing its buffers: what a caller that asks
    /// at every action (`sim`'s computer players) uses so that asking allocates nothing.
    pub fn fill_public_view(&self, view: &mut PublicView) {
        let state = &self.state;
        let seats = &state.seats;
        let shown: &[SeatIndex] = self.result.as_ref().map_or(&[], |r| &r.shown);
        view.game = self.game;
        view.stakes = self.stakes;
        view.street = state.street;
        view.seats.truncate(seats.count);
        for seat in 0..seats.count {
            if view.seats.len() == seat {
                view.seats.push(PublicSeat {
                    stack: 0,
                    street_bet: 0,
                    committed: 0,
                    up_cards: Vec::with_capacity(5),
                    down_count: 0,
                    state: SeatState::Active,
                    shown: None,
                });
            }
            let public = &mut view.seats[seat];
            public.stack = seats.stack[seat];
            public.street_bet = seats.street_bet[seat];
            public.committed = seats.committed[seat];
            public.up_cards.clear();
            public.up_cards.extend(state.dealt.up_cards(seat));
            public.down_count = state.dealt.down_cards(seat).count();
            public.state = seats.state[seat];
            public.shown = (shown.contains(&seat) || state.turned_face_up && seats.is_live(seat))
                .then(|| self.own_cards(seat));
        }
        view.community = state.community;
        view.pot = seats.pot();
        view.to_act = state.to_act;
        view.legal.clear();
        view.legal.extend(self.legal_iter());
        view.last_action = state.last_action;
    }

    pub fn private_view(&self, seat: SeatIndex) -> Option<PrivateView> {
        let mut view = PrivateView {
            game: self.game,
            seat,
            down_cards: Vec::with_capacity(3),
            up_cards: Vec::with_capacity(4),
            community: None,
            high: HighValue(0),
            low: None,
        };
        self.fill_private_view(seat, &mut view).then_some(view)
    }

    /// Writes [`Hand::private_view`] of `seat` into `view`, reusing its buffers; false (and
    /// `view` untouched) when there is no such seat.
    pub fn fill_private_view(&self, seat: SeatIndex, view: &mut PrivateView) -> bool {
        if seat >= self.state.seats.count {
            return false;
        }
        let dealt = &self.state.dealt;
        let community = self.state.community;
        let cards: CardSet = dealt.all(seat).chain(community).collect();
        (view.high, view.low) = cards.high_low();
        view.game = self.game;
        view.seat = seat;
        view.down_cards.clear();
        view.down_cards.extend(dealt.down_cards(seat));
        view.up_cards.clear();
        view.up_cards.extend(dealt.up_cards(seat));
        view.community = community;
        true
    }

    /// The outcome, once the hand is over.
    pub fn result(&self) -> Option<&HandResult> {
        self.result.as_ref()
    }

    /// Chips in the hand right now: stacks plus everything committed. Constant for a hand.
    pub fn total_chips(&self) -> u64 {
        let seats = &self.state.seats;
        seats.stack[..seats.count].iter().sum::<u64>() + seats.pot()
    }
}

/// "fold, call 5, raise to 10" for an error message.
fn describe_legal(set: &LegalSet) -> String {
    let parts: Vec<String> = set
        .iter()
        .map(|action| match action.kind {
            ActionKind::Fold => "fold".to_string(),
            ActionKind::Check => "check".to_string(),
            ActionKind::Call => format!("call {}", action.chips),
            ActionKind::BringIn => format!("bring-in {}", action.chips),
            ActionKind::Complete => format!("complete to {}", action.total),
            ActionKind::Bet => format!("bet {}", action.total),
            ActionKind::Raise => format!("raise to {}", action.total),
            ActionKind::BetBig => format!("bet-big {}", action.total),
            ActionKind::RaiseBig => format!("raise-big to {}", action.total),
        })
        .collect();
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(", ")
    }
}
