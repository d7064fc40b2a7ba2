//! The leases' operations (`leases.rs`, `leased.rs`) over the books in memory: who takes,
//! renews and lets go of a guild's lease, which hands are recovered, and what an operation
//! whose process lost its guild is refused.

use super::leases::LeasesTaken;
use super::testing::{Books, GUILD, NOW_MS, TABLE};
use super::{
    BeginHand, BuyIn, Guilds, Leased, RecoverUnleased, ReleaseLeases, RenewLeases, TakeLeases,
};
use crate::bank::idempotency::{Reply, Stored};
use crate::bank::leases::{self, LEASE_MS, Lease};
use crate::bank::{BankError, GuildId, Recovery, TableId, UserId};

/// The writer the tests run as, and another live one.
const ME: u64 = 5;
const OTHER: u64 = 6;

const OTHER_GUILD: GuildId = GuildId(GUILD.0 + 1);
const OTHER_TABLE: TableId = TableId(TABLE.0 + 1);

fn take(books: &mut Books, holder: u64, guilds: &[GuildId], stopped: &[u64]) -> LeasesTaken {
    books.holder = Some(holder);
    books
        .run(TakeLeases {
            guilds: guilds.to_vec(),
            stopped: stopped.to_vec(),
        })
        .expect("taking leases")
}

fn lease(books: &Books, guild: GuildId) -> Option<Lease> {
    books.read(|draft| leases::read(draft, guild))
}

fn held_by(holder: u64, expires_unix_ms: u64) -> Option<Lease> {
    Some(Lease {
        holder,
        expires_unix_ms,
    })
}

/// Two players seated at `table` in `guild`, its hand 1 begun.
fn hand_in_progress(books: &mut Books, guild: GuildId, table: TableId) {
    for user in [1, 2] {
        let bought = books.run(BuyIn {
            guild,
            table,
            user: UserId(user),
            amount: 300,
            reference: format!("seat {} {user}", table.0),
        });
        assert!(bought.is_ok(), "the buy-in was refused: {bought:?}");
    }
    assert_eq!(
        books.run(BeginHand {
            guild,
            table,
            hand: 1
        }),
        Ok(())
    );
}

fn in_progress(books: &Books, table: TableId) -> Option<u64> {
    books
        .read(|draft| crate::bank::tables::read_table(draft, table))
        .and_then(|record| record.hand_in_progress)
}

fn recovered(recoveries: &[Recovery]) -> Vec<(GuildId, TableId, u64)> {
    recoveries
        .iter()
        .map(|recovery| (recovery.guild, recovery.table, recovery.hand))
        .collect()
}

#[test]
fn a_free_guilds_lease_is_taken_by_the_asker_for_lease_ms() {
    let mut books = Books::new();
    let taken = take(&mut books, ME, &[GUILD], &[]);
    assert_eq!(
        taken,
        LeasesTaken {
            held: vec![GUILD],
            elsewhere: vec![],
            recoveries: vec![],
        }
    );
    assert_eq!(lease(&books, GUILD), held_by(ME, NOW_MS + LEASE_MS));
}

#[test]
fn a_lease_held_by_another_live_holder_is_not_taken_until_its_expiry() {
    let mut books = Books::new();
    take(&mut books, OTHER, &[GUILD], &[]);
    hand_in_progress(&mut books, GUILD, TABLE);
    books.now_unix_ms = NOW_MS + LEASE_MS - 1;
    let before = books.snapshot();
    let refused = take(&mut books, ME, &[GUILD], &[]);
    assert_eq!((refused.held, refused.elsewhere), (vec![], vec![GUILD]));
    assert!(refused.recoveries.is_empty());
    assert!(
        books.snapshot() == before,
        "a lease not taken wrote something"
    );
    // Exactly at its expiry it has lapsed: taken over, and the hand its holder left cancelled.
    books.now_unix_ms = NOW_MS + LEASE_MS;
    let taken = take(&mut books, ME, &[GUILD], &[]);
    assert_eq!((taken.held, taken.elsewhere), (vec![GUILD], vec![]));
    assert_eq!(recovered(&taken.recoveries), vec![(GUILD, TABLE, 1)]);
    assert_eq!(
        taken.recoveries[0].stacks,
        vec![(UserId(1), 300), (UserId(2), 300)]
    );
    assert_eq!(lease(&books, GUILD), held_by(ME, NOW_MS + 2 * LEASE_MS));
    assert_eq!(in_progress(&books, TABLE), None);
    books.assert_balanced();
}

