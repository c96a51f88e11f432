//! `sample_world`: a hand sampled for one seat (`Game.sample_world`), in the core with
//! the GIL released; the sample comes back as its deck, first seat, seed and phase objects.

use fenpai_core::card::{format_cards, Card};
use fenpai_core::sample::{sample_world as core_sample, Objects, Real};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use pyo3::PyClass;

use crate::cards::{extract_cards, value_error};
use crate::fifty_k_play::FiftyKPlay;
use crate::hands::setup;
use crate::phases::{
    Burial, FriendCall, FriendCalls, RedFive4pBidding, RedFive5pDeal, TractorDeal,
};
use crate::trick_play::TrickPlay;

/// The `i`-th phase object, if the hand has reached it, as `T`.
fn object<'py, T: PyClass>(
    items: &[Bound<'py, PyAny>],
    i: usize,
) -> PyResult<Option<PyRef<'py, T>>> {
    items
        .get(i)
        .map(|o| {
            o.cast::<T>()
                .map_err(|_| value_error(format!("phase object {i} is not a {}", T::NAME)))?
                .try_borrow()
                .map_err(|e| value_error(e.to_string()))
        })
        .transpose()
}

fn opening<'py, T: PyClass>(items: &[Bound<'py, PyAny>]) -> PyResult<PyRef<'py, T>> {
    object(items, 0)?.ok_or_else(|| value_error("a hand has its first phase object"))
}

/// The sampled hand's phase objects, as `Game` holds them (those the hand has reached).
fn objects_tuple(py: Python<'_>, objects: Objects) -> PyResult<Bound<'_, PyTuple>> {
    let mut out: Vec<Bound<'_, PyAny>> = Vec::new();
    let (burial, play) = match objects {
        Objects::Tractor(d, b, p) => {
            out.push(TractorDeal::from_core(d).into_pyobject(py)?.into_any());
            (b, p)
        }
        Objects::RedFive4p(d, b, p) => {
            out.push(RedFive4pBidding::from_core(d).into_pyobject(py)?.into_any());
            (b, p)
        }
        Objects::RedFive5p(d, b, f, p) => {
            out.push(RedFive5pDeal::from_core(d).into_pyobject(py)?.into_any());
            if let Some(b) = b {
                out.push(Burial::from_core(b).into_pyobject(py)?.into_any());
            }
            if let Some(f) = f {
                out.push(FriendCall::from_core(f).into_pyobject(py)?.into_any());
            }
            (None, p)
        }
        Objects::FiftyK(p) => {
            out.push(FiftyKPlay::from_core(p).into_pyobject(py)?.into_any());
            (None, None)
        }
        Objects::FindingFriends(d, b, c, p) => {
            out.push(TractorDeal::from_core(d).into_pyobject(py)?.into_any());
            if let Some(b) = b {
                out.push(Burial::from_core(b).into_pyobject(py)?.into_any());
            }
            if let Some(c) = c {
                out.push(FriendCalls::from_core(c).into_pyobject(py)?.into_any());
            }
            (None, p)
        }
    };
    if let Some(b) = burial {
        out.push(Burial::from_core(b).into_pyobject(py)?.into_any());
    }
    if let Some(p) = play {
        out.push(TrickPlay::from_core(p).into_pyobject(py)?.into_any());
    }
    PyTuple::new(py, out)
}

/// Calls `f` with the real hand of `variant` whose phase objects so far are `items`
/// (borrowed for the call); `first` and `received` are the seat of the first card and
/// the seat's cards in the order dealt, where the first phase object does not keep them.
pub(crate) fn with_real<R>(
    variant: &str,
    items: &[Bound<'_, PyAny>],
    first: usize,
    received: Option<&[Card]>,
    f: impl FnOnce(&Real) -> R,
) -> PyResult<R> {
    Ok(match variant {
        "tractor" => {
            let (d, b, p) = (
                opening::<TractorDeal>(items)?,
                object::<Burial>(items, 1)?,
                object::<TrickPlay>(items, 2)?,
            );
            f(&Real::Tractor(
                d.core(),
                b.as_deref().map(Burial::core),
                p.as_deref().map(TrickPlay::core),
            ))
        }
        "red_five_4p" => {
            let (d, b, p) = (
                opening::<RedFive4pBidding>(items)?,
                object::<Burial>(items, 1)?,
                object::<TrickPlay>(items, 2)?,
            );
            f(&Real::RedFive4p(
                d.core(),
                first,
                b.as_deref().map(Burial::core),
                p.as_deref().map(TrickPlay::core),
            ))
        }
        "red_five_5p" => {
            let d = opening::<RedFive5pDeal>(items)?;
            let (b, c, p) = (
                object::<Burial>(items, 1)?,
                object::<FriendCall>(items, 2)?,
                object::<TrickPlay>(items, 3)?,
            );
            f(&Real::RedFive5p(
                d.core(),
                b.as_deref().map(Burial::core),
                c.as_deref().map(FriendCall::core),
                p.as_deref().map(TrickPlay::core),
            ))
        }
        "finding_friends" => {
            let d = opening::<TractorDeal>(items)?;
            let (b, c, p) = (
                object::<Burial>(items, 1)?,
                object::<FriendCalls>(items, 2)?,
                object::<TrickPlay>(items, 3)?,
            );
            f(&Real::FindingFriends(
                d.core(),
                b.as_deref().map(Burial::core),
                c.as_deref().map(FriendCalls::core),
                p.as_deref().map(TrickPlay::core),
            ))
        }
        "fifty_k" => f(&Real::FiftyK(
            opening::<FiftyKPlay>(items)?.core(),
            first,
            received,
        )),
        other => return Err(value_error(format!("unknown variant '{other}'"))),
    })
}

/// A hand `seat` cannot tell from the real one (`objects`: the real hand's phase objects
/// so far; `over`: the hand was abandoned; `first_seat`, `received`: the seat of the
/// first card and `seat`'s cards in the order dealt, where the first phase object does
/// not keep the deck). Returns (deck text, first seat, seed, the
/// sample's phase objects): the game `new_game(variant, seed, deck, first_seat)` with the
/// history applied.
#[pyfunction]
#[pyo3(signature = (variant, objects, seat, seed, over = false, first_seat = None, received = None, **options))]
#[allow(clippy::too_many_arguments)]
fn sample_world<'py>(
    py: Python<'py>,
    variant: &str,
    objects: &Bound<'py, PyAny>,
    seat: usize,
    seed: u64,
    over: bool,
    first_seat: Option<usize>,
    received: Option<&Bound<'py, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<(String, usize, u64, Bound<'py, PyTuple>)> {
    let setup = setup(variant, options)?;
    let items: Vec<Bound<'py, PyAny>> = objects.try_iter()?.collect::<PyResult<_>>()?;
    let first = first_seat.unwrap_or(0);
    let received = received.map(extract_cards).transpose()?;
    let world = with_real(variant, &items, first, received.as_deref(), |real| {
        py.detach(|| core_sample(real, &setup, seat, over, seed))
    })?;
    let deck = format_cards(&world.deck);
    Ok((
        deck,
        world.first_seat,
        world.seed,
        objects_tuple(py, world.objects)?,
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sample_world, m)?)
}
