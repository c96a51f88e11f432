//! `TrickBot`: the core's play-phase bots, and what a seat knows when the play starts
//! (from the phase objects before it), for the `ismcts` search.

use fenpai_core::bots::{BotKind, PlayInfo, Sides, TrickBot as CoreBot};
use fenpai_core::error::ActionError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::cards::value_error;
use crate::errors::action_error;
use crate::hands::setup;
use crate::sample::with_real;
use crate::trick_play::TrickPlay;

/// A play-phase bot ("random", "greedy", "ismcts" or "ismcts:N") with its own seeded
/// generator.
#[pyclass(module = "fenpai._core", name = "TrickBot")]
#[derive(Clone)]
pub struct TrickBot {
    inner: CoreBot,
}

/// Reads a bot name ("random", "greedy", "ismcts", "ismcts:N"); a bad one is a ValueError
/// that says what is wrong.
pub fn bot_kind(name: &str) -> PyResult<BotKind> {
    BotKind::parse(name).map_err(value_error)
}

/// Reads who plays with whom: "partners", "alone" (declarer alone), "friend" (Red Five
/// 5p) or "friends" (Finding Friends: the side its play reveals, FF-31..FF-33).
pub fn sides(name: &str, declarer: Option<usize>) -> PyResult<Sides> {
    let need = || value_error(format!("sides '{name}' needs the declarer's seat"));
    match name {
        "partners" => Ok(Sides::Partners),
        "alone" => Ok(Sides::Alone(declarer.ok_or_else(need)?)),
        "friend" => Ok(Sides::Friend(declarer.ok_or_else(need)?)),
        "friends" => Ok(Sides::Friends),
        _ => Err(value_error(format!(
            "sides '{name}' is not one of partners, alone, friend, friends"
        ))),
    }
}

/// Calls `f` with what the play's bots are told: who plays with whom, and with
/// `before` (the phase objects before the play, of `variant` set up with `options`) what
/// the search reads each seat's knowledge from.
pub fn with_info<R>(
    sides: Sides,
    variant: Option<&str>,
    before: Option<&Bound<'_, PyTuple>>,
    options: Option<&Bound<'_, PyDict>>,
    f: impl FnOnce(&PlayInfo) -> R,
) -> PyResult<R> {
    let Some(before) = before else {
        return Ok(f(&PlayInfo::Sides(sides)));
    };
    let variant = variant.ok_or_else(|| value_error("before needs the variant"))?;
    let setup = setup(variant, options)?;
    let items: Vec<Bound<'_, PyAny>> = before.iter().collect();
    // The seat of the first card does not change what a seat knows in the play.
    with_real(variant, &items, 0, None, |real| {
        f(&PlayInfo::Hand {
            before: *real,
            setup: &setup,
        })
    })
}

/// The ismcts bot cannot play without `before`: say so.
pub fn check_informed(bots: &[CoreBot], informed: bool) -> PyResult<()> {
    if !informed && bots.iter().any(|b| matches!(b.kind, BotKind::Ismcts(_))) {
        return Err(value_error(
            "the ismcts bot searches what its seat knows of the phases before the play: \
             pass the variant and before=(the phase objects before the play)",
        ));
    }
    Ok(())
}

#[pymethods]
impl TrickBot {
    #[new]
    fn py_new(kind: &str, seed: u64) -> PyResult<Self> {
        Ok(TrickBot {
            inner: CoreBot::new(bot_kind(kind)?, seed),
        })
    }

    /// The action this bot takes now for the seat to act (`play CARDS`); `variant`,
    /// `before` (the phase objects before the play) and `options` (the variant's, as
    /// `play_hands` takes them) are what `ismcts` needs. The search runs with the GIL
    /// released.
    #[pyo3(signature = (play, sides_name = "partners", declarer = None, variant = None, before = None, **options))]
    #[allow(clippy::too_many_arguments)]
    fn choose(
        &mut self,
        py: Python<'_>,
        play: &mut TrickPlay,
        sides_name: &str,
        declarer: Option<usize>,
        variant: Option<&str>,
        before: Option<&Bound<'_, PyTuple>>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<String> {
        let sides = sides(sides_name, declarer)?;
        check_informed(std::slice::from_ref(&self.inner), before.is_some())?;
        let (bot, state) = (&mut self.inner, play.core_mut());
        let chosen = with_info(sides, variant, before, options, |info| {
            py.detach(|| bot.choose(state, info))
        })?
        .ok_or_else(|| {
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
