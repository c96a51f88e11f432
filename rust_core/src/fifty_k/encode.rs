//! A stable integer id for every play, and a type id for every play up to suits,
//! for learning code.
//!
//! Plays are laid out shape by shape ([`SHAPES`]: kinds in FK-10..FK-16 order,
//! lengths ascending). Within a shape, a *pattern* (type) is
//! `position × kicker sets + kicker set`, where the position is the main rank
//! counted from the shape's lowest (the suit s, h, c, d for a pure fifty-K) and
//! the kicker set is the colex rank of its kicker ranks among the 13 − n ranks
//! outside the main units. A play is `pattern × suit choices + suit index`; the
//! suit index is mixed radix over the units (main ranks ascending, then kicker
//! ranks ascending, first unit most significant), each digit the position of the
//! unit's suits among the C(4, width) choices in ascending mask order
//! ([`SUIT_CHOICE_INDEX`]); for a fifty-K it is the 5-T-K suit code
//! `16·s5 + 4·sT + sK` with the four one-suit codes taken out (60 choices).
//!
//! - play id: `0..NUM_PLAY_IDS` (= 17 889 928 223, every play of one deck, so it
//!   round-trips exactly; ids of one pattern are contiguous);
//! - type id: `0..NUM_PLAY_TYPES` (= 7 409), small enough for an action mask; a
//!   learner picks a type and the suits separately, or masks play ids by type.

use super::cardset::{binomial, suit_choice, CardSet, FIVE, KING, SUIT_CHOICE_INDEX, TEN};
use super::combo::{Combo, Kind};
use super::error::FkError;
use super::shape::{ranks, shape_index, Pattern, NUM_PLAY_IDS, SHAPES};

/// The pattern (play up to suits) of a combination.
pub fn pattern_of(c: &Combo) -> Pattern {
    let shape = shape_index(c.kind, c.len()).expect("every combination has a shape");
    let s = &SHAPES[shape];
    let low = c.rank + 1 - s.units;
    let main: u16 = ((1 << s.units) - 1) << low;
    let held: u16 = (0..13u8)
        .filter(|&r| c.cards.suits(r) != 0)
        .fold(0, |acc, r| acc | 1 << r);
    Pattern {
        shape,
        rank: c.rank,
        kickers: if s.kickers > 0 { held & !main } else { 0 },
        suit: c.suit().map_or(0, |s| s.0),
    }
}

/// The type id of a pattern: `0..NUM_PLAY_TYPES`.
pub fn pattern_type_id(p: &Pattern) -> u32 {
    let s = p.shape();
    let position = match s.kind {
        Kind::PureFiftyK => p.suit,
        _ => p.rank - s.first_rank,
    } as u32;
    let low = p.rank + 1 - s.units;
    let colex: u64 = ranks(p.kickers)
        .enumerate()
        .map(|(i, r)| {
            let slot = if r < low { r } else { r - s.units };
            binomial(slot as u32, i as u32 + 1)
        })
        .sum();
    s.type_base + position * s.kicker_sets + colex as u32
}

/// The type id of a combination: its play id with suits forgotten.
pub fn type_id(c: &Combo) -> u32 {
    pattern_type_id(&pattern_of(c))
}

/// The suit index of a combination within its pattern `p`.
pub fn suit_index(c: &Combo, p: &Pattern) -> u64 {
    let suit = |r| c.cards.suits(r).trailing_zeros() as u64;
    match c.kind {
        Kind::PureFiftyK => 0,
        Kind::FiftyK => {
            let code = 16 * suit(FIVE) + 4 * suit(TEN) + suit(KING);
            code - code / 21 - 1
        }
        _ => p.units().fold(0, |acc, (r, w)| {
            acc * binomial(4, w as u32) + SUIT_CHOICE_INDEX[c.cards.suits(r) as usize] as u64
        }),
    }
}

/// The first play id of a pattern; its plays are that plus their suit index.
pub fn pattern_first_id(p: &Pattern) -> u64 {
    let s = p.shape();
    s.id_base + (pattern_type_id(p) - s.type_base) as u64 * s.suit_choices
}

/// The play id of a combination: `0..NUM_PLAY_IDS`.
pub fn play_id(c: &Combo) -> u64 {
    let p = pattern_of(c);
    pattern_first_id(&p) + suit_index(c, &p)
}

