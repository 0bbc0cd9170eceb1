//! Perft: the number of leaf positions at a depth, the standard check of a
//! move generator against published numbers.

use crate::Board;

/// Counts the leaves `depth` plies below `board`, counting the last ply by
/// popcounts (bulk counting) rather than by playing each move.
pub fn perft(board: &Board, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => board.count_legal_moves(),
        _ => board
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *board;
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}
