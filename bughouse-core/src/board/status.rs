//! Check, checkmate in the bughouse sense, and waiting (R16–R18).

use crate::board::attacks::{between, bishop_attacks};
use crate::board::movegen::Threats;
use crate::{Bitboard, Board, Color, Flavour, Role};

/// Where a board stands for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardStatus {
    /// It has a legal move or drop.
    Playing,
    /// Bughouse checkmate (R16): in check, no legal move or drop, and no drop
    /// could ever block the check.
    Checkmate,
    /// No legal move or drop, but not mate (R18): the side waits for its
    /// partner to send a piece. In bughouse stalemate is waiting, never a
    /// draw.
    Waiting,
    /// Crazyhouse flavour only: no legal move or drop and not in check. No
    /// partner can send a piece, so this is stalemate, a draw, as
    /// crazyhouse is played (chessops, python-chess).
    Stalemate,
}

impl BoardStatus {
    /// The stable name the bindings use: `"playing"`, `"checkmate"`,
    /// `"waiting"`, `"stalemate"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            BoardStatus::Playing => "playing",
            BoardStatus::Checkmate => "checkmate",
            BoardStatus::Waiting => "waiting",
            BoardStatus::Stalemate => "stalemate",
        }
    }
}

impl Board {
    /// Whether a dropped piece could ever block the check on the side to move
    /// (R16, R17): there is exactly one checker and at least one empty square
    /// between it and the king. That is never so for a double check, a knight
    /// or pawn check, or a slider right next to the king. The pocket does not
    /// matter: an empty pocket may be refilled by the partner, and a blocking
    /// square on rank 1 or 8 may take a piece that is not a pawn.
    pub fn drop_could_block_check(&self) -> bool {
        self.blockable(self.checkers())
    }

    /// Whether a drop could block a check by `checkers` (R16).
    fn blockable(&self, checkers: crate::Bitboard) -> bool {
        match checkers.single_square() {
            Some(checker) => between(self.king_of(self.turn), checker).nonempty(),
            None => false,
        }
    }

    /// Bughouse checkmate (R16, R17): the side to move is in check, has no
    /// legal move or drop, and no drop could ever block the check.
    ///
    /// The crazyhouse flavour uses crazyhouse mate: no partner can send a
    /// piece, so there a check with no legal reply is mate whatever could
    /// block it.
    ///
    /// ```
    /// use bughouse_core::{Board, Flavour};
    ///
    /// // A back-rank rook check that a drop could block: not mate in
    /// // bughouse (R17), mate in crazyhouse.
    /// let fen = "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1";
    /// assert!(!Board::from_fen(fen, Flavour::Bughouse)?.is_checkmate());
    /// assert!(Board::from_fen(fen, Flavour::Crazyhouse)?.is_checkmate());
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn is_checkmate(&self) -> bool {
        // Called after every move of a game: the checkers once, the move
        // search only for a check no drop could block.
        let checkers = self.checkers();
        checkers.nonempty() && self.check_is_final(checkers) && !self.has_legal_move()
    }

    /// Waiting (R18): no legal move or drop, yet not mate. The board stands
    /// until the partner's captures give this side something to drop.
    /// Never in the crazyhouse flavour, which has stalemate instead
    /// ([`Board::is_stalemate`]).
    ///
    /// ```
    /// use bughouse_core::Board;
    ///
    /// // A blockable check, no piece to block with: not mate, wait (R17, R18).
    /// let board: Board = "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1".parse()?;
    /// assert!(board.is_waiting());
    /// let mut refilled = board;
    /// refilled.add_to_pocket(bughouse_core::Color::Black, bughouse_core::Role::Knight);
    /// assert!(!refilled.is_waiting()); // the partner's capture arrived
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn is_waiting(&self) -> bool {
        self.status() == BoardStatus::Waiting
    }

