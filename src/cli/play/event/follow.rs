//! What the terminal follows of a multi-table event ([`Follow`]): the table you sit at (its
//! board through an ordinary play session, moved with you), your moves, every player out with
//! their place and prize, each new level, hand-for-hand, and the places at the end.

use crate::bank::{Bank, TableId, TournamentId, UserId};
use crate::cli::play::session::{Game, PlaySession};
use crate::cli::play::{GUILD, YOU, name_of, say};
use crate::lobby::event::EventNotice;
use crate::lobby::{Lobby, NoticeReceiver};
use crate::render::{Locale, tr};
use crate::tournament::multi::EventSettings;

pub(super) async fn next_table_notice(
    notices: &mut Option<NoticeReceiver>,
) -> Option<crate::lobby::Notice> {
    match notices {
        Some(notices) => notices.recv().await,
        None => std::future::pending().await,
    }
}

/// What the terminal follows of the event: the table you sit at and the news.
pub(super) struct Follow {
    locale: Locale,
    lobby: Lobby,
    bank: Bank,
    id: TournamentId,
    settings: EventSettings,
    pub(super) session: Option<PlaySession>,
    pub(super) table_notices: Option<NoticeReceiver>,
    /// The table you sit at and its channel.
    at: Option<(u32, TableId)>,
    level: Option<usize>,
    /// The players whose finish was told.
    told_out: std::collections::BTreeSet<UserId>,
    /// You were dealt in your table's last hand and its result is not shown yet.
    result_pending: bool,
    /// You came to a table and were not dealt there yet.
    before_your_hand: bool,
    /// Who was dealt in the last hand of your table.
    dealt_here: Vec<UserId>,
    /// The table your seat was last told at.
    seat_told: Option<u32>,
    round: Option<u64>,
    /// You are out: the event plays on to its end.
    pub(super) out: bool,
}

impl Follow {
    pub(super) fn new(
        locale: Locale,
        lobby: &Lobby,
        bank: &Bank,
        record: &crate::bank::EventRecord,
    ) -> Follow {
        Follow {
            locale,
            lobby: lobby.clone(),
            bank: bank.clone(),
            id: record.id,
            settings: record.settings.clone(),
            session: None,
            table_notices: None,
            at: None,
            level: None,
            seat_told: None,
            dealt_here: Vec::new(),
            result_pending: false,
            before_your_hand: false,
            told_out: std::collections::BTreeSet::new(),
            round: None,
            out: false,
        }
    }

    fn name(&self, user: UserId) -> String {
        name_of(self.locale)(user)
    }

    /// Tells an event notice; answers whether the event has ended.
    pub(super) async fn event_notice(&mut self, notice: EventNotice) -> anyhow::Result<bool> {
        let locale = self.locale;
        match notice {
            EventNotice::HandDealt {
                table,
                channel,
                level,
                round,
                dealt,
                ..
            } => {
                self.say_level(level);
                if round.is_some() && self.round.is_none() {
                    say(&tr(locale, "event-hand-for-hand", &[]));
                }
                self.round = round;
                if dealt.contains(&YOU) && self.at.map(|(_, at)| at) != Some(channel) {
                    self.sit_at(table, channel).await?;
                }
                if self.at.map(|(_, at)| at) == Some(channel) {
                    self.result_pending = dealt.contains(&YOU);
                    self.dealt_here = dealt;
                }
            }
            EventNotice::Moved {
                user,
                from,
                to,
                chair,
                ..
            } if user == YOU => {
                self.seat_told = Some(to);
                let seat = chair + 1;
                match from {
                    // The final table draws every chair again, yours too.
                    Some(from) if from == to => say(&tr(
                        locale,
                        "play-event-final-table",
                        &[("table", to.into()), ("seat", seat.into())],
                    )),
                    Some(from) => say(&tr(
                        locale,
                        "play-event-moved",
                        &[
                            ("from", from.into()),
                            ("to", to.into()),
                            ("seat", seat.into()),
                        ],
                    )),
                    None => say(&tr(
                        locale,
                        "event-status-seat",
                        &[("table", to.into()), ("seat", seat.into())],
                    )),
                }
            }
            EventNotice::TableClosed { table, .. }
                if self.at.is_some_and(|(at, _)| at == table) =>
            {
                say(&tr(
                    locale,
                    "play-event-table-broken",
                    &[("table", table.into())],
                ));
            }
            EventNotice::Out { user, place, prize } => self.player_out(user, place, prize),
            EventNotice::Over { places } => {
                self.say_places(&places).await?;
                return Ok(true);
            }
            EventNotice::Halted { reason } => {
                say(&reason);
                return Ok(true);
            }
            EventNotice::Cancelled { .. } => return Ok(true),
            _ => {}
        }
        Ok(false)
    }

