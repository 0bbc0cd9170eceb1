//! The one place where the core's typed errors become JavaScript `Error`s,
//! with the same `code` strings and messages as the N-API addon
//! (`../src/error.rs`); `__test__/surface.test.mjs` and the shared
//! `node --test` suite check that both builds throw alike.

use bughouse_core::{
    ErrorCode, FenError, GameError, IllegalMoveError, MoveTextError, SanError, SetupError,
    error::Excerpt,
};
use wasm_bindgen::JsValue;

/// The `code` of every error the package throws on purpose: the core's
/// [`ErrorCode`] (one vocabulary for every binding), plus the two this
/// binding has of its own, as the addon's `Code` (`../src/error.rs`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// One of the core's codes.
    Core(ErrorCode),
    /// `pop()` with no move to take back.
    EmptyHistory,
    /// An argument of the wrong JavaScript type (Node's own code, as
    /// index.js's `readBpgn` gives it).
    InvalidArgType,
}

// The core's codes the binding also gives for its own argument checks.
#[allow(non_upper_case_globals)]
impl Code {
    /// A string argument outside its set.
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
            Code::InvalidArgType => "ERR_INVALID_ARG_TYPE",
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

/// An error of the core, with its code and its message.
pub fn core(code: ErrorCode, message: impl std::fmt::Display) -> JsValue {
    error(Code::Core(code), message.to_string())
}

/// A FEN that could not be read or describes an impossible position.
pub fn invalid_fen(e: FenError) -> JsValue {
    core(e.code(), e)
}

/// Move text that could not be read; an excerpt of `text` is quoted.
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
