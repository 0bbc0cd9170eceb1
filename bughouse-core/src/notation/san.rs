//! Standard algebraic notation with drops (N3): see [`San`].

use core::fmt;
use core::str::FromStr;

use arrayvec::{ArrayString, CapacityError};

use crate::board::attacks::{attacks, empty_board_reach};
use crate::board::movegen::{Threats, Visitor, expand_pawn_moves};
use crate::board::pawns::promotion_fits;
use crate::{
    Bitboard, Board, CastlingSide, Color, File, Move, MoveTextError, Rank, Role, SanError,
    SanIllegalReason, Square,
};

/// The longest SAN text [`SanPlus`] ever writes, in bytes: `Qa1xb2=Q#` (any
/// value, even one read from text that no position makes legal).
pub const MAX_SAN_LEN: usize = 9;

/// A move in standard algebraic notation with drops (N3), without its check
/// suffix and without a board: what the text says, not yet which piece moves.
///
/// SAN is written the way FICS writes it and read the way real archives
/// write it.
///
/// Writing: `Nf3`, `exd5`, `e8=Q`, `O-O`, `O-O-O`, drops `P@e4` and `N@f3`
/// (piece letter always upper case, pawn drops with their `P`), `+` for
/// check and `#` only for a bughouse mate (R16, R17): a check that a drop
/// could block is written `+` even when the pocket is empty. The file, rank,
/// or both of the moving piece are added only when needed. Writing goes
/// through `fmt::Display` (or into an [`ArrayString`], see
/// [`SanPlus::write_to`]), never allocating.
///
/// Reading is tolerant: `@e4`, `P*e4`, `n@f3`, `nf3` (piece letters in
/// either case, except that a lower-case `b` is the b-file), `0-0`, `o-o-o`, `e8Q`,
/// `e8=q`, `e8/Q`, long forms such as `Ng1f3`, `Ng1-f3` and `e2e4`, a missing
/// `x`, a missing, extra or wrong `+`/`#`, `e.p.`, and annotations `!`, `?`,
/// `!?`. Text is first read into a context-free [`San`] (or [`SanPlus`],
/// keeping the suffix as written), then resolved against a board into the
/// one legal [`Move`] it names ([`San::to_move`], [`Board::parse_san`]);
/// see [`SanError`] for what can go wrong.
///
/// ```
/// use bughouse_core::{Board, Move, Square};
///
/// let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 2 3".parse()?;
/// let m = board.parse_san("Bb5")?;
/// assert_eq!(m, Move::Normal { from: Square::F1, to: Square::B5, promotion: None });
/// assert_eq!(board.san(m).to_string(), "Bb5");
///
/// // A drop check a drop could block is `+`, never `#` (R17).
/// let board: Board = "6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1".parse()?;
/// let m = board.parse_san("R@e8")?;
/// assert_eq!(board.san(m).to_string(), "R@e8+");
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn moves: `Nf3`, `Nbd2`, `R1e2`, `exd5`, `e8=Q`.
    Normal {
        /// The moving piece's role (`Pawn` when no letter is written).
        role: Role,
        /// The origin file, when written.
        file: Option<File>,
        /// The origin rank, when written.
        rank: Option<Rank>,
        /// Whether an `x` was written.
        capture: bool,
        /// The destination square.
        to: Square,
        /// The promotion role, when written.
        promotion: Option<Role>,
    },
    /// `O-O` or `O-O-O`.
    Castle(CastlingSide),
    /// A drop from the pocket (R9): `N@f3`, `P@e4`.
    Drop {
        /// The dropped role.
        role: Role,
        /// Where.
        to: Square,
    },
}

/// The check mark after a SAN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`: the side to move is in check and not mated — including a check a
    /// drop could block, pocket empty or not (R17).
    Check,
    /// `#`: bughouse checkmate (R16).
    Checkmate,
}

/// A [`San`] with its check suffix: what [`Board::san`] writes, and what the
/// tolerant reader keeps of the text (the suffix as written, unchecked).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+`, `#` or nothing.
    pub suffix: Option<Suffix>,
}

