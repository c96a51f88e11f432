//! `play_hands`: many whole hands between bots in one call, every phase in the core and
//! the GIL released; each hand comes back as its phase objects in their final state.

use fenpai_core::bots::hand::MAX_PLAYERS;
use fenpai_core::bots::{played, BotKind, Deal, Phases, Play, Setup, Tribute};
use fenpai_core::bots::{
    DeclarationOrder, DeclarationStrength, FirstDealer, JokerDeclarations, KittyMultiplier,
    KittyTheft, Reinforce, ThrowPenalty, TractorDecks, TractorHouse,
};
use fenpai_core::card::Rank;
use fenpai_core::phases::{fifty_k_check_table, FriendRestriction};
use fenpai_core::trick::{Bombs, DoubleJoin, FollowFormat, FollowProtect, ThrowJudgement};
use pyo3::conversion::FromPyObjectOwned;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use pyo3::IntoPyObjectExt;

use crate::bots::bot_kind;
use crate::cards::value_error;
use crate::fifty_k_pile::FiftyKPilePlay;
use crate::fifty_k_play::{fk_rules, FiftyKPlay};
use crate::phases::{
    Burial, FiftyKTribute, FriendCall, FriendCalls, RedFive4pBidding, RedFive5pDeal, TractorDeal,
};
use crate::trick_play::TrickPlay;

