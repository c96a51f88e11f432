//! `TrickBot`: the core's play-phase bots, and playing a hand out with the GIL released.

use fenpai_core::bots::{BotKind, Sides, TrickBot as CoreBot};
use fenpai_core::error::ActionError;
use pyo3::prelude::*;

use crate::cards::value_error;
use crate::errors::action_error;
use crate::trick_play::TrickPlay;

/// A play-phase bot ("random" or "greedy") with its own seeded generator.
#[pyclass(module = "fenpai._core", name = "TrickBot")]
#[derive(Clone)]
pub struct TrickBot {
    inner: CoreBot,
}

/// Reads who plays with whom: "partners", "alone" (declarer alone) or "friend".
pub fn sides(name: &str, declarer: Option<usize>) -> PyResult<Sides> {
    let need = || value_error(format!("sides '{name}' needs the declarer's seat"));
    match name {
        "partners" => Ok(Sides::Partners),
        "alone" => Ok(Sides::Alone(declarer.ok_or_else(need)?)),
        "friend" => Ok(Sides::Friend(declarer.ok_or_else(need)?)),
        _ => Err(value_error(format!(
            "sides '{name}' is not one of partners, alone, friend"
        ))),
    }
}

#[pymethods]
impl TrickBot {
    #[new]
    fn py_new(kind: &str, seed: u64) -> PyResult<Self> {
        let kind = BotKind::parse(kind).ok_or_else(|| {
            value_error(format!("unknown bot '{kind}': expected random or greedy"))
        })?;
        Ok(TrickBot {
            inner: CoreBot::new(kind, seed),
        })
    }

    /// The action this bot takes now for the seat to act (`play CARDS`).
    #[pyo3(signature = (play, sides_name = "partners", declarer = None))]
    fn choose(
        &mut self,
        py: Python<'_>,
        play: &mut TrickPlay,
        sides_name: &str,
        declarer: Option<usize>,
    ) -> PyResult<String> {
        let sides = sides(sides_name, declarer)?;
        let (bot, state) = (&mut self.inner, play.core_mut());
        let chosen = py.detach(|| bot.choose(state, sides)).ok_or_else(|| {
            action_error(ActionError::game_over(
                "nobody is to play: the hand is over",
            ))
        })?;
        Ok(play.core_mut().play_action(&chosen).to_string())
    }
}

impl TrickBot {
    pub fn core(&self) -> &CoreBot {
        &self.inner
    }

    pub fn set_core(&mut self, bot: CoreBot) {
        self.inner = bot;
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TrickBot>()
}
