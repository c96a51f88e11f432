//! Physical card sets of one 52-card deck (FK-1), held as a bit mask grouped by
//! Fifty-K rank so that each rank's suits are one 4-bit nibble.
//!
//! Fifty-K ranks, low to high (FK-10..FK-16): 3 4 5 6 7 8 9 T J Q K A 2 as 0..12;
//! sequences use 0..=11 (3..A) only. Bit `4 * rank + suit` holds the card, suits
//! s, h, c, d as 0..3.

use crate::card::{Card, Rank, Suit};

use super::error::FkError;

/// Number of Fifty-K ranks.
pub const RANKS: u8 = 13;
/// Highest rank a sequence may use: the ace (a 2 never takes part, FK-11..FK-13).
pub const TOP_SEQUENCE_RANK: u8 = 11;
/// The 5, T and K of a fifty-K (FK-16), as Fifty-K ranks.
pub const FIVE: u8 = 2;
pub const TEN: u8 = 7;
pub const KING: u8 = 10;

/// The Fifty-K rank (0 = 3 … 11 = A, 12 = 2) of a card rank.
pub const fn fk_rank(rank: Rank) -> u8 {
    (rank.0 + 12) % 13
}

/// The card rank of a Fifty-K rank.
pub fn card_rank(fk: u8) -> Rank {
    Rank((fk + 1) % 13)
}

/// `CARD_BITS[card index]`: the card's bit in a [`CardSet`]; 0 for the jokers.
const CARD_BITS: [u64; crate::card::NUM_CARDS] = {
    let mut bits = [0u64; crate::card::NUM_CARDS];
    let mut i = 0;
    while i < 52 {
        let (suit, rank) = (i as u8 / 13, i as u8 % 13);
        bits[i] = 1 << (4 * fk_rank(Rank(rank)) + suit);
        i += 1;
    }
    bits
};

/// A set of physical cards from one deck without jokers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(pub u64);

impl CardSet {
    /// The set of `cards`; a joker or a card listed twice is an error (FK-1).
    pub fn from_cards(cards: &[Card]) -> Result<CardSet, FkError> {
        let mut set = CardSet::default();
        for &card in cards {
            set.insert(card)?;
        }
        Ok(set)
    }

    /// Adds `card`; a joker or a card already in the set is an error (FK-1).
    #[inline]
    pub fn insert(&mut self, card: Card) -> Result<(), FkError> {
        let bit = CARD_BITS[card.index()];
        if bit == 0 {
            return Err(FkError::Joker(card));
        }
        if self.0 & bit != 0 {
            return Err(FkError::Duplicate(card));
        }
        self.0 |= bit;
        Ok(())
    }

    /// The suits held at Fifty-K rank `rank`, as a 4-bit mask (bit = suit).
    #[inline]
    pub fn suits(self, rank: u8) -> u8 {
        ((self.0 >> (4 * rank)) & 0xF) as u8
    }

    /// How many cards of Fifty-K rank `rank` the set holds.
    #[inline]
    pub fn count(self, rank: u8) -> u8 {
        self.suits(rank).count_ones() as u8
    }

    /// The suit masks of all 13 ranks.
    pub fn rank_suits(self) -> [u8; RANKS as usize] {
        std::array::from_fn(|r| self.suits(r as u8))
    }

    /// The set holding `suits` at `rank` and nothing else.
    #[inline]
    pub fn at(rank: u8, suits: u8) -> CardSet {
        CardSet((suits as u64) << (4 * rank))
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The first card (in [`CardSet::cards`] order) that both sets hold, if any.
    pub fn first_common(self, other: CardSet) -> Option<Card> {
        let both = self.0 & other.0;
        (both != 0).then(|| bit_card(both.trailing_zeros()))
    }

    /// The cards, Fifty-K rank ascending, suits s, h, c, d within a rank.
    pub fn cards(self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len() as usize);
        let mut bits = self.0;
        while bits != 0 {
            out.push(bit_card(bits.trailing_zeros()));
            bits &= bits - 1;
        }
        out
    }
}

fn bit_card(bit: u32) -> Card {
    Card::new(card_rank((bit / 4) as u8), Suit((bit % 4) as u8))
}

