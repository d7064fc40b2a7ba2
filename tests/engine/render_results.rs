//! Results and hand histories: scoops, split and quartered halves, side pots, uncontested
//! wins; the public history names no card that was not shown.

use crate::common::cards;
use studbot::render::{self, HistoryView, Locale, ResultView};
use studbot::table::card::Card;
use studbot::table::eval::{best_high, best_low};
use studbot::table::hand::{ActionKind, Event, HandResult, PotAward, Street};
use studbot::table::rules::Stakes;

fn shown(seat: usize, text: &str) -> Event {
    let held = cards(text);
    Event::Shown {
        seat,
        high: best_high(&held),
        low: best_low(&held),
        cards: held,
    }
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|n| n.to_string()).collect()
}

fn award(pot: usize, amount: u64, high: &[(usize, u64)], low: &[(usize, u64)]) -> PotAward {
    PotAward {
        pot,
        amount,
        eligible: high.iter().chain(low).map(|(s, _)| *s).collect(),
        high: high.to_vec(),
        low: low.to_vec(),
        uncontested: false,
    }
}

fn result(start: &[u64], end: &[u64], awards: Vec<PotAward>, shown: &[usize]) -> HandResult {
    HandResult {
        game: studbot::table::Game::Stud8,
        starting_stacks: start.to_vec(),
        final_stacks: end.to_vec(),
        awards,
        shown: shown.to_vec(),
    }
}

#[test]
fn a_scoop_names_both_hands_and_their_five_cards() {
    // Ana: wheel for low and a straight for high; Bo: two pair, no low.
    let events = vec![
        shown(0, "As 2h 3d 4c 5s Kd Kh"),
        shown(1, "Qs Qh Js Jh 9c 9d Tc"),
    ];
    let hand = result(
        &[100, 100],
        &[160, 40],
        vec![award(0, 120, &[(0, 60)], &[(0, 60)])],
        &[0, 1],
    );
    let view = ResultView::new(9, &names(&["Ana", "Bo"]), &hand, &events);
    let en = render::results(Locale::En, &view);
    println!("{en}");
    assert!(en.contains("**Hand #9 — results**"), "{en}");
    assert!(
        en.contains("Bo shows Q♠️ Q♥️ J♠️ J♥️ 9♣️ 9♦️ 10♣️: two pair, queens and jacks; no low"),
        "{en}"
    );
    assert!(
        en.contains("Ana scoops 120: high with straight, five high (5♠️ 4♣️ 3♦️ 2♥️ A♠️) and 5-4-3-2-A low, the wheel (5♠️ 4♣️ 3♦️ 2♥️ A♠️)"),
        "{en}"
    );
    assert!(en.contains("Net: Ana +60 · Bo −60"), "{en}");
    let es = render::results(Locale::Es, &view);
    assert!(
        es.contains("Ana se lleva todo el bote (120, scoop): alta con escalera al cinco (5♠️ 4♣️ 3♦️ 2♥️ A♠️) y baja 5-4-3-2-A, la rueda (5♠️ 4♣️ 3♦️ 2♥️ A♠️)"),
        "{es}"
    );
    let id = render::results(Locale::Id, &view);
    assert!(id.contains("Ana menyapu bersih 120 (scoop)"), "{id}");
}

#[test]
fn a_pot_without_a_qualifying_low_goes_to_the_high_hand_whole() {
    let events = vec![
        shown(0, "Ks Kh Kd 9c 9d Qs Jh"),
        shown(1, "Qc Qd Js Jd 9h 9s Tc"),
    ];
    let hand = result(
        &[50, 50],
        &[90, 10],
        vec![award(0, 80, &[(0, 80)], &[])],
        &[0, 1],
    );
    let view = ResultView::new(3, &names(&["Ana", "Bo"]), &hand, &events);
    let en = render::results(Locale::En, &view);
    assert!(
        en.contains("Ana scoops 80 with full house, kings over nines (K♠️ K♥️ K♦️ 9♦️ 9♣️); no qualifying low"),
        "{en}"
    );
}

