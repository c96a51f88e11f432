//! Legal plays (FK-17, FK-20, FK-21, with FK-10..FK-16 for what a play is):
//! generated from the hand's per-rank suit masks, never by testing subsets.
//!
//! The walk goes shape by shape in id order ([`super::shape::SHAPES`]); in each
//! shape it keeps only main ranks that beat the table ([`bar`]), then the kicker
//! rank sets the hand holds (colex order), then every suit choice (first unit most
//! significant). So plays come out in ascending play id, each once: a card set
//! that read as two kinds would be listed once per kind, the (card set, kind)
//! pairs that `play CARDS as KIND` names.

use super::beats::bar;
use super::cardset::{binomial, suit_choices, CardSet, FIVE, KING, RANKS, TEN};
use super::combo::{Combo, Kind};
use super::encode::{pattern_first_id, suit_index};
use super::error::FkError;
use super::shape::{ranks, Pattern, SHAPES};

/// Checks that no card of `top` is in `hand`: one deck (FK-1).
pub fn check_disjoint(hand: CardSet, top: Option<&Combo>) -> Result<(), FkError> {
    match top.and_then(|t| hand.first_common(t.cards)) {
        Some(card) => Err(FkError::InHandAndTop(card)),
        None => Ok(()),
    }
}

/// Calls `f` with every pattern (play up to suits) that `hand` can play and that
/// beats `top` (any, for a lead: `None`), in type-id order, until `f` returns
/// false. Returns false when stopped early.
pub fn for_each_pattern(
    hand: CardSet,
    top: Option<&Combo>,
    mut f: impl FnMut(Pattern) -> bool,
) -> bool {
    // held[w]: the ranks where the hand has at least w cards.
    let mut held = [0u16; 5];
    for r in 0..RANKS {
        for w in 0..=hand.count(r) {
            held[w as usize] |= 1 << r;
        }
    }
    for (index, shape) in SHAPES.iter().enumerate() {
        let min = match top {
            None => 0,
            Some(t) => match bar(t, shape.kind, shape.num_cards()) {
                Some(min) => min,
                None => continue,
            },
        };
        let mut pattern = Pattern {
            shape: index,
            rank: shape.first_rank,
            kickers: 0,
            suit: 0,
        };
        let go_on = match shape.kind {
            Kind::PureFiftyK => (0..4u8).all(|suit| {
                pattern.suit = suit;
                let bit = 1 << suit;
                let suit_held = [FIVE, TEN, KING].iter().all(|&r| hand.suits(r) & bit != 0);
                !(suit_held && 3 - suit >= min) || f(pattern)
            }),
            Kind::FiftyK => fifty_k_count(hand) == 0 || f(pattern),
            _ if hand.len() < shape.num_cards() => true,
            _ => {
                // Main ranks that end a run of `units` held ranks, at a position
                // of the shape, at or above the bar.
                let with_width = held[shape.width as usize];
                let ends = (1..shape.units).fold(with_width, |acc, i| acc & with_width << i);
                let positions = ((1u16 << shape.positions) - 1) << shape.first_rank;
                let ends = ends & positions & !((1u16 << min) - 1);
                ranks(ends).all(|rank| {
                    pattern.rank = rank;
                    if shape.kickers == 0 {
                        return f(pattern);
                    }
                    let available = held[shape.kicker_width as usize] & !pattern.main();
                    each_kicker_set(shape.kickers, RANKS, available, 0, &mut |kickers| {
                        pattern.kickers = kickers;
                        f(pattern)
                    })
                })
            }
        };
        if !go_on {
            return false;
        }
    }
    true
}

/// Every `k`-set of the ranks below `below` in `available` (a rank mask), in colex
/// order (largest rank first), each or-ed into `chosen`; stops when `f` says so.
fn each_kicker_set(
    k: u8,
    below: u8,
    available: u16,
    chosen: u16,
    f: &mut impl FnMut(u16) -> bool,
) -> bool {
    if k == 0 {
        return f(chosen);
    }
    let candidates = available & ((1 << below) - 1);
    if candidates.count_ones() < k as u32 {
        return true;
    }
    ranks(candidates).all(|top| each_kicker_set(k - 1, top, available, chosen | 1 << top, f))
}

