//! The WebAssembly build of the npm package `bughouse`: the N-API addon's
//! API (`../src/`) through wasm-bindgen, for browsers, bundlers and Node
//! where no addon fits.
//!
//! Thin by design, as the addon is: every rule lives in `bughouse-core`,
//! every check, code, message and shape in the layer both builds wrap
//! (`../js-shared`, crate `bughouse_js`); this crate converts wasm-bindgen's
//! values into that layer's ([`convert`]) and its errors into JavaScript
//! ones ([`error`]). One file per file of the addon, with the
//! same exports under the same names (`_`-prefixed ones are the JS layer's,
//! `../wasm/api.mjs`, as `_`-prefixed ones of the addon are index.js's).
//! `__test__/surface.test.mjs` compares the two builds' surfaces, and the
//! whole `node --test` suite runs against both (`make test-node-wasm`).

#![forbid(unsafe_code)]

mod board;
mod bot;
mod bpgn;
mod convert;
mod error;
mod game;

pub use board::Board;
pub use game::Game;

use wasm_bindgen::prelude::*;

use crate::error::Js;

/// Leaf count `depth` plies below the position `fen` (N1).
#[wasm_bindgen]
pub fn perft(fen: JsValue, depth: JsValue, opts: JsValue) -> error::Result<f64> {
    let depth =
        bughouse_js::args::perft_depth(convert::number(&depth, "perft: argument 2")?).js()?;
    let fen = convert::string(&fen, "perft: argument 1")?;
    let board = convert::board_from(&JsValue::from(fen), "perft: argument 1", &opts)?;
    Ok(bughouse_core::perft(&board, depth) as f64)
}

/// The UCI of a move code, for the JS layer's table of interned strings.
#[wasm_bindgen(js_name = "_uciOfCode")]
pub fn uci_of_code(code: u32) -> error::Result<String> {
    bughouse_js::args::uci_of_code(code).js()
}

/// The code buffer's address in the module's memory (see
/// [`convert::write_move_codes`]).
#[wasm_bindgen(js_name = "_codeBuffer")]
pub fn code_buffer() -> u32 {
    convert::code_buffer().0
}

/// The code buffer's length in codes.
#[wasm_bindgen(js_name = "_codeBufferLength")]
pub fn code_buffer_length() -> u32 {
    convert::code_buffer().1
}
