//! `readBpgn(text)`: the games of a BPGN archive (N4), replayed through the
//! rules.
//!
//! Two native calls behind one JavaScript function (index.js):
//! `_readBpgn(bytes)` reads every record and replays it into one reused core
//! game, returning what the replay found (tags, the error, the recorded
//! ending, whether the engine agrees) and where the record lies in the
//! bytes; `_replayRecord(bytes)` replays one record again into a `Game` of
//! its own, when JavaScript first asks for `record.game`. A core game is
//! about 65 KiB, so an archive of 100,000 games does not hold 6.5 GB of
//! games nobody looked at.

use napi::Env;
use napi::bindgen_prelude::{Object, Uint8Array, Unknown};
use napi_derive::napi;

use crate::board::Board;
use crate::convert;
use crate::error::{self, Code, Js, Result};
use crate::game::Game;
use crate::pool;

/// Reads every record of `bytes` (see the module doc and
/// [`bughouse_js::bpgn::read`]): an array of record infos. Throws
/// `ERR_INVALID_BPGN` when the text is not blank but holds no game record
/// at all; a record the rules refuse is reported in its `error` instead.
#[napi(js_name = "_readBpgn", skip_typescript, catch_unwind)]
pub fn read_bpgn<'env>(env: &'env Env, bytes: Uint8Array) -> Result<Unknown<'env>> {
    let records = bughouse_js::bpgn::read(&bytes).js()?;
    convert::out(env, &records)
}

/// `_readBpgnAsync(bytes)`: `_readBpgn` on the engine's pool (src/pool.rs),
/// for `readBpgnStream`, which feeds it whole records: a Promise of a batch
/// `{ records, anyGame }` as JSON text (index.js parses it: one string
/// crosses back). The "no game at all" check is the stream's, at its end.
#[napi(js_name = "_readBpgnAsync", skip_typescript, catch_unwind)]
pub fn read_bpgn_async<'env>(env: &'env Env, bytes: Uint8Array) -> Result<Object<'env>> {
    let bytes = bytes.to_vec();
    let (answer, promise) = env
        .create_deferred::<String, Box<dyn FnOnce(Env) -> napi::Result<String>>>()
        .map_err(|e| error::error(Code::NoSearchThread, e.reason.clone()))?;
    let task: pool::Task = Box::new(move || match bughouse_js::bpgn::batch(&bytes) {
        Ok(batch) => {
            let text = batch.json();
            answer.resolve(Box::new(move |_| Ok(text)))
        }
        Err(e) => answer.reject(napi::Error::new(napi::Status::GenericFailure, e.message)),
    });
    pool::submit(task).map_err(|(_, e)| {
        error::error(
            Code::NoSearchThread,
            format!("cannot start a pool thread: {e}"),
        )
    })?;
    Ok(promise)
}

/// Replays the first record of `bytes` (one record's bytes, as `_readBpgn`
/// located it) into a game of its own.
#[napi(js_name = "_replayRecord", skip_typescript, catch_unwind)]
pub fn replay_record(env: Env, bytes: Uint8Array) -> Result<Game> {
    let game = bughouse_js::bpgn::replay_record(&bytes).js()?;
    Ok(Game::from_core(&env, game))
}

/// Replays the first record of `bytes`, a single-board (crazyhouse) record,
/// on a board of its own in the crazyhouse flavour.
#[napi(js_name = "_replayBoard", skip_typescript, catch_unwind)]
pub fn replay_board(bytes: Uint8Array) -> Result<Board> {
    Ok(Board::from_core(bughouse_js::bpgn::replay_board(&bytes)))
}

/// Where the last record of `bytes` starts (`readBpgnStream` cuts batches
/// there), or -1 (see `bughouse_js::bpgn::last_record_start`).
#[napi(js_name = "_lastRecordStart", skip_typescript, catch_unwind)]
pub fn last_record_start(bytes: Uint8Array) -> f64 {
    bughouse_js::bpgn::last_record_start(&bytes).map_or(-1.0, |i| i as f64)
}
