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
//! index.js gives those errors our `ERR_INVALID_ARG_TYPE` (and a call on
//! something that is not an instance of the class `ERR_INVALID_THIS`).
//! Messages quote only the start of the caller's text ([`quote`]).

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
    /// The computer player could not start its search thread: the system
    /// is out of threads or memory (`botMove`).
    NoSearchThread,
    /// An argument of the wrong JavaScript type (a number for a seat, a
    /// string for the options).
    InvalidArgType,
    /// A game used after `dispose()`.
    Disposed,
    /// `botMoveAsync(…, { play: true })`: the seat's board changed while the
    /// search ran, so its choice is not played (another call moved first).
    StaleSearch,
}

// The core's codes the binding also gives for its own argument checks (a
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

/// Any core error: its code and its message.
pub fn core(code: ErrorCode, message: impl std::fmt::Display) -> Error {
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
pub fn out_of_range(name: &str, max: impl std::fmt::Display, got: f64) -> Error {
    error(
        Code::OutOfRange,
        format!("{name} must be an integer from 0 to {max}, got {got}"),
    )
}
