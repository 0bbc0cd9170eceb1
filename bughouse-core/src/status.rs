//! Check, checkmate in the bughouse sense, and waiting (R16–R18).

use crate::attacks::between;
use crate::{Board, Flavour, IllegalMoveError, IllegalReason, Move, Piece, Role};

/// Where a board stands for the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardStatus {
    /// It has a legal move or drop.
    Playing,
    /// Bughouse checkmate (R16): in check, no legal move or drop, and no drop
    /// could ever block the check.
    Checkmate,
    /// No legal move or drop, but not mate (R18): the side waits for its
    /// partner to send a piece. Stalemate is waiting, never a draw.
    Waiting,
}

impl Board {
    /// Whether a dropped piece could ever block the check on the side to move
    /// (R16, R17): there is exactly one checker and at least one empty square
    /// between it and the king. That is never so for a double check, a knight
    /// or pawn check, or a slider right next to the king. The pocket does not
    /// matter: an empty pocket may be refilled by the partner, and a blocking
    /// square on rank 1 or 8 may take a piece that is not a pawn.
    pub fn drop_could_block_check(&self) -> bool {
        let checkers = self.checkers();
        match checkers.single_square() {
            Some(checker) => between(self.king_of(self.turn), checker).nonempty(),
            None => false,
        }
    }

    /// Bughouse checkmate (R16, R17): the side to move is in check, has no
    /// legal move or drop, and no drop could ever block the check.
    ///
    /// In the crazyhouse flavour no partner can send a piece, so there a
    /// check with no legal reply is mate whatever could block it.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.check_is_final() && !self.has_legal_move()
    }

    /// Waiting (R18): no legal move or drop, yet not mate. The board stands
    /// until the partner's captures give this side something to drop. (In
    /// the crazyhouse flavour this is stalemate.)
    pub fn is_waiting(&self) -> bool {
        self.status() == BoardStatus::Waiting
    }

    /// Whether a check with no legal reply would be mate here (R16): never
    /// when a drop could block it, unless no partner exists (crazyhouse).
    fn check_is_final(&self) -> bool {
        self.flavour == Flavour::Crazyhouse || !self.drop_could_block_check()
    }

    /// Playing, checkmate or waiting.
    pub fn status(&self) -> BoardStatus {
        if self.has_legal_move() {
            BoardStatus::Playing
        } else if self.is_check() && self.check_is_final() {
            BoardStatus::Checkmate
        } else {
            BoardStatus::Waiting
        }
    }

    /// Plays `m` if it is legal; otherwise returns why not and changes
    /// nothing. On success returns the captured piece as it leaves the board
    /// (its own colour; a pawn if it was promoted — R6), for the game to route
    /// to the capturer's partner (R5).
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

    /// The reason an illegal move is refused (only computed on failure).
    fn why_illegal(&self, m: Move) -> IllegalReason {
        match m {
            Move::Normal { from, to, .. } => {
                if !self.by_color(self.turn).contains(from) {
                    return IllegalReason::NoOwnPiece(from);
                }
                // Would the move be fine if check did not matter? Try it on a copy.
                let mut after = *self;
                let pseudo_ok = self.pseudo_legal_normal(m);
                if pseudo_ok {
                    after.play_unchecked(m);
                    if after
                        .attackers_to(
                            after.king_of(self.turn),
                            self.turn.other(),
                            after.occupied(),
                        )
                        .nonempty()
                    {
                        return IllegalReason::LeavesKingInCheck;
                    }
                }
                IllegalReason::CannotMoveThere(from, to)
            }
            Move::Drop { role, to } => {
                if role == Role::King {
                    IllegalReason::KingDrop
                } else if !self.pocket(self.turn).has(role) {
                    IllegalReason::NotInPocket(role)
                } else if self.occupied().contains(to) {
                    IllegalReason::DropOnOccupied(to)
                } else if role == Role::Pawn && crate::Bitboard::BACKRANKS.contains(to) {
                    IllegalReason::PawnDropOnBackRank
                } else {
                    IllegalReason::LeavesKingInCheck
                }
            }
        }
    }

    /// Whether a normal move follows the piece's movement, ignoring check.
    fn pseudo_legal_normal(&self, m: Move) -> bool {
        let Move::Normal {
            from,
            to,
            promotion,
        } = m
        else {
            return false;
        };
        let us = self.turn;
        let Some(role) = self.role_at(from) else {
            return false;
        };
        if self.by_color(us).contains(to) {
            return false;
        }
        let back = crate::Bitboard::BACKRANKS.contains(to);
        if (role == Role::Pawn && back) != promotion.is_some() {
            return false;
        }
        let occupied = self.occupied();
        let theirs = self.by_color(us.other());
        match role {
            Role::Pawn => {
                let forward: i32 = if us.is_white() { 8 } else { -8 };
                let d = to.index() as i32 - from.index() as i32;
                let capture_squares = crate::attacks::pawn_attacks(us, from);
                if capture_squares.contains(to) {
                    theirs.contains(to) || self.ep_square == Some(to)
                } else if d == forward {
                    !occupied.contains(to)
                } else if d == 2 * forward {
                    let start = crate::Rank::new(1).map(|r| r.relative_to(us));
                    Some(from.rank()) == start
                        && !occupied.contains(to)
                        && from.offset(forward).is_some_and(|s| !occupied.contains(s))
                } else {
                    false
                }
            }
            _ => crate::attacks::attacks(from, role.of(us), occupied).contains(to),
        }
    }
}
