//! Perft: the number of leaf positions at a depth, the standard check of a
//! move generator against published numbers.

use crate::Board;

/// Counts the leaves `depth` plies below `board`, counting the last ply by
/// popcounts (bulk counting) rather than by playing each move.
///
/// ```
/// use bughouse_core::{Board, perft};
/// assert_eq!(perft(&Board::new(), 3), 8_902);
/// ```
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

/// As [`perft`], asking `keep_going` at each position two or more plies
/// above the leaves (one question per few hundred to few thousand leaves);
/// the first `false` stops the count and returns `None`.
///
/// This is how a caller makes a long count interruptible without threads
/// or allocation: the Python binding checks for Ctrl-C there. The count,
/// when it finishes, is [`perft`]'s.
///
/// ```
/// use bughouse_core::{Board, board::perft_while};
/// assert_eq!(perft_while(&Board::new(), 3, &mut || true), Some(8_902));
/// let mut asked = 0;
/// let stop_at_the_tenth_question = perft_while(&Board::new(), 4, &mut || {
///     asked += 1;
///     asked < 10
/// });
/// assert_eq!(stop_at_the_tenth_question, None);
/// ```
pub fn perft_while(
    board: &Board,
    depth: u32,
    keep_going: &mut impl FnMut() -> bool,
) -> Option<u64> {
    if depth < 2 {
        return Some(perft(board, depth));
    }
    if !keep_going() {
        return None;
    }
    let mut total = 0;
    for m in board.legal_moves() {
        let mut child = *board;
        child.play_unchecked(m);
        total += perft_while(&child, depth - 1, keep_going)?;
    }
    Some(total)
}
