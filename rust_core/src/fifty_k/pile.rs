//! Combinations of several decks (FKO-22..FKO-28): a pile holds up to n copies of each
//! card and, from two decks on, the 2n jokers; it is read and compared by rank counts.
//!
//! The one-deck engine ([`super::CardSet`], [`super::classify`], [`super::beats`]) stays
//! the fast path of FK-1. This module reads any number of decks from 1 to
//! [`MAX_DECKS`]; with one deck it agrees with the one-deck engine on every card set
//! and every pair of combinations (a differential test checks it).
//!
//! Ranks are Fifty-K ranks (see [`super::cardset`]) with the jokers above the 2
//! (FKO-25): [`LITTLE_JOKER`] and [`BIG_JOKER`].

use crate::card::{Card, Counts, Suit, BJ, LJ};

use super::cardset::{card_rank, FIVE, KING, RANKS, TEN, TOP_SEQUENCE_RANK};
use super::combo::Kind;
use super::error::FkError;
use super::rules::PureOrder;

/// The most decks a game may use (FKO-20).
pub const MAX_DECKS: u8 = 4;
/// The little joker's rank, above the 2 (FKO-25).
pub const LITTLE_JOKER: u8 = RANKS;
/// The big joker's rank, above the little joker (FKO-25).
pub const BIG_JOKER: u8 = RANKS + 1;

/// A multiset of cards from `decks` decks: every card at most `decks` times, jokers only
/// from two decks on (FK-1, FKO-22).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    decks: u8,
    counts: Counts,
}

impl Pile {
    /// The pile of `cards` from `decks` decks. One deck refuses jokers and repeated cards
    /// (FK-1); n decks refuse a card more than n times (FKO-22).
    pub fn from_cards(cards: &[Card], decks: u8) -> Result<Pile, FkError> {
        if !(1..=MAX_DECKS).contains(&decks) {
            return Err(FkError::Decks(decks));
        }
        let mut counts = Counts::default();
        for &card in cards {
            if decks == 1 && card.is_joker() {
                return Err(FkError::Joker(card));
            }
            if counts.get(card) == decks {
                return Err(match decks {
                    1 => FkError::Duplicate(card),
                    _ => FkError::TooManyCopies(card, decks),
                });
            }
            counts.add(card, 1);
        }
        Ok(Pile { decks, counts })
    }

    /// The number of decks the pile is from.
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// Number of cards.
    pub fn len(&self) -> u32 {
        self.counts.0.iter().map(|&c| c as u32).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Copies of the card of Fifty-K rank `rank` (below the jokers) and `suit`.
    pub fn copies(&self, rank: u8, suit: Suit) -> u8 {
        self.counts.get(Card::new(card_rank(rank), suit))
    }

    /// How many cards of `rank` the pile holds: a Fifty-K rank, or a joker rank.
    pub fn count(&self, rank: u8) -> u8 {
        match rank {
            LITTLE_JOKER => self.counts.get(LJ),
            BIG_JOKER => self.counts.get(BJ),
            _ => Suit::ALL.iter().map(|&s| self.copies(rank, s)).sum(),
        }
    }

    /// The cards, rank ascending (jokers last), suits s, h, c, d within a rank.
    pub fn cards(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len() as usize);
        for rank in 0..RANKS {
            for suit in Suit::ALL {
                let card = Card::new(card_rank(rank), suit);
                out.extend(std::iter::repeat_n(card, self.counts.get(card) as usize));
            }
        }
        for joker in [LJ, BJ] {
            out.extend(std::iter::repeat_n(joker, self.counts.get(joker) as usize));
        }
        out
    }

    /// Copies of `card` in the pile.
    pub fn get(&self, card: Card) -> u8 {
        self.counts.get(card)
    }

    /// Copies of each card, by card index (`Card::index`, jokers included).
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// Adds one copy of `card` (the caller keeps to the decks' copies).
    pub(super) fn add(&mut self, card: Card) {
        self.counts.add(card, 1);
    }

    /// The pile with the cards of `other` added (the caller keeps to the decks' copies).
    pub(super) fn plus(&self, other: &Pile) -> Pile {
        let mut out = *self;
        out.counts.add_all(&other.counts);
        out
    }

