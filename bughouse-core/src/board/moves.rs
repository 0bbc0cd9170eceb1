//! A move or a drop on one board.

use core::fmt;

use crate::{Role, Square};

/// What a player does on its turn (R9): a normal chess move, or a drop from
/// its pocket. `Copy` and 4 bytes. Castling is the king's two-square move
/// (`e1g1`), as UCI writes it.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A piece moves (and maybe captures or promotes).
    Normal {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
        /// The new role of a pawn reaching the last rank.
        promotion: Option<Role>,
    },
    /// A piece from the pocket is placed on an empty square (R9, R10).
    Drop {
        /// What is dropped.
        role: Role,
        /// Where.
        to: Square,
    },
}

impl Move {
    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The origin square; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The promotion role, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            Move::Drop { .. } => None,
        }
    }

    /// Whether this is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }
}

impl fmt::Display for Move {
    /// UCI (N3): `e2e4`, `e7e8q`, `N@f3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.char())?;
                }
                Ok(())
            }
            Move::Drop { role, to } => write!(f, "{}@{to}", role.upper_char()),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_is_at_most_four_bytes() {
        assert!(core::mem::size_of::<Move>() <= 4);
        assert_eq!(
            core::mem::size_of::<Option<Move>>(),
            core::mem::size_of::<Move>()
        );
    }
}
