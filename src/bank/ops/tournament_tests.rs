//! The sit & go operations' own tests on the books in memory, from opening to a cancel:
//! what each moves into and out of the prize pool's escrow, and what each refuses.

use super::testing::{Books, GUILD};
use super::tournament_deal::AnsweredDeal;
use super::{
    AnswerDeal, CancelTournament, CloseTable, OpenTable, OpenTournament, ProposeDeal,
    RecordTournamentHand, RegisterTournament, StartTournament, UnregisterTournament,
};
use crate::bank::accounts::Account;
use crate::bank::tournaments::{self, TournamentId, TournamentPhase, TournamentState};
use crate::bank::{BankError, EconomyConfig, TableId, UserId};
use crate::table::GameChoice;
use crate::tournament::{DealKind, Structure, StructureKind, TournamentSettings};

const CHANNEL: TableId = TableId(40);

fn settings(buy_in: u64) -> TournamentSettings {
    TournamentSettings::new(
        GameChoice::Stud,
        Structure::built_in(StructureKind::Turbo),
        buy_in,
    )
}

fn open_in(
    channel: TableId,
    seats: usize,
    buy_in: u64,
    computers: usize,
    reference: &str,
) -> OpenTournament {
    OpenTournament {
        guild: GUILD,
        channel,
        seats,
        settings: settings(buy_in),
        computer_players: computers,
        added_by: None,
        reference: reference.into(),
    }
}

fn register(id: TournamentId, user: u64) -> RegisterTournament {
    RegisterTournament {
        guild: GUILD,
        tournament: id,
        user: UserId(user),
        seat_seed: 0,
        reference: format!("register {user}"),
    }
}

fn unregister(id: TournamentId, user: u64) -> UnregisterTournament {
    UnregisterTournament {
        guild: GUILD,
        tournament: id,
        user: UserId(user),
        reference: format!("unregister {user}"),
    }
}

fn start(id: TournamentId) -> StartTournament {
    StartTournament {
        guild: GUILD,
        tournament: id,
        seat_seed: 0,
        reference: "start".into(),
    }
}

fn cancel(id: TournamentId) -> CancelTournament {
    CancelTournament {
        guild: GUILD,
        tournament: id,
        reference: "cancel".into(),
    }
}

/// A sit & go of `seats` opened in `CHANNEL`, `entrants` (users 1, 2, …) registered.
fn opened(
    books: &mut Books,
    seats: usize,
    buy_in: u64,
    computers: usize,
    entrants: u64,
) -> TournamentId {
    let id = books
        .run(open_in(CHANNEL, seats, buy_in, computers, "open"))
        .expect("opens");
    for user in 1..=entrants {
        books.run(register(id, user)).expect("registers");
    }
    id
}

fn state(books: &Books, id: TournamentId) -> TournamentState {
    books
        .read(|draft| tournaments::read(draft, id))
        .expect("the tournament is known")
}

fn escrow(books: &Books, id: TournamentId) -> u64 {
    books.chips(id.escrow())
}

fn running(books: &Books, id: TournamentId) -> bool {
    matches!(state(books, id).phase, TournamentPhase::Running(_))
}

#[test]
fn each_sit_and_go_opened_takes_the_next_number_and_waits_for_registrations() {
    let mut books = Books::new();
    let first = books.run(open_in(CHANNEL, 6, 100, 0, "o1"));
    let second = books.run(open_in(TableId(41), 6, 100, 0, "o2"));
    assert_eq!((first, second), (Ok(TournamentId(1)), Ok(TournamentId(2))));
    let opened = state(&books, TournamentId(1));
    assert_eq!(opened.phase, TournamentPhase::Registering);
    assert_eq!((opened.channel, opened.seats), (CHANNEL, 6));
}

