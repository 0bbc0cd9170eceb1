//! `TimeControl`: a live game's base time and increment, exact in
//! milliseconds (R20) — the Python form of Node's `{ baseMs, incrementMs }`.
//!
//! A game's `time_control` argument takes this class, a `(base_ms,
//! increment_ms)` tuple, or text in whole seconds read by the core's
//! `TimeControl::from_setting` (which refuses a base under a minute as
//! ambiguous: `"3+2"` is 3 minutes to lichess users, 3 seconds to PGN).
//! Every check is the core's; this file converts.

use bughouse_core::{GameSettings, Mode, TimeControl};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::convert::Int;
use crate::errors::{self, OrRaise};

/// A live game's time control, exact in milliseconds (R20). Immutable and
/// hashable.
#[pyclass(frozen, eq, hash, module = "bughouse", name = "TimeControl")]
#[derive(PartialEq, Eq, Hash, Clone, Copy)]
pub(crate) struct PyTimeControl(pub(crate) TimeControl);

/// A millisecond count given by the caller, or the typed error naming it.
fn milliseconds(what: &str, value: &Int) -> PyResult<u64> {
    value
        .get::<u64>()
        .ok_or_else(|| errors::out_of_range_int(what, value, "0..=2147483647 ms"))
}

/// The core's checks of a time control (a base of at least 1 ms, no time
/// above its largest clock), as a live game's settings make them.
fn checked(tc: TimeControl) -> PyResult<TimeControl> {
    let settings = GameSettings {
        time_control: Some(tc),
        ..GameSettings::of_mode(Mode::Live)
    };
    settings.validate().or_raise()?;
    Ok(tc)
}

/// What a `time_control` argument may be, said in every `TypeError`.
const EXPECTED: &str = "a TimeControl, a (base_ms, increment_ms) tuple, 'base+inc' in seconds \
     (a base of at least 60 s), or None";

/// Reads a `time_control` argument given by a person setting up a game:
/// `None` (no clocks), a `TimeControl`, a `(base_ms, increment_ms)` tuple
/// (exact), or text in whole seconds read by the core's
/// `TimeControl::from_setting` (a base under a minute is ambiguous and
/// refused with the code Node gives, `ERR_INVALID_ARG_VALUE`).
pub(crate) fn from_argument(ob: &Bound<'_, PyAny>) -> PyResult<Option<TimeControl>> {
    if ob.is_none() {
        return Ok(None);
    }
    if let Ok(tc) = ob.cast::<PyTimeControl>() {
        return Ok(Some(tc.get().0));
    }
    if let Ok(text) = ob.cast::<PyString>() {
        let text = text.to_cow()?;
        return TimeControl::from_setting(&text).map(Some).map_err(|e| {
            errors::exception(
                e.code(),
                format!(
                    "time_control: {e}, or TimeControl(base_ms, increment_ms) for an exact time"
                ),
            )
        });
    }
    if let Ok(pair) = ob.cast::<PyTuple>() {
        if let Ok((base, increment)) = pair.extract::<(Int, Int)>() {
            return new(&base, &increment).map(Some);
        }
    }
    Err(PyTypeError::new_err(format!(
        "time_control must be {EXPECTED}, not {}",
        ob.get_type().name()?
    )))
}

/// The time control of two millisecond counts, checked by the core.
fn new(base_ms: &Int, increment_ms: &Int) -> PyResult<TimeControl> {
    checked(TimeControl {
        base_ms: milliseconds("base_ms", base_ms)?,
        increment_ms: milliseconds("increment_ms", increment_ms)?,
    })
}

#[pymethods]
impl PyTimeControl {
    /// `TimeControl(base_ms, increment_ms=0)`: each seat's time at the
    /// start and the Fischer increment added after each of its moves and
    /// drops (F3), exact in milliseconds (`TimeControl(1000)` is one
    /// second). A base of 0 or a time above 2**31 - 1 ms is a
    /// `BughouseError` (`ERR_OUT_OF_RANGE`).
    #[new]
    #[pyo3(
        signature = (base_ms, increment_ms=Int::from(0u16)),
        text_signature = "(base_ms, increment_ms=0)"
    )]
    fn py_new(base_ms: Int, increment_ms: Int) -> PyResult<PyTimeControl> {
        new(&base_ms, &increment_ms).map(PyTimeControl)
    }

    /// Reads `"base+increment"` in seconds as a person sets up a game
    /// (`"180+2"`, the PGN `TimeControl` tag form), refusing a base under
    /// a minute as ambiguous (`"3+2"`: 3 minutes to lichess and chess.com
    /// users, 3 seconds in PGN): `BughouseError`, `ERR_INVALID_ARG_VALUE`,
    /// as Node refuses it. For a shorter base give milliseconds:
    /// `TimeControl(3000, 2000)`.
    #[classmethod]
    fn from_setting(_cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyTimeControl> {
        let tc = TimeControl::from_setting(text).map_err(|e| {
            errors::exception(
                e.code(),
                format!("{e}, or TimeControl(base_ms, increment_ms) for an exact time"),
            )
        })?;
        checked(tc).map(PyTimeControl)
    }

    /// Each seat's time at the start, in ms.
    #[getter]
    fn base_ms(&self) -> u64 {
        self.0.base_ms
    }

    /// Added to the mover's clock after each of its moves and drops (F3), in ms.
    #[getter]
    fn increment_ms(&self) -> u64 {
        self.0.increment_ms
    }

    /// `"base+increment"` in seconds, as BPGN's `TimeControl` tag writes
    /// it, exact to the millisecond: `"180+2"`, `"2.5+0"`.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "TimeControl(base_ms={}, increment_ms={})",
            self.0.base_ms, self.0.increment_ms
        )
    }

    /// Pickles as `TimeControl(base_ms, increment_ms)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u64, u64)) {
        let tc = slf.get().0;
        (slf.get_type(), (tc.base_ms, tc.increment_ms))
    }
}