impl Suffix {
    /// `+` or `#`.
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }

    /// The suffix a move earns when it leads to `after`: `#` only for a
    /// checkmate as [`Board::is_checkmate`] judges it — in the bughouse
    /// flavour a bughouse mate (R16) — and `+` for any other check, even one
    /// a drop could block with the pocket empty (R17).
    pub fn from_board(after: &Board) -> Option<Suffix> {
        if !after.is_check() {
            None
        } else if after.is_checkmate() {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        }
    }
}

/// A small ASCII buffer: SAN is written into it once, then handed to the
/// formatter or copied out. Never longer than [`MAX_SAN_LEN`].
struct Buf {
    bytes: [u8; MAX_SAN_LEN],
    len: usize,
}

impl Buf {
    #[inline]
    fn new() -> Buf {
        Buf {
            bytes: [0; MAX_SAN_LEN],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, b: u8) {
        // The bound is proven by MAX_SAN_LEN; a (never taken) overflow drops
        // the byte rather than panicking.
        if let Some(slot) = self.bytes.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }

    #[inline]
    fn square(&mut self, sq: Square) {
        let [f, r] = sq.name();
        self.push(f);
        self.push(r);
    }

    #[inline]
    fn as_str(&self) -> &str {
        // Only ASCII is ever pushed.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl San {
    /// The SAN of `m` on `board`, with the fewest origin coordinates that
    /// single out the moving piece among the legal moves: none, else the
    /// file, else the rank, else both. Meant for a legal `m`; an illegal one
    /// gets some text and never a panic.
    ///
    /// ```
    /// use bughouse_core::{Board, Move, san::San};
    ///
    /// // Two knights can reach d2: SAN names the file of the one that moves.
    /// let board: Board = "4k3/8/8/8/8/8/8/1N2KN2[] w - - 0 1".parse()?;
    /// let m = Move::from_uci("b1d2")?;
    /// assert_eq!(San::from_move(&board, m).to_string(), "Nbd2");
    /// assert_eq!(San::from_move(&board, Move::from_uci("N@d2")?).to_string(), "N@d2");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn from_move(board: &Board, m: Move) -> San {
        let role = match m {
            Move::Normal { from, .. } => board.role_at(from).unwrap_or(Role::Pawn),
            Move::Drop { role, .. } => role,
        };
        let capture = match m {
            Move::Normal { to, .. } => board.occupied().contains(to),
            Move::Drop { .. } => false,
        };
        San::of_parts(board.turn(), role, m, capture, |from, to| {
            board.disambiguation(role, from, to)
        })
    }

    /// The SAN of `m`, the move that led to `after`, which captured a piece
    /// if `captured`: the same as [`San::from_move`] on the board before it,
    /// from the board after it, so that a game keeps no copy of the board
    /// before each move (issue 11). The moved piece stands on the target
    /// now. Only a piece's move with another piece of its role in reach
    /// needs the position before, for the disambiguation, and gets it with
    /// the piece back on its origin. The victim, if any, need not be put
    /// back: every rival lands on the target too, so whatever stood there
    /// changes no rival's legality (R13: a pinner or checker there is
    /// captured; a line it blocked runs through the target, which the
    /// rival then blocks). Counters, rights and pockets stay as after the
    /// move: SAN never reads them for a piece's move.
    pub(crate) fn of_last_move(after: &Board, m: Move, captured: bool) -> San {
        let role = match m {
            Move::Normal {
                to,
                promotion: None,
                ..
            } => after.role_at(to).unwrap_or(Role::Pawn),
            Move::Normal { .. } => Role::Pawn,
            Move::Drop { role, .. } => role,
        };
        let mover = after.turn().other();
        San::of_parts(mover, role, m, captured, |from, to| {
            let mut before = *after;
            before.turn = mover;
            if let Some((piece, promoted)) = before.take(to) {
                before.put(from, piece, promoted);
            }
            before.disambiguation(role, from, to)
        })
    }

    /// SAN's one rule for writing a move (N3): a drop, castling, a pawn
    /// (its file when it captures), or a piece with the origin coordinates
    /// `disambiguation` says tell it apart. `role` is the moving piece's,
    /// `capture` whether a piece stood on the target (a pawn's capture is
    /// its change of file, en passant included).
    #[inline]
    fn of_parts(
        us: Color,
        role: Role,
        m: Move,
        capture: bool,
        disambiguation: impl FnOnce(Square, Square) -> (Option<File>, Option<Rank>),
    ) -> San {
        let (from, to, promotion) = match m {
            Move::Drop { role, to } => return San::Drop { role, to },
            Move::Normal {
                from,
                to,
                promotion,
            } => (from, to, promotion),
        };
        let (file, rank, capture) = match role {
            Role::Pawn => {
                let capture = from.file() != to.file();
                (capture.then_some(from.file()), None, capture)
            }
            Role::King => match CastlingSide::of_king_move(us, from, to) {
                Some(side) => return San::Castle(side),
                None => (None, None, capture),
            },
            _ => {
                let (file, rank) = disambiguation(from, to);
                (file, rank, capture)
            }
        };
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        }
    }

