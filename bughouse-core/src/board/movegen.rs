//! Legal move and drop generation (R9–R13).
//!
//! One generator walks the position once and reports moves as *target sets*:
//! each piece with the set of squares it may legally go to, pawns as whole
//! shifted sets, and each droppable role with one mask of squares. Visitors
//! turn those sets into a list, a count (perft's leaves: popcounts, no list),
//! an early "is there any" answer, or a membership test — so all of them
//! agree with each other by construction.

use arrayvec::ArrayVec;

use crate::board::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use crate::board::castling::CastlingSide;
use crate::board::pawns::{
    drop_rank_allows, pawn_captures, pawn_drop_squares, pawn_pushes, promotion_fits,
};
use crate::{Bitboard, Board, Color, Move, Role, Square};

/// The most legal moves and drops any position reachable under these rules
/// can have, with room to spare.
///
/// Worst case, written down: a side has at most 30 pieces besides its king on
/// one board (R7: 30 of a colour exist). A board move goes from one of them
/// (at most 27 targets each, a queen in the open) or from the king (at most
/// 8), and a drop puts one of at most 5 roles on one of the empty squares,
/// of which there are at most `62 - k` with `k` pieces beside the two kings.
/// So at most `27k + 8 + 5(62 - k) = 22k + 318 ≤ 978` for `k ≤ 30`.
/// The test `move_list_capacity_holds_heavy_positions` builds the heaviest
/// positions we know and checks the bound: the best, 435 moves, is the
/// 218-move chess position (nine queens, eight of them promoted) with every
/// role in White's pocket.
pub const MAX_LEGAL_MOVES: usize = 1024;

/// A list of legal moves with its proven capacity; never allocates.
pub type MoveList = ArrayVec<Move, MAX_LEGAL_MOVES>;

/// What the legality of every move of the side to move turns on: the
/// pieces giving check and the pieces pinned to the king (none counted in
/// double check, where only the king moves). A function of the position
/// (placement and side to move, not the pockets), so whoever keeps a board
/// unchanged may keep its threats: the game computes them once per move
/// for the board's status (R16–R18) and checks the next move with them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Threats {
    pub(crate) checkers: Bitboard,
    pub(crate) pinned: Bitboard,
}

/// Receives legal moves as sets. Each method returns `true` to stop early.
pub(crate) trait Visitor {
    /// A non-pawn piece on `from` may go to each square of `targets`.
    fn piece(&mut self, from: Square, targets: Bitboard) -> bool;
    /// Pawns move by `delta` (index difference) to each square of `targets`;
    /// targets on rank 1 or 8 are promotions, four moves each.
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool;
    /// One special move: castling or en passant.
    fn special(&mut self, m: Move) -> bool;
    /// `role` may be dropped on each square of `targets`.
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool;
}

/// The moves a [`Visitor::pawns`] call stands for: each target, reached
/// from `delta` squares back, once per role of `promotions` when it is on
/// rank 1 or 8, once without promotion otherwise.
#[inline]
pub(crate) fn expand_pawn_moves(
    targets: Bitboard,
    delta: i32,
    promotions: &[Role],
    mut push: impl FnMut(Move),
) {
    for to in targets {
        let from = Square::from_index_masked((to.index() as i32 - delta) as u32);
        if Bitboard::BACKRANKS.contains(to) {
            for &role in promotions {
                push(Move::Normal {
                    from,
                    to,
                    promotion: Some(role),
                });
            }
        } else {
            push(Move::Normal {
                from,
                to,
                promotion: None,
            });
        }
    }
}

const RANK_3: Bitboard = Bitboard(0xff << 16);
const RANK_6: Bitboard = Bitboard(0xff << 40);
const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);

impl Board {
    /// The pieces of the side to move pinned to its king.
    ///
    /// ```
    /// use bughouse_core::{Board, Square};
    ///
    /// let board: Board = "4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1".parse()?;
    /// assert!(board.pinned().contains(Square::E2));
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn pinned(&self) -> Bitboard {
        self.slider_blockers(self.turn) & self.by_color(self.turn)
    }

