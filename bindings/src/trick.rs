//! `TrickRules`, `Format` and `ThrowCheck`: the trick-taking core for Python.

use fenpai_core::card::{Counts, Rank, Suit};
use fenpai_core::trick::{self as core, Component, OptionValue, Options, Variant, TRUMP};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use crate::cards::{card_list, extract_cards, value_error};

/// The stateless trick-taking rules of one hand (common rules C-10..C-51).
#[pyclass(module = "fenpai._core", name = "TrickRules", frozen)]
pub struct TrickRules {
    inner: core::TrickRules,
}

/// A lead's canonical decomposition (C-23).
#[pyclass(module = "fenpai._core", name = "Format", frozen)]
pub struct Format {
    #[pyo3(get)]
    components: Py<PyList>,
    #[pyo3(get)]
    is_throw: bool,
    #[pyo3(get)]
    suit: String,
}

#[pymethods]
impl Format {
    fn __len__(&self, py: Python<'_>) -> usize {
        self.components.bind(py).len()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("Format({})", self.components.bind(py).repr()?))
    }
}

/// The outcome of a throw check (C-50, C-51).
#[pyclass(module = "fenpai._core", name = "ThrowCheck", frozen)]
pub struct ThrowCheck {
    #[pyo3(get)]
    ok: bool,
    #[pyo3(get)]
    forced: Py<PyList>,
    #[pyo3(get)]
    beaten: Py<PyList>,
}

#[pymethods]
impl ThrowCheck {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "ThrowCheck(ok={}, forced={})",
            if self.ok { "True" } else { "False" },
            self.forced.bind(py).repr()?
        ))
    }
}

