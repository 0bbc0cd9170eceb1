//! `Board`: one bughouse board with python-chess manners (`push`, `pop`,
//! `legal_moves`, `fen()`, …). Every rule is the core's; this file converts
//! values and keeps the move stack that `pop` needs (the core board is
//! `Copy`: the stack holds the boards before each move).
//!
//! Thread safety: the state sits behind a `Mutex` in a frozen class, so a
//! board shared between threads never tears. The lock is held only around
//! pure Rust work, never while Python objects are made (making one may run
//! the garbage collector and so any Python code, which could wait on the
//! same lock), and never while the GIL is released.

use std::sync::{Mutex, MutexGuard};

use bughouse_core::{
    Bitboard, Board, Color, Flavour, Move, board::BoardOutcome, board::perft_while,
};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use crate::bot;
use crate::convert::{self, Int};
use crate::diagram::{self, Style};
use crate::errors::{self, BadSan, OrRaise};
use crate::legal_moves::PyLegalMoves;
use crate::moves::{self, PyMove};
use crate::piece::PyPiece;
use crate::pocket::PyPocket;

/// The position and the boards before each move played on this object.
#[derive(Clone)]
pub(crate) struct BoardState {
    pub(crate) board: Board,
    /// `(board before the move, the move or None for a null move)`,
    /// oldest first.
    pub(crate) stack: Vec<(Board, Option<Move>)>,
}

impl BoardState {
    pub(crate) fn new(board: Board) -> BoardState {
        BoardState {
            board,
            stack: Vec::new(),
        }
    }

    /// The board the stack starts from.
    fn root(&self) -> Board {
        self.stack.first().map_or(self.board, |(b, _)| *b)
    }
}

/// Why a change of a pocket was refused: past R8's counts, nothing of
/// that piece to take, or a position no FEN may hold (N1). Made into an
/// exception only once the board's lock is released.
pub(crate) enum PocketEdit {
    Full,
    NoneLeft(bughouse_core::Role),
    Position(bughouse_core::error::FenErrorKind),
}

/// How many times `bot_move(play=True)` searches again when another thread
/// changed the board during the search.
const BOT_TRIES: usize = 8;

/// One board. `Board()` is the standard start in the bughouse flavour.
#[pyclass(frozen, module = "bughouse", name = "Board")]
pub(crate) struct PyBoard {
    state: Mutex<BoardState>,
}

impl PyBoard {
    pub(crate) fn from_state(state: BoardState) -> PyBoard {
        PyBoard {
            state: Mutex::new(state),
        }
    }

    fn lock(&self) -> MutexGuard<'_, BoardState> {
        // No code panics while holding the lock; if some ever did, the state
        // it guards is still a whole value (all writes are single
        // assignments), so a poisoned lock is safe to keep using.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A copy of the current position (cheap: the board is `Copy`).
    pub(crate) fn board(&self) -> Board {
        self.lock().board
    }

    fn flavour_arg(crazyhouse: bool) -> Flavour {
        if crazyhouse {
            Flavour::Crazyhouse
        } else {
            Flavour::Bughouse
        }
    }

    /// The legal move a SAN names on the current position.
    fn resolve_san(&self, san: &str) -> PyResult<Move> {
        self.board()
            .parse_san(san)
            .map_err(|e| BadSan(san, e))
            .or_raise()
    }

    /// Applies a core edit (checked as a FEN is, N1); on success the move
    /// stack is cleared (it no longer leads to this position), on error
    /// nothing changes.
    fn edit(
        &self,
        f: impl FnOnce(&mut Board) -> Result<(), bughouse_core::error::FenErrorKind>,
    ) -> PyResult<()> {
        let result = {
            let mut state = self.lock();
            let mut edited = state.board;
            let result = f(&mut edited);
            if result.is_ok() {
                *state = BoardState::new(edited);
            }
            result
        };
        result.map_err(errors::bad_edit)
    }

    /// Changes `color`'s pocket by `change`, as one core edit under one
    /// lock (`Board::set_pocket`, N1-checked): on success the move stack is
    /// cleared, as by every edit; on error nothing changes.
    pub(crate) fn edit_pocket(
        &self,
        color: Color,
        change: impl FnOnce(&mut bughouse_core::Pocket) -> Result<(), PocketEdit>,
    ) -> PyResult<()> {
        let result = {
            let mut state = self.lock();
            let mut edited = state.board;
            let mut pocket = *edited.pocket(color);
            let result = change(&mut pocket).and_then(|()| {
                edited
                    .set_pocket(color, pocket)
                    .map_err(PocketEdit::Position)
            });
            if result.is_ok() {
                *state = BoardState::new(edited);
            }
            result
        };
        result.map_err(|e| e.to_py_err(color))
    }

    /// Plays a legal move, keeping the board before it for `pop`.
    fn play(&self, mv: Move) -> PyResult<()> {
        let played = {
            let mut state = self.lock();
            let before = state.board;
            let played = state.board.play(mv);
            if played.is_ok() {
                state.stack.push((before, Some(mv)));
            }
            played
        };
        played.map(drop).or_raise()
    }

