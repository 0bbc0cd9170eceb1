//! Conversions between JavaScript values and core types, spelled as the
//! N-API addon spells them (`../src/convert.rs`). No rules here.
//!
//! Every export takes its arguments as `JsValue` and reads them here, so a
//! value of the wrong type gets `ERR_INVALID_ARG_TYPE` instead of whatever
//! wasm-bindgen's glue would make of it.

use bughouse_core as core;
use wasm_bindgen::JsValue;

use crate::error::{self, Code, Result};

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
    } else if value.is_bigint() {
        "a bigint"
    } else {
        "an object"
    }
}

/// `undefined` or `null`: an optional argument left out.
pub fn absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// An argument of the wrong type.
pub fn wrong_type(name: &str, expected: &str, got: &JsValue) -> JsValue {
    error::error(
        Code::InvalidArgType,
        format!("{name} must be {expected}, got {}", type_name(got)),
    )
}

/// A string argument.
pub fn string(value: &JsValue, name: &str) -> Result<String> {
    value
        .as_string()
        .ok_or_else(|| wrong_type(name, "a string", value))
}

/// An optional string argument (`undefined` and `null` mean none).
pub fn opt_string(value: &JsValue, name: &str) -> Result<Option<String>> {
    if absent(value) {
        Ok(None)
    } else {
        string(value, name).map(Some)
    }
}

/// A number argument.
pub fn number(value: &JsValue, name: &str) -> Result<f64> {
    value
        .as_f64()
        .ok_or_else(|| wrong_type(name, "a number", value))
}

/// An optional number argument.
pub fn opt_number(value: &JsValue, name: &str) -> Result<Option<f64>> {
    if absent(value) {
        Ok(None)
    } else {
        number(value, name).map(Some)
    }
}

/// An optional boolean.
pub fn opt_bool(value: &JsValue, name: &str) -> Result<Option<bool>> {
    if absent(value) {
        Ok(None)
    } else {
        value
            .as_bool()
            .map(Some)
            .ok_or_else(|| wrong_type(name, "a boolean", value))
    }
}

/// An optional options object (`undefined` and `null` mean none).
pub fn opt_object(value: &JsValue, name: &str) -> Result<Option<JsValue>> {
    if absent(value) {
        Ok(None)
    } else if value.is_object() && !value.is_function() {
        Ok(Some(value.clone()))
    } else {
        Err(wrong_type(name, "an object", value))
    }
}

/// One property of an options object (a getter that throws passes its
/// error on).
pub fn field(obj: &JsValue, name: &str) -> Result<JsValue> {
    js_sys::Reflect::get(obj, &JsValue::from_str(name))
}

/// Reads `'white'` or `'black'`.
pub fn parse_color(value: &JsValue) -> Result<core::Color> {
    match string(value, "color")?.as_str() {
        "white" => Ok(core::Color::White),
        "black" => Ok(core::Color::Black),
        text => Err(error::invalid_arg("color", "'white' or 'black'", text)),
    }
}

/// Reads a square name such as `'e4'`.
pub fn parse_square(value: &JsValue) -> Result<core::Square> {
    let text = string(value, "square")?;
    core::Square::from_ascii(text.as_bytes())
        .ok_or_else(|| error::invalid_arg("square", "a square name 'a1' … 'h8'", &text))
}

/// The deepest perft accepted (the addon's bound, see `../src/convert.rs`).
pub const MAX_PERFT_DEPTH: u32 = 32;

/// A perft depth: an integer in `0..=MAX_PERFT_DEPTH`.
pub fn perft_depth(value: &JsValue) -> Result<u32> {
    let depth = number(value, "depth")?;
    if depth.fract() == 0.0 && (0.0..=f64::from(MAX_PERFT_DEPTH)).contains(&depth) {
        Ok(depth as u32)
    } else {
        Err(error::out_of_range("depth", MAX_PERFT_DEPTH, depth))
    }
}

/// The flavour of `{ crazyhouse }` options.
pub fn flavour(opts: &JsValue) -> Result<core::Flavour> {
    let Some(obj) = opt_object(opts, "opts")? else {
        return Ok(core::Flavour::Bughouse);
    };
    Ok(
        match opt_bool(&field(&obj, "crazyhouse")?, "opts.crazyhouse")? {
            Some(true) => core::Flavour::Crazyhouse,
            _ => core::Flavour::Bughouse,
        },
    )
}

/// A board from an optional FEN (the standard start when absent).
pub fn board_from(fen: &JsValue, opts: &JsValue) -> Result<core::Board> {
    let fen = opt_string(fen, "fen")?;
    let flavour = flavour(opts)?;
    match fen {
        None => Ok(core::Board::new_with(flavour)),
        Some(fen) => core::Board::from_fen(&fen, flavour).map_err(error::invalid_fen),
    }
}

