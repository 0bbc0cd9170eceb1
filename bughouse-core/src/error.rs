//! Typed errors with public fields. Each names what is wrong and where, and
//! has a stable [`ErrorCode`]: the one error vocabulary every binding uses
//! (Python: the exception's `code` attribute; Node: `err.code`).

use core::fmt;

use arrayvec::ArrayString;
use thiserror::Error;

use crate::{CastlingSide, Color, Move, Role, San, Seat, Square};

/// The stable code of an error: what a program branches on. Messages are
/// for people and may change; codes do not. Every error type of the crate
/// has a `code()` method giving one of these; the bindings add none of
/// their own for anything the core decides.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorCode {
    /// A FEN or BFEN that cannot be read, or a position no game can reach
    /// (N1, N2, R7).
    InvalidFen,
    /// Move text that is neither UCI nor SAN (N3).
    InvalidMove,
    /// A well-formed move that is not legal now (R9–R14).
    IllegalMove,
    /// SAN that fits more than one legal move (N3).
    AmbiguousMove,
    /// A seat acting when it is not its turn (R19, R22, F12).
    NotYourTurn,
    /// An action after the game ended, or one stamped after a flag fell
    /// (F2).
    GameOver,
    /// A seat that used its three sits (R24).
    NoSitsLeft,
    /// A BPGN record that cannot be read or replayed (N4).
    InvalidBpgn,
    /// A timestamp before the game's time (R21, F3).
    TimeWentBackwards,
    /// A move without a timestamp in a live game with clocks (R21).
    TimestampRequired,
    /// A sit in the live game (F7).
    SitInLiveGame,
    /// A draw offer from a computer seat (R30, F11).
    NotHuman,
    /// A name outside its set: a seat or board letter, a way of playing, a
    /// time control, a settings combination the rules forbid (R26).
    InvalidArgValue,
    /// A number outside its range: a move cap (R32), a clock time.
    OutOfRange,
}

impl ErrorCode {
    /// Every code, in declaration order.
    pub const ALL: [ErrorCode; 14] = [
        ErrorCode::InvalidFen,
        ErrorCode::InvalidMove,
        ErrorCode::IllegalMove,
        ErrorCode::AmbiguousMove,
        ErrorCode::NotYourTurn,
        ErrorCode::GameOver,
        ErrorCode::NoSitsLeft,
        ErrorCode::InvalidBpgn,
        ErrorCode::TimeWentBackwards,
        ErrorCode::TimestampRequired,
        ErrorCode::SitInLiveGame,
        ErrorCode::NotHuman,
        ErrorCode::InvalidArgValue,
        ErrorCode::OutOfRange,
    ];

    /// The code as the bindings show it: `"ERR_ILLEGAL_MOVE"` and so on.
    ///
    /// ```
    /// use bughouse_core::{Board, ErrorCode, Move};
    ///
    /// let err = Board::new().play(Move::from_uci("e2e5")?).unwrap_err();
    /// assert_eq!(err.code(), ErrorCode::IllegalMove);
    /// assert_eq!(err.code().as_str(), "ERR_ILLEGAL_MOVE");
    /// # Ok::<(), bughouse_core::MoveTextError>(())
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidFen => "ERR_INVALID_FEN",
            ErrorCode::InvalidMove => "ERR_INVALID_MOVE",
            ErrorCode::IllegalMove => "ERR_ILLEGAL_MOVE",
            ErrorCode::AmbiguousMove => "ERR_AMBIGUOUS_MOVE",
            ErrorCode::NotYourTurn => "ERR_NOT_YOUR_TURN",
            ErrorCode::GameOver => "ERR_GAME_OVER",
            ErrorCode::NoSitsLeft => "ERR_NO_SITS_LEFT",
            ErrorCode::InvalidBpgn => "ERR_INVALID_BPGN",
            ErrorCode::TimeWentBackwards => "ERR_TIME_WENT_BACKWARDS",
            ErrorCode::TimestampRequired => "ERR_TIMESTAMP_REQUIRED",
            ErrorCode::SitInLiveGame => "ERR_SIT_IN_LIVE_GAME",
            ErrorCode::NotHuman => "ERR_NOT_HUMAN",
            ErrorCode::InvalidArgValue => "ERR_INVALID_ARG_VALUE",
            ErrorCode::OutOfRange => "ERR_OUT_OF_RANGE",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How many characters of a caller's text an [`Excerpt`] keeps.
pub const EXCERPT_CHARS: usize = 24;

/// The start of a caller's text, for an error message: at most
/// [`EXCERPT_CHARS`] characters (whole characters, never cut bytes),
/// shown in single quotes with control characters escaped and `…` when
/// cut. So an error never echoes megabytes, NULs or newlines.
///
/// ```
/// use bughouse_core::error::Excerpt;
///
/// assert_eq!(Excerpt::of("é\n").to_string(), r"'é\n'");
/// let long = "x".repeat(10_000_000);
/// assert_eq!(Excerpt::of(&long).to_string().chars().count(), 24 + 3);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Excerpt {
    text: ArrayString<{ EXCERPT_CHARS * 4 }>,
    cut: bool,
}

