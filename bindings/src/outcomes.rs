//! `fifty_k_outcomes`: many whole Fifty-K hands between bots in one call, the GIL
//! released, coming back as the facts their scoring reads (FK-41..FK-43, FK-51..FK-53)
//! in numpy arrays, one row per hand: no Python object per hand, so that Python's share
//! of a simulation, which holds the GIL, stays small beside the core's.

use fenpai_core::bots::{play_hand, BotKind, Hand, Setup};
use fenpai_core::fifty_k::LeadAfterOut;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::cards::value_error;

/// A hand's facts, flattened into the arrays' rows.
#[derive(Default)]
struct Facts {
    collected: Vec<i64>,
    finish_order: Vec<i64>,
    hand_points_left: Vec<i64>,
    actions: Vec<i64>,
}

/// Seats out, in order, per row (FK-40: at most three; FK-50: two), -1 after the last.
const ORDER_WIDTH: usize = 3;

/// Plays the Fifty-K hand of each seed to its end, `bots[seat]` ("random" or "greedy")
/// choosing for each seat, seeded as `fenpai.bots.Bot` seeds them (the hands
/// `play_hands` gives). Returns a dict of int64 arrays: "collected" and
/// "hand_points_left" (hands x seats), "finish_order" (hands x 3, -1 padded) and
/// "actions" (hands).
#[pyfunction]
#[pyo3(signature = (seeds, bots, players = 4, lead_after_out = "next"))]
fn fifty_k_outcomes<'py>(
    py: Python<'py>,
    seeds: Vec<u64>,
    bots: Vec<String>,
    players: usize,
    lead_after_out: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let lead_after_out = match lead_after_out {
        "next" => LeadAfterOut::Next,
        "partner" => LeadAfterOut::Partner,
        other => {
            return Err(value_error(format!(
                "lead_after_out must be 'next' or 'partner', not '{other}'"
            )))
        }
    };
    let setup = Setup::FiftyK {
        players,
        lead_after_out,
    };
    let kinds = bots
        .iter()
        .map(|b| {
            BotKind::parse(b)
                .ok_or_else(|| value_error(format!("unknown bot '{b}': expected random or greedy")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let facts = py
        .detach(|| {
            let mut facts = Facts::default();
            for &seed in &seeds {
                let Hand::FiftyK(play) = play_hand(&setup, seed, &kinds)? else {
                    unreachable!("a Fifty-K setup plays a Fifty-K hand")
                };
                facts
                    .collected
                    .extend(play.collected().iter().map(|&p| p as i64));
                let out = play.finished();
                facts
                    .finish_order
                    .extend((0..ORDER_WIDTH).map(|i| out.get(i).map_or(-1, |&seat| seat as i64)));
                facts
                    .hand_points_left
                    .extend(play.hand_points().into_iter().map(i64::from));
                facts.actions.push(play.log().len() as i64);
            }
            Ok::<Facts, String>(facts)
        })
        .map_err(value_error)?;
    let hands = seeds.len();
    let table =
        |values: Vec<i64>, width: usize| PyArray1::from_vec(py, values).reshape([hands, width]);
    let out = PyDict::new(py);
    out.set_item("collected", table(facts.collected, players)?)?;
    out.set_item("finish_order", table(facts.finish_order, ORDER_WIDTH)?)?;
    out.set_item("hand_points_left", table(facts.hand_points_left, players)?)?;
    out.set_item("actions", PyArray1::from_vec(py, facts.actions))?;
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(fifty_k_outcomes, m)?)
}