    /// The pile less one copy of each card of `other` per copy there (the caller checks
    /// that the pile holds them).
    pub fn minus(&self, other: &Pile) -> Pile {
        let mut out = *self;
        for (mine, theirs) in out.counts.0.iter_mut().zip(other.counts.0) {
            *mine -= theirs;
        }
        out
    }

    /// The suits (a mask, bit = suit) held at Fifty-K rank `rank`, below the jokers.
    pub fn suit_mask(&self, rank: u8) -> u8 {
        Suit::ALL
            .iter()
            .filter(|&&s| self.copies(rank, s) > 0)
            .fold(0, |m, s| m | 1 << s.0)
    }

    /// The cards held, each once, in [`Pile::cards`] order.
    pub fn distinct_cards(&self) -> Vec<Card> {
        let mut out = self.cards();
        out.dedup();
        out
    }

    /// The suit of the only card of `rank` in the pile (a fifty-K's 5, T or K).
    fn only_suit(&self, rank: u8) -> Option<Suit> {
        Suit::ALL.into_iter().find(|&s| self.copies(rank, s) > 0)
    }
}

/// A kind of combination with several decks: those of FK-10..FK-16 (a bomb being
/// FKO-26's bomb of 4 to 4n cards) and the king bomb (FKO-27).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PileKind {
    Kind(Kind),
    /// FKO-27: all 2n jokers.
    KingBomb,
}

impl PileKind {
    /// Every kind in FK-10..FK-16 order, then the king bomb: FK-17's order.
    pub const ALL: [PileKind; 14] = {
        let mut out = [PileKind::KingBomb; 14];
        let mut i = 0;
        while i < Kind::ALL.len() {
            out[i] = PileKind::Kind(Kind::ALL[i]);
            i += 1;
        }
        out
    };

    /// The kind named `name` ([`PileKind::name`]); an unknown name is an error.
    pub fn parse(name: &str) -> Result<PileKind, FkError> {
        PileKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| FkError::UnknownKind(name.to_string()))
    }

    /// The kind's name: [`Kind::name`], or `king_bomb`.
    pub fn name(self) -> &'static str {
        match self {
            PileKind::Kind(kind) => kind.name(),
            PileKind::KingBomb => "king_bomb",
        }
    }

    /// FKO-28's classes, low to high: ordinary 0, fifty-K 1, pure fifty-K 2, bomb 3,
    /// king bomb 4. A higher class beats every lower one.
    fn class(self) -> u8 {
        match self {
            PileKind::Kind(Kind::FiftyK) => 1,
            PileKind::Kind(Kind::PureFiftyK) => 2,
            PileKind::Kind(Kind::Bomb) => 3,
            PileKind::KingBomb => 4,
            PileKind::Kind(_) => 0,
        }
    }
}

/// A pile read as one kind: the main rank FK-20 compares (a joker rank for jokers), the
/// number of cards (a bomb's size, FKO-26) and a pure fifty-K's suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PileCombo {
    pub kind: PileKind,
    pub rank: u8,
    pub len: u32,
    pub suit: Option<Suit>,
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

/// `pile` read as `kind`, if it can be (FK-10..FK-16, FKO-25..FKO-27).
pub fn read_as(pile: &Pile, kind: PileKind) -> Option<PileCombo> {
    let len = pile.len();
    let (little, big) = (pile.count(LITTLE_JOKER), pile.count(BIG_JOKER));
    let jokers = (little + big) as u32;
    let (rank, suit) = if jokers > 0 {
        // FKO-25, FKO-27: jokers never mix with other cards.
        if jokers != len {
            return None;
        }
        let one_kind =
            (little == 0 || big == 0).then_some(if little == 0 { BIG_JOKER } else { LITTLE_JOKER });
        let rank = match kind {
            PileKind::KingBomb => (little == pile.decks && big == pile.decks).then_some(BIG_JOKER),
            PileKind::Kind(Kind::Single) => one_kind.filter(|_| len == 1),
            PileKind::Kind(Kind::Pair) => one_kind.filter(|_| len == 2),
            PileKind::Kind(Kind::Triple) => one_kind.filter(|_| len == 3),
            PileKind::Kind(_) => None,
        };
        (rank?, None)
    } else {
        let PileKind::Kind(kind) = kind else {
            return None;
        };
        read_ranks(pile, kind, len)?
    };
    Some(PileCombo {
        kind,
        rank,
        len,
        suit,
    })
}

