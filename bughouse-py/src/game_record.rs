//! `read_bpgn` and `GameRecord`: games read from BPGN archives (N4) and
//! replayed through the rules by the core's reader.
//!
//! Streaming: the iterator owns the archive's bytes and, at each step,
//! finds the next record and replays it with the GIL released, so the
//! first game arrives at once and memory holds one game at a time (plus
//! the archive's bytes).

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

use bughouse_core::bpgn::{BpgnReader, Record};
use bughouse_core::{Flavour, Game, Seat};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyType};

use crate::board::{BoardState, PyBoard};
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

/// What a record replays into: a match, or (single-board PGN, such as the
/// crazyhouse archives of FICS and lichess) one crazyhouse board.
enum Played {
    Match(Box<Game>),
    Crazyhouse(BoardState),
}

/// One replayed record, owned, made with the GIL released.
struct Replayed {
    tags: Vec<(String, String)>,
    played: Played,
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

fn replay(record: &Record<'_>, strict: bool) -> Replayed {
    let mut tags: Vec<(String, String)> = Vec::new();
    // Linear in the number of tags, however many a record has.
    let mut seen: HashSet<&[u8]> = HashSet::new();
    for (name, value) in record.tags() {
        // The first of a repeated tag counts, as `Record::tag` reads it.
        if seen.insert(name) {
            tags.push((decode(name), decode(&unescape(value))));
        }
    }
    // As the core's `replay` example reads archives: bughouse records as
    // matches, single-board records in the crazyhouse flavour.
    let is_bughouse = record.is_bughouse();
    let (played, moves, error, agrees, ending) = if is_bughouse {
        let r = record.replay();
        let agrees = r.agrees();
        (
            Played::Match(Box::new(r.game)),
            r.moves,
            r.error.map(|e| e.to_string()),
            agrees,
            r.ending,
        )
    } else {
        // The boards before each move make the board's move stack, so that
        // `record.board.move_stack` lists the game and `pop` walks back.
        let mut stack = Vec::new();
        let r = record.replay_board_each(Flavour::Crazyhouse, &mut |before, m| {
            stack.push((*before, Some(m)));
        });
        let agrees = r.agrees();
        (
            Played::Crazyhouse(BoardState {
                board: r.board,
                stack,
            }),
            r.moves,
            r.error.map(|e| e.to_string()),
            agrees,
            r.ending,
        )
    };
    // A strict reader refuses malformed text (the core's N4 syntax check)
    // before moves the rules refuse.
    let syntax = strict.then(|| record.syntax_error()).flatten();
    let error = match syntax {
        Some(e) => Some(format!("game {}, {e}", record.number)),
        None => error,
    };
    Replayed {
        tags,
        played,
        moves,
        error,
        ending: (!ending.text.trim_ascii().is_empty()).then(|| decode(ending.text.trim_ascii())),
        ending_kind: ending.kind.as_str(),
        loser: ending.loser,
        agrees,
        is_bughouse,
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
    fn next_record(&mut self, strict: bool) -> Option<Replayed> {
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
        let replayed = replay(&record, strict);
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
        // Each record replays in microseconds, but `list(read_bpgn(big))`
        // runs no Python bytecode between records, where Python would run
        // a pending Ctrl-C: ask for it here, so the loop stops at once
        // (KeyboardInterrupt) with the reader at the next record.
        py.check_signals()?;
        let Some(r) = py.detach(|| self.lock().next_record(self.strict)) else {
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
        let (game, board) = match r.played {
            Played::Match(game) => (Some(Py::new(py, PyGame::from_game(game))?), None),
            Played::Crazyhouse(state) => (None, Some(Py::new(py, PyBoard::from_state(state))?)),
        };
        Ok(Some(PyGameRecord {
            tags: tags.unbind(),
            game,
            board,
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
/// are fine); an open file (text or binary) is read whole; a `str` or
/// `bytes` that is empty or contains a newline or a `[` is the archive's
/// text, any other `str` a file path (so a one-line record without tags
/// needs its newline), any other `bytes` a `TypeError` (a path in bytes:
/// pass it as `str`). Single-board records (crazyhouse PGN) replay on a
/// crazyhouse board (`GameRecord.board`), bughouse records as a match
/// (`GameRecord.game`). Ctrl-C stops a loop over the reader between two
/// records.
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
        if looks_like_text(s.as_bytes()) {
            s.as_bytes().to_vec()
        } else {
            read_file(py, source.extract::<PathBuf>()?)?
        }
    } else if let Ok(b) = source.cast::<PyBytes>() {
        if !looks_like_text(b.as_bytes()) {
            // By the rule for `str`, this would be a path: a path in bytes
            // is refused rather than read as an archive of one odd record.
            return Err(PyTypeError::new_err(
                "read_bpgn() reads bytes as the archive's contents, and these hold no newline \
                 and no '[': to read a file, pass its path as str or os.PathLike \
                 (os.fsdecode(path))",
            ));
        }
        b.as_bytes().to_vec()
    } else if source.is_instance(&py.import("os")?.getattr("PathLike")?)? {
        read_file(py, source.extract::<PathBuf>()?)?
    } else if source.hasattr("read")? {
        // An open file, as python-chess's `read_game(handle)` takes: text or
        // binary mode.
        let contents = source.call_method0("read")?;
        if let Ok(s) = contents.cast::<PyString>() {
            s.to_cow()?.as_bytes().to_vec()
        } else if let Ok(b) = contents.cast::<PyBytes>() {
            b.as_bytes().to_vec()
        } else {
            return Err(PyTypeError::new_err(format!(
                "read_bpgn(): the file's read() returned {}, not str or bytes",
                contents.get_type().name()?
            )));
        }
    } else {
        return Err(PyTypeError::new_err(format!(
            "read_bpgn() takes BPGN text (str or bytes), a path (str or os.PathLike) or an open file, not {}",
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

/// Whether a `str` or `bytes` source is an archive's contents rather than a
/// path: empty, or holding a newline or a `[` (no path name in practice
/// does; every archive with tags or more than one line does).
fn looks_like_text(s: &[u8]) -> bool {
    s.is_empty() || s.contains(&b'\n') || s.contains(&b'[')
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
    /// A bughouse record: the moves replayed so far through the rules (a
    /// live game without clocks; the recorded clocks are in its history).
    /// None for a single-board (crazyhouse) record.
    #[pyo3(get)]
    game: Option<Py<PyGame>>,
    /// A single-board record (crazyhouse PGN): the crazyhouse board reached
    /// (captures go to the capturer's pocket), its `move_stack` the moves
    /// replayed (`pop` walks back). None for a bughouse record.
    #[pyo3(get)]
    board: Option<Py<PyBoard>>,
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
    /// (R16), and no rule ended the game before the record did. For a
    /// crazyhouse record: no error, and a recorded checkmate is mate on the
    /// board reached.
    #[pyo3(get)]
    agrees: bool,
    /// How the record says the game ended: "checkmate", "time",
    /// "resignation", "abandonment", "draw", "aborted" or "unknown".
    #[pyo3(get)]
    ending_kind: String,
    /// The losing seat's letter when the record names it, else None. In a
    /// crazyhouse record the seats are board A's: `"A"` is White, `"a"`
    /// Black.
    #[pyo3(get)]
    loser: Option<String>,
    /// Whether the record is a bughouse game (board letters or four-player
    /// tags) rather than a single-board PGN, which replays as crazyhouse.
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
    #[pyo3(signature = (tags, game, error=None, recorded_ending=None, moves_replayed=0, agrees=false, ending_kind="unknown", loser=None, is_bughouse=true, number=1, line=1, board=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        tags: Bound<'_, PyDict>,
        game: Option<Py<PyGame>>,
        error: Option<String>,
        recorded_ending: Option<String>,
        moves_replayed: usize,
        agrees: bool,
        ending_kind: &str,
        loser: Option<String>,
        is_bughouse: bool,
        number: usize,
        line: usize,
        board: Option<Py<PyBoard>>,
    ) -> PyResult<PyGameRecord> {
        if let Some(letter) = &loser {
            convert::seat(letter)?;
        }
        if game.is_some() == board.is_some() {
            return Err(PyTypeError::new_err(
                "a GameRecord holds a game (bughouse) or a board (crazyhouse): pass exactly one",
            ));
        }
        Ok(PyGameRecord {
            tags: tags.unbind(),
            game,
            board,
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
        if self.is_bughouse {
            format!(
                "<GameRecord #{} {} & {} vs {} & {}, {status}, {}>",
                self.number,
                name("WhiteA"),
                name("BlackB"),
                name("BlackA"),
                name("WhiteB"),
                self.ending_kind
            )
        } else {
            format!(
                "<GameRecord #{} crazyhouse {} vs {}, {status}, {}>",
                self.number,
                name("White"),
                name("Black"),
                self.ending_kind
            )
        }
    }

    /// Pickles as `GameRecord(...)` with all its parts.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (
        Bound<'py, PyType>,
        (
            Py<PyDict>,
            Option<Py<PyGame>>,
            Option<String>,
            Option<String>,
            usize,
            bool,
            String,
            Option<String>,
            bool,
            usize,
            usize,
            Option<Py<PyBoard>>,
        ),
    ) {
        let py = slf.py();
        let r = slf.get();
        (
            slf.get_type(),
            (
                r.tags.clone_ref(py),
                r.game.as_ref().map(|g| g.clone_ref(py)),
                r.error.clone(),
                r.recorded_ending.clone(),
                r.moves_replayed,
                r.agrees,
                r.ending_kind.clone(),
                r.loser.clone(),
                r.is_bughouse,
                r.number,
                r.line,
                r.board.as_ref().map(|b| b.clone_ref(py)),
            ),
        )
    }
}
