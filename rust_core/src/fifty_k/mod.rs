//! Fifty-K (五十K / 510K) combinations and legal plays (FK-10..FK-21).
//!
//! One deck without jokers (FK-1): hands and plays are sets of physical cards
//! ([`CardSet`]), since suits matter for pure fifty-Ks. Submodules, one job each:
//! [`cardset`] (ranks and card sets), [`combo`] (kinds and reading cards, FK-10..FK-17),
//! [`beats`](mod@beats) (FK-20, FK-21), [`shape`] (the layout of plays), [`suits`] (the suit
//! choices of a pattern), [`legal`] (legal plays and their count), [`encode`] (play ↔
//! integer id for learning code), [`rules`] (a hand's options, FK-32, FKO-10), [`pile`]
//! (combinations of several decks, FKO-22..FKO-28), [`pile_legal`] (their legal
//! patterns and card picks), [`pile_moves`] (a pattern's plays counted and named by
//! index), [`pile_turns`] (the play of a hand of several decks), [`pile_types`] (their
//! type ids for the decision space), [`tribute`] (the
//! tribute and its return before a hand of a match, FKO-42..FKO-47).

pub mod beats;
pub mod cardset;
pub mod combo;
pub mod encode;
pub mod error;
pub mod legal;
pub mod pile;
pub mod pile_legal;
pub mod pile_moves;
pub mod pile_turns;
pub mod pile_types;
pub mod rules;
pub mod shape;
pub mod suits;
#[cfg(test)]
pub(crate) mod test_support;
pub mod tribute;
pub mod turns;

pub use beats::{beats, cards_beat};
pub use cardset::CardSet;
pub use combo::{classify, read_as, readings, Combo, Kind};
pub use encode::{play_from_id, play_id, type_id};
pub use error::FkError;
pub use legal::{count_legal_plays, legal_play_ids, legal_play_types, legal_plays, nth_legal_play};
pub use rules::{FkRules, LeadAfterOut, PureOrder};
pub use shape::{NUM_PLAY_IDS, NUM_PLAY_TYPES};
pub use tribute::{single_order, FkTribute};
pub use turns::{FkAction, FkOutcome, FkPlay};
