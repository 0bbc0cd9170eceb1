//! `Move`: a normal move or a drop (R9), as python-chess shapes it, and
//! python-chess's null move (`Move.null()`, UCI `"0000"`): no move of the
//! rules (a board passes through the core's `Board::null_move`; a game
//! refuses it), so the core's `Move` has no such value and the binding
//! holds it as `None`.

use std::sync::OnceLock;

use bughouse_core::{Move, Role};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use crate::convert;
use crate::errors::{self, BadMoveText, OrRaise};

/// A move or a drop on one board, or the null move (`None`). Immutable
/// and hashable.
#[pyclass(frozen, eq, hash, module = "bughouse", name = "Move")]
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct PyMove(pub(crate) Option<Move>);

/// The UCI of the null move, as python-chess and UCI engines write it.
pub(crate) const NULL_UCI: &str = "0000";

/// Where each move's shared Python object lives: normal moves by
/// `(from, to, promotion)`, drops by `(role, to)`, the null move last.
const CACHE_SIZE: usize = 64 * 64 * 5 + 6 * 64 + 1;

/// The null move's slot.
const NULL_INDEX: usize = CACHE_SIZE - 1;

/// Python `Move` objects, made once per distinct move and shared after: a
/// `Move` is immutable, and making a Python object costs far more than
/// finding one (listing legal moves got about twice as fast). A static
/// `Py` is never released, which is fine: there are at most `CACHE_SIZE`.
static CACHE: OnceLock<Box<[OnceLock<Py<PyMove>>]>> = OnceLock::new();

/// The cache slot of a move, or None for the few well-formed moves no board
/// generates (a promotion to a pawn or king, a king drop; the API refuses
/// to make them, this only keeps the index honest).
fn cache_index(m: Move) -> Option<usize> {
    match m {
        Move::Normal {
            from,
            to,
            promotion,
        } => {
            let promotion = match promotion {
                None => 0,
                Some(Role::Pawn | Role::King) => return None,
                Some(role) => role.index(),
            };
            Some((from.index() * 64 + to.index()) * 5 + promotion)
        }
        Move::Drop { role, to } => Some(64 * 64 * 5 + role.index() * 64 + to.index()),
    }
}

/// The Python object of a move (shared: moves are immutable).
pub(crate) fn to_py(py: Python<'_>, m: Move) -> PyResult<Bound<'_, PyMove>> {
    to_py_or_null(py, Some(m))
}

/// The Python object of a move or, for `None`, of the null move.
pub(crate) fn to_py_or_null(py: Python<'_>, m: Option<Move>) -> PyResult<Bound<'_, PyMove>> {
    let index = match m {
        None => Some(NULL_INDEX),
        Some(m) => cache_index(m),
    };
    let Some(i) = index else {
        return Bound::new(py, PyMove(m));
    };
    let table = CACHE.get_or_init(|| (0..CACHE_SIZE).map(|_| OnceLock::new()).collect());
    let slot = &table[i];
    if let Some(obj) = slot.get() {
        return Ok(obj.bind(py).clone());
    }
    // Made outside any lock (making an object may run arbitrary Python code
    // through the garbage collector); if another thread filled the slot
    // meanwhile, its object wins and this one is dropped.
    let made = Py::new(py, PyMove(m))?;
    let _ = slot.set(made);
    match slot.get() {
        Some(obj) => Ok(obj.bind(py).clone()),
        None => Bound::new(py, PyMove(m)),
    }
}

/// A Python list of moves.
pub(crate) fn list_to_py<'py>(
    py: Python<'py>,
    moves: impl IntoIterator<Item = Move>,
) -> PyResult<Bound<'py, PyList>> {
    let objects = moves
        .into_iter()
        .map(|m| to_py(py, m))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objects)
}

/// The move of python-chess's four fields (`None` for its null move,
/// `Move(A1, A1)`), or `InvalidMoveError` naming what does not make a move.
fn from_fields(
    from_square: Option<i64>,
    to_square: i64,
    promotion: Option<i64>,
    drop: Option<i64>,
) -> PyResult<Option<Move>> {
    if (from_square, to_square, promotion, drop) == (Some(0), 0, None, None) {
        return Ok(None);
    }
    let to = convert::square(to_square)?;
    let from = from_square.map(convert::square).transpose()?;
    let promotion = promotion.map(convert::role).transpose()?;
    let drop = drop.map(convert::role).transpose()?;
    let mv = match drop {
        Some(role) => {
            if from.is_some_and(|f| f != to) {
                return Err(errors::invalid_move(
                    "a drop has no from_square (or from_square == to_square)".into(),
                ));
            }
            if promotion.is_some() {
                return Err(errors::invalid_move("a drop cannot promote".into()));
            }
            if role == Role::King {
                return Err(errors::invalid_move("a king is never dropped (R3)".into()));
            }
            Move::Drop { role, to }
        }
        None => {
            let from = from.ok_or_else(|| {
                errors::invalid_move("a move without from_square must be a drop".into())
            })?;
            if from == to {
                return Err(errors::invalid_move(
                    "a move must change squares (the null move is Move.null(), from and to a1)"
                        .into(),
                ));
            }
            if matches!(promotion, Some(Role::Pawn | Role::King)) {
                return Err(errors::invalid_move(
                    "a promotion is to a knight, bishop, rook or queen".into(),
                ));
            }
            Move::Normal {
                from,
                to,
                promotion,
            }
        }
    };
    Ok(Some(mv))
}