/// Pascal's triangle up to 13: `BINOMIALS[n][k]` = C(n, k).
const BINOMIALS: [[u64; 14]; 14] = {
    let mut t = [[0u64; 14]; 14];
    let mut n = 0;
    while n < 14 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// C(n, k) for the small numbers this module needs (n ≤ 13; 0 when k > n).
#[inline]
pub const fn binomial(n: u32, k: u32) -> u64 {
    if n > 13 || k > n {
        0
    } else {
        BINOMIALS[n as usize][k as usize]
    }
}

/// Position of a suit mask among the masks with as many suits, in ascending mask
/// order (e.g. the six pairs `sh sc hc sd hd cd` are 0..5): a suit choice's digit.
pub const SUIT_CHOICE_INDEX: [u8; 16] = {
    let mut index = [0u8; 16];
    let mut seen = [0u8; 5];
    let mut mask = 0;
    while mask < 16 {
        let k = (mask as u32).count_ones() as usize;
        index[mask] = seen[k];
        seen[k] += 1;
        mask += 1;
    }
    index
};

/// For each suit mask and width 0..=4, its submasks with that many suits in
/// ascending order (so their [`SUIT_CHOICE_INDEX`] ascends too), and how many.
const SUIT_CHOICES: [[([u8; 6], u8); 5]; 16] = {
    let mut table = [[([0u8; 6], 0u8); 5]; 16];
    let mut suits = 0;
    while suits < 16 {
        let mut m = 0;
        while m < 16 {
            if m & !suits == 0 {
                let w = (m as u32).count_ones() as usize;
                let (masks, len) = &mut table[suits][w];
                masks[*len as usize] = m as u8;
                *len += 1;
            }
            m += 1;
        }
        suits += 1;
    }
    table
};

/// The ways to pick `width` of the suits in `suits`, ascending.
#[inline]
pub fn suit_choices(suits: u8, width: u8) -> &'static [u8] {
    let (masks, len) = &SUIT_CHOICES[suits as usize][width as usize];
    &masks[..*len as usize]
}

/// The suit mask with `width` suits whose [`SUIT_CHOICE_INDEX`] is `index`.
pub fn suit_choice(width: u8, index: u8) -> Option<u8> {
    (0u8..16).find(|&m| m.count_ones() == width as u32 && SUIT_CHOICE_INDEX[m as usize] == index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, BJ};

    fn set(text: &str) -> Result<CardSet, FkError> {
        CardSet::from_cards(&parse_cards(text).unwrap())
    }

    #[test]
    fn fk_1_rank_order_puts_two_on_top() {
        let order: String = (0..13).map(|r| card_rank(r).letter()).collect();
        assert_eq!(order, "3456789TJQKA2");
        for r in 0..13 {
            assert_eq!(fk_rank(card_rank(r)), r);
        }
    }

    #[test]
    fn fk_1_joker_and_duplicate_are_errors() {
        assert_eq!(set("5h BJ"), Err(FkError::Joker(BJ)));
        let dup = set("5h Ks 5h").unwrap_err();
        assert_eq!(
            dup.to_string(),
            "5h appears twice: Fifty-K uses one deck, so each card is unique (FK-1)"
        );
    }

    #[test]
    fn cards_come_out_rank_ascending() {
        let s = set("2s Ad 3c 3s Th").unwrap();
        let text = crate::card::format_cards(&s.cards());
        assert_eq!(text, "3s 3c Th Ad 2s");
        assert_eq!(s.count(0), 2);
        assert_eq!(s.suits(0), 0b0101);
        assert_eq!(s.len(), 5);
    }

    #[test]
    fn suit_choice_index_counts_within_width() {
        let pairs = suit_choices(0xF, 2).to_vec();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        for (i, &m) in pairs.iter().enumerate() {
            assert_eq!(SUIT_CHOICE_INDEX[m as usize] as usize, i);
            assert_eq!(suit_choice(2, i as u8), Some(m));
        }
        assert_eq!(suit_choices(0b1011, 3), &[0b1011]);
        assert_eq!(suit_choices(0b0110, 1), &[0b0010, 0b0100]);
        assert_eq!(binomial(13, 6), 1716);
        assert_eq!(binomial(4, 5), 0);
    }
}
