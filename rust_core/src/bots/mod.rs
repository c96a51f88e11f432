//! Baseline bots for the play phase: `random` (uniform over legal plays) and `greedy`
//! (rule-based). They see only what their seat may see: their hand and the public record.

pub mod fifty_k;
pub mod hand;
pub mod phases;
pub mod trick;

pub use fifty_k::FkBot;
pub use hand::{play_hand, Hand, Setup};
pub use phases::{Greedy, PhaseBot};
pub use trick::{BotKind, Sides, TrickBot};
