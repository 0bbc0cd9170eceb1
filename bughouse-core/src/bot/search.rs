//! Alpha-beta search on one board: negamax with principal-variation search,
//! iterative deepening, a transposition table, quiescence over the captures
//! that do not lose material, check extension, null-move and futility
//! pruning, in crazyhouse the skipping of quiet moves that lose material
//! near the horizon, late-move reductions, and move ordering by TT move, MVV-LVA,
//! killers, counter moves, checks and history; static scores are
//! remembered for the search ([`EvalCache`]).
//!
//! In crazyhouse, with a continuation history lent by the caller, the
//! search is *selective* (Stockfish's rules working together): quiet moves
//! are also ordered by the continuation history (`history`), reduced by
//! Stockfish's logarithmic formula ([`selective_reduction`]), skipped near
//! the horizon when both their continuation entries are negative, and
//! dropped after a count that grows with depth (move-count pruning,
//! [`Searcher::late_quiet_limit`]). Screened one at a time, none of the
//! four gained; together, against Fairy-Stockfish near 100 ms a decision,
//! 28.3 % against 23.2 % at fixed nodes (600 matches, about two standard
//! errors) and 29.1 % against 27.1 % in real time (1 000, within the
//! noise), at 20 ms level, 46.8 % against 47.2 % (800; benches/README.md,
//! sessions 22 and 23). Since session 24 a late quiet move is also
//! skipped by futility at the parent, by the depth it would be searched
//! at (`Node::futile_at`). Since session 33 four more of Stockfish's rules,
//! together: more reduction at expected cut nodes, reduced late captures,
//! captures and checks that lose much by the exchange skipped near the
//! horizon, and at most two captures without check in quiescence (see
//! [`CUT_NODE_REDUCTION`]). Since session 36 four more, together too: the
//! correction history ([`Correction`]), the single-reply extension, the
//! "improving" rule across a check ([`Searcher::improving`]) and recaptures
//! exempt from quiescence's move count. Since session 39 the skipping by
//! continuation entries applies to late quiet evasions too
//! ([`Searcher::prunes_evasions`]). Bughouse keeps the plain search, with
//! which its goals were met.
//!
//! The search copies the [`Board`] (it is `Copy`) for every move instead of
//! undoing moves. Its move lists share one fixed [`MoveStack`] held by the
//! searcher: each node pushes its moves on top and pops them when it
//! returns, so a node costs the stack only the moves it really has, and the
//! recursion's own frames stay small (see [`MOVE_STACK`] for the bound).
//!
//! Mate is bughouse mate only (R16): a side to move with no legal move that
//! is in a check no drop could block is mated; a side with no legal move
//! otherwise is *waiting* (R17, R18) — scored as a bad position, never as a
//! loss, since the partner may send the piece that saves it.

use arrayvec::ArrayVec;

use super::control::{POLL_NODES, Timer};
use super::eval::{BOARD_VALUE, EvalParams, check_squares, evaluate, has_pieces};
use super::experiment::{self as ex, count};
use super::history::{self, Column, Continuation, Correction, Row};
use super::see::see;
use super::tt::{Bound, CONTINUATION_CELLS, HistoryCell, Table};
use crate::attacks::pawn_attacks_of_set;
use crate::board::movegen::{Visitor, expand_pawn_moves};
use crate::{Bitboard, Board, Flavour, MAX_LEGAL_MOVES, Move, Role, Square};

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

/// The capacity of the shared move stack: twelve worst-case move lists
/// ([`MAX_LEGAL_MOVES`]), 96 KiB. A node needs room for its worst case
/// before it generates (a full-width node [`MAX_LEGAL_MOVES`], a quiescence
/// node [`MAX_CAPTURES`]), so at least eleven full-width plies always fit;
/// real lists are far shorter (about 40–150 moves), so in practice every
/// ply up to [`MAX_PLY`] does. A node that finds no room is scored as a leaf
/// (quiescence, or the static score): it only searches less, never plays
/// anything illegal, and stays deterministic.
pub(crate) const MOVE_STACK: usize = 12 * MAX_LEGAL_MOVES;

/// The entries of the [`EvalCache`]: 8 192 of 8 bytes, 64 KiB. At 25 000
/// nodes per decision it saves about 9 % of the instructions (most static
/// scores asked again come from the next iteration of iterative
/// deepening); 2 048 entries save 8 % (callgrind, `bot_speed 25000 10`:
/// 1.769 G without the cache, 1.632 G with 2 048 entries, 1.601 G with
/// 8 192, the same decisions).
const EVAL_CACHE: usize = 1 << 13;

/// The static scores of the positions the search evaluated last, by
/// position key: a search asks for the same position's score again in
/// each iteration of iterative deepening and in every re-search. Valid for
/// one search only (the score depends on the seat and its team weights);
/// like the [`MoveStack`], it lives in the caller's frame, not in the
/// searcher.
pub(crate) struct EvalCache {
    /// The key's check ([`EvalCache::check`]; its lower bits chose the
    /// slot) and the score; [`EvalCache::EMPTY`] for none.
    entries: [(u32, i32); EVAL_CACHE],
}

impl EvalCache {
    /// An empty entry: all zero bits (so a new cache is zeroed memory, built
    /// in place), which no key's check is (see [`Self::check`]).
    const EMPTY: (u32, i32) = (0, 0);

    /// What tells keys sharing a slot apart: the upper 32 bits of the key,
    /// the lowest of them set so that it is never an empty entry's.
    #[inline]
    fn check(key: u64) -> u32 {
        (key >> 32) as u32 | 1
    }

    pub(crate) const fn new() -> EvalCache {
        EvalCache {
            entries: [EvalCache::EMPTY; EVAL_CACHE],
        }
    }

    /// The score of the position with `key`, computed by `evaluate` unless
    /// known.
    #[inline]
    fn score(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.entries[key as usize & (EVAL_CACHE - 1)];
        let check = EvalCache::check(key);
        if slot.0 == check {
            return slot.1;
        }
        let score = evaluate();
        *slot = (check, score);
        score
    }
}

// Pruning and reduction margins (centipawns, plies).
/// Reverse futility: at depth `d ≤` this, a static score this much per ply
/// above beta is taken as a cut-off.
const REVERSE_FUTILITY_DEPTH: i32 = 2;
const REVERSE_FUTILITY_MARGIN: i32 = 220;
/// Experiment 0: reverse futility up to this depth.
const REVERSE_FUTILITY_DEPTH_WIDE: i32 = 6;
/// Experiment 2: the margin this much smaller when improving.
const REVERSE_FUTILITY_IMPROVING: i32 = 80;
/// Experiment 1: futility up to this depth (non-PV beyond depth 1), the
/// margin growing by [`FUTILITY_MARGIN_PER_PLY`] per ply.
const FUTILITY_DEPTH: i32 = 3;
/// Futility's margin per ply of depth beyond the last (experiment 1, and
/// the selective search's futility at the parent).
const FUTILITY_MARGIN_PER_PLY: i32 = 140;
/// Experiment 3: internal iterative reduction from this depth.
const IIR_DEPTH: i32 = 4;
/// Experiment 5: razoring at depth ≤ this, this far below beta per ply.
const RAZOR_DEPTH: i32 = 2;
const RAZOR_MARGIN: i32 = 350;
/// Crazyhouse: at non-PV nodes of depth ≤ this, quiet moves and drops
/// without check that lose more than this per ply by the static exchange
/// are skipped ([`Searcher::skips_losing_quiet`]).
const SEE_PRUNE_DEPTH: i32 = 4;
const SEE_PRUNE_PER_PLY: i32 = 50;
/// Move-count pruning (switch 14) up to this depth (see
/// [`Searcher::late_quiet_limit`]): beyond it the limit would exceed most
/// nodes' moves.
const MOVE_COUNT_DEPTH: i32 = 6;
/// Null move: tried from this depth, reduced by `NULL_MOVE_BASE + depth / 4`.
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_BASE: i32 = 2;
/// Futility at the last ply: quiet moves without check are skipped when
/// the static score is this far below alpha.
const FUTILITY_MARGIN: i32 = 180;
/// Delta pruning in quiescence: a capture that cannot lift the score to
/// alpha even with this margin (and half the victim again) is skipped.
const DELTA_MARGIN: i32 = 150;
/// Late-move reductions: from this depth, after this many moves searched.
const LMR_DEPTH: i32 = 3;
const LMR_FIRST_MOVE: usize = 3;
/// The selective search orders a quiet move by its history plus this many
/// times its two continuation entries (session 22's screen).
const CONTINUATION_ORDER_WEIGHT: i32 = 8;
/// The selective search skips a late quiet move within this many plies of
/// the horizon when both its continuation entries are negative.
const CONTINUATION_PRUNE_DEPTH: i32 = 4;
/// The selective search's futility at the parent (Stockfish's): a late
/// quiet move without check is skipped at a node that is no PV node when
/// the depth it would be searched at (less its reduction) is below this,
/// and the static score plus [`FUTILITY_MARGIN`] and
/// [`FUTILITY_MARGIN_PER_PLY`] per ply of that depth is at most alpha.
const PARENT_FUTILITY_DEPTH: i32 = 6;

// Four rules of Stockfish's search, the crazyhouse default together since
// session 33 (in the selective search; bughouse's goals were measured
// without them). Against Fairy-Stockfish, all four against none, on the
// same openings: at fixed nodes near 100 ms 38.5 % against 34.0 % (300
// matches, 68 better and 53 worse), in real time at 100 ms 36.1 % against
// 34.0 % (600, the two runs side by side; 132 better, 119 worse): ahead
// both ways, a gain not proven. At 20 ms they cost points, 51.1 % against
// 55.6 % (400), still above that budget's goal of 45 %. On one seed at
// fixed nodes the exchange pruning carried most of it: without it 32.5 %,
// where all four scored 39.5 % (100). benches/README.md, "Stockfish's
// search rules together, and a faster ordering: crazyhouse (session 33)".
// Experiment switches 24, 26, 27 and 28 turn each off.

