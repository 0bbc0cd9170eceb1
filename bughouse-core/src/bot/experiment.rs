//! Switches and counters for the bot's developers, not for its users:
//! screening a search or evaluation change side by side with the bot as it
//! is, in one binary (`benches/examples/bot_selfplay.rs` plays a switched
//! bot against the plain one; `benches/src/bin/vs_fairy.rs` reads
//! `BOT_FLAGS`), and counting what the search does
//! (`benches/examples/bot_probe.rs`, with the `bot-stats` feature).
//!
//! Every switch is off by default, and the bot with no switch on is the
//! bot of the API. A switch that became the default keeps its bit for A/B
//! runs, turned round: on, it restores what was there before (bits 7, 10,
//! 13, 16, 17, 18, 19, 20 and 25; bits 4, 7, 11, 12, 15, 21, 22, 24, 26–31
//! in crazyhouse; 4, 12, 26 and 28 flip the rule in bughouse). The switches
//! are read once per decision (a relaxed atomic load), so a search is as
//! deterministic with them as without.
//! Results of each switch: benches/README.md, "Strength experiments".
//!
//! Bits 0–15 are the search's, 16–31 the evaluation's (but 23, 24 and
//! 26–31, the search's since sessions 33 and 36, when its own ran out); the switches
//! screened so far and rejected were removed from the code again (their
//! results stay in benches/README.md, their code in `benches/experiments/`).
//! No bit is free: a new switch takes the bit of one screened out.
//!
//! | bit | change |
//! |---:|---|
//! | 0 | reverse futility (static null move) up to depth 6, not 2 (same margin, 220 cp per ply) |
//! | 1 | futility pruning of quiet moves up to depth 3 at non-PV nodes, margin 180 + 140 per ply beyond the first |
//! | 2 | reverse futility margin 80 cp smaller when the static score improved on two plies ago |
//! | 3 | internal iterative reduction: one ply less from depth 4 when the table has no move |
//! | 4 | the selective search flipped: off in crazyhouse (the plain search of before session 23: no continuation history, the bot's own reductions, no move-count pruning), on in bughouse (screening only). It needs a continuation history lent by the caller (`TranspositionTable::with_history`) |
//! | 5 | razoring at depth ≤ 2: a static score 350 cp per ply below beta is settled by quiescence when that stays below beta too |
//! | 6 | late-move reductions one ply more at non-PV nodes whose static score is not improving |
//! | 7 | bughouse: check extensions up to 2 × depth + 4 plies, not root depth + 2 (crazyhouse always has the longer limit), the search before session 16; crazyhouse: no pruning of late quiet evasions by their continuation entries (Fairy-Stockfish's, the default since session 39), the search before |
//! | 8 | no reverse futility while the opponent holds a piece (not a pawn) to drop |
//! | 9 | no null move then either when the pass would be answered by quiescence alone (blind to drops) |
//! | 10 | quiescence searches captures whose static exchange loses material too (the bot's rule before they were skipped) |
//! | 11 | crazyhouse: no correction history (Stockfish's: the static score corrected by how far this decision's searches found scores of the same pawn structure and side to move off, up to ±64 cp; the default since session 36), the search before |
//! | 12 | the skipping of quiet moves that lose material by the static exchange near the horizon flipped: off in crazyhouse (its search before session 17), on in bughouse (screening only; bughouse's default searches them) |
//! | 13 | no counter moves in the ordering (the quiet move that last refuted the previous move, tried after the killers), the search before session 13 |
//! | 14 | move-count pruning (Stockfish's) where the selective search is off (it is part of it): at non-PV nodes not in check within 6 plies of the horizon, the quiet moves without check that are no killer or counter move are dropped after (3 + depth²) / 2 moves, twice that when improving (screened alone in crazyhouse in session 18; it replaced an old switch 4, a milder count never kept) |
//! | 15 | no futility at the parent in the selective search (a late quiet move without check at a node that is no PV node skipped when its reduced depth is below 6 and the static score + 180 + 140 per ply of that depth is at most alpha), the search before session 24 |
//! | 16 | evaluation: king danger by the linear measure (empty squares by the king no defender covers, knight-check squares, open lines, zone control, scaled by the enemy hand), the bot's before attack units became the default (bughouse session 7, crazyhouse session 10) |
//! | 17 | evaluation, crazyhouse: the values of chess (board 100/300/310/450/850 for P/N/B/R/Q, hand 130/330/330/480/900), the bot's before the compressed values (board 100/220/230/280/500, hand 130/250/250/300/540, the drop players' rule of thumb) became the default (session 10) |
//! | 18 | evaluation, bughouse: the same values of chess (the default before session 10) |
//! | 19 | evaluation: no threats (enemy pieces our pawns attack, 25 cp each; enemy pieces we attack and nothing defends, 20 cp), the evaluation before session 13 |
//! | 20 | evaluation: the weights of session 13 (king danger 5/4 with the attacker to move and 3/4 with the defender, not 6/4 and 2/4; threats 40 and 30 cp, not 25 and 20), the evaluation before session 14 |
//! | 21 | evaluation, crazyhouse: no mobility (8 cp per square a knight or bishop attacks, 6 a rook, 4 a queen, that holds no piece of its side and no enemy pawn guards), the evaluation before session 20 |
//! | 22 | evaluation, crazyhouse: no opening terms (a pawn on files a, b, g or h takes the rank bonus of the others, not −10, −20, −30 cp on its 3rd to 5th rank; a knight or bishop on its first rank costs 8 cp, not 25), the evaluation before session 28 |
//! | 23 | with switch 24, one ply more reduction of a late quiet move at an expected cut node (half the default's) |
//! | 24 | crazyhouse: no more reduction of late quiet moves at expected cut nodes (Stockfish's `cutNode`: a null-window node its parent expects to fail high; the default two plies more since session 33), the search before |
//! | 25 | evaluation: the king danger the same whoever is to move (not 6/4 of it with the attacker to move, 2/4 with the defender), the evaluation before session 13 |
//! | 26 | flipped, as 12: in crazyhouse quiescence tries every capture, not only the first two without check (Fairy-Stockfish's quiescence move count, the default since session 33), the search before; in bughouse it tries only those two (screening only) |
//! | 27 | crazyhouse: late captures are not reduced (the default since session 33: a late capture without check at an expected cut node, or one whose victim cannot bring the static score up to alpha, reduced by Stockfish's table), the search before |
//! | 28 | flipped, as 12: in crazyhouse captures and checks that lose more than 264 cp a ply by the static exchange near the horizon (depth ≤ 4) are searched, not skipped once a move was searched (Stockfish's pruning, the default since session 33), the search before; in bughouse they are skipped (screening only) |
//! | 29 | crazyhouse: after a check two plies before (no static score there) the node counts as improving, the search before session 36 (its default, Stockfish's rule, compares with four plies before) |
//! | 30 | crazyhouse: quiescence's move count counts recaptures too, the search before session 36 (its default exempts a capture on the square the move before went to, as Stockfish's does) |
//! | 31 | crazyhouse: no single-reply extension (in check with one legal reply, that reply is searched one ply deeper: Stockfish's, the default since session 36), the search before |

