//! `Game`: the match, two boards and four seats, wrapping `bughouse_core::Game`.
//!
//! Every rule is the core's: turns, capture routing (R5, R6), clocks (R20,
//! R21, F1–F4), the turn-based rotation with sits and repetition (R22–R25,
//! F5–F7) and every ending (R27–R34). The binding reads seats, options and
//! timestamps, and checks them in the order F12 gives before the core sees
//! the action: the game is on, a known seat, a timestamp that is a
//! non-negative integer; the core then checks the rest (the timestamp not
//! going backwards, flags, the turn, the move text, legality).

use std::cell::OnceCell;

use bughouse_core as core;
use napi::Env;
use napi::bindgen_prelude::{BufferSlice, Either, Object, ObjectFinalize, Unknown};
use napi_derive::napi;

use crate::board::Board;
use crate::convert::{self, Outcome, Pocket, seat_str};
use crate::error::{self, Code, Result};

/// One move of `Game.moves()`.
#[napi(object, object_from_js = false)]
#[derive(Debug)]
pub struct SeatMove {
    /// Who moved.
    #[napi(ts_type = "Seat")]
    pub seat: &'static str,
    /// The move or drop, as UCI.
    #[napi(js_name = "move")]
    pub uci: String,
}

/// One entry of `Game.history()`: a move, a drop or a sit, with its time.
#[napi(object, object_from_js = false, use_nullable = true)]
#[derive(Debug)]
pub struct HistoryEntry {
    /// Who acted.
    #[napi(ts_type = "Seat")]
    pub seat: &'static str,
    /// `'move'` (a move or drop) or `'sit'` (R24).
    #[napi(ts_type = "'move' | 'sit'")]
    pub kind: &'static str,
    /// The move or drop as UCI; `null` for a sit.
    #[napi(js_name = "move")]
    pub uci: Option<String>,
    /// The game's time when the action was accepted, in ms since the start.
    pub at_ms: f64,
    /// The mover's clock after the move, in ms: computed in a live game with
    /// clocks, as recorded in a game read from BPGN (may be negative there),
    /// else `null`.
    pub clock_ms: Option<f64>,
}

/// One entry of `Game.log()`: every accepted action with its time, from
/// which the game is rebuilt exactly (`Game.fromJSON`).
#[napi(object, use_nullable = true)]
#[derive(Debug, Clone)]
pub struct LogEntry {
    /// Who acted; `null` for a tick.
    #[napi(ts_type = "Seat | null")]
    pub seat: Option<String>,
    /// What it did.
    #[napi(
        ts_type = "'move' | 'sit' | 'tick' | 'resign' | 'abandon' | 'offer_draw' | 'withdraw_draw'"
    )]
    pub kind: String,
    /// The move or drop as UCI; `null` for the other actions.
    #[napi(js_name = "move")]
    pub uci: Option<String>,
    /// The game's time when it was accepted, in ms since the start.
    pub at_ms: f64,
    /// The mover's clock after a move, in ms, or `null`.
    pub clock_ms: Option<f64>,
    /// For a move or sit: the seats whose draw offers stood before it (a
    /// move clears them, R30), as letters.
    pub offers: String,
}

/// `Game.toJSON()`: the settings, the start BFEN and the log — all a game
/// is rebuilt from (`Game.fromJSON`).
#[napi(object)]
#[derive(Debug, Clone)]
pub struct GameJson {
    /// `'live'` or `'turn'`.
    #[napi(ts_type = "'live' | 'turn'")]
    pub mode: String,
    /// `'base+inc'` in seconds (exact to the ms), or `'-'` for no clocks.
    pub time_control: String,
    /// The human seats, as letters.
    pub humans: String,
    /// The move cap (R32).
    pub move_cap: u32,
    /// The start, as BFEN.
    pub bfen: String,
    /// Every accepted action.
    pub log: Vec<LogEntry>,
}

fn log_entry(a: &core::Action) -> LogEntry {
    LogEntry {
        seat: a.seat.map(|s| seat_str(s).to_string()),
        kind: a.kind.as_str().to_string(),
        uci: a.as_move().map(convert::uci),
        at_ms: convert::ms_number(a.at_ms),
        clock_ms: a.clock_ms.map(f64::from),
        offers: a.offers.seats().map(core::Seat::char).collect(),
    }
}

