//! No English reaches a Spanish or Indonesian player: seeded hands are played by the engine
//! and everything said about them (boards, turn prompts, private cards, results, histories)
//! is rendered in es and id, with every refusal (each lobby, settings, stakes and bank error)
//! and every notice and message; none may hold an English word outside the poker words
//! players of that language use as they are (all-in, showdown, bring-in…), nor a Rust
//! field name ("bring_in").

use crate::common::every_notice;
use crate::words_common;

use std::collections::BTreeSet;

use crate::words_english::{english_in, english_vocabulary};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::{BankError, GuildId, TableId, UserId};
use studbot::lobby::{LobbyError, SettingsError};
use studbot::render::{
    self, BoardView, HistoryView, Locale, PlayerFacts, ResultView, TableFacts, TurnPrompt,
};
use studbot::table::hand::{ActionKind, Hand, HandSetup};
use studbot::table::rules::{Rules, Stakes, StakesError};
use studbot::table::{Deck, Game, GameChoice};
use words_common::{messages, renderings};

fn every_stakes_error() -> Vec<StakesError> {
    let all = vec![
        StakesError::ZeroBringIn,
        StakesError::ZeroSmallBet,
        StakesError::BringInAboveSmallBet {
            bring_in: 5,
            small_bet: 2,
        },
        StakesError::BigBetNotAboveSmallBet {
            small_bet: 10,
            big_bet: 5,
        },
    ];
    // A new variant must be added above: this match stops compiling without it.
    for error in &all {
        match error {
            StakesError::ZeroBringIn
            | StakesError::ZeroSmallBet
            | StakesError::BringInAboveSmallBet { .. }
            | StakesError::BigBetNotAboveSmallBet { .. } => {}
        }
    }
    all
}

fn every_settings_error() -> Vec<SettingsError> {
    let mut all: Vec<SettingsError> = every_stakes_error()
        .into_iter()
        .map(SettingsError::Stakes)
        .collect();
    all.extend([
        SettingsError::Seats(9),
        SettingsError::MinBuyInBelowBigBet {
            min_buy_in: 5,
            big_bet: 10,
        },
        SettingsError::BuyInRange {
            min_buy_in: 100,
            max_buy_in: 50,
        },
        SettingsError::ActionTimer(1),
        SettingsError::BetweenHands(500),
        SettingsError::MaxRaises(0),
        SettingsError::MixHands(0),
        SettingsError::OpenPairBigBetInRazz,
        SettingsError::ComputerPlayers {
            computer_players: 6,
            seats: 6,
        },
        SettingsError::TimeBank(601),
        SettingsError::AwayHands(101),
        SettingsError::ComputerBuyIn {
            max_buy_in: 5_000,
            limit: 1_000,
        },
    ]);
    for error in &all {
        match error {
            SettingsError::Stakes(_)
            | SettingsError::Seats(_)
            | SettingsError::MinBuyInBelowBigBet { .. }
            | SettingsError::BuyInRange { .. }
            | SettingsError::ActionTimer(_)
            | SettingsError::BetweenHands(_)
            | SettingsError::MaxRaises(_)
            | SettingsError::MixHands(_)
            | SettingsError::OpenPairBigBetInRazz
            | SettingsError::ComputerPlayers { .. }
            | SettingsError::TimeBank(_)
            | SettingsError::AwayHands(_)
            | SettingsError::ComputerBuyIn { .. } => {}
        }
    }
    all
}