#[test]
fn a_split_pot_names_the_high_and_the_low_winner() {
    let events = vec![
        shown(0, "Ks Kh Kd 9c 2d 3s Jh"),
        shown(1, "8c 6d 4s 2h Ah Qs Tc"),
    ];
    let hand = result(
        &[50, 50],
        &[70, 30],
        vec![award(0, 40, &[(0, 20)], &[(1, 20)])],
        &[0, 1],
    );
    let view = ResultView::new(4, &names(&["Ana", "Bo"]), &hand, &events);
    let en = render::results(Locale::En, &view);
    assert!(
        en.contains("High: Ana wins 20 with three of a kind, kings (K♠️ K♥️ K♦️ J♥️ 9♣️)"),
        "{en}"
    );
    assert!(
        en.contains("Low: Bo wins 20 with 8-6-4-2-A low (8♣️ 6♦️ 4♠️ 2♥️ A♥️)"),
        "{en}"
    );
    assert!(!en.contains("scoops"), "{en}");
    let es = render::results(Locale::Es, &view);
    assert!(es.contains("Alta: Ana gana 20 con trío de reyes"), "{es}");
    assert!(es.contains("Baja: Bo gana 20 con baja 8-6-4-2-A"), "{es}");
    let id = render::results(Locale::Id, &view);
    assert!(
        id.contains("High: Ana menang 20 dengan three of a kind, King"),
        "{id}"
    );
}

#[test]
fn a_quartered_pot_says_so() {
    // Ana wins high and ties Cy for low: Ana 3/4, Cy 1/4.
    let events = vec![
        shown(0, "7s 7h 7d 5c 3d 2s Ah"),
        shown(1, "Ks Kh Qd Qc 9d 9s Tc"),
        shown(2, "7c 5d 3h 2c Ad Js Jc"),
    ];
    let hand = result(
        &[100, 100, 100],
        &[150, 60, 90],
        vec![award(0, 120, &[(0, 60)], &[(0, 30), (2, 30)])],
        &[0, 1, 2],
    );
    let view = ResultView::new(5, &names(&["Ana", "Bo", "Cy"]), &hand, &events);
    let en = render::results(Locale::En, &view);
    assert!(
        en.contains("High: Ana wins 60 with three of a kind, sevens"),
        "{en}"
    );
    assert!(en.contains("Low half split 2 ways — quartered"), "{en}");
    assert!(en.contains("Low: Ana wins 30 with 7-5-3-2-A low"), "{en}");
    assert!(en.contains("Low: Cy wins 30 with 7-5-3-2-A low"), "{en}");
    let es = render::results(Locale::Es, &view);
    assert!(es.contains("un cuarto del bote para cada uno"), "{es}");
    let id = render::results(Locale::Id, &view);
    assert!(id.contains("masing-masing dapat seperempat pot"), "{id}");
}

#[test]
fn each_side_pot_is_told_with_its_own_winners() {
    // Cy all-in short wins the main pot's high; Ana wins the side pot Cy is not in.
    let events = vec![
        shown(0, "Qs Qh 9d 9c 2d 3s Jh"),
        shown(1, "Ts Th 8d 8c Kd Ks 4c"),
        shown(2, "As Ah Ad 6c 6d Ks 4h"),
    ];
    let hand = result(
        &[100, 100, 30],
        &[140, 0, 90],
        vec![
            award(0, 90, &[(2, 90)], &[]),
            PotAward {
                pot: 1,
                amount: 140,
                eligible: vec![0, 1],
                high: vec![(0, 140)],
                low: vec![],
                uncontested: false,
            },
        ],
        &[0, 1, 2],
    );
    let view = ResultView::new(6, &names(&["Ana", "Bo", "Cy"]), &hand, &events);
    let en = render::results(Locale::En, &view);
    println!("{en}");
    let main = en.find("**Main pot 90**").expect(&en);
    let side = en.find("**Side pot 1: 140**").expect(&en);
    assert!(main < side);
    assert!(
        en[main..side].contains("Cy scoops 90 with full house, aces over sixes"),
        "{en}"
    );
    assert!(
        en[side..].contains("Ana scoops 140 with two pair, queens and nines"),
        "{en}"
    );
    let es = render::results(Locale::Es, &view);
    assert!(
        es.contains("**Bote principal: 90**") && es.contains("**Bote secundario 1: 140**"),
        "{es}"
    );
    let id = render::results(Locale::Id, &view);
    assert!(
        id.contains("**Pot utama: 90**") && id.contains("**Side pot 1: 140**"),
        "{id}"
    );
}

