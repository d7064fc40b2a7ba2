//! The bank's records as JSON an operator reads with plain SQL: the [`Describe`] a store
//! that keeps a readable column beside each value (PostgreSQL) is given, and the views over
//! that column. It knows every record the books keep, so it sits with them; the store below
//! knows only that it was given one.
//!
//! The views (schema `studbot`): `balances` (every account: `kind` player, mint, seat,
//! tournament or house, its `guild_id`, `user_id`, `table_id`, `tournament_id`, and
//! `balance`), `members` (each member's balance per guild), `ledger` (every movement: `seq`,
//! `at`, the `from_*` and `to_*` accounts, `amount`, `reason`, `hand`, `reference`), `tables`
//! (each table's guild, state, hand in progress and escrow), `escrow` (each seat's stack),
//! and `tournaments` (each sit & go's guild, channel, phase, entrants, buy-in and prize pool).
//! A multi-table event's record (in `meta`) reads as its summary: number, guild, channel,
//! name, start, phase, buy-in, entries, players left, prize pool, prizes paid and clock.

use serde_json::{Value, json};

use super::encoding;
use super::ledger;
use super::store::{Describe, Tree};
use super::tables::{HandRecord, RegisteredTable};
use super::tournaments::events::{EventPhase, EventRecord};
use super::tournaments::{TournamentPhase, TournamentState};
use super::vocab::Account;
use super::{MemberPreferences, PlayerStats};
use crate::ids::{GuildId, UserId};

/// The bank's describer.
pub struct BankRecords;

fn number(bytes: &[u8]) -> Option<u64> {
    ledger::decode_u64(bytes)
}

/// (guild, user) from a 16-byte key.
fn guild_user(key: &[u8]) -> Option<(GuildId, UserId)> {
    Some((
        GuildId(number(key.get(..8)?)?),
        UserId(number(key.get(8..16)?)?),
    ))
}

/// A balance as a JSON number, or as its digits past what a JSON number of serde's holds (a
/// mint's balance may go below `i64::MIN`); the views read either as `numeric`.
fn wide(balance: i128) -> Value {
    match (i64::try_from(balance), u64::try_from(balance)) {
        (Ok(small), _) => json!(small),
        (_, Ok(large)) => json!(large),
        _ => json!(balance.to_string()),
    }
}

fn account(account: Account) -> Value {
    serde_json::to_value(account).unwrap_or(Value::Null)
}

fn tournament(state: &TournamentState, key: &[u8]) -> Option<Value> {
    let phase = match &state.phase {
        TournamentPhase::Registering => "registering",
        TournamentPhase::Running(_) => "running",
        TournamentPhase::Finished { .. } => "finished",
        TournamentPhase::Cancelled { .. } => "cancelled",
    };
    let paid = match &state.phase {
        TournamentPhase::Finished { payouts, .. } => Some(payouts),
        TournamentPhase::Cancelled { paid, .. } => Some(paid),
        _ => None,
    };
    Some(json!({
        "tournament": number(key)?,
        "guild": state.guild,
        "channel": state.channel,
        "seats": state.seats,
        "buy_in": state.settings.buy_in,
        "entrants": state.entrants,
        "phase": phase,
        "paid": paid,
    }))
}

fn event(record: &EventRecord) -> Value {
    let phase = match &record.phase {
        EventPhase::Scheduled => "scheduled",
        EventPhase::Running(_) => "running",
        EventPhase::Finished(_) => "finished",
        EventPhase::Cancelled { .. } => "cancelled",
    };
    json!({
        "event": record.id.0,
        "guild": record.guild,
        "channel": record.channel,
        "name": record.name,
        "starts_at": record.starts_at,
        "phase": phase,
        "buy_in": record.settings.buy_in,
        "entries": record.entries(),
        "players_left": record.event().map(|event| event.field().players_left()),
        "prize_pool": record.paid_in(),
        "prizes_paid": record.prizes_paid(),
        "clock": record.clock,
    })
}