fn every_bank_error() -> Vec<BankError> {
    let table = TableId(3);
    let tournament = studbot::bank::TournamentId(5);
    let all = vec![
        BankError::ZeroAmount,
        BankError::InsufficientFunds {
            balance: 1,
            needed: 5,
        },
        BankError::Overflow,
        BankError::GiveToSelf,
        BankError::OutOfLimits { min: 1, max: 500 },
        BankError::DailyCooldown { wait_secs: 3_700 },
        BankError::AccountTooNew,
        BankError::SchemaTooNew { found: 9, known: 2 },
        BankError::Timeout(5_000),
        BankError::Storage("disk full".into()),
        BankError::Unbalanced("escrow".into()),
        BankError::GiveToBot,
        BankError::EmptyReference,
        BankError::ReferenceReused {
            reference: "give:1".into(),
        },
        BankError::UnknownTable { table },
        BankError::WrongGuild { table },
        BankError::TableClosed { table },
        BankError::HandInProgress { table, hand: 4 },
        BankError::HandFinished { table, hand: 4 },
        BankError::UnknownHand { table, hand: 4 },
        BankError::Stopped,
        BankError::LedgerBlockUsedUp,
        BankError::LeaseLost { guild: GuildId(5) },
        BankError::Failed("No space left on device".into()),
        BankError::Internal("a panic".into()),
        BankError::NotDurable("flush failed".into()),
        BankError::GiveCapReached {
            cap: 1_000,
            given: 900,
            remaining: 100,
        },
        BankError::ReceiveCapReached {
            cap: 1_000,
            received: 999,
            remaining: 1,
        },
        BankError::UnknownTournament { tournament },
        BankError::TournamentWrongGuild { tournament },
        BankError::TableOpenInChannel { table },
        BankError::TournamentInChannel { tournament },
        BankError::BadTournament("a sit & go needs 2 to 8 players, not 9".into()),
        BankError::AlreadyRegistered { tournament },
        BankError::NotRegistered { tournament },
        BankError::TournamentFull {
            tournament,
            seats: 8,
        },
        BankError::TournamentStarted { tournament },
        BankError::TooFewEntrants {
            tournament,
            entrants: 1,
        },
        BankError::TournamentNotRunning { tournament },
        BankError::EventNotYet {
            tournament,
            starts_at: 1_704_067_200,
        },
        BankError::TournamentOver { tournament },
        BankError::TournamentHandOutOfTurn {
            tournament,
            hand: 3,
            next: 2,
        },
        BankError::TournamentHandRefused {
            tournament,
            reason: "the hand ended with 2 stacks for 3 players".into(),
        },
        BankError::PayoutPlaces {
            places: 3,
            entrants: 2,
        },
        BankError::NotStillIn { tournament },
        BankError::DealPlayers { left: 5 },
        BankError::DealPending { tournament },
        BankError::NoSuchDeal { tournament },
        BankError::HouseDry {
            needed: 1_000,
            held: 200,
            mint_left: 300,
        },
        BankError::ComputerBuyInTooLarge {
            amount: 5_000,
            limit: 1_000,
        },
        BankError::UnreadableTournament {
            tournament,
            reason: "place 0 among 4".into(),
        },
        BankError::ComputersNotAllowed { tournament },
        BankError::TooManyComputers { most: 256 },
    ];
    for error in &all {
        match error {
            BankError::ZeroAmount
            | BankError::InsufficientFunds { .. }
            | BankError::Overflow
            | BankError::GiveToSelf
            | BankError::OutOfLimits { .. }
            | BankError::DailyCooldown { .. }
            | BankError::AccountTooNew
            | BankError::SchemaTooNew { .. }
            | BankError::Timeout(_)
            | BankError::Storage(_)
            | BankError::Unbalanced(_)
            | BankError::GiveToBot
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
            | BankError::LeaseLost { .. }
            | BankError::Failed(_)
            | BankError::Internal(_)
            | BankError::NotDurable(_)
            | BankError::GiveCapReached { .. }
            | BankError::ReceiveCapReached { .. }
            | BankError::UnknownTournament { .. }
            | BankError::TournamentWrongGuild { .. }
            | BankError::TableOpenInChannel { .. }
            | BankError::TournamentInChannel { .. }
            | BankError::BadTournament(_)
            | BankError::AlreadyRegistered { .. }
            | BankError::NotRegistered { .. }
            | BankError::TournamentFull { .. }
            | BankError::TournamentStarted { .. }
            | BankError::TooFewEntrants { .. }
            | BankError::TournamentNotRunning { .. }
            | BankError::EventNotYet { .. }
            | BankError::TournamentOver { .. }
            | BankError::TournamentHandOutOfTurn { .. }
            | BankError::TournamentHandRefused { .. }
            | BankError::PayoutPlaces { .. }
            | BankError::NotStillIn { .. }
            | BankError::DealPlayers { .. }
            | BankError::DealPending { .. }
            | BankError::NoSuchDeal { .. }
            | BankError::HouseDry { .. }
            | BankError::ComputerBuyInTooLarge { .. }
            | BankError::UnreadableTournament { .. }
            | BankError::ComputersNotAllowed { .. }
            | BankError::TooManyComputers { .. } => {}
        }
    }
    all
}

