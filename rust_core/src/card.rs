//! Cards and card text (C-1..C-3).
//!
//! A card is a small integer: `suit * 13 + rank` for the 52 suited cards (suits in
//! the order s, h, c, d; ranks 2..A as 0..12), then 52 = little joker, 53 = big
//! joker. Hands and plays are multisets, held as [`Counts`]: copies of a card are
//! indistinguishable (C-2).

use std::fmt;

/// Number of distinct cards in a deck with jokers.
pub const NUM_CARDS: usize = 54;
/// The little joker (小王).
pub const LJ: Card = Card(52);
/// The big joker (大王).
pub const BJ: Card = Card(53);

const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
const SUIT_CHARS: [char; 4] = ['s', 'h', 'c', 'd'];

/// A suit, in the order s, h, c, d (also the tie-break order of C-51).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Suit(pub u8);

impl Suit {
    pub const SPADES: Suit = Suit(0);
    pub const HEARTS: Suit = Suit(1);
    pub const CLUBS: Suit = Suit(2);
    pub const DIAMONDS: Suit = Suit(3);
    pub const ALL: [Suit; 4] = [Suit(0), Suit(1), Suit(2), Suit(3)];

    /// The suit's letter: `s`, `h`, `c` or `d`.
    pub fn letter(self) -> char {
        SUIT_CHARS[self.0 as usize]
    }

    /// Parses a suit letter or symbol (case-insensitive).
    pub fn parse(text: &str) -> Option<Suit> {
        let mut chars = text.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        suit_of_char(c)
    }

    /// The other suit of the same colour (h/d, s/c), as C-11's 副参谋 needs.
    pub fn same_colour(self) -> Suit {
        Suit(self.0 ^ 2)
    }

    /// English plural name, for messages.
    pub fn name(self) -> &'static str {
        ["spades", "hearts", "clubs", "diamonds"][self.0 as usize]
    }
}

/// A rank 2..A as 0..12.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(pub u8);

impl Rank {
    pub const TWO: Rank = Rank(0);
    pub const THREE: Rank = Rank(1);
    pub const FIVE: Rank = Rank(3);
    pub const TEN: Rank = Rank(8);
    pub const KING: Rank = Rank(11);
    pub const ACE: Rank = Rank(12);
    /// TRO-92: the no-trump level after A (Tractor's `final_level` "no_trump"), as the
    /// level of a hand: no rank is the level rank. Never the rank of a card.
    pub const NO_TRUMP_LEVEL: Rank = Rank(13);

    /// The rank's character: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub fn letter(self) -> char {
        RANK_CHARS[self.0 as usize]
    }

    /// A hand's level as text: the rank's letter, or `NT` for the no-trump level (TRO-92).
    pub fn level_text(self) -> String {
        if self == Rank::NO_TRUMP_LEVEL {
            "NT".to_string()
        } else {
            self.letter().to_string()
        }
    }

    /// Parses a hand's level: a rank as [`Rank::parse`] reads it, or `NT` (any case) for
    /// the no-trump level (TRO-92).
    pub fn parse_level(text: &str) -> Option<Rank> {
        if text.eq_ignore_ascii_case("NT") {
            return Some(Rank::NO_TRUMP_LEVEL);
        }
        Rank::parse(text)
    }

    /// Parses a rank (`2`..`9`, `T` or `10`, `J`, `Q`, `K`, `A`; case-insensitive).
    pub fn parse(text: &str) -> Option<Rank> {
        if text == "10" {
            return Some(Rank::TEN);
        }
        let mut chars = text.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        rank_of_char(c)
    }
}

/// One card; copies of the same card are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(pub u8);

