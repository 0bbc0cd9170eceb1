//! Whether one given move is legal, without generating the others.

use crate::attacks::{aligned, attacks, between, king_attacks, pawn_attacks};
use crate::{Bitboard, Board, CastlingSide, Color, Move, Rank, Role};

/// The rank a pawn of `color` starts on, where it may step twice (R11).
fn second_rank(color: Color) -> Option<Rank> {
    Rank::new(1).map(|r| r.relative_to(color))
}

impl Board {
    /// Whether `m` is legal here (R9–R14). Worked out for this one move
    /// rather than by walking the generator, and tested to agree with the
    /// generator on every move of many positions. Castling asks the
    /// generator.
    pub fn is_legal(&self, m: Move) -> bool {
        let us = self.turn();
        let them = us.other();
        let ours = self.by_color(us);
        let occupied = self.occupied();
        let king = self.king_of(us);
        match m {
            Move::Drop { role, to } => {
                if role == Role::King
                    || !self.pocket(us).has(role)
                    || occupied.contains(to)
                    || (role == Role::Pawn && Bitboard::BACKRANKS.contains(to))
                {
                    return false;
                }
                let checkers = self.checkers();
                match checkers.first() {
                    None => true,
                    // While in check a drop must block it (R13).
                    Some(c) => !checkers.more_than_one() && between(king, c).contains(to),
                }
            }
            Move::Normal {
                from,
                to,
                promotion,
            } => {
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
                if role == Role::King {
                    if CastlingSide::of_king_move(us, from, to).is_some() {
                        return self.is_legal_by_generation(m);
                    }
                    return king_attacks(from).contains(to)
                        && self
                            .attackers_to(to, them, occupied - Bitboard::from_square(king))
                            .is_empty();
                }
                if role == Role::Pawn {
                    if pawn_attacks(us, from).contains(to) {
                        if self.ep_square() == Some(to) && !occupied.contains(to) {
                            return self.en_passant_capture_is_safe(from, to);
                        }
                        if !self.by_color(them).contains(to) {
                            return false;
                        }
                    } else {
                        let forward: i32 = if us.is_white() { 8 } else { -8 };
                        let Some(one) = from.offset(forward) else {
                            return false;
                        };
                        if occupied.contains(one) {
                            return false;
                        }
                        if to != one {
                            let two_ok = Some(from.rank()) == second_rank(us)
                                && one.offset(forward) == Some(to)
                                && !occupied.contains(to);
                            if !two_ok {
                                return false;
                            }
                        }
                    }
                } else if !attacks(from, role.of(us), occupied).contains(to) {
                    return false;
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
}
