//! The computer player behind `game.botMove(seat, opts)` and
//! `game.botMoveAsync(seat, opts)`: option checks, and where the search
//! runs. Every decision is the core's (`bughouse_core::decide`); the same
//! design as the Python binding's `Game.bot_move` (bughouse-py/src/bot.rs).
//!
//! Where it runs. The core's search uses up to about 600 KiB of stack,
//! more than some callers' threads have: a `Worker` may be given a stack
//! as small as 192 KiB (`resourceLimits.stackSizeMb`), and deep JavaScript
//! recursion leaves the main thread less than its own. A stack overflow
//! kills the process, so the synchronous `_botMove` searches on a
//! short-lived thread of its own with an 8 MiB stack ([`think`]), and the
//! asynchronous `_botSearch` on a thread of libuv's pool, which libuv
//! (≥ 1.26; every Node this package supports) creates with 8 MiB stacks.
//!
//! Which table: a fresh one per call (384 KiB, on the heap). A table kept
//! per `Game` would make a decision depend on the calls before it, and two
//! asynchronous searches of one game would share it; the Python binding
//! measured a reused table no faster per decision (the budget is in nodes).
//!
//! Reading options. index.js reads the caller's `opts` once, in
//! JavaScript, into a plain object of four fields, before the addon borrows
//! the game: a getter on the caller's object may run any code, even play on
//! this game, which napi-rs would refuse (a second borrow) were the getter
//! run from here.

use bughouse_core as core;
use napi::bindgen_prelude::{AsyncTask, Either, Object, Unknown};
use napi::{Env, Task, ValueType};
use napi_derive::napi;

use crate::convert::{self, MAX_SAFE_INTEGER};
use crate::error::{self, Code, Result};
use crate::game::Game;

/// The stack of the search thread: the core's worst case (about 600 KiB
/// in an optimised build) with room to spare for unoptimised builds. Only
/// the pages the search touches are committed.
const SEARCH_STACK_BYTES: usize = 8 << 20;

// header.d.ts and the README write the default budget as a literal: keep
// them in step with the core.
const _: () = assert!(core::SearchLimits::DEFAULT_NODES == 25_000);

/// What `_botSearch` resolves to for a sit; any other answer is a UCI move
/// (no UCI move reads `sit`) or `null` (the seat is waiting, R18).
const SIT: &str = "sit";

/// The options of one call, checked.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BotCall {
    limits: core::SearchLimits,
    play: bool,
    at_ms: Option<u64>,
}

/// An option's value: `None` when absent (`undefined` or `null`).
fn field<'a>(obj: &Object<'a>, name: &str) -> Result<Option<Either<f64, Unknown<'a>>>> {
    let value = obj
        .get::<Either<f64, Unknown<'a>>>(name)
        .map_err(|e| error::error(Code::InvalidArgValue, format!("opts.{name}: {e}")))?;
    Ok(match value {
        Some(Either::B(v)) if matches!(v.get_type(), Ok(ValueType::Null)) => None,
        other => other,
    })
}

