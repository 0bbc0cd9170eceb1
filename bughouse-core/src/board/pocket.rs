//! A seat's pieces in hand.

use core::fmt;

use crate::Role;

/// The most pieces of one role that one pocket can ever hold (R8, a
/// consequence of conservation R7): 16 pawns, 4 knights, 4 bishops, 4 rooks,
/// 2 queens. Indexed by [`Role::index`]. Input that would exceed these is
/// rejected, so no count ever passes them and the Zobrist keys cover every count.
pub const POCKET_MAX: [u8; 5] = [16, 4, 4, 4, 2];

/// One seat's pocket (R3): how many pawns, knights, bishops, rooks and queens
/// of its own colour it may drop. Never a king.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Pocket {
    counts: [u8; 5],
}

impl Pocket {
    /// The empty pocket.
    pub const EMPTY: Pocket = Pocket { counts: [0; 5] };

    /// How many pieces of `role` it holds (always 0 for the king).
    ///
    /// ```
    /// use bughouse_core::{Board, Color, Role};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/4K3[PPn] w - - 0 1".parse()?;
    /// assert_eq!(board.pocket(Color::White).count(Role::Pawn), 2);
    /// assert_eq!(board.pocket(Color::Black).count(Role::Knight), 1);
    /// assert_eq!(board.pocket(Color::White).len(), 2);
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    #[inline]
    pub const fn count(&self, role: Role) -> u8 {
        match role {
            Role::King => 0,
            _ => self.counts[role.index()],
        }
    }

    /// How many pieces it holds in all.
    #[inline]
    pub fn len(&self) -> u32 {
        self.counts.iter().map(|&n| u32::from(n)).sum()
    }

    /// Whether it holds nothing.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.counts == [0; 5]
    }

    /// Whether it holds at least one piece of `role`.
    #[inline]
    pub const fn has(&self, role: Role) -> bool {
        self.count(role) > 0
    }

    /// Adds one piece of `role`. Returns `false`, changing nothing, for a king
    /// or when the R8 bound for that role is already reached.
    ///
    /// ```
    /// use bughouse_core::{Pocket, Role};
    ///
    /// let mut pocket = Pocket::default();
    /// assert!(pocket.add(Role::Queen));
    /// assert!(!pocket.add(Role::King)); // never a king (R3)
    /// assert!(pocket.remove(Role::Queen) && pocket.is_empty());
    /// assert!(!pocket.remove(Role::Queen)); // nothing left to remove
    /// ```
    #[inline]
    pub fn add(&mut self, role: Role) -> bool {
        if role == Role::King || self.counts[role.index()] >= POCKET_MAX[role.index()] {
            return false;
        }
        self.counts[role.index()] += 1;
        true
    }

    /// Takes one piece of `role` out. Returns `false`, changing nothing, when
    /// there is none.
    #[inline]
    pub fn remove(&mut self, role: Role) -> bool {
        if !self.has(role) {
            return false;
        }
        self.counts[role.index()] -= 1;
        true
    }

    /// The roles it holds at least one of, pawn first.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        Role::POCKET.into_iter().filter(move |&r| self.has(r))
    }

    /// The pieces as upper-case FEN letters, queen first (`"QNPP"`).
    ///
    /// ```
    /// use bughouse_core::{Board, Color};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/4K3[QNPPb] w - - 0 1".parse()?;
    /// let white: String = board.pocket(Color::White).letters().collect();
    /// assert_eq!(white, "QNPP"); // the strongest first
    /// assert_eq!(board.pocket(Color::Black).to_string(), "B"); // a pocket has no colour of its own
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn letters(&self) -> impl Iterator<Item = char> + '_ {
        [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ]
        .into_iter()
        .flat_map(move |r| core::iter::repeat_n(r.upper_char(), usize::from(self.count(r))))
    }
}

impl fmt::Display for Pocket {
    /// The pieces as upper-case FEN letters, queen first (`"QNPP"`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.letters() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r8_bounds_are_enforced_by_add() {
        let mut p = Pocket::EMPTY;
        for _ in 0..2 {
            assert!(p.add(Role::Queen));
        }
        assert!(!p.add(Role::Queen));
        assert_eq!(p.count(Role::Queen), 2);
        for _ in 0..16 {
            assert!(p.add(Role::Pawn));
        }
        assert!(!p.add(Role::Pawn));
        assert!(!p.add(Role::King));
        assert_eq!(p.len(), 18);
    }

    #[test]
    fn remove_and_letters() {
        let mut p = Pocket::EMPTY;
        assert!(!p.remove(Role::Knight));
        p.add(Role::Knight);
        p.add(Role::Pawn);
        p.add(Role::Queen);
        let mut s = arrayvec::ArrayString::<16>::new();
        core::fmt::write(&mut s, format_args!("{p}")).unwrap();
        assert_eq!(s.as_str(), "QNP");
        assert!(p.remove(Role::Knight));
        assert!(!p.has(Role::Knight));
    }
}
