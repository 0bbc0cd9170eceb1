//! What board UIs need from a `Board` (chessops' `chessgroundDests` is the
//! model): the checking pieces, the checked king, the attacks of a square,
//! the moves played on it, a copy. The destinations maps `dests()` and
//! `dropDests()` are index.js's, grouped from `legalMoves()`. The
//! WebAssembly build has the same methods (`wasm/src/board.rs`).

use bughouse_core as core;
use napi_derive::napi;

use crate::board::Board;
use crate::convert;
use crate::error::Result;

fn squares(bb: core::Bitboard) -> Vec<String> {
    bb.map(|sq| sq.to_string()).collect()
}

#[napi]
impl Board {
    /// The squares of the pieces giving check to the side to move, a1
    /// first; empty when not in check.
    #[napi(catch_unwind)]
    pub fn checkers(&self) -> Vec<String> {
        squares(self.played.inner.checkers())
    }

    /// The square of the side to move's king when it is in check, else `null`.
    #[napi(catch_unwind)]
    pub fn checked_king(&self) -> Option<String> {
        self.played.checked_king()
    }

    /// The squares the piece on `square` attacks (with the board's
    /// occupancy), a1 first; empty for an empty square. Throws
    /// `ERR_INVALID_ARG_VALUE` for a bad square name.
    #[napi(catch_unwind)]
    pub fn attacks(&self, square: String) -> Result<Vec<String>> {
        let sq = convert::parse_square(&square)?;
        Ok(squares(match self.played.inner.piece_at(sq) {
            Some(piece) => core::attacks::attacks(sq, piece, self.played.inner.occupied()),
            None => core::Bitboard::EMPTY,
        }))
    }

    /// The moves played by `push` and not taken back, as UCI, oldest first.
    #[napi(catch_unwind)]
    pub fn history(&self) -> Vec<String> {
        self.played.history()
    }

    /// The last move played by `push` and not taken back, as UCI, or `null`.
    #[napi(catch_unwind)]
    pub fn last_move(&self) -> Option<String> {
        self.played.last_move()
    }

    /// An independent copy, history included.
    #[napi(catch_unwind)]
    pub fn copy(&self) -> Board {
        self.clone()
    }
}
