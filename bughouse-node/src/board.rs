//! `Board`: one bughouse board, wrapping `bughouse_core::Board`.
//!
//! Every rule is the core's. The binding adds only what JavaScript needs
//! around it: strings in and out, and a history stack of earlier positions
//! so `pop()` can take a move back (the core is copy-make and keeps none).

use bughouse_core as core;
use napi::bindgen_prelude::{BufferSlice, Either, Object, Unknown};
use napi_derive::napi;

use crate::convert::{self, BoardOptions, Piece, Pocket};
use crate::error::{self, Code, Result};

/// One board: placement, promoted marks, both pockets, side to move.
///
/// In the bughouse flavour (default) a captured piece leaves the board; in a
/// game it goes to the capturer's partner (R5). With `{ crazyhouse: true }`
/// it goes to the capturer's own pocket.
#[napi]
#[derive(Debug, Clone)]
pub struct Board {
    pub(crate) inner: core::Board,
    /// The positions before each move played by `push`, with that move.
    history: Vec<(core::Board, core::Move)>,
}

impl Board {
    /// Wraps a core board with an empty history (`new Board`, `Game.board()`).
    pub(crate) fn from_core(inner: core::Board) -> Board {
        Board {
            inner,
            history: Vec::new(),
        }
    }

    /// The moves played by `push` and not taken back, oldest first.
    pub(crate) fn played(&self) -> impl DoubleEndedIterator<Item = core::Move> + '_ {
        self.history.iter().map(|&(_, m)| m)
    }

    /// Reads move text, UCI or SAN (N3), into a move that is legal here:
    /// `ERR_INVALID_MOVE`, `ERR_ILLEGAL_MOVE` or `ERR_AMBIGUOUS_MOVE` else.
    fn legal_move(&self, text: &str) -> Result<core::Move> {
        let m = convert::parse_move(&self.inner, text)?;
        // SAN resolves to a legal move; UCI is checked here, and `play` on a
        // copy says why a move is refused.
        if !self.inner.is_legal(m) {
            let mut copy = self.inner;
            copy.play(m).map_err(error::illegal_move)?;
        }
        Ok(m)
    }
}

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
        self.inner.to_string()
    }

    /// The side to move.
    #[napi(getter, catch_unwind, ts_return_type = "Color")]
    pub fn turn(&self) -> &'static str {
        self.inner.turn().name()
    }

    /// The legal moves and drops as move codes (see [`convert::move_code`]),
    /// written into `codes` (two bytes each, native byte order); returns how
    /// many. Behind `legalMoves()`, which index.js defines: it turns codes into
    /// UCI strings through a table of interned strings, so a call costs one
    /// crossing instead of one string and one array store per move.
    #[napi(js_name = "_legalMoveCodes", skip_typescript, catch_unwind)]
    pub fn legal_move_codes(&self, codes: BufferSlice) -> Result<u32> {
        convert::write_move_codes(&self.inner.legal_moves(), codes)
    }

    /// Every legal move and drop in SAN (N3), in the order of `legalMoves()`,
    /// separated by spaces (SAN has none). Behind `legalMovesSan()`, which
    /// index.js defines by splitting it: one string crosses instead of one
    /// per move, which makes the listing about twice as fast.
    #[napi(js_name = "_legalMovesSanText", skip_typescript, catch_unwind)]
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

    /// Plays a move given as UCI (`e2e4`, `e7e8q`, `N@f3`) or SAN (`Nf3`,
    /// `e8=Q`, `N@f3`, `@e4`) and returns its UCI. Throws `ERR_INVALID_MOVE`
    /// (unreadable text), `ERR_ILLEGAL_MOVE` or `ERR_AMBIGUOUS_MOVE` (SAN
    /// that fits several moves); the board is unchanged on error.
    #[napi(catch_unwind)]
    pub fn push(&mut self, text: String) -> Result<String> {
        let m = convert::parse_move(&self.inner, &text)?;
        let before = self.inner;
        self.inner.play(m).map_err(error::illegal_move)?;
        self.history.push((before, m));
        Ok(convert::uci(m))
    }

    /// The SAN of a legal move given as UCI (or SAN, written back in its
    /// canonical form), with `+` or `#` (N3, R16): `san('g1f3')` is `'Nf3'`.
    /// Throws as `push` does; the board is unchanged.
    #[napi(catch_unwind)]
    pub fn san(&self, text: String) -> Result<String> {
        let m = self.legal_move(&text)?;
        Ok(self.inner.san(m).to_array_string().to_string())
    }

    /// The UCI of the legal move that move text (SAN or UCI) names here,
    /// without playing it: `parseSan('Nf3')` is `'g1f3'`. Throws as `push`
    /// does.
    #[napi(catch_unwind)]
    pub fn parse_san(&self, text: String) -> Result<String> {
        Ok(convert::uci(self.legal_move(&text)?))
    }

    /// Takes back the last move played by `push` and returns its UCI.
    /// Throws `ERR_EMPTY_HISTORY` when there is none.
    #[napi(catch_unwind)]
    pub fn pop(&mut self) -> Result<String> {
        let (before, m) = self
            .history
            .pop()
            .ok_or_else(|| error::error(Code::EmptyHistory, "no move to take back"))?;
        self.inner = before;
        Ok(convert::uci(m))
    }

    /// Whether the side to move is in check.
    #[napi(catch_unwind)]
    pub fn is_check(&self) -> bool {
        self.inner.is_check()
    }

    /// Checkmate. In the bughouse flavour (default) bughouse mate (R16,
    /// R17): a check that a drop could block is never mate, even with an
    /// empty pocket, since the partner may send a piece. In the crazyhouse
    /// flavour (`{ crazyhouse: true }`) crazyhouse mate, as chessops and
    /// python-chess have it: no partner, so a check with no legal reply is
    /// mate.
    #[napi(catch_unwind)]
    pub fn is_checkmate(&self) -> bool {
        self.inner.is_checkmate()
    }

    /// No legal move or drop, yet not mate. In the bughouse flavour the
    /// side waits (R18: no stalemate; the partner may send a piece); in the
    /// crazyhouse flavour this is stalemate, a draw in crazyhouse.
    #[napi(catch_unwind)]
    pub fn is_waiting(&self) -> bool {
        self.inner.is_waiting()
    }

    /// Crazyhouse flavour: stalemate, a draw (as chessops says). Never in
    /// the bughouse flavour, where a side without a move waits (R18).
    #[napi(catch_unwind)]
    pub fn is_stalemate(&self) -> bool {
        self.inner.is_stalemate()
    }

    /// Whether a dropped piece could ever block the check (R16, R17): one
    /// checker, not a knight or pawn, with an empty square between.
    #[napi(catch_unwind)]
    pub fn drop_could_block_check(&self) -> bool {
        self.inner.drop_could_block_check()
    }

    /// The pieces `color` may drop (R3). Throws `ERR_INVALID_ARG_VALUE`.
    #[napi(catch_unwind, ts_args_type = "color: Color")]
    pub fn pocket(&self, color: String) -> Result<Pocket> {
        Ok(self.inner.pocket(convert::parse_color(&color)?).into())
    }

    /// The piece on a square such as `'e4'`, or `null`. Throws
    /// `ERR_INVALID_ARG_VALUE` for a bad square name.
    #[napi(catch_unwind)]
    pub fn piece_at(&self, square: String) -> Result<Option<Piece>> {
        Ok(self
            .inner
            .piece_at(convert::parse_square(&square)?)
            .map(Piece::from))
    }

    /// Leaf count `depth` plies down, in this board's flavour. Throws
    /// `ERR_OUT_OF_RANGE` unless `depth` is an integer from 0 to 32.
    #[napi(catch_unwind)]
    pub fn perft(&self, depth: f64) -> Result<f64> {
        let depth = convert::perft_depth(depth)?;
        Ok(core::perft(&self.inner, depth) as f64)
    }
}
