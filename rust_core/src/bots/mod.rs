//! The bots of every phase: `random` (uniform over legal actions), `greedy`
//! (rule-based) and `ismcts` (determinized search over sampled worlds, with a budget
//! of simulations per decision). They see only what their seat may see: their hand,
//! their own burial and the public record. Whole hands between them ([`hand`]), and the
//! batch runner that plays many hands with some seats played outside the core
//! ([`driver`]).

pub mod driver;
pub mod fifty_k;
pub mod hand;
pub mod ismcts;
pub mod ismcts_fifty_k;
pub mod ismcts_phases;
pub mod ismcts_piles;
pub mod ismcts_trick;
pub mod phases;
pub mod play_info;
pub mod tactics;
pub mod trick;

pub use crate::phases::{
    DeclarationOrder, DeclarationStrength, FirstDealer, JokerDeclarations, KittyMultiplier,
    KittyTheft, Reinforce, ThrowPenalty, TractorDecks, TractorHouse,
};
pub use fifty_k::FkBot;
pub use hand::{
    play_hand, played, Deal, Hand, HandRef, HandState, Phases, Play, SeatBots, Setup, Stage,
    Tribute,
};
pub use ismcts_phases::Searched;
pub use ismcts_trick::TrickGoal;
pub use phases::{Greedy, PhaseBot};
pub use play_info::PlayInfo;
pub use trick::{Sides, TrickBot};

/// Which bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
    /// Search with this many simulations per decision (None: the default of the game,
    /// [`ismcts::DEFAULT_SIMULATIONS`] or [`ismcts::DEFAULT_FIFTY_K_SIMULATIONS`]).
    Ismcts(Option<u32>),
}

/// The bot names, as `BotKind::parse` reads them.
pub const NAMES: [&str; 3] = ["random", "greedy", "ismcts"];

impl BotKind {
    /// Reads `random`, `greedy`, `ismcts` (the default budget) or `ismcts:N` (N
    /// simulations per decision); the error says what is wrong.
    pub fn parse(name: &str) -> Result<BotKind, String> {
        match name.split_once(':') {
            None => match name {
                "random" => Ok(BotKind::Random),
                "greedy" => Ok(BotKind::Greedy),
                "ismcts" => Ok(BotKind::Ismcts(None)),
                _ => Err(unknown(name)),
            },
            Some(("ismcts", budget)) => {
                ismcts::parse_budget(budget).map(|n| BotKind::Ismcts(Some(n)))
            }
            Some(_) => Err(unknown(name)),
        }
    }

    /// The canonical name.
    pub fn name(self) -> String {
        match self {
            BotKind::Random => "random".into(),
            BotKind::Greedy => "greedy".into(),
            BotKind::Ismcts(None) => "ismcts".into(),
            BotKind::Ismcts(Some(n)) => format!("ismcts:{n}"),
        }
    }
}

fn unknown(name: &str) -> String {
    format!(
        "unknown bot '{name}': expected random, greedy, ismcts or ismcts:N (N simulations \
         per decision)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_names_parse_with_a_budget() {
        assert_eq!(BotKind::parse("greedy"), Ok(BotKind::Greedy));
        assert_eq!(BotKind::parse("ismcts"), Ok(BotKind::Ismcts(None)));
        assert_eq!(BotKind::parse("ismcts:200"), Ok(BotKind::Ismcts(Some(200))));
        assert_eq!(BotKind::parse("ismcts:200").unwrap().name(), "ismcts:200");
        assert!(BotKind::parse("ismcts:0").unwrap_err().contains("budget"));
        assert!(BotKind::parse("greedy:3")
            .unwrap_err()
            .contains("unknown bot"));
        assert!(BotKind::parse("mcts").unwrap_err().contains("unknown bot"));
    }
}
