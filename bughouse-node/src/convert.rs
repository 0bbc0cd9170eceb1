//! Conversions between napi-rs values and the shared layer's
//! (`bughouse_js`): a JavaScript value into a [`Value`] ([`value_of`]), an
//! [`Out`] into a JavaScript value ([`out`]), and the object types napi-rs
//! declares in index.d.ts. The readings themselves (colours, squares, seats,
//! timestamps, options) are the shared layer's, re-exported here.

use bughouse_core as core;
use napi::bindgen_prelude::{Array, BufferSlice, Either, FromNapiValue, Object, Unknown};
use napi::{Env, ValueType};
use napi_derive::napi;

use crate::error::{self, Code, Js, Result};

pub use bughouse_js::args::{action_text, move_code, ms_number, seat_str, uci};
use bughouse_js::value::MAX_DEPTH;
use bughouse_js::{Out, Value};

/// Reads `'white'` or `'black'`. Colours, roles and seats cross as plain
/// strings typed by string-literal unions declared in `src/header.d.ts`.
pub fn parse_color(text: &str) -> Result<core::Color> {
    bughouse_js::args::color(text).js()
}

/// A board from an optional FEN (the standard start when absent).
pub fn board_from(fen: Option<&str>, flavour: core::Flavour) -> Result<core::Board> {
    bughouse_js::args::board_from(fen, flavour).js()
}

/// Reads a square name such as `'e4'`.
pub fn parse_square(text: &str) -> Result<core::Square> {
    bughouse_js::args::square(text).js()
}

/// A JavaScript number as a perft depth (taken as `f64`: napi's `u32`
/// conversion would wrap `-1` to 2³²−1).
pub fn perft_depth(depth: f64) -> Result<u32> {
    bughouse_js::args::perft_depth(depth).js()
}

/// Options of `new Board(fen, opts)` and `perft(fen, depth, opts)`.
#[napi(object)]
#[derive(Debug, Default)]
pub struct BoardOptions {
    /// Crazyhouse flavour: a captured piece goes to the capturer's own
    /// pocket. Default `false`: bughouse, the piece leaves the board (R5).
    pub crazyhouse: Option<bool>,
}

