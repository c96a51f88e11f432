//! The features of a listed action (a burial, C-4, or a trick play), as DouZero encodes
//! a move: one row of [`NUM_FEATURES`] per action, the layout `fenpai.spaces.FEATURES`.

use crate::card::{Card, NUM_CARDS};
use crate::trick::{Kind, TrickRules};

/// The length of an action's row.
pub const NUM_FEATURES: usize = 64;
const BURY: usize = NUM_CARDS;
const LEAD: usize = BURY + 1;
const CARDS: usize = LEAD + 1;
const SINGLES: usize = CARDS + 1;
const THROW: usize = SINGLES + 4;
const TRUMPS: usize = THROW + 1;
const POINTS: usize = TRUMPS + 1;

/// Writes the row of `cards` into `out` (at least [`NUM_FEATURES`] long): the copies of
/// each card kind, whether it is a burial and whether the seat leads, the number of
/// cards, the singles, pairs, triples and tractors of its format as a lead (C-23) and
/// whether that is a throw (a play only), its trumps (C-10) and its card points (C-3).
pub fn action_features(
    rules: &TrickRules,
    cards: &[Card],
    bury: bool,
    leads: bool,
    out: &mut [f32],
) {
    let row = &mut out[..NUM_FEATURES];
    row.fill(0.0);
    for &card in cards {
        row[card.index()] += 1.0;
        row[TRUMPS] += f32::from(u8::from(rules.is_trump(card)));
        row[POINTS] += card.points() as f32;
    }
    row[CARDS] = cards.len() as f32;
    if bury {
        row[BURY] = 1.0;
        return;
    }
    row[LEAD] = f32::from(u8::from(leads));
    if let Ok(format) = rules.classify(cards) {
        for component in &format.components {
            let kind = match component.shape.kind() {
                Kind::Single => 0,
                Kind::Pair => 1,
                // A quadruple (TRO-124) counts with the triples.
                Kind::Triple | Kind::Quad => 2,
                Kind::Tractor => 3,
            };
            row[SINGLES + kind] += 1.0;
        }
        row[THROW] = f32::from(u8::from(format.is_throw()));
    }
}
