//! FEN with pockets and promoted marks (N1): read from `&str`, written through
//! `fmt::Display` (no allocation).
//!
//! `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qnp] w KQkq - 0 1`; the
//! 9th-rank form `…/RNBQKBNR/Qnp w …` is accepted on input. The side to move
//! is required; castling, en passant and the two counters may be left out
//! (EPD style). Every error names what is wrong and the byte where it is.

use core::fmt;
use core::str::FromStr;

use crate::board::pocket::POCKET_MAX;
use crate::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, FenError, FenErrorKind, Flavour, Piece,
    Role, Square,
};

/// A cursor over FEN bytes that remembers where it is, for error offsets.
struct Cursor<'a> {
    text: &'a [u8],
    pos: usize,
    base: usize,
}

/// Whitespace between and around fields: what `str::split_whitespace`
/// splits on in ASCII, so `for line in file` input (a trailing newline)
/// reads as python-chess reads it.
fn is_space(b: u8) -> bool {
    b.is_ascii_whitespace()
}

impl Cursor<'_> {
    fn err(&self, kind: FenErrorKind) -> FenError {
        FenError {
            offset: self.base + self.pos,
            kind,
        }
    }
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }
    fn skip_spaces(&mut self) -> bool {
        let start = self.pos;
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
        self.pos > start
    }
    /// The next space-separated field, if any.
    fn field(&mut self) -> Option<(usize, &[u8])> {
        self.skip_spaces();
        let start = self.pos;
        while self.peek().is_some_and(|c| !is_space(c)) {
            self.pos += 1;
        }
        (self.pos > start).then(|| (self.base + start, &self.text[start..self.pos]))
    }
}

/// The character at byte `at` of `text` (a character boundary: readers stop
/// only after ASCII), for error messages: `é`, never the byte `Ã`.
fn char_at(text: &[u8], at: usize) -> char {
    let tail = text.get(at..).unwrap_or_default();
    let len = tail.len().min(4);
    (1..=len)
        .find_map(|n| core::str::from_utf8(&tail[..n]).ok())
        .and_then(|s| s.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER)
}

impl Cursor<'_> {
    /// An unexpected character at byte `pos` of this FEN's text.
    fn unexpected(&self, pos: usize, what: &'static str) -> FenError {
        FenError {
            offset: self.base + pos,
            kind: FenErrorKind::UnexpectedChar(char_at(self.text, pos), what),
        }
    }
}

impl Board {
    /// Reads a FEN (N1) in the given flavour. Accepts `[pocket]` and the
    /// 9th-rank `/pocket` forms, `~` promoted marks, and any well-placed en
    /// passant square (kept only when a capture is legal, R15). Surrounding
    /// whitespace (a trailing newline) is ignored, and fields may be
    /// separated by any ASCII whitespace, as python-chess reads FEN.
    ///
    /// # Errors
    ///
    /// A [`FenError`] for text that is not FEN, and for positions no game
    /// can reach: a missing or extra king, a pawn on rank 1 or 8, the side
    /// not to move in check, more material than R7 allows, castling rights
    /// without their king and rook. Its offset is the byte where reading
    /// stopped, or the start of the field at fault.
    ///
    /// ```
    /// use bughouse_core::{Board, error::FenErrorKind, Flavour};
    ///
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1\n", Flavour::Bughouse)?;
    /// assert_eq!(board.pocket(bughouse_core::Color::Black).letters().count(), 1);
    ///
    /// let err = Board::from_fen("4k3/8/8/8/8/8/8/4K3[] w KQ - 0 1", Flavour::Bughouse).unwrap_err();
    /// assert_eq!(err.kind, FenErrorKind::BadCastlingRights('K'));
    /// assert_eq!(err.offset, 24); // the castling field
    /// # Ok::<(), bughouse_core::FenError>(())
    /// ```
    pub fn from_fen(fen: &str, flavour: Flavour) -> Result<Board, FenError> {
        Board::from_fen_at(fen, flavour, 0)
    }