/// Non-pure fifty-Ks in `hand`: every 5-T-K suit triple minus the one-suit ones.
fn fifty_k_count(hand: CardSet) -> u64 {
    let all = hand.count(FIVE) as u64 * hand.count(TEN) as u64 * hand.count(KING) as u64;
    let pure = (hand.suits(FIVE) & hand.suits(TEN) & hand.suits(KING)).count_ones() as u64;
    all - pure
}

/// The plays of `pattern` that `hand` holds: how many.
pub fn pattern_count(hand: CardSet, pattern: &Pattern) -> u64 {
    match pattern.shape().kind {
        Kind::FiftyK => fifty_k_count(hand),
        Kind::PureFiftyK => 1,
        _ => pattern
            .units()
            .map(|(r, w)| binomial(hand.count(r) as u32, w as u32))
            .product(),
    }
}

/// The plays of `pattern` that `hand` holds, in suit-index order, until `f`
/// returns false. Returns false when stopped early.
pub fn each_play(hand: CardSet, pattern: &Pattern, f: &mut impl FnMut(Combo) -> bool) -> bool {
    let kind = pattern.shape().kind;
    let combo = |cards| Combo {
        kind,
        rank: pattern.rank,
        cards,
    };
    if kind == Kind::PureFiftyK {
        let bit = 1 << pattern.suit;
        let cards = [FIVE, TEN, KING]
            .iter()
            .fold(CardSet::default(), |acc, &r| acc.union(CardSet::at(r, bit)));
        return f(combo(cards));
    }
    let mut units = [(0u8, &[][..]); 12];
    let mut n = 0;
    for (rank, width) in pattern.units() {
        units[n] = (rank, suit_choices(hand.suits(rank), width));
        n += 1;
    }
    expand(&units[..n], 0, &mut |cards| {
        let one_suit = kind == Kind::FiftyK
            && cards.suits(FIVE) == cards.suits(TEN)
            && cards.suits(TEN) == cards.suits(KING);
        one_suit || f(combo(cards))
    })
}

/// Every choice of one suit mask per unit, first unit most significant.
fn expand(units: &[(u8, &[u8])], acc: u64, f: &mut impl FnMut(CardSet) -> bool) -> bool {
    match units.split_first() {
        None => f(CardSet(acc)),
        Some((&(rank, choices), rest)) => choices
            .iter()
            .all(|&m| expand(rest, acc | (m as u64) << (4 * rank), f)),
    }
}

/// Every legal play of `hand` against `top` (a lead when `None`), in play-id
/// order, at most `limit` of them.
pub fn legal_plays(
    hand: CardSet,
    top: Option<&Combo>,
    limit: Option<usize>,
) -> Result<Vec<Combo>, FkError> {
    check_disjoint(hand, top)?;
    let limit = limit.unwrap_or(usize::MAX);
    let mut out = Vec::new();
    if limit == 0 {
        return Ok(out);
    }
    for_each_pattern(hand, top, |pattern| {
        each_play(hand, &pattern, &mut |c| {
            out.push(c);
            out.len() < limit
        })
    });
    Ok(out)
}

/// The play ids ([`super::encode`]) of the legal plays, ascending, at most `limit`.
pub fn legal_play_ids(
    hand: CardSet,
    top: Option<&Combo>,
    limit: Option<usize>,
) -> Result<Vec<u64>, FkError> {
    check_disjoint(hand, top)?;
    let limit = limit.unwrap_or(usize::MAX);
    let mut out = Vec::new();
    if limit == 0 {
        return Ok(out);
    }
    for_each_pattern(hand, top, |pattern| {
        let first = pattern_first_id(&pattern);
        each_play(hand, &pattern, &mut |c| {
            out.push(first + suit_index(&c, &pattern));
            out.len() < limit
        })
    });
    Ok(out)
}

