//! Playing one given move safely: whether it is legal, without generating
//! the others, and why not when it is not.

use crate::board::attacks::{aligned, attacks, between, king_attacks};
use crate::board::movegen::Threats;
use crate::board::pawns::{drop_rank_allows, pawn_captures, pawn_pushes, promotion_fits};
use crate::{
    Bitboard, Board, CastlingSide, IllegalMoveError, IllegalReason, Move, Piece, Role, Square,
};

impl Board {
    /// Plays `m` if it is legal; otherwise returns why not and changes
    /// nothing. On success returns the captured piece as it leaves the board
    /// (its own colour; a pawn if it was promoted — R6), for the game to route
    /// to the capturer's partner (R5).
    ///
    /// # Errors
    ///
    /// An [`IllegalMoveError`] with the move and an [`crate::error::IllegalReason`]
    /// (no own piece there, a move the piece cannot make, a missing or wrong
    /// promotion, a drop that is not in the pocket or not allowed there, a move
    /// that leaves the king in check); the board is unchanged.
    ///
    /// ```
    /// use bughouse_core::{Board, Move, error::IllegalReason};
    ///
    /// let mut board = Board::new();
    /// assert_eq!(board.play(Move::from_uci("e2e4")?)?, None);
    /// let refused = board.play(Move::from_uci("e7e4")?).unwrap_err();
    /// assert_eq!(refused.reason, IllegalReason::CannotMoveThere(refused.mv.from().unwrap(), refused.mv.to()));
    /// let refused = board.play(Move::from_uci("N@f6")?).unwrap_err();
    /// assert!(matches!(refused.reason, IllegalReason::NotInPocket(_)));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<Option<Piece>, IllegalMoveError> {
        if self.is_legal(m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMoveError {
                mv: m,
                reason: self.why_illegal(m),
            })
        }
    }

    /// Whether `m` is legal here (R9–R14). Worked out for this one move
    /// rather than by walking the generator, and tested to agree with the
    /// generator on every move of many positions. Castling asks the
    /// generator.
    ///
    /// ```
    /// use bughouse_core::{Board, Move};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1".parse()?;
    /// assert!(board.is_legal(Move::from_uci("P@e4")?));
    /// assert!(!board.is_legal(Move::from_uci("P@e8")?)); // R10: no pawn on rank 8
    /// assert!(!board.is_legal(Move::from_uci("e1e3")?));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn is_legal(&self, m: Move) -> bool {
        self.is_legal_given(m, || self.checkers(), || self.pinned())
    }

    /// As [`Board::is_legal`], with this board's checkers known (the game
    /// keeps them from judging the board's status); the pins are computed
    /// only for a move that needs them, as [`Board::is_legal`] does.
    #[inline]
    pub(crate) fn is_legal_with(&self, m: Move, checkers: Bitboard) -> bool {
        debug_assert_eq!(checkers, self.checkers(), "checkers of another position");
        self.is_legal_given(m, || checkers, || self.pinned())
    }

    /// As [`Board::is_legal`], with this board's checkers and pins known:
    /// for testing several moves of one position.
    #[inline]
    pub(crate) fn is_legal_with_threats(&self, m: Move, threats: &Threats) -> bool {
        debug_assert_eq!(*threats, self.threats(), "threats of another position");
        self.is_legal_given(m, || threats.checkers, || threats.pinned)
    }

    /// The one legality test, with the checkers and the pinned pieces
    /// computed only when a move needs them. Inlined into each caller so
    /// that the closures fold away.
    #[inline(always)]
    fn is_legal_given(
        &self,
        m: Move,
        checkers: impl FnOnce() -> Bitboard,
        pinned: impl FnOnce() -> Bitboard,
    ) -> bool {
        match m {
            Move::Drop { role, to } => self.drop_refusal_given(role, to, checkers).is_none(),
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let us = self.turn();
                let king = self.king_of(us);
                if from == king && CastlingSide::of_king_move(us, from, to).is_some() {
                    return self.is_legal_by_generation(m);
                }
                if !self.follows_movement(from, to, promotion) {
                    return false;
                }
                let occupied = self.occupied();
                if from == king {
                    return self
                        .attackers_to(to, us.other(), occupied - Bitboard::from_square(king))
                        .is_empty();
                }
                if self.ep_square() == Some(to)
                    && !occupied.contains(to)
                    && self.by_role(Role::Pawn).contains(from)
                {
                    return self.en_passant_capture_is_safe(from, to);
                }
                let checkers = checkers();
                if let Some(c) = checkers.first() {
                    if checkers.more_than_one() || !between(king, c).with(c).contains(to) {
                        return false;
                    }
                }
                // Moving along the line through the king keeps any pin.
                aligned(king, from, to) || !pinned().contains(from)
            }
        }
    }

    /// Whether a normal move (not castling) moves the piece on `from` the
    /// way it moves, with the right promotion (R9) — whatever it does to
    /// the king's safety.
    fn follows_movement(&self, from: Square, to: Square, promotion: Option<Role>) -> bool {
        self.role_at(from)
            .is_some_and(|role| promotion_fits(role, to, promotion) && self.moves_like(from, to))
    }

    /// Whether the piece of the side to move on `from` can go to `to` by
    /// its movement alone (R9): an own piece, a target not its own, pawn
    /// pushes and double steps (R11), captures and en passant; promotion,
    /// check and pins aside. Used by [`Board::is_legal`] and to explain a
    /// SAN that names no legal move.
    pub(crate) fn moves_like(&self, from: Square, to: Square) -> bool {
        let us = self.turn();
        let ours = self.by_color(us);
        if !ours.contains(from) || ours.contains(to) {
            return false;
        }
        let Some(role) = self.role_at(from) else {
            return false;
        };
        let occupied = self.occupied();
        match role {
            Role::King => king_attacks(from).contains(to),
            Role::Pawn => {
                // An en passant square is always empty (R15, FEN checks it).
                pawn_captures(us, from, self.by_color(us.other()), self.ep_square()).contains(to)
                    || pawn_pushes(us, from, occupied).contains(to)
            }
            _ => attacks(from, role.of(us), occupied).contains(to),
        }
    }

    /// Why a drop of `role` on `to` is refused, or `None` when it is legal:
    /// a king (R3), an empty pocket, an occupied square (R9), a pawn on rank
    /// 1 or 8 (R10), or a check it does not block (R13).
    pub(crate) fn drop_refusal(&self, role: Role, to: Square) -> Option<IllegalReason> {
        self.drop_refusal_given(role, to, || self.checkers())
    }

    #[inline]
    fn drop_refusal_given(
        &self,
        role: Role,
        to: Square,
        checkers: impl FnOnce() -> Bitboard,
    ) -> Option<IllegalReason> {
        let us = self.turn();
        if role == Role::King {
            return Some(IllegalReason::KingDrop);
        }
        if !self.pocket(us).has(role) {
            return Some(IllegalReason::NotInPocket(role));
        }
        if self.occupied().contains(to) {
            return Some(IllegalReason::DropOnOccupied(to));
        }
        if !drop_rank_allows(role, to) {
            return Some(IllegalReason::PawnDropOnBackRank);
        }
        let checkers = checkers();
        let blocks = match checkers.first() {
            None => true,
            Some(c) => !checkers.more_than_one() && between(self.king_of(us), c).contains(to),
        };
        (!blocks).then_some(IllegalReason::LeavesKingInCheck)
    }

    /// The reason an illegal move is refused (only computed on failure): a
    /// move that follows its piece's movement can only be refused for the
    /// king's safety (R13).
    pub(crate) fn why_illegal(&self, m: Move) -> IllegalReason {
        match m {
            Move::Drop { role, to } => self
                .drop_refusal(role, to)
                .unwrap_or(IllegalReason::LeavesKingInCheck),
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                if !self.by_color(self.turn()).contains(from) {
                    IllegalReason::NoOwnPiece(from)
                } else if self.follows_movement(from, to, promotion) {
                    IllegalReason::LeavesKingInCheck
                } else if promotion.is_none() && self.follows_movement(from, to, Some(Role::Queen))
                {
                    // The pawn may go there, promoting.
                    IllegalReason::MustPromote(from, to)
                } else if (promotion.is_some() && self.follows_movement(from, to, None))
                    || matches!(promotion, Some(Role::Pawn | Role::King))
                {
                    IllegalReason::BadPromotion
                } else {
                    IllegalReason::CannotMoveThere(from, to)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use crate::{Board, Flavour, Move, Role, Square};

    /// A tiny deterministic generator (xorshift64*), so runs repeat.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
        }
    }

    /// Every conceivable move text of a position, legal or not: each
    /// from/to pair with every promotion, each drop of each role.
    fn every_move() -> impl Iterator<Item = Move> {
        // No promotion, a good one, a bad one.
        let promos = [None, Some(Role::Knight), Some(Role::King)];
        let normal = Square::ALL.into_iter().flat_map(move |from| {
            Square::ALL.into_iter().flat_map(move |to| {
                promos.into_iter().map(move |promotion| Move::Normal {
                    from,
                    to,
                    promotion,
                })
            })
        });
        let drops = Role::ALL.into_iter().flat_map(|role| {
            Square::ALL
                .into_iter()
                .map(move |to| Move::Drop { role, to })
        });
        normal.chain(drops)
    }

    /// `is_legal` must agree with the generator on every move text of
    /// positions from random crazyhouse and bughouse games (drops, pins,
    /// checks, en passant, castling, promotions).
    #[test]
    fn r13_is_legal_agrees_with_the_generator() {
        let starts = [
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[NBRqnbr] w KQkq - 0 1",
                Flavour::Bughouse,
            ),
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
                Flavour::Crazyhouse,
            ),
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
                Flavour::Crazyhouse,
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8[PPNQppnq] w - - 0 1",
                Flavour::Bughouse,
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8[PPNQppnq] w - - 0 1",
                Flavour::Crazyhouse,
            ),
            // En passant legal at once; promotions both ways; castling.
            ("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1", Flavour::Crazyhouse),
            ("4k3/1P6/8/8/8/8/6p1/4K2R[Nn] w K - 0 1", Flavour::Bughouse),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1",
                Flavour::Crazyhouse,
            ),
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut positions = 0;
        for (fen, flavour) in starts {
            for _game in 0..4 {
                let mut board = Board::from_fen(fen, flavour).unwrap();
                for _ply in 0..30 {
                    let legal: HashSet<Move> = board.legal_moves().into_iter().collect();
                    for m in every_move() {
                        assert_eq!(board.is_legal(m), legal.contains(&m), "{m} on {board}");
                    }
                    positions += 1;
                    let list = board.legal_moves();
                    if list.is_empty() {
                        break;
                    }
                    board.play_unchecked(list[rng.below(list.len())]);
                }
            }
        }
        assert!(positions > 500);
    }
}
