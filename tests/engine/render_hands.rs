//! Hand names in English, Spanish and Indonesian, from real evaluations; the private view;
//! the "your turn" prompt and button labels.

use crate::common::cards;
use studbot::render::hand_names::{low_draw, low_so_far, rank_name_plural};
use studbot::render::{self, Locale, TurnPrompt};
use studbot::table::card::Rank;
use studbot::table::eval::{HandCategory, best_high, best_low};
use studbot::table::hand::{ActionKind, LegalAction, PrivateView, Street};

fn high(locale: Locale, text: &str) -> String {
    render::high_hand_name(locale, best_high(&cards(text)))
}

fn low(locale: Locale, text: &str) -> String {
    render::low_hand_name(locale, best_low(&cards(text)))
}

#[test]
fn high_hands_are_named_in_english() {
    let en = Locale::En;
    assert_eq!(
        high(en, "Ks Kd 5c 5h 9s 2d 3c"),
        "two pair, kings and fives"
    );
    assert_eq!(
        high(en, "As Ah Ad Qc Qs 2d 3c"),
        "full house, aces over queens"
    );
    assert_eq!(high(en, "7s 7h 2d 9c Jd"), "pair of sevens");
    assert_eq!(high(en, "6s 6h 6d 9c Jd"), "three of a kind, sixes");
    assert_eq!(high(en, "As 2h 3d 4c 5d Kc"), "straight, five high");
    assert_eq!(high(en, "9s Th Jd Qc Kd"), "straight, king high");
    assert_eq!(high(en, "2h 7h 9h Jh Ah"), "flush, ace high");
    assert_eq!(high(en, "8s 8h 8d 8c 2d"), "four of a kind, eights");
    assert_eq!(high(en, "9h Th Jh Qh Kh"), "straight flush, king high");
    assert_eq!(high(en, "Th Jh Qh Kh Ah"), "royal flush");
    assert_eq!(high(en, "Ks 7h 2d"), "king high");
    assert_eq!(high(en, ""), "no cards");
}

#[test]
fn high_hands_are_named_in_spanish_with_plurals_and_articles() {
    let es = Locale::Es;
    assert_eq!(
        high(es, "Ks Kd 5c 5h 9s 2d 3c"),
        "doble par, reyes y cincos"
    );
    assert_eq!(high(es, "As Ah Ad Qc Qs 2d 3c"), "full de ases con reinas");
    assert_eq!(high(es, "7s 7h 2d 9c Jd"), "par de sietes");
    assert_eq!(high(es, "6s 6h 6d 9c Jd"), "trío de seises");
    assert_eq!(high(es, "As 2h 3d 4c 5d Kc"), "escalera al cinco");
    assert_eq!(high(es, "8s 9h Td Jc Qd"), "escalera a la reina");
    assert_eq!(high(es, "2h 7h 9h Jh Ah"), "color al as");
    assert_eq!(high(es, "2h 7h 9h Jh 3h"), "color a la jota");
    assert_eq!(high(es, "8s 8h 8d 8c 2d"), "póquer de ochos");
    assert_eq!(high(es, "9h Th Jh Qh Kh"), "escalera de color al rey");
    assert_eq!(high(es, "Th Jh Qh Kh Ah"), "escalera real");
    assert_eq!(high(es, "Ks 7h 2d"), "carta alta rey");
}

#[test]
fn high_hands_are_named_in_indonesian() {
    let id = Locale::Id;
    assert_eq!(high(id, "Ks Kd 5c 5h 9s 2d 3c"), "two pair, King dan 5");
    assert_eq!(high(id, "As Ah Ad Qc Qs 2d 3c"), "full house As dan Queen");
    assert_eq!(high(id, "7s 7h 2d 9c Jd"), "pair 7");
    assert_eq!(high(id, "As 2h 3d 4c 5d Kc"), "straight, 5 tertinggi");
    assert_eq!(high(id, "2h 7h 9h Jh Ah"), "flush, As tertinggi");
    assert_eq!(high(id, "Ks 7h 2d"), "kartu tertinggi King");
}

