//! fenpai-core: the rules of Chinese point-card games, with no I/O and no Python.
//!
//! Rule ids (`C-31`, `FK-17`, …) refer to the normative rule files; each function
//! that implements a rule names it.

pub mod bots;
pub mod card;
pub mod decisions;
pub mod encode;
pub mod error;
pub mod fifty_k;
pub mod multiset;
pub mod phases;
pub mod rng;
pub mod sample;
pub mod trick;
