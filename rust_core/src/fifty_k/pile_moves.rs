//! The plays of one legal pattern of a hand of several decks, counted and named by
//! index without listing them (FK-30, FKO-22..FKO-28): a pattern's plays are every
//! choice of copies and suits [`next_picks`](super::pile_legal::next_picks) reaches,
//! in the order of their picks (cards in pick order, compared card by card), so that a
//! hand's legal actions are one indexed list however many there are.
//!
//! A play takes, for each rank the pattern needs, a fixed number of cards of that rank;
//! ranks are picked lowest first, so the plays are ordered by their lowest rank's cards
//! first, and within a rank by its cards in pick order. A fifty-K (FK-16) takes one 5,
//! one T and one K whose suits are not all one; a pure fifty-K takes those of its suit.

use crate::card::{Card, Suit};

use super::cardset::{FIVE, KING, TEN};
use super::combo::Kind;
use super::pile::{Pile, PileKind, BIG_JOKER};
use super::pile_legal::{pattern_needs, pick_key, pick_rank, PilePattern};

/// The distinct cards of `rank` in `hand` that a play of `pattern` may take, in pick
/// order, with their copies (a pure fifty-K's cards are of its suit).
pub(super) fn rank_cards(hand: &Pile, pattern: &PilePattern, rank: u8) -> Vec<(Card, u8)> {
    let mut cards: Vec<(Card, u8)> = hand
        .distinct_cards()
        .into_iter()
        .filter(|&c| pick_rank(c) == rank)
        .filter(|&c| pattern.suit.is_none_or(|s| c.suit() == Some(s)))
        .map(|c| (c, hand.get(c)))
        .collect();
    cards.sort_by_key(|&(c, _)| pick_key(c));
    cards
}

/// How many multisets of `size` cards the distinct cards `caps[from..]` (their copies)
/// hold.
pub(super) fn multisets(caps: &[u8], from: usize, size: u8) -> u64 {
    // ways[k]: multisets of k cards from the cards seen so far (from the last one back).
    let mut ways = vec![0u64; size as usize + 1];
    ways[0] = 1;
    for &cap in caps[from..].iter().rev() {
        let before = ways.clone();
        for (k, way) in ways.iter_mut().enumerate() {
            *way = (0..=(cap as usize).min(k)).map(|m| before[k - m]).sum();
        }
    }
    ways[size as usize]
}

/// The `index`-th multiset of `size` cards from `cards` in pick order (more copies of a
/// lower card first), pushed onto `out`.
pub(super) fn unrank(cards: &[(Card, u8)], size: u8, mut index: u64, out: &mut Vec<Card>) {
    let caps: Vec<u8> = cards.iter().map(|&(_, n)| n).collect();
    let mut left = size;
    for (i, &(card, cap)) in cards.iter().enumerate() {
        for take in (0..=cap.min(left)).rev() {
            let ways = multisets(&caps, i + 1, left - take);
            if index < ways {
                out.extend(std::iter::repeat_n(card, take as usize));
                left -= take;
                break;
            }
            index -= ways;
        }
    }
    debug_assert_eq!(left, 0, "the index is below the count");
}

/// The distinct 5s, Ts and Ks of `hand`, each in pick order.
fn fifty_k_cards(hand: &Pile, pattern: &PilePattern) -> [Vec<Card>; 3] {
    [FIVE, TEN, KING].map(|r| {
        rank_cards(hand, pattern, r)
            .into_iter()
            .map(|(c, _)| c)
            .collect()
    })
}

/// Whether `hand` holds a 5, a T and a K of `suit`.
fn suit_has_all(cards: &[Vec<Card>; 3], suit: Option<Suit>) -> bool {
    cards.iter().all(|cs| cs.iter().any(|c| c.suit() == suit))
}

/// How many fifty-Ks (FK-16: suits not all one) take `five` (if given) and `ten` (if
/// given) from `cards`.
fn fifty_ks_with(cards: &[Vec<Card>; 3], five: Option<Card>, ten: Option<Card>) -> u64 {
    let [fives, tens, kings] = cards;
    let choices = |given: Option<Card>, all: &Vec<Card>| given.map_or(all.clone(), |c| vec![c]);
    let mut count = 0;
    for f in choices(five, fives) {
        for t in choices(ten, tens) {
            let same = f.suit() == t.suit() && kings.iter().any(|k| k.suit() == f.suit());
            count += kings.len() as u64 - same as u64;
        }
    }
    count
}

/// How many plays of `pattern` `hand` can make.
pub fn count_plays(hand: &Pile, pattern: &PilePattern) -> u64 {
    if pattern.kind == PileKind::Kind(Kind::FiftyK) {
        return fifty_ks_with(&fifty_k_cards(hand, pattern), None, None);
    }
    let needs = pattern_needs(pattern);
    (0..=BIG_JOKER)
        .filter(|&r| needs[r as usize] > 0)
        .map(|r| {
            let caps: Vec<u8> = rank_cards(hand, pattern, r)
                .iter()
                .map(|&(_, n)| n)
                .collect();
            multisets(&caps, 0, needs[r as usize])
        })
        .product()
}

