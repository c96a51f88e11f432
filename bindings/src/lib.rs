//! The `fenpai._core` extension module: conversion and error mapping over fenpai-core.

mod cards;
mod trick;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::register(m)?;
    trick::register(m)?;
    Ok(())
}
