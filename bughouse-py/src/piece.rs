//! `Piece`: a piece type of one colour, python-chess's `chess.Piece`.

use bughouse_core::Piece;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::convert;
use crate::diagram::{self, Style};
use crate::errors;

/// A piece: `Piece(KNIGHT, WHITE)`. Immutable and hashable.
#[pyclass(frozen, eq, hash, module = "bughouse", name = "Piece")]
#[derive(PartialEq, Eq, Hash, Clone, Copy)]
pub(crate) struct PyPiece(pub(crate) Piece);

#[pymethods]
impl PyPiece {
    /// `Piece(piece_type, color)`: piece types 1 (pawn) … 6 (king), colour
    /// `WHITE` (True) or `BLACK`.
    #[new]
    fn new(piece_type: i64, color: bool) -> PyResult<PyPiece> {
        Ok(PyPiece(
            convert::role(piece_type)?.of(convert::color(color)),
        ))
    }

    /// The piece of a FEN letter (`"N"` White knight, `"n"` Black);
    /// `ValueError` otherwise.
    #[staticmethod]
    fn from_symbol(symbol: &str) -> PyResult<PyPiece> {
        let mut chars = symbol.chars();
        match (chars.next().and_then(Piece::from_char), chars.next()) {
            (Some(piece), None) => Ok(PyPiece(piece)),
            _ => Err(errors::bad_piece_symbol(symbol)),
        }
    }

    /// The piece type: 1 (pawn) … 6 (king).
    #[getter]
    fn piece_type(&self) -> u8 {
        convert::role_number(self.0.role)
    }

    /// `WHITE` (True) or `BLACK`.
    #[getter]
    fn color(&self) -> bool {
        self.0.color.is_white()
    }

    /// The FEN letter: `"N"` (White), `"n"` (Black).
    fn symbol(&self) -> String {
        self.0.char().to_string()
    }

    /// The Unicode chess symbol: `"♘"` (White), `"♞"` (Black);
    /// `invert_color` swaps them (for dark backgrounds).
    #[pyo3(signature = (*, invert_color=false))]
    fn unicode_symbol(&self, invert_color: bool) -> String {
        let style = Style {
            unicode: true,
            invert_color,
            ..Style::ASCII
        };
        diagram::symbol(self.0, &style).to_string()
    }

    fn __str__(&self) -> String {
        self.symbol()
    }

    fn __repr__(&self) -> String {
        format!("Piece.from_symbol('{}')", self.0.char())
    }

    /// Pickles as `Piece(piece_type, color)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (u8, bool)) {
        let p = slf.get();
        (slf.get_type(), (p.piece_type(), p.color()))
    }
}