#[test]
fn an_uncontested_pot_shows_no_cards() {
    let hand = result(
        &[100, 100],
        &[103, 97],
        vec![PotAward {
            pot: 0,
            amount: 6,
            eligible: vec![0],
            high: vec![(0, 6)],
            low: vec![],
            uncontested: true,
        }],
        &[],
    );
    let events = vec![Event::Returned { seat: 0, chips: 3 }];
    let view = ResultView::new(8, &names(&["Ana", "Bo"]), &hand, &events);
    let en = render::results(Locale::En, &view);
    assert!(en.contains("Ana wins 6 uncontested"), "{en}");
    assert!(en.contains("3 chips returned to Ana (not called)"), "{en}");
    assert!(!en.contains('♠') && !en.contains('♥'), "{en}");
    let es = render::results(Locale::Es, &view);
    assert!(es.contains("Ana gana 6 sin showdown"), "{es}");
    assert!(
        es.contains("Se le devuelven a Ana las 3 fichas que nadie igualó"),
        "{es}"
    );
    let id = render::results(Locale::Id, &view);
    assert!(id.contains("Ana menang 6 tanpa showdown"), "{id}");
    assert!(
        id.contains("3 chip dikembalikan ke Ana (tidak di-call)"),
        "{id}"
    );
}

/// A whole hand's events, third street to showdown, with every down card dealt.
fn whole_hand() -> (Vec<Event>, Vec<Card>) {
    let mut events = vec![
        Event::Ante {
            seat: 0,
            chips: 1,
            all_in: false,
        },
        Event::Ante {
            seat: 1,
            chips: 1,
            all_in: false,
        },
    ];
    let hidden_ana = cards("9s 4h 3c");
    let hidden_bo = cards("Kc Qd 3d");
    let ana_up = cards("As Ah 5d 6d");
    let bo_up = cards("7c 8c Jd Js");
    for (index, street) in [Street::Third, Street::Fourth, Street::Fifth, Street::Sixth]
        .into_iter()
        .enumerate()
    {
        if street == Street::Third {
            for seat in 0..2 {
                let hidden = if seat == 0 { &hidden_ana } else { &hidden_bo };
                for card in &hidden[..2] {
                    events.push(Event::DownCard {
                        seat,
                        street,
                        card: *card,
                    });
                }
            }
        }
        events.push(Event::UpCard {
            seat: 0,
            street,
            card: ana_up[index],
        });
        events.push(Event::UpCard {
            seat: 1,
            street,
            card: bo_up[index],
        });
        events.push(Event::StreetStarted {
            street,
            first_to_act: Some(0),
        });
        if street == Street::Third {
            events.push(Event::Acted {
                seat: 1,
                kind: ActionKind::BringIn,
                chips: 2,
                total: 2,
                all_in: false,
            });
            events.push(Event::Acted {
                seat: 0,
                kind: ActionKind::Complete,
                chips: 5,
                total: 5,
                all_in: false,
            });
            events.push(Event::Acted {
                seat: 1,
                kind: ActionKind::Call,
                chips: 3,
                total: 5,
                all_in: false,
            });
        } else {
            events.push(Event::Acted {
                seat: 0,
                kind: ActionKind::Bet,
                chips: 10,
                total: 10,
                all_in: false,
            });
            events.push(Event::Acted {
                seat: 1,
                kind: ActionKind::Raise,
                chips: 20,
                total: 20,
                all_in: false,
            });
            events.push(Event::Acted {
                seat: 0,
                kind: ActionKind::Call,
                chips: 10,
                total: 20,
                all_in: false,
            });
        }
    }
    events.push(Event::DownCard {
        seat: 0,
        street: Street::Seventh,
        card: hidden_ana[2],
    });
    events.push(Event::DownCard {
        seat: 1,
        street: Street::Seventh,
        card: hidden_bo[2],
    });
    events.push(Event::StreetStarted {
        street: Street::Seventh,
        first_to_act: Some(0),
    });
    events.push(Event::Acted {
        seat: 0,
        kind: ActionKind::Check,
        chips: 0,
        total: 0,
        all_in: false,
    });
    events.push(Event::Acted {
        seat: 1,
        kind: ActionKind::Check,
        chips: 0,
        total: 0,
        all_in: false,
    });
    let mut ana_all = hidden_ana.clone();
    ana_all.extend(&ana_up);
    events.push(shown(
        0,
        &ana_all
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    ));
    events.push(Event::Mucked { seat: 1 });
    events.push(Event::PotAwarded(Box::new(PotAward {
        pot: 0,
        amount: 132,
        eligible: vec![0, 1],
        high: vec![(0, 66)],
        low: vec![(0, 66)],
        uncontested: false,
    })));
    events.push(Event::HandEnded {
        stacks: vec![166, 34],
    });
    (events, hidden_bo)
}

