//! Whole events played to their end: a thousand entrants, and properties over any field,
//! table size, late registration and order of play.

use super::*;

#[test]
fn a_thousand_players_play_to_the_end_in_lock_step_at_143_tables() {
    let mut event = Event::start(settings(7), &users(1000), 11).unwrap();
    assert_eq!(event.seating().tables().len(), 143);
    let played = play_in_lock_step(&mut event, &mut ChaCha20Rng::seed_from_u64(4), &[], false);
    assert_paid_exactly(&event);
    assert!(played.largest_spread <= 1, "{played:?}");
    assert!(played.hand_for_hand_rounds > 0, "{played:?}");
    assert!(played.moves > 0, "{played:?}");
    assert_eq!(event.most_tables(), 143);
    assert_eq!(event.seating().tables().len(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn lock_step_conserves_chips_places_everyone_pays_the_pool_and_keeps_tables_within_one(
        players in 2usize..120,
        table_size in 2usize..=8,
        late_levels in 0u32..4,
        re_entries in 0u32..3,
        late_players in 0usize..30,
        hands_overlap in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mut settings = settings(table_size);
        settings.late_registration_levels = late_levels;
        settings.re_entries = if late_levels == 0 { 0 } else { re_entries };
        let mut event = Event::start(settings, &users(players), seed).unwrap();
        let mut late: Vec<UserId> = users(players + late_players);
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        late.rotate_left(players);
        let played = play_in_lock_step(&mut event, &mut rng, &late, hands_overlap);
        assert_paid_exactly(&event);
        prop_assert!(played.largest_spread <= 1, "{:?}", played);
    }

    #[test]
    fn any_order_with_restarts_conserves_chips_never_deals_a_moving_player_and_places_everyone(
        players in 2usize..80,
        table_size in 2usize..=8,
        late_levels in 0u32..3,
        late_players in 0usize..20,
        seed in any::<u64>(),
    ) {
        let mut settings = settings(table_size);
        settings.late_registration_levels = late_levels;
        settings.re_entries = u32::from(late_levels > 0);
        let mut event = Event::start(settings, &users(players), seed).unwrap();
        let mut rng = ChaCha20Rng::seed_from_u64(seed ^ 1);
        let late: Vec<UserId> = (1..=(players + late_players) as u64).map(UserId).collect();
        play_in_any_order(&mut event, &mut rng, &late);
        assert_paid_exactly(&event);
    }
}
