//! The board rules about pawns and drops, each written once and used by the
//! move generator, the single-move legality check, SAN and FEN alike.

use crate::board::attacks::pawn_attacks;
use crate::{Bitboard, Color, Rank, Role, Square};

/// R10: the squares a pawn may be dropped on — never rank 1 or 8, for both
/// colours.
#[inline]
pub(crate) const fn pawn_drop_squares() -> Bitboard {
    Bitboard(!Bitboard::BACKRANKS.0)
}

/// R10 for one drop: whether `role` may be dropped on `to` as far as its
/// rank goes (only pawns are restricted).
#[inline]
pub(crate) const fn drop_rank_allows(role: Role, to: Square) -> bool {
    !matches!(role, Role::Pawn) || pawn_drop_squares().contains(to)
}

/// R9: whether a `role` going to `to` must promote — a pawn reaching rank 1
/// or 8.
#[inline]
pub(crate) const fn must_promote(role: Role, to: Square) -> bool {
    matches!(role, Role::Pawn) && Bitboard::BACKRANKS.contains(to)
}

/// R9: whether `promotion` is right for a `role` going to `to`: none unless
/// it must promote, then a knight, bishop, rook or queen.
#[inline]
pub(crate) const fn promotion_fits(role: Role, to: Square, promotion: Option<Role>) -> bool {
    match promotion {
        None => !must_promote(role, to),
        Some(Role::Knight | Role::Bishop | Role::Rook | Role::Queen) => must_promote(role, to),
        Some(_) => false,
    }
}

/// R9, R11: the squares a `color` pawn on `from` may push to with the
/// squares `occupied` taken — one step forward onto an empty square, and
/// from its own second rank (also after a drop there, R11) two steps over
/// two empty squares.
#[inline]
pub(crate) fn pawn_pushes(color: Color, from: Square, occupied: Bitboard) -> Bitboard {
    let forward: i32 = if color.is_white() { 8 } else { -8 };
    let mut pushes = Bitboard::EMPTY;
    if let Some(one) = from.offset(forward).filter(|s| !occupied.contains(*s)) {
        pushes.add(one);
        if from.rank() == Rank::SECOND.relative_to(color) {
            if let Some(two) = one.offset(forward).filter(|s| !occupied.contains(*s)) {
                pushes.add(two);
            }
        }
    }
    pushes
}

/// R9: the squares a `color` pawn on `from` captures on: an enemy piece, or
/// the en passant square `ep`.
#[inline]
pub(crate) fn pawn_captures(
    color: Color,
    from: Square,
    theirs: Bitboard,
    ep: Option<Square>,
) -> Bitboard {
    let targets = pawn_attacks(color, from);
    let mut victims = theirs;
    if let Some(ep) = ep {
        victims.add(ep);
    }
    targets & victims
}

/// R9: the square of the pawn an en passant capture onto `ep` by `mover`
/// takes — the square just behind `ep` from the mover's side.
#[inline]
pub(crate) fn en_passant_victim(mover: Color, ep: Square) -> Square {
    let back: i32 = if mover.is_white() { -8 } else { 8 };
    // `ep` is on rank 3 or 6 whenever it is set (FEN checks it, and play
    // only sets it behind a double step), so the square exists.
    ep.offset(back).unwrap_or(ep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r10_pawn_drops_avoid_ranks_1_and_8() {
        for sq in Square::ALL {
            let edge = matches!(sq.rank().index(), 0 | 7);
            assert_eq!(drop_rank_allows(Role::Pawn, sq), !edge, "{sq}");
            assert!(drop_rank_allows(Role::Knight, sq));
        }
    }

    #[test]
    fn r9_promotion_and_en_passant_victims() {
        assert!(promotion_fits(Role::Pawn, Square::E8, Some(Role::Queen)));
        assert!(!promotion_fits(Role::Pawn, Square::E8, None));
        assert!(!promotion_fits(Role::Pawn, Square::E8, Some(Role::King)));
        assert!(!promotion_fits(Role::Knight, Square::E8, Some(Role::Queen)));
        assert!(promotion_fits(Role::Pawn, Square::E7, None));
        assert_eq!(en_passant_victim(Color::White, Square::D6), Square::D5);
        assert_eq!(en_passant_victim(Color::Black, Square::E3), Square::E4);
        let empty = Bitboard::EMPTY;
        assert_eq!(pawn_pushes(Color::White, Square::E2, empty).count(), 2);
        assert_eq!(pawn_pushes(Color::Black, Square::E7, empty).count(), 2);
        assert_eq!(pawn_pushes(Color::White, Square::E3, empty).count(), 1);
        let blocked = Bitboard::from_square(Square::E4);
        assert_eq!(pawn_pushes(Color::White, Square::E2, blocked).count(), 1);
    }
}