fn rank(text: &str) -> PyResult<Rank> {
    Rank::parse_level(text)
        .ok_or_else(|| value_error(format!("level '{text}' is not a rank 2..A or NT (TRO-92)")))
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

/// TRO-120, TRO-130: Tractor's `decks` and `jokers` (how many decks keep their jokers;
/// None: every deck) as the core's table.
pub(crate) fn tractor_decks(decks: u8, jokers: Option<u8>) -> PyResult<TractorDecks> {
    let kept = jokers.unwrap_or(decks);
    if kept > decks {
        return Err(value_error(format!(
            "option jokers: {kept} decks cannot keep their jokers with decks {decks} (TRO-130)"
        )));
    }
    TractorDecks {
        decks,
        jokerless: decks - kept,
    }
    .check()
    .map_err(value_error)
}

/// FKO-20, FKO-23: Fifty-K's `decks` (1 unless given), checked against its `players`.
fn fifty_k_decks(options: Option<&Bound<'_, PyDict>>) -> PyResult<u8> {
    let decks: u8 = option(options, "decks", 1)?;
    fifty_k_check_table(option(options, "players", 4)?, decks).map_err(value_error)?;
    Ok(decks)
}

/// FKO-40, FKO-43: Fifty-K's `tribute` ("none" or "highest") and, for a hand with a
/// previous one, `tribute_seats` (giver, receiver).
fn fk_tribute(options: Option<&Bound<'_, PyDict>>) -> PyResult<Tribute> {
    let seats: Option<(usize, usize)> = option(options, "tribute_seats", None)?;
    match (
        option::<String>(options, "tribute", "none".into())?.as_str(),
        seats,
    ) {
        ("none", None) => Ok(Tribute::None),
        ("highest", None) => Ok(Tribute::Highest),
        ("highest", Some((giver, receiver))) => Ok(Tribute::Owed { giver, receiver }),
        ("none", Some(_)) => Err(value_error(
            "option tribute_seats is the tribute's (FKO-43): it needs tribute='highest'",
        )),
        (other, _) => Err(value_error(format!(
            "option tribute must be none or highest (FKO-40), not '{other}'"
        ))),
    }
}

/// The variant's setup from the options its phases take (`Game.core_options()`, as
/// `new_game` checked them).
pub(crate) fn setup(variant: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Setup> {
    Ok(match variant {
        "tractor" => {
            let (a, b): (String, String) = option(options, "levels", ("2".into(), "2".into()))?;
            let format: String = option(options, "follow_format", "pairs".into())?;
            let protect: String = option(options, "follow_protect", "none".into())?;
            let penalty: String = option(options, "throw_penalty", "per_attempt".into())?;
            let kitty: String = option(options, "kitty_multiplier", "linear".into())?;
            let judgement: String = option(options, "throw_judgement", "largest_unit".into())?;
            let bombs: String = option(options, "bombs", "none".into())?;
            let first_dealer: String = option(options, "first_dealer", "standing".into())?;
            let order: String = option(options, "declaration_order", "equal".into())?;
            let strength: String = option(
                options,
                "declaration_strength",
                "jokers_or_more_cards".into(),
            )?;
            let jokers: String = option(options, "joker_declarations", "both".into())?;
            let reinforce: String = option(options, "reinforce", "own_card".into())?;
            let theft: String = option(options, "kitty_theft", "none".into())?;
            Setup::Tractor {
                levels: (rank(&a)?, rank(&b)?),
                dealer: option(options, "dealer", None)?,
                follow_format: FollowFormat::parse(&format).map_err(value_error)?,
                table: tractor_decks(
                    option(options, "decks", 2)?,
                    option(options, "jokers", None)?,
                )?,
                house: TractorHouse {
                    follow_protect: FollowProtect::parse(&protect).map_err(value_error)?,
                    throw_penalty: ThrowPenalty::parse(&penalty).map_err(value_error)?,
                    kitty_multiplier: KittyMultiplier::parse(&kitty).map_err(value_error)?,
                    throw_judgement: ThrowJudgement::parse(&judgement).map_err(value_error)?,
                    bombs: Bombs::parse(&bombs).map_err(value_error)?,
                    first_dealer: FirstDealer::parse(&first_dealer).map_err(value_error)?,
                    declaration_order: DeclarationOrder::parse(&order).map_err(value_error)?,
                    declaration_strength: DeclarationStrength::parse(&strength)
                        .map_err(value_error)?,
                    joker_declarations: JokerDeclarations::parse(&jokers).map_err(value_error)?,
                    reinforce: Reinforce::parse(&reinforce).map_err(value_error)?,
                    kitty_theft: KittyTheft::parse(&theft).map_err(value_error)?,
                },
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
            decks: fifty_k_decks(options)?,
            rules: fk_rules(
                &option::<String>(options, "lead_after_out", "next".into())?,
                &option::<String>(options, "pure_fifty_k_order", "suit".into())?,
            )?,
            tribute: fk_tribute(options)?,
        },
        "finding_friends" => {
            let players: usize = option(options, "players", 6)?;
            if !(4..=MAX_PLAYERS).contains(&players) {
                return Err(value_error(format!(
                    "option players must be 4 to 8 (FF-1), not {players}"
                )));
            }
            let named: Vec<String> = option(options, "levels", vec!["2".into(); players])?;
            if named.len() != players {
                return Err(value_error(format!(
                    "option levels must give one level per player, {players}, not {} (FF-4)",
                    named.len()
                )));
            }
            let mut levels = [Rank::TWO; MAX_PLAYERS];
            for (slot, text) in levels.iter_mut().zip(&named) {
                *slot = rank(text)?;
            }
            let restriction: String = option(options, "friend_restrictions", "no_trumps".into())?;
            let double_join: String = option(options, "double_join", "spent".into())?;
            Setup::FindingFriends {
                players,
                decks: option(options, "decks", if players == 4 { 2 } else { 3 })?,
                friends: option(options, "friends", players / 2 - 1)?,
                levels,
                dealer: option(options, "dealer", None)?,
                restriction: FriendRestriction::parse(&restriction).map_err(value_error)?,
                double_join: DoubleJoin::parse(&double_join).map_err(value_error)?,
            }
        }
        other => return Err(value_error(format!("unknown variant '{other}'"))),
    })
}

/// Built-in bots by name, one per seat.
pub(crate) fn bot_kinds(names: &[String]) -> PyResult<Vec<BotKind>> {
    names.iter().map(|b| bot_kind(b)).collect()
}

/// A hand's phase objects so far, in order, as Python classes.
pub(crate) fn objects<'py>(py: Python<'py>, phases: Phases) -> PyResult<Bound<'py, PyTuple>> {
    let (deal, burial, call, calls, play) = phases;
    let mut out: Vec<Bound<'py, PyAny>> = Vec::with_capacity(4);
    if let Some(deal) = deal {
        out.push(match deal {
            Deal::Tractor(d) => TractorDeal::from_core(d).into_bound_py_any(py)?,
            Deal::RedFive4p(d) => RedFive4pBidding::from_core(d).into_bound_py_any(py)?,
            Deal::RedFive5p(d) => RedFive5pDeal::from_core(d).into_bound_py_any(py)?,
            Deal::FiftyKTribute(t, _) => FiftyKTribute::from_core(t).into_bound_py_any(py)?,
        });
    }
    if let Some(burial) = burial {
        out.push(Burial::from_core(burial).into_bound_py_any(py)?);
    }
    if let Some(call) = call {
        out.push(FriendCall::from_core(call).into_bound_py_any(py)?);
    }
    if let Some(calls) = calls {
        out.push(FriendCalls::from_core(calls).into_bound_py_any(py)?);
    }
    if let Some(play) = play {
        out.push(match play {
            Play::Trick(p) => TrickPlay::from_core(p).into_bound_py_any(py)?,
            Play::FiftyK(p) => FiftyKPlay::from_core(p).into_bound_py_any(py)?,
            Play::FiftyKPiles(p) => FiftyKPilePlay::from_core(p).into_bound_py_any(py)?,
        });
    }
    PyTuple::new(py, out)
}

/// Plays the hand of each seed to its end, `bots[seat]` ("random", "greedy", "ismcts" or
/// "ismcts:N") choosing for each seat, seeded as `fenpai.bots.Bot` seeds them; `options`
/// are the ones the variant's phases take. Returns each hand's phase objects in order.
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
    let kinds = bot_kinds(&bots)?;
    let hands = py
        .detach(|| {
            seeds
                .iter()
                .map(|&seed| played(&setup, seed, &kinds))
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(value_error)?;
    hands
        .into_iter()
        .map(|h| objects(py, h.into_phases()))
        .collect()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_hands, m)?)
}
