//! Units, tractors and formats (C-20..C-24).
//!
//! A [`Shape`] counts a component's units: a single, a pair, a triple, a quadruple
//! (TRO-124), or a tractor of `quads` quadruples, `triples` triples and `pairs` pairs on
//! adjacent levels. A [`Format`] is a lead's
//! canonical decomposition (C-23).

use crate::card::{Card, Counts};

use super::order::{RulesError, TrickRules, MAX_LEVELS};
use crate::error::ActionError;

/// The kind of a component, in priority order (C-41, C-51): tractor > quadruple (TRO-124)
/// > triple > pair > single.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Single,
    Pair,
    Triple,
    Quad,
    Tractor,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Triple => "triple",
            Kind::Quad => "quadruple",
            Kind::Tractor => "tractor",
        }
    }
}

/// A component's shape: how many quadruple, triple, pair and single units it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub quads: u8,
    pub triples: u8,
    pub pairs: u8,
    pub singles: u8,
}

impl Shape {
    pub const SINGLE: Shape = Shape {
        quads: 0,
        triples: 0,
        pairs: 0,
        singles: 1,
    };
    pub const PAIR: Shape = Shape {
        quads: 0,
        triples: 0,
        pairs: 1,
        singles: 0,
    };
    pub const TRIPLE: Shape = Shape {
        quads: 0,
        triples: 1,
        pairs: 0,
        singles: 0,
    };
    pub const QUAD: Shape = Shape {
        quads: 1,
        triples: 0,
        pairs: 0,
        singles: 0,
    };

    pub fn tractor(triples: u8, pairs: u8) -> Shape {
        Shape::tractor_of(0, triples, pairs)
    }

    /// A tractor of quadruples, triples and pairs (TRO-124).
    pub fn tractor_of(quads: u8, triples: u8, pairs: u8) -> Shape {
        Shape {
            quads,
            triples,
            pairs,
            singles: 0,
        }
    }

    pub fn kind(self) -> Kind {
        match (self.wide_units(), self.quads, self.triples) {
            (0, ..) => Kind::Single,
            (1, 0, 0) => Kind::Pair,
            (1, 0, _) => Kind::Triple,
            (1, ..) => Kind::Quad,
            _ => Kind::Tractor,
        }
    }

    /// Units of width 2 or more (pairs, triples and quadruples, counting a tractor's units).
    pub fn wide_units(self) -> u8 {
        self.quads + self.triples + self.pairs
    }

    /// The disjoint pairs the shape's units hold (C-31 `pairs`, TRO-124): one a pair or
    /// triple, two a quadruple.
    pub fn pairs_held(self) -> u8 {
        2 * self.quads + self.triples + self.pairs
    }

    pub fn num_cards(self) -> usize {
        4 * self.quads as usize
            + 3 * self.triples as usize
            + 2 * self.pairs as usize
            + self.singles as usize
    }

    /// Priority for C-23/C-41/C-51: kind, then (tractors) more cards, then more
    /// quadruples, then more triples.
    pub fn priority(self) -> (Kind, usize, u8, u8) {
        (self.kind(), self.num_cards(), self.quads, self.triples)
    }

    /// A phrase for messages: "a pair", "a tractor of 3 pairs", …
    pub fn describe(self) -> String {
        match self.kind() {
            Kind::Tractor => {
                let mut parts = Vec::new();
                if self.quads > 0 {
                    parts.push(plural(self.quads, "quadruple"));
                }
                if self.triples > 0 {
                    parts.push(plural(self.triples, "triple"));
                }
                if self.pairs > 0 {
                    parts.push(plural(self.pairs, "pair"));
                }
                format!("a tractor of {}", parts.join(" and "))
            }
            k => format!("a {}", k.name()),
        }
    }
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// One component of a play: its shape, its key level (C-41: the top unit) and cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub shape: Shape,
    pub top: u8,
    pub cards: Vec<Card>,
}

/// The canonical decomposition of a play in one effective suit (C-23).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Format {
    pub suit: u8,
    pub components: Vec<Component>,
    pub len: usize,
}

impl Format {
    /// A play of several components is a throw (C-23).
    pub fn is_throw(&self) -> bool {
        self.components.len() > 1
    }

    pub fn shapes(&self) -> Vec<Shape> {
        self.components.iter().map(|c| c.shape).collect()
    }