/// Plies more reduction of a late quiet move at an expected cut node
/// (Stockfish's `cutNode`: a null-window node whose parent expects it to
/// fail high, so its moves are expected to fail low): two, as Stockfish
/// (one, screened in session 34, scored 6.5 points less on the seed
/// where two had been chosen).
const CUT_NODE_REDUCTION: i32 = 2;
/// How many captures without check quiescence tries at most, in move
/// order (Fairy-Stockfish's move-count pruning in quiescence): the later
/// ones rarely change the score, and quiescence is most of the nodes.
/// Unlike Stockfish's rule, a recapture on the square of the move before
/// counts too: exempting it, and allowing three, scored level at fixed
/// nodes (session 34, benches/README.md).
const QUIESCENCE_QUIET_CAPTURES: usize = 2;
/// Near the horizon ([`SEE_PRUNE_DEPTH`]), a capture or check that loses
/// more than this per ply of depth by the static exchange is skipped once
/// a move was searched (Stockfish's 213 + 120 of its units in a variant
/// where captures go to hand, in our pawns of 100). Most drop checks put
/// the dropped piece where it is taken for nothing; each of them was
/// answered by a full-width node of evasions. 350 scored level (session
/// 34).
const EXCHANGE_PRUNE_PER_PLY: i32 = 264;
/// Stockfish's reductions: `REDUCTIONS[n]` = 21.3 · ln(n + ln(n) / 4)
/// (0 and 1: 0), for depths and move numbers up to 127.
const REDUCTIONS: [i32; 128] = [
    0, 0, 16, 25, 31, 35, 39, 42, 45, 48, 50, 52, 54, 55, 57, 58, 59, 61, 62, 63, 64, 65, 66, 67,
    68, 69, 70, 70, 71, 72, 73, 73, 74, 75, 75, 76, 76, 77, 77, 78, 79, 79, 80, 80, 81, 81, 81, 82,
    82, 83, 83, 84, 84, 84, 85, 85, 86, 86, 86, 87, 87, 87, 88, 88, 88, 89, 89, 89, 90, 90, 90, 91,
    91, 91, 91, 92, 92, 92, 93, 93, 93, 93, 94, 94, 94, 94, 95, 95, 95, 95, 96, 96, 96, 96, 97, 97,
    97, 97, 97, 98, 98, 98, 98, 98, 99, 99, 99, 99, 99, 100, 100, 100, 100, 100, 101, 101, 101,
    101, 101, 102, 102, 102, 102, 102, 102, 103, 103, 103,
];
/// Check extensions stop beyond `2 × depth + this` plies, so the search
/// ends (crazyhouse, and bughouse with experiment switch 7).
const EXTENSION_SLACK: usize = 4;
/// In bughouse they stop this many plies beyond the iteration's depth:
/// drop checks are many, and the longer limit spent the nodes of deep
/// iterations on them (against Fairy-Stockfish: 25 000 nodes 51.2 % against
/// 47.2 % on the same openings, 100 ms 55.0 % against 53.6 % over 480
/// matches). Crazyhouse keeps the longer limit, with which its goal was
/// measured: there the shorter one did not separate from it under load
/// (benches/README.md, session 16).
const EXTENSION_BEYOND_DEPTH: usize = 2;

// Move-ordering scores, in decreasing bands.
/// The transposition table's move.
const TT_ORDER: i32 = 4_000_000;
/// Captures and promotions: this plus 16 × victim minus attacker / 8.
const CAPTURE_ORDER: i32 = 3_000_000;
/// The two killers of the ply.
const KILLER_ORDER: [i32; 2] = [2_000_100, 2_000_000];
/// … then the counter move of the previous move …
const COUNTER_ORDER: i32 = 1_999_950;
/// Ordering bonus of a quiet move that gives check (or may, by discovery).
const CHECK_ORDER: i32 = 1_000_000;
/// History scores are halved when one passes this, so quiet moves without
/// check order below [`QUIET_ORDER_LIMIT`].
const HISTORY_MAX: i32 = 500_000;
/// Quiet moves without check order below this: history stays under
/// [`HISTORY_MAX`], minus a piece value for a pawn-guarded square.
const QUIET_ORDER_LIMIT: i32 = CHECK_ORDER - 100_000;
/// What a king counts as attacker in MVV-LVA (it is never captured).
const KING_AS_ATTACKER: i32 = 1_000;

/// A move and its ordering score.
#[derive(Copy, Clone, Debug)]
pub(crate) struct ScoredMove {
    pub mv: Move,
    /// What the move does ([`MoveKind::pack`]), found when it is generated:
    /// the generator knows the moving piece once for all its targets.
    kind: u8,
    pub score: i32,
}

impl ScoredMove {
    /// `mv` on `board`, not scored yet.
    pub(crate) fn new(board: &Board, mv: Move) -> ScoredMove {
        ScoredMove {
            mv,
            kind: MoveKind::pack_of(board, mv),
            score: 0,
        }
    }

    fn kind(&self) -> MoveKind {
        MoveKind::unpack(self.mv, self.kind)
    }
}

/// The root's list: every legal move.
pub(crate) type FullList = ArrayVec<ScoredMove, MAX_LEGAL_MOVES>;
/// The move lists of all the nodes on the current path, one above another.
pub(crate) type MoveStack = ArrayVec<ScoredMove, MOVE_STACK>;

/// Collects moves on top of a list; in `captures_only` mode keeps captures
/// and queen promotions (quiescence).
struct Collect<'a, const CAP: usize> {
    list: &'a mut ArrayVec<ScoredMove, CAP>,
    board: &'a Board,
    theirs: Bitboard,
    en_passant: Option<Square>,
    captures_only: bool,
}

impl<'a, const CAP: usize> Collect<'a, CAP> {
    fn new(board: &'a Board, list: &'a mut ArrayVec<ScoredMove, CAP>, captures_only: bool) -> Self {
        Collect {
            list,
            board,
            theirs: board.by_color(board.turn().other()),
            en_passant: board.ep_square(),
            captures_only,
        }
    }

    #[inline]
    fn push(&mut self, mv: Move, kind: u8) {
        // Cannot fail: the caller made room for the worst case of the list
        // (MAX_LEGAL_MOVES for all moves, MAX_CAPTURES for captures).
        let _ = self.list.try_push(ScoredMove { mv, kind, score: 0 });
    }

    /// The packed kind of a move by `mover` to `to` ([`MoveKind::pack`]):
    /// a capture when an enemy piece stands there (en passant is a
    /// special move).
    #[inline]
    fn kind_to(&self, mover: Role, to: Square) -> u8 {
        let victim = if self.theirs.contains(to) {
            self.board.role_at(to)
        } else {
            None
        };
        MoveKind::pack(mover, victim)
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
        let mover = self.board.role_at(from).unwrap_or(Role::Pawn);
        for to in targets {
            let kind = self.kind_to(mover, to);
            self.push(
                Move::Normal {
                    from,
                    to,
                    promotion: None,
                },
                kind,
            );
        }
        false
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool {
        let (targets, promotions): (Bitboard, &[Role]) = if self.captures_only {
            // Quiescence keeps queen promotions only.
            (
                targets & (self.theirs | Bitboard::BACKRANKS),
                &[Role::Queen],
            )
        } else {
            (targets, &Role::PROMOTION)
        };
        expand_pawn_moves(targets, delta, promotions, |m| {
            let kind = self.kind_to(Role::Pawn, m.to());
            self.push(m, kind);
        });
        false
    }

    #[inline]
    fn special(&mut self, m: Move) -> bool {
        // Castling or en passant; quiescence keeps only the capture, the one
        // landing on the en passant square.
        if !self.captures_only || Some(m.to()) == self.en_passant {
            self.push(m, MoveKind::pack_of(self.board, m));
        }
        false
    }

    #[inline]
    fn drops(&mut self, role: Role, targets: Bitboard) -> bool {
        if !self.captures_only {
            for to in targets {
                self.push(Move::Drop { role, to }, MoveKind::pack(role, None));
            }
        }
        false
    }
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
        MoveKind::unpack(m, MoveKind::pack_of(board, m))
    }

    /// The moving role (for a drop, the dropped one) and the captured
    /// role, in one byte: the mover's index in the low three bits, the
    /// victim's index plus one (0: none) above them.
    fn pack(mover: Role, victim: Option<Role>) -> u8 {
        mover.index() as u8 | (victim.map_or(0, |r| r.index() as u8 + 1) << 3)
    }

    /// [`Self::pack`] of `m` on `board` (an en passant capture takes a pawn).
    fn pack_of(board: &Board, m: Move) -> u8 {
        match m {
            Move::Normal { from, to, .. } => {
                let mover = board.role_at(from).unwrap_or(Role::Pawn);
                let victim = match board.role_at(to) {
                    None if mover == Role::Pawn && Some(to) == board.ep_square() => {
                        Some(Role::Pawn)
                    }
                    victim => victim,
                };
                MoveKind::pack(mover, victim)
            }
            Move::Drop { role, .. } => MoveKind::pack(role, None),
        }
    }

    /// The kind of `m` from its [`Self::pack`]ed roles.
    #[inline]
    fn unpack(m: Move, packed: u8) -> MoveKind {
        let mover = Role::ALL[usize::from(packed & 7)];
        let victim = match packed >> 3 {
            0 => 0,
            v => BOARD_VALUE[usize::from(v - 1)],
        };
        let promotion = match m {
            Move::Normal { promotion, .. } => promotion,
            Move::Drop { .. } => None,
        };
        MoveKind {
            victim,
            role: promotion.unwrap_or(mover),
            mover,
            promotion: promotion.is_some(),
        }
    }

    fn is_quiet(self) -> bool {
        self.victim == 0 && !self.promotion
    }
}

/// History table index: 0–5 for a move by a role, 6–10 for a drop of one.
fn history_index(m: Move, kind: MoveKind) -> usize {
    if m.is_drop() {
        6 + kind.role.index()
    } else {
        kind.mover.index()
    }
}

/// What the search learnt about quiet moves: killers per ply, history per
/// side, piece (or drop) and target square, and in the selective search
/// the continuation history.
struct MoveOrder<'a> {
    killers: [[Option<Move>; 2]; MAX_PLY],
    history: [[[i32; 64]; 11]; 2],
    /// The counter moves: the quiet move that last refuted each move, by
    /// side to move, the refuted move's piece (where it stands now) and its
    /// target square. Tried after the killers: a drop on f7 is answered by
    /// the same defence wherever the rest of the tree stands.
    counters: [[[Option<Move>; 64]; 6]; 2],
    /// The move that led from each ply's node to the next (`None`: a null
    /// move), read by the next node for its counter move.
    path: [Option<Move>; MAX_PLY],
    /// The continuation row of the same moves (`None`: a null move).
    rows: [Option<Row>; MAX_PLY],
    /// Whether counter moves are used (off with experiment switch 13).
    use_counters: bool,
    /// The continuation history, in the selective search only (see
    /// [`Searcher::root`]).
    continuation: Option<Continuation<'a>>,
}

