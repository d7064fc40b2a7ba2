//! The seats: the draw, balancing, breaking tables, the final table.

use super::*;

#[test]
fn sixty_players_at_sevens_start_at_nine_tables_of_six_or_seven() {
    let event = Event::start(settings(7), &users(60), 1).unwrap();
    let sizes: Vec<usize> = event
        .seating()
        .tables()
        .iter()
        .map(|table| table.players())
        .collect();
    assert_eq!(sizes.len(), 9);
    assert!(
        sizes.iter().all(|&size| size == 6 || size == 7),
        "{sizes:?}"
    );
    assert_eq!(sizes.iter().sum::<usize>(), 60);
    event.check().unwrap();
}

#[test]
fn the_same_seed_draws_the_same_seats_and_another_seed_others() {
    let seats = |seed| {
        Event::start(settings(7), &users(30), seed)
            .unwrap()
            .seating()
            .clone()
    };
    assert_eq!(seats(5), seats(5));
    assert_ne!(seats(5), seats(6));
}

#[test]
fn balancing_moves_the_player_dealt_last_from_the_biggest_table_into_the_chair_opened_last() {
    let mut event = Event::start(settings(4), &users(8), 3).unwrap();
    // Two tables of four. Two players of table 1 go out in one hand.
    let Turn::Deal(hand) = event.deal(1, 0) else {
        panic!("table 1 deals")
    };
    let mut stacks = hand.stacks.clone();
    let second_out = hand.seats[2];
    stacks[0] += stacks[1] + stacks[2];
    stacks[1] = 0;
    stacks[2] = 0;
    event.record_hand(&result_of(&hand, stacks), 0).unwrap();
    // Table 2, between hands, is the biggest (4 against 2): its player dealt last next
    // moves to table 1's chair that opened last (the second of those out, in deal order).
    let last_at_two = *event
        .seating()
        .table(2)
        .unwrap()
        .deal_order()
        .last()
        .unwrap();
    let tidied = event.tidy(&[2], false, 0);
    assert_eq!(
        tidied.changes,
        vec![SeatChange::Balanced(Move {
            entry: last_at_two.1,
            from: Some((2, last_at_two.0)),
            to: (1, second_out.0),
        })]
    );
    assert_eq!(event.seating().spread(), 0);
    // Table 1 between hands is not the biggest: it gives nobody.
    assert!(event.tidy(&[1], false, 0).changes.is_empty());
}

#[test]
fn the_highest_table_breaks_when_the_players_fit_one_table_fewer() {
    let mut event = Event::start(settings(4), &users(12), 9).unwrap();
    assert_eq!(event.seating().numbers(), vec![1, 2, 3]);
    // One player of table 1 out: eleven fit three tables; a second out: ten still do; two
    // more make eight, which fit two.
    for _ in 0..2 {
        let Turn::Deal(hand) = event.deal(1, 0) else {
            panic!()
        };
        let mut stacks = hand.stacks.clone();
        stacks[0] += stacks[1];
        stacks[1] = 0;
        event.record_hand(&result_of(&hand, stacks), 0).unwrap();
        event.tidy(&[1], false, 0);
    }
    let Turn::Deal(hand) = event.deal(2, 0) else {
        panic!()
    };
    let mut stacks = hand.stacks.clone();
    stacks[0] += stacks[1] + stacks[2];
    stacks[1] = 0;
    stacks[2] = 0;
    event.record_hand(&result_of(&hand, stacks), 0).unwrap();
    assert_eq!(event.seating().players(), 8);
    // Table 3 is to break: tables 1 and 2 wait for nothing, table 3 breaks when it is idle.
    assert_eq!(event.turn(3, 0), Turn::Wait(Wait::Breaking));
    assert!(matches!(event.turn(1, 0), Turn::Deal(_)));
    let tidied = event.tidy(&[3], false, 0);
    assert_eq!(tidied.closed, vec![3]);
    assert_eq!(event.seating().numbers(), vec![1, 2]);
    assert_eq!(event.seating().spread(), 0);
    assert_eq!(event.turn(3, 0), Turn::Wait(Wait::NoTable));
    event.check().unwrap();
}

#[test]
fn the_final_table_is_drawn_once_every_table_is_between_hands() {
    let mut event = Event::start(settings(4), &users(6), 2).unwrap();
    let Turn::Deal(first) = event.deal(1, 0) else {
        panic!()
    };
    let Turn::Deal(second) = event.deal(2, 0) else {
        panic!()
    };
    let mut stacks = first.stacks.clone();
    stacks[0] += stacks[1];
    stacks[1] = 0;
    event.record_hand(&result_of(&first, stacks), 0).unwrap();
    // Five left fit... not one table of four: no final table yet.
    assert!(!event.seating().final_table_due());
    event.tidy(&[1], false, 0);
    let Turn::Deal(first) = event.deal(1, 0) else {
        panic!()
    };
    let mut stacks = first.stacks.clone();
    stacks[0] += stacks[1];
    stacks[1] = 0;
    event.record_hand(&result_of(&first, stacks), 0).unwrap();
    assert!(event.seating().final_table_due());
    assert_eq!(event.turn(1, 0), Turn::Wait(Wait::FinalTable));
    // Table 2 is still playing: no draw.
    assert!(event.tidy(&[1], false, 0).changes.is_empty());
    let stacks = second.stacks.clone();
    event.record_hand(&result_of(&second, stacks), 0).unwrap();
    let tidied = event.tidy(&[2], true, 0);
    assert!(matches!(
        tidied.changes.as_slice(),
        [SeatChange::FinalTable { table: 1, .. }]
    ));
    assert_eq!(tidied.closed, vec![2]);
    assert_eq!(event.seating().tables().len(), 1);
    assert_eq!(event.seating().players(), 4);
}
