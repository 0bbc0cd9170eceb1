//! `Pocket`: one seat's pieces in hand (R3).
//!
//! As in python-chess's crazyhouse board, `board.pockets[WHITE]` is the
//! board's own pocket: it reads the board as it is now, and
//! `add`/`remove`/`reset` edit the board ("my partner sent me a knight"),
//! each one edit through the core's `Board::set_pocket` (N1-checked,
//! all-or-nothing, as every edit). A `Pocket(...)` made by the caller, or
//! one unpickled or copied, holds its own pieces. A game's pockets
//! (`Game.pocket(seat)`) are read-only: in a game a pocket changes only by
//! the partner's captures (R5).

use std::sync::Mutex;

use bughouse_core::{Color, Piece, Pocket, Role};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::board::{PocketEdit, PyBoard};
use crate::{convert, errors};

/// Where a pocket's pieces are.
enum Source {
    /// Its own: made by the caller, copied or unpickled.
    Own(Mutex<Pocket>),
    /// The pocket of `color` on this board, read and edited there.
    Board(Py<PyBoard>),
    /// A game's pocket as it stood when asked for: read-only (R5).
    Game(Pocket),
}

/// One seat's pocket: how many pawns, knights, bishops, rooks and queens of
/// its colour it may drop.
#[pyclass(frozen, module = "bughouse", name = "Pocket")]
pub(crate) struct PyPocket {
    color: Color,
    source: Source,
}

/// The R8 bounds, said whenever a pocket would exceed them.
const BOUNDS: &str = "a pocket never holds a king (R3) nor more than 16 pawns, 4 knights, bishops or rooks, 2 queens (R8)";

impl PyPocket {
    /// The pocket of `color` on `board`, live.
    pub(crate) fn of_board(board: Py<PyBoard>, color: Color) -> PyPocket {
        PyPocket {
            color,
            source: Source::Board(board),
        }
    }

    /// A game's pocket as it stands: read-only.
    pub(crate) fn of_game(pocket: Pocket, color: Color) -> PyPocket {
        PyPocket {
            color,
            source: Source::Game(pocket),
        }
    }

    fn own(pocket: Pocket, color: Color) -> PyPocket {
        PyPocket {
            color,
            source: Source::Own(Mutex::new(pocket)),
        }
    }

    /// The pieces now.
    pub(crate) fn pieces(&self) -> Pocket {
        match &self.source {
            Source::Own(p) => *p.lock().unwrap_or_else(|e| e.into_inner()),
            Source::Board(board) => *board.get().board().pocket(self.color),
            Source::Game(p) => *p,
        }
    }

    /// Applies `change` to the pocket where it lives: its own pieces, or
    /// the board's (one core edit); a game's pocket refuses. On error
    /// nothing changes.
    fn change(&self, change: impl FnOnce(&mut Pocket) -> Result<(), PocketEdit>) -> PyResult<()> {
        match &self.source {
            Source::Own(p) => {
                let result = {
                    let mut pocket = p.lock().unwrap_or_else(|e| e.into_inner());
                    let mut edited = *pocket;
                    let result = change(&mut edited);
                    if result.is_ok() {
                        *pocket = edited;
                    }
                    result
                };
                result.map_err(|e| e.to_py_err(self.color))
            }
            Source::Board(board) => board.get().edit_pocket(self.color, change),
            Source::Game(_) => Err(PyTypeError::new_err(
                "a game's pocket is read-only: in a game a pocket changes only by the partner's captures (R5); \
                 edit a Board, or start the game from a BFEN",
            )),
        }
    }
}

/// Adds one `role` (R8-bounded).
pub(crate) fn add(pocket: &mut Pocket, role: Role) -> Result<(), PocketEdit> {
    if pocket.add(role) {
        Ok(())
    } else {
        Err(PocketEdit::Full)
    }
}

/// Takes one `role` out.
pub(crate) fn remove(pocket: &mut Pocket, role: Role) -> Result<(), PocketEdit> {
    if pocket.remove(role) {
        Ok(())
    } else {
        Err(PocketEdit::NoneLeft(role))
    }
}

impl PocketEdit {
    /// The exception of a refused pocket change of `color`.
    pub(crate) fn to_py_err(&self, color: Color) -> PyErr {
        match self {
            PocketEdit::Full => errors::invalid_pocket(BOUNDS.into()),
            PocketEdit::NoneLeft(role) => errors::invalid_pocket(format!(
                "the pocket holds no {}",
                Piece { color, role: *role }.char()
            )),
            PocketEdit::Position(kind) => errors::bad_edit(*kind),
        }
    }
}

