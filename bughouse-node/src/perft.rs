//! `perft(fen, depth, opts)`: the leaf count of a position, the standard check
//! of a move generator, without building a `Board` object first.

use bughouse_core as core;
use napi::bindgen_prelude::{Either, Object, Unknown};
use napi_derive::napi;

use crate::convert::{self, BoardOptions};
use crate::error::Result;

/// Leaf count `depth` plies below the position `fen` (N1), in the bughouse
/// flavour unless `{ crazyhouse: true }`. Throws `ERR_INVALID_FEN` or
/// `ERR_OUT_OF_RANGE` (depth not an integer from 0 to 32).
#[napi(
    catch_unwind,
    ts_args_type = "fen: string, depth: number, opts?: BoardOptions | undefined | null"
)]
pub fn perft(
    fen: String,
    depth: f64,
    opts: Option<Either<Object<'_>, Unknown<'_>>>,
) -> Result<f64> {
    let depth = convert::perft_depth(depth)?;
    let board = convert::board_from(Some(&fen), BoardOptions::flavour(opts)?)?;
    Ok(core::perft(&board, depth) as f64)
}
