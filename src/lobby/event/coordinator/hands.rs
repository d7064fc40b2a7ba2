//! The hands: each table dealt its next hand as soon as the event lets it (never waiting for
//! another table, but in hand-for-hand, where `Event::deal` makes it wait for the round),
//! and each hand's end recorded in the bank with the seats tidied among the tables between
//! hands, then in the copy, then told at its table before the busts and moves it made.

use tokio::time::Instant;

use super::{Coordinator, Play};
use crate::bank::{IdleTables, TableId, UserId};
use crate::lobby::event::notice::EventNotice;
use crate::lobby::event_order::{EventBust, EventDeal, EventHandEnd};
use crate::tournament::multi::{HandToDeal, Tidied, Turn, Wait};

impl Coordinator {
    /// Deals every table the event lets deal now; answers when the clock next changes what
    /// a waiting table may do (a break's end).
    pub(super) fn deal_idle_tables(&mut self, play: &mut Play) -> Option<Instant> {
        let clock = play.clock.now();
        let mut wake = None;
        for table in play.event.seating().numbers() {
            match play.event.deal(table, clock) {
                Turn::Deal(hand) => self.start_hand(play, *hand, clock),
                Turn::Wait(Wait::Break { until: Some(until) }) => {
                    wake = play.clock.instant_of(until);
                }
                Turn::Wait(_) => {}
            }
        }
        wake
    }

    pub(super) fn start_hand(&self, play: &mut Play, hand: HandToDeal, clock: u64) {
        let players: Vec<UserId> = hand
            .seats
            .iter()
            .filter_map(|&(_, entry)| play.event.entry(entry).map(|entry| entry.user))
            .collect();
        if players.len() != hand.seats.len() {
            // Never so: every seat of the copy is an entry of it.
            tracing::error!(event = self.id.0, table = hand.table, "a seat has no entry");
        }
        let seating = play.event.seating();
        let (dealt, seated) = (players.clone(), players);
        let players = hand.seats.len();
        let sizes = seating.tables().iter().map(|table| table.players());
        let fewest = sizes.clone().min().unwrap_or(players);
        let largest = sizes.max().unwrap_or(players);
        let channel = play
            .channels
            .get(&hand.table)
            .copied()
            .unwrap_or(TableId(0));
        self.tell(EventNotice::HandDealt {
            table: hand.table,
            channel,
            number: hand.number,
            level: hand.level,
            round: hand.round,
            players,
            dealt,
            fewest,
            largest,
            clock,
        });
        let table = hand.table;
        let played = play.actors.deal(table, channel, move |done| EventDeal {
            hand,
            players: seated,
            done,
        });
        play.hands.spawn(async move { (table, played.await) });
    }

    /// A table's hand is over: recorded in the bank (with the seats tidied among the tables
    /// between hands, and the hand's public history stored in its table's channel), then in
    /// the copy, then told.
    pub(super) async fn hand_over(
        &mut self,
        play: &mut Play,
        table: u32,
        end: EventHandEnd,
    ) -> Result<(), String> {
        let EventHandEnd { result, history } = end;
        let clock = play.clock.now();
        // A table always plays in a kept channel; were it not, the hand is recorded
        // without its history (only `/history` lacks it).
        let history = play.channels.get(&table).copied().zip(history);
        let dealing: Vec<u32> = play
            .event
            .tables_dealing()
            .filter(|&t| t != table)
            .collect();
        let idle: Vec<u32> = play
            .event
            .seating()
            .numbers()
            .into_iter()
            .filter(|t| !dealing.contains(t))
            .collect();
        let tidy = IdleTables {
            tables: idle.clone(),
            all: dealing.is_empty(),
        };
        self.with_retries(|bank, guild, id| {
            let (result, tidy, history) = (result.clone(), tidy.clone(), history.clone());
            async move {
                bank.record_event_hand_with_history(guild, id, result, clock, Some(tidy), history)
                    .await
            }
        })
        .await?;
        let recorded = play.event.record_hand(&result, clock).map_err(|error| {
            format!("the coordinator's copy refused a hand the bank took: {error}")
        })?;
        let tidied = if play.event.is_over() {
            Tidied::default()
        } else {
            play.event.tidy(&idle, tidy.all, clock)
        };
        play.event.mark_prizes_paid();
        let busts = recorded
            .finishes
            .iter()
            .filter(|finish| finish.place > 1)
            .filter_map(|finish| {
                Some(EventBust {
                    user: play.event.entry(finish.seat)?.user,
                    place: finish.place,
                    prize: finish.prize,
                })
            })
            .collect();
        play.actors.recorded(table, result.number, busts).await;
        self.tell(EventNotice::HandRecorded {
            table,
            channel: play.channels.get(&table).copied().unwrap_or(TableId(0)),
            number: result.number,
        });
        self.tell_tidied(play, &tidied, &recorded.finishes);
        Ok(())
    }
}
