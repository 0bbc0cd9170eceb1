//! The transposition table: entries indexed by a position's key, so the
//! search remembers what it learnt about a position reached by another move
//! order (or in an earlier decision) without ever allocating.
//!
//! The entries live wherever the caller wants them: inline (the default,
//! `[TableEntry; N]`, for a `static` or a struct), or in storage the caller
//! owns — a `Box<[TableEntry]>` or `Vec` built with
//! `vec![TableEntry::EMPTY; n]`, which fills the heap in place, or a
//! borrowed `&mut [TableEntry]`. So a large table is never moved through the
//! stack.
//!
//! The table also lends the search its continuation and correction
//! histories ([`HistoryCell`], [`TranspositionTable::with_history`]):
//! 1.06 MiB the crazyhouse search needs and the core may neither allocate
//! nor put on the stack, so it lives in the caller's storage like the
//! entries.

use super::history::CORRECTION_CELLS;
use crate::Move;

/// How an entry's score relates to the true score of its position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

impl Bound {
    /// Whether a remembered `score` with this bound settles a node searched
    /// in the window (`alpha`, `beta`): exact, or a bound on the side that
    /// cuts.
    pub(crate) fn settles(self, score: i32, alpha: i32, beta: i32) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// One remembered position (12 bytes). Opaque: callers only make empty
/// ones, [`TableEntry::EMPTY`], to build a table's storage.
#[derive(Copy, Clone, Debug)]
pub struct TableEntry {
    /// The upper 32 bits of the key: the low bits chose the slot, these tell
    /// two positions sharing a slot apart.
    check: u32,
    /// The best move found, if any. Only used to order moves: the searcher
    /// plays it only when the generator produced it too, so a collision can
    /// never make it play an illegal move.
    pub(crate) mv: Option<Move>,
    /// The score, mate scores relative to this position (see `search`).
    pub(crate) score: i16,
    /// The depth the score was searched to.
    pub(crate) depth: i8,
    /// Bound in the low 2 bits, the table's generation above them.
    meta: u8,
}

impl TableEntry {
    /// An entry that remembers nothing: the value to fill new storage with.
    pub const EMPTY: TableEntry = TableEntry {
        check: 0,
        mv: None,
        score: 0,
        depth: -1,
        meta: 0,
    };

    /// The kind of bound the score is.
    pub(crate) fn bound(&self) -> Bound {
        match self.meta & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }

    fn generation(&self) -> u8 {
        self.meta >> 2
    }
}

impl Default for TableEntry {
    fn default() -> TableEntry {
        TableEntry::EMPTY
    }
}

/// One cell of the search's histories (2 bytes): how well a quiet move
/// did after a given move one or two plies before it, or how far the
/// static score was off. Opaque: callers only make empty ones,
/// [`HistoryCell::EMPTY`], to build its storage.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryCell(pub(crate) i16);

impl HistoryCell {
    /// A cell that knows nothing: the value to fill new storage with.
    pub const EMPTY: HistoryCell = HistoryCell(0);
}

/// The cells of the search's histories ([`TranspositionTable::with_history`]):
/// the continuation history, one cell per pair of a move before (12
/// pieces × 64 targets: the colour and role standing on the target, and
/// the target) and a quiet move (6 roles moved and 5 dropped × 64
/// targets), 768 × 704 = 540 672 cells, then the correction history, 2 ×
/// 8 192 cells (by side to move and pawn structure): 557 056 cells,
/// 1.06 MiB. Storage with fewer cells leaves both out.
pub const HISTORY_CELLS: usize = CONTINUATION_CELLS + CORRECTION_CELLS;
/// Cells of the continuation history, the first of [`HISTORY_CELLS`].
pub(crate) const CONTINUATION_CELLS: usize = CONTINUATION_ROWS * CONTINUATION_COLUMNS;
/// Rows of the continuation history: the move before, by its colour, the
/// role on its target, and the target.
pub(crate) const CONTINUATION_ROWS: usize = 2 * 6 * 64;
/// Columns: the quiet move, by the role moved (0–5) or dropped (6–10) and
/// its target.
pub(crate) const CONTINUATION_COLUMNS: usize = 11 * 64;

/// No continuation history: the history storage of a table built without
/// one ([`TranspositionTable::from_storage`], [`TranspositionTable::new`]).
pub type NoHistory = [HistoryCell; 0];

/// The number of entries of the default table: 2¹⁵ entries of 12 bytes,
/// 384 KiB — room for every node of several default-budget decisions.
pub const DEFAULT_TT_ENTRIES: usize = 1 << 15;

/// A transposition table over the storage `S`: any number of
/// [`TableEntry`]s (none at all is allowed: the search then remembers
/// nothing). Reusing one table across the decisions of a game makes the bot
/// a little faster and stronger; its contents never affect legality, only
/// move order and pruning.
///
/// The default storage is inline (`[TableEntry; DEFAULT_TT_ENTRIES]`,
/// 384 KiB): fine in a `static` or a long-lived struct, but
/// `Box::new(TranspositionTable::new())` may build it on the stack first.
/// A server builds the storage in place on the heap instead:
///
/// ```
/// use bughouse_core::{bot::TableEntry, bot::TranspositionTable};
///
/// // `vec!` fills the heap directly: nothing large crosses the stack.
/// let storage = vec![TableEntry::EMPTY; 1 << 16].into_boxed_slice();
/// let tt = TranspositionTable::from_storage(storage);
/// assert_eq!(tt.capacity(), 1 << 16);
/// ```
///
/// With [`TranspositionTable::with_history`] the table also holds the
/// search's continuation and correction histories, which the crazyhouse
/// search needs for its full strength (see [`HistoryCell`]).
#[derive(Clone, Debug)]
pub struct TranspositionTable<S = [TableEntry; DEFAULT_TT_ENTRIES], H = NoHistory> {
    entries: S,
    history: H,
    generation: u8,
}

impl Default for TranspositionTable {
    fn default() -> Self {
        TranspositionTable::new()
    }
}

impl TranspositionTable {
    /// An empty inline table of the default size ([`DEFAULT_TT_ENTRIES`]).
    pub const fn new() -> Self {
        Self::with_entries()
    }
}

impl<const N: usize> TranspositionTable<[TableEntry; N]> {
    /// An empty inline table of `N` entries.
    pub const fn with_entries() -> Self {
        TranspositionTable {
            entries: [TableEntry::EMPTY; N],
            history: [],
            generation: 0,
        }
    }
}

impl<S: AsRef<[TableEntry]> + AsMut<[TableEntry]>> TranspositionTable<S> {
    /// A table over the caller's storage (e.g. a `Box<[TableEntry]>` or a
    /// `&mut [TableEntry]`), of any length, without a continuation history
    /// (add one with [`TranspositionTable::with_history`]). Whatever the
    /// entries held is kept: storage filled with [`TableEntry::EMPTY`]
    /// starts empty, and storage taken back with
    /// [`TranspositionTable::into_storage`] resumes.
    pub fn from_storage(entries: S) -> Self {
        TranspositionTable {
            entries,
            history: [],
            generation: 0,
        }
    }
}

impl<S: AsRef<[TableEntry]> + AsMut<[TableEntry]>, H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>>
    TranspositionTable<S, H>
{
    /// The same table, with the caller's `history` storage for the
    /// search's continuation and correction histories: at least
    /// [`HISTORY_CELLS`] cells (e.g. `vec![HistoryCell::EMPTY;
    /// HISTORY_CELLS]`, built in place on the heap); with fewer, the search
    /// does without. The crazyhouse search uses them (a quiet move is
    /// ordered, reduced and pruned by how it did after the move before it;
    /// a static score is corrected by how far searches found scores of its
    /// pawn structure off); the bughouse search does not yet. The search
    /// clears them at each decision, so they hold nothing a game needs
    /// saved.
    ///
    /// ```
    /// use bughouse_core::bot::{HistoryCell, HISTORY_CELLS, TableEntry, TranspositionTable};
    ///
    /// let tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 16])
    ///     .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]);
    /// assert!(tt.has_history());
    /// ```
    pub fn with_history<H2: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>>(
        self,
        history: H2,
    ) -> TranspositionTable<S, H2> {
        TranspositionTable {
            entries: self.entries,
            history,
            generation: self.generation,
        }
    }

    /// The table's storage back, e.g. to reuse its memory (the history's
    /// is dropped with the table; see [`TranspositionTable::into_parts`]).
    pub fn into_storage(self) -> S {
        self.entries
    }

    /// The table's and the history's storage back.
    pub fn into_parts(self) -> (S, H) {
        (self.entries, self.history)
    }

    /// Whether the search has its histories: storage of at least
    /// [`HISTORY_CELLS`] cells.
    pub fn has_history(&self) -> bool {
        self.history.as_ref().len() >= HISTORY_CELLS
    }

    /// Forgets everything, e.g. before a new game.
    pub fn clear(&mut self) {
        self.entries.as_mut().fill(TableEntry::EMPTY);
        self.history.as_mut().fill(HistoryCell::EMPTY);
        self.generation = 0;
    }

    /// How many entries it holds.
    pub fn capacity(&self) -> usize {
        self.entries.as_ref().len()
    }

    /// Starts a new decision (entries of earlier ones become the first to
    /// go) and lends the entries to the search, with the continuation
    /// history if there is room for one.
    pub(crate) fn start_search(&mut self) -> (Table<'_>, Option<&mut [HistoryCell]>) {
        self.generation = (self.generation + 1) & 0x3f;
        // Storage shorter than a history's cells lends none.
        let history = self.history.as_mut().get_mut(..HISTORY_CELLS);
        (
            Table {
                entries: self.entries.as_mut(),
                generation: self.generation,
            },
            history,
        )
    }
}

/// The table as one search sees it: the entries and the decision's
/// generation.
#[derive(Debug)]
pub(crate) struct Table<'a> {
    entries: &'a mut [TableEntry],
    generation: u8,
}