/// The `index`-th play of `pattern` from `hand` (its cards in pick order), or `None`
/// when `index` is not below [`count_plays`].
pub fn nth_play(hand: &Pile, pattern: &PilePattern, index: u64) -> Option<Vec<Card>> {
    if index >= count_plays(hand, pattern) {
        return None;
    }
    if pattern.kind == PileKind::Kind(Kind::FiftyK) {
        return Some(nth_fifty_k(&fifty_k_cards(hand, pattern), index));
    }
    let needs = pattern_needs(pattern);
    let ranks: Vec<(Vec<(Card, u8)>, u8)> = (0..=BIG_JOKER)
        .filter(|&r| needs[r as usize] > 0)
        .map(|r| (rank_cards(hand, pattern, r), needs[r as usize]))
        .collect();
    let ways: Vec<u64> = ranks
        .iter()
        .map(|(cards, need)| {
            let caps: Vec<u8> = cards.iter().map(|&(_, n)| n).collect();
            multisets(&caps, 0, *need)
        })
        .collect();
    // The lowest rank is the most significant digit.
    let mut out = Vec::with_capacity(pattern.len as usize);
    let mut index = index;
    for (i, (cards, need)) in ranks.iter().enumerate() {
        let below: u64 = ways[i + 1..].iter().product();
        unrank(cards, *need, index / below, &mut out);
        index %= below;
    }
    Some(out)
}

/// The `index`-th fifty-K (5, T, K in pick order, suits not all one).
fn nth_fifty_k(cards: &[Vec<Card>; 3], mut index: u64) -> Vec<Card> {
    let [fives, tens, kings] = cards;
    for &f in fives {
        let with_five = fifty_ks_with(cards, Some(f), None);
        if index >= with_five {
            index -= with_five;
            continue;
        }
        for &t in tens {
            let with_ten = fifty_ks_with(cards, Some(f), Some(t));
            if index >= with_ten {
                index -= with_ten;
                continue;
            }
            let same = f.suit() == t.suit();
            let k = kings
                .iter()
                .filter(|k| !same || k.suit() != f.suit())
                .nth(index as usize)
                .expect("the index is below the count");
            return vec![f, t, *k];
        }
    }
    unreachable!("the index is below the count")
}

/// Whether some suit holds a whole pure fifty-K in `hand`; used by the bots to keep one.
pub fn holds_pure_fifty_k(hand: &Pile) -> bool {
    let none = PilePattern {
        kind: PileKind::Kind(Kind::FiftyK),
        rank: KING,
        len: 3,
        kickers: 0,
        suit: None,
    };
    let cards = fifty_k_cards(hand, &none);
    Suit::ALL.iter().any(|&s| suit_has_all(&cards, Some(s)))
}

#[cfg(test)]
mod tests {
    use super::super::pile_legal::{legal_patterns, next_picks};
    use super::super::rules::PureOrder;
    use super::super::test_support::{random_hand, Rng};
    use super::*;
    use crate::card::{format_cards, parse_cards};

    /// Every play of `pattern` through [`next_picks`], in the order of its picks.
    fn by_picks(hand: &Pile, pattern: &PilePattern) -> Vec<Vec<Card>> {
        let mut out = Vec::new();
        let mut stack = vec![Vec::<Card>::new()];
        while let Some(picked) = stack.pop() {
            let pile = Pile::from_cards(&picked, hand.decks()).unwrap();
            let next = next_picks(hand, pattern, &pile);
            if next.is_empty() {
                out.push(picked);
                continue;
            }
            for &card in next.iter().rev() {
                let mut more = picked.clone();
                more.push(card);
                stack.push(more);
            }
        }
        out
    }

    #[test]
    fn fko_26_each_pattern_play_by_index_is_the_same_as_by_picks() {
        let mut rng = Rng(26);
        let mut checked = 0;
        for round in 0..120 {
            let decks = 1 + (round % 4) as u8;
            let size = 6 + (round % 9);
            let hand = if decks == 1 {
                Pile::from_cards(&rng.hand(13).cards(), 1).unwrap()
            } else {
                random_hand(&mut rng, decks, size)
            };
            for pattern in legal_patterns(&hand, None, PureOrder::Suit) {
                let picks = by_picks(&hand, &pattern);
                let count = count_plays(&hand, &pattern);
                assert_eq!(count, picks.len() as u64, "{pattern:?}");
                for (i, play) in picks.iter().enumerate() {
                    assert_eq!(nth_play(&hand, &pattern, i as u64).as_ref(), Some(play));
                }
                assert_eq!(nth_play(&hand, &pattern, count), None);
                checked += count;
            }
        }
        assert!(checked > 2_000, "the sample holds plays: {checked}");
    }

    #[test]
    fn fk_16_a_fifty_k_of_copies_never_takes_one_suit() {
        let hand = Pile::from_cards(&parse_cards("5s 5s 5h Ts Ks Kh").unwrap(), 2).unwrap();
        let pattern = legal_patterns(&hand, None, PureOrder::Suit)
            .into_iter()
            .find(|p| p.kind == PileKind::Kind(Kind::FiftyK))
            .unwrap();
        let plays: Vec<String> = (0..count_plays(&hand, &pattern))
            .map(|i| format_cards(&nth_play(&hand, &pattern, i).unwrap()))
            .collect();
        assert_eq!(plays, ["5s Ts Kh", "5h Ts Ks", "5h Ts Kh"]);
        assert!(holds_pure_fifty_k(&hand));
    }
}