/// A pile without jokers read as `kind`: its main rank and, for a pure fifty-K, its
/// suit. As [`super::combo::read_as`], with FKO-26's bombs of any size from 4 up.
fn read_ranks(pile: &Pile, kind: Kind, len: u32) -> Option<(u8, Option<Suit>)> {
    // by_count[c]: the ranks holding exactly c cards (c = 1, 2, 3), then 4 or more.
    let mut by_count = [0u16; 5];
    for r in 0..RANKS {
        let c = pile.count(r).min(4);
        by_count[c as usize] |= 1 << r;
    }
    let [_, ones, twos, threes, more] = by_count;
    let only = |counts: &[usize]| (1..5).all(|c| counts.contains(&c) || by_count[c] == 0);
    let one_rank = |mask: u16, size: bool| (mask.count_ones() == 1 && size).then_some(mask);
    let main = match kind {
        Kind::Single => one_rank(ones, len == 1),
        Kind::Pair => one_rank(twos, len == 2),
        Kind::Triple => one_rank(threes, len == 3),
        Kind::Bomb => one_rank(more, only(&[4])),
        Kind::Straight => (only(&[1]) && is_sequence(ones, 5)).then_some(ones),
        Kind::Pairs => (only(&[2]) && is_sequence(twos, 2)).then_some(twos),
        Kind::Triples => (only(&[3]) && is_sequence(threes, 2)).then_some(threes),
        Kind::TripleOne => {
            (only(&[1, 3]) && threes.count_ones() == 1 && ones.count_ones() == 1).then_some(threes)
        }
        Kind::TriplePair => {
            (only(&[2, 3]) && threes.count_ones() == 1 && twos.count_ones() == 1).then_some(threes)
        }
        Kind::TriplesSingles => {
            (only(&[1, 3]) && is_sequence(threes, 2) && ones.count_ones() == threes.count_ones())
                .then_some(threes)
        }
        Kind::TriplesPairs => {
            (only(&[2, 3]) && is_sequence(threes, 2) && twos.count_ones() == threes.count_ones())
                .then_some(threes)
        }
        Kind::FiftyK | Kind::PureFiftyK => {
            let fifty_k = ones == (1 << FIVE) | (1 << TEN) | (1 << KING) && len == 3;
            let suits = [FIVE, TEN, KING].map(|r| pile.only_suit(r));
            let one_suit = suits[0] == suits[1] && suits[1] == suits[2];
            let pure = kind == Kind::PureFiftyK;
            let suit = if pure { suits[2] } else { None };
            return (fifty_k && one_suit == pure).then_some((KING, suit));
        }
    }?;
    Some((highest(main), None))
}

/// Every reading of `pile`, in FK-17's order ([`PileKind::ALL`]).
pub fn readings(pile: &Pile) -> impl Iterator<Item = PileCombo> + '_ {
    PileKind::ALL
        .into_iter()
        .filter_map(move |kind| read_as(pile, kind))
}

/// FK-17: `pile` read as the named kind, or unnamed as the first reading; `None` when
/// it is not a combination.
pub fn classify(pile: &Pile, kind: Option<PileKind>) -> Option<PileCombo> {
    match kind {
        Some(kind) => read_as(pile, kind),
        None => readings(pile).next(),
    }
}

