//! Conversions between JavaScript values and core types: colours, roles,
//! squares, pockets, options and numbers. No rules here, only spelling.

use bughouse_core as core;
use napi::ValueType;
use napi::bindgen_prelude::{
    BufferSlice, Either, FromNapiValue, Object, Unknown, ValidateNapiValue,
};
use napi_derive::napi;

use crate::error::{self, Code, Result};

/// Reads `'white'` or `'black'`.
///
/// Colours, roles and seats cross as plain strings typed by string-literal
/// unions declared in `src/header.d.ts` (`Color`, `Role`): no runtime enum
/// objects, and a bad value gets our `ERR_INVALID_ARG_VALUE`.
pub fn parse_color(text: &str) -> Result<core::Color> {
    match text {
        "white" => Ok(core::Color::White),
        "black" => Ok(core::Color::Black),
        _ => Err(error::invalid_arg("color", "'white' or 'black'", text)),
    }
}

/// Reads a square name such as `'e4'`.
pub fn parse_square(text: &str) -> Result<core::Square> {
    core::Square::from_ascii(text.as_bytes())
        .ok_or_else(|| error::invalid_arg("square", "a square name 'a1' … 'h8'", text))
}

/// The deepest perft accepted. Every level keeps a move list on the native
/// stack, so a bound keeps a forced line of single moves from overflowing
/// it; no real perft comes near (depth 8 already takes hours).
pub const MAX_PERFT_DEPTH: u32 = 32;