fn action_of(e: &LogEntry) -> Result<core::Action> {
    let kind = match (e.kind.as_str(), e.uci.as_deref()) {
        ("move", Some(uci)) => core::game::ActionKind::Move(
            core::Move::from_uci(uci).map_err(|_| error::invalid_arg("move", "UCI", uci))?,
        ),
        ("sit", None) => core::game::ActionKind::Sit,
        ("tick", None) => core::game::ActionKind::Tick,
        ("resign", None) => core::game::ActionKind::Resign,
        ("abandon", None) => core::game::ActionKind::Abandon,
        ("offer_draw", None) => core::game::ActionKind::OfferDraw,
        ("withdraw_draw", None) => core::game::ActionKind::WithdrawDraw,
        (kind, _) => return Err(error::invalid_arg("kind", "a log entry's kind", kind)),
    };
    let at_ms = convert::maybe_timestamp("atMs", Some(e.at_ms))?.unwrap_or(0);
    let clock_ms = match e.clock_ms {
        Some(ms) if ms.fract() == 0.0 && ms.abs() <= f64::from(i32::MAX) => Some(ms as i32),
        Some(ms) => {
            return Err(error::invalid_arg(
                "clockMs",
                "an integer of ms",
                &ms.to_string(),
            ));
        }
        None => None,
    };
    Ok(core::Action {
        seat: e.seat.as_deref().map(convert::parse_seat).transpose()?,
        kind,
        at_ms,
        clock_ms,
        offers: core::Seats::from_letters(&e.offers)
            .ok_or_else(|| error::invalid_arg("offers", "seat letters", &e.offers))?,
    })
}

/// A bughouse match: two boards, four seats, two teams (R1, R2).
///
/// Seats are BPGN letters: `'A'` A-White, `'a'` A-Black, `'B'` B-White,
/// `'b'` B-Black; team 1 is A-White and B-Black. Timestamps (`atMs`) are
/// the caller's, in ms since the game was created: the engine keeps no
/// clock of its own (R21). A live game with clocks needs one on every move.
#[napi(custom_finalize)]
#[derive(Debug)]
pub struct Game {
    /// What `new Game` checked, until the game is built; `None` once built
    /// or disposed.
    start: Option<Start>,
    /// The game, built on first use and reported to V8 while it lives.
    built: OnceCell<Box<core::Game>>,
}

/// What a built core game holds natively (its fixed-capacity history makes
/// it about 65 KiB), reported to V8 as external memory while it lives, so
/// that the garbage collector counts it.
const CORE_GAME_BYTES: i64 = std::mem::size_of::<core::Game>() as i64;

/// A game checked by `new Game` and not built yet: its settings and start
/// (`None`: the standard one). 1e5 `new Game()` in a loop hold a few hundred
/// bytes each instead of 65 KiB: Node runs native finalizers only after the
/// loop yields, so a synchronous loop frees nothing. The first call that
/// reads or changes the game builds it.
#[derive(Debug, Clone)]
struct Start {
    settings: core::GameSettings,
    bfen: Option<Box<str>>,
}

/// Builds a game; the same settings and start give the same answer.
fn build(settings: core::GameSettings, bfen: Option<&str>) -> Result<core::Game> {
    match bfen {
        None => core::Game::new(settings),
        Some(bfen) => core::Game::from_bfen(bfen, settings),
    }
    .map_err(error::setup)
}

impl Game {
    /// Wraps a built core game (one read from BPGN, a copy), reporting its
    /// size to V8.
    pub(crate) fn from_core(env: &Env, inner: Box<core::Game>) -> Game {
        report(env, CORE_GAME_BYTES);
        Game {
            start: None,
            built: OnceCell::from(inner),
        }
    }

    /// The game, built on first use. `ERR_DISPOSED` after `dispose()`.
    pub(crate) fn game(&self, env: &Env) -> Result<&core::Game> {
        if let Some(game) = self.built.get() {
            return Ok(game);
        }
        let Some(start) = &self.start else {
            return Err(error::disposed());
        };
        let game = Box::new(build(start.settings, start.bfen.as_deref())?);
        report(env, CORE_GAME_BYTES);
        Ok(self.built.get_or_init(|| game))
    }

    /// Runs `f` on the game (see [`Game::game`]).
    pub(crate) fn read<R>(&self, env: &Env, f: impl FnOnce(&core::Game) -> R) -> Result<R> {
        Ok(f(self.game(env)?))
    }