    /// The disjoint pairs of the components' units (C-31 `pairs`): one a pair or triple,
    /// two a quadruple (TRO-124).
    pub fn pairs_held(&self) -> u8 {
        self.components.iter().map(|c| c.shape.pairs_held()).sum()
    }

    /// The widest unit of the lead: 1 for singles only, up to 4 (TRO-12, TRO-124).
    pub fn widest_unit(&self) -> u8 {
        self.components
            .iter()
            .map(|c| match c.shape {
                s if s.quads > 0 => 4,
                s if s.triples > 0 => 3,
                s if s.pairs > 0 => 2,
                _ => 1,
            })
            .max()
            .unwrap_or(0)
    }
}

/// A placed unit: a card and how many copies of it.
pub type Unit = (Card, u8);

impl TrickRules {
    /// The widest unit one card of `level` gives in `counts` (at most 4), and that card.
    /// Ties go to the first card in suit order.
    pub(crate) fn widest(&self, counts: &Counts, suit: u8, level: usize) -> (u8, Card) {
        let mut best = (0u8, Card(0));
        for &c in self.levels(suit)[level].cards() {
            let n = counts.get(c).min(4);
            if n > best.0 {
                best = (n, c);
            }
        }
        best
    }

    /// C-23: the canonical decomposition of `counts` (all in effective suit `suit`).
    pub fn decompose(&self, counts: &Counts, suit: u8) -> Vec<Component> {
        // One card, or copies of one card: a single unit, no tractor to look for.
        if let Some(c) = counts.first() {
            let n = counts.get(c);
            if counts.len() == n as usize && n <= 4 {
                return vec![self.component_of(&[(c, n)], suit)];
            }
        }
        let mut rest = *counts;
        let mut out = Vec::with_capacity(counts.len());
        while rest.has_pair() {
            let Some((units, n)) = self.longest_tractor(&rest, suit) else {
                break;
            };
            let units = &units[..n];
            out.push(self.component_of(units, suit));
            for &(c, w) in units {
                rest.remove(c, w);
            }
        }
        // Made in order below: the quadruples, triples, pairs and singles, each strongest
        // first (and within a level in suit order); only the tractors need sorting.
        let tractors = out.len();
        for width in [4u8, 3, 2] {
            for level in self.levels(suit).iter().rev() {
                for &c in level.cards() {
                    if rest.get(c) >= width {
                        rest.remove(c, width);
                        out.push(self.component_of(&[(c, width)], suit));
                    }
                }
            }
        }
        for level in self.levels(suit).iter().rev() {
            for &c in level.cards() {
                for _ in 0..rest.get(c) {
                    out.push(self.component_of(&[(c, 1)], suit));
                }
            }
        }
        out[..tractors].sort_by(|a, b| {
            (b.shape.priority(), b.top, std::cmp::Reverse(b.cards[0].0)).cmp(&(
                a.shape.priority(),
                a.top,
                std::cmp::Reverse(a.cards[0].0),
            ))
        });
        debug_assert!(out.windows(2).all(|w| {
            (
                w[0].shape.priority(),
                w[0].top,
                std::cmp::Reverse(w[0].cards[0].0),
            ) >= (
                w[1].shape.priority(),
                w[1].top,
                std::cmp::Reverse(w[1].cards[0].0),
            )
        }));
        out
    }

    /// The component made of `units` (weakest unit first or any order).
    pub(crate) fn component_of(&self, units: &[Unit], suit: u8) -> Component {
        let mut shape = Shape {
            quads: 0,
            triples: 0,
            pairs: 0,
            singles: 0,
        };
        let mut top = 0;
        let mut cards = Vec::with_capacity(units.iter().map(|u| u.1 as usize).sum());
        for &(c, w) in units {
            match w {
                4 => shape.quads += 1,
                3 => shape.triples += 1,
                2 => shape.pairs += 1,
                _ => shape.singles += 1,
            }
            top = top.max(self.level_of(c));
            cards.extend(std::iter::repeat_n(c, w as usize));
        }
        debug_assert!(units.iter().all(|&(c, _)| self.suit_of(c) == suit));
        if units.len() > 1 {
            cards.sort_by_key(|&c| self.sort_key(c));
        }
        Component { shape, top, cards }
    }

