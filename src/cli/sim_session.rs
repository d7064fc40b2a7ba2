//! The hands of a `studbot sim` run, with no I/O: stacks and rebuys between hands, which
//! game each hand deals (one game, or the `mix` rotation), who decides (the computer
//! players, or random legal actions), and the checksum. `sim` drives it alone; `sim --data`
//! drives it between bank calls. The same configuration gives the same hands and checksum.
//!
//! Each player starts with the configured stack and rebuys to it when busted. The deal
//! order rotates by one seat each hand. With seat levels (`sim --seats`) the players are
//! also seated anew, in an order drawn from the run's seed, at the start of every round of
//! as many hands as players: within a round each player deals from every position once,
//! and across rounds each sits beside every other, so no level gains from whom it sits
//! after (a random player's raises, say). Every hand's deck is shuffled by a xoshiro256++
//! stream seeded from the run's seed and the hand number, and the players' decisions draw
//! from one xoshiro256++ stream seeded from the run's seed: a simulation needs a deal that
//! is the same for the same seed and well spread, not one nobody can predict (the tables
//! deal from ChaCha20 seeded by the system, `Deck::shuffled`), and this one costs a fraction.

use anyhow::{Context, bail};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;
use xxhash_rust::xxh3::Xxh3Default;

use crate::table::computer::{ComputerLevel, choose_action, choose_action_at};
use crate::table::hand::{
    ActionKind, Event, Hand, HandResult, HandSetup, PrivateView, PublicView, SeatIndex,
};
use crate::table::{Deck, GameChoice, Rules, Stakes};

/// Who decides every action of a run.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Actions {
    /// The computer players (`table::computer`).
    #[default]
    Computer,
    /// A uniformly random legal action, as pokerkit's own random play: the same work as
    /// pokerkit's, to compare speeds.
    Random,
}

/// Who plays one seat of a `sim --seats` run.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatLevel {
    /// The `good` computer player.
    Good,
    /// The `easy` computer player.
    Easy,
    /// A uniformly random legal action.
    Random,
    /// An outside program (`sim --external`), asked over its standard input and output.
    Ext,
}

impl SeatLevel {
    pub fn name(self) -> &'static str {
        match self {
            SeatLevel::Good => "good",
            SeatLevel::Easy => "easy",
            SeatLevel::Random => "random",
            SeatLevel::Ext => "ext",
        }
    }
}

/// Who plays the `ext` seats of a run: asked at each of their turns, told each hand's end.
/// The process handling is [`super::sim_external`]'s; the session only asks.
pub trait ExternalPlayers {
    /// The action player `player` (numbered as in `--seats`) takes at its turn in `hand`, the
    /// run's hand `number` (from 0), where it sits in deal-order seat `seat`. Always one of
    /// the hand's legal actions: a seat whose program fails to answer well gets the
    /// table's default (check, else fold), and the implementation counts it.
    fn decide(&mut self, player: usize, number: u64, hand: &Hand, seat: SeatIndex) -> ActionKind;

    /// Hand `number` is over; `players[seat]` is the player in each deal-order seat.
    fn hand_ended(&mut self, number: u64, hand: &Hand, players: &[usize]);
}

/// What a run plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimConfig {
    pub stakes: Stakes,
    pub rules: Rules,
    pub game: GameChoice,
    /// With `mix`: hands of each game before the next.
    pub mix_hands: u32,
    pub actions: Actions,
    pub seed: u64,
    pub players: u8,
    /// Each player's stack at the start, and after a rebuy.
    pub stack: u64,
}

/// What a simulation run produced. Everything but the timing is the same for the same flags.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SimSummary {
    pub hands: u64,
    pub players: u8,
    pub seed: u64,
    /// The `game` setting of the run (`stud8`, `stud`, `razz` or `mix`).
    pub game: &'static str,
    /// Hands dealt of each game, as (game, hands).
    pub hands_by_game: Vec<(&'static str, u64)>,
    /// Actions taken by all players in all hands.
    pub actions: u64,
    /// Hands that reached a showdown.
    pub showdowns: u64,
    /// Rebuys by each player (players numbered as at the start).
    pub rebuys: Vec<u64>,
    /// Each player's stack after the last hand.
    pub final_stacks: Vec<u64>,
    /// xxh3-128 (32 hex digits) over, for every hand in order: the hand number (u64
    /// little-endian), its events in a compact binary form ([`encode_event`]), then every
    /// player's stack after it (u64 little-endian). Not a cryptographic hash: it tells two
    /// runs apart, it does not stand up to someone forging a run.
    pub checksum: String,
    /// Wall-clock time of the whole run, PHH writing included.
    pub seconds: f64,
    pub hands_per_second: f64,
}