#[pymethods]
impl PyPocket {
    /// `Pocket("QNPP")` (White), `Pocket("qnpp")` (Black), or
    /// `Pocket("", color=BLACK)`. Letters are FEN letters; without `color`
    /// their case gives it (mixed case is an error), else either case is
    /// read as `color`'s. At most the R8 counts of each piece. It holds
    /// its own pieces (no board).
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
                        "pocket {}: mixes White (upper-case) and Black (lower-case) letters; pass color=",
                        bughouse_core::error::Excerpt::of(pieces)
                    )));
                }
                Color::from_white(!lower)
            }
        };
        let mut pocket = Pocket::EMPTY;
        for (i, c) in pieces.chars().enumerate() {
            let role = Role::from_char(c).ok_or_else(|| {
                errors::invalid_pocket(format!(
                    "pocket {}: character {i} ({c:?}) is not one of P N B R Q",
                    bughouse_core::error::Excerpt::of(pieces)
                ))
            })?;
            if !pocket.add(role) {
                return Err(errors::invalid_pocket(format!(
                    "pocket {}: {BOUNDS}",
                    bughouse_core::error::Excerpt::of(pieces)
                )));
            }
        }
        Ok(PyPocket::own(pocket, color))
    }

    /// Whose pocket it is: `WHITE` (True) or `BLACK`.
    #[getter]
    fn color(&self) -> bool {
        self.color.is_white()
    }

    /// How many pieces of `piece_type` it holds (0 for `KING`).
    fn count(&self, piece_type: i64) -> PyResult<u8> {
        Ok(self.pieces().count(convert::role(piece_type)?))
    }

    /// Adds a piece of `piece_type`, as python-chess's
    /// `board.pockets[WHITE].add(KNIGHT)` ("my partner sent me a knight").
    /// A board's pocket edits the board: one edit checked as a FEN is (N1:
    /// R7's material, R8's counts), the move stack then cleared, as every
    /// edit clears it; refused, it raises (`BughouseError` past R8's
    /// counts, `InvalidFenError` for R7) and nothing changes. A game's
    /// pocket is read-only (`TypeError`): a game's pockets change only by
    /// captures (R5).
    fn add(&self, piece_type: i64) -> PyResult<()> {
        let role = convert::role(piece_type)?;
        self.change(|p| add(p, role))
    }

    /// Takes out a piece of `piece_type` (`BughouseError` when it holds
    /// none); on a board's pocket an edit of the board, as `add`.
    fn remove(&self, piece_type: i64) -> PyResult<()> {
        let role = convert::role(piece_type)?;
        self.change(|p| remove(p, role))
    }

    /// Empties the pocket (python-chess's `reset()`); on a board's pocket
    /// an edit of the board, as `add`.
    fn reset(&self) -> PyResult<()> {
        self.change(|p| {
            *p = Pocket::EMPTY;
            Ok(())
        })
    }

    /// A pocket with the same pieces, of its own (python-chess's `copy()`).
    fn copy(&self) -> PyPocket {
        PyPocket::own(self.pieces(), self.color)
    }

    fn __copy__(&self) -> PyPocket {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPocket {
        self.copy()
    }

    fn __len__(&self) -> usize {
        self.pieces().len() as usize
    }

    /// The piece types it holds, one entry per piece, pawns first (the
    /// pieces when iteration starts).
    fn __iter__(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        let pocket = slf.get().pieces();
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
        convert::role(piece_type).is_ok_and(|r| self.pieces().has(r))
    }

    /// Same colour and the same pieces now. A pocket may change (a board's
    /// follows its board), so, like a `Board`, it is unhashable.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyPocket>() else {
            return Ok(py.NotImplemented());
        };
        let equal = (self.color, self.pieces()) == (other.get().color, other.get().pieces());
        Ok(equal.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// FEN letters, queen first: upper case for White (`"QNPP"`), lower for Black.
    fn __str__(&self) -> String {
        let letters = self.pieces().to_string();
        match self.color {
            Color::White => letters,
            Color::Black => letters.to_ascii_lowercase(),
        }
    }

    fn __repr__(&self) -> String {
        match (self.color, self.pieces().is_empty()) {
            (Color::Black, true) => "Pocket('', color=False)".to_string(),
            _ => format!("Pocket('{}')", self.__str__()),
        }
    }

    /// Pickles as `Pocket(letters, color)`: the pieces, without the board.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String, bool)) {
        let p = slf.get();
        (slf.get_type(), (p.__str__(), p.color()))
    }
}
