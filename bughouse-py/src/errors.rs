//! The one place where errors become Python exceptions.
//!
//! Every exception the package raises is defined here, in the hierarchy the
//! API fixes: `BughouseError(ValueError)` and one subclass per kind of bad
//! input, python-chess style (`except ValueError` keeps working). Every
//! exception carries the core's stable code as its `code` attribute
//! (`"ERR_ILLEGAL_MOVE"` …: `bughouse_core::ErrorCode`, the same codes the
//! Node package gives as `err.code`); the class follows from the code, so
//! this file only translates.

use bughouse_core::{
    ErrorCode, FenError, GameError, MoveTextError, Outcome, SanError, Seat, SetupError,
    error::Excerpt, game::TimeControlError,
};
use pyo3::exceptions::{PyIndexError, PyOSError, PyRuntimeError, PyValueError};
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
    // Every exception the engine raises sets its own `code`; the class
    // default is for instances made elsewhere.
    py.get_type::<BughouseError>().setattr("code", py.None())?;
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

/// Sets the exception's `code` attribute (what programs branch on).
pub(crate) fn with_code(err: PyErr, code: &str) -> PyErr {
    Python::attach(|py| {
        // Setting an attribute on a fresh exception instance cannot fail
        // short of memory; the exception is raised either way.
        let _ = err.value(py).setattr("code", code);
    });
    err
}

/// The exception of a core code, with `message`: the class is the code's
/// (python-chess style subclasses of `BughouseError`), `code` the core's.
pub(crate) fn exception(code: ErrorCode, message: String) -> PyErr {
    let err = match code {
        ErrorCode::InvalidFen => InvalidFenError::new_err(message),
        ErrorCode::InvalidMove => InvalidMoveError::new_err(message),
        ErrorCode::IllegalMove => IllegalMoveError::new_err(message),
        ErrorCode::AmbiguousMove => AmbiguousMoveError::new_err(message),
        ErrorCode::NotYourTurn => NotYourTurnError::new_err(message),
        ErrorCode::GameOver => GameOverError::new_err(message),
        ErrorCode::NoSitsLeft => NoSitsLeftError::new_err(message),
        ErrorCode::InvalidBpgn => InvalidBpgnError::new_err(message),
        _ => BughouseError::new_err(message),
    };
    with_code(err, code.as_str())
}

/// A core error that has one Python exception. The core's `Display` already
/// names what is wrong and where (byte offset, square, rule id); the message
/// keeps it whole.
pub(crate) trait ToPyErr {
    fn to_py_err(self) -> PyErr;
}

impl ToPyErr for FenError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

impl ToPyErr for bughouse_core::IllegalMoveError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

impl ToPyErr for bughouse_core::error::SettingsError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

impl ToPyErr for bughouse_core::error::SeatError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

impl ToPyErr for bughouse_core::error::BoardIdError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

impl ToPyErr for bughouse_core::game::OutcomeError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

/// Move text that could not be read, with the text itself: the core's error
/// carries only the byte offset.
pub(crate) struct BadMoveText<'a>(pub &'a str, pub MoveTextError);

impl ToPyErr for BadMoveText<'_> {
    fn to_py_err(self) -> PyErr {
        let BadMoveText(text, e) = self;
        exception(
            e.code(),
            format!(
                "invalid UCI move {} at byte {}: {}",
                Excerpt::of(text),
                e.offset,
                e.reason
            ),
        )
    }
}

/// SAN text that could not be turned into a legal move, with the text.
pub(crate) struct BadSan<'a>(pub &'a str, pub SanError);

impl ToPyErr for BadSan<'_> {
    fn to_py_err(self) -> PyErr {
        let BadSan(text, e) = self;
        let message = match e {
            SanError::Invalid(e) => format!(
                "invalid SAN {} at byte {}: {}",
                Excerpt::of(text),
                e.offset,
                e.reason
            ),
            // The core's messages name the SAN and why (or both matches).
            SanError::Illegal { .. } | SanError::Ambiguous { .. } => e.to_string(),
        };
        exception(e.code(), message)
    }
}

impl ToPyErr for SetupError {
    fn to_py_err(self) -> PyErr {
        let message = match self {
            SetupError::Fen(e) => format!("invalid BFEN: {e}"),
            SetupError::Settings(e) => e.to_string(),
        };
        exception(self.code(), message)
    }
}

impl ToPyErr for TimeControlError {
    fn to_py_err(self) -> PyErr {
        exception(self.code(), self.to_string())
    }
}

/// A refused game action, with what the caller gave (the move text, if
/// any) and the ending when the game is over, so the message is whole:
/// "A-White: invalid move 'Nz9' (neither UCI nor SAN) at byte 1: …",
/// "the game is over: A-Black ran out of time: team 1 wins (R28)".
pub(crate) struct Refused<'a> {
    pub error: GameError,
    pub text: Option<&'a str>,
    pub outcome: Option<Outcome>,
}

impl ToPyErr for Refused<'_> {
    fn to_py_err(self) -> PyErr {
        let Refused {
            error,
            text,
            outcome,
        } = self;
        let message = error.to_string();
        let message = match error {
            GameError::GameOver => match outcome {
                Some(o) => format!("the game is over: {o}"),
                None => message,
            },
            GameError::NotYourTurn { seat } => {
                format!("not your turn: {seat} ('{}') may not act now", seat.char())
            }
            GameError::InvalidMove { seat, error } => match text {
                Some(text) => format!(
                    "{seat}: invalid move {} (neither UCI nor SAN) at byte {}: {}",
                    Excerpt::of(text),
                    error.offset,
                    error.reason
                ),
                None => message,
            },
            GameError::AmbiguousMove { seat, .. }
            | GameError::IllegalSan { seat, .. }
            | GameError::IllegalMove { seat, .. } => with_seat(seat, text, message),
            _ => message,
        };
        exception(error.code(), message)
    }
}