/// The JavaScript type of a refused value, for messages: "got a string".
fn type_name(value: &Unknown<'_>) -> &'static str {
    match value.get_type() {
        Ok(ValueType::Undefined) => "undefined",
        Ok(ValueType::Null) => "null",
        Ok(ValueType::Boolean) => "a boolean",
        Ok(ValueType::Number) => "a number",
        Ok(ValueType::String) => "a string",
        Ok(ValueType::Symbol) => "a symbol",
        Ok(ValueType::Object) => "an object",
        Ok(ValueType::Function) => "a function",
        // A bigint (napi4 has no name for it) or an external.
        _ => "a value of another type",
    }
}

/// A number option that must be an integer in `min..=MAX_SAFE_INTEGER`:
/// never wrapped, rounded or clamped.
fn integer(obj: &Object<'_>, name: &str, min: u64, default: u64) -> Result<u64> {
    match field(obj, name)? {
        None => Ok(default),
        Some(Either::A(n)) if n.fract() == 0.0 && (min as f64..=MAX_SAFE_INTEGER).contains(&n) => {
            Ok(n as u64)
        }
        Some(Either::A(n)) => Err(error::error(
            Code::OutOfRange,
            format!(
                "opts.{name} must be an integer from {min} to {}, got {n}",
                MAX_SAFE_INTEGER as u64
            ),
        )),
        Some(Either::B(v)) => Err(error::error(
            Code::InvalidArgValue,
            format!("opts.{name} must be a number, got {}", type_name(&v)),
        )),
    }
}

/// Reads `{ nodes, seed, play, atMs }` (every field optional; `undefined`
/// and `null` mean the default). `nodes`: an integer ≥ 1, 25 000 by
/// default; `seed`: an integer ≥ 0, 0 by default (both up to
/// `Number.MAX_SAFE_INTEGER`); `play`: a boolean; `atMs`: a timestamp, only
/// with `play: true`.
pub(crate) fn parse_options(opts: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<BotCall> {
    let obj = match opts {
        None => None,
        Some(Either::A(obj)) => Some(obj),
        Some(Either::B(v))
            if matches!(v.get_type(), Ok(ValueType::Null | ValueType::Undefined)) =>
        {
            None
        }
        Some(Either::B(v)) => {
            return Err(error::error(
                Code::InvalidArgValue,
                format!(
                    "opts must be an object {{ nodes, seed, play, atMs }}, got {}",
                    type_name(&v)
                ),
            ));
        }
    };
    let Some(obj) = obj else {
        return Ok(BotCall {
            limits: core::SearchLimits::default(),
            play: false,
            at_ms: None,
        });
    };
    let nodes = integer(&obj, "nodes", 1, core::SearchLimits::DEFAULT_NODES)?;
    let seed = integer(&obj, "seed", 0, 0)?;
    let play = match obj.get::<Either<bool, Unknown<'_>>>("play") {
        Ok(None) => false,
        Ok(Some(Either::A(play))) => play,
        Ok(Some(Either::B(v))) if matches!(v.get_type(), Ok(ValueType::Null)) => false,
        Ok(Some(Either::B(v))) => {
            return Err(error::error(
                Code::InvalidArgValue,
                format!("opts.play must be a boolean, got {}", type_name(&v)),
            ));
        }
        Err(e) => {
            return Err(error::error(
                Code::InvalidArgValue,
                format!("opts.play: {e}"),
            ));
        }
    };
    let at_ms = match field(&obj, "atMs")? {
        None => None,
        Some(Either::A(ms)) => Some(convert::timestamp("opts.atMs", ms)?),
        Some(Either::B(v)) => {
            return Err(error::error(
                Code::InvalidArgValue,
                format!("opts.atMs must be a number, got {}", type_name(&v)),
            ));
        }
    };
    if at_ms.is_some() && !play {
        return Err(error::error(
            Code::InvalidArgValue,
            "opts.atMs is the time of the move played with play: true; without play nothing is played",
        ));
    }
    Ok(BotCall {
        limits: core::SearchLimits::nodes(nodes).with_seed(seed),
        play,
        at_ms,
    })
}

/// Searches `game` for `seat` with a fresh table (on the heap): the answer
/// depends only on the game, the seat and the limits. Runs on the calling
/// thread, whose stack must hold the search (see the module comment).
fn search(
    game: &core::Game,
    seat: core::Seat,
    limits: &core::SearchLimits,
) -> Option<core::BotAction> {
    let mut tt = Box::new(core::TranspositionTable::new());
    core::choose(game, seat, limits, &mut tt)
}

/// [`search`] on a thread with a stack large enough for the core. `Err`
/// only if the thread could not be started (out of threads or memory).
fn think(
    game: &core::Game,
    seat: core::Seat,
    limits: core::SearchLimits,
) -> Result<Option<core::BotAction>> {
    std::thread::scope(|scope| {
        let searcher = std::thread::Builder::new()
            .name("bughouse-bot".into())
            .stack_size(SEARCH_STACK_BYTES)
            .spawn_scoped(scope, move || search(game, seat, &limits))
            .map_err(|e| {
                error::error(
                    Code::NoSearchThread,
                    format!("cannot start the computer player's search thread: {e}"),
                )
            })?;
        // The core does not panic on any game; if it ever did, the panic
        // goes on here and the export's catch_unwind turns it into an Error.
        Ok(searcher
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// The search of `botMoveAsync`, on a thread of libuv's pool.
#[derive(Debug)]
pub struct BotSearch {
    /// The game as it stood when the call was made.
    game: Box<core::Game>,
    seat: core::Seat,
    limits: core::SearchLimits,
}

impl Task for BotSearch {
    type Output = Option<core::BotAction>;
    type JsValue = Option<String>;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        Ok(search(&self.game, self.seat, &self.limits))
    }

    fn resolve(&mut self, _env: Env, action: Self::Output) -> napi::Result<Self::JsValue> {
        Ok(action.map(|a| match a {
            core::BotAction::Move(m) => convert::uci(m),
            core::BotAction::Sit => SIT.to_owned(),
        }))
    }
}

impl Game {
    /// The checks every bot call makes before searching, in the order of
    /// F12: the game is on, a known seat, the options, the seat's turn.
    fn bot_call(
        &self,
        seat: &str,
        opts: Option<Either<Object<'_>, Unknown<'_>>>,
    ) -> Result<(core::Seat, BotCall)> {
        let seat = self.acting_seat(seat)?;
        let call = parse_options(opts)?;
        if !self.inner.is_turn_of(seat) {
            return Err(error::game(core::GameError::NotYourTurn { seat }));
        }
        Ok((seat, call))
    }
}

#[napi]
impl Game {
    /// `botMove(seat, opts)` (index.js reads `opts` into a plain object
    /// first): the computer player's choice for `seat` as UCI, or `null`
    /// for a sit (turn-based) or a seat that waits (live, R18); with
    /// `play: true` it is also played, as `push(seat, move, atMs)` or
    /// `sit(seat)` would. Searched on a thread of its own while the caller
    /// waits.
    #[napi(js_name = "_botMove", skip_typescript, catch_unwind)]
    pub fn bot_move(
        &mut self,
        seat: String,
        opts: Option<Either<Object<'_>, Unknown<'_>>>,
    ) -> Result<Option<String>> {
        let (seat, call) = self.bot_call(&seat, opts)?;
        let Some(action) = think(&self.inner, seat, call.limits)? else {
            return Ok(None);
        };
        if call.play {
            action
                .apply(&mut self.inner, seat, call.at_ms)
                .map_err(error::game)?;
        }
        Ok(match action {
            core::BotAction::Move(m) => Some(convert::uci(m)),
            core::BotAction::Sit => None,
        })
    }
}

/// `botMoveAsync(seat, opts)`'s search, given a copy of the game
/// (`game.copy()`): the same checks as `_botMove`, thrown at once; then a
/// Promise of the choice — a UCI move, `'sit'`, or `null` (waiting).
/// Nothing is played here: index.js plays the choice if the seat's board is
/// still the one searched.
///
/// A function of a copy rather than a method of the game: napi-rs keeps
/// the arguments of a call that returns an `AsyncTask` borrowed until the
/// task settles, and a borrowed game would refuse every move (`push`, even
/// the choice itself) while the search runs.
#[napi(js_name = "_botSearch", skip_typescript, catch_unwind)]
pub fn bot_search(
    game: &Game,
    seat: String,
    opts: Option<Either<Object<'_>, Unknown<'_>>>,
) -> Result<AsyncTask<BotSearch>> {
    let (seat, call) = game.bot_call(&seat, opts)?;
    Ok(AsyncTask::new(BotSearch {
        game: game.inner.clone(),
        seat,
        limits: call.limits,
    }))
}
