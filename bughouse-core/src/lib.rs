//! The reference rules engine for bughouse chess: `#![no_std]`, no allocation.
//!
//! Rule ids (R1…R34, F1…F13, N1…N4) refer to the rules as written in
//! [`rules`]; ARCHITECTURE.md in the repository says where each one lives.
//!
//! # Where things are
//!
//! The crate root holds the names nearly every program writes: the board
//! and its parts ([`Board`], [`Move`], [`Square`], [`Piece`], [`Role`],
//! [`Color`], [`Pocket`], [`Bitboard`], [`MoveList`], [`BoardStatus`]…), the
//! match ([`Game`], [`GameSettings`], [`Seat`], [`Report`], [`Outcome`],
//! [`TimeControl`]…), and the errors most calls return ([`GameError`],
//! [`FenError`], [`SanError`], [`IllegalMoveError`], [`SetupError`],
//! [`MoveTextError`]) with their stable [`ErrorCode`]. Everything else lives
//! in the namespace of its layer, each complete on its own, as shakmaty
//! keeps `fen`, `san` and `uci`: [`board`] (castling rights, capacities,
//! perft with a stop flag, the move predicates' outcome), [`attacks`],
//! [`game`] (the log and its actions, snapshots, clocks, the rotation, the
//! move cap's bounds), [`error`] (every error and its reasons), the
//! notations [`fen`], [`bfen`], [`san`], [`uci`] and [`bpgn`], and the
//! computer player [`bot`]. A name is at the root because most calls need
//! it: `bughouse_core::game::Snapshot` reads as well as a root name, and a
//! root of three dozen names can be learnt at a glance.
//!
//! # A match
//!
//! Two boards, four seats, two teams (R1, R2). What a seat captures goes to
//! its partner's pocket (R5); the first board to end decides (R27–R34).
//!
//! ```
//! use bughouse_core::{BoardId, EndReason, Game, GameSettings, Role, Seat};
//!
//! // Live: both boards at once, 3 minutes each (R19, R20); every action
//! // carries the caller's milliseconds since the start (R21).
//! let mut game = Game::new(GameSettings::default())?;
//! game.play_text(Seat::A_WHITE, "e4", Some(900))?;
//! game.play_text(Seat::A_BLACK, "d5", Some(1_500))?;
//! game.play_text(Seat::A_WHITE, "exd5", Some(2_100))?; // a capture on board A…
//! assert_eq!(game.pocket(Seat::B_BLACK).count(Role::Pawn), 1); // …feeds the partner on B
//! game.play_text(Seat::B_WHITE, "e4", Some(2_300))?;
//! game.play_text(Seat::B_BLACK, "P@e5", Some(2_800))?; // …who drops it (R9)
//! assert_eq!(game.board(BoardId::B).turn(), bughouse_core::Color::White);
//!
//! let report = game.resign(Seat::B_WHITE, Some(3_000))?; // any seat, any time (F10)
//! let outcome = report.outcome().unwrap();
//! assert_eq!(outcome.reason, EndReason::Resignation);
//! assert_eq!(outcome.to_string(), "B-White resigned: team 1 wins (R29)");
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # One board
//!
//! ```
//! use bughouse_core::{Board, Move, Role, Square};
//!
//! // A board in the bughouse flavour: captures leave the board (R5).
//! let mut board: Board = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1".parse()?;
//! assert_eq!(board.legal_moves().len(), 5 + 62); // king steps + knight drops
//! board.play(Move::from_uci("N@d6")?)?; // a drop may give check (R12)
//! assert!(board.is_check());
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Bughouse mate
//!
//! A check that a drop could block is never mate, even with an empty pocket
//! (R16, R17); a side with no move waits instead (R18).
//!
//! ```
//! use bughouse_core::Board;
//!
//! // Back-rank rook check, two squares between: a drop could block it.
//! let board: Board = "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1".parse()?;
//! assert!(board.is_check() && !board.has_legal_move());
//! assert!(board.drop_could_block_check());
//! assert!(!board.is_checkmate());
//! assert!(board.is_waiting());
//!
//! // The rook right next to the king, guarded along the open g-file: no
//! // drop can block it and the king cannot take it.
//! let board: Board = "6Rk/7p/8/8/8/8/8/4K1R1[] b - - 0 1".parse()?;
//! assert!(board.is_checkmate());
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```
//!
//! # Cargo features
//!
//! Both off by default.
//!
//! - `serde`: `Serialize` and `Deserialize` for settings, moves, actions,
//!   the log and outcomes (no_std).
//! - `runtime-tables`: the large attack tables (about 900 KB: magic slider
//!   attacks, squares between and lines through two squares) are filled at
//!   run time, once, instead of being compiled into the
//!   binary. For the WebAssembly build, where download size matters more than
//!   that one-off cost (its .wasm: 172 KiB gzipped without, 126 KiB with).
//!   The answers are the same; [`attacks::init_tables`] must run before the
//!   first lookup (the WebAssembly build's start function calls it; lookups
//!   assert it in debug builds).
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

// Unit tests may use std (collections, formatting); the library never does.
#[rustfmt::skip] #[cfg(test)] extern crate std;

pub mod board;
pub mod bot;
pub mod error;
pub mod game;
mod notation;
pub mod rules;

pub use board::attacks;
pub use notation::{bfen, bpgn, fen, san, uci};

// The root: the names nearly every user of the crate writes (see "Where
// things are" in the crate docs).
pub use board::{
    Bitboard, Board, BoardStatus, CastlingSide, Color, File, Flavour, Move, MoveList, Piece,
    Pocket, Rank, Role, Square, perft,
};
pub use error::{
    ErrorCode, FenError, GameError, IllegalMoveError, MoveTextError, SanError, SetupError,
};
pub use game::{
    Action, BoardId, EndReason, Game, GameSettings, Mode, Outcome, Report, Seat, Seats, Team,
    TimeControl,
};

// The crate's own code names everything from the root, as it did before the
// public root was trimmed: these stay private to the crate.
pub(crate) use board::{CastlingRights, MAX_LEGAL_MOVES};
pub(crate) use error::{
    BoardIdError, Excerpt, FenErrorKind, IllegalReason, SanIllegalReason, SeatError, SettingsError,
};
pub(crate) use game::{ActionKind, MAX_MOVE_CAP, TimeControlError};
pub(crate) use notation::bfen::{Bfen, parse_bfen};
pub(crate) use notation::san::{San, SanPlus};