#[test]
fn a_stopped_holders_lease_is_taken_over_before_its_expiry_and_only_its_guilds_hands_cancelled() {
    let mut books = Books::new();
    take(&mut books, OTHER, &[GUILD], &[]);
    take(&mut books, ME, &[OTHER_GUILD], &[]);
    hand_in_progress(&mut books, GUILD, TABLE);
    hand_in_progress(&mut books, OTHER_GUILD, OTHER_TABLE);
    books.now_unix_ms = NOW_MS + 1;
    let taken = take(&mut books, ME, &[GUILD, OTHER_GUILD], &[OTHER]);
    assert_eq!(
        (taken.held, taken.elsewhere),
        (vec![GUILD, OTHER_GUILD], vec![])
    );
    // The guild it held already keeps its hand: only the stopped holder's is cancelled.
    assert_eq!(recovered(&taken.recoveries), vec![(GUILD, TABLE, 1)]);
    assert_eq!(in_progress(&books, OTHER_TABLE), Some(1));
    assert_eq!(lease(&books, GUILD), held_by(ME, NOW_MS + 1 + LEASE_MS));
}

#[test]
fn taking_its_own_lease_again_renews_it_and_cancels_no_hand() {
    let mut books = Books::new();
    take(&mut books, ME, &[GUILD], &[]);
    hand_in_progress(&mut books, GUILD, TABLE);
    books.now_unix_ms = NOW_MS + 1_000;
    let taken = take(&mut books, ME, &[GUILD], &[]);
    assert_eq!((taken.held, taken.recoveries), (vec![GUILD], vec![]));
    assert_eq!(lease(&books, GUILD), held_by(ME, NOW_MS + 1_000 + LEASE_MS));
    assert_eq!(in_progress(&books, TABLE), Some(1));
}

#[test]
fn a_holder_renews_only_its_own_leases_and_answers_those_it_lost() {
    let mut books = Books::new();
    take(&mut books, ME, &[GUILD], &[]);
    take(&mut books, OTHER, &[OTHER_GUILD], &[]);
    let unleased = GuildId(GUILD.0 + 2);
    books.now_unix_ms = NOW_MS + 1_000;
    books.holder = Some(ME);
    let lost = books.run(RenewLeases {
        guilds: vec![GUILD, OTHER_GUILD, unleased],
    });
    assert_eq!(lost, Ok(Guilds(vec![OTHER_GUILD, unleased])));
    assert_eq!(lease(&books, GUILD), held_by(ME, NOW_MS + 1_000 + LEASE_MS));
    assert_eq!(
        lease(&books, OTHER_GUILD),
        held_by(OTHER, NOW_MS + LEASE_MS)
    );
    assert_eq!(lease(&books, unleased), None);
}

#[test]
fn releasing_frees_only_the_releasers_leases() {
    let mut books = Books::new();
    take(&mut books, ME, &[GUILD], &[]);
    take(&mut books, OTHER, &[OTHER_GUILD], &[]);
    books.holder = Some(ME);
    assert_eq!(
        books.run(ReleaseLeases {
            guilds: vec![GUILD, OTHER_GUILD],
        }),
        Ok(())
    );
    assert_eq!(lease(&books, GUILD), None);
    assert_eq!(
        lease(&books, OTHER_GUILD),
        held_by(OTHER, NOW_MS + LEASE_MS)
    );
}

