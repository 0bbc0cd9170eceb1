//! `Game`: the match — two boards, four seats, clocks or the turn-based
//! rotation, every ending with its rule (R1–R34). Every rule is the core's
//! `Game`; this file converts seat letters, moves and timestamps, and maps
//! refusals to exceptions through `errors::Refused`.
//!
//! Thread safety as for `Board`: the game sits behind a `Mutex` in a frozen
//! class; the lock is held only around pure Rust work, never while Python
//! objects are made and never while the GIL is released.

use std::sync::{Mutex, MutexGuard};

use bughouse_core::bpgn::write_bpgn;
use bughouse_core::{
    Action, BoardId, Game, GameError, GameSettings, Mode, Move, Outcome, Report, Seat, TimeControl,
    bfen::Bfen, bfen::parse_bfen, bot::TimePlan, game::ActionKind, game::MAX_MOVE_CAP,
    game::Snapshot, san::SanPlus,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyType};

use crate::board::{BoardState, PyBoard};
use crate::bot;
use crate::convert::{self, Int};
use crate::diagram::{self, Style};
use crate::errors::{self, OrRaise, Refused, ToPyErr};
use crate::moves::{self, PyMove};
use crate::outcome::PyOutcome;
use crate::pocket::PyPocket;
use crate::time_control::{self, PyTimeControl};

/// One history entry as Python sees it: `(seat, move or None for a sit,
/// at_ms, clock_ms or None, SAN or None for a sit)`, made into a
/// `bughouse.HistoryEntry` (a named tuple).
type HistoryEntry = (String, Option<Move>, u64, Option<i32>, Option<String>);

/// One log entry as Python sees it: `(seat or None for a tick, kind, UCI
/// or None, at_ms, clock_ms or None, offers standing before a move or sit)`,
/// `kind` one of `"move" "sit" "tick" "resign" "abandon" "offer_draw"
/// "withdraw_draw"`.
type LogEntry = (
    Option<String>,
    String,
    Option<String>,
    u64,
    Option<i32>,
    String,
);

/// What a pickled game holds: the settings, the start and the log; the
/// core's `Game::restore` rebuilds the very game from them.
type PickleState = (
    u8,             // format version
    String,         // mode
    Option<String>, // time control: `base+inc` in seconds, exact to the ms
    String,         // humans
    u16,            // move cap
    String,         // start BFEN
    Vec<LogEntry>,  // the log
);

const PICKLE_VERSION: u8 = 2;

/// `bot_move(play=True)` searches again when another thread changed the
/// seat's board during the search, at most this many times in all.
const BOT_TRIES: usize = 8;

/// A bughouse match. Seats are BPGN letters: `"A"` = A-White, `"a"` =
/// A-Black, `"B"` = B-White, `"b"` = B-Black.
#[pyclass(frozen, module = "bughouse", name = "Game")]
pub(crate) struct PyGame {
    // Boxed: a `Game` is about 65 KiB (its fixed-capacity history); moves of
    // the box are pointer moves.
    game: Mutex<Box<Game>>,
    /// The core's report of the last action accepted through this object,
    /// its SAN for a move (the core's `san_of`) and the state after it.
    last_report: Mutex<Option<LastReport>>,
}

/// A report, its move's SAN and the state after it, taken together under
/// one lock.
type LastReport = (Report, Option<SanPlus>, Snapshot);

fn parse_move_cap(cap: &Int) -> PyResult<u16> {
    let value = cap.get::<u64>().ok_or_else(|| {
        errors::bad_setting(format!("move cap {cap} is not in 1..={MAX_MOVE_CAP} (R32)"))
    })?;
    bughouse_core::game::check_move_cap(value).or_raise()
}

