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
use super::cardset::{CardSet, FIVE, KING, RANKS, TEN};
use super::combo::{Combo, Kind};
use super::encode::{pattern_first_id, pattern_type_id};
use super::error::FkError;
use super::rules::PureOrder;
use super::shape::{ranks, shape_index, Pattern, BOMB, FIFTY_K, PURE_FIFTY_K, SHAPES};
use super::suits::{each_suit_choice, fifty_k_count, pattern_count};

/// Checks that no card of `top` is in `hand`: one deck (FK-1).
pub fn check_disjoint(hand: CardSet, top: Option<&Combo>) -> Result<(), FkError> {
    match top.and_then(|t| hand.first_common(t.cards)) {
        Some(card) => Err(FkError::InHandAndTop(card)),
        None => Ok(()),
    }
}

/// Calls `f` with every pattern (play up to suits) that `hand` can play and that
/// beats `top` (any, for a lead: `None`) with pure fifty-Ks compared by `order`
/// (FKO-10), in type-id order, until `f` returns false. Returns false when stopped early.
pub fn for_each_pattern(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
    mut f: impl FnMut(Pattern) -> bool,
) -> bool {
    let held = held_ranks(hand);
    match top {
        None => (0..SHAPES.len()).all(|shape| shape_patterns(hand, &held, shape, 0, &mut f)),
        Some(top) => candidate_shapes(top).all(|shape| {
            let s = &SHAPES[shape];
            bar(top, s.kind, s.num_cards(), order)
                .is_none_or(|min| shape_patterns(hand, &held, shape, min, &mut f))
        }),
    }
}

/// `held[w]`: the ranks (a rank mask) where `hand` has at least `w` cards.
fn held_ranks(hand: CardSet) -> [u16; 5] {
    let mut held = [(1u16 << RANKS) - 1, 0, 0, 0, 0];
    for r in 0..RANKS {
        let count = hand.count(r);
        held[1] |= ((count >= 1) as u16) << r;
        held[2] |= ((count >= 2) as u16) << r;
        held[3] |= ((count >= 3) as u16) << r;
        held[4] |= ((count >= 4) as u16) << r;
    }
    held
}

/// The shapes that may hold a play beating `top`, ascending: only its own shape and
/// the specials' can ([`bar`] is `None` for every other kind, FK-20, FK-21).
fn candidate_shapes(top: &Combo) -> impl Iterator<Item = usize> {
    let own = shape_index(top.kind, top.len()).unwrap_or(BOMB);
    let mut shapes = [own, BOMB, FIFTY_K, PURE_FIFTY_K];
    shapes.sort_unstable();
    (0..shapes.len())
        .filter(move |&i| i == 0 || shapes[i] != shapes[i - 1])
        .map(move |i| shapes[i])
}

