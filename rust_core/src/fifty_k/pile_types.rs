//! A type id for every play of several decks (FKO-20..FKO-28), for the decision space,
//! and the play each id takes from a hand.
//!
//! A pattern several decks share with one deck keeps one deck's type id
//! ([`pattern_type_id`]): the ordinary kinds of FK-10..FK-15 with copies in them, the
//! fifty-Ks and the pure fifty-Ks (FK-16) and the bomb of 4 cards of a rank, whatever
//! copies make it (FKO-26). After them, in `0..NUM_PILE_TYPES`:
//!
//! - `NUM_PLAY_TYPES + 13 × (size − 5) + rank`: the bomb of `size` = 5..16 cards of a
//!   rank (FKO-26), so ids ascend with a bomb's strength;
//! - then single, pair and triple (FK-10) of the little joker, then of the big joker
//!   (FKO-25);
//! - then the king bomb (FKO-27).
//!
//! The ids are sized for four decks whatever the game's: a policy's id means the same
//! pattern at every deck count, and the mask leaves out what fewer decks cannot hold.
//! Where several plays have a pattern, its id takes the one that keeps the most pure
//! fifty-Ks in the hand (per suit the fewest of its 5s, Ts and Ks, summed), the first in
//! legal order ([`super::pile_moves::nth_play`]) on a tie.

use crate::card::{Card, Suit};

use super::cardset::{card_rank, FIVE, KING, RANKS, TEN};
use super::combo::Kind;
use super::encode::pattern_type_id;
use super::pile::{Pile, PileKind, BIG_JOKER, LITTLE_JOKER, MAX_DECKS};
use super::pile_legal::{pattern_needs, PilePattern};
use super::pile_moves::{count_plays, multisets, nth_play, rank_cards, unrank};
use super::pile_turns::PilePlay;
use super::shape::{shape_index, Pattern, NUM_PLAY_TYPES};

/// Bomb sizes beyond one deck's 4 (FKO-26: up to 4 × 4 decks).
const BOMB_SIZES: u32 = 4 * MAX_DECKS as u32 - 4;
/// The first id of a bomb of 5 or more cards.
const BOMB_BASE: u32 = NUM_PLAY_TYPES;
/// The first joker id: single, pair, triple of the little joker, then of the big.
const JOKER_BASE: u32 = BOMB_BASE + BOMB_SIZES * RANKS as u32;
/// The king bomb's id (FKO-27).
const KING_BOMB: u32 = JOKER_BASE + 6;
/// The number of play types of several decks: one deck's, then the additions.
pub const NUM_PILE_TYPES: u32 = KING_BOMB + 1;

/// The type id of a play pattern of several decks: `0..NUM_PILE_TYPES`.
pub fn pile_type_id(p: &PilePattern) -> u32 {
    let kind = match p.kind {
        PileKind::KingBomb => return KING_BOMB,
        PileKind::Kind(kind) => kind,
    };
    if p.rank >= LITTLE_JOKER {
        let joker = (p.rank - LITTLE_JOKER) as u32;
        return JOKER_BASE + 3 * joker + p.len - 1;
    }
    if kind == Kind::Bomb && p.len > 4 {
        return BOMB_BASE + RANKS as u32 * (p.len - 5) + p.rank as u32;
    }
    let shape = shape_index(kind, p.len).expect("a pattern of one deck's shapes");
    pattern_type_id(&Pattern {
        shape,
        rank: p.rank,
        kickers: p.kickers,
        suit: p.suit.map_or(0, |s| s.0),
    })
}

/// The names of the types after one deck's, in id order: `bomb N of R` (N cards of rank
/// R), `single LJ` .. `triple BJ`, `king_bomb`. The decision space checks its table
/// against them.
pub fn added_type_names() -> Vec<String> {
    let bombs = (5..=4 * MAX_DECKS).flat_map(|size| {
        (0..RANKS).map(move |r| format!("bomb {size} of {}", card_rank(r).letter()))
    });
    let jokers = ["LJ", "BJ"]
        .into_iter()
        .flat_map(|j| ["single", "pair", "triple"].map(|k| format!("{k} {j}")));
    bombs
        .chain(jokers)
        .chain(["king_bomb".to_string()])
        .collect()
}

