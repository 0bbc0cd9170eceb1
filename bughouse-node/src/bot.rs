//! The computer player behind `game.botMove(seat, opts)`,
//! `game.botMoveAsync(seat, opts)` and a lone board's `board.botMove(opts)`
//! and `board.botMoveAsync(opts)`: option checks, and where the search
//! runs. Every decision is the core's (`bughouse_core::bot::decide_with`,
//! `decide_board`); the same design as the Python binding's `Game.bot_move`
//! and `Board.bot_move` (bughouse-py/src/bot.rs).
//!
//! Where it runs. The core's search uses up to about 600 KiB of stack,
//! more than some callers' threads have: a `Worker` may be given a stack
//! as small as 192 KiB (`resourceLimits.stackSizeMb`), and deep JavaScript
//! recursion leaves the main thread less than its own. A stack overflow
//! kills the process, so the synchronous `_botMove` searches on a
//! short-lived thread of its own with an 8 MiB stack ([`think`]), and the
//! asynchronous `_botSearch` on the engine's own search pool ([`pool`]),
//! never on libuv's: libuv's four threads also serve `fs`, `dns` and
//! `zlib`, whose callbacks waited seconds behind eight searches, and
//! `worker.terminate()` waits for libuv work in flight. The pool is
//! bounded, its threads are never joined (exit and `terminate()` do not
//! wait for them), and a search whose caller aborted (`{ signal }`) or whose
//! environment was torn down is skipped if it has not started.
//!
//! Which table: a fresh one per call (384 KiB, on the heap, with the
//! 1.06 MiB of continuation and correction histories the crazyhouse search
//! uses). A table kept
//! per `Game` would make a decision depend on the calls before it, and two
//! asynchronous searches of one game would share it; the Python binding
//! measured a reused table no faster per decision (the budget is in nodes).
//!
//! Reading options. index.js reads the caller's `opts` once, in
//! JavaScript, into a plain object of the known fields, before the addon
//! borrows the game: a getter on the caller's object may run any code, even
//! play on this game, which napi-rs would refuse (a second borrow) were the
//! getter run from here.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bughouse_core as core;
use napi::bindgen_prelude::{Either, Object, Unknown};
use napi::{Env, JsDeferred};
use napi_derive::napi;

use crate::board::Board;
use crate::convert;
use crate::error::{self, Code, Js, Result};
use crate::game::Game;
use crate::pool;

// header.d.ts and the README write the default budget as a literal: keep
// them in step with the core.
const _: () = assert!(core::bot::SearchLimits::DEFAULT_NODES == 25_000);

/// The flag a caller sets to give up a search (`{ signal }`, or the
/// environment's teardown): `_SearchStop` in JavaScript.
///
/// Checked before a queued search starts, and given to the core as its
/// stop flag: a running search ends at its next look at it (every 256
/// nodes, about 0.1 ms), and its answer is dropped.
#[napi(js_name = "_SearchStop")]
#[derive(Debug, Default, Clone)]
pub struct SearchStop {
    flag: Arc<AtomicBool>,
}

#[napi]
impl SearchStop {
    /// A flag not set.
    #[napi(constructor)]
    pub fn new() -> SearchStop {
        SearchStop::default()
    }

    /// Gives the search up.
    #[napi]
    pub fn stop(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }
}

/// The stop flags of this thread's JavaScript environment's searches (the
/// main thread's, or a `Worker`'s: each environment runs on a thread of its
/// own). When the environment is torn down (`worker.terminate()`, exit) a
/// cleanup hook raises them all: a queued search is skipped and a running
/// one ends at its next look at the flag, rather than searching for nobody.
type EnvSearches = Arc<Mutex<Vec<std::sync::Weak<AtomicBool>>>>;