impl Table<'_> {
    /// The slot of `key`: the key's low 32 bits scaled to the table's
    /// length (a multiply and a shift, for any length; the high 32 bits are
    /// the entry's check).
    #[inline]
    fn slot(&self, key: u64) -> usize {
        ((u128::from(key as u32) * self.entries.len() as u128) >> 32) as usize
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<TableEntry> {
        let e = *self.entries.get(self.slot(key))?;
        (e.depth >= 0 && e.check == (key >> 32) as u32).then_some(e)
    }

    /// Remembers a result. An entry of the current decision searched deeper
    /// for another position is kept; anything else is replaced.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i16,
        depth: i8,
        bound: Bound,
    ) {
        let generation = self.generation;
        let index = self.slot(key);
        let Some(slot) = self.entries.get_mut(index) else {
            return;
        };
        let check = (key >> 32) as u32;
        let same = slot.check == check && slot.depth >= 0;
        if !same && slot.generation() == generation && slot.depth > depth + 2 {
            return;
        }
        // Keep the old best move when the new search found none (fail low).
        let mv = if mv.is_none() && same { slot.mv } else { mv };
        let bound_bits = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        *slot = TableEntry {
            check,
            mv,
            score,
            depth,
            meta: bound_bits | (generation << 2),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Square;

    #[test]
    fn entry_is_twelve_bytes() {
        assert_eq!(core::mem::size_of::<TableEntry>(), 12);
    }

    #[test]
    fn store_then_probe() {
        let mut tt = TranspositionTable::<[TableEntry; 16]>::with_entries();
        let key = 0x1234_5678_9abc_def5;
        let mv = Move::Normal {
            from: Square::E2,
            to: Square::E4,
            promotion: None,
        };
        {
            let (mut t, _) = tt.start_search();
            assert!(t.probe(key).is_none());
            t.store(key, Some(mv), -42, 3, Bound::Lower);
            let e = t.probe(key).expect("stored");
            assert_eq!(
                (e.mv, e.score, e.depth, e.bound()),
                (Some(mv), -42, 3, Bound::Lower)
            );
            // Another key in the same slot is not mistaken for it.
            assert!(t.probe(key ^ (1 << 40)).is_none());
        }
        tt.clear();
        assert!(tt.start_search().0.probe(key).is_none());
    }

    #[test]
    fn any_length_works_even_none() {
        for len in [0usize, 1, 3, 1000] {
            let mut storage = std::vec![TableEntry::EMPTY; len];
            let mut tt = TranspositionTable::from_storage(&mut storage[..]);
            let (mut t, _) = tt.start_search();
            for key in [0u64, u64::MAX, 0xdead_beef_0000_ffff] {
                t.store(key, None, 7, 1, Bound::Exact);
                assert_eq!(t.probe(key).map(|e| e.score), (len > 0).then_some(7));
            }
        }
    }
}
