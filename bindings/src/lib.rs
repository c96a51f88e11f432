//! The `fenpai._core` extension module: conversion and error mapping over fenpai-core.

mod cards;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::register(m)?;
    Ok(())
}