/// The deck seed of hand `number` (from 0) of a run seeded with `seed`.
pub fn hand_seed(seed: u64, number: u64) -> u64 {
    splitmix64(seed ^ splitmix64(number.wrapping_add(1)))
}

/// The deck of hand `number` (from 0) of a run seeded with `seed`.
pub fn hand_deck(seed: u64, number: u64) -> Deck {
    Deck::shuffled_with(&mut Xoshiro256PlusPlus::seed_from_u64(hand_seed(
        seed, number,
    )))
}

/// The order the players sit in during round `round` (from 0) of a run seeded with
/// `seed`: a shuffle of every player, the same for the same seed and round.
fn seat_for_round(seed: u64, round: u64, seating: &mut [usize]) {
    for (seat, player) in seating.iter_mut().enumerate() {
        *player = seat;
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(splitmix64(
        seed ^ 0x7365_6174_696E_6773 ^ splitmix64(round),
    ));
    seating.shuffle(&mut rng);
}

fn splitmix64(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One hand as the session played it.
#[derive(Debug, Clone)]
pub struct PlayedHand {
    /// The hand's number in this run, from 0 (its deck seed comes from it).
    pub number: u64,
    pub hand: Hand,
    /// The player (numbered from 0 as at the start) in each deal-order seat.
    pub players: Vec<usize>,
}

impl PlayedHand {
    /// The finished hand's result (a played hand always has one).
    pub fn result(&self) -> anyhow::Result<&HandResult> {
        self.hand
            .result()
            .with_context(|| format!("hand {} has no result", self.number + 1))
    }
}

/// The state of a run between hands: stacks, rebuys, the decisions' RNG and the checksum
/// so far.
pub struct Session {
    config: SimConfig,
    stacks: Vec<u64>,
    rebuys: Vec<u64>,
    deciders: Deciders,
    /// The hand played last, restarted in place for the next (its room is kept).
    hand: Option<Hand>,
    hasher: Xxh3Default,
    encoded: Vec<u8>,
    /// The player in each deal-order seat of the hand being played, and their stacks:
    /// refilled every hand.
    players: Vec<usize>,
    /// The order the players sit in this round (the deal order rotates through it): drawn
    /// anew each round with seat levels, the players' own order without.
    seating: Vec<usize>,
    seat_stacks: Vec<u64>,
    hands: u64,
    hands_by_game: [u64; 3],
    actions: u64,
    showdowns: u64,
}

/// Who decides every action, and what they decide with.
struct Deciders {
    actions: Actions,
    rng: Xoshiro256PlusPlus,
    /// The views the computer players decide from, refilled at every action (no allocation).
    views: Option<(PublicView, PrivateView)>,
    /// With `--seats`: who plays each player (numbered as at the start); `actions` otherwise.
    levels: Vec<SeatLevel>,
}

impl Session {
    pub fn new(config: SimConfig) -> anyhow::Result<Session> {
        Session::with_levels(config, Vec::new())
    }

    /// A run in which player `i` plays at `levels[i]` (`sim --seats`); `levels` must name
    /// every player. Empty: everyone plays as `config.actions` says.
    pub fn with_levels(config: SimConfig, levels: Vec<SeatLevel>) -> anyhow::Result<Session> {
        if !levels.is_empty() && levels.len() != usize::from(config.players) {
            bail!(
                "{} seat levels for {} players",
                levels.len(),
                config.players
            );
        }
        config.stakes.validate().context("invalid stakes")?;
        config.rules.validate().context("invalid rules")?;
        if let Some(game) = config.game.fixed() {
            config
                .rules
                .validate_for_game(game)
                .context("invalid rules")?;
        }
        if config.stack == 0 {
            bail!("--stack must be more than 0");
        }
        let player_count = usize::from(config.players);
        Ok(Session {
            config,
            stacks: vec![config.stack; player_count],
            rebuys: vec![0; player_count],
            deciders: Deciders {
                actions: config.actions,
                rng: Xoshiro256PlusPlus::seed_from_u64(splitmix64(
                    config.seed ^ 0x636F_6D70_7574_6572,
                )),
                views: None,
                levels,
            },
            hand: None,
            hasher: Xxh3Default::new(),
            encoded: Vec::with_capacity(4096),
            players: Vec::with_capacity(player_count),
            seating: (0..player_count).collect(),
            seat_stacks: Vec::with_capacity(player_count),
            hands: 0,
            hands_by_game: [0; 3],
            actions: 0,
            showdowns: 0,
        })
    }

    /// Each player's stack now (players numbered from 0).
    pub fn stacks(&self) -> &[u64] {
        &self.stacks
    }

    /// Brings every busted player back to the starting stack; returns who rebought.
    pub fn rebuy_busted(&mut self) -> Vec<usize> {
        let mut rebought = Vec::new();
        for (player, (stack, rebuy)) in self.stacks.iter_mut().zip(&mut self.rebuys).enumerate() {
            if *stack == 0 {
                *stack = self.config.stack;
                *rebuy += 1;
                rebought.push(player);
            }
        }
        rebought
    }

    /// Brings every player back to the starting stack, up or down, as a run that measures
    /// each hand alone does before every hand (`sim --reset-stacks`); rebuys are not counted.
    pub fn reset_stacks(&mut self) {
        self.stacks.fill(self.config.stack);
    }

    /// Plays hand `number` (from 0) to the end with the current stacks.
    pub fn play_hand(&mut self, number: u64) -> anyhow::Result<PlayedHand> {
        let (hand, players) = self.play(number)?;
        Ok(PlayedHand {
            number,
            hand: hand.clone(),
            players: players.to_vec(),
        })
    }

    /// [`Session::play_hand`] without copying the hand out: the finished hand and the player
    /// (numbered from 0 as at the start) in each of its deal-order seats. `sim`'s own loop,
    /// which allocates nothing per hand.
    pub fn play(&mut self, number: u64) -> anyhow::Result<(&Hand, &[usize])> {
        self.play_with(number, None)
    }

    /// [`Session::play`] with `external` playing the `ext` seats (and told the hand's end).
    pub fn play_with(
        &mut self,
        number: u64,
        mut external: Option<&mut (dyn ExternalPlayers + '_)>,
    ) -> anyhow::Result<(&Hand, &[usize])> {
        let config = self.config;
        let player_count = self.stacks.len();
        let rotation = usize::try_from(number % u64::from(config.players)).unwrap_or(0);
        if !self.deciders.levels.is_empty() {
            let round = number / u64::from(config.players);
            seat_for_round(config.seed, round, &mut self.seating);
        }
        self.players.clear();
        self.players
            .extend((0..player_count).map(|seat| self.seating[(rotation + seat) % player_count]));
        self.seat_stacks.clear();
        self.seat_stacks
            .extend(self.players.iter().map(|&player| self.stacks[player]));
        let deck = hand_deck(config.seed, number);
        let game = config.game.game_of_hand(number, config.mix_hands);
        let (stakes, rules, stacks) = (config.stakes, config.rules, &self.seat_stacks);
        let hand = match &mut self.hand {
            Some(hand) => hand
                .restart(HandSetup::from_deck(game, stakes, rules, stacks, deck))
                .map(|()| hand),
            slot @ None => Hand::new(HandSetup::from_deck(game, stakes, rules, stacks, deck))
                .map(|hand| slot.insert(hand)),
        }
        .with_context(|| format!("hand {} could not start", number + 1))?;
        self.actions +=
            self.deciders
                .act_until_done(number, hand, &self.players, external.as_deref_mut())?;
        let Some(result) = hand.result() else {
            bail!(
                "hand {}: no one is to act but the hand has no result",
                number + 1
            );
        };
        let before: u64 = self.seat_stacks.iter().sum();
        let after: u64 = result.final_stacks.iter().sum();
        if before != after {
            bail!(
                "hand {}: chips not conserved ({before} before, {after} after)",
                number + 1
            );
        }
        for (seat, &player) in self.players.iter().enumerate() {
            self.stacks[player] = result.final_stacks[seat];
        }
        if let Some(external) = external {
            external.hand_ended(number, hand, &self.players);
        }
        if !result.shown.is_empty() {
            self.showdowns += 1;
        }
        // The checksum: the hand's number, its events, then every player's stack after it.
        self.encoded.clear();
        self.encoded.extend_from_slice(&number.to_le_bytes());
        for event in hand.events() {
            encode_event(event, &mut self.encoded);
        }
        for stack in &self.stacks {
            self.encoded.extend_from_slice(&stack.to_le_bytes());
        }
        self.hasher.update(&self.encoded);
        self.hands += 1;
        if let Some(index) = crate::table::Game::ALL.iter().position(|&g| g == game) {
            self.hands_by_game[index] += 1;
        }
        Ok((hand, &self.players))
    }

    /// The summary of the hands played so far; `seconds` is the run's wall-clock time.
    pub fn finish(self, seconds: f64) -> SimSummary {
        let hands_per_second = if seconds > 0.0 {
            self.hands as f64 / seconds
        } else {
            0.0
        };
        let hands_by_game = crate::table::Game::ALL
            .iter()
            .zip(self.hands_by_game)
            .filter(|&(_, hands)| hands > 0)
            .map(|(game, hands)| (game.name(), hands))
            .collect();
        SimSummary {
            hands: self.hands,
            players: self.config.players,
            seed: self.config.seed,
            game: self.config.game.name(),
            hands_by_game,
            actions: self.actions,
            showdowns: self.showdowns,
            rebuys: self.rebuys,
            final_stacks: self.stacks,
            checksum: format!("{:032x}", self.hasher.digest128()),
            seconds,
            hands_per_second,
        }
    }
}

impl Deciders {
    /// Plays `hand` to its end; returns how many actions were taken.
    fn act_until_done(
        &mut self,
        number: u64,
        hand: &mut Hand,
        players: &[usize],
        mut external: Option<&mut (dyn ExternalPlayers + '_)>,
    ) -> anyhow::Result<u64> {
        let mut actions = 0;
        while let Some(seat) = hand.to_act() {
            let player = players.get(seat).copied();
            let level = player.and_then(|player| self.levels.get(player)).copied();
            let kind = match (level, self.actions) {
                (Some(SeatLevel::Ext), _) => {
                    let (Some(external), Some(player)) = (external.as_deref_mut(), player) else {
                        bail!("an ext seat plays only with --external");
                    };
                    external.decide(player, number, hand, seat)
                }
                (Some(SeatLevel::Random), _) | (None, Actions::Random) => {
                    let count = hand.legal_iter().count();
                    let pick = self.rng.random_range(0..count.max(1));
                    let Some(choice) = hand.legal_iter().nth(pick) else {
                        bail!("hand {}: no legal action for seat {seat}", number + 1);
                    };
                    choice.kind
                }
                (level, _) => {
                    let level = match level {
                        Some(SeatLevel::Good) => Some(ComputerLevel::Good),
                        Some(SeatLevel::Easy) => Some(ComputerLevel::Easy),
                        _ => None,
                    };
                    let (public, private) = match &mut self.views {
                        Some((public, private)) => {
                            hand.fill_public_view(public);
                            (public, private)
                        }
                        None => {
                            let views = (hand.public_view(), hand.private_view(seat));
                            let (public, Some(private)) = views else {
                                bail!("hand {}: no private view of seat {seat}", number + 1);
                            };
                            let (public, private) = self.views.insert((public, private));
                            (public, private)
                        }
                    };
                    if !hand.fill_private_view(seat, private) {
                        bail!("hand {}: no private view of seat {seat}", number + 1);
                    }
                    let choice = match level {
                        Some(level) => choose_action_at(level, private, public, &mut self.rng),
                        None => choose_action(private, public, &mut self.rng),
                    };
                    let Some(choice) = choice else {
                        bail!(
                            "hand {}: the computer player found no legal action for seat {seat}",
                            number + 1
                        );
                    };
                    choice.kind
                }
            };
            hand.act_quietly(seat, kind).with_context(|| {
                format!(
                    "hand {}: the engine refused {kind:?} for seat {seat}, which it listed as legal",
                    number + 1,
                )
            })?;
            actions += 1;
        }
        Ok(actions)
    }
}

/// One event as bytes for the checksum: a tag, then its fields (seats and cards one byte,
/// chips eight bytes little-endian). Every field that can differ between two runs is in
/// it, and no two events encode alike, so equal checksums mean equal hands.
///
/// Runs for every event of every hand (`sim`'s costliest step after the engine itself):
/// each common event is written as one fixed-size record, one capacity check and one copy,
/// and the encoder is inlined into the loop over the events.
#[inline]
pub fn encode_event(event: &Event, out: &mut Vec<u8>) {
    let seat = |seat: usize| u8::try_from(seat).unwrap_or(u8::MAX);
    match event {
        Event::Ante {
            seat: s,
            chips,
            all_in,
        } => put_with_chips(out, [0, seat(*s), u8::from(*all_in)], *chips),
        Event::DownCard { seat: s, card, .. } => {
            out.extend_from_slice(&[1, seat(*s), card.index()])
        }
        Event::UpCard { seat: s, card, .. } => out.extend_from_slice(&[2, seat(*s), card.index()]),
        Event::CommunityCard { card } => out.extend_from_slice(&[3, card.index()]),
        Event::StreetStarted {
            street,
            first_to_act,
        } => out.extend_from_slice(&[4, *street as u8, first_to_act.map_or(u8::MAX, seat)]),
        Event::Acted {
            seat: s,
            kind,
            chips,
            total,
            all_in,
        } => {
            let mut record = [0u8; 20];
            record[..4].copy_from_slice(&[5, seat(*s), *kind as u8, u8::from(*all_in)]);
            record[4..12].copy_from_slice(&chips.to_le_bytes());
            record[12..].copy_from_slice(&total.to_le_bytes());
            out.extend_from_slice(&record);
        }
        Event::Shown { seat: s, cards, .. } => {
            out.extend_from_slice(&[6, seat(*s), seat(cards.len())]);
            out.extend(cards.iter().map(|card| card.index()));
        }
        Event::Mucked { seat: s } => out.extend_from_slice(&[7, seat(*s)]),
        // Names no new fact (the cards are in the deal's events), and leaving it out keeps
        // the checksums of runs from before hands were turned face up.
        Event::TurnedFaceUp { .. } => {}
        Event::PotAwarded(award) => {
            put_with_chips(
                out,
                [8, seat(award.pot), u8::from(award.uncontested)],
                award.amount,
            );
            out.push(seat(award.eligible.len()));
            out.extend(award.eligible.iter().map(|&s| seat(s)));
            for half in [&award.high, &award.low] {
                out.push(seat(half.len()));
                for &(winner, won) in half {
                    put_with_chips(out, [seat(winner)], won);
                }
            }
        }
        Event::Returned { seat: s, chips } => put_with_chips(out, [9, seat(*s)], *chips),
        Event::HandEnded { stacks } => {
            out.push(10);
            for &stack in stacks {
                out.extend_from_slice(&stack.to_le_bytes());
            }
        }
    }
}

/// Writes `head` (at most 4 bytes) then `chips` (eight bytes little-endian) as one record.
fn put_with_chips<const HEAD: usize>(out: &mut Vec<u8>, head: [u8; HEAD], chips: u64) {
    let mut record = [0u8; 12];
    record[..HEAD].copy_from_slice(&head);
    record[HEAD..HEAD + 8].copy_from_slice(&chips.to_le_bytes());
    out.extend_from_slice(&record[..HEAD + 8]);
}

/// Plays `hands` hands of `config`. `after_hand(number, hand, players)` runs after each
/// hand with its number (from 1), the finished hand, and the player in each deal-order seat.
pub fn play_session(
    config: SimConfig,
    hands: u64,
    mut after_hand: impl FnMut(u64, &Hand, &[usize]) -> anyhow::Result<()>,
) -> anyhow::Result<SimSummary> {
    let mut session = Session::new(config)?;
    let started = std::time::Instant::now();
    for number in 0..hands {
        session.rebuy_busted();
        let (hand, players) = session.play(number)?;
        after_hand(number + 1, hand, players)?;
    }
    Ok(session.finish(started.elapsed().as_secs_f64()))
}