impl BoardOptions {
    /// Where captures go, from a `{ crazyhouse }` argument (checked as
    /// every options object is, by the shared layer).
    pub fn flavour(opts: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<core::Flavour> {
        bughouse_js::options::flavour(&value_of_either(opts)?).js()
    }
}

/// One seat's pieces in hand (R3), counted by role.
#[napi(object)]
#[derive(Debug)]
pub struct Pocket {
    /// Pawns.
    pub pawn: u32,
    /// Knights.
    pub knight: u32,
    /// Bishops.
    pub bishop: u32,
    /// Rooks.
    pub rook: u32,
    /// Queens.
    pub queen: u32,
}

impl From<&core::Pocket> for Pocket {
    fn from(p: &core::Pocket) -> Pocket {
        let n = |r| u32::from(p.count(r));
        Pocket {
            pawn: n(core::Role::Pawn),
            knight: n(core::Role::Knight),
            bishop: n(core::Role::Bishop),
            rook: n(core::Role::Rook),
            queen: n(core::Role::Queen),
        }
    }
}

/// A piece on a square.
#[napi(object, object_from_js = false)]
#[derive(Debug)]
pub struct Piece {
    /// Its kind: `'pawn'` … `'king'`, as chessops names them.
    #[napi(ts_type = "Role")]
    pub role: &'static str,
    /// Its side.
    #[napi(ts_type = "Color")]
    pub color: &'static str,
}

impl From<core::Piece> for Piece {
    fn from(p: core::Piece) -> Piece {
        Piece {
            role: p.role.name(),
            color: p.color.name(),
        }
    }
}

/// Writes the codes of `moves` into `out` (two bytes each, native byte
/// order, as a `Uint16Array` over the same memory reads them); returns how
/// many.
pub fn write_move_codes(moves: &[core::Move], mut out: BufferSlice) -> Result<u32> {
    if out.len() < 2 * moves.len() {
        return Err(error::error(
            Code::OutOfRange,
            format!(
                "move code buffer holds {} bytes, {} needed",
                out.len(),
                2 * moves.len()
            ),
        ));
    }
    for (slot, m) in out.chunks_exact_mut(2).zip(moves) {
        slot.copy_from_slice(&move_code(*m).to_ne_bytes());
    }
    // At most MAX_LEGAL_MOVES (1024): fits.
    Ok(moves.len() as u32)
}

/// Writes `words` into `out` as [`write_move_codes`] writes codes; returns how
/// many.
pub fn write_code_words(words: &[u16], mut out: BufferSlice) -> Result<u32> {
    if out.len() < 2 * words.len() {
        return Err(error::error(
            Code::OutOfRange,
            format!(
                "code buffer holds {} bytes, {} needed",
                out.len(),
                2 * words.len()
            ),
        ));
    }
    for (slot, word) in out.chunks_exact_mut(2).zip(words) {
        slot.copy_from_slice(&word.to_ne_bytes());
    }
    Ok(words.len() as u32)
}

/// `_uciOfCode(code)`: the UCI of a move code, for index.js to fill its table
/// of interned strings on a miss.
#[napi(js_name = "_uciOfCode", skip_typescript, catch_unwind)]
pub fn uci_of_code(code: u32) -> Result<String> {
    bughouse_js::args::uci_of_code(code).js()
}

/// The size index.js gives its move code buffer (not re-exported by it).
#[napi(skip_typescript)]
pub const MAX_LEGAL_MOVES: u32 = core::board::MAX_LEGAL_MOVES as u32;

/// Reads a seat, one BPGN letter (R1): `'A'` A-White, `'a'` A-Black, `'B'`
/// B-White, `'b'` B-Black (the core's reading).
pub fn parse_seat(text: &str) -> Result<core::Seat> {
    bughouse_js::args::seat(text).js()
}

/// Reads a board letter, `'A'` or `'B'`, either case (R1).
pub fn parse_board_id(text: &str) -> Result<core::BoardId> {
    bughouse_js::args::board_id(text).js()
}

/// How a game ended (R27–R34, F13), as JavaScript sees it.
#[napi(object, object_from_js = false, use_nullable = true)]
#[derive(Debug)]
pub struct Outcome {
    /// The winning team, 1 (A-White and B-Black) or 2 (A-Black and
    /// B-White), or `null` for a draw (R2).
    #[napi(ts_type = "1 | 2")]
    pub winner: Option<u32>,
    /// The rule that ended the game, by its stable name.
    #[napi(ts_type = "EndReason")]
    pub reason: &'static str,
    /// The seat the ending names (F13): the mated, flagged, resigning or
    /// leaving seat; `null` for a draw.
    #[napi(ts_type = "Seat")]
    pub seat: Option<&'static str>,
    /// The ending for people, naming the rule: `"A-Black is checkmated:
    /// team 1 wins (R27)"`.
    pub message: String,
}

impl From<core::Outcome> for Outcome {
    fn from(o: core::Outcome) -> Outcome {
        Outcome {
            winner: o.winner.map(|t| u32::from(t.number())),
            reason: o.reason.as_str(),
            seat: o.seat.map(seat_str),
            message: o.to_string(),
        }
    }
}

/// The JavaScript type of a value, for messages: "a string".
pub fn type_name(value: &Unknown<'_>) -> &'static str {
    match value.get_type() {
        Ok(ValueType::Undefined) => "undefined",
        Ok(ValueType::Null) => "null",
        Ok(ValueType::Boolean) => "a boolean",
        Ok(ValueType::Number) => "a number",
        Ok(ValueType::String) => "a string",
        Ok(ValueType::Symbol) => "a symbol",
        Ok(ValueType::Object) => "an object",
        Ok(ValueType::Function) => "a function",
        // A bigint (napi4 has no name for it) or an external.
        _ => "a value of another type",
    }
}

/// Whether a value is `undefined` or `null`, which options read as absent.
pub fn is_nullish(value: &Unknown<'_>) -> bool {
    matches!(value.get_type(), Ok(ValueType::Undefined | ValueType::Null))
}

/// A JavaScript value as the shared layer reads arguments ([`Value`]):
/// objects and arrays [`MAX_DEPTH`] levels deep.
pub fn value_of(value: Unknown<'_>) -> Result<Value> {
    read_value(value, 0)
        .map_err(|_| error::invalid_type("an argument", "a readable value", "an unreadable value"))
}

/// An optional argument as a [`Value`] (`undefined` when left out).
pub fn value_of_opt(value: Option<Unknown<'_>>) -> Result<Value> {
    value.map_or(Ok(Value::Undefined), value_of)
}

/// An optional options argument as a [`Value`].
pub fn value_of_either(value: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<Value> {
    match value {
        None => Ok(Value::Undefined),
        Some(Either::A(obj)) => read_object(&obj, 0).map_err(|_| {
            error::invalid_type("an argument", "a readable value", "an unreadable value")
        }),
        Some(Either::B(v)) => value_of(v),
    }
}

fn read_object(obj: &Object<'_>, depth: usize) -> napi::Result<Value> {
    Ok(Value::Object(
        Object::keys(obj)?
            .into_iter()
            .map(|key| {
                let value = match obj.get::<Unknown>(&key)? {
                    Some(item) => read_value(item, depth + 1)?,
                    None => Value::Undefined,
                };
                Ok((key, value))
            })
            .collect::<napi::Result<_>>()?,
    ))
}

fn read_value(v: Unknown<'_>, depth: usize) -> napi::Result<Value> {
    Ok(match v.get_type()? {
        ValueType::Undefined => Value::Undefined,
        ValueType::Null => Value::Null,
        ValueType::Boolean => Value::Bool(bool::from_unknown(v)?),
        ValueType::Number => Value::Number(f64::from_unknown(v)?),
        ValueType::String => Value::String(String::from_unknown(v)?),
        ValueType::Object if depth < MAX_DEPTH => match Either::<Array, Object>::from_unknown(v)? {
            Either::A(array) => Value::Array(
                (0..array.len())
                    .map(|i| match array.get::<Unknown>(i)? {
                        Some(item) => read_value(item, depth + 1),
                        None => Ok(Value::Undefined),
                    })
                    .collect::<napi::Result<_>>()?,
            ),
            Either::B(obj) => read_object(&obj, depth)?,
        },
        ValueType::Object => Value::Other("an object"),
        ValueType::Function => Value::Other("a function"),
        ValueType::Symbol => Value::Other("a symbol"),
        _ => Value::Other("a value of another type"),
    })
}

/// An [`Out`] as a JavaScript value.
pub fn out<'env>(env: &'env Env, value: &Out) -> Result<Unknown<'env>> {
    env.to_js_value(value)
        .map_err(|e| error::error(Code::InvalidArgValue, e.reason.clone()))
}
