//! Fifty-K combinations and legal plays (FK-10..FK-21): argument conversion, GIL
//! release around the generator, and error mapping over `fenpai_core::fifty_k`.

use fenpai_core::fifty_k::{
    self as fk, cardset::card_rank, encode, CardSet, Combo as CoreCombo, FkError, Kind, PureOrder,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::cards::{card_list, extract_cards, for_each_card, value_error};

/// A Fifty-K combination: a set of cards read as one kind (FK-10..FK-17).
#[pyclass(module = "fenpai._core", name = "Combo", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Combo(pub CoreCombo);

#[pymethods]
impl Combo {
    /// The kind: one of `fenpai.fifty_k.KINDS`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    /// The main rank FK-20 compares ("3".."A", "2"): a sequence's top rank, the
    /// (top) triple's rank with kickers, else the cards' rank; "K" for fifty-Ks.
    #[getter]
    fn rank(&self) -> String {
        card_rank(self.0.rank).letter().to_string()
    }

    /// The suit of a pure fifty-K ("s", "h", "c" or "d"); None for other kinds.
    #[getter]
    fn suit(&self) -> Option<String> {
        self.0.suit().map(|s| s.letter().to_string())
    }

    /// The cards: main units first (rank ascending), then kickers.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_list(py, &self.0.ordered_cards())
    }

    /// The play id, `0 <= id < NUM_PLAY_IDS` (see `fenpai.fifty_k`).
    #[getter]
    fn id(&self) -> u64 {
        encode::play_id(&self.0)
    }

    /// The play type id (the play with suits forgotten), `0 <= type_id < NUM_PLAY_TYPES`.
    #[getter]
    fn type_id(&self) -> u32 {
        encode::type_id(&self.0)
    }

    fn __len__(&self) -> usize {
        self.0.len() as usize
    }

    fn __str__(&self) -> String {
        fenpai_core::card::format_cards(&self.0.ordered_cards())
    }

    fn __repr__(&self) -> String {
        format!(
            "Combo(kind='{}', rank='{}', cards='{}')",
            self.kind(),
            self.rank(),
            self.__str__()
        )
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(Py<PyAny>, (u64,))> {
        let from_id = py
            .import("fenpai._core")?
            .getattr("fifty_k_play_from_id")?
            .unbind();
        Ok((from_id, (self.id(),)))
    }
}

/// A card argument as a one-deck card set (FK-1: no jokers, no card twice).
fn extract_set(obj: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    let mut set = CardSet::default();
    for_each_card(obj, |c| set.insert(c).map_err(value_error))?;
    Ok(set)
}

/// FKO-10: how pure fifty-Ks compare (`"suit"` or `"equal"`).
fn parse_order(order: &str) -> PyResult<PureOrder> {
    PureOrder::parse(order).map_err(value_error)
}

fn parse_kind(kind: Option<&str>) -> PyResult<Option<Kind>> {
    kind.map(Kind::parse).transpose().map_err(value_error)
}

/// A `Combo` argument, or cards read as `kind` (FK-17); `None` when they are no combination.
fn extract_combo(obj: &Bound<'_, PyAny>, kind: Option<Kind>) -> PyResult<Option<CoreCombo>> {
    if let Ok(c) = obj.cast_exact::<Combo>() {
        let c = c.get().0;
        return Ok(kind.is_none_or(|k| k == c.kind).then_some(c));
    }
    Ok(fk::classify(extract_set(obj)?, kind))
}

/// The combination to beat: a `Combo`, or cards read as a lead would be (FK-17).
fn extract_top(obj: &Bound<'_, PyAny>) -> PyResult<CoreCombo> {
    match extract_combo(obj, None)? {
        Some(c) => Ok(c),
        None => Err(value_error(FkError::NotACombination(
            fenpai_core::card::format_cards(&extract_cards(obj)?),
        ))),
    }
}

/// An optional combination to beat (`None`: a lead).
fn extract_optional_top(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<CoreCombo>> {
    obj.map(extract_top).transpose()
}

/// The arguments of a legal-play query: the hand, the combination to beat, the order of
/// pure fifty-Ks (FKO-10), the limit.
fn query(
    hand: &Bound<'_, PyAny>,
    top: Option<&Bound<'_, PyAny>>,
    order: &str,
    limit: Option<i64>,
) -> PyResult<(CardSet, Option<CoreCombo>, PureOrder, Option<usize>)> {
    Ok((
        extract_set(hand)?,
        extract_optional_top(top)?,
        parse_order(order)?,
        extract_limit(limit)?,
    ))
}

fn extract_limit(limit: Option<i64>) -> PyResult<Option<usize>> {
    match limit {
        Some(n) if n < 0 => Err(value_error(format!("limit must be 0 or more, got {n}"))),
        Some(n) => Ok(Some(usize::try_from(n).unwrap_or(usize::MAX))),
        None => Ok(None),
    }
}

/// `cards` read as `kind`, or unnamed as the first reading in FK-10..FK-16 order
/// (FK-17); None when they are not a combination. ValueError for a joker, a card
/// listed twice or an unknown kind.
#[pyfunction]
#[pyo3(signature = (cards, kind=None))]
fn fifty_k_classify(cards: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<Option<Combo>> {
    let kind = parse_kind(kind)?;
    Ok(fk::classify(extract_set(cards)?, kind).map(Combo))
}

/// Every reading of `cards`, in FK-10..FK-16 order (FK-17).
#[pyfunction]
fn fifty_k_readings(cards: &Bound<'_, PyAny>) -> PyResult<Vec<Combo>> {
    Ok(fk::readings(extract_set(cards)?).map(Combo).collect())
}

/// True when `play` beats `top` (FK-20, FK-21; pure fifty-Ks compared by
/// `pure_fifty_k_order`, FKO-10). Each is a `Combo` or cards; cards for `play` count
/// when any reading beats `top` (FK-17), and `top` cards must be a combination
/// (ValueError otherwise).
#[pyfunction]
#[pyo3(signature = (play, top, pure_fifty_k_order="suit"))]
fn fifty_k_beats(
    play: &Bound<'_, PyAny>,
    top: &Bound<'_, PyAny>,
    pure_fifty_k_order: &str,
) -> PyResult<bool> {
    let order = parse_order(pure_fifty_k_order)?;
    let top = extract_top(top)?;
    if let Ok(c) = play.cast_exact::<Combo>() {
        return Ok(fk::beats(&c.get().0, &top, order));
    }
    Ok(fk::cards_beat(extract_set(play)?, &top, order))
}

/// Every distinct legal play of `hand`: one `Combo` per (card set, kind), that beats
/// `top` (a `Combo` or cards; None for a lead), in play-id order, at most `limit`;
/// pure fifty-Ks compare by `pure_fifty_k_order` (FKO-10).
#[pyfunction]
#[pyo3(signature = (hand, top=None, limit=None, pure_fifty_k_order="suit"))]
fn fifty_k_legal_plays<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    top: Option<&Bound<'py, PyAny>>,
    limit: Option<i64>,
    pure_fifty_k_order: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (hand, top, order, limit) = query(hand, top, pure_fifty_k_order, limit)?;
    let plays = py
        .detach(|| fk::legal_plays(hand, top.as_ref(), order, limit))
        .map_err(value_error)?;
    PyList::new(py, plays.into_iter().map(Combo))
}

/// The play ids of `legal_plays(hand, top, limit, pure_fifty_k_order)`, ascending.
#[pyfunction]
#[pyo3(signature = (hand, top=None, limit=None, pure_fifty_k_order="suit"))]
fn fifty_k_legal_play_ids<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    top: Option<&Bound<'py, PyAny>>,
    limit: Option<i64>,
    pure_fifty_k_order: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (hand, top, order, limit) = query(hand, top, pure_fifty_k_order, limit)?;
    let ids = py
        .detach(|| fk::legal_play_ids(hand, top.as_ref(), order, limit))
        .map_err(value_error)?;
    PyList::new(py, ids)
}

/// The type ids of `legal_plays(hand, top, pure_fifty_k_order=...)`, ascending, each
/// once, at most `limit`: an action mask over `0 <= type_id < NUM_PLAY_TYPES`.
#[pyfunction]
#[pyo3(signature = (hand, top=None, limit=None, pure_fifty_k_order="suit"))]
fn fifty_k_legal_play_types<'py>(
    py: Python<'py>,
    hand: &Bound<'py, PyAny>,
    top: Option<&Bound<'py, PyAny>>,
    limit: Option<i64>,
    pure_fifty_k_order: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (hand, top, order, limit) = query(hand, top, pure_fifty_k_order, limit)?;
    let types = py
        .detach(|| fk::legal_play_types(hand, top.as_ref(), order, limit))
        .map_err(value_error)?;
    PyList::new(py, types)
}

