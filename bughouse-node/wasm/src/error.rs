//! The one place where the core's typed errors become JavaScript `Error`s,
//! with the same `code` strings and messages as the N-API addon
//! (`../src/error.rs`); `__test__/surface.test.mjs` and the shared
//! `node --test` suite check that both builds throw alike.

use bughouse_core::{
    ErrorCode, Excerpt, FenError, GameError, IllegalMoveError, MoveTextError, SanError, SetupError,
};
use wasm_bindgen::JsValue;

/// The stable `code` of every error the package throws on purpose: the
/// strings of the addon's `Code` (`../src/error.rs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// A FEN or BFEN that cannot be read, or a position no game can reach (N1, N2).
    InvalidFen,
    /// Move text that is neither UCI nor SAN (N3).
    InvalidMove,
    /// A well-formed move that is not legal now (R9–R13), UCI or SAN.
    IllegalMove,
    /// SAN that fits more than one legal move (N3).
    AmbiguousMove,
    /// A seat acting when it is not its turn (R19, R22, F12).
    NotYourTurn,
    /// An action after the game ended (R27–R34, F2).
    GameOver,
    /// A seat that used its three sits (R24).
    NoSitsLeft,
    /// Text with no BPGN game record in it at all (N4).
    InvalidBpgn,
    /// A timestamp before the game's time (R21, F3).
    TimeWentBackwards,
    /// A move without a timestamp in a live game with clocks (R21).
    TimestampRequired,
    /// A sit in the live game (F7).
    SitInLiveGame,
    /// A draw offer from a computer seat (R30, F11).
    NotHuman,
    /// A string argument outside its set.
    InvalidArgValue,
    /// An argument of the wrong JavaScript type.
    InvalidArgType,
    /// A number argument that is not an integer in range.
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
            Code::TimeWentBackwards => "ERR_TIME_WENT_BACKWARDS",
            Code::TimestampRequired => "ERR_TIMESTAMP_REQUIRED",
            Code::SitInLiveGame => "ERR_SIT_IN_LIVE_GAME",
            Code::NotHuman => "ERR_NOT_HUMAN",
            Code::InvalidArgValue => "ERR_INVALID_ARG_VALUE",
            Code::InvalidArgType => "ERR_INVALID_ARG_TYPE",
            Code::OutOfRange => "ERR_OUT_OF_RANGE",
            Code::EmptyHistory => "ERR_EMPTY_HISTORY",
        }
    }
}

/// The result of every fallible exported function: the error is a
/// JavaScript `Error` with `code` set.
pub type Result<T> = std::result::Result<T, JsValue>;

/// An `Error` (a `TypeError` for a wrong type, as Node throws) with `code`
/// and a message for people.
pub fn error(code: Code, message: impl AsRef<str>) -> JsValue {
    let e: js_sys::Error = if code == Code::InvalidArgType {
        js_sys::TypeError::new(message.as_ref()).into()
    } else {
        js_sys::Error::new(message.as_ref())
    };
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(&e, &"code".into(), &code.as_str().into());
    e.into()
}

/// Any core error: its code (the core's, one vocabulary with the addon and
/// Python) and its message.
pub fn core(code: ErrorCode, message: impl std::fmt::Display) -> JsValue {
    let code = match code {
        ErrorCode::InvalidFen => Code::InvalidFen,
        ErrorCode::InvalidMove => Code::InvalidMove,
        ErrorCode::IllegalMove => Code::IllegalMove,
        ErrorCode::AmbiguousMove => Code::AmbiguousMove,
        ErrorCode::NotYourTurn => Code::NotYourTurn,
        ErrorCode::GameOver => Code::GameOver,
        ErrorCode::NoSitsLeft => Code::NoSitsLeft,
        ErrorCode::InvalidBpgn => Code::InvalidBpgn,
        ErrorCode::TimeWentBackwards => Code::TimeWentBackwards,
        ErrorCode::TimestampRequired => Code::TimestampRequired,
        ErrorCode::SitInLiveGame => Code::SitInLiveGame,
        ErrorCode::NotHuman => Code::NotHuman,
        ErrorCode::OutOfRange => Code::OutOfRange,
        _ => Code::InvalidArgValue,
    };
    error(code, message.to_string())
}

/// A FEN that could not be read or describes an impossible position.
pub fn invalid_fen(e: FenError) -> JsValue {
    core(e.code(), e)
}

/// Move text that could not be read; the start of `text` is quoted.
pub fn invalid_move(text: &str, e: MoveTextError) -> JsValue {
    core(e.code(), format_args!("{}: {e}", Excerpt::of(text)))
}

/// A move the position does not allow; the core says why.
pub fn illegal_move(e: IllegalMoveError) -> JsValue {
    core(e.code(), e)
}

/// SAN that names no legal move on one board (N3).
pub fn san(text: &str, e: SanError) -> JsValue {
    match e {
        SanError::Invalid(e) => invalid_move(text, e),
        _ => core(e.code(), e),
    }
}

/// A game action the core refused.
pub fn game(e: GameError) -> JsValue {
    core(e.code(), e)
}

/// A game that could not be set up.
pub fn setup(e: SetupError) -> JsValue {
    core(e.code(), e)
}

/// A string argument outside its set of values.
pub fn invalid_arg(name: &str, expected: &str, got: &str) -> JsValue {
    error(
        Code::InvalidArgValue,
        format!("{name} must be {expected}, got {}", Excerpt::of(got)),
    )
}

/// A number argument that is not an integer in `0..=max`.
pub fn out_of_range(name: &str, max: impl std::fmt::Display, got: f64) -> JsValue {
    error(
        Code::OutOfRange,
        format!("{name} must be an integer from 0 to {max}, got {got}"),
    )
}
