//! `read_bpgn` and `GameRecord`: games read from BPGN archives (N4) and
//! replayed through the rules by the core's reader.
//!
//! Streaming: the iterator owns the archive's bytes and, at each step,
//! finds the next record and replays it with the GIL released, so the
//! first game arrives at once and memory holds one game at a time (plus
//! the archive's bytes).

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use bughouse_core::bpgn::{BpgnReader, Record};
use bughouse_core::{Game, Seat};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyType};

use crate::convert;
use crate::errors;
use crate::game::PyGame;

/// Text of an archive: UTF-8 if it is, else Latin-1 (every byte one
/// character), as FICS archives are.
fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// A tag value with its PGN escapes read: `\"` is `"`, `\\` is `\`.
fn unescape(value: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    while i < value.len() {
        if value[i] == b'\\' && matches!(value.get(i + 1), Some(b'"' | b'\\')) {
            i += 1;
        }
        out.push(value[i]);
        i += 1;
    }
    out
}

/// One replayed record, owned, made with the GIL released.
struct Replayed {
    tags: Vec<(String, String)>,
    game: Box<Game>,
    moves: usize,
    error: Option<String>,
    ending: Option<String>,
    ending_kind: &'static str,
    loser: Option<Seat>,
    agrees: bool,
    is_bughouse: bool,
    number: usize,
    line: usize,
}

fn replay(record: &Record<'_>) -> Replayed {
    let mut tags: Vec<(String, String)> = Vec::new();
    for (name, value) in record.tags() {
        let name = decode(name);
        // The first of a repeated tag counts, as `Record::tag` reads it.
        if !tags.iter().any(|(n, _)| *n == name) {
            tags.push((name, decode(&unescape(value))));
        }
    }
    let replay = record.replay();
    let agrees = replay.agrees();
    let ending = replay.ending;
    Replayed {
        tags,
        game: Box::new(replay.game),
        moves: replay.moves,
        error: replay.error.map(|e| e.to_string()),
        ending: (!ending.text.trim_ascii().is_empty()).then(|| decode(ending.text.trim_ascii())),
        ending_kind: ending.kind.as_str(),
        loser: ending.loser,
        agrees,
        is_bughouse: record.is_bughouse(),
        number: record.number,
        line: record.line,
    }
}

/// Where the reader stands in its archive.
struct Cursor {
    text: Vec<u8>,
    pos: usize,
    /// The line (from 1) at `pos`.
    line: usize,
    /// Records read so far.
    games: usize,
}

impl Cursor {
    /// The next record, replayed; None at the end. Reads on from `pos` with
    /// a fresh core reader (splitting depends only on the text from there),
    /// numbering games and lines as the whole archive counts them.
    fn next_record(&mut self) -> Option<Replayed> {
        let rest = &self.text[self.pos..];
        let record = BpgnReader::new(rest).next()?;
        let end =
            record.movetext.as_ptr() as usize + record.movetext.len() - rest.as_ptr() as usize;
        self.games += 1;
        let record = Record {
            number: self.games,
            line: self.line + record.line - 1,
            ..record
        };
        let replayed = replay(&record);
        self.line += rest[..end].iter().filter(|&&c| c == b'\n').count();
        self.pos += end;
        Some(replayed)
    }
}

/// The games of a BPGN archive, read and replayed one at a time.
#[pyclass(frozen, module = "bughouse", name = "BpgnReader")]
pub(crate) struct PyBpgnReader {
    cursor: Mutex<Cursor>,
    strict: bool,
}

impl PyBpgnReader {
    fn lock(&self) -> MutexGuard<'_, Cursor> {
        self.cursor.lock().unwrap_or_else(|e| e.into_inner())
    }
}

#[pymethods]
impl PyBpgnReader {
    fn __iter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// The next game. The lock is taken and released with the GIL released,
    /// so threads sharing one reader take turns and never deadlock.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyGameRecord>> {
        let Some(r) = py.detach(|| self.lock().next_record()) else {
            return Ok(None);
        };
        if self.strict {
            if let Some(error) = &r.error {
                return Err(errors::invalid_bpgn(error.clone()));
            }
        }
        let tags = PyDict::new(py);
        for (name, value) in &r.tags {
            tags.set_item(name, value)?;
        }
        Ok(Some(PyGameRecord {
            tags: tags.unbind(),
            game: Py::new(py, PyGame::from_game(r.game))?,
            error: r.error,
            recorded_ending: r.ending,
            moves_replayed: r.moves,
            agrees: r.agrees,
            ending_kind: r.ending_kind.to_string(),
            loser: r.loser.map(convert::seat_letter),
            is_bughouse: r.is_bughouse,
            number: r.number,
            line: r.line,
        }))
    }
}

