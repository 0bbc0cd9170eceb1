//! Alpha-beta search on one board: negamax with principal-variation search,
//! iterative deepening, a transposition table, quiescence over captures,
//! check extension, null-move and futility pruning, late-move reductions,
//! and move ordering by TT move, MVV-LVA, killers, checks and history.
//!
//! The search copies the [`Board`] (it is `Copy`) for every move instead of
//! undoing moves, and keeps its move lists in fixed-capacity arrays on the
//! stack: no allocation. Each ply of the main search holds one list of
//! [`MAX_LEGAL_MOVES`] scored moves (8 KiB); the depth is bounded by
//! [`MAX_PLY`], so the search needs at most about 600 KiB of stack in an
//! optimised build (measured: about 130 KiB at 29 plies deep; roughly twice
//! that unoptimised).
//!
//! Mate is bughouse mate only (R16): a side to move with no legal move that
//! is in a check no drop could block is mated; a side with no legal move
//! otherwise is *waiting* (R17, R18) — scored as a bad position, never as a
//! loss, since the partner may send the piece that saves it.

use arrayvec::ArrayVec;

use super::control::{POLL_NODES, Timer};
use super::eval::{BOARD_VALUE, EvalParams, check_squares, evaluate, has_pieces};
use super::tt::{Bound, Table};
use crate::board::attacks::{between, bishop_attacks, rook_attacks};
use crate::board::movegen::{Visitor, expand_pawn_moves};
use crate::board::zobrist;
use crate::{Bitboard, Board, MAX_LEGAL_MOVES, Move, Role, Square};

/// The deepest ply the search reaches, quiescence and extensions included.
pub(crate) const MAX_PLY: usize = 64;
/// The score of mate at the root; mate in `n` plies scores `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are mate scores.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
const INFINITE: i32 = MATE + 1;

/// Penalty for a side to move that has no legal move but is not mated
/// (R18): waiting in a check a drop could block (R17) is worse than waiting
/// out of check. Both are far from mate: the partner may send a piece.
const WAITING_IN_CHECK: i32 = 350;
const WAITING: i32 = 120;

/// The most captures and queen promotions one side can have: a piece attacks
/// at most 8 occupied squares (a knight or king its 8 targets, a queen the
/// first piece in each of 8 directions, a rook or bishop 4), and a pawn has
/// at most 2 captures plus 1 push to the last rank (queen only in quiescence;
/// en passant takes the place of a diagonal). With at most 31 pieces (R7:
/// 30 and the king) that is at most 31 × 8 = 248.
const MAX_CAPTURES: usize = 256;

/// A move and its ordering score.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ScoredMove {
    pub mv: Move,
    pub score: i32,
}

type FullList = ArrayVec<ScoredMove, MAX_LEGAL_MOVES>;
type CaptureList = ArrayVec<ScoredMove, MAX_CAPTURES>;

/// Collects moves into a scored list; in `captures_only` mode keeps
/// captures and queen promotions (quiescence).
struct Collect<'a, const CAP: usize> {
    list: &'a mut ArrayVec<ScoredMove, CAP>,
    theirs: Bitboard,
    captures_only: bool,
}

impl<const CAP: usize> Collect<'_, CAP> {
    #[inline]
    fn push(&mut self, mv: Move) {
        // Cannot fail: CAP is proven to hold every move this collector keeps
        // (MAX_LEGAL_MOVES for all moves, MAX_CAPTURES for captures).
        let _ = self.list.try_push(ScoredMove { mv, score: 0 });
    }
}

impl<const CAP: usize> Visitor for Collect<'_, CAP> {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard) -> bool {
        let targets = if self.captures_only {
            targets & self.theirs
        } else {
            targets
        };
        for to in targets {
            self.push(Move::Normal {
                from,
                to,
                promotion: None,
            });
        }
        false
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool {
        let targets = if self.captures_only {
            targets & (self.theirs | Bitboard::BACKRANKS)
        } else {
            targets
        };
        // Quiescence keeps queen promotions only.
        let promotions: &[Role] = if self.captures_only {
            &[Role::Queen]
        } else {
            &Role::PROMOTION
        };
        expand_pawn_moves(targets, delta, promotions, |m| self.push(m));
        false
    }

    #[inline]
    fn special(&mut self, m: Move) -> bool {
        // Castling moves the king two squares; en passant is a pawn capture.
        // Quiescence keeps only the latter: its target is the en passant square.
        let is_en_passant = matches!(m, Move::Normal { from, to, .. }
            if matches!(from.index().abs_diff(to.index()), 7 | 9));
        if !self.captures_only || is_en_passant {
            self.push(m);
        }
        false
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool {
        if !self.captures_only {
            for to in targets {
                self.push(Move::Drop { role, to });
            }
        }
        false
    }
}

