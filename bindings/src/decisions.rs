//! `DecisionHand`: a hand played through the environments' action space
//! (`fenpai_core::decisions`), the observation and mask written into the caller's
//! arrays, the bots' turns in the core with the GIL released.

use fenpai_core::bots::{BotKind, Setup};
use fenpai_core::decisions::{
    DecisionBatch as CoreBatch, DecisionHand as CoreHand, Space, StepFail,
};
use fenpai_core::phases::parse_action;
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::bots::bot_kind;
use crate::cards::value_error;
use crate::errors::action_error;
use crate::hands::{objects, setup};
use crate::outcomes::{to_dict, Facts};
use crate::phases::action_text;

/// One hand through the action space of `fenpai.envs.decisions`: `seats[seat]` names a
/// built-in bot or is None for a seat played from Python; `fixed` lists the fixed ids'
/// action texts (`fenpai.spaces.table_actions`: Tractor's of its table; for Fifty-K the
/// ids after its play types, the exchange's under its tribute, several decks' added
/// play types, FKO-20, else none).
#[pyclass(module = "fenpai._core", name = "DecisionHand")]
#[derive(Clone)]
pub struct DecisionHand {
    inner: CoreHand,
}

/// A 1-d C-contiguous array's writable slice of exactly `len` items, or a ValueError.
fn checked<'a, T: numpy::Element>(
    out: &'a Bound<'_, PyArray1<T>>,
    len: usize,
    what: &str,
) -> PyResult<numpy::PyReadwriteArray1<'a, T>> {
    if !out.is_c_contiguous() || out.len() != len {
        return Err(value_error(format!(
            "{what} must be a C-contiguous array of {len} items, not of shape {:?}",
            out.shape()
        )));
    }
    out.try_readwrite()
        .map_err(|_| value_error(format!("{what} is not writeable (or already borrowed)")))
}

/// A ValueError unless `seat` is one of `players` seats.
fn check_seat(players: usize, seat: usize) -> PyResult<()> {
    if seat >= players {
        return Err(value_error(format!(
            "no seat {seat}: the seats are 0..{}",
            players - 1
        )));
    }
    Ok(())
}

/// Writes `seat`'s observation of `hand` into the caller's `obs` and its mask into
/// `mask` (checked first), the GIL released.
fn observe_into(
    py: Python<'_>,
    hand: &mut CoreHand,
    seat: usize,
    obs: &Bound<'_, PyArray1<f32>>,
    mask: &Bound<'_, PyArray1<i8>>,
) -> PyResult<()> {
    check_seat(hand.hand().setup().players(), seat)?;
    let mut obs = checked(obs, hand.obs_len(), "obs")?;
    let mut mask = checked(mask, hand.space().size(), "mask")?;
    let (obs, mask) = (obs.as_slice_mut()?, mask.as_slice_mut()?);
    py.detach(|| hand.observe(seat, obs, mask))
        .map_err(value_error)
}

impl DecisionHand {
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        check_seat(self.inner.hand().setup().players(), seat)
    }

    /// Lets the bots act first when `bots`, then writes `seat`'s observation and mask
    /// into fresh arrays, returned as the environments' observation dict (`{"observation": float32, "action_mask": int8}`): no array from Python to
    /// check and borrow, which costs more than the encoding.
    fn write_fresh<'py>(
        &mut self,
        py: Python<'py>,
        bots: bool,
        seat: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        // SAFETY: both arrays are made here, uninitialised, and every item is written
        // (`observe` writes whole slices) before Python can see them; no other
        // reference to them exists while they are written.
        let (obs, mask) = unsafe {
            (
                PyArray1::<f32>::new(py, self.inner.obs_len(), false),
                PyArray1::<i8>::new(py, self.inner.space().size(), false),
            )
        };
        // SAFETY: as above, the arrays are this function's alone.
        let (o, m) = unsafe { (obs.as_slice_mut()?, mask.as_slice_mut()?) };
        self.write_slices(py, bots, seat, o, m)?;
        let out = PyDict::new(py);
        out.set_item(intern!(py, "observation"), obs)?;
        out.set_item(intern!(py, "action_mask"), mask)?;
        Ok(out)
    }

    /// Lets the bots act first when `bots`, then writes `seat`'s observation and mask,
    /// the GIL released.
    fn write_slices(
        &mut self,
        py: Python<'_>,
        bots: bool,
        seat: usize,
        obs: &mut [f32],
        mask: &mut [i8],
    ) -> PyResult<()> {
        let inner = &mut self.inner;
        py.detach(|| {
            if bots {
                inner.play_bots();
            }
            inner.observe(seat, obs, mask)
        })
        .map_err(value_error)
    }
}