/// How many plays `legal_plays(hand, top, pure_fifty_k_order=...)` lists, counted
/// without listing them.
#[pyfunction]
#[pyo3(signature = (hand, top=None, pure_fifty_k_order="suit"))]
fn fifty_k_count_legal_plays(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    top: Option<&Bound<'_, PyAny>>,
    pure_fifty_k_order: &str,
) -> PyResult<u64> {
    let (hand, top, order, _) = query(hand, top, pure_fifty_k_order, None)?;
    py.detach(|| fk::count_legal_plays(hand, top.as_ref(), order))
        .map_err(value_error)
}

/// The play id of `play` (a `Combo`, or cards read as `kind` per FK-17).
/// ValueError when it is not a combination (of that kind).
#[pyfunction]
#[pyo3(signature = (play, kind=None))]
fn fifty_k_play_id(play: &Bound<'_, PyAny>, kind: Option<&str>) -> PyResult<u64> {
    match extract_combo(play, parse_kind(kind)?)? {
        Some(c) => Ok(encode::play_id(&c)),
        None => {
            let text = fenpai_core::card::format_cards(&extract_cards(play)?);
            let text = kind.map_or(text.clone(), |k| format!("{text} as {k}"));
            Err(value_error(FkError::NotACombination(text)))
        }
    }
}

/// The combination with play id `id` (ValueError outside `0 <= id < NUM_PLAY_IDS`).
#[pyfunction]
fn fifty_k_play_from_id(id: u64) -> PyResult<Combo> {
    encode::play_from_id(id).map(Combo).map_err(value_error)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Combo>()?;
    m.add(
        "FIFTY_K_KINDS",
        PyTuple::new(py, Kind::ALL.iter().map(|k| k.name()))?,
    )?;
    m.add("FIFTY_K_NUM_PLAY_IDS", fk::NUM_PLAY_IDS)?;
    m.add("FIFTY_K_NUM_PLAY_TYPES", fk::NUM_PLAY_TYPES)?;
    m.add_function(wrap_pyfunction!(fifty_k_classify, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_readings, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_beats, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_legal_play_ids, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_legal_play_types, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_count_legal_plays, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_play_id, m)?)?;
    m.add_function(wrap_pyfunction!(fifty_k_play_from_id, m)?)?;
    Ok(())
}