impl<'a> MoveOrder<'a> {
    /// Nothing learnt yet; counter moves used unless `use_counters` is
    /// false (experiment switch 13).
    fn new(use_counters: bool) -> MoveOrder<'a> {
        MoveOrder {
            killers: [[None; 2]; MAX_PLY],
            history: [[[0; 64]; 11]; 2],
            counters: [[[None; 64]; 6]; 2],
            path: [None; MAX_PLY],
            rows: [None; MAX_PLY],
            use_counters,
            continuation: None,
        }
    }

    /// Remembers the move played at `ply` (`None`: a null move) from
    /// `board`, for the counter move and, in the selective search only, the
    /// continuation history of the nodes after it.
    #[inline]
    fn played(&mut self, board: &Board, ply: usize, played: Option<(Move, MoveKind)>) {
        self.path[ply] = played.map(|(m, _)| m);
        if self.continuation.is_some() {
            self.rows[ply] = played.map(|(m, kind)| Row::new(board.turn(), kind.role, m.to()));
        }
    }

    /// The continuation history of the quiet move `column` at `ply`: after
    /// the move before (the opponent's) and after our own move before
    /// that, 0 where there is none, or without a continuation history.
    #[inline]
    fn continuation_pair(&self, ply: usize, column: Column) -> (i32, i32) {
        let [row1, row2] = self.continuation_rows(ply);
        (
            Continuation::cell(row1, column),
            Continuation::cell(row2, column),
        )
    }

    /// The quiet move `best` cut off at `ply`, `depth` plies from the
    /// horizon, after the quiet moves `tried`: a bonus to it and as much
    /// malus to them, after each of the two moves before (Stockfish's
    /// update).
    fn reward_continuation(&mut self, ply: usize, depth: i32, best: Column, tried: &[Column]) {
        let bonus = history::bonus(depth);
        let Some(continuation) = &mut self.continuation else {
            return;
        };
        for back in [1, 2] {
            let Some(row) = ply.checked_sub(back).and_then(|p| self.rows[p]) else {
                continue;
            };
            continuation.add(row, best, bonus);
            for &column in tried {
                continuation.add(row, column, -bonus);
            }
        }
    }

    /// Where the counter move of the node at `ply` lives: by the piece the
    /// previous move put on its target and that target (`None` at the root,
    /// after a null move, or with counter moves off).
    fn counter_slot(&self, board: &Board, ply: usize) -> Option<(usize, usize)> {
        if !self.use_counters || ply == 0 {
            return None;
        }
        let prev = self.path[ply - 1]?;
        let role = board.role_at(prev.to())?;
        Some((role.index(), prev.to().index()))
    }

    /// The continuation rows of the quiet moves at `ply`: after the move
    /// before and after our own move before that (empty where there is
    /// none, or without a continuation history).
    #[inline]
    fn continuation_rows(&self, ply: usize) -> [&[HistoryCell]; 2] {
        let Some(continuation) = &self.continuation else {
            return [&[], &[]];
        };
        [1, 2].map(|back| {
            ply.checked_sub(back)
                .and_then(|p| self.rows[p])
                .map_or(&[][..], |row| continuation.row(row))
        })
    }

    /// Scores `list` for ordering at `ply`. What every move of the node
    /// shares (the killers, the counter move, the history rows, the check
    /// squares) is looked up once, not per move: a node scores up to a
    /// couple of hundred moves, most of them drops, and most nodes never
    /// try more than a few of them.
    fn score(&self, board: &Board, list: &mut [ScoredMove], tt_move: Option<Move>, ply: usize) {
        let us = board.turn();
        let counter = self
            .counter_slot(board, ply)
            .and_then(|(r, t)| self.counters[us.index()][r][t]);
        let history = &self.history[us.index()];
        let [row1, row2] = self.continuation_rows(ply);
        // What only quiet moves need, found at the first one (quiescence
        // lists have none).
        let mut quiet_info: Option<QuietInfo> = None;
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        // Where the table's move, the killers and the counter move go: a
        // move to any other square is none of them (one bit test, not four
        // comparisons of moves).
        let special = [tt_move, killers[0], killers[1], counter]
            .into_iter()
            .flatten()
            .fold(Bitboard::EMPTY, |set, m| set.with(m.to()));
        for sm in list.iter_mut() {
            let m = sm.mv;
            let kind = sm.kind();
            let maybe_special = special.contains(m.to());
            sm.score = if maybe_special && Some(m) == tt_move {
                TT_ORDER
            } else if !kind.is_quiet() {
                let promotion = if kind.promotion {
                    BOARD_VALUE[kind.role.index()]
                } else {
                    0
                };
                let attacker = if kind.mover == Role::King {
                    KING_AS_ATTACKER
                } else {
                    BOARD_VALUE[kind.mover.index()]
                };
                CAPTURE_ORDER + 16 * (kind.victim + promotion) - attacker / 8
            } else if maybe_special && Some(m) == killers[0] {
                KILLER_ORDER[0]
            } else if maybe_special && Some(m) == killers[1] {
                KILLER_ORDER[1]
            } else if maybe_special && counter == Some(m) {
                COUNTER_ORDER
            } else {
                let info = quiet_info.get_or_insert_with(|| QuietInfo::new(board));
                let index = history_index(m, kind);
                let column = Column::new(index, m);
                let mut s = history[index][m.to().index()]
                    + CONTINUATION_ORDER_WEIGHT
                        * (Continuation::cell(row1, column) + Continuation::cell(row2, column));
                if info.checks[kind.role.index()].contains(m.to())
                    || m.from().is_some_and(|from| info.discoverers.contains(from))
                {
                    s += CHECK_ORDER;
                }
                if kind.role != Role::Pawn && info.pawn_guarded.contains(m.to()) {
                    s -= BOARD_VALUE[kind.role.index()];
                }
                s
            };
        }
    }

    /// A quiet move caused a cut-off: remember it as a killer and in the
    /// history.
    fn reward(&mut self, board: &Board, m: Move, kind: MoveKind, depth: i32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        if let Some((r, t)) = self.counter_slot(board, ply) {
            self.counters[board.turn().index()][r][t] = Some(m);
        }
        let h = &mut self.history[board.turn().index()][history_index(m, kind)][m.to().index()];
        *h += depth * depth;
        if *h > HISTORY_MAX {
            for v in self.history.iter_mut().flatten().flatten() {
                *v /= 2;
            }
        }
    }

    fn is_killer(&self, m: Move, ply: usize) -> bool {
        self.killers[ply].contains(&Some(m))
    }
}

/// What the ordering of a node's quiet moves needs to know about its board.
struct QuietInfo {
    /// Squares from which each role gives check ([`check_squares`]).
    checks: [Bitboard; 6],
    /// Squares the enemy's pawns attack.
    pawn_guarded: Bitboard,
    /// Our pieces whose move may uncover a check.
    discoverers: Bitboard,
}

impl QuietInfo {
    /// For the side to move on `board`.
    fn new(board: &Board) -> QuietInfo {
        let us = board.turn();
        let them = us.other();
        QuietInfo {
            checks: check_squares(board, them),
            pawn_guarded: pawn_attacks_of_set(
                them,
                board.by_color(them) & board.by_role(Role::Pawn),
            ),
            discoverers: board.slider_blockers(them) & board.by_color(us),
        }
    }
}

/// Moves the best-scored move among `list[i..]` to `i`.
#[inline]
fn pick(list: &mut [ScoredMove], i: usize) {
    let Some(rest) = list.get(i..) else {
        return;
    };
    // The first of the best scores (the order of equal scores is kept).
    let mut best = 0;
    let mut best_score = i32::MIN;
    for (j, sm) in rest.iter().enumerate() {
        if sm.score > best_score {
            best = j;
            best_score = sm.score;
        }
    }
    list.swap(i, i + best);
}

/// How many plies less a late move is searched at first (re-searched at
/// full depth if it turns out better than alpha): quiet moves that give no
/// check, are no killer and are not played out of check, the more the later
/// they come. The same rule at the root and below.
fn late_move_reduction(depth: i32, index: usize, quiet: bool, tactical: bool) -> i32 {
    if depth < LMR_DEPTH || index < LMR_FIRST_MOVE || !quiet || tactical {
        0
    } else {
        1 + i32::from(index >= 10) + i32::from(index >= 30 && depth >= 6)
    }
}

/// The reduction of the selective search (Stockfish's) for a quiet move
/// without check, not out of check, the `index`-th tried (from 0) at
/// `depth` ≥ 3: (`R[depth] · R[index + 1]` + 503) / 1 024 plies, one more
/// when the node is not improving and the product is above 915, one more
/// at a node that is no PV node, one less for a killer, less by the sum of
/// its continuation entries / 16 384; between 0 and depth − 2.
fn selective_reduction(
    depth: i32,
    index: usize,
    node: &Node,
    killer: bool,
    cont: i32,
    cut_plies: i32,
) -> i32 {
    let product = reduction_product(depth, index);
    let r =
        (product + 503) / 1024 + i32::from(!node.improving && product > 915) + i32::from(!node.pv)
            - i32::from(killer)
            - cont / 16_384
            + cut_plies;
    r.clamp(0, depth - 2)
}

/// Stockfish's reduction product `R[depth] · R[index + 1]` (in 1 024ths of
/// a ply, see [`REDUCTIONS`]) of the `index`-th move tried (from 0).
fn reduction_product(depth: i32, index: usize) -> i32 {
    REDUCTIONS[(depth as usize).min(127)] * REDUCTIONS[(index + 1).min(127)]
}

/// Stockfish's reduction of a late capture without check, the `index`-th
/// move tried at `depth` ≥ 3: (`R[depth] · R[index + 1]` + 503) / 1 024
/// plies, between 0 and depth − 2 (the base of [`selective_reduction`]).
fn capture_reduction(depth: i32, index: usize) -> i32 {
    ((reduction_product(depth, index) + 503) / 1024).clamp(0, depth - 2)
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

/// The state of one search: counters, limits, ordering tables, the move
/// stack.
pub(crate) struct Searcher<'a> {
    pub tt: Table<'a>,
    pub params: EvalParams,
    /// XORed into board hashes for the table, so that seats sharing one
    /// table (their evaluations differ) keep apart.
    pub salt: u64,
    pub nodes: u64,
    node_limit: u64,
    stopped: bool,
    /// The caller's clock and stop flag, polled every [`POLL_NODES`] nodes.
    timer: Timer<'a>,
    /// Check extensions stop beyond this ply, so the search ends.
    extension_limit: usize,
    order: MoveOrder<'a>,
    /// The caller's history cells, until the first iteration takes them
    /// for a selective search (see [`Self::root`]).
    history: Option<&'a mut [HistoryCell]>,
    /// The correction history, in the selective search only (switch 11
    /// turns it off).
    correction: Option<Correction<'a>>,
    /// Borrowed, not owned: the searcher is moved around when it is built,
    /// and a 96 KiB member would be copied with it (in unoptimised builds).
    stack: &'a mut MoveStack,
    /// Borrowed for the same reason.
    eval_cache: &'a mut EvalCache,
    /// The static score of each full-width node on the current path, by
    /// ply (−infinite in check), for "improving".
    evals: [i32; MAX_PLY],
    /// Experiment switches (see `experiment`), read once per search.
    pub flags: u32,
}