/// The core's message (which starts with the seat's name) with the text
/// the caller gave, when it differs from what the message shows.
fn with_seat(seat: Seat, text: Option<&str>, message: String) -> String {
    match text {
        Some(text) if !message.contains(text) => {
            format!("{message} (from {} by {seat})", Excerpt::of(text))
        }
        _ => message,
    }
}

/// A number argument outside its range that the core does not see (a
/// negative timestamp or move cap): `BughouseError`, code `ERR_OUT_OF_RANGE`.
pub(crate) fn bad_setting(message: String) -> PyErr {
    exception(ErrorCode::OutOfRange, message)
}

/// A record that breaks the rules, in `read_bpgn(..., strict=True)`.
pub(crate) fn invalid_bpgn(message: String) -> PyErr {
    exception(ErrorCode::InvalidBpgn, message)
}

/// A file that could not be read: `OSError(errno, why, path)`, which Python
/// turns into the matching subclass (`FileNotFoundError`, …).
pub(crate) fn io_error(e: &std::io::Error, path: &std::path::Path) -> PyErr {
    // std's message ends with " (os error N)": Python shows the errno itself.
    let message = e.to_string();
    let message = message
        .rsplit_once(" (os error")
        .map_or(message.as_str(), |(m, _)| m)
        .to_string();
    PyOSError::new_err((
        e.raw_os_error().unwrap_or(0),
        message,
        path.display().to_string(),
    ))
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
    exception(ErrorCode::InvalidMove, message)
}

/// A pocket description that cannot be read or breaks the R8 bounds.
pub(crate) fn invalid_pocket(message: String) -> PyErr {
    exception(ErrorCode::InvalidArgValue, message)
}

/// An integer that is not a square, piece type, or other enumerated value:
/// a plain `ValueError`, as python-chess raises for such arguments (with
/// the code `ERR_OUT_OF_RANGE`).
pub(crate) fn out_of_range(what: &str, value: i64, range: &str) -> PyErr {
    with_code(
        PyValueError::new_err(format!("{what} must be in {range}, not {value}")),
        ErrorCode::OutOfRange.as_str(),
    )
}

/// As `out_of_range`, for an argument of any size.
pub(crate) fn out_of_range_int(what: &str, value: &crate::convert::Int, range: &str) -> PyErr {
    with_code(
        PyValueError::new_err(format!("{what} must be in {range}, not {value}")),
        ErrorCode::OutOfRange.as_str(),
    )
}

/// A piece symbol that is not one FEN letter, as `chess.Piece.from_symbol`
/// raises.
pub(crate) fn bad_piece_symbol(symbol: &str) -> PyErr {
    with_code(
        PyValueError::new_err(format!(
            "not a piece symbol: {} (one of P N B R Q K, lower case for Black)",
            Excerpt::of(symbol)
        )),
        ErrorCode::InvalidArgValue.as_str(),
    )
}

/// An edit that would make a position no FEN may hold (N1): the core's
/// reason, as `InvalidFenError` (the board is unchanged).
pub(crate) fn bad_edit(kind: bughouse_core::error::FenErrorKind) -> PyErr {
    exception(
        ErrorCode::InvalidFen,
        format!("the edit would make an invalid position: {kind}"),
    )
}

/// A name that is not a square name, as `chess.parse_square` raises.
pub(crate) fn bad_square_name(name: &str) -> PyErr {
    with_code(
        PyValueError::new_err(format!("not a square name: {}", Excerpt::of(name))),
        ErrorCode::InvalidArgValue.as_str(),
    )
}

/// The null move where the side to move is in check: passing would leave
/// its king capturable (R13), so the core's `Board::null_move` refuses it.
pub(crate) fn null_move_in_check() -> PyErr {
    exception(
        ErrorCode::IllegalMove,
        "illegal null move: the side to move is in check, and passing would leave its king capturable (R13)"
            .into(),
    )
}

/// The null move in `variation_san`'s line of legal moves.
pub(crate) fn null_move_in_line() -> PyErr {
    exception(
        ErrorCode::IllegalMove,
        "illegal move 0000: the null move is no legal move (R9)".into(),
    )
}

/// `Game.push(seat, Move.null())`: no seat may pass a move in a game.
pub(crate) fn null_move_in_game(seat: Seat) -> PyErr {
    exception(
        ErrorCode::InvalidMove,
        format!(
            "{seat}: the null move (Move.null(), '0000') is no move in a game: a seat moves or drops (R9), or sits (Game.sit, R24)"
        ),
    )
}

/// `pop()` on a board with no moves: `IndexError`, as `list.pop()` and
/// python-chess raise.
pub(crate) fn empty_move_stack() -> PyErr {
    PyIndexError::new_err("pop from empty move stack")
}

/// `peek()` on a board with no moves: `IndexError`, as python-chess's
/// `move_stack[-1]` raises.
pub(crate) fn nothing_to_peek() -> PyErr {
    PyIndexError::new_err("peek at empty move stack: no move has been played on this board")
}

/// The bot's search thread could not be started (the process is out of
/// threads or memory): `RuntimeError`, as `threading.Thread.start` raises.
pub(crate) fn no_search_thread(e: &std::io::Error) -> PyErr {
    PyRuntimeError::new_err(format!("cannot start the bot's search thread: {e}"))
}

/// `Game.bot_move(play=True)` found the seat's board changed by another
/// thread after every search: nothing was played.
pub(crate) fn game_kept_changing(tries: usize) -> PyErr {
    BughouseError::new_err(format!(
        "the board changed during each of {tries} searches (other threads acted on it); nothing was played"
    ))
}
