//! Combinations (FK-10..FK-17): the kinds, reading a card set as a kind, and its
//! main rank.
//!
//! A kind fixes how many cards each rank contributes: the rank counts of a card set
//! are enough to read it, except that fifty-K and pure fifty-K differ by suits.
//! With one deck no card set reads as two kinds (every kind has its own count
//! profile; a kicker kind's sequence has n ≥ 2 triples, so it never meets triple +
//! one or triple + pair), but [`readings`] and [`read_as`] still follow FK-17 in
//! general: name a kind, or take the first reading in FK-10..FK-16 order.
//!
//! Kickers (FK-14, FK-15): a kicker may be of any rank but the triples', a 2 or a
//! rank next to the sequence included, since FK-15 forbids only the sequence's
//! ranks; FK-15's n kickers are of n different ranks. So a kicker rank holds
//! exactly 1 (or 2) cards of the play, and a 4th card of a triple's rank is never
//! a kicker.

use crate::card::{Card, Suit};

use super::cardset::{CardSet, FIVE, KING, RANKS, TEN, TOP_SEQUENCE_RANK};
use super::error::FkError;

/// A kind of combination, in FK-10..FK-16 order (the order of [`Kind::ALL`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// FK-10: one card.
    Single,
    /// FK-10: two cards of a rank.
    Pair,
    /// FK-10: three cards of a rank.
    Triple,
    /// FK-10: four cards of a rank.
    Bomb,
    /// FK-11: five or more consecutive ranks, one card each.
    Straight,
    /// FK-12: two or more pairs on consecutive ranks.
    Pairs,
    /// FK-13: two or more triples on consecutive ranks.
    Triples,
    /// FK-14: a triple and one card of another rank.
    TripleOne,
    /// FK-14: a triple and a pair of another rank.
    TriplePair,
    /// FK-15: n ≥ 2 consecutive triples and n singles of n other, different ranks.
    TriplesSingles,
    /// FK-15: n ≥ 2 consecutive triples and n pairs of n other, different ranks.
    TriplesPairs,
    /// FK-16: one 5, one T and one K, not all of one suit.
    FiftyK,
    /// FK-16: 5, T and K of one suit.
    PureFiftyK,
}

impl Kind {
    /// Every kind, in FK-10..FK-16 order: the order FK-17 reads an unnamed lead in.
    pub const ALL: [Kind; 13] = [
        Kind::Single,
        Kind::Pair,
        Kind::Triple,
        Kind::Bomb,
        Kind::Straight,
        Kind::Pairs,
        Kind::Triples,
        Kind::TripleOne,
        Kind::TriplePair,
        Kind::TriplesSingles,
        Kind::TriplesPairs,
        Kind::FiftyK,
        Kind::PureFiftyK,
    ];

    /// The kind's name in the API and in action text (`play … as NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triple => "triple",
            Kind::Bomb => "bomb",
            Kind::Straight => "straight",
            Kind::Pairs => "pairs",
            Kind::Triples => "triples",
            Kind::TripleOne => "triple_one",
            Kind::TriplePair => "triple_pair",
            Kind::TriplesSingles => "triples_singles",
            Kind::TriplesPairs => "triples_pairs",
            Kind::FiftyK => "fifty_k",
            Kind::PureFiftyK => "pure_fifty_k",
        }
    }

    /// The kind named `name`; an unknown name is an error that lists the names.
    pub fn parse(name: &str) -> Result<Kind, FkError> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| FkError::UnknownKind(name.to_string()))
    }

    /// Bombs and the fifty-Ks: the specials of FK-21.
    pub fn is_special(self) -> bool {
        matches!(self, Kind::Bomb | Kind::FiftyK | Kind::PureFiftyK)
    }
}

/// A card set read as one kind. `rank` is the main rank (a Fifty-K rank, see
/// [`super::cardset`]) that FK-20 compares: a sequence's top rank, the (top)
/// triple's rank for kicker kinds, else the rank of the cards; K for fifty-Ks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Combo {
    pub kind: Kind,
    pub rank: u8,
    pub cards: CardSet,
}

