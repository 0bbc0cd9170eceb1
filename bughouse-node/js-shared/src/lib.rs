//! The JavaScript-facing layer of the npm package `bughouse`, shared by its
//! two builds: the N-API addon (`bughouse-node`, napi-rs) and the
//! WebAssembly build (`bughouse-node/wasm`, wasm-bindgen).
//!
//! Issue 12 asks both builds for the same classes, methods, errors and codes.
//! Everything a call does between the JavaScript value and the core lives
//! here once, so that a method is added once:
//!
//! | module | what |
//! |---|---|
//! | [`error`] | the stable `code` strings and every message |
//! | [`args`] | reading seats, squares, colours, timestamps, depths, moves |
//! | [`value`] | an argument as plain Rust ([`Value`]) and options objects |
//! | [`options`] | `new Game(opts)`, `{ crazyhouse }`, BPGN tags |
//! | [`out`] | a result as plain Rust ([`Out`]) and its JSON text |
//! | [`shapes`] | the JavaScript shapes: outcome, pocket, log, report, snapshot, toJSON |
//! | [`board`] | `Board`: a board and the moves `push` played on it |
//! | [`bpgn`] | `readBpgn`: every record of an archive replayed |
//! | [`game`] | `Game`'s state and methods; `Game.fromJSON`, `Game.fromBpgn` |
//!
//! A build only converts: its JavaScript values into a [`Value`], an
//! [`Out`] into a JavaScript value, an [`Error`] into a JavaScript `Error`.
//! No rule here either: every rule is `bughouse-core`'s.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod args;
pub mod board;
pub mod bpgn;
pub mod error;
pub mod game;
pub mod options;
pub mod out;
pub mod shapes;
pub mod value;

pub use error::{Code, Error, Result};
pub use out::Out;
pub use value::Value;