    /// Reads SAN text tolerantly (see the module docs), ignoring any `+`/`#`
    /// and annotation. Says nothing about legality: see [`San::to_move`].
    ///
    /// # Errors
    ///
    /// A [`MoveTextError`] with the offset of what is not SAN.
    ///
    /// ```
    /// use bughouse_core::san::San;
    ///
    /// assert_eq!(San::from_ascii(b"Nf3+")?.to_string(), "Nf3"); // the suffix is dropped
    /// assert_eq!(San::from_ascii(b"e8=Q")?.to_string(), "e8=Q");
    /// assert!(San::from_ascii(b"Zf3").is_err());
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<San, MoveTextError> {
        SanPlus::from_ascii(text).map(|s| s.san)
    }

    /// The one legal move on `board` this SAN names.
    ///
    /// A missing `x` is forgiven; an `x` with nothing to take is not. No
    /// match is [`SanError::Illegal`] with the reason; several matches are
    /// [`SanError::Ambiguous`].
    ///
    /// # Errors
    ///
    /// [`SanError::Illegal`] with the reason when no legal move matches,
    /// [`SanError::Ambiguous`] with two of the matches when several do.
    ///
    /// ```
    /// use bughouse_core::{Board, SanError, san::San};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/1N2KN2[] w - - 0 1".parse()?;
    /// let san: San = "Nd2".parse()?;
    /// assert!(matches!(san.to_move(&board), Err(SanError::Ambiguous { .. })));
    /// assert_eq!("Nfd2".parse::<San>()?.to_move(&board)?.to_string(), "f1d2");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn to_move(self, board: &Board) -> Result<Move, SanError> {
        let illegal = |reason| SanError::Illegal { san: self, reason };
        let us = board.turn();
        match self {
            San::Castle(side) => {
                let m = Move::Normal {
                    from: CastlingSide::king_from(us),
                    to: side.king_to(us),
                    promotion: None,
                };
                if board
                    .by_piece(Role::King.of(us))
                    .contains(CastlingSide::king_from(us))
                    && board.is_legal(m)
                {
                    Ok(m)
                } else {
                    Err(illegal(SanIllegalReason::CastlingNotAllowed(side)))
                }
            }
            San::Drop { role, to } => {
                let m = Move::Drop { role, to };
                match board.drop_refusal(role, to) {
                    None => Ok(m),
                    Some(reason) => Err(illegal(SanIllegalReason::Drop(reason))),
                }
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if board.by_color(us).contains(to) {
                    return Err(illegal(SanIllegalReason::OwnPieceOnTarget(to)));
                }
                let theirs = board.by_color(us.other());
                let en_passant = role == Role::Pawn && board.ep_square() == Some(to);
                if capture && !theirs.contains(to) && !en_passant {
                    return Err(illegal(SanIllegalReason::NothingToCapture(to)));
                }
                // A pawn move without a file and without `x` is a push: its
                // file is the destination's.
                let file = match (role, file) {
                    (Role::Pawn, None) if !capture => Some(to.file()),
                    _ => file,
                };
                let mut origins = board.by_piece(role.of(us));
                if let Some(f) = file {
                    origins &= Bitboard::from_file(f);
                }
                if let Some(r) = rank {
                    origins &= Bitboard::from_rank(r);
                }
                // The candidates are the generator's own legal moves to `to`
                // (as shakmaty's SAN does): nothing here re-derives movement.
                let mut matches = SanMatches {
                    origins,
                    king: board.king_of(us),
                    role,
                    promotion,
                    found: [None; 2],
                };
                board.visit_legal_to(&mut matches, Bitboard::from_square(to));
                match matches.found {
                    [Some(m), None] => Ok(m),
                    [Some(first), Some(second)] => Err(SanError::Ambiguous {
                        san: self,
                        first,
                        second,
                    }),
                    _ => Err(illegal(
                        board.why_no_san_match(origins, to, role, promotion),
                    )),
                }
            }
        }
    }

    /// Writes the SAN into `out`; on overflow returns an error and leaves
    /// `out` unchanged.
    pub fn write_to<const N: usize>(&self, out: &mut ArrayString<N>) -> Result<(), CapacityError> {
        out.try_push_str(self.encode().as_str())
            .map_err(|_| CapacityError::new(()))
    }

    /// The SAN as an [`ArrayString`]: always fits.
    pub fn to_array_string(&self) -> ArrayString<MAX_SAN_LEN> {
        ArrayString::from(self.encode().as_str()).unwrap_or_default()
    }

    fn encode(&self) -> Buf {
        let mut buf = Buf::new();
        self.encode_into(&mut buf);
        buf
    }

    #[inline]
    fn encode_into(&self, buf: &mut Buf) {
        match *self {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                // A pawn goes without its letter, unless the text gave only
                // its origin rank (`P5e4`, read tolerantly): `5e4` would not
                // read back.
                if role != Role::Pawn || (file.is_none() && rank.is_some()) {
                    buf.push(role.upper_char() as u8);
                }
                if let Some(f) = file {
                    buf.push(f.char() as u8);
                }
                if let Some(r) = rank {
                    buf.push(r.char() as u8);
                }
                if capture {
                    buf.push(b'x');
                }
                buf.square(to);
                if let Some(p) = promotion {
                    buf.push(b'=');
                    buf.push(p.upper_char() as u8);
                }
            }
            San::Castle(CastlingSide::KingSide) => {
                for &b in b"O-O" {
                    buf.push(b);
                }
            }
            San::Castle(CastlingSide::QueenSide) => {
                for &b in b"O-O-O" {
                    buf.push(b);
                }
            }
            San::Drop { role, to } => {
                // FICS style: the letter always upper case, `P@e4` for pawns.
                buf.push(role.upper_char() as u8);
                buf.push(b'@');
                buf.square(to);
            }
        }
    }
}