    /// As [`Board::from_fen`], reporting offsets from `base` (for BFEN).
    pub(crate) fn from_fen_at(fen: &str, flavour: Flavour, base: usize) -> Result<Board, FenError> {
        let mut cur = Cursor {
            text: fen.as_bytes(),
            pos: 0,
            base,
        };
        cur.skip_spaces();
        let placement_at = base + cur.pos;
        let mut board = Board::empty(flavour);
        parse_placement(&mut cur, &mut board)?;

        let missing_turn = cur.err(FenErrorKind::Missing("side to move"));
        let (turn_at, turn) = cur.field().ok_or(missing_turn)?;
        board.turn = match turn {
            b"w" => Color::White,
            b"b" => Color::Black,
            _ => return Err(cur.unexpected(turn_at - base, "side to move")),
        };
        let mut ep_field = None;
        let mut castling_at = turn_at;
        if let Some((at, castling)) = cur.field() {
            castling_at = at;
            if castling != b"-" {
                for (i, &c) in castling.iter().enumerate() {
                    let right = match c {
                        b'K' => CastlingRights::WHITE_KING_SIDE,
                        b'Q' => CastlingRights::WHITE_QUEEN_SIDE,
                        b'k' => CastlingRights::BLACK_KING_SIDE,
                        b'q' => CastlingRights::BLACK_QUEEN_SIDE,
                        _ => return Err(cur.unexpected(at + i - base, "castling rights")),
                    };
                    board.castling |= right;
                }
            }
            if let Some((at, ep)) = cur.field() {
                if ep != b"-" {
                    let sq = Square::from_ascii(ep)
                        .ok_or_else(|| cur.unexpected(at - base, "en passant square"))?;
                    ep_field = Some((at, sq));
                }
                if let Some((at, half)) = cur.field() {
                    board.halfmoves = parse_number(half).ok_or(FenError {
                        offset: at,
                        kind: FenErrorKind::BadNumber("halfmove clock"),
                    })?;
                    if let Some((at, full)) = cur.field() {
                        board.fullmoves =
                            parse_number(full).filter(|&n| n >= 1).ok_or(FenError {
                                offset: at,
                                kind: FenErrorKind::BadNumber("fullmove number"),
                            })?;
                    }
                }
            }
        }
        cur.skip_spaces();
        if cur.peek().is_some() {
            return Err(cur.err(FenErrorKind::TrailingText));
        }
        validate(
            &board,
            FieldOffsets {
                placement: placement_at,
                turn: turn_at,
                castling: castling_at,
            },
        )?;
        if let Some((at, ep)) = ep_field {
            if !ep_is_well_placed(&board, ep) {
                return Err(FenError {
                    offset: at,
                    kind: FenErrorKind::BadEnPassant(ep),
                });
            }
            if board.en_passant_is_legal(ep) {
                board.ep_square = Some(ep);
            }
        }
        board.hash = board.compute_hash();
        Ok(board)
    }
}

/// A counter: any `u32` (the checked arithmetic refuses more). No smaller
/// bound: a board's counters grow with play, and the FEN it writes must
/// read back.
fn parse_number(digits: &[u8]) -> Option<u32> {
    if digits.is_empty() || digits.len() > 10 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    digits.iter().try_fold(0u32, |n, &d| {
        n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
    })
}

fn parse_placement(cur: &mut Cursor<'_>, board: &mut Board) -> Result<(), FenError> {
    let mut rank: u8 = 7;
    let mut file: u8 = 0;
    loop {
        let Some(c) = cur.peek() else {
            return Err(cur.err(FenErrorKind::Missing("side to move")));
        };
        match c {
            b'/' if file == 8 && rank == 0 => {
                // 9th-rank pocket form.
                cur.pos += 1;
                return parse_pocket(cur, board, None);
            }
            b'/' => {
                if file != 8 {
                    return Err(cur.err(FenErrorKind::RankLength(rank + 1)));
                }
                cur.pos += 1;
                rank -= 1;
                file = 0;
            }
            b'1'..=b'8' => {
                file += c - b'0';
                if file > 8 {
                    return Err(cur.err(FenErrorKind::RankLength(rank + 1)));
                }
                cur.pos += 1;
            }
            b'~' => return Err(cur.err(FenErrorKind::BadPromotedMark)),
            b'[' if file == 8 && rank == 0 => {
                cur.pos += 1;
                return parse_pocket(cur, board, Some(b']'));
            }
            c if is_space(c) && file == 8 && rank == 0 => return Ok(()),
            c if is_space(c) || c == b'[' => {
                return Err(cur.err(if rank == 0 {
                    FenErrorKind::RankLength(1)
                } else {
                    FenErrorKind::RankCount
                }));
            }
            _ => {
                let piece = Piece::from_char(char::from(c))
                    .ok_or_else(|| cur.unexpected(cur.pos, "placement"))?;
                if file >= 8 {
                    return Err(cur.err(FenErrorKind::RankLength(rank + 1)));
                }
                cur.pos += 1;
                let promoted = cur.peek() == Some(b'~');
                if promoted {
                    if matches!(piece.role, Role::Pawn | Role::King) {
                        return Err(cur.err(FenErrorKind::BadPromotedMark));
                    }
                    cur.pos += 1;
                }
                let sq = Square::ALL[usize::from(rank) * 8 + usize::from(file)];
                board.put(sq, piece, promoted);
                file += 1;
            }
        }
    }
}

