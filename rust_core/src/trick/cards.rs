//! [`PlayCards`]: the cards of one play on the table, kept inline up to [`INLINE`] cards
//! (nearly every play) and on the heap beyond: a hand's hundred-odd plays then cost no
//! allocation each, and the finished tricks no scattered blocks to free.

use std::fmt;
use std::ops::Deref;

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
    /// The cards of `counts`, each as many times as it counts, in `order` (every card once).
    pub fn of_counts(counts: &Counts, order: &[Card]) -> PlayCards {
        let n = counts.len();
        if n > INLINE {
            let mut cards = Vec::with_capacity(n);
            for &c in order {
                cards.extend(std::iter::repeat_n(c, counts.get(c) as usize));
            }
            return PlayCards::Heap(cards);
        }
        let mut cards = [Card(0); INLINE];
        let mut len = 0;
        for &c in order {
            for _ in 0..counts.get(c) {
                cards[len] = c;
                len += 1;
            }
        }
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
    fn a_play_lists_each_card_as_often_as_it_counts_in_the_order_given() {
        let mut rng = Rng::new(5);
        let order: Vec<Card> = (0..NUM_CARDS as u8).rev().map(Card).collect();
        for round in 0..300 {
            let mut counts = Counts::default();
            for _ in 0..rng.below(40) {
                let c = Card(rng.below(NUM_CARDS as u64) as u8);
                if counts.get(c) < 3 {
                    counts.add(c, 1);
                }
            }
            let cards = PlayCards::of_counts(&counts, &order);
            let mut want = counts.to_cards();
            want.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
            assert_eq!(&*cards, &want[..], "round {round}");
            assert_eq!(format!("{cards:?}"), format!("{want:?}"));
            assert_eq!(matches!(cards, PlayCards::Heap(_)), want.len() > INLINE);
        }
    }
}
