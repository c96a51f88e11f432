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
        let shapes = lead.shapes();
        let n_key = shapes.iter().take_while(|&&s| s == shapes[0]).count();
        let mut rest = *play;
        let mut best = None;
        self.arrange(&mut rest, suit, &shapes, 0, n_key, None, (0, 0), &mut best);
        best
    }

    /// All units of a single-unit shape (pair or triple) in `counts`, weakest level first.
    pub(crate) fn unit_placements(&self, counts: &Counts, suit: u8, width: u8) -> Vec<Vec<Unit>> {
        let mut out = Vec::new();
        for level in self.levels(suit) {
            for &c in level.cards() {
                if counts.get(c) >= width {
                    out.push(vec![(c, width)]);
                }
            }
        }
        out
    }

    /// Every placement of one component of `shape` (not a single) in `counts`.
    pub(crate) fn placements(&self, counts: &Counts, suit: u8, shape: Shape) -> Vec<Vec<Unit>> {
        match shape.kind() {
            Kind::Tractor => self.tractor_placements(counts, suit, shape),
            Kind::Triple => self.unit_placements(counts, suit, 3),
            Kind::Pair => self.unit_placements(counts, suit, 2),
            Kind::Single => self.unit_placements(counts, suit, 1),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn arrange(
        &self,
        rest: &mut Counts,
        suit: u8,
        shapes: &[Shape],
        i: usize,
        n_key: usize,
        key: Option<u8>,
        prev: (u8, u8),
        best: &mut Option<u8>,
    ) {
        let top_possible = self.levels(suit).len() as u8 - 1;
        if *best == Some(top_possible) {
            return;
        }
        if i == shapes.len() || shapes[i].kind() == Kind::Single {
            // Whatever is left are the singles; they fit any way.
            let key = if i < n_key {
                self.levels(suit)
                    .iter()
                    .rposition(|l| l.cards().iter().any(|&c| rest.get(c) > 0))
                    .map(|l| l as u8)
            } else {
                key
            };
            *best = (*best).max(key);
            return;
        }
        let shape = shapes[i];
        let same_as_prev = i > 0 && shapes[i - 1] == shape;
        for units in self.placements(rest, suit, shape) {
            let first = units[0].0;
            let pos = (self.level_of(first), first.0);
            if same_as_prev && pos < prev {
                continue;
            }
            let top = units.iter().map(|u| self.level_of(u.0)).max().unwrap_or(0);
            for &(c, w) in &units {
                rest.remove(c, w);
            }
            let key = if i < n_key { key.max(Some(top)) } else { key };
            self.arrange(rest, suit, shapes, i + 1, n_key, key, pos, best);
            for &(c, w) in &units {
                rest.add(c, w);
            }
        }
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
