//! `Pocket`: one seat's pieces in hand (R3), a snapshot taken from a board.

use bughouse_core::{Color, Pocket, Role};
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::{convert, errors};

/// One seat's pocket: how many pawns, knights, bishops, rooks and queens of
/// its colour it may drop. A value: reading `board.pockets` again after a
/// move gives the new pocket.
#[pyclass(frozen, eq, hash, module = "bughouse", name = "Pocket")]
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct PyPocket {
    pub(crate) color: Color,
    pub(crate) pocket: Pocket,
}

#[pymethods]
impl PyPocket {
    /// `Pocket("QNPP")` (White), `Pocket("qnpp")` (Black), or
    /// `Pocket("", color=BLACK)`. Letters are FEN letters; without `color`
    /// their case gives it (mixed case is an error), else either case is
    /// read as `color`'s. At most the R8 counts of each piece.
    #[new]
    #[pyo3(signature = (pieces="", color=None))]
    fn new(pieces: &str, color: Option<bool>) -> PyResult<PyPocket> {
        let color = match color {
            Some(white) => convert::color(white),
            None => {
                let upper = pieces.chars().any(|c| c.is_ascii_uppercase());
                let lower = pieces.chars().any(|c| c.is_ascii_lowercase());
                if upper && lower {
                    return Err(errors::invalid_pocket(format!(
                        "pocket {pieces:?} mixes White (upper-case) and Black (lower-case) letters; pass color="
                    )));
                }
                Color::from_white(!lower)
            }
        };
        let mut pocket = Pocket::EMPTY;
        for (i, c) in pieces.chars().enumerate() {
            let role = Role::from_char(c).ok_or_else(|| {
                errors::invalid_pocket(format!(
                    "pocket {pieces:?}: character {i} ({c:?}) is not one of P N B R Q"
                ))
            })?;
            if !pocket.add(role) {
                return Err(errors::invalid_pocket(format!(
                    "pocket {pieces:?}: a pocket never holds a king (R3) nor more than 16 pawns, 4 knights, bishops or rooks, 2 queens (R8)"
                )));
            }
        }
        Ok(PyPocket { color, pocket })
    }

    /// Whose pocket it is: `WHITE` (True) or `BLACK`.
    #[getter]
    fn color(&self) -> bool {
        self.color.is_white()
    }

    /// How many pieces of `piece_type` it holds (0 for `KING`).
    fn count(&self, piece_type: i64) -> PyResult<u8> {
        Ok(self.pocket.count(convert::role(piece_type)?))
    }

    fn __len__(&self) -> usize {
        self.pocket.len() as usize
    }

    /// The piece types it holds, one entry per piece, pawns first.
    fn __iter__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let pocket = slf.get().pocket;
        let items: Vec<u32> = Role::POCKET
            .into_iter()
            .flat_map(|r| {
                std::iter::repeat_n(
                    u32::from(convert::role_number(r)),
                    usize::from(pocket.count(r)),
                )
            })
            .collect();
        Ok(items
            .into_pyobject(slf.py())?
            .try_iter()?
            .into_any()
            .unbind())
    }

    /// Whether it holds a piece of `piece_type`.
    fn __contains__(&self, piece_type: i64) -> bool {
        convert::role(piece_type).is_ok_and(|r| self.pocket.has(r))
    }

    /// FEN letters, queen first: upper case for White (`"QNPP"`), lower for Black.
    fn __str__(&self) -> String {
        let letters = self.pocket.to_string();
        match self.color {
            Color::White => letters,
            Color::Black => letters.to_ascii_lowercase(),
        }
    }

    fn __repr__(&self) -> String {
        match (self.color, self.pocket.is_empty()) {
            (Color::Black, true) => "Pocket('', color=False)".to_string(),
            _ => format!("Pocket('{}')", self.__str__()),
        }
    }

    /// Pickles as `Pocket(letters, color)`.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String, bool)) {
        let p = slf.get();
        (slf.get_type(), (p.__str__(), p.color()))
    }
}
