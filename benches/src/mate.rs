//! A mate search by proof numbers (depth-first proof-number search, df-pn,
//! as shogi's mate solvers use): checks alone for the side to move, every
//! reply for the other, up to a number of moves. A study of issue 15's lead
//! from session 29 (benches/README.md): the bot lost matches after
//! Fairy-Stockfish had seen a forced drop mate for it, and a plain search
//! of checks needed millions of positions to find those mates.
//!
//! The search grows the tree where it is nearest a proof (the attacker's
//! node wants one child proved, the defender's needs every child proved)
//! and keeps each position's numbers in a table, so that it needs neither
//! an order of moves nor a depth to iterate over. Positions are keyed with
//! the moves the attacker has left: every path is then finite and a
//! number stored for a key is that key's own (no cycle, no history).

use bughouse_core::{Board, Move};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// "Infinite": a position proved or disproved.
const INFINITE: u32 = 1 << 30;

/// A position's numbers from the side to move's point of view: `phi`, how
/// many leaves must still be proved for it to win (0: it wins), `delta`,
/// how many for it to lose (0: it loses).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Numbers {
    phi: u32,
    delta: u32,
}

const LOST: Numbers = Numbers {
    phi: INFINITE,
    delta: 0,
};
const WON: Numbers = Numbers {
    phi: 0,
    delta: INFINITE,
};

/// Board hashes are random already: the table uses them as they are.
#[derive(Default, Debug)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("keys are u64")
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// What [`MateSearch::find`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// A check that mates within the moves asked, whatever the defence.
    Mate(Move),
    /// No mate by checks alone within the moves asked.
    NoMate,
    /// The node budget ran out first.
    Unknown,
}

/// One search's table and counters.
#[derive(Debug)]
pub struct MateSearch {
    table: HashMap<u64, Numbers, BuildHasherDefault<KeyHasher>>,
    /// Positions expanded (their moves generated).
    pub nodes: u64,
    limit: u64,
}

