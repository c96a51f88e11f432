//! [`PlayCards`]: the cards of one play on the table, kept inline up to [`INLINE`] cards
//! (nearly every play) and on the heap beyond: a hand's hundred-odd plays then cost no
//! allocation each, and the finished tricks no scattered blocks to free.

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::card::{Card, Counts};

/// The most cards a play keeps inline.
pub const INLINE: usize = 22;

/// A play's cards, read as a slice.
#[derive(Clone)]
pub enum PlayCards {
    Inline { len: u8, cards: [Card; INLINE] },
    Heap(Vec<Card>),
}

impl PlayCards {
    /// The cards of `counts` in index order, each copy listed (as [`Counts::to_cards`]).
    pub fn of_counts(counts: &Counts) -> PlayCards {
        let n = counts.len();
        if n > INLINE {
            return PlayCards::Heap(counts.to_cards());
        }
        let mut cards = [Card(0); INLINE];
        let mut len = 0;
        counts.for_each_card(|c| {
            cards[len] = c;
            len += 1;
        });
        PlayCards::Inline {
            len: len as u8,
            cards,
        }
    }
}

impl Deref for PlayCards {
    type Target = [Card];

    fn deref(&self) -> &[Card] {
        match self {
            PlayCards::Inline { len, cards } => &cards[..*len as usize],
            PlayCards::Heap(cards) => cards,
        }
    }
}

impl DerefMut for PlayCards {
    fn deref_mut(&mut self) -> &mut [Card] {
        match self {
            PlayCards::Inline { len, cards } => &mut cards[..*len as usize],
            PlayCards::Heap(cards) => cards,
        }
    }
}

impl PartialEq for PlayCards {
    fn eq(&self, other: &PlayCards) -> bool {
        **self == **other
    }
}

impl Eq for PlayCards {}

impl fmt::Debug for PlayCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::NUM_CARDS;
    use crate::rng::Rng;

    #[test]
    fn a_play_lists_the_cards_as_to_cards_does_inline_up_to_its_room() {
        let mut rng = Rng::new(5);
        for round in 0..300 {
            let mut counts = Counts::default();
            for _ in 0..rng.below(40) {
                let c = Card(rng.below(NUM_CARDS as u64) as u8);
                if counts.get(c) < 3 {
                    counts.add(c, 1);
                }
            }
            let cards = PlayCards::of_counts(&counts);
            let want = counts.to_cards();
            assert_eq!(&*cards, &want[..], "round {round}");
            assert_eq!(format!("{cards:?}"), format!("{want:?}"));
            assert_eq!(matches!(cards, PlayCards::Heap(_)), want.len() > INLINE);
        }
    }
}
