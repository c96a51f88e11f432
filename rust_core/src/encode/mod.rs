//! Fixed-size observations for learning code: what one seat may know, written as `f32`
//! into a caller's buffer, field by field in a documented layout per variant and
//! player count ([`Layout::fields`]).
//!
//! Seats are relative: row or slot 0 is the observing seat, 1 the next seat in play
//! order, and so on. Only public facts and the seat's own cards go in (C-4: the buried
//! kitty only for the seat that buried it, until the hand ends), so two positions that
//! differ only in cards the seat cannot know encode identically.

mod features;
mod fifty_k;
mod fifty_k_piles;
mod fifty_k_tribute;
mod friends;
mod trick;

pub use features::{action_features, NUM_FEATURES};
pub use fifty_k::{encode_fifty_k, FkField};
pub use fifty_k_piles::{encode_fifty_k_piles, PileField};
pub use fifty_k_tribute::{
    encode_fifty_k_piles_tribute, encode_fifty_k_tribute, tribute_len, TributeField,
};
pub use friends::{encode_friends, friends_len, FriendsFacts, FriendsField};
pub use trick::{encode_trick, trick_layout, Deal, TrickFacts, TrickField, PHASES};

use crate::card::Counts;
use crate::trick::Variant;

/// A layout: the trick-taking variant, or Fifty-K, with its number of players, of one
/// deck or of several (FKO-20: its number of decks), or Finding Friends with its number
/// of players (FF-1: the same layout for two decks and three). `FiftyKTribute` and
/// `FiftyKPilesTribute`: one deck's and several decks' under the option `tribute`
/// (FKO-40), their fields then the tribute's.
/// `TractorTheft`: Tractor's under kitty theft (TRO-112), its fields then the theft's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    Trick(Variant),
    TractorTheft,
    FiftyK(usize),
    FiftyKTribute(usize),
    FiftyKPiles(usize, u8),
    FiftyKPilesTribute(usize, u8),
    Friends(usize),
}

impl Layout {
    /// The layout of `variant` with `players` seats; an error names what is wrong.
    pub fn new(variant: &str, players: usize) -> Result<Layout, String> {
        // The players each variant is played by, and the rule that says so.
        let (layout, fewest, most, rule) = match variant {
            "fifty_k" => (Layout::FiftyK(players), 3, 4, "FK-1"),
            "red_five_5p" => (Layout::Trick(Variant::RedFive5p), 5, 5, "R5-1"),
            "finding_friends" => (Layout::Friends(players), 4, 8, "FF-1"),
            other => {
                let v = Variant::parse(other).map_err(|_| {
                    format!(
                        "unknown variant '{other}': expected red_five_4p, red_five_5p, \
                         fifty_k, tractor or finding_friends"
                    )
                })?;
                let rule = if v == Variant::Tractor {
                    "TR-1"
                } else {
                    "R4-1"
                };
                (Layout::Trick(v), 4, 4, rule)
            }
        };
        if !(fewest..=most).contains(&players) {
            let allowed = match most - fewest {
                0 => format!("{fewest} players"),
                1 => format!("{fewest} or {most} players"),
                _ => format!("{fewest} to {most} players"),
            };
            return Err(format!(
                "{variant} is played by {allowed} ({rule}), not {players}"
            ));
        }
        Ok(layout)
    }

    /// The layout of `variant` with `players` seats and `decks` decks: Fifty-K's
    /// several decks (FKO-20, FKO-23) have a layout of their own; the other variants'
    /// layouts do not depend on their decks, and take `decks` 1 only.
    pub fn with_decks(variant: &str, players: usize, decks: u8) -> Result<Layout, String> {
        match (variant, decks) {
            ("fifty_k", 1) => Layout::new(variant, players).map_err(|e| {
                format!("{e} with decks=1 (4 to 8 play with decks 2, 3 or 4, FKO-23)")
            }),
            (_, 1) => Layout::new(variant, players),
            ("fifty_k", _) => {
                crate::phases::fifty_k_check_table(players, decks)?;
                Ok(Layout::FiftyKPiles(players, decks))
            }
            _ => Err(format!(
                "decks={decks}: only a fifty_k layout depends on its decks (FKO-20)"
            )),
        }
    }

