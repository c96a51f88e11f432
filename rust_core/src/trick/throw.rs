//! Throws (甩牌): whether a throw stands, and the forced play when it fails (C-50, C-51).

use crate::card::{Card, Counts};

use super::format::{Component, Format, Kind};
use super::order::{RulesError, TrickRules};

/// The outcome of [`TrickRules::check_throw`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowCheck {
    /// The throw stands (also true for a simple play, which is not a throw).
    pub ok: bool,
    /// When it fails, the forced play (C-51): one canonical component of the throw.
    pub forced: Vec<Card>,
    /// When it fails, every component some other hand beats.
    pub beaten: Vec<Component>,
}

/// C-51: the order in which a failed throw's beaten components are forced, the first
/// forced: the highest-priority kind; among tractors fewest cards first; then the lowest
/// key; equal keys go to the first suit in s, h, c, d order.
pub fn forced_order(c: &Component) -> (std::cmp::Reverse<Kind>, usize, u8, u8) {
    let kind = c.shape.kind();
    let size = if kind == Kind::Tractor {
        c.cards.len()
    } else {
        0
    };
    (
        std::cmp::Reverse(kind),
        size,
        c.top,
        c.cards[0].suit().map_or(0, |s| s.0),
    )
}

impl TrickRules {
    /// C-50/C-51: checks a lead against every other player's hand.
    pub fn check_throw(
        &self,
        throw: &[Card],
        others: &[Vec<Card>],
    ) -> Result<ThrowCheck, RulesError> {
        let format = self.classify(throw)?;
        let mut hands = Vec::with_capacity(others.len());
        for (i, hand) in others.iter().enumerate() {
            let counts = Counts::from_cards(hand);
            self.check_copies(&format!("hand {i}"), &counts)?;
            hands.push(counts);
        }
        Ok(self.check_throw_counts(&format, &hands))
    }

    /// [`Self::check_throw`] on a classified lead and the other hands' multisets.
    pub fn check_throw_counts(&self, format: &Format, others: &[Counts]) -> ThrowCheck {
        let mut beaten: Vec<Component> = Vec::new();
        if format.is_throw() {
            // `best_held` reads only the suit's cards: the whole hands will do.
            let held = others;
            for comp in &format.components {
                let beats = |h: &Counts| {
                    self.best_held(h, format.suit, comp.shape)
                        .is_some_and(|k| k > comp.top)
                };
                if held.iter().any(beats) {
                    beaten.push(comp.clone());
                }
            }
        }
        let forced = beaten
            .iter()
            .min_by_key(|c| forced_order(c))
            .map(|c| c.cards.clone())
            .unwrap_or_default();
        ThrowCheck {
            ok: beaten.is_empty(),
            forced,
            beaten,
        }
    }
}