fn every_lobby_error() -> Vec<LobbyError> {
    let table = TableId(3);
    let mut all = vec![
        LobbyError::NoSuchTable { table },
        LobbyError::TableAlreadyOpen { table },
        LobbyError::TableClosed { table },
        LobbyError::TableFull { seats: 6 },
        LobbyError::SeatAfterHand,
        LobbyError::AlreadySeated,
        LobbyError::NotSeated,
        LobbyError::BuyInOutOfRange {
            min: 100,
            max: 1_000,
            amount: 5,
        },
        LobbyError::NotEnoughChips {
            balance: 20,
            needed: 100,
        },
        LobbyError::TopUpOutOfRange {
            min: 100,
            max: 1_000,
            stack: 1_200,
        },
        LobbyError::TopUpDuringHand,
        LobbyError::NoChips,
        LobbyError::AlreadySittingOut,
        LobbyError::NotSittingOut,
        LobbyError::NoHandInProgress,
        LobbyError::NotInHand,
        LobbyError::StaleAction {
            offered_hand: 1,
            offered_seq: 2,
            hand: 1,
            seq: 3,
        },
        LobbyError::NotYourTurn {
            to_act: Some(UserId(2)),
        },
        LobbyError::ActionNotAllowed {
            kind: ActionKind::Raise,
            allowed: vec![ActionKind::Call, ActionKind::Fold],
        },
        LobbyError::Paused,
        LobbyError::NotPaused,
        LobbyError::Store {
            reason: "the disk is full".into(),
        },
        LobbyError::Internal {
            reason: "the table task has stopped".into(),
        },
        LobbyError::SitAndGoTable,
        LobbyError::DealDuringHand,
        LobbyError::SitAndGoEnding,
        LobbyError::PreActionStale,
        LobbyError::YourTurnNow,
        LobbyError::TimeBankEmpty,
        LobbyError::TimeBankRunning,
    ];
    all.extend(
        every_settings_error()
            .into_iter()
            .map(|reason| LobbyError::InvalidSettings { reason }),
    );
    all.extend(
        every_bank_error()
            .into_iter()
            .map(|reason| LobbyError::Bank { reason }),
    );
    for error in &all {
        match error {
            LobbyError::NoSuchTable { .. }
            | LobbyError::TableAlreadyOpen { .. }
            | LobbyError::TableClosed { .. }
            | LobbyError::InvalidSettings { .. }
            | LobbyError::TableFull { .. }
            | LobbyError::SeatAfterHand
            | LobbyError::AlreadySeated
            | LobbyError::NotSeated
            | LobbyError::BuyInOutOfRange { .. }
            | LobbyError::NotEnoughChips { .. }
            | LobbyError::TopUpOutOfRange { .. }
            | LobbyError::TopUpDuringHand
            | LobbyError::NoChips
            | LobbyError::AlreadySittingOut
            | LobbyError::NotSittingOut
            | LobbyError::NoHandInProgress
            | LobbyError::NotInHand
            | LobbyError::StaleAction { .. }
            | LobbyError::NotYourTurn { .. }
            | LobbyError::ActionNotAllowed { .. }
            | LobbyError::Paused
            | LobbyError::NotPaused
            | LobbyError::SitAndGoTable
            | LobbyError::DealDuringHand
            | LobbyError::SitAndGoEnding
            | LobbyError::PreActionStale
            | LobbyError::YourTurnNow
            | LobbyError::TimeBankEmpty
            | LobbyError::TimeBankRunning
            | LobbyError::Bank { .. }
            | LobbyError::Store { .. }
            | LobbyError::Internal { .. } => {}
        }
    }
    all
}

