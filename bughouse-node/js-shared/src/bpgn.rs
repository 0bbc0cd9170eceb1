//! `readBpgn`'s native half, for both builds: every record of an archive
//! replayed through the rules into one reused core game, each reported as a
//! record info (its tags, error, recorded ending, whether the engine agrees,
//! and where it lies in the bytes); the JS layers build the record objects
//! and replay one record again only when its `game` (a match) or `board`
//! (a crazyhouse record) is first read.

use bughouse_core as core;
use bughouse_core::bpgn::{BpgnReader, Record, Token};

use crate::args::seat_str;
use crate::error::{self, Code, Result};
use crate::out::Out;

/// Text from archive bytes: UTF-8 when it is, else Latin-1 (old FICS
/// archives), so no byte is lost or refused.
pub fn text_of(bytes: &[u8]) -> String {
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

/// What one record's replay found: `{ number, line, start, end, tagList,
/// error, recordedEnding, recordedKind, recordedLoser, movesReplayed,
/// agrees, bughouse }` (the `BpgnRecord` of index.d.ts less the tags object
/// and the game, plus the byte range and the tags as a flat name, value
/// list).
fn info_of(bytes: &[u8], record: &Record<'_>, game: &mut core::Game) -> Out {
    let start = offset_in(bytes, record.tag_text);
    let end = offset_in(bytes, record.movetext) + record.movetext.len();
    let mut tags = Vec::new();
    for (name, value) in record.tags() {
        tags.push(Out::Str(text_of(name)));
        tags.push(Out::Str(tag_value(value)));
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
    let count = |n: usize| Out::Int(i64::try_from(n).unwrap_or(i64::MAX));
    Out::Object(vec![
        ("number", count(record.number)),
        ("line", count(record.line)),
        ("start", count(start)),
        ("end", count(end)),
        ("tagList", Out::Array(tags)),
        ("error", error.map(|e| e.to_string()).into()),
        (
            "recordedEnding",
            (!ending.text.is_empty())
                .then(|| text_of(ending.text.trim_ascii()))
                .into(),
        ),
        ("recordedKind", ending.kind.as_str().into()),
        ("recordedLoser", ending.loser.map(seat_str).into()),
        ("movesReplayed", count(moves)),
        ("agrees", agrees.into()),
        ("bughouse", bughouse.into()),
    ])
}

/// Every record of `bytes` as record infos, and whether any of them is a
/// game record at all (`readBpgnStream` checks that at its end).
pub fn read_all(bytes: &[u8]) -> Result<(Vec<Out>, bool)> {
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    let mut out = Vec::new();
    let mut any_game = false;
    for record in BpgnReader::new(bytes) {
        any_game |= looks_like_a_game(&record);
        out.push(info_of(bytes, &record, &mut game));
    }
    Ok((out, any_game))
}

/// `_readBpgn(bytes)`: every record; `ERR_INVALID_BPGN` when the text is
/// not blank but holds no game record at all (N4). A record the rules
/// refuse is reported in its `error` instead.
pub fn read(bytes: &[u8]) -> Result<Out> {
    let (records, any_game) = read_all(bytes)?;
    if !records.is_empty() && !any_game {
        return Err(error::error(
            Code::InvalidBpgn,
            "no BPGN game record in the text: no tag pair ([WhiteA \"…\"]), \
             move number (1A.) or result (1-0, 0-1, 1/2-1/2, *) anywhere (N4)",
        ));
    }
    Ok(Out::Array(records))
}

/// `_readBpgnAsync`'s batch: `{ records, anyGame }`.
pub fn batch(bytes: &[u8]) -> Result<Out> {
    let (records, any_game) = read_all(bytes)?;
    Ok(Out::Object(vec![
        ("records", Out::Array(records)),
        ("anyGame", any_game.into()),
    ]))
}

/// `_replayRecord(bytes)`: the first record of one record's bytes replayed
/// into a game of its own (archive settings: live, no clocks, the largest
/// cap), as far as the rules allow.
pub fn replay_record(bytes: &[u8]) -> Result<Box<core::Game>> {
    let mut game = Box::new(core::Game::new(core::bpgn::replay_settings()).map_err(error::setup)?);
    if let Some(record) = BpgnReader::new(bytes).next() {
        record.replay_into(&mut game);
    }
    Ok(game)
}

/// `_replayBoard(bytes)`: the first record of `bytes`, a single-board
/// (crazyhouse) record, replayed on a board of its own in the crazyhouse
/// flavour.
pub fn replay_board(bytes: &[u8]) -> core::Board {
    match BpgnReader::new(bytes).next() {
        Some(record) => record.replay_board(core::Flavour::Crazyhouse).board,
        None => core::Board::new_with(core::Flavour::Crazyhouse),
    }
}

/// Where the last record of `buf` starts, after which `buf` may end in the
/// middle of a record, or `None`: a line opening with `[` (a tag) whose
/// previous non-blank line is not a tag, i.e. the end of a movetext. How
/// `readBpgnStream` cuts a stream into batches of whole records.
pub fn last_record_start(buf: &[u8]) -> Option<usize> {
    let is_blank = |c: u8| matches!(c, b'\n' | b'\r' | b' ' | b'\t');
    let mut from = buf.len();
    loop {
        // The last "\n[" that starts before `from`.
        let p = buf[..from].windows(2).rposition(|w| w == b"\n[")?;
        let q = buf[..p].iter().rposition(|&c| !is_blank(c))?;
        let line_start = buf[..q]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |i| i + 1);
        if buf[line_start] != b'[' {
            return Some(p + 1);
        }
        if line_start == 0 {
            return None;
        }
        // The tag line itself may follow a movetext: look again from it.
        from = line_start + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::last_record_start;

    #[test]
    fn a_record_starts_at_a_tag_line_after_a_movetext() {
        let text = b"[A \"1\"]\n[B \"2\"]\n\n1A. e4 *\n\n[A \"3\"]\n[B \"4\"]\n\n1A. d4";
        let cut = last_record_start(text).expect("a cut");
        assert_eq!(&text[cut..cut + 7], b"[A \"3\"]");
        assert_eq!(last_record_start(b"[A \"1\"]\n[B \"2\"]\n"), None);
        assert_eq!(last_record_start(b"1A. e4"), None);
    }
}
