//! The legal plays of a hand of several decks, up to the choice of cards (FK-30,
//! FKO-22..FKO-28): which patterns — kind, main rank, size, kicker ranks and a pure
//! fifty-K's suit — the hand can make and that beat the table.
//!
//! With several decks the plays of a pattern are many (every pick of copies and suits),
//! so a play is chosen as a pattern and then its cards, one at a time ([`next_picks`]);
//! any cards of the pattern's ranks make it, except that a fifty-K's three suits must
//! not all be one and a pure fifty-K's are its suit.

use crate::card::{Card, Suit, BJ, LJ};

use super::cardset::{fk_rank, FIVE, KING, RANKS, TEN, TOP_SEQUENCE_RANK};
use super::combo::Kind;
use super::pile::{beats, Pile, PileCombo, PileKind, BIG_JOKER, LITTLE_JOKER};
use super::rules::PureOrder;

/// A play up to its cards: the kind, the main rank ([`PileCombo::rank`]), the number of
/// cards, the kicker ranks (a mask over Fifty-K ranks) and a pure fifty-K's suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PilePattern {
    pub kind: PileKind,
    pub rank: u8,
    pub len: u32,
    pub kickers: u16,
    pub suit: Option<Suit>,
}

impl PilePattern {
    /// The pattern of `pile` read as `combo` (its kickers are the ranks that hold one
    /// card, or two, besides the triples).
    pub fn of(pile: &Pile, combo: &PileCombo) -> PilePattern {
        let kicker_width = match combo.kind {
            PileKind::Kind(Kind::TripleOne | Kind::TriplesSingles) => 1,
            PileKind::Kind(Kind::TriplePair | Kind::TriplesPairs) => 2,
            _ => 0,
        };
        let kickers = (0..RANKS)
            .filter(|&r| kicker_width > 0 && pile.count(r) == kicker_width)
            .fold(0, |mask, r| mask | 1 << r);
        PilePattern {
            kind: combo.kind,
            rank: combo.rank,
            len: combo.len,
            kickers,
            suit: combo.suit,
        }
    }

    /// The pattern as the combination [`beats`] compares.
    pub fn combo(&self) -> PileCombo {
        PileCombo {
            kind: self.kind,
            rank: self.rank,
            len: self.len,
            suit: self.suit,
        }
    }
}

