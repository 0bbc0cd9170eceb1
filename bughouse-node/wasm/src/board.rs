//! `Board`: one bughouse board, the addon's `Board` (`../src/board.rs`,
//! `../src/ui.rs`) method for method. Every rule is the core's.

use bughouse_core as core;
use wasm_bindgen::prelude::*;

use crate::convert;
use crate::error::{Js, Result};
use bughouse_js::{args, shapes};

// One board: placement, promoted marks, both pockets, side to move (its
// declaration is the shared layer's).
bughouse_js::board_class!(wasm_bindgen);

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
        self.played.inner.to_string()
    }

    /// The side to move.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> String {
        self.played.inner.turn().name().into()
    }

    /// The legal moves and drops as move codes, written into the code
    /// buffer; returns how many (behind `legalMoves()`).
    #[wasm_bindgen(js_name = "_legalMoveCodes")]
    pub fn legal_move_codes(&self) -> u32 {
        convert::write_move_codes(&self.played.inner.legal_moves())
    }

    /// The legal targets grouped by origin (`drops` false, behind `dests()`)
    /// or by pocket role (behind `dropDests()`), written into the code
    /// buffer as the shared layer's groups (`PlayedBoard::write_dests`);
    /// returns how many words.
    #[wasm_bindgen(js_name = "_destWords")]
    pub fn dest_words(&self, drops: bool) -> u32 {
        convert::with_dest_words(|words| self.played.write_dests(drops, words))
    }

    /// Every legal move in SAN, separated by spaces (behind `legalMovesSan()`).
    #[wasm_bindgen(js_name = "_legalMovesSanText")]
    pub fn legal_moves_san_text(&self) -> String {
        self.played.legal_moves_san_text()
    }

    /// Plays a move given as UCI or SAN and returns its UCI.
    pub fn push(&mut self, text: JsValue) -> Result<String> {
        let text = convert::string(&text, "Board.push: argument 1")?;
        self.played.push(&text).js()
    }

    /// The SAN of a legal move given as UCI or SAN (N3, R16).
    pub fn san(&self, text: JsValue) -> Result<String> {
        let text = convert::string(&text, "Board.san: argument 1")?;
        self.played.san(&text).js()
    }

    /// The UCI of the legal move that move text names here.
    #[wasm_bindgen(js_name = "parseSan")]
    pub fn parse_san(&self, text: JsValue) -> Result<String> {
        let text = convert::string(&text, "Board.parseSan: argument 1")?;
        self.played.parse_san(&text).js()
    }

    /// Takes back the last move played by `push` and returns its UCI.
    pub fn pop(&mut self) -> Result<String> {
        self.played.pop().js()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = "isCheck")]
    pub fn is_check(&self) -> bool {
        self.played.inner.is_check()
    }

    /// Bughouse checkmate (R16, R17).
    #[wasm_bindgen(js_name = "isCheckmate")]
    pub fn is_checkmate(&self) -> bool {
        self.played.inner.is_checkmate()
    }

    /// Waiting (R18): no legal move or drop, yet not mate.
    #[wasm_bindgen(js_name = "isWaiting")]
    pub fn is_waiting(&self) -> bool {
        self.played.inner.is_waiting()
    }

    /// Crazyhouse flavour: stalemate, a draw (as chessops says). Never in
    /// the bughouse flavour, where a side without a move waits (R18).
    #[wasm_bindgen(js_name = "isStalemate")]
    pub fn is_stalemate(&self) -> bool {
        self.played.inner.is_stalemate()
    }

    /// Whether a dropped piece could ever block the check (R16, R17).
    #[wasm_bindgen(js_name = "dropCouldBlockCheck")]
    pub fn drop_could_block_check(&self) -> bool {
        self.played.inner.drop_could_block_check()
    }

    /// The pieces `color` may drop (R3).
    pub fn pocket(&self, color: JsValue) -> Result<JsValue> {
        let color = args::color(&convert::string(&color, "Board.pocket: argument 1")?).js()?;
        Ok(convert::out(&shapes::pocket(
            self.played.inner.pocket(color),
        )))
    }

    /// The piece on a square, or `null`.
    #[wasm_bindgen(js_name = "pieceAt")]
    pub fn piece_at(&self, square: JsValue) -> Result<JsValue> {
        let square = args::square(&convert::string(&square, "Board.pieceAt: argument 1")?).js()?;
        Ok(self
            .played
            .inner
            .piece_at(square)
            .map_or(JsValue::NULL, |p| convert::out(&shapes::piece(p))))
    }

    /// Leaf count `depth` plies down, in this board's flavour.
    pub fn perft(&self, depth: JsValue) -> Result<f64> {
        let depth = args::perft_depth(convert::number(&depth, "Board.perft: argument 1")?).js()?;
        Ok(core::perft(&self.played.inner, depth) as f64)
    }

    // What board UIs need (the addon's `../src/ui.rs`).

    /// The squares of the pieces giving check, a1 first; empty when not in check.
    pub fn checkers(&self) -> Vec<String> {
        args::squares(self.played.inner.checkers())
    }

    /// The square of the king in check, or `null`.
    #[wasm_bindgen(js_name = "checkedKing")]
    pub fn checked_king(&self) -> JsValue {
        convert::nullable(self.played.checked_king())
    }

    /// The squares the piece on `square` attacks; empty for an empty square.
    pub fn attacks(&self, square: JsValue) -> Result<Vec<String>> {
        args::attacks(
            &self.played.inner,
            &convert::string(&square, "Board.attacks: argument 1")?,
        )
        .js()
    }

    /// The moves played by `push` and not taken back, as UCI, oldest first.
    pub fn history(&self) -> Vec<String> {
        self.played.history()
    }

    /// The last move played by `push` and not taken back, as UCI, or `null`.
    #[wasm_bindgen(js_name = "lastMove")]
    pub fn last_move(&self) -> JsValue {
        convert::nullable(self.played.last_move())
    }

    /// An independent copy, history included.
    pub fn copy(&self) -> Board {
        self.clone()
    }
}
