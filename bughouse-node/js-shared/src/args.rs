//! Reading the arguments of every call, once checked for their JavaScript
//! type by the build: colours, squares, seats, boards, depths, timestamps,
//! moves. No rules here, only spelling; the core reads seats and boards.

use bughouse_core as core;

use crate::error::{self, Code, Result};

/// Reads `'white'` or `'black'`.
pub fn color(text: &str) -> Result<core::Color> {
    match text {
        "white" => Ok(core::Color::White),
        "black" => Ok(core::Color::Black),
        _ => Err(error::invalid_arg("color", "'white' or 'black'", text)),
    }
}

/// Reads a square name such as `'e4'`.
pub fn square(text: &str) -> Result<core::Square> {
    core::Square::from_ascii(text.as_bytes())
        .ok_or_else(|| error::invalid_arg("square", "a square name 'a1' … 'h8'", text))
}

/// Reads a seat, one BPGN letter (R1): `'A'` A-White, `'a'` A-Black, `'B'`
/// B-White, `'b'` B-Black (the core's reading).
pub fn seat(text: &str) -> Result<core::Seat> {
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
pub fn board_id(text: &str) -> Result<core::BoardId> {
    core::BoardId::from_name(text).map_err(|e| error::core(e.code(), e))
}

/// The deepest perft accepted. Every level keeps a move list on the native
/// stack, so a bound keeps a forced line of single moves from overflowing
/// it; no real perft comes near (depth 8 already takes hours).
pub const MAX_PERFT_DEPTH: u32 = 32;

/// A JavaScript number as a perft depth: an integer in `0..=MAX_PERFT_DEPTH`
/// (read as `f64`: an integer conversion would wrap `-1` to 2³²−1).
pub fn perft_depth(depth: f64) -> Result<u32> {
    if depth.fract() == 0.0 && (0.0..=f64::from(MAX_PERFT_DEPTH)).contains(&depth) {
        Ok(depth as u32)
    } else {
        Err(error::out_of_range("depth", MAX_PERFT_DEPTH, depth))
    }
}

/// The largest integer a JavaScript number holds exactly (2⁵³ − 1).
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A JavaScript number as a timestamp in ms since the game started (R21):
/// an integer from 0 to `Number.MAX_SAFE_INTEGER`, never wrapped or
/// truncated.
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

/// A count of milliseconds as a JavaScript number (exact below 2⁵³, which
/// every timestamp this package accepts is).
pub fn ms_number(ms: u64) -> f64 {
    ms as f64
}

/// UCI text of a move (N3): `e2e4`, `e7e8q`, `N@f3`.
pub fn uci(m: core::Move) -> String {
    m.to_string()
}

/// What a seat's search answers (`_botSearch`, native and in the worker):
/// a move's UCI, or [`SIT`].
pub fn action_text(action: core::bot::BotAction) -> String {
    action.as_move().map_or_else(|| SIT.to_owned(), uci)
}

/// The answer of `_botSearch` for a sit (R24); any other answer is a UCI
/// move (no UCI move reads `sit`) or `null` (the seat is waiting, R18).
pub const SIT: &str = "sit";

/// A move as 16 bits, the key of the JS layers' tables of interned UCI
/// strings: the core's one move code, `Move::to_u16`.
pub fn move_code(m: core::Move) -> u16 {
    m.to_u16()
}

/// The move of a [`move_code`], or `None` for a number that is not one.
pub fn move_of_code(code: u32) -> Option<core::Move> {
    core::Move::from_u16(u16::try_from(code).ok()?)
}

/// `_uciOfCode(code)`: the UCI of a move code, for the JS layers to fill
/// their tables of interned strings on a miss.
pub fn uci_of_code(code: u32) -> Result<String> {
    move_of_code(code)
        .map(uci)
        .ok_or_else(|| error::error(Code::OutOfRange, format!("{code} is not a move code")))
}

/// Reads move text for one board, the core's way (`Board::parse_move`): UCI
/// first (N3: `e2e4`, `e7e8q`, `N@f3`), else SAN resolved on `board`.
pub fn parse_move(board: &core::Board, text: &str) -> Result<core::Move> {
    board.parse_move(text).map_err(|e| error::san(text, e))
}

/// Reads move text into a move that is legal on `board`:
/// `ERR_INVALID_MOVE`, `ERR_ILLEGAL_MOVE` or `ERR_AMBIGUOUS_MOVE` else.
pub fn legal_move(board: &core::Board, text: &str) -> Result<core::Move> {
    let m = parse_move(board, text)?;
    // SAN resolves to a legal move; UCI is checked here, and `play` on a
    // copy says why a move is refused.
    if !board.is_legal(m) {
        let mut copy = *board;
        copy.play(m).map_err(error::illegal_move)?;
    }
    Ok(m)
}

/// A board from an optional FEN (the standard start when absent).
pub fn board_from(fen: Option<&str>, flavour: core::Flavour) -> Result<core::Board> {
    match fen {
        None => Ok(core::Board::new_with(flavour)),
        Some(fen) => core::Board::from_fen(fen, flavour).map_err(error::invalid_fen),
    }
}

/// The squares of a bitboard as names, a1 first.
pub fn squares(bb: core::Bitboard) -> Vec<String> {
    bb.map(|sq| sq.to_string()).collect()
}

/// The squares the piece on `square` attacks with the board's occupancy;
/// none for an empty square.
pub fn attacks(board: &core::Board, square: &str) -> Result<Vec<String>> {
    let sq = self::square(square)?;
    Ok(squares(match board.piece_at(sq) {
        Some(piece) => core::attacks::attacks(sq, piece, board.occupied()),
        None => core::Bitboard::EMPTY,
    }))
}