    /// Plays the null move through the core's `Board::null_move` (the side
    /// to move passes, the en passant square lapses), keeping the board
    /// before it for `pop`; refused in check, nothing changed.
    fn play_null(&self) -> PyResult<()> {
        let passed = {
            let mut state = self.lock();
            let before = state.board;
            let passed = before.null_move();
            if let Some(after) = passed {
                state.board = after;
                state.stack.push((before, None));
            }
            passed.is_some()
        };
        if passed {
            Ok(())
        } else {
            Err(errors::null_move_in_check())
        }
    }

    /// Plays a move, or the null move for `None`.
    fn play_or_null(&self, mv: Option<Move>) -> PyResult<()> {
        match mv {
            Some(mv) => self.play(mv),
            None => self.play_null(),
        }
    }
}

#[pymethods]
impl PyBoard {
    /// `Board(fen=None, *, crazyhouse=False)`: the standard start, or the
    /// position of a FEN (N1; `InvalidFenError` naming the byte). In the
    /// bughouse flavour a captured piece leaves this board (in a game it
    /// goes to the partner, R5); with `crazyhouse=True` it goes to the
    /// capturer's own pocket.
    #[new]
    #[pyo3(signature = (fen=None, *, crazyhouse=false))]
    fn new(fen: Option<&str>, crazyhouse: bool) -> PyResult<PyBoard> {
        let flavour = PyBoard::flavour_arg(crazyhouse);
        let board = match fen {
            None => Board::new_with(flavour),
            Some(fen) => Board::from_fen(fen, flavour).or_raise()?,
        };
        Ok(PyBoard::from_state(BoardState::new(board)))
    }

    /// The side to move: `WHITE` (True) or `BLACK`.
    #[getter]
    fn turn(&self) -> bool {
        self.board().turn().is_white()
    }

    /// `(black, white)` pockets, indexable by colour as in python-chess:
    /// `board.pockets[WHITE].count(KNIGHT)`. Each is this board's pocket,
    /// live as python-chess's: it reads the board as it is now, and
    /// `board.pockets[WHITE].add(KNIGHT)` edits the board (see
    /// `Pocket.add`); `.copy()` keeps the pieces of the moment.
    #[getter]
    fn pockets(slf: &Bound<'_, Self>) -> (PyPocket, PyPocket) {
        let view = |color| PyPocket::of_board(slf.clone().unbind(), color);
        (view(Color::Black), view(Color::White))
    }