fn parse_pocket(
    cur: &mut Cursor<'_>,
    board: &mut Board,
    close: Option<u8>,
) -> Result<(), FenError> {
    loop {
        match (cur.peek(), close) {
            (Some(c), Some(close)) if c == close => {
                cur.pos += 1;
                return Ok(());
            }
            (None, Some(_)) => return Err(cur.err(FenErrorKind::UnclosedPocket)),
            (Some(c), Some(_)) if is_space(c) => {
                return Err(cur.err(FenErrorKind::UnclosedPocket));
            }
            (None, None) => return Ok(()),
            (Some(c), None) if is_space(c) => return Ok(()),
            (Some(b'-'), _) => cur.pos += 1,
            (Some(c), _) => {
                let piece = Piece::from_char(char::from(c))
                    .ok_or_else(|| cur.unexpected(cur.pos, "pocket"))?;
                if !board.pockets[piece.color.index()].add(piece.role) {
                    return Err(cur.err(FenErrorKind::PocketOverflow {
                        color: piece.color,
                        role: piece.role,
                    }));
                }
                cur.pos += 1;
            }
        }
    }
}

/// The material of `color` (or of both colours) by pocket role, with promoted
/// pieces counted as pawns (R6, R7).
pub(crate) fn material(board: &Board, colors: &[Color]) -> [u32; 5] {
    let mut counts = [0u32; 5];
    for &color in colors {
        let ours = board.by_color(color);
        for role in Role::POCKET {
            let on_board = (board.by_role(role) & (ours - board.promoted)).count();
            counts[role.index()] += on_board + u32::from(board.pockets[color.index()].count(role));
        }
        counts[Role::Pawn.index()] += (board.promoted & ours).count();
    }
    counts
}

/// Where the fields a position check blames start, in bytes.
pub(crate) struct FieldOffsets {
    pub(crate) placement: usize,
    pub(crate) turn: usize,
    pub(crate) castling: usize,
}

/// The checks every board built from text must pass; each error points at
/// the field at fault.
pub(crate) fn validate(board: &Board, fields: FieldOffsets) -> Result<(), FenError> {
    let at = |offset, kind| FenError { offset, kind };
    for color in Color::ALL {
        if board.by_piece(Role::King.of(color)).count() != 1 {
            return Err(at(fields.placement, FenErrorKind::KingCount(color)));
        }
    }
    if (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).nonempty() {
        return Err(at(fields.placement, FenErrorKind::PawnOnBackRank));
    }
    // R7: a bughouse board holds at most the pieces of its colours in one
    // game; in crazyhouse pieces change colour, so the bound is on both.
    let groups: &[&[Color]] = match board.flavour {
        Flavour::Bughouse => &[&[Color::White], &[Color::Black]],
        Flavour::Crazyhouse => &[&[Color::White, Color::Black]],
    };
    for group in groups {
        let counts = material(board, group);
        for role in Role::POCKET {
            if counts[role.index()] > u32::from(POCKET_MAX[role.index()]) {
                return Err(at(
                    fields.placement,
                    FenErrorKind::TooMuchMaterial {
                        color: group[0],
                        role,
                    },
                ));
            }
        }
    }
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if board.castling.contains(side.right(color))
                && !(board
                    .by_piece(Role::King.of(color))
                    .contains(CastlingSide::king_from(color))
                    && board
                        .by_piece(Role::Rook.of(color))
                        .contains(side.rook_from(color)))
            {
                let letter = match side {
                    CastlingSide::KingSide => 'K',
                    CastlingSide::QueenSide => 'Q',
                };
                let letter = if color.is_white() {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                return Err(at(fields.castling, FenErrorKind::BadCastlingRights(letter)));
            }
        }
    }
    let them = board.turn.other();
    if board
        .attackers_to(board.king_of(them), board.turn, board.occupied())
        .nonempty()
    {
        return Err(at(fields.turn, FenErrorKind::OppositeCheck));
    }
    Ok(())
}

