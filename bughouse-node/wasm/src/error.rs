//! Errors: the shared layer's ([`bughouse_js::error`], one place for every
//! code and message of both builds) as JavaScript `Error`s with `code` set
//! (a `TypeError` for a wrong type, as Node throws).

use wasm_bindgen::JsValue;

/// The result of every fallible exported function: the error is a
/// JavaScript `Error` with `code` set.
pub type Result<T> = std::result::Result<T, JsValue>;

/// A shared-layer error as a JavaScript `Error`.
pub fn js(e: bughouse_js::Error) -> JsValue {
    let error: js_sys::Error = if e.code.is_type_error() {
        js_sys::TypeError::new(&e.message).into()
    } else {
        js_sys::Error::new(&e.message)
    };
    // Setting a property on a fresh Error cannot fail.
    let _ = js_sys::Reflect::set(&error, &"code".into(), &e.code.as_str().into());
    error.into()
}

/// `.js()?`: a shared-layer result in an exported function.
pub trait Js<T> {
    /// The result with its error as a JavaScript one.
    fn js(self) -> Result<T>;
}

impl<T> Js<T> for bughouse_js::Result<T> {
    fn js(self) -> Result<T> {
        self.map_err(js)
    }
}
