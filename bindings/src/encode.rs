//! `encode_into` and `encode_fields`: the core's observations written into a caller's
//! numpy `float32` buffer, the GIL released while writing.

use fenpai_core::encode::{self as core, Deal, FriendsFacts, Layout, TrickFacts};
use fenpai_core::trick::Variant;
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::cards::value_error;
use crate::fifty_k_pile::FiftyKPilePlay;
use crate::fifty_k_play::FiftyKPlay;
use crate::phases::{
    Burial, FiftyKTribute, FriendCall, FriendCalls, RedFive4pBidding, RedFive5pDeal, TractorDeal,
};
use crate::trick_play::TrickPlay;

/// The layout of `variant` with `players` seats and `decks` decks (Fifty-K's several
/// decks have their own, FKO-20; `tribute`: Fifty-K's under the option, FKO-40;
/// `kitty_theft`: Tractor's under the option, TRO-112): [(name, offset, size)], in order.
#[pyfunction]
#[pyo3(signature = (variant, players, decks = 1, tribute = false, kitty_theft = false))]
fn encode_fields(
    variant: &str,
    players: usize,
    decks: u8,
    tribute: bool,
    kitty_theft: bool,
) -> PyResult<Vec<(&'static str, usize, usize)>> {
    Ok(layout_of(variant, players, decks, tribute, kitty_theft)
        .map_err(value_error)?
        .fields())
}

/// The layout of `variant`, `players`, `decks`, under Fifty-K's `tribute` or not.
fn layout_of(
    variant: &str,
    players: usize,
    decks: u8,
    tribute: bool,
    theft: bool,
) -> Result<Layout, String> {
    let layout = Layout::with_decks(variant, players, decks)?;
    let layout = if tribute {
        layout.with_tribute()?
    } else {
        layout
    };
    if theft {
        layout.with_theft()
    } else {
        Ok(layout)
    }
}

/// Why `out` is not a buffer for `need` values.
fn bad_out(out: &Bound<'_, PyAny>, need: usize) -> PyResult<PyErr> {
    let wanted = format!("out must be a C-contiguous float32 array of shape ({need},)");
    let given = match out.cast::<PyUntypedArray>() {
        Ok(a) => format!("{} array of shape {:?}", a.dtype(), a.shape()),
        Err(_) => out.get_type().name()?.to_string(),
    };
    Ok(value_error(format!("{wanted}, not a {given}")))
}

/// Type names, for errors about the core objects.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".into(), |n| n.to_string())
}

/// A borrowed deal object of any trick-taking variant.
enum DealRef<'py> {
    Tractor(PyRef<'py, TractorDeal>),
    RedFive4p(PyRef<'py, RedFive4pBidding>),
    RedFive5p(PyRef<'py, RedFive5pDeal>),
}

impl DealRef<'_> {
    fn of<'py>(obj: &Bound<'py, PyAny>) -> PyResult<DealRef<'py>> {
        if let Ok(d) = obj.cast::<TractorDeal>() {
            return Ok(DealRef::Tractor(d.borrow()));
        }
        if let Ok(d) = obj.cast::<RedFive4pBidding>() {
            return Ok(DealRef::RedFive4p(d.borrow()));
        }
        if let Ok(d) = obj.cast::<RedFive5pDeal>() {
            return Ok(DealRef::RedFive5p(d.borrow()));
        }
        Err(value_error(format!(
            "objects['deal'] must be a TractorDeal, RedFive4pBidding or RedFive5pDeal, not {}",
            type_name(obj)
        )))
    }

    fn core(&self) -> Deal<'_> {
        match self {
            DealRef::Tractor(d) => Deal::Tractor(d.core()),
            DealRef::RedFive4p(d) => Deal::RedFive4p(d.core()),
            DealRef::RedFive5p(d) => Deal::RedFive5p(d.core()),
        }
    }
}

/// Borrows the object of phase `key`, which must be a `T`.
fn phase_object<'py, T: pyo3::PyClass>(
    obj: Option<&Bound<'py, PyAny>>,
    key: &str,
    class: &str,
) -> PyResult<Option<PyRef<'py, T>>> {
    obj.map(|o| {
        o.cast::<T>().map(|t| t.borrow()).map_err(|_| {
            value_error(format!(
                "objects['{key}'] must be a {class}, not {}",
                type_name(o)
            ))
        })
    })
    .transpose()
}

