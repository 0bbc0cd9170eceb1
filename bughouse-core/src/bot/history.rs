//! The search's histories, in the cells the caller lends
//! ([`super::HISTORY_CELLS`]): the continuation history and, after it, the
//! correction history ([`Correction`]).
//!
//! The continuation history: how well each quiet move did after a given
//! move one ply before it (the opponent's) and two plies before (our own),
//! Stockfish's "continuation history". In crazyhouse most quiet moves are
//! drops, and whether a drop is any good depends mostly on the move just
//! played (the piece it put on which square): the plain history by piece
//! and target cannot tell the late quiet moves apart, this can, and the
//! selective search leans on that order (see `search`).
//!
//! 768 rows (the move before: its colour, the role standing on its target,
//! the target) × 704 columns (the quiet move: the role moved or dropped,
//! its target), 16 bits a cell, in the storage the caller lends the table
//! ([`super::TranspositionTable::with_history`]): 1 MiB (1.06 with the
//! correction history) is too much for the stack or a `static`. The
//! colour of the quiet move is left out of the column: after a white move,
//! the next move is Black's and the one after White's, so a row mixes the
//! two sides' replies only between its one- and two-ply uses (as measured,
//! session 22).

use super::tt::{CONTINUATION_COLUMNS, HistoryCell};
use crate::{Board, Color, Move, Role, Square};

/// The gravity limit (Stockfish's): an entry moves towards ± this by a
/// bonus, less the closer it already is, so it never saturates.
const LIMIT: i32 = 29_952;

/// A row: the move before, by the colour that played it, the role it put
/// on its target, and the target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Row(u16);

impl Row {
    /// The row of a move by `mover` that put `role` on `to`.
    #[inline]
    pub(crate) fn new(mover: Color, role: Role, to: Square) -> Row {
        Row(((mover.index() * 6 + role.index()) * 64 + to.index()) as u16)
    }
}

/// A column: the quiet move, by its history index (the role moved, 0–5,
/// or dropped, 6–10) and its target.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Column(u16);

impl Column {
    /// The column's index in a row ([`Continuation::row`]).
    #[inline]
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The column of a quiet move with history index `index` (see
    /// `search::history_index`).
    #[inline]
    pub(crate) fn new(index: usize, m: Move) -> Column {
        Column((index * 64 + m.to().index()) as u16)
    }
}

/// The history of a cut at `depth` (Stockfish's bonus): 17d² + 134d − 134,
/// capped beyond depth 13.
pub(crate) fn bonus(depth: i32) -> i32 {
    if depth > 13 {
        29
    } else {
        17 * depth * depth + 134 * depth - 134
    }
    .max(0)
}

/// `cell` moved by `bonus` (negative: a malus) with gravity: v + bonus −
/// v · |bonus| / `limit`, within ±`limit`, so a cell never saturates (both
/// histories' rule, Stockfish's).
#[inline]
fn with_gravity(cell: HistoryCell, bonus: i32, limit: i32) -> HistoryCell {
    let v = i32::from(cell.0);
    let v = v + bonus - v * bonus.abs() / limit;
    HistoryCell(v.clamp(-limit, limit) as i16)
}

/// The continuation history over the caller's cells (the first
/// [`super::tt::CONTINUATION_CELLS`] of [`super::HISTORY_CELLS`]).
pub(crate) struct Continuation<'a> {
    cells: &'a mut [HistoryCell],
}

