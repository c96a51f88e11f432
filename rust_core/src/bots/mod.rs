//! Baseline bots for every phase: `random` (uniform over legal actions) and `greedy`
//! (rule-based). They see only what their seat may see: their hand and the public record.
//! Whole hands between them ([`hand`]), and the batch runner that plays many hands with
//! some seats played outside the core ([`driver`]).

pub mod driver;
pub mod fifty_k;
pub mod hand;
pub mod phases;
pub mod trick;

pub use fifty_k::FkBot;
pub use hand::{play_hand, played, Deal, Hand, HandState, Phases, Play, SeatBots, Setup};
pub use phases::{Greedy, PhaseBot};
pub use trick::{BotKind, Sides, TrickBot};
