//! `Driver`: the core's batch runner (many whole hands in flight, built-in bots in the
//! core, the GIL released), waiting where a seat is played from Python.

use std::collections::HashMap;

use fenpai_core::bots::driver::{
    Deals, Driver as CoreDriver, Player, Refused, Rows, Script, Step, StepError,
};
use fenpai_core::bots::tactics::NUM_TACTICS;
use fenpai_core::encode::NUM_FEATURES;
use fenpai_core::error::ActionError;
use numpy::{
    PyArray1, PyArray2, PyArray3, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1,
    PyReadwriteArrayDyn, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::bots::bot_kind;
use crate::cards::value_error;
use crate::errors::action_error;
use crate::hands::{objects, setup};
use crate::outcomes::{games_facts, slots_facts};

/// Many hands in slots: `seats[seat]` names a built-in bot ("random", "greedy") or is
/// None for a seat played from Python, which each game waits on when it has a choice.
#[pyclass(module = "fenpai._core", name = "Driver")]
pub struct Driver {
    inner: CoreDriver,
}

/// A refused answer as `IllegalAction` (or the kind the core gave), naming the game
/// and seat.
fn refused(r: Refused) -> PyErr {
    let message = r.to_string();
    action_error(ActionError { message, ..r.error })
}

/// The rows `(slot, seat)` of two arrays of the same length.
fn rows(slots: &[i64], seats: &[i64]) -> PyResult<Vec<(usize, usize)>> {
    if slots.len() != seats.len() {
        return Err(value_error(format!(
            "{} slots but {} seats",
            slots.len(),
            seats.len()
        )));
    }
    slots
        .iter()
        .zip(seats)
        .map(
            |(&slot, &seat)| match (usize::try_from(slot), usize::try_from(seat)) {
                (Ok(a), Ok(b)) => Ok((a, b)),
                _ => Err(value_error(format!("no slot {slot} or seat {seat}"))),
            },
        )
        .collect()
}

/// Slot numbers as indices (ValueError for a negative one).
fn slot_indices(slots: &[i64]) -> PyResult<Vec<usize>> {
    slots
        .iter()
        .map(|&s| usize::try_from(s).map_err(|_| value_error(format!("no slot {s}"))))
        .collect()
}

/// A vector environment's rows, as `Driver.step` takes them: obs (float32, envs ×
/// obs_size), seats, num_legal (int64), mask (bool, envs × width), features (float32,
/// envs × rows × 64), num_features (int64), ids (int64, envs × width), over (bool).
type EnvRows<'py> = (
    PyReadwriteArrayDyn<'py, f32>,
    PyReadwriteArray1<'py, i64>,
    PyReadwriteArray1<'py, i64>,
    PyReadwriteArrayDyn<'py, bool>,
    PyReadwriteArrayDyn<'py, f32>,
    PyReadwriteArray1<'py, i64>,
    PyReadwriteArrayDyn<'py, i64>,
    PyReadwriteArray1<'py, bool>,
);

/// How a vector environment's hands are dealt, as `Driver.step` takes it: the base
/// seed, the hands dealt per env so far (int64, bumped in place) and the scripted deals
/// (one `(deck, first_seat)` or None per env; None: none scripted).
type EnvDeals<'py> = (
    u64,
    PyReadwriteArray1<'py, i64>,
    Option<Vec<Option<Script>>>,
);

/// A step error as Python's: a refused answer as `IllegalAction`, else ValueError.
fn step_error(e: StepError) -> PyErr {
    match e {
        StepError::Refused(r) => refused(r),
        StepError::Deal(message) => value_error(message),
    }
}

