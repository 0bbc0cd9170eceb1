//! Editing a position: python-chess's `set_piece_at`, `remove_piece_at`,
//! `set_piece_map`, pockets, `mirror`, `pin`. Every edit is checked as a FEN
//! is (N1, the same `validate`), so an edited board is always one a FEN could
//! hold and every other method keeps its promises; a refused edit changes
//! nothing.

use core::fmt;

use crate::board::attacks::{between, bishop_attacks, line, rook_attacks};
use crate::notation::fen::{FieldOffsets, ep_is_well_placed, validate, write_squares};
use crate::{Bitboard, Board, CastlingSide, Color, FenErrorKind, Piece, Pocket, Role, Square};

/// The placement part of a FEN (python-chess's `board_fen()`), `~` after
/// promoted pieces: what [`Board::board_fen`] writes.
#[derive(Copy, Clone, Debug)]
pub struct BoardFen<'a>(&'a Board);

impl fmt::Display for BoardFen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_squares(self.0, f)
    }
}

impl Board {
    /// The placement only (N1): `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`,
    /// `~` after promoted pieces; no pockets, turn or counters.
    ///
    /// ```
    /// use bughouse_core::Board;
    /// assert_eq!(Board::new().board_fen().to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    /// ```
    pub fn board_fen(&self) -> BoardFen<'_> {
        BoardFen(self)
    }

    /// Puts `piece` on `sq` (`promoted`: it reached the board by promotion
    /// and passes on as a pawn, R6), or empties `sq` with `None`.
    ///
    /// Checked as a FEN is (N1): one king each, no pawn on rank 1 or 8, at
    /// most one set's material (R7), the side not to move not in check.
    /// Castling rights whose king or rook left its square are dropped, and
    /// the en passant square stays only while its capture is legal (R15).
    ///
    /// # Errors
    ///
    /// The [`FenErrorKind`] the edited position breaks; the board is then
    /// unchanged.
    ///
    /// ```
    /// use bughouse_core::{Board, error::FenErrorKind, Piece, Role, Color, Square};
    /// let mut board = Board::new();
    /// board.set_piece_at(Square::E4, Some(Role::Knight.of(Color::White)), false).unwrap();
    /// assert_eq!(board.piece_at(Square::E4), Some(Role::Knight.of(Color::White)));
    /// assert_eq!(board.set_piece_at(Square::E1, None, false), Err(FenErrorKind::KingCount(Color::White)));
    /// ```
    pub fn set_piece_at(
        &mut self,
        sq: Square,
        piece: Option<Piece>,
        promoted: bool,
    ) -> Result<(), FenErrorKind> {
        let mut edited = *self;
        edited.take(sq);
        if let Some(piece) = piece {
            edited.put(sq, piece, promoted && piece.role != Role::King);
        }
        edited.finish_edit()?;
        *self = edited;
        Ok(())
    }

    /// Replaces the whole placement by `pieces` (`(square, piece,
    /// promoted)`; a later entry for a square wins), checked as
    /// [`Board::set_piece_at`] is — once, so kings may move.
    ///
    /// # Errors
    ///
    /// As [`Board::set_piece_at`]; the board is then unchanged.
    pub fn set_placement(
        &mut self,
        pieces: impl IntoIterator<Item = (Square, Piece, bool)>,
    ) -> Result<(), FenErrorKind> {
        let mut edited = *self;
        for sq in self.occupied() {
            edited.take(sq);
        }
        for (sq, piece, promoted) in pieces {
            edited.take(sq);
            edited.put(sq, piece, promoted && piece.role != Role::King);
        }
        edited.finish_edit()?;
        *self = edited;
        Ok(())
    }

    /// Replaces `color`'s pocket (R3), checked as [`Board::set_piece_at`]
    /// is (the material bound of R7 counts pockets too).
    ///
    /// # Errors
    ///
    /// As [`Board::set_piece_at`]; the board is then unchanged.
    pub fn set_pocket(&mut self, color: Color, pocket: Pocket) -> Result<(), FenErrorKind> {
        let mut edited = *self;
        edited.pockets[color.index()] = pocket;
        edited.finish_edit()?;
        *self = edited;
        Ok(())
    }

    /// Drops castling rights that no longer apply, checks the position,
    /// keeps the en passant square only while legal, and rehashes.
    fn finish_edit(&mut self) -> Result<(), FenErrorKind> {
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                let in_place = self
                    .by_piece(Role::King.of(color))
                    .contains(CastlingSide::king_from(color))
                    && self
                        .by_piece(Role::Rook.of(color))
                        .contains(side.rook_from(color));
                if !in_place {
                    self.castling.remove(side.right(color));
                }
            }
        }
        let no_text = FieldOffsets {
            placement: 0,
            turn: 0,
            castling: 0,
        };
        validate(self, no_text).map_err(|e| e.kind)?;
        if let Some(ep) = self.ep_square {
            if !(ep_is_well_placed(self, ep) && self.en_passant_is_legal(ep)) {
                self.ep_square = None;
            }
        }
        self.hash = self.compute_hash();
        Ok(())
    }

    /// The position with colours swapped and the board turned upside down
    /// (python-chess's `mirror()`): pieces, promoted marks, pockets, the
    /// side to move, castling rights and the en passant square.
    ///
    /// ```
    /// use bughouse_core::Board;
    /// let board: Board = "4k3/8/8/8/4P3/8/8/4K3[N] b - - 0 1".parse().unwrap();
    /// assert_eq!(board.mirror().to_string(), "4k3/8/8/4p3/8/8/8/4K3[n] w - - 0 1");
    /// assert_eq!(board.mirror().mirror(), board);
    /// ```
    pub fn mirror(&self) -> Board {
        let mut mirrored = *self;
        for sq in self.occupied() {
            mirrored.take(sq);
        }
        for sq in self.occupied() {
            if let Some(piece) = self.piece_at(sq) {
                mirrored.put(
                    sq.flip_vertical(),
                    piece.role.of(piece.color.other()),
                    self.promoted.contains(sq),
                );
            }
        }
        mirrored.pockets = [self.pockets[1], self.pockets[0]];
        mirrored.turn = self.turn.other();
        mirrored.castling = crate::CastlingRights::empty();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castling.contains(side.right(color)) {
                    mirrored.castling.insert(side.right(color.other()));
                }
            }
        }
        mirrored.ep_square = self.ep_square.map(Square::flip_vertical);
        mirrored.hash = mirrored.compute_hash();
        mirrored
    }

    /// The line along which `color`'s piece on `sq` is pinned to its king
    /// (the whole line through the king and the pinning piece), or
    /// [`Bitboard::FULL`] when it is not pinned (python-chess's `pin`): the
    /// piece may only move along the line (R13).
    ///
    /// ```
    /// use bughouse_core::{Bitboard, Board, Color, Square};
    /// let board: Board = "4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1".parse().unwrap();
    /// assert!(board.pin(Color::White, Square::E2).contains(Square::E7));
    /// assert_eq!(board.pin(Color::White, Square::E1), Bitboard::FULL);
    /// ```
    pub fn pin(&self, color: Color, sq: Square) -> Bitboard {
        if !self.by_color(color).contains(sq) || self.role_at(sq) == Some(Role::King) {
            return Bitboard::FULL;
        }
        let king = self.king_of(color);
        let them = self.by_color(color.other());
        let queens = self.by_role(Role::Queen);
        let snipers =
            (rook_attacks(king, Bitboard::EMPTY) & them & (self.by_role(Role::Rook) | queens))
                | (bishop_attacks(king, Bitboard::EMPTY)
                    & them
                    & (self.by_role(Role::Bishop) | queens));
        for sniper in snipers {
            let blockers = between(king, sniper) & self.occupied();
            if blockers.single_square() == Some(sq) {
                return line(king, sniper);
            }
        }
        Bitboard::FULL
    }

    /// Whether `color`'s piece on `sq` is pinned to its king (R13).
    pub fn is_pinned(&self, color: Color, sq: Square) -> bool {
        self.pin(color, sq) != Bitboard::FULL
    }
}