/// An en passant square is well placed when the last move could have been a
/// double step past it: it and the square the pawn came from are empty, and
/// the pawn stands just beyond it.
pub(crate) fn ep_is_well_placed(board: &Board, ep: Square) -> bool {
    let us = board.turn;
    let (rank, forward): (usize, i32) = if us.is_white() { (5, -8) } else { (2, 8) };
    if ep.rank().index() != rank {
        return false;
    }
    let (Some(pawn), Some(origin)) = (ep.offset(forward), ep.offset(-forward)) else {
        return false;
    };
    let occupied = board.occupied();
    !occupied.contains(ep)
        && !occupied.contains(origin)
        && board.by_piece(Role::Pawn.of(us.other())).contains(pawn)
}

///
/// Reads a FEN in the bughouse flavour: `"…".parse::<Board>()` is
/// `Board::from_fen(…, Flavour::Bughouse)`.
///
/// ```
/// use bughouse_core::{Board, Flavour};
///
/// let board: Board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".parse()?;
/// assert_eq!(board, Board::new());
/// assert_eq!(board.flavour(), Flavour::Bughouse);
/// assert!("rnbqkbnr/pppppppp/8/8".parse::<Board>().is_err());
/// # Ok::<(), bughouse_core::FenError>(())
/// ```
impl FromStr for Board {
    type Err = FenError;
    /// Reads a FEN in the bughouse flavour.
    fn from_str(s: &str) -> Result<Board, FenError> {
        Board::from_fen(s, Flavour::Bughouse)
    }
}

/// Writes the placement with `~` marks and the `[pocket]`, as in N1.
pub(crate) fn write_placement(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write_squares(board, f)?;
    f.write_str("[")?;
    write!(f, "{}", board.pockets[0])?;
    for c in board.pockets[1].letters() {
        write!(f, "{}", c.to_ascii_lowercase())?;
    }
    f.write_str("]")
}

/// The eight ranks of a placement, `~` after promoted pieces, no pockets.
pub(crate) fn write_squares(board: &Board, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::ALL[rank * 8 + file];
            match board.piece_at(sq) {
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", piece.char())?;
                    if board.promoted.contains(sq) {
                        f.write_str("~")?;
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    Ok(())
}

///
/// Writes the board's FEN (N1), without allocating; reading it back gives
/// the same board.
///
/// ```
/// use bughouse_core::Board;
///
/// let mut board = Board::new();
/// board.play(board.parse_move("e4")?)?;
/// let fen = board.to_string();
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1");
/// assert_eq!(fen.parse::<Board>()?, board);
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
impl fmt::Display for Board {
    /// The canonical FEN (N1): `[..]` pocket, `~` marks, en passant only when
    /// a capture is legal (R15), both counters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_placement(self, f)?;
        write!(f, " {} ", self.turn.char())?;
        if self.castling.is_empty() {
            f.write_str("-")?;
        } else {
            for (right, c) in [
                (CastlingRights::WHITE_KING_SIDE, 'K'),
                (CastlingRights::WHITE_QUEEN_SIDE, 'Q'),
                (CastlingRights::BLACK_KING_SIDE, 'k'),
                (CastlingRights::BLACK_QUEEN_SIDE, 'q'),
            ] {
                if self.castling.contains(right) {
                    write!(f, "{c}")?;
                }
            }
        }
        match self.ep_square {
            Some(ep) => write!(f, " {ep}")?,
            None => f.write_str(" -")?,
        }
        write!(f, " {} {}", self.halfmoves, self.fullmoves)
    }
}