/// The key of `board` with `moves` attacker moves left.
fn key(board: &Board, moves: u32) -> u64 {
    board.hash() ^ u64::from(moves).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl MateSearch {
    /// A search that expands at most `limit` positions.
    pub fn new(limit: u64) -> MateSearch {
        MateSearch {
            table: HashMap::default(),
            nodes: 0,
            limit,
        }
    }

    /// A check of the side to move of `board` that mates in at most
    /// `moves` of its moves, each a check.
    pub fn find(&mut self, board: &Board, moves: u32) -> MateResult {
        if moves == 0 {
            return MateResult::NoMate;
        }
        let root = self.search(board, true, moves, INFINITE - 1, INFINITE - 1);
        if root.phi != 0 {
            return if root.delta == 0 {
                MateResult::NoMate
            } else {
                MateResult::Unknown
            };
        }
        for m in board.legal_moves() {
            let mut after = *board;
            after.play_unchecked(m);
            if after.is_check() && self.numbers(&after, false, moves - 1).delta == 0 {
                return MateResult::Mate(m);
            }
        }
        unreachable!("a proved root has a proved child")
    }

    /// The shortest mate within `moves`: mates in 1, 2, … moves are
    /// looked for in turn (each sharing the budget), so that the first
    /// proved is the shortest. Answers the mate and its length in the
    /// attacker's moves.
    pub fn find_shortest(&mut self, board: &Board, moves: u32) -> (MateResult, u32) {
        for within in 1..=moves {
            match self.find(board, within) {
                MateResult::NoMate => continue,
                found => return (found, within),
            }
        }
        (MateResult::NoMate, moves)
    }

    /// Lets the search expand `more` positions beyond those it has: a
    /// search kept across moves follows its own proof (the positions
    /// after each defence are proved in its table) at almost no cost.
    pub fn extend_budget(&mut self, more: u64) {
        self.limit = self.nodes.saturating_add(more);
    }

    /// The stored numbers of a child, or its first estimate: after a check
    /// (the defender to move), mated, free (no attacker move left) or as
    /// hard to prove as it has replies; after a reply, one each way.
    fn numbers(&mut self, child: &Board, attacker: bool, moves: u32) -> Numbers {
        if let Some(&n) = self.table.get(&key(child, moves)) {
            return n;
        }
        if attacker {
            return if moves == 0 {
                LOST
            } else {
                Numbers { phi: 1, delta: 1 }
            };
        }
        let replies = child.count_legal_moves() as u32;
        let n = if replies == 0 {
            LOST
        } else if moves == 0 {
            WON
        } else {
            Numbers {
                phi: 1,
                delta: replies,
            }
        };
        // Decided estimates are kept: they need no more counting.
        if n.phi == 0 || n.delta == 0 {
            self.table.insert(key(child, moves), n);
        }
        n
    }

    /// Expands `board` until its numbers reach a threshold (or the budget
    /// runs out), and stores them. `attacker`: whether the side to move is
    /// the one that mates; `moves`: the attacker's moves left.
    fn search(
        &mut self,
        board: &Board,
        attacker: bool,
        moves: u32,
        phi_limit: u32,
        delta_limit: u32,
    ) -> Numbers {
        self.nodes += 1;
        let own_key = key(board, moves);
        let children: Vec<Board> = board
            .legal_moves()
            .into_iter()
            .filter_map(|m| {
                let mut after = *board;
                after.play_unchecked(m);
                (!attacker || after.is_check()).then_some(after)
            })
            .collect();
        let child_moves = if attacker { moves - 1 } else { moves };
        loop {
            let mut phi = INFINITE;
            let mut delta: u32 = 0;
            let mut best = None;
            let mut best_delta = INFINITE;
            let mut second_delta = INFINITE;
            let mut best_phi = 0;
            for (i, child) in children.iter().enumerate() {
                let n = self.numbers(child, !attacker, child_moves);
                phi = phi.min(n.delta);
                delta = delta.saturating_add(n.phi).min(INFINITE);
                if n.delta < best_delta {
                    second_delta = best_delta;
                    best_delta = n.delta;
                    best_phi = n.phi;
                    best = Some(i);
                } else if n.delta < second_delta {
                    second_delta = n.delta;
                }
            }
            let here = Numbers { phi, delta };
            let Some(best) =
                best.filter(|_| phi < phi_limit && delta < delta_limit && self.nodes < self.limit)
            else {
                if phi == 0 || delta == 0 || self.nodes < self.limit {
                    self.table.insert(own_key, here);
                }
                return here;
            };
            let child_phi_limit = (delta_limit - (delta - best_phi)).min(INFINITE - 1);
            let child_delta_limit = phi_limit.min(second_delta.saturating_add(1));
            let child = children[best];
            self.search(
                &child,
                !attacker,
                child_moves,
                child_phi_limit,
                child_delta_limit,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bughouse_core::Flavour;

    fn crazyhouse(fen: &str) -> Board {
        fen.parse::<Board>()
            .expect("a FEN")
            .with_flavour(Flavour::Crazyhouse)
    }

    #[test]
    fn finds_a_back_rank_drop_mate_and_no_mate_where_there_is_none() {
        // R@a8 mates at once (make test-fairy's position for mate_probe).
        let board = crazyhouse("6k1/5ppp/8/8/8/8/8/K7[R] w - - 0 1");
        let mut search = MateSearch::new(100_000);
        let found = search.find(&board, 3);
        let MateResult::Mate(m) = found else {
            panic!("{found:?}")
        };
        let mut after = board;
        after.play(m).expect("legal");
        assert!(after.is_checkmate(), "{m}");
        // Without the rook in hand there is no check at all.
        let bare = crazyhouse("6k1/5ppp/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(MateSearch::new(100_000).find(&bare, 3), MateResult::NoMate);
    }

    /// Whether the side to move mates within `moves` checks, by trying
    /// every check and every reply (mate_probe's search, without order).
    fn mates_within(board: &Board, moves: u32) -> bool {
        moves > 0
            && board.legal_moves().into_iter().any(|m| {
                let mut after = *board;
                after.play_unchecked(m);
                after.is_check() && defender_is_mated_within(&after, moves - 1)
            })
    }

    fn defender_is_mated_within(board: &Board, moves: u32) -> bool {
        let replies = board.legal_moves();
        replies.is_empty()
            || replies.into_iter().all(|r| {
                let mut after = *board;
                after.play_unchecked(r);
                mates_within(&after, moves)
            })
    }

    /// Drop mates of one to three moves, and positions with checks but no
    /// mate: a back rank the defender can block from its pocket, a
    /// smothered corner, open kings with pieces in both hands.
    const SMALL_MATES: [&str; 7] = [
        "6k1/5ppp/8/8/8/8/8/K7[RN] w - - 0 1",
        "7k/6pp/8/8/8/8/8/K7[RRn] w - - 0 1",
        "6rk/6pp/8/8/8/8/8/K7[NN] w - - 0 1",
        "6k1/5ppp/8/8/8/8/5PPP/6K1[Qr] w - - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R[Nn] w KQkq - 0 1",
        "4k3/8/4K3/8/8/8/8/8[QR] w - - 0 1",
        "r4rk1/ppp2ppp/8/8/8/8/PPP2PPP/R4RK1[BNbn] b - - 0 1",
    ];

    #[test]
    fn agrees_with_trying_every_check_and_the_move_found_mates() {
        let mut mates = 0;
        for fen in SMALL_MATES {
            let board = crazyhouse(fen);
            for moves in 1..=3 {
                let expected = mates_within(&board, moves);
                let found = MateSearch::new(10_000_000).find(&board, moves);
                match found {
                    MateResult::Mate(m) => {
                        assert!(expected, "{fen} in {moves}: {m} claimed");
                        let mut after = board;
                        after.play(m).expect("legal");
                        assert!(
                            defender_is_mated_within(&after, moves - 1),
                            "{fen} in {moves}: {m} does not mate"
                        );
                        mates += 1;
                    }
                    MateResult::NoMate => assert!(!expected, "{fen} in {moves}: mate missed"),
                    MateResult::Unknown => panic!("{fen} in {moves}: budget"),
                }
            }
        }
        // The positions hold mates to find, and positions without.
        assert!((3..18).contains(&mates), "{mates} mates");
    }

    /// Plays the kept search's mate from `board` against every defence,
    /// expanding one position a move: the proof is in its table.
    fn follow_proof(search: &mut MateSearch, board: &Board, moves: u32) -> u32 {
        search.extend_budget(1);
        let MateResult::Mate(m) = search.find(board, moves) else {
            panic!("{board}: the proof of a mate in {moves} is lost")
        };
        let mut after = *board;
        after.play(m).expect("legal");
        let mut lines = 0;
        for reply in after.legal_moves() {
            let mut next = after;
            next.play_unchecked(reply);
            lines += follow_proof(search, &next, moves - 1);
        }
        lines.max(1)
    }

    #[test]
    fn the_shortest_mate_is_found_and_its_proof_followed_against_every_defence() {
        let mut followed = 0;
        for fen in SMALL_MATES {
            let board = crazyhouse(fen);
            let shortest = (1..=3).find(|&k| mates_within(&board, k));
            let mut search = MateSearch::new(10_000_000);
            match (search.find_shortest(&board, 3), shortest) {
                ((MateResult::Mate(_), within), Some(k)) => {
                    assert_eq!(within, k, "{fen}");
                    followed += follow_proof(&mut search, &board, within);
                }
                ((MateResult::NoMate, _), None) => {}
                (found, k) => panic!("{fen}: {found:?}, the shortest mate in {k:?}"),
            }
        }
        assert!(followed >= 2, "{followed} lines");
        // A longer mate from a match (session 29's match 7, seed 501, where
        // N@d3 mates): the shortest is no mate a move shorter, and its
        // proof holds through every defence.
        let board = crazyhouse("7r/kp3p1p/4pn2/3p4/1R5p/4PP2/PPbBNKPP/R4R2[PPPqqbbnnp] b - - 1 26");
        let mut search = MateSearch::new(10_000_000);
        let (MateResult::Mate(_), within) = search.find_shortest(&board, 9) else {
            panic!("no mate found")
        };
        assert!(within > 2, "{within}");
        let shorter = MateSearch::new(10_000_000).find(&board, within - 1);
        assert_eq!(shorter, MateResult::NoMate, "{within}");
        let lines = follow_proof(&mut search, &board, within);
        assert!(lines > 1, "{lines} lines of defence");
    }
}