/// Every legal move and drop of `board`, unscored.
pub(crate) fn generate_all(board: &Board, list: &mut FullList) {
    board.visit_legal(&mut Collect {
        list,
        theirs: board.by_color(board.turn().other()),
        captures_only: false,
    });
}

fn generate_captures(board: &Board, list: &mut CaptureList) {
    board.visit_legal(&mut Collect {
        list,
        theirs: board.by_color(board.turn().other()),
        captures_only: true,
    });
}

/// The position after the side to move passes: used by null-move pruning
/// (it is what a sit, R24, does to this board — the other side does not
/// move either, but here it is a way to ask "is our position so good that
/// even a free move for them does not save them").
fn null_move(board: &Board) -> Board {
    let mut b = *board;
    b.turn = b.turn.other();
    b.hash ^= zobrist::black_to_move();
    if let Some(ep) = b.ep_square.take() {
        b.hash ^= zobrist::en_passant(ep);
    }
    b
}

/// What a move does, for ordering and pruning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct MoveKind {
    /// The value of the captured piece (0 for none).
    victim: i32,
    /// The role that stands on the target square afterwards.
    role: Role,
    /// The role that moved (for a drop: the dropped role).
    mover: Role,
    promotion: bool,
}

impl MoveKind {
    fn of(board: &Board, m: Move) -> MoveKind {
        match m {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let mover = board.role_at(from).unwrap_or(Role::Pawn);
                let victim = match board.role_at(to) {
                    Some(r) => BOARD_VALUE[r.index()],
                    // A pawn moving diagonally onto an empty square: en passant.
                    None if mover == Role::Pawn && from.file() != to.file() => BOARD_VALUE[0],
                    None => 0,
                };
                MoveKind {
                    victim,
                    role: promotion.unwrap_or(mover),
                    mover,
                    promotion: promotion.is_some(),
                }
            }
            Move::Drop { role, .. } => MoveKind {
                victim: 0,
                role,
                mover: role,
                promotion: false,
            },
        }
    }

    fn is_quiet(self) -> bool {
        self.victim == 0 && !self.promotion
    }
}

/// Ordering bonus of a quiet move that gives check (or may, by discovery).
const CHECK_ORDER: i32 = 1_000_000;
/// Quiet moves without check order below this: history stays under 500 000
/// (it is halved beyond), minus a piece value for a pawn-guarded square.
const QUIET_ORDER_LIMIT: i32 = CHECK_ORDER - 100_000;

/// The side to move's pieces that stand alone between one of its sliders and
/// the enemy king: moving them may give a discovered check.
fn discoverers(board: &Board) -> Bitboard {
    let us = board.turn();
    let king = board.king_of(us.other());
    let ours = board.by_color(us);
    let queens = board.by_role(Role::Queen);
    let snipers = (rook_attacks(king, Bitboard::EMPTY) & (board.by_role(Role::Rook) | queens)
        | bishop_attacks(king, Bitboard::EMPTY) & (board.by_role(Role::Bishop) | queens))
        & ours;
    let occupied = board.occupied();
    let mut found = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = between(king, sniper) & occupied;
        if blockers.count() == 1 {
            found |= blockers & ours;
        }
    }
    found
}

/// History table index: 0–5 for a move by a role, 6–10 for a drop of one.
fn history_index(m: Move, kind: MoveKind) -> usize {
    if m.is_drop() {
        6 + kind.role.index()
    } else {
        kind.mover.index()
    }
}

