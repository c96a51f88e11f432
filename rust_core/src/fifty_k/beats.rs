//! Beating (FK-20, FK-21): which combinations beat the one on the table.
//!
//! [`bar`] says, for a kind and a number of cards, the lowest strength
//! ([`Combo::strength`]) that beats the table; [`beats`] and the legal-play
//! generator both use it, so they cannot disagree.

use super::cardset::CardSet;
use super::combo::{readings, Combo, Kind};
use super::rules::PureOrder;

/// The lowest strength a `kind` play of `len` cards needs to beat `top`, or
/// `None` when no such play beats it. A result above every strength (13) means
/// none does either.
///
/// FK-20: a non-special beats only the same kind with as many cards and a higher
/// main rank. FK-21: fifty-K < pure fifty-K < bomb, each beating every
/// non-special; fifty-Ks never beat each other, except that a pure one beats a
/// plain one and pure ones compare by suit (s > h > c > d), or under FKO-12 (`order`
/// [`PureOrder::Equal`]) not at all; bombs by rank.
pub fn bar(top: &Combo, kind: Kind, len: u32, order: PureOrder) -> Option<u8> {
    use Kind::{Bomb, FiftyK, PureFiftyK};
    let above_top = Some(top.strength() + 1);
    match (kind, top.kind) {
        (Bomb, Bomb) => above_top,
        (PureFiftyK, PureFiftyK) => above_top.filter(|_| order == PureOrder::Suit),
        (Bomb, _) | (PureFiftyK, FiftyK) => Some(0),
        (PureFiftyK, Bomb) | (FiftyK, Bomb | PureFiftyK | FiftyK) => None,
        (PureFiftyK | FiftyK, _) => Some(0),
        (_, Bomb | PureFiftyK | FiftyK) => None,
        _ => (kind == top.kind && len == top.len()).then_some(top.strength() + 1),
    }
}

/// True when `play` beats `top` (FK-20, FK-21; FKO-10 for two pure fifty-Ks).
pub fn beats(play: &Combo, top: &Combo, order: PureOrder) -> bool {
    bar(top, play.kind, play.len(), order).is_some_and(|min| play.strength() >= min)
}