    /// The legal moves and drops, live: sized, iterable, supports `in`.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.clone().unbind())
    }

    /// The moves played on this object since it was made, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves: Vec<Option<Move>> = self.lock().stack.iter().map(|(_, m)| *m).collect();
        let objects = moves
            .into_iter()
            .map(|m| moves::to_py_or_null(py, m))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, objects)
    }

    /// Whether captures go to the capturer's own pocket (crazyhouse) rather
    /// than leave the board (bughouse).
    #[getter]
    fn crazyhouse(&self) -> bool {
        self.board().flavour() == Flavour::Crazyhouse
    }

    /// The en passant square, only when an en passant capture is legal (R15).
    #[getter]
    fn ep_square(&self) -> Option<u8> {
        self.board().ep_square().map(convert::square_number)
    }

    /// Half-moves since the last capture or pawn move (FEN only: no
    /// fifty-move rule, R33).
    #[getter]
    fn halfmove_clock(&self) -> u32 {
        self.board().halfmoves()
    }

    /// The FEN full-move number.
    #[getter]
    fn fullmove_number(&self) -> u32 {
        self.board().fullmoves()
    }

    /// The canonical FEN (N1): `[..]` pockets, `~` after promoted pieces,
    /// an en passant square only when a capture is legal (R15).
    fn fen(&self) -> String {
        self.board().to_string()
    }

    /// `(piece_type, color)` on `square`, or None.
    fn piece_at(&self, square: i64) -> PyResult<Option<(u8, bool)>> {
        let sq = convert::square(square)?;
        Ok(self
            .board()
            .piece_at(sq)
            .map(|p| (convert::role_number(p.role), p.color.is_white())))
    }

    /// The piece type on `square`, or None.
    fn piece_type_at(&self, square: i64) -> PyResult<Option<u8>> {
        let sq = convert::square(square)?;
        Ok(self.board().role_at(sq).map(convert::role_number))
    }

    /// The colour of the piece on `square`, or None.
    fn color_at(&self, square: i64) -> PyResult<Option<bool>> {
        let sq = convert::square(square)?;
        Ok(self.board().color_at(sq).map(Color::is_white))
    }

    /// Whether the piece on `square` reached the board by promotion: if
    /// captured it passes on as a pawn (R6).
    fn is_promoted(&self, square: i64) -> PyResult<bool> {
        let sq = convert::square(square)?;
        Ok(self.board().promoted().contains(sq))
    }

    /// The squares of `color`'s pieces of `piece_type`, a1 first.
    fn pieces(&self, piece_type: i64, color: bool) -> PyResult<Vec<u32>> {
        let piece = convert::role(piece_type)?.of(convert::color(color));
        Ok(convert::squares(self.board().by_piece(piece)))
    }

    /// The square of `color`'s king.
    fn king(&self, color: bool) -> u8 {
        convert::square_number(self.board().king_of(convert::color(color)))
    }

    /// The squares of `color`'s pieces that attack `square`.
    fn attackers(&self, color: bool, square: i64) -> PyResult<Vec<u32>> {
        let sq = convert::square(square)?;
        let board = self.board();
        Ok(convert::squares(board.attackers_to(
            sq,
            convert::color(color),
            board.occupied(),
        )))
    }

    /// Whether any piece of `color` attacks `square`.
    fn is_attacked_by(&self, color: bool, square: i64) -> PyResult<bool> {
        let sq = convert::square(square)?;
        let board = self.board();
        Ok(board
            .attackers_to(sq, convert::color(color), board.occupied())
            .nonempty())
    }

    /// The squares of the pieces giving check to the side to move.
    fn checkers(&self) -> Vec<u32> {
        convert::squares(self.board().checkers())
    }

    /// The squares where the side to move may legally drop now: of
    /// `piece_type` only, or of any piece in its pocket.
    #[pyo3(signature = (piece_type=None))]
    fn legal_drop_squares(&self, piece_type: Option<i64>) -> PyResult<Vec<u32>> {
        let only = piece_type.map(convert::role).transpose()?;
        let board = self.board();
        let squares: Bitboard = board
            .legal_moves()
            .into_iter()
            .filter_map(|m| match m {
                Move::Drop { role, to } if only.is_none_or(|r| r == role) => Some(to),
                _ => None,
            })
            .collect();
        Ok(convert::squares(squares))
    }

    /// Whether `move` is legal here; never the null move (no rule allows
    /// it, R9), as in python-chess.
    /// A `chess.Move` is read by its fields; other types are a `TypeError`.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = moves::extract_or_null(r#move)?;
        Ok(mv.is_some_and(|mv| self.board().is_legal(mv)))
    }

    /// Plays `move` after checking it: `IllegalMoveError` (naming why, with
    /// the rule id) leaves the board unchanged.
    /// A `chess.Move` is read by its fields (a drop as python-chess writes
    /// it); other types are a `TypeError`. `Move.null()` plays the null
    /// move, as in python-chess, through the core's `Board::null_move`: the
    /// side to move passes and the en passant square lapses; unlike
    /// python-chess the half-move clock and move number stay (the core
    /// counts moves, and a null move is none), and in check it is an
    /// `IllegalMoveError` (passing would leave the king capturable, R13).
    fn push(&self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.play_or_null(moves::extract_or_null(r#move)?)
    }

    /// The computer player's move on this board alone — in the crazyhouse
    /// flavour a crazyhouse player (captures to its own hand, crazyhouse
    /// mate); in the bughouse flavour the board without a partner board. A
    /// `Move` (always one of `legal_moves`), or None when the side to move
    /// has none (mate, stalemate or waiting). `nodes`, `time_ms` and `seed`
    /// as for `Game.bot_move`; `play=True` also pushes it (searching again,
    /// at most 8 times, if another thread changed the board meanwhile).
    #[pyo3(
        signature = (nodes=None, *, time_ms=None, seed=0, play=false),
        text_signature = "($self, nodes=None, *, time_ms=None, seed=0, play=False)"
    )]
    fn bot_move<'py>(
        &self,
        py: Python<'py>,
        nodes: Option<i64>,
        time_ms: Option<i64>,
        seed: i128,
        play: bool,
    ) -> PyResult<Option<Bound<'py, PyMove>>> {
        let plan = bot::fixed_time(time_ms)?;
        let limits = bot::limits(nodes, seed, plan.is_some())?;
        for _ in 0..BOT_TRIES {
            let snapshot = self.board();
            let decision = bot::think_board(py, snapshot, limits, plan)?;
            let Some(mv) = decision.and_then(|d| d.action.as_move()) else {
                return Ok(None);
            };
            if play {
                let mut state = self.lock();
                if state.board != snapshot {
                    continue;
                }
                // Legal: the core chose it on this very position.
                state.board.play_unchecked(mv);
                state.stack.push((snapshot, Some(mv)));
            }
            return moves::to_py(py, mv).map(Some);
        }
        Err(errors::game_kept_changing(BOT_TRIES))
    }

    /// Reads UCI and plays it: `InvalidMoveError` / `IllegalMoveError`;
    /// `"0000"` is the null move (see `push`).
    fn push_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = PyMove::parse_or_null(uci)?;
        self.play_or_null(mv)?;
        moves::to_py_or_null(py, mv)
    }

    /// Reads SAN (N3, tolerant: `Nf3`, `exd5`, `e8=Q+`, `N@f3`, `@e4`,
    /// `P*e4`, `0-0`) and plays it: `InvalidMoveError` for text that is not
    /// SAN, `IllegalMoveError` when no legal move matches,
    /// `AmbiguousMoveError` when several do.
    fn push_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = self.resolve_san(san)?;
        self.play(mv)?;
        moves::to_py(py, mv)
    }

    /// The legal move a SAN names here, without playing it; errors as
    /// `push_san`.
    fn parse_san<'py>(&self, py: Python<'py>, san: &str) -> PyResult<Bound<'py, PyMove>> {
        moves::to_py(py, self.resolve_san(san)?)
    }

    /// The SAN of a legal move (N3): `"P@e4"` (pawn drops keep the `P`),
    /// `"N@f3+"`, `"exd5"`, `"e8=Q"`; `#` only for a bughouse mate (R16).
    /// `IllegalMoveError` (naming why) for a move that is not legal here.
    /// The null move is `"--"`, as python-chess writes it, where `push`
    /// would play it (not in check).
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let Some(mv) = moves::extract_or_null(r#move)? else {
            return null_san(&self.board());
        };
        let board = self.board();
        // Checked first: SAN is only defined for legal moves, and `play`
        // names why a move is not.
        let mut probe = board;
        probe.play(mv).or_raise()?;
        Ok(board.san(mv).to_string())
    }

    /// Takes back the last move (or null move) and returns it; `IndexError`
    /// when none.
    fn pop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let popped = {
            let mut state = self.lock();
            state.stack.pop().map(|(before, mv)| {
                state.board = before;
                mv
            })
        };
        moves::to_py_or_null(py, popped.ok_or_else(errors::empty_move_stack)?)
    }

    /// The last move played, without taking it back; `IndexError` when none.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let last = self.lock().stack.last().map(|(_, m)| *m);
        moves::to_py_or_null(py, last.ok_or_else(errors::nothing_to_peek)?)
    }

    /// Whether `move` takes a piece (en passant included, R9); a drop never
    /// does. As python-chess's, for legal moves.
    fn is_capture(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(moves::extract_or_null(r#move)?.is_some_and(|m| self.board().is_capture(m)))
    }

    /// Whether `move` is an en passant capture (R9, R15).
    fn is_en_passant(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(moves::extract_or_null(r#move)?.is_some_and(|m| self.board().is_en_passant(m)))
    }

    /// Whether `move` is castling: the king's two-square move (R14).
    fn is_castling(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(moves::extract_or_null(r#move)?.is_some_and(|m| self.board().is_castling(m)))
    }

    /// Whether `push(move)` resets the half-move clock: a capture or a pawn
    /// move; never a drop, a pawn drop included. python-chess's
    /// `CrazyhouseBoard.is_zeroing` says True for a pawn drop, yet its own
    /// `push` does not reset the clock on any drop; this engine answers what
    /// `push` does (the FEN counters after every move agree with
    /// python-chess's). Nothing else reads the clock in bughouse: there is
    /// no fifty-move rule (R33), and repetition (R25) is judged on the
    /// whole match state, counters excluded (F6).
    fn is_zeroing(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(moves::extract_or_null(r#move)?.is_some_and(|m| self.board().is_zeroing(m)))
    }

    /// Whether the legal `move` checks the opponent (a drop may, R12);
    /// False for a move that is not legal here.
    fn gives_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(moves::extract_or_null(r#move)?.is_some_and(|m| self.board().gives_check(m)))
    }

    /// Whether `move` is refused only because it leaves or puts the
    /// mover's king in check (R13); False for a legal move and for one
    /// refused for another reason.
    fn is_into_check(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(moves::extract_or_null(r#move)?.is_some_and(|m| self.board().is_into_check(m)))
    }

    /// How this board ended: a `BoardOutcome` for checkmate (R16), else
    /// None. Unlike python-chess there is no stalemate (a side without a
    /// move waits, R18), no fifty-move rule and no repetition on one board
    /// (R33; repetition is the match's, R25): only mate ends a board. A
    /// match's endings (time, resignation, …) are `Game.outcome()`'s.
    fn outcome(&self) -> Option<PyBoardOutcome> {
        self.board().outcome().map(PyBoardOutcome)
    }

    /// Whether the board ended: checkmate (R16). See `outcome`.
    fn is_game_over(&self) -> bool {
        self.board().outcome().is_some()
    }

    /// `"1-0"`, `"0-1"` after mate, else `"*"` (a board is never drawn).
    fn result(&self) -> &'static str {
        self.board().outcome().map_or("*", BoardOutcome::result)
    }

    /// `{square: Piece}` for every occupied square, a1 first.
    fn piece_map(&self) -> std::collections::BTreeMap<u8, PyPiece> {
        let board = self.board();
        board
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                board
                    .piece_at(sq)
                    .map(|p| (convert::square_number(sq), PyPiece(p)))
            })
            .collect()
    }

    /// Puts `piece` on `square` (`promoted=True`: it reached the board by
    /// promotion and passes on as a pawn, R6). Unlike python-chess, every
    /// edit must leave a position a FEN may hold (N1: one king each, no
    /// pawn on rank 1 or 8, R7's material, the side not to move not in
    /// check): else `InvalidFenError` and nothing changes. Castling rights
    /// that no longer apply are dropped; the move stack is cleared.
    #[pyo3(signature = (square, piece, promoted=false))]
    fn set_piece_at(&self, square: i64, piece: PyRef<'_, PyPiece>, promoted: bool) -> PyResult<()> {
        let sq = convert::square(square)?;
        let piece = piece.0;
        self.edit(|b| b.set_piece_at(sq, Some(piece), promoted))
    }

    /// Empties `square` and returns what stood there (or None); checked as
    /// `set_piece_at` (a king cannot be removed).
    fn remove_piece_at(&self, square: i64) -> PyResult<Option<PyPiece>> {
        let sq = convert::square(square)?;
        let before = self.board().piece_at(sq);
        self.edit(|b| b.set_piece_at(sq, None, false))?;
        Ok(before.map(PyPiece))
    }

    /// Replaces the whole placement by `{square: Piece}`, checked once (so
    /// kings may move); pieces on `promoted` squares are marked promoted
    /// (R6). Pockets and the side to move stay. The move stack is cleared.
    #[pyo3(signature = (pieces, *, promoted=None))]
    fn set_piece_map(
        &self,
        pieces: std::collections::BTreeMap<i64, PyRef<'_, PyPiece>>,
        promoted: Option<Vec<i64>>,
    ) -> PyResult<()> {
        let promoted: Vec<bughouse_core::Square> = promoted
            .unwrap_or_default()
            .into_iter()
            .map(convert::square)
            .collect::<PyResult<_>>()?;
        let placed: Vec<(bughouse_core::Square, bughouse_core::Piece, bool)> = pieces
            .iter()
            .map(|(&sq, p)| {
                let sq = convert::square(sq)?;
                Ok((sq, p.0, promoted.contains(&sq)))
            })
            .collect::<PyResult<_>>()?;
        self.edit(|b| b.set_placement(placed))
    }

    /// Replaces `color`'s pocket (R3) by the pieces of `pocket` (of any
    /// colour: only its pieces count), checked as `set_piece_at` (R7 counts
    /// pockets). `board.pockets[color].add(piece_type)` changes one piece,
    /// as in python-chess.
    fn set_pocket(&self, color: bool, pocket: PyRef<'_, PyPocket>) -> PyResult<()> {
        let color = convert::color(color);
        let pieces = pocket.pieces();
        self.edit_pocket(color, |p| {
            *p = pieces;
            Ok(())
        })
    }

    /// Adds one piece of `piece_type` to `color`'s pocket ("my partner sent
    /// me a knight"): `board.pockets[color].add(piece_type)`.
    fn add_to_pocket(&self, color: bool, piece_type: i64) -> PyResult<()> {
        let (color, role) = (convert::color(color), convert::role(piece_type)?);
        self.edit_pocket(color, |p| crate::pocket::add(p, role))
    }

    /// Takes one piece of `piece_type` out of `color`'s pocket
    /// (`BughouseError` when it holds none):
    /// `board.pockets[color].remove(piece_type)`.
    fn remove_from_pocket(&self, color: bool, piece_type: i64) -> PyResult<()> {
        let (color, role) = (convert::color(color), convert::role(piece_type)?);
        self.edit_pocket(color, |p| crate::pocket::remove(p, role))
    }

    /// Back to the standard start in this board's flavour, stack cleared.
    fn reset(&self) {
        let flavour = self.board().flavour();
        *self.lock() = BoardState::new(Board::new_with(flavour));
    }

    /// Unlike python-chess, not an empty board — a board always holds both
    /// kings (N1) — but the nearest: only the two kings stay where they
    /// stand; pockets empty, no castling rights, White to move, counters
    /// reset, stack cleared. Then `set_piece_at` what you want.
    fn clear(&self) -> PyResult<()> {
        let board = self.board();
        let kings: Vec<_> = bughouse_core::Color::ALL
            .into_iter()
            .map(|c| (board.king_of(c), bughouse_core::Role::King.of(c), false))
            .collect();
        let flavour = board.flavour();
        let fen = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1";
        let mut cleared = Board::from_fen(fen, flavour).or_raise()?;
        cleared.set_placement(kings).map_err(errors::bad_edit)?;
        *self.lock() = BoardState::new(cleared);
        Ok(())
    }

    /// The placement only (python-chess's `board_fen()`), `~` after
    /// promoted pieces: no pockets, turn or counters.
    fn board_fen(&self) -> String {
        self.board().board_fen().to_string()
    }

    /// The FEN without its two counters (EPD's position fields), pockets
    /// included.
    fn epd(&self) -> String {
        let fen = self.board().to_string();
        fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
    }

    /// The position with colours swapped and the board upside down
    /// (python-chess's `mirror()`): a new board, empty move stack.
    fn mirror(&self) -> PyBoard {
        PyBoard::from_state(BoardState::new(self.board().mirror()))
    }

    /// The squares of the line along which `color`'s piece on `square` is
    /// pinned to its king (R13), or all 64 when it is not pinned (as
    /// python-chess's `pin`, as a list of squares).
    fn pin(&self, color: bool, square: i64) -> PyResult<Vec<u32>> {
        let sq = convert::square(square)?;
        Ok(convert::squares(
            self.board().pin(convert::color(color), sq),
        ))
    }

    /// Whether `color`'s piece on `square` is pinned to its king (R13).
    fn is_pinned(&self, color: bool, square: i64) -> PyResult<bool> {
        let sq = convert::square(square)?;
        Ok(self.board().is_pinned(convert::color(color), sq))
    }

    /// The castling rights as python-chess writes them: a bitmask of the
    /// rooks' squares (`BB_H1 | BB_A8` = `1 << 7 | 1 << 56`); rights are lost
    /// for good, as in crazyhouse (R14).
    #[getter]
    fn castling_rights(&self) -> u64 {
        let rights = self.board().castling_rights();
        let mut mask = 0u64;
        for color in bughouse_core::Color::ALL {
            for side in bughouse_core::CastlingSide::ALL {
                if rights.contains(side.right(color)) {
                    mask |= 1 << side.rook_from(color).index();
                }
            }
        }
        mask
    }

    /// Whether `color` may still castle on either side (R14).
    fn has_castling_rights(&self, color: bool) -> bool {
        let rights = self.board().castling_rights();
        let color = convert::color(color);
        bughouse_core::CastlingSide::ALL
            .into_iter()
            .any(|side| rights.contains(side.right(color)))
    }

    /// Reads UCI and returns the legal move it names, without playing it:
    /// `InvalidMoveError` for text that is not UCI, `IllegalMoveError`
    /// (with the core's reason) for a move that is not legal here.
    fn parse_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = PyMove::parse(uci)?;
        let mut probe = self.board();
        probe.play(mv).or_raise()?;
        moves::to_py(py, mv)
    }

    /// Long algebraic notation of a legal move, python-chess's `lan()`:
    /// `Ng1-f3`, `e2-e4`, `e4xd5`, `e7-e8=Q`, drops and castling as in SAN
    /// (`N@f3`, `O-O`), with SAN's `+` / `#` (R16).
    fn lan(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let Some(mv) = moves::extract_or_null(r#move)? else {
            return null_san(&self.board());
        };
        let board = self.board();
        let mut probe = board;
        probe.play(mv).or_raise()?;
        let san = board.san(mv).to_string();
        Ok(long_algebraic(&board, mv, &san))
    }

    /// The SAN of a line of legal moves from here, numbered as PGN numbers
    /// them (`"1. e4 e5 2. Nf3"`, `"3...Nf6 4. O-O"`), python-chess's
    /// `variation_san()`. `IllegalMoveError` naming the first move that is
    /// not legal where it is played (the null move never is, as in
    /// python-chess); the board is not changed.
    fn variation_san(&self, moves: &Bound<'_, PyAny>) -> PyResult<String> {
        let mut board = self.board();
        let mut parts: Vec<String> = Vec::new();
        for (i, item) in moves.try_iter()?.enumerate() {
            let number = board.fullmoves();
            // As python-chess's, a line of legal moves: never a null move.
            let mv = moves::extract_or_null(&item?)?.ok_or_else(errors::null_move_in_line)?;
            let san = board.san(mv).to_string();
            board.play(mv).or_raise()?;
            let white_moved = board.turn() == Color::Black;
            if white_moved {
                parts.push(format!("{number}. {san}"));
            } else if i == 0 {
                parts.push(format!("{number}...{san}"));
            } else {
                parts.push(san);
            }
        }
        Ok(parts.join(" "))
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.board().is_check()
    }

    /// Bughouse checkmate (R16, R17): in check, no legal move or drop, and no
    /// drop could ever block the check — a blockable check is never mate,
    /// even with an empty pocket. The crazyhouse flavour uses crazyhouse
    /// mate (no legal reply to a check), as python-chess does.
    fn is_checkmate(&self) -> bool {
        self.board().is_checkmate()
    }

    /// No legal move or drop, yet not mate: the side waits for a piece (R18).
    /// There is no stalemate in bughouse (the crazyhouse flavour has it:
    /// `is_stalemate`).
    fn is_waiting(&self) -> bool {
        self.board().is_waiting()
    }

    /// Whether a dropped piece could ever block the check (R16, R17): one
    /// checker, at least one empty square between it and the king.
    fn drop_could_block_check(&self) -> bool {
        self.board().drop_could_block_check()
    }

    /// `"playing"`, `"checkmate"` (R16), `"waiting"` (R18; bughouse) or
    /// `"stalemate"` (crazyhouse flavour only: a draw), in one pass.
    fn status(&self) -> &'static str {
        self.board().status().as_str()
    }

    /// Crazyhouse flavour: stalemate, a draw (as python-chess says). Never
    /// in the bughouse flavour, where a side without a move waits (R18).
    fn is_stalemate(&self) -> bool {
        self.board().is_stalemate()
    }

    /// The number of leaf positions `depth` plies below this one, captures
    /// routed by the board's flavour. Releases the GIL while it counts.
    fn perft(&self, py: Python<'_>, depth: Int) -> PyResult<u64> {
        let depth = perft_depth(&depth)?;
        let board = self.board();
        interruptible_perft(py, &board, depth)
    }

    /// A new board with this position and, unless `stack=False`, this move
    /// stack (so `pop` works on it).
    #[pyo3(signature = (*, stack=true))]
    fn copy(&self, stack: bool) -> PyBoard {
        let mut state = self.lock().clone();
        if !stack {
            state.stack.clear();
        }
        PyBoard::from_state(state)
    }

    fn __copy__(&self) -> PyBoard {
        self.copy(true)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.copy(true)
    }

    /// Same position: placement, promoted marks, pockets, side to move,
    /// castling, legal en passant square, counters and flavour. The move
    /// stack does not count (as in python-chess).
    fn __eq__(&self, other: PyRef<'_, PyBoard>) -> bool {
        // Copy each side out before comparing: `b == b` must not lock twice.
        let mine = self.board();
        mine == other.board()
    }

    /// The position's Zobrist key (placement, pockets, turn, castling, en
    /// passant), the same for every board that reaches the same position — what
    /// python-chess's `_transposition_key()` is for: a dict or set key for
    /// positions (`seen.add(board.transposition_key())`). A `Board` itself
    /// is mutable and, as in python-chess, unhashable.
    fn transposition_key(&self) -> u64 {
        self.board().hash()
    }

    fn __repr__(&self) -> String {
        let board = self.board();
        match board.flavour() {
            Flavour::Bughouse => format!("Board('{board}')"),
            Flavour::Crazyhouse => format!("Board('{board}', crazyhouse=True)"),
        }
    }

    /// The board as SVG (`bughouse.svg.board`), so that notebooks show
    /// boards as pictures.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("bughouse.svg")?
            .call_method1("board", (slf,))?
            .extract()
    }

    /// An ASCII diagram, rank 8 first, python-chess style (`.` empty), with
    /// Black's pocket above and White's below when they hold anything.
    fn __str__(&self) -> String {
        diagram::lines(&self.board(), &Style::ASCII, false).join("\n")
    }

    /// The diagram in Unicode chess symbols, as python-chess's
    /// `board.unicode()`: `invert_color` swaps the symbols' colours (for
    /// dark backgrounds), `borders` adds rank numbers and file letters,
    /// `empty_square` fills empty squares, `orientation=BLACK` puts Black at
    /// the bottom. Unlike python-chess, the pockets are shown: the top
    /// player's above, the bottom player's below (`[♕♘♙]`).
    #[pyo3(signature = (*, invert_color=false, borders=false, empty_square="⭘", orientation=true))]
    fn unicode(
        &self,
        invert_color: bool,
        borders: bool,
        empty_square: &str,
        orientation: bool,
    ) -> String {
        let style = Style {
            unicode: true,
            invert_color,
            empty: empty_square,
            white_at_bottom: orientation,
            coordinates: borders,
        };
        diagram::lines(&self.board(), &style, false).join("\n")
    }

    /// Pickles as the starting FEN, the flavour and the moves in UCI; the
    /// moves are replayed through the rules on unpickling. A board whose
    /// moves do not replay from its start alone (a game's board, whose
    /// pockets the partner's captures filled between its moves, R5) also
    /// keeps the FEN before each move and its FEN now.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (), BoardPickle) {
        let state = slf.get().lock().clone();
        (slf.get_type(), (), BoardPickle::of(&state))
    }

    /// Restores a pickled board: every FEN is read (N1) and every move is
    /// checked on the position it was played on.
    fn __setstate__(&self, state: BoardPickle) -> PyResult<()> {
        let restored = state.restore()?;
        *self.lock() = restored;
        Ok(())
    }
}

/// What a pickled board holds (see `PyBoard.__reduce__`).
#[derive(FromPyObject, IntoPyObject)]
pub(crate) enum BoardPickle {
    /// `(start FEN, crazyhouse, moves in UCI)`: the moves replay from the start.
    Replayed(String, bool, Vec<String>),
    /// `(start FEN, crazyhouse, moves in UCI, FEN before each move, FEN
    /// now)`: a board whose pockets changed between its moves.
    Positions(String, bool, Vec<String>, Vec<String>, String),
}

/// The UCI of a stack entry (`"0000"` for the null move).
fn stack_uci(m: Option<Move>) -> String {
    m.map_or_else(|| moves::NULL_UCI.to_string(), |m| m.to_string())
}

/// Plays a stack entry on `board`, checked: a move through the rules, the
/// null move through the core's `Board::null_move`.
fn replay_entry(board: &mut Board, m: Option<Move>) -> PyResult<()> {
    match m {
        Some(m) => board.play(m).map(drop).or_raise(),
        None => {
            *board = board.null_move().ok_or_else(errors::null_move_in_check)?;
            Ok(())
        }
    }
}

impl BoardPickle {
    fn of(state: &BoardState) -> BoardPickle {
        let root = state.root();
        let crazyhouse = root.flavour() == Flavour::Crazyhouse;
        let moves: Vec<String> = state.stack.iter().map(|(_, m)| stack_uci(*m)).collect();
        let mut replayed = root;
        let replays = state.stack.iter().all(|(before, m)| {
            let same = replayed == *before;
            same && replay_entry(&mut replayed, *m).is_ok()
        }) && replayed == state.board;
        if replays {
            BoardPickle::Replayed(root.to_string(), crazyhouse, moves)
        } else {
            let befores = state.stack.iter().map(|(b, _)| b.to_string()).collect();
            BoardPickle::Positions(
                root.to_string(),
                crazyhouse,
                moves,
                befores,
                state.board.to_string(),
            )
        }
    }

    fn restore(self) -> PyResult<BoardState> {
        match self {
            BoardPickle::Replayed(fen, crazyhouse, moves) => {
                let flavour = PyBoard::flavour_arg(crazyhouse);
                let mut restored = BoardState::new(Board::from_fen(&fen, flavour).or_raise()?);
                for uci in &moves {
                    let before = restored.board;
                    let mv = PyMove::parse_or_null(uci)?;
                    replay_entry(&mut restored.board, mv)?;
                    restored.stack.push((before, mv));
                }
                Ok(restored)
            }
            BoardPickle::Positions(fen, crazyhouse, moves, befores, now) => {
                let flavour = PyBoard::flavour_arg(crazyhouse);
                if moves.len() != befores.len() {
                    return Err(errors::bad_setting(format!(
                        "cannot unpickle Board: {} moves but {} positions before them",
                        moves.len(),
                        befores.len()
                    )));
                }
                let root = Board::from_fen(&fen, flavour).or_raise()?;
                let mut stack = Vec::with_capacity(moves.len());
                for (uci, before) in moves.iter().zip(&befores) {
                    let before = Board::from_fen(before, flavour).or_raise()?;
                    let mv = PyMove::parse_or_null(uci)?;
                    let mut probe = before;
                    replay_entry(&mut probe, mv)?;
                    stack.push((before, mv));
                }
                if stack.first().is_some_and(|(b, _)| *b != root) {
                    return Err(errors::bad_setting(
                        "cannot unpickle Board: the first position is not the start".into(),
                    ));
                }
                Ok(BoardState {
                    board: Board::from_fen(&now, flavour).or_raise()?,
                    stack,
                })
            }
        }
    }
}

/// python-chess's SAN (and LAN) of the null move, `"--"`, where the board
/// may pass (the core's `Board::null_move`: not in check).
fn null_san(board: &Board) -> PyResult<String> {
    match board.null_move() {
        Some(_) => Ok("--".to_string()),
        None => Err(errors::null_move_in_check()),
    }
}

/// LAN from a legal move and its SAN: SAN's own text for drops and
/// castling, else piece letter, origin, `-` or `x`, target, promotion, and
/// SAN's check suffix.
fn long_algebraic(board: &Board, mv: Move, san: &str) -> String {
    let Move::Normal {
        from,
        to,
        promotion,
    } = mv
    else {
        return san.to_string();
    };
    if board.is_castling(mv) {
        return san.to_string();
    }
    let suffix: String = san.chars().filter(|c| matches!(c, '+' | '#')).collect();
    let letter = match board.role_at(from) {
        Some(bughouse_core::Role::Pawn) | None => String::new(),
        Some(role) => role.upper_char().to_string(),
    };
    let joint = if board.is_capture(mv) { 'x' } else { '-' };
    let promotion = promotion.map_or(String::new(), |r| format!("={}", r.upper_char()));
    format!("{letter}{from}{joint}{to}{promotion}{suffix}")
}

/// How a single board ended, as python-chess's `Outcome`: only by
/// checkmate (R16), so `termination` is always `"checkmate"`.
#[pyclass(frozen, eq, hash, module = "bughouse", name = "BoardOutcome")]
#[derive(PartialEq, Eq, Hash)]
pub(crate) struct PyBoardOutcome(BoardOutcome);

#[pymethods]
impl PyBoardOutcome {
    /// The side that gave mate: `WHITE` (True) or `BLACK`.
    #[getter]
    fn winner(&self) -> bool {
        self.0.winner.is_white()
    }

    /// `"checkmate"`: the only way a board ends (R16, R18, R33).
    #[getter]
    fn termination(&self) -> &'static str {
        "checkmate"
    }

    /// `"1-0"` or `"0-1"`.
    fn result(&self) -> &'static str {
        self.0.result()
    }

    fn __repr__(&self) -> String {
        let winner = if self.0.winner.is_white() {
            "WHITE"
        } else {
            "BLACK"
        };
        format!("BoardOutcome(termination='checkmate', winner={winner})")
    }
}

/// A perft depth: 0 or more plies (`ValueError` otherwise; no depth above
/// a few dozen ever finishes, but every `u32` is a well-defined count).
fn perft_depth(depth: &Int) -> PyResult<u32> {
    depth
        .get::<u32>()
        .ok_or_else(|| errors::out_of_range_int("perft depth", depth, "0..=4294967295"))
}

/// `perft(fen, depth, *, crazyhouse=False)`: leaf count below a FEN, with
/// the GIL released.
#[pyfunction]
#[pyo3(name = "perft", signature = (fen, depth, *, crazyhouse=false))]
pub(crate) fn py_perft(py: Python<'_>, fen: &str, depth: Int, crazyhouse: bool) -> PyResult<u64> {
    let depth = perft_depth(&depth)?;
    let board = Board::from_fen(fen, PyBoard::flavour_arg(crazyhouse)).or_raise()?;
    interruptible_perft(py, &board, depth)
}

/// How many of the core's questions (one per position two or more plies
/// above the leaves, each a few hundred to a few thousand leaves) pass
/// between two looks at Python's signals: a few milliseconds of counting.
const QUESTIONS_PER_SIGNAL_CHECK: u32 = 64;

/// Perft with the GIL released that answers Ctrl-C: every few milliseconds
/// it takes the GIL back for a moment to run Python's signal handlers; an
/// exception they raise (`KeyboardInterrupt`) stops the count and is
/// raised. The board is a copy: nothing changes either way.
fn interruptible_perft(py: Python<'_>, board: &Board, depth: u32) -> PyResult<u64> {
    let mut raised = None;
    let mut asked = 0u32;
    let counted = py.detach(|| {
        perft_while(board, depth, &mut || {
            asked = asked.wrapping_add(1);
            if asked % QUESTIONS_PER_SIGNAL_CHECK != 0 {
                return true;
            }
            match Python::attach(|py| py.check_signals()) {
                Ok(()) => true,
                Err(e) => {
                    raised = Some(e);
                    false
                }
            }
        })
    });
    match (counted, raised) {
        (Some(n), _) => Ok(n),
        (None, Some(e)) => Err(e),
        // `perft_while` stops only when told to, which sets `raised`.
        (None, None) => Err(pyo3::exceptions::PyRuntimeError::new_err(
            "perft stopped without a reason",
        )),
    }
}