/// How many pure fifty-Ks (FK-16) `hand` can play one after another: per suit the
/// fewest of its 5s, Ts and Ks.
pub fn pure_fifty_ks(hand: &Pile) -> u32 {
    Suit::ALL
        .iter()
        .map(|&s| {
            [FIVE, TEN, KING]
                .map(|r| hand.copies(r, s))
                .into_iter()
                .min()
        })
        .map(|m| m.unwrap_or(0) as u32)
        .sum()
}

/// The index (in [`nth_play`]'s order) of the play of `pattern` its id takes from
/// `hand`: the one keeping the most pure fifty-Ks, the first on a tie. Only the 5s, Ts
/// and Ks a play takes change that count, so the other ranks take their first cards.
pub fn kept_play(hand: &Pile, pattern: &PilePattern) -> u64 {
    let needs = pattern_needs(pattern);
    let takes_fifty_k_ranks = [FIVE, TEN, KING].iter().any(|&r| needs[r as usize] > 0);
    if !takes_fifty_k_ranks || pure_fifty_ks(hand) == 0 {
        return 0; // every play keeps as many: the first
    }
    if pattern.kind == PileKind::Kind(Kind::FiftyK) {
        // One 5, T and K each: at most 64 plays, so every one is looked at.
        return first_best((0..count_plays(hand, pattern)).map(|i| {
            let cards = nth_play(hand, pattern, i).expect("below the count");
            (i, left(hand, &cards))
        }));
    }
    let ranks: Vec<u8> = (0..=BIG_JOKER).filter(|&r| needs[r as usize] > 0).collect();
    let cards_of: Vec<Vec<(Card, u8)>> = ranks
        .iter()
        .map(|&r| rank_cards(hand, pattern, r))
        .collect();
    let ways: Vec<u64> = (0..ranks.len())
        .map(|i| {
            let caps: Vec<u8> = cards_of[i].iter().map(|c| c.1).collect();
            multisets(&caps, 0, needs[ranks[i] as usize])
        })
        .collect();
    // The digit of each rank (lowest rank most significant); the 5s, Ts and Ks vary,
    // and their cards are all counted: the count is per suit the fewest of the three.
    let varied: Vec<usize> = (0..ranks.len())
        .filter(|&i| [FIVE, TEN, KING].contains(&ranks[i]))
        .collect();
    // Each varied rank's choices of cards, by digit.
    let choices: Vec<Vec<Vec<Card>>> = varied
        .iter()
        .map(|&i| {
            (0..ways[i])
                .map(|digit| {
                    let mut cards = Vec::new();
                    unrank(&cards_of[i], needs[ranks[i] as usize], digit, &mut cards);
                    cards
                })
                .collect()
        })
        .collect();
    let combos: u64 = varied.iter().map(|&i| ways[i]).product();
    let best = first_best((0..combos).map(|mut n| {
        let mut digits = vec![0u64; ranks.len()];
        for &i in varied.iter().rev() {
            digits[i] = n % ways[i];
            n /= ways[i];
        }
        let index = ways.iter().zip(&digits).fold(0, |acc, (w, d)| acc * w + d);
        let cards: Vec<Card> = varied
            .iter()
            .enumerate()
            .flat_map(|(slot, &i)| choices[slot][digits[i] as usize].iter().copied())
            .collect();
        (index, left(hand, &cards))
    }));
    debug_assert!(best < count_plays(hand, pattern), "a play of the pattern");
    best
}

/// The play each legal pattern's type id takes for the seat to act of `play`, as
/// `(type id, legal index)` in legal order ([`PilePlay::nth_legal`]'s index; `pass`,
/// when legal, is index 0 and has no type). Empty once the hand is over.
pub fn type_indices(play: &mut PilePlay) -> Vec<(u32, u64)> {
    let Some(seat) = play.to_act() else {
        return Vec::new();
    };
    let hand = *play.hand(seat);
    let mut first = u64::from(play.can_pass());
    let mut out = Vec::new();
    for &(pattern, count) in play.legal_patterns() {
        out.push((pile_type_id(&pattern), first + kept_play(&hand, &pattern)));
        first += count;
    }
    out
}