#[test]
fn leases_are_refused_on_a_store_one_process_writes() {
    let mut books = Books::new();
    let guilds = vec![GUILD];
    for refusal in [
        books.refused(TakeLeases {
            guilds: guilds.clone(),
            stopped: vec![],
        }),
        books.refused(RenewLeases {
            guilds: guilds.clone(),
        }),
        books.refused(ReleaseLeases { guilds }),
    ] {
        assert!(matches!(refusal, BankError::Internal(_)), "{refusal:?}");
    }
}

#[test]
fn recovery_at_start_cancels_the_hands_of_guilds_nobody_holds_and_keeps_those_held() {
    let mut books = Books::new();
    let now = NOW_MS + 10_000;
    let stopped = 7;
    // Each guild's lease, and whether a live process still runs it at `now`.
    let guilds: [(u64, Option<Lease>, bool); 5] = [
        (10, None, false),
        (11, held_by(OTHER, now + 1), true),
        (12, held_by(OTHER, now), false),
        (13, held_by(stopped, now + LEASE_MS), false),
        (14, held_by(ME, now + LEASE_MS), true),
    ];
    for (guild, lease, _) in guilds {
        hand_in_progress(&mut books, GuildId(guild), TableId(guild * 10));
        if let Some(lease) = lease {
            books.write(|draft| leases::write(draft, GuildId(guild), lease));
        }
    }
    books.now_unix_ms = now;
    let recoveries = books
        .run(RecoverUnleased {
            stopped: vec![stopped],
        })
        .expect("recovering");
    let unleased: Vec<_> = guilds
        .iter()
        .filter(|(_, _, run)| !run)
        .map(|&(guild, _, _)| (GuildId(guild), TableId(guild * 10), 1))
        .collect();
    assert_eq!(recovered(&recoveries), unleased);
    for (guild, _, run) in guilds {
        let expected = run.then_some(1);
        assert_eq!(
            in_progress(&books, TableId(guild * 10)),
            expected,
            "guild {guild}"
        );
    }
    books.assert_balanced();
}

fn leased_buy_in(reference: &str) -> Leased<BuyIn> {
    Leased {
        guild: GUILD,
        op: BuyIn {
            guild: GUILD,
            table: TABLE,
            user: UserId(1),
            amount: 300,
            reference: reference.into(),
        },
    }
}

#[test]
fn a_leased_operation_runs_for_the_guilds_holder_and_is_refused_once_it_lost_the_guild() {
    let mut books = Books::new();
    take(&mut books, ME, &[GUILD], &[]);
    assert!(books.run(leased_buy_in("first")).is_ok());
    assert_eq!(books.seat(1), 300);
    // Another took the guild over once the lease lapsed: the old holder changes nothing.
    books.now_unix_ms = NOW_MS + LEASE_MS;
    take(&mut books, OTHER, &[GUILD], &[]);
    books.holder = Some(ME);
    assert_eq!(
        books.refused(leased_buy_in("second")),
        BankError::LeaseLost { guild: GUILD }
    );
    assert_eq!(books.seat(1), 300);
}

#[test]
fn a_leased_operation_retried_under_its_reference_takes_effect_once() {
    let mut books = Books::new();
    take(&mut books, ME, &[GUILD], &[]);
    let first = books.run(leased_buy_in("once"));
    assert!(first.is_ok(), "{first:?}");
    assert_eq!(books.run(leased_buy_in("once")), first);
    assert_eq!(books.seat(1), 300);
}

#[test]
fn the_leases_answers_are_never_read_back_from_a_reference() {
    assert_eq!(LeasesTaken::from_reply(Reply::Done), None);
    assert_eq!(Guilds::from_reply(Reply::Done), None);
    assert_eq!(LeasesTaken::default().to_reply(), Reply::Done);
    assert_eq!(Guilds(vec![GUILD]).to_reply(), Reply::Done);
}
