//! `Board`: one bughouse board, the addon's `Board` (`../src/board.rs`,
//! `../src/ui.rs`) method for method. Every rule is the core's.

use bughouse_core as core;
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::error::{Js, Result};
use bughouse_js::{args, shapes};

/// One board: placement, promoted marks, both pockets, side to move.
#[wasm_bindgen]
#[derive(Debug, Clone)]
pub struct Board {
    pub(crate) inner: core::Board,
    /// The positions before each move played by `push`, with that move.
    history: Vec<(core::Board, core::Move)>,
}

impl Board {
    /// Wraps a core board with an empty history.
    pub(crate) fn from_core(inner: core::Board) -> Board {
        Board {
            inner,
            history: Vec::new(),
        }
    }

    /// Reads move text, UCI or SAN, into a move that is legal here.
    fn legal_move(&self, text: &JsValue, name: &str) -> Result<core::Move> {
        let text = convert::string(text, name)?;
        args::legal_move(&self.inner, &text).js()
    }
}

#[wasm_bindgen]
impl Board {
    /// A board from a FEN (N1), or the standard start.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: JsValue, opts: JsValue) -> Result<Board> {
        Ok(Board::from_core(convert::board_from(
            &fen,
            "new Board: argument 1",
            &opts,
        )?))
    }

    /// The FEN of the position (N1), canonical.
    pub fn fen(&self) -> String {
        self.inner.to_string()
    }

    /// The side to move.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        self.inner.turn().name().into()
    }

    /// The legal moves and drops as move codes, written into the code
    /// buffer; returns how many (behind `legalMoves()`).
    #[wasm_bindgen(js_name = "_legalMoveCodes")]
    pub fn legal_move_codes(&self) -> u32 {
        convert::write_move_codes(&self.inner.legal_moves())
    }

    /// Every legal move in SAN, separated by spaces (behind `legalMovesSan()`).
    #[wasm_bindgen(js_name = "_legalMovesSanText")]
    pub fn legal_moves_san_text(&self) -> String {
        let moves = self.inner.legal_moves();
        let mut out = String::with_capacity(moves.len() * 6);
        for &m in moves.iter() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(&self.inner.san(m).to_array_string());
        }
        out
    }

    /// Plays a move given as UCI or SAN and returns its UCI.
    pub fn push(&mut self, text: JsValue) -> Result<String> {
        let text = convert::string(&text, "Board.push: argument 1")?;
        let m = args::parse_move(&self.inner, &text).js()?;
        let before = self.inner;
        self.inner
            .play(m)
            .map_err(bughouse_js::error::illegal_move)
            .js()?;
        self.history.push((before, m));
        Ok(convert::uci(m))
    }

    /// The SAN of a legal move given as UCI or SAN (N3, R16).
    pub fn san(&self, text: JsValue) -> Result<String> {
        let m = self.legal_move(&text, "Board.san: argument 1")?;
        Ok(self.inner.san(m).to_array_string().to_string())
    }

    /// The UCI of the legal move that move text names here.
    #[wasm_bindgen(js_name = "parseSan")]
    pub fn parse_san(&self, text: JsValue) -> Result<String> {
        Ok(convert::uci(
            self.legal_move(&text, "Board.parseSan: argument 1")?,
        ))
    }

    /// Takes back the last move played by `push` and returns its UCI.
    pub fn pop(&mut self) -> Result<String> {
        let (before, m) = self
            .history
            .pop()
            .ok_or_else(bughouse_js::error::empty_history)
            .js()?;
        self.inner = before;
        Ok(convert::uci(m))
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = "isCheck")]
    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// Bughouse checkmate (R16, R17).
    #[wasm_bindgen(js_name = "isCheckmate")]
    pub fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// Waiting (R18): no legal move or drop, yet not mate.
    #[wasm_bindgen(js_name = "isWaiting")]
    pub fn is_waiting(&self) -> bool {
        self.inner.is_waiting()
    }

    /// Crazyhouse flavour: stalemate, a draw (as chessops says). Never in
    /// the bughouse flavour, where a side without a move waits (R18).
    #[wasm_bindgen(js_name = "isStalemate")]
    pub fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }

    /// Whether a dropped piece could ever block the check (R16, R17).
    #[wasm_bindgen(js_name = "dropCouldBlockCheck")]
    pub fn drop_could_block_check(&self) -> bool {
        self.inner.drop_could_block_check()
    }

    /// The pieces `color` may drop (R3).
    pub fn pocket(&self, color: JsValue) -> Result<JsValue> {
        let color = args::color(&convert::string(&color, "Board.pocket: argument 1")?).js()?;
        Ok(convert::out(&shapes::pocket(self.inner.pocket(color))))
    }

    /// The piece on a square, or `null`.
    #[wasm_bindgen(js_name = "pieceAt")]
    pub fn piece_at(&self, square: JsValue) -> Result<JsValue> {
        let square = args::square(&convert::string(&square, "Board.pieceAt: argument 1")?).js()?;
        Ok(self
            .inner
            .piece_at(square)
            .map_or(JsValue::NULL, |p| convert::out(&shapes::piece(p))))
    }

    /// Leaf count `depth` plies down, in this board's flavour.
    pub fn perft(&self, depth: JsValue) -> Result<f64> {
        let depth = args::perft_depth(convert::number(&depth, "Board.perft: argument 1")?).js()?;
        Ok(core::perft(&self.inner, depth) as f64)
    }

    // What board UIs need (the addon's `../src/ui.rs`).

    /// The squares of the pieces giving check, a1 first; empty when not in check.
    pub fn checkers(&self) -> Vec<String> {
        args::squares(self.inner.checkers())
    }

    /// The square of the king in check, or `null`.
    #[wasm_bindgen(js_name = "checkedKing")]
    pub fn checked_king(&self) -> JsValue {
        convert::nullable(
            self.inner
                .is_check()
                .then(|| self.inner.king_of(self.inner.turn()).to_string()),
        )
    }

    /// The squares the piece on `square` attacks; empty for an empty square.
    pub fn attacks(&self, square: JsValue) -> Result<Vec<String>> {
        args::attacks(
            &self.inner,
            &convert::string(&square, "Board.attacks: argument 1")?,
        )
        .js()
    }

    /// The moves played by `push` and not taken back, as UCI, oldest first.
    pub fn history(&self) -> Vec<String> {
        self.history.iter().map(|&(_, m)| convert::uci(m)).collect()
    }

    /// The last move played by `push` and not taken back, as UCI, or `null`.
    #[wasm_bindgen(js_name = "lastMove")]
    pub fn last_move(&self) -> JsValue {
        convert::nullable(self.history.last().map(|&(_, m)| convert::uci(m)))
    }

    /// An independent copy, history included.
    pub fn copy(&self) -> Board {
        self.clone()
    }
}
