//! The one place where the core's typed errors become JavaScript `Error`s.
//!
//! Every error this package throws on purpose is an `Error` whose `code`
//! property is one of the stable strings of [`Code`] and whose `message`
//! says what is wrong and where (the core's own message, which names the rule
//! id, byte offset or square). Callers branch on `code`, people read
//! `message`. napi-rs sets `code` from the status we give it, so the codes
//! below are the whole contract.
//!
//! Arguments of the wrong JavaScript type (a number where a string is
//! expected) are refused by napi-rs's own conversions before our code runs;
//! they throw too, with napi-rs's codes (`StringExpected`, …), and never crash.

use bughouse_core::{FenError, IllegalMoveError, MoveTextError};

/// The stable `code` of every error the package throws on purpose.
///
/// The first eight are the package's API (issue 6); the last three are the
/// argument checks every binding needs, named as Node names its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// A FEN or BFEN that cannot be read, or a position no game can reach (N1, N2).
    InvalidFen,
    /// Move text that is neither UCI nor SAN (N3).
    InvalidMove,
    /// A well-formed move that is not legal now (R9–R13).
    IllegalMove,
    /// SAN that fits more than one legal move (N3).
    #[allow(dead_code)] // thrown once SAN input exists
    AmbiguousMove,
    /// A seat acting when it is not its turn (R19, R22, F12).
    #[allow(dead_code)] // thrown by `Game`
    NotYourTurn,
    /// An action after the game ended (R27–R34).
    #[allow(dead_code)] // thrown by `Game`
    GameOver,
    /// A seat that used its three sits (R24).
    #[allow(dead_code)] // thrown by `Game`
    NoSitsLeft,
    /// A BPGN record that cannot be read (N4).
    #[allow(dead_code)] // thrown by `readBpgn`
    InvalidBpgn,
    /// A string argument outside its set: a colour, a square, a seat.
    InvalidArgValue,
    /// A number argument that is not an integer in range (a perft depth).
    OutOfRange,
    /// `pop()` with no move to take back.
    EmptyHistory,
}

impl Code {
    /// The string JavaScript sees as `error.code`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::InvalidFen => "ERR_INVALID_FEN",
            Code::InvalidMove => "ERR_INVALID_MOVE",
            Code::IllegalMove => "ERR_ILLEGAL_MOVE",
            Code::AmbiguousMove => "ERR_AMBIGUOUS_MOVE",
            Code::NotYourTurn => "ERR_NOT_YOUR_TURN",
            Code::GameOver => "ERR_GAME_OVER",
            Code::NoSitsLeft => "ERR_NO_SITS_LEFT",
            Code::InvalidBpgn => "ERR_INVALID_BPGN",
            Code::InvalidArgValue => "ERR_INVALID_ARG_VALUE",
            Code::OutOfRange => "ERR_OUT_OF_RANGE",
            Code::EmptyHistory => "ERR_EMPTY_HISTORY",
        }
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// A JavaScript `Error` carrying one of our codes.
pub type Error = napi::Error<Code>;

/// The result of every fallible exported function.
pub type Result<T> = std::result::Result<T, Error>;

/// An error with `code` and a message for people.
pub fn error(code: Code, message: impl Into<String>) -> Error {
    Error::new(code, message.into())
}

/// A FEN that could not be read or describes an impossible position.
pub fn invalid_fen(e: FenError) -> Error {
    error(Code::InvalidFen, e.to_string())
}

/// Move text that could not be read; `text` is quoted in the message.
pub fn invalid_move(text: &str, e: MoveTextError) -> Error {
    error(Code::InvalidMove, format!("{text:?}: {e}"))
}

/// A move the position does not allow; the core says why.
pub fn illegal_move(e: IllegalMoveError) -> Error {
    error(Code::IllegalMove, e.to_string())
}

/// A string argument outside its set of values.
pub fn invalid_arg(name: &str, expected: &str, got: &str) -> Error {
    error(
        Code::InvalidArgValue,
        format!("{name} must be {expected}, got {got:?}"),
    )
}

/// A number argument that is not an integer in `0..=max`.
pub fn out_of_range(name: &str, max: u32, got: f64) -> Error {
    error(
        Code::OutOfRange,
        format!("{name} must be an integer from 0 to {max}, got {got}"),
    )
}