    /// C-21/C-22/C-23: the longest tractor in `counts` (most cards, then more
    /// quadruples, then more triples, then the higher top), as units weakest first (the first `n` of the array).
    fn longest_tractor(&self, counts: &Counts, suit: u8) -> Option<([Unit; MAX_LEVELS], usize)> {
        let levels = self.levels(suit);
        let mut widths = [(0u8, Card(0)); MAX_LEVELS];
        for (i, level) in levels.iter().enumerate() {
            if level.tractor_ok {
                widths[i] = self.widest(counts, suit, i);
            }
        }
        let widths = &widths[..levels.len()];
        let width_of = |w: u8, min_width: u8| {
            if self.opts.mixed_tractors {
                w
            } else {
                min_width
            }
        };
        // The best run so far: its key (cards, quadruples, triples, top), where it is, its
        // width.
        let mut best: Option<(TractorKey, usize, usize, u8)> = None;
        for min_width in [2u8, 3, 4] {
            let mut i = 0;
            while i < widths.len() {
                if widths[i].0 < min_width {
                    i += 1;
                    continue;
                }
                let start = i;
                while i < widths.len() && widths[i].0 >= min_width {
                    i += 1;
                }
                if i - start < 2 {
                    continue;
                }
                let run = &widths[start..i];
                let cards: usize = run
                    .iter()
                    .map(|&(w, _)| width_of(w, min_width) as usize)
                    .sum();
                let of_width = |n: u8| {
                    run.iter()
                        .filter(|&&(w, _)| width_of(w, min_width) == n)
                        .count() as u8
                };
                let key = (cards, of_width(4), of_width(3), i - 1);
                if best.is_none_or(|(k, ..)| key > k) {
                    best = Some((key, start, i, min_width));
                }
            }
        }
        let (_, start, end, min_width) = best?;
        let mut units = [(Card(0), 0); MAX_LEVELS];
        for (slot, &(w, c)) in units.iter_mut().zip(&widths[start..end]) {
            let width = width_of(w, min_width);
            *slot = (self.unit_card(counts, c, width), width);
        }
        Some((units, end - start))
    }

    /// The first card (suit order) on `c`'s level with at least `width` copies.
    fn unit_card(&self, counts: &Counts, c: Card, width: u8) -> Card {
        let level = &self.levels(self.suit_of(c))[self.level_of(c) as usize];
        *level
            .cards()
            .iter()
            .find(|&&x| counts.get(x) >= width)
            .unwrap_or(&c)
    }

    /// C-23: the format of a lead already known to be legal (one suit, its copies held).
    pub(crate) fn legal_lead_format(&self, play: &Counts) -> Format {
        let suit = self.suit_of(play.first().expect("a lead has cards"));
        Format {
            suit,
            components: self.decompose(play, suit),
            len: play.len(),
        }
    }

    /// C-24: the format of a lead, or an error saying why it cannot be led.
    pub fn classify(&self, cards: &[Card]) -> Result<Format, RulesError> {
        self.lead_format(cards).map_err(|e| RulesError(e.message))
    }

    /// [`Self::classify`], the error naming the rule the lead breaks.
    pub(crate) fn lead_format(&self, cards: &[Card]) -> Result<Format, ActionError> {
        let Some(&first) = cards.first() else {
            return Err(ActionError::malformed("a play needs at least one card"));
        };
        let suit = self.suit_of(first);
        if let Some(&other) = cards.iter().find(|&&c| self.suit_of(c) != suit) {
            return Err(ActionError::breaks(
                "C-24",
                format!(
                    "a lead must be in one suit: {first} is in {} and {other} in {}",
                    self.suit_name(suit),
                    self.suit_name(self.suit_of(other))
                ),
            ));
        }
        self.one_suit_format(&Counts::from_cards(cards), suit)
    }

    /// [`Self::lead_format`] of a play whose cards are all in effective suit `suit`
    /// (the caller checked): no card list to build, for the bots rating many leads.
    pub(crate) fn one_suit_format(&self, counts: &Counts, suit: u8) -> Result<Format, ActionError> {
        self.check_copies("the play", counts)
            .map_err(|e| ActionError::breaks("C-2", e.0))?;
        let components = self.decompose(counts, suit);
        let format = Format {
            suit,
            components,
            len: counts.len(),
        };
        if format.is_throw() && !self.opts.throws {
            return Err(ActionError::breaks(
                "R4-31",
                format!(
                    "{} allows no throws (R4-31): lead a single, pair, triple or tractor",
                    self.variant.id()
                ),
            ));
        }
        Ok(format)
    }

    /// Every way to place a tractor of `shape` in `counts` (suit `suit`), as units weakest first.
    pub fn tractor_placements(&self, counts: &Counts, suit: u8, shape: Shape) -> Vec<Vec<Unit>> {
        let mut out = Vec::new();
        self.each_tractor_placement(counts, suit, shape, &mut |units| {
            out.push(units.to_vec());
            true
        });
        out
    }

