//! `Card` objects and conversion of card arguments (a list of cards or card text).

use fenpai_core::card::{self, Card as CoreCard, NUM_CARDS};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyList, PyString};

use crate::errors::malformed;

/// One playing card; copies of a card compare equal (C-2).
#[pyclass(module = "fenpai._core", name = "Card", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card(pub CoreCard);

#[pymethods]
impl Card {
    #[new]
    fn py_new(text: &str) -> PyResult<Self> {
        CoreCard::parse(text.trim()).map(Card).map_err(malformed)
    }

    /// "2".."9", "T", "J", "Q", "K", "A"; "BJ"/"LJ" for jokers.
    #[getter]
    fn rank(&self) -> String {
        match self.0.rank() {
            Some(r) => r.letter().to_string(),
            None => self.0.to_string(),
        }
    }

    /// "s", "h", "c" or "d"; None for a joker.
    #[getter]
    fn suit(&self) -> Option<String> {
        self.0.suit().map(|s| s.letter().to_string())
    }

    /// The card's index 0..53 (suit * 13 + rank, then LJ = 52, BJ = 53).
    #[getter]
    fn index(&self) -> usize {
        self.0.index()
    }

    /// Point value: 5 for a 5, 10 for a T or K (C-3).
    #[getter]
    fn points(&self) -> u32 {
        self.0.points()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (String,))> {
        let cls = py.get_type::<Card>().into_any().unbind();
        Ok((cls, (self.0.to_string(),)))
    }
}

/// A bad configuration or argument that is no action (options, seats of a setup, limits).
pub fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

static INTERNED: PyOnceLock<Vec<Py<Card>>> = PyOnceLock::new();

/// The shared Python object for a card (all 54 are made once).
pub fn card_object(py: Python<'_>, c: CoreCard) -> Py<Card> {
    let table = INTERNED.get_or_init(py, || {
        (0..NUM_CARDS)
            .map(|i| Py::new(py, Card(CoreCard(i as u8))).expect("allocating a Card"))
            .collect()
    });
    table[c.index()].clone_ref(py)
}

/// A Python list of `Card` objects.
pub fn card_list<'py>(py: Python<'py>, cards: &[CoreCard]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, cards.iter().map(|&c| card_object(py, c)))
}

/// Reads a card argument: card text ("5h 5h BJ"), one `Card`, or an iterable of `Card`s or card strings.
pub fn extract_cards(obj: &Bound<'_, PyAny>) -> PyResult<Vec<CoreCard>> {
    let mut out = Vec::new();
    for_each_card(obj, |c| {
        out.push(c);
        Ok(())
    })?;
    Ok(out)
}

/// Calls `f` with each card of a card argument (see [`extract_cards`]), without
/// collecting them; lists are read directly.
pub fn for_each_card(
    obj: &Bound<'_, PyAny>,
    mut f: impl FnMut(CoreCard) -> PyResult<()>,
) -> PyResult<()> {
    if let Ok(text) = obj.cast::<PyString>() {
        for c in card::parse_cards(text.to_str()?).map_err(malformed)? {
            f(c)?;
        }
        return Ok(());
    }
    if let Ok(c) = obj.cast::<Card>() {
        return f(c.get().0);
    }
    if let Ok(list) = obj.cast::<PyList>() {
        for item in list.iter() {
            f(card_of(&item)?)?;
        }
        return Ok(());
    }
    for item in obj.try_iter()? {
        f(card_of(&item?)?)?;
    }
    Ok(())
}

/// One item of a card argument: a `Card` or card text.
fn card_of(item: &Bound<'_, PyAny>) -> PyResult<CoreCard> {
    if let Ok(c) = item.cast_exact::<Card>() {
        Ok(c.get().0)
    } else if let Ok(text) = item.cast::<PyString>() {
        CoreCard::parse(text.to_str()?.trim()).map_err(malformed)
    } else {
        Err(malformed(format!(
            "expected a Card or card text, got {}",
            item.get_type().name()?
        )))
    }
}

/// Parses card text into a list of `Card`s (C-1); MalformedAction names the bad token.
#[pyfunction]
fn cards<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let parsed = extract_cards(text)?;
    card_list(py, &parsed)
}

/// Canonical card text: space-separated, in the given order (C-1).
#[pyfunction]
fn format_cards(cards: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(card::format_cards(&extract_cards(cards)?))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Card>()?;
    m.add_function(wrap_pyfunction!(cards, m)?)?;
    m.add_function(wrap_pyfunction!(format_cards, m)?)?;
    Ok(())
}