impl<'a> Searcher<'a> {
    pub fn new(
        (tt, history): (Table<'a>, Option<&'a mut [HistoryCell]>),
        params: EvalParams,
        salt: u64,
        node_limit: u64,
        timer: Timer<'a>,
        stack: &'a mut MoveStack,
        eval_cache: &'a mut EvalCache,
    ) -> Self {
        stack.clear();
        eval_cache.entries.fill(EvalCache::EMPTY);
        Searcher {
            tt,
            params,
            salt,
            nodes: 0,
            node_limit: node_limit.max(1),
            stopped: false,
            timer,
            extension_limit: MAX_PLY / 2,
            order: MoveOrder::new(ex::flags() & ex::NO_COUNTER_MOVES == 0),
            history,
            correction: None,
            stack,
            eval_cache,
            evals: [-INFINITE; MAX_PLY],
            flags: ex::flags(),
        }
    }

    /// Whether this is the selective search: in crazyhouse, when the
    /// caller lent a continuation history (switch 4 flips the flavour).
    #[inline]
    fn selective(&self) -> bool {
        self.order.continuation.is_some()
    }

    /// Whether experiment switch `bit` is on (bits 0–15 are the search's).
    #[inline]
    #[allow(dead_code)] // between screenings no switch is read
    fn on(&self, bit: u32) -> bool {
        self.flags & (1 << bit) != 0
    }

    /// Plies more reduction for a late quiet move at an expected cut node:
    /// [`CUT_NODE_REDUCTION`], or with switch 24 none (with 23 too, one).
    #[inline]
    fn cut_plies(&self) -> i32 {
        if self.on(24) {
            i32::from(self.on(23))
        } else {
            CUT_NODE_REDUCTION
        }
    }

    /// The static score of `board` (remembered for the search).
    #[inline]
    fn eval(&mut self, board: &Board) -> i32 {
        let params = &self.params;
        let score = self
            .eval_cache
            .score(board.hash(), || evaluate(board, params));
        match &self.correction {
            Some(correction) => score + correction.get(board),
            None => score,
        }
    }

    fn key(&self, board: &Board) -> u64 {
        board.hash() ^ self.salt
    }

    /// Counts a node; returns `true` when the budget is spent or the caller
    /// asks to stop (looked at every [`POLL_NODES`] nodes).
    #[inline]
    fn count_node(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        self.nodes += 1;
        if self.nodes >= self.node_limit || (self.nodes % POLL_NODES == 0 && self.timer.must_stop())
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Scores the root moves for their first ordering.
    pub fn order_root(&self, board: &Board, list: &mut FullList, tt_move: Option<Move>) {
        self.order.score(board, list, tt_move, 0);
    }

    /// The score of a side to move with no legal move: mated (R16) or
    /// waiting (R17, R18); in the crazyhouse flavour mated or stalemated.
    fn no_moves(&self, board: &Board, in_check: bool, ply: usize) -> i32 {
        let crazyhouse = board.flavour() == Flavour::Crazyhouse;
        if in_check && (crazyhouse || !board.drop_could_block_check()) {
            -MATE + ply as i32
        } else if crazyhouse {
            // Stalemate: a draw.
            0
        } else if in_check {
            evaluate(board, &self.params) - WAITING_IN_CHECK
        } else {
            evaluate(board, &self.params) - WAITING
        }
    }

    /// Whether the quiet move or drop `m`, which gives no check, is skipped
    /// at a node `depth` plies from the horizon that is no PV node and not
    /// in check (never its first move): in crazyhouse, within
    /// [`SEE_PRUNE_DEPTH`] plies, a move that loses more than
    /// [`SEE_PRUNE_PER_PLY`] per ply by the static exchange (Stockfish's
    /// rule). Drops are most of the moves there, and most of them put a
    /// piece where it is taken for nothing. Against Fairy-Stockfish on
    /// the same openings: 43.4 % against 40.2 % at fixed nodes near equal
    /// time (800 matches), 45.4 % against 43.4 % at 20 ms (1 600, eight
    /// seeds): ahead both ways, a gain not proven (benches/README.md,
    /// "Quiet moves that lose material: crazyhouse (session 17)"); 12 %
    /// fewer nodes for the same depth. Bughouse keeps searching
    /// them (its goals were measured without the rule); switch 12 flips the
    /// rule in either flavour.
    #[inline]
    fn skips_losing_quiet(&self, board: &Board, m: Move, depth: i32) -> bool {
        depth <= SEE_PRUNE_DEPTH
            && (board.flavour() == Flavour::Crazyhouse) != self.on(12)
            && see(board, m) < -SEE_PRUNE_PER_PLY * depth
    }

    /// Whether a late quiet evasion is skipped near the horizon when both
    /// its continuation entries are negative, as a quiet move out of check
    /// is (Fairy-Stockfish's pruning at shallow depth applies in check
    /// too): in the selective search, in crazyhouse, unless switch 7 is on.
    /// Only once a move has a score above mate (the move loop's guard):
    /// skipping every other evasion must not make a node that has an
    /// escape look mated.
    ///
    /// Against Fairy-Stockfish at 100 ms, 40.2 % against the search
    /// before's 37.2 % on the same openings (600 matches, three seeds;
    /// about one standard error of the difference), 38.6 % over ten seeds
    /// (2 000) where the search before scores 37.8 % over 4 600; at 20 ms
    /// 57.0 % (400), above that budget's goal, 5 points below the search
    /// before on the seed both ran: a gain not proven. Its other two
    /// differences from Fairy-Stockfish there, late quiet checks dropped by
    /// move-count pruning and losing quiet evasions skipped, scored below
    /// the search before (benches/README.md, the sections of sessions 39
    /// and 40: "Checks and evasions in Fairy-Stockfish's pruning at shallow
    /// depth, …" and "Fairy-Stockfish's late-move reductions, …").
    #[inline]
    fn prunes_evasions(&self, board: &Board) -> bool {
        board.flavour() == Flavour::Crazyhouse && !self.on(7)
    }

    /// How many moves a node `depth` plies from the horizon, that is no PV
    /// node and not in check, tries before it drops its remaining quiet
    /// moves (those that give no check and are no killer or counter move),
    /// in the selective search (or with switch 14 on): within
    /// [`MOVE_COUNT_DEPTH`] plies, (3 + depth²) / 2, twice that when the
    /// static score is improving (Stockfish's move-count pruning); `None`
    /// (no limit) otherwise. Alone, in crazyhouse, it searched 0.6 ply
    /// deeper at 20 and 100 ms and scored +4.4 points against
    /// Fairy-Stockfish at fixed nodes near 100 ms, but −3.1 at 20 ms (600
    /// matches) and +3.5 at 100 ms (200, within the noise) in real time
    /// (benches/README.md, "Move-count pruning: crazyhouse (session 18)");
    /// with the continuation history ordering the quiet moves it drops, it
    /// is part of the selective search. Screened before it, and removed: a
    /// milder count (8 + 4 · depth² up to depth 3), not kept in bughouse
    /// (session 6) nor crazyhouse (session 17).
    #[inline]
    fn late_quiet_limit(&self, depth: i32, improving: bool) -> Option<usize> {
        ((self.selective() || self.on(14)) && depth <= MOVE_COUNT_DEPTH)
            .then(|| (3 + (depth * depth) as usize) / (2 - usize::from(improving)))
    }

    /// Whether `m` recaptures on the square the move before (at `ply` − 1)
    /// went to: quiescence's move count exempts it, as Stockfish's does
    /// (switch 30 counts it, the search's rule before session 36).
    #[inline]
    fn recaptures(&self, m: Move, ply: usize) -> bool {
        ply > 0 && self.order.path[ply - 1].is_some_and(|p| p.to() == m.to())
    }

    /// Whether the static score at `ply` is better than ours two plies
    /// before (or there is none to compare with). In the selective search,
    /// when we were in check two plies before (no static score there),
    /// Stockfish's rule: at least as good as four plies before, if there
    /// is a score there; switch 29 counts it as improving, the search's rule
    /// before session 36.
    #[inline]
    fn improving(&self, static_eval: i32, ply: usize) -> bool {
        if ply < 2 {
            return true;
        }
        let before = self.evals[ply - 2];
        if before == -INFINITE && self.selective() && !self.on(29) {
            return ply < 4
                || self.evals[ply - 4] == -INFINITE
                || static_eval >= self.evals[ply - 4];
        }
        static_eval > before
    }

    /// Plies to extend a move that gives check (`child_ply`: the ply after
    /// it): one, within the extension limit, for a check that does not
    /// lose the checking piece (static exchange ≥ 0, Stockfish's rule).
    /// Drop checks are many and most of them hang the dropped piece: they
    /// are searched, just not extended (a check at the horizon still gets
    /// every evasion, see [`Self::search`]). Measured: 0.7 ply deeper at
    /// 20 ms, and against Fairy-Stockfish (real-time, benches/README.md).
    /// In crazyhouse, Fairy-Stockfish's castling extension scored 2
    /// points below this rule (session 35, not kept); a reply forced by
    /// check (one legal move) is extended too, in the selective search
    /// (see [`Self::search_moves`], since session 36).
    #[inline]
    fn extension(&self, board: &Board, m: Move, gives_check: bool, child_ply: usize) -> i32 {
        self.extension_by_exchange(gives_check, child_ply, || see(board, m))
    }

    /// [`Self::extension`] for a caller that may know the move's static
    /// exchange already (quiescence computes it for every capture):
    /// `exchange` is called only for a check within the limit.
    #[inline]
    fn extension_by_exchange(
        &self,
        gives_check: bool,
        child_ply: usize,
        exchange: impl FnOnce() -> i32,
    ) -> i32 {
        i32::from(gives_check && child_ply < self.extension_limit && exchange() >= 0)
    }

    /// Searches `child` at `depth` (the extension included), reached by the `index`-th move tried at `ply - 1`,
    /// by principal-variation search: the first move with the full window,
    /// later ones with a null window at `depth - reduction` first, then at
    /// full depth, then with the full window, each only if the last found
    /// it better than alpha. From the mover's point of view.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        child: &Board,
        child_in_check: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        index: usize,
        reduction: i32,
        cut: bool,
    ) -> i32 {
        // Expected cut nodes (Stockfish's): the children of a cut node
        // searched at full depth with a null window are all nodes and
        // those of an all node cut nodes; a reduced search expects a cut.
        let pv = beta - alpha > 1;
        if index == 0 {
            return -self.search(
                child,
                child_in_check,
                depth,
                ply,
                -beta,
                -alpha,
                !pv && !cut,
            );
        }
        let mut s = -self.search(
            child,
            child_in_check,
            depth - reduction,
            ply,
            -alpha - 1,
            -alpha,
            reduction > 0 || !cut,
        );
        if s > alpha && reduction > 0 {
            s = -self.search(child, child_in_check, depth, ply, -alpha - 1, -alpha, !cut);
        }
        if s > alpha && s < beta {
            s = -self.search(child, child_in_check, depth, ply, -beta, -alpha, false);
        }
        s
    }