    /// The game, to change (see [`Game::game`]).
    pub(crate) fn write(&mut self, env: &Env) -> Result<&mut core::Game> {
        self.game(env)?;
        self.start = None;
        self.built
            .get_mut()
            .map(|g| &mut **g)
            .ok_or_else(error::disposed)
    }

    /// F12 first, the core's check: an ended game refuses every action,
    /// whatever its arguments.
    pub(crate) fn ensure_open(&self, env: &Env) -> Result<()> {
        self.read(env, |g| g.ensure_open())?.map_err(error::game)
    }

    /// F12's first checks, the core's: the game is on, then `seat` names
    /// a seat.
    pub(crate) fn acting_seat(&self, env: &Env, seat: &str) -> Result<core::Seat> {
        self.read(env, |g| g.acting_seat(seat))?
            .map_err(error::game)
    }
}

/// Tells V8 about native memory taken (`bytes` > 0) or given back. Only a
/// hint to its collector: a failure changes nothing else, so it is ignored.
fn report(env: &Env, bytes: i64) {
    let _ = env.adjust_external_memory(bytes);
}

/// `_externalMemory()`: the external memory V8 counts for this isolate,
/// as `napi_adjust_external_memory` returns it (Node 20's
/// `process.memoryUsage().external` does not include it). For the tests.
#[napi(js_name = "_externalMemory", skip_typescript, catch_unwind)]
pub fn external_memory(env: Env) -> f64 {
    env.adjust_external_memory(0).unwrap_or(-1) as f64
}

impl ObjectFinalize for Game {
    /// The game is collected: its native memory goes with it.
    fn finalize(self, env: Env) -> napi::Result<()> {
        if self.built.get().is_some() {
            report(&env, -CORE_GAME_BYTES);
        }
        Ok(())
    }
}

/// The keys of `new Game(opts)`.
const GAME_OPTIONS: &[&str] = &["mode", "timeControl", "humans", "bfen", "moveCap"];

/// The keys of a time control object.
const TIME_CONTROL_KEYS: &[&str] = &["baseMs", "incrementMs"];

/// Reads the `mode` option (the core's names).
fn parse_mode(text: Option<&str>) -> Result<core::Mode> {
    text.map_or(Ok(core::Mode::Live), core::Mode::from_name)
        .map_err(|e| error::core(e.code(), e))
}

/// Reads the `timeControl` option: `{ baseMs, incrementMs }` (exact, in
/// ms), or the PGN tag form `'base+inc'` in whole seconds, read by the core
/// ([`core::TimeControl::from_setting`]: a base under a minute, such as
/// `'3+2'`, is ambiguous and refused); `'-'` or `null` for none. Absent: 3
/// minutes (R20).
fn parse_time_control(
    opts: Option<&Object<'_>>,
    mode: core::Mode,
) -> Result<Option<core::TimeControl>> {
    let name = "opts.timeControl";
    let default = core::GameSettings::of_mode(mode).time_control;
    let Some(opts) = opts else {
        return Ok(default);
    };
    let expected = "an object { baseMs, incrementMs }, a string 'base+inc' in seconds, or '-'";
    match convert::field::<String>(opts, "opts", "timeControl", expected)? {
        None => Ok(default),
        Some(Either::A(text)) if text == "-" => Ok(None),
        Some(Either::A(text)) => core::TimeControl::from_setting(&text)
            .map(Some)
            .map_err(|e| {
                error::core(
                    e.code(),
                    format_args!("{name}: {e}, or {{ baseMs, incrementMs }} in ms"),
                )
            }),
        Some(Either::B(v)) => {
            let Some(obj) =
                convert::typed_field::<Object<'_>>(opts, "opts", "timeControl", expected)
                    .ok()
                    .flatten()
            else {
                return Err(error::invalid_type(name, expected, convert::type_name(&v)));
            };
            let obj = convert::options(name, Some(Either::A(obj)), TIME_CONTROL_KEYS)?
                .ok_or_else(|| error::invalid_type(name, expected, "null"))?;
            let base = convert::typed_field::<f64>(&obj, name, "baseMs", "a number")?.ok_or_else(
                || error::invalid_type(&format!("{name}.baseMs"), "a number", "undefined"),
            )?;
            let increment = convert::typed_field::<f64>(&obj, name, "incrementMs", "a number")?;
            Ok(Some(core::TimeControl {
                base_ms: convert::safe_integer(&format!("{name}.baseMs"), base, 0)?,
                increment_ms: match increment {
                    None => 0,
                    Some(ms) => convert::safe_integer(&format!("{name}.incrementMs"), ms, 0)?,
                },
            }))
        }
    }
}

