//! One board: squares and bitboards, attacks, pockets, the position, legal
//! moves and drops, legality of a single move, check and mate (R9–R18), and
//! the Zobrist hash.
//!
//! Everything here is about a single board; how two boards, four seats and
//! clocks make a match lives in [`crate::game`].

pub mod attacks;
pub(crate) mod bitboard;
pub(crate) mod castling;
pub(crate) mod color;
pub(crate) mod dests;
pub(crate) mod edit;
pub(crate) mod legality;
pub(crate) mod magics;
pub(crate) mod movegen;
pub(crate) mod moves;
pub(crate) mod pawns;
pub(crate) mod perft;
pub(crate) mod pocket;
pub(crate) mod position;
pub(crate) mod predicates;
pub(crate) mod role;
pub(crate) mod square;
pub(crate) mod status;
pub(crate) mod zobrist;

pub use bitboard::Bitboard;
pub use castling::{CastlingRights, CastlingSide};
pub use color::Color;
pub use dests::Dests;
pub use edit::BoardFen;
pub use movegen::{MAX_LEGAL_MOVES, MoveList};
pub use moves::Move;
pub use perft::{perft, perft_while};
pub use pocket::{POCKET_MAX, Pocket};
pub use position::{Board, Flavour};
pub use predicates::BoardOutcome;
pub use role::{Piece, Role};
pub use square::{File, Rank, Square};
pub use status::BoardStatus;
