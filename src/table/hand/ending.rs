//! How a hand ends: to the only player left, or at the showdown (who shows, who wins each
//! pot and each half), and its result.

use crate::table::card::Card;
use crate::table::eval::{CardSet, HighValue};
use crate::table::odd_chip::OddChipOrder;
use crate::table::pot::build_pots;
use crate::table::pot_division::{NO_CONTENDER, split_pot};
use crate::table::seats::MAX_SEATS;
use crate::table::showdown::{contender, show_or_muck, showing_order};
use crate::table::vocab::HAND_CARDS;
use crate::table::vocab::{Event, PotAward, SeatIndex, SeatState, Street, record};

use super::{Hand, HandResult};

impl Hand {
    pub(super) fn finish_uncontested(&mut self) {
        self.end_round();
        let seats = &mut self.state.seats;
        let Some(winner) = (0..seats.count).find(|&s| seats.is_live(s)) else {
            return;
        };
        let amount = seats.pot();
        seats.stack[winner] = seats.stack[winner].saturating_add(amount);
        seats.committed = [0; MAX_SEATS];
        seats.street_bet = [0; MAX_SEATS];
        seats.acted = [None; MAX_SEATS];
        let award = PotAward {
            pot: 0,
            amount,
            eligible: vec![winner],
            high: vec![(winner, amount)],
            low: Vec::new(),
            uncontested: true,
        };
        self.events.push(Event::PotAwarded(Box::new(award.clone())));
        self.finish(vec![award], Vec::new());
    }

    pub(super) fn own_cards(&self, seat: SeatIndex) -> Vec<Card> {
        // Sized for a whole hand up front: collecting the cards (an iterator of unknown
        // length) would start at four and reallocate for the fifth.
        let mut cards = Vec::with_capacity(HAND_CARDS);
        cards.extend(self.state.dealt.all(seat));
        cards
    }

    pub(super) fn showdown(&mut self) {
        self.state.street = Street::Showdown;
        self.state.to_act = None;
        record(&mut self.events, || Event::StreetStarted {
            street: Street::Showdown,
            first_to_act: None,
        });
        let seats = self.state.seats;
        let community = self.state.community;
        // At most one contender per seat: fixed buffers, no allocation.
        let mut contenders = [NO_CONTENDER; MAX_SEATS];
        // What each contender's cards make for high and eight-or-better low, whether the
        // game plays them or not: the `Shown` event names them.
        let mut made = [(HighValue(0), None); MAX_SEATS];
        let mut contender_count = 0;
        let pot_rule = self.game.pot_rule();
        for seat in (0..seats.count).filter(|&s| seats.is_live(s)) {
            // Seven own cards, or six and the community card.
            let cards: CardSet = self.state.dealt.all(seat).chain(community).collect();
            contenders[contender_count] = contender(pot_rule, seat, cards);
            made[contender_count] = cards.high_low();
            contender_count += 1;
        }
        let contenders = &contenders[..contender_count];
        let pots = build_pots(&seats);
        let lead = self
            .state
            .showdown_lead
            .or_else(|| (0..seats.count).find(|&s| seats.is_live(s)))
            .unwrap_or(0);
        let order = showing_order(&seats, lead);
        let everyone_shows = (0..seats.count).any(|s| seats.state[s] == SeatState::AllIn);
        let decisions = show_or_muck(&order, contenders, &pots, everyone_shows);
        let mut shown_seats = Vec::with_capacity(decisions.len());
        let mut shown_hands = [NO_CONTENDER; MAX_SEATS];
        let mut shown_count = 0;
        for (seat, shows) in decisions {
            if shows {
                if let Some(index) = contenders.iter().position(|c| c.seat == seat) {
                    let (high, low) = made[index];
                    self.events.push(Event::Shown {
                        seat,
                        cards: self.own_cards(seat),
                        high,
                        low,
                    });
                    let contender = &contenders[index];
                    shown_hands[shown_count] = *contender;
                    shown_count += 1;
                }
                shown_seats.push(seat);
            } else {
                record(&mut self.events, || Event::Mucked { seat });
            }
        }
        let odd_chips = std::cell::OnceCell::new();
        let odd_chip_order = || {
            *odd_chips.get_or_init(|| {
                OddChipOrder::new(self.rules.odd_chip, &self.state.dealt, seats.count)
            })
        };
        let shown_hands = &shown_hands[..shown_count];
        let awards: Vec<PotAward> = pots
            .iter()
            .enumerate()
            .map(|(index, pot)| split_pot(index, pot, shown_hands, &odd_chip_order))
            .collect();
        let seats = &mut self.state.seats;
        for award in &awards {
            for &(seat, chips) in award.high.iter().chain(&award.low) {
                seats.stack[seat] = seats.stack[seat].saturating_add(chips);
            }
            self.events.push(Event::PotAwarded(Box::new(award.clone())));
        }
        seats.committed = [0; MAX_SEATS];
        seats.street_bet = [0; MAX_SEATS];
        seats.acted = [None; MAX_SEATS];
        self.finish(awards, shown_seats);
    }

    fn finish(&mut self, awards: Vec<PotAward>, shown: Vec<SeatIndex>) {
        self.state.to_act = None;
        let seats = &self.state.seats;
        let final_stacks = seats.stack[..seats.count].to_vec();
        self.events.push(Event::HandEnded {
            stacks: final_stacks.clone(),
        });
        self.result = Some(HandResult {
            game: self.game,
            starting_stacks: self.starting_stacks.clone(),
            final_stacks,
            awards,
            shown,
        });
    }
}
