//! Computer players on a bounded blocking pool, so a search never blocks
//! the async tasks that serve the tables.
//!
//! A search costs about 0.3 µs per node (bughouse-core's figure), so with
//! the node budgets tables use (30 to 400 000) one decision takes from a
//! few µs to ~150 ms of CPU. It runs under `spawn_blocking` on a copy of
//! the game, at most one search per core at a time (a semaphore), each
//! thread with its own transposition table, cleared before each search so
//! a decision depends only on its game, seed and when it is stopped. The
//! node budget is the strength; the bot's time plans (issue 15) bound the
//! wall time, and a stop flag ends a search whose seat changed hands.

use std::cell::RefCell;
use std::sync::Arc;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bughouse_core::{
    Game, Seat, bot::BotAction, bot::SearchControl, bot::SearchLimits, bot::TableEntry,
    bot::TimePlan, bot::TranspositionTable,
};
use tokio::sync::Semaphore;

/// The longest any decision may think, whatever its node budget.
pub const MAX_THINK: Duration = Duration::from_secs(2);

/// Entries of each search thread's table: 4096 × 12 bytes = 48 KiB, room
/// for every node of a decision at the server's usual budgets.
const TT_ENTRIES: usize = 4096;

thread_local! {
    static TABLE: RefCell<Box<TranspositionTable<[TableEntry; TT_ENTRIES]>>> =
        RefCell::new(Box::new(TranspositionTable::with_entries()));
    static LOWERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Lowers the calling thread's priority once by `niceness` (Linux: a nice
/// value is per thread), so a table's reports, the database writer and the
/// sockets get the core as soon as they have work and a search only takes
/// what is left: on a core shared with searches, a report does not wait
/// for a search's time slice. Elsewhere a no-op (`setpriority` there would
/// lower the whole process). Also for the database's checkpoints.
pub fn lower_this_thread(niceness: i32) {
    if LOWERED.get() || niceness <= 0 {
        return;
    }
    LOWERED.set(true);
    #[cfg(target_os = "linux")]
    {
        // SAFETY: plain system calls on the calling thread (`who` 0), no
        // pointers; a failure only leaves the priority as it was. Relative
        // to the server's own nice value (the load run may be niced).
        #[allow(unsafe_code)]
        let done = unsafe {
            let now = libc::getpriority(libc::PRIO_PROCESS, 0);
            libc::setpriority(libc::PRIO_PROCESS, 0, (now + niceness).min(19))
        };
        if done != 0 {
            eprintln!("search thread: setpriority failed");
        }
    }
}

/// The pool.
#[derive(Debug, Clone)]
pub struct BotPool {
    permits: Arc<Semaphore>,
    niceness: i32,
}

impl BotPool {
    /// At most `threads` searches at once, `niceness` below the server's
    /// other threads ([`lower_this_thread`]).
    pub fn new(threads: usize, niceness: i32) -> BotPool {
        BotPool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            niceness,
        }
    }

    /// Chooses an action for `seat` on a copy of the game at game time
    /// `at_ms`; `None` when it has nothing to do (waiting, R18). The node
    /// budget is the strength; the time plan only bounds it: in a live
    /// game a share of the seat's own clock (`TimePlan::for_seat`, so the
    /// computer never flags by thinking), and never more than
    /// [`MAX_THINK`]. Raising `stop` ends the search at once.
    pub async fn choose(
        &self,
        game: Box<Game>,
        seat: Seat,
        nodes: u64,
        seed: u64,
        at_ms: u64,
        stop: Arc<AtomicBool>,
    ) -> Option<BotAction> {
        let _permit = self.permits.acquire().await.ok()?;
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let niceness = self.niceness;
        tokio::task::spawn_blocking(move || {
            lower_this_thread(niceness);
            TABLE.with(|table| {
                let mut table = table.borrow_mut();
                table.clear();
                let limits = SearchLimits::nodes(nodes).with_seed(seed);
                let start = Instant::now();
                let clock = move || start.elapsed();
                let plan =
                    TimePlan::for_seat(&game, seat, at_ms).unwrap_or(TimePlan::fixed(MAX_THINK));
                let plan = TimePlan {
                    target: plan.target.min(MAX_THINK),
                    limit: plan.limit.min(MAX_THINK),
                };
                let control = SearchControl::new()
                    .with_time(&clock, plan)
                    .with_stop(&stop);
                bughouse_core::bot::decide_with(&game, seat, &limits, &control, &mut table)
                    .map(|d| d.action)
            })
        })
        .await
        .ok()
        .flatten()
    }
}
