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
/// the leader (the seat the first `3h` was dealt to: with one deck its holder).
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
    fifty_k_deal_decks(seed, players, 1, scripted, first_seat)
}

/// FKO-23: the players `decks` decks are for: 3 or 4 with one deck (FK-1), 4 to 8 with
/// two to four.
pub fn fifty_k_check_table(players: usize, decks: u8) -> Result<(), String> {
    match decks {
        1 if !(3..=4).contains(&players) => Err(format!(
            "option players must be 3 or 4 (FK-1), not {players}"
        )),
        2..=4 if !(4..=8).contains(&players) => Err(format!(
            "option players must be 4 to 8 with {decks} decks (FKO-23), not {players}"
        )),
        1..=4 => Ok(()),
        _ => Err(format!("option decks must be 1 to 4 (FKO-20), not {decks}")),
    }
}

/// A Fifty-K deal of `decks` decks (FK-1, FK-2; FKO-22..FKO-24 from two decks on): every
/// card dealt from the seat of the first card, the leader the seat the first `3h` was
/// dealt to. The randomness in order: the shuffle (without a scripted deck), then, with
/// no `first_seat`, the first card's seat: seat 0 with one deck and four players,
/// `below(players)` otherwise (with one deck and three players FK-1's `below(3)`).
pub fn fifty_k_deal_decks(
    seed: u64,
    players: usize,
    decks: u8,
    scripted: Option<&str>,
    first_seat: Option<usize>,
) -> Result<FiftyKDeal, String> {
    fifty_k_check_table(players, decks)?;
    if first_seat.is_some_and(|s| s >= players) {
        return Err(format!("first_seat must be a seat 0..{}", players - 1));
    }
    let mut rng = Rng::new(seed);
    let full = if decks == 1 {
        fifty_k_full_deck()
    } else {
        trick_deck(decks)
    };
    let deck = make_deck(&full, scripted, &mut rng)?;
    let first = first_seat.unwrap_or_else(|| {
        if decks == 1 && players == 4 {
            0
        } else {
            rng.below(players as u64) as usize
        }
    });
    let (hands, _) = deal_all(&deck, players, 0, first);
    let three_h = Card::parse("3h").expect("a card");
    let position = deck
        .iter()
        .position(|&c| c == three_h)
        .expect("FK-2: the deck holds 3h");
    Ok(FiftyKDeal {
        deck,
        first,
        hands,
        leader: (first + position) % players,
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

    #[test]
    fn fko_23_which_players_each_number_of_decks_is_for() {
        for decks in 1..=4u8 {
            for players in 2..=9 {
                let ok = match decks {
                    1 => (3..=4).contains(&players),
                    _ => (4..=8).contains(&players),
                };
                let result = fifty_k_deal_decks(1, players, decks, None, None);
                assert_eq!(result.is_ok(), ok, "{decks} decks, {players} players");
            }
        }
        let err = fifty_k_check_table(3, 2).unwrap_err();
        assert_eq!(
            err,
            "option players must be 4 to 8 with 2 decks (FKO-23), not 3"
        );
        let err = fifty_k_check_table(4, 5).unwrap_err();
        assert_eq!(err, "option decks must be 1 to 4 (FKO-20), not 5");
        assert!(fifty_k_check_table(5, 1).unwrap_err().contains("(FK-1)"));
    }

    #[test]
    fn fko_24_every_card_dealt_from_a_drawn_seat() {
        // FKO-24's table: the smallest and largest hand of each number of decks and players.
        let sizes = [
            (2, [(27, 27), (21, 22), (18, 18), (15, 16), (13, 14)]),
            (3, [(40, 41), (32, 33), (27, 27), (23, 24), (20, 21)]),
            (4, [(54, 54), (43, 44), (36, 36), (30, 31), (27, 27)]),
        ];
        let three_h = Card::parse("3h").unwrap();
        let mut firsts = std::collections::BTreeSet::new();
        for (decks, row) in sizes {
            for (players, (low, high)) in (4..=8).zip(row) {
                for seed in 0..8 {
                    let deal = fifty_k_deal_decks(seed, players, decks, None, None).unwrap();
                    firsts.insert(deal.first);
                    let lens: Vec<usize> = deal.hands.iter().map(Vec::len).collect();
                    let (min, max) = (*lens.iter().min().unwrap(), *lens.iter().max().unwrap());
                    assert_eq!((min, max), (low, high), "{decks} decks, {players} players");
                    assert_eq!(
                        lens[deal.first], high,
                        "the first seat dealt holds the most"
                    );
                    let mut all: Vec<Card> = deal.hands.concat();
                    all.sort();
                    let mut full = trick_deck(decks);
                    full.sort();
                    assert_eq!(all, full, "every card dealt, once per deck");
                    let i = deal.deck.iter().position(|&c| c == three_h).unwrap();
                    assert_eq!(deal.hands[deal.leader][i / players], three_h);
                    assert_eq!(deal.leader, (deal.first + i) % players);
                }
            }
        }
        assert!(firsts.len() > 4, "the first seat is drawn: {firsts:?}");
    }

    #[test]
    fn fko_21_one_deck_deals_as_fk_1() {
        // The leader is the holder of the one 3h, and a scripted first seat is kept.
        for seed in 0..50 {
            for players in [3, 4] {
                let deal = fifty_k_deal(seed, players, None, None).unwrap();
                let holder = deal
                    .hands
                    .iter()
                    .position(|h| h.contains(&Card::parse("3h").unwrap()));
                assert_eq!(Some(deal.leader), holder);
                if players == 4 {
                    assert_eq!(deal.first, 0);
                }
            }
        }
        assert_eq!(fifty_k_deal(1, 4, None, Some(2)).unwrap().first, 2);
    }
}