/// Runs `f` on the core runner with a step of these arguments, the GIL released.
fn with_step<F>(
    py: Python<'_>,
    inner: &mut CoreDriver,
    learners: &[bool],
    ids: &HashMap<String, i64>,
    deals: EnvDeals<'_>,
    rows: EnvRows<'_>,
    f: F,
) -> PyResult<Vec<usize>>
where
    F: FnOnce(&mut CoreDriver, &mut Step<'_>) -> Result<Vec<usize>, StepError> + Send,
{
    let (base, mut counts, scripts) = deals;
    let (mut obs, mut seats, mut num_legal, mut mask, mut features, mut num_features) =
        (rows.0, rows.1, rows.2, rows.3, rows.4, rows.5);
    let (mut id_rows, mut over) = (rows.6, rows.7);
    let mut step = Step {
        learners,
        deals: Deals {
            base,
            counts: counts.as_slice_mut()?,
            scripts: scripts.as_deref(),
        },
        ids,
        rows: Rows {
            obs: obs.as_slice_mut()?,
            seats: seats.as_slice_mut()?,
            num_legal: num_legal.as_slice_mut()?,
            mask: mask.as_slice_mut()?,
            features: features.as_slice_mut()?,
            num_features: num_features.as_slice_mut()?,
            ids: id_rows.as_slice_mut()?,
            over: over.as_slice_mut()?,
        },
    };
    py.detach(|| f(inner, &mut step)).map_err(step_error)
}

/// Finished games' ids (uint64) and the facts `play_outcomes` gives of them.
type Outcomes<'py> = (Bound<'py, PyArray1<u64>>, Bound<'py, PyDict>);

/// A finished game: id, seed and its phase objects.
type Finished<'py> = (u64, u64, Bound<'py, PyTuple>);

/// A core driver's writer of rows per legal action (`legal_features`, `legal_tactics`).
type WriteRows = fn(&mut CoreDriver, &[usize], usize, &mut [f32]) -> Result<Vec<usize>, String>;

impl Driver {
    /// Writes `width` values per legal action of the games of `slots` into `out` (float32,
    /// C-contiguous, len(slots) × limit × width) as the core's `write` does; returns how
    /// many rows each got, as int64 (the GIL released).
    fn legal_rows<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
        out: &Bound<'py, PyArray3<f32>>,
        width: usize,
        write: WriteRows,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let slots = slot_indices(slots.as_slice()?)?;
        let shape = out.shape().to_vec();
        if !out.is_c_contiguous() || shape[0] != slots.len() || shape[2] != width {
            return Err(value_error(format!(
                "out must be a C-contiguous float32 array of shape ({}, limit, {width}), \
                 not {shape:?}",
                slots.len()
            )));
        }
        let mut writable = out
            .try_readwrite()
            .map_err(|_| value_error("out is not writeable (or already borrowed)"))?;
        let buffer = writable.as_slice_mut()?;
        let inner = &mut self.inner;
        let written = py
            .detach(|| write(inner, &slots, shape[1], buffer))
            .map_err(value_error)?;
        Ok(PyArray1::from_iter(
            py,
            written.into_iter().map(|n| n as i64),
        ))
    }
}