impl BankRecords {
    fn describe_value(tree: Tree, key: &[u8], value: &[u8]) -> Option<Value> {
        match tree {
            Tree::Balances => Some(json!({
                "account": account(Account::from_key(key)?),
                "balance": wide(i128::from_be_bytes(value.try_into().ok()?)),
            })),
            Tree::Ledger => {
                let entry = encoding::decode_entry(number(key)?, value).ok()?;
                serde_json::to_value(entry).ok()
            }
            Tree::Tables => {
                let table: RegisteredTable = encoding::decode(value, "table").ok()?;
                let mut doc = serde_json::to_value(table).ok()?;
                doc["table"] = json!(number(key)?);
                Some(doc)
            }
            Tree::Hands => {
                let hand: HandRecord = encoding::decode(value, "hand").ok()?;
                let mut doc = serde_json::to_value(hand).ok()?;
                doc["table"] = json!(number(key.get(..8)?)?);
                doc["hand"] = json!(number(key.get(8..)?)?);
                Some(doc)
            }
            Tree::Tournaments => {
                // Read as the bank reads it: the record's version mark first, an older
                // version read as today's.
                let state = super::tournaments::audit_record(key, value).ok()?;
                tournament(&state, key)
            }
            Tree::Stats if key.len() == 16 => {
                let (guild, user) = guild_user(key)?;
                let stats: PlayerStats = encoding::decode(value, "stats").ok()?;
                let mut doc = serde_json::to_value(stats).ok()?;
                doc["guild"] = json!(guild);
                doc["user"] = json!(user);
                Some(doc)
            }
            Tree::Preferences => {
                let preferences: MemberPreferences = encoding::decode(value, "preferences").ok()?;
                let mut doc = serde_json::to_value(preferences).ok()?;
                doc["user"] = json!(number(key)?);
                Some(doc)
            }
            Tree::Meta if key.starts_with(b"mtt_event") => {
                // A multi-table event's record, summed up: the whole event is rewritten with
                // each hand, and its rendering stays a few hundred bytes.
                super::tournaments::events::stored_record(key, value).map(|record| event(&record))
            }
            Tree::Meta => {
                // A name, then for some an 8-byte number (a ledger block's first, a sit & go's).
                let named = key
                    .iter()
                    .take_while(|byte| byte.is_ascii_graphic())
                    .count();
                let name = std::str::from_utf8(&key[..named]).ok()?;
                let id = match &key[named..] {
                    [] => None,
                    rest => Some(number(rest)?),
                };
                let value = match value.len() {
                    8 => json!(number(value)?),
                    4 => json!(u32::from_be_bytes(value.try_into().ok()?)),
                    _ => json!(hex::encode(value)),
                };
                Some(json!({ "name": name, "id": id, "value": value }))
            }
            _ => None,
        }
    }
}

impl Describe for BankRecords {
    fn describe(&self, tree: Tree, key: &[u8], value: &[u8]) -> Option<String> {
        Self::describe_value(tree, key, value).map(|doc| doc.to_string())
    }

    fn views(&self) -> Vec<(&'static str, String)> {
        let balances = Tree::Balances.code();
        let ledger = Tree::Ledger.code();
        let tables = Tree::Tables.code();
        let side = |side: &str| {
            format!(
                "doc->'{side}'->>'kind' AS {side}_kind, \
                 (doc->'{side}'->>'guild')::numeric AS {side}_guild_id, \
                 (doc->'{side}'->>'user')::numeric AS {side}_user_id, \
                 (doc->'{side}'->>'table')::numeric AS {side}_table_id, \
                 (doc->'{side}'->>'tournament')::numeric AS {side}_tournament_id"
            )
        };
        vec![
            (
                "balances",
                format!(
                    "SELECT doc->'account'->>'kind' AS kind, \
                     (doc->'account'->>'guild')::numeric AS guild_id, \
                     (doc->'account'->>'user')::numeric AS user_id, \
                     (doc->'account'->>'table')::numeric AS table_id, \
                     (doc->'account'->>'tournament')::numeric AS tournament_id, \
                     (doc->>'balance')::numeric AS balance \
                     FROM studbot.kv WHERE tree = {balances}"
                ),
            ),
            (
                "members",
                "SELECT guild_id, user_id, balance FROM studbot.balances WHERE kind = 'player'"
                    .into(),
            ),
            (
                "ledger",
                format!(
                    "SELECT (doc->>'seq')::bigint AS seq, \
                     to_timestamp((doc->>'time_unix_ms')::numeric / 1000) AS at, \
                     {}, {}, (doc->>'amount')::numeric AS amount, \
                     doc->'reason'->>'kind' AS reason, \
                     (doc->'reason'->>'hand')::numeric AS hand, \
                     doc->>'reference' AS reference \
                     FROM studbot.kv WHERE tree = {ledger}",
                    side("from"),
                    side("to")
                ),
            ),
            (
                "escrow",
                "SELECT table_id, user_id, balance AS stack FROM studbot.balances \
                 WHERE kind = 'seat'"
                    .into(),
            ),
            (
                "tables",
                format!(
                    "SELECT (t.doc->>'table')::numeric AS table_id, \
                     (t.doc->>'guild')::numeric AS guild_id, (t.doc->>'open')::boolean AS open, \
                     (t.doc->>'hand_in_progress')::numeric AS hand_in_progress, \
                     (t.doc->>'last_hand')::numeric AS last_hand, \
                     coalesce((SELECT sum(e.stack) FROM studbot.escrow e \
                               WHERE e.table_id = (t.doc->>'table')::numeric), 0) AS escrow \
                     FROM studbot.kv t WHERE t.tree = {tables}"
                ),
            ),
            ("tournaments", tournaments_view()),
        ]
    }
}

