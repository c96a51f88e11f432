//! The `fenpai._core` extension module: conversion and error mapping over fenpai-core.

mod cards;
mod fifty_k;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::register(m)?;
    fifty_k::register(m)?;
    Ok(())
}
