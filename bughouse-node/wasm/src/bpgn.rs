//! `readBpgn(text)`: the addon's two calls behind it (`../src/bpgn.rs`):
//! `_readBpgn(bytes)` reads and replays every record, `_replayRecord(bytes)`
//! replays one into a `Game` when `record.game` is first read.

use bughouse_core as core;
use bughouse_core::bpgn::{BpgnReader, Record, Token};
use wasm_bindgen::prelude::*;

use crate::convert::{self, seat_str};
use crate::error::{self, Code, Result};
use crate::game::Game;

fn text_of(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

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

fn offset_in(outer: &[u8], inner: &[u8]) -> usize {
    (inner.as_ptr() as usize).saturating_sub(outer.as_ptr() as usize)
}

fn looks_like_a_game(record: &Record<'_>) -> bool {
    record.tags().next().is_some()
        || record
            .tokens()
            .any(|t| matches!(t, Token::Number { .. } | Token::Result(_)))
}

/// What the replay of every record found, as the addon's `BpgnRecordInfo`s.
#[wasm_bindgen(js_name = "_readBpgn")]
pub fn read_bpgn(bytes: &[u8]) -> Result<js_sys::Array> {
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    let out = js_sys::Array::new();
    let mut any_game = false;
    for record in BpgnReader::new(bytes) {
        any_game |= looks_like_a_game(&record);
        let report = record.replay_into(&mut game);
        let start = offset_in(bytes, record.tag_text);
        let end = offset_in(bytes, record.movetext) + record.movetext.len();
        let tags = js_sys::Array::new();
        for (name, value) in record.tags() {
            tags.push(&text_of(name).into());
            tags.push(&tag_value(value).into());
        }
        out.push(&convert::object(&[
            (
                "number",
                u32::try_from(record.number).unwrap_or(u32::MAX).into(),
            ),
            ("line", (record.line as f64).into()),
            ("start", (start as f64).into()),
            ("end", (end as f64).into()),
            ("tagList", tags.into()),
            (
                "error",
                convert::nullable(report.error.map(|e| e.to_string())),
            ),
            (
                "recordedEnding",
                convert::nullable(
                    (!report.ending.text.is_empty())
                        .then(|| text_of(report.ending.text.trim_ascii())),
                ),
            ),
            ("recordedKind", report.ending.kind.as_str().into()),
            (
                "recordedLoser",
                convert::nullable(report.ending.loser.map(seat_str)),
            ),
            (
                "movesReplayed",
                u32::try_from(report.moves).unwrap_or(u32::MAX).into(),
            ),
            ("agrees", report.agrees(&game).into()),
            ("bughouse", record.is_bughouse().into()),
        ]));
    }
    if out.length() > 0 && !any_game {
        return Err(error::error(
            Code::InvalidBpgn,
            "no BPGN game record in the text: no tag pair ([WhiteA \"…\"]), \
             move number (1A.) or result (1-0, 0-1, 1/2-1/2, *) anywhere (N4)",
        ));
    }
    Ok(out)
}

/// The first record of `bytes` replayed into a `Game` of its own.
#[wasm_bindgen(js_name = "_replayRecord")]
pub fn replay_record(bytes: &[u8]) -> Result<Game> {
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    if let Some(record) = BpgnReader::new(bytes).next() {
        record.replay_into(&mut game);
    }
    Ok(Game::from_core(game))
}