    /// Crazyhouse flavour: stalemate, a draw — no legal move or drop and
    /// not in check. Never in the bughouse flavour, where that is waiting
    /// (R18).
    ///
    /// ```
    /// use bughouse_core::{Board, BoardStatus, Flavour};
    ///
    /// let fen = "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1";
    /// assert_eq!(Board::from_fen(fen, Flavour::Bughouse)?.status(), BoardStatus::Waiting);
    /// assert!(Board::from_fen(fen, Flavour::Crazyhouse)?.is_stalemate());
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn is_stalemate(&self) -> bool {
        self.status() == BoardStatus::Stalemate
    }

    /// Whether a check with no legal reply would be mate here (R16): never
    /// when a drop could block it, unless no partner exists (crazyhouse).
    fn check_is_final(&self, checkers: crate::Bitboard) -> bool {
        self.flavour == Flavour::Crazyhouse || !self.blockable(checkers)
    }

    /// Playing, checkmate, or (no legal move) waiting in the bughouse
    /// flavour and stalemate in the crazyhouse flavour.
    ///
    /// ```
    /// use bughouse_core::{Board, BoardStatus};
    ///
    /// assert_eq!(Board::new().status(), BoardStatus::Playing);
    /// let mated: Board = "6Rk/7p/8/8/8/8/8/4K1R1[] b - - 0 1".parse()?;
    /// assert_eq!(mated.status(), BoardStatus::Checkmate);
    /// assert_eq!(BoardStatus::Checkmate.as_str(), "checkmate");
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn status(&self) -> BoardStatus {
        self.status_with(self.checkers())
    }

    /// As [`Board::status`], with this board's checkers known (the game
    /// keeps them).
    #[inline]
    pub(crate) fn status_with(&self, checkers: Bitboard) -> BoardStatus {
        debug_assert_eq!(checkers, self.checkers(), "checkers of another position");
        if self.has_move_without_search(checkers) {
            return BoardStatus::Playing;
        }
        self.status_by_search(checkers)
    }

    /// Whether the side to move surely has a legal move or drop that needs
    /// no search to find: out of check, a drop on an empty square of ranks 2
    /// to 7 is legal for any piece (R9, R10), and so is the push of a pawn
    /// that no pin could hold (R13: off its king's rank and diagonals, a
    /// pawn is pinned along its file if at all, and a push keeps that pin).
    /// After most moves of a game one of them exists, so the status every
    /// move needs (R16–R18) costs a few instructions instead of a move
    /// search (issue 11). `false` says nothing: the search decides.
    #[inline]
    fn has_move_without_search(&self, checkers: Bitboard) -> bool {
        if checkers.nonempty() {
            return false;
        }
        let us = self.turn;
        let empty = !self.occupied();
        if !self.pockets[us.index()].is_empty() && (empty - Bitboard::BACKRANKS).nonempty() {
            return true;
        }
        let king = self.king_of(us);
        let pinnable = bishop_attacks(king, Bitboard::EMPTY) | Bitboard::from_rank(king.rank());
        let pawns = self.by_piece(Role::Pawn.of(us)) - pinnable;
        let pushed = match us {
            Color::White => pawns.shift_up(),
            Color::Black => pawns.shift_down(),
        };
        (pushed & empty).nonempty()
    }

    /// [`Board::status_with`] when no move is known without a search: out
    /// of line, so the common case above costs its caller no saved
    /// registers.
    #[inline(never)]
    fn status_by_search(&self, checkers: Bitboard) -> BoardStatus {
        // In double check only the king moves: its pins do not matter.
        let pinned = if checkers.more_than_one() {
            Bitboard::EMPTY
        } else {
            self.pinned()
        };
        if self.has_legal_move_with(&Threats { checkers, pinned }) {
            return BoardStatus::Playing;
        }
        if checkers.nonempty() && self.check_is_final(checkers) {
            BoardStatus::Checkmate
        } else if checkers.is_empty() && self.flavour == Flavour::Crazyhouse {
            BoardStatus::Stalemate
        } else {
            BoardStatus::Waiting
        }
    }
}
