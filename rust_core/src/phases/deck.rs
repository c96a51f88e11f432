//! Decks and deals (C-5, FK-1, FK-2): the full deck in its fixed order, a scripted deck
//! checked to hold exactly the game's cards, or a shuffle from the game's generator.

use crate::card::{parse_cards, Card, NUM_CARDS};
use crate::rng::Rng;

/// One deck without jokers (Fifty-K, FK-1): cards 0..52 in suit order s, h, c, d.
pub const FIFTY_K_DECK: usize = 52;

/// `decks` full decks with jokers, each in card order (s, h, c, d 2..A, then LJ, BJ).
pub fn trick_deck(decks: u8) -> Vec<Card> {
    (0..decks)
        .flat_map(|_| (0..NUM_CARDS).map(|i| Card(i as u8)))
        .collect()
}

/// Fifty-K's deck (FK-1).
pub fn fifty_k_full_deck() -> Vec<Card> {
    (0..FIFTY_K_DECK).map(|i| Card(i as u8)).collect()
}

/// C-5: the scripted deck must be exactly the game's cards; the error lists what is
/// missing (in deck order) and what is extra (in the order given).
pub fn check_deck(full: &[Card], given: &[Card]) -> Result<(), String> {
    let (mut want, mut got) = ([0u32; NUM_CARDS], [0u32; NUM_CARDS]);
    full.iter().for_each(|c| want[c.index()] += 1);
    given.iter().for_each(|c| got[c.index()] += 1);
    if want == got {
        return Ok(());
    }
    let mut missing: Vec<Card> = Vec::new();
    for &c in full {
        if got[c.index()] < want[c.index()] && !missing.contains(&c) {
            missing.push(c);
        }
    }
    let mut extra: Vec<Card> = Vec::new();
    for &c in given {
        if got[c.index()] > want[c.index()] && !extra.contains(&c) {
            extra.push(c);
        }
    }
    let list = |cs: &[Card]| {
        if cs.is_empty() {
            "none".to_string()
        } else {
            cs.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        }
    };
    Err(format!(
        "deck must hold exactly the game's {} cards; missing {}, extra {}",
        full.len(),
        list(&missing),
        list(&extra)
    ))
}

/// C-5: the scripted deck (text, checked), else `full` shuffled by `rng`.
pub fn make_deck(
    full: &[Card],
    scripted: Option<&str>,
    rng: &mut Rng,
) -> Result<Vec<Card>, String> {
    match scripted {
        None => {
            let mut deck = full.to_vec();
            rng.shuffle(&mut deck);
            Ok(deck)
        }
        Some(text) => {
            let given = parse_cards(text).map_err(|e| format!("deck: {e}"))?;
            check_deck(full, &given)?;
            Ok(given)
        }
    }
}

/// C-5: card i to seat (first + i) mod n until `n` hands are full; the last `kitty`
/// cards are the kitty. Hands keep the order their cards were dealt.
pub fn deal_all(
    deck: &[Card],
    n: usize,
    kitty: usize,
    first: usize,
) -> (Vec<Vec<Card>>, Vec<Card>) {
    let dealt = deck.len() - kitty;
    let mut hands = vec![Vec::with_capacity(dealt / n + 1); n];
    for (i, &c) in deck[..dealt].iter().enumerate() {
        hands[(first + i) % n].push(c);
    }
    (hands, deck[dealt..].to_vec())
}

/// A Fifty-K deal (FK-1, FK-2): the deck, the seat of the first card, the hands and
/// the leader (the holder of 3h).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiftyKDeal {
    pub deck: Vec<Card>,
    pub first: usize,
    pub hands: Vec<Vec<Card>>,
    pub leader: usize,
}

/// FK-1, FK-2: the game's randomness in order: the shuffle (without a scripted deck),
/// then with three players and no `first_seat` the seat of the first card, `below(3)`.
pub fn fifty_k_deal(
    seed: u64,
    players: usize,
    scripted: Option<&str>,
    first_seat: Option<usize>,
) -> Result<FiftyKDeal, String> {
    if !(3..=4).contains(&players) {
        return Err(format!(
            "option players must be 3 or 4 (FK-1), not {players}"
        ));
    }
    if first_seat.is_some_and(|s| s >= players) {
        return Err(format!("first_seat must be a seat 0..{}", players - 1));
    }
    let mut rng = Rng::new(seed);
    let deck = make_deck(&fifty_k_full_deck(), scripted, &mut rng)?;
    let first = first_seat.unwrap_or_else(|| {
        if players == 4 {
            0
        } else {
            rng.below(3) as usize
        }
    });
    let (hands, _) = deal_all(&deck, players, 0, first);
    let three_h = Card::parse("3h").expect("a card");
    let leader = hands
        .iter()
        .position(|h| h.contains(&three_h))
        .expect("FK-2: some seat holds 3h");
    Ok(FiftyKDeal {
        deck,
        first,
        hands,
        leader,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_5_scripted_deck_must_be_the_games_cards() {
        let full = trick_deck(2);
        let mut text: Vec<String> = full.iter().map(|c| c.to_string()).collect();
        assert!(make_deck(&full, Some(&text.join(" ")), &mut Rng::new(0)).is_ok());
        text[0] = "3s".into();
        let err = make_deck(&full, Some(&text.join(" ")), &mut Rng::new(0)).unwrap_err();
        assert_eq!(
            err,
            "deck must hold exactly the game's 108 cards; missing 2s, extra 3s"
        );
        let err = make_deck(&full, Some("2s 1x"), &mut Rng::new(0)).unwrap_err();
        assert!(err.starts_with("deck: '1x' is not a card"));
    }

    #[test]
    fn c_5_card_i_goes_to_seat_first_plus_i() {
        let deck = trick_deck(2);
        let (hands, kitty) = deal_all(&deck, 4, 8, 3);
        assert_eq!(hands[3][0], deck[0]);
        assert_eq!(hands[0][0], deck[1]);
        assert_eq!(kitty, deck[100..].to_vec());
        assert!(hands.iter().all(|h| h.len() == 25));
    }

    #[test]
    fn fk_1_fk_2_deal_and_leader() {
        let deal = fifty_k_deal(5, 3, None, None).unwrap();
        assert_eq!(deal.hands[deal.first].len(), 18);
        let three_h = Card::parse("3h").unwrap();
        assert!(deal.hands[deal.leader].contains(&three_h));
        let four = fifty_k_deal(5, 4, None, None).unwrap();
        assert_eq!(four.first, 0);
        assert!(four.hands.iter().all(|h| h.len() == 13));
    }
}