#[pymethods]
impl Driver {
    #[new]
    #[pyo3(signature = (variant, seats, slots, **options))]
    fn py_new(
        variant: &str,
        seats: Vec<Option<String>>,
        slots: usize,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let setup = setup(variant, options)?;
        let players = seats
            .iter()
            .map(|p| match p {
                Some(name) => bot_kind(name).map(Player::Bot),
                None => Ok(Player::External),
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Driver {
            inner: CoreDriver::new(setup, players, slots).map_err(value_error)?,
        })
    }

    /// The number of slots (games in flight at most).
    #[getter]
    fn num_slots(&self) -> usize {
        self.inner.num_slots()
    }

    /// The length of one observation (`fenpai.encoding.fields`).
    #[getter]
    fn obs_size(&self) -> usize {
        self.inner.layout().len()
    }

    /// Games queued and not started yet.
    #[getter]
    fn num_queued(&self) -> usize {
        self.inner.num_queued()
    }

    /// Queues games by id and seed, each started in the first free slot.
    fn queue(&mut self, ids: Vec<u64>, seeds: Vec<u64>) -> PyResult<()> {
        if ids.len() != seeds.len() {
            return Err(value_error(format!(
                "{} ids but {} seeds",
                ids.len(),
                seeds.len()
            )));
        }
        self.inner.queue(ids.into_iter().zip(seeds));
        Ok(())
    }

    /// Starts game `id` of `seed` in `slot`, dropping what was there; `deck` and
    /// `first_seat` script the deal as `new_game` takes them (C-5).
    #[pyo3(signature = (slot, id, seed, deck = None, first_seat = None))]
    fn start(
        &mut self,
        slot: usize,
        id: u64,
        seed: u64,
        deck: Option<&str>,
        first_seat: Option<usize>,
    ) -> PyResult<()> {
        self.inner
            .start(slot, id, seed, (deck, first_seat))
            .map_err(value_error)
    }

    /// Plays every game on (the built-in bots, the GIL released) until it waits on a
    /// Python seat or is over.
    fn advance(&mut self, py: Python<'_>) {
        let inner = &mut self.inner;
        py.detach(|| inner.advance());
    }

    /// The games waiting on a Python seat, in slot order: (slots, ids, seats) as int64,
    /// uint64 and int64 arrays.
    #[allow(clippy::type_complexity)]
    fn waiting<'py>(
        &mut self,
        py: Python<'py>,
    ) -> (
        Bound<'py, PyArray1<i64>>,
        Bound<'py, PyArray1<u64>>,
        Bound<'py, PyArray1<i64>>,
    ) {
        let waiting = self.inner.waiting();
        (
            PyArray1::from_iter(py, waiting.iter().map(|w| w.slot as i64)),
            PyArray1::from_iter(py, waiting.iter().map(|w| w.id)),
            PyArray1::from_iter(py, waiting.iter().map(|w| w.seat as i64)),
        )
    }

    /// The slots whose game is over and not collected yet.
    fn over(&mut self) -> Vec<usize> {
        self.inner.over()
    }

