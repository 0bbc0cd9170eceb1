//! Node.js bindings for the bughouse rules engine: the npm package `bughouse`.
//!
//! Thin by design: every rule lives in `bughouse-core`, and everything a
//! call does between a JavaScript value and the core (argument and option
//! checks, codes and messages, the shapes of what is returned) in the layer
//! this crate shares with the WebAssembly build (`js-shared`, crate
//! `bughouse_js`), so a method is written once for both. This crate converts
//! napi-rs values into that layer's ([`convert`]) and its errors into
//! napi-rs ones ([`error`]). One file per exported class or function group:
//!
//! | file | exports |
//! |---|---|
//! | `board.rs` | `Board` |
//! | `perft.rs` | `perft(fen, depth, opts)` |
//! | `game.rs` | `Game` (its `Outcome`s are in `convert.rs`) |
//! | `bpgn.rs` | `readBpgn` (with index.js, which builds the records) |
//! | `bot.rs` | `Game.botMove`, `Game.botMoveAsync` (with index.js, which reads the options) |
//! | `ui.rs` | what board UIs need: `Board.checkers`, `checkedKing`, `attacks`, `history`, `lastMove`, `copy` |
//!
//! No input may crash the process: every export catches Rust panics
//! (`catch_unwind`), and napi-rs ≥ 3.16 checks that a getter's `this` is an
//! instance of its own class (`Object.getOwnPropertyDescriptor(Board.prototype,
//! 'turn').get.call(new Game())` read a `Game` as a `Board` before).
//!
//! The TypeScript declarations (`index.d.ts`) are generated from the
//! `#[napi]` items here by `napi build` and committed.

mod board;
mod bot;
mod bpgn;
mod convert;
mod error;
mod game;
mod perft;
mod pool;
mod ui;

pub use board::Board;
pub use bot::{SearchStop, board_bot_search, bot_search};
pub use bpgn::{last_record_start, read_bpgn, read_bpgn_async, replay_board, replay_record};
pub use convert::{BoardOptions, MAX_LEGAL_MOVES, Outcome, Piece, Pocket, uci_of_code};
pub use error::Code;
pub use game::{Game, HistoryEntry, SeatMove, TimeControl, external_memory};
pub use perft::perft;