/// Every pattern `hand` can play that beats `top` (every pattern it can play for a
/// lead), kinds in FK-17's order ([`PileKind::ALL`]), then length, main rank and
/// kicker ranks ascending.
pub fn legal_patterns(hand: &Pile, top: Option<&PileCombo>, order: PureOrder) -> Vec<PilePattern> {
    let counts: [u8; 15] = std::array::from_fn(|r| hand.count(r as u8));
    let mut out = Vec::new();
    let mut push = |p: PilePattern| {
        if top.is_none_or(|t| beats(&p.combo(), t, order)) {
            out.push(p);
        }
    };
    let plain = |kind: Kind, rank: u8, len: u32, kickers: u16| PilePattern {
        kind: PileKind::Kind(kind),
        rank,
        len,
        kickers,
        suit: None,
    };
    for (kind, width) in [(Kind::Single, 1), (Kind::Pair, 2), (Kind::Triple, 3)] {
        for rank in 0..=BIG_JOKER {
            if counts[rank as usize] >= width {
                push(plain(kind, rank, width as u32, 0));
            }
        }
    }
    // FKO-26: a bomb of every size from 4 up to what the hand holds of the rank.
    for size in 4..=4 * hand.decks() {
        for rank in 0..RANKS {
            if counts[rank as usize] >= size {
                push(plain(Kind::Bomb, rank, size as u32, 0));
            }
        }
    }
    for (kind, width, min) in [
        (Kind::Straight, 1, 5),
        (Kind::Pairs, 2, 2),
        (Kind::Triples, 3, 2),
    ] {
        for units in min..=TOP_SEQUENCE_RANK + 1 {
            for top_rank in units - 1..=TOP_SEQUENCE_RANK {
                if (top_rank + 1 - units..=top_rank).all(|r| counts[r as usize] >= width) {
                    push(plain(kind, top_rank, (units * width) as u32, 0));
                }
            }
        }
    }
    for (kind, width) in [(Kind::TripleOne, 1), (Kind::TriplePair, 2)] {
        for rank in 0..RANKS {
            if counts[rank as usize] < 3 {
                continue;
            }
            for kicker in (0..RANKS).filter(|&k| k != rank && counts[k as usize] >= width) {
                push(plain(kind, rank, 3 + width as u32, 1 << kicker));
            }
        }
    }
    for (kind, width) in [(Kind::TriplesSingles, 1), (Kind::TriplesPairs, 2)] {
        // FK-15: n triples and n kicker ranks among the 13 - n others, so n <= 6.
        for units in 2..=6u8 {
            for top_rank in units - 1..=TOP_SEQUENCE_RANK {
                let main = ((1u16 << units) - 1) << (top_rank + 1 - units);
                if !(0..RANKS).all(|r| main & (1 << r) == 0 || counts[r as usize] >= 3) {
                    continue;
                }
                let free = (0..RANKS)
                    .filter(|&r| main & (1 << r) == 0 && counts[r as usize] >= width)
                    .fold(0u16, |m, r| m | 1 << r);
                for kickers in subsets(free, units as u32) {
                    push(plain(kind, top_rank, (units * (3 + width)) as u32, kickers));
                }
            }
        }
    }
    // FK-16: a fifty-K needs a 5, a T and a K whose suits are not all one.
    let (fives, tens, kings) = (
        hand.suit_mask(FIVE),
        hand.suit_mask(TEN),
        hand.suit_mask(KING),
    );
    let single_same = fives.count_ones() == 1 && fives == tens && tens == kings;
    if fives != 0 && tens != 0 && kings != 0 && !single_same {
        push(plain(Kind::FiftyK, KING, 3, 0));
    }
    for suit in Suit::ALL {
        if fives & tens & kings & (1 << suit.0) != 0 {
            push(PilePattern {
                suit: Some(suit),
                ..plain(Kind::PureFiftyK, KING, 3, 0)
            });
        }
    }
    // FKO-27: every joker of the game.
    let decks = hand.decks();
    if decks >= 2 && counts[LITTLE_JOKER as usize] == decks && counts[BIG_JOKER as usize] == decks {
        push(PilePattern {
            kind: PileKind::KingBomb,
            rank: BIG_JOKER,
            len: 2 * decks as u32,
            kickers: 0,
            suit: None,
        });
    }
    out
}

/// How many cards of each rank (Fifty-K ranks, then the two jokers) a play of
/// `pattern` holds.
pub fn pattern_needs(pattern: &PilePattern) -> [u8; 15] {
    let mut needs = [0u8; 15];
    let kind = match pattern.kind {
        PileKind::KingBomb => {
            let half = (pattern.len / 2) as u8;
            needs[LITTLE_JOKER as usize] = half;
            needs[BIG_JOKER as usize] = half;
            return needs;
        }
        PileKind::Kind(kind) => kind,
    };
    let (units, width, kicker_width) = match kind {
        Kind::Single | Kind::Pair | Kind::Triple | Kind::Bomb => (1, pattern.len as u8, 0),
        Kind::Straight => (pattern.len as u8, 1, 0),
        Kind::Pairs => (pattern.len as u8 / 2, 2, 0),
        Kind::Triples => (pattern.len as u8 / 3, 3, 0),
        Kind::TripleOne | Kind::TriplesSingles => (pattern.kickers.count_ones() as u8, 3, 1),
        Kind::TriplePair | Kind::TriplesPairs => (pattern.kickers.count_ones() as u8, 3, 2),
        Kind::FiftyK | Kind::PureFiftyK => {
            for r in [FIVE, TEN, KING] {
                needs[r as usize] = 1;
            }
            return needs;
        }
    };
    for r in pattern.rank + 1 - units..=pattern.rank {
        needs[r as usize] = width;
    }
    for r in (0..RANKS).filter(|&r| pattern.kickers & (1 << r) != 0) {
        needs[r as usize] = kicker_width;
    }
    needs
}

/// The order cards are picked in: Fifty-K rank ascending, suits s, h, c, d within a
/// rank, the little then the big joker last.
pub(super) fn pick_key(card: Card) -> u8 {
    match card {
        LJ => 52,
        BJ => 53,
        _ => 4 * fk_rank(card.rank().expect("not a joker")) + card.suit().expect("a suit").0,
    }
}

