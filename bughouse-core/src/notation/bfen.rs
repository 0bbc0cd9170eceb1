//! BFEN (N2): both boards of a game as `fenA | fenB`, read and written.

use core::fmt;

use crate::board::pocket::POCKET_MAX;
use crate::notation::fen::material;
use crate::{Board, Color, FenError, FenErrorKind, Flavour, Role};

/// Reads a BFEN (N2): board A's FEN, `|`, board B's FEN, both in the
/// bughouse flavour. The material of each colour over both boards and the
/// pockets must fit in one game (R7); error offsets count from the BFEN's start.
/// Whitespace around each FEN is ignored.
///
/// # Errors
///
/// A [`FenError`]: [`FenErrorKind::MissingBoardSeparator`] without a `|`,
/// an error in either FEN at its byte in the whole text, or
/// [`FenErrorKind::TooMuchMaterial`] when both boards together hold more
/// than one game's pieces.
///
/// ```
/// use bughouse_core::{bfen::Bfen, bfen::parse_bfen};
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
/// let boards = parse_bfen(&format!("{start} | {start}\n"))?;
/// assert_eq!(Bfen(&boards).to_string(), format!("{start} | {start}"));
/// # Ok::<(), bughouse_core::FenError>(())
/// ```
///
/// ```
/// use bughouse_core::{Board, bfen::{Bfen, parse_bfen}, error::FenErrorKind};
///
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
/// let boards = parse_bfen(&format!("{start} | {start}"))?;
/// assert_eq!(boards, [Board::new(), Board::new()]);
/// assert_eq!(Bfen(&boards).to_string(), format!("{start} | {start}"));
/// assert_eq!(parse_bfen(start).unwrap_err().kind, FenErrorKind::MissingBoardSeparator);
/// # Ok::<(), bughouse_core::FenError>(())
/// ```
pub fn parse_bfen(bfen: &str) -> Result<[Board; 2], FenError> {
    let bar = bfen.find('|').ok_or(FenError {
        offset: bfen.len(),
        kind: FenErrorKind::MissingBoardSeparator,
    })?;
    let a = Board::from_fen_at(&bfen[..bar], Flavour::Bughouse, 0)?;
    let b = Board::from_fen_at(&bfen[bar + 1..], Flavour::Bughouse, bar + 1)?;
    for color in Color::ALL {
        let (ma, mb) = (material(&a, &[color]), material(&b, &[color]));
        for role in Role::POCKET {
            if ma[role.index()] + mb[role.index()] > u32::from(POCKET_MAX[role.index()]) {
                return Err(FenError {
                    // Both boards hold the material: blame where A's starts.
                    offset: bfen.len() - bfen.trim_start().len(),
                    kind: FenErrorKind::TooMuchMaterial { color, role },
                });
            }
        }
    }
    Ok([a, b])
}

/// Both boards as BFEN (N2): `fenA | fenB`.
#[derive(Copy, Clone, Debug)]
pub struct Bfen<'a>(pub &'a [Board; 2]);

impl fmt::Display for Bfen<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} | {}", self.0[0], self.0[1])
    }
}