/// The move a Python argument names, refusing the null move
/// (`InvalidMoveError`): see `extract_or_null`.
pub(crate) fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    extract_or_null(obj)?.ok_or_else(|| {
        errors::invalid_move(
            "the null move (Move.null(), '0000') is no move or drop here (R9); only Board.push plays it"
                .into(),
        )
    })
}

/// The move a Python argument names, `None` for the null move: a
/// `bughouse.Move`, or any object with python-chess's `Move` fields
/// (`from_square`, `to_square`, `promotion`, `drop`), such as a
/// `chess.Move`; else `TypeError` saying what to pass.
pub(crate) fn extract_or_null(obj: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().0);
    }
    if obj.hasattr("from_square")? && obj.hasattr("to_square")? {
        let field = |name: &str| -> PyResult<Option<i64>> {
            match obj.getattr(name) {
                Ok(v) => v.extract(),
                Err(_) => Ok(None),
            }
        };
        let to: Option<i64> = field("to_square")?;
        let to = to.ok_or_else(|| errors::invalid_move("a move needs a to_square".into()))?;
        return from_fields(
            field("from_square")?,
            to,
            field("promotion")?,
            field("drop")?,
        );
    }
    Err(PyTypeError::new_err(format!(
        "expected a bughouse.Move (or a chess.Move; for text use push_uci / push_san), not {}",
        obj.get_type().name()?
    )))
}

impl PyMove {
    /// Reads UCI text, naming the text in the error; `"0000"` (the null
    /// move) is an `InvalidMoveError` here, as for the core.
    pub(crate) fn parse(uci: &str) -> PyResult<Move> {
        Move::from_uci(uci)
            .map_err(|e| BadMoveText(uci, e))
            .or_raise()
    }

    /// Reads UCI text, `None` for `"0000"`, python-chess's null move.
    pub(crate) fn parse_or_null(uci: &str) -> PyResult<Option<Move>> {
        if uci == NULL_UCI {
            return Ok(None);
        }
        PyMove::parse(uci).map(Some)
    }

    /// The UCI text; `"0000"` for the null move.
    fn text(&self) -> String {
        self.0
            .map_or_else(|| NULL_UCI.to_string(), |m| m.to_string())
    }
}

#[pymethods]
impl PyMove {
    /// `Move(from_square, to_square, promotion=None, drop=None)` as in
    /// python-chess. A drop has `from_square` None (or equal to `to_square`,
    /// as python-chess writes drops) and `drop` set to the piece type.
    /// `Move(A1, A1)` is the null move, as in python-chess.
    #[new]
    #[pyo3(signature = (from_square, to_square, promotion=None, drop=None))]
    fn new(
        from_square: Option<i64>,
        to_square: i64,
        promotion: Option<i64>,
        drop: Option<i64>,
    ) -> PyResult<PyMove> {
        Ok(PyMove(from_fields(
            from_square,
            to_square,
            promotion,
            drop,
        )?))
    }

    /// Reads UCI (N3): `"e2e4"`, `"e7e8q"`, `"N@f3"`, `"P@e4"`; castling is
    /// the king's two-square move (`"e1g1"`); `"0000"` is the null move.
    /// `InvalidMoveError` otherwise.
    #[staticmethod]
    fn from_uci<'py>(py: Python<'py>, uci: &str) -> PyResult<Bound<'py, PyMove>> {
        to_py_or_null(py, PyMove::parse_or_null(uci)?)
    }

    /// python-chess's null move: false as a truth value, UCI `"0000"`, SAN
    /// `"--"`, from and to a1. No rule allows it (R9: a seat moves or
    /// drops; a sit, R24, is `Game.sit`): `Board.push` plays it through the
    /// core's null move (the side to move passes; the en passant square
    /// lapses; the counters stay; refused in check), a `Game` refuses it
    /// (`InvalidMoveError`, as the text `"0000"`), and it is never legal.
    #[staticmethod]
    fn null(py: Python<'_>) -> PyResult<Bound<'_, PyMove>> {
        to_py_or_null(py, None)
    }

    /// The UCI text (N3); `"0000"` for the null move.
    fn uci(&self) -> String {
        self.text()
    }

    /// False only for the null move.
    fn __bool__(&self) -> bool {
        self.0.is_some()
    }

    /// Where the piece stands; None for a drop; a1 (0) for the null move.
    #[getter(from_square)]
    fn origin(&self) -> Option<u8> {
        match self.0 {
            None => Some(0),
            Some(m) => m.from().map(convert::square_number),
        }
    }

    /// Where the piece goes; a1 (0) for the null move.
    #[getter]
    fn to_square(&self) -> u8 {
        self.0.map_or(0, |m| convert::square_number(m.to()))
    }

    /// The piece type a pawn promotes to, or None.
    #[getter]
    fn promotion(&self) -> Option<u8> {
        self.0?.promotion().map(convert::role_number)
    }

    /// The piece type dropped, or None for a board move.
    #[getter]
    fn drop(&self) -> Option<u8> {
        match self.0? {
            Move::Drop { role, .. } => Some(convert::role_number(role)),
            Move::Normal { .. } => None,
        }
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!("Move.from_uci('{}')", self.text())
    }

    /// Pickles as `Move(from_square, to_square, promotion, drop)`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyType>, (Option<u8>, u8, Option<u8>, Option<u8>)) {
        let m = slf.get();
        (
            slf.get_type(),
            (m.origin(), m.to_square(), m.promotion(), m.drop()),
        )
    }
}