    /// One iteration at the root, over the given legal moves (kept sorted
    /// by the previous iteration: best first). If the budget runs out
    /// before it finishes, what it proved so far.
    pub fn root(&mut self, board: &Board, depth: i32, moves: &mut FullList) -> Iteration {
        if let Some(cells) = self.history.take() {
            // The first iteration: the selective search in crazyhouse
            // (switch 4: in bughouse instead).
            if (board.flavour() == Flavour::Crazyhouse) != self.on(4) {
                let (continuation, correction) = cells.split_at_mut(CONTINUATION_CELLS);
                self.order.continuation = Some(Continuation::cleared(continuation));
                if !self.on(11) {
                    self.correction = Some(Correction::cleared(correction));
                }
            }
        }
        let short_extensions = board.flavour() == Flavour::Bughouse && !self.on(7);
        self.extension_limit = if short_extensions {
            depth as usize + EXTENSION_BEYOND_DEPTH
        } else {
            2 * depth as usize + EXTENSION_SLACK
        }
        .min(MAX_PLY - 4);
        let (mut alpha, beta) = (-INFINITE, INFINITE);
        let mut best: Option<RootResult> = None;
        let in_check = board.is_check();
        for i in 0..moves.len() {
            let m = moves[i].mv;
            let mut child = *board;
            child.play_unchecked(m);
            let quiet = moves[i].kind().is_quiet();
            let gives_check = child.is_check();
            let reduction = late_move_reduction(depth, i, quiet, in_check || gives_check);
            let new_depth = depth - 1 + self.extension(board, m, gives_check, 1);
            self.order.played(board, 0, Some((m, moves[i].kind())));
            let score = self.search_move(
                &child,
                gives_check,
                new_depth,
                1,
                alpha,
                beta,
                i,
                reduction,
                false,
            );
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
    /// `in_check`: whether the side to move is in check (the caller knows,
    /// and it costs an attack computation).
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        board: &Board,
        in_check: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        cut: bool,
    ) -> i32 {
        debug_assert_eq!(in_check, board.is_check());
        if (depth <= 0 && !in_check) || MOVE_STACK - self.stack.len() < MAX_LEGAL_MOVES {
            return self.quiesce(board, ply, alpha, beta);
        }
        if self.count_node() {
            return 0;
        }
        count(ex::NODES, 1);
        count(ex::EXTENSIONS, u64::from(in_check));
        if ply >= MAX_PLY - 1 {
            return self.eval(board);
        }
        // Mate distance pruning: no score here beats a mate found nearer the root.
        let alpha = alpha.max(-MATE + ply as i32);
        let beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;

        let key = self.key(board);
        let entry = self.tt.probe(key);
        count(ex::TT_PROBES, 1);
        count(ex::TT_HITS, u64::from(entry.is_some()));
        if let Some(e) = entry.filter(|e| !pv_node && i32::from(e.depth) >= depth) {
            let s = from_tt(e.score, ply);
            if e.bound().settles(s, alpha, beta) {
                count(ex::TT_CUTS, 1);
                return s;
            }
        }

        let static_eval = if in_check {
            -INFINITE
        } else {
            self.eval(board)
        };
        self.evals[ply] = static_eval;
        let improving = self.improving(static_eval, ply);
        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            if let Some(s) = self.prune(board, static_eval, depth, ply, beta, improving, cut) {
                return s;
            }
            if self.stopped {
                return 0;
            }
        }

        let start = self.stack.len();
        let tt_move = entry.and_then(|e| e.mv);
        let depth = if self.on(3) && depth >= IIR_DEPTH && tt_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let futile = if self.on(1) {
            depth <= FUTILITY_DEPTH
                && (depth == 1 || !pv_node)
                && !in_check
                && static_eval + FUTILITY_MARGIN + FUTILITY_MARGIN_PER_PLY * (depth - 1) <= alpha
        } else {
            depth == 1 && !in_check && static_eval + FUTILITY_MARGIN <= alpha
        };
        let quiets_after = if futile {
            Some(1)
        } else if !pv_node && !in_check {
            self.late_quiet_limit(depth, improving)
        } else {
            None
        };
        let node = Node {
            key,
            static_eval,
            pv: pv_node,
            depth,
            ply,
            in_check,
            futile,
            quiets_after,
            improving,
            cut: cut && !pv_node,
        };
        let score = self.search_moves(board, node, tt_move, alpha, beta);
        self.stack.truncate(start);
        score
    }

    /// Cut-offs before trying any move, at a node that is no PV node and not
    /// in check: reverse futility (far above beta with little depth left)
    /// and the null move (even passing keeps us above beta).
    #[allow(clippy::too_many_arguments)]
    fn prune(
        &mut self,
        board: &Board,
        static_eval: i32,
        depth: i32,
        ply: usize,
        beta: i32,
        improving: bool,
        cut: bool,
    ) -> Option<i32> {
        let rfp_depth = if self.on(0) {
            REVERSE_FUTILITY_DEPTH_WIDE
        } else {
            REVERSE_FUTILITY_DEPTH
        };
        let rfp_margin = REVERSE_FUTILITY_MARGIN * depth
            - if self.on(2) && improving {
                REVERSE_FUTILITY_IMPROVING
            } else {
                0
            };
        // Pieces the opponent could drop (pawns aside): threats that neither
        // the static score nor quiescence (which has no drops) sees.
        let them = board.turn().other();
        let drop_threats = Role::POCKET
            .into_iter()
            .any(|r| r != Role::Pawn && board.pocket(them).count(r) > 0);
        if depth <= rfp_depth && static_eval - rfp_margin >= beta && !(self.on(8) && drop_threats) {
            return Some(static_eval);
        }
        if self.on(5) && depth <= RAZOR_DEPTH && static_eval + RAZOR_MARGIN * depth < beta {
            // Razoring: far below; if even the captures do not reach beta,
            // believe it.
            let q = self.quiesce(board, ply, beta - 1, beta);
            if self.stopped {
                return Some(0);
            }
            if q < beta {
                return Some(q);
            }
        }
        if depth >= NULL_MOVE_DEPTH && static_eval >= beta && has_pieces(board, board.turn()) {
            let passed = board.null_move()?;
            self.order.played(board, ply, None);
            count(ex::NULL_TRIES, 1);
            let r = NULL_MOVE_BASE + depth / 4;
            if self.on(9) && drop_threats && depth - 1 - r < 1 {
                // The reply to the pass would be quiescence, blind to drops.
                return None;
            }
            let s = -self.search(
                &passed,
                passed.is_check(),
                depth - 1 - r,
                ply + 1,
                -beta,
                -beta + 1,
                !cut,
            );
            if !self.stopped && s >= beta {
                count(ex::NULL_CUTS, 1);
                // A null-move mate proves nothing about the real moves.
                return Some(if s >= MATE_BOUND { beta } else { s });
            }
        }
        None
    }

