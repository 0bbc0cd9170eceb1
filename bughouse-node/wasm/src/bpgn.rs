//! `readBpgn(text)`: the addon's two calls behind it (`../src/bpgn.rs`):
//! `_readBpgn(bytes)` reads and replays every record, `_replayRecord(bytes)`
//! replays one into a `Game` when `record.game` is first read.

use wasm_bindgen::prelude::*;

use crate::board::Board;
use crate::convert;
use crate::error::{Js, Result};
use crate::game::Game;

/// What the replay of every record found, as the addon's record infos
/// (`bughouse_js::bpgn::read`).
#[wasm_bindgen(js_name = "_readBpgn")]
pub fn read_bpgn(bytes: &[u8]) -> Result<JsValue> {
    Ok(convert::out(&bughouse_js::bpgn::read(bytes).js()?))
}

/// `_readBpgn` for one batch of `readBpgnStream`: `{ records, anyGame }`.
#[wasm_bindgen(js_name = "_readBpgnBatch")]
pub fn read_bpgn_batch(bytes: &[u8]) -> Result<JsValue> {
    Ok(convert::out(&bughouse_js::bpgn::batch(bytes).js()?))
}

/// The first record of `bytes` replayed into a `Game` of its own.
#[wasm_bindgen(js_name = "_replayRecord")]
pub fn replay_record(bytes: &[u8]) -> Result<Game> {
    Ok(Game::from_core(
        bughouse_js::bpgn::replay_record(bytes).js()?,
    ))
}

/// The first record of `bytes`, a crazyhouse record, replayed on a board.
#[wasm_bindgen(js_name = "_replayBoard")]
pub fn replay_board(bytes: &[u8]) -> Board {
    Board::from_core(bughouse_js::bpgn::replay_board(bytes))
}

/// Where the last record of `bytes` starts (`readBpgnStream` cuts batches
/// there), or -1 (see `bughouse_js::bpgn::last_record_start`).
#[wasm_bindgen(js_name = "_lastRecordStart")]
pub fn last_record_start(bytes: &[u8]) -> f64 {
    bughouse_js::bpgn::last_record_start(bytes).map_or(-1.0, |i| i as f64)
}