/// `read_bpgn(source, *, strict=False)`: the games of a BPGN archive (N4),
/// each replayed through the rules, lazily (one game per step, the GIL
/// released while it replays).
///
/// `source`: an `os.PathLike` is a file, read as bytes (Latin-1 archives
/// are fine); `bytes` are the archive's bytes; a `str` that is empty or
/// contains a newline or a `[` is the archive's text, any other `str` a
/// file path (so a one-line record without tags needs its newline).
/// With `strict=True` a record that breaks the rules raises
/// `InvalidBpgnError` instead of being returned with its `error`.
#[pyfunction]
#[pyo3(signature = (source, *, strict=false))]
pub(crate) fn read_bpgn(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    strict: bool,
) -> PyResult<PyBpgnReader> {
    let text = if let Ok(s) = source.cast::<PyString>() {
        let s = s.to_cow()?;
        if s.is_empty() || s.contains('\n') || s.contains('[') {
            s.as_bytes().to_vec()
        } else {
            read_file(py, source.extract::<PathBuf>()?)?
        }
    } else if let Ok(b) = source.cast::<PyBytes>() {
        b.as_bytes().to_vec()
    } else if source.is_instance(&py.import("os")?.getattr("PathLike")?)? {
        read_file(py, source.extract::<PathBuf>()?)?
    } else {
        return Err(PyTypeError::new_err(format!(
            "read_bpgn() takes BPGN text (str or bytes) or a path (str or os.PathLike), not {}",
            source.get_type().name()?
        )));
    };
    Ok(PyBpgnReader {
        cursor: Mutex::new(Cursor {
            text,
            pos: 0,
            line: 1,
            games: 0,
        }),
        strict,
    })
}

fn read_file(py: Python<'_>, path: PathBuf) -> PyResult<Vec<u8>> {
    py.detach(|| std::fs::read(&path))
        .map_err(|e| errors::io_error(&e, &path))
}

/// One game of an archive: its tags, the game replayed through the rules
/// as far as the record goes, and how the record says it ended.
#[pyclass(frozen, module = "bughouse", name = "GameRecord")]
pub(crate) struct PyGameRecord {
    /// The tags, in the order written (the first of a repeated name);
    /// values decoded as UTF-8, else Latin-1, with `\"` and `\\` read.
    #[pyo3(get)]
    tags: Py<PyDict>,
    /// The moves replayed so far through the rules (a live game without
    /// clocks; the recorded clocks are in its history).
    #[pyo3(get)]
    game: Py<PyGame>,
    /// Why replay stopped early — game number, move, seat, text and reason
    /// — or None when every move was legal.
    #[pyo3(get)]
    error: Option<String>,
    /// The termination comment as written (`"makaka checkmated"`), or None.
    #[pyo3(get)]
    recorded_ending: Option<String>,
    /// How many moves were replayed.
    #[pyo3(get)]
    moves_replayed: usize,
    /// Whether the engine agrees with the record: no error, a recorded
    /// checkmate is the bughouse mate of the same seat at the last move
    /// (R16), and no rule ended the game before the record did.
    #[pyo3(get)]
    agrees: bool,
    /// How the record says the game ended: "checkmate", "time",
    /// "resignation", "abandonment", "draw", "aborted" or "unknown".
    #[pyo3(get)]
    ending_kind: String,
    /// The losing seat's letter when the record names it, else None.
    #[pyo3(get)]
    loser: Option<String>,
    /// Whether the record is a bughouse game (board letters or four-player
    /// tags) rather than a single-board PGN.
    #[pyo3(get)]
    is_bughouse: bool,
    /// The game's position in the archive, from 1.
    #[pyo3(get)]
    number: usize,
    /// The line (from 1) where the game starts in the archive.
    #[pyo3(get)]
    line: usize,
}

#[pymethods]
impl PyGameRecord {
    /// A record's parts, as `read_bpgn` makes them (and as unpickling
    /// does).
    #[new]
    #[pyo3(signature = (tags, game, error=None, recorded_ending=None, moves_replayed=0, agrees=false, ending_kind="unknown", loser=None, is_bughouse=true, number=1, line=1))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        tags: Bound<'_, PyDict>,
        game: Py<PyGame>,
        error: Option<String>,
        recorded_ending: Option<String>,
        moves_replayed: usize,
        agrees: bool,
        ending_kind: &str,
        loser: Option<String>,
        is_bughouse: bool,
        number: usize,
        line: usize,
    ) -> PyResult<PyGameRecord> {
        if let Some(letter) = &loser {
            convert::seat(letter)?;
        }
        Ok(PyGameRecord {
            tags: tags.unbind(),
            game,
            error,
            recorded_ending,
            moves_replayed,
            agrees,
            ending_kind: ending_kind.to_string(),
            loser,
            is_bughouse,
            number,
            line,
        })
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let tags = self.tags.bind(py);
        let name = |tag: &str| -> String {
            tags.get_item(tag)
                .ok()
                .flatten()
                .and_then(|v| v.extract::<String>().ok())
                .unwrap_or_else(|| "?".to_string())
        };
        let status = match &self.error {
            Some(_) => "error".to_string(),
            None => format!("{} moves", self.moves_replayed),
        };
        format!(
            "<GameRecord #{} {} & {} vs {} & {}, {status}, {}>",
            self.number,
            name("WhiteA"),
            name("BlackB"),
            name("BlackA"),
            name("WhiteB"),
            self.ending_kind
        )
    }

    /// Pickles as `GameRecord(...)` with all its parts.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, PyType>,
        (
            Py<PyDict>,
            Py<PyGame>,
            Option<String>,
            Option<String>,
            usize,
            bool,
            String,
            Option<String>,
            bool,
            usize,
            usize,
        ),
    ) {
        let py = slf.py();
        let r = slf.get();
        (
            slf.get_type(),
            (
                r.tags.clone_ref(py),
                r.game.clone_ref(py),
                r.error.clone(),
                r.recorded_ending.clone(),
                r.moves_replayed,
                r.agrees,
                r.ending_kind.clone(),
                r.loser.clone(),
                r.is_bughouse,
                r.number,
                r.line,
            ),
        )
    }
}