use core::sync::atomic::{AtomicU32, AtomicU64, Ordering};

pub use super::eval::TERM_COUNT;
use super::eval::{CRAZYHOUSE_TERMS, EvalParams, TERMS, Terms, evaluate_with};
use crate::{Board, Flavour};

/// Bits of the changes switched on for the decisions that start from now.
static FLAGS: AtomicU32 = AtomicU32::new(0);

/// Search counters (only counted with the `bot-stats` feature), summed
/// over every search since the last [`take_stats`], indexed by the
/// constants below.
static STATS: [AtomicU64; 12] = [const { AtomicU64::new(0) }; 12];

/// Full-width nodes.
pub const NODES: usize = 0;
/// Quiescence nodes.
pub const QNODES: usize = 1;
/// Table probes at full-width nodes.
pub const TT_PROBES: usize = 2;
/// Probes that found their position.
pub const TT_HITS: usize = 3;
/// Probes whose entry ended the node.
pub const TT_CUTS: usize = 4;
/// Full-width nodes that failed high.
pub const CUT_NODES: usize = 5;
/// … on the first move tried.
pub const CUT_FIRST: usize = 6;
/// … on the table's move.
pub const CUT_TT_MOVE: usize = 7;
/// Full-width nodes in check.
pub const EXTENSIONS: usize = 8;
/// Null moves tried.
pub const NULL_TRIES: usize = 9;
/// Null moves that cut off.
pub const NULL_CUTS: usize = 10;
/// Moves tried at nodes that failed high, summed.
pub const MOVES_AT_CUT: usize = 11;

/// Switch 13 as a mask: no counter moves in the move ordering (the search
/// before session 13).
pub(crate) const NO_COUNTER_MOVES: u32 = 1 << 13;

