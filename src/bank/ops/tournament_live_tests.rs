//! The index of live sit & gos by channel and what only a live one keeps beside its record
//! (`tournament_live`), on the books in memory: every write of a record keeps them, an open
//! reads one key whatever else the bank holds, one unreadable record refuses only its own
//! channel, and a schema 2 bank gets its index when it opens.

use super::testing::{Books, GUILD};
use super::{
    CancelTournament, NewDealSeries, OpenTable, OpenTournament, RecordTournamentHand,
    RegisterTournament, SetTournamentSittingOut,
};
use crate::bank::store::{Reads, Store, Tree, Write};
use crate::bank::tournament_live::{self, LiveSitAndGo, SatOut};
use crate::bank::tournaments::{self, TournamentId, TournamentPhase};
use crate::bank::{BankError, TableId, UserId, migration, schema};
use crate::table::GameChoice;
use crate::tournament::{Structure, StructureKind, TournamentSettings};

const CHANNEL: TableId = TableId(40);
const ELSEWHERE: TableId = TableId(41);

fn open_in(channel: TableId, reference: &str) -> OpenTournament {
    OpenTournament {
        guild: GUILD,
        channel,
        seats: 3,
        settings: TournamentSettings::new(
            GameChoice::Stud,
            Structure::built_in(StructureKind::Turbo),
            100,
        ),
        computer_players: 0,
        added_by: None,
        reference: reference.into(),
    }
}

/// A sit & go of three seats in `channel` with users 1 to 3 registered: the last seat starts
/// it.
fn running_in(books: &mut Books, channel: TableId, reference: &str) -> TournamentId {
    let id = books.run(open_in(channel, reference)).expect("opens");
    for user in 1..=3 {
        books
            .run(RegisterTournament {
                guild: GUILD,
                tournament: id,
                user: UserId(user),
                seat_seed: 0,
                reference: format!("{reference} register {user}"),
            })
            .expect("registers");
    }
    id
}

fn indexed(books: &Books, channel: TableId) -> Option<LiveSitAndGo> {
    books.read(|draft| tournament_live::in_channel(draft, channel))
}

fn sitting_out(books: &Books, id: TournamentId) -> Vec<SatOut> {
    books.read(|draft| tournament_live::sitting_out(draft, id))
}

fn cancel(id: TournamentId, reference: &str) -> CancelTournament {
    CancelTournament {
        guild: GUILD,
        tournament: id,
        reference: reference.into(),
    }
}

fn sit_out(id: TournamentId, user: u64, away: Option<bool>) -> SetTournamentSittingOut {
    SetTournamentSittingOut {
        guild: GUILD,
        tournament: id,
        user: UserId(user),
        away,
    }
}

/// Plays `id` out: each hand the first player dealt takes the second's chips.
fn play_out(books: &mut Books, id: TournamentId) {
    loop {
        let state = books
            .read(|draft| tournaments::read(draft, id))
            .expect("known");
        let TournamentPhase::Running(tournament) = state.phase else {
            return;
        };
        let next = tournament.next_hand().expect("a next hand");
        let mut stacks = next.stacks.clone();
        stacks[0] += stacks[1];
        stacks[1] = 0;
        books
            .run(RecordTournamentHand {
                guild: GUILD,
                tournament: id,
                hand: next.number,
                final_stacks: stacks,
                history: None,
            })
            .expect("recorded");
        // A hand answered but not counted would be dealt again forever: fail at once.
        let state = books
            .read(|draft| tournaments::read(draft, id))
            .expect("known");
        if let TournamentPhase::Running(tournament) = &state.phase {
            assert_eq!(
                tournament.hands_played(),
                next.number + 1,
                "hand {} was answered but not counted",
                next.number
            );
        }
    }
}

#[test]
fn a_live_sit_and_go_is_found_by_its_channel_until_its_cancel_frees_the_channel() {
    let mut books = Books::new();
    let first = books.run(open_in(CHANNEL, "first")).unwrap();
    assert_eq!(
        indexed(&books, CHANNEL),
        Some(LiveSitAndGo {
            tournament: first,
            guild: GUILD,
            channel: CHANNEL,
        })
    );
    assert_eq!(indexed(&books, ELSEWHERE), None);
    assert_eq!(
        books.refused(open_in(CHANNEL, "second")),
        BankError::TournamentInChannel { tournament: first }
    );
    books.run(cancel(first, "cancel")).unwrap();
    assert_eq!(indexed(&books, CHANNEL), None);
    let second = books.run(open_in(CHANNEL, "second")).unwrap();
    assert_eq!(
        indexed(&books, CHANNEL).map(|live| live.tournament),
        Some(second)
    );
    books.assert_balanced();
}