    /// Calls `f` with every placement of a tractor of `shape` in `counts`, in the order of
    /// [`Self::tractor_placements`], until `f` returns false; false when stopped.
    pub(crate) fn each_tractor_placement(
        &self,
        counts: &Counts,
        suit: u8,
        shape: Shape,
        f: &mut dyn FnMut(&[Unit]) -> bool,
    ) -> bool {
        let n = shape.wide_units() as usize;
        let levels = self.levels(suit);
        if n < 2 || levels.len() < n {
            return true;
        }
        let mut run = Run {
            rules: self,
            counts,
            suit,
            units: [(Card(0), 0); MAX_LEVELS],
            f,
        };
        (0..=levels.len() - n).all(|start| {
            !levels[start..start + n].iter().all(|l| l.tractor_ok)
                || run.place(start, 0, n, (shape.quads, shape.triples))
        })
    }

    /// The highest key of a combination of `shape` that `counts` holds in `suit`, in the
    /// sense above C-30 (a triple supplies a pair, a quadruple a triple, a longer tractor
    /// a shorter one).
    pub fn best_held(&self, counts: &Counts, suit: u8, shape: Shape) -> Option<u8> {
        let levels = self.levels(suit);
        match shape.kind() {
            Kind::Single | Kind::Pair | Kind::Triple | Kind::Quad => {
                let need = shape.num_cards() as u8;
                (0..levels.len())
                    .rev()
                    .find(|&i| self.widest(counts, suit, i).0 >= need)
                    .map(|i| i as u8)
            }
            Kind::Tractor => {
                let n = shape.wide_units() as usize;
                if levels.len() < n {
                    return None;
                }
                (0..=levels.len() - n).rev().find_map(|start| {
                    // Hall's condition: enough levels of 4 for the quadruples, and of 3
                    // or more for the quadruples and triples together.
                    let (mut fours, mut threes) = (0, 0);
                    for (i, level) in levels.iter().enumerate().skip(start).take(n) {
                        let w = self.widest(counts, suit, i).0;
                        if !level.tractor_ok || w < 2 {
                            return None;
                        }
                        fours += (w >= 4) as u8;
                        threes += (w >= 3) as u8;
                    }
                    (fours >= shape.quads && threes >= shape.quads + shape.triples)
                        .then_some((start + n - 1) as u8)
                })
            }
        }
    }
}

/// How [`TrickRules::longest_tractor`] ranks runs: cards, quadruples, triples, top level.
type TractorKey = (usize, u8, u8, usize);

/// One walk of [`TrickRules::each_tractor_placement`]: the units placed so far.
struct Run<'a> {
    rules: &'a TrickRules,
    counts: &'a Counts,
    suit: u8,
    units: [Unit; MAX_LEVELS],
    f: &'a mut dyn FnMut(&[Unit]) -> bool,
}

