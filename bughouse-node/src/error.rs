//! The one place where the core's typed errors become JavaScript `Error`s.
//!
//! Every error this package throws on purpose is an `Error` whose `code`
//! property is one of the stable strings of [`Code`] and whose `message`
//! says what is wrong and where (the core's own message, which names the rule
//! id, byte offset or square). Callers branch on `code`, people read
//! `message`. napi-rs sets `code` from the status we give it, so the codes
//! below are the whole contract.
//!
//! Arguments of the wrong JavaScript type (a number where a string is
//! expected) are refused by napi-rs's own conversions before our code runs;
//! index.js gives those errors our `ERR_INVALID_ARG_TYPE` (and a call on
//! something that is not an instance of the class `ERR_INVALID_THIS`).
//! Messages quote the caller's text only up to [`QUOTE_CHARS`] characters.

use bughouse_core::{FenError, GameError, IllegalMoveError, MoveTextError, SanError, SetupError};

/// The stable `code` of every error the package throws on purpose.
///
/// The first eight are the package's API (issue 6); the next four name the
/// other ways the core refuses a game action ([`GameError`]); the next three
/// are the argument checks every binding needs, named as Node names its own;
/// the last is the computer player's one failure of the system.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Code {
    /// A FEN or BFEN that cannot be read, or a position no game can reach (N1, N2).
    InvalidFen,
    /// Move text that is neither UCI nor SAN (N3).
    InvalidMove,
    /// A well-formed move that is not legal now (R9–R13), UCI or SAN.
    IllegalMove,
    /// SAN that fits more than one legal move (N3).
    AmbiguousMove,
    /// A seat acting when it is not its turn (R19, R22, F12).
    NotYourTurn,
    /// An action after the game ended (R27–R34), or one stamped after a
    /// flag fell, which ends the game at the flag (F2).
    GameOver,
    /// A seat that used its three sits (R24).
    NoSitsLeft,
    /// Text with no BPGN game record in it at all (N4).
    InvalidBpgn,
    /// A timestamp before the game's time (R21, F3).
    TimeWentBackwards,
    /// A move without a timestamp in a live game with clocks (R21).
    TimestampRequired,
    /// A sit in the live game (F7).
    SitInLiveGame,
    /// A draw offer from a computer seat (R30, F11).
    NotHuman,
    /// A string argument outside its set: a colour, a square, a seat, an option.
    InvalidArgValue,
    /// A number argument that is not an integer in range (a perft depth, a
    /// timestamp, a move cap).
    OutOfRange,
    /// `pop()` with no move to take back.
    EmptyHistory,
    /// The computer player could not start its search thread: the system
    /// is out of threads or memory (`botMove`).
    NoSearchThread,
    /// An argument of the wrong JavaScript type (a number for a seat, a
    /// string for the options).
    InvalidArgType,
    /// A game used after `dispose()`.
    Disposed,
    /// `botMoveAsync(…, { play: true })`: the seat's board changed while the
    /// search ran, so its choice is not played (another call moved first).
    StaleSearch,
}

impl Code {
    /// The string JavaScript sees as `error.code`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Code::InvalidFen => "ERR_INVALID_FEN",
            Code::InvalidMove => "ERR_INVALID_MOVE",
            Code::IllegalMove => "ERR_ILLEGAL_MOVE",
            Code::AmbiguousMove => "ERR_AMBIGUOUS_MOVE",
            Code::NotYourTurn => "ERR_NOT_YOUR_TURN",
            Code::GameOver => "ERR_GAME_OVER",
            Code::NoSitsLeft => "ERR_NO_SITS_LEFT",
            Code::InvalidBpgn => "ERR_INVALID_BPGN",
            Code::TimeWentBackwards => "ERR_TIME_WENT_BACKWARDS",
            Code::TimestampRequired => "ERR_TIMESTAMP_REQUIRED",
            Code::SitInLiveGame => "ERR_SIT_IN_LIVE_GAME",
            Code::NotHuman => "ERR_NOT_HUMAN",
            Code::InvalidArgValue => "ERR_INVALID_ARG_VALUE",
            Code::OutOfRange => "ERR_OUT_OF_RANGE",
            Code::EmptyHistory => "ERR_EMPTY_HISTORY",
            Code::NoSearchThread => "ERR_NO_SEARCH_THREAD",
            Code::InvalidArgType => "ERR_INVALID_ARG_TYPE",
            Code::Disposed => "ERR_DISPOSED",
            Code::StaleSearch => "ERR_STALE_SEARCH",
        }
    }
}