impl Excerpt {
    /// The first characters of `text`.
    pub fn of(text: &str) -> Excerpt {
        let mut excerpt = Excerpt {
            text: ArrayString::new(),
            cut: false,
        };
        for (i, c) in text.chars().enumerate() {
            if i == EXCERPT_CHARS {
                excerpt.cut = true;
                break;
            }
            // A char is at most 4 bytes: the buffer holds EXCERPT_CHARS of them.
            let _ = excerpt.text.try_push(c);
        }
        excerpt
    }

    /// The kept characters, unquoted.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Whether the text was longer than what is kept.
    pub fn is_cut(&self) -> bool {
        self.cut
    }
}

impl fmt::Display for Excerpt {
    /// Quoted, with control characters and quotes escaped, `…` when cut.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("'")?;
        for c in self.text.chars() {
            if c.is_control() || c == '\'' || c == '\\' {
                write!(f, "{}", c.escape_debug())?;
            } else {
                write!(f, "{c}")?;
            }
        }
        f.write_str(if self.cut { "…'" } else { "'" })
    }
}

impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Text that names no seat: seats are the BPGN letters `A` (A-White), `a`
/// (A-Black), `B` (B-White) and `b` (B-Black) (R1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("not a seat: {0} (seats are 'A' = A-White, 'a' = A-Black, 'B' = B-White, 'b' = B-Black)")]
pub struct SeatError(pub Excerpt);

impl SeatError {
    /// [`ErrorCode::InvalidArgValue`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::InvalidArgValue
    }
}

/// Text that names no board: boards are `A` and `B` (R1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("not a board: {0} (boards are 'A' and 'B')")]
pub struct BoardIdError(pub Excerpt);

impl BoardIdError {
    /// [`ErrorCode::InvalidArgValue`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::InvalidArgValue
    }
}

/// What is wrong with a FEN or BFEN text (N1, N2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum FenErrorKind {
    /// The text ended before a required field.
    #[error("missing {0}")]
    Missing(&'static str),
    /// A character that has no meaning where it stands.
    #[error("unexpected character {0:?} in {1}")]
    UnexpectedChar(char, &'static str),
    /// A rank describes more or fewer than eight squares.
    #[error("rank {0} does not describe exactly 8 squares")]
    RankLength(u8),
    /// More or fewer than eight ranks.
    #[error("the placement does not have 8 ranks")]
    RankCount,
    /// A `~` promoted mark after a king, a pawn, or nothing.
    #[error("a '~' promoted mark must follow a knight, bishop, rook or queen")]
    BadPromotedMark,
    /// The pocket is not closed by `]`.
    #[error("the pocket is not closed by ']'")]
    UnclosedPocket,
    /// A pocket holds more of one role than R8 allows (or a king).
    #[error("the {} pocket holds too many of role {role:?} (R8)", color.name())]
    PocketOverflow {
        /// Whose pocket.
        color: Color,
        /// Which role.
        role: Role,
    },
    /// A number field that is not a number in range.
    #[error("bad number in {0}")]
    BadNumber(&'static str),
    /// Text after the last field.
    #[error("unexpected text after the last field")]
    TrailingText,
    /// Not exactly one king of a colour.
    #[error("{0:?} does not have exactly one king")]
    KingCount(Color),
    /// A pawn on rank 1 or 8 (R10).
    #[error("a pawn stands on rank 1 or 8")]
    PawnOnBackRank,
    /// The side that just moved is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// More material of one colour than a bughouse game holds (R7, R8).
    #[error("more {role:?}s of {color:?} than the game holds (R7)")]
    TooMuchMaterial {
        /// Whose material.
        color: Color,
        /// Which role (promoted pieces count as pawns).
        role: Role,
    },
    /// A castling right whose king or rook is not on its square.
    #[error("castling right {0:?} without its king and rook in place")]
    BadCastlingRights(char),
    /// An en passant square that no double step could have made.
    #[error("en passant square {0} does not follow a double step")]
    BadEnPassant(Square),
    /// A BFEN without the ` | ` between the two boards.
    #[error("a BFEN needs two FENs separated by '|'")]
    MissingBoardSeparator,
}

/// A FEN or BFEN that could not be read: what is wrong and at which byte.
///
/// A reading error points at the byte where reading stopped; a position no
/// game can reach points at the start of the field that says so (the
/// placement for kings, pawns and material, the castling field for a right
/// without its pieces, the en passant field).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("invalid FEN at byte {offset}: {kind}")]
pub struct FenError {
    /// Byte offset into the text where the problem was found.
    pub offset: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
}

impl FenError {
    /// [`ErrorCode::InvalidFen`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::InvalidFen
    }
}

/// Move text (UCI or SAN) that could not be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("invalid move text at byte {offset}: {reason}")]
pub struct MoveTextError {
    /// Byte offset into the text where the problem was found.
    pub offset: usize,
    /// What is wrong.
    pub reason: &'static str,
}

impl MoveTextError {
    /// [`ErrorCode::InvalidMove`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::InvalidMove
    }
}

