//! Node.js bindings for the bughouse rules engine: the npm package `bughouse`.
//!
//! Thin by design: every rule lives in `bughouse-core`; this crate converts
//! values ([`convert`]) and maps errors in one place ([`error`]). One file per
//! exported class or function group:
//!
//! | file | exports |
//! |---|---|
//! | `board.rs` | `Board` |
//! | `perft.rs` | `perft(fen, depth, opts)` |
//! | `game.rs` (to come) | `Game`, `Outcome` |
//! | `bpgn.rs` (to come) | `readBpgn` |
//!
//! The TypeScript declarations (`index.d.ts`) are generated from the
//! `#[napi]` items here by `napi build` and committed.

mod board;
mod convert;
mod error;
mod perft;

pub use board::Board;
pub use convert::{BoardOptions, MAX_LEGAL_MOVES, Piece, Pocket, uci_of_code};
pub use error::Code;
pub use perft::perft;