impl AsRef<str> for Code {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// A JavaScript `Error` carrying one of our codes.
pub type Error = napi::Error<Code>;

/// The result of every fallible exported function.
pub type Result<T> = std::result::Result<T, Error>;

/// An error with `code` and a message for people.
pub fn error(code: Code, message: impl Into<String>) -> Error {
    Error::new(code, message.into())
}

/// A FEN that could not be read or describes an impossible position.
pub fn invalid_fen(e: FenError) -> Error {
    error(Code::InvalidFen, e.to_string())
}

/// The most characters of the caller's text a message quotes.
pub const QUOTE_CHARS: usize = 40;

/// The caller's text for a message: quoted, and cut after [`QUOTE_CHARS`]
/// characters with its length, so a megabyte argument gives a short message.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}… ({} bytes)", &text[..cut], text.len()),
    }
}

/// Move text that could not be read; `text` is quoted in the message.
pub fn invalid_move(text: &str, e: MoveTextError) -> Error {
    error(Code::InvalidMove, format!("{}: {e}", quote(text)))
}

/// A move the position does not allow; the core says why.
pub fn illegal_move(e: IllegalMoveError) -> Error {
    error(Code::IllegalMove, e.to_string())
}

/// SAN that names no legal move on one board (N3): unreadable, illegal, or
/// ambiguous, each with its own code; `text` is quoted for the first.
pub fn san(text: &str, e: SanError) -> Error {
    match e {
        SanError::Invalid(e) => invalid_move(text, e),
        SanError::Illegal { .. } => error(Code::IllegalMove, e.to_string()),
        SanError::Ambiguous { .. } => error(Code::AmbiguousMove, e.to_string()),
    }
}

/// A game action the core refused. Exhaustive on purpose: a new variant in
/// the core does not compile here until it has a code.
pub fn game(e: GameError) -> Error {
    let code = match e {
        GameError::GameOver => Code::GameOver,
        GameError::NotYourTurn { .. } => Code::NotYourTurn,
        GameError::InvalidMove { .. } => Code::InvalidMove,
        GameError::AmbiguousMove { .. } => Code::AmbiguousMove,
        GameError::IllegalSan { .. } | GameError::IllegalMove { .. } => Code::IllegalMove,
        GameError::TimeWentBackwards { .. } => Code::TimeWentBackwards,
        GameError::TimestampRequired => Code::TimestampRequired,
        GameError::NoSitsLeft { .. } => Code::NoSitsLeft,
        GameError::SitInLiveGame => Code::SitInLiveGame,
        GameError::NotHuman { .. } => Code::NotHuman,
    };
    error(code, e.to_string())
}

/// A game that could not be set up: a bad BFEN, or a move cap above what
/// the core's fixed-size history holds.
pub fn setup(e: SetupError) -> Error {
    let code = match e {
        SetupError::Fen(_) => Code::InvalidFen,
        SetupError::MoveCapTooLarge { .. } => Code::OutOfRange,
    };
    error(code, e.to_string())
}

/// A string argument outside its set of values.
pub fn invalid_arg(name: &str, expected: &str, got: &str) -> Error {
    error(
        Code::InvalidArgValue,
        format!("{name} must be {expected}, got {}", quote(got)),
    )
}

/// An argument of the wrong JavaScript type: `got` names its type.
pub fn invalid_type(name: &str, expected: &str, got: &str) -> Error {
    error(
        Code::InvalidArgType,
        format!("{name} must be {expected}, got {got}"),
    )
}

/// A game used after `dispose()`.
pub fn disposed() -> Error {
    error(
        Code::Disposed,
        "the game was disposed (dispose()): it holds no state any more",
    )
}

/// A number argument that is not an integer in `0..=max`.
pub fn out_of_range(name: &str, max: impl std::fmt::Display, got: f64) -> Error {
    error(
        Code::OutOfRange,
        format!("{name} must be an integer from 0 to {max}, got {got}"),
    )
}
