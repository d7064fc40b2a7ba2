//! The cash table's computer players at the terminal: `play` drives them from outside the
//! table (their turns answered as their notices come, by `lobby::computer::ComputerPlayers`),
//! seats them, and seats them again when they go broke, so that a long game goes on.

use crate::bank::{Bank, UserId};
use crate::lobby::computer::ComputerPlayers;
use crate::lobby::{
    Departure, LobbyError, Notice, NoticeBody, TableHandle, TableMessage, TableStatus, TurnOffer,
};

use super::GUILD;

/// The computer players at the table, and where they sit down again.
pub(super) struct Players<'a> {
    pub(super) computers: ComputerPlayers,
    /// The user a new computer player is given.
    pub(super) next_bot: UserId,
    pub(super) seating: Seating<'a>,
}

impl Players<'_> {
    /// The computer player's turn `notice` offers, if it does (the session does not show it).
    pub(super) fn turn(&mut self, notice: &Notice) -> Option<TurnOffer> {
        self.computers.observe(notice).cloned()
    }

    /// Answers a computer player's turn (a refusal, of a turn gone stale meanwhile, is the
    /// table's to handle: it acts for a player whose time runs out).
    pub(super) async fn answer(&mut self, table: &TableHandle, offer: &TurnOffer) {
        let _ = self.computers.answer(table, offer).await;
    }

    /// Unless you are leaving, a result or a departure after which a broke computer player
    /// sits down again.
    pub(super) async fn take(&mut self, notice: &Notice, leaving: bool) -> anyhow::Result<()> {
        match &notice.body {
            NoticeBody::HandResult(_) if !leaving => {
                self.seating
                    .reseat_broke(&mut self.computers, &mut self.next_bot)
                    .await?;
            }
            NoticeBody::Table(TableMessage::Left { user, .. }) if !leaving => {
                self.seating
                    .left(*user, &mut self.computers, &mut self.next_bot)
                    .await?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// Seats a computer player; one whose balance has run too low is given nothing and skipped.
pub(super) async fn seat_computer_player(
    table: &TableHandle,
    bank: &Bank,
    bot: UserId,
    min_buy_in: u64,
    buy_in: u64,
) -> anyhow::Result<()> {
    let balance = bank.balance(GUILD, bot).await?;
    let amount = buy_in.min(balance);
    if amount < min_buy_in {
        return Ok(());
    }
    match table.join(bot, amount).await {
        Ok(_) | Err(LobbyError::AlreadySeated) => Ok(()),
        Err(error) => Err(error.into()),
    }
}

/// Where computer players sit down, and with what.
pub(super) struct Seating<'a> {
    pub(super) table: &'a TableHandle,
    pub(super) bank: &'a Bank,
    pub(super) min_buy_in: u64,
    pub(super) buy_in: u64,
    /// Broke computer players told to leave while a hand was being played: each sits down
    /// again once the table says it has gone.
    pub(super) leaving_after_hand: Vec<UserId>,
}

/// The computer players who are broke: seated with no chips and not dealt into the hand in
/// progress. The table's answer can be of a later hand than the result that asked, and a
/// computer all-in in that hand also has no chips behind: it is not broke, its hand decides.
fn broke_computers(status: &TableStatus, computers: &ComputerPlayers) -> Vec<UserId> {
    status
        .seats
        .iter()
        .filter(|seat| seat.stack == 0 && seat.hand_seat.is_none() && computers.plays(seat.user))
        .map(|seat| seat.user)
        .collect()
}

impl Seating<'_> {
    /// A computer player left with no chips buys in again, so that a long game goes on: it
    /// leaves its empty seat and sits down anew with a fresh buy-in from its balance; one
    /// whose balance cannot pay a buy-in is replaced by a new computer player, who starts
    /// with the starting balance as every new player does.
    async fn reseat_broke(
        &mut self,
        computers: &mut ComputerPlayers,
        next_bot: &mut UserId,
    ) -> anyhow::Result<()> {
        let status = match self.table.status().await {
            Ok(status) => status,
            Err(LobbyError::TableClosed { .. }) => return Ok(()),
            Err(error) => return Err(error.into()),
        };
        for bot in broke_computers(&status, computers) {
            if self.leaving_after_hand.contains(&bot) {
                continue;
            }
            match self.table.leave(bot).await {
                Ok(Departure::CashedOut(_) | Departure::SeatRequestWithdrawn)
                | Err(LobbyError::NotSeated) => {}
                // Its chair is free only once the hand ends: it sits down when it has left.
                Ok(Departure::AfterHand) => {
                    self.leaving_after_hand.push(bot);
                    continue;
                }
                Err(LobbyError::TableClosed { .. }) => return Ok(()),
                Err(error) => return Err(error.into()),
            }
            self.buy_in_again(bot, computers, next_bot).await?;
        }
        Ok(())
    }

    /// `user` has left the table: a broke computer player that waited for the hand to end
    /// sits down again now.
    async fn left(
        &mut self,
        user: UserId,
        computers: &mut ComputerPlayers,
        next_bot: &mut UserId,
    ) -> anyhow::Result<()> {
        let Some(at) = self.leaving_after_hand.iter().position(|bot| *bot == user) else {
            return Ok(());
        };
        self.leaving_after_hand.remove(at);
        self.buy_in_again(user, computers, next_bot).await
    }

    /// Seats `bot` anew from its balance, or a new computer player when that cannot pay.
    async fn buy_in_again(
        &mut self,
        bot: UserId,
        computers: &mut ComputerPlayers,
        next_bot: &mut UserId,
    ) -> anyhow::Result<()> {
        let bot = if self.bank.balance(GUILD, bot).await? >= self.min_buy_in {
            bot
        } else {
            let replacement = *next_bot;
            *next_bot = UserId(replacement.0.saturating_add(1));
            computers.add(replacement);
            replacement
        };
        seat_computer_player(self.table, self.bank, bot, self.min_buy_in, self.buy_in).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::{TABLE, YOU};
    use super::*;
    use crate::lobby::{SeatInfo, SeatStatus, SitOutReason, TableSettings};

    fn seat(chair: u8, user: UserId, stack: u64, hand_seat: Option<usize>) -> SeatInfo {
        SeatInfo {
            chair,
            user,
            stack,
            status: SeatStatus::Playing,
            hand_seat,
            away: false,
        }
    }

    fn status(hand_in_progress: bool, seats: Vec<SeatInfo>) -> TableStatus {
        TableStatus {
            guild: GUILD,
            table: TABLE,
            settings: TableSettings::default(),
            pending_settings: None,
            paused: false,
            stopping: false,
            hand: 10,
            hand_in_progress,
            settling: false,
            seats,
            board: None,
        }
    }

    /// A result can be read after the next hand was dealt: a computer all-in for that
    /// hand's ante has no chips behind, and was taken for broke, told to leave after the
    /// hand and refused its new seat (still seated): it left for good and the game stopped.
    #[test]
    fn a_computer_all_in_in_the_hand_being_played_is_not_taken_for_broke() {
        let (bot, other) = (UserId(2), UserId(3));
        let computers = ComputerPlayers::new([bot, other], 1);
        let all_in = status(
            true,
            vec![
                seat(0, YOU, 190, Some(0)),
                seat(1, bot, 0, Some(1)),
                seat(2, other, 90, Some(2)),
            ],
        );
        assert_eq!(broke_computers(&all_in, &computers), Vec::<UserId>::new());

        let mut busted = seat(1, bot, 0, None);
        busted.status = SeatStatus::SittingOut {
            reason: SitOutReason::Busted,
        };
        let sitting_out = status(
            true,
            vec![
                seat(0, YOU, 190, Some(0)),
                busted,
                seat(2, other, 90, Some(1)),
            ],
        );
        assert_eq!(broke_computers(&sitting_out, &computers), vec![bot]);
        // You are never reseated, broke or not.
        let between_hands = status(false, vec![seat(0, YOU, 0, None), seat(1, bot, 0, None)]);
        assert_eq!(broke_computers(&between_hands, &computers), vec![bot]);
    }
}
