//! The plays of one pattern that a hand holds: every choice of suits for its rank
//! units, with the choice's suit index (the low part of its play id, see
//! [`super::encode`]), and how many there are.

use super::cardset::{binomial, suit_choices, CardSet, FIVE, KING, SUIT_CHOICE_INDEX, TEN};
use super::combo::Kind;
use super::shape::Pattern;

/// Most rank units in a play: a 12-card straight, or 6 triples and 6 kickers.
const MAX_UNITS: usize = 12;

/// How many plays of `pattern` `hand` holds.
pub fn pattern_count(hand: CardSet, pattern: &Pattern) -> u64 {
    match pattern.shape().kind {
        Kind::FiftyK => fifty_k_count(hand),
        Kind::PureFiftyK => 1,
        _ if pattern.shape().units == 1 && pattern.kickers == 0 => binomial(
            hand.count(pattern.rank) as u32,
            pattern.shape().width as u32,
        ),
        _ => {
            let s = pattern.shape();
            let mut total = 1;
            for (mask, width) in [(pattern.main(), s.width), (pattern.kickers, s.kicker_width)] {
                let mut ranks = mask;
                while ranks != 0 {
                    let rank = ranks.trailing_zeros() as u8;
                    ranks &= ranks - 1;
                    total *= binomial(hand.count(rank) as u32, width as u32);
                }
            }
            total
        }
    }
}

/// Non-pure fifty-Ks in `hand` (FK-16): every 5-T-K suit triple minus the one-suit ones.
pub fn fifty_k_count(hand: CardSet) -> u64 {
    let all = hand.count(FIVE) as u64 * hand.count(TEN) as u64 * hand.count(KING) as u64;
    let pure = (hand.suits(FIVE) & hand.suits(TEN) & hand.suits(KING)).count_ones() as u64;
    all - pure
}

/// Calls `f(cards, suit_index)` for each play of `pattern` in `hand`, in suit-index
/// order, until `f` returns false. Returns false when stopped early.
///
/// An odometer over the units whose suits can vary (the first unit most
/// significant); units with one choice are fixed once, and each step updates the
/// card set and the index by the units that changed.
pub fn each_suit_choice(
    hand: CardSet,
    pattern: &Pattern,
    f: &mut impl FnMut(CardSet, u64) -> bool,
) -> bool {
    let s = pattern.shape();
    let kind = s.kind;
    if kind == Kind::PureFiftyK {
        let suit = 1u64 << pattern.suit;
        let cards = [FIVE, TEN, KING]
            .iter()
            .fold(0, |acc, &r| acc | suit << (4 * r));
        return f(CardSet(cards), 0);
    }
    // The units whose suits vary, least significant first: their choices, card
    // shift and place value. Units are read from the last (kickers, then main
    // ranks, each descending) so that place values are running products.
    let mut choices: [&[u8]; MAX_UNITS] = [&[]; MAX_UNITS];
    let mut shift = [0u8; MAX_UNITS];
    let mut place = [0u64; MAX_UNITS];
    let mut varying = 0;
    let (mut cards, mut index, mut unit_place) = (0u64, 0u64, 1u64);
    for (mask, width) in [(pattern.kickers, s.kicker_width), (pattern.main(), s.width)] {
        let radix = binomial(4, width as u32);
        let mut ranks = mask;
        while ranks != 0 {
            let rank = 15 - ranks.leading_zeros() as u8;
            ranks &= !(1 << rank);
            let ways = suit_choices(hand.suits(rank), width);
            let Some(&first) = ways.first() else {
                return true;
            };
            cards |= (first as u64) << (4 * rank);
            index += digit(first) * unit_place;
            if ways.len() > 1 {
                choices[varying] = ways;
                shift[varying] = 4 * rank;
                place[varying] = unit_place;
                varying += 1;
            }
            unit_place *= radix;
        }
    }
    let mut at = [0u8; MAX_UNITS];
    loop {
        let play = CardSet(cards);
        let go_on = if kind == Kind::FiftyK {
            let one_suit =
                play.suits(FIVE) == play.suits(TEN) && play.suits(TEN) == play.suits(KING);
            one_suit || f(play, index - index / 21 - 1)
        } else {
            f(play, index)
        };
        if !go_on {
            return false;
        }
        // Step the least significant unit; a unit that wraps carries to the next.
        let mut d = 0;
        loop {
            if d == varying {
                return true;
            }
            let old = choices[d][at[d] as usize];
            at[d] += 1;
            let wrapped = at[d] as usize == choices[d].len();
            if wrapped {
                at[d] = 0;
            }
            let new = choices[d][at[d] as usize];
            cards ^= ((old ^ new) as u64) << shift[d];
            index = index - digit(old) * place[d] + digit(new) * place[d];
            if !wrapped {
                break;
            }
            d += 1;
        }
    }
}

/// The suit-index digit of a unit's suit mask.
#[inline]
fn digit(suits: u8) -> u64 {
    SUIT_CHOICE_INDEX[suits as usize] as u64
}
