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

use bughouse_core as core;
use bughouse_core::bpgn::{BpgnReader, Record, Token};
use napi::Env;
use napi::bindgen_prelude::{Object, Uint8Array};
use napi_derive::napi;

use crate::board::Board;
use crate::convert::seat_str;
use crate::error::{self, Code, Result};
use crate::game::Game;
use crate::pool;

/// What replaying one record of an archive found. `readBpgn` returns a
/// `BpgnRecord`: this, with the tags as an object and the game, and
/// without the byte range and the tag list.
#[napi(object, object_from_js = false, use_nullable = true)]
#[derive(Debug)]
pub struct BpgnRecordInfo {
    /// The game's position in the archive, from 1.
    pub number: u32,
    /// The line where it starts, from 1.
    pub line: f64,
    /// Where the record starts in the bytes (UTF-8 for a string).
    pub start: f64,
    /// Where it ends (exclusive).
    pub end: f64,
    /// Tag names and values, alternating, in the order written; values
    /// with `\"` and `\\` read.
    pub tag_list: Vec<String>,
    /// Why replay stopped early (game, move, seat, text and reason), if it
    /// did: `null` for a record the rules accept to its end.
    pub error: Option<String>,
    /// The termination comment as written (`'makaka checkmated'`), if any.
    pub recorded_ending: Option<String>,
    /// How the record says the game ended (its termination comment, or
    /// chess.com's `GameEndReason` tag).
    #[napi(
        ts_type = "'checkmate' | 'time' | 'resignation' | 'abandonment' | 'draw' | 'aborted' | 'unknown'"
    )]
    pub recorded_kind: &'static str,
    /// The losing seat the record names (its termination comment, or
    /// chess.com's `LoserSeat` tag), if any.
    #[napi(ts_type = "Seat")]
    pub recorded_loser: Option<&'static str>,
    /// How many moves were replayed.
    pub moves_replayed: u32,
    /// Whether the engine agrees with the record: no error, a recorded
    /// checkmate is a bughouse mate of the same seat (R16), and no other
    /// ending came first.
    pub agrees: bool,
    /// Whether the record is a bughouse one (board letters or four-player
    /// tags) rather than a single-board PGN.
    pub bughouse: bool,
}