    /// The move loop of [`Self::search`]: the table's move first, before
    /// generating anything (it often cuts off, and then the node never
    /// generates or orders its moves), then the rest in order, on top of the
    /// move stack.
    fn search_moves(
        &mut self,
        board: &Board,
        node: Node,
        tt_move: Option<Move>,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let Node {
            key,
            static_eval: _,
            pv: pv_node,
            depth,
            ply,
            in_check,
            futile,
            quiets_after,
            improving,
            cut,
        } = node;
        let start = self.stack.len();
        // The table's move is played only if legal here (the entry may
        // belong to another position sharing the key).
        let tt_first = tt_move.filter(|&m| board.is_legal(m));
        let mut tt_pending = tt_first;
        let mut generated = false;
        // In check in the selective search, the evasions are generated
        // first: a single legal reply is searched one ply deeper
        // (Stockfish's single-reply extension; switch 31 turns it off).
        let mut single_reply = false;
        if in_check && self.selective() && !self.on(31) {
            generated = true;
            match self.generate(board, tt_move, ply) {
                0 => return self.no_moves(board, in_check, ply),
                replies => single_reply = replies == 1,
            }
        }
        let mut next = start;
        let alpha_start = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut best_quiet = true;
        let mut i = 0;
        // The quiet moves tried before a cut, for the continuation
        // history's malus (Stockfish keeps 64 too; later ones go without).
        let mut quiets_tried: ArrayVec<Column, 64> = ArrayVec::new();
        loop {
            let (m, kind) = if let Some(m) = tt_pending.take() {
                (m, MoveKind::of(board, m))
            } else {
                if !generated {
                    generated = true;
                    if self.generate(board, tt_move, ply) == 0 {
                        return self.no_moves(board, in_check, ply);
                    }
                }
                if next >= self.stack.len() {
                    break;
                }
                pick(&mut self.stack[..], next);
                let sm = self.stack[next];
                next += 1;
                if Some(sm.mv) == tt_first {
                    continue;
                }
                if sm.score < QUIET_ORDER_LIMIT && quiets_after.is_some_and(|n| i >= n) {
                    // Ordered last: quiet moves that give no check, direct
                    // or discovered, and are no killer or counter move.
                    // Skip the rest without even making them.
                    break;
                }
                (sm.mv, sm.kind())
            };
            let quiet = kind.is_quiet();
            let mut child = *board;
            child.play_unchecked(m);
            let gives_check = child.is_check();
            if futile && i > 0 && quiet && !gives_check {
                continue;
            }
            if !pv_node
                && !in_check
                && i > 0
                && quiet
                && !gives_check
                && self.skips_losing_quiet(board, m, depth)
            {
                continue;
            }
            if self.selective() != self.on(28)
                && !in_check
                && i > 0
                && (!quiet || gives_check)
                && !kind.promotion
                && depth <= SEE_PRUNE_DEPTH
                && see(board, m) < -EXCHANGE_PRUNE_PER_PLY * depth
            {
                continue;
            }
            let killer = self.order.is_killer(m, ply);
            let column = self
                .selective()
                .then(|| Column::new(history_index(m, kind), m))
                .filter(|_| quiet);
            // A quiet move without check, or in crazyhouse a quiet evasion
            // (`Searcher::prunes_evasions`): its two continuation entries.
            let continuation = column
                .filter(|_| !gives_check && (!in_check || self.prunes_evasions(board)))
                .map(|column| self.order.continuation_pair(ply, column));
            if let Some((c1, c2)) = continuation {
                if !pv_node
                    && i > 0
                    && depth <= CONTINUATION_PRUNE_DEPTH
                    && c1 < 0
                    && c2 < 0
                    && (!in_check || best > -MATE_BOUND)
                {
                    // Stockfish's pruning by continuation history: a late
                    // quiet move that did badly after both moves before (an
                    // evasion once a move has a score above mate).
                    continue;
                }
            }
            let reduction = if let Some((c1, c2)) = continuation.filter(|_| !in_check) {
                let reduction = if depth >= LMR_DEPTH && i >= 1 {
                    let cut_plies = if cut { self.cut_plies() } else { 0 };
                    selective_reduction(depth, i, &node, killer, c1 + c2, cut_plies)
                } else {
                    0
                };
                if !pv_node && i > 0 && !self.on(15) && node.futile_at(depth - 1 - reduction, alpha)
                {
                    continue;
                }
                reduction
            } else if !self.on(27)
                && self.selective()
                && !quiet
                && !kind.promotion
                && !in_check
                && !gives_check
                && depth >= LMR_DEPTH
                && i >= 1
                && (cut || node.static_eval + kind.victim <= alpha)
            {
                // Stockfish's reduction of a late capture at an expected cut
                // node, or of one whose victim cannot bring the static score
                // up to alpha (switch 27 turns it off).
                capture_reduction(depth, i)
            } else {
                // Evasions and checks are not reduced. Fairy-Stockfish
                // reduces late quiet ones like any quiet move; the selective
                // search's reductions for them searched 0.4 ply deeper in
                // crazyhouse and lost 3 points (session 35).
                let tactical = in_check || gives_check || killer;
                let reduction = late_move_reduction(depth, i, quiet, tactical);
                reduction + i32::from(self.on(6) && reduction > 0 && !pv_node && !improving)
            };
            let new_depth = depth - 1
                + if single_reply && ply + 1 < self.extension_limit {
                    1
                } else {
                    self.extension(board, m, gives_check, ply + 1)
                };
            self.order.played(board, ply, Some((m, kind)));
            let score = self.search_move(
                &child,
                gives_check,
                new_depth,
                ply + 1,
                alpha,
                beta,
                i,
                reduction,
                cut,
            );
            i += 1;
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(m);
                best_quiet = quiet;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        count(ex::CUT_NODES, 1);
                        count(ex::CUT_FIRST, u64::from(i == 1));
                        count(ex::CUT_TT_MOVE, u64::from(Some(m) == tt_first));
                        count(ex::MOVES_AT_CUT, i as u64);
                        if quiet {
                            self.order.reward(board, m, kind, depth, ply);
                        }
                        if let Some(column) = column {
                            self.order
                                .reward_continuation(ply, depth, column, &quiets_tried);
                        }
                        break;
                    }
                }
            }
            if let Some(column) = column {
                let _ = quiets_tried.try_push(column);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_start {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if let Some(correction) = self.correction.as_mut().filter(|_| {
            // Stockfish's conditions: not in check, the best move quiet, no
            // mate, and a bound that says the static score was off in its
            // direction.
            !in_check
                && best_quiet
                && best.abs() < MATE_BOUND
                && !(bound == Bound::Lower && best <= node.static_eval)
                && !(bound == Bound::Upper && best >= node.static_eval)
        }) {
            correction.learn(board, best, node.static_eval, depth);
        }
        self.tt
            .store(key, best_move, to_tt(best, ply), depth.max(0) as i8, bound);
        best
    }

    /// Pushes the legal moves of `board` on the move stack, ordered for
    /// the node at `ply` (the table's move first): how many there are.
    fn generate(&mut self, board: &Board, tt_move: Option<Move>, ply: usize) -> usize {
        let start = self.stack.len();
        board.visit_legal(&mut Collect::new(board, self.stack, false));
        self.order
            .score(board, &mut self.stack[start..], tt_move, ply);
        self.stack.len() - start
    }

    /// Quiescence: captures that do not lose material by the static
    /// exchange, and queen promotions, until the position is quiet,
    /// standing pat on the static score. A side in check is handed
    /// back to [`Self::search`], which tries every evasion, so mates by
    /// capture are seen.
    fn quiesce(&mut self, board: &Board, ply: usize, alpha: i32, beta: i32) -> i32 {
        if self.count_node() {
            return 0;
        }
        count(ex::QNODES, 1);
        let stand = self.eval(board);
        if ply >= MAX_PLY - 1 || stand >= beta || MOVE_STACK - self.stack.len() < MAX_CAPTURES {
            return stand;
        }
        let start = self.stack.len();
        let score = self.quiesce_captures(board, ply, stand.max(alpha), beta, stand);
        self.stack.truncate(start);
        score
    }

    /// The capture loop of [`Self::quiesce`], on top of the move stack.
    fn quiesce_captures(
        &mut self,
        board: &Board,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        stand: i32,
    ) -> i32 {
        let start = self.stack.len();
        board.visit_legal(&mut Collect::new(board, self.stack, true));
        self.order.score(board, &mut self.stack[start..], None, ply);
        let mut best = stand;
        for i in start..self.stack.len() {
            pick(&mut self.stack[..], i);
            let m = self.stack[i].mv;
            let kind = self.stack[i].kind();
            if !kind.promotion && stand + kind.victim * 3 / 2 + DELTA_MARGIN <= alpha {
                continue;
            }
            // Computed once: the pruning below and the check extension both
            // read it (a promotion is never pruned, so it waits for a check).
            let mut exchange = None;
            if !kind.promotion && self.flags & ex::OTHER_RULE_IN_QUIESCENCE == 0 {
                let e = see(board, m);
                if e < 0 {
                    // A capture that loses material by the static exchange
                    // is not searched: quiescence is most of the nodes
                    // (62–67 %), and these captures rarely change a score.
                    // Measured against Fairy-Stockfish at 25 000 nodes, +5.4
                    // points over 600 matches (2 standard errors); at 20 and
                    // 100 ms not worse (benches/README.md, "Quiescence
                    // without losing captures"). Switch 10 searches them.
                    continue;
                }
                exchange = Some(e);
            }
            let mut child = *board;
            child.play_unchecked(m);
            // A capture that gives check is answered by every evasion: the
            // extension turns the horizon into one full-width ply.
            let gives_check = child.is_check();
            if self.selective() != self.on(26)
                && i - start >= QUIESCENCE_QUIET_CAPTURES
                && !gives_check
                && !kind.promotion
                && (self.on(30) || !self.recaptures(m, ply))
            {
                // Fairy-Stockfish's quiescence move count (switch 26 turns
                // it off).
                continue;
            }
            self.order.played(board, ply, Some((m, kind)));
            let child_depth = self.extension_by_exchange(gives_check, ply + 1, || {
                exchange.unwrap_or_else(|| see(board, m))
            });
            let score = -self.search(
                &child,
                gives_check,
                child_depth,
                ply + 1,
                -beta,
                -alpha,
                false,
            );
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

/// What [`Searcher::search_moves`] needs to know about its node.
#[derive(Copy, Clone, Debug)]
struct Node {
    key: u64,
    /// The static score (−infinite in check).
    static_eval: i32,
    /// A PV node: searched with an open window.
    pv: bool,
    depth: i32,
    ply: usize,
    in_check: bool,
    /// Depth 1, far below alpha: quiet moves without check cannot help.
    futile: bool,
    /// After how many moves the quiet moves ordered last (no check, no
    /// killer or counter move) are dropped, if ever: after the first at a
    /// futile node, else after [`Searcher::late_quiet_limit`].
    quiets_after: Option<usize>,
    /// The static score is better than two plies ago.
    improving: bool,
    /// An expected cut node (Stockfish's `cutNode`): a null-window node
    /// whose parent expects it to fail high.
    cut: bool,
}

impl Node {
    /// The selective search's futility at the parent (Stockfish's): whether
    /// a late quiet move without check that would be searched at
    /// `reduced_depth` (the depth less one and its reduction) is futile
    /// here, the static score so far below `alpha` that a quiet move
    /// cannot make up for it within that depth. Against Fairy-Stockfish
    /// (benches/README.md, session 24), on top of the rest of the
    /// selective search: at fixed nodes near 100 ms 30.8 % against 28.3 %
    /// (600 matches), in real time at 100 ms 30.8 % against 30.2 % (600),
    /// at 20 ms 48.1 % against 46.8 % (800): ahead in every setting, each
    /// by about one standard error or less. Switch 15 turns it off.
    #[inline]
    fn futile_at(&self, reduced_depth: i32, alpha: i32) -> bool {
        let reduced_depth = reduced_depth.max(0);
        !self.in_check
            && reduced_depth < PARENT_FUTILITY_DEPTH
            && self.static_eval + FUTILITY_MARGIN + FUTILITY_MARGIN_PER_PLY * reduced_depth <= alpha
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Color;
    use crate::bot::control::SearchControl;
    use crate::bot::experiment::OTHER_RULE_IN_QUIESCENCE;
    use crate::bot::tt::{HISTORY_CELLS, HistoryCell, TableEntry, TranspositionTable};

    fn params(flags: u32) -> EvalParams {
        EvalParams {
            us: Color::White,
            feed: 8,
            give: 8,
            seed: 0,
            noise: 0,
            flags,
        }
    }

    /// The ordering score of `uci` at `ply` after `order` learnt what it
    /// learnt, on `board` (all its legal moves scored).
    fn order_score(order: &MoveOrder, board: &Board, ply: usize, uci: &str) -> i32 {
        let mut list = FullList::new();
        for mv in board.legal_moves() {
            list.push(ScoredMove::new(board, mv));
        }
        order.score(board, &mut list, None, ply);
        let m = Move::from_uci(uci).unwrap();
        list.iter()
            .find(|sm| sm.mv == m)
            .expect("a legal move")
            .score
    }

    #[test]
    fn a_quiet_refutation_is_tried_after_the_killers_as_the_counter_move() {
        let mut board = Board::new();
        let e4 = Move::from_uci("e2e4").unwrap();
        board.play_unchecked(e4);
        let refutation = Move::from_uci("g8f6").unwrap();
        for use_counters in [true, false] {
            let mut order = MoveOrder::new(use_counters);
            // g8f6 refuted e2e4 at ply 1 (a killer there) …
            order.path[0] = Some(e4);
            let kind = MoveKind::of(&board, refutation);
            order.reward(&board, refutation, kind, 4, 1);
            assert_eq!(order_score(&order, &board, 1, "g8f6"), KILLER_ORDER[0]);
            // … and is the counter move of e2e4 at ply 2, where it is no
            // killer.
            order.path[1] = Some(e4);
            let counter = order_score(&order, &board, 2, "g8f6");
            let other = order_score(&order, &board, 2, "b8c6");
            if use_counters {
                assert_eq!(counter, COUNTER_ORDER);
                assert!(KILLER_ORDER[1] > counter && counter > other);
            } else {
                assert!(counter < QUIET_ORDER_LIMIT, "switch 13: no counter move");
            }
            // After a null move there is no move to counter.
            order.path[1] = None;
            assert!(order_score(&order, &board, 2, "g8f6") < QUIET_ORDER_LIMIT);
        }
    }

    /// Quiescence from `fen` with the full window, with the given
    /// experiment switches: its score, the nodes it visited and the static
    /// score it stood on.
    fn quiescence(fen: &str, flags: u32) -> (i32, u64, i32) {
        let board: Board = fen.parse().unwrap();
        with_searcher(flags, 1_000_000, |searcher| {
            let score = searcher.quiesce(&board, 0, -INFINITE, INFINITE);
            (score, searcher.nodes, evaluate(&board, &params(flags)))
        })
    }

    /// Runs `test` on a searcher of its own (a small table, no noise) with
    /// the given experiment switches and node budget.
    fn with_searcher<T>(flags: u32, nodes: u64, test: impl FnOnce(&mut Searcher) -> T) -> T {
        let mut tt = TranspositionTable::<[_; 64]>::with_entries();
        searching(&mut tt, flags, nodes, test)
    }

    /// [`with_searcher`] with a continuation history lent too: the
    /// selective search on a crazyhouse board.
    fn with_selective_searcher<T>(
        flags: u32,
        nodes: u64,
        test: impl FnOnce(&mut Searcher) -> T,
    ) -> T {
        let mut tt = TranspositionTable::<[_; 64]>::with_entries()
            .with_history(std::vec![HistoryCell::EMPTY; HISTORY_CELLS]);
        searching(&mut tt, flags, nodes, test)
    }

    fn searching<S, H, T>(
        tt: &mut TranspositionTable<S, H>,
        flags: u32,
        nodes: u64,
        test: impl FnOnce(&mut Searcher) -> T,
    ) -> T
    where
        S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
        H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
    {
        let mut stack = MoveStack::new();
        let mut eval_cache = EvalCache::new();
        let control = SearchControl::new();
        let mut searcher = Searcher::new(
            tt.start_search(),
            params(flags),
            0,
            nodes,
            control.start(),
            &mut stack,
            &mut eval_cache,
        );
        searcher.flags = flags;
        test(&mut searcher)
    }

    /// The legal moves of `board`, as the root takes them.
    fn root_moves(board: &Board) -> FullList {
        board
            .legal_moves()
            .into_iter()
            .map(|mv| ScoredMove::new(board, mv))
            .collect()
    }

    /// A root iteration at `depth` on `board` with the given experiment
    /// switches and node budget: what `read` then finds in the searcher.
    fn after_root<T>(
        board: &Board,
        depth: i32,
        flags: u32,
        nodes: u64,
        read: impl FnOnce(&Searcher) -> T,
    ) -> T {
        with_searcher(flags, nodes, |searcher| {
            searcher.root(board, depth, &mut root_moves(board));
            read(searcher)
        })
    }

    /// The nodes that iterations at depths 1 to `depth` on `board` visit
    /// together, as the bot deepens, with the given experiment switches.
    fn deepening(board: &Board, depth: i32, flags: u32) -> u64 {
        with_searcher(flags, u64::MAX, |searcher| deepen(searcher, board, depth))
    }

    /// [`deepening`] in the selective search (a continuation history lent).
    fn selective_deepening(board: &Board, depth: i32, flags: u32) -> u64 {
        with_selective_searcher(flags, u64::MAX, |searcher| deepen(searcher, board, depth))
    }

    /// Iterations at depths 1 to `depth` on `board`: the nodes they visit.
    fn deepen(searcher: &mut Searcher, board: &Board, depth: i32) -> u64 {
        let mut moves = root_moves(board);
        for d in 1..=depth {
            searcher.root(board, d, &mut moves);
        }
        searcher.nodes
    }

    /// The check-extension limit a root iteration at `depth` sets on
    /// `board`, with the given experiment switches.
    fn extension_limit(board: &Board, depth: i32, flags: u32) -> usize {
        after_root(board, depth, flags, 1_000, |searcher| {
            searcher.extension_limit
        })
    }

    /// Both hands full, the board open: most drops land where they are
    /// taken.
    const OPEN_WITH_FULL_HANDS: &str =
        "r1bqkb1r/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R[NBRnbr] w KQkq - 0 5";

    fn crazyhouse_board(fen: &str) -> Board {
        let board: Board = fen.parse().unwrap();
        board.with_flavour(Flavour::Crazyhouse)
    }

    #[test]
    fn crazyhouse_skips_a_quiet_drop_that_loses_material_near_the_horizon() {
        // White holds a knight: on d5 the e6 pawn takes it for nothing.
        let fen = "4k3/8/4p3/8/8/8/8/4K3[N] w - - 0 1";
        let crazyhouse = crazyhouse_board(fen);
        let bughouse = crazyhouse.with_flavour(Flavour::Bughouse);
        let drop = |to| Move::Drop {
            role: Role::Knight,
            to,
        };
        let (losing, safe) = (drop(Square::D5), drop(Square::A1));
        let skips = |board: &Board, m: Move, depth: i32, flags: u32| {
            with_searcher(flags, 1_000, |searcher| {
                searcher.skips_losing_quiet(board, m, depth)
            })
        };
        assert!(skips(&crazyhouse, losing, 1, 0));
        assert!(skips(&crazyhouse, losing, SEE_PRUNE_DEPTH, 0));
        assert!(!skips(&crazyhouse, losing, SEE_PRUNE_DEPTH + 1, 0));
        assert!(!skips(&crazyhouse, safe, 1, 0));
        // Bughouse searches it; switch 12 flips the rule in both flavours.
        assert!(!skips(&bughouse, losing, 1, 0));
        assert!(!skips(&crazyhouse, losing, 1, 1 << 12));
        assert!(skips(&bughouse, losing, 1, 1 << 12));
    }

    /// The switches that turn session 36's four rules off: the correction
    /// history (11), improving across a check (29), recaptures exempt
    /// from quiescence's count (30) and the single-reply extension (31).
    const SESSION_36_RULES_OFF: u32 = 1 << 11 | 1 << 29 | 1 << 30 | 1 << 31;

    /// A searcher of the selective search, started on `board` (the
    /// first root iteration takes the lent history), for `test`.
    fn with_started_selective_searcher<T>(
        board: &Board,
        flags: u32,
        test: impl FnOnce(&mut Searcher) -> T,
    ) -> T {
        with_selective_searcher(flags, u64::MAX, |searcher| {
            searcher.root(board, 1, &mut root_moves(board));
            test(searcher)
        })
    }

    #[test]
    fn a_single_reply_to_check_is_searched_a_ply_deeper_switch_31_does_not() {
        // Black in check from a8: g8 is the rook's, g7 the king's on f6;
        // Kh7 is the one reply, and gives no check.
        let board = crazyhouse_board("R6k/8/5K2/8/8/8/8/8[] b - - 0 1");
        assert_eq!(board.legal_moves().len(), 1);
        let mut child = board;
        child.play_unchecked(Move::from_uci("h8h7").unwrap());
        assert!(!child.is_check());
        let stored_depth = |flags: u32| {
            with_started_selective_searcher(&board, flags, |searcher| {
                searcher.search(&board, true, 3, 1, -INFINITE, INFINITE, false);
                searcher.tt.probe(searcher.key(&child)).map(|e| e.depth)
            })
        };
        assert_eq!(stored_depth(0), Some(3), "extended: depth 3 − 1 + 1");
        assert_eq!(stored_depth(1 << 31), Some(2), "switch 31: not extended");
        // Bughouse's search does not extend it.
        let bughouse = board.with_flavour(Flavour::Bughouse);
        let bughouse_depth = with_searcher(0, u64::MAX, |searcher| {
            searcher.root(&bughouse, 1, &mut root_moves(&bughouse));
            searcher.search(&bughouse, true, 3, 1, -INFINITE, INFINITE, false);
            searcher.tt.probe(searcher.key(&child)).map(|e| e.depth)
        });
        assert_eq!(bughouse_depth, Some(2));
    }

    #[test]
    fn after_a_check_two_plies_before_improving_compares_with_four_plies_before() {
        let board = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        for flags in [0, 1 << 29] {
            with_started_selective_searcher(&board, flags, |searcher| {
                // In check two plies before (no static score there), 40
                // four plies before.
                searcher.evals[..5].copy_from_slice(&[0, 0, 40, 0, -INFINITE]);
                let improving = |searcher: &Searcher, score| searcher.improving(score, 6);
                if flags == 0 {
                    assert!(improving(searcher, 40), "as good as four plies before");
                    assert!(!improving(searcher, 39), "worse than four plies before");
                } else {
                    assert!(improving(searcher, 39), "switch 29: counts as improving");
                }
                // No score four plies before either: improving, as before.
                searcher.evals[2] = -INFINITE;
                assert!(improving(searcher, -500));
                // With a score two plies before, that decides.
                searcher.evals[4] = 10;
                assert!(improving(searcher, 11) && !improving(searcher, 10));
            });
        }
    }

    #[test]
    fn quiescence_counts_captures_but_not_a_recapture_switch_30_counts_it_too() {
        let board = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        let d4 = Move::from_uci("d4e5").unwrap();
        with_started_selective_searcher(&board, 0, |searcher| {
            searcher.order.path[2] = Some(Move::from_uci("d5e4").unwrap());
            assert!(searcher.recaptures(Move::from_uci("c3e4").unwrap(), 3));
            assert!(!searcher.recaptures(d4, 3));
            // At the root there is no move before.
            assert!(!searcher.recaptures(d4, 0));
        });
        // The rule's effect in a search: the count exempts recaptures, so
        // switch 30 (no exemption) visits other nodes.
        let nodes = |flags| selective_deepening(&board, 5, flags);
        assert_ne!(nodes(0), nodes(1 << 30));
    }

    #[test]
    fn late_quiet_evasions_are_pruned_by_continuation_history_in_crazyhouse_switch_7_keeps_them() {
        let board = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        with_started_selective_searcher(&board, 0, |searcher| {
            assert!(searcher.prunes_evasions(&board));
        });
        with_started_selective_searcher(&board, 1 << 7, |searcher| {
            assert!(!searcher.prunes_evasions(&board));
        });
        // Bughouse's bit 7 is its extension limit; no evasion is pruned.
        let bughouse = board.with_flavour(Flavour::Bughouse);
        with_started_selective_searcher(&bughouse, 0, |searcher| {
            assert!(!searcher.prunes_evasions(&bughouse));
        });
        // The rule's effect in a search: with full hands most nodes near
        // the horizon have drop checks to answer, and the pruned evasions
        // are nodes the search does not visit.
        let (pruned, kept) = (
            selective_deepening(&board, 6, 0),
            selective_deepening(&board, 6, 1 << 7),
        );
        assert!(pruned < kept, "{pruned} against {kept}");
    }

    #[test]
    fn an_evasion_is_pruned_only_once_a_move_scored_above_mate_so_an_escape_is_never_lost() {
        // Black in check from b6 has two quiet replies: Ka3 is mated at
        // once (Qb3#, no drop can block a queen's touch), Ka4 escapes.
        let board = crazyhouse_board("8/8/1Q6/8/1k1K4/8/B7/8[] b - - 0 1");
        let (mated, escape) = (
            Move::from_uci("b4a3").unwrap(),
            Move::from_uci("b4a4").unwrap(),
        );
        assert_eq!(board.legal_moves().len(), 2);
        // Started on another board, so the table holds no move for this
        // one and the ordering alone decides which reply comes first.
        let other = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        let score = with_started_selective_searcher(&other, 0, |searcher| {
            // Two moves before this node (at ply 2), after which both
            // replies did badly, the mated one less so: it is tried first,
            // and the escape is the late evasion with both entries negative.
            let rows = [
                Row::new(Color::White, Role::King, Square::D4),
                Row::new(Color::Black, Role::King, Square::B4),
            ];
            searcher.order.rows[0] = Some(rows[0]);
            searcher.order.rows[1] = Some(rows[1]);
            let continuation = searcher.order.continuation.as_mut().unwrap();
            for (m, bonus) in [(mated, -100), (escape, -20_000)] {
                let column = Column::new(history_index(m, MoveKind::of(&board, m)), m);
                for row in rows {
                    continuation.add(row, column, bonus);
                }
            }
            assert!(searcher.prunes_evasions(&board));
            // A window near White's material lead, so that White's reply
            // nodes search their moves rather than stand on the lead.
            searcher.search(&board, true, 2, 2, -2_000, -1_999, false)
        });
        assert!(score > -MATE_BOUND, "{score}: the escape was skipped");
    }

    #[test]
    fn the_selective_search_learns_corrections_switch_11_and_bughouse_do_not() {
        let board = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        let learnt = |board: &Board, flags: u32| {
            with_selective_searcher(flags, u64::MAX, |searcher| {
                deepen(searcher, board, 5);
                searcher.correction.as_ref().map(|c| c.learnt())
            })
        };
        let cells = learnt(&board, 0).expect("a correction history");
        assert!(cells > 0, "{cells} cells learnt");
        assert_eq!(learnt(&board, 1 << 11), None);
        assert_eq!(learnt(&board.with_flavour(Flavour::Bughouse), 0), None);
    }

    #[test]
    fn the_crazyhouse_search_skips_losing_quiet_moves_in_its_tree() {
        // A depth-4 iteration (no budget reached) searches fewer
        // nodes with the rule than with switch 12, which turns it off.
        let board = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        let nodes = |flags| after_root(&board, 4, flags, u64::MAX, |searcher| searcher.nodes);
        let (with_rule, without) = (nodes(0), nodes(1 << 12));
        assert!(
            with_rule < without,
            "{with_rule} nodes with the rule, {without} without"
        );
    }

    #[test]
    fn switch_14_drops_late_quiet_moves_after_a_count_that_grows_with_depth() {
        let limit = |depth: i32, improving: bool, flags: u32| {
            with_searcher(flags, 1_000, |searcher| {
                searcher.late_quiet_limit(depth, improving)
            })
        };
        // (3 + depth²) / 2, twice that when improving.
        let on = 1 << 14;
        assert_eq!(limit(1, false, on), Some(2));
        assert_eq!(limit(1, true, on), Some(4));
        assert_eq!(limit(3, false, on), Some(6));
        assert_eq!(limit(MOVE_COUNT_DEPTH, true, on), Some(39));
        assert_eq!(limit(MOVE_COUNT_DEPTH + 1, false, on), None);
        // The bot of the API tries every move.
        assert_eq!(limit(1, false, 0), None);
    }

    #[test]
    fn with_switch_14_the_crazyhouse_search_drops_late_quiet_moves_in_its_tree() {
        // Iterations to depth 6, as the bot deepens, search fewer nodes
        // with move-count pruning than without.
        let board = crazyhouse_board(OPEN_WITH_FULL_HANDS);
        let nodes = |flags| deepening(&board, 6, flags);
        let (with_rule, without) = (nodes(1 << 14), nodes(0));
        assert!(
            with_rule < without,
            "{with_rule} nodes with the rule, {without} without"
        );
    }

    /// A node of the selective search that is no PV node, not in check,
    /// with static score `static_eval`.
    fn node_scored(static_eval: i32) -> Node {
        Node {
            key: 0,
            static_eval,
            pv: false,
            depth: 8,
            ply: 3,
            in_check: false,
            futile: false,
            quiets_after: None,
            improving: false,
            cut: false,
        }
    }

    #[test]
    fn a_late_quiet_move_is_futile_at_the_parent_by_its_reduced_depth() {
        // Skipped when static + 180 + 140 · reduced depth ≤ alpha, below
        // reduced depth 6.
        let node = node_scored(-1_000);
        assert!(node.futile_at(0, -820));
        assert!(!node.futile_at(0, -821));
        assert!(node.futile_at(-2, -820), "a negative depth counts as 0");
        assert!(node.futile_at(5, -120));
        assert!(!node.futile_at(5, -121));
        assert!(!node.futile_at(PARENT_FUTILITY_DEPTH, 10_000));
        // Never in check (the static score is −infinite there).
        let in_check = Node {
            in_check: true,
            ..node_scored(-INFINITE)
        };
        assert!(!in_check.futile_at(0, 0));
    }

    #[test]
    fn each_of_session_33s_rules_saves_nodes_in_the_selective_search_only() {
        // Cut-node reductions (switch 24 off), the quiescence move count
        // (26), capture reductions (27) and the exchange pruning of
        // captures and checks (28): iterations to depth 6 on a crazyhouse
        // middlegame with drops in both hands search fewer nodes with each
        // rule than with its switch. The plain search (bughouse's) has
        // none of them: there switches 24 and 27 change nothing, and 26
        // and 28 turn their rule on (flipped, as switch 12), saving nodes.
        // Measured on the selective search of session 33 (session 36's
        // rules off: with them, the quiescence move count's tree is larger
        // on this board, a count that follows no rule of its own).
        let board = crazyhouse_board(
            "r1bqkb2/ppp2ppp/2n5/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R[NBPnbp] b KQq - 0 7",
        );
        let session_33 = SESSION_36_RULES_OFF;
        let with_rules = selective_deepening(&board, 6, session_33);
        for bit in [24, 26, 27, 28] {
            let without = selective_deepening(&board, 6, session_33 | 1 << bit);
            assert!(
                with_rules < without,
                "switch {bit}: {with_rules} nodes with the rule, {without} without"
            );
            let (plain, switched) = (deepening(&board, 5, 0), deepening(&board, 5, 1 << bit));
            if bit == 26 || bit == 28 {
                assert!(switched < plain, "switch {bit}: {switched} against {plain}");
            } else {
                assert_eq!(switched, plain, "switch {bit}");
            }
        }
    }

    #[test]
    fn pick_moves_the_first_of_the_best_scores_forward() {
        let mv = |uci: &str| Move::from_uci(uci).unwrap();
        let scored = |uci: &str, score| ScoredMove {
            mv: mv(uci),
            kind: 0,
            score,
        };
        let mut list = [
            scored("a2a3", 5),
            scored("b2b3", 9),
            scored("c2c3", 9),
            scored("d2d3", -1),
        ];
        pick(&mut list, 0);
        assert_eq!(list[0].mv, mv("b2b3"), "the first of two equal bests");
        pick(&mut list, 1);
        assert_eq!(list[1].mv, mv("c2c3"));
        pick(&mut list, 2);
        assert_eq!(list[2].mv, mv("a2a3"));
        pick(&mut list, 3);
        assert_eq!(list[3].mv, mv("d2d3"), "the last alone stays");
    }

    #[test]
    fn the_selective_search_skips_futile_late_quiet_moves_at_the_parent() {
        // Black is a rook and a knight down with drops in both hands:
        // iterations to depth 6 (no budget reached) search fewer nodes
        // with the rule than with switch 15, which turns it off; the plain
        // search has no such rule.
        let board = crazyhouse_board(
            "r1bqkb2/ppp2ppp/2n5/3pp3/3PP3/2N2N2/PPP2PPP/R1BQKB1R[NBPnbp] b KQq - 0 7",
        );
        let nodes = |flags| selective_deepening(&board, 6, flags);
        let (with_rule, without) = (nodes(0), nodes(1 << 15));
        assert!(
            with_rule < without,
            "{with_rule} nodes with the rule, {without} without"
        );
        assert_eq!(deepening(&board, 5, 0), deepening(&board, 5, 1 << 15));
    }

    #[test]
    fn check_extensions_stop_two_plies_beyond_the_depth_in_bughouse_only() {
        let bughouse = Board::new();
        let crazyhouse = Board::new_with(Flavour::Crazyhouse);
        assert_eq!(extension_limit(&bughouse, 6, 0), 8);
        assert_eq!(extension_limit(&crazyhouse, 6, 0), 16);
        // Switch 7 restores the longer limit in bughouse too.
        assert_eq!(extension_limit(&bughouse, 6, 1 << 7), 16);
    }

    #[test]
    fn the_eval_cache_answers_a_known_position_and_keeps_slot_sharers_apart() {
        let mut cache = EvalCache::new();
        // A fresh cache knows nothing, not even a key whose check bits are
        // zero with a score of zero (the empty entry's bits).
        assert_eq!(cache.score(5, || 9), 9);
        assert_eq!(cache.score(5, || unreachable!("cached")), 9);
        let key = 0x1234_5678_0000_0042;
        assert_eq!(cache.score(key, || 0), 0);
        assert_eq!(cache.score(key, || unreachable!("cached")), 0);
        // Another position in the same slot replaces it, never answers for it.
        let other = key ^ (1 << 40);
        assert_eq!(cache.score(other, || -5), -5);
        assert_eq!(cache.score(key, || 23), 23);
    }

    #[test]
    fn quiescence_skips_a_capture_that_loses_material_by_the_exchange() {
        // Qxd5 wins a pawn and loses the queen to exd5: the only capture.
        let fen = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
        let (skipped, nodes_skipped, stand) = quiescence(fen, 0);
        let (searched, nodes_searched, _) = quiescence(fen, OTHER_RULE_IN_QUIESCENCE);
        assert_eq!(nodes_skipped, 1, "only the position itself");
        assert!(nodes_searched > 1, "the old rule plays Qxd5");
        // Either way the capture is refused: standing pat is better.
        assert_eq!(skipped, stand);
        assert_eq!(searched, stand);
    }

    #[test]
    fn quiescence_still_takes_a_free_piece() {
        // The d5 pawn is undefended: Qxd5 wins it, with the rule or without.
        let fen = "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1";
        let (score, nodes, stand) = quiescence(fen, 0);
        assert!(nodes > 1);
        assert!(score > stand + 50, "{score} against standing pat {stand}");
        assert_eq!(quiescence(fen, OTHER_RULE_IN_QUIESCENCE).0, score);
    }
}