/// Why a well-formed move may not be played now.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum IllegalReason {
    /// No piece of the side to move stands on the origin square.
    #[error("no piece of the side to move on {0}")]
    NoOwnPiece(Square),
    /// The pocket has no piece of that role.
    #[error("no {0:?} in the pocket")]
    NotInPocket(Role),
    /// A king cannot be dropped (R3).
    #[error("a king is never dropped (R3)")]
    KingDrop,
    /// Drops go on empty squares only (R9).
    #[error("{0} is not empty (R9)")]
    DropOnOccupied(Square),
    /// Pawns are never dropped on rank 1 or 8 (R10).
    #[error("pawns are never dropped on rank 1 or 8 (R10)")]
    PawnDropOnBackRank,
    /// The piece does not move that way.
    #[error("the piece on {0} cannot go to {1}")]
    CannotMoveThere(Square, Square),
    /// A pawn move to rank 1 or 8 without a promotion (R9).
    #[error(
        "a pawn reaching the last rank must promote (R9): {0}{1}q, {0}{1}r, {0}{1}b or {0}{1}n"
    )]
    MustPromote(Square, Square),
    /// A promotion on a move that does not promote, or to a pawn or a king
    /// (R9).
    #[error("only a pawn reaching the last rank promotes, to a queen, rook, bishop or knight (R9)")]
    BadPromotion,
    /// It would leave the mover's king in check (R13).
    #[error("it leaves the king in check (R13)")]
    LeavesKingInCheck,
}

/// A move that is not legal in the position: the board is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMoveError {
    /// The move that was refused.
    pub mv: Move,
    /// Why.
    pub reason: IllegalReason,
}

impl IllegalMoveError {
    /// [`ErrorCode::IllegalMove`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::IllegalMove
    }
}

/// Why a game could not be set up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// The BFEN (or one of its FENs) is invalid.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The settings break a rule or a bound.
    #[error(transparent)]
    Settings(#[from] SettingsError),
}

impl SetupError {
    /// The code of the error inside.
    pub const fn code(&self) -> ErrorCode {
        match self {
            SetupError::Fen(e) => e.code(),
            SetupError::Settings(e) => e.code(),
        }
    }
}

/// Game settings that no game may be played with, or text that names no
/// setting. One variant per mistake.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SettingsError {
    /// A move cap of 0 would draw the game before its first move (R32).
    #[error(
        "move cap 0 is not in 1..={} (R32): it would draw before the first move",
        crate::MAX_MOVE_CAP
    )]
    MoveCapZero,
    /// The move cap is larger than the history this engine keeps.
    #[error("move cap {cap} is not in 1..={max} (R32): the history holds no more")]
    MoveCapTooLarge {
        /// The cap asked for.
        cap: u64,
        /// The largest supported.
        max: u16,
    },
    /// The turn-based game has no clocks (R26): a time control there is a
    /// mistake, not something to drop silently.
    #[error("the turn-based game has no clocks (R26): give no time control")]
    TimeControlInTurnBased,
    /// A time control whose base is 0 (every clock would have run out).
    #[error("a time control needs a base time of at least 1 ms (R20)")]
    BaseTimeZero,
    /// A base time or increment above what a clock holds.
    #[error("{what} of {ms} ms is above the largest supported, {max} ms (R20)")]
    TimeTooLarge {
        /// `"base time"` or `"increment"`.
        what: &'static str,
        /// What was asked for.
        ms: u64,
        /// The largest supported.
        max: u64,
    },
    /// A character that is no seat letter in a list of human seats.
    #[error("humans must be seat letters from 'AaBb', not {0}")]
    UnknownSeat(Excerpt),
    /// A seat written twice in a list of human seats.
    #[error("humans names {0} twice")]
    RepeatedSeat(Seat),
    /// A name that is no way of playing: `"live"` or `"turn"`.
    #[error("not a mode: {0} ('live' or 'turn')")]
    UnknownMode(Excerpt),
    /// A time control that cannot be read.
    #[error(transparent)]
    TimeControl(#[from] crate::TimeControlError),
}

