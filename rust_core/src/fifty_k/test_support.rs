//! Helpers for the unit tests: card text to sets, and a small seeded generator.

use super::cardset::CardSet;
use super::combo::{classify, Combo, Kind};
use super::pile::Pile;
use crate::card::{parse_cards, Card, Counts, BJ, LJ};

/// The set of the cards in `text`; panics on bad text (tests only).
pub fn set(text: &str) -> CardSet {
    CardSet::from_cards(&parse_cards(text).expect("card text")).expect("one-deck cards")
}

/// `text` read as a lead (FK-17), which must be a combination.
pub fn combo(text: &str) -> Combo {
    classify(set(text), None).unwrap_or_else(|| panic!("{text} is not a combination"))
}

/// The kind name of `text` read as a lead, or "none".
pub fn kind_of(text: &str) -> &'static str {
    classify(set(text), None).map_or("none", |c| c.kind.name())
}

/// `text` read as `kind`.
pub fn combo_as(text: &str, kind: Kind) -> Option<Combo> {
    classify(set(text), Some(kind))
}

/// xorshift64*: a seeded generator for property tests without dependencies.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// `n` distinct cards of one deck, as a set.
    pub fn hand(&mut self, n: u32) -> CardSet {
        let mut bits = 0u64;
        while bits.count_ones() < n {
            bits |= 1 << self.below(52);
        }
        CardSet(bits)
    }

    /// A random subset of `from`.
    pub fn subset(&mut self, from: CardSet) -> CardSet {
        CardSet(from.0 & self.next())
    }
}

/// A random hand of `size` cards from `decks` decks, from a few ranks so that
/// combinations are common.
pub fn random_hand(rng: &mut Rng, decks: u8, size: usize) -> Pile {
    let mut counts = Counts::default();
    let mut cards = Vec::new();
    let ranks = ["3", "4", "5", "6", "7", "T", "K", "2"];
    while cards.len() < size {
        let card = if rng.below(12) == 0 {
            [LJ, BJ][rng.below(2) as usize]
        } else {
            let r = ranks[rng.below(ranks.len() as u64) as usize];
            let s = ["s", "h", "c", "d"][rng.below(4) as usize];
            Card::parse(&format!("{r}{s}")).unwrap()
        };
        if counts.get(card) < decks {
            counts.add(card, 1);
            cards.push(card);
        }
    }
    Pile::from_cards(&cards, decks).unwrap()
}

/// The play of the hand of `seed` with `decks` decks and `players` players, as dealt
/// (FKO-24).
pub fn dealt_piles(decks: u8, players: usize, seed: u64) -> super::pile_turns::PilePlay {
    let deal = crate::phases::fifty_k_deal_decks(seed, players, decks, None, None).unwrap();
    let hands = deal
        .hands
        .iter()
        .map(|h| Pile::from_cards(h, decks).unwrap())
        .collect();
    super::pile_turns::PilePlay::new(hands, deal.leader, super::FkRules::default()).unwrap()
}

/// `play` after up to `plays` more random legal actions drawn from `seed` (fewer when
/// the hand ends first).
pub fn random_pile_plays(play: &mut super::pile_turns::PilePlay, plays: u64, seed: u64) {
    let mut rng = crate::rng::Rng::new(seed);
    for _ in 0..plays {
        if play.is_done() {
            break;
        }
        let n = play.num_legal();
        play.apply_legal(rng.below(n)).unwrap();
    }
}