/// A plain object from `(key, value)` pairs.
pub fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (key, value) in pairs {
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(key), value);
    }
    obj.into()
}

/// A pocket as `{ pawn, knight, bishop, rook, queen }`.
pub fn pocket(p: &core::Pocket) -> JsValue {
    let n = |r| JsValue::from(u32::from(p.count(r)));
    object(&[
        ("pawn", n(core::Role::Pawn)),
        ("knight", n(core::Role::Knight)),
        ("bishop", n(core::Role::Bishop)),
        ("rook", n(core::Role::Rook)),
        ("queen", n(core::Role::Queen)),
    ])
}

/// A piece as `{ role, color }`.
pub fn piece(p: core::Piece) -> JsValue {
    object(&[
        ("role", p.role.name().into()),
        ("color", p.color.name().into()),
    ])
}

/// UCI text of a move (N3).
pub fn uci(m: core::Move) -> String {
    m.to_string()
}

/// A move as 16 bits: the addon's encoding (`../src/convert.rs`), read back
/// only by [`move_of_code`].
pub fn move_code(m: core::Move) -> u16 {
    m.to_u16()
}

/// The move of a [`move_code`], or `None` for a number that is not one.
pub fn move_of_code(code: u32) -> Option<core::Move> {
    core::Move::from_u16(u16::try_from(code).ok()?)
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

/// The address of the code buffer in the module's memory, and its length.
pub fn code_buffer() -> (u32, u32) {
    CODE_BUFFER.with(|buffer| {
        let buffer = buffer.borrow();
        (buffer.as_ptr() as usize as u32, buffer.len() as u32)
    })
}

/// Reads a seat letter (R1).
pub fn parse_seat(value: &JsValue) -> Result<core::Seat> {
    let text = string(value, "seat")?;
    core::Seat::from_name(&text).map_err(|e| error::core(e.code(), e))
}

/// The BPGN letter of a seat.
pub const fn seat_str(seat: core::Seat) -> &'static str {
    match seat.char() {
        'A' => "A",
        'a' => "a",
        'B' => "B",
        _ => "b",
    }
}

/// Reads a board letter, `'A'` or `'B'`, either case (R1; the core's reading).
pub fn parse_board_id(value: &JsValue) -> Result<core::BoardId> {
    let text = string(value, "board")?;
    core::BoardId::from_name(&text).map_err(|e| error::core(e.code(), e))
}

/// The largest integer a JavaScript number holds exactly (2⁵³ − 1).
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A timestamp in ms since the game started (R21).
pub fn timestamp(name: &str, ms: f64) -> Result<u64> {
    if ms.fract() == 0.0 && (0.0..=MAX_SAFE_INTEGER).contains(&ms) {
        Ok(ms as u64)
    } else {
        Err(error::error(
            Code::OutOfRange,
            format!(
                "{name} must be a non-negative integer, in ms since the game started, up to {}, got {ms}",
                MAX_SAFE_INTEGER as u64
            ),
        ))
    }
}

/// An optional timestamp argument (`undefined` and `null` mean none).
pub fn maybe_timestamp(name: &str, value: &JsValue) -> Result<Option<u64>> {
    opt_number(value, name)?
        .map(|ms| timestamp(name, ms))
        .transpose()
}

/// An optional value as a JavaScript value, `null` when absent.
pub fn nullable<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::NULL, Into::into)
}

/// How a game ended, as `{ winner, reason, seat, message }`.
pub fn outcome(o: core::Outcome) -> JsValue {
    object(&[
        ("winner", nullable(o.winner.map(|t| u32::from(t.number())))),
        ("reason", o.reason.as_str().into()),
        ("seat", nullable(o.seat.map(seat_str))),
        ("message", o.to_string().into()),
    ])
}

/// An optional outcome, `null` when absent.
pub fn maybe_outcome(o: Option<core::Outcome>) -> JsValue {
    o.map_or(JsValue::NULL, outcome)
}

/// Reads move text for one board: UCI first, else SAN (the core's order).
pub fn parse_move(board: &core::Board, text: &str) -> Result<core::Move> {
    board.parse_move(text).map_err(|e| error::san(text, e))
}

/// A square's name as a string.
pub fn square_name(sq: core::Square) -> String {
    sq.to_string()
}

/// The squares of a bitboard as an array of names, a1 first.
pub fn squares(bb: core::Bitboard) -> js_sys::Array {
    bb.map(|sq| JsValue::from(square_name(sq))).collect()
}