/// The `time_control` argument: left out (the mode's default: 3 minutes
/// live, none turn-based, R20, R26), or what `time_control::from_argument`
/// reads (`None`: a live game without clocks; a `TimeControl`, a
/// `(base_ms, increment_ms)` tuple, or text the core's
/// `TimeControl::from_setting` accepts). `Exact` is a value restored from
/// a pickle, already the game's.
pub(crate) enum TimeControlArg {
    Default,
    Given(Option<TimeControl>),
    Exact(Option<TimeControl>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for TimeControlArg {
    type Error = PyErr;
    fn extract(ob: Borrowed<'a, 'py, PyAny>) -> PyResult<TimeControlArg> {
        time_control::from_argument(&ob).map(TimeControlArg::Given)
    }
}

/// A caller's timestamp: ms since the game started (F1), never negative.
fn timestamp(at_ms: Option<Int>) -> PyResult<Option<u64>> {
    at_ms
        .map(|t| {
            t.get::<u64>().ok_or_else(|| {
                errors::bad_setting(format!(
                    "at_ms must count milliseconds from the start of the game (F1), not {t}"
                ))
            })
        })
        .transpose()
}

fn settings(
    mode: &str,
    time_control: TimeControlArg,
    humans: &str,
    move_cap: &Int,
) -> PyResult<GameSettings> {
    let mode = Mode::from_name(mode).or_raise()?;
    let time_control = match time_control {
        TimeControlArg::Default => GameSettings::of_mode(mode).time_control,
        TimeControlArg::Given(tc) | TimeControlArg::Exact(tc) => tc,
    };
    // The core checks the whole (R26: no time control in the turn-based game).
    Ok(GameSettings {
        mode,
        time_control,
        humans: bughouse_core::game::parse_humans(humans).or_raise()?,
        move_cap: parse_move_cap(move_cap)?,
    })
}

fn outcome_to_py(py: Python<'_>, outcome: Option<Outcome>) -> PyResult<Option<Py<PyOutcome>>> {
    outcome.map(|o| Py::new(py, PyOutcome(o))).transpose()
}

impl PyGame {
    pub(crate) fn from_game(game: Box<Game>) -> PyGame {
        PyGame {
            game: Mutex::new(game),
            last_report: Mutex::new(None),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Box<Game>> {
        // As for `Board`: the core never leaves a game half-changed (a
        // refused action changes nothing), so a poisoned lock is still a
        // whole game.
        self.game.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on the game; a refusal becomes its exception, its message
    /// naming `text` (what the caller gave) and the ending if the game is
    /// over.
    fn act<T>(
        &self,
        text: Option<&str>,
        f: impl FnOnce(&mut Game) -> Result<T, GameError>,
    ) -> PyResult<T> {
        let (result, outcome) = {
            let mut game = self.lock();
            let result = f(&mut game);
            (result, game.outcome())
        };
        result.map_err(|error| {
            Refused {
                error,
                text,
                outcome,
            }
            .to_py_err()
        })
    }

    /// As `act` for an action that returns the core's report: the report,
    /// its SAN and the state after it (the core's `san_of` and snapshot,
    /// taken under the same lock) are kept for `Game.report`.
    fn act_report(
        &self,
        text: Option<&str>,
        f: impl FnOnce(&mut Game) -> Result<Report, GameError>,
    ) -> PyResult<Report> {
        let (report, san, state) =
            self.act(text, |g| f(g).map(|r| (r, g.san_of(&r), g.snapshot())))?;
        *self.last_report.lock().unwrap_or_else(|e| e.into_inner()) = Some((report, san, state));
        Ok(report)
    }

    /// F12's first checks, the core's: the game is on, then `letter`
    /// names a seat. Every action runs them before its other arguments.
    fn acting_seat(&self, letter: &str) -> PyResult<Seat> {
        let result = {
            let game = self.lock();
            game.acting_seat(letter).map_err(|e| (e, game.outcome()))
        };
        result.map_err(|(error, outcome)| self.refused(error, outcome))
    }

    /// `push(seat, Move.null())`: the core's answer to the text `"0000"`,
    /// so the checks run in F12's order with every other refusal (the game
    /// over, time going back, a flag, not the seat's turn) and the last one
    /// is the same `ERR_INVALID_MOVE` Node gives for `"0000"`, with a
    /// message that says what a null move is.
    fn null_move_refused(&self, seat: Seat, at: Option<u64>) -> PyErr {
        let (result, outcome) = {
            let mut game = self.lock();
            let result = game.play_text(seat, moves::NULL_UCI, at);
            (result, game.outcome())
        };
        match result {
            Err(GameError::InvalidMove { seat, .. }) => errors::null_move_in_game(seat),
            Err(error) => self.refused(error, outcome),
            // The core reads no move from "0000" (neither UCI nor SAN).
            Ok(_) => PyRuntimeError::new_err("the core played the text '0000' as a move"),
        }
    }

    /// A refusal of the core as its exception (see `act`).
    fn refused(&self, error: GameError, outcome: Option<Outcome>) -> PyErr {
        Refused {
            error,
            text: None,
            outcome,
        }
        .to_py_err()
    }

    /// The game's state for pickling: settings, start and log.
    fn pickle_state(&self) -> PickleState {
        let game = self.lock();
        let s = game.settings();
        (
            PICKLE_VERSION,
            s.mode.as_str().to_string(),
            s.time_control.map(|tc| tc.to_string()),
            convert::seat_letters(s.humans),
            s.move_cap,
            Bfen(game.start_boards()).to_string(),
            game.log().iter().map(log_entry).collect(),
        )
    }
}

/// A core log entry as Python's tuple.
fn log_entry(a: &Action) -> LogEntry {
    (
        a.seat.map(convert::seat_letter),
        a.kind.as_str().to_string(),
        a.as_move().map(|m| m.to_string()),
        a.at_ms,
        a.clock_ms,
        convert::seat_letters(a.offers),
    )
}

/// Python's log tuple as a core entry.
fn action_of(entry: &LogEntry) -> PyResult<Action> {
    let (seat, kind, uci, at_ms, clock_ms, offers) = entry;
    let bad = |why: String| errors::bad_setting(format!("not a log entry: {why}"));
    let mv = uci.as_deref().map(PyMove::parse).transpose()?;
    let kind = ActionKind::from_name(kind, mv).ok_or_else(|| bad(format!("kind {kind:?}")))?;
    Ok(Action {
        seat: seat.as_deref().map(convert::seat).transpose()?,
        kind,
        at_ms: *at_ms,
        clock_ms: *clock_ms,
        offers: bughouse_core::game::parse_humans(offers).or_raise()?,
    })
}

/// Rebuilds a pickled game with the core's `Game::restore`: the log
/// replayed through the rules gives the very game pickled, or an error
/// naming the first entry that does not follow — never a different game.
fn restore(state: PickleState) -> PyResult<Game> {
    let (version, mode, tc, humans, cap, bfen, log) = state;
    let corrupt = |why: String| errors::bad_setting(format!("cannot unpickle Game: {why}"));
    if version != PICKLE_VERSION {
        return Err(corrupt(format!("unknown format version {version}")));
    }
    // The text the pickle wrote, exact to the millisecond (`"1+0"`, `"2.5+0"`),
    // read as records are (every base), not as a person's setting.
    let tc = tc
        .map(|text| text.parse::<TimeControl>())
        .transpose()
        .map_err(|e| corrupt(e.to_string()))?;
    let settings = settings(&mode, TimeControlArg::Exact(tc), &humans, &Int::from(cap))?;
    let start = parse_bfen(&bfen).map_err(|e| corrupt(e.to_string()))?;
    let log = log.iter().map(action_of).collect::<PyResult<Vec<_>>>()?;
    Game::restore(settings, start, &log).map_err(|e| corrupt(e.to_string()))
}

#[pymethods]
impl PyGame {
    /// `Game(*, mode="live", time_control="180+0", humans="AaBb",
    /// bfen=None, move_cap=800)`.
    ///
    /// `mode`: `"live"` (both boards at once, with clocks, R19–R21) or
    /// `"turn"` (one seat at a time in the rotation A, B, b, a, with sits
    /// and repetition, R22–R26; no clocks: a `time_control` is an error).
    /// `time_control` (R20): a `TimeControl(base_ms, increment_ms)` or a
    /// `(base_ms, increment_ms)` tuple, exact in milliseconds; or text
    /// `"base+increment"` in whole seconds with a base of at least a
    /// minute (`"180+2"`; `"3+2"` is ambiguous — minutes to lichess users,
    /// seconds in PGN — and refused, `ERR_INVALID_ARG_VALUE`, as in Node);
    /// 3 minutes by default in the live game; None for a live game without
    /// clocks. `humans`: the human seats (R30). `bfen`: the start, `"fenA |
    /// fenB"` (N2, R7), judged at once (F8); `InvalidFenError`. `move_cap`:
    /// R32, at most 2000.
    #[new]
    #[pyo3(
        signature = (*, mode="live", time_control=TimeControlArg::Default, humans="AaBb", bfen=None, move_cap=Int::from(bughouse_core::game::DEFAULT_MOVE_CAP)),
        text_signature = "(*, mode='live', time_control=..., humans='AaBb', bfen=None, move_cap=800)"
    )]
    fn new(
        mode: &str,
        time_control: TimeControlArg,
        humans: &str,
        bfen: Option<&str>,
        move_cap: Int,
    ) -> PyResult<PyGame> {
        let settings = settings(mode, time_control, humans, &move_cap)?;
        let game = match bfen {
            Some(bfen) => Game::from_bfen(bfen, settings),
            None => Game::new(settings),
        }
        .or_raise()?;
        Ok(PyGame::from_game(Box::new(game)))
    }

    /// `"live"` or `"turn"`.
    #[getter]
    fn mode(&self) -> &'static str {
        self.lock().settings().mode.as_str()
    }

    /// The live game's `TimeControl` (exact in ms), or None without clocks
    /// (turn-based games, games replayed from records, `time_control=None`).
    #[getter]
    fn time_control(&self) -> Option<PyTimeControl> {
        let game = self.lock();
        match game.settings().mode {
            Mode::Live => game.settings().time_control.map(PyTimeControl),
            Mode::TurnBased => None,
        }
    }

    /// The human seats' letters (R30), in seat order.
    #[getter]
    fn humans(&self) -> String {
        convert::seat_letters(self.lock().settings().humans)
    }

    /// The move cap (R32).
    #[getter]
    fn move_cap(&self) -> u16 {
        self.lock().settings().move_cap
    }

    /// A copy of board `"A"` or `"B"` as it stands (bughouse flavour),
    /// with the board's moves in this game as its `move_stack`: `pop()`
    /// walks back through the positions as they stood before each move,
    /// pockets as the partner's captures had filled them (R5). A copy:
    /// pushing on it or editing it leaves the game as it is.
    fn board(&self, board: &str) -> PyResult<PyBoard> {
        let id = convert::board_id(board)?;
        let state = {
            let game = self.lock();
            let mut stack = Vec::new();
            game.each_move_with_board(|_, seat, m, before| {
                if seat.board == id {
                    stack.push((*before, Some(m)));
                }
            });
            BoardState {
                board: *game.board(id),
                stack,
            }
        };
        Ok(PyBoard::from_state(state))
    }

    /// The FEN of board `"A"` or `"B"` (N1).
    fn board_fen(&self, board: &str) -> PyResult<String> {
        let id = convert::board_id(board)?;
        Ok(self.lock().board(id).to_string())
    }

    /// Both boards as BFEN (N2): `"fenA | fenB"`.
    fn bfen(&self) -> String {
        self.lock().bfen().to_string()
    }

    /// The BFEN the game started from.
    #[getter]
    fn starting_bfen(&self) -> String {
        Bfen(self.lock().start_boards()).to_string()
    }

    /// `seat`'s pocket (R3): the pieces it may drop, as they are now.
    /// Read-only (`add`/`remove` raise `TypeError`): in a game a pocket
    /// changes only by the partner's captures (R5).
    fn pocket(&self, seat: &str) -> PyResult<PyPocket> {
        let seat = convert::seat(seat)?;
        let pocket = *self.lock().pocket(seat);
        Ok(PyPocket::of_game(pocket, seat.color))
    }

    /// `seat`'s legal moves and drops now; empty when it may not move (not
    /// its turn, waiting, or the game is over).
    fn legal_moves<'py>(&self, py: Python<'py>, seat: &str) -> PyResult<Bound<'py, PyList>> {
        let seat = convert::seat(seat)?;
        let moves = self.lock().legal_moves(seat);
        moves::list_to_py(py, moves)
    }

