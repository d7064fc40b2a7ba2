//! The serialized form of a hand's events (replay's JSON, stored hand histories): fixed by
//! the event's fields and names, whatever the events' layout in memory (a pot award is boxed
//! there, and serialized as the award itself).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use studbot::table::{Deck, Event, Game, Hand, HandSetup, PotAward, Rules, Stakes};

#[test]
fn a_pot_award_serializes_as_its_fields_beside_the_event_name() {
    let event = Event::PotAwarded(Box::new(PotAward {
        pot: 1,
        amount: 45,
        eligible: vec![0, 2],
        high: vec![(0, 23)],
        low: vec![(2, 22)],
        uncontested: false,
    }));
    let json = serde_json::to_string(&event).expect("serializes");
    assert_eq!(
        json,
        r#"{"event":"pot_awarded","pot":1,"amount":45,"eligible":[0,2],"high":[[0,23]],"low":[[2,22]],"uncontested":false}"#
    );
    assert_eq!(
        serde_json::from_str::<Event>(&json).expect("reads back"),
        event
    );
}

#[test]
fn every_event_of_played_hands_reads_back_from_its_json() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut kinds = std::collections::BTreeSet::new();
    for number in 0..300u64 {
        let game = Game::ALL[(number % 3) as usize];
        let stacks = [40, 200, 15, 200, 90, 200];
        let deck = Deck::seeded(number);
        let mut hand = Hand::new(HandSetup::from_deck(
            game,
            Stakes::default(),
            Rules::default(),
            &stacks,
            deck,
        ))
        .expect("a valid hand");
        while let Some(seat) = hand.to_act() {
            let legal = hand.legal_actions();
            let kind = legal[rng.random_range(0..legal.len())].kind;
            hand.act(seat, kind).expect("a legal action");
        }
        for event in hand.events() {
            let json = serde_json::to_value(event).expect("serializes");
            kinds.insert(json["event"].as_str().unwrap_or("?").to_string());
            let back: Event = serde_json::from_value(json).expect("reads back");
            assert_eq!(&back, event);
        }
    }
    // Every kind of event but the community card (a short deck) came up.
    assert_eq!(kinds.len(), 11, "{kinds:?}");
}
