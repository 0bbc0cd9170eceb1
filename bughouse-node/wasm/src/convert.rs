//! Conversions between wasm-bindgen's values and the shared layer's
//! (`bughouse_js`): a JavaScript value into a [`Value`] ([`value_of`]), an
//! [`Out`] into a JavaScript value ([`out`], JSON text parsed in one
//! crossing), strings and numbers checked for their type, and the move code
//! buffer. The readings themselves are the shared layer's.
//!
//! Every export takes its arguments as `JsValue` and reads them here, so a
//! value of the wrong type gets `ERR_INVALID_ARG_TYPE` instead of whatever
//! wasm-bindgen's glue would make of it.

use bughouse_core as core;
use bughouse_js::value::MAX_DEPTH;
use bughouse_js::{Out, Value};
use wasm_bindgen::{JsCast, JsValue};

use crate::error::{Js, Result};

pub use bughouse_js::args::{action_text, move_code, uci};

/// How a message names the type of a value it refuses.
pub fn type_name(value: &JsValue) -> &'static str {
    if value.is_undefined() {
        "undefined"
    } else if value.is_null() {
        "null"
    } else if value.as_bool().is_some() {
        "a boolean"
    } else if value.as_f64().is_some() {
        "a number"
    } else if value.is_string() {
        "a string"
    } else if value.is_symbol() {
        "a symbol"
    } else if value.is_function() {
        "a function"
    } else if js_sys::Array::is_array(value) {
        "an array"
    } else if value.is_bigint() {
        "a value of another type"
    } else {
        "an object"
    }
}

/// A JavaScript value as the shared layer reads arguments ([`Value`]):
/// objects and arrays [`MAX_DEPTH`] levels deep (a getter that throws
/// passes its error on).
pub fn value_of(value: &JsValue) -> Result<Value> {
    read_value(value, 0)
}

fn read_value(v: &JsValue, depth: usize) -> Result<Value> {
    Ok(if v.is_undefined() {
        Value::Undefined
    } else if v.is_null() {
        Value::Null
    } else if let Some(b) = v.as_bool() {
        Value::Bool(b)
    } else if let Some(n) = v.as_f64() {
        Value::Number(n)
    } else if let Some(s) = v.as_string() {
        Value::String(s)
    } else if v.is_object() && !v.is_function() && depth < MAX_DEPTH {
        if js_sys::Array::is_array(v) {
            let array: &js_sys::Array = v.unchecked_ref();
            Value::Array(
                array
                    .iter()
                    .map(|item| read_value(&item, depth + 1))
                    .collect::<Result<_>>()?,
            )
        } else {
            let obj: &js_sys::Object = v.unchecked_ref();
            Value::Object(
                js_sys::Object::keys(obj)
                    .iter()
                    .map(|key| {
                        let value = js_sys::Reflect::get(v, &key)?;
                        Ok((
                            key.as_string().unwrap_or_default(),
                            read_value(&value, depth + 1)?,
                        ))
                    })
                    .collect::<Result<_>>()?,
            )
        }
    } else {
        Value::Other(type_name(v))
    })
}

/// An [`Out`] as a JavaScript value: its JSON text, parsed in one crossing.
pub fn out(value: &Out) -> JsValue {
    match value {
        Out::Null => JsValue::NULL,
        Out::Bool(b) => JsValue::from_bool(*b),
        Out::Int(n) => JsValue::from_f64(*n as f64),
        Out::Str(s) => JsValue::from_str(s),
        // JSON text this crate wrote always parses.
        _ => js_sys::JSON::parse(&value.json()).unwrap_or(JsValue::NULL),
    }
}

/// A board from an optional FEN (the standard start when absent) and
/// `{ crazyhouse }` options.
pub fn board_from(fen: &JsValue, fen_name: &str, opts: &JsValue) -> Result<core::Board> {
    let fen = value_of(fen)?;
    let fen = fen.opt_string(fen_name).js()?;
    let flavour = bughouse_js::options::flavour(&value_of(opts)?).js()?;
    bughouse_js::args::board_from(fen, flavour).js()
}

/// A string argument.
pub fn string(value: &JsValue, name: &str) -> Result<String> {
    value_of(value)?.string(name).map(str::to_owned).js()
}

/// An optional number argument.
pub fn opt_number(value: &JsValue, name: &str) -> Result<Option<f64>> {
    value_of(value)?.opt_number(name).js()
}

/// A number argument.
pub fn number(value: &JsValue, name: &str) -> Result<f64> {
    value.as_f64().ok_or_else(|| {
        crate::error::js(bughouse_js::error::invalid_type(
            name,
            "a number",
            type_name(value),
        ))
    })
}

/// Reads a seat letter (R1); `name` names the argument for a wrong type
/// (`"Game.sit: argument 1"`, as index.js names the addon's).
pub fn parse_seat(value: &JsValue, name: &str) -> Result<core::Seat> {
    bughouse_js::args::seat(&string(value, name)?).js()
}

/// A seat argument as text, for the shared layer's actions.
pub fn seat_text(value: &JsValue, name: &str) -> Result<String> {
    string(value, name)
}

/// A nullable result: `null`, never `undefined`, as the addon returns.
pub fn nullable<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

thread_local! {
    /// Where move lists are written for the JS layer, which reads them
    /// through a `Uint16Array` over this memory (`_codeBuffer()`): no
    /// allocation and no copy per list. WebAssembly here has one thread.
    static CODE_BUFFER: std::cell::RefCell<Box<[u16]>> =
        std::cell::RefCell::new(vec![0; core::board::MAX_LEGAL_MOVES].into_boxed_slice());
}

/// Writes the codes of `moves` into the code buffer; returns how many
/// (at most `MAX_LEGAL_MOVES`, the capacity of a move list).
pub fn write_move_codes(moves: &[core::Move]) -> u32 {
    CODE_BUFFER.with(|buffer| {
        for (slot, m) in buffer.borrow_mut().iter_mut().zip(moves) {
            *slot = move_code(*m);
        }
    });
    moves.len() as u32
}

/// Lets `write` fill the code buffer's first [`MAX_DEST_WORDS`] words in
/// place (no copy); returns what it returns.
///
/// [`MAX_DEST_WORDS`]: bughouse_js::board::MAX_DEST_WORDS
pub fn with_dest_words(
    write: impl FnOnce(&mut [u16; bughouse_js::board::MAX_DEST_WORDS]) -> usize,
) -> u32 {
    CODE_BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        let words = buffer
            .first_chunk_mut::<{ bughouse_js::board::MAX_DEST_WORDS }>()
            .expect("the code buffer holds MAX_LEGAL_MOVES >= MAX_DEST_WORDS words");
        write(words) as u32
    })
}

/// The address of the code buffer in the module's memory, and its length.
pub fn code_buffer() -> (u32, u32) {
    CODE_BUFFER.with(|buffer| {
        let buffer = buffer.borrow();
        (buffer.as_ptr() as usize as u32, buffer.len() as u32)
    })
}