    /// The pieces, of either colour, that stand alone between `king`'s king
    /// and an enemy rook, bishop or queen aiming at it: those of `king`'s
    /// colour are pinned; those of the other colour may give a discovered
    /// check by moving away.
    pub(crate) fn slider_blockers(&self, king: Color) -> Bitboard {
        let king_square = self.king_of(king);
        let queens = self.by_role(Role::Queen);
        let snipers = (rook_attacks(king_square, Bitboard::EMPTY)
            & (self.by_role(Role::Rook) | queens)
            | bishop_attacks(king_square, Bitboard::EMPTY) & (self.by_role(Role::Bishop) | queens))
            & self.by_color(king.other());
        let occupied = self.occupied();
        let mut blockers = Bitboard::EMPTY;
        for sniper in snipers {
            let between = between(king_square, sniper) & occupied;
            if !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }

    /// Walks every legal move and drop; returns `true` if the visitor stopped.
    #[inline]
    pub(crate) fn visit_legal<V: Visitor>(&self, v: &mut V) -> bool {
        self.visit_legal_to(v, Bitboard::FULL)
    }

    /// The checkers and pinned pieces of the side to move: what every
    /// legality question here turns on, computed once.
    #[inline]
    pub(crate) fn threats(&self) -> Threats {
        let checkers = self.checkers();
        // In double check only the king moves: its pins do not matter.
        let pinned = if checkers.more_than_one() {
            Bitboard::EMPTY
        } else {
            self.pinned()
        };
        Threats { checkers, pinned }
    }

    /// Walks the legal moves and drops whose destination is in `within`
    /// (all of them for the full set): how SAN finds the moves to one
    /// square through the generator itself.
    pub(crate) fn visit_legal_to<V: Visitor>(&self, v: &mut V, within: Bitboard) -> bool {
        self.visit_legal_given(v, within, None)
    }

    /// As [`Board::visit_legal_to`], with this board's threats already known.
    pub(crate) fn visit_legal_with<V: Visitor>(
        &self,
        v: &mut V,
        within: Bitboard,
        threats: &Threats,
    ) -> bool {
        debug_assert_eq!(*threats, self.threats(), "threats of another position");
        self.visit_legal_given(v, within, Some(threats))
    }

    /// The generator, given this board's threats or computing them itself.
    /// Inlined into both callers so that the one computing them does so
    /// from the king square and occupancy it already holds, and the pins
    /// only past the double-check exit (perft's leaves: 4 % fewer
    /// instructions than computing [`Threats`] first).
    #[inline(always)]
    fn visit_legal_given<V: Visitor>(
        &self,
        v: &mut V,
        within: Bitboard,
        known: Option<&Threats>,
    ) -> bool {
        let us = self.turn;
        let them = us.other();
        let king = self.king_of(us);
        let ours = self.by_color(us);
        let theirs = self.by_color(them);
        let occupied = ours | theirs;
        let checkers = match known {
            Some(threats) => threats.checkers,
            None => self.attackers_to(king, them, occupied),
        };

        if checkers.more_than_one() {
            // Double check: only the king moves, no drop blocks (R16).
            return self.visit_king_steps(v, king, within);
        }

        // Squares a non-king move must land on, and squares a drop must fill.
        let (target_mask, drop_mask) = match checkers.first() {
            Some(checker) => {
                let block = between(king, checker);
                (block.with(checker), block)
            }
            None => (!ours, !occupied),
        };
        let (target_mask, drop_mask) = (target_mask & within, drop_mask & within);
        let pinned = match known {
            Some(threats) => threats.pinned,
            None => self.pinned(),
        };
        let queens = self.by_role(Role::Queen);

        for from in self.by_role(Role::Knight) & (ours - pinned) {
            let targets = knight_attacks(from) & (target_mask - ours);
            if targets.nonempty() && v.piece(from, targets) {
                return true;
            }
        }
        for from in (self.by_role(Role::Bishop) | queens) & ours {
            let mut targets = bishop_attacks(from, occupied) & (target_mask - ours);
            if pinned.contains(from) {
                targets &= line(king, from);
            }
            if targets.nonempty() && v.piece(from, targets) {
                return true;
            }
        }
        for from in (self.by_role(Role::Rook) | queens) & ours {
            let mut targets = rook_attacks(from, occupied) & (target_mask - ours);
            if pinned.contains(from) {
                targets &= line(king, from);
            }
            if targets.nonempty() && v.piece(from, targets) {
                return true;
            }
        }

        if self.visit_pawn_moves(v, king, pinned, target_mask) {
            return true;
        }

        if let Some(ep) = self.ep_square.filter(|ep| within.contains(*ep)) {
            for from in pawn_attacks(them, ep) & self.by_piece(Role::Pawn.of(us)) {
                if self.en_passant_capture_is_safe(from, ep)
                    && v.special(Move::Normal {
                        from,
                        to: ep,
                        promotion: None,
                    })
                {
                    return true;
                }
            }
        }

        if checkers.is_empty() {
            for side in CastlingSide::ALL {
                if self.castling.contains(side.right(us))
                    && within.contains(side.king_to(us))
                    && self.castling_path_is_clear(side, occupied)
                {
                    let m = Move::Normal {
                        from: king,
                        to: side.king_to(us),
                        promotion: None,
                    };
                    if v.special(m) {
                        return true;
                    }
                }
            }
        }

        let pocket = self.pockets[us.index()];
        if !pocket.is_empty() && drop_mask.nonempty() {
            for role in pocket.roles() {
                let targets = if role == Role::Pawn {
                    drop_mask & pawn_drop_squares()
                } else {
                    drop_mask
                };
                if targets.nonempty() && v.drops(role, targets) {
                    return true;
                }
            }
        }

        // The king last: each of its steps costs an attack test, and an
        // early-stopping visitor rarely needs them.
        self.visit_king_steps(v, king, within)
    }

    /// King steps: a target is safe if no enemy attacks it once the king has
    /// left its square (so sliders see through it).
    fn visit_king_steps<V: Visitor>(&self, v: &mut V, king: Square, within: Bitboard) -> bool {
        let them = self.turn.other();
        let without_king = self.occupied() - Bitboard::from_square(king);
        let mut targets = Bitboard::EMPTY;
        for to in (king_attacks(king) & within) - self.by_color(self.turn) {
            if self.attackers_to(to, them, without_king).is_empty() {
                targets.add(to);
            }
        }
        targets.nonempty() && v.piece(king, targets)
    }

    /// Pawn pushes, double steps and captures (with promotions); unpinned
    /// pawns as whole sets, pinned ones one by one along their pin line.
    fn visit_pawn_moves<V: Visitor>(
        &self,
        v: &mut V,
        king: Square,
        pinned: Bitboard,
        target_mask: Bitboard,
    ) -> bool {
        let us = self.turn;
        let pawns = self.by_piece(Role::Pawn.of(us));
        if pawns.is_empty() {
            return false;
        }
        let theirs = self.by_color(us.other());
        let empty = !self.occupied();
        let free = pawns - pinned;
        let (up, double_rank): (fn(Bitboard) -> Bitboard, Bitboard) = match us {
            Color::White => (Bitboard::shift_up, RANK_3),
            Color::Black => (Bitboard::shift_down, RANK_6),
        };
        let forward: i32 = if us.is_white() { 8 } else { -8 };

        let single = up(free) & empty;
        let double = up(single & double_rank) & empty & target_mask;
        let (left, right) = match us {
            Color::White => (
                Bitboard((free - FILE_A).0 << 7),
                Bitboard((free - FILE_H).0 << 9),
            ),
            Color::Black => (
                Bitboard((free - FILE_A).0 >> 9),
                Bitboard((free - FILE_H).0 >> 7),
            ),
        };
        let sets = [
            (single & target_mask, forward),
            (double, 2 * forward),
            (left & theirs & target_mask, forward - 1),
            (right & theirs & target_mask, forward + 1),
        ];
        for (targets, delta) in sets {
            if targets.nonempty() && v.pawns(targets, delta) {
                return true;
            }
        }

        for from in pawns & pinned {
            let on_line = line(king, from);
            let targets = pawn_captures(us, from, theirs, None) | pawn_pushes(us, from, !empty);
            for to in targets & on_line & target_mask {
                if v.pawns(
                    Bitboard::from_square(to),
                    to.index() as i32 - from.index() as i32,
                ) {
                    return true;
                }
            }
        }
        false
    }

    fn castling_path_is_clear(&self, side: CastlingSide, occupied: Bitboard) -> bool {
        let us = self.turn;
        let king = CastlingSide::king_from(us);
        let rook = side.rook_from(us);
        if !self.by_piece(Role::Rook.of(us)).contains(rook) || self.king_of(us) != king {
            return false;
        }
        if between(king, rook).intersects(occupied) {
            return false;
        }
        // The king may not pass through or land on an attacked square.
        let them = us.other();
        let king_to = side.king_to(us);
        (between(king, king_to).with(king_to))
            .into_iter()
            .all(|sq| self.attackers_to(sq, them, occupied).is_empty())
    }

    /// Every legal move and drop (R9–R13).
    ///
    /// ```
    /// use bughouse_core::{Board, Move, Role};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1".parse()?;
    /// let moves = board.legal_moves();
    /// assert_eq!(moves.iter().filter(|m| m.is_drop()).count(), 62); // every empty square
    /// assert!(moves.contains(&Move::Drop { role: Role::Queen, to: bughouse_core::Square::E7 }));
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = ListVisitor {
            list: MoveList::new(),
        };
        self.visit_legal(&mut list);
        list.list
    }