/// Registers `stop` with its environment (see [`EnvSearches`]).
fn register_with_env(env: &Env, stop: &Arc<AtomicBool>) -> Result<()> {
    thread_local! {
        static SEARCHES: std::cell::RefCell<Option<EnvSearches>> = const { std::cell::RefCell::new(None) };
    }
    SEARCHES.with(|cell| {
        let mut cell = cell.borrow_mut();
        let searches = match cell.as_ref() {
            Some(searches) => Arc::clone(searches),
            None => {
                let searches = EnvSearches::default();
                let hooked = Arc::clone(&searches);
                env.add_env_cleanup_hook((), move |()| {
                    for stop in hooked.lock().unwrap_or_else(|p| p.into_inner()).iter() {
                        if let Some(stop) = stop.upgrade() {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                })
                .map_err(|e| error::error(Code::NoSearchThread, e.reason.clone()))?;
                *cell = Some(Arc::clone(&searches));
                searches
            }
        };
        let mut list = searches.lock().unwrap_or_else(|p| p.into_inner());
        // Searches that ended are forgotten here: the list stays as long as
        // the searches in flight.
        list.retain(|stop| stop.strong_count() > 0);
        list.push(Arc::downgrade(stop));
        Ok(())
    })
}

/// How a search's answer reaches its Promise: resolved on the JavaScript
/// thread with a UCI move, `'sit'` or `null`.
type Answer = JsDeferred<Option<String>, Box<dyn FnOnce(Env) -> napi::Result<Option<String>>>>;

/// Runs one search on the pool and delivers its answer: skipped if its
/// stop flag is up before it starts (JavaScript has already rejected the
/// caller's promise), else `search` runs with the flag as the core's stop
/// flag and its answer (UCI, `'sit'` or `null`) resolves the promise.
fn search_task(
    search: impl FnOnce(&AtomicBool) -> Option<String> + Send + 'static,
    stop: Arc<AtomicBool>,
    answer: Answer,
) -> pool::Task {
    Box::new(move || {
        if stop.load(Ordering::Relaxed) {
            answer.resolve(Box::new(|_| Ok(None)));
            return;
        }
        // The core does not panic on any position; were it to, the
        // caller's promise rejects.
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| search(&stop))) {
            Ok(answer_text) => answer.resolve(Box::new(move |_| Ok(answer_text))),
            Err(_) => answer.reject(napi::Error::new(
                napi::Status::GenericFailure,
                "the computer player's search failed",
            )),
        }
    })
}

/// Submits `search` to the pool behind a new Promise (see [`search_task`]),
/// registered with the environment so its teardown stops it.
fn submit<'env>(
    env: &'env Env,
    stop: &SearchStop,
    search: impl FnOnce(&AtomicBool) -> Option<String> + Send + 'static,
) -> Result<Object<'env>> {
    register_with_env(env, &stop.flag)?;
    let (answer, promise) = env
        .create_deferred()
        .map_err(|e| error::error(Code::NoSearchThread, e.reason.clone()))?;
    pool::submit(search_task(search, Arc::clone(&stop.flag), answer)).map_err(|(_, e)| {
        error::error(
            Code::NoSearchThread,
            format!("cannot start the computer player's search thread: {e}"),
        )
    })?;
    Ok(promise)
}

/// The options of one call, checked (the shared layer reads them).
pub(crate) use bughouse_js::options::BotCall;