impl SettingsError {
    /// [`ErrorCode::OutOfRange`] for numbers, [`ErrorCode::InvalidArgValue`]
    /// for names and for a combination the rules forbid.
    pub const fn code(&self) -> ErrorCode {
        match self {
            SettingsError::MoveCapZero
            | SettingsError::MoveCapTooLarge { .. }
            | SettingsError::BaseTimeZero
            | SettingsError::TimeTooLarge { .. } => ErrorCode::OutOfRange,
            SettingsError::TimeControlInTurnBased
            | SettingsError::UnknownSeat(_)
            | SettingsError::RepeatedSeat(_)
            | SettingsError::UnknownMode(_)
            | SettingsError::TimeControl(_) => ErrorCode::InvalidArgValue,
        }
    }
}

/// Why a game action was refused. A refused action changes nothing — except
/// that a clock found run out ends the game at its flag (F2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum GameError {
    /// The game has ended; no action is accepted any more.
    #[error("the game is over")]
    GameOver,
    /// The text names no seat (F12: checked right after the game being on).
    #[error(transparent)]
    InvalidSeat(#[from] SeatError),
    /// It is not this seat's turn (its colour is not to move on its board, or
    /// in the turn-based game another seat is to act).
    #[error("not your turn: {seat}")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
    },
    /// The move text could not be read.
    #[error("invalid move for {seat}: {error}")]
    InvalidMove {
        /// The seat that tried to move.
        seat: Seat,
        /// What is wrong with the text.
        error: MoveTextError,
    },
    /// The SAN matches more than one legal move.
    #[error("{seat}: ambiguous SAN {san}: {first} and {second} both match")]
    AmbiguousMove {
        /// The seat that tried to move.
        seat: Seat,
        /// The SAN as read.
        san: San,
        /// One matching legal move.
        first: Move,
        /// Another.
        second: Move,
    },
    /// The SAN is well formed but names no legal move.
    #[error("{seat}: illegal SAN {san}: {reason}")]
    IllegalSan {
        /// The seat that tried to move.
        seat: Seat,
        /// The SAN as read.
        san: San,
        /// Why no legal move matches.
        reason: SanIllegalReason,
    },
    /// The move is not legal on the seat's board.
    #[error("{seat}: {error}")]
    IllegalMove {
        /// The seat that tried to move.
        seat: Seat,
        /// The refused move and why.
        error: IllegalMoveError,
    },
    /// A timestamp earlier than the game's time (F3).
    #[error("time went backwards: {at_ms} ms is before {last_ms} ms (F3)")]
    TimeWentBackwards {
        /// The timestamp given.
        at_ms: u64,
        /// The game's time.
        last_ms: u64,
    },
    /// A live game with clocks needs a timestamp on every move (R21).
    #[error("a live game with clocks needs the action's timestamp (R21)")]
    TimestampRequired,
    /// The seat has sat three times already (R24).
    #[error("{seat} has no sits left (R24)")]
    NoSitsLeft {
        /// The seat that tried to sit.
        seat: Seat,
    },
    /// Sitting is part of the turn-based game only (F7).
    #[error("sitting is only allowed in the turn-based game (F7)")]
    SitInLiveGame,
    /// Only human seats offer draws (R30, F11).
    #[error("{seat} is a computer seat: only human seats offer draws (F11)")]
    NotHuman {
        /// The computer seat that offered.
        seat: Seat,
    },
}

