//! `Board`: one bughouse board, wrapping `bughouse_core::Board`.
//!
//! Every rule is the core's. The binding adds only what JavaScript needs
//! around it: strings in and out, and a history stack of earlier positions
//! so `pop()` can take a move back (the core is copy-make and keeps none).

use bughouse_core as core;
use napi::bindgen_prelude::{BufferSlice, Either, Object, Unknown};
use napi_derive::napi;

use crate::convert::{self, BoardOptions, Piece, Pocket};
use crate::error::{self, Js, Result};

// One board: placement, promoted marks, both pockets, side to move (its
// declaration is the shared layer's).
bughouse_js::board_class!(napi);

#[napi]
impl Board {
    /// A board from a FEN (N1: `[pocket]`, `~` promoted marks), or the
    /// standard start. Throws `ERR_INVALID_FEN`.
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "fen?: string | undefined | null, opts?: BoardOptions | undefined | null"
    )]
    pub fn new(
        fen: Option<Either<String, Unknown<'_>>>,
        opts: Option<Either<Object<'_>, Unknown<'_>>>,
    ) -> Result<Board> {
        // Read here, not by napi-rs, so a wrong type gets our code (the
        // class is not wrapped in a Proxy for that: construction stays fast).
        let fen = match fen {
            None => None,
            Some(Either::A(fen)) => Some(fen),
            Some(Either::B(v)) if convert::is_nullish(&v) => None,
            Some(Either::B(v)) => {
                return Err(error::invalid_type(
                    "new Board: argument 1",
                    "a string",
                    convert::type_name(&v),
                ));
            }
        };
        let flavour = BoardOptions::flavour(opts)?;
        Ok(Board::from_core(convert::board_from(
            fen.as_deref(),
            flavour,
        )?))
    }

    /// The FEN of the position (N1), canonical: `[..]` pocket, `~` marks,
    /// en passant only when a capture is legal (R15).
    #[napi(catch_unwind)]
    pub fn fen(&self) -> String {
        self.played.inner.to_string()
    }

    /// The side to move.
    #[napi(getter, catch_unwind, ts_return_type = "Color")]
    pub fn turn(&self) -> &'static str {
        self.played.inner.turn().name()
    }

    /// The legal moves and drops as move codes (see [`convert::move_code`]),
    /// written into `codes` (two bytes each, native byte order); returns how
    /// many. Behind `legalMoves()`, which index.js defines: it turns codes into
    /// UCI strings through a table of interned strings, so a call costs one
    /// crossing instead of one string and one array store per move.
    #[napi(js_name = "_legalMoveCodes", skip_typescript, catch_unwind)]
    pub fn legal_move_codes(&self, codes: BufferSlice) -> Result<u32> {
        convert::write_move_codes(&self.played.inner.legal_moves(), codes)
    }

    /// The legal targets grouped by origin (`drops` false, behind `dests()`)
    /// or by pocket role (behind `dropDests()`, both index.js's), written
    /// into `codes` as the shared layer's groups (`PlayedBoard::write_dests`:
    /// a header code and a target set as four 16-bit limbs each); returns
    /// how many words. The core groups them: a full pocket's ~300 drops
    /// cross as five sets.
    #[napi(js_name = "_destWords", skip_typescript, catch_unwind)]
    pub fn dest_words(&self, drops: bool, codes: BufferSlice) -> Result<u32> {
        let mut words = [0; bughouse_js::board::MAX_DEST_WORDS];
        let n = self.played.write_dests(drops, &mut words);
        convert::write_code_words(&words[..n], codes)
    }

    /// Every legal move and drop in SAN (N3), in the order of `legalMoves()`,
    /// separated by spaces (SAN has none). Behind `legalMovesSan()`, which
    /// index.js defines by splitting it: one string crosses instead of one
    /// per move, which makes the listing about twice as fast.
    #[napi(js_name = "_legalMovesSanText", skip_typescript, catch_unwind)]
    pub fn legal_moves_san_text(&self) -> String {
        self.played.legal_moves_san_text()
    }

    /// Plays a move given as UCI (`e2e4`, `e7e8q`, `N@f3`) or SAN (`Nf3`,
    /// `e8=Q`, `N@f3`, `@e4`) and returns its UCI. Throws `ERR_INVALID_MOVE`
    /// (unreadable text), `ERR_ILLEGAL_MOVE` or `ERR_AMBIGUOUS_MOVE` (SAN
    /// that fits several moves); the board is unchanged on error.
    #[napi(catch_unwind)]
    pub fn push(&mut self, text: String) -> Result<String> {
        self.played.push(&text).js()
    }

    /// The SAN of a legal move given as UCI (or SAN, written back in its
    /// canonical form), with `+` or `#` (N3, R16): `san('g1f3')` is `'Nf3'`.
    /// Throws as `push` does; the board is unchanged.
    #[napi(catch_unwind)]
    pub fn san(&self, text: String) -> Result<String> {
        self.played.san(&text).js()
    }

    /// The UCI of the legal move that move text (SAN or UCI) names here,
    /// without playing it: `parseSan('Nf3')` is `'g1f3'`. Throws as `push`
    /// does.
    #[napi(catch_unwind)]
    pub fn parse_san(&self, text: String) -> Result<String> {
        self.played.parse_san(&text).js()
    }

    /// Takes back the last move played by `push` and returns its UCI.
    /// Throws `ERR_EMPTY_HISTORY` when there is none.
    #[napi(catch_unwind)]
    pub fn pop(&mut self) -> Result<String> {
        self.played.pop().js()
    }

    /// Whether the side to move is in check.
    #[napi(catch_unwind)]
    pub fn is_check(&self) -> bool {
        self.played.inner.is_check()
    }

    /// Checkmate. In the bughouse flavour (default) bughouse mate (R16,
    /// R17): a check that a drop could block is never mate, even with an
    /// empty pocket, since the partner may send a piece. In the crazyhouse
    /// flavour (`{ crazyhouse: true }`) crazyhouse mate, as chessops and
    /// python-chess have it: no partner, so a check with no legal reply is
    /// mate.
    #[napi(catch_unwind)]
    pub fn is_checkmate(&self) -> bool {
        self.played.inner.is_checkmate()
    }

    /// No legal move or drop, yet not mate. In the bughouse flavour the
    /// side waits (R18: no stalemate; the partner may send a piece); in the
    /// crazyhouse flavour this is stalemate, a draw in crazyhouse.
    #[napi(catch_unwind)]
    pub fn is_waiting(&self) -> bool {
        self.played.inner.is_waiting()
    }

    /// Crazyhouse flavour: stalemate, a draw (as chessops says). Never in
    /// the bughouse flavour, where a side without a move waits (R18).
    #[napi(catch_unwind)]
    pub fn is_stalemate(&self) -> bool {
        self.played.inner.is_stalemate()
    }

    /// Whether a dropped piece could ever block the check (R16, R17): one
    /// checker, not a knight or pawn, with an empty square between.
    #[napi(catch_unwind)]
    pub fn drop_could_block_check(&self) -> bool {
        self.played.inner.drop_could_block_check()
    }

    /// The pieces `color` may drop (R3). Throws `ERR_INVALID_ARG_VALUE`.
    #[napi(catch_unwind, ts_args_type = "color: Color")]
    pub fn pocket(&self, color: String) -> Result<Pocket> {
        Ok(self
            .played
            .inner
            .pocket(convert::parse_color(&color)?)
            .into())
    }

    /// The piece on a square such as `'e4'`, or `null`. Throws
    /// `ERR_INVALID_ARG_VALUE` for a bad square name.
    #[napi(catch_unwind)]
    pub fn piece_at(&self, square: String) -> Result<Option<Piece>> {
        Ok(self
            .played
            .inner
            .piece_at(convert::parse_square(&square)?)
            .map(Piece::from))
    }

    /// Leaf count `depth` plies down, in this board's flavour. Throws
    /// `ERR_OUT_OF_RANGE` unless `depth` is an integer from 0 to 32.
    #[napi(catch_unwind)]
    pub fn perft(&self, depth: f64) -> Result<f64> {
        let depth = convert::perft_depth(depth)?;
        Ok(core::perft(&self.played.inner, depth) as f64)
    }
}
