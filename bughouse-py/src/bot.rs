//! The computer player behind `Game.bot_move`: argument checks and the
//! search itself, run off the Python thread. Every decision is the core's
//! (`bughouse_core::bot::decide`); this file only chooses where it runs and with
//! which table.
//!
//! Where it runs: on a short-lived thread of its own with a fixed stack.
//! The core's search needs about 224 KiB of stack (optimised), more than
//! some callers' threads have (`threading.stack_size()` may be as small as
//! 32 KiB); a stack overflow kills the interpreter (see
//! `test_a_small_caller_stack_is_enough`). The thread and the table cost
//! about 0.3 ms of CPU per call (`bench/bench_bot.py`, `nodes=1`) against
//! about 9 ms for the default budget.
//!
//! Which table: a fresh one per call. A table kept per `Game` would make a
//! decision depend on the calls before it (the same position and seed could
//! answer differently the second time), and threads searching one game
//! would contend for it. A fresh table costs one 384 KiB allocation, about
//! 0.03 ms, filled in place on the heap; a table reused across calls measured no faster per decision
//! (the budget is in nodes) in `bench/bench_bot.py`. With it come 1.06 MiB
//! of continuation and correction histories (the crazyhouse search's; a
//! bughouse search leaves them untouched).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use bughouse_core::{
    Board, Game, Seat, bot::DEFAULT_TT_ENTRIES, bot::Decision, bot::HISTORY_CELLS,
    bot::HistoryCell, bot::SearchControl, bot::SearchLimits, bot::TableEntry, bot::TimePlan,
    bot::TranspositionTable, bot::decide_board, bot::decide_with,
};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::errors;

/// The stack of the search thread: the core's need (about 224 KiB
/// optimised, 384 KiB unoptimised) with room to spare. Only the pages the
/// search touches are committed.
const SEARCH_STACK_BYTES: usize = 1 << 20;

// The stub (`_bughouse.pyi`) and `Game.bot_move`'s text signature write the
// default budget as a literal: keep them in step with the core.
const _: () = assert!(SearchLimits::DEFAULT_NODES == 25_000);

/// The search limits of a call: a budget of at least one node (or none
/// given: the core's choice for a timed or untimed call) and a seed in
/// `0..2**64`; anything else is a `BughouseError` naming it.
pub(crate) fn limits(nodes: Option<i64>, seed: i128, timed: bool) -> PyResult<SearchLimits> {
    let nodes = nodes
        .map(|nodes| {
            u64::try_from(nodes)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| {
                    errors::bad_setting(format!(
                        "nodes is the search budget and must be at least 1, not {nodes}"
                    ))
                })
        })
        .transpose()?;
    let seed = u64::try_from(seed)
        .map_err(|_| errors::bad_setting(format!("seed must be in 0..2**64, not {seed}")))?;
    Ok(SearchLimits::for_request(nodes, timed).with_seed(seed))
}

/// A fixed time plan of `time_ms` milliseconds (at least 1), if given.
pub(crate) fn fixed_time(time_ms: Option<i64>) -> PyResult<Option<TimePlan>> {
    time_ms
        .map(|ms| {
            u64::try_from(ms)
                .ok()
                .filter(|&ms| ms >= 1)
                .map(|ms| TimePlan::fixed(Duration::from_millis(ms)))
                .ok_or_else(|| {
                    errors::bad_setting(format!(
                        "time_ms is the thinking time and must be at least 1, not {ms}"
                    ))
                })
        })
        .transpose()
}

/// Raises the search's stop flag when the waiting caller returns, however
/// it returns (an answer: the search has ended anyway; an exception from a
/// signal handler: the search must end).
struct RaiseOnDrop(Arc<AtomicBool>);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// How often the caller, waiting for the search, looks at Python's signals.
const SIGNAL_CHECK_EVERY: Duration = Duration::from_millis(20);

/// Searches `game` for `seat` (see [`run`]): the answer depends only on
/// the game, the seat and the limits, unless a time plan ends it.
pub(crate) fn think(
    py: Python<'_>,
    game: Box<Game>,
    seat: Seat,
    limits: SearchLimits,
    plan: Option<TimePlan>,
) -> PyResult<Option<Decision>> {
    run(py, plan, move |control, tt| {
        decide_with(&game, seat, &limits, control, tt)
    })
}

/// Searches a lone `board` (crazyhouse, or a bughouse board on its own).
pub(crate) fn think_board(
    py: Python<'_>,
    board: Board,
    limits: SearchLimits,
    plan: Option<TimePlan>,
) -> PyResult<Option<Decision>> {
    run(py, plan, move |control, tt| {
        decide_board(&board, &limits, control, tt)
    })
}

/// Runs `search` on a thread with a stack large enough for the core, with
/// a fresh table (filled in place on the heap) and, for a time plan, a
/// clock started now. The caller waits with the GIL released and looks at
/// Python's signals every 20 ms: Ctrl-C raises `KeyboardInterrupt` at once,
/// nothing played; the abandoned search is told to stop (the core's stop
/// flag) and its answer is dropped. `Err` also if the thread could not
/// be started (the system is out of threads or memory).
fn run(
    py: Python<'_>,
    plan: Option<TimePlan>,
    search: impl FnOnce(
        &SearchControl<'_>,
        &mut TranspositionTable<Vec<TableEntry>, Vec<HistoryCell>>,
    ) -> Option<Decision>
    + Send
    + 'static,
) -> PyResult<Option<Decision>> {
    let (answer, mut decision) = mpsc::sync_channel(1);
    // Raised when the caller stops waiting (Ctrl-C): the search ends at its
    // next look at the flag, instead of spending the rest of its budget.
    let stop = Arc::new(AtomicBool::new(false));
    let _stop_on_return = RaiseOnDrop(Arc::clone(&stop));
    let search = std::thread::Builder::new()
        .name("bughouse-bot".into())
        .stack_size(SEARCH_STACK_BYTES)
        .spawn(move || {
            let mut tt =
                TranspositionTable::from_storage(vec![TableEntry::EMPTY; DEFAULT_TT_ENTRIES])
                    .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]);
            let start = Instant::now();
            let clock = move || start.elapsed();
            let control = SearchControl::new().with_stop(&stop);
            let control = match plan {
                Some(plan) => control.with_time(&clock, plan),
                None => control,
            };
            // The caller may have stopped waiting (Ctrl-C): then nobody
            // reads the answer, which is fine.
            let _ = answer.send(search(&control, &mut tt));
        })
        .map_err(|e| errors::no_search_thread(&e))?;
    loop {
        // The receiver is moved in and out (it is `Send`, not `Sync`).
        let (received, back) = py.detach(move || {
            let received = decision.recv_timeout(SIGNAL_CHECK_EVERY);
            (received, decision)
        });
        decision = back;
        match received {
            Ok(decision) => return Ok(decision),
            Err(RecvTimeoutError::Timeout) => py.check_signals()?,
            // The search ended without an answer: it panicked. The core
            // does not panic on any game; if it ever did, the panic reaches
            // Python as pyo3's PanicException, as on the caller's thread.
            Err(RecvTimeoutError::Disconnected) => {
                let outcome = py.detach(|| search.join());
                if let Err(panic) = outcome {
                    std::panic::resume_unwind(panic);
                }
                return Err(PyRuntimeError::new_err(
                    "the bot's search ended without an answer",
                ));
            }
        }
    }
}