#[test]
fn every_rank_has_a_name_and_a_plural_in_every_language() {
    for locale in Locale::ALL {
        let mut plurals = std::collections::BTreeSet::new();
        for rank in Rank::ALL {
            let plural = rank_name_plural(locale, rank);
            assert!(
                !plural.is_empty() && !plural.contains("rank"),
                "{locale}: {plural}"
            );
            plurals.insert(plural);
        }
        assert_eq!(plurals.len(), 13, "{locale}: two ranks share a name");
    }
    assert_eq!(rank_name_plural(Locale::En, Rank::Six), "sixes");
    assert_eq!(rank_name_plural(Locale::Es, Rank::Ten), "dieces");
}

#[test]
fn every_category_is_named_in_every_language() {
    let categories = [
        HandCategory::HighCard,
        HandCategory::OnePair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];
    for locale in Locale::ALL {
        let names: std::collections::BTreeSet<String> = categories
            .iter()
            .map(|c| render::high_name_from_parts(locale, *c, &[Rank::Queen, Rank::Nine]))
            .collect();
        assert_eq!(names.len(), categories.len(), "{locale}: {names:?}");
        assert!(
            names
                .iter()
                .all(|n| !n.contains('{') && !n.contains("hand-"))
        );
    }
}

#[test]
fn lows_are_spelled_with_the_ace_last_and_missing_lows_said_plainly() {
    assert_eq!(low(Locale::En, "8s 7h 5d 3c Ad Kc Kd"), "8-7-5-3-A low");
    assert_eq!(
        low(Locale::En, "5s 4h 3d 2c Ad"),
        "5-4-3-2-A low, the wheel"
    );
    assert_eq!(low(Locale::En, "Ks Qh 9d 9c 2d"), "no low");
    assert_eq!(low(Locale::Es, "8s 7h 5d 3c Ad"), "baja 8-7-5-3-A");
    assert_eq!(low(Locale::Es, "Ks Qh 9d 9c 2d"), "sin baja");
    assert_eq!(low(Locale::Id, "8s 7h 5d 3c Ad"), "low 8-7-5-3-A");
    assert_eq!(low(Locale::Id, "Ks Qh 9d 9c 2d"), "tidak ada low");
}

/// The private view of `down` and `up` (Stud/8) in `locale`.
fn private_of(locale: Locale, down: &str, up: &str) -> String {
    let (down, up) = (cards(down), cards(up));
    let mut all = down.clone();
    all.extend(&up);
    let view = PrivateView {
        game: studbot::table::Game::Stud8,
        seat: 0,
        down_cards: down,
        up_cards: up,
        community: None,
        high: best_high(&all),
        low: best_low(&all),
    };
    render::private_hand(locale, 1, &view)
}

/// The walk: "Low: 1 of 5 (6)" took a while to read as "low cards so far, of the five
/// needed". A draw is named one: its cards first, then how many of five.
#[test]
fn a_low_draw_is_named_a_draw_with_its_cards_then_how_many_of_five() {
    let held = cards("7s 7h Ad 4c Kd");
    assert_eq!(
        low_draw(&held, None).map(|ranks| ranks.len()),
        Some(3),
        "the different low ranks held"
    );
    for (locale, three, one) in [
        (
            Locale::En,
            "Low draw: 7-4-A (3 of 5)",
            "Low draw: 2 (1 of 5)",
        ),
        (
            Locale::Es,
            "Proyecto de baja: 7-4-A (3 de 5)",
            "Proyecto de baja: 2 (1 de 5)",
        ),
        (
            Locale::Id,
            "Calon low: 7-4-A (3 dari 5 kartu)",
            "Calon low: 2 (1 dari 5 kartu)",
        ),
    ] {
        let drawing = private_of(locale, "7s 7h", "Ad 4c Kd");
        assert!(drawing.ends_with(three), "{locale}: {drawing}");
        let barely = private_of(locale, "Ks Qd", "2c");
        assert!(barely.ends_with(one), "{locale}: {barely}");
    }
    assert_eq!(low_draw(&cards("Ks Qd 9c"), None), None);
    assert_eq!(low_so_far(Locale::En, &cards("Ks Qd 9c"), None), "none yet");
    assert_eq!(
        low_so_far(Locale::Es, &cards("Ks Qd 9c"), None),
        "todavía ninguna"
    );
    assert!(private_of(Locale::En, "Ks Qd", "9c").ends_with("Low: none yet"));
}

