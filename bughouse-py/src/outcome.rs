//! `Outcome`: how a game ended (R27–R34, F13), a value.

use bughouse_core::bpgn::result_token;
use bughouse_core::{EndReason, Outcome};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::convert;
use crate::errors::{self, OrRaise};

/// The end of a game: the winning team (1 = A-White + B-Black, 2 = A-Black
/// + B-White; None for a draw), the rule's reason and the seat it names
/// (the mated, flagged, resigning or leaving seat; None for draws, F13).
#[pyclass(frozen, eq, hash, module = "bughouse", name = "Outcome")]
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct PyOutcome(pub(crate) Outcome);

#[pymethods]
impl PyOutcome {
    /// `Outcome(reason, seat=None)`: the loss of `seat`'s team by `reason`
    /// ("checkmate", "time", "resignation", "abandonment"), or a draw when
    /// `seat` is None ("time", "agreement", "no_one_can_move", "move_cap",
    /// "repetition"). The winner follows from the seat (R2).
    #[new]
    #[pyo3(signature = (reason, seat=None))]
    pub(crate) fn new(reason: &str, seat: Option<&str>) -> PyResult<PyOutcome> {
        let name = reason;
        let reason = EndReason::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = EndReason::ALL.iter().map(|r| r.as_str()).collect();
            errors::exception(
                bughouse_core::ErrorCode::InvalidArgValue,
                format!(
                    "not an ending reason: {} (one of {})",
                    bughouse_core::error::Excerpt::of(name),
                    names.join(", ")
                ),
            )
        })?;
        let seat = seat.map(convert::seat).transpose()?;
        // F13, the core's: which reasons name a seat and which are draws.
        Outcome::of(reason, seat).map(PyOutcome).or_raise()
    }

    /// The winning team, 1 (A-White + B-Black) or 2 (A-Black + B-White);
    /// None for a draw.
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.0.winner.map(|t| t.number())
    }

    /// Why the game ended: "checkmate" (R27), "time" (R28), "resignation",
    /// "abandonment" (R29), "agreement" (R30), "no_one_can_move" (R31),
    /// "move_cap" (R32), "repetition" (R25).
    #[getter]
    fn reason(&self) -> &'static str {
        self.0.reason.as_str()
    }

    /// The seat the ending names (F13): mated, flagged, resigning or
    /// leaving. None for draws.
    #[getter]
    fn seat(&self) -> Option<String> {
        self.0.seat.map(convert::seat_letter)
    }

    /// The id of the rule that ended the game (`"R27"` …).
    #[getter]
    fn rule(&self) -> &'static str {
        self.0.reason.rule()
    }

    /// Whether nobody won.
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }

    /// The team result as BPGN writes it: `"1-0"` (team 1 wins), `"0-1"`
    /// (team 2), `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        result_token(Some(self.0.winner))
    }

    /// The message for people, naming the rule: "A-Black is checkmated:
    /// team 1 wins (R27)".
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0.seat {
            Some(seat) => format!("Outcome('{}', '{}')", self.reason(), seat.char()),
            None => format!("Outcome('{}')", self.reason()),
        }
    }

    /// Pickles as `Outcome(reason, seat)`.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyType>, (&'static str, Option<String>)) {
        let o = slf.get();
        (slf.get_type(), (o.reason(), o.seat()))
    }
}