#[test]
fn a_retried_open_opens_one_sit_and_go() {
    let mut books = Books::new();
    assert_eq!(
        books.run(open_in(CHANNEL, 6, 100, 0, "o")),
        Ok(TournamentId(1))
    );
    assert_eq!(
        books.run(open_in(CHANNEL, 6, 100, 0, "o")),
        Ok(TournamentId(1))
    );
    assert_eq!(
        books.refused(open_in(CHANNEL, 5, 100, 0, "o")),
        BankError::ReferenceReused {
            reference: "o".into()
        }
    );
}

#[test]
fn computer_players_may_fill_every_seat_but_one_and_no_more() {
    let mut books = Books::new();
    let refused = books.refused(open_in(CHANNEL, 6, 100, 6, "every"));
    assert!(
        matches!(refused, BankError::BadTournament(_)),
        "{refused:?}"
    );
    assert_eq!(
        books.run(open_in(CHANNEL, 6, 100, 5, "all but one")),
        Ok(TournamentId(1))
    );
}

#[test]
fn a_sit_and_go_with_no_computer_players_keeps_no_allowance() {
    let mut books = Books::new();
    let before = books.snapshot().len();
    books.run(open_in(CHANNEL, 6, 100, 0, "o")).unwrap();
    // The tournament's record, its channel's entry in the index of live sit & gos, the next
    // number and the reference with its time: no more.
    assert_eq!(books.snapshot().len(), before + 5);
}

#[test]
fn a_sit_and_go_is_refused_in_a_channel_with_an_open_table_and_opens_once_it_is_closed() {
    let mut books = Books::new();
    books
        .run(OpenTable {
            guild: GUILD,
            table: CHANNEL,
        })
        .unwrap();
    assert_eq!(
        books.refused(open_in(CHANNEL, 6, 100, 0, "o1")),
        BankError::TableOpenInChannel { table: CHANNEL }
    );
    books
        .run(CloseTable {
            guild: GUILD,
            table: CHANNEL,
            reference: "close".into(),
        })
        .unwrap();
    assert_eq!(
        books.run(open_in(CHANNEL, 6, 100, 0, "o2")),
        Ok(TournamentId(1))
    );
}

#[test]
fn registering_moves_the_buy_in_into_the_prize_pool_and_answers_how_many_entered() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 100, 0, 0);
    assert_eq!(books.run(register(id, 1)), Ok(1));
    assert_eq!(books.run(register(id, 2)), Ok(2));
    assert_eq!((books.player(1), escrow(&books, id)), (900, 200));
    assert_eq!(state(&books, id).entrants, vec![UserId(1), UserId(2)]);
    books.assert_balanced();
}

#[test]
fn a_retried_registration_enters_once() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 100, 0, 1);
    assert_eq!(books.run(register(id, 1)), Ok(1));
    assert_eq!(books.player(1), 900);
    let twice = RegisterTournament {
        reference: "again".into(),
        ..register(id, 1)
    };
    assert_eq!(
        books.refused(twice),
        BankError::AlreadyRegistered { tournament: id }
    );
}

#[test]
fn a_freeroll_registration_moves_no_chip() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 0, 0, 0);
    assert_eq!(books.run(register(id, 1)), Ok(1));
    assert_eq!(books.player(1), 1_000);
    assert!(books.ledger().iter().all(|entry| entry.to != id.escrow()));
}

#[test]
fn the_registration_that_fills_the_last_seat_starts_the_sit_and_go() {
    let mut books = Books::new();
    let id = opened(&mut books, 3, 100, 0, 2);
    assert!(!running(&books, id));
    assert_eq!(books.run(register(id, 3)), Ok(3));
    assert!(running(&books, id));
    assert_eq!(
        books.refused(register(id, 4)),
        BankError::TournamentStarted { tournament: id }
    );
}