#[pymethods]
impl DecisionHand {
    #[new]
    #[pyo3(signature = (variant, seats, fixed, **options))]
    fn py_new(
        variant: &str,
        seats: Vec<Option<String>>,
        fixed: Vec<String>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let (setup, space, kinds) = parts(variant, &seats, &fixed, options)?;
        Ok(DecisionHand {
            inner: CoreHand::new(setup, space, kinds).map_err(value_error)?,
        })
    }

    /// The number of action ids.
    #[getter]
    fn size(&self) -> usize {
        self.inner.space().size()
    }

    /// The number of fixed ids (`F`).
    #[getter]
    fn fixed(&self) -> usize {
        self.inner.space().fixed()
    }

    /// The length of an observation (the encoded view, then the picks card by card).
    #[getter]
    fn obs_size(&self) -> usize {
        self.inner.obs_len()
    }

    /// Deals the hand of `seed` (`deck` and `first_seat` script it as `new_game` takes
    /// them, C-5), the bots seeded from it as `fenpai.bots.Bot` seeds them.
    #[pyo3(signature = (seed, deck = None, first_seat = None))]
    fn reset(&mut self, seed: u64, deck: Option<&str>, first_seat: Option<usize>) -> PyResult<()> {
        self.inner
            .reset(seed, deck, first_seat)
            .map_err(value_error)
    }

    /// The seat to act, None once the hand is over.
    #[pyo3(name = "to_act")]
    fn seat_to_act(&mut self) -> Option<usize> {
        self.inner.to_act()
    }

    /// The copies of each card kind the seat to act has picked so far.
    fn picked(&self) -> Vec<u32> {
        self.inner
            .picked()
            .0
            .iter()
            .map(|&c| u32::from(c))
            .collect()
    }

    /// The bots act (the GIL released) while the seat to act has one.
    fn play_bots(&mut self, py: Python<'_>) {
        let inner = &mut self.inner;
        py.detach(|| inner.play_bots());
    }

    /// Writes `seat`'s observation into `obs` (float32) and its mask into `mask` (int8).
    fn observe(
        &mut self,
        py: Python<'_>,
        seat: usize,
        obs: &Bound<'_, PyArray1<f32>>,
        mask: &Bound<'_, PyArray1<i8>>,
    ) -> PyResult<()> {
        observe_into(py, &mut self.inner, seat, obs, mask)
    }

    /// Writes the mask of the ids `seat` may take now into `out` (int8, zeros when it
    /// may not act).
    fn mask(&mut self, seat: usize, out: &Bound<'_, PyArray1<i8>>) -> PyResult<()> {
        self.check_seat(seat)?;
        let mut out = checked(out, self.inner.space().size(), "out")?;
        self.inner.mask(seat, out.as_slice_mut()?);
        Ok(())
    }

    /// Takes id `action` for `seat`: True once a game action was applied. An id the
    /// mask does not allow raises `IllegalAction` and changes nothing.
    fn step(&mut self, seat: usize, action: usize) -> PyResult<bool> {
        self.inner.step(seat, action).map_err(action_error)
    }

    /// Takes id `action` for `seat` as `step` does, then returns the observation of the
    /// seat to act next (fresh arrays, as `observation` gives them; None once the hand is
    /// over) and that seat: an AEC environment's step and its next observation in one
    /// call.
    fn step_observe<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
        action: usize,
    ) -> PyResult<(Option<Bound<'py, PyDict>>, Option<usize>)> {
        self.inner.step(seat, action).map_err(action_error)?;
        match self.inner.to_act() {
            Some(next) => Ok((Some(self.write_fresh(py, false, next)?), Some(next))),
            None => Ok((None, None)),
        }
    }

    /// Applies action text `action` of `seat` (not through the ids: for replaying a
    /// record); returns its canonical text. `IllegalAction` (or a subclass) changes
    /// nothing.
    fn apply(&mut self, seat: usize, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let parsed = parse_action(&action_text(action)?).map_err(action_error)?;
        self.inner
            .act(seat, &parsed)
            .map(|a| a.to_string())
            .map_err(action_error)
    }

    /// `seat`'s observation and mask in fresh arrays, as the dict
    /// `{"observation": float32, "action_mask": int8}`.
    fn observation<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        self.check_seat(seat)?;
        self.write_fresh(py, false, seat)
    }

    /// One step of a seat against bots: takes id `action` for `seat` (`IllegalAction`,
    /// nothing changed, when the mask does not allow it), lets the bots act, then
    /// returns `seat`'s observation (fresh arrays, as `observation` gives it) and the
    /// seat to act (None once over).
    fn step_seat<'py>(
        &mut self,
        py: Python<'py>,
        seat: usize,
        action: usize,
    ) -> PyResult<(Bound<'py, PyDict>, Option<usize>)> {
        self.check_seat(seat)?;
        self.inner.step(seat, action).map_err(action_error)?;
        let out = self.write_fresh(py, true, seat)?;
        Ok((out, self.inner.to_act()))
    }

    /// The hand's phase objects so far, in order (copies), as `Game.hand_from` takes
    /// them.
    fn objects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        objects(py, self.inner.hand().clone().into_phases())
    }

    /// A copy of this hand, picks and bots included.
    fn clone(&self) -> DecisionHand {
        DecisionHand {
            inner: self.inner.clone(),
        }
    }
}

