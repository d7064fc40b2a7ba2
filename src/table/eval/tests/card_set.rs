//! [`CardSet`]'s operations, the bit layout of a card and the key's bits that send a hand
//! to the bit evaluators.

use super::*;

#[test]
fn a_card_is_one_bit_suit_lanes_of_sixteen_deuce_lowest() {
    assert_eq!(card_bit(Card::new(Rank::Two, Suit::Clubs)), 1);
    assert_eq!(card_bit(Card::new(Rank::Ace, Suit::Clubs)), 1 << 12);
    assert_eq!(card_bit(Card::new(Rank::Two, Suit::Diamonds)), 1 << 16);
    assert_eq!(card_bit(Card::new(Rank::Five, Suit::Hearts)), 1 << 35);
    assert_eq!(card_bit(Card::new(Rank::Ace, Suit::Spades)), 1 << 60);
    for card in Card::all() {
        let expected =
            1u64 << (16 * u32::from(card.suit.index()) + u32::from(card.rank.value()) - 2);
        assert_eq!(card_bit(card), expected, "{card}");
        let mut lanes = [0u32; 4];
        lanes[usize::from(card.suit.index())] = 1 << (card.rank.value() - 2);
        assert_eq!(suit_masks(card_bit(card)), lanes, "{card}");
    }
    let all = bits_of(&Card::all().collect::<Vec<_>>());
    assert_eq!(all, 0x1FFF_1FFF_1FFF_1FFF);
    assert_eq!(suit_masks(all), [0x1FFF; 4]);
    assert_eq!(suit_masks(u64::MAX), [0x1FFF; 4]);
    assert_eq!(bits_of(&cards("2c 2c As")), 1 | 1 << 60);
    assert_eq!(bits_of(&[]), 0);
    assert_eq!(suit_masks(0x0003_0000_0010_1001), [0x1001, 0x10, 0, 3]);
}

#[test]
fn a_card_set_counts_a_card_added_twice_once() {
    let ace = Card::new(Rank::Ace, Suit::Spades);
    let twice = CardSet::from_cards(&[ace, ace]);
    assert_eq!(twice, CardSet::from_cards(&[ace]));
    assert_eq!(twice.len(), 1);
    let mut set = CardSet::EMPTY;
    set.insert(ace);
    set.insert(ace);
    assert_eq!(set, twice);
    let hand = cards("As Ad Ac 2h 3h");
    let mut doubled = hand.clone();
    doubled.extend(hand.iter().copied());
    assert_eq!(CardSet::from_cards(&doubled), CardSet::from_cards(&hand));
    assert_eq!(
        CardSet::from_cards(&doubled).high().to_string(),
        "Three of a kind, aces"
    );
}

#[test]
fn an_empty_card_set_holds_nothing() {
    assert_eq!(CardSet::default(), CardSet::EMPTY);
    assert!(CardSet::EMPTY.is_empty());
    assert_eq!(CardSet::EMPTY.len(), 0);
    assert!(Card::all().all(|card| !CardSet::EMPTY.contains(card)));
    assert_eq!(CardSet::EMPTY.high(), HighValue(0));
    assert_eq!(CardSet::EMPTY.low(), None);
    assert!(!CardSet::from_cards(&cards("2c")).is_empty());
}

#[test]
fn a_card_set_knows_its_cards_and_how_many_of_each_rank() {
    let hand = cards("As Ad Ac Ah 7h 7c 2d");
    let set = CardSet::from_cards(&hand);
    assert_eq!(set.len(), 7);
    for card in Card::all() {
        assert_eq!(set.contains(card), hand.contains(&card), "{card}");
    }
    for rank in Rank::ALL {
        let expected = hand.iter().filter(|card| card.rank == rank).count();
        assert_eq!(usize::from(set.count_of_rank(rank)), expected, "{rank:?}");
    }
    let full = CardSet::from_cards(&Card::all().collect::<Vec<_>>());
    assert_eq!(full.len(), 52);
    assert!(Rank::ALL.iter().all(|&rank| full.count_of_rank(rank) == 4));
}

#[test]
fn a_key_says_when_it_cannot_answer_a_flush_or_more_than_seven_cards() {
    let key_of = |hand: &[Card]| {
        hand.iter()
            .fold(EMPTY_KEY, |key, &card| key + card_key(card))
    };
    let four_hearts = key_of(&cards("2h 5h 9h Kh As Ad Ac"));
    assert_eq!(four_hearts & KEY_NOT_ENOUGH, 0);
    assert_ne!(key_of(&cards("2h 5h 9h Kh Ah")) & KEY_NOT_ENOUGH, 0);
    assert_eq!(key_of(&cards("2h 5h 9h Kh Ah")) & KEY_PAST_SEVEN, 0);
    let seven = key_of(&cards("2c 3d 4h 5s 6c 7d 8h"));
    assert_eq!(seven & KEY_PAST_SEVEN, 0);
    assert_ne!(
        key_of(&cards("2c 3d 4h 5s 6c 7d 8h 9s")) & KEY_PAST_SEVEN,
        0
    );
    assert_eq!(
        CardSet::from_cards(&cards("2h 5h 9h Kh Ah"))
            .high()
            .to_string(),
        "Flush, ace high"
    );
}