impl SanPlus {
    /// The SAN of the legal move `m` on `board` with `+` or `#` (R16, R17).
    /// An illegal `m` gets some text without a suffix, never a panic.
    pub fn from_move(board: &Board, m: Move) -> SanPlus {
        let san = San::from_move(board, m);
        let suffix = if board.is_legal(m) {
            let mut after = *board;
            after.play_unchecked(m);
            Suffix::from_board(&after)
        } else {
            None
        };
        SanPlus { san, suffix }
    }

    /// Reads SAN text tolerantly (see the module docs), keeping the suffix
    /// as written (`++` reads as `+`; a `#` anywhere in the tail as `#`).
    ///
    /// # Errors
    ///
    /// As [`San::from_ascii`].
    ///
    /// ```
    /// use bughouse_core::san::{SanPlus, Suffix};
    ///
    /// let san = SanPlus::from_ascii(b"Qh4#")?;
    /// assert_eq!(san.suffix, Some(Suffix::Checkmate));
    /// assert_eq!(san.to_string(), "Qh4#");
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, MoveTextError> {
        Reader { text, pos: 0 }.read()
    }

    /// Writes the SAN with its suffix into `out`; on overflow returns an
    /// error and leaves `out` unchanged.
    ///
    /// # Errors
    ///
    /// A [`CapacityError`] when `out` has no room left for the SAN; `out`
    /// is unchanged.
    ///
    /// ```
    /// use arrayvec::ArrayString;
    /// use bughouse_core::san::SanPlus;
    ///
    /// let san: SanPlus = "exd8=N+".parse()?;
    /// let mut out = ArrayString::<16>::new();
    /// assert!(san.write_to(&mut out).is_ok());
    /// assert_eq!(out.as_str(), "exd8=N+");
    /// assert!(san.write_to(&mut ArrayString::<4>::new()).is_err());
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn write_to<const N: usize>(&self, out: &mut ArrayString<N>) -> Result<(), CapacityError> {
        out.try_push_str(self.encode().as_str())
            .map_err(|_| CapacityError::new(()))
    }