#[test]
fn a_dead_low_draw_on_seventh_street_reads_no_low_in_every_language() {
    // Seven cards, four low ranks and no low made: nothing is left to come.
    let four_to_a_low = cards("8s 5h 2d Ac Kd Qs Kh");
    // Seven cards and not one low card: not "none yet" either.
    let no_low_cards = cards("Ks Kd Qs Jh 9c 9d Ts");
    for (locale, no_low) in [
        (Locale::En, "no low"),
        (Locale::Es, "sin baja"),
        (Locale::Id, "tidak ada low"),
    ] {
        assert_eq!(low_so_far(locale, &four_to_a_low, None), no_low);
        assert_eq!(low_so_far(locale, &no_low_cards, None), no_low);
    }
    // With a card still to come, the same four are a draw.
    let sixth = cards("8s 5h 2d Ac Kd Qs");
    assert_eq!(low_draw(&sixth, None).map(|ranks| ranks.len()), Some(4));
    assert_eq!(low_draw(&four_to_a_low, None), None);
}

#[test]
fn the_private_view_names_a_made_low_once() {
    let down = cards("As 2h");
    let up = cards("3d 4s 5c Kd");
    let mut all = down.clone();
    all.extend(&up);
    let view = PrivateView {
        game: studbot::table::Game::Stud8,
        seat: 1,
        down_cards: down,
        up_cards: up,
        community: None,
        high: best_high(&all),
        low: best_low(&all),
    };
    let en = render::private_hand(Locale::En, 1, &view);
    assert!(
        en.ends_with("High: straight, five high\nLow: 5-4-3-2-A, the wheel"),
        "{en}"
    );
    let es = render::private_hand(Locale::Es, 1, &view);
    assert!(
        es.ends_with("Alta: escalera al cinco\nBaja: 5-4-3-2-A, la rueda"),
        "{es}"
    );
    let id = render::private_hand(Locale::Id, 1, &view);
    assert!(
        id.ends_with("High: straight, 5 tertinggi\nLow: 5-4-3-2-A, wheel"),
        "{id}"
    );
}

#[test]
fn the_private_view_shows_down_and_up_cards_and_the_hands_so_far() {
    let down = cards("As 2h");
    let up = cards("Kd Ks 5c");
    let mut all = down.clone();
    all.extend(&up);
    let view = PrivateView {
        game: studbot::table::Game::Stud8,
        seat: 0,
        down_cards: down,
        up_cards: up,
        community: None,
        high: best_high(&all),
        low: best_low(&all),
    };
    let en = render::private_hand(Locale::En, 42, &view);
    assert_eq!(
        en,
        "**Your cards** — hand #42\nDown: A♠️ 2♥️\nUp: K♦️ K♠️ 5♣️\nHigh: pair of kings\nLow draw: 5-2-A (3 of 5)"
    );
    let es = render::private_hand(Locale::Es, 42, &view);
    assert!(
        es.contains("Boca abajo: A♠️ 2♥️") && es.contains("Alta: par de reyes"),
        "{es}"
    );
    let id = render::private_hand(Locale::Id, 42, &view);
    assert!(
        id.contains("Tertutup: A♠️ 2♥️") && id.contains("High: pair King"),
        "{id}"
    );
}

fn action(kind: ActionKind, chips: u64, total: u64, all_in: bool) -> LegalAction {
    LegalAction {
        kind,
        chips,
        total,
        all_in,
    }
}

#[test]
fn button_labels_name_the_amount_in_every_language() {
    let cases = [
        (
            action(ActionKind::Call, 5, 10, false),
            ["Call 5", "Igualar 5", "Call 5"],
        ),
        (
            action(ActionKind::Raise, 15, 20, false),
            ["Raise to 20", "Subir a 20", "Raise ke 20"],
        ),
        (
            action(ActionKind::BringIn, 2, 2, false),
            ["Bring-in 2", "Bring-in 2", "Bring-in 2"],
        ),
        (
            action(ActionKind::Complete, 5, 5, false),
            ["Complete to 5", "Completar a 5", "Complete ke 5"],
        ),
        (
            action(ActionKind::Bet, 10, 10, false),
            ["Bet 10", "Apostar 10", "Bet 10"],
        ),
        (
            action(ActionKind::Check, 0, 0, false),
            ["Check", "Pasar", "Check"],
        ),
        (
            action(ActionKind::Fold, 0, 0, false),
            ["Fold", "Retirarse", "Fold"],
        ),
        (
            action(ActionKind::Call, 3, 8, true),
            ["Call 3 (all-in)", "Igualar 3 (all-in)", "Call 3 (all-in)"],
        ),
    ];
    for (legal, expected) in cases {
        for (locale, want) in Locale::ALL.iter().zip(expected) {
            assert_eq!(render::action_label(*locale, &legal), want);
        }
    }
}

