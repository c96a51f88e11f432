//! `play_hands`: many whole hands between bots in one call, every phase in the core and
//! the GIL released; each hand comes back as its phase objects in their final state.

use fenpai_core::bots::{play_hand, BotKind, Hand, Setup};
use fenpai_core::card::Rank;
use fenpai_core::fifty_k::LeadAfterOut;
use fenpai_core::trick::FollowFormat;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::cards::value_error;
use crate::fifty_k_play::FiftyKPlay;
use crate::phases::{Burial, FriendCall, RedFive4pBidding, RedFive5pDeal, TractorDeal};
use crate::trick_play::TrickPlay;

fn rank(text: &str) -> PyResult<Rank> {
    Rank::parse(text).ok_or_else(|| value_error(format!("level '{text}' is not a rank 2..A")))
}

/// The variant's setup from the options of its phases (as `new_game` checked them).
#[allow(clippy::too_many_arguments)]
fn setup(
    variant: &str,
    levels: Option<(String, String)>,
    dealer: Option<usize>,
    follow_format: &str,
    decks: u8,
    opening_bid: &str,
    prev_declarer: usize,
    friend_grab: &str,
    players: usize,
    lead_after_out: &str,
) -> PyResult<Setup> {
    Ok(match variant {
        "tractor" => Setup::Tractor {
            levels: match levels {
                Some((a, b)) => (rank(&a)?, rank(&b)?),
                None => (Rank::TWO, Rank::TWO),
            },
            dealer,
            follow_format: FollowFormat::parse(follow_format).map_err(value_error)?,
        },
        "red_five_4p" => Setup::RedFive4p {
            decks,
            minimum_opening: opening_bid == "minimum",
        },
        "red_five_5p" => Setup::RedFive5p {
            prev_declarer,
            forbid_grab: friend_grab == "forbid",
        },
        "fifty_k" => Setup::FiftyK {
            players,
            lead_after_out: match lead_after_out {
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

/// Plays the hand of each seed to its end, `bots[seat]` ("random" or "greedy") choosing
/// for each seat, seeded as `fenpai.bots.Bot` seeds them; returns each hand's phase
/// objects in order.
#[pyfunction]
#[pyo3(signature = (variant, seeds, bots, levels = None, dealer = None, follow_format = "pairs", decks = 2, opening_bid = "any", prev_declarer = 0, friend_grab = "allow", players = 4, lead_after_out = "next"))]
#[allow(clippy::too_many_arguments)]
fn play_hands<'py>(
    py: Python<'py>,
    variant: &str,
    seeds: Vec<u64>,
    bots: Vec<String>,
    levels: Option<(String, String)>,
    dealer: Option<usize>,
    follow_format: &str,
    decks: u8,
    opening_bid: &str,
    prev_declarer: usize,
    friend_grab: &str,
    players: usize,
    lead_after_out: &str,
) -> PyResult<Vec<Bound<'py, PyTuple>>> {
    let setup = setup(
        variant,
        levels,
        dealer,
        follow_format,
        decks,
        opening_bid,
        prev_declarer,
        friend_grab,
        players,
        lead_after_out,
    )?;
    let kinds = bots
        .iter()
        .map(|b| {
            BotKind::parse(b)
                .ok_or_else(|| value_error(format!("unknown bot '{b}': expected random or greedy")))
        })
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