/// Writes `seat`'s observation of a hand into `out` (float32, C-contiguous, the layout's
/// length) from the core objects of the hand so far, keyed by phase ("deal", "kitty",
/// "friend", "play"); `over`: the hand is over (it may end outside them: a resignation);
/// `tribute`: a Fifty-K hand under the option `tribute` (FKO-40), its "deal" the
/// tribute (None for the first hand of a match).
#[pyfunction]
#[pyo3(signature = (out, seat, variant, objects, over = false, tribute = false))]
fn encode_into(
    py: Python<'_>,
    out: &Bound<'_, PyAny>,
    seat: usize,
    variant: &str,
    objects: &Bound<'_, PyDict>,
    over: bool,
    tribute: bool,
) -> PyResult<()> {
    if tribute && variant != "fifty_k" {
        return Err(value_error(format!(
            "tribute: only a fifty_k hand has one (FKO-40), not a {variant} hand"
        )));
    }
    let (mut deal, mut kitty, mut friend, mut play) = (None, None, None, None);
    for (key, value) in objects.iter() {
        let slot = match key.cast::<PyString>().map(|k| k.to_string()).as_deref() {
            Ok("deal") => &mut deal,
            Ok("kitty") => &mut kitty,
            Ok("friend") => &mut friend,
            Ok("play") => &mut play,
            _ => {
                return Err(value_error(format!(
                    "unknown core object {}: expected deal, kitty, friend or play",
                    key.repr()?
                )))
            }
        };
        if !value.is_none() {
            *slot = Some(value);
        }
    }
    let kitty = phase_object::<Burial>(kitty.as_ref(), "kitty", "Burial")?;
    let buffer_for = |layout: Layout| -> PyResult<_> {
        let need = layout.len();
        match out.cast::<PyArray1<f32>>() {
            Ok(a) if a.is_c_contiguous() && a.len() == need => a
                .try_readwrite()
                .map_err(|_| value_error("out is not writeable (or already borrowed)")),
            _ => Err(bad_out(out, need)?),
        }
    };
    if variant == "fifty_k" && tribute {
        // FKO-40..FKO-48: one deck's or several decks' layout, then the tribute's fields.
        let gift = phase_object::<FiftyKTribute>(deal.as_ref(), "deal", "FiftyKTribute")?;
        let piles = match &play {
            Some(p) if p.cast::<FiftyKPlay>().is_err() => {
                phase_object::<FiftyKPilePlay>(Some(p), "play", "FiftyKPlay or FiftyKPilePlay")?
            }
            _ => None,
        };
        let one = match piles {
            Some(_) => None,
            None => phase_object::<FiftyKPlay>(play.as_ref(), "play", "FiftyKPlay")?,
        };
        let (n, decks) = match (&one, &piles, &gift) {
            (Some(p), ..) => (p.core().num_players(), 1),
            (_, Some(p), _) => (p.core().num_players(), p.core().hand(0).decks()),
            (.., Some(t)) => (t.core().hands().len(), t.core().decks()),
            (None, None, None) => {
                return Err(value_error(
                    "a fifty_k observation needs objects['deal'] or objects['play']",
                ))
            }
        };
        let layout = layout_of(variant, n, decks, true, false).map_err(value_error)?;
        let mut writable = buffer_for(layout)?;
        let buffer = writable.as_slice_mut().map_err(value_error)?;
        let gift = gift.as_deref().map(|t| t.core());
        if decks > 1 {
            let play = piles.as_deref().map(|p| p.core());
            return py
                .detach(|| core::encode_fifty_k_piles_tribute(gift, play, seat, over, buffer))
                .map_err(value_error);
        }
        let play = one.as_deref().map(|p| p.core());
        return py
            .detach(|| core::encode_fifty_k_tribute(gift, play, seat, over, buffer))
            .map_err(value_error);
    }
    if variant == "fifty_k" {
        let play =
            play.ok_or_else(|| value_error("a fifty_k observation needs objects['play']"))?;
        if let Ok(one) = play.cast::<FiftyKPlay>() {
            let one = one.borrow();
            let play = one.core();
            let layout = Layout::new(variant, play.num_players()).map_err(value_error)?;
            let mut writable = buffer_for(layout)?;
            let buffer = writable.as_slice_mut().map_err(value_error)?;
            return py
                .detach(|| core::encode_fifty_k(play, seat, over, buffer))
                .map_err(value_error);
        }
        // FKO-20: several decks have a layout of their own.
        let piles =
            phase_object::<FiftyKPilePlay>(Some(&play), "play", "FiftyKPlay or FiftyKPilePlay")?
                .expect("given");
        let play = piles.core();
        let layout = Layout::FiftyKPiles(play.num_players(), play.hand(0).decks());
        let mut writable = buffer_for(layout)?;
        let buffer = writable.as_slice_mut().map_err(value_error)?;
        return py
            .detach(|| core::encode_fifty_k_piles(play, seat, over, buffer))
            .map_err(value_error);
    }
    let play = phase_object::<TrickPlay>(play.as_ref(), "play", "TrickPlay")?;
    if variant == "finding_friends" {
        // FF-1..FF-82: a layout of its own per number of players.
        let deal = phase_object::<TractorDeal>(deal.as_ref(), "deal", "TractorDeal")?
            .ok_or_else(|| value_error("a finding_friends observation needs objects['deal']"))?;
        let calls = phase_object::<FriendCalls>(friend.as_ref(), "friend", "FriendCalls")?;
        let facts = FriendsFacts {
            deal: deal.core(),
            kitty: kitty.as_deref().map(|k| k.core()),
            calls: calls.as_deref().map(|c| c.core()),
            play: play.as_deref().map(|p| p.core()),
            over,
        };
        let layout = Layout::new(variant, facts.deal.hands().len()).map_err(value_error)?;
        let mut writable = buffer_for(layout)?;
        let buffer = writable.as_slice_mut().map_err(value_error)?;
        return py
            .detach(|| core::encode_friends(facts, seat, buffer))
            .map_err(value_error);
    }
    let friend = phase_object::<FriendCall>(friend.as_ref(), "friend", "FriendCall")?;
    let v = Variant::parse(variant).map_err(value_error)?;
    let deal = deal.as_ref().map(DealRef::of).transpose()?;
    let facts = TrickFacts {
        deal: deal.as_ref().map(|d| d.core()),
        kitty: kitty.as_deref().map(|k| k.core()),
        friend: friend.as_deref().map(|f| f.core()),
        play: play.as_deref().map(|p| p.core()),
        over,
    };
    let mut writable = buffer_for(core::trick_layout(v, &facts))?;
    let buffer = writable.as_slice_mut().map_err(value_error)?;
    py.detach(|| core::encode_trick(v, facts, seat, buffer))
        .map_err(value_error)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(encode_fields, m)?)?;
    m.add_function(wrap_pyfunction!(encode_into, m)?)
}