/// Reads `{ nodes, seed, timeMs, play, atMs }`: see
/// [`bughouse_js::options::bot`].
pub(crate) fn parse_options(opts: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<BotCall> {
    bughouse_js::options::bot(&convert::value_of_either(opts)?).js()
}

/// Reads a lone board's `{ nodes, seed, timeMs, play }`: see
/// [`bughouse_js::options::board_bot`].
fn parse_board_options(opts: Option<Either<Object<'_>, Unknown<'_>>>) -> Result<BotCall> {
    bughouse_js::options::board_bot(&convert::value_of_either(opts)?).js()
}

/// A call's time budget.
fn time_of(call: &BotCall) -> Option<Duration> {
    call.time_ms.map(Duration::from_millis)
}

/// Runs `decide` with a fresh table (on the heap) and a control of the
/// call's time budget and stop flag: the answer depends only on what
/// `decide` searches and the limits. Runs on the calling thread, whose
/// stack must hold the search (see the module comment).
fn search(
    time: Option<Duration>,
    stop: Option<&AtomicBool>,
    decide: impl FnOnce(
        &core::bot::SearchControl<'_>,
        &mut core::bot::TranspositionTable<Vec<core::bot::TableEntry>, Vec<core::bot::HistoryCell>>,
    ) -> Option<core::bot::Decision>,
) -> Option<core::bot::Decision> {
    let mut tt = core::bot::TranspositionTable::from_storage(vec![
        core::bot::TableEntry::EMPTY;
        core::bot::DEFAULT_TT_ENTRIES
    ])
    .with_history(vec![
        core::bot::HistoryCell::EMPTY;
        core::bot::HISTORY_CELLS
    ]);
    let start = Instant::now();
    let clock = move || start.elapsed();
    let mut control = core::bot::SearchControl::new();
    if let Some(budget) = time {
        control = control.with_time(&clock, core::bot::TimePlan::fixed(budget));
    }
    if let Some(stop) = stop {
        control = control.with_stop(stop);
    }
    decide(&control, &mut tt)
}

/// [`search`] on a thread with a stack large enough for the core, the
/// caller waiting. `Err` only if the thread could not be started (out of
/// threads or memory).
fn think(
    time: Option<Duration>,
    decide: impl FnOnce(
        &core::bot::SearchControl<'_>,
        &mut core::bot::TranspositionTable<Vec<core::bot::TableEntry>, Vec<core::bot::HistoryCell>>,
    ) -> Option<core::bot::Decision>
    + Send,
) -> Result<Option<core::bot::Decision>> {
    std::thread::scope(|scope| {
        let searcher = std::thread::Builder::new()
            .name("bughouse-bot".into())
            .stack_size(pool::STACK_BYTES)
            .spawn_scoped(scope, move || search(time, None, decide))
            .map_err(|e| {
                error::error(
                    Code::NoSearchThread,
                    format!("cannot start the computer player's search thread: {e}"),
                )
            })?;
        // The core does not panic on any position; if it ever did, the
        // panic goes on here and the export's catch_unwind turns it into an
        // Error.
        Ok(searcher
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

impl Game {
    /// The checks every bot call makes before searching, in the order of
    /// F12: the game is on, a known seat, the options, the seat's turn.
    fn bot_call(
        &self,
        env: &Env,
        seat: &str,
        opts: Option<Either<Object<'_>, Unknown<'_>>>,
    ) -> Result<(core::Seat, BotCall)> {
        let seat = self.acting_seat(env, seat)?;
        let call = parse_options(opts)?;
        if !self.read(env, |g| g.is_turn_of(seat))? {
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
        env: Env,
        seat: String,
        opts: Option<Either<Object<'_>, Unknown<'_>>>,
    ) -> Result<Option<String>> {
        let (seat, call) = self.bot_call(&env, &seat, opts)?;
        let (limits, time) = (call.limits, time_of(&call));
        let decided = self.read(&env, |g| {
            think(time, |control, tt| {
                core::bot::decide_with(g, seat, &limits, control, tt)
            })
        })??;
        let Some(action) = decided.map(|d| d.action) else {
            return Ok(None);
        };
        if call.play {
            action
                .apply(self.write(&env)?, seat, call.at_ms)
                .map_err(error::game)?;
        }
        Ok(action.as_move().map(convert::uci))
    }
}

/// `botMoveAsync(seat, opts)`'s search: the same checks as `_botMove`,
/// thrown at once; then a Promise of the choice — a UCI move, `'sit'`, or
/// `null` (waiting) — searched on the engine's pool ([`pool`]) over a copy
/// of the game as it is now, so the game stays free to play on. `stop`
/// gives the search up (index.js sets it when the caller's signal aborts).
/// Nothing is played here: index.js plays the choice if the seat's board is
/// still the one searched.
#[napi(js_name = "_botSearch", skip_typescript, catch_unwind)]
pub fn bot_search<'env>(
    env: &'env Env,
    game: &Game,
    seat: String,
    opts: Option<Either<Object<'_>, Unknown<'_>>>,
    stop: &SearchStop,
) -> Result<Object<'env>> {
    let (seat, call) = game.bot_call(env, &seat, opts)?;
    let copy = game.read(env, |g| Box::new(g.clone()))?;
    submit(env, stop, move |stop| {
        let decided = search(time_of(&call), Some(stop), |control, tt| {
            core::bot::decide_with(&copy, seat, &call.limits, control, tt)
        });
        decided.map(|d| convert::action_text(d.action))
    })
}

#[napi]
impl Board {
    /// `botMove(opts)` (index.js reads `opts` into a plain object first):
    /// the computer player's move on this board alone, as UCI — a
    /// crazyhouse player in the crazyhouse flavour, in the bughouse flavour
    /// the board without a partner (the core's `decide_board`) — or `null`
    /// when the side to move has none (mate, stalemate, waiting). With
    /// `play: true` it is also pushed. Searched on a thread of its own while
    /// the caller waits.
    #[napi(js_name = "_botMove", skip_typescript, catch_unwind)]
    pub fn bot_move(
        &mut self,
        opts: Option<Either<Object<'_>, Unknown<'_>>>,
    ) -> Result<Option<String>> {
        let call = parse_board_options(opts)?;
        let board = self.played.inner;
        let decided = think(time_of(&call), |control, tt| {
            core::bot::decide_board(&board, &call.limits, control, tt)
        })?;
        let Some(m) = decided.and_then(|d| d.action.as_move()) else {
            return Ok(None);
        };
        if call.play {
            self.played.play(m).js()?;
        }
        Ok(Some(convert::uci(m)))
    }
}

/// `board.botMoveAsync(opts)`'s search: the options checked at once, then a
/// Promise of the move as UCI (or `null`), searched on the engine's pool
/// over a copy of the board as it is now. Nothing is played here: index.js
/// plays the move if the board is still the one searched.
#[napi(js_name = "_boardBotSearch", skip_typescript, catch_unwind)]
pub fn board_bot_search<'env>(
    env: &'env Env,
    board: &Board,
    opts: Option<Either<Object<'_>, Unknown<'_>>>,
    stop: &SearchStop,
) -> Result<Object<'env>> {
    let call = parse_board_options(opts)?;
    let board = board.played.inner;
    submit(env, stop, move |stop| {
        let decided = search(time_of(&call), Some(stop), |control, tt| {
            core::bot::decide_board(&board, &call.limits, control, tt)
        });
        decided.and_then(|d| d.action.as_move()).map(convert::uci)
    })
}