/// The parts every hand of a batch or a single hand is made from.
fn parts(
    variant: &str,
    seats: &[Option<String>],
    fixed: &[String],
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(Setup, Space, Vec<Option<BotKind>>)> {
    let setup = setup(variant, options)?;
    let space = Space::new(variant, fixed).map_err(value_error)?;
    let kinds = seats
        .iter()
        .map(|s| s.as_deref().map(bot_kind).transpose())
        .collect::<PyResult<Vec<_>>>()?;
    Ok((setup, space, kinds))
}

/// A C-contiguous 2-d array's writable slice of exactly `rows` × `width`, or a ValueError.
fn checked_rows<'a, T: numpy::Element>(
    out: &'a Bound<'_, PyArray2<T>>,
    rows: usize,
    width: usize,
    what: &str,
) -> PyResult<numpy::PyReadwriteArray2<'a, T>> {
    if !out.is_c_contiguous() || out.shape() != [rows, width] {
        return Err(value_error(format!(
            "{what} must be a C-contiguous array of shape ({rows}, {width}), not {:?}",
            out.shape()
        )));
    }
    out.try_readwrite()
        .map_err(|_| value_error(format!("{what} is not writeable (or already borrowed)")))
}

/// `count` hands through the action space of `fenpai.envs.decisions`, stepped together
/// (the GIL released): `seats` and `fixed` as `DecisionHand` takes them.
#[pyclass(module = "fenpai._core", name = "DecisionBatch")]
pub struct DecisionBatch {
    inner: CoreBatch,
    setup: Setup,
}

#[pymethods]
impl DecisionBatch {
    #[new]
    #[pyo3(signature = (variant, seats, fixed, count, **options))]
    fn py_new(
        variant: &str,
        seats: Vec<Option<String>>,
        fixed: Vec<String>,
        count: usize,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let (setup, space, kinds) = parts(variant, &seats, &fixed, options)?;
        let inner = CoreBatch::new(setup, space, kinds, count).map_err(value_error)?;
        Ok(DecisionBatch { inner, setup })
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// The number of action ids.
    #[getter]
    fn size(&self) -> usize {
        self.inner.space().size()
    }

    /// The length of an observation.
    #[getter]
    fn obs_size(&self) -> usize {
        self.inner.obs_len()
    }

    /// Deals hand `i` from `seed` (`deck` and `first_seat` script it as `new_game` takes
    /// them, C-5); its bots act up to its first decision from Python.
    #[pyo3(signature = (i, seed, deck = None, first_seat = None))]
    fn reset(
        &mut self,
        i: usize,
        seed: u64,
        deck: Option<&str>,
        first_seat: Option<usize>,
    ) -> PyResult<()> {
        self.inner
            .reset(i, seed, deck, first_seat)
            .map_err(value_error)
    }

    /// Writes `seat`'s observation of hand `i` into `obs` (float32) and its mask into
    /// `mask` (int8, zeros when it may not act): a finished hand seen by any seat.
    fn observe_hand(
        &mut self,
        py: Python<'_>,
        i: usize,
        seat: usize,
        obs: &Bound<'_, PyArray1<f32>>,
        mask: &Bound<'_, PyArray1<i8>>,
    ) -> PyResult<()> {
        let hand = self
            .inner
            .hand_mut(i)
            .ok_or_else(|| value_error(format!("there is no hand {i}")))?;
        observe_into(py, hand, seat, obs, mask)
    }

    /// The facts of the finished hands `hands`, one row each in that order, as
    /// `play_outcomes` gives them (what `Game.score_facts` scores); ValueError for a
    /// hand that is not over.
    fn outcomes<'py>(
        &mut self,
        py: Python<'py>,
        hands: PyReadonlyArray1<'_, i64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let hands = hands.as_slice()?;
        let mut facts = Facts::default();
        for &i in hands {
            let hand = usize::try_from(i)
                .ok()
                .and_then(|i| self.inner.hand_mut(i))
                .and_then(|h| h.finished())
                .ok_or_else(|| value_error(format!("hand {i} is not a finished hand")))?;
            facts.add(hand);
        }
        to_dict(py, &self.setup, hands.len(), facts)
    }