#[test]
fn a_finished_sit_and_go_leaves_its_channel_and_nothing_it_kept_while_live() {
    let mut books = Books::new();
    let id = running_in(&mut books, CHANNEL, "t");
    books.run(sit_out(id, 2, Some(true))).unwrap();
    books
        .run(NewDealSeries {
            guild: GUILD,
            tournament: id,
        })
        .unwrap();
    books.assert_balanced();
    play_out(&mut books, id);
    assert_eq!(indexed(&books, CHANNEL), None);
    assert_eq!(sitting_out(&books, id), Vec::new());
    assert_eq!(
        books.read(|draft| tournament_live::deal_series(draft, id)),
        0,
        "its series of deals is taken away with it"
    );
    books.assert_balanced();
}

fn last_over(books: &Books, channel: TableId) -> Option<TournamentId> {
    tournament_live::stored_last_over_in(books.store(), channel)
        .unwrap()
        .map(|entry| entry.tournament)
}

#[test]
fn a_channels_last_sit_and_go_over_is_found_by_one_key_finished_or_cancelled() {
    let mut books = Books::new();
    assert_eq!(last_over(&books, CHANNEL), None);
    let finished = running_in(&mut books, CHANNEL, "finished");
    assert_eq!(last_over(&books, CHANNEL), None, "not over while it runs");
    play_out(&mut books, finished);
    assert_eq!(last_over(&books, CHANNEL), Some(finished));
    let cancelled = books.run(open_in(CHANNEL, "cancelled")).unwrap();
    assert_eq!(
        last_over(&books, CHANNEL),
        Some(finished),
        "the live one is not over"
    );
    books.run(cancel(cancelled, "cancel")).unwrap();
    assert_eq!(last_over(&books, CHANNEL), Some(cancelled));
    assert_eq!(last_over(&books, ELSEWHERE), None);
    books.assert_balanced();
}

#[test]
fn an_unreadable_record_refuses_its_own_channel_and_nothing_elsewhere() {
    let mut books = Books::new();
    let damaged = running_in(&mut books, ELSEWHERE, "damaged");
    // Its record cut short on disk, as damage or a later version's stricter rule leaves it.
    let key = damaged.0.to_be_bytes().to_vec();
    let record = books.store().get(Tree::Tournaments, &key).unwrap().unwrap();
    books
        .store()
        .apply(&[Write {
            tree: Tree::Tournaments,
            key,
            value: Some(record[..record.len() / 2].to_vec()),
        }])
        .unwrap();
    // Elsewhere a sit & go and a table open as if it were not there: no open reads it.
    let here = books.run(open_in(CHANNEL, "here")).unwrap();
    books.run(cancel(here, "cancel here")).unwrap();
    books
        .run(OpenTable {
            guild: GUILD,
            table: CHANNEL,
        })
        .unwrap();
    // Its own channel is held: it may hold chips.
    assert_eq!(
        books.refused(open_in(ELSEWHERE, "over it")),
        BankError::TournamentInChannel {
            tournament: damaged
        }
    );
    assert_eq!(
        books.refused(OpenTable {
            guild: GUILD,
            table: ELSEWHERE,
        }),
        BankError::TournamentInChannel {
            tournament: damaged
        }
    );
    // And any operation on it is refused as that one sit & go's.
    assert!(matches!(
        books.refused(cancel(damaged, "cancel damaged")),
        BankError::UnreadableTournament { tournament, .. } if tournament == damaged
    ));
}