    /// How many legal moves and drops there are, counted without listing
    /// them (perft's leaves).
    ///
    /// ```
    /// use bughouse_core::Board;
    ///
    /// let board = Board::new();
    /// assert_eq!(board.count_legal_moves(), board.legal_moves().len() as u64);
    /// ```
    pub fn count_legal_moves(&self) -> u64 {
        let mut count = CountVisitor(0);
        self.visit_legal(&mut count);
        count.0
    }

    /// Whether the side to move has any legal move or drop; stops at the first.
    ///
    /// ```
    /// use bughouse_core::Board;
    ///
    /// assert!(Board::new().has_legal_move());
    /// // Stalemated with an empty pocket: in bughouse the side waits (R18).
    /// let board: Board = "k7/2Q5/1K6/8/8/8/8/8[] b - - 0 1".parse()?;
    /// assert!(!board.has_legal_move() && board.is_waiting());
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn has_legal_move(&self) -> bool {
        self.visit_legal(&mut AnyVisitor)
    }

    /// As [`Board::has_legal_move`], with this board's threats known.
    pub(crate) fn has_legal_move_with(&self, threats: &Threats) -> bool {
        self.visit_legal_with(&mut AnyVisitor, Bitboard::FULL, threats)
    }

    /// Whether `m` is legal here, asked of the generator: the reference
    /// that [`Board::is_legal`] is tested against, and its answer for castling.
    pub(crate) fn is_legal_by_generation(&self, m: Move) -> bool {
        // Cheap rejections first; the generator decides the rest, so
        // `is_legal` agrees with `legal_moves` by construction.
        match m {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                if !self.by_color(self.turn).contains(from) || self.by_color(self.turn).contains(to)
                {
                    return false;
                }
                let role = self.role_at(from).unwrap_or(Role::Pawn);
                if !promotion_fits(role, to, promotion) {
                    return false;
                }
            }
            Move::Drop { role, to } => {
                if role == Role::King
                    || !self.pockets[self.turn.index()].has(role)
                    || self.occupied().contains(to)
                    || !drop_rank_allows(role, to)
                {
                    return false;
                }
            }
        }
        self.visit_legal(&mut FindVisitor { wanted: m })
    }
}

