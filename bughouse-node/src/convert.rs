//! Conversions between JavaScript values and core types: colours, roles,
//! squares, pockets, options and numbers. No rules here, only spelling.

use bughouse_core as core;
use napi_derive::napi;

use crate::error::{self, Result};

/// A side: `'white'` or `'black'`.
#[napi(string_enum = "lowercase")]
#[derive(Debug, PartialEq, Eq)]
pub enum Color {
    /// White.
    White,
    /// Black.
    Black,
}

impl From<core::Color> for Color {
    fn from(c: core::Color) -> Color {
        match c {
            core::Color::White => Color::White,
            core::Color::Black => Color::Black,
        }
    }
}

/// A kind of piece, as chessops names them: `'pawn'` … `'king'`.
#[napi(string_enum = "lowercase")]
#[derive(Debug, PartialEq, Eq)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl From<core::Role> for Role {
    fn from(r: core::Role) -> Role {
        match r {
            core::Role::Pawn => Role::Pawn,
            core::Role::Knight => Role::Knight,
            core::Role::Bishop => Role::Bishop,
            core::Role::Rook => Role::Rook,
            core::Role::Queen => Role::Queen,
            core::Role::King => Role::King,
        }
    }
}

/// Reads `'white'` or `'black'`. Taken as a plain string (typed `Color` in
/// TypeScript) so that a bad value gets our `ERR_INVALID_ARG_VALUE`.
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
#[napi(object)]
#[derive(Debug)]
pub struct Piece {
    /// Its kind.
    pub role: Role,
    /// Its side.
    pub color: Color,
}

impl From<core::Piece> for Piece {
    fn from(p: core::Piece) -> Piece {
        Piece {
            role: p.role.into(),
            color: p.color.into(),
        }
    }
}

/// UCI text of a move (N3) without allocating per character: at most five bytes.
pub fn uci(m: core::Move) -> String {
    m.to_string()
}
