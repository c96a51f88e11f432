//! The shapes of plays: for each kind and length, how many rank units of how many
//! cards, and where its play types and play ids start. Shared by the legal-play
//! generator and the id encoding, which both walk plays in this order.
//!
//! A *pattern* (play type) is a play up to suits: shape, main ranks and kicker
//! ranks (for a pure fifty-K, also its suit). A play is a pattern plus a suit
//! choice for each unit.

use super::cardset::{binomial, FIVE, KING, RANKS, TEN, TOP_SEQUENCE_RANK};
use super::combo::Kind;

/// One kind at one length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub kind: Kind,
    /// Main units: the sequence's length; 3 for fifty-Ks (5, T, K); else 1.
    pub units: u8,
    /// Cards per main unit: 1 single/straight/fifty-K, 2 pair(s), 3 triple(s) and
    /// the kicker kinds, 4 bomb.
    pub width: u8,
    /// Kickers (0, 1, or `units` for FK-15) and cards per kicker (1 or 2).
    pub kickers: u8,
    pub kicker_width: u8,
    /// Main rank (top rank of the units) of the first position.
    pub first_rank: u8,
    /// Main positions: 13 for one unit, 13 − units for sequences (3..A); for
    /// fifty-K 1, for pure fifty-K the 4 suits.
    pub positions: u8,
    /// Kicker rank sets per position: C(13 − units, kickers).
    pub kicker_sets: u32,
    /// Suit choices per pattern.
    pub suit_choices: u64,
    /// First pattern (type) id and first play id of the shape.
    pub type_base: u32,
    pub id_base: u64,
}

impl Shape {
    /// Cards in a play of this shape.
    pub const fn num_cards(&self) -> u32 {
        self.units as u32 * self.width as u32 + self.kickers as u32 * self.kicker_width as u32
    }

    /// Patterns of this shape.
    pub const fn patterns(&self) -> u32 {
        self.positions as u32 * self.kicker_sets
    }
}

/// Number of shapes.
pub const NUM_SHAPES: usize = 48;

const fn shape(kind: Kind, units: u8, width: u8, kickers: u8, kicker_width: u8) -> Shape {
    let sequence = matches!(
        kind,
        Kind::Straight | Kind::Pairs | Kind::Triples | Kind::TriplesSingles | Kind::TriplesPairs
    );
    let (first_rank, positions) = match kind {
        Kind::FiftyK => (KING, 1),
        Kind::PureFiftyK => (KING, 4),
        _ if sequence => (units - 1, TOP_SEQUENCE_RANK + 2 - units),
        _ => (0, RANKS),
    };
    let per_unit = binomial(4, width as u32);
    let per_kicker = binomial(4, kicker_width as u32);
    let suit_choices = match kind {
        Kind::FiftyK => 60,
        Kind::PureFiftyK => 1,
        _ => pow(per_unit, units as u32) * pow(per_kicker, kickers as u32),
    };
    Shape {
        kind,
        units,
        width,
        kickers,
        kicker_width,
        first_rank,
        positions,
        kicker_sets: binomial((RANKS - units) as u32, kickers as u32) as u32,
        suit_choices,
        type_base: 0,
        id_base: 0,
    }
}

const fn pow(base: u64, exp: u32) -> u64 {
    let mut out = 1;
    let mut i = 0;
    while i < exp {
        out *= base;
        i += 1;
    }
    out
}