/// The combination with play id `id`.
pub fn play_from_id(id: u64) -> Result<Combo, FkError> {
    if id >= NUM_PLAY_IDS {
        return Err(FkError::BadId(id));
    }
    let shape = SHAPES.partition_point(|s| s.id_base <= id) - 1;
    let s = &SHAPES[shape];
    let rest = id - s.id_base;
    let pattern_in_shape = rest / s.suit_choices;
    let mut index = rest % s.suit_choices;
    let position = (pattern_in_shape / s.kicker_sets as u64) as u8;
    let colex = pattern_in_shape % s.kicker_sets as u64;
    let (rank, suit) = match s.kind {
        Kind::PureFiftyK => (KING, position),
        _ => (s.first_rank + position, 0),
    };
    let low = rank + 1 - s.units;
    let pattern = Pattern {
        shape,
        rank,
        kickers: unrank_kickers(colex, s.kickers, low, s.units),
        suit,
    };
    let cards = match s.kind {
        Kind::PureFiftyK => [FIVE, TEN, KING]
            .iter()
            .fold(CardSet::default(), |acc, &r| {
                acc.union(CardSet::at(r, 1 << suit))
            }),
        Kind::FiftyK => {
            let code = index + 1 + index / 20;
            [(FIVE, code / 16), (TEN, code / 4 % 4), (KING, code % 4)]
                .iter()
                .fold(CardSet::default(), |acc, &(r, s)| {
                    acc.union(CardSet::at(r, 1 << s))
                })
        }
        _ => {
            let mut units = [(0u8, 0u8); 12];
            let mut n = 0;
            for unit in pattern.units() {
                units[n] = unit;
                n += 1;
            }
            let mut cards = CardSet::default();
            for &(r, w) in units[..n].iter().rev() {
                let radix = binomial(4, w as u32);
                let suits = suit_choice(w, (index % radix) as u8).unwrap_or(0);
                cards = cards.union(CardSet::at(r, suits));
                index /= radix;
            }
            cards
        }
    };
    Ok(Combo {
        kind: s.kind,
        rank,
        cards,
    })
}

/// The rank of kicker slot `slot`: the ranks outside `low..low + units`, ascending.
fn eligible_rank(slot: u8, low: u8, units: u8) -> u8 {
    if slot < low {
        slot
    } else {
        slot + units
    }
}

/// The kicker ranks with colex rank `colex` among the `k`-sets of ranks outside
/// `low..low + units`.
fn unrank_kickers(mut colex: u64, k: u8, low: u8, units: u8) -> u16 {
    let mut mask = 0u16;
    let mut slot = 13 - units;
    for i in (1..=k).rev() {
        slot = (i - 1..slot)
            .rev()
            .find(|&c| binomial(c as u32, i as u32) <= colex)
            .unwrap_or(i - 1);
        colex -= binomial(slot as u32, i as u32);
        mask |= 1 << eligible_rank(slot, low, units);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::super::combo::{read_as, readings};
    use super::super::legal::{count_legal_plays, for_each_pattern, legal_plays};
    use super::super::rules::PureOrder;
    use super::super::shape::{NUM_PLAY_TYPES, NUM_SHAPES};
    use super::super::test_support::{combo, Rng};
    use super::*;

    const DECK: CardSet = CardSet((1 << 52) - 1);

    #[test]
    fn id_space_sizes() {
        assert_eq!(NUM_PLAY_TYPES, 7409);
        assert_eq!(NUM_PLAY_IDS, 17_889_928_223);
        assert_eq!(
            count_legal_plays(DECK, None, PureOrder::Suit),
            Ok(NUM_PLAY_IDS)
        );
    }

    #[test]
    fn type_ids_of_the_full_deck_are_dense_and_ordered() {
        let mut next = 0;
        for_each_pattern(DECK, None, PureOrder::Suit, |p| {
            assert_eq!(pattern_type_id(&p), next, "{p:?}");
            next += 1;
            true
        });
        assert_eq!(next, NUM_PLAY_TYPES);
    }

    /// Play `id` decodes to a combination with that id, and (FK-17, one deck) it is
    /// the only reading of its cards.
    fn round_trip(id: u64) {
        let c = play_from_id(id).unwrap();
        assert_eq!(
            read_as(c.cards, c.kind),
            Some(c),
            "id {id} is a combination"
        );
        assert_eq!(readings(c.cards).count(), 1, "id {id} has one reading");
        assert_eq!(play_id(&c), id);
    }

    #[test]
    fn play_ids_round_trip_at_every_shape_edge() {
        for (i, s) in SHAPES.iter().enumerate() {
            let end = if i + 1 < NUM_SHAPES {
                SHAPES[i + 1].id_base
            } else {
                NUM_PLAY_IDS
            };
            for id in [s.id_base, s.id_base + 1, end - 2, end - 1] {
                round_trip(id);
            }
        }
        assert_eq!(
            play_from_id(NUM_PLAY_IDS),
            Err(FkError::BadId(NUM_PLAY_IDS))
        );
    }

    #[test]
    fn play_ids_round_trip_at_random() {
        let mut rng = Rng(99);
        for _ in 0..100_000 {
            round_trip(rng.below(NUM_PLAY_IDS));
        }
    }

    #[test]
    fn legal_plays_round_trip_through_ids() {
        let mut rng = Rng(5);
        for _ in 0..200 {
            let size = 5 + rng.below(14) as u32;
            let hand = rng.hand(size);
            for c in legal_plays(hand, None, PureOrder::Suit, Some(20_000)).unwrap() {
                assert_eq!(play_from_id(play_id(&c)), Ok(c));
            }
        }
    }

    #[test]
    fn first_ids_are_the_singles() {
        assert_eq!(play_id(&combo("3s")), 0);
        assert_eq!(play_id(&combo("3d")), 3);
        assert_eq!(play_id(&combo("4s")), 4);
        assert_eq!(type_id(&combo("2d")), 12);
        assert_eq!(type_id(&combo("3s 3h")), 13);
        assert_eq!(type_id(&combo("5d Td Kd")), NUM_PLAY_TYPES - 1);
        assert_eq!(play_id(&combo("5d Td Kd")), NUM_PLAY_IDS - 1);
    }
}