    /// Takes `actions[i]` (int64; negative: none) for the seat to act of each hand, then
    /// the bots act, the GIL released. `IllegalAction` naming the hand, nothing taken,
    /// when an id is not allowed.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_slice()?;
        let inner = &mut self.inner;
        py.detach(|| inner.step(actions))
            .map_err(|(_, e)| action_error(e))
    }

    /// `step`, then each hand that took an id written into its rows of `seats`, `obs`
    /// and `masks` as `observe_rows` writes it, in the same pass (the hand still in
    /// cache); the other rows left as they are. Nothing taken on an error.
    fn step_observe(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        seats: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let actions = actions.as_slice()?;
        let n = self.inner.len();
        let mut seats = checked(seats, n, "seats")?;
        let (width, size) = (self.inner.obs_len(), self.inner.space().size());
        let mut obs = checked_rows(obs, n, width, "obs")?;
        let mut masks = checked_rows(masks, n, size, "masks")?;
        let (seats, obs, masks) = (
            seats.as_slice_mut()?,
            obs.as_slice_mut()?,
            masks.as_slice_mut()?,
        );
        let inner = &mut self.inner;
        py.detach(|| inner.step_observe(actions, seats, obs, masks))
            .map_err(|e| match e {
                StepFail::Refused(_, e) => action_error(e),
                StepFail::Rows(message) => value_error(message),
            })
    }

    /// Writes each hand's seat to act (−1 once over) into `seats` (int64), its
    /// observation into the rows of `obs` (float32) and its mask into `masks` (int8);
    /// a finished hand shows the view of the seat that acted last, its mask zeros.
    fn observe(
        &mut self,
        py: Python<'_>,
        seats: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        self.observe_some(py, None, seats, obs, masks)
    }

    /// `observe` for the hands of `rows` (int64) alone, into their rows of the whole
    /// batch's arrays, the other rows left as they are.
    fn observe_rows(
        &mut self,
        py: Python<'_>,
        rows: PyReadonlyArray1<'_, i64>,
        seats: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let rows = rows
            .as_slice()?
            .iter()
            .map(|&r| usize::try_from(r).map_err(|_| value_error(format!("there is no hand {r}"))))
            .collect::<PyResult<Vec<_>>>()?;
        self.observe_some(py, Some(&rows), seats, obs, masks)
    }

    /// Hand `i`'s phase objects so far, in order (copies), as `Game.hand_from` takes them.
    fn objects<'py>(&mut self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyTuple>> {
        let hand = self
            .inner
            .hand_mut(i)
            .ok_or_else(|| value_error(format!("there is no hand {i}")))?;
        objects(py, hand.hand().clone().into_phases())
    }
}

impl DecisionBatch {
    /// Checks the arrays (the whole batch's rows), then writes the hands of `rows`
    /// (None: every one), the GIL released.
    fn observe_some(
        &mut self,
        py: Python<'_>,
        rows: Option<&[usize]>,
        seats: &Bound<'_, PyArray1<i64>>,
        obs: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
    ) -> PyResult<()> {
        let n = self.inner.len();
        let mut seats = checked(seats, n, "seats")?;
        let (width, size) = (self.inner.obs_len(), self.inner.space().size());
        let mut obs = checked_rows(obs, n, width, "obs")?;
        let mut masks = checked_rows(masks, n, size, "masks")?;
        let (seats, obs, masks) = (
            seats.as_slice_mut()?,
            obs.as_slice_mut()?,
            masks.as_slice_mut()?,
        );
        let inner = &mut self.inner;
        py.detach(|| match rows {
            None => inner.observe(seats, obs, masks),
            Some(rows) => inner.observe_rows(rows, seats, obs, masks),
        })
        .map_err(value_error)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DecisionHand>()?;
    m.add_class::<DecisionBatch>()
}