#[test]
fn a_moderators_start_with_two_entrants_goes_through_and_with_one_or_none_is_refused() {
    let mut books = Books::new();
    let empty = opened(&mut books, 6, 100, 0, 0);
    assert_eq!(
        books.refused(start(empty)),
        BankError::TooFewEntrants {
            tournament: empty,
            entrants: 0
        }
    );
    books.run(register(empty, 1)).unwrap();
    assert_eq!(
        books.refused(start(empty)),
        BankError::TooFewEntrants {
            tournament: empty,
            entrants: 1
        }
    );
    books.run(register(empty, 2)).unwrap();
    assert_eq!(books.run(start(empty)), Ok(()));
    assert!(running(&books, empty));
    // A retry answers the same; a registration after the start is refused.
    assert_eq!(books.run(start(empty)), Ok(()));
    assert_eq!(
        books.refused(register(empty, 3)),
        BankError::TournamentStarted { tournament: empty }
    );
}

#[test]
fn a_moderators_start_fills_the_allowed_free_seats_with_computers_paid_by_the_house() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 100, 3, 2);
    books.run(start(id)).unwrap();
    let entrants = state(&books, id).entrants;
    assert_eq!(entrants.len(), 5);
    assert!(entrants[2..].iter().all(|user| user.is_computer()));
    assert_eq!(escrow(&books, id), 500);
    assert_eq!(books.chips(Account::House { guild: GUILD }), 0);
    books.assert_balanced();
}

#[test]
fn a_freerolls_start_fills_the_allowed_seats_with_computers_for_nothing() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 0, 2, 2);
    books.run(start(id)).unwrap();
    assert_eq!(state(&books, id).entrants.len(), 4);
    assert_eq!(escrow(&books, id), 0);
    books.assert_balanced();
}

#[test]
fn unregistering_refunds_the_buy_in_and_leaves_the_others_entered() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 100, 0, 2);
    assert_eq!(books.run(unregister(id, 1)), Ok(100));
    assert_eq!(books.run(unregister(id, 1)), Ok(100));
    assert_eq!((books.player(1), escrow(&books, id)), (1_000, 100));
    assert_eq!(state(&books, id).entrants, vec![UserId(2)]);
    let again = UnregisterTournament {
        reference: "again".into(),
        ..unregister(id, 1)
    };
    assert_eq!(
        books.refused(again),
        BankError::NotRegistered { tournament: id }
    );
    books.assert_balanced();
}

#[test]
fn unregistering_from_a_freeroll_refunds_nothing() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 0, 0, 2);
    assert_eq!(books.run(unregister(id, 2)), Ok(0));
    assert_eq!(state(&books, id).entrants, vec![UserId(1)]);
}

#[test]
fn unregistering_after_the_start_is_refused() {
    let mut books = Books::new();
    let id = opened(&mut books, 2, 100, 0, 2);
    assert_eq!(
        books.refused(unregister(id, 1)),
        BankError::TournamentStarted { tournament: id }
    );
}

#[test]
fn cancelling_before_the_start_refunds_every_buy_in_once() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 100, 0, 2);
    let refunds = Ok(vec![(UserId(1), 100), (UserId(2), 100)]);
    assert_eq!(books.run(cancel(id)), refunds);
    assert_eq!(books.run(cancel(id)), refunds);
    assert_eq!(
        (books.player(1), books.player(2), escrow(&books, id)),
        (1_000, 1_000, 0)
    );
    books.assert_balanced();
}

#[test]
fn cancelling_a_freeroll_pays_nothing_back() {
    let mut books = Books::new();
    let id = opened(&mut books, 6, 0, 0, 2);
    assert_eq!(
        books.run(cancel(id)),
        Ok(vec![(UserId(1), 0), (UserId(2), 0)])
    );
}

#[test]
fn a_sit_and_go_computers_may_enter_is_refused_above_their_buy_in_bound_and_one_without_them_is_not()
 {
    let mut books = Books::with(EconomyConfig {
        computer_max_buy_in: 100,
        ..EconomyConfig::default()
    });
    assert_eq!(
        books.refused(open_in(CHANNEL, 6, 101, 1, "above")),
        BankError::ComputerBuyInTooLarge {
            amount: 101,
            limit: 100
        }
    );
    assert_eq!(
        books.run(open_in(CHANNEL, 6, 100, 1, "at")),
        Ok(TournamentId(1))
    );
    // With no computer entering, the buy-in is the players' own affair.
    assert_eq!(
        books.run(open_in(TableId(41), 6, 101, 0, "none")),
        Ok(TournamentId(2))
    );
}