/// Every shape, in id order: kinds in FK-10..FK-16 order, lengths ascending.
pub const SHAPES: [Shape; NUM_SHAPES] = {
    let blank = shape(Kind::Single, 1, 1, 0, 0);
    let mut out = [blank; NUM_SHAPES];
    let mut i = 0;
    macro_rules! add {
        ($shape:expr) => {
            out[i] = $shape;
            i += 1;
        };
    }
    add!(shape(Kind::Single, 1, 1, 0, 0));
    add!(shape(Kind::Pair, 1, 2, 0, 0));
    add!(shape(Kind::Triple, 1, 3, 0, 0));
    add!(shape(Kind::Bomb, 1, 4, 0, 0));
    let mut n = 5;
    while n <= 12 {
        add!(shape(Kind::Straight, n, 1, 0, 0));
        n += 1;
    }
    n = 2;
    while n <= 12 {
        add!(shape(Kind::Pairs, n, 2, 0, 0));
        n += 1;
    }
    n = 2;
    while n <= 12 {
        add!(shape(Kind::Triples, n, 3, 0, 0));
        n += 1;
    }
    add!(shape(Kind::TripleOne, 1, 3, 1, 1));
    add!(shape(Kind::TriplePair, 1, 3, 1, 2));
    // FK-15 needs n kicker ranks besides the n sequence ranks: n <= 6 of 13.
    n = 2;
    while n <= 6 {
        add!(shape(Kind::TriplesSingles, n, 3, n, 1));
        n += 1;
    }
    n = 2;
    while n <= 6 {
        add!(shape(Kind::TriplesPairs, n, 3, n, 2));
        n += 1;
    }
    add!(shape(Kind::FiftyK, 3, 1, 0, 0));
    add!(shape(Kind::PureFiftyK, 3, 1, 0, 0));
    assert!(i == NUM_SHAPES);
    let mut type_base = 0;
    let mut id_base = 0;
    let mut j = 0;
    while j < NUM_SHAPES {
        out[j].type_base = type_base;
        out[j].id_base = id_base;
        type_base += out[j].patterns();
        id_base += out[j].patterns() as u64 * out[j].suit_choices;
        j += 1;
    }
    out
};

const LAST: Shape = SHAPES[NUM_SHAPES - 1];

/// Number of play types (patterns): the size of an action mask over patterns.
pub const NUM_PLAY_TYPES: u32 = LAST.type_base + LAST.patterns();

/// Number of play ids: every play of one deck, suits included.
pub const NUM_PLAY_IDS: u64 = LAST.id_base + LAST.patterns() as u64 * LAST.suit_choices;

/// `SHAPE_INDEX[kind][cards]`: the index into [`SHAPES`] of that kind and length,
/// or `u8::MAX` when there is none.
const SHAPE_INDEX: [[u8; 53]; 13] = {
    let mut table = [[u8::MAX; 53]; 13];
    let mut i = 0;
    while i < NUM_SHAPES {
        let s = &SHAPES[i];
        table[s.kind as usize][s.num_cards() as usize] = i as u8;
        i += 1;
    }
    table
};

/// The shapes of the specials (FK-21): bombs, fifty-Ks and pure fifty-Ks.
pub const BOMB: usize = SHAPE_INDEX[Kind::Bomb as usize][4] as usize;
pub const FIFTY_K: usize = SHAPE_INDEX[Kind::FiftyK as usize][3] as usize;
pub const PURE_FIFTY_K: usize = SHAPE_INDEX[Kind::PureFiftyK as usize][3] as usize;

/// The shape of `kind` plays with `len` cards, as an index into [`SHAPES`].
pub fn shape_index(kind: Kind, len: u32) -> Option<usize> {
    let index = *SHAPE_INDEX[kind as usize].get(len as usize)?;
    (index != u8::MAX).then_some(index as usize)
}

/// A play up to suits: its shape, main rank, kicker ranks (bit mask over Fifty-K
/// ranks) and, for a pure fifty-K, its suit (else 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pattern {
    pub shape: usize,
    pub rank: u8,
    pub kickers: u16,
    pub suit: u8,
}

impl Pattern {
    pub fn shape(&self) -> &'static Shape {
        &SHAPES[self.shape]
    }

    /// The main ranks as a rank mask (fifty-Ks: 5, T and K).
    pub fn main(&self) -> u16 {
        let s = self.shape();
        match s.kind {
            Kind::FiftyK | Kind::PureFiftyK => (1 << FIVE) | (1 << TEN) | (1 << KING),
            _ => ((1u16 << s.units) - 1) << (self.rank + 1 - s.units),
        }
    }

    /// Rank units with their widths: main ranks ascending, then kickers ascending
    /// (fifty-Ks: 5, T, K of one card each). This is the order of suit digits.
    pub fn units(&self) -> impl Iterator<Item = (u8, u8)> {
        let s = self.shape();
        ranks(self.main())
            .map(move |r| (r, s.width))
            .chain(ranks(self.kickers).map(move |r| (r, s.kicker_width)))
    }
}

/// The ranks in a rank mask, ascending.
pub fn ranks(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let r = mask.trailing_zeros() as u8;
        mask &= mask.wrapping_sub(1);
        (r < 16).then_some(r)
    })
}
