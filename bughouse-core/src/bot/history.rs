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
//! ([`super::TranspositionTable::with_history`]): 1 MiB is too much for
//! the stack or a `static`. The colour of the quiet move is left out of
//! the column: after a white move, the next move is Black's and the one
//! after White's, so a row mixes the two sides' replies only between its
//! one- and two-ply uses (as measured, session 22).

use super::tt::{CONTINUATION_COLUMNS, HistoryCell};
use crate::{Color, Move, Role, Square};

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

/// The continuation history over the caller's cells (exactly
/// [`super::HISTORY_CELLS`] of them).
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
            let v = i32::from(cell.0);
            let v = v + bonus - v * bonus.abs() / LIMIT;
            cell.0 = v.clamp(-LIMIT, LIMIT) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tt::{CONTINUATION_ROWS, HISTORY_CELLS};
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
            HISTORY_CELLS - 1
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
    fn deeper_cuts_weigh_more() {
        assert_eq!(bonus(1), 17);
        assert!((1..13).all(|d| bonus(d + 1) > bonus(d)));
        assert_eq!(bonus(20), 29);
    }
}