fn components<'py>(py: Python<'py>, comps: &[Component]) -> PyResult<Bound<'py, PyList>> {
    let items = comps
        .iter()
        .map(|c| {
            let cards = card_list(py, &c.cards)?;
            PyTuple::new(
                py,
                [
                    c.shape.kind().name().into_pyobject(py)?.into_any(),
                    cards.into_any(),
                ],
            )
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

fn option_value(name: &str, value: &Bound<'_, PyAny>) -> PyResult<OptionValue> {
    if let Ok(b) = value.cast::<PyBool>() {
        Ok(OptionValue::Bool(b.is_true()))
    } else if let Ok(i) = value.cast::<PyInt>() {
        Ok(OptionValue::Int(i.extract()?))
    } else if let Ok(s) = value.cast::<PyString>() {
        Ok(OptionValue::Text(s.to_str()?.to_string()))
    } else {
        Err(value_error(format!(
            "option {name} has an unsupported type {}",
            value.get_type().name()?
        )))
    }
}

fn counts_of(rules: &core::TrickRules, what: &str, obj: &Bound<'_, PyAny>) -> PyResult<Counts> {
    let counts = Counts::from_cards(&extract_cards(obj)?);
    rules.check_copies(what, &counts).map_err(value_error)?;
    Ok(counts)
}

impl TrickRules {
    /// The core rules, for other binding types.
    pub fn core(&self) -> &core::TrickRules {
        &self.inner
    }

    /// Wraps core rules made elsewhere in the core (a phase's trump).
    pub fn from_core(inner: core::TrickRules) -> Self {
        TrickRules { inner }
    }
}

#[pymethods]
impl TrickRules {
    #[new]
    #[pyo3(signature = (variant, trump = "h", level = "2", decks = None, **options))]
    fn py_new(
        variant: &str,
        trump: Option<&str>,
        level: &str,
        decks: Option<i64>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        let variant = Variant::parse(variant).map_err(value_error)?;
        let trump = match trump {
            None => None,
            Some(t) => Some(Suit::parse(t).ok_or_else(|| {
                value_error(format!("trump '{t}' is not a suit: use s, h, c, d or None"))
            })?),
        };
        let level = Rank::parse_level(level).ok_or_else(|| {
            value_error(format!("level '{level}' is not a rank 2..A or NT (TRO-92)"))
        })?;
        let mut opts = Options::defaults(variant);
        if let Some(d) = decks {
            opts.set("decks", OptionValue::Int(d))
                .map_err(value_error)?;
        }
        if let Some(options) = options {
            for (k, v) in options.iter() {
                let name: String = k.extract()?;
                opts.set(&name, option_value(&name, &v)?)
                    .map_err(value_error)?;
            }
        }
        let inner = core::TrickRules::new(variant, trump, level, opts).map_err(value_error)?;
        Ok(TrickRules { inner })
    }

    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant.id()
    }

    #[getter]
    fn trump(&self) -> Option<String> {
        self.inner.trump.map(|s| s.letter().to_string())
    }

    #[getter]
    fn level(&self) -> String {
        self.inner.level_rank.level_text()
    }

    #[getter]
    fn decks(&self) -> u8 {
        self.inner.opts.decks
    }

    #[getter]
    fn follow_format(&self) -> &'static str {
        self.inner.opts.follow_format.name()
    }

    /// TRO-10: which held combinations a lead of another kind cannot draw out.
    #[getter]
    fn follow_protect(&self) -> &'static str {
        self.inner.opts.follow_protect.name()
    }

    /// TRO-50: how a play in a throw's format is judged against the winner so far.
    #[getter]
    fn throw_judgement(&self) -> &'static str {
        self.inner.opts.throw_judgement.name()
    }

    /// TRO-160: whether four identical cards are bombs, and which a follower may play.
    #[getter]
    fn bombs(&self) -> &'static str {
        self.inner.opts.bombs.name()
    }

    #[getter]
    fn tractor_above_ace(&self) -> bool {
        self.inner.opts.tractor_above_ace
    }

    #[getter]
    fn mixed_tractors(&self) -> bool {
        self.inner.opts.mixed_tractors
    }

    #[getter]
    fn throws(&self) -> bool {
        self.inner.opts.throws
    }

    /// Whether a card is trump (C-10..C-12).
    fn is_trump(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cards = extract_cards(card)?;
        match cards.as_slice() {
            [c] => Ok(self.inner.is_trump(*c)),
            _ => Err(value_error("is_trump takes one card")),
        }
    }

    /// Cards strongest first, grouped by effective suit, trumps first.
    fn sort<'py>(
        &self,
        py: Python<'py>,
        cards: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut cards = extract_cards(cards)?;
        self.inner.sort(&mut cards);
        card_list(py, &cards)
    }

    /// The canonical format of a lead (C-23, C-24), or None when it cannot be led.
    fn classify(&self, py: Python<'_>, cards: &Bound<'_, PyAny>) -> PyResult<Option<Format>> {
        let cards = extract_cards(cards)?;
        if cards.is_empty() {
            return Err(value_error("a play needs at least one card"));
        }
        self.inner
            .check_copies("the play", &Counts::from_cards(&cards))
            .map_err(value_error)?;
        let Ok(format) = self.inner.classify(&cards) else {
            return Ok(None);
        };
        Ok(Some(Format {
            components: components(py, &format.components)?.unbind(),
            is_throw: format.is_throw(),
            suit: if format.suit == TRUMP {
                "trump".to_string()
            } else {
                Suit(format.suit).letter().to_string()
            },
        }))
    }

    /// Why `play` is not a legal follow to `lead` from `hand` (C-30, C-31); None if legal.
    fn follow_error(
        &self,
        hand: &Bound<'_, PyAny>,
        lead: &Bound<'_, PyAny>,
        play: &Bound<'_, PyAny>,
    ) -> PyResult<Option<String>> {
        let (hand, lead, play) = (
            extract_cards(hand)?,
            extract_cards(lead)?,
            extract_cards(play)?,
        );
        self.inner
            .follow_error(&hand, &lead, &play)
            .map(|reason| reason.map(String::from))
            .map_err(value_error)
    }

    /// Every distinct legal follow (C-30, C-31), at most `limit`.
    #[pyo3(signature = (hand, lead, limit = None))]
    fn legal_follows<'py>(
        &self,
        py: Python<'py>,
        hand: &Bound<'py, PyAny>,
        lead: &Bound<'py, PyAny>,
        limit: Option<usize>,
    ) -> PyResult<Bound<'py, PyList>> {
        let (hand, lead) = (extract_cards(hand)?, extract_cards(lead)?);
        let plays = py
            .detach(|| self.inner.legal_follows(&hand, &lead, limit))
            .map_err(value_error)?;
        PyList::new(
            py,
            plays
                .iter()
                .map(|p| card_list(py, p))
                .collect::<PyResult<Vec<_>>>()?,
        )
    }

    /// How many distinct legal follows there are, without listing them.
    fn count_follows(
        &self,
        py: Python<'_>,
        hand: &Bound<'_, PyAny>,
        lead: &Bound<'_, PyAny>,
    ) -> PyResult<u64> {
        let (hand, lead) = (extract_cards(hand)?, extract_cards(lead)?);
        py.detach(|| self.inner.count_follows(&hand, &lead))
            .map_err(value_error)
    }

    /// The index of the winning play; plays[0] is the lead (C-40..C-42).
    fn trick_winner(&self, plays: &Bound<'_, PyAny>) -> PyResult<usize> {
        let plays = plays
            .try_iter()?
            .map(|p| extract_cards(&p?))
            .collect::<PyResult<Vec<_>>>()?;
        self.inner.trick_winner(&plays).map_err(value_error)
    }

    /// Whether a throw stands against the other hands, and the forced play if not (C-50, C-51).
    fn check_throw(
        &self,
        py: Python<'_>,
        throw: &Bound<'_, PyAny>,
        other_hands: &Bound<'_, PyAny>,
    ) -> PyResult<ThrowCheck> {
        let throw = extract_cards(throw)?;
        let others = other_hands
            .try_iter()?
            .map(|h| counts_of(&self.inner, "a hand", &h?))
            .collect::<PyResult<Vec<_>>>()?;
        self.inner
            .check_copies("the throw", &Counts::from_cards(&throw))
            .map_err(value_error)?;
        let format = self.inner.classify(&throw).map_err(value_error)?;
        let check = py.detach(|| self.inner.check_throw_counts(&format, &others));
        Ok(ThrowCheck {
            ok: check.ok,
            forced: card_list(py, &check.forced)?.unbind(),
            beaten: components(py, &check.beaten)?.unbind(),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "TrickRules('{}', trump={}, level='{}', decks={}, follow_format='{}')",
            self.inner.variant.id(),
            self.inner
                .trump
                .map_or("None".to_string(), |s| format!("'{}'", s.letter())),
            self.inner.level_rank.level_text(),
            self.inner.opts.decks,
            self.inner.opts.follow_format.name()
        )
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<TrickRules>()?;
    m.add_class::<Format>()?;
    m.add_class::<ThrowCheck>()?;
    Ok(())
}