/// English error texts, so that a leak of one is recognised as English.
fn english_error_texts() -> Vec<String> {
    every_lobby_error()
        .iter()
        .map(ToString::to_string)
        .chain(every_bank_error().iter().map(ToString::to_string))
        .collect()
}

/// Plays seeded hands and returns everything said about them in `locale`.
fn played_texts(locale: Locale) -> Vec<String> {
    let mut texts = Vec::new();
    for seed in 0..24u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let players = 2 + (seed as usize % 7);
        let stacks: Vec<u64> = (0..players).map(|_| rng.random_range(3..=150)).collect();
        let names: Vec<String> = (0..players).map(|i| format!("Pemain{i}")).collect();
        // Every game, and a mix table's header on some.
        let game = Game::ALL[seed as usize % Game::ALL.len()];
        let facts = TableFacts {
            hand_number: seed,
            players: names.iter().map(PlayerFacts::named).collect(),
            idle: Vec::new(),
            action_timer_secs: Some(30),
            mix_leg: GameChoice::Mix.mix_leg(seed / 3, 1 + seed as u32 % 4),
            sit_and_go: false,
        };
        let mut hand = Hand::new(HandSetup::from_deck(
            game,
            Stakes::default(),
            Rules::default(),
            &stacks,
            Deck::seeded(seed),
        ))
        .unwrap();
        loop {
            texts.push(render::board(
                locale,
                &BoardView::from_public(&hand.public_view(), &facts),
            ));
            let Some(seat) = hand.to_act() else { break };
            let legal = hand.legal_actions();
            texts.push(render::your_turn(
                locale,
                &TurnPrompt {
                    hand_number: seed,
                    street: hand.public_view().street,
                    legal: legal.clone(),
                    to_call: legal
                        .iter()
                        .find(|a| a.kind == ActionKind::Call)
                        .map_or(0, |a| a.chips),
                    stack: 10,
                    pot: 20,
                    action_timer_secs: Some(30),
                },
            ));
            texts.push(render::private_hand(
                locale,
                seed,
                &hand.private_view(seat).unwrap(),
            ));
            let wanted = match rng.random_range(0..10) {
                0 => ActionKind::Fold,
                1 | 2 => ActionKind::Raise,
                _ => ActionKind::Call,
            };
            let choice = legal
                .iter()
                .find(|a| a.kind == wanted)
                .or_else(|| legal.iter().find(|a| a.kind == ActionKind::Check))
                .or_else(|| legal.iter().find(|a| a.kind != ActionKind::Fold))
                .or(legal.first())
                .copied()
                .unwrap();
            hand.act(seat, choice.kind).unwrap();
        }
        let result = hand.result().unwrap();
        texts.push(render::results(
            locale,
            &ResultView::new(seed, &names, result, hand.events()),
        ));
        texts.push(render::history(
            locale,
            &HistoryView::new(
                seed,
                game,
                Stakes::default(),
                &names,
                &stacks,
                hand.events(),
            ),
        ));
    }
    texts
}