impl Combo {
    /// Number of cards.
    pub fn len(&self) -> u32 {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The suit of a pure fifty-K (FK-21 compares them by it); `None` otherwise.
    pub fn suit(&self) -> Option<Suit> {
        (self.kind == Kind::PureFiftyK).then(|| Suit(self.cards.suits(KING).trailing_zeros() as u8))
    }

    /// The value FK-20/FK-21 compare within a kind: the main rank, or for a pure
    /// fifty-K its suit's strength (s 3 > h 2 > c 1 > d 0).
    pub fn strength(&self) -> u8 {
        match self.suit() {
            Some(s) => 3 - s.0,
            None => self.rank,
        }
    }

    /// The cards, main units first (the sequence or the triple, rank ascending),
    /// then the kickers; suits s, h, c, d within a rank.
    pub fn ordered_cards(&self) -> Vec<Card> {
        if !matches!(
            self.kind,
            Kind::TripleOne | Kind::TriplePair | Kind::TriplesSingles | Kind::TriplesPairs
        ) {
            return self.cards.cards();
        }
        let main = (0..RANKS)
            .filter(|&r| self.cards.count(r) == 3)
            .fold(CardSet::default(), |acc, r| {
                acc.union(CardSet::at(r, self.cards.suits(r)))
            });
        let mut out = main.cards();
        out.extend(CardSet(self.cards.0 & !main.0).cards());
        out
    }
}

/// Ranks (as bit masks over Fifty-K ranks) grouped by how many cards each holds.
struct Profile {
    /// `by_count[c]`: ranks holding exactly `c` cards, for c = 1..=4.
    by_count: [u16; 5],
}

impl Profile {
    fn of(cards: CardSet) -> Profile {
        let mut by_count = [0u16; 5];
        for r in 0..RANKS {
            by_count[cards.count(r) as usize] |= 1 << r;
        }
        by_count[0] = 0;
        Profile { by_count }
    }

