//! The core's typed [`ActionError`] as the classes of `fenpai.errors`: each kind to its
//! class (and so its `code`), the rule id passed on, the message unchanged.

use fenpai_core::error::{ActionError, ErrorKind};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// `fenpai.errors`, imported at the first error.
static ERRORS: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The class of `fenpai.errors` that raises `kind`.
fn class_name(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Illegal => "IllegalAction",
        ErrorKind::Malformed => "MalformedAction",
        ErrorKind::NotYourTurn => "NotYourTurn",
        ErrorKind::GameOver => "GameOver",
        ErrorKind::NoSuchSeat => "NoSuchSeat",
    }
}

fn class<'py>(py: Python<'py>, kind: ErrorKind) -> PyResult<Bound<'py, PyType>> {
    let module =
        ERRORS.get_or_try_init(py, || Ok::<_, PyErr>(py.import("fenpai.errors")?.unbind()))?;
    Ok(module.bind(py).getattr(class_name(kind))?.cast_into()?)
}

/// The Python exception of a rejected action: `cls(message, rule)`.
pub fn action_error(e: ActionError) -> PyErr {
    Python::attach(|py| match class(py, e.kind) {
        Ok(cls) => PyErr::from_type(cls, (e.message, e.rule)),
        Err(err) => err,
    })
}

/// Card or action text that does not parse (`MalformedAction`).
pub fn malformed(message: impl std::fmt::Display) -> PyErr {
    action_error(ActionError::malformed(message.to_string()))
}