/// Reads the `moveCap` option as a whole number; the core bounds it (R32).
fn parse_move_cap(cap: Option<f64>) -> Result<u16> {
    match cap {
        None => Ok(core::game::DEFAULT_MOVE_CAP),
        Some(cap) if cap.fract() == 0.0 && (0.0..=convert::MAX_SAFE_INTEGER).contains(&cap) => {
            core::game::check_move_cap(cap as u64).map_err(|e| error::core(e.code(), e))
        }
        Some(cap) => Err(error::out_of_range(
            "moveCap",
            core::game::MAX_MOVE_CAP,
            cap,
        )),
    }
}

/// A tag name the BPGN reader reads back: letters, digits and `_`.
fn check_tag_name(name: &str) -> Result<()> {
    if !name.is_empty() && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') {
        Ok(())
    } else {
        Err(error::invalid_arg(
            "tag name",
            "letters, digits and '_' (BPGN)",
            name,
        ))
    }
}

#[napi]
impl Game {
    /// A new game from the standard start (R4) or a BFEN. Throws
    /// `ERR_INVALID_ARG_TYPE` (options that are not an object, or a field of
    /// the wrong type), `ERR_INVALID_FEN` (bad BFEN, or more material than
    /// one game holds, R7), `ERR_INVALID_ARG_VALUE` (an unknown option, a
    /// bad mode, humans letter or time control, or a time control in the
    /// turn-based game, R26) or `ERR_OUT_OF_RANGE` (a move cap that is not
    /// an integer from 0 to 2000, a time that is not a whole number of ms).
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "opts?: GameOptions | undefined | null"
    )]
    pub fn new(opts: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<Game> {
        let opts = convert::options("opts", opts, GAME_OPTIONS)?;
        let string = |name| match &opts {
            None => Ok(None),
            Some(obj) => convert::typed_field::<String>(obj, "opts", name, "a string"),
        };
        let mode = parse_mode(string("mode")?.as_deref())?;
        let time_control = parse_time_control(opts.as_ref(), mode)?;
        let humans = match string("humans")?.as_deref() {
            None => core::Seats::all(),
            Some(text) => core::game::parse_humans(text).map_err(|e| error::core(e.code(), e))?,
        };
        let move_cap = match &opts {
            None => None,
            Some(obj) => convert::typed_field::<f64>(obj, "opts", "moveCap", "a number")?,
        };
        // The core checks the whole (R26: no time control in the turn-based
        // game; the clock bounds).
        let settings = core::GameSettings {
            mode,
            time_control,
            humans,
            move_cap: parse_move_cap(move_cap)?,
        };
        let bfen = string("bfen")?;
        // Checked now (F8), built on the first action (see `State`).
        build(settings, bfen.as_deref())?;
        Ok(Game {
            start: Some(Start {
                settings,
                bfen: bfen.map(String::into_boxed_str),
            }),
            built: OnceCell::new(),
        })
    }

    /// Gives back the game's native memory now, rather than when the garbage
    /// collector finds it unreachable; afterwards every call throws
    /// `ERR_DISPOSED`. Also `game[Symbol.dispose]()`, so `using game = new
    /// Game()` disposes at the end of the block. Calling it again does
    /// nothing.
    #[napi(catch_unwind)]
    pub fn dispose(&mut self, env: Env) {
        if self.built.take().is_some() {
            report(&env, -CORE_GAME_BYTES);
        }
        self.start = None;
    }

    /// A copy of one board, `'A'` or `'B'`, as a `Board` (bughouse flavour:
    /// its captures leave it). Changing it does not change the game.
    #[napi(catch_unwind, ts_args_type = "board: BoardLetter")]
    pub fn board(&self, env: Env, board: String) -> Result<Board> {
        let id = convert::parse_board_id(&board)?;
        self.read(&env, |g| Board::from_core(*g.board(id)))
    }

    /// Every accepted action in order, with its time: the core's log, from
    /// which `Game.fromJSON` rebuilds the game exactly. Between two moves it
    /// keeps one tick and the standing offers (see the core's docs).
    #[napi(catch_unwind)]
    pub fn log(&self, env: Env) -> Result<Vec<LogEntry>> {
        self.read(&env, |g| g.log().iter().map(log_entry).collect())
    }

    /// Takes back the last action of the log, exactly (a takeback), and
    /// returns it; `null` when nothing was played. A finished game reopens.
    #[napi(catch_unwind)]
    pub fn undo(&mut self, env: Env) -> Result<Option<LogEntry>> {
        Ok(self.write(&env)?.undo().as_ref().map(log_entry))
    }

    /// The game as JSON: settings, start BFEN and log (`JSON.stringify(game)`
    /// calls it); `Game.fromJSON` gives back an equal game.
    #[napi(js_name = "toJSON", catch_unwind)]
    pub fn to_json(&self, env: Env) -> Result<GameJson> {
        self.read(&env, |g| {
            let s = g.settings();
            GameJson {
                mode: s.mode.as_str().to_string(),
                time_control: s.time_control.map_or("-".to_string(), |tc| tc.to_string()),
                humans: s.humans.seats().map(core::Seat::char).collect(),
                move_cap: u32::from(s.move_cap),
                bfen: core::bfen::Bfen(g.start_boards()).to_string(),
                log: g.log().iter().map(log_entry).collect(),
            }
        })
    }

    /// Rebuilds a game from `toJSON()`'s object (or its parsed JSON) with the
    /// core's restore: the very game, or `ERR_INVALID_ARG_VALUE` naming the
    /// first log entry that does not follow.
    #[napi(factory, js_name = "fromJSON", catch_unwind)]
    pub fn from_json(env: Env, json: GameJson) -> Result<Game> {
        let mode = core::Mode::from_name(&json.mode)
            .map_err(|_| error::invalid_arg("mode", "a way of playing", &json.mode))?;
        let time_control = match json.time_control.as_str() {
            "-" => None,
            text => Some(text.parse().map_err(|_| {
                error::invalid_arg("timeControl", "'base+inc' in seconds or '-'", text)
            })?),
        };
        let humans = core::game::parse_humans(&json.humans)
            .map_err(|_| error::invalid_arg("humans", "seat letters", &json.humans))?;
        let move_cap = u16::try_from(json.move_cap)
            .map_err(|_| error::invalid_arg("moveCap", "a move cap", &json.move_cap.to_string()))?;
        let settings = core::GameSettings {
            mode,
            time_control,
            humans,
            move_cap,
        };
        let start = core::bfen::parse_bfen(&json.bfen)
            .map_err(|e| error::error(Code::InvalidArgValue, format!("bfen: {e}")))?;
        let log = json.log.iter().map(action_of).collect::<Result<Vec<_>>>()?;
        let restored = core::Game::restore(settings, start, &log).map_err(|e| {
            error::error(
                Code::InvalidArgValue,
                format!("cannot rebuild the game: {e}"),
            )
        })?;
        Ok(Game::from_core(&env, Box::new(restored)))
    }

    /// Both boards as BFEN (N2): `'fenA | fenB'`.
    #[napi(catch_unwind)]
    pub fn bfen(&self, env: Env) -> Result<String> {
        self.read(&env, |g| g.bfen().to_string())
    }

    /// The legal moves of `seat` as move codes, for `legalMoves(seat)` in
    /// index.js (see `Board._legalMoveCodes`); none when it may not move.
    #[napi(js_name = "_legalMoveCodes", skip_typescript, catch_unwind)]
    pub fn legal_move_codes(&self, env: Env, seat: String, codes: BufferSlice) -> Result<u32> {
        let seat = convert::parse_seat(&seat)?;
        self.read(&env, |g| {
            convert::write_move_codes(&g.legal_moves(seat), codes)
        })?
    }

    /// Plays a move or drop for `seat`, given as UCI or SAN (N3), at `atMs`
    /// (required in a live game with clocks), and returns its UCI. Captures
    /// go to the partner (R5, R6). Checked in the order of F12; throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE` (seat), `ERR_OUT_OF_RANGE`
    /// (atMs), `ERR_TIMESTAMP_REQUIRED`, `ERR_TIME_WENT_BACKWARDS`,
    /// `ERR_NOT_YOUR_TURN`, `ERR_INVALID_MOVE`, `ERR_AMBIGUOUS_MOVE` or
    /// `ERR_ILLEGAL_MOVE`. Nothing changes on error, except that a flag
    /// found fallen ends the game at its time (F2: `ERR_GAME_OVER`).
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, move: string, atMs?: number | undefined | null"
    )]
    pub fn push(
        &mut self,
        env: Env,
        seat: String,
        text: String,
        at_ms: Option<f64>,
    ) -> Result<String> {
        let seat = self.acting_seat(&env, &seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        let report = self
            .write(&env)?
            .play_text(seat, &text, at_ms)
            .map_err(error::game)?;
        Ok(report
            .action
            .as_move()
            .map(convert::uci)
            .unwrap_or_default())
    }

    /// Turn-based game: the seat whose turn it is (F5); `null` in the live
    /// game (every seat whose colour is to move may move, R19) and once the
    /// game is over.
    #[napi(getter, catch_unwind, ts_return_type = "Seat | null")]
    pub fn to_act(&self, env: Env) -> Result<Option<&'static str>> {
        self.read(&env, |g| g.to_act().map(seat_str))
    }

    /// Turn-based game: `seat` sits instead of moving (R24), at most three
    /// times; not a move (F7). Returns the outcome if the sit repeated a
    /// state for the third time (R25), else `null`. Throws `ERR_GAME_OVER`,
    /// `ERR_INVALID_ARG_VALUE`, `ERR_SIT_IN_LIVE_GAME`, `ERR_NOT_YOUR_TURN`
    /// or `ERR_NO_SITS_LEFT`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn sit(&mut self, env: Env, seat: String) -> Result<Option<Outcome>> {
        let seat = self.acting_seat(&env, &seat)?;
        Ok(self
            .write(&env)?
            .sit(seat)
            .map_err(error::game)?
            .outcome()
            .map(Outcome::from))
    }

    /// How many sits `seat` has left (R24): 3 at the start.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn sits_left(&self, env: Env, seat: String) -> Result<u32> {
        let seat = convert::parse_seat(&seat)?;
        self.read(&env, |g| u32::from(g.sits_left(seat)))
    }

    /// Whether `seat` may sit now (R24): turn-based, its turn, sits left.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn can_sit(&self, env: Env, seat: String) -> Result<bool> {
        let seat = convert::parse_seat(&seat)?;
        self.read(&env, |g| g.can_sit(seat))
    }

    /// Whether `seat` may move now: the game is on, its colour is to move on
    /// its board, and in the turn-based game it is the seat to act.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn is_turn_of(&self, env: Env, seat: String) -> Result<bool> {
        let seat = convert::parse_seat(&seat)?;
        self.read(&env, |g| g.is_turn_of(seat))
    }

    /// Live game: checks the clocks at `atMs` (R21, F2). Returns the ending
    /// if a flag fell at or before it (the game ends at the flag's time),
    /// else `null`, and the game's time becomes `atMs`. Throws
    /// `ERR_GAME_OVER`, `ERR_OUT_OF_RANGE` or `ERR_TIME_WENT_BACKWARDS`.
    #[napi(catch_unwind)]
    pub fn tick(&mut self, env: Env, at_ms: f64) -> Result<Option<Outcome>> {
        self.ensure_open(&env)?;
        let at_ms = convert::timestamp("atMs", at_ms)?;
        Ok(self
            .write(&env)?
            .tick(at_ms)
            .map_err(error::game)?
            .outcome()
            .map(Outcome::from))
    }

    /// `seat` resigns (R29), at any moment, not only on its turn (F10): its
    /// team loses. With `atMs`, flags are checked first (F2). Throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE`, `ERR_OUT_OF_RANGE` or
    /// `ERR_TIME_WENT_BACKWARDS`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn resign(&mut self, env: Env, seat: String, at_ms: Option<f64>) -> Result<Outcome> {
        let seat = self.acting_seat(&env, &seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        let report = self.write(&env)?.resign(seat, at_ms).map_err(error::game)?;
        report.outcome().map(Outcome::from).ok_or_else(no_ending)
    }

    /// `seat` leaves the game (R29, F10): its team loses. Throws as `resign`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn abandon(&mut self, env: Env, seat: String, at_ms: Option<f64>) -> Result<Outcome> {
        let seat = self.acting_seat(&env, &seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        let report = self
            .write(&env)?
            .abandon(seat, at_ms)
            .map_err(error::game)?;
        report.outcome().map(Outcome::from).ok_or_else(no_ending)
    }

    /// A human seat offers a draw (R30, F11). When every human seat has a
    /// standing offer the game is drawn by agreement and the outcome is
    /// returned, else `null`. Any move or drop clears the offers. Throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE` or `ERR_NOT_HUMAN`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn offer_draw(&mut self, env: Env, seat: String) -> Result<Option<Outcome>> {
        let seat = self.acting_seat(&env, &seat)?;
        Ok(self
            .write(&env)?
            .offer_draw(seat)
            .map_err(error::game)?
            .outcome()
            .map(Outcome::from))
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30). Throws
    /// `ERR_GAME_OVER` or `ERR_INVALID_ARG_VALUE`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn withdraw_draw(&mut self, env: Env, seat: String) -> Result<()> {
        let seat = self.acting_seat(&env, &seat)?;
        self.write(&env)?
            .withdraw_draw(seat)
            .map_err(error::game)
            .map(drop)
    }

    /// The seats with a standing draw offer, in the order `A a B b`.
    #[napi(catch_unwind, ts_return_type = "Seat[]")]
    pub fn draw_offers(&self, env: Env) -> Result<Vec<&'static str>> {
        self.read(&env, |g| g.draw_offers().seats().map(seat_str).collect())
    }

    /// Milliseconds left on `seat`'s clock (R20) at the game's time, or at
    /// `atMs` if given (a display of running clocks, nothing changes; a
    /// time before the game's time throws `TimeWentBackwards`, F3). `null` when the game has no clocks (the
    /// turn-based game, or `timeControl: '-'`). Throws
    /// `ERR_INVALID_ARG_VALUE` or `ERR_OUT_OF_RANGE`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn clock(&self, env: Env, seat: String, at_ms: Option<f64>) -> Result<Option<f64>> {
        let seat = convert::parse_seat(&seat)?;
        let at_ms = convert::maybe_timestamp("atMs", at_ms)?;
        let ms = self.read(&env, |g| match at_ms {
            None => Ok(g.clock_ms(seat)),
            Some(at) => g.clock_ms_at(seat, at).map_err(error::game),
        })??;
        Ok(ms.map(convert::ms_number))
    }

    /// `seat`'s pocket (R3): the pieces of its colour it may drop on its board.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn pocket(&self, env: Env, seat: String) -> Result<Pocket> {
        let seat = convert::parse_seat(&seat)?;
        self.read(&env, |g| g.pocket(seat).into())
    }

    /// How the game ended (R27–R34, F13), or `null` while it goes on.
    #[napi(catch_unwind)]
    pub fn outcome(&self, env: Env) -> Result<Option<Outcome>> {
        self.read(&env, |g| g.outcome().map(Outcome::from))
    }

    /// Whether the game has ended.
    #[napi(catch_unwind)]
    pub fn is_over(&self, env: Env) -> Result<bool> {
        self.read(&env, |g| g.is_over())
    }

    /// Every move and drop in play order, with its seat; sits left out.
    #[napi(catch_unwind)]
    pub fn moves(&self, env: Env) -> Result<Vec<SeatMove>> {
        self.read(&env, |g| {
            g.history()
                .filter_map(|a| {
                    Some(SeatMove {
                        seat: seat_str(a.seat?),
                        uci: convert::uci(a.as_move()?),
                    })
                })
                .collect()
        })
    }

    /// Every move, drop and sit in play order, with its time and the
    /// mover's clock.
    #[napi(catch_unwind)]
    pub fn history(&self, env: Env) -> Result<Vec<HistoryEntry>> {
        self.read(&env, |g| {
            g.history()
                .filter_map(|a| {
                    Some(HistoryEntry {
                        seat: seat_str(a.seat?),
                        kind: a.kind.as_str(),
                        uci: a.as_move().map(convert::uci),
                        at_ms: convert::ms_number(a.at_ms),
                        clock_ms: a.clock_ms.map(f64::from),
                    })
                })
                .collect()
        })
    }

    /// The game as BPGN (N4): tags (`tags` override the defaults, such as
    /// the players' names `WhiteA` … `BlackB`, and add others; `Result`,
    /// `SetUp` and `FEN` are always the game's own), the moves with clocks,
    /// the termination comment and the team result. `readBpgn` reads it
    /// back to the same moves and ending. Throws `ERR_INVALID_ARG_VALUE` for
    /// a tag name that is not letters, digits and `_`, or a value that is
    /// not a string.
    #[napi(
        catch_unwind,
        ts_args_type = "tags?: Record<string, string> | undefined | null"
    )]
    pub fn bpgn(&self, env: Env, tags: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<String> {
        let not_tags =
            || error::invalid_type("tags", "an object of tag names to strings", "another type");
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(tags) = tags {
            let Either::A(obj) = tags else {
                return Err(not_tags());
            };
            let keys = Object::keys(&obj).map_err(|_| not_tags())?;
            for key in keys {
                check_tag_name(&key)?;
                let value = obj.get::<String>(&key).ok().flatten().ok_or_else(|| {
                    error::invalid_type(
                        &format!("tag {}", error::quote(&key)),
                        "a string",
                        "another type",
                    )
                })?;
                pairs.push((key, value));
            }
        }
        let refs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let mut out = String::new();
        self.read(&env, |g| core::bpgn::write_bpgn(g, &refs, &mut out))?
            .map_err(|_| {
                error::error(
                    Code::InvalidArgValue,
                    "the game could not be written as BPGN",
                )
            })?;
        Ok(out)
    }

    /// The game's time (F4): the timestamp of the last accepted timed action,
    /// in ms since the start.
    #[napi(getter, catch_unwind)]
    pub fn now_ms(&self, env: Env) -> Result<f64> {
        self.read(&env, |g| convert::ms_number(g.now_ms()))
    }

    /// How many moves and drops were made on both boards together (R32, F9).
    #[napi(getter, catch_unwind)]
    pub fn moves_played(&self, env: Env) -> Result<u32> {
        self.read(&env, |g| u32::from(g.moves_played()))
    }

    /// `'live'` or `'turn'`.
    #[napi(getter, catch_unwind, ts_return_type = "'live' | 'turn'")]
    pub fn mode(&self) -> Result<&'static str> {
        Ok(match self.settings()?.mode {
            core::Mode::Live => "live",
            core::Mode::TurnBased => "turn",
        })
    }

    /// The time control as `{ baseMs, incrementMs }` (exact, as given), or
    /// `null` without clocks.
    #[napi(getter, catch_unwind)]
    pub fn time_control(&self) -> Result<Option<TimeControl>> {
        let settings = self.settings()?;
        Ok(match settings.mode {
            core::Mode::Live => settings.time_control.map(|tc| TimeControl {
                base_ms: convert::ms_number(tc.base_ms),
                increment_ms: convert::ms_number(tc.increment_ms),
            }),
            core::Mode::TurnBased => None,
        })
    }

    /// The human seats as letters, in the order `AaBb`.
    #[napi(getter, catch_unwind)]
    pub fn humans(&self) -> Result<String> {
        Ok(self.settings()?.humans.seats().map(seat_str).collect())
    }

    /// The move cap (R32).
    #[napi(getter, catch_unwind)]
    pub fn move_cap(&self) -> Result<u32> {
        Ok(u32::from(self.settings()?.move_cap))
    }

    /// An independent copy of the game, history and clocks included.
    #[napi(catch_unwind)]
    pub fn copy(&self, env: Env) -> Result<Game> {
        match (self.built.get(), &self.start) {
            (Some(game), _) => Ok(Game::from_core(&env, game.clone())),
            (None, Some(start)) => Ok(Game {
                start: Some(start.clone()),
                built: OnceCell::new(),
            }),
            (None, None) => Err(error::disposed()),
        }
    }
}

impl Game {
    /// The game's settings, read without building it.
    fn settings(&self) -> Result<core::GameSettings> {
        match (self.built.get(), &self.start) {
            (Some(game), _) => Ok(*game.settings()),
            (None, Some(start)) => Ok(start.settings),
            (None, None) => Err(error::disposed()),
        }
    }
}

/// A live game's time control, exact in ms (R20).
#[napi(object)]
#[derive(Debug, Clone, Copy)]
pub struct TimeControl {
    /// Each seat's time at the start, in ms.
    pub base_ms: f64,
    /// Added to the mover's clock after each of its moves and drops (F3), in ms.
    pub increment_ms: f64,
}

/// A resignation's report always carries its ending; should it not, an
/// error rather than a panic.
fn no_ending() -> napi::Error<error::Code> {
    napi::Error::new(
        error::Code::Core(bughouse_core::ErrorCode::GameOver),
        "the game reported no ending",
    )
}