/// True when some reading of `cards` beats `top`: unnamed, FK-17 takes the
/// reading that can beat the table.
pub fn cards_beat(cards: CardSet, top: &Combo, order: PureOrder) -> bool {
    readings(cards).any(|play| beats(&play, top, order))
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{combo, set};
    use super::*;

    fn b(play: &str, top: &str) -> bool {
        beats(&combo(play), &combo(top), PureOrder::Suit)
    }

    #[test]
    fn fk_20_same_kind_same_count_higher_rank() {
        assert!(b("4s", "3s"));
        assert!(b("2s", "As"));
        assert!(!b("3s", "2s"));
        assert!(!b("5h", "5s"));
        assert!(b("6s 6h", "5s 5h"));
        assert!(!b("6s 6h", "5s"));
        assert!(!b("6s 6h 6c", "5s 5h"));
    }

    #[test]
    fn fk_20_sequences_compare_top_rank_at_equal_length() {
        assert!(b("4s 5h 6c 7d 8s", "3s 4h 5c 6d 7s"));
        assert!(!b("4s 5h 6c 7d 8s", "3s 4h 5c 6d 7s 8h"));
        assert!(!b("3s 4h 5c 6d 7s 8h", "4s 5h 6c 7d 8c"));
        assert!(b("6s 6h 7s 7h", "5s 5h 6c 6d"));
        assert!(!b("6s 6h 7s 7h", "5s 5h 6c 6d 7c 7d"));
        assert!(b("6s 6h 6c 7s 7h 7c", "5s 5h 5c 6d 6s 6h"));
    }

    #[test]
    fn fk_20_kicker_kinds_compare_the_triple() {
        assert!(b("6s 6h 6c 3d", "5s 5h 5c Ad"));
        assert!(!b("5s 5h 5c Ad", "6s 6h 6c 3d"));
        assert!(!b("6s 6h 6c 3d 3s", "5s 5h 5c Ad"));
        assert!(b("6s 6h 6c 3d 3s", "5s 5h 5c Ad As"));
        assert!(b("6s 6h 6c 7s 7h 7c 3d 4d", "4s 4h 4c 5s 5h 5c Ad Ks"));
        assert!(!b("6s 6h 6c 7s 7h 7c 3d 4d", "8s 8h 8c 9s 9h 9c Ad Ks"));
    }

    #[test]
    fn fk_21_specials_beat_every_non_special() {
        for top in [
            "As",
            "2s 2h",
            "3s 4h 5c 6d 7s 8h 9d Ts Jh Qc Kd As",
            "8s 8h 8c 9s",
        ] {
            assert!(b("5s Th Kd", top), "fifty-K over {top}");
            assert!(b("5h Th Kh", top), "pure fifty-K over {top}");
            assert!(b("3s 3h 3c 3d", top), "bomb over {top}");
            assert!(!b(top, "5s Th Kd"));
        }
    }

    #[test]
    fn fk_21_fifty_k_below_pure_below_bomb() {
        assert!(b("5d Td Kd", "5s Th Kd"));
        assert!(!b("5s Th Kd", "5d Td Kd"));
        assert!(b("3s 3h 3c 3d", "5s Ts Ks"));
        assert!(!b("5s Ts Ks", "3s 3h 3c 3d"));
        assert!(b("3s 3h 3c 3d", "5s Th Kd"));
    }

    #[test]
    fn fk_21_fifty_ks_never_beat_each_other() {
        assert!(!b("5s Th Kd", "5h Tc Ks"));
        assert!(!b("5h Tc Ks", "5s Th Kd"));
    }

    #[test]
    fn fk_21_pure_fifty_ks_by_suit() {
        let suits = ["s", "h", "c", "d"];
        for (i, hi) in suits.iter().enumerate() {
            for (j, lo) in suits.iter().enumerate() {
                let play = format!("5{hi} T{hi} K{hi}");
                let top = format!("5{lo} T{lo} K{lo}");
                assert_eq!(b(&play, &top), i < j, "{play} over {top}");
            }
        }
    }

    #[test]
    fn fko_12_equal_pure_fifty_ks_never_beat_each_other() {
        let equal = |play: &str, top: &str| beats(&combo(play), &combo(top), PureOrder::Equal);
        for hi in ["s", "h", "c", "d"] {
            for lo in ["s", "h", "c", "d"] {
                assert!(!equal(
                    &format!("5{hi} T{hi} K{hi}"),
                    &format!("5{lo} T{lo} K{lo}")
                ));
            }
            let pure = format!("5{hi} T{hi} K{hi}");
            assert!(equal(&pure, "5s Th Kd"), "still over a plain fifty-K");
            assert!(
                equal(&pure, "2s 2h 2d"),
                "still over an ordinary combination"
            );
            assert!(equal("3s 3h 3c 3d", &pure), "a bomb still beats it");
            assert!(!equal(&pure, "3s 3h 3c 3d"));
        }
        // Nothing else changes: every pair of combinations but two pure fifty-Ks agrees.
        let tops = [
            "7s",
            "7s 7h",
            "3s 4h 5c 6d 7s",
            "5s Th Kd",
            "5h Th Kh",
            "4s 4h 4c 4d",
        ];
        for play in tops {
            for top in tops {
                let both_pure =
                    combo(play).kind == Kind::PureFiftyK && combo(top).kind == Kind::PureFiftyK;
                assert!(
                    both_pure || equal(play, top) == b(play, top),
                    "{play} on {top}"
                );
            }
        }
    }

    #[test]
    fn fk_21_bombs_by_rank() {
        assert!(b("2s 2h 2c 2d", "As Ah Ac Ad"));
        assert!(b("4s 4h 4c 4d", "3s 3h 3c 3d"));
        assert!(!b("3s 3h 3c 3d", "4s 4h 4c 4d"));
    }

    #[test]
    fn fk_17_cards_beat_with_their_legal_reading() {
        assert!(cards_beat(set("6s 6h"), &combo("5s 5h"), PureOrder::Suit));
        assert!(!cards_beat(set("6s 7h"), &combo("5s"), PureOrder::Suit));
    }
}
