//! Typed errors with public fields. Each names what is wrong and where.

use thiserror::Error;

use crate::{CastlingSide, Color, Move, Role, San, Seat, Square};

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
    #[error("the {color} pocket holds too many of role {role:?} (R8)")]
    PocketOverflow {
        /// Whose pocket.
        color: &'static str,
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
#[error("invalid FEN at byte {offset}: {kind}")]
pub struct FenError {
    /// Byte offset into the text where the problem was found.
    pub offset: usize,
    /// What is wrong.
    pub kind: FenErrorKind,
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

/// Why a game could not be set up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum SetupError {
    /// The BFEN (or one of its FENs) is invalid.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The move cap is larger than the history this engine keeps.
    #[error("move cap {cap} is above the largest supported, {max} (R32)")]
    MoveCapTooLarge {
        /// The cap asked for.
        cap: u16,
        /// The largest supported.
        max: u16,
    },
}

/// Why a game action was refused. A refused action changes nothing — except
/// that a clock found run out ends the game at its flag (F2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Error)]
pub enum GameError {
    /// The game has ended; no action is accepted any more.
    #[error("the game is over")]
    GameOver,
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
    #[error("ambiguous move for {seat}: {error}")]
    AmbiguousMove {
        /// The seat that tried to move.
        seat: Seat,
        /// Which moves it matches.
        error: SanError,
    },
    /// The SAN is well formed but names no legal move.
    #[error("{seat}: {error}")]
    IllegalSan {
        /// The seat that tried to move.
        seat: Seat,
        /// Why no legal move matches.
        error: SanError,
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
