//! Errors: the shared layer's ([`bughouse_js::error`], one place for every
//! code and message of both builds) as napi-rs errors. napi-rs sets `code`
//! from the status we give it, so [`Code`]'s strings are the whole contract.
//!
//! Arguments of the wrong JavaScript type that napi-rs converts itself (a
//! number where a `String` parameter is) are refused by napi-rs before our
//! code runs; index.js gives those errors our `ERR_INVALID_ARG_TYPE` (and a
//! call on something that is not an instance of the class `ERR_INVALID_THIS`).

pub use bughouse_js::Code;

/// A JavaScript `Error` carrying one of our codes.
pub type Error = napi::Error<Code>;

/// The result of every fallible exported function.
pub type Result<T> = std::result::Result<T, Error>;

/// A shared-layer error as a napi-rs one.
pub fn js(e: bughouse_js::Error) -> Error {
    Error::new(e.code, e.message)
}

/// `.js()?`: a shared-layer result in an exported function.
pub trait Js<T> {
    /// The result with its error as a napi-rs one.
    fn js(self) -> Result<T>;
}

impl<T> Js<T> for bughouse_js::Result<T> {
    fn js(self) -> Result<T> {
        self.map_err(js)
    }
}

/// The shared layer's error constructors, as napi-rs errors.
macro_rules! lift {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
        #[doc = concat!("[`bughouse_js::error::", stringify!($name), "`] as a napi-rs error.")]
        pub fn $name($($arg: $ty),*) -> Error {
            js(bughouse_js::error::$name($($arg),*))
        }
    )*};
}

lift! {
    game(e: bughouse_core::GameError);
    invalid_type(name: &str, expected: &str, got: &str);
    disposed();
}

/// An error with `code` and a message for people.
pub fn error(code: Code, message: impl Into<String>) -> Error {
    js(bughouse_js::error::error(code, message))
}