    /// The phase objects of the game in `slot` so far (copies), as `play_hands` gives a
    /// finished hand's; None when the slot is empty.
    fn objects<'py>(&self, py: Python<'py>, slot: usize) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.inner
            .slot(slot)
            .map(|g| objects(py, g.hand.clone().into_phases()))
            .transpose()
    }

    /// The facts of the finished games in `slots`, one row each in that order, as
    /// `play_outcomes` gives them (what `Game.score_facts` scores), with no Python object
    /// per game; ValueError for a slot whose game is not over.
    fn outcomes<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        slots_facts(py, &mut self.inner, slots.as_slice()?)
    }

    /// The id and seed of the game in `slot`, None when it is empty.
    fn game(&self, slot: usize) -> Option<(u64, u64)> {
        self.inner.slot(slot).map(|g| (g.id, g.seed))
    }

    /// Whether no game is under way or queued.
    #[getter]
    fn idle(&mut self) -> bool {
        self.inner.is_idle()
    }

    /// Writes the observation of `seats[i]` in the game of `slots[i]` into row i of
    /// `out` (float32, C-contiguous, at least that many rows of `obs_size`), the GIL
    /// released.
    fn encode(
        &mut self,
        py: Python<'_>,
        slots: PyReadonlyArray1<'_, i64>,
        seats: PyReadonlyArray1<'_, i64>,
        out: &Bound<'_, PyArray2<f32>>,
    ) -> PyResult<()> {
        let rows = rows(slots.as_slice()?, seats.as_slice()?)?;
        let size = self.inner.layout().len();
        let shape = out.shape().to_vec();
        if !out.is_c_contiguous() || shape[1] != size || shape[0] < rows.len() {
            return Err(value_error(format!(
                "out must be a C-contiguous float32 array of at least {} rows of {size}, \
                 not of shape {shape:?}",
                rows.len()
            )));
        }
        let mut writable = out
            .try_readwrite()
            .map_err(|_| value_error("out is not writeable (or already borrowed)"))?;
        let buffer = &mut writable.as_slice_mut()?[..rows.len() * size];
        let inner = &mut self.inner;
        py.detach(|| inner.encode(&rows, buffer))
            .map_err(value_error)
    }

    /// Writes the features (`fenpai.spaces.FEATURES`) of the first legal actions of the
    /// game in each of `slots` (a burial or trick play; none elsewhere) into `out`
    /// (float32, C-contiguous, len(slots) × limit × 64), zeros past them; returns how
    /// many rows each got, as int64 (the GIL released).
    fn legal_features<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
        out: &Bound<'py, PyArray3<f32>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.legal_rows(py, slots, out, NUM_FEATURES, CoreDriver::legal_features)
    }

    /// Writes the tactics (`fenpai.agents.tactics`) of the first legal plays of the game
    /// in each of `slots` (a trick play; none elsewhere) into `out` (float32,
    /// C-contiguous, len(slots) × limit × 8), zeros past them; returns how many rows
    /// each got, as int64 (the GIL released).
    fn legal_tactics<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
        out: &Bound<'py, PyArray3<f32>>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        self.legal_rows(py, slots, out, NUM_TACTICS, CoreDriver::legal_tactics)
    }

    /// Writes the fixed ids (`fenpai.spaces`) of the first legal actions of the game in
    /// each of `slots` (the phases with fixed ids: none in a burial or trick play) into
    /// `out` (int64, C-contiguous, len(slots) × limit), -1 past them; `ids` maps the
    /// action text of the trick-taking variants' fixed actions to their id (a Fifty-K
    /// play's id is 1 + its combination's type). The GIL released.
    fn legal_ids<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
        ids: HashMap<String, i64>,
        out: &Bound<'py, PyArray2<i64>>,
    ) -> PyResult<()> {
        let slots = slot_indices(slots.as_slice()?)?;
        let shape = out.shape().to_vec();
        if !out.is_c_contiguous() || shape[0] != slots.len() {
            return Err(value_error(format!(
                "out must be a C-contiguous int64 array of shape ({}, limit), not {shape:?}",
                slots.len()
            )));
        }
        let mut writable = out
            .try_readwrite()
            .map_err(|_| value_error("out is not writeable (or already borrowed)"))?;
        let buffer = writable.as_slice_mut()?;
        let inner = &mut self.inner;
        py.detach(|| inner.legal_ids(&slots, &ids, shape[1], buffer))
            .map_err(value_error)
    }

    /// The legal index of the `greedy` bot's action for the seat to act in the game of
    /// each slot (from what that seat may see), as int64; -1 where the hand is over.
    fn greedy<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let slots = slot_indices(slots.as_slice()?)?;
        let inner = &mut self.inner;
        let found = py.detach(|| inner.greedy(&slots)).map_err(refused)?;
        Ok(PyArray1::from_vec(py, found))
    }

    /// The number of legal actions in the game of each slot, as int64.
    fn num_legal<'py>(
        &mut self,
        py: Python<'py>,
        slots: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let counts = slots
            .as_slice()?
            .iter()
            .map(|&s| {
                let slot = usize::try_from(s).map_err(|_| value_error(format!("no slot {s}")))?;
                self.inner
                    .num_legal(slot)
                    .map(|n| n as i64)
                    .map_err(refused)
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyArray1::from_vec(py, counts))
    }

    /// The `index`-th legal action (action text) of the seat to act in `slot`'s game;
    /// IllegalAction when it has fewer.
    fn legal_action(&mut self, slot: usize, index: u64) -> PyResult<String> {
        match self.inner.legal_action(slot, index).map_err(refused)? {
            Some(action) => Ok(action.to_string()),
            None => Err(action_error(ActionError::illegal(format!(
                "slot {slot}: there is no legal action {index}"
            )))),
        }
    }

    /// The legal actions (action text) of the seat to act in `slot`'s game, at most `limit`.
    #[pyo3(signature = (slot, limit = None))]
    fn legal_actions(&mut self, slot: usize, limit: Option<usize>) -> PyResult<Vec<String>> {
        self.inner
            .legal_actions(slot, limit.unwrap_or(usize::MAX))
            .map(|actions| actions.iter().map(|a| a.to_string()).collect())
            .map_err(refused)
    }

    /// Applies `actions[i]` (an index into the legal actions) in the game of `slots[i]`;
    /// every answer is checked first, so a refused one (IllegalAction naming the game and
    /// seat) changes nothing.
    fn apply(
        &mut self,
        slots: PyReadonlyArray1<'_, i64>,
        actions: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<()> {
        let (slots, actions) = (slots.as_slice()?, actions.as_slice()?);
        if slots.len() != actions.len() {
            return Err(value_error(format!(
                "{} slots but {} actions",
                slots.len(),
                actions.len()
            )));
        }
        let answers = slots
            .iter()
            .zip(actions)
            .map(|(&s, &a)| {
                let slot = usize::try_from(s).map_err(|_| value_error(format!("no slot {s}")))?;
                Ok((slot, a))
            })
            .collect::<PyResult<Vec<_>>>()?;
        self.inner.apply(&answers).map_err(refused)
    }

    /// Steps a vector environment, env i in slot i (the core's `Driver::step_envs`):
    /// where `restart[i]` env i's next hand is dealt, else `actions[i]` applied (every
    /// answer checked first; `actions` None leaves them as they are), then each env is
    /// played on to a choice of a seat with `learners[seat]` and its rows written into
    /// `rows` (see `EnvRows`), `ids` mapping action text to fixed id for the ids' rows.
    /// Returns the envs waiting on a policy's seat instead (int64), to `resume` once
    /// answered. On `threads` threads (each a run of consecutive envs; the results the
    /// same whatever their number), the GIL released.
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (restart, actions, learners, ids, deals, rows, threads = 1))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        restart: PyReadonlyArray1<'_, bool>,
        actions: Option<PyReadonlyArray1<'_, i64>>,
        learners: Vec<bool>,
        ids: HashMap<String, i64>,
        deals: EnvDeals<'_>,
        rows: EnvRows<'_>,
        threads: usize,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let restart = restart.as_slice()?;
        let actions = actions.as_ref().map(|a| a.as_slice()).transpose()?;
        let pending = with_step(py, &mut self.inner, &learners, &ids, deals, rows, |d, s| {
            d.step_envs(restart, actions, s, threads)
        })?;
        Ok(PyArray1::from_iter(
            py,
            pending.into_iter().map(|e| e as i64),
        ))
    }

    /// Plays on the envs of `pending` (a `step`'s, their policies answered) as `step`
    /// does, with the step's `restart`; returns those still waiting on a policy.
    #[allow(clippy::too_many_arguments)]
    fn resume<'py>(
        &mut self,
        py: Python<'py>,
        pending: PyReadonlyArray1<'_, i64>,
        restart: PyReadonlyArray1<'_, bool>,
        learners: Vec<bool>,
        ids: HashMap<String, i64>,
        deals: EnvDeals<'_>,
        rows: EnvRows<'_>,
    ) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let pending = slot_indices(pending.as_slice()?)?;
        let restart = restart.as_slice()?;
        let still = with_step(py, &mut self.inner, &learners, &ids, deals, rows, |d, s| {
            d.resume_envs(&pending, restart, s)
        })?;
        Ok(PyArray1::from_iter(py, still.into_iter().map(|e| e as i64)))
    }

    /// Collects every finished game as `take_finished` does, as their ids and their
    /// facts (one row each, in the ids' order; what `Game.score_facts` scores), with no
    /// Python object per game.
    fn take_outcomes<'py>(&mut self, py: Python<'py>) -> PyResult<Outcomes<'py>> {
        let mut games = self.inner.take_finished();
        let ids = PyArray1::from_iter(py, games.iter().map(|g| g.id));
        let setup = *self.inner.setup();
        Ok((ids, games_facts(py, &setup, &mut games)?))
    }

    /// Collects every finished game: [(id, seed, phase objects)], the objects as
    /// `play_hands` gives them.
    fn take_finished<'py>(&mut self, py: Python<'py>) -> PyResult<Vec<Finished<'py>>> {
        self.inner
            .take_finished()
            .into_iter()
            .map(|g| Ok((g.id, g.seed, objects(py, g.hand.into_phases())?)))
            .collect()
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GREEDY_SEED", fenpai_core::bots::driver::GREEDY_SEED)?;
    m.add("NUM_TACTICS", NUM_TACTICS)?;
    m.add_class::<Driver>()
}