/// A JavaScript number as a perft depth: an integer in `0..=MAX_PERFT_DEPTH`.
/// Taken as `f64` because napi's `u32` conversion would wrap `-1` to 2³²−1.
pub fn perft_depth(depth: f64) -> Result<u32> {
    if depth.fract() == 0.0 && (0.0..=f64::from(MAX_PERFT_DEPTH)).contains(&depth) {
        Ok(depth as u32)
    } else {
        Err(error::out_of_range("depth", MAX_PERFT_DEPTH, depth))
    }
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
    /// every options object is: see [`options`]).
    pub fn flavour(opts: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<core::Flavour> {
        let crazyhouse = match options("opts", opts, &["crazyhouse"])? {
            None => None,
            Some(obj) => typed_field::<bool>(&obj, "opts", "crazyhouse", "a boolean")?,
        };
        Ok(match crazyhouse {
            Some(true) => core::Flavour::Crazyhouse,
            _ => core::Flavour::Bughouse,
        })
    }
}

/// A board from an optional FEN (the standard start when absent).
pub fn board_from(fen: Option<&str>, flavour: core::Flavour) -> Result<core::Board> {
    match fen {
        None => Ok(core::Board::new_with(flavour)),
        Some(fen) => core::Board::from_fen(fen, flavour).map_err(error::invalid_fen),
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

/// UCI text of a move (N3): `e2e4`, `e7e8q`, `N@f3`.
pub fn uci(m: core::Move) -> String {
    m.to_string()
}

/// A move as 16 bits, the key of index.js's table of interned UCI strings.
/// Opaque to JavaScript: only [`move_of_code`] reads it back.
///
/// The core's one move code, `Move::to_u16`.
pub fn move_code(m: core::Move) -> u16 {
    m.to_u16()
}

/// The move of a [`move_code`], or `None` for a number that is not one.
pub fn move_of_code(code: u32) -> Option<core::Move> {
    core::Move::from_u16(u16::try_from(code).ok()?)
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

/// `_uciOfCode(code)`: the UCI of a move code, for index.js to fill its table
/// of interned strings on a miss.
#[napi(js_name = "_uciOfCode", skip_typescript, catch_unwind)]
pub fn uci_of_code(code: u32) -> Result<String> {
    move_of_code(code)
        .map(uci)
        .ok_or_else(|| error::error(Code::OutOfRange, format!("{code} is not a move code")))
}

/// The size index.js gives its move code buffer (not re-exported by it).
#[napi(skip_typescript)]
pub const MAX_LEGAL_MOVES: u32 = core::board::MAX_LEGAL_MOVES as u32;

/// Reads a seat, one BPGN letter (R1): `'A'` A-White, `'a'` A-Black, `'B'`
/// B-White, `'b'` B-Black (the core's reading).
pub fn parse_seat(text: &str) -> Result<core::Seat> {
    core::Seat::from_name(text).map_err(|e| error::core(e.code(), e))
}

/// The BPGN letter of a seat, as JavaScript sees it.
pub const fn seat_str(seat: core::Seat) -> &'static str {
    match seat.char() {
        'A' => "A",
        'a' => "a",
        'B' => "B",
        _ => "b",
    }
}

/// Reads a board letter, `'A'` or `'B'`, either case (R1; the core's reading).
pub fn parse_board_id(text: &str) -> Result<core::BoardId> {
    core::BoardId::from_name(text).map_err(|e| error::core(e.code(), e))
}

/// The largest integer a JavaScript number holds exactly (2⁵³ − 1).
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A JavaScript number as a timestamp in ms since the game started (R21):
/// an integer from 0 to `Number.MAX_SAFE_INTEGER`. Taken as `f64` and
/// checked here, because napi's integer conversions would wrap `-1` or
/// truncate `1.5` without a word.
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

/// An optional timestamp (`undefined` and `null` mean none).
pub fn maybe_timestamp(name: &str, ms: Option<f64>) -> Result<Option<u64>> {
    ms.map(|ms| timestamp(name, ms)).transpose()
}

/// A count of milliseconds as a JavaScript number (exact below 2⁵³, which
/// every timestamp this package accepts is).
pub fn ms_number(ms: u64) -> f64 {
    ms as f64
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

/// Reads move text for one board, the core's way (`Board::parse_move`): UCI
/// first (N3: `e2e4`, `e7e8q`, `N@f3`), else SAN resolved on `board`.
pub fn parse_move(board: &core::Board, text: &str) -> Result<core::Move> {
    board.parse_move(text).map_err(|e| error::san(text, e))
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

/// An options argument: `None` for `undefined` or `null`, the object, or
/// `ERR_INVALID_ARG_TYPE` naming the fields (`what`) for anything else (a
/// string such as `new Game('turn')` is refused, never read as no options).
/// Keys other than `known` are refused with `ERR_INVALID_ARG_VALUE`: a
/// misspelt option must not be silently ignored.
pub fn options<'a>(
    name: &str,
    value: Option<Either<Object<'a>, Unknown<'a>>>,
    known: &[&str],
) -> Result<Option<Object<'a>>> {
    let obj = match value {
        None => return Ok(None),
        Some(Either::B(v)) if is_nullish(&v) => return Ok(None),
        Some(Either::B(v)) => {
            return Err(error::invalid_type(
                name,
                &format!("an object {{ {} }}", known.join(", ")),
                type_name(&v),
            ));
        }
        Some(Either::A(obj)) => obj,
    };
    let keys = Object::keys(&obj)
        .map_err(|_| error::invalid_type(name, "a plain object", "an object without keys"))?;
    if let Some(key) = keys.iter().find(|k| !known.contains(&k.as_str())) {
        return Err(error::error(
            Code::InvalidArgValue,
            format!(
                "{name} has no option {}: the options are {}",
                error::quote(key),
                known.join(", ")
            ),
        ));
    }
    Ok(Some(obj))
}

/// One field of an options object, of type `T` (`expected` names it for
/// the message): `None` when absent (`undefined` or `null`).
pub fn field<'a, T: FromNapiValue + ValidateNapiValue>(
    obj: &Object<'a>,
    owner: &str,
    name: &str,
    expected: &str,
) -> Result<Option<Either<T, Unknown<'a>>>> {
    let value = obj.get::<Either<T, Unknown<'a>>>(name).map_err(|_| {
        error::invalid_type(&format!("{owner}.{name}"), expected, "an unreadable value")
    })?;
    Ok(match value {
        Some(Either::B(v)) if is_nullish(&v) => None,
        other => other,
    })
}

/// A field of type `T`, or `ERR_INVALID_ARG_TYPE` for another type.
pub fn typed_field<T: FromNapiValue + ValidateNapiValue>(
    obj: &Object<'_>,
    owner: &str,
    name: &str,
    expected: &str,
) -> Result<Option<T>> {
    match field::<T>(obj, owner, name, expected)? {
        None => Ok(None),
        Some(Either::A(v)) => Ok(Some(v)),
        Some(Either::B(v)) => Err(error::invalid_type(
            &format!("{owner}.{name}"),
            expected,
            type_name(&v),
        )),
    }
}

/// A number that must be an integer in `min..=MAX_SAFE_INTEGER`: never
/// wrapped, rounded or clamped. `ERR_OUT_OF_RANGE` else.
pub fn safe_integer(name: &str, n: f64, min: u64) -> Result<u64> {
    if n.fract() == 0.0 && (min as f64..=MAX_SAFE_INTEGER).contains(&n) {
        Ok(n as u64)
    } else {
        Err(error::error(
            Code::OutOfRange,
            format!(
                "{name} must be an integer from {min} to {}, got {n}",
                MAX_SAFE_INTEGER as u64
            ),
        ))
    }
}
