//! UCI move text (N3): `e2e4`, `e7e8q`, drops `N@f3`, `P@e4`. Written by
//! `Move`'s `Display`.

use core::str::FromStr;

use crate::{Move, MoveTextError, Role, Square};

fn err(offset: usize, reason: &'static str) -> MoveTextError {
    MoveTextError { offset, reason }
}

impl Move {
    /// Reads UCI text. Accepts drops with either letter case (`n@f3`), and
    /// castling as the king's two-square move (`e1g1`). Says nothing about
    /// legality: see [`crate::Board::play`].
    ///
    /// # Errors
    ///
    /// A [`MoveTextError`] with the byte offset of what is wrong and why: too
    /// short, not a square, a drop of a king or of no piece, a bad promotion
    /// letter, text after the move.
    ///
    /// ```
    /// use bughouse_core::{Move, Role, Square};
    ///
    /// assert_eq!(Move::from_uci("e7e8q")?, Move::Normal { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) });
    /// assert_eq!(Move::from_uci("n@f3")?, Move::Drop { role: Role::Knight, to: Square::F3 });
    /// assert_eq!(Move::from_uci("N@f3")?.to_string(), "N@f3"); // written back by Display
    /// let error = Move::from_uci("e2e9").unwrap_err();
    /// assert_eq!(error.offset, 2);
    /// assert!(Move::from_uci("K@e4").is_err()); // kings are never dropped (R3)
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    pub fn from_uci(text: &str) -> Result<Move, MoveTextError> {
        Move::from_uci_bytes(text.as_bytes())
    }

    /// As [`Move::from_uci`], over bytes.
    ///
    /// # Errors
    ///
    /// As [`Move::from_uci`].
    ///
    /// ```
    /// use bughouse_core::Move;
    ///
    /// assert_eq!(Move::from_uci_bytes(b"e2e4")?, Move::from_uci("e2e4")?);
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    pub fn from_uci_bytes(b: &[u8]) -> Result<Move, MoveTextError> {
        let square = |at: usize| -> Result<Square, MoveTextError> {
            b.get(at..at + 2)
                .and_then(Square::from_ascii)
                .ok_or(err(at, "expected a square such as e4"))
        };
        if b.len() < 4 {
            return Err(err(b.len(), "too short for a UCI move"));
        }
        if b[1] == b'@' {
            let role = Role::from_char(char::from(b[0]))
                .filter(|r| *r != Role::King)
                .ok_or(err(0, "a drop starts with P, N, B, R or Q"))?;
            let to = square(2)?;
            if b.len() > 4 {
                return Err(err(4, "unexpected text after the drop"));
            }
            return Ok(Move::Drop { role, to });
        }
        let from = square(0)?;
        let to = square(2)?;
        let promotion = match b.get(4) {
            None => None,
            Some(&c) => Some(
                Role::from_char(char::from(c))
                    .filter(|r| c.is_ascii_lowercase() && !matches!(r, Role::Pawn | Role::King))
                    .ok_or(err(4, "a promotion is one of q, r, b, n"))?,
            ),
        };
        if b.len() > 5 {
            return Err(err(5, "unexpected text after the move"));
        }
        if from == to {
            return Err(err(2, "a move must change squares"));
        }
        Ok(Move::Normal {
            from,
            to,
            promotion,
        })
    }
}

impl FromStr for Move {
    type Err = MoveTextError;
    fn from_str(s: &str) -> Result<Move, MoveTextError> {
        Move::from_uci(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n3_uci_round_trips() {
        for text in ["e2e4", "e7e8q", "N@f3", "P@e4", "e1g1", "a7b8n"] {
            let m = Move::from_uci(text).unwrap();
            let mut out = arrayvec::ArrayString::<8>::new();
            core::fmt::write(&mut out, format_args!("{m}")).unwrap();
            assert_eq!(out.as_str(), text);
        }
        assert_eq!(
            Move::from_uci("n@f3").unwrap(),
            Move::Drop {
                role: Role::Knight,
                to: Square::F3
            }
        );
    }

    #[test]
    fn n3_uci_errors_name_the_byte() {
        assert_eq!(Move::from_uci("").unwrap_err().offset, 0);
        assert_eq!(Move::from_uci("e2e9").unwrap_err().offset, 2);
        assert_eq!(Move::from_uci("K@e4").unwrap_err().offset, 0);
        assert_eq!(Move::from_uci("e7e8k").unwrap_err().offset, 4);
        assert_eq!(Move::from_uci("e7e8qq").unwrap_err().offset, 5);
        assert_eq!(Move::from_uci("e2e2").unwrap_err().offset, 2);
        assert!(Move::from_uci("P@e4x").is_err());
        assert!(Move::from_uci("é2e4").is_err());
    }
}