/// The cards that may be picked next while choosing the cards of a `pattern` play from
/// `hand`, `picked` being the cards chosen so far: one copy at a time, never below the
/// last pick (so each play is reached by one sequence of picks), and only where the
/// play can still be completed — the right number of each rank, a pure fifty-K's
/// suit, and a fifty-K's suits not all one (FK-16). Empty once the play is complete.
pub fn next_picks(hand: &Pile, pattern: &PilePattern, picked: &Pile) -> Vec<Card> {
    let needs = pattern_needs(pattern);
    let picked_cards = picked.cards();
    let last = picked_cards.last().map_or(0, |&c| pick_key(c));
    let mut out = Vec::new();
    for card in hand.distinct_cards() {
        let key = pick_key(card);
        if key < last || hand.get(card) == picked.get(card) {
            continue;
        }
        let rank = pick_rank(card);
        if picked.count(rank) >= needs[rank as usize] {
            continue;
        }
        if pattern.suit.is_some_and(|s| card.suit() != Some(s)) {
            continue;
        }
        if completes(hand, pattern, &needs, picked, card) {
            out.push(card);
        }
    }
    out
}

/// True when `picked` plus `card` can still grow into a play of `pattern` by picks at or
/// above `card`.
fn completes(
    hand: &Pile,
    pattern: &PilePattern,
    needs: &[u8; 15],
    picked: &Pile,
    card: Card,
) -> bool {
    let key = pick_key(card);
    let mut after = *picked;
    after.add(card);
    for rank in 0..=BIG_JOKER {
        let need = needs[rank as usize];
        let have = after.count(rank);
        // Cards of this rank still free at or above the pick.
        let free: u8 = hand
            .distinct_cards()
            .into_iter()
            .filter(|&c| pick_rank(c) == rank && pick_key(c) >= key)
            .filter(|&c| pattern.suit.is_none_or(|s| c.suit() == Some(s)))
            .map(|c| hand.get(c) - after.get(c))
            .sum();
        if have + free < need {
            return false;
        }
    }
    if pattern.kind != PileKind::Kind(Kind::FiftyK) {
        return true;
    }
    // FK-16: some choice of the ranks still open leaves the suits not all one.
    let suits = |rank: u8| -> u8 {
        let mine = after.suit_mask(rank);
        if mine != 0 {
            return mine;
        }
        hand.distinct_cards()
            .into_iter()
            .filter(|&c| pick_rank(c) == rank && pick_key(c) >= key)
            .fold(0, |m, c| m | 1 << c.suit().expect("a suit").0)
    };
    let (f, t, k) = (suits(FIVE), suits(TEN), suits(KING));
    !(f.count_ones() == 1 && f == t && t == k)
}

/// A card's rank in [`Pile::count`]'s numbering (jokers above the 2).
pub(super) fn pick_rank(card: Card) -> u8 {
    match card {
        LJ => LITTLE_JOKER,
        BJ => BIG_JOKER,
        _ => fk_rank(card.rank().expect("not a joker")),
    }
}