/// Pure fifty-Ks left in `hand` once `cards` are played.
fn left(hand: &Pile, cards: &[Card]) -> u32 {
    let played = Pile::from_cards(cards, hand.decks()).expect("cards of the hand");
    pure_fifty_ks(&hand.minus(&played))
}

/// The first index with the most pure fifty-Ks left, of `(index, left)` in legal order.
fn first_best(options: impl Iterator<Item = (u64, u32)>) -> u64 {
    let mut best: Option<(u64, u32)> = None;
    for (index, kept) in options {
        if best.is_none_or(|(_, b)| kept > b) {
            best = Some((index, kept));
        }
    }
    best.map_or(0, |(index, _)| index)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::encode::type_id;
    use super::super::pile::{classify, readings};
    use super::super::pile_legal::legal_patterns;
    use super::super::rules::PureOrder;
    use super::super::test_support::{combo, random_hand, Rng};
    use super::*;
    use crate::card::parse_cards;

    fn pile(text: &str, decks: u8) -> Pile {
        Pile::from_cards(&parse_cards(text).unwrap(), decks).unwrap()
    }

    fn id_of(text: &str, decks: u8) -> u32 {
        let p = pile(text, decks);
        pile_type_id(&PilePattern::of(&p, &classify(&p, None).unwrap()))
    }

    #[test]
    fn fko_25_to_fko_27_the_added_ids_follow_one_decks() {
        assert_eq!(NUM_PILE_TYPES, 7409 + 12 * 13 + 6 + 1);
        let names = added_type_names();
        assert_eq!(names.len() as u32, NUM_PILE_TYPES - NUM_PLAY_TYPES);
        assert_eq!(names[0], "bomb 5 of 3");
        assert_eq!(id_of("3s 3s 3h 3c 3d", 2), NUM_PLAY_TYPES);
        let sixteen = "As As As As Ah Ah Ah Ah Ac Ac Ac Ac Ad Ad Ad Ad";
        let at = id_of(sixteen, 4);
        assert_eq!(names[(at - NUM_PLAY_TYPES) as usize], "bomb 16 of A");
        assert_eq!(id_of("LJ", 2), JOKER_BASE);
        assert_eq!(
            names[(id_of("BJ BJ BJ", 3) - NUM_PLAY_TYPES) as usize],
            "triple BJ"
        );
        assert_eq!(id_of("LJ LJ BJ BJ", 2), NUM_PILE_TYPES - 1);
        assert_eq!(id_of("LJ LJ LJ BJ BJ BJ", 3), NUM_PILE_TYPES - 1);
        assert_eq!(names.last().unwrap(), "king_bomb");
    }

    #[test]
    fn fko_22_fko_26_shared_patterns_keep_one_decks_ids() {
        // A bomb of 4 is one deck's bomb of its rank, whatever copies make it (FKO-26).
        let bomb = type_id(&combo("7s 7h 7c 7d"));
        assert_eq!(id_of("7s 7s 7s 7s", 4), bomb);
        assert_eq!(id_of("7s 7s 7h 7d", 2), bomb);
        // Copies in ordinary kinds, kickers of copies and sequences of copies.
        assert_eq!(id_of("5h 5h", 2), type_id(&combo("5s 5h")));
        assert_eq!(
            id_of("9s 9s 9h 4d 4d", 2),
            type_id(&combo("9s 9h 9c 4s 4d"))
        );
        assert_eq!(
            id_of("5s 5h 5h 6s 6h 6c 8d 8d 9d 9d", 2),
            type_id(&combo("5s 5h 5c 6s 6h 6c 8s 8d 9s 9d"))
        );
        assert_eq!(id_of("5s Ts Ks", 2), type_id(&combo("5s Ts Ks")));
        assert_eq!(id_of("5s Th Kh", 3), type_id(&combo("5d Ts Kh")));
    }

    /// FKO-22..FKO-27: four whole decks make every pattern, and their ids are every id
    /// once: the mapping is total and one to one.
    #[test]
    fn fko_22_every_pattern_of_four_decks_has_its_own_id() {
        let mut cards = Vec::new();
        for index in 0..54u8 {
            cards.extend([crate::card::Card(index); 4]);
        }
        let all = Pile::from_cards(&cards, 4).unwrap();
        let ids: Vec<u32> = legal_patterns(&all, None, PureOrder::Suit)
            .iter()
            .map(pile_type_id)
            .collect();
        let distinct: BTreeSet<u32> = ids.iter().copied().collect();
        assert_eq!(distinct.len(), ids.len(), "one pattern per id");
        assert_eq!(
            distinct,
            (0..NUM_PILE_TYPES).collect(),
            "every id a pattern"
        );
    }

    /// Every play of `pattern` from `hand`, by index.
    fn plays(hand: &Pile, pattern: &PilePattern) -> Vec<Vec<crate::card::Card>> {
        (0..count_plays(hand, pattern))
            .map(|i| nth_play(hand, pattern, i).unwrap())
            .collect()
    }

    #[test]
    fn fko_25_to_28_every_play_has_one_type_and_its_id_takes_the_first_keeping_most_pure() {
        let mut rng = Rng(40);
        let mut tied = 0;
        for round in 0..300 {
            let decks = 2 + (round % 3) as u8;
            let hand = random_hand(&mut rng, decks, 6 + (round % 10));
            let mut ids = BTreeSet::new();
            for pattern in legal_patterns(&hand, None, PureOrder::Suit) {
                let id = pile_type_id(&pattern);
                assert!(id < NUM_PILE_TYPES);
                assert!(ids.insert(id), "one pattern per id: {pattern:?}");
                let all = plays(&hand, &pattern);
                for cards in &all {
                    // Each play reads as one pattern of this id (FK-17's first reading).
                    let p = Pile::from_cards(cards, decks).unwrap();
                    let types: BTreeSet<u32> = readings(&p)
                        .map(|c| pile_type_id(&PilePattern::of(&p, &c)))
                        .collect();
                    assert!(types.contains(&id), "{cards:?}");
                }
                let kept: Vec<u32> = all.iter().map(|c| left(&hand, c)).collect();
                let most = *kept.iter().max().unwrap();
                let first = kept.iter().position(|&k| k == most).unwrap() as u64;
                assert_eq!(kept_play(&hand, &pattern), first, "{pattern:?}");
                tied += u64::from(first > 0);
            }
        }
        assert!(
            tied > 20,
            "the sample chooses away from the first play: {tied}"
        );
    }

    #[test]
    fn fk_16_pure_fifty_ks_count_per_suit_with_copies() {
        assert_eq!(pure_fifty_ks(&pile("5s 5s Ts Ts Ks Ks 5h Th", 2)), 2);
        assert_eq!(pure_fifty_ks(&pile("5s Th Kc LJ", 2)), 0);
        // Of 5s 5s 5h Ts Ks Kh, a single 5 keeps the spade pure fifty-K either way: 5s.
        let hand = pile("5s 5s 5h Ts Ts Ks", 2);
        let single = legal_patterns(&hand, None, PureOrder::Suit)
            .into_iter()
            .find(|p| p.kind == PileKind::Kind(Kind::Single) && p.rank == TEN)
            .unwrap();
        assert_eq!(kept_play(&hand, &single), 0);
        let hand = pile("5s 5h Th Ts Ks Kh", 2);
        let ten = PilePattern { ..single };
        // Playing Ts leaves the hearts'; playing Th the spades': one each, the first.
        assert_eq!(kept_play(&hand, &ten), 0);
        let hand = pile("5s Th Ts Ks", 2);
        assert_eq!(
            nth_play(&hand, &ten, kept_play(&hand, &ten)).unwrap(),
            parse_cards("Th").unwrap()
        );
    }
}
