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
use napi::bindgen_prelude::Uint8Array;
use napi_derive::napi;

use crate::convert::seat_str;
use crate::error::{self, Code, Result};
use crate::game::Game;

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

/// Reads every record of `bytes` (see the module doc). Throws
/// `ERR_INVALID_BPGN` when the text is not blank but holds no game record
/// at all; a record the rules refuse is reported in its `error` instead.
#[napi(js_name = "_readBpgn", skip_typescript, catch_unwind)]
pub fn read_bpgn(bytes: Uint8Array) -> Result<Vec<BpgnRecordInfo>> {
    let bytes: &[u8] = &bytes;
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    let mut out = Vec::new();
    let mut any_game = false;
    for record in BpgnReader::new(bytes) {
        any_game |= looks_like_a_game(&record);
        let report = record.replay_into(&mut game);
        let start = offset_in(bytes, record.tag_text);
        let end = offset_in(bytes, record.movetext) + record.movetext.len();
        let mut tags = Vec::new();
        for (name, value) in record.tags() {
            tags.push(text_of(name));
            tags.push(tag_value(value));
        }
        out.push(BpgnRecordInfo {
            number: u32::try_from(record.number).unwrap_or(u32::MAX),
            line: record.line as f64,
            start: start as f64,
            end: end as f64,
            tag_list: tags,
            error: report.error.map(|e| e.to_string()),
            recorded_ending: (!report.ending.text.is_empty())
                .then(|| text_of(report.ending.text.trim_ascii())),
            recorded_kind: report.ending.kind.as_str(),
            recorded_loser: report.ending.loser.map(seat_str),
            moves_replayed: u32::try_from(report.moves).unwrap_or(u32::MAX),
            agrees: report.agrees(&game),
            bughouse: record.is_bughouse(),
        });
    }
    if !out.is_empty() && !any_game {
        return Err(error::error(
            Code::InvalidBpgn,
            "no BPGN game record in the text: no tag pair ([WhiteA \"…\"]), \
             move number (1A.) or result (1-0, 0-1, 1/2-1/2, *) anywhere (N4)",
        ));
    }
    Ok(out)
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