impl Card {
    /// The suited card of `rank` and `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit.0 * 13 + rank.0)
    }

    /// The card with this index, if it is one (0..54).
    pub fn from_index(index: usize) -> Option<Card> {
        (index < NUM_CARDS).then_some(Card(index as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The printed suit; `None` for a joker.
    pub fn suit(self) -> Option<Suit> {
        (!self.is_joker()).then_some(Suit(self.0 / 13))
    }

    /// The rank; `None` for a joker.
    pub fn rank(self) -> Option<Rank> {
        (!self.is_joker()).then_some(Rank(self.0 % 13))
    }

    /// Point value (C-3): 5 → 5, T and K → 10, everything else 0.
    pub fn points(self) -> u32 {
        match self.rank() {
            Some(Rank::FIVE) => 5,
            Some(Rank::TEN) | Some(Rank::KING) => 10,
            _ => 0,
        }
    }

    /// Parses one card token (C-1): rank then suit, `10` for `T`, suit symbols
    /// before or after the rank, jokers `BJ`/`LJ`; case-insensitive.
    pub fn parse(token: &str) -> Result<Card, CardError> {
        let bad = || CardError {
            token: token.to_string(),
        };
        let upper = token.to_ascii_uppercase();
        match upper.as_str() {
            "BJ" => return Ok(BJ),
            "LJ" => return Ok(LJ),
            _ => {}
        }
        let chars: Vec<char> = token.chars().collect();
        if chars.len() < 2 {
            return Err(bad());
        }
        let first_is_symbol = matches!(chars[0], '♠' | '♥' | '♣' | '♦');
        let (suit_char, rank_text): (char, String) = if first_is_symbol {
            (chars[0], chars[1..].iter().collect())
        } else {
            (
                chars[chars.len() - 1],
                chars[..chars.len() - 1].iter().collect(),
            )
        };
        let suit = suit_of_char(suit_char).ok_or_else(bad)?;
        let rank = Rank::parse(&rank_text).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

impl Card {
    /// The card's two characters of text (C-1): rank then suit, or `BJ`/`LJ`.
    fn chars(self) -> [char; 2] {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => [r.letter(), s.letter()],
            _ if self == BJ => ['B', 'J'],
            _ => ['L', 'J'],
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.chars();
        write!(f, "{a}{b}")
    }
}

fn suit_of_char(c: char) -> Option<Suit> {
    match c.to_ascii_lowercase() {
        's' | '♠' => Some(Suit::SPADES),
        'h' | '♥' => Some(Suit::HEARTS),
        'c' | '♣' => Some(Suit::CLUBS),
        'd' | '♦' => Some(Suit::DIAMONDS),
        _ => None,
    }
}

fn rank_of_char(c: char) -> Option<Rank> {
    let up = c.to_ascii_uppercase();
    RANK_CHARS
        .iter()
        .position(|&r| r == up)
        .map(|i| Rank(i as u8))
}

/// Card text that does not name a card; carries the offending token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardError {
    pub token: String,
}

impl fmt::Display for CardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a card: write rank then suit, e.g. 5h, Ts, 10d, or BJ/LJ",
            self.token
        )
    }
}

impl std::error::Error for CardError {}

/// Parses space-separated card text (C-1). Commas are accepted as separators too.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(Card::parse)
        .collect()
}

/// Canonical card text: space-separated, in the given order.
pub fn format_cards(cards: &[Card]) -> String {
    let mut out = String::with_capacity(cards.len() * 3);
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.extend(c.chars());
    }
    out
}

/// The point cards (C-3) as (card index, value): the 5, 10 and king of each suit.
const POINT_CARDS: [(usize, u32); 12] = {
    let mut out = [(0, 0); 12];
    let mut suit = 0;
    while suit < 4 {
        out[3 * suit] = (suit * 13 + Rank::FIVE.0 as usize, 5);
        out[3 * suit + 1] = (suit * 13 + Rank::TEN.0 as usize, 10);
        out[3 * suit + 2] = (suit * 13 + Rank::KING.0 as usize, 10);
        suit += 1;
    }
    out
};

/// A multiset of cards: how many copies of each of the 54 cards.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; NUM_CARDS]);

impl Default for Counts {
    fn default() -> Self {
        Counts([0; NUM_CARDS])
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Counts[{}]", format_cards(&self.to_cards()))
    }
}

impl Counts {
    pub fn from_cards(cards: &[Card]) -> Counts {
        let mut c = Counts::default();
        for card in cards {
            c.0[card.index()] += 1;
        }
        c
    }

    pub fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    pub fn add(&mut self, card: Card, n: u8) {
        self.0[card.index()] += n;
    }

    pub fn remove(&mut self, card: Card, n: u8) {
        self.0[card.index()] -= n;
    }