    /// Whether it is `seat`'s turn: its colour is to move on its board and,
    /// in the turn-based game, it is the seat to act (F5).
    fn is_turn_of(&self, seat: &str) -> PyResult<bool> {
        let seat = convert::seat(seat)?;
        Ok(self.lock().is_turn_of(seat))
    }

    /// Plays a move for `seat`: a `Move`, or text in UCI or SAN (N3). A
    /// live game with clocks needs `at_ms`, ms since the game started,
    /// never earlier than the last action (F1, F3, R21). Captures go to the
    /// partner (R5, R6). Checked in the order of F12: `GameOverError`,
    /// `BughouseError` (time went backwards), `GameOverError` (a flag fell
    /// first: the game ends at the flag, F2), `NotYourTurnError`,
    /// `InvalidMoveError`, `IllegalMoveError` / `AmbiguousMoveError`.
    /// Nothing else changes on error. Returns the move played.
    #[pyo3(signature = (seat, r#move, at_ms=None))]
    fn push<'py>(
        &self,
        py: Python<'py>,
        seat: &str,
        r#move: &Bound<'py, PyAny>,
        at_ms: Option<Int>,
    ) -> PyResult<Bound<'py, PyMove>> {
        let seat = self.acting_seat(seat)?;
        let at = timestamp(at_ms)?;
        let played = if let Ok(text) = r#move.cast::<PyString>() {
            let text = text.to_cow()?;
            let text = text.as_ref();
            let report = self.act_report(Some(text), |g| g.play_text(seat, text, at))?;
            report
                .action
                .as_move()
                .ok_or_else(|| PyRuntimeError::new_err("a move's report has its move"))?
        } else {
            let m = moves::extract_or_null(r#move).map_err(|e| {
                if e.is_instance_of::<PyTypeError>(r#move.py()) {
                    PyTypeError::new_err(
                        "move must be a Move (or a chess.Move) or a str (UCI or SAN)",
                    )
                } else {
                    e
                }
            })?;
            let Some(m) = m else {
                return Err(self.null_move_refused(seat, at));
            };
            self.act_report(None, |g| g.play(seat, m, at))?;
            m
        };
        moves::to_py(py, played)
    }

    /// Turn-based game: the seat whose turn it is (F5); None in the live
    /// game, when the game is over, or when nobody can act.
    #[getter]
    fn to_act(&self) -> Option<String> {
        self.lock().to_act().map(convert::seat_letter)
    }

    /// The seat to act sits instead of moving (R24), at most 3 times per
    /// seat; not a move (F7). `NoSitsLeftError`, `NotYourTurnError`;
    /// `BughouseError` in the live game. Returns the outcome if the sit
    /// made a threefold repetition (R25).
    fn sit(&self, py: Python<'_>, seat: &str) -> PyResult<Option<Py<PyOutcome>>> {
        let seat = self.acting_seat(seat)?;
        let outcome = self.act_report(None, |g| g.sit(seat))?.outcome();
        outcome_to_py(py, outcome)
    }

    /// The computer player's choice for `seat`: a `Move` (a move or a
    /// drop, always one of `legal_moves(seat)`), or None when it does not
    /// move — in the turn-based game that means it sits (R24; only when
    /// `can_sit(seat)`), in the live game that the seat is waiting (R18):
    /// it has no legal move until its partner sends a piece.
    ///
    /// `nodes`: the search budget (at least 1; by default 25000, about
    /// 9 ms of CPU, or no node limit when a time is given; more is
    /// stronger). `time_ms`: think at most this long (wall time, at least
    /// 1). `clock=True`: think for a share of the seat's own remaining time
    /// and increment at `at_ms` (live games with clocks; not with
    /// `time_ms`). `seed`: in `0..2**64`; the same game, seat, node budget
    /// and seed always give the same answer (a time limit makes it depend
    /// on the machine's speed). `play=True` also plays
    /// it — a move as `push(seat, move, at_ms)`, a sit as `sit(seat)` — and
    /// returns what was played; `at_ms` is only for that and for `clock`
    /// (live games with clocks need it). The search runs with the GIL released, on the game
    /// as it stood when the call began; with `play=True`, if another thread
    /// changed the seat's board meanwhile, it searches again (at most 8
    /// times, then `BughouseError`, nothing played).
    ///
    /// Raises `GameOverError` when the game is over and `NotYourTurnError`
    /// when it is not `seat`'s turn (so None is never "nothing to do");
    /// with `play=True`, then whatever `push` raises (a timestamp that goes
    /// back, a flag that fell: `GameOverError`).
    #[pyo3(
        signature = (seat, nodes=None, *, time_ms=None, clock=false, seed=0, play=false, at_ms=None),
        text_signature = "($self, seat, nodes=None, *, time_ms=None, clock=False, seed=0, play=False, at_ms=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn bot_move<'py>(
        &self,
        py: Python<'py>,
        seat: &str,
        nodes: Option<i64>,
        time_ms: Option<i64>,
        clock: bool,
        seed: i128,
        play: bool,
        at_ms: Option<Int>,
    ) -> PyResult<Option<Bound<'py, PyMove>>> {
        let seat = self.acting_seat(seat)?;
        let fixed = bot::fixed_time(time_ms)?;
        if clock && fixed.is_some() {
            return Err(errors::bad_setting(
                "give time_ms or clock=True, not both".into(),
            ));
        }
        let limits = bot::limits(nodes, seed, clock || fixed.is_some())?;
        let at = timestamp(at_ms)?;
        if at.is_some() && !play && !clock {
            return Err(errors::bad_setting(
                "at_ms is the time of the move played with play=True (or the time now for clock=True); without either nothing is played"
                    .into(),
            ));
        }
        for _ in 0..BOT_TRIES {
            let snapshot = self.lock().clone();
            if snapshot.is_over() {
                return Err(self.refused(GameError::GameOver, snapshot.outcome()));
            }
            if !snapshot.is_turn_of(seat) {
                return Err(self.refused(GameError::NotYourTurn { seat }, None));
            }
            let plan = if clock {
                let now = at.unwrap_or_else(|| snapshot.now_ms());
                Some(TimePlan::for_seat(&snapshot, seat, now).ok_or_else(|| {
                    errors::bad_setting(
                        "clock=True spends the seat's clock: a live game with a time control needs it"
                            .into(),
                    )
                })?)
            } else {
                fixed
            };
            let decision = bot::think(py, snapshot.clone(), seat, limits, plan)?;
            // None: its turn, yet no legal move and no sit: waiting (R18).
            let Some(decision) = decision else {
                return Ok(None);
            };
            if play {
                let mut game = self.lock();
                // Moves on the other board only shift the evaluation's team
                // weights: the choice stands. A change on the seat's own
                // board (a piece from the partner, or another thread played
                // for the seat) asks for a new search. Whatever else
                // changed, `apply` checks as `push` and `sit` do.
                if game.board(seat.board) != snapshot.board(seat.board) {
                    continue;
                }
                let result = decision.action.apply(&mut game, seat, at);
                let outcome = game.outcome();
                drop(game);
                result.map_err(|error| self.refused(error, outcome))?;
            }
            return decision
                .action
                .as_move()
                .map(|m| moves::to_py(py, m))
                .transpose();
        }
        Err(errors::game_kept_changing(BOT_TRIES))
    }

    /// How many sits `seat` has left (R24).
    fn sits_left(&self, seat: &str) -> PyResult<u8> {
        let seat = convert::seat(seat)?;
        Ok(self.lock().sits_left(seat))
    }

    /// Whether `seat` may sit now (R24): turn-based, its turn, sits left.
    fn can_sit(&self, seat: &str) -> PyResult<bool> {
        let seat = convert::seat(seat)?;
        Ok(self.lock().can_sit(seat))
    }

    /// Checks the clocks at `at_ms` (R21, F2): the outcome if a flag fell
    /// (the game ends at the flag's time), else None and the game's time
    /// moves to `at_ms`.
    fn tick(&self, py: Python<'_>, at_ms: Int) -> PyResult<Option<Py<PyOutcome>>> {
        let at = timestamp(Some(at_ms))?.unwrap_or_default();
        let outcome = self.act_report(None, |g| g.tick(at))?.outcome();
        outcome_to_py(py, outcome)
    }

    /// `seat` resigns (R29), at any moment, not only on its turn (F10): its
    /// team loses. With `at_ms`, flags are checked first (F2).
    #[pyo3(signature = (seat, at_ms=None))]
    fn resign(&self, seat: &str, at_ms: Option<Int>) -> PyResult<PyOutcome> {
        let seat = self.acting_seat(seat)?;
        let at = timestamp(at_ms)?;
        let report = self.act_report(None, |g| g.resign(seat, at))?;
        Ok(PyOutcome(
            report
                .outcome()
                .ok_or_else(|| PyRuntimeError::new_err("no ending"))?,
        ))
    }

    /// `seat` leaves the game (R29, F10): its team loses.
    #[pyo3(signature = (seat, at_ms=None))]
    fn abandon(&self, seat: &str, at_ms: Option<Int>) -> PyResult<PyOutcome> {
        let seat = self.acting_seat(seat)?;
        let at = timestamp(at_ms)?;
        let report = self.act_report(None, |g| g.abandon(seat, at))?;
        Ok(PyOutcome(
            report
                .outcome()
                .ok_or_else(|| PyRuntimeError::new_err("no ending"))?,
        ))
    }

    /// A human seat offers a draw (R30, F11): when every human seat has a
    /// standing offer the game is drawn by agreement and the outcome is
    /// returned. A computer seat's offer is a `BughouseError`. Offers stand
    /// until withdrawn or until any move on either board.
    fn offer_draw(&self, py: Python<'_>, seat: &str) -> PyResult<Option<Py<PyOutcome>>> {
        let seat = self.acting_seat(seat)?;
        let outcome = self.act_report(None, |g| g.offer_draw(seat))?.outcome();
        outcome_to_py(py, outcome)
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30).
    fn withdraw_draw(&self, seat: &str) -> PyResult<()> {
        let seat = self.acting_seat(seat)?;
        self.act_report(None, |g| g.withdraw_draw(seat)).map(drop)
    }

    /// The seats with a standing draw offer, as letters.
    #[getter]
    fn draw_offers(&self) -> String {
        convert::seat_letters(self.lock().draw_offers())
    }

    /// Milliseconds left on `seat`'s clock at the game's time, or at
    /// `at_ms` were nothing to happen until then (R20); a time before the
    /// game's time is a `BughouseError` (F3). A game without clocks
    /// (turn-based, or replayed from a record) raises `BughouseError`: it
    /// has no clock to read.
    #[pyo3(signature = (seat, at_ms=None))]
    fn clock(&self, seat: &str, at_ms: Option<Int>) -> PyResult<u64> {
        let seat = convert::seat(seat)?;
        let at = timestamp(at_ms)?;
        let (left, mode) = {
            let game = self.lock();
            let left = match at {
                Some(at) => game.clock_ms_at(seat, at),
                None => Ok(game.clock_ms(seat)),
            };
            (left, game.settings().mode)
        };
        let left = left.map_err(|error| self.refused(error, None))?;
        left.ok_or_else(|| {
            errors::bad_setting(match mode {
                Mode::TurnBased => "a turn-based game has no clocks (R26)".to_string(),
                Mode::Live => "this game has no clocks (live without a time control)".to_string(),
            })
        })
    }

    /// The game's time: the timestamp of the last accepted timed action (F4).
    #[getter]
    fn now_ms(&self) -> u64 {
        self.lock().now_ms()
    }

    /// Moves and drops made on both boards together (R32, F9).
    #[getter]
    fn moves_played(&self) -> u16 {
        self.lock().moves_played()
    }

    /// How the game ended, or None while it goes on.
    fn outcome(&self) -> Option<PyOutcome> {
        self.lock().outcome().map(PyOutcome)
    }

    /// Whether the game has ended.
    fn is_over(&self) -> bool {
        self.lock().is_over()
    }

    /// The moves and drops in play order: `(seat, move)`.
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<(String, Bound<'py, PyMove>)>> {
        let played: Vec<(Seat, Move)> = self
            .lock()
            .history()
            .filter_map(|a| Some((a.seat?, a.as_move()?)))
            .collect();
        played
            .into_iter()
            .map(|(seat, m)| Ok((convert::seat_letter(seat), moves::to_py(py, m)?)))
            .collect()
    }

    /// Every accepted move, drop and sit in play order, as
    /// `bughouse.HistoryEntry` named tuples `(seat, move, at_ms, clock_ms,
    /// san)`: `move` and `san` None for a sit, `clock_ms` the mover's clock
    /// after the move (computed in a live game with clocks, as recorded in
    /// a replayed record, else None), `san` the move as played on its
    /// board (with `+`/`#`, R16).
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let entries: Vec<HistoryEntry> = {
            let game = self.lock();
            let mut sans = Vec::new();
            game.each_move_with_board(|_, _, m, before| {
                sans.push(SanPlus::from_move(before, m).to_string());
            });
            let mut sans = sans.into_iter();
            game.history()
                .filter_map(|a| {
                    let m = a.as_move();
                    let san = m.and_then(|_| sans.next());
                    Some((convert::seat_letter(a.seat?), m, a.at_ms, a.clock_ms, san))
                })
                .collect()
        };
        let entry_type = py.import("bughouse._history")?.getattr("HistoryEntry")?;
        entries
            .into_iter()
            .map(|(seat, m, at, clock, san)| {
                let m = m.map(|m| moves::to_py(py, m)).transpose()?;
                entry_type.call1((seat, m, at, clock, san))
            })
            .collect()
    }

    /// The game as BPGN (N4): tags (`WhiteA` … name the players; `Event`,
    /// `Site`, `Date` and any others are written as given), the moves with
    /// clocks, the termination comment and the team result.
    #[pyo3(signature = (tags=None))]
    fn bpgn(&self, tags: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(tags) = tags {
            for item in tags.call_method0("items")?.try_iter()? {
                pairs.push(item?.extract()?);
            }
        }
        let refs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        let mut out = String::new();
        let written = write_bpgn(&self.lock(), &refs, &mut out);
        written.map_err(|_| errors::bad_setting("the game could not be written as BPGN".into()))?;
        Ok(out)
    }

    /// Every accepted action in order, with its time (the core's log, from
    /// which the game is rebuilt exactly): tuples `(seat or None for a tick,
    /// kind, uci or None, at_ms, clock_ms or None, offers)`; `kind` is
    /// `"move"`, `"sit"`, `"tick"`, `"resign"`, `"abandon"`, `"offer_draw"` or
    /// `"withdraw_draw"`, `offers` the seats whose draw offers stood before
    /// a move or sit (a move clears them, R30).
    fn log(&self) -> Vec<LogEntry> {
        self.lock().log().iter().map(log_entry).collect()
    }

    /// A game rebuilt from its settings, start BFEN and log (as `log()`
    /// returns it): equal to the game that wrote the log.
    /// `BughouseError` names the first entry that does not follow.
    #[staticmethod]
    #[pyo3(
        signature = (log, *, mode="live", time_control=TimeControlArg::Default, humans="AaBb", bfen=None, move_cap=None),
        text_signature = "(log, *, mode='live', time_control=..., humans='AaBb', bfen=None, move_cap=None)"
    )]
    fn from_log(
        log: Vec<LogEntry>,
        mode: &str,
        time_control: TimeControlArg,
        humans: &str,
        bfen: Option<&str>,
        move_cap: Option<Int>,
    ) -> PyResult<PyGame> {
        let cap = move_cap.unwrap_or_else(|| Int::from(bughouse_core::game::DEFAULT_MOVE_CAP));
        let settings = settings(mode, time_control, humans, &cap)?;
        let start = match bfen {
            Some(bfen) => parse_bfen(bfen).or_raise()?,
            None => [bughouse_core::Board::new(), bughouse_core::Board::new()],
        };
        let log = log.iter().map(action_of).collect::<PyResult<Vec<_>>>()?;
        let game = Game::restore(settings, start, &log)
            .map_err(|e| errors::bad_setting(format!("cannot rebuild the game: {e}")))?;
        Ok(PyGame::from_game(Box::new(game)))
    }

    /// Takes back the last action of the log, exactly (a takeback, as
    /// python-chess's `pop`), and returns its log entry; a finished game
    /// reopens. `IndexError` when nothing was played.
    fn pop(&self) -> PyResult<LogEntry> {
        let undone = self.lock().undo();
        *self.last_report.lock().unwrap_or_else(|e| e.into_inner()) = None;
        undone
            .as_ref()
            .map(log_entry)
            .ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("pop from an empty game log"))
    }

    /// The core's report of the last action accepted through this object
    /// (`push`, `sit`, `tick`, `resign`, `abandon`, `offer_draw`,
    /// `withdraw_draw`), as a dict: `action` (a log entry), `san` (with
    /// `+`/`#`, R16) and `capture` (`{"piece", "to"}`: the piece as it
    /// enters the partner's pocket, R5, R6) for a move, `logged`, and
    /// `state` (see `snapshot()`). None before any action or after `pop`.
    #[getter]
    fn report<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let report = *self.last_report.lock().unwrap_or_else(|e| e.into_inner());
        report
            .map(|(r, san, s)| report_dict(py, &r, san, &s))
            .transpose()
    }

    /// What a front end shows, as a dict: `now_ms`, `moves_played`,
    /// `pockets` (seat letter → pocket letters), `clocks` (seat letter →
    /// ms, or None without clocks), `to_move` (board letter → `"w"`/`"b"`),
    /// `waiting` (board letter → bool, R18), `may_move` (seat letters),
    /// `to_act`, `skipped` (turn-based, R23), `sits_left`, `draw_offers`
    /// and `outcome`.
    fn snapshot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let snapshot = self.lock().snapshot();
        snapshot_dict(py, &snapshot)
    }

    /// A copy: same settings, positions, clocks, history and ending.
    fn copy(&self) -> PyGame {
        PyGame::from_game(self.lock().clone())
    }

    fn __copy__(&self) -> PyGame {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.copy()
    }

    /// Same settings, start, positions, clocks, history, offers and ending.
    fn __eq__(&self, other: PyRef<'_, PyGame>) -> bool {
        // One lock at a time: `g == g` must not lock twice.
        let mine = self.lock().clone();
        **other.lock() == *mine
    }

    /// Both boards side by side as text: board A with White at the bottom,
    /// board B turned round so that partners sit on the same side (A-White
    /// with B-Black at the bottom), each with its pockets, coordinates, and
    /// a line per player with its clock (live games with clocks) and `*`
    /// for the side to move; the outcome last once the game is over.
    fn __str__(&self) -> String {
        let game = self.lock().clone();
        let style = |white_at_bottom| Style {
            coordinates: true,
            white_at_bottom,
            ..Style::ASCII
        };
        let player = |seat: Seat| {
            let to_move = game.is_turn_of(seat);
            let clock = game
                .clock_ms(seat)
                .map(|ms| format!("  {}:{:02}.{}", ms / 60_000, ms / 1000 % 60, ms / 100 % 10))
                .unwrap_or_default();
            format!("{}{seat}{clock}", if to_move { "* " } else { "  " })
        };
        let a = diagram::lines(game.board(BoardId::A), &style(true), true);
        let b = diagram::lines(game.board(BoardId::B), &style(false), true);
        let mut left = vec![player(Seat::A_BLACK)];
        left.extend(a);
        left.push(player(Seat::A_WHITE));
        let mut right = vec![player(Seat::B_WHITE)];
        right.extend(b);
        right.push(player(Seat::B_BLACK));
        let column = left.iter().map(|l| diagram::width(l)).max().unwrap_or(0) + 6;
        let mut out: Vec<String> = vec![format!("{:<column$}{}", "board A", "board B")];
        for (l, r) in left.iter().zip(&right) {
            let pad = column - diagram::width(l);
            out.push(format!("{l}{}{r}", " ".repeat(pad)).trim_end().to_string());
        }
        if let Some(o) = game.outcome() {
            out.push(o.to_string());
        }
        out.join("\n")
    }

    /// The match as SVG (`bughouse.svg.game`): both boards, pockets,
    /// clocks, last moves, checks; notebooks show it.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py()
            .import("bughouse.svg")?
            .call_method1("game", (slf,))?
            .extract()
    }

    /// `<Game live 180+0, 3 moves, last A-White exd5, 'fenA | fenB'>`: the
    /// way of playing and clocks, the moves played, the last move in SAN
    /// (or the ending once over) and both boards as BFEN.
    fn __repr__(&self) -> String {
        let game = self.lock();
        let clocks = match (game.settings().mode, game.settings().time_control) {
            (Mode::Live, Some(tc)) => format!("live {tc}"),
            (Mode::Live, None) => "live, no clocks".to_string(),
            (Mode::TurnBased, _) => "turn-based".to_string(),
        };
        let mut last = None;
        game.each_move_with_board(|_, seat, m, before| {
            last = Some((seat, SanPlus::from_move(before, m)));
        });
        let plural = if game.moves_played() == 1 { "" } else { "s" };
        let mut parts = vec![clocks, format!("{} move{plural}", game.moves_played())];
        if let Some((seat, san)) = last {
            parts.push(format!("last {seat} {san}"));
        }
        if let Some(o) = game.outcome() {
            parts.push(format!("over: {o}"));
        }
        format!("<Game {}, '{}'>", parts.join(", "), game.bfen())
    }

    /// Pickles as the settings, the start, the history and the ending; the
    /// history is replayed through the rules on unpickling.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (), PickleState) {
        (slf.get_type(), (), slf.get().pickle_state())
    }

    /// Restores a pickled game (see `__reduce__`).
    fn __setstate__(&self, state: PickleState) -> PyResult<()> {
        let game = restore(state)?;
        **self.lock() = game;
        Ok(())
    }
}

