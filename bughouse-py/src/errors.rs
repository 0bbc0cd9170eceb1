//! The one place where errors become Python exceptions.
//!
//! Every exception the package raises is defined here, in the hierarchy the
//! API fixes: `BughouseError(ValueError)` and one subclass per kind of bad
//! input, python-chess style (`except ValueError` keeps working). The types
//! only a `Game` raises are defined now too, so the hierarchy is complete
//! and stable from the first release.

use bughouse_core::{FenError, MoveTextError};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::{PyErr, create_exception};

create_exception!(
    bughouse,
    BughouseError,
    PyValueError,
    "Base class of every error the rules engine raises; a ValueError."
);
create_exception!(
    bughouse,
    InvalidFenError,
    BughouseError,
    "A FEN or BFEN that cannot be read (N1, N2): the message names what and the byte."
);
create_exception!(
    bughouse,
    InvalidMoveError,
    BughouseError,
    "Move text (UCI or SAN) or move fields that do not describe a move (N3)."
);
create_exception!(
    bughouse,
    IllegalMoveError,
    BughouseError,
    "A well-formed move that is not legal in the position; nothing changed."
);
create_exception!(
    bughouse,
    AmbiguousMoveError,
    BughouseError,
    "SAN that matches more than one legal move."
);
create_exception!(
    bughouse,
    NotYourTurnError,
    BughouseError,
    "A seat acted when it is not its turn."
);
create_exception!(
    bughouse,
    GameOverError,
    BughouseError,
    "An action after the game ended."
);
create_exception!(
    bughouse,
    NoSitsLeftError,
    BughouseError,
    "A seat tried to sit after using all its sits (R24)."
);
create_exception!(
    bughouse,
    InvalidBpgnError,
    BughouseError,
    "A BPGN text that cannot be read (N4)."
);

/// Adds every exception type to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BughouseError", py.get_type::<BughouseError>())?;
    m.add("InvalidFenError", py.get_type::<InvalidFenError>())?;
    m.add("InvalidMoveError", py.get_type::<InvalidMoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("AmbiguousMoveError", py.get_type::<AmbiguousMoveError>())?;
    m.add("NotYourTurnError", py.get_type::<NotYourTurnError>())?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("NoSitsLeftError", py.get_type::<NoSitsLeftError>())?;
    m.add("InvalidBpgnError", py.get_type::<InvalidBpgnError>())?;
    Ok(())
}

/// A core error that has one Python exception. The core's `Display` already
/// names what is wrong and where (byte offset, square, rule id); the message
/// keeps it whole.
pub(crate) trait ToPyErr {
    fn to_py_err(self) -> PyErr;
}

impl ToPyErr for FenError {
    fn to_py_err(self) -> PyErr {
        InvalidFenError::new_err(self.to_string())
    }
}

impl ToPyErr for bughouse_core::IllegalMoveError {
    fn to_py_err(self) -> PyErr {
        IllegalMoveError::new_err(self.to_string())
    }
}

/// Move text that could not be read, with the text itself: the core's error
/// carries only the byte offset.
pub(crate) struct BadMoveText<'a>(pub &'a str, pub MoveTextError);

impl ToPyErr for BadMoveText<'_> {
    fn to_py_err(self) -> PyErr {
        let BadMoveText(text, e) = self;
        InvalidMoveError::new_err(format!(
            "invalid UCI move '{text}' at byte {}: {}",
            e.offset, e.reason
        ))
    }
}

/// `result.or_raise()?` turns a core error into its Python exception.
pub(crate) trait OrRaise<T> {
    fn or_raise(self) -> PyResult<T>;
}

impl<T, E: ToPyErr> OrRaise<T> for Result<T, E> {
    fn or_raise(self) -> PyResult<T> {
        self.map_err(ToPyErr::to_py_err)
    }
}

/// Move fields that do not make a move (`Move(...)` with a bad combination).
pub(crate) fn invalid_move(message: String) -> PyErr {
    InvalidMoveError::new_err(message)
}

/// A pocket description that cannot be read or breaks the R8 bounds.
pub(crate) fn invalid_pocket(message: String) -> PyErr {
    BughouseError::new_err(message)
}

/// An integer that is not a square, piece type, or other enumerated value:
/// a plain `ValueError`, as python-chess raises for such arguments.
pub(crate) fn out_of_range(what: &str, value: i64, range: &str) -> PyErr {
    PyValueError::new_err(format!("{what} must be in {range}, not {value}"))
}

/// A name that is not a square name, as `chess.parse_square` raises.
pub(crate) fn bad_square_name(name: &str) -> PyErr {
    PyValueError::new_err(format!("not a square name: {name:?}"))
}

/// `pop()` on a board with no moves: `IndexError`, as `list.pop()` and
/// python-chess raise.
pub(crate) fn empty_move_stack() -> PyErr {
    PyIndexError::new_err("pop from empty move stack")
}