    pub fn len(&self) -> usize {
        const LOW: u64 = 0x00FF_00FF_00FF_00FF;
        self.words()
            .iter()
            .map(|&w| {
                // Four 16-bit sums of two counts each, then their total in the top lane
                // (at most 4 x 510: no lane overflows).
                let pairs = (w & LOW) + ((w >> 8) & LOW);
                (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as usize
            })
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// The counts as little-endian 8-byte words, the last one padded with zeros: eight
    /// cards are tested at once.
    fn words(&self) -> [u64; NUM_CARDS.div_ceil(8)] {
        let mut out = [0u64; NUM_CARDS.div_ceil(8)];
        for (word, chunk) in out.iter_mut().zip(self.0.chunks(8)) {
            let mut bytes = [0u8; 8];
            bytes[..chunk.len()].copy_from_slice(chunk);
            *word = u64::from_le_bytes(bytes);
        }
        out
    }

    /// True when every copy in `other` is also in `self`.
    pub fn contains(&self, other: &Counts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// Whether some card has two copies or more.
    pub fn has_pair(&self) -> bool {
        // A byte of 2 or more has a bit above its lowest.
        self.words().iter().any(|&w| w & 0xFEFE_FEFE_FEFE_FEFE != 0)
    }

    /// The copies of the cards `mask` marks (0xFF) and none of the others (0).
    pub fn masked(&self, mask: &Counts) -> Counts {
        let mut out = *self;
        for (n, m) in out.0.iter_mut().zip(mask.0) {
            *n &= m;
        }
        out
    }

    /// The first card of `other` that `self` holds fewer copies of, if any.
    pub fn first_missing(&self, other: &Counts) -> Option<Card> {
        (0..NUM_CARDS)
            .find(|&i| other.0[i] > self.0[i])
            .map(|i| Card(i as u8))
    }

    pub fn add_all(&mut self, other: &Counts) {
        for i in 0..NUM_CARDS {
            self.0[i] += other.0[i];
        }
    }

    pub fn remove_all(&mut self, other: &Counts) {
        for i in 0..NUM_CARDS {
            self.0[i] -= other.0[i];
        }
    }

    /// The card of lowest index held, if any.
    pub fn first(&self) -> Option<Card> {
        let (i, word) = self
            .words()
            .into_iter()
            .enumerate()
            .find(|&(_, w)| w != 0)?;
        Some(Card((i * 8) as u8 + (word.trailing_zeros() / 8) as u8))
    }

    /// The cards in index order, each copy listed.
    pub fn to_cards(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        self.for_each_card(|card| out.push(card));
        out
    }

    /// Calls `f` with each card held in index order, once per copy.
    pub fn for_each_card(&self, mut f: impl FnMut(Card)) {
        for (i, word) in self.words().into_iter().enumerate() {
            // Only the cards held: the lowest nonzero byte of what is left, each time.
            let mut rest = word;
            while rest != 0 {
                let byte = rest.trailing_zeros() / 8;
                let card = Card((i * 8) as u8 + byte as u8);
                for _ in 0..(rest >> (8 * byte)) as u8 {
                    f(card);
                }
                rest &= !(0xFF << (8 * byte));
            }
        }
    }

    /// Total point value (C-3): only the 5s, 10s and kings count.
    pub fn points(&self) -> u32 {
        POINT_CARDS
            .iter()
            .map(|&(i, value)| value * self.0[i] as u32)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_1_parses_every_spelling() {
        for text in ["5h", "5H", "♥5", "5♥", "h5"] {
            if text == "h5" {
                assert!(Card::parse(text).is_err());
            } else {
                assert_eq!(Card::parse(text).unwrap().to_string(), "5h");
            }
        }
        assert_eq!(Card::parse("10d").unwrap().to_string(), "Td");
        assert_eq!(Card::parse("bj").unwrap(), BJ);
        assert_eq!(Card::parse("LJ").unwrap(), LJ);
        assert_eq!(Card::parse("1s").unwrap_err().token, "1s");
        assert!(Card::parse("5x").is_err());
        assert!(Card::parse("").is_err());
        assert!(Card::parse("100h").is_err());
    }

    #[test]
    fn c_1_round_trips_all_cards() {
        for i in 0..NUM_CARDS {
            let c = Card(i as u8);
            assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
        }
    }

    #[test]
    fn c_3_one_deck_holds_100_points() {
        let total: u32 = (0..NUM_CARDS).map(|i| Card(i as u8).points()).sum();
        assert_eq!(total, 100);
    }

    #[test]
    fn c_2_counts_are_multisets() {
        let cards = parse_cards("5h 5h BJ Ts").unwrap();
        let c = Counts::from_cards(&cards);
        assert_eq!(c.get(Card::parse("5h").unwrap()), 2);
        assert_eq!(c.len(), 4);
        assert_eq!(c.points(), 20);
        assert_eq!(parse_cards("5h, 10s").unwrap().len(), 2);
    }
}