/// A core report and the state after it as a Python dict (see
/// `Game.report`).
fn report_dict<'py>(
    py: Python<'py>,
    r: &Report,
    san: Option<SanPlus>,
    state: &Snapshot,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("action", log_entry(&r.action))?;
    d.set_item("logged", r.logged)?;
    d.set_item("san", san.map(|s| s.to_string()))?;
    let capture = r
        .capture
        .map(|c| -> PyResult<Bound<'py, PyDict>> {
            let c_d = PyDict::new(py);
            c_d.set_item("piece", c.piece.char().to_string())?;
            c_d.set_item("to", convert::seat_letter(c.to))?;
            Ok(c_d)
        })
        .transpose()?;
    d.set_item("capture", capture)?;
    d.set_item("state", snapshot_dict(py, state)?)?;
    Ok(d)
}

/// A core snapshot as a Python dict (see `Game.snapshot`).
fn snapshot_dict<'py>(py: Python<'py>, s: &Snapshot) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("now_ms", s.now_ms)?;
    d.set_item("moves_played", s.moves_played)?;
    let per_seat =
        |f: &dyn Fn(Seat) -> PyResult<Bound<'py, PyAny>>| -> PyResult<Bound<'py, PyDict>> {
            let m = PyDict::new(py);
            for seat in Seat::ALL {
                m.set_item(convert::seat_letter(seat), f(seat)?)?;
            }
            Ok(m)
        };
    let pockets = per_seat(&|seat| {
        // FEN's case: upper for White's pockets, lower for Black's.
        Ok(s.pockets[seat.index()]
            .letters()
            .map(|c| {
                if seat.color.is_white() {
                    c
                } else {
                    c.to_ascii_lowercase()
                }
            })
            .collect::<String>()
            .into_pyobject(py)?
            .into_any())
    })?;
    d.set_item("pockets", pockets)?;
    let clocks = s
        .clocks
        .map(|c| per_seat(&|seat| Ok(c[seat.index()].into_pyobject(py)?.into_any())))
        .transpose()?;
    d.set_item("clocks", clocks)?;
    let boards = PyDict::new(py);
    let waiting = PyDict::new(py);
    for id in bughouse_core::BoardId::ALL {
        let letter = id.char().to_string();
        let color = if s.to_move[id.index()].is_white() {
            "w"
        } else {
            "b"
        };
        boards.set_item(&letter, color)?;
        waiting.set_item(&letter, s.waiting[id.index()])?;
    }
    d.set_item("to_move", boards)?;
    d.set_item("waiting", waiting)?;
    d.set_item("may_move", convert::seat_letters(s.may_move))?;
    d.set_item("to_act", s.to_act.map(convert::seat_letter))?;
    d.set_item("skipped", convert::seat_letters(s.skipped))?;
    let sits = per_seat(&|seat| Ok(s.sits_left[seat.index()].into_pyobject(py)?.into_any()))?;
    d.set_item("sits_left", sits)?;
    d.set_item("draw_offers", convert::seat_letters(s.draw_offers))?;
    d.set_item("outcome", s.outcome.map(PyOutcome))?;
    Ok(d)
}
