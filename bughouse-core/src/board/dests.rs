//! The legal moves and drops as a board UI shows them (chessops'
//! `chessgroundDests` is the model): for each square, the set of squares its
//! piece may go to, and for each pocket role, the set of squares it may be
//! dropped on (R9–R13).
//!
//! Straight from the move generator's own target sets (see
//! [`crate::board::movegen`]), so the answer is the legal moves' by
//! construction, without listing a move per target: a full pocket on an open
//! board has about 300 drops, five sets here.

use crate::board::movegen::Visitor;
use crate::{Bitboard, Board, Move, Role, Square};

/// The legal targets of the side to move, grouped by origin square and by
/// dropped role ([`Board::legal_dests`]).
///
/// A pawn reaching rank 1 or 8 has one target per square (its four
/// promotions are one target); castling is the king's move to its castling
/// square (`e1` → `g1`, `c1`). No allocation: 69 sets of squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dests {
    by_origin: [Bitboard; 64],
    origins: Bitboard,
    drops: [Bitboard; 5],
}

impl Dests {
    /// The squares of the pieces that have at least one legal move.
    #[inline]
    pub fn origins(&self) -> Bitboard {
        self.origins
    }

    /// Where the piece on `from` may legally go (empty for an empty square,
    /// an enemy piece or a piece with no move).
    #[inline]
    pub fn targets_from(&self, from: Square) -> Bitboard {
        self.by_origin[from.index()]
    }

    /// Where `role` may legally be dropped: empty for the king (R3), a role
    /// the side to move does not hold, and in double check (R16); never
    /// rank 1 or 8 for a pawn (R10); only the squares between king and
    /// checker in check (R13).
    #[inline]
    pub fn drop_targets(&self, role: Role) -> Bitboard {
        match role {
            Role::King => Bitboard::EMPTY,
            _ => self.drops[role.index()],
        }
    }
}

struct DestsVisitor(Dests);

impl Visitor for DestsVisitor {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) -> bool {
        self.0.by_origin[from.index()] |= targets;
        self.0.origins.add(from);
        false
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - delta) as u32);
            self.piece(from, Bitboard::from_square(to));
        }
        false
    }
    #[inline]
    fn special(&mut self, m: Move) -> bool {
        if let Move::Normal { from, to, .. } = m {
            self.piece(from, Bitboard::from_square(to));
        }
        false
    }
    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool {
        self.0.drops[role.index()] |= targets;
        false
    }
}

/// Drop targets of one role only: the generator's drop mask, the board
/// moves ignored.
struct DropVisitor {
    role: Role,
    targets: Bitboard,
}

impl Visitor for DropVisitor {
    #[inline]
    fn piece(&mut self, _: Square, _: Bitboard) -> bool {
        false
    }
    #[inline]
    fn pawns(&mut self, _: Bitboard, _: i32) -> bool {
        false
    }
    #[inline]
    fn special(&mut self, _: Move) -> bool {
        false
    }
    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool {
        if role == self.role {
            self.targets = targets;
        }
        false
    }
}

impl Board {
    /// Every legal move and drop of the side to move as target sets: what a
    /// board UI shows (chessground's `movable.dests`, the drop squares of
    /// each pocket piece).
    ///
    /// ```
    /// use bughouse_core::{Bitboard, Board, Role, Square};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/4K3[QP] w - - 0 1".parse()?;
    /// let dests = board.legal_dests();
    /// assert_eq!(dests.origins(), Bitboard::from_square(Square::E1));
    /// assert_eq!(dests.targets_from(Square::E1).count(), 5);
    /// assert_eq!(dests.drop_targets(Role::Queen).count(), 62); // every empty square
    /// assert_eq!(dests.drop_targets(Role::Pawn).count(), 48); // never rank 1 or 8 (R10)
    /// assert!(dests.drop_targets(Role::Knight).is_empty()); // not in the pocket
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn legal_dests(&self) -> Dests {
        let mut v = DestsVisitor(Dests {
            by_origin: [Bitboard::EMPTY; 64],
            origins: Bitboard::EMPTY,
            drops: [Bitboard::EMPTY; 5],
        });
        self.visit_legal(&mut v);
        v.0
    }