struct ListVisitor {
    list: MoveList,
}

impl Visitor for ListVisitor {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) -> bool {
        for to in targets {
            self.list.push(Move::Normal {
                from,
                to,
                promotion: None,
            });
        }
        false
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool {
        expand_pawn_moves(targets, delta, &Role::PROMOTION, |m| self.list.push(m));
        false
    }
    #[inline]
    fn special(&mut self, m: Move) -> bool {
        self.list.push(m);
        false
    }
    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool {
        for to in targets {
            self.list.push(Move::Drop { role, to });
        }
        false
    }
}

struct CountVisitor(u64);

impl Visitor for CountVisitor {
    #[inline]
    fn piece(&mut self, _from: Square, targets: Bitboard) -> bool {
        self.0 += u64::from(targets.count());
        false
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, _delta: i32) -> bool {
        self.0 +=
            u64::from(targets.count()) + 3 * u64::from((targets & Bitboard::BACKRANKS).count());
        false
    }
    #[inline]
    fn special(&mut self, _m: Move) -> bool {
        self.0 += 1;
        false
    }
    #[inline]
    fn drops(&mut self, _role: Role, targets: Bitboard) -> bool {
        self.0 += u64::from(targets.count());
        false
    }
}

/// Stops at the first move: every call receives a non-empty set.
struct AnyVisitor;

impl Visitor for AnyVisitor {
    #[inline]
    fn piece(&mut self, _: Square, targets: Bitboard) -> bool {
        targets.nonempty()
    }
    #[inline]
    fn pawns(&mut self, targets: Bitboard, _: i32) -> bool {
        targets.nonempty()
    }
    #[inline]
    fn special(&mut self, _: Move) -> bool {
        true
    }
    #[inline]
    fn drops(&mut self, _: Role, targets: Bitboard) -> bool {
        targets.nonempty()
    }
}

/// Stops when it meets one given move.
struct FindVisitor {
    wanted: Move,
}

impl Visitor for FindVisitor {
    fn piece(&mut self, from: Square, targets: Bitboard) -> bool {
        matches!(self.wanted, Move::Normal { from: f, to, promotion: None } if f == from && targets.contains(to))
    }
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool {
        match self.wanted {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                targets.contains(to)
                    && to.index() as i32 - from.index() as i32 == delta
                    && promotion.is_some() == Bitboard::BACKRANKS.contains(to)
            }
            Move::Drop { .. } => false,
        }
    }
    fn special(&mut self, m: Move) -> bool {
        m == self.wanted
    }
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool {
        matches!(self.wanted, Move::Drop { role: r, to } if r == role && targets.contains(to))
    }
}
