//! `play_hands`: many whole hands between bots in one call, every phase in the core and
//! the GIL released; each hand comes back as its phase objects in their final state.

use fenpai_core::bots::{play_hand, Hand, Setup};
use fenpai_core::card::Rank;
use fenpai_core::fifty_k::LeadAfterOut;
use fenpai_core::trick::FollowFormat;
use pyo3::conversion::FromPyObjectOwned;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::cards::value_error;
use crate::fifty_k_play::FiftyKPlay;
use crate::phases::{Burial, FriendCall, RedFive4pBidding, RedFive5pDeal, TractorDeal};
use crate::trick_play::TrickPlay;

fn rank(text: &str) -> PyResult<Rank> {
    Rank::parse(text).ok_or_else(|| value_error(format!("level '{text}' is not a rank 2..A")))
}

/// One option from `options`, or `default` when it is not given.
fn option<'py, T: FromPyObjectOwned<'py>>(
    options: Option<&Bound<'py, PyDict>>,
    name: &str,
    default: T,
) -> PyResult<T> {
    match options.map(|o| o.get_item(name)).transpose()?.flatten() {
        Some(value) => value
            .extract()
            .map_err(|_| value_error(format!("option {name} has the wrong type"))),
        None => Ok(default),
    }
}

/// The variant's setup from the options its phases take (`Game.core_options()`, as
/// `new_game` checked them).
pub(crate) fn setup(variant: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Setup> {
    Ok(match variant {
        "tractor" => {
            let (a, b): (String, String) = option(options, "levels", ("2".into(), "2".into()))?;
            let format: String = option(options, "follow_format", "pairs".into())?;
            Setup::Tractor {
                levels: (rank(&a)?, rank(&b)?),
                dealer: option(options, "dealer", None)?,
                follow_format: FollowFormat::parse(&format).map_err(value_error)?,
            }
        }
        "red_five_4p" => Setup::RedFive4p {
            decks: option(options, "decks", 2)?,
            minimum_opening: option::<String>(options, "opening_bid", "any".into())? == "minimum",
            kitty_always: option::<String>(options, "kitty_points", "last_trick".into())?
                == "always",
        },
        "red_five_5p" => Setup::RedFive5p {
            prev_declarer: option(options, "prev_declarer", 0)?,
            forbid_grab: option::<String>(options, "friend_grab", "allow".into())? == "forbid",
        },
        "fifty_k" => Setup::FiftyK {
            players: option(options, "players", 4)?,
            lead_after_out: match option::<String>(options, "lead_after_out", "next".into())?
                .as_str()
            {
                "partner" => LeadAfterOut::Partner,
                _ => LeadAfterOut::Next,
            },
        },
        other => return Err(value_error(format!("unknown variant '{other}'"))),
    })
}

fn objects<'py>(py: Python<'py>, hand: Hand) -> PyResult<Bound<'py, PyTuple>> {
    match hand {
        Hand::Tractor(deal, burial, play) => (
            TractorDeal::from_core(deal),
            Burial::from_core(burial),
            TrickPlay::from_core(play),
        )
            .into_pyobject(py),
        Hand::RedFive4p(bidding, burial, play) => (
            RedFive4pBidding::from_core(bidding),
            Burial::from_core(burial),
            TrickPlay::from_core(play),
        )
            .into_pyobject(py),
        Hand::RedFive5p(deal, burial, call, play) => (
            RedFive5pDeal::from_core(deal),
            Burial::from_core(burial),
            FriendCall::from_core(call),
            TrickPlay::from_core(play),
        )
            .into_pyobject(py),
        Hand::FiftyK(play) => (FiftyKPlay::from_core(play),).into_pyobject(py),
    }
}

/// Plays the hand of each seed to its end, `bots[seat]` ("random", "greedy", "ismcts", "ismcts:N") choosing
/// for each seat, seeded as `fenpai.bots.Bot` seeds them; `options` are the ones the
/// variant's phases take. Returns each hand's phase objects in order.
#[pyfunction]
#[pyo3(signature = (variant, seeds, bots, **options))]
fn play_hands<'py>(
    py: Python<'py>,
    variant: &str,
    seeds: Vec<u64>,
    bots: Vec<String>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let setup = setup(variant, options)?;
    let kinds = bots
        .iter()
        .map(|b| crate::bots::bot_kind(b))
        .collect::<PyResult<Vec<_>>>()?;
    let hands = py
        .detach(|| {
            seeds
                .iter()
                .map(|&seed| play_hand(&setup, seed, &kinds))
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(value_error)?;
    hands.into_iter().map(|h| objects(py, h)).collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_hands, m)?)
}
