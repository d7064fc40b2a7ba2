//! The sit & go core: two to eight players, the cap until the event is heads-up, the seat
//! dealt first, the mix's game by level, the starting stacks a table can count, and a stored
//! event read back. Structures and levels are `tournament_levels`'s; payouts, places, prizes,
//! a cancel's division and deals `tournament_prizes`'s (both use the helpers here).

use studbot::table::{Game, GameChoice, Rules, Stakes};
use studbot::tournament::{
    Level, Structure, StructureKind, Tournament, TournamentError, TournamentSettings,
};

pub(crate) fn settings(game: GameChoice, buy_in: u64) -> TournamentSettings {
    TournamentSettings::new(game, Structure::built_in(StructureKind::Regular), buy_in)
}

pub(crate) fn start(entrants: usize, buy_in: u64) -> Tournament {
    Tournament::start(settings(GameChoice::Stud8, buy_in), entrants).expect("starts")
}

pub(crate) fn stakes(ante: u64, bring_in: u64, small_bet: u64, big_bet: u64) -> Stakes {
    Stakes {
        ante,
        bring_in,
        small_bet,
        big_bet,
    }
}

#[test]
fn a_sit_and_go_seats_two_to_eight_players() {
    for refused in [0, 1, 9] {
        assert_eq!(
            Tournament::start(settings(GameChoice::Stud8, 10), refused),
            Err(TournamentError::PlayerCount(refused))
        );
    }
    for allowed in [2, 8] {
        assert_eq!(start(allowed, 10).players_left().len(), allowed);
    }
}

#[test]
fn the_cap_holds_until_the_event_is_heads_up() {
    let mut open = settings(GameChoice::Stud8, 10);
    open.rules = Rules {
        max_raises: 4,
        heads_up_uncapped: true,
        ..Rules::default()
    };
    let mut tournament = Tournament::start(open, 3).expect("starts");
    let three = tournament.next_hand().expect("a hand");
    assert!(!three.rules.heads_up_uncapped, "three in the event: capped");
    assert_eq!(three.rules.max_raises, 4, "the open's rules");
    let end: Vec<u64> = three
        .seats
        .iter()
        .map(|&seat| if seat == 2 { 0 } else { 900 })
        .collect();
    tournament.record_hand(&end).expect("fits");
    let two = tournament.next_hand().expect("a hand");
    assert!(two.rules.heads_up_uncapped, "heads-up: the cap comes off");
}

#[test]
fn the_first_seat_dealt_moves_left_past_players_who_are_out() {
    let mut tournament = start(4, 10);
    let mut firsts = Vec::new();
    for _ in 0..5 {
        let hand = tournament.next_hand().expect("a hand");
        firsts.push(hand.seats[0]);
        let stacks = hand.stacks.clone();
        tournament.record_hand(&stacks).expect("fits");
    }
    assert_eq!(firsts, vec![0, 1, 2, 3, 0]);
    // Hand 6 is dealt [1, 2, 3, 0]; seat 1 (dealt first) busts: hand 7 starts at seat 2.
    let hand = tournament.next_hand().expect("a hand");
    assert_eq!(hand.seats, vec![1, 2, 3, 0]);
    tournament.record_hand(&[0, 1_200, 600, 600]).expect("fits");
    let next = tournament.next_hand().expect("a hand");
    assert_eq!(next.seats, vec![2, 3, 0]);
}

#[test]
fn the_mix_deals_one_game_a_level_in_rotation() {
    let mut tournament = Tournament::start(settings(GameChoice::Mix, 0), 2).expect("starts");
    assert_eq!(tournament.prize_pool(), 0, "a freeroll");
    let mut games = Vec::new();
    for _ in 0..36 {
        let hand = tournament.next_hand().expect("a hand");
        games.push(hand.game);
        let stacks = hand.stacks.clone();
        tournament.record_hand(&stacks).expect("fits");
    }
    let status = tournament.status();
    assert_eq!(status.level.index, 3);
    assert_eq!(status.game, Game::Razz);
    assert_eq!(status.players_left, 2);
    assert_eq!(status.average_stack, 600);
    assert_eq!(&games[..12], &[Game::Razz; 12]);
    assert_eq!(&games[12..24], &[Game::Stud; 12]);
    assert_eq!(&games[24..], &[Game::Stud8; 12]);
}

#[test]
fn starting_stacks_a_table_cannot_count_are_refused() {
    let level = Level {
        stakes: stakes(1, 2, 5, 10),
        hands: 5,
    };
    let deep = |entrants| {
        let settings = TournamentSettings::new(
            GameChoice::Stud,
            Structure::new(u64::MAX / 4, vec![level]).expect("valid"),
            1,
        );
        Tournament::start(settings, entrants)
    };
    assert!(deep(4).is_ok(), "four stacks of a quarter still count");
    assert_eq!(
        deep(5),
        Err(TournamentError::ChipsTooLarge {
            entrants: 5,
            stack: u64::MAX / 4
        })
    );
    let mut rich = settings(GameChoice::Stud8, u64::MAX / 2);
    assert!(Tournament::start(rich.clone(), 2).is_ok());
    rich.buy_in = u64::MAX / 2 + 1;
    assert_eq!(
        Tournament::start(rich, 2),
        Err(TournamentError::PrizePoolTooLarge {
            entrants: 2,
            buy_in: u64::MAX / 2 + 1
        })
    );
}

#[test]
fn a_stored_tournament_where_no_one_holds_chips_is_refused() {
    let tournament = start(3, 10);
    let mut stored = serde_json::to_value(&tournament).expect("serializes");
    stored["standings"]["stacks"] = serde_json::json!([0, 0, 0]);
    assert!(serde_json::from_value::<Tournament>(stored).is_err());
    assert_eq!(
        serde_json::from_value::<Tournament>(
            serde_json::to_value(&tournament).expect("serializes")
        )
        .expect("reads back"),
        tournament
    );
}
