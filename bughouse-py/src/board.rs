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

use bughouse_core::{Bitboard, Board, Color, Flavour, Move, Square, perft_while};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyType};

use crate::convert::{self, Int};
use crate::errors::{self, BadSan, OrRaise};
use crate::legal_moves::PyLegalMoves;
use crate::moves::{self, PyMove};
use crate::pocket::PyPocket;

/// The position and the boards before each move played on this object.
#[derive(Clone)]
pub(crate) struct BoardState {
    pub(crate) board: Board,
    /// `(board before the move, the move)`, oldest first.
    pub(crate) stack: Vec<(Board, Move)>,
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

    /// Plays a legal move, keeping the board before it for `pop`.
    fn play(&self, mv: Move) -> PyResult<()> {
        let played = {
            let mut state = self.lock();
            let before = state.board;
            let played = state.board.play(mv);
            if played.is_ok() {
                state.stack.push((before, mv));
            }
            played
        };
        played.map(drop).or_raise()
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
    /// `board.pockets[WHITE].count(KNIGHT)`.
    #[getter]
    fn pockets(&self) -> (PyPocket, PyPocket) {
        let board = self.board();
        let pocket = |color| PyPocket {
            color,
            pocket: *board.pocket(color),
        };
        (pocket(Color::Black), pocket(Color::White))
    }

    /// The legal moves and drops, live: sized, iterable, supports `in`.
    #[getter]
    fn legal_moves(slf: &Bound<'_, Self>) -> PyLegalMoves {
        PyLegalMoves::new(slf.clone().unbind())
    }

    /// The moves played on this object since it was made, oldest first.
    #[getter]
    fn move_stack<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let moves: Vec<Move> = self.lock().stack.iter().map(|(_, m)| *m).collect();
        moves::list_to_py(py, moves)
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

    /// Whether `move` is legal here.
    /// A `chess.Move` is read by its fields; other types are a `TypeError`.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mv = moves::extract(r#move)?;
        Ok(self.board().is_legal(mv))
    }

    /// Plays `move` after checking it: `IllegalMoveError` (naming why, with
    /// the rule id) leaves the board unchanged.
    /// A `chess.Move` is read by its fields (a drop as python-chess writes
    /// it); other types are a `TypeError`.
    fn push(&self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        self.play(moves::extract(r#move)?)
    }

    /// Reads UCI and plays it: `InvalidMoveError` / `IllegalMoveError`.
    fn push_uci<'py>(&self, py: Python<'py>, uci: &str) -> PyResult<Bound<'py, PyMove>> {
        let mv = PyMove::parse(uci)?;
        self.play(mv)?;
        moves::to_py(py, mv)
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
    fn san(&self, r#move: &Bound<'_, PyAny>) -> PyResult<String> {
        let mv = moves::extract(r#move)?;
        let board = self.board();
        // Checked first: SAN is only defined for legal moves, and `play`
        // names why a move is not.
        let mut probe = board;
        probe.play(mv).or_raise()?;
        Ok(board.san(mv).to_string())
    }

    /// Takes back the last move and returns it; `IndexError` when none.
    fn pop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let popped = {
            let mut state = self.lock();
            state.stack.pop().map(|(before, mv)| {
                state.board = before;
                mv
            })
        };
        moves::to_py(py, popped.ok_or_else(errors::empty_move_stack)?)
    }

    /// The last move played, without taking it back; `IndexError` when none.
    fn peek<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyMove>> {
        let last = self.lock().stack.last().map(|(_, m)| *m);
        moves::to_py(py, last.ok_or_else(errors::nothing_to_peek)?)
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

    /// An ASCII diagram, rank 8 first, python-chess style (`.` empty), with
    /// Black's pocket above and White's below when they hold anything.
    fn __str__(&self) -> String {
        let board = self.board();
        let mut out = String::new();
        let black = board.pocket(Color::Black);
        if !black.is_empty() {
            out.push_str(&format!("[{}]\n", black.to_string().to_ascii_lowercase()));
        }
        for rank in (0..8).rev() {
            let row: Vec<String> = (0..8)
                .map(|file| {
                    let sq = Square::ALL[rank * 8 + file];
                    board.piece_at(sq).map_or('.', |p| p.char()).to_string()
                })
                .collect();
            out.push_str(&row.join(" "));
            if rank > 0 {
                out.push('\n');
            }
        }
        let white = board.pocket(Color::White);
        if !white.is_empty() {
            out.push_str(&format!("\n[{white}]"));
        }
        out
    }

    /// Pickles as the starting FEN, the flavour and the moves in UCI; the
    /// moves are replayed through the rules on unpickling.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, PyType>, (), (String, bool, Vec<String>)) {
        let state = slf.get().lock().clone();
        let moves = state.stack.iter().map(|(_, m)| m.to_string()).collect();
        (
            slf.get_type(),
            (),
            (
                state.root().to_string(),
                state.board.flavour() == Flavour::Crazyhouse,
                moves,
            ),
        )
    }

    /// Restores a pickled board: the FEN is read and every move is checked.
    fn __setstate__(&self, state: (String, bool, Vec<String>)) -> PyResult<()> {
        let (fen, crazyhouse, moves) = state;
        let mut restored =
            BoardState::new(Board::from_fen(&fen, PyBoard::flavour_arg(crazyhouse)).or_raise()?);
        for uci in &moves {
            let mv = PyMove::parse(uci)?;
            let before = restored.board;
            restored.board.play(mv).or_raise()?;
            restored.stack.push((before, mv));
        }
        *self.lock() = restored;
        Ok(())
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