impl GameError {
    /// The stable code of the refusal.
    pub const fn code(&self) -> ErrorCode {
        match self {
            GameError::GameOver => ErrorCode::GameOver,
            GameError::InvalidSeat(e) => e.code(),
            GameError::NotYourTurn { .. } => ErrorCode::NotYourTurn,
            GameError::InvalidMove { .. } => ErrorCode::InvalidMove,
            GameError::AmbiguousMove { .. } => ErrorCode::AmbiguousMove,
            GameError::IllegalSan { .. } | GameError::IllegalMove { .. } => ErrorCode::IllegalMove,
            GameError::TimeWentBackwards { .. } => ErrorCode::TimeWentBackwards,
            GameError::TimestampRequired => ErrorCode::TimestampRequired,
            GameError::NoSitsLeft { .. } => ErrorCode::NoSitsLeft,
            GameError::SitInLiveGame => ErrorCode::SitInLiveGame,
            GameError::NotHuman { .. } => ErrorCode::NotHuman,
        }
    }

    /// The refusal of SAN text `error` for `seat`: each kind of [`SanError`]
    /// becomes its own variant.
    pub const fn from_san(seat: Seat, error: SanError) -> GameError {
        match error {
            SanError::Invalid(error) => GameError::InvalidMove { seat, error },
            SanError::Illegal { san, reason } => GameError::IllegalSan { seat, san, reason },
            SanError::Ambiguous { san, first, second } => GameError::AmbiguousMove {
                seat,
                san,
                first,
                second,
            },
        }
    }
}

/// Why no legal move matches a well-formed SAN (N3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SanIllegalReason {
    /// No piece of that role of the side to move could reach the square,
    /// check aside (after the file and rank given, if any).
    #[error("no {} {} can go to {to}", color.name(), role.name())]
    NoPieceCanGo {
        /// The side to move.
        color: Color,
        /// The role the SAN names.
        role: Role,
        /// The destination square.
        to: Square,
    },
    /// The side to move has a piece of its own on the destination square.
    #[error("{0} holds a piece of the side to move")]
    OwnPieceOnTarget(Square),
    /// The SAN marks a capture (`x`) but there is nothing to take there.
    #[error("nothing to capture on {0}")]
    NothingToCapture(Square),
    /// A pawn reaching rank 1 or 8 must promote (R9): `e8=Q`, not `e8`.
    #[error("a pawn reaching the last rank must promote (e8=Q)")]
    MissingPromotion,
    /// A promotion written for a move that is not a pawn reaching the last rank.
    #[error("only a pawn reaching the last rank promotes")]
    NotAPromotion,
    /// Castling that is not legal now: no right, a piece in the way, or the
    /// king in, through or into check (R14).
    #[error("castling {} is not allowed now", match .0 { CastlingSide::KingSide => "king side", CastlingSide::QueenSide => "queen side" })]
    CastlingNotAllowed(CastlingSide),
    /// The drop may not be made: why, as [`crate::Board::play`] says it (R9,
    /// R10, R13).
    #[error("{0}")]
    Drop(IllegalReason),
    /// Every piece that could make the move would leave its king in check (R13).
    #[error("it leaves the king in check (R13)")]
    LeavesKingInCheck,
}

/// SAN (N3) that cannot be turned into a legal move on a board. Three kinds,
/// so callers can tell bad text from a bad record from an ambiguous one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SanError {
    /// The text is not SAN: at which byte, and why.
    #[error(transparent)]
    Invalid(#[from] MoveTextError),
    /// Well-formed, but no legal move matches.
    #[error("illegal SAN {san}: {reason}")]
    Illegal {
        /// The SAN as read (written back canonically).
        san: San,
        /// Why no legal move matches.
        reason: SanIllegalReason,
    },
    /// Well-formed, but several legal moves match: the SAN needs a file or
    /// rank to say which piece moves.
    #[error("ambiguous SAN {san}: {first} and {second} both match")]
    Ambiguous {
        /// The SAN as read.
        san: San,
        /// One matching legal move.
        first: Move,
        /// Another.
        second: Move,
    },
}

impl SanError {
    /// [`ErrorCode::InvalidMove`], [`ErrorCode::IllegalMove`] or
    /// [`ErrorCode::AmbiguousMove`].
    pub const fn code(&self) -> ErrorCode {
        match self {
            SanError::Invalid(_) => ErrorCode::InvalidMove,
            SanError::Illegal { .. } => ErrorCode::IllegalMove,
            SanError::Ambiguous { .. } => ErrorCode::AmbiguousMove,
        }
    }
}