#[test]
fn a_sit_and_go_sat_out_is_kept_until_back_and_only_for_a_player_still_in() {
    let mut books = Books::new();
    let waiting = books.run(open_in(ELSEWHERE, "waiting")).unwrap();
    assert_eq!(
        books.refused(sit_out(waiting, 1, Some(false))),
        BankError::TournamentNotRunning {
            tournament: waiting
        }
    );
    let id = running_in(&mut books, CHANNEL, "t");
    assert_eq!(
        books.refused(sit_out(id, 9, Some(false))),
        BankError::NotRegistered { tournament: id }
    );
    books.run(sit_out(id, 1, Some(false))).unwrap();
    books.run(sit_out(id, 3, Some(true))).unwrap();
    // Again, as a retry would: the same.
    books.run(sit_out(id, 3, Some(true))).unwrap();
    assert_eq!(
        sitting_out(&books, id),
        vec![
            SatOut {
                user: UserId(1),
                timed_out: false
            },
            SatOut {
                user: UserId(3),
                timed_out: true
            },
        ]
    );
    books.run(sit_out(id, 1, None)).unwrap();
    assert_eq!(
        sitting_out(&books, id),
        vec![SatOut {
            user: UserId(3),
            timed_out: true
        }]
    );
    books.run(sit_out(id, 3, None)).unwrap();
    assert_eq!(sitting_out(&books, id), Vec::new());
    books.assert_balanced();
}

#[test]
fn a_player_busted_out_of_a_running_sit_and_go_is_never_kept_sitting_out() {
    let mut books = Books::new();
    let id = running_in(&mut books, CHANNEL, "t");
    let state = books
        .read(|draft| tournaments::read(draft, id))
        .expect("known");
    let TournamentPhase::Running(tournament) = state.phase else {
        panic!("not running: {:?}", state.phase);
    };
    // The first hand: the first entrant takes every chip of the second.
    let next = tournament.next_hand().expect("a next hand");
    let mut stacks = next.stacks.clone();
    stacks[0] += stacks[1];
    stacks[1] = 0;
    books
        .run(RecordTournamentHand {
            guild: GUILD,
            tournament: id,
            hand: next.number,
            final_stacks: stacks,
            history: None,
        })
        .expect("recorded");
    let busted = state.entrants[1];
    assert_eq!(
        books.refused(sit_out(id, busted.0, Some(true))),
        BankError::NotRegistered { tournament: id },
        "a busted player (no chips left) is out, not sitting out"
    );
    assert_eq!(sitting_out(&books, id), Vec::new());
    // Those still in, with chips, may.
    books
        .run(sit_out(id, state.entrants[0].0, Some(false)))
        .unwrap();
    books
        .run(sit_out(id, state.entrants[2].0, Some(true)))
        .unwrap();
    assert_eq!(sitting_out(&books, id).len(), 2);
    books.assert_balanced();
}

#[test]
fn each_new_series_of_deals_takes_the_next_number_and_only_while_running() {
    let mut books = Books::new();
    let waiting = books.run(open_in(ELSEWHERE, "waiting")).unwrap();
    let series = |id| NewDealSeries {
        guild: GUILD,
        tournament: id,
    };
    assert_eq!(
        books.refused(series(waiting)),
        BankError::TournamentNotRunning {
            tournament: waiting
        }
    );
    let id = running_in(&mut books, CHANNEL, "t");
    assert_eq!(books.run(series(id)), Ok(0));
    assert_eq!(books.run(series(id)), Ok(1));
    assert_eq!(books.run(series(id)), Ok(2));
    books.assert_balanced();
}

#[test]
fn a_schema_2_bank_gets_its_index_of_live_sit_and_gos_when_it_opens() {
    let mut books = Books::new();
    let running = running_in(&mut books, CHANNEL, "running");
    let registering = books.run(open_in(ELSEWHERE, "registering")).unwrap();
    let over = books.run(open_in(TableId(42), "over")).unwrap();
    books.run(cancel(over, "cancel")).unwrap();
    // As schema 2 kept it: no index at all.
    let index: Vec<Write> = tournament_live::all(books.store())
        .unwrap()
        .into_iter()
        .map(|entry| {
            let entry = entry.expect("an entry");
            let mut key = b"tournament_live".to_vec();
            key.extend_from_slice(&entry.channel.0.to_be_bytes());
            Write {
                tree: Tree::Meta,
                key,
                value: None,
            }
        })
        .collect();
    assert_eq!(index.len(), 2);
    books.store().apply(&index).unwrap();
    schema::stamp_version(books.store(), 2).unwrap();
    assert_eq!(indexed(&books, CHANNEL), None);

    migration::migrate(books.store(), 0).unwrap();
    assert_eq!(schema::stored_version(books.store()).unwrap(), Some(3));
    let found: Vec<_> = tournament_live::all(books.store())
        .unwrap()
        .into_iter()
        .map(|entry| entry.expect("an entry").tournament)
        .collect();
    assert_eq!(found, vec![running, registering]);
    books.assert_balanced();
}
