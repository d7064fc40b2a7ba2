//! What a native player would read as a glitch, in every language, through the real renderer:
//! seeded hands of every game with 8 players whose names end in a digit, dealt out street by
//! street after all-ins (side pots, equities), then their results and histories; and the
//! refusals and notices with nothing, or nobody, to name.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use studbot::bank::BankError;
use studbot::bank::UserId;
use studbot::equity::board::{Budget, board_equity};
use studbot::lobby::LobbyError;
use studbot::lobby::TableMessage;
use studbot::lobby::present::message_text;
use studbot::render::{
    self, Announcement, BoardView, HistoryView, Locale, PlayerFacts, ResultView, TableFacts,
};
use studbot::table::hand::{ActionKind, Hand, HandSetup};
use studbot::table::rules::{Rules, Stakes};
use studbot::table::{Deck, Game, GameChoice};

/// Names as a server has them, long and ending in a digit ("Bot 1" reads into "Bot 1 1").
fn names(players: usize) -> Vec<String> {
    (1..=players)
        .map(|i| format!("Jugadora del servidor número {i}"))
        .collect()
}

/// Everything said about one seeded hand in `locale`, the hand's game, and how many pots its
/// result has.
struct Told {
    game: Game,
    boards: Vec<String>,
    results: String,
    history: String,
    pots: usize,
}

fn play_hand(locale: Locale, seed: u64) -> Told {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = 8;
    // Short and uneven stacks: all-ins at different levels, so side pots.
    let stacks: Vec<u64> = (0..players).map(|_| rng.random_range(4..=90)).collect();
    let names = names(players);
    let game = Game::ALL[seed as usize % Game::ALL.len()];
    let facts = TableFacts {
        hand_number: seed,
        players: names.iter().map(PlayerFacts::named).collect(),
        idle: Vec::new(),
        action_timer_secs: Some(30),
        mix_leg: GameChoice::Mix.mix_leg(seed / 3, 2),
        sit_and_go: false,
    };
    let mut hand = Hand::new(
        HandSetup::from_deck(
            game,
            Stakes::default(),
            Rules::default(),
            &stacks,
            Deck::seeded(seed),
        )
        .street_by_street(),
    )
    .unwrap();
    let mut boards = Vec::new();
    while let Some(seat) = hand.to_act() {
        boards.push(render::board(
            locale,
            &BoardView::from_public(&hand.public_view(), &facts),
        ));
        let legal = hand.legal_actions();
        let wanted = match rng.random_range(0..10) {
            0 => ActionKind::Fold,
            1..=4 => ActionKind::Raise,
            _ => ActionKind::Call,
        };
        let choice = legal
            .iter()
            .find(|a| a.kind == wanted)
            .or_else(|| legal.iter().find(|a| a.kind == ActionKind::Bet))
            .or_else(|| legal.iter().find(|a| a.kind == ActionKind::Call))
            .or_else(|| legal.iter().find(|a| a.kind != ActionKind::Fold))
            .or(legal.first())
            .copied()
            .unwrap();
        hand.act(seat, choice.kind).unwrap();
    }
    // Dealt out street by street, each board with every live hand's equity.
    while hand.result().is_none() {
        let view = hand.public_view();
        let budget = Budget {
            max_work: 100_000,
            samples: 200,
            seed,
            threads: 1,
        };
        let board = BoardView::from_public(&view, &facts);
        let board = match board_equity(&view, &view.pots(), budget) {
            Some(equity) => board.with_equity(&equity),
            None => board,
        };
        boards.push(render::board(locale, &board));
        hand.deal_next_street().unwrap();
    }
    let result = hand.result().unwrap();
    let results = render::results(
        locale,
        &ResultView::new(seed, &names, result, hand.events()),
    );
    let pots = result.awards.len();
    let history = render::history(
        locale,
        &HistoryView::new(
            seed,
            game,
            Stakes::default(),
            &names,
            &stacks,
            hand.events(),
        ),
    );
    Told {
        game,
        boards,
        results,
        history,
        pots,
    }
}

/// Where `name` is followed by a space and a digit: an amount that reads as part of the name.
fn name_runs_into_a_number(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(at, _)| {
        let rest = &text[at + name.len()..];
        rest.starts_with(' ') && rest[1..].starts_with(|c: char| c.is_ascii_digit())
    })
}

const MAIN_POT: [&str; 3] = ["Main pot", "Bote principal", "Pot utama"];

#[test]
fn played_hands_of_every_game_read_without_a_glitch_in_every_language() {
    let mut side_pots_seen = 0;
    let mut odds_seen = 0;
    for locale in Locale::ALL {
        for seed in 0..18u64 {
            let told = play_hand(locale, seed);
            let all: Vec<&String> = told
                .boards
                .iter()
                .chain([&told.results, &told.history])
                .collect();
            for text in &all {
                assert!(
                    !text.contains("))") && !text.contains(") ("),
                    "{locale} seed {seed}: doubled parentheses\n{text}"
                );
                for name in names(8) {
                    let shown = render::display_name(&name);
                    assert!(
                        !name_runs_into_a_number(text, &shown),
                        "{locale} seed {seed}: “{shown}” runs into a number\n{text}"
                    );
                }
            }
            if told.pots == 1 {
                for main in MAIN_POT {
                    assert!(
                        !told.results.contains(main) && !told.history.contains(main),
                        "{locale} seed {seed}: a main pot without a side pot\n{}\n{}",
                        told.results,
                        told.history
                    );
                }
            } else {
                side_pots_seen += 1;
            }
            for board in &told.boards {
                if board.contains("equity") {
                    odds_seen += 1;
                }
                if told.game != Game::Stud8 {
                    assert!(
                        !board.contains("scoop"),
                        "{locale} seed {seed}: a scoop where no pot splits\n{board}"
                    );
                }
            }
        }
    }
    assert!(side_pots_seen > 0, "no hand had a side pot");
    assert!(odds_seen > 0, "no board showed equities");
}

