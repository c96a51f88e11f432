//! Arranging a play into a lead's shapes, and its key (C-40, C-41).

use crate::card::Counts;

use super::format::{Format, Kind, Shape, Unit};
use super::order::TrickRules;

impl TrickRules {
    /// C-40/C-41: when `play` (all in effective suit `suit`, as many cards as the lead)
    /// can be arranged into the lead's component shapes, its key: over every
    /// arrangement, the highest top among the components of the lead's highest-priority
    /// shape. `None` when no arrangement exists.
    pub fn arranged_key(&self, play: &Counts, suit: u8, lead: &Format) -> Option<u8> {
        let first = lead.components[0].shape;
        if lead.components.len() == 1 && first.kind() != Kind::Tractor {
            // One single, pair, triple or quadruple: copies of one card.
            let card = play.first()?;
            let copies = play.get(card) as usize;
            return (copies == first.num_cards() && play.len() == copies)
                .then(|| self.level_of(card));
        }
        let n_key = lead
            .components
            .iter()
            .take_while(|c| c.shape == first)
            .count();
        let mut rest = *play;
        let mut best = None;
        Arrange {
            rules: self,
            suit,
            lead,
            n_key,
            top_possible: self.levels(suit).len() as u8 - 1,
            best: &mut best,
        }
        .go(&mut rest, 0, None, (0, 0));
        best
    }

    /// TRO-53: every reading of `play` (all in effective suit `suit`, as many cards as
    /// the lead) in the lead's component shapes, each as the keys of its units in the
    /// lead's component order, strongest first among the components of one shape. Two
    /// arrangements with the same keys are one reading; none when the format differs.
    pub(crate) fn readings(&self, play: &Counts, suit: u8, lead: &Format) -> Vec<Vec<u8>> {
        let mut read = Readings {
            rules: self,
            suit,
            lead,
            keys: Vec::with_capacity(lead.components.len()),
            out: Vec::new(),
        };
        let mut rest = *play;
        read.go(&mut rest, 0, (0, 0));
        let mut out = read.out;
        out.sort_unstable();
        out.dedup();
        out
    }

    /// All units of a single-unit shape (pair, triple or quadruple) in `counts`, weakest level first.
    pub(crate) fn unit_placements(&self, counts: &Counts, suit: u8, width: u8) -> Vec<Vec<Unit>> {
        let mut out = Vec::new();
        self.each_unit(counts, suit, width, &mut |units| {
            out.push(units.to_vec());
            true
        });
        out
    }

    /// Calls `f` with each unit of `width` copies in `counts`, weakest level first, until
    /// it returns false; false when stopped.
    fn each_unit(
        &self,
        counts: &Counts,
        suit: u8,
        width: u8,
        f: &mut dyn FnMut(&[Unit]) -> bool,
    ) -> bool {
        self.levels(suit).iter().all(|level| {
            level
                .cards()
                .iter()
                .all(|&c| counts.get(c) < width || f(&[(c, width)]))
        })
    }

    /// Every placement of one component of `shape` (not a single) in `counts`.
    pub(crate) fn placements(&self, counts: &Counts, suit: u8, shape: Shape) -> Vec<Vec<Unit>> {
        match shape.kind() {
            Kind::Tractor => self.tractor_placements(counts, suit, shape),
            Kind::Quad => self.unit_placements(counts, suit, 4),
            Kind::Triple => self.unit_placements(counts, suit, 3),
            Kind::Pair => self.unit_placements(counts, suit, 2),
            Kind::Single => self.unit_placements(counts, suit, 1),
        }
    }

    /// [`Self::placements`] through a visitor, allocating nothing.
    pub(crate) fn each_placement(
        &self,
        counts: &Counts,
        suit: u8,
        shape: Shape,
        f: &mut dyn FnMut(&[Unit]) -> bool,
    ) -> bool {
        match shape.kind() {
            Kind::Tractor => self.each_tractor_placement(counts, suit, shape, f),
            Kind::Quad => self.each_unit(counts, suit, 4, f),
            Kind::Triple => self.each_unit(counts, suit, 3, f),
            Kind::Pair => self.each_unit(counts, suit, 2, f),
            Kind::Single => self.each_unit(counts, suit, 1, f),
        }
    }
}

/// One search of [`TrickRules::arranged_key`].
struct Arrange<'a> {
    rules: &'a TrickRules,
    suit: u8,
    lead: &'a Format,
    /// How many of the lead's first components share its highest-priority shape.
    n_key: usize,
    top_possible: u8,
    best: &'a mut Option<u8>,
}