    /// This layout under Fifty-K's option `tribute` (FKO-40): one deck's or several
    /// decks', the tribute's fields after it; an error for any other layout.
    pub fn with_tribute(self) -> Result<Layout, String> {
        match self {
            Layout::FiftyK(n) => Ok(Layout::FiftyKTribute(n)),
            Layout::FiftyKPiles(n, decks) => Ok(Layout::FiftyKPilesTribute(n, decks)),
            _ => Err("tribute: only a layout of Fifty-K has the tribute's fields (FKO-40)".into()),
        }
    }

    /// This layout under Tractor's kitty theft (TRO-112): Tractor's, the theft's fields
    /// after it; an error for any other layout.
    pub fn with_theft(self) -> Result<Layout, String> {
        match self {
            Layout::Trick(Variant::Tractor) => Ok(Layout::TractorTheft),
            _ => Err(
                "kitty_theft: only Tractor's layout has the kitty theft's fields (TRO-112)".into(),
            ),
        }
    }

    pub fn players(self) -> usize {
        match self {
            Layout::Trick(Variant::RedFive5p) => 5,
            Layout::Trick(_) | Layout::TractorTheft => 4,
            Layout::FiftyK(n)
            | Layout::FiftyKTribute(n)
            | Layout::FiftyKPiles(n, _)
            | Layout::FiftyKPilesTribute(n, _)
            | Layout::Friends(n) => n,
        }
    }

    /// Every field in order: (name, offset, size).
    pub fn fields(self) -> Vec<(&'static str, usize, usize)> {
        let n = self.players();
        let sized: Vec<(&'static str, usize)> = match self {
            Layout::Trick(v) => TrickField::of(v)
                .iter()
                .map(|f| (f.name(), f.size(n)))
                .collect(),
            Layout::TractorTheft => TrickField::of_theft()
                .iter()
                .map(|f| (f.name(), f.size(n)))
                .collect(),
            Layout::FiftyK(_) => FkField::ALL.iter().map(|f| (f.name(), f.size(n))).collect(),
            Layout::FiftyKTribute(_) => FkField::ALL
                .iter()
                .map(|f| (f.name(), f.size(n)))
                .chain(
                    TributeField::ALL
                        .iter()
                        .map(|f| (f.name(), f.size(n, false))),
                )
                .collect(),
            Layout::FiftyKPiles(..) => PileField::ALL
                .iter()
                .map(|f| (f.name(), f.size(n)))
                .collect(),
            Layout::FiftyKPilesTribute(..) => PileField::ALL
                .iter()
                .map(|f| (f.name(), f.size(n)))
                .chain(
                    TributeField::ALL
                        .iter()
                        .map(|f| (f.name(), f.size(n, true))),
                )
                .collect(),
            Layout::Friends(_) => FriendsField::ALL
                .iter()
                .map(|f| (f.name(), f.size(n)))
                .collect(),
        };
        let mut offset = 0;
        sized
            .into_iter()
            .map(|(name, size)| {
                offset += size;
                (name, offset - size, size)
            })
            .collect()
    }