    /// A player out: their place and prize (yours in your words); each told once.
    fn player_out(&mut self, user: UserId, place: usize, prize: u64) {
        let locale = self.locale;
        match () {
            // A player out is told once, however often the coordinator tells it.
            _ if !self.told_out.insert(user) => {}
            // Your table's result tells who it put out.
            _ if user != YOU && self.dealt_here.contains(&user) => {}
            _ if user != YOU => {
                let text = if prize == 0 {
                    tr(
                        locale,
                        "play-tournament-out",
                        &[("name", self.name(user).into()), ("place", place.into())],
                    )
                } else {
                    tr(
                        locale,
                        "tournament-out-paid",
                        &[
                            ("name", self.name(user).into()),
                            ("place", place.into()),
                            ("prize", prize.into()),
                        ],
                    )
                };
                say(&text);
            }
            _ => {
                self.out = true;
                self.dealt_here.clear();
                let id = if prize == 0 {
                    "play-event-your-finish"
                } else {
                    "play-event-your-prize"
                };
                say(&tr(
                    locale,
                    id,
                    &[("place", place.into()), ("prize", prize.into())],
                ));
                // Your table deals on without you: its board is no longer yours to watch.
                self.session = None;
                self.table_notices = None;
                self.at = None;
            }
        }
    }

    /// Each new level, once.
    fn say_level(&mut self, level: usize) {
        let locale = self.locale;
        if self.level == Some(level) {
            return;
        }
        self.level = Some(level);
        if let Some(stakes) = self
            .settings
            .structure
            .levels()
            .get(level)
            .map(|level| level.stakes)
        {
            say(&tr(
                locale,
                "event-level",
                &[
                    ("level", (level + 1).into()),
                    ("ante", stakes.ante.into()),
                    ("bring_in", stakes.bring_in.into()),
                    ("small_bet", stakes.small_bet.into()),
                    ("big_bet", stakes.big_bet.into()),
                ],
            ));
        }
    }

    /// The event's end: every place and prize, and your balance.
    async fn say_places(&self, places: &[crate::lobby::event::EventPlace]) -> anyhow::Result<()> {
        let locale = self.locale;
        say(&tr(
            locale,
            "play-event-over",
            &[("event", self.id.0.into())],
        ));
        for place in places {
            say(&tr(
                locale,
                "play-tournament-place",
                &[
                    ("place", place.place.into()),
                    ("name", self.name(place.user).into()),
                    ("chips", place.prize.into()),
                ],
            ));
        }
        let balance = self.bank.balance(GUILD, YOU).await?;
        say(&tr(
            locale,
            "play-final-balance",
            &[("balance", balance.into())],
        ));
        Ok(())
    }

    /// Shows what the table you sit at tells; at a table you just came to, from the first
    /// hand you are dealt (the hand it was playing is others' news).
    pub(super) async fn table_notice(
        &mut self,
        notice: &crate::lobby::Notice,
    ) -> anyhow::Result<()> {
        use crate::lobby::NoticeBody;
        if self.before_your_hand {
            match &notice.body {
                NoticeBody::Cards(cards) if cards.user == YOU => self.before_your_hand = false,
                NoticeBody::Board(board) if board.players.contains(&YOU) => {
                    self.before_your_hand = false;
                }
                _ => return Ok(()),
            }
        }
        if matches!(notice.body, NoticeBody::HandResult(_)) {
            self.result_pending = false;
        }
        if let Some(session) = self.session.as_mut() {
            session.show(notice).await?;
        }
        Ok(())
    }

    /// The rest of what the table you leave tells (the result of your last hand there,
    /// told once the bank recorded it), for a moment at most.
    async fn finish_last_table(&mut self) -> anyhow::Result<()> {
        let (Some(mut notices), Some(session)) = (self.table_notices.take(), self.session.as_mut())
        else {
            return Ok(());
        };
        if !self.result_pending {
            return Ok(());
        }
        self.result_pending = false;
        let wait = std::time::Duration::from_millis(300);
        while let Ok(Some(notice)) = tokio::time::timeout(wait, notices.recv()).await {
            session.show(&notice).await?;
            if matches!(notice.body, crate::lobby::NoticeBody::HandResult(_)) {
                break;
            }
        }
        Ok(())
    }

    /// Follows you to table `table` in `channel`: its board and turns from now on.
    async fn sit_at(&mut self, table: u32, channel: TableId) -> anyhow::Result<()> {
        // The coordinator tells a hand dealt just before it opens the table's actor.
        let mut handle = self.lobby.table(channel);
        for _ in 0..200 {
            if handle.is_ok() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
            handle = self.lobby.table(channel);
        }
        let Ok(handle) = handle else {
            // Closed meanwhile: the next hand you are dealt is followed.
            self.finish_last_table().await?;
            return Ok(());
        };
        // Listening to the new table before the old one's last words: its hand is not missed.
        let notices = handle.subscribe().await?;
        self.finish_last_table().await?;
        self.table_notices = Some(notices);
        let game = Game::SitAndGo {
            id: self.id,
            channel,
            over: false,
            event_table: Some(table),
        };
        self.session = Some(PlaySession::new(
            self.locale,
            &handle,
            &self.lobby,
            &self.bank,
            game,
            Box::new(name_of(self.locale)),
        ));
        self.at = Some((table, channel));
        self.before_your_hand = true;
        // Your first seat may have been drawn before this session listened to the event.
        if self.seat_told != Some(table) {
            self.seat_told = Some(table);
            let status = handle.status().await?;
            if let Some(seat) = status.seats.iter().find(|seat| seat.user == YOU) {
                say(&tr(
                    self.locale,
                    "event-status-seat",
                    &[("table", table.into()), ("seat", (seat.chair + 1).into())],
                ));
            }
        }
        Ok(())
    }
}