/// `user` accepts deal `number` of sit & go `id`.
fn accept(id: TournamentId, number: u64, user: UserId) -> AnswerDeal {
    AnswerDeal {
        guild: GUILD,
        tournament: id,
        number,
        user,
        accept: true,
    }
}

#[test]
fn a_deal_kept_past_a_hand_recorded_since_is_refused_even_with_the_same_stacks() {
    let mut books = Books::new();
    let id = opened(&mut books, 3, 100, 0, 3);
    let entrants = state(&books, id).entrants;
    books
        .run(ProposeDeal {
            guild: GUILD,
            tournament: id,
            user: entrants[0],
            kind: DealKind::Icm,
            reference: "deal".into(),
        })
        .expect("proposed");
    let proposed = state(&books, id).deal.expect("waits");
    // A hand that gave every stack back as it was: the recording drops the proposal, which
    // a record an older version wrote kept.
    let TournamentPhase::Running(tournament) = state(&books, id).phase else {
        panic!("running");
    };
    let next = tournament.next_hand().expect("a next hand");
    books
        .run(RecordTournamentHand {
            guild: GUILD,
            tournament: id,
            hand: next.number,
            final_stacks: next.stacks,
            history: None,
        })
        .expect("recorded");
    let mut kept = state(&books, id);
    assert_eq!(kept.deal, None);
    kept.deal = Some(proposed.clone());
    books.write(|draft| tournaments::write(draft, &kept));
    let answer = |user: UserId| accept(id, proposed.number, user);
    assert_eq!(
        books.run(answer(entrants[1])),
        Ok(AnsweredDeal::Answered(Vec::new()))
    );
    assert_eq!(
        books
            .run(answer(entrants[2]))
            .and_then(|answer| answer.into_result(id)),
        Err(BankError::NoSuchDeal { tournament: id })
    );
    // Refused, it paid nothing: the sit & go plays on with its whole pool.
    assert!(running(&books, id));
    assert_eq!(escrow(&books, id), 300);
    assert_eq!(books.player(entrants[2].0), 900);
}

#[test]
fn a_stale_deal_refused_is_dropped_so_a_new_one_may_be_proposed_without_waiting_for_its_lapse() {
    let mut books = Books::new();
    let id = opened(&mut books, 3, 100, 0, 3);
    let entrants = state(&books, id).entrants;
    let propose = |user: UserId, reference: &str| ProposeDeal {
        guild: GUILD,
        tournament: id,
        user,
        kind: DealKind::Icm,
        reference: reference.into(),
    };
    books.run(propose(entrants[0], "deal")).expect("proposed");
    // As an older version left it: a proposal kept past a hand that moved no stack.
    let mut stale = state(&books, id).deal.expect("waits");
    stale.hands_played += 1;
    let mut kept = state(&books, id);
    kept.deal = Some(stale.clone());
    books.write(|draft| tournaments::write(draft, &kept));
    let answer = |user: UserId| accept(id, stale.number, user);
    assert_eq!(
        books.run(answer(entrants[1])),
        Ok(AnsweredDeal::Answered(Vec::new()))
    );
    assert_eq!(books.run(answer(entrants[2])), Ok(AnsweredDeal::Void));
    // The refusal dropped it for good: answering it again is refused as gone, a new
    // proposal is taken at once, and the sit & go plays on with its whole pool.
    assert_eq!(state(&books, id).deal, None);
    assert_eq!(
        books
            .run(answer(entrants[0]))
            .and_then(|answer| answer.into_result(id)),
        Err(BankError::NoSuchDeal { tournament: id })
    );
    assert_eq!(
        books.run(propose(entrants[1], "deal 2")),
        Ok(stale.number + 1)
    );
    assert!(running(&books, id));
    assert_eq!(escrow(&books, id), 300);
}
