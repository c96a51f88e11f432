//! `Rng`: the engine's seeded generator for Python orchestration (deals, random choices).

use fenpai_core::rng::Rng as CoreRng;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::cards::value_error;

/// A seeded pseudo-random generator; the same seed gives the same numbers everywhere.
#[pyclass(module = "fenpai._core", name = "Rng")]
#[derive(Clone)]
pub struct Rng(CoreRng);

#[pymethods]
impl Rng {
    #[new]
    fn py_new(seed: u64) -> Self {
        Rng(CoreRng::new(seed))
    }

    /// A uniform integer in 0..n.
    fn below(&mut self, n: u64) -> PyResult<u64> {
        if n == 0 {
            return Err(value_error("below(n) needs n > 0"));
        }
        Ok(self.0.below(n))
    }

    /// Shuffles a list in place.
    fn shuffle(&mut self, items: &Bound<'_, PyList>) -> PyResult<()> {
        let mut order: Vec<usize> = (0..items.len()).collect();
        self.0.shuffle(&mut order);
        let old: Vec<Bound<'_, PyAny>> = items.iter().collect();
        for (i, j) in order.into_iter().enumerate() {
            items.set_item(i, &old[j])?;
        }
        Ok(())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rng>()
}