    /// True when the only non-empty ranks are those holding one of `counts`.
    fn only(&self, counts: &[usize]) -> bool {
        (1..5).all(|c| counts.contains(&c) || self.by_count[c] == 0)
    }
}

fn highest(mask: u16) -> u8 {
    (15 - mask.leading_zeros()) as u8
}

/// `mask` is `min` or more consecutive ranks within 3..A (FK-11..FK-13: no 2).
fn is_sequence(mask: u16, min: u32) -> bool {
    let run = mask >> mask.trailing_zeros().min(15);
    mask != 0
        && mask.count_ones() >= min
        && highest(mask) <= TOP_SEQUENCE_RANK
        && run & (run + 1) == 0
}

/// `cards` read as `kind`, if they can be (FK-10..FK-16).
pub fn read_as(cards: CardSet, kind: Kind) -> Option<Combo> {
    read_profile(cards, &Profile::of(cards), kind)
}

/// [`read_as`] with the rank profile of `cards` already made.
fn read_profile(cards: CardSet, p: &Profile, kind: Kind) -> Option<Combo> {
    let [_, ones, twos, threes, fours] = p.by_count;
    let n = cards.len();
    let one_rank = |mask: u16, size: u32| (mask.count_ones() == 1 && n == size).then_some(mask);
    let main = match kind {
        Kind::Single => one_rank(ones, 1),
        Kind::Pair => one_rank(twos, 2),
        Kind::Triple => one_rank(threes, 3),
        Kind::Bomb => one_rank(fours, 4),
        Kind::Straight => (p.only(&[1]) && is_sequence(ones, 5)).then_some(ones),
        Kind::Pairs => (p.only(&[2]) && is_sequence(twos, 2)).then_some(twos),
        Kind::Triples => (p.only(&[3]) && is_sequence(threes, 2)).then_some(threes),
        Kind::TripleOne => (p.only(&[1, 3]) && threes.count_ones() == 1 && ones.count_ones() == 1)
            .then_some(threes),
        Kind::TriplePair => (p.only(&[2, 3]) && threes.count_ones() == 1 && twos.count_ones() == 1)
            .then_some(threes),
        Kind::TriplesSingles => {
            (p.only(&[1, 3]) && is_sequence(threes, 2) && ones.count_ones() == threes.count_ones())
                .then_some(threes)
        }
        Kind::TriplesPairs => {
            (p.only(&[2, 3]) && is_sequence(threes, 2) && twos.count_ones() == threes.count_ones())
                .then_some(threes)
        }
        Kind::FiftyK | Kind::PureFiftyK => {
            let fifty_k = ones == (1 << FIVE) | (1 << TEN) | (1 << KING) && n == 3;
            let one_suit =
                cards.suits(FIVE) == cards.suits(TEN) && cards.suits(TEN) == cards.suits(KING);
            (fifty_k && one_suit == (kind == Kind::PureFiftyK)).then_some(1 << KING)
        }
    }?;
    Some(Combo {
        kind,
        rank: highest(main),
        cards,
    })
}

/// Every reading of `cards`, in FK-10..FK-16 order (FK-17).
pub fn readings(cards: CardSet) -> impl Iterator<Item = Combo> {
    let profile = Profile::of(cards);
    Kind::ALL
        .into_iter()
        .filter_map(move |k| read_profile(cards, &profile, k))
}

/// FK-17: `cards` read as the named kind, or unnamed as the first reading (the
/// reading of a lead); `None` when they are not a combination.
pub fn classify(cards: CardSet, kind: Option<Kind>) -> Option<Combo> {
    match kind {
        Some(k) => read_as(cards, k),
        None => readings(cards).next(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{combo, combo_as, kind_of, Rng};
    use super::*;
    use crate::card::format_cards;

    fn rank_text(text: &str) -> char {
        super::super::cardset::card_rank(combo(text).rank).letter()
    }

    #[test]
    fn fk_10_single_pair_triple_bomb() {
        assert_eq!(kind_of("2s"), "single");
        assert_eq!(kind_of("7s 7d"), "pair");
        assert_eq!(kind_of("7s 7h 7d"), "triple");
        assert_eq!(kind_of("7s 7h 7c 7d"), "bomb");
        assert_eq!(rank_text("7s 7h 7c 7d"), '7');
        assert_eq!(kind_of("7s 8d"), "none");
    }

    #[test]
    fn fk_11_straight_five_or_more_consecutive_no_two() {
        assert_eq!(kind_of("3s 4h 5c 6d 7s"), "straight");
        assert_eq!(rank_text("3s 4h 5c 6d 7s"), '7');
        assert_eq!(kind_of("Ts Jh Qc Kd As"), "straight");
        assert_eq!(kind_of("3s 4h 5c 6d 7s 8s 9s Ts Js Qs Ks As"), "straight");
        assert_eq!(kind_of("Js Qh Kc Ad 2s"), "none");
        assert_eq!(kind_of("As 2h 3c 4d 5s"), "none");
        assert_eq!(kind_of("3s 4h 5c 6d"), "none");
        assert_eq!(kind_of("3s 4h 5c 6d 8s"), "none");
    }

    #[test]
    fn fk_12_consecutive_pairs() {
        assert_eq!(kind_of("5s 5h 6c 6d"), "pairs");
        assert_eq!(rank_text("5s 5h 6c 6d 7s 7h"), '7');
        assert_eq!(kind_of("As Ah 2s 2h"), "none");
        assert_eq!(kind_of("5s 5h 7c 7d"), "none");
    }

    #[test]
    fn fk_13_triple_sequence() {
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c"), "triples");
        assert_eq!(rank_text("5s 5h 5c 6s 6h 6c 7s 7h 7d"), '7');
        assert_eq!(kind_of("As Ah Ac 2s 2h 2c"), "none");
        assert_eq!(kind_of("5s 5h 5c 7s 7h 7c"), "none");
    }

    #[test]
    fn fk_14_triple_one_and_triple_pair() {
        assert_eq!(kind_of("5s 5h 5c 7d"), "triple_one");
        assert_eq!(rank_text("5s 5h 5c 7d"), '5');
        assert_eq!(kind_of("5s 5h 5c 7d 7s"), "triple_pair");
        assert_eq!(kind_of("2s 2h 2c 3d 3s"), "triple_pair");
        assert_eq!(rank_text("2s 2h 2c 3d 3s"), '2');
        assert_eq!(kind_of("5s 5h 5c 7d 8s"), "none");
    }

    #[test]
    fn fk_15_sequence_with_singles_or_pairs() {
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 8d 9d"), "triples_singles");
        assert_eq!(rank_text("5s 5h 5c 6s 6h 6c 8d 9d"), '6');
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 8d 8s 9d 9s"), "triples_pairs");
        assert_eq!(rank_text("5s 5h 5c 6s 6h 6c 8d 8s 9d 9s"), '6');
    }

    #[test]
    fn fk_15_kicker_ranks_must_differ() {
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 8d 8s"), "none");
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 8d 8s 8h 8c 9d 9s"), "none");
    }

    #[test]
    fn fk_15_kicker_never_a_sequence_rank() {
        // The 4th 5 would be a kicker of the sequence's rank 5.
        assert_eq!(kind_of("5s 5h 5c 5d 6s 6h 6c 8d"), "none");
    }

    #[test]
    fn fk_15_kickers_may_be_two_or_adjacent() {
        // FK-15 only forbids the sequence's ranks and repeated kicker ranks.
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 4d 7d"), "triples_singles");
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 2d As"), "triples_singles");
        assert_eq!(kind_of("5s 5h 5c 6s 6h 6c 2d 2s 7d 7s"), "triples_pairs");
    }

    #[test]
    fn fk_15_needs_a_triple_sequence() {
        assert_eq!(kind_of("5s 5h 5c 7s 7h 7c 8d 9d"), "none");
        assert_eq!(kind_of("As Ah Ac 2s 2h 2c 8d 9d"), "none");
        // n = 1 is FK-14's triple + one, not a sequence + singles.
        assert_eq!(combo_as("5s 5h 5c 7d", Kind::TriplesSingles), None);
    }

    #[test]
    fn fk_16_fifty_k_and_pure_fifty_k() {
        assert_eq!(kind_of("5s Th Kd"), "fifty_k");
        assert_eq!(kind_of("5h Th Kh"), "pure_fifty_k");
        assert_eq!(combo("5h Th Kh").suit(), Some(Suit::HEARTS));
        assert_eq!(combo("5s Th Kd").suit(), None);
        assert_eq!(kind_of("5h Th Qh"), "none");
        assert_eq!(combo_as("5h Th Kh", Kind::FiftyK), None);
    }

    #[test]
    fn fk_17_named_kind_must_fit() {
        assert_eq!(
            combo_as("5s 5h", Kind::Pair).map(|c| c.kind),
            Some(Kind::Pair)
        );
        assert_eq!(combo_as("5s 5h", Kind::Single), None);
        assert_eq!(classify(CardSet::default(), None), None);
        assert_eq!(Kind::parse("triple_pair"), Ok(Kind::TriplePair));
        let err = Kind::parse("tractor").unwrap_err().to_string();
        assert!(err.starts_with("unknown Fifty-K kind 'tractor': expected one of single, pair"));
    }

    #[test]
    fn fk_17_one_deck_sets_have_at_most_one_reading() {
        let mut rng = Rng(7);
        let deck = CardSet((1 << 52) - 1);
        for _ in 0..200_000 {
            let mut cards = rng.subset(deck);
            // Thin out to play-sized sets most of the time.
            for _ in 0..rng.below(4) {
                cards = CardSet(cards.0 & rng.next());
            }
            assert!(readings(cards).count() <= 1, "{:?}", cards.cards());
        }
        for kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.name()), Ok(kind));
        }
    }

    #[test]
    fn ordered_cards_put_the_triples_first() {
        let c = combo("3d 5s 5h 5c");
        assert_eq!(c.kind, Kind::TripleOne);
        assert_eq!(format_cards(&c.ordered_cards()), "5s 5h 5c 3d");
        assert_eq!(format_cards(&c.cards.cards()), "3d 5s 5h 5c");
    }
}