/// Everything a refusal or a notice can say in `locale`.
fn refusal_texts(locale: Locale) -> Vec<String> {
    let name_of = |user: UserId| format!("Pemain{}", user.0);
    let mut texts: Vec<String> = every_lobby_error()
        .iter()
        .map(|error| render::refusal(locale, error, &name_of))
        .collect();
    for error in every_bank_error() {
        let text = render::tr_numbers(locale, error.message_id(), &error.message_args());
        assert_ne!(
            text,
            error.message_id(),
            "{locale}: no message for {error:?}"
        );
        texts.push(text);
    }
    for error in every_settings_error() {
        let text = render::tr_numbers(locale, error.message_id(), &error.message_args());
        assert_ne!(
            text,
            error.message_id(),
            "{locale}: no message for {error:?}"
        );
        texts.push(text);
    }
    texts.extend(
        every_notice()
            .iter()
            .map(|notice| render::notice(locale, notice)),
    );
    let house_rules = Rules {
        max_raises: 1,
        heads_up_uncapped: false,
        open_pair_big_bet: true,
        ..Rules::default()
    };
    texts.push(render::rules_summary(locale, &Rules::default(), None));
    texts.push(render::rules_summary(locale, &house_rules, None));
    for choice in GameChoice::ALL {
        texts.push(render::rules_summary(
            locale,
            &house_rules,
            Some((choice, 6)),
        ));
        texts.push(render::hand_names::game_choice_name(locale, choice, 1));
    }
    texts
}

fn assert_no_english(locale: Locale, texts: &[String], vocabulary: &BTreeSet<String>) {
    let mut leaks = Vec::new();
    for text in texts {
        let english = english_in(text, locale, vocabulary);
        if !english.is_empty() {
            leaks.push(format!("{locale}: {english:?} in “{text}”"));
        }
    }
    leaks.sort();
    leaks.dedup();
    assert!(leaks.is_empty(), "{}", leaks.join("\n"));
}

#[test]
fn played_hands_read_without_english_in_spanish_and_indonesian() {
    let vocabulary = english_vocabulary(&english_error_texts());
    for locale in [Locale::Es, Locale::Id] {
        let texts = played_texts(locale);
        assert!(texts.len() > 200, "only {} texts", texts.len());
        assert_no_english(locale, &texts, &vocabulary);
    }
}

#[test]
fn every_refusal_and_notice_reads_without_english_in_spanish_and_indonesian() {
    let vocabulary = english_vocabulary(&english_error_texts());
    for locale in [Locale::Es, Locale::Id] {
        assert_no_english(locale, &refusal_texts(locale), &vocabulary);
    }
}

#[test]
fn every_message_reads_without_english_in_spanish_and_indonesian() {
    let vocabulary = english_vocabulary(&english_error_texts());
    for locale in [Locale::Es, Locale::Id] {
        let texts: Vec<String> = messages(locale)
            .iter()
            .flat_map(|message| renderings(locale, message))
            .map(|(_, text)| text)
            .collect();
        assert_no_english(locale, &texts, &vocabulary);
    }
}

#[test]
fn the_english_detector_finds_a_rust_error_and_spares_poker_words() {
    let vocabulary = english_vocabulary(&english_error_texts());
    let leak =
        "No se puede usar esa configuración: bring_in (5) must not be more than small_bet (2)";
    let found = english_in(leak, Locale::Es, &vocabulary);
    assert!(found.contains(&"bring_in".to_string()), "{found:?}");
    assert!(found.contains(&"must".to_string()), "{found:?}");
    assert!(
        english_in(
            "Ana va all-in; showdown: escalera al rey. Bring-in de 2.",
            Locale::Es,
            &vocabulary
        )
        .is_empty()
    );
    assert!(
        english_in(
            "Budi raise ke 20 di Fifth Street; side pot 1: 40",
            Locale::Id,
            &vocabulary
        )
        .is_empty()
    );
    assert_eq!(
        english_in("Giliran Budi: the table is paused", Locale::Id, &vocabulary),
        vec!["the", "table", "is", "paused"]
    );
}