/// Calls `f` with the patterns of shape `shape` that `hand` holds, with strength at
/// least `min`, in type-id order; false when `f` stopped the walk.
fn shape_patterns(
    hand: CardSet,
    held: &[u16; 5],
    shape: usize,
    min: u8,
    f: &mut impl FnMut(Pattern) -> bool,
) -> bool {
    let s = &SHAPES[shape];
    let mut pattern = Pattern {
        shape,
        rank: s.first_rank,
        kickers: 0,
        suit: 0,
    };
    match s.kind {
        Kind::PureFiftyK => {
            let suits = hand.suits(FIVE) & hand.suits(TEN) & hand.suits(KING);
            (0..4u8).all(|suit| {
                pattern.suit = suit;
                suits >> suit & 1 == 0 || 3 - suit < min || f(pattern)
            })
        }
        Kind::FiftyK => fifty_k_count(hand) == 0 || f(pattern),
        _ if hand.len() < s.num_cards() || held[s.width as usize] == 0 => true,
        _ => {
            // Main ranks that end a run of `units` held ranks, at a position of
            // the shape, at or above the bar.
            let with_width = held[s.width as usize];
            let ends = (1..s.units).fold(with_width, |acc, i| acc & with_width << i);
            let positions = ((1u16 << s.positions) - 1) << s.first_rank;
            let ends = ends & positions & !((1u16 << min) - 1);
            ranks(ends).all(|rank| {
                pattern.rank = rank;
                if s.kickers == 0 {
                    return f(pattern);
                }
                let available = held[s.kicker_width as usize] & !pattern.main();
                each_kicker_set(s.kickers, RANKS, available, 0, &mut |kickers| {
                    pattern.kickers = kickers;
                    f(pattern)
                })
            })
        }
    }
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

/// Room reserved for a list of plays: enough for most follows; leads grow it.
const RESERVE: usize = 32;

/// Collects, for each legal pattern in order, what `each` pushes, up to `limit`
/// items; `each` gets a push function that says whether to go on.
fn collect<T>(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
    limit: Option<usize>,
    mut each: impl FnMut(Pattern, &mut dyn FnMut(T) -> bool) -> bool,
) -> Result<Vec<T>, FkError> {
    check_disjoint(hand, top)?;
    let limit = limit.unwrap_or(usize::MAX);
    let mut out = Vec::with_capacity(limit.min(RESERVE));
    if limit > 0 {
        for_each_pattern(hand, top, order, |pattern| {
            each(pattern, &mut |item| {
                out.push(item);
                out.len() < limit
            })
        });
    }
    Ok(out)
}

/// Every legal play of `hand` against `top` (a lead when `None`; pure fifty-Ks
/// compared by `order`, FKO-10), in play-id order, at most `limit` of them.
pub fn legal_plays(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
    limit: Option<usize>,
) -> Result<Vec<Combo>, FkError> {
    collect(hand, top, order, limit, |pattern, push| {
        let (kind, rank) = (pattern.shape().kind, pattern.rank);
        each_suit_choice(hand, &pattern, &mut |cards, _| {
            push(Combo { kind, rank, cards })
        })
    })
}

/// The play ids ([`super::encode`]) of the legal plays, ascending, at most `limit`.
pub fn legal_play_ids(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
    limit: Option<usize>,
) -> Result<Vec<u64>, FkError> {
    collect(hand, top, order, limit, |pattern, push| {
        let first = pattern_first_id(&pattern);
        each_suit_choice(hand, &pattern, &mut |_, suit_index| {
            push(first + suit_index)
        })
    })
}

/// The type ids ([`super::encode`]: plays with suits forgotten) that the legal plays
/// have, ascending, each once, at most `limit`: an action mask over types.
pub fn legal_play_types(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
    limit: Option<usize>,
) -> Result<Vec<u32>, FkError> {
    collect(hand, top, order, limit, |pattern, push| {
        push(pattern_type_id(&pattern))
    })
}

/// The `index`-th play `legal_plays` would list, without listing the others: whole
/// patterns are skipped by their counts.
pub fn nth_legal_play(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
    mut index: u64,
) -> Option<Combo> {
    check_disjoint(hand, top).ok()?;
    let mut found = None;
    for_each_pattern(hand, top, order, |pattern| {
        let count = pattern_count(hand, &pattern);
        if index >= count {
            index -= count;
            return true;
        }
        let (kind, rank) = (pattern.shape().kind, pattern.rank);
        each_suit_choice(hand, &pattern, &mut |cards, _| {
            if index > 0 {
                index -= 1;
                return true;
            }
            found = Some(Combo { kind, rank, cards });
            false
        });
        false
    });
    found
}

/// How many legal plays `legal_plays` would list without a limit, without listing them.
pub fn count_legal_plays(
    hand: CardSet,
    top: Option<&Combo>,
    order: PureOrder,
) -> Result<u64, FkError> {
    check_disjoint(hand, top)?;
    let mut total = 0;
    for_each_pattern(hand, top, order, |pattern| {
        total += pattern_count(hand, &pattern);
        true
    });
    Ok(total)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::beats::beats;
    use super::super::cardset::binomial;
    use super::super::combo::readings;
    use super::super::encode::{play_id, type_id};
    use super::super::test_support::{combo, set, Rng};
    use super::*;

    /// Every (card set, kind) of a subset of `hand` that beats `top`, by testing subsets.
    fn oracle(hand: CardSet, top: Option<&Combo>, order: PureOrder) -> BTreeSet<(u64, Kind)> {
        let mut out = BTreeSet::new();
        let mut sub = hand.0;
        while sub != 0 {
            for c in readings(CardSet(sub)) {
                if top.is_none_or(|t| beats(&c, t, order)) {
                    out.insert((sub, c.kind));
                }
            }
            sub = (sub - 1) & hand.0;
        }
        out
    }

    fn listed(hand: CardSet, top: Option<&Combo>) -> Vec<Combo> {
        listed_under(hand, top, PureOrder::Suit)
    }

    fn listed_under(hand: CardSet, top: Option<&Combo>, order: PureOrder) -> Vec<Combo> {
        legal_plays(hand, top, order, None).expect("disjoint")
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
    fn fk_17_nth_legal_play_is_the_listed_one_and_counts_agree() {
        let mut rng = Rng(17);
        for _ in 0..400 {
            let hand = clustered_hand(&mut rng, 13);
            let all = listed(hand, None);
            assert_eq!(
                count_legal_plays(hand, None, PureOrder::Suit),
                Ok(all.len() as u64)
            );
            for (i, c) in all.iter().enumerate() {
                assert_eq!(
                    nth_legal_play(hand, None, PureOrder::Suit, i as u64).as_ref(),
                    Some(c)
                );
            }
            assert_eq!(
                nth_legal_play(hand, None, PureOrder::Suit, all.len() as u64),
                None
            );
            if let Some(top) = all.last() {
                let rest = CardSet(hand.0 & !top.cards.0);
                let follows = listed(rest, Some(top));
                for (i, c) in follows.iter().enumerate() {
                    assert_eq!(
                        nth_legal_play(rest, Some(top), PureOrder::Suit, i as u64).as_ref(),
                        Some(c)
                    );
                }
            }
        }
    }

    #[test]
    fn fk_17_lead_lists_every_combination_of_the_hand() {
        let plays = listed(set("5s 5h 6s"), None);
        assert_eq!(
            texts(&plays),
            ["5s single", "5h single", "6s single", "5s 5h pair"]
        );
        assert_eq!(
            count_legal_plays(set("5s 5h 6s"), None, PureOrder::Suit),
            Ok(4)
        );
    }

    #[test]
    fn fk_20_follow_needs_same_kind_and_length_and_higher_rank() {
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
    fn fk_21_specials_answer_everything() {
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
    fn fko_12_equal_pure_fifty_ks_answer_only_with_bombs() {
        let hand = set("5s Ts Ks 5h Th Kh 3s 3h 3c 3d");
        let on_pure = |top: &str, order| texts(&listed_under(hand, Some(&combo(top)), order));
        assert_eq!(
            on_pure("5c Tc Kc", PureOrder::Suit),
            [
                "3s 3h 3c 3d bomb",
                "5s Ts Ks pure_fifty_k",
                "5h Th Kh pure_fifty_k"
            ]
        );
        assert_eq!(on_pure("5c Tc Kc", PureOrder::Equal), ["3s 3h 3c 3d bomb"]);
        let on_plain = texts(&listed_under(
            hand,
            Some(&combo("5c Tc Kd")),
            PureOrder::Equal,
        ));
        assert_eq!(
            on_plain,
            [
                "3s 3h 3c 3d bomb",
                "5s Ts Ks pure_fifty_k",
                "5h Th Kh pure_fifty_k"
            ]
        );
    }

    #[test]
    fn fk_15_kicker_sets_use_other_distinct_ranks() {
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
        let err = legal_plays(set("5s 6s"), Some(&combo("5s")), PureOrder::Suit, None).unwrap_err();
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
            let some = legal_plays(hand, None, PureOrder::Suit, Some(limit)).unwrap();
            assert_eq!(some[..], all[..limit.min(all.len())]);
        }
    }

    #[test]
    fn fk_17_fk_20_fk_21_legal_plays_match_a_subset_oracle() {
        let mut rng = Rng(2024);
        let deck = CardSet((1 << 52) - 1);
        for round in 0..1200 {
            // FKO-10: both orders of pure fifty-Ks, against the oracle under each.
            let order = [PureOrder::Suit, PureOrder::Equal][round % 3 / 2];
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
            let plays = listed_under(hand, top.as_ref(), order);
            let got: BTreeSet<(u64, Kind)> = plays.iter().map(|c| (c.cards.0, c.kind)).collect();
            assert_eq!(
                got,
                oracle(hand, top.as_ref(), order),
                "hand {:?} top {top:?}",
                hand.cards()
            );
            assert_eq!(got.len(), plays.len(), "no duplicates");
            assert_eq!(
                count_legal_plays(hand, top.as_ref(), order),
                Ok(plays.len() as u64)
            );
            let ids: Vec<u64> = plays.iter().map(play_id).collect();
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "ascending ids");
            assert_eq!(legal_play_ids(hand, top.as_ref(), order, None), Ok(ids));
            let mut types: Vec<u32> = plays.iter().map(type_id).collect();
            types.dedup();
            assert_eq!(legal_play_types(hand, top.as_ref(), order, None), Ok(types));
        }
    }

    #[test]
    fn fk_10_fk_16_full_deck_counts() {
        let deck = CardSet((1 << 52) - 1);
        let count = |kind: Kind| {
            let mut n = 0;
            for_each_pattern(deck, None, PureOrder::Suit, |p| {
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