impl Run<'_> {
    /// Places units on `level` and the `left - 1` levels above it (`placed` so far,
    /// `(quads, triples)` of them still to place); false when the visitor stopped the walk.
    fn place(&mut self, level: usize, placed: usize, left: usize, (q, t): (u8, u8)) -> bool {
        if left == 0 {
            return q + t > 0 || (self.f)(&self.units[..placed]);
        }
        let pairs_left = left - (q + t) as usize;
        for &c in self.rules.levels(self.suit)[level].cards() {
            let have = self.counts.get(c);
            for (width, wanted, rest) in [
                (4, q > 0, (q.saturating_sub(1), t)),
                (3, t > 0, (q, t.saturating_sub(1))),
                (2, pairs_left > 0, (q, t)),
            ] {
                if wanted && have >= width {
                    self.units[placed] = (c, width);
                    if !self.place(level + 1, placed + 1, left - 1, rest) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{parse_cards, Rank, Suit};
    use crate::trick::order::{Options, Variant};

    fn rules(v: &str, trump: char, level: &str) -> TrickRules {
        let v = Variant::parse(v).unwrap();
        TrickRules::new(
            v,
            Suit::parse(&trump.to_string()),
            Rank::parse(level).unwrap(),
            Options::defaults(v),
        )
        .unwrap()
    }

    fn kinds(r: &TrickRules, text: &str) -> Vec<(&'static str, String)> {
        let f = r.classify(&parse_cards(text).unwrap()).unwrap();
        f.components
            .iter()
            .map(|c| (c.shape.kind().name(), crate::card::format_cards(&c.cards)))
            .collect()
    }

    #[test]
    fn c_21_tractor_across_a_card_moved_to_trump() {
        let r = rules("red_five_4p", 's', "2");
        assert_eq!(
            kinds(&r, "4h 4h 6h 6h"),
            [("tractor", "6h 6h 4h 4h".into())]
        );
    }

    #[test]
    fn c_21_jokers_tractor_depends_on_tractor_above_ace() {
        let r4 = rules("red_five_4p", 'h', "2");
        assert!(r4.classify(&parse_cards("BJ BJ LJ LJ").unwrap()).is_err());
        let tr = rules("tractor", 's', "2");
        assert_eq!(
            kinds(&tr, "BJ BJ LJ LJ"),
            [("tractor", "BJ BJ LJ LJ".into())]
        );
        assert_eq!(
            kinds(&tr, "As As 2c 2c"),
            [("tractor", "2c 2c As As".into())]
        );
    }

    #[test]
    fn c_21_same_level_pairs_are_never_a_tractor() {
        let tr = rules("tractor", 'h', "2");
        assert_eq!(
            kinds(&tr, "2c 2c 2d 2d"),
            [("pair", "2c 2c".into()), ("pair", "2d 2d".into())]
        );
    }

    #[test]
    fn tro_124_quadruples_are_units_and_make_tractors() {
        let mut r = rules("tractor", 'h', "2");
        r.opts.decks = 4;
        let shapes = |cards: &str| {
            let f = r.classify(&parse_cards(cards).unwrap()).unwrap();
            f.components.iter().map(|c| c.shape).collect::<Vec<_>>()
        };
        assert_eq!(shapes("As As As As"), [Shape::QUAD]);
        assert_eq!(Shape::QUAD.kind(), Kind::Quad);
        assert_eq!(
            shapes("9s 9s 9s 9s Ts Ts Ts Ts"),
            [Shape::tractor_of(2, 0, 0)]
        );
        // The longest tractor first (C-22): two triples beat a quadruple and a triple.
        assert_eq!(
            shapes("As As As As Ks Ks Ks"),
            [Shape::tractor(2, 0), Shape::SINGLE]
        );
        assert_eq!(shapes("As As As As Qs Qs Qs"), [Shape::QUAD, Shape::TRIPLE]);
        // C-41/C-51: a quadruple ranks above a triple and below a tractor.
        assert!(Shape::QUAD.priority() > Shape::TRIPLE.priority());
        assert!(Shape::tractor(0, 2).priority() > Shape::QUAD.priority());
        assert_eq!(Shape::QUAD.pairs_held(), 2);
        assert_eq!(
            Shape::tractor_of(2, 0, 0).describe(),
            "a tractor of 2 quadruples"
        );
        // C-50: a higher quadruple is held; a triple supplies no quadruple.
        let held = Counts::from_cards(&parse_cards("Ks Ks Ks Ks Qs Qs Qs").unwrap());
        assert_eq!(
            r.best_held(&held, 0, Shape::QUAD),
            Some(r.level_of(parse_cards("Ks").unwrap()[0]))
        );
        let triples = Counts::from_cards(&parse_cards("Ks Ks Ks Qs Qs Qs").unwrap());
        assert_eq!(r.best_held(&triples, 0, Shape::QUAD), None);
        assert!(r.best_held(&held, 0, Shape::tractor(2, 0)).is_some());
        assert!(r.best_held(&held, 0, Shape::tractor_of(2, 0, 0)).is_none());
    }

    #[test]
    fn c_23_triple_tractor_before_pair_tractor() {
        let mut r = rules("red_five_4p", 'h', "2");
        r.opts.decks = 3;
        r.opts.throws = true;
        assert_eq!(
            kinds(&r, "6s 6s 6s 7s 7s 7s 8s 8s"),
            [
                ("tractor", "7s 7s 7s 6s 6s 6s".into()),
                ("pair", "8s 8s".into())
            ]
        );
    }

    #[test]
    fn c_22_mixed_tractor_shape() {
        let r = rules("red_five_5p", 'h', "2");
        let f = r
            .classify(&parse_cards("9s 9s 9s Ts Ts Js Js Js").unwrap())
            .unwrap();
        assert_eq!(f.components.len(), 1);
        assert_eq!(f.components[0].shape, Shape::tractor(2, 1));
    }
}
