//! Hidden-world sampling (determinization): a complete position that one seat cannot
//! tell from the real one, with every card it cannot see dealt again consistently with
//! everything public.
//!
//! # The play-phase determinizers (stable API)
//!
//! - [`sample_trick_play`]`(play: &TrickPlay, seat: usize, known: &Known, seed: u64) -> TrickPlay`
//!   (Tractor, Red Five 4p and 5p, Finding Friends);
//! - [`sample_fifty_k`]`(play: &FkPlay, seat: usize, tribute: Option<&FkTribute>, seed: u64) -> FkPlay`
//!   (the hand's tribute, FKO-42, when it had one);
//! - [`sample_piles`]`(play: &PilePlay, seat: usize, tribute: Option<&FkTribute>, seed: u64) -> PilePlay`
//!   (several decks, FKO-20: the same facts as one deck's, a 3h in the first leader's
//!   hand, FKO-24, and the hand's tribute when it had one, FKO-42);
//! - [`TrickSampler`]`::new(play, seat, known)` then `.sample(seed)`: the same as
//!   `sample_trick_play`, the position read once for many samples (a search's loop).
//!
//! Each returns the same position (the same tricks or turns so far, the same current
//! trick, the same seat to act), `seat`'s hand unchanged, and every card `seat` cannot
//! see dealt again among the other hands (and the kitty where `seat` did not bury it).
//! The result replays its own history: every play in it is legal on the new hands and
//! has the same public outcome. It respects:
//! - voids shown by following (C-30) and formats not followed (C-31);
//! - throws (C-50): one that stood means no other hand held a stronger unit then; a
//!   failed one (C-51) shows the components forced before it unbeaten and the forced
//!   one beaten by some other hand;
//! - the friend (R5-21, R5-22): who revealed it and whether by a grab; the call's mode
//!   (first play, 死拚, secret solo) is sampled with the declarer's cards;
//! - Finding Friends' calls (FF-20..FF-22): the calls and the friends found so far stay
//!   as they are; an unplayed called copy the seat cannot see goes wherever an unseen
//!   card may (another hand, or the kitty where the seat did not bury it);
//! - [`Known`]: what the phases before the play showed (declarations TR-10..TR-12, the
//!   reveal R5-10, R5-13's forced trump, the burial for its burier, the call card);
//!   [`known_for`] reads it from a hand's phase objects;
//! - Tractor's kitty theft (TRO-112): the steals, and each burial the seat made or took
//!   up, as cards among the places they may have reached ([`Known::among`]); every
//!   other burial is sampled by undoing the burials from the sampled hands (`theft.rs`);
//! - Fifty-K: hand sizes, cards played, the leader's 3h (FK-2) and, once the hand is
//!   over, the point cards left in each hand (FK-41, FK-51); a pass shows nothing; after
//!   a tribute what the seat knows of the exchange (FKO-42..FKO-48: the card given, the
//!   exemption, the card returned where it saw it, the giver leading); with several
//!   decks the same (FKO-20..FKO-35: a 3h in the first leader's hand, FKO-24, all n big
//!   jokers with an exempt giver, FKO-45).
//!
//! `Game.sample_world` (Python) builds on the same sampler and also deals the deck again.
//!
//! # The distribution
//!
//! Fifty-K: uniform over the consistent deals (after a tribute, for a seat that did not
//! see the card returned, that card drawn among the unseen ones first). Trick-taking: a constrained random
//! deal, not exactly uniform: the known cards go to their seats first (and a unit that
//! beat each failed throw to a random other seat that may have held it), then every other
//! unseen card, the most constrained first, to a place that the public facts allow,
//! drawn with weight its room left (for cards no fact constrains, that is a uniform
//! deal); the facts a per-card cap cannot express (a tractor held or not, C-31 `full`,
//! the friend) are enforced by rejection: each deal is checked exactly against the history
//! (every play legal, every outcome the same; `check.rs`, held by the tests to agree with a
//! replay of the log) and kept only if it passes. After [`TRIES`] rejected deals (in
//! Fifty-K too), the fallback is a chain of random swaps of two unseen cards from the
//! real deal, each kept only when the world stays consistent; it never returns an
//! inconsistent world.
//!
//! # Whole hands
//!
//! [`sample_world`] (`Game.sample_world`) samples the play the same way (before the play,
//! a constrained random deal of the hidden cards with the declared ones kept), then deals
//! a deck that gives those hands: the seat's own cards (and a kitty it took up) where it
//! received them, the others' at their positions with each declaration or reveal made
//! with cards already received (TR-10..TR-12, R5-10), and the phase objects rebuilt on
//! it; R5-13 and R4-11 (drawn from the seed) are met by the deck's order or the seed.
//! If no such deck is found in [`TRIES`], the sample is the real deal with a seed of
//! its own.

mod assign;
mod check;
mod facts;
mod fifty_k;
mod fifty_k_piles;
mod fifty_k_tribute;
#[cfg(test)]
mod tests;
mod theft;
mod trick;
mod world;

use crate::card::{Card, Counts, NUM_CARDS};

pub use fifty_k::{sample_fifty_k, sample_fk_world, FkWorld};
pub use fifty_k_piles::{sample_piles, sample_piles_world};
pub use trick::{sample_trick_play, sample_trick_world, Known, TrickSampler, TrickWorld, KITTY};
pub use world::{known_for, sample_world, Objects, Real, World};

/// Constrained random deals tried before the fallback.
pub const TRIES: usize = 32;

/// The distinct cards of `counts`, in index order.
fn distinct(counts: &Counts) -> impl Iterator<Item = Card> + '_ {
    (0..NUM_CARDS)
        .filter(|&i| counts.0[i] > 0)
        .map(|i| Card(i as u8))
}