impl<'a> Continuation<'a> {
    /// Over `cells`, cleared: each decision starts without what the last
    /// one learnt (as screened; the table's entries carry on).
    pub(crate) fn cleared(cells: &'a mut [HistoryCell]) -> Continuation<'a> {
        cells.fill(HistoryCell::EMPTY);
        Continuation { cells }
    }

    #[inline]
    fn index(row: Row, column: Column) -> usize {
        usize::from(row.0) * CONTINUATION_COLUMNS + usize::from(column.0)
    }

    /// How well `column` did after `row` (0: nothing known); the search
    /// reads whole rows ([`Self::row`]), the tests single cells.
    #[cfg(test)]
    pub(crate) fn get(&self, row: Row, column: Column) -> i32 {
        Self::cell(self.row(row), column)
    }

    /// The value of `column` in a row from [`Self::row`] (0: nothing known,
    /// or no row).
    #[inline]
    pub(crate) fn cell(row: &[HistoryCell], column: Column) -> i32 {
        row.get(column.index()).map_or(0, |c| i32::from(c.0))
    }

    /// Every column's cell after `row`, for a caller that reads many
    /// columns of one row (the ordering of a node's quiet moves).
    #[inline]
    pub(crate) fn row(&self, row: Row) -> &[HistoryCell] {
        let start = usize::from(row.0) * CONTINUATION_COLUMNS;
        self.cells
            .get(start..start + CONTINUATION_COLUMNS)
            .unwrap_or(&[])
    }

    /// Adds `bonus` (negative: a malus) to `column` after `row`, with
    /// gravity: v + bonus − v · |bonus| / [`LIMIT`], within ±[`LIMIT`].
    #[inline]
    pub(crate) fn add(&mut self, row: Row, column: Column, bonus: i32) {
        if let Some(cell) = self.cells.get_mut(Self::index(row, column)) {
            *cell = with_gravity(*cell, bonus, LIMIT);
        }
    }
}

/// Slots of the correction history for each side to move.
const CORRECTION_SLOTS: usize = 1 << 13;

/// Cells of the correction history: a slot per side to move and pawn
/// structure ([`Correction`]), after the continuation history's in the
/// caller's storage.
pub(crate) const CORRECTION_CELLS: usize = 2 * CORRECTION_SLOTS;

/// The bound of a correction cell, and its gravity (Stockfish's): a cell
/// of ±1 024 corrects a static score by ±64 cp ([`Correction::get`]).
const CORRECTION_LIMIT: i32 = 1024;

/// Stockfish's correction history: how far the searches of this decision
/// found the static score off, by side to move and pawn structure, added
/// to later static scores of the same kind (the selective search's pruning
/// then trusts a score nearer the truth). Over [`CORRECTION_CELLS`] of the
/// caller's cells (16 bits each, 32 KiB: not on the search's stack, which
/// already holds 160 KiB of move lists and cached scores).
///
/// With the single-reply extension, "improving" across a check and
/// recaptures exempt from quiescence's move count, against
/// Fairy-Stockfish in crazyhouse: 35.9 % against 33.6 % without the four
/// at 100 ms (1 200 real-time matches each, within the noise), 37.2 %
/// against 32.8 % at fixed nodes near it (200), 59.4 % against 53.6 % at
/// 20 ms (400); alone, each was level (benches/README.md, sessions
/// 34–36).
pub(crate) struct Correction<'a> {
    cells: &'a mut [HistoryCell],
}