/// The view of every sit & go: its number, guild, channel, phase, seats, entrants, buy-in
/// and the prize pool its escrow holds.
fn tournaments_view() -> String {
    let tournaments = Tree::Tournaments.code();
    format!(
        "SELECT (t.doc->>'tournament')::numeric AS tournament_id, \
         (t.doc->>'guild')::numeric AS guild_id, \
         (t.doc->>'channel')::numeric AS channel_id, t.doc->>'phase' AS phase, \
         (t.doc->>'seats')::integer AS seats, \
         jsonb_array_length(t.doc->'entrants') AS entrants, \
         (t.doc->>'buy_in')::numeric AS buy_in, \
         coalesce((SELECT b.balance FROM studbot.balances b \
                   WHERE b.kind = 'tournament' \
                   AND b.tournament_id = (t.doc->>'tournament')::numeric), 0) \
             AS prize_pool \
         FROM studbot.kv t WHERE t.tree = {tournaments}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bank::vocab::{LedgerEntry, Reason};
    use crate::ids::TableId;

    #[test]
    fn a_balance_reads_as_its_account_and_chips() {
        let account = Account::Seat {
            table: TableId(9),
            user: UserId(4),
        };
        let doc = BankRecords
            .describe(Tree::Balances, &account.key(), &250i128.to_be_bytes())
            .expect("a balance is described");
        let doc: Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(
            doc,
            json!({"account": {"kind": "seat", "table": 9, "user": 4}, "balance": 250})
        );
    }

    #[test]
    fn a_ledger_entry_reads_with_its_number_accounts_reason_and_reference() {
        let entry = LedgerEntry {
            seq: 12,
            time_unix_ms: 1_000,
            from: Account::Mint { guild: GuildId(1) },
            to: Account::Player {
                guild: GuildId(1),
                user: UserId(2),
            },
            amount: 200,
            reason: Reason::Daily,
            reference: "discord:5:daily".into(),
        };
        let doc = BankRecords
            .describe(
                Tree::Ledger,
                &ledger::seq_key(12),
                &encoding::encode_entry(&entry),
            )
            .expect("an entry is described");
        let doc: Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(doc["seq"], 12);
        assert_eq!(doc["to"]["user"], 2);
        assert_eq!(doc["reason"]["kind"], "daily");
        assert_eq!(doc["reference"], "discord:5:daily");
    }

    #[test]
    fn a_mint_past_what_a_json_number_holds_reads_as_its_digits() {
        let doc = BankRecords
            .describe(
                Tree::Balances,
                &Account::Mint { guild: GuildId(1) }.key(),
                &(-(i128::from(u64::MAX) * 2)).to_be_bytes(),
            )
            .expect("a balance is described");
        let doc: Value = serde_json::from_str(&doc).unwrap();
        assert_eq!(doc["balance"], "-36893488147419103230");
    }

    #[test]
    fn an_index_or_a_record_of_another_format_has_no_description() {
        assert_eq!(BankRecords.describe(Tree::Board, &[0; 24], &[]), None);
        assert_eq!(BankRecords.describe(Tree::Balances, b"?", &[0; 16]), None);
    }
}
