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
use napi::bindgen_prelude::{
    BufferSlice, Either, FromNapiValue, Object, ObjectFinalize, Uint8Array, Unknown,
};
use napi_derive::napi;

use bughouse_js::shapes::Reported;

use crate::board::Board;
use crate::convert::{self, Outcome, Pocket, seat_str};
use crate::error::{self, Js, Result};
use bughouse_js::Out;

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
    /// The core's report of the last accepted action and the state after
    /// it (`game.report`).
    last: Option<Reported>,
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
    bughouse_js::options::build(settings, bfen).js()
}

impl Game {
    /// Wraps a built core game (one read from BPGN, a copy), reporting its
    /// size to V8.
    pub(crate) fn from_core(env: &Env, inner: Box<core::Game>) -> Game {
        report(env, CORE_GAME_BYTES);
        Game {
            start: None,
            built: OnceCell::from(inner),
            last: None,
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

    /// Runs one action on the game and keeps its report, with the state
    /// after it (`game.report`).
    fn act(
        &mut self,
        env: &Env,
        f: impl FnOnce(&mut core::Game) -> bughouse_js::Result<core::Report>,
    ) -> Result<core::Report> {
        let game = self.write(env)?;
        let report = f(game).js()?;
        let reported = Reported::of(game, report);
        self.last = Some(reported);
        Ok(report)
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
        // Checked now (F8), built on the first action (see `Start`).
        let opts = bughouse_js::options::game_options(&convert::value_of_either(opts)?).js()?;
        Ok(Game {
            start: Some(Start {
                settings: opts.settings,
                bfen: opts.bfen,
            }),
            built: OnceCell::new(),
            last: None,
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
    #[napi(catch_unwind, ts_return_type = "Array<LogEntry>")]
    pub fn log<'env>(&self, env: &'env Env) -> Result<Unknown<'env>> {
        let log = self.read(env, bughouse_js::shapes::log)?;
        convert::out(env, &log)
    }

    /// Takes back the last action of the log, exactly (a takeback), and
    /// returns it; `null` when nothing was played. A finished game reopens.
    #[napi(catch_unwind, ts_return_type = "LogEntry | null")]
    pub fn undo<'env>(&mut self, env: &'env Env) -> Result<Unknown<'env>> {
        let undone = self.write(env)?.undo();
        self.last = None;
        convert::out(
            env,
            &undone
                .as_ref()
                .map_or(Out::Null, bughouse_js::shapes::log_entry),
        )
    }

    /// The game as JSON: settings, start BFEN and log (`JSON.stringify(game)`
    /// calls it); `Game.fromJSON` gives back an equal game.
    #[napi(js_name = "toJSON", catch_unwind, ts_return_type = "GameJson")]
    pub fn to_json<'env>(&self, env: &'env Env) -> Result<Unknown<'env>> {
        let json = self.read(env, bughouse_js::shapes::game_json)?;
        convert::out(env, &json)
    }

    /// Rebuilds a game from `toJSON()`'s object (or its parsed JSON) with the
    /// core's restore: the very game, or `ERR_INVALID_ARG_VALUE` naming the
    /// first log entry that does not follow.
    #[napi(
        factory,
        js_name = "fromJSON",
        catch_unwind,
        ts_args_type = "json: GameJson"
    )]
    pub fn from_json(env: Env, json: Option<Unknown<'_>>) -> Result<Game> {
        let restored = bughouse_js::shapes::game_from_json(&convert::value_of_opt(json)?).js()?;
        Ok(Game::from_core(&env, Box::new(restored)))
    }

    /// A game restored from BPGN the engine wrote (`game.bpgn()`): the first
    /// record replayed with the settings its tags keep (way of playing,
    /// clocks, humans, move cap, exact timestamps), equal to the game
    /// written, live or turn-based. Throws `ERR_INVALID_ARG_TYPE` for text
    /// that is not a string or bytes, `ERR_INVALID_BPGN` for text with no
    /// record, a rule this engine does not play, or a move the rules refuse.
    #[napi(
        factory,
        js_name = "fromBpgn",
        catch_unwind,
        ts_args_type = "text: string | Uint8Array"
    )]
    pub fn from_bpgn(env: Env, text: Option<Unknown<'_>>) -> Result<Game> {
        let not_text =
            |got: &str| error::invalid_type("Game.fromBpgn: text", "a string or a Uint8Array", got);
        let Some(text) = text else {
            return Err(not_text("undefined"));
        };
        let bytes: Vec<u8> = match text.get_type() {
            Ok(napi::ValueType::String) => String::from_unknown(text)
                .map_err(|_| not_text("a string"))?
                .into_bytes(),
            _ => Uint8Array::from_unknown(text)
                .map_err(|_| not_text(convert::type_name(&text)))?
                .to_vec(),
        };
        let game = bughouse_js::game::from_bpgn(&bytes).js()?;
        Ok(Game::from_core(&env, Box::new(game)))
    }

    /// The core's report of the last accepted action (issue 17): the action
    /// as logged, its SAN with `+`/`#`, the capture demoted and the seat that
    /// received it, and the state after it; `null` before any action (and
    /// after `undo()`). See `Report` in index.d.ts.
    #[napi(getter, catch_unwind, ts_return_type = "Report | null")]
    pub fn report<'env>(&self, env: &'env Env) -> Result<Unknown<'env>> {
        self.game(env)?;
        convert::out(
            env,
            &self
                .last
                .as_ref()
                .map_or(Out::Null, bughouse_js::shapes::report),
        )
    }

    /// What a front end shows now: pockets, clocks, who may act, offers and
    /// the ending (the core's `Snapshot`; see `Snapshot` in index.d.ts).
    #[napi(catch_unwind, ts_return_type = "Snapshot")]
    pub fn snapshot<'env>(&self, env: &'env Env) -> Result<Unknown<'env>> {
        let snapshot = self.read(env, |g| bughouse_js::shapes::snapshot(&g.snapshot()))?;
        convert::out(env, &snapshot)
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
        let report = self.act(&env, |g| bughouse_js::game::push(g, &seat, &text, at_ms))?;
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
        let report = self.act(&env, |g| bughouse_js::game::sit(g, &seat))?;
        Ok(report.outcome().map(Outcome::from))
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
        let report = self.act(&env, |g| bughouse_js::game::tick(g, at_ms))?;
        Ok(report.outcome().map(Outcome::from))
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
        let report = self.act(&env, |g| bughouse_js::game::resign(g, &seat, at_ms))?;
        bughouse_js::game::ending(&report).js().map(Outcome::from)
    }

    /// `seat` leaves the game (R29, F10): its team loses. Throws as `resign`.
    #[napi(
        catch_unwind,
        ts_args_type = "seat: Seat, atMs?: number | undefined | null"
    )]
    pub fn abandon(&mut self, env: Env, seat: String, at_ms: Option<f64>) -> Result<Outcome> {
        let report = self.act(&env, |g| bughouse_js::game::abandon(g, &seat, at_ms))?;
        bughouse_js::game::ending(&report).js().map(Outcome::from)
    }

    /// A human seat offers a draw (R30, F11). When every human seat has a
    /// standing offer the game is drawn by agreement and the outcome is
    /// returned, else `null`. Any move or drop clears the offers. Throws
    /// `ERR_GAME_OVER`, `ERR_INVALID_ARG_VALUE` or `ERR_NOT_HUMAN`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn offer_draw(&mut self, env: Env, seat: String) -> Result<Option<Outcome>> {
        let report = self.act(&env, |g| bughouse_js::game::offer_draw(g, &seat))?;
        Ok(report.outcome().map(Outcome::from))
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30). Throws
    /// `ERR_GAME_OVER` or `ERR_INVALID_ARG_VALUE`.
    #[napi(catch_unwind, ts_args_type = "seat: Seat")]
    pub fn withdraw_draw(&mut self, env: Env, seat: String) -> Result<()> {
        self.act(&env, |g| bughouse_js::game::withdraw_draw(g, &seat))
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
        let ms = self.read(&env, |g| bughouse_js::game::clock(g, &seat, at_ms))?;
        Ok(ms.js()?.map(convert::ms_number))
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
        let tags = convert::value_of_either(tags)?;
        self.read(&env, |g| bughouse_js::options::write_bpgn(g, &tags))?
            .js()
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
            (Some(game), _) => Ok(Game {
                last: self.last,
                ..Game::from_core(&env, game.clone())
            }),
            (None, Some(start)) => Ok(Game {
                start: Some(start.clone()),
                built: OnceCell::new(),
                last: None,
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