/// Switch 10 as a mask: quiescence searches the captures that lose
/// material by the static exchange too (the rule before they were skipped).
pub(crate) const OTHER_RULE_IN_QUIESCENCE: u32 = 1 << 10;

/// The numbers of the evaluation, for fitting them
/// (`benches/examples/tune_eval.rs`): [`EvalTerms::values`] lists them in
/// the order of [`EvalTerms::names`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EvalTerms(Terms);

impl EvalTerms {
    /// The numbers of the bot's evaluation in `flavour`, with no switch
    /// on.
    pub fn new(flavour: Flavour) -> Self {
        EvalTerms(match flavour {
            Flavour::Crazyhouse => CRAZYHOUSE_TERMS,
            Flavour::Bughouse => TERMS,
        })
    }

    /// The names of the numbers ("board P", "tempo", "mobility N", …).
    pub fn names() -> [&'static str; TERM_COUNT] {
        let mut terms = TERMS;
        terms.named_fields().map(|(name, _)| name)
    }

    /// The numbers, in the order of [`EvalTerms::names`].
    pub fn values(&self) -> [i32; TERM_COUNT] {
        let mut terms = self.0;
        terms.named_fields().map(|(_, v)| *v)
    }

    /// These numbers with `values` in the order of [`EvalTerms::names`].
    pub fn with_values(&self, values: &[i32; TERM_COUNT]) -> Self {
        let mut terms = self.0;
        for ((_, field), value) in terms.named_fields().into_iter().zip(values) {
            *field = *value;
        }
        EvalTerms(terms)
    }

    /// The static score of `board` for the side to move with these
    /// numbers, as the bot's search sees it at a leaf with no switch on
    /// (no team term: a crazyhouse board, or a bughouse board whose other
    /// board weighs nothing), whatever the board's flavour.
    pub fn evaluate(&self, board: &Board) -> i32 {
        evaluate_with(board, &EvalParams::plain(board.turn()), &self.0)
    }
}

/// The switches on now.
pub fn flags() -> u32 {
    FLAGS.load(Ordering::Relaxed)
}

/// Switches on exactly the bits of `flags` for the decisions that start
/// from now (0: the bot of the API).
pub fn set_flags(flags: u32) {
    FLAGS.store(flags, Ordering::Relaxed);
}

#[inline]
pub(crate) fn count(counter: usize, n: u64) {
    #[cfg(feature = "bot-stats")]
    STATS[counter].fetch_add(n, Ordering::Relaxed);
    #[cfg(not(feature = "bot-stats"))]
    let _ = (counter, n);
}

/// The counters since the last call, and resets them.
pub fn take_stats() -> [u64; 12] {
    let mut out = [0; 12];
    for (o, s) in out.iter_mut().zip(STATS.iter()) {
        *o = s.swap(0, Ordering::Relaxed);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_terms_name_every_number_once_and_give_them_back() {
        let terms = EvalTerms::new(Flavour::Bughouse);
        assert_eq!(terms.with_values(&terms.values()), terms);
        // Distinct values read back in the same order: every entry of the
        // list is a field of its own.
        let distinct: [i32; TERM_COUNT] = core::array::from_fn(|i| 1000 + i as i32);
        assert_eq!(terms.with_values(&distinct).values(), distinct);
        // A name stands by its own number: "tempo" moves the start
        // position's score by exactly what it adds.
        let names = EvalTerms::names();
        let tempo = names.iter().position(|&n| n == "tempo").unwrap();
        let mut values = terms.values();
        values[tempo] += 5;
        let start = Board::new();
        assert_eq!(
            terms.with_values(&values).evaluate(&start),
            terms.evaluate(&start) + 5
        );
        for (i, a) in names.iter().enumerate() {
            assert!(names[i + 1..].iter().all(|b| a != b), "{a} twice");
        }
    }

    #[test]
    fn eval_terms_evaluate_as_the_search_does() {
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Nn] w KQkq - 0 1",
            "r2q1rk1/ppp2ppp/2n5/3pP3/3P2b1/2PB4/P4PPP/R2QK2R[BNPpn] b KQ - 0 12",
            "6k1/5ppp/8/8/8/8/3P4/4K3[qnp] b - - 0 1",
        ] {
            let board: Board = fen.parse().unwrap();
            for board in [board, board.with_flavour(Flavour::Crazyhouse)] {
                let params = EvalParams::plain(board.turn());
                assert_eq!(
                    EvalTerms::new(board.flavour()).evaluate(&board),
                    super::super::eval::evaluate(&board, &params),
                    "{fen}"
                );
            }
        }
    }
}