#[test]
fn button_labels_fit_discord_s_eighty_characters() {
    let huge = u64::MAX;
    for locale in Locale::ALL {
        for kind in [
            ActionKind::BringIn,
            ActionKind::Complete,
            ActionKind::Bet,
            ActionKind::Raise,
            ActionKind::Call,
        ] {
            let label = render::action_label(locale, &action(kind, huge, huge, true));
            assert!(label.chars().count() <= 80, "{label}");
        }
    }
}

#[test]
fn the_turn_prompt_lists_each_legal_action_with_its_cost() {
    let prompt = TurnPrompt {
        hand_number: 7,
        street: Street::Third,
        legal: vec![
            action(ActionKind::Fold, 0, 0, false),
            action(ActionKind::Call, 2, 2, false),
            action(ActionKind::Complete, 5, 5, false),
        ],
        to_call: 2,
        stack: 99,
        pot: 10,
        action_timer_secs: Some(45),
    };
    let en = render::your_turn(Locale::En, &prompt);
    assert_eq!(
        en,
        "**Your turn** — hand #7, Third street\n2 to call · your stack 99 · pot 10\nYou can:\n• Fold\n• Call 2\n• Complete to 5\nYou have 45 s. If time runs out, you fold."
    );
    let es = render::your_turn(Locale::Es, &prompt);
    assert!(
        es.starts_with("**Te toca** — mano #7, Tercera calle")
            && es.ends_with("Tienes 45 s. Si se te acaba el tiempo, te retiras."),
        "{es}"
    );
    let id = render::your_turn(Locale::Id, &prompt);
    assert!(
        id.starts_with("**Giliranmu** — hand #7, Third Street")
            && id.ends_with("Waktumu 45 dtk. Kalau waktu habis, kamu otomatis fold."),
        "{id}"
    );
}

/// The walk: at the bring-in the prompt said "you check when there is nothing to call", but
/// there is no check there: the table posts the bring-in. The warning says what the table
/// will do (`table::default_action`), and the terminal says the turn in one line.
#[test]
fn the_timer_warning_says_what_the_table_will_do_at_the_bring_in_at_a_check_and_at_a_bet() {
    let turn = |legal: Vec<LegalAction>| TurnPrompt {
        hand_number: 7,
        street: Street::Third,
        legal,
        to_call: 0,
        stack: 99,
        pot: 3,
        action_timer_secs: Some(45),
    };
    let bring_in = turn(vec![
        action(ActionKind::BringIn, 2, 2, false),
        action(ActionKind::Complete, 5, 5, false),
    ]);
    let free = turn(vec![
        action(ActionKind::Check, 0, 0, false),
        action(ActionKind::Bet, 5, 5, false),
    ]);
    for (prompt, en, es, id) in [
        (
            &bring_in,
            "If time runs out, the bring-in is posted for you.",
            "haces el bring-in automáticamente.",
            "kamu otomatis bring-in.",
        ),
        (
            &free,
            "If time runs out, you check.",
            "pasas.",
            "kamu otomatis check.",
        ),
    ] {
        assert!(render::your_turn(Locale::En, prompt).ends_with(en));
        assert!(render::your_turn(Locale::Es, prompt).ends_with(es));
        assert!(render::your_turn(Locale::Id, prompt).ends_with(id));
    }
    assert_eq!(
        studbot::table::default_action(&bring_in.legal).map(|action| action.kind),
        Some(ActionKind::BringIn)
    );
    assert_eq!(
        studbot::table::default_action(&free.legal).map(|action| action.kind),
        Some(ActionKind::Check)
    );
    assert_eq!(
        render::your_turn_line(Locale::En, &bring_in),
        "**Your turn** — hand #7, Third street · Nothing to call · your stack 99 · pot 3"
    );
}