/// The state of one search: counters, limits, ordering tables.
pub(crate) struct Searcher<'a> {
    pub tt: Table<'a>,
    pub params: EvalParams,
    /// XORed into board hashes for the table, so that seats sharing one
    /// table (their evaluations differ) keep apart.
    pub salt: u64,
    pub nodes: u64,
    pub node_limit: u64,
    pub stopped: bool,
    /// The caller's clock and stop flag, polled every [`POLL_NODES`] nodes.
    timer: Timer<'a>,
    /// Check extensions stop beyond this ply, so the search ends.
    ext_limit: usize,
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: [[[i32; 64]; 11]; 2],
    /// The deepest ply reached (for reports).
    pub seldepth: usize,
}

/// The best move of a root iteration and its score.
#[derive(Copy, Clone, Debug)]
pub(crate) struct RootResult {
    pub mv: Move,
    pub score: i32,
}

/// What one root iteration found.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Iteration {
    /// The best move whose search finished: for an interrupted iteration,
    /// only if it is the previous best (searched first) or proved better.
    pub best: Option<RootResult>,
    /// Whether every root move was searched.
    pub complete: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(
        tt: Table<'a>,
        params: EvalParams,
        salt: u64,
        node_limit: u64,
        timer: Timer<'a>,
    ) -> Self {
        Searcher {
            tt,
            params,
            salt,
            nodes: 0,
            node_limit: node_limit.max(1),
            stopped: false,
            timer,
            ext_limit: MAX_PLY / 2,
            killers: [[None; 2]; MAX_PLY],
            history: [[[0; 64]; 11]; 2],
            seldepth: 0,
        }
    }

    #[inline]
    fn eval(&self, board: &Board) -> i32 {
        evaluate(board, &self.params)
    }

    /// Counts a node; returns `true` when the budget is spent.
    #[inline]
    fn count_node(&mut self, ply: usize) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.nodes >= self.node_limit || (self.nodes % POLL_NODES == 0 && self.timer.must_stop())
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Scores moves for ordering.
    pub fn order<const CAP: usize>(
        &self,
        board: &Board,
        list: &mut ArrayVec<ScoredMove, CAP>,
        tt_move: Option<Move>,
        ply: usize,
    ) {
        let us = board.turn();
        let checks = check_squares(board, us.other());
        let enemy_pawns = board.by_color(us.other()) & board.by_role(Role::Pawn);
        let pawn_guarded = match us.other() {
            crate::Color::White => {
                Bitboard((enemy_pawns.0 & !0x0101_0101_0101_0101) << 7)
                    | Bitboard((enemy_pawns.0 & !0x8080_8080_8080_8080) << 9)
            }
            crate::Color::Black => {
                Bitboard((enemy_pawns.0 & !0x0101_0101_0101_0101) >> 9)
                    | Bitboard((enemy_pawns.0 & !0x8080_8080_8080_8080) >> 7)
            }
        };
        let discoverers = discoverers(board);
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        for sm in list.iter_mut() {
            let m = sm.mv;
            let kind = MoveKind::of(board, m);
            sm.score = if Some(m) == tt_move {
                4_000_000
            } else if kind.victim > 0 || kind.promotion {
                let promo = if kind.promotion {
                    BOARD_VALUE[kind.role.index()]
                } else {
                    0
                };
                let attacker = if kind.mover == Role::King {
                    1000
                } else {
                    BOARD_VALUE[kind.mover.index()]
                };
                3_000_000 + 16 * (kind.victim + promo) - attacker / 8
            } else if Some(m) == killers[0] {
                2_000_100
            } else if Some(m) == killers[1] {
                2_000_000
            } else {
                let mut s = self.history[us.index()][history_index(m, kind)][m.to().index()];
                if checks[kind.role.index()].contains(m.to())
                    || m.from().is_some_and(|from| discoverers.contains(from))
                {
                    s += CHECK_ORDER;
                }
                if kind.role != Role::Pawn && pawn_guarded.contains(m.to()) {
                    s -= BOARD_VALUE[kind.role.index()];
                }
                s
            };
        }
    }

    /// Moves the best-scored move among `list[i..]` to `i`.
    #[inline]
    fn pick<const CAP: usize>(list: &mut ArrayVec<ScoredMove, CAP>, i: usize) {
        let mut best = i;
        for j in i + 1..list.len() {
            if list[j].score > list[best].score {
                best = j;
            }
        }
        list.swap(i, best);
    }

    /// The score of a side to move with no legal move: mated (R16) or
    /// waiting (R17, R18).
    fn no_moves(&self, board: &Board, in_check: bool, ply: usize) -> i32 {
        if in_check && !board.drop_could_block_check() {
            -MATE + ply as i32
        } else if in_check {
            self.eval(board) - WAITING_IN_CHECK
        } else {
            self.eval(board) - WAITING
        }
    }

    fn key(&self, board: &Board) -> u64 {
        board.hash() ^ self.salt
    }

    /// One iteration at the root, over the given legal moves (kept sorted
    /// by the previous iteration: best first). If the budget runs out
    /// before it finishes, what it proved so far.
    pub fn root(&mut self, board: &Board, depth: i32, moves: &mut FullList) -> Iteration {
        self.ext_limit = (2 * depth as usize + 4).min(MAX_PLY - 4);
        let mut alpha = -INFINITE;
        let beta = INFINITE;
        let mut best: Option<RootResult> = None;
        let in_check = board.is_check();
        for i in 0..moves.len() {
            let m = moves[i].mv;
            let mut child = *board;
            child.play_unchecked(m);
            let score = if i == 0 {
                -self.search(&child, depth - 1, 1, -beta, -alpha)
            } else {
                let kind = MoveKind::of(board, m);
                let r = if depth >= 3 && i >= 6 && kind.is_quiet() && !in_check && !child.is_check()
                {
                    1
                } else {
                    0
                };
                let mut s = -self.search(&child, depth - 1 - r, 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 {
                    s = -self.search(&child, depth - 1, 1, -alpha - 1, -alpha);
                }
                if s > alpha {
                    s = -self.search(&child, depth - 1, 1, -beta, -alpha);
                }
                s
            };
            if self.stopped {
                // Moves not searched keep their order behind those searched.
                return Iteration {
                    best,
                    complete: false,
                };
            }
            moves[i].score = score;
            if best.is_none_or(|b| score > b.score) {
                best = Some(RootResult { mv: m, score });
                alpha = alpha.max(score);
            }
        }
        // Best first for the next iteration; the sort is stable, so equal
        // scores keep the order of the previous iteration.
        sort_best_first(moves);
        if let Some(b) = best {
            self.tt.store(
                self.key(board),
                Some(b.mv),
                to_tt(b.score, 0),
                depth as i8,
                Bound::Exact,
            );
        }
        Iteration {
            best,
            complete: true,
        }
    }

    /// Negamax with alpha-beta over all moves at `depth` plies (quiescence
    /// below), from `ply` plies after the root.
    fn search(&mut self, board: &Board, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        let in_check = board.is_check();
        let mut depth = depth;
        if in_check && ply < self.ext_limit {
            depth += 1;
        }
        if depth <= 0 && !in_check {
            return self.quiesce(board, ply, alpha, beta);
        }
        if self.count_node(ply) {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.eval(board);
        }
        // Mate distance pruning: no score here beats a mate found nearer the root.
        let mut alpha = alpha.max(-MATE + ply as i32);
        let beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;

        let key = self.key(board);
        let mut tt_move = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if !pv_node && i32::from(e.depth) >= depth {
                let s = from_tt(e.score, ply);
                let usable = match e.bound() {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            self.eval(board)
        };
        let us = board.turn();
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta with little depth left.
            if depth <= 2 && static_eval - 220 * depth >= beta {
                return static_eval;
            }
            // Null move: even passing keeps us above beta.
            if depth >= 3 && static_eval >= beta && has_pieces(board, us) {
                let r = 2 + depth / 4;
                let s = -self.search(&null_move(board), depth - 1 - r, ply + 1, -beta, -beta + 1);
                if self.stopped {
                    return 0;
                }
                if s >= beta {
                    return if s >= MATE_BOUND { beta } else { s };
                }
            }
        }

        // The table's move first, before generating anything: it often cuts
        // off, and then the node never generates or orders its moves. It is
        // played only if legal here (the entry may belong to another position).
        let tt_first = tt_move.filter(|&m| board.is_legal(m));
        let mut tt_pending = tt_first;
        let mut list = FullList::new();
        let mut generated = false;
        let mut next = 0;

        let alpha_start = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let futile = depth == 1 && !in_check && static_eval + 180 <= alpha;
        let mut i = 0;
        loop {
            let m = if let Some(m) = tt_pending.take() {
                m
            } else {
                if !generated {
                    generated = true;
                    generate_all(board, &mut list);
                    if list.is_empty() {
                        return self.no_moves(board, in_check, ply);
                    }
                    self.order(board, &mut list, tt_move, ply);
                }
                if next >= list.len() {
                    break;
                }
                Self::pick(&mut list, next);
                let sm = list[next];
                next += 1;
                if Some(sm.mv) == tt_first {
                    continue;
                }
                if futile && i > 0 && sm.score < QUIET_ORDER_LIMIT {
                    // Ordered last: quiet moves that give no check, direct or
                    // discovered. None of them can lift a futile node; skip
                    // the rest without even making them.
                    break;
                }
                sm.mv
            };
            let kind = MoveKind::of(board, m);
            let quiet = kind.is_quiet();
            let mut child = *board;
            child.play_unchecked(m);
            let gives_check = child.is_check();
            if futile && i > 0 && quiet && !gives_check {
                continue;
            }
            let is_killer = self.killers[ply].contains(&Some(m));
            let score = if i == 0 {
                -self.search(&child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let r = if depth >= 3 && i >= 3 && quiet && !in_check && !gives_check && !is_killer
                {
                    1 + i32::from(i >= 10) + i32::from(i >= 30 && depth >= 6)
                } else {
                    0
                };
                let mut s = -self.search(&child, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 {
                    s = -self.search(&child, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    s = -self.search(&child, depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            i += 1;
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if quiet {
                            self.reward(board, m, kind, depth, ply);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_tt(best, ply), depth.max(0) as i8, bound);
        best
    }

    /// A quiet move caused a cut-off: remember it as a killer and in the
    /// history.
    fn reward(&mut self, board: &Board, m: Move, kind: MoveKind, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let h = &mut self.history[board.turn().index()][history_index(m, kind)][m.to().index()];
        *h += depth * depth;
        if *h > 500_000 {
            for side in self.history.iter_mut() {
                for row in side.iter_mut() {
                    for v in row.iter_mut() {
                        *v /= 2;
                    }
                }
            }
        }
    }

    /// Quiescence: captures and queen promotions until the position is
    /// quiet, standing pat on the static score. A side in check is handed
    /// back to [`Self::search`], which tries every evasion, so mates by
    /// capture are seen.
    fn quiesce(&mut self, board: &Board, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.count_node(ply) {
            return 0;
        }
        let stand = self.eval(board);
        if ply >= MAX_PLY - 1 || stand >= beta {
            return stand;
        }
        let mut alpha = alpha.max(stand);
        let mut list = CaptureList::new();
        generate_captures(board, &mut list);
        self.order(board, &mut list, None, ply);
        let mut best = stand;
        for i in 0..list.len() {
            Self::pick(&mut list, i);
            let m = list[i].mv;
            let kind = MoveKind::of(board, m);
            // Delta pruning: even winning this piece cannot reach alpha.
            if !kind.promotion && stand + kind.victim * 3 / 2 + 150 <= alpha {
                continue;
            }
            let mut child = *board;
            child.play_unchecked(m);
            let score = -self.search(&child, 0, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Sorts by score, best first, keeping the order of equal scores (an
/// insertion sort: `slice::sort_by` needs `alloc`, and the root list is
/// nearly sorted after the first iteration).
pub(crate) fn sort_best_first(list: &mut [ScoredMove]) {
    for i in 1..list.len() {
        let mut j = i;
        while j > 0 && list[j - 1].score < list[j].score {
            list.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A mate score as stored: relative to the position, not the root.
fn to_tt(score: i32, ply: usize) -> i16 {
    let s = if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    };
    s.clamp(-MATE, MATE) as i16
}

fn from_tt(score: i16, ply: usize) -> i32 {
    let s = i32::from(score);
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