/// How many legal plays `legal_plays` would list without a limit, without listing them.
pub fn count_legal_plays(hand: CardSet, top: Option<&Combo>) -> Result<u64, FkError> {
    check_disjoint(hand, top)?;
    let mut total = 0;
    for_each_pattern(hand, top, |pattern| {
        total += pattern_count(hand, &pattern);
        true
    });
    Ok(total)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::beats::beats;
    use super::super::combo::readings;
    use super::super::encode::play_id;
    use super::super::test_support::{combo, set, Rng};
    use super::*;

    /// Every (card set, kind) of a subset of `hand` that beats `top`, by testing subsets.
    fn oracle(hand: CardSet, top: Option<&Combo>) -> BTreeSet<(u64, Kind)> {
        let mut out = BTreeSet::new();
        let mut sub = hand.0;
        while sub != 0 {
            for c in readings(CardSet(sub)) {
                if top.is_none_or(|t| beats(&c, t)) {
                    out.insert((sub, c.kind));
                }
            }
            sub = (sub - 1) & hand.0;
        }
        out
    }

    fn listed(hand: CardSet, top: Option<&Combo>) -> Vec<Combo> {
        legal_plays(hand, top, None).expect("disjoint")
    }

    fn texts(plays: &[Combo]) -> Vec<String> {
        plays
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    crate::card::format_cards(&c.cards.cards()),
                    c.kind.name()
                )
            })
            .collect()
    }

    /// A hand of up to `max` cards drawn from a few (often consecutive) ranks, so that
    /// sequences, bombs and kicker kinds are common.
    fn clustered_hand(rng: &mut Rng, max: u64) -> CardSet {
        let start = rng.below(10) as u8;
        let width = 2 + rng.below(5) as u8;
        let mut ranks = 0u16;
        for r in start..(start + width).min(13) {
            ranks |= 1 << r;
        }
        ranks |= 1 << rng.below(13);
        let pool = (0..13)
            .filter(|r| ranks >> r & 1 == 1)
            .fold(0u64, |acc, r| acc | 0xF << (4 * r));
        let mut hand = CardSet(pool & rng.next());
        while hand.len() as u64 > max {
            let mut bits = hand.0;
            for _ in 0..rng.below(hand.len() as u64) {
                bits &= bits - 1;
            }
            hand = CardSet(hand.0 & !(1 << bits.trailing_zeros()));
        }
        hand
    }

    #[test]
    fn fk17_lead_lists_every_combination_of_the_hand() {
        let plays = listed(set("5s 5h 6s"), None);
        assert_eq!(
            texts(&plays),
            ["5s single", "5h single", "6s single", "5s 5h pair"]
        );
        assert_eq!(count_legal_plays(set("5s 5h 6s"), None), Ok(4));
    }

    #[test]
    fn fk20_follow_needs_same_kind_and_length_and_higher_rank() {
        let hand = set("4s 5s 5h 6c 7d 8s 9h");
        let top = combo("3s 4h 5c 6d 7s");
        assert_eq!(
            texts(&listed(hand, Some(&top))),
            [
                "4s 5s 6c 7d 8s straight",
                "4s 5h 6c 7d 8s straight",
                "5s 6c 7d 8s 9h straight",
                "5h 6c 7d 8s 9h straight",
            ]
        );
        assert_eq!(listed(hand, Some(&combo("3s 4h 5c 6d 7s 8h"))).len(), 2);
        assert!(listed(hand, Some(&combo("3s 4h 5c 6d 7s 8h 9d"))).is_empty());
    }

    #[test]
    fn fk21_specials_answer_everything() {
        let hand = set("5s Ts Ks Kh 3s 3h 3c 3d");
        let plays = texts(&listed(hand, Some(&combo("2s 2h"))));
        assert_eq!(
            plays,
            [
                "3s 3h 3c 3d bomb",
                "5s Ts Kh fifty_k",
                "5s Ts Ks pure_fifty_k"
            ]
        );
        let plays = texts(&listed(hand, Some(&combo("5c Tc Kc"))));
        assert_eq!(plays, ["3s 3h 3c 3d bomb", "5s Ts Ks pure_fifty_k"]);
        let plays = texts(&listed(set("5h Th Kh 5c Tc Kc"), Some(&combo("5s Ts Ks"))));
        assert!(plays.is_empty());
        let plays = texts(&listed(hand, Some(&combo("5h Th Kd"))));
        assert_eq!(plays, ["3s 3h 3c 3d bomb", "5s Ts Ks pure_fifty_k"]);
        assert!(listed(hand, Some(&combo("4s 4h 4c 4d"))).is_empty());
    }

    #[test]
    fn fk15_kicker_sets_use_other_distinct_ranks() {
        let hand = set("5s 5h 5c 5d 6s 6h 6c 7s 8s 8h");
        let plays = listed(hand, Some(&combo("3s 3h 3c 4s 4h 4c 9s Td")));
        let (sequences, others): (Vec<_>, Vec<_>) =
            plays.iter().partition(|c| c.kind == Kind::TriplesSingles);
        assert_eq!(
            sequences.len(),
            4 * 2,
            "4 triples of 5 × 666 × 7 and (8s or 8h)"
        );
        assert_eq!(texts(&others), ["5s 5h 5c 5d bomb"]);
    }

    #[test]
    fn top_sharing_a_card_with_the_hand_is_an_error() {
        let err = legal_plays(set("5s 6s"), Some(&combo("5s")), None).unwrap_err();
        assert_eq!(
            err,
            FkError::InHandAndTop(crate::card::Card::parse("5s").unwrap())
        );
    }

    #[test]
    fn limit_keeps_the_first_plays() {
        let hand = set("3s 4s 5s 6s 7s 8s 9s Ts 3h 4h 5h");
        let all = listed(hand, None);
        for limit in [0, 1, 5, all.len(), all.len() + 3] {
            let some = legal_plays(hand, None, Some(limit)).unwrap();
            assert_eq!(some[..], all[..limit.min(all.len())]);
        }
    }

    #[test]
    fn fk17_fk20_fk21_legal_plays_match_a_subset_oracle() {
        let mut rng = Rng(2024);
        let deck = CardSet((1 << 52) - 1);
        for round in 0..1200 {
            let hand = if round % 2 == 0 {
                let size = rng.below(12) as u32;
                rng.hand(size)
            } else {
                clustered_hand(&mut rng, 11)
            };
            let rest = CardSet(deck.0 & !hand.0);
            let other = clustered_hand(&mut rng, 12);
            let other = CardSet(other.0 & rest.0);
            let tops = listed(other, None);
            let top = (round % 5 != 0 && !tops.is_empty())
                .then(|| tops[rng.below(tops.len() as u64) as usize]);
            let plays = listed(hand, top.as_ref());
            let got: BTreeSet<(u64, Kind)> = plays.iter().map(|c| (c.cards.0, c.kind)).collect();
            assert_eq!(
                got,
                oracle(hand, top.as_ref()),
                "hand {:?} top {top:?}",
                hand.cards()
            );
            assert_eq!(got.len(), plays.len(), "no duplicates");
            assert_eq!(
                count_legal_plays(hand, top.as_ref()),
                Ok(plays.len() as u64)
            );
            let ids: Vec<u64> = plays.iter().map(play_id).collect();
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "ascending ids");
            assert_eq!(legal_play_ids(hand, top.as_ref(), None), Ok(ids));
        }
    }

    #[test]
    fn fk10_fk16_full_deck_counts() {
        let deck = CardSet((1 << 52) - 1);
        let count = |kind: Kind| {
            let mut n = 0;
            for_each_pattern(deck, None, |p| {
                if p.shape().kind == kind {
                    n += pattern_count(deck, &p);
                }
                true
            });
            n
        };
        assert_eq!(count(Kind::Single), 52);
        assert_eq!(count(Kind::Pair), 13 * 6);
        assert_eq!(count(Kind::Bomb), 13);
        assert_eq!(count(Kind::FiftyK), 60);
        assert_eq!(count(Kind::PureFiftyK), 4);
        assert_eq!(count(Kind::TripleOne), 13 * 4 * 12 * 4);
        assert_eq!(count(Kind::TriplesSingles), {
            (2..=6u32)
                .map(|n| (13 - n as u64) * binomial(13 - n, n) * 4u64.pow(2 * n))
                .sum::<u64>()
        });
    }
}
