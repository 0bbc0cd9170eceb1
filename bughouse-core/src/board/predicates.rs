//! What a move does: python-chess's move predicates (`is_capture`,
//! `gives_check`, …) and a single board's ending, for bot authors and front
//! ends. Each answers from the one place its rule lives: captures and en
//! passant as [`Board::play`] makes them, check as [`Board::is_check`] sees
//! it, legality and its reason from `legality.rs`, mate from `status.rs`.

use crate::{Board, CastlingSide, Color, IllegalReason, Move, Role};

/// How a single board ended: only by checkmate (R16). There is no stalemate
/// (R18: a side without a move waits), and no fifty-move rule or repetition
/// on one board (R33; repetition is the match's, R25).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BoardOutcome {
    /// The side that gave mate.
    pub winner: Color,
}

impl BoardOutcome {
    /// The PGN result: `"1-0"` when White gave mate, else `"0-1"`.
    pub const fn result(self) -> &'static str {
        match self.winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        }
    }
}

impl Board {
    /// Whether `m` takes a piece: the target holds one of the opponent's,
    /// or it is an en passant capture (R9). A drop never captures. Meant for
    /// legal moves (as in python-chess, for any move a piece could make).
    ///
    /// ```
    /// use bughouse_core::{Board, Flavour, Move};
    /// let board = Board::from_fen("4k3/8/8/3p4/4P3/8/8/4K3[N] w - - 0 1", Flavour::Bughouse).unwrap();
    /// assert!(board.is_capture(Move::from_uci("e4d5").unwrap()));
    /// assert!(!board.is_capture(Move::from_uci("e4e5").unwrap()));
    /// assert!(!board.is_capture(Move::from_uci("N@d6").unwrap()));
    /// ```
    pub fn is_capture(&self, m: Move) -> bool {
        match m {
            Move::Drop { .. } => false,
            Move::Normal { to, .. } => {
                self.by_color(self.turn().other()).contains(to) || self.is_en_passant(m)
            }
        }
    }

    /// Whether `m` is an en passant capture: a pawn taking diagonally onto
    /// the en passant square (R9; the square is set only when such a
    /// capture is legal, R15).
    pub fn is_en_passant(&self, m: Move) -> bool {
        match m {
            Move::Drop { .. } => false,
            Move::Normal { from, to, .. } => {
                self.ep_square() == Some(to)
                    && self.role_at(from) == Some(Role::Pawn)
                    && self.color_at(from) == Some(self.turn())
                    && from.file() != to.file()
                    && !self.occupied().contains(to)
            }
        }
    }

    /// Whether `m` is castling: the king's two-square move from its start
    /// (R9, R14; UCI writes castling so).
    pub fn is_castling(&self, m: Move) -> bool {
        match m {
            Move::Drop { .. } => false,
            Move::Normal { from, to, .. } => {
                let us = self.turn();
                self.by_piece(Role::King.of(us)).contains(from)
                    && CastlingSide::of_king_move(us, from, to).is_some()
            }
        }
    }

    /// Whether `m` resets the half-move counter, as [`Board::play`] counts
    /// it: a capture or a pawn move. Drops do not, a pawn drop included
    /// (python-chess's crazyhouse `is_zeroing` says a pawn drop does, though
    /// its `push` does not reset the counter on a drop either). The counter
    /// is kept for FEN only: there is no fifty-move rule (R33).
    pub fn is_zeroing(&self, m: Move) -> bool {
        match m {
            Move::Drop { .. } => false,
            Move::Normal { from, .. } => {
                self.role_at(from) == Some(Role::Pawn) || self.is_capture(m)
            }
        }
    }

    /// Whether the legal move `m` puts the opponent's king in check (a drop
    /// may, R12). `false` for a move that is not legal here.
    ///
    /// ```
    /// use bughouse_core::{Board, Flavour, Move};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", Flavour::Bughouse).unwrap();
    /// assert!(board.gives_check(Move::from_uci("N@d6").unwrap()));
    /// assert!(!board.gives_check(Move::from_uci("N@a1").unwrap()));
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        if !self.is_legal(m) {
            return false;
        }
        let mut after = *self;
        after.play_unchecked(m);
        after.is_check()
    }

    /// Whether `m`, a move or drop the piece could otherwise make, is
    /// illegal only because it leaves (or puts) the mover's king in check
    /// (R13): python-chess's `is_into_check`. `false` for a legal move and
    /// for one refused for any other reason.
    ///
    /// ```
    /// use bughouse_core::{Board, Flavour, Move};
    /// let board = Board::from_fen("4k3/4r3/8/8/8/8/4B3/4K3[N] w - - 0 1", Flavour::Bughouse).unwrap();
    /// assert!(board.is_into_check(Move::from_uci("e2d3").unwrap())); // pinned
    /// assert!(!board.is_into_check(Move::from_uci("e2e3").unwrap())); // cannot go there
    /// ```
    pub fn is_into_check(&self, m: Move) -> bool {
        !self.is_legal(m) && self.why_illegal(m) == IllegalReason::LeavesKingInCheck
    }

    /// How this board ended, if it did: checkmate (R16, R17). A side with no
    /// legal move that is not mated waits (R18) — no stalemate, no ending.
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Flavour};
    /// let mated = Board::from_fen("7k/6Q1/6K1/8/8/8/8/8[] b - - 0 1", Flavour::Bughouse).unwrap();
    /// assert_eq!(mated.outcome().map(|o| o.winner), Some(Color::White));
    /// assert_eq!(mated.outcome().unwrap().result(), "1-0");
    /// assert_eq!(Board::new().outcome(), None);
    /// ```
    pub fn outcome(&self) -> Option<BoardOutcome> {
        self.is_checkmate().then(|| BoardOutcome {
            winner: self.turn().other(),
        })
    }
}
