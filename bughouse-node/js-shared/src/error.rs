//! The one place where the core's typed errors become the package's errors:
//! a stable `code` (callers branch on it) and a message for people that says
//! what is wrong and where (the core's own message, naming the rule id, byte
//! offset or square), quoting only the start of the caller's text
//! ([`quote`]), never megabytes.

use std::fmt::Display;

use bughouse_core::{
    ErrorCode, FenError, GameError, IllegalMoveError, MoveTextError, SanError, SetupError,
    error::Excerpt,
};

/// The stable `code` of every error the package throws on purpose: the
/// core's own code for everything the core decides (one vocabulary with the
/// Python package, see `bughouse_core::ErrorCode`), and the few failures
/// only a binding can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// What the core decided: its code, as it gives it.
    Core(ErrorCode),
    /// `pop()` with no move to take back.
    EmptyHistory,
    /// The computer player could not start its search thread (the addon:
    /// the system is out of threads or memory).
    NoSearchThread,
    /// An argument of the wrong JavaScript type (a number for a seat, a
    /// string for the options): Node's own code. A `TypeError`.
    InvalidArgType,
    /// A game used after `dispose()`.
    Disposed,
    /// `botMoveAsync(…, { play: true })`: the seat's board changed while the
    /// search ran, so its choice is not played (another call moved first).
    StaleSearch,
}

// The core's codes the bindings also give for their own argument checks (a
// JavaScript number that is no integer, an option outside its set), under
// their core names.
#[allow(non_upper_case_globals)]
impl Code {
    /// A string argument outside its set of values.
    pub const InvalidArgValue: Code = Code::Core(ErrorCode::InvalidArgValue);
    /// A number argument that is not an integer in range.
    pub const OutOfRange: Code = Code::Core(ErrorCode::OutOfRange);
    /// Text with no BPGN game record in it at all (N4).
    pub const InvalidBpgn: Code = Code::Core(ErrorCode::InvalidBpgn);
}

impl Code {
    /// The string JavaScript sees as `error.code`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::Core(code) => code.as_str(),
            Code::EmptyHistory => "ERR_EMPTY_HISTORY",
            Code::NoSearchThread => "ERR_NO_SEARCH_THREAD",
            Code::InvalidArgType => "ERR_INVALID_ARG_TYPE",
            Code::Disposed => "ERR_DISPOSED",
            Code::StaleSearch => "ERR_STALE_SEARCH",
        }
    }

    /// Whether JavaScript throws it as a `TypeError` (a wrong type, as
    /// Node's own APIs do) rather than an `Error`.
    pub const fn is_type_error(self) -> bool {
        matches!(self, Code::InvalidArgType)
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// An error of the package: its code and its message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What callers branch on.
    pub code: Code,
    /// What people read.
    pub message: String,
}

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// The result of every fallible call.
pub type Result<T> = std::result::Result<T, Error>;

/// An error with `code` and a message for people.
pub fn error(code: Code, message: impl Into<String>) -> Error {
    Error {
        code,
        message: message.into(),
    }
}

/// Any core error: its code and its message.
pub fn core(code: ErrorCode, message: impl Display) -> Error {
    error(Code::Core(code), message.to_string())
}

/// The caller's text for a message, as the core quotes it
/// ([`Excerpt`]: its first characters), so a megabyte argument gives a
/// short message.
pub fn quote(text: &str) -> String {
    Excerpt::of(text).to_string()
}

/// A FEN that could not be read or describes an impossible position.
pub fn invalid_fen(e: FenError) -> Error {
    core(e.code(), e)
}

/// Move text that could not be read; the start of `text` is quoted.
pub fn invalid_move(text: &str, e: MoveTextError) -> Error {
    core(e.code(), format_args!("{}: {e}", Excerpt::of(text)))
}

/// A move the position does not allow; the core says why.
pub fn illegal_move(e: IllegalMoveError) -> Error {
    core(e.code(), e)
}

/// SAN that names no legal move on one board (N3); the start of `text` is
/// quoted for unreadable text.
pub fn san(text: &str, e: SanError) -> Error {
    match e {
        SanError::Invalid(e) => invalid_move(text, e),
        _ => core(e.code(), e),
    }
}

/// A game action the core refused.
pub fn game(e: GameError) -> Error {
    core(e.code(), e)
}

/// A game that could not be set up: a bad BFEN or settings.
pub fn setup(e: SetupError) -> Error {
    core(e.code(), e)
}

/// A string argument outside its set of values.
pub fn invalid_arg(name: &str, expected: &str, got: &str) -> Error {
    error(
        Code::InvalidArgValue,
        format!("{name} must be {expected}, got {}", Excerpt::of(got)),
    )
}

/// An argument of the wrong JavaScript type: `got` names its type.
pub fn invalid_type(name: &str, expected: &str, got: &str) -> Error {
    error(
        Code::InvalidArgType,
        format!("{name} must be {expected}, got {got}"),
    )
}

/// A game used after `dispose()`.
pub fn disposed() -> Error {
    error(
        Code::Disposed,
        "the game was disposed (dispose()): it holds no state any more",
    )
}

/// A number argument that is not an integer in `0..=max`.
pub fn out_of_range(name: &str, max: impl Display, got: f64) -> Error {
    error(
        Code::OutOfRange,
        format!("{name} must be an integer from 0 to {max}, got {got}"),
    )
}

/// `pop()` on a board with no move played by `push`.
pub fn empty_history() -> Error {
    error(Code::EmptyHistory, "no move to take back")
}
