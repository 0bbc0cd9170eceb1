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
    ///
    /// ```
    /// use bughouse_core::{Move, Square};
    ///
    /// assert_eq!(Move::from_uci("g1f3")?.to(), Square::F3);
    /// assert_eq!(Move::from_uci("N@f3")?.to(), Square::F3);
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    #[inline]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The origin square; `None` for a drop.
    ///
    /// ```
    /// use bughouse_core::{Move, Square};
    ///
    /// assert_eq!(Move::from_uci("g1f3")?.from(), Some(Square::G1));
    /// assert_eq!(Move::from_uci("N@f3")?.from(), None);
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The promotion role, if any.
    ///
    /// ```
    /// use bughouse_core::{Move, Role};
    ///
    /// assert_eq!(Move::from_uci("e7e8n")?.promotion(), Some(Role::Knight));
    /// assert_eq!(Move::from_uci("e2e4")?.promotion(), None);
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    #[inline]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            Move::Drop { .. } => None,
        }
    }

    /// Whether this is a drop.
    ///
    /// ```
    /// use bughouse_core::Move;
    ///
    /// assert!(Move::from_uci("P@e4")?.is_drop());
    /// assert!(!Move::from_uci("e2e4")?.is_drop());
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    #[inline]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    /// The move as 16 bits, the one compact code every binding and table
    /// uses: a normal move is `from | to << 6 | promotion << 12` (roles
    /// count from pawn = 1, 0 for none); a drop sets bit 15, with its
    /// square in bits 0–5 and its role in bits 12–14.
    ///
    /// ```
    /// use bughouse_core::Move;
    ///
    /// for text in ["e2e4", "e7e8q", "N@f3", "P@a2"] {
    ///     let m = Move::from_uci(text)?;
    ///     assert_eq!(Move::from_u16(m.to_u16()), Some(m));
    /// }
    /// assert_eq!(Move::from_u16(0x8000 | 0x0040), None); // a drop with a `from`
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    #[inline]
    pub const fn to_u16(self) -> u16 {
        match self {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let role = match promotion {
                    Some(r) => (r as u16) << 12,
                    None => 0,
                };
                from.index() as u16 | (to.index() as u16) << 6 | role
            }
            Move::Drop { role, to } => 0x8000 | (role as u16) << 12 | to.index() as u16,
        }
    }

    /// The move of a [`Move::to_u16`] code; `None` for a number no move
    /// encodes to (a drop without a role or with bits 6–11 set, a role
    /// number above 6).
    pub fn from_u16(code: u16) -> Option<Move> {
        let square = |bits: u16| Square::ALL[usize::from(bits & 63)];
        let role = match (code >> 12) & 7 {
            0 => None,
            r => Some(Role::from_index(usize::from(r) - 1)?),
        };
        if code & 0x8000 != 0 {
            if code & 0x0fc0 != 0 {
                return None;
            }
            Some(Move::Drop {
                role: role?,
                to: square(code),
            })
        } else {
            Some(Move::Normal {
                from: square(code),
                to: square(code >> 6),
                promotion: role,
            })
        }
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
    fn n3_every_move_has_one_u16_code() {
        let mut seen = std::collections::HashSet::new();
        for from in Square::ALL {
            for to in Square::ALL {
                for promotion in [None, Some(Role::Knight), Some(Role::Queen)] {
                    let m = Move::Normal {
                        from,
                        to,
                        promotion,
                    };
                    assert_eq!(Move::from_u16(m.to_u16()), Some(m));
                    assert!(seen.insert(m.to_u16()));
                }
            }
        }
        for role in Role::ALL {
            for to in Square::ALL {
                let m = Move::Drop { role, to };
                assert_eq!(Move::from_u16(m.to_u16()), Some(m));
                assert!(seen.insert(m.to_u16()));
            }
        }
    }

    #[test]
    fn move_is_at_most_four_bytes() {
        assert!(core::mem::size_of::<Move>() <= 4);
        assert_eq!(
            core::mem::size_of::<Option<Move>>(),
            core::mem::size_of::<Move>()
        );
    }
}