    /// The SAN with its suffix as an [`ArrayString`]: always fits.
    pub fn to_array_string(&self) -> ArrayString<MAX_SAN_LEN> {
        ArrayString::from(self.encode().as_str()).unwrap_or_default()
    }

    #[inline]
    fn encode(&self) -> Buf {
        let mut buf = Buf::new();
        self.san.encode_into(&mut buf);
        if let Some(s) = self.suffix {
            buf.push(s.char() as u8);
        }
        buf
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.encode().as_str())
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.encode().as_str())
    }
}

impl FromStr for San {
    type Err = MoveTextError;
    fn from_str(s: &str) -> Result<San, MoveTextError> {
        San::from_ascii(s.as_bytes())
    }
}

impl FromStr for SanPlus {
    type Err = MoveTextError;
    fn from_str(s: &str) -> Result<SanPlus, MoveTextError> {
        SanPlus::from_ascii(s.as_bytes())
    }
}

impl Board {
    /// The SAN of the legal move `m` here, with `+` or `#` (N3, R16). Displays
    /// without allocating: `write!(out, "{}", board.san(m))`.
    ///
    /// ```
    /// use bughouse_core::{Board, Move};
    ///
    /// let board: Board = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1".parse()?;
    /// assert_eq!(board.san(Move::from_uci("Q@e7")?).to_string(), "Q@e7+");
    /// assert_eq!(board.san(Move::from_uci("e1d2")?).to_string(), "Kd2");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn san(&self, m: Move) -> SanPlus {
        SanPlus::from_move(self, m)
    }

    /// Reads SAN text tolerantly and resolves it into the one legal move it
    /// names here (N3). Surrounding whitespace is ignored.
    ///
    /// # Errors
    ///
    /// [`SanError::Invalid`] for text that is not SAN (its offset counts in
    /// `text` as given), [`SanError::Illegal`] when no legal move matches,
    /// [`SanError::Ambiguous`] when several do.
    ///
    /// ```
    /// use bughouse_core::{Board, ErrorCode, Move, Square};
    ///
    /// let board = Board::new();
    /// assert_eq!(board.parse_san("Nf3")?, Move::Normal { from: Square::G1, to: Square::F3, promotion: None });
    /// assert_eq!(board.parse_san(" nf3\n")?, board.parse_san("Nf3")?);
    /// assert_eq!(board.parse_san("Nf6").unwrap_err().code(), ErrorCode::IllegalMove);
    /// # Ok::<(), bughouse_core::SanError>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let (lead, text) = trim(text);
        San::from_ascii(text.as_bytes())
            .map_err(|e| shifted(e, lead))?
            .to_move(self)
    }

    /// Reads move text as a user types it (N3): UCI first (`e2e4`, `e7e8q`,
    /// `N@f3`, `n@f3`), else SAN resolved here (`Nf3`, `nf3`, `exd5`,
    /// `e8=Q+`, `@e4`). Surrounding whitespace is ignored. This is the one
    /// reading of move text every binding and [`crate::Game::play_text`]
    /// use.
    ///
    /// A UCI move names one move without a board, so it comes back as read,
    /// not checked: [`Board::play`] checks it. A SAN move is the one legal
    /// move it names.
    ///
    /// # Errors
    ///
    /// As [`Board::parse_san`] when the text is not UCI.
    ///
    /// ```
    /// use bughouse_core::{Board, ErrorCode};
    ///
    /// let mut board = Board::new();
    /// let m = board.parse_move("e2e4")?;
    /// board.play(m)?;
    /// let m = board.parse_move("Nc6 ")?;
    /// assert_eq!(m.to_string(), "b8c6");
    /// assert_eq!(board.parse_move("Qz9").unwrap_err().code(), ErrorCode::InvalidMove);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, SanError> {
        let (lead, trimmed) = trim(text);
        match Move::from_uci(trimmed) {
            Ok(m) => Ok(m),
            Err(_) => San::from_ascii(trimmed.as_bytes())
                .map_err(|e| shifted(e, lead))?
                .to_move(self),
        }
    }

    /// The file and rank SAN must write for a `role` (knight, bishop, rook or
    /// queen) moving `from` → `to`: only as much as tells it apart from the
    /// other pieces of that role that could legally go there too.
    #[inline]
    fn disambiguation(&self, role: Role, from: Square, to: Square) -> (Option<File>, Option<Rank>) {
        let us = self.turn();
        let same_role = self.by_piece(role.of(us)) - Bitboard::from_square(from);
        if (empty_board_reach(role, to) & same_role).is_empty() {
            // No other piece of the role on a line or a knight's jump from
            // `to`: the common case, one table read.
            return (None, None);
        }
        let others = attacks(to, role.of(us), self.occupied()) & same_role;
        if others.is_empty() {
            return (None, None); // The common case: nothing more to compute.
        }
        self.disambiguation_among(others, from, to)
    }

    /// [`Board::disambiguation`] when other pieces of the role reach `to`:
    /// the file and rank that tell `from` apart from those of them that
    /// may legally go there, judged with the checkers and pins computed
    /// once for all of them. Out of line: the common case never gets here.
    #[inline(never)]
    fn disambiguation_among(
        &self,
        others: Bitboard,
        from: Square,
        to: Square,
    ) -> (Option<File>, Option<Rank>) {
        let threats = Threats {
            checkers: self.checkers(),
            pinned: self.pinned(),
        };
        let (mut ambiguous, mut same_file, mut same_rank) = (false, false, false);
        for other in others {
            let m = Move::Normal {
                from: other,
                to,
                promotion: None,
            };
            if self.is_legal_with_threats(m, &threats) {
                ambiguous = true;
                same_file |= other.file() == from.file();
                same_rank |= other.rank() == from.rank();
            }
        }
        (
            (ambiguous && (!same_file || same_rank)).then_some(from.file()),
            same_file.then_some(from.rank()),
        )
    }

    /// Why no legal move matches a SAN of `role` to `to` from `origins`
    /// (only computed on failure): no piece there moves that way (R9), the
    /// promotion is missing or wrong (R9), or every one that does would
    /// leave its king in check (R13).
    fn why_no_san_match(
        &self,
        origins: Bitboard,
        to: Square,
        role: Role,
        promotion: Option<Role>,
    ) -> SanIllegalReason {
        if !origins.into_iter().any(|from| self.moves_like(from, to)) {
            SanIllegalReason::NoPieceCanGo {
                color: self.turn(),
                role,
                to,
            }
        } else if promotion_fits(role, to, promotion) {
            SanIllegalReason::LeavesKingInCheck
        } else if promotion.is_none() {
            SanIllegalReason::MissingPromotion
        } else {
            SanIllegalReason::NotAPromotion
        }
    }
}

