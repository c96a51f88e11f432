//! `CardSpace`: every multiset of a given size drawn from some cards (a burial, a
//! discard), counted and indexed without listing.

use fenpai_core::card::{format_cards, Card as CoreCard, Counts};
use fenpai_core::multiset::{Items, Space};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::cards::{card_list, extract_cards, value_error};

/// Every `size`-card multiset of `cards`, ordered by the cards' first appearance
/// (earlier cards, and more copies of them, first).
#[pyclass(module = "fenpai._core", name = "CardSpace", frozen)]
pub struct CardSpace {
    space: Space,
}

#[pymethods]
impl CardSpace {
    #[new]
    fn py_new(cards: &Bound<'_, PyAny>, size: usize) -> PyResult<Self> {
        let cards = extract_cards(cards)?;
        let counts = Counts::from_cards(&cards);
        if size > cards.len() {
            return Err(value_error(format!(
                "cannot take {size} cards from {}",
                cards.len()
            )));
        }
        let mut items: Items = Vec::new();
        for c in cards {
            if !items.iter().any(|&(x, _)| x == c) {
                items.push((c, counts.get(c)));
            }
        }
        Ok(CardSpace {
            space: Space::new(Counts::default(), items, size, 0),
        })
    }

    fn __len__(&self) -> usize {
        self.space.count() as usize
    }

    /// How many multisets there are.
    fn count(&self) -> u64 {
        self.space.count()
    }

    /// The `index`-th multiset, in the space's order.
    fn nth<'py>(&self, py: Python<'py>, index: u64) -> PyResult<Bound<'py, PyList>> {
        let counts = self
            .space
            .nth(index)
            .ok_or_else(|| value_error(format!("index {index} is out of range")))?;
        card_list(py, &self.ordered(&counts))
    }

    /// The first `limit` multisets as card text.
    #[pyo3(signature = (limit = None))]
    fn texts(&self, limit: Option<usize>) -> Vec<String> {
        self.space
            .list(limit.unwrap_or(usize::MAX))
            .iter()
            .map(|c| format_cards(&self.ordered(c)))
            .collect()
    }
}

impl CardSpace {
    fn ordered(&self, counts: &Counts) -> Vec<CoreCard> {
        let mut out = Vec::with_capacity(counts.len());
        for card in self.space.item_cards() {
            for _ in 0..counts.get(card) {
                out.push(card);
            }
        }
        out
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CardSpace>()
}
