//! `TrickBot`: the core's play-phase bots, and what a seat knows when the play starts
//! (from the phase objects before it), for the `ismcts` search.

use fenpai_core::bots::{Before, BotKind, PlayInfo, Sides, TrickBot as CoreBot};
use fenpai_core::error::ActionError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::cards::value_error;
use crate::errors::action_error;
use crate::phases::{Burial, FriendCall, RedFive4pBidding, RedFive5pDeal, TractorDeal};
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

/// What each of `n` seats knows when the play starts: from `before`, the finished phase
/// objects before the play ((TractorDeal, Burial), (RedFive4pBidding, Burial) or
/// (RedFive5pDeal, Burial, FriendCall)); without them only who plays with whom.
pub fn play_infos(
    before: Option<&Bound<'_, PyTuple>>,
    kitty_always: bool,
    sides: Sides,
    n: usize,
) -> PyResult<Vec<PlayInfo>> {
    let Some(before) = before else {
        return Ok(vec![PlayInfo::sides_only(sides); n]);
    };
    let bad = || {
        value_error(
            "before must be (TractorDeal, Burial), (RedFive4pBidding, Burial) or \
             (RedFive5pDeal, Burial, FriendCall), each finished",
        )
    };
    let items: Vec<Bound<'_, PyAny>> = before.iter().collect();
    let burial = items
        .get(1)
        .ok_or_else(bad)?
        .cast::<Burial>()
        .map_err(|_| bad())?
        .borrow();
    let first = &items[0];
    let infos = |b: Before<'_>| -> PyResult<Vec<PlayInfo>> {
        (0..n)
            .map(|seat| PlayInfo::new(b, seat).map_err(value_error))
            .collect()
    };
    if let (Ok(deal), 2) = (first.cast::<TractorDeal>(), items.len()) {
        return infos(Before::Tractor(deal.borrow().core(), burial.core()));
    }
    if let (Ok(bidding), 2) = (first.cast::<RedFive4pBidding>(), items.len()) {
        let bidding = bidding.borrow();
        return infos(Before::RedFive4p(
            bidding.core(),
            burial.core(),
            kitty_always,
        ));
    }
    if let (Ok(deal), 3) = (first.cast::<RedFive5pDeal>(), items.len()) {
        let call = items[2].cast::<FriendCall>().map_err(|_| bad())?.borrow();
        return infos(Before::RedFive5p(
            deal.borrow().core(),
            burial.core(),
            call.core(),
        ));
    }
    Err(bad())
}

/// The ismcts bot cannot play without `before`: say so.
pub fn check_informed(bots: &[CoreBot], informed: bool) -> PyResult<()> {
    if !informed && bots.iter().any(|b| matches!(b.kind, BotKind::Ismcts(_))) {
        return Err(value_error(
            "the ismcts bot searches what its seat knows of the phases before the play: \
             pass before=(the phase objects before the play)",
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

    /// The action this bot takes now for the seat to act (`play CARDS`); `before` is
    /// the phase objects before the play (needed by `ismcts`), `kitty_always` the Red
    /// Five 4p option `kitty_points = always`. The search runs with the GIL released.
    #[pyo3(signature = (play, sides_name = "partners", declarer = None, before = None, kitty_always = false))]
    fn choose(
        &mut self,
        py: Python<'_>,
        play: &mut TrickPlay,
        sides_name: &str,
        declarer: Option<usize>,
        before: Option<&Bound<'_, PyTuple>>,
        kitty_always: bool,
    ) -> PyResult<String> {
        let sides = sides(sides_name, declarer)?;
        check_informed(std::slice::from_ref(&self.inner), before.is_some())?;
        let n = play.core().num_players();
        let over = || {
            action_error(ActionError::game_over(
                "nobody is to play: the hand is over",
            ))
        };
        let seat = play.core().to_act().ok_or_else(over)?;
        let info = play_infos(before, kitty_always, sides, n)?.swap_remove(seat);
        let (bot, state) = (&mut self.inner, play.core_mut());
        let chosen = py.detach(|| bot.choose(state, &info)).ok_or_else(over)?;
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
