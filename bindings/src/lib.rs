//! The `fenpai._core` extension module: conversion and error mapping over fenpai-core.

mod bots;
mod cards;
mod decisions;
mod driver;
mod encode;
mod errors;
mod fifty_k;
mod fifty_k_pile;
mod fifty_k_play;
mod hands;
mod outcomes;
mod phases;
mod rng;
mod sample;
mod space;
mod trick;
mod trick_play;

use pyo3::prelude::*;

/// The hands' many small allocations (moves, plays, tricks) come from mimalloc: faster
/// than the system allocator and kept close together, which a batch of hundreds of
/// hands stepped in turn needs (their state is out of the cache between steps).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // numpy's array API is loaded now, at import, not by the first array a call makes:
    // loading it runs Python code, where a pending Ctrl-C would surface and panic.
    numpy::PyArray1::<i64>::zeros(m.py(), 0, false);
    cards::register(m)?;
    decisions::register(m)?;
    encode::register(m)?;
    driver::register(m)?;
    bots::register(m)?;
    rng::register(m)?;
    sample::register(m)?;
    phases::register(m)?;
    space::register(m)?;
    trick::register(m)?;
    trick_play::register(m)?;
    fifty_k::register(m)?;
    fifty_k_play::register(m)?;
    fifty_k_pile::register(m)?;
    hands::register(m)?;
    outcomes::register(m)?;
    Ok(())
}