#[test]
fn the_terminal_prompt_does_not_put_an_all_in_in_parentheses_inside_parentheses() {
    let mut hand = Hand::new(HandSetup::from_deck(
        Game::Stud8,
        Stakes::default(),
        Rules::default(),
        &[4, 200],
        Deck::seeded(3),
    ))
    .unwrap();
    // Three chips left after the ante: completing (or raising) puts them all in.
    let mut options = None;
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions();
        if legal.iter().any(|action| action.all_in && action.chips > 0) {
            options = Some(legal);
            break;
        }
        let kind = legal[0].kind;
        hand.act(seat, kind).unwrap();
    }
    let legal = options.expect("an all-in was offered");
    for locale in Locale::ALL {
        let options = render::action_options(locale, &legal);
        assert!(options.contains("all-in"), "{locale}: {options}");
        let prompt = render::tr(locale, "play-prompt", &[("options", options.into())]);
        assert!(!prompt.contains("))"), "{locale}: {prompt}");
    }
}

#[test]
fn a_timed_out_bring_in_is_told_as_a_bring_in_not_a_fold_in_every_language() {
    let ana = UserId(7);
    let name_of = |_: UserId| "Ana".to_string();
    for (locale, fold, bring_in) in [
        (Locale::En, "fold", "bring-in"),
        (Locale::Es, "se retira", "bring-in"),
        (Locale::Id, "fold", "bring-in"),
    ] {
        let told = message_text(
            locale,
            &TableMessage::TimedOut {
                user: ana,
                action: ActionKind::BringIn,
            },
            &name_of,
        );
        assert!(
            told.contains("Ana") && told.contains(bring_in),
            "{locale}: {told}"
        );
        assert!(!told.contains(fold), "{locale}: {told}");
        let folded = message_text(
            locale,
            &TableMessage::TimedOut {
                user: ana,
                action: ActionKind::Fold,
            },
            &name_of,
        );
        assert!(folded.contains(fold), "{locale}: {folded}");
    }
}

#[test]
fn a_refusal_while_nobody_is_to_act_names_nobody_in_every_language() {
    let name_of = |_: UserId| "Ana".to_string();
    for locale in Locale::ALL {
        let told = render::refusal(locale, &LobbyError::NotYourTurn { to_act: None }, &name_of);
        let not_your_turn = render::refusal(
            locale,
            &LobbyError::NotYourTurn {
                to_act: Some(UserId(7)),
            },
            &name_of,
        );
        // No name is no one: neither an empty name nor the "?" an empty name is shown as.
        for nobody in ["", "?"] {
            assert_ne!(
                told,
                not_your_turn.replace("Ana", nobody),
                "{locale}: {told}"
            );
        }
        assert!(
            !told.contains('?') && !told.contains(" .") && !told.contains("  "),
            "{locale}: {told}"
        );
        let named = render::refusal(
            locale,
            &LobbyError::NotYourTurn {
                to_act: Some(UserId(7)),
            },
            &name_of,
        );
        assert!(named.contains("Ana"), "{locale}: {named}");
    }
}

#[test]
fn zero_counts_and_empty_units_are_left_out_in_every_language() {
    for locale in Locale::ALL {
        let texts = [
            render::notice(
                locale,
                &Announcement::Left {
                    name: "Ana".into(),
                    stack: 0,
                },
            ),
            render::refusal(
                locale,
                &BankError::DailyCooldown { wait_secs: 300 },
                &|_| String::new(),
            ),
            render::refusal(
                locale,
                &BankError::DailyCooldown { wait_secs: 7200 },
                &|_| String::new(),
            ),
            render::tr(locale, "play-cashed-out", &[("amount", 0u64.into())]),
            render::tr(
                locale,
                "bank-give-cap-reached",
                &[("remaining", 0u64.into()), ("cap", 500u64.into())],
            ),
            render::tr(
                locale,
                "bank-receive-cap-reached",
                &[("remaining", 0u64.into()), ("cap", 500u64.into())],
            ),
        ];
        for text in texts {
            let words: Vec<&str> = text
                .split(|c: char| c.is_whitespace() || c == '(')
                .collect();
            assert!(!words.contains(&"0"), "{locale}: {text}");
        }
        let later = render::refusal(
            locale,
            &BankError::DailyCooldown { wait_secs: 3900 },
            &|_| String::new(),
        );
        assert!(
            later.contains('1') && later.contains('5'),
            "{locale}: {later}"
        );
    }
}