    /// The squares `role` may legally be dropped on by the side to move
    /// (R10–R13; see [`Dests::drop_targets`]), without generating the board
    /// moves' targets.
    ///
    /// ```
    /// use bughouse_core::{Board, Role, Square};
    ///
    /// // In check from the rook on e8: a drop must block on e2…e7 (R13).
    /// let board: Board = "k3r3/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
    /// let targets = board.legal_drop_targets(Role::Knight);
    /// assert_eq!(targets.count(), 6);
    /// assert!(targets.contains(Square::E4) && !targets.contains(Square::D4));
    /// assert!(board.legal_drop_targets(Role::Queen).is_empty()); // none held
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn legal_drop_targets(&self, role: Role) -> Bitboard {
        if role == Role::King || !self.pocket(self.turn()).has(role) {
            return Bitboard::EMPTY;
        }
        let mut v = DropVisitor {
            role,
            targets: Bitboard::EMPTY,
        };
        self.visit_legal(&mut v);
        v.targets
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use crate::{Bitboard, Board, Flavour, Move, Role, Square};

    /// (origin square, or 100 + role index for a drop; target square).
    type Targets = BTreeSet<(u8, u8)>;

    /// The grouped targets as (origin or role, target) pairs, one per
    /// square (promotions once), and the same from `legal_moves()`.
    fn both_ways(board: &Board) -> (Targets, Targets) {
        let dests = board.legal_dests();
        let mut grouped = BTreeSet::new();
        for from in dests.origins() {
            let targets = dests.targets_from(from);
            assert!(
                targets.nonempty(),
                "{board}: origin {from} without a target"
            );
            for to in targets {
                grouped.insert((from.index() as u8, to.index() as u8));
            }
        }
        for sq in Square::ALL {
            if !dests.origins().contains(sq) {
                assert!(dests.targets_from(sq).is_empty(), "{board}: {sq}");
            }
        }
        for role in Role::ALL {
            let targets = dests.drop_targets(role);
            assert_eq!(targets, board.legal_drop_targets(role), "{board}: {role:?}");
            for to in targets {
                grouped.insert((100 + role.index() as u8, to.index() as u8));
            }
        }
        let listed = board
            .legal_moves()
            .iter()
            .map(|&m| match m {
                Move::Normal { from, to, .. } => (from.index() as u8, to.index() as u8),
                Move::Drop { role, to } => (100 + role.index() as u8, to.index() as u8),
            })
            .collect();
        (grouped, listed)
    }

    /// R9–R13: the grouped targets are exactly the legal moves and drops,
    /// on positions met in seeded random games with full pockets (checks,
    /// double checks, pins, promotions, castling, en passant, drops into
    /// check and pawn drops near the back ranks among them).
    #[test]
    fn r9_r13_dests_are_the_legal_moves_grouped() {
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
            "4k3/1P4P1/8/8/8/8/1p4p1/4K3[QRBNqrbn] w - - 0 1",
            "r2qk2r/ppp2ppp/4p3/4P3/1b1Pn3/2N5/PPP2PPP/R2QK2R[NBPnb] b KQkq - 0 1",
            "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut positions, mut checks, mut drops) = (0, 0, 0);
        for start in starts {
            for _ in 0..12 {
                let mut board: Board = start.parse().unwrap();
                board = board.with_flavour(Flavour::Crazyhouse);
                for _ in 0..40 {
                    let (grouped, listed) = both_ways(&board);
                    assert_eq!(grouped, listed, "{board}");
                    positions += 1;
                    checks += usize::from(board.is_check());
                    drops += usize::from(grouped.iter().any(|&(k, _)| k >= 100));
                    let moves = board.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    board.play(moves[next(moves.len())]).unwrap();
                }
            }
        }
        assert!(
            positions > 1000 && checks > 30 && drops > 500,
            "{positions} {checks} {drops}"
        );
    }

    /// R10, R13, R16: no pawn drop on rank 1 or 8; in check only blocking
    /// drops; in double check none; the king never.
    #[test]
    fn r10_r13_r16_drop_targets() {
        let open: Board = "4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1".parse().unwrap();
        assert_eq!(
            open.legal_drop_targets(Role::Pawn),
            !(open.occupied() | Bitboard::BACKRANKS)
        );
        assert_eq!(open.legal_drop_targets(Role::Knight), !open.occupied());
        assert!(open.legal_drop_targets(Role::King).is_empty());
        let check: Board = "4k3/8/8/8/8/8/8/r3K3[PN] w - - 0 1".parse().unwrap();
        // Rook a1 checks along rank 1: blocks on b1 c1 d1, none of them a pawn's.
        assert_eq!(check.legal_drop_targets(Role::Knight).count(), 3);
        assert!(check.legal_drop_targets(Role::Pawn).is_empty());
        let double: Board = "4k3/8/8/8/8/5n2/8/r3K3[PN] w - - 0 1".parse().unwrap();
        assert!(double.checkers().more_than_one());
        assert!(double.legal_drop_targets(Role::Knight).is_empty());
        assert!(double.legal_dests().drop_targets(Role::Knight).is_empty());
    }
}
