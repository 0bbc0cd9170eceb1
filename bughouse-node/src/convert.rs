//! Conversions between JavaScript values and core types: colours, roles,
//! squares, pockets, options and numbers. No rules here, only spelling.

use bughouse_core as core;
use napi::bindgen_prelude::BufferSlice;
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
    /// Where captures go.
    pub fn flavour(opts: Option<&BoardOptions>) -> core::Flavour {
        match opts.and_then(|o| o.crazyhouse) {
            Some(true) => core::Flavour::Crazyhouse,
            _ => core::Flavour::Bughouse,
        }
    }
}

/// A board from an optional FEN (the standard start when absent).
pub fn board_from(fen: Option<&str>, opts: Option<&BoardOptions>) -> Result<core::Board> {
    let flavour = BoardOptions::flavour(opts);
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
/// Normal move: bits 0–5 from, 6–11 to, 12–14 promotion role (0 = none).
/// Drop: bit 15 set, bits 0–5 to, 12–14 role. Roles count from pawn = 1.
pub fn move_code(m: core::Move) -> u16 {
    let role_bits = |r: core::Role| (r as u16) << 12;
    match m {
        core::Move::Normal {
            from,
            to,
            promotion,
        } => from.index() as u16 | (to.index() as u16) << 6 | promotion.map_or(0, role_bits),
        core::Move::Drop { role, to } => 0x8000 | role_bits(role) | to.index() as u16,
    }
}

/// The move of a [`move_code`], or `None` for a number that is not one.
pub fn move_of_code(code: u32) -> Option<core::Move> {
    let code = u16::try_from(code).ok()?;
    let square = |bits: u16| core::Square::ALL[usize::from(bits & 63)];
    let role = match (code >> 12) & 7 {
        0 => None,
        r => Some(core::Role::from_index(usize::from(r) - 1)?),
    };
    if code & 0x8000 != 0 {
        (code & 0x0fc0 == 0).then_some(())?;
        Some(core::Move::Drop {
            role: role?,
            to: square(code),
        })
    } else {
        Some(core::Move::Normal {
            from: square(code),
            to: square(code >> 6),
            promotion: role,
        })
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
pub const MAX_LEGAL_MOVES: u32 = core::MAX_LEGAL_MOVES as u32;