/// Collects the legal moves a SAN names among the generator's moves to one
/// square: from one of `origins`, with the SAN's promotion; castling is
/// `O-O`, never a king's SAN move. Stops at the second.
struct SanMatches {
    origins: Bitboard,
    king: Square,
    role: Role,
    promotion: Option<Role>,
    found: [Option<Move>; 2],
}

impl SanMatches {
    /// Records `m`; `true` (stop) once two are found.
    fn push(&mut self, m: Move) -> bool {
        match self.found {
            [None, _] => self.found[0] = Some(m),
            _ => self.found[1] = Some(m),
        }
        self.found[1].is_some()
    }
}

impl Visitor for SanMatches {
    fn piece(&mut self, from: Square, targets: Bitboard) -> bool {
        // `targets` is the one square asked for; a pawn never comes here.
        self.role != Role::Pawn
            && self.promotion.is_none()
            && self.origins.contains(from)
            && targets.nonempty()
            && self.push(Move::Normal {
                from,
                to: targets.first().unwrap_or(from),
                promotion: None,
            })
    }
    fn pawns(&mut self, targets: Bitboard, delta: i32) -> bool {
        let mut stop = false;
        if self.role == Role::Pawn {
            expand_pawn_moves(targets, delta, &Role::PROMOTION, |m| {
                if !stop
                    && m.promotion() == self.promotion
                    && m.from().is_some_and(|f| self.origins.contains(f))
                {
                    stop = self.push(m);
                }
            });
        }
        stop
    }
    fn special(&mut self, m: Move) -> bool {
        // En passant for a pawn SAN; castling (the king's two-square move)
        // only as `O-O`.
        let from = m.from().unwrap_or(self.king);
        self.role == Role::Pawn
            && from != self.king
            && self.promotion.is_none()
            && self.origins.contains(from)
            && self.push(m)
    }
    fn drops(&mut self, _role: Role, _targets: Bitboard) -> bool {
        false
    }
}