    /// The number of `f32`s an observation holds (summed without listing the fields:
    /// the environments ask at every step).
    pub fn len(self) -> usize {
        let n = self.players();
        match self {
            Layout::Trick(v) => TrickField::of(v).iter().map(|f| f.size(n)).sum(),
            Layout::TractorTheft => TrickField::of_theft().iter().map(|f| f.size(n)).sum(),
            Layout::FiftyK(_) => FkField::ALL.iter().map(|f| f.size(n)).sum(),
            Layout::FiftyKTribute(_) => tribute_len(n, false),
            Layout::FiftyKPiles(..) => fifty_k_piles::piles_len(n),
            Layout::FiftyKPilesTribute(..) => tribute_len(n, true),
            Layout::Friends(_) => friends_len(n),
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

/// Writes fields one after another into the buffer, each from zero.
struct Writer<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Writer<'a> {
    fn new(out: &'a mut [f32]) -> Writer<'a> {
        out.fill(0.0);
        Writer { out, at: 0 }
    }

    /// The next field's slice, `size` long.
    fn next(&mut self, size: usize) -> &mut [f32] {
        let start = self.at;
        self.at += size;
        &mut self.out[start..self.at]
    }
}

/// Adds copies of each card of `counts` to `row` (indexed by card index).
fn add_counts(row: &mut [f32], counts: &Counts) {
    for (slot, &c) in row.iter_mut().zip(counts.0.iter()) {
        *slot += c as f32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_checked() {
        assert!(Layout::new("tractor", 4).is_ok());
        assert!(Layout::new("fifty_k", 3).is_ok());
        assert_eq!(
            Layout::new("red_five_5p", 4),
            Err("red_five_5p is played by 5 players (R5-1), not 4".into())
        );
        assert_eq!(
            Layout::new("fifty_k", 5),
            Err("fifty_k is played by 3 or 4 players (FK-1), not 5".into())
        );
        assert!(Layout::new("hearts", 4)
            .unwrap_err()
            .contains("unknown variant"));
        // FF-1: Finding Friends has a layout per number of players, 4 to 8.
        assert_eq!(Layout::new("finding_friends", 6), Ok(Layout::Friends(6)));
        assert!(Layout::new("finding_friends", 3)
            .unwrap_err()
            .contains("4 to 8 players (FF-1), not 3"));
    }

    #[test]
    fn fields_tile_the_buffer() {
        for (v, n) in [
            ("tractor", 4),
            ("red_five_4p", 4),
            ("red_five_5p", 5),
            ("fifty_k", 3),
            ("fifty_k", 4),
            ("finding_friends", 4),
            ("finding_friends", 8),
        ] {
            let layout = Layout::new(v, n).unwrap();
            let mut end = 0;
            for (_, offset, size) in layout.fields() {
                assert_eq!(offset, end);
                end += size;
            }
            assert_eq!(end, layout.len());
        }
        let tribute = [3, 4].map(|n| (1, n, true));
        let several = [(2, 4), (3, 6), (4, 8), (2, 5)].map(|(d, n)| (d, n, false));
        let several_tribute = [(2, 4), (4, 7)].map(|(d, n)| (d, n, true));
        for (decks, players, gift) in tribute.into_iter().chain(several).chain(several_tribute) {
            let mut layout = Layout::with_decks("fifty_k", players, decks).unwrap();
            if gift {
                layout = layout.with_tribute().unwrap();
            }
            let mut end = 0;
            for (_, offset, size) in layout.fields() {
                assert_eq!(offset, end);
                end += size;
            }
            assert_eq!(end, layout.len());
        }
    }

    /// FKO-23: a several-deck layout is for 4 to 8 players; one deck's stays as it was.
    #[test]
    fn several_decks_have_their_own_layout() {
        assert_eq!(Layout::with_decks("fifty_k", 4, 1), Ok(Layout::FiftyK(4)));
        assert_eq!(
            Layout::with_decks("fifty_k", 6, 2),
            Ok(Layout::FiftyKPiles(6, 2))
        );
        assert!(Layout::with_decks("fifty_k", 3, 2).is_err());
        assert!(Layout::with_decks("fifty_k", 6, 5).is_err());
        assert!(Layout::with_decks("tractor", 4, 3)
            .unwrap_err()
            .contains("only a fifty_k layout"));
    }

    /// FKO-40: the tribute's layout is one deck's, the tribute's fields after it.
    #[test]
    fn the_tribute_extends_one_decks_layout_only() {
        let one = Layout::FiftyK(4);
        let fields = one.with_tribute().unwrap().fields();
        assert_eq!(&fields[..one.fields().len()], &one.fields()[..]);
        assert_eq!(fields.last().unwrap().0, "tribute_returned");
        assert_eq!(
            Layout::FiftyKPiles(4, 2).with_tribute(),
            Ok(Layout::FiftyKPilesTribute(4, 2))
        );
        assert!(Layout::Trick(Variant::Tractor).with_tribute().is_err());
    }
}