#[test]
fn the_public_history_tells_the_whole_hand_and_only_shown_cards() {
    let (events, bo_hidden) = whole_hand();
    let view = HistoryView::new(
        77,
        studbot::table::Game::Stud8,
        Stakes::default(),
        &names(&["Ana", "Bo"]),
        &[100, 100],
        &events,
    );
    for locale in Locale::ALL {
        let text = render::history(locale, &view);
        for card in &bo_hidden {
            assert!(
                !text.contains(&render::card(*card)),
                "{locale}: Bo's {card} leaked\n{text}"
            );
        }
        // Ana showed: her down cards appear.
        assert!(
            text.contains(&render::card("9s".parse().unwrap())),
            "{text}"
        );
    }
    let en = render::history(Locale::En, &view);
    println!("{en}");
    for expected in [
        "**Hand #77** — Seven-Card Stud Hi/Lo, stakes 5/10, ante 1, bring-in 2",
        "Players: Ana (100), Bo (100)",
        "Antes: Ana (1), Bo (1)",
        "— Third street —",
        "Dealt face up: Ana: A♠️ · Bo: 7♣️",
        "Bo brings in for 2",
        "Ana completes to 5",
        "Bo calls 3",
        "— Fifth street —",
        "Bo raises to 20",
        "— Seventh street —",
        "Each player gets a card face down.",
        "Ana checks",
        "Ana shows 9♠️ 4♥️ 3♣️ A♠️ A♥️ 5♦️ 6♦️: pair of aces; 6-5-4-3-A low",
        "Bo mucks",
        "**Pot 132**",
        "Ana scoops 132: high with pair of aces (A♠️ A♥️ 9♠️ 6♦️ 5♦️) and 6-5-4-3-A low",
        "Stacks after the hand: Ana (166), Bo (34)",
    ] {
        assert!(en.contains(expected), "missing {expected:?} in\n{en}");
    }
    let es = render::history(Locale::Es, &view);
    for expected in [
        "Ante: Ana (1), Bo (1)",
        "— Tercera calle —",
        "Bo hace el bring-in de 2",
        "Ana completa a 5",
        "Bo iguala 3",
        "Bo sube a 20",
        "Ana pasa",
        "Bo tira sus cartas",
        "Ana muestra 9♠️ 4♥️ 3♣️ A♠️ A♥️ 5♦️ 6♦️: par de ases; baja 6-5-4-3-A",
    ] {
        assert!(es.contains(expected), "missing {expected:?} in\n{es}");
    }
    let id = render::history(Locale::Id, &view);
    for expected in [
        "— Third Street —",
        "Bo bring-in 2",
        "Ana complete ke 5",
        "Bo call 3",
        "Bo raise ke 20",
        "Ana check",
    ] {
        assert!(id.contains(expected), "missing {expected:?} in\n{id}");
    }
}