/// True when `play` beats `top` (FK-20, FK-21, FKO-28; FKO-10 for two pure fifty-Ks).
///
/// A higher class of FKO-28 beats every lower one. Within a class: ordinary
/// combinations need the same kind, as many cards and a higher main rank (FK-20);
/// fifty-Ks never beat each other; pure fifty-Ks compare by suit (s > h > c > d) under
/// FKO-11 and not at all under FKO-12; bombs by size, then rank; nothing beats the
/// king bomb.
pub fn beats(play: &PileCombo, top: &PileCombo, order: PureOrder) -> bool {
    let (class, top_class) = (play.kind.class(), top.kind.class());
    if class != top_class {
        return class > top_class;
    }
    let suit_strength = |c: &PileCombo| c.suit.map(|s| 3 - s.0);
    match play.kind {
        PileKind::Kind(Kind::FiftyK) | PileKind::KingBomb => false,
        PileKind::Kind(Kind::PureFiftyK) => {
            order == PureOrder::Suit && suit_strength(play) > suit_strength(top)
        }
        PileKind::Kind(Kind::Bomb) => (play.len, play.rank) > (top.len, top.rank),
        PileKind::Kind(kind) => {
            PileKind::Kind(kind) == top.kind && play.len == top.len && play.rank > top.rank
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::beats as one_deck;
    use super::super::cardset::CardSet;
    use super::super::combo::{classify as classify_one, Combo};
    use super::super::legal::legal_plays;
    use super::super::test_support::Rng;
    use super::*;
    use crate::card::parse_cards;

    fn pile(text: &str, decks: u8) -> Pile {
        Pile::from_cards(&parse_cards(text).expect("card text"), decks).expect("pile")
    }

    fn read(text: &str, decks: u8) -> Option<PileCombo> {
        classify(&pile(text, decks), None)
    }

    fn kind_of(text: &str, decks: u8) -> &'static str {
        read(text, decks).map_or("none", |c| c.kind.name())
    }

    fn beat(play: &str, top: &str, decks: u8) -> bool {
        let (p, t) = (read(play, decks).unwrap(), read(top, decks).unwrap());
        beats(&p, &t, PureOrder::Suit)
    }

    #[test]
    fn fko_20_decks_are_one_to_four() {
        let cards = parse_cards("5h").unwrap();
        for decks in 1..=4 {
            assert!(Pile::from_cards(&cards, decks).is_ok());
        }
        for decks in [0, 5] {
            let err = Pile::from_cards(&cards, decks).unwrap_err().to_string();
            assert!(err.contains("1 to 4 decks (FKO-20)"), "{err}");
        }
    }

    #[test]
    fn fko_21_one_deck_refuses_jokers_and_copies() {
        let err = |text: &str| Pile::from_cards(&parse_cards(text).unwrap(), 1).unwrap_err();
        assert_eq!(err("5h BJ"), FkError::Joker(BJ));
        assert!(matches!(err("5h Ks 5h"), FkError::Duplicate(_)));
    }

    #[test]
    fn fko_22_n_copies_of_each_card_and_no_more() {
        let p = pile("5h 5h BJ LJ BJ", 2);
        assert_eq!((p.len(), p.count(FIVE), p.count(BIG_JOKER)), (5, 2, 2));
        assert_eq!(
            crate::card::format_cards(&p.cards()),
            "5h 5h LJ BJ BJ",
            "rank ascending, jokers last"
        );
        let err = Pile::from_cards(&parse_cards("5h 5h 5h").unwrap(), 2).unwrap_err();
        assert_eq!(
            err,
            FkError::TooManyCopies(parse_cards("5h").unwrap()[0], 2)
        );
        assert_eq!(
            err.to_string(),
            "5h appears more than 2 times: 2 decks hold 2 of each card (FKO-22)"
        );
        assert!(Pile::from_cards(&parse_cards("5h 5h 5h").unwrap(), 3).is_ok());
        assert_eq!(kind_of("5h 5h", 2), "pair");
        assert_eq!(kind_of("8s 8s 8h", 2), "triple");
    }

    #[test]
    fn fko_22_ordinary_kinds_read_with_copies() {
        assert_eq!(kind_of("5h 5h 6h 6h", 2), "pairs");
        assert_eq!(kind_of("3s 4s 5s 6s 7s", 2), "straight");
        assert_eq!(kind_of("3s 3s 4s 5s 6s 7s", 2), "none");
        assert_eq!(kind_of("9s 9s 9s Ts Ts Ts", 3), "triples");
        assert_eq!(kind_of("9s 9s 9h 4d 4d", 2), "triple_pair");
        assert_eq!(kind_of("9s 9s 9h 9h 4d", 2), "none");
        // FK-15: a kicker is never of a sequence's rank, a 4th or 5th card included.
        assert_eq!(kind_of("5s 5h 5c 5d 5s 6s 6h 6c 8d", 2), "none");
        let sequence = read("5s 5h 5h 6s 6h 6c 8d 8d 9d 9d", 2).unwrap();
        assert_eq!(sequence.kind.name(), "triples_pairs");
        assert_eq!(card_rank(sequence.rank).letter(), '6');
    }

    #[test]
    fn fk_20_copies_compare_like_one_deck() {
        assert!(beat("8s 8s 8h", "7s 7h 7d", 2));
        assert!(!beat("7s 7s 7h", "7s 7h 7d", 2), "equal ranks never beat");
        assert!(!beat("3s 4s 5s 6s 7s", "3s 4s 5s 6s 7s", 2));
        assert!(beat("5h 5h 6h 6h", "4s 4s 5s 5s", 2));
        assert!(!beat("5h 5h 6h 6h", "4s 4s 5s 5s 6c 6c", 2));
    }

    #[test]
    fn fko_25_jokers_single_pair_triple_of_one_kind() {
        let little = read("LJ", 2).unwrap();
        assert_eq!((little.kind.name(), little.rank), ("single", LITTLE_JOKER));
        assert_eq!(read("BJ BJ", 2).unwrap().rank, BIG_JOKER);
        assert_eq!(kind_of("LJ LJ LJ", 3), "triple");
        assert!(beat("BJ BJ", "LJ LJ", 2));
        assert!(beat("LJ LJ", "2s 2s", 2));
        assert!(beat("LJ", "2s", 2));
        assert!(beat("BJ", "LJ", 2));
        assert!(!beat("2s", "LJ", 2));
        assert!(beat("LJ LJ LJ", "2s 2h 2d", 3));
        for text in [
            "LJ BJ",
            "LJ LJ BJ",
            "Ts Js Qs Ks As LJ",
            "3s 3h 3d BJ",
            "3s 3h 3d BJ BJ",
            "5s Ts LJ",
            "5s Ts Ks LJ",
            "7s 7h 7c 7d BJ",
            "4s LJ",
        ] {
            assert_eq!(kind_of(text, 2), "none", "{text}");
        }
        assert_eq!(
            kind_of("LJ LJ LJ LJ", 4),
            "none",
            "four of one kind is no bomb"
        );
    }

    #[test]
    fn fko_26_bombs_of_four_to_four_n() {
        let five = read("7s 7s 7h 7h 7d", 2).unwrap();
        assert_eq!((five.kind.name(), five.rank, five.len), ("bomb", 4, 5));
        let all = "2s 2s 2h 2h 2c 2c 2d 2d";
        assert_eq!((kind_of(all, 2), read(all, 2).unwrap().len), ("bomb", 8));
        let sixteen = "As As As As Ah Ah Ah Ah Ac Ac Ac Ac Ad Ad Ad Ad";
        assert_eq!(read(sixteen, 4).unwrap().len, 16);
        assert_eq!(kind_of("7s 7s 7s 7s", 4), "bomb", "copies of one card");
        assert_eq!(kind_of("7s 7s 7h 7h 8d", 2), "none");
    }

    #[test]
    fn fko_27_the_king_bomb_is_every_joker() {
        let king = read("LJ LJ BJ BJ", 2).unwrap();
        assert_eq!(king.kind, PileKind::KingBomb);
        assert_eq!(kind_of("LJ LJ LJ BJ BJ BJ", 3), "king_bomb");
        assert_eq!(kind_of("LJ LJ BJ BJ", 3), "none", "not all six");
        assert_eq!(kind_of("LJ BJ BJ", 2), "none");
        assert_eq!(
            classify(&pile("LJ LJ", 2), Some(PileKind::KingBomb)),
            None,
            "named, it must fit"
        );
    }

    #[test]
    fn fko_28_specials_from_fifty_k_to_the_king_bomb() {
        let order = [
            "5s Th Kd",
            "5d Td Kd",
            "5s Ts Ks",
            "2s 2h 2c 2d",
            "3s 3s 3h 3c 3d",
            "4s 4s 4h 4h 4c 4d",
            "As As Ah Ah Ac Ac Ad Ad",
            "LJ LJ BJ BJ",
        ];
        for (i, high) in order.iter().enumerate() {
            for (j, low) in order.iter().enumerate() {
                assert_eq!(beat(high, low, 2), i > j, "{high} on {low}");
            }
            for ordinary in ["2s", "BJ BJ", "3s 4h 5c 6d 7s 8h 9d Ts Jh Qc Kd As"] {
                assert!(beat(high, ordinary, 2), "{high} over {ordinary}");
                assert!(!beat(ordinary, high, 2));
            }
        }
        assert!(beat("7s 7h 7c 7d", "6s 6h 6c 6d", 2), "same size: by rank");
        assert!(
            !beat("5s Ts Ks", "5s Ts Ks", 2),
            "a pure fifty-K of its own suit"
        );
        assert!(!beat("5s Th Kd", "5h Tc Ks", 2));
        let equal = |play: &str, top: &str| {
            let (p, t) = (read(play, 2).unwrap(), read(top, 2).unwrap());
            beats(&p, &t, PureOrder::Equal)
        };
        assert!(!equal("5s Ts Ks", "5h Th Kh"));
        assert!(equal("5s Ts Ks", "5h Th Kd"));
        let all = "As As As As Ah Ah Ah Ah Ac Ac Ac Ac Ad Ad Ad Ad";
        assert!(beat("LJ LJ LJ LJ BJ BJ BJ BJ", all, 4));
        assert!(!beat(all, "LJ LJ LJ LJ BJ BJ BJ BJ", 4));
    }

    fn as_pile(cards: CardSet) -> Pile {
        Pile::from_cards(&cards.cards(), 1).unwrap()
    }

    fn same(one: &Combo, multi: &PileCombo) -> bool {
        multi.kind == PileKind::Kind(one.kind)
            && multi.rank == one.rank
            && multi.len == one.len()
            && multi.suit == one.suit()
    }

    #[test]
    fn fko_21_one_deck_reads_as_the_one_deck_engine() {
        let mut rng = Rng(21);
        let deck = CardSet((1 << 52) - 1);
        let mut combos = Vec::new();
        for _ in 0..30_000 {
            let mut cards = rng.subset(deck);
            for _ in 0..rng.below(6) {
                cards = CardSet(cards.0 & rng.next());
            }
            let p = as_pile(cards);
            let one: Vec<Combo> = super::super::combo::readings(cards).collect();
            let multi: Vec<PileCombo> = readings(&p).collect();
            assert_eq!(one.len(), multi.len(), "{:?}", cards.cards());
            assert!(one.iter().zip(&multi).all(|(a, b)| same(a, b)));
            if let Some(first) = classify_one(cards, None) {
                combos.push((first, multi[0]));
            }
        }
        // Legal plays of whole hands bring the specials and the long kinds in.
        for _ in 0..300 {
            for play in legal_plays(rng.hand(13), None, PureOrder::Suit, None).unwrap() {
                let multi: Vec<PileCombo> = readings(&as_pile(play.cards)).collect();
                assert!(multi.len() == 1 && same(&play, &multi[0]), "{play:?}");
                combos.push((play, multi[0]));
            }
        }
        // And one of each long kind, which random hands seldom hold.
        for text in [
            "5s 5h 5c 6s 6h 6c 8d 8s 9d 9s",
            "Js Jh Jc Qs Qh Qc Ks Kh Kc 3d 3s 4d 4s 2d 2s",
            "5s 5h 5c 6s 6h 6c 8d 9d",
            "9s 9h 9c Ts Th Tc",
        ] {
            let cards = CardSet::from_cards(&parse_cards(text).unwrap()).unwrap();
            let (one, multi) = (
                classify_one(cards, None).unwrap(),
                classify(&as_pile(cards), None).unwrap(),
            );
            assert!(same(&one, &multi), "{text}");
            combos.push((one, multi));
        }
        assert!(combos.len() > 1000, "the sample holds combinations");
        for kind in Kind::ALL {
            let n = combos.iter().filter(|(c, _)| c.kind == kind).count();
            assert!(n > 0, "the sample holds a {kind:?}");
        }
        for _ in 0..100_000 {
            let (a, pa) = combos[rng.below(combos.len() as u64) as usize];
            let (b, pb) = combos[rng.below(combos.len() as u64) as usize];
            for order in [PureOrder::Suit, PureOrder::Equal] {
                assert_eq!(
                    one_deck(&a, &b, order),
                    beats(&pa, &pb, order),
                    "{:?} on {:?}",
                    a.cards.cards(),
                    b.cards.cards()
                );
            }
        }
    }
}
