//! What a table deals: levels on the clock, breaks, the cap until the event is heads-up, the
//! game of each level in a mix.

use super::*;

#[test]
fn a_table_deals_a_new_level_with_its_first_hand_after_the_clock_passes_it_and_nothing_on_a_break()
{
    let mut on_the_clock = settings(7);
    on_the_clock.breaks = Some(Breaks {
        every: 1,
        length: 5,
    });
    let levels = on_the_clock.structure.levels().to_vec();
    let mut event = Event::start(on_the_clock, &users(14), 5).unwrap();
    // A hand dealt at 9 plays level 1's stakes to its end, though the level ends at 10.
    let Turn::Deal(hand) = event.deal(1, 9) else {
        panic!()
    };
    assert_eq!((hand.level, hand.stakes), (0, levels[0].stakes));
    // The break after level 1 (clock 10 to 15) stops every table between hands.
    assert_eq!(
        event.turn(2, 10),
        Turn::Wait(Wait::Break { until: Some(15) })
    );
    event
        .record_hand(&result_of(&hand, hand.stacks.clone()), 12)
        .unwrap();
    assert_eq!(
        event.turn(1, 14),
        Turn::Wait(Wait::Break { until: Some(15) })
    );
    // From 15 each table's next hand is level 2.
    for table in [1, 2] {
        let Turn::Deal(hand) = event.turn(table, 15) else {
            panic!()
        };
        assert_eq!((hand.level, hand.stakes), (1, levels[1].stakes));
    }
    assert_eq!(event.status(15).stakes, levels[1].stakes);
}

#[test]
fn the_cap_holds_while_three_are_in_the_event_even_at_a_table_of_two() {
    let mut event = Event::start(settings(2), &users(3), 8).unwrap();
    let dealing = event
        .seating()
        .tables()
        .iter()
        .find(|table| table.players() == 2)
        .unwrap()
        .number;
    let Turn::Deal(hand) = event.deal(dealing, 0) else {
        panic!()
    };
    assert!(!hand.rules.heads_up_uncapped, "three players in the event");
    let out = hand.seats[1].1;
    event
        .record_hand(&result_of(&hand, bust(&hand, out)), 0)
        .unwrap();
    let tables = event.seating().numbers();
    event.tidy(&tables, true, 0);
    let table = event.seating().numbers()[0];
    let Turn::Deal(hand) = event.turn(table, 0) else {
        panic!()
    };
    assert!(hand.rules.heads_up_uncapped, "the event is heads-up");
}

#[test]
fn a_mix_deals_the_rotation_one_game_a_level() {
    let mut mix = settings(7);
    mix.game = GameChoice::Mix;
    let event = Event::start(mix, &users(9), 1).unwrap();
    let games: Vec<_> = (0..4)
        .map(|level| match event.turn(1, level * 10) {
            Turn::Deal(hand) => hand.game,
            wait => panic!("{wait:?}"),
        })
        .collect();
    let rotation = crate::table::MIX_ORDER;
    let expected: Vec<_> = (0..4)
        .map(|level| rotation[level % rotation.len()])
        .collect();
    assert_eq!(games, expected);
}