/// Text from archive bytes: UTF-8 when it is, else Latin-1 (old FICS
/// archives), so no byte is lost or refused.
fn text_of(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// A tag value with the BPGN escapes `\"` and `\\` read (the writer writes
/// them), as text.
fn tag_value(bytes: &[u8]) -> String {
    if !bytes.contains(&b'\\') {
        return text_of(bytes);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (bytes[i], bytes.get(i + 1)) {
            (b'\\', Some(&c @ (b'"' | b'\\'))) => {
                out.push(c);
                i += 2;
            }
            (c, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    text_of(&out)
}

/// Where `inner`, a slice of `outer`, starts in it.
fn offset_in(outer: &[u8], inner: &[u8]) -> usize {
    (inner.as_ptr() as usize).saturating_sub(outer.as_ptr() as usize)
}

/// Whether a record is a game record at all: a tag, a move number or a
/// result token. Text with none of these anywhere is not BPGN.
fn looks_like_a_game(record: &Record<'_>) -> bool {
    record.tags().next().is_some()
        || record
            .tokens()
            .any(|t| matches!(t, Token::Number { .. } | Token::Result(_)))
}

/// What one record's replay found, in the form both readers return.
fn info_of(bytes: &[u8], record: &Record<'_>, game: &mut core::Game) -> BpgnRecordInfo {
    let start = offset_in(bytes, record.tag_text);
    let end = offset_in(bytes, record.movetext) + record.movetext.len();
    let mut tags = Vec::new();
    for (name, value) in record.tags() {
        tags.push(text_of(name));
        tags.push(tag_value(value));
    }
    let bughouse = record.is_bughouse();
    // A bughouse record replays as a match; a single-board one (crazyhouse
    // PGN, `[Variant "crazyhouse"]`) on one board in the crazyhouse flavour.
    let (error, ending, moves, agrees) = if bughouse {
        let report = record.replay_into(game);
        (
            report.error,
            report.ending,
            report.moves,
            report.agrees(game),
        )
    } else {
        let replay = record.replay_board(core::Flavour::Crazyhouse);
        let agrees = replay.agrees();
        (replay.error, replay.ending, replay.moves, agrees)
    };
    BpgnRecordInfo {
        number: u32::try_from(record.number).unwrap_or(u32::MAX),
        line: record.line as f64,
        start: start as f64,
        end: end as f64,
        tag_list: tags,
        error: error.map(|e| e.to_string()),
        recorded_ending: (!ending.text.is_empty()).then(|| text_of(ending.text.trim_ascii())),
        recorded_kind: ending.kind.as_str(),
        recorded_loser: ending.loser.map(seat_str),
        moves_replayed: u32::try_from(moves).unwrap_or(u32::MAX),
        agrees,
        bughouse,
    }
}

/// Every record of `bytes`, and whether any of them is a game record at all.
fn read_all(bytes: &[u8]) -> Result<(Vec<BpgnRecordInfo>, bool)> {
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    let mut out = Vec::new();
    let mut any_game = false;
    for record in BpgnReader::new(bytes) {
        any_game |= looks_like_a_game(&record);
        out.push(info_of(bytes, &record, &mut game));
    }
    Ok((out, any_game))
}

/// The error for text that holds no game record at all (N4).
fn no_game() -> error::Error {
    error::error(
        Code::InvalidBpgn,
        "no BPGN game record in the text: no tag pair ([WhiteA \"…\"]), \
         move number (1A.) or result (1-0, 0-1, 1/2-1/2, *) anywhere (N4)",
    )
}

/// Reads every record of `bytes` (see the module doc). Throws
/// `ERR_INVALID_BPGN` when the text is not blank but holds no game record
/// at all; a record the rules refuse is reported in its `error` instead.
#[napi(js_name = "_readBpgn", skip_typescript, catch_unwind)]
pub fn read_bpgn(bytes: Uint8Array) -> Result<Vec<BpgnRecordInfo>> {
    let (out, any_game) = read_all(&bytes)?;
    if !out.is_empty() && !any_game {
        return Err(no_game());
    }
    Ok(out)
}

/// One batch of `readBpgnStream`: its records, and whether any is a game.
#[napi(object, object_from_js = false)]
#[derive(Debug)]
pub struct BpgnBatch {
    /// The records, as `_readBpgn` gives them.
    pub records: Vec<BpgnRecordInfo>,
    /// Whether any record of the batch is a game record (see `_readBpgn`).
    pub any_game: bool,
}

/// `_readBpgnAsync(bytes)`: `_readBpgn` on the engine's pool (src/pool.rs),
/// for `readBpgnStream`, which feeds it whole records: a Promise of a
/// [`BpgnBatch`]. The "no game at all" check is the stream's, at its end.
#[napi(js_name = "_readBpgnAsync", skip_typescript, catch_unwind)]
pub fn read_bpgn_async<'env>(env: &'env Env, bytes: Uint8Array) -> Result<Object<'env>> {
    let bytes = bytes.to_vec();
    let (answer, promise) = env
        .create_deferred::<BpgnBatch, Box<dyn FnOnce(Env) -> napi::Result<BpgnBatch>>>()
        .map_err(|e| error::error(Code::NoSearchThread, e.reason.clone()))?;
    let task: pool::Task = Box::new(move || match read_all(&bytes) {
        Ok((records, any_game)) => {
            answer.resolve(Box::new(move |_| Ok(BpgnBatch { records, any_game })))
        }
        Err(e) => answer.reject(napi::Error::new(
            napi::Status::GenericFailure,
            e.reason.clone(),
        )),
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
    let bytes: &[u8] = &bytes;
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    if let Some(record) = BpgnReader::new(bytes).next() {
        record.replay_into(&mut game);
    }
    Ok(Game::from_core(&env, game))
}

/// Replays the first record of `bytes`, a single-board (crazyhouse) record,
/// on a board of its own in the crazyhouse flavour.
#[napi(js_name = "_replayBoard", skip_typescript, catch_unwind)]
pub fn replay_board(bytes: Uint8Array) -> Result<Board> {
    let bytes: &[u8] = &bytes;
    let board = match BpgnReader::new(bytes).next() {
        Some(record) => record.replay_board(core::Flavour::Crazyhouse).board,
        None => core::Board::new_with(core::Flavour::Crazyhouse),
    };
    Ok(Board::from_core(board))
}
