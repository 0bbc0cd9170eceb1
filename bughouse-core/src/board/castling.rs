//! Castling rights (R14).

use bitflags::bitflags;

use crate::{Color, Square};

bitflags! {
    /// Which castlings are still possible. A right is lost for good when the
    /// king moves, or when its rook moves from or is captured on its corner;
    /// a rook dropped on a corner never restores it (R14).
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
    pub struct CastlingRights: u8 {
        /// White may castle king side (`K`).
        const WHITE_KING_SIDE = 1;
        /// White may castle queen side (`Q`).
        const WHITE_QUEEN_SIDE = 2;
        /// Black may castle king side (`k`).
        const BLACK_KING_SIDE = 4;
        /// Black may castle queen side (`q`).
        const BLACK_QUEEN_SIDE = 8;
    }
}

/// One side of the board for castling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`).
    KingSide,
    /// Towards the a-file (`O-O-O`).
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The right this side gives `color`.
    #[inline]
    pub const fn right(self, color: Color) -> CastlingRights {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => CastlingRights::WHITE_KING_SIDE,
            (Color::White, CastlingSide::QueenSide) => CastlingRights::WHITE_QUEEN_SIDE,
            (Color::Black, CastlingSide::KingSide) => CastlingRights::BLACK_KING_SIDE,
            (Color::Black, CastlingSide::QueenSide) => CastlingRights::BLACK_QUEEN_SIDE,
        }
    }

    /// Where `color`'s king starts: `e1` or `e8`.
    #[inline]
    pub const fn king_from(color: Color) -> Square {
        match color {
            Color::White => Square::E1,
            Color::Black => Square::E8,
        }
    }

    /// Where the king lands: `g1`, `c1`, `g8` or `c8`.
    #[inline]
    pub const fn king_to(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::G1,
            (Color::White, CastlingSide::QueenSide) => Square::C1,
            (Color::Black, CastlingSide::KingSide) => Square::G8,
            (Color::Black, CastlingSide::QueenSide) => Square::C8,
        }
    }

    /// The corner the rook starts on.
    #[inline]
    pub const fn rook_from(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::H1,
            (Color::White, CastlingSide::QueenSide) => Square::A1,
            (Color::Black, CastlingSide::KingSide) => Square::H8,
            (Color::Black, CastlingSide::QueenSide) => Square::A8,
        }
    }

    /// Where the rook lands: `f1`, `d1`, `f8` or `d8`.
    #[inline]
    pub const fn rook_to(self, color: Color) -> Square {
        match (color, self) {
            (Color::White, CastlingSide::KingSide) => Square::F1,
            (Color::White, CastlingSide::QueenSide) => Square::D1,
            (Color::Black, CastlingSide::KingSide) => Square::F8,
            (Color::Black, CastlingSide::QueenSide) => Square::D8,
        }
    }

    /// The side of a king move from `from` to `to`, if it is a castling.
    #[inline]
    pub fn of_king_move(color: Color, from: Square, to: Square) -> Option<CastlingSide> {
        if from != CastlingSide::king_from(color) {
            return None;
        }
        CastlingSide::ALL
            .into_iter()
            .find(|side| side.king_to(color) == to)
    }
}

impl CastlingRights {
    /// The rights that vanish when a piece leaves or arrives on `sq` (R14):
    /// the king's start square clears both of its colour, a corner clears its own.
    #[inline]
    pub const fn lost_by_touching(sq: Square) -> CastlingRights {
        match sq {
            Square::E1 => CastlingRights::WHITE_KING_SIDE.union(CastlingRights::WHITE_QUEEN_SIDE),
            Square::E8 => CastlingRights::BLACK_KING_SIDE.union(CastlingRights::BLACK_QUEEN_SIDE),
            Square::H1 => CastlingRights::WHITE_KING_SIDE,
            Square::A1 => CastlingRights::WHITE_QUEEN_SIDE,
            Square::H8 => CastlingRights::BLACK_KING_SIDE,
            Square::A8 => CastlingRights::BLACK_QUEEN_SIDE,
            _ => CastlingRights::empty(),
        }
    }
}
