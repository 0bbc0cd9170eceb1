//! The transposition table: a fixed array of entries indexed by the low bits
//! of a position's key, so the search remembers what it learnt about a
//! position reached by another move order (or in an earlier decision)
//! without ever allocating.

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

/// One remembered position: 12 bytes.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    /// The upper 32 bits of the key: the low bits chose the slot, these tell
    /// two positions sharing a slot apart.
    check: u32,
    /// The best move found, if any. Only used to order moves: the searcher
    /// plays it only when the generator produced it too, so a collision can
    /// never make it play an illegal move.
    pub mv: Option<Move>,
    /// The score, mate scores relative to this position (see `search`).
    pub score: i16,
    /// The depth the score was searched to.
    pub depth: i8,
    /// Bound in the low 2 bits, the table's generation above them.
    meta: u8,
}

impl Entry {
    const EMPTY: Entry = Entry {
        check: 0,
        mv: None,
        score: 0,
        depth: -1,
        meta: 0,
    };

    /// The kind of bound the score is.
    pub fn bound(&self) -> Bound {
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

/// The number of entries of the default table: 2¹⁵ entries of 12 bytes,
/// 384 KiB — room for every node of several default-budget decisions.
pub const DEFAULT_TT_ENTRIES: usize = 1 << 15;

/// A transposition table of `N` entries (a power of two) held inline, so
/// the core never allocates: Rust callers may `Box` it, or keep it in a
/// `static` or a long-lived struct. Reusing one table across the decisions
/// of a game makes the bot a little faster and stronger; its contents never
/// affect legality, only move order and pruning.
#[derive(Clone, Debug)]
pub struct TranspositionTable<const N: usize = DEFAULT_TT_ENTRIES> {
    entries: [Entry; N],
    generation: u8,
}

impl Default for TranspositionTable<DEFAULT_TT_ENTRIES> {
    fn default() -> Self {
        TranspositionTable::new()
    }
}

impl TranspositionTable<DEFAULT_TT_ENTRIES> {
    /// An empty table of the default size ([`DEFAULT_TT_ENTRIES`]).
    pub const fn new() -> Self {
        Self::with_entries()
    }
}

impl<const N: usize> TranspositionTable<N> {
    /// Rejected at compile time: the slot is the key masked by `N - 1`.
    const SIZE_IS_A_POWER_OF_TWO: () = assert!(N.is_power_of_two(), "N must be a power of two");

    /// An empty table of `N` entries; `N` must be a power of two (checked at
    /// compile time).
    pub const fn with_entries() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::SIZE_IS_A_POWER_OF_TWO;
        TranspositionTable {
            entries: [Entry::EMPTY; N],
            generation: 0,
        }
    }

    /// Forgets everything, e.g. before a new game.
    pub fn clear(&mut self) {
        self.entries = [Entry::EMPTY; N];
        self.generation = 0;
    }

    /// How many entries it holds.
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Starts a new decision: entries of earlier ones become the first to go.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 0x3f;
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key as usize) & (N - 1)
    }

    /// The entry for `key`, if the table holds one.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[Self::slot(key)];
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
        let slot = &mut self.entries[Self::slot(key)];
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
        *slot = Entry {
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
        assert_eq!(core::mem::size_of::<Entry>(), 12);
    }

    #[test]
    fn store_then_probe() {
        let mut tt = TranspositionTable::<16>::with_entries();
        let key = 0x1234_5678_9abc_def5;
        assert!(tt.probe(key).is_none());
        let mv = Move::Normal {
            from: Square::E2,
            to: Square::E4,
            promotion: None,
        };
        tt.store(key, Some(mv), -42, 3, Bound::Lower);
        let e = tt.probe(key).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound()),
            (Some(mv), -42, 3, Bound::Lower)
        );
        // Another key in the same slot is not mistaken for it.
        assert!(tt.probe(key ^ (1 << 40)).is_none());
        tt.clear();
        assert!(tt.probe(key).is_none());
    }
}