impl<'a> Correction<'a> {
    /// Over `cells` (at least [`CORRECTION_CELLS`]), cleared: each
    /// decision starts without what the last one learnt, as screened.
    pub(crate) fn cleared(cells: &'a mut [HistoryCell]) -> Correction<'a> {
        cells.fill(HistoryCell::EMPTY);
        Correction { cells }
    }

    /// The cell of `board`: its side to move and its pawns, each side's
    /// pawns multiplied by its own odd constant and folded to 13 bits.
    #[inline]
    fn slot(board: &Board) -> usize {
        let pawns = board.by_role(Role::Pawn);
        let white = (pawns & board.by_color(Color::White)).0;
        let black = (pawns & board.by_color(Color::Black)).0;
        let h =
            white.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ black.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        (h >> (64 - CORRECTION_SLOTS.trailing_zeros())) as usize
            + CORRECTION_SLOTS * usize::from(board.turn() == Color::Black)
    }

    /// How many cells hold something learnt (for the tests).
    #[cfg(test)]
    pub(crate) fn learnt(&self) -> usize {
        self.cells.iter().filter(|c| c.0 != 0).count()
    }

    /// What to add to `board`'s static score, in centipawns: the cell's
    /// value squared (keeping its sign) over 16 384, so small cells, a few
    /// searches' worth, change little.
    #[inline]
    pub(crate) fn get(&self, board: &Board) -> i32 {
        let c = self
            .cells
            .get(Self::slot(board))
            .map_or(0, |c| i32::from(c.0));
        c * c.abs() / 16_384
    }

    /// Learns from a node of `board` searched `depth` plies deep: its best
    /// score was `best` where its static score said `static_eval`. The
    /// bonus, (best − static) · depth / 8 within ±256, moves the cell with
    /// gravity, so it stays within ±[`CORRECTION_LIMIT`].
    #[inline]
    pub(crate) fn learn(&mut self, board: &Board, best: i32, static_eval: i32, depth: i32) {
        let bonus =
            ((best - static_eval) * depth / 8).clamp(-CORRECTION_LIMIT / 4, CORRECTION_LIMIT / 4);
        if let Some(cell) = self.cells.get_mut(Self::slot(board)) {
            *cell = with_gravity(*cell, bonus, CORRECTION_LIMIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tt::{CONTINUATION_CELLS, CONTINUATION_ROWS, HISTORY_CELLS};
    use super::*;

    fn with_history<T>(test: impl FnOnce(&mut Continuation) -> T) -> T {
        let mut cells = std::vec![HistoryCell(5); HISTORY_CELLS];
        test(&mut Continuation::cleared(&mut cells))
    }

    #[test]
    fn every_row_and_column_has_a_cell_of_its_own() {
        let last_row = Row::new(Color::Black, Role::King, Square::H8);
        let last_column = Column::new(
            10,
            Move::Drop {
                role: Role::Queen,
                to: Square::H8,
            },
        );
        assert_eq!(usize::from(last_row.0), CONTINUATION_ROWS - 1);
        assert_eq!(usize::from(last_column.0), CONTINUATION_COLUMNS - 1);
        assert_eq!(
            Continuation::index(last_row, last_column),
            CONTINUATION_CELLS - 1
        );
    }

    #[test]
    fn a_decision_starts_from_a_cleared_history() {
        with_history(|h| {
            let row = Row::new(Color::White, Role::Knight, Square::F3);
            let column = Column::new(
                7,
                Move::Drop {
                    role: Role::Knight,
                    to: Square::G5,
                },
            );
            assert_eq!(h.get(row, column), 0);
        });
    }

    #[test]
    fn gravity_keeps_an_entry_within_its_limit_whatever_the_bonuses() {
        with_history(|h| {
            let row = Row::new(Color::Black, Role::Pawn, Square::E5);
            let column = Column::new(
                1,
                Move::Normal {
                    from: Square::G1,
                    to: Square::F3,
                    promotion: None,
                },
            );
            for _ in 0..1_000 {
                h.add(row, column, bonus(13));
            }
            let high = h.get(row, column);
            assert!((LIMIT * 9 / 10..=LIMIT).contains(&high), "{high}");
            for _ in 0..1_000 {
                h.add(row, column, -bonus(13));
            }
            let low = h.get(row, column);
            assert!((-LIMIT..=-LIMIT * 9 / 10).contains(&low), "{low}");
            // The other cells are untouched.
            assert_eq!(
                h.get(Row::new(Color::White, Role::Pawn, Square::E5), column),
                0
            );
        });
    }

    #[test]
    fn a_correction_grows_towards_what_searches_found_within_64_cp_by_side_and_pawns() {
        let mut cells = std::vec![HistoryCell(7); CORRECTION_CELLS];
        let mut correction = Correction::cleared(&mut cells);
        let white: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
            .parse()
            .unwrap();
        let black: Board = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
            .parse()
            .unwrap();
        let other_pawns: Board = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"
            .parse()
            .unwrap();
        // Cleared: nothing to add.
        assert_eq!(correction.get(&white), 0);
        // One shallow search 40 cp above the static score changes little
        // (the cell squared), many deep ones up to the bound.
        correction.learn(&white, 40, 0, 2);
        let once = correction.get(&white);
        assert!((0..=1).contains(&once), "{once}");
        for _ in 0..100 {
            correction.learn(&white, 900, 0, 20);
        }
        assert_eq!(correction.get(&white), 64);
        // Pieces other than pawns do not matter: the same slot.
        let knight_out: Board = "rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"
            .parse()
            .unwrap();
        assert_eq!(correction.get(&knight_out), 64);
        // The other side to move and other pawns have slots of their own.
        assert_eq!(correction.get(&black), 0);
        assert_eq!(correction.get(&other_pawns), 0);
        // Searches below the static score bring it back down, past zero.
        for _ in 0..100 {
            correction.learn(&white, -900, 0, 20);
        }
        assert_eq!(correction.get(&white), -64);
    }

    #[test]
    fn deeper_cuts_weigh_more() {
        assert_eq!(bonus(1), 17);
        assert!((1..13).all(|d| bonus(d + 1) > bonus(d)));
        assert_eq!(bonus(20), 29);
    }
}