/// The subsets of `mask` with `k` members, in colex order (as numbers, ascending).
fn subsets(mask: u16, k: u32) -> impl Iterator<Item = u16> {
    // Gosper's hack over the positions of `mask`'s bits.
    let bits: Vec<u8> = (0..16).filter(|&b| mask & (1 << b) != 0).collect();
    let n = bits.len() as u32;
    let mut choice: u32 = if k <= n { (1u32 << k) - 1 } else { 0 };
    let limit = 1u32 << n;
    std::iter::from_fn(move || {
        if choice == 0 || choice >= limit {
            return None;
        }
        let out = (0..n)
            .filter(|&i| choice & (1 << i) != 0)
            .fold(0u16, |m, i| m | 1 << bits[i as usize]);
        let low = choice & choice.wrapping_neg();
        let ripple = choice + low;
        choice = (((ripple ^ choice) >> 2) / low) | ripple;
        Some(out)
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::super::cardset::CardSet;
    use super::super::legal::legal_play_types;
    use super::super::pile::{classify, readings};
    use super::super::test_support::{random_hand, Rng};
    use super::*;
    use crate::card::{parse_cards, Card};

    fn pile(text: &str, decks: u8) -> Pile {
        Pile::from_cards(&parse_cards(text).unwrap(), decks).unwrap()
    }

    /// Every pattern of every sub-multiset of `hand` that beats `top`: the brute force
    /// [`legal_patterns`] must agree with.
    fn brute_force(
        hand: &Pile,
        top: Option<&PileCombo>,
        order: PureOrder,
    ) -> BTreeSet<PilePattern> {
        let cards = hand.cards();
        let mut distinct: Vec<(Card, u8)> = Vec::new();
        for c in cards {
            match distinct.last_mut() {
                Some((d, n)) if *d == c => *n += 1,
                _ => distinct.push((c, 1)),
            }
        }
        let mut out = BTreeSet::new();
        let mut picks = vec![0u8; distinct.len()];
        loop {
            let chosen: Vec<Card> = distinct
                .iter()
                .zip(&picks)
                .flat_map(|(&(c, _), &k)| std::iter::repeat_n(c, k as usize))
                .collect();
            let sub = Pile::from_cards(&chosen, hand.decks()).unwrap();
            for combo in readings(&sub) {
                if top.is_none_or(|t| beats(&combo, t, order)) {
                    out.insert(PilePattern::of(&sub, &combo));
                }
            }
            // Next pick: count up in the mixed radix of the copies held.
            let mut i = 0;
            while i < picks.len() && picks[i] == distinct[i].1 {
                picks[i] = 0;
                i += 1;
            }
            if i == picks.len() {
                return out;
            }
            picks[i] += 1;
        }
    }

    #[test]
    fn fk_30_fko_28_patterns_are_those_of_the_hands_sub_piles() {
        let mut rng = Rng(30);
        for round in 0..150 {
            let decks = 2 + (round % 3) as u8;
            let hand = random_hand(&mut rng, decks, 5 + (round % 5));
            let other = random_hand(&mut rng, decks, 5);
            let tops: Vec<PileCombo> = legal_patterns(&other, None, PureOrder::Suit)
                .iter()
                .map(PilePattern::combo)
                .collect();
            let top = (!tops.is_empty() && round % 4 != 0)
                .then(|| tops[rng.below(tops.len() as u64) as usize]);
            for order in [PureOrder::Suit, PureOrder::Equal] {
                let fast = legal_patterns(&hand, top.as_ref(), order);
                let set: BTreeSet<PilePattern> = fast.iter().copied().collect();
                assert_eq!(set.len(), fast.len(), "no pattern twice");
                assert_eq!(
                    set,
                    brute_force(&hand, top.as_ref(), order),
                    "{:?} on {top:?}",
                    hand.cards()
                );
            }
        }
    }

    /// Every play of `pattern` reached by picks from `hand`, checking on the way that a
    /// pick list is never stuck before it is complete.
    fn picked_plays(hand: &Pile, pattern: &PilePattern) -> Vec<Vec<Card>> {
        let mut out = Vec::new();
        let mut stack = vec![Pile::from_cards(&[], hand.decks()).unwrap()];
        while let Some(picked) = stack.pop() {
            let next = next_picks(hand, pattern, &picked);
            if picked.len() == pattern.len {
                assert!(next.is_empty(), "nothing after a complete play");
                out.push(picked.cards());
                continue;
            }
            assert!(
                !next.is_empty(),
                "stuck at {:?} for {pattern:?}",
                picked.cards()
            );
            for card in next {
                let mut more = picked;
                more.add(card);
                stack.push(more);
            }
        }
        out
    }

    #[test]
    fn fko_22_picks_reach_each_play_of_a_pattern_once() {
        let mut rng = Rng(22);
        for round in 0..120 {
            let decks = 2 + (round % 3) as u8;
            let hand = random_hand(&mut rng, decks, 5 + (round % 5));
            let cards = hand.cards();
            // Every sub-pile of the hand, by the pattern it reads as.
            let mut by_pattern: std::collections::BTreeMap<PilePattern, BTreeSet<Vec<Card>>> =
                Default::default();
            for mask in 1u32..1 << cards.len() {
                let sub: Vec<Card> = (0..cards.len())
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| cards[i])
                    .collect();
                let pile = Pile::from_cards(&sub, decks).unwrap();
                for combo in readings(&pile) {
                    let plays = by_pattern
                        .entry(PilePattern::of(&pile, &combo))
                        .or_default();
                    plays.insert(pile.cards());
                }
            }
            let patterns = legal_patterns(&hand, None, PureOrder::Suit);
            assert_eq!(patterns.len(), by_pattern.len());
            for pattern in patterns {
                let plays = picked_plays(&hand, &pattern);
                let distinct: BTreeSet<Vec<Card>> = plays.iter().cloned().collect();
                assert_eq!(distinct.len(), plays.len(), "each play once: {pattern:?}");
                assert_eq!(
                    &distinct, &by_pattern[&pattern],
                    "{pattern:?} from {cards:?}"
                );
            }
        }
    }

    #[test]
    fn fk_16_picks_keep_a_fifty_ks_suits_apart() {
        let hand = pile("5s 5s Ts Ks Kh", 2);
        let fifty_k = legal_patterns(&hand, None, PureOrder::Suit)
            .into_iter()
            .find(|p| p.kind == PileKind::Kind(Kind::FiftyK))
            .unwrap();
        let picked = pile("5s Ts", 2);
        let next = next_picks(&hand, &fifty_k, &picked);
        assert_eq!(next, parse_cards("Kh").unwrap(), "Ks would make it pure");
        let pure = PilePattern {
            kind: PileKind::Kind(Kind::PureFiftyK),
            suit: Some(Suit::SPADES),
            ..fifty_k
        };
        assert_eq!(
            next_picks(&hand, &pure, &picked),
            parse_cards("Ks").unwrap()
        );
    }

    #[test]
    fn fko_26_fko_27_bombs_of_every_size_and_the_king_bomb() {
        let hand = pile("7s 7s 7h 7h 7d 3c LJ LJ BJ BJ", 2);
        let bombs: Vec<(u8, u32)> = legal_patterns(&hand, None, PureOrder::Suit)
            .iter()
            .filter(|p| matches!(p.kind, PileKind::Kind(Kind::Bomb) | PileKind::KingBomb))
            .map(|p| (p.rank, p.len))
            .collect();
        assert_eq!(bombs, vec![(4, 4), (4, 5), (BIG_JOKER, 4)]);
        let top = classify(&pile("2s 2s 2h 2d", 2), None).unwrap();
        let over: Vec<(u8, u32)> = legal_patterns(&hand, Some(&top), PureOrder::Suit)
            .iter()
            .map(|p| (p.rank, p.len))
            .collect();
        assert_eq!(
            over,
            vec![(4, 5), (BIG_JOKER, 4)],
            "five 7s and the king bomb"
        );
    }

    #[test]
    fn fk_16_a_fifty_k_needs_two_suits_a_pure_one_one() {
        let kinds = |text: &str| -> Vec<&str> {
            legal_patterns(&pile(text, 2), None, PureOrder::Suit)
                .iter()
                .filter(|p| p.rank == KING && p.len == 3 && p.kickers == 0)
                .map(|p| p.kind.name())
                .filter(|name| name.contains("fifty_k"))
                .collect()
        };
        assert_eq!(kinds("5s 5s Ts Ks"), vec!["pure_fifty_k"]);
        assert_eq!(kinds("5s 5h Ts Ks"), vec!["fifty_k", "pure_fifty_k"]);
        assert_eq!(kinds("5h Ts Ks"), vec!["fifty_k"]);
    }

    #[test]
    fn fko_21_one_deck_patterns_are_the_one_deck_play_types() {
        let mut rng = Rng(21);
        for _ in 0..300 {
            let hand = rng.hand(13);
            let other = CardSet(rng.hand(20).0 & !hand.0);
            let pile_of = |set: CardSet| Pile::from_cards(&set.cards(), 1).unwrap();
            let tops =
                super::super::legal::legal_plays(other, None, PureOrder::Suit, None).unwrap();
            let top = tops[rng.below(tops.len() as u64) as usize];
            let pile_top = classify(&pile_of(top.cards), None).unwrap();
            for order in [PureOrder::Suit, PureOrder::Equal] {
                for t in [None, Some((&top, &pile_top))] {
                    let types = legal_play_types(hand, t.map(|t| t.0), order, None).unwrap();
                    let patterns = legal_patterns(&pile_of(hand), t.map(|t| t.1), order);
                    assert_eq!(types.len(), patterns.len(), "{:?}", hand.cards());
                }
            }
        }
    }
}