/// `text` without surrounding whitespace, and how many bytes went before.
fn trim(text: &str) -> (usize, &str) {
    let start = text.trim_start();
    (text.len() - start.len(), start.trim_end())
}

/// An error found in trimmed text, at its offset in the whole text.
fn shifted(e: MoveTextError, lead: usize) -> MoveTextError {
    MoveTextError {
        offset: e.offset + lead,
        ..e
    }
}

/// The tolerant SAN reader: one pass over the bytes, no backtracking.
struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
}

fn err(offset: usize, reason: &'static str) -> MoveTextError {
    MoveTextError { offset, reason }
}

impl Reader<'_> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    #[inline]
    fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.text.get(self.pos + ahead).copied()
    }

    #[inline]
    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn file(&self) -> Option<File> {
        self.peek().and_then(|b| File::from_char(char::from(b)))
    }

    fn rank(&self) -> Option<Rank> {
        self.peek().and_then(|b| Rank::from_char(char::from(b)))
    }

    fn square(&mut self, what: &'static str) -> Result<Square, MoveTextError> {
        let file = self.file().ok_or(err(self.pos, what))?;
        self.pos += 1;
        let rank = self
            .rank()
            .ok_or(err(self.pos, "expected a rank 1-8 after the file"))?;
        self.pos += 1;
        Ok(Square::from_coords(file, rank))
    }

    fn read(mut self) -> Result<SanPlus, MoveTextError> {
        let san = self.read_san()?;
        let suffix = self.read_tail()?;
        Ok(SanPlus { san, suffix })
    }

    fn read_san(&mut self) -> Result<San, MoveTextError> {
        let first = self.peek().ok_or(err(0, "empty SAN"))?;
        if matches!(first, b'O' | b'0' | b'o') {
            return self.read_castle();
        }
        // Drops: `@e4`, `*e4`, a letter of either case then `@` or `*`.
        if matches!(first, b'@' | b'*') {
            self.pos += 1;
            let to = self.square("expected the square of the drop, such as e4")?;
            return Ok(San::Drop {
                role: Role::Pawn,
                to,
            });
        }
        if matches!(self.peek_at(1), Some(b'@' | b'*')) {
            let role = Role::from_char(char::from(first))
                .ok_or(err(0, "a drop starts with P, N, B, R or Q"))?;
            if role == Role::King {
                return Err(err(0, "a king is never dropped (R3)"));
            }
            self.pos += 2;
            let to = self.square("expected the square of the drop, such as e4")?;
            return Ok(San::Drop { role, to });
        }
        // Piece letters in either case, as drops take them (`n@f3`), except
        // a lower-case `b`: that is the b-file (`bxc3`), a bishop is `B`.
        let (role, lettered) = match first {
            b'N' | b'n' => (Role::Knight, true),
            b'B' => (Role::Bishop, true),
            b'R' | b'r' => (Role::Rook, true),
            b'Q' | b'q' => (Role::Queen, true),
            b'K' | b'k' => (Role::King, true),
            b'P' | b'p' => (Role::Pawn, true),
            _ => {
                if self.file().is_none() && !matches!(first, b'x' | b':') {
                    return Err(err(0, "expected a piece letter, a square, or O-O"));
                }
                (Role::Pawn, false)
            }
        };
        if lettered {
            self.pos += 1;
        }
        // Up to four coordinates: origin file and rank (either optional),
        // then the destination. Read greedily and sort out after.
        let from_file = self.file();
        if from_file.is_some() {
            self.pos += 1;
        }
        let from_rank = self.rank();
        if from_rank.is_some() {
            self.pos += 1;
        }
        let capture = self.eat(b'x') || self.eat(b':');
        let (file, rank, to) = if capture || self.eat(b'-') || self.file().is_some() {
            let to = self.square("expected the destination square, such as d5")?;
            (from_file, from_rank, to)
        } else {
            match (from_file, from_rank) {
                (Some(f), Some(r)) => (None, None, Square::from_coords(f, r)),
                (Some(_), None) => return Err(err(self.pos, "expected a rank 1-8 after the file")),
                _ => return Err(err(self.pos, "expected the destination square, such as f3")),
            }
        };
        let promotion = self.read_promotion()?;
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// `O-O`, `O-O-O`, also written with zeros or lower-case o's.
    fn read_castle(&mut self) -> Result<San, MoveTextError> {
        let is_o = |b: Option<u8>| matches!(b, Some(b'O' | b'0' | b'o'));
        self.pos += 1;
        if !self.eat(b'-') {
            return Err(err(self.pos, "expected '-' in O-O"));
        }
        if !is_o(self.peek()) {
            return Err(err(self.pos, "expected O in O-O"));
        }
        self.pos += 1;
        if self.peek() == Some(b'-') && is_o(self.peek_at(1)) {
            self.pos += 2;
            return Ok(San::Castle(CastlingSide::QueenSide));
        }
        Ok(San::Castle(CastlingSide::KingSide))
    }

    /// `=Q`, `Q`, `=q`, `q`, `/Q`, `(Q)`; nothing at all.
    fn read_promotion(&mut self) -> Result<Option<Role>, MoveTextError> {
        let marked = self.eat(b'=') || self.eat(b'/');
        let paren = !marked && self.peek() == Some(b'(');
        let at = self.pos + usize::from(paren);
        let role = self
            .text
            .get(at)
            .and_then(|&b| Role::from_char(char::from(b)));
        let role = match role {
            Some(r @ (Role::Knight | Role::Bishop | Role::Rook | Role::Queen)) => r,
            Some(_) if marked || paren => {
                return Err(err(at, "a pawn promotes to Q, R, B or N"));
            }
            // `e8` then `+`, `!`, …: no promotion written. (`e8b` is a
            // promotion to a bishop; no other lower-case letter may follow.)
            _ if !(marked || paren) => return Ok(None),
            _ => return Err(err(at, "expected the promotion piece: Q, R, B or N")),
        };
        self.pos = at + 1;
        if paren && !self.eat(b')') {
            return Err(err(self.pos, "expected ')' after the promotion piece"));
        }
        Ok(Some(role))
    }

    /// `e.p.`, then check marks and annotations in any order: `+`, `++`,
    /// `#`, `!`, `?`, `!?`, `?!`, `!!`, `??`.
    fn read_tail(&mut self) -> Result<Option<Suffix>, MoveTextError> {
        if self.text[self.pos..].starts_with(b"e.p.") {
            self.pos += 4;
        } else if self.text[self.pos..].starts_with(b" e.p.") {
            self.pos += 5;
        }
        let mut suffix = None;
        while let Some(b) = self.peek() {
            match b {
                b'+' => {
                    suffix = suffix.or(Some(Suffix::Check));
                }
                b'#' => suffix = Some(Suffix::Checkmate),
                b'!' | b'?' => {}
                _ => return Err(err(self.pos, "unexpected text after the move")),
            }
            self.pos += 1;
        }
        Ok(suffix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n3_max_san_len_holds() {
        let longest = SanPlus {
            san: San::Normal {
                role: Role::Queen,
                file: Some(File::A),
                rank: Some(Rank::FIRST),
                capture: true,
                to: Square::B2,
                promotion: Some(Role::Queen),
            },
            suffix: Some(Suffix::Checkmate),
        };
        assert_eq!(longest.to_array_string().as_str(), "Qa1xb2=Q#");
        assert_eq!(longest.to_array_string().len(), MAX_SAN_LEN);
    }
}
