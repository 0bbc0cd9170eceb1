//! `LegalMoves`: `board.legal_moves`, live like python-chess's generator —
//! it asks the board each time, so it always reflects the current position.

use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::board::PyBoard;
use crate::moves;

/// The legal moves and drops of a board (R9–R13): `len()`, iteration,
/// `move in board.legal_moves`, truth value (any legal move).
#[pyclass(frozen, module = "bughouse", name = "LegalMoves")]
pub(crate) struct PyLegalMoves {
    board: Py<PyBoard>,
}

impl PyLegalMoves {
    pub(crate) fn new(board: Py<PyBoard>) -> PyLegalMoves {
        PyLegalMoves { board }
    }

    fn list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves = self.board.get().board().legal_moves();
        moves::list_to_py(py, moves)
    }
}

#[pymethods]
impl PyLegalMoves {
    /// How many legal moves and drops there are (counted, not listed).
    fn __len__(&self) -> usize {
        self.board.get().board().count_legal_moves() as usize
    }

    /// Same as `len()`, as python-chess offers it.
    fn count(&self) -> usize {
        self.__len__()
    }

    /// Whether there is any legal move or drop (stops at the first).
    fn __bool__(&self) -> bool {
        self.board.get().board().has_legal_move()
    }

    /// Iterates over the moves of the position as it is now.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.list(py)?.try_iter()?.into_any())
    }

    /// Whether `move` is legal; False for anything that is not a `Move`.
    fn __contains__(&self, r#move: &Bound<'_, PyAny>) -> bool {
        // A `chess.Move` counts by its fields, as in `Board.is_legal`.
        match moves::extract(r#move) {
            Ok(m) => self.board.get().board().is_legal(m),
            Err(_) => false,
        }
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self
            .board
            .get()
            .board()
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        format!("<LegalMoves ({})>", moves.join(", "))
    }
}