impl Arrange<'_> {
    /// Places the lead's components `i..` in `rest`; `key` so far, `prev` the position
    /// of the previous component of the same shape (placed in ascending order).
    fn go(&mut self, rest: &mut Counts, i: usize, key: Option<u8>, prev: (u8, u8)) {
        if *self.best == Some(self.top_possible) {
            return;
        }
        let components = &self.lead.components;
        if i == components.len() || components[i].shape.kind() == Kind::Single {
            // Whatever is left are the singles; they fit any way.
            let key = if i < self.n_key {
                self.rules
                    .levels(self.suit)
                    .iter()
                    .rposition(|l| l.cards().iter().any(|&c| rest.get(c) > 0))
                    .map(|l| l as u8)
            } else {
                key
            };
            *self.best = (*self.best).max(key);
            return;
        }
        let shape = components[i].shape;
        let same_as_prev = i > 0 && components[i - 1].shape == shape;
        let held = *rest;
        let rules = self.rules;
        rules.each_placement(&held, self.suit, shape, &mut |units| {
            let first = units[0].0;
            let pos = (rules.level_of(first), first.0);
            if same_as_prev && pos < prev {
                return true;
            }
            let top = units.iter().map(|u| rules.level_of(u.0)).max().unwrap_or(0);
            for &(c, w) in units {
                rest.remove(c, w);
            }
            let key = if i < self.n_key {
                key.max(Some(top))
            } else {
                key
            };
            self.go(rest, i + 1, key, pos);
            for &(c, w) in units {
                rest.add(c, w);
            }
            *self.best != Some(self.top_possible)
        });
    }
}

/// One search of [`TrickRules::readings`].
struct Readings<'a> {
    rules: &'a TrickRules,
    suit: u8,
    lead: &'a Format,
    /// The keys of the components placed so far.
    keys: Vec<u8>,
    out: Vec<Vec<u8>>,
}

impl Readings<'_> {
    /// Places the lead's components `i..` in `rest`, `prev` the position of the previous
    /// component of the same shape (placed in ascending order, so each set once).
    fn go(&mut self, rest: &mut Counts, i: usize, prev: (u8, u8)) {
        let components = &self.lead.components;
        if i == components.len() || components[i].shape.kind() == Kind::Single {
            // Whatever is left are the singles, the lead's last components.
            let mut reading = self.keys.clone();
            reading.extend(rest.to_cards().iter().map(|&c| self.rules.level_of(c)));
            let mut start = 0;
            while start < reading.len() {
                let shape = components[start].shape;
                let end = start
                    + components[start..]
                        .iter()
                        .take_while(|c| c.shape == shape)
                        .count();
                reading[start..end].sort_unstable_by(|a, b| b.cmp(a));
                start = end;
            }
            self.out.push(reading);
            return;
        }
        let shape = components[i].shape;
        let same_as_prev = i > 0 && components[i - 1].shape == shape;
        let held = *rest;
        let rules = self.rules;
        rules.each_placement(&held, self.suit, shape, &mut |units| {
            let first = units[0].0;
            let pos = (rules.level_of(first), first.0);
            if same_as_prev && pos < prev {
                return true;
            }
            let top = units.iter().map(|u| rules.level_of(u.0)).max().unwrap_or(0);
            for &(c, w) in units {
                rest.remove(c, w);
            }
            self.keys.push(top);
            self.go(rest, i + 1, pos);
            self.keys.pop();
            for &(c, w) in units {
                rest.add(c, w);
            }
            true
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::card::{parse_cards, Counts, Rank, Suit};
    use crate::trick::order::{Options, TrickRules, Variant, TRUMP};

    fn tractor() -> TrickRules {
        let v = Variant::Tractor;
        TrickRules::new(v, Some(Suit::HEARTS), Rank::TWO, Options::defaults(v)).unwrap()
    }

    fn key(r: &TrickRules, lead: &str, play: &str) -> Option<u8> {
        let lead = r.classify(&parse_cards(lead).unwrap()).unwrap();
        let play = parse_cards(play).unwrap();
        let suit = r.suit_of(play[0]);
        r.arranged_key(&Counts::from_cards(&play), suit, &lead)
    }

    #[test]
    fn c_40_a_ruff_must_match_the_format() {
        let r = tractor();
        assert!(key(&r, "6s 6s", "3h 3h").is_some());
        assert!(key(&r, "6s 6s", "3h 4h").is_none());
        assert!(key(&r, "6s 6s 7s 7s", "3h 3h 5h 5h").is_none());
        assert!(key(&r, "6s 6s 7s 7s", "3h 3h 4h 4h").is_some());
    }

    #[test]
    fn c_41_throw_key_is_the_highest_pair() {
        let r = tractor();
        let k = key(&r, "As As Ks", "3h 3h Ah").unwrap();
        assert_eq!(k, r.level_of(parse_cards("3h").unwrap()[0]));
        assert_eq!(r.suit_of(parse_cards("3h").unwrap()[0]), TRUMP);
    }
}
