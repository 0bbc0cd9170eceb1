//! Whether one given move is legal, without generating the others, and why
//! not when it is not.

use crate::board::attacks::{aligned, attacks, between, king_attacks, pawn_attacks};
use crate::{Bitboard, Board, CastlingSide, IllegalReason, Move, Rank, Role, Square};

impl Board {
    /// Whether `m` is legal here (R9–R14). Worked out for this one move
    /// rather than by walking the generator, and tested to agree with the
    /// generator on every move of many positions. Castling asks the
    /// generator.
    pub fn is_legal(&self, m: Move) -> bool {
        match m {
            Move::Drop { role, to } => self.drop_refusal(role, to).is_none(),
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
                let checkers = self.checkers();
                if let Some(c) = checkers.first() {
                    if checkers.more_than_one() || !between(king, c).with(c).contains(to) {
                        return false;
                    }
                }
                // Moving along the line through the king keeps any pin.
                aligned(king, from, to) || !self.pinned().contains(from)
            }
        }
    }

    /// Whether a normal move (not castling) moves the piece on `from` the
    /// way it moves — an own piece, a target not its own, the right
    /// promotion, pawn pushes, double steps (R11), captures and en passant —
    /// whatever it does to the king's safety.
    fn follows_movement(&self, from: Square, to: Square, promotion: Option<Role>) -> bool {
        let us = self.turn();
        let ours = self.by_color(us);
        if !ours.contains(from) || ours.contains(to) {
            return false;
        }
        let Some(role) = self.role_at(from) else {
            return false;
        };
        let promotes = role == Role::Pawn && Bitboard::BACKRANKS.contains(to);
        match promotion {
            None if promotes => return false,
            Some(Role::Pawn | Role::King) => return false,
            Some(_) if !promotes => return false,
            _ => {}
        }
        let occupied = self.occupied();
        match role {
            Role::King => king_attacks(from).contains(to),
            Role::Pawn if pawn_attacks(us, from).contains(to) => {
                self.by_color(us.other()).contains(to)
                    || (self.ep_square() == Some(to) && !occupied.contains(to))
            }
            Role::Pawn => {
                let forward: i32 = if us.is_white() { 8 } else { -8 };
                let Some(one) = from.offset(forward).filter(|s| !occupied.contains(*s)) else {
                    return false;
                };
                to == one
                    || (from.rank() == Rank::SECOND.relative_to(us)
                        && one.offset(forward) == Some(to)
                        && !occupied.contains(to))
            }
            _ => attacks(from, role.of(us), occupied).contains(to),
        }
    }

    /// Why a drop of `role` on `to` is refused, or `None` when it is legal:
    /// a king (R3), an empty pocket, an occupied square (R9), a pawn on rank
    /// 1 or 8 (R10), or a check it does not block (R13).
    pub(crate) fn drop_refusal(&self, role: Role, to: Square) -> Option<IllegalReason> {
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
        if role == Role::Pawn && Bitboard::BACKRANKS.contains(to) {
            return Some(IllegalReason::PawnDropOnBackRank);
        }
        let checkers = self.checkers();
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
                } else {
                    IllegalReason::CannotMoveThere(from, to)
                }
            }
        }
    }
}
