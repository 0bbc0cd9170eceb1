//! Computer players on a bounded blocking pool, so a search never blocks
//! the async tasks that serve the tables.
//!
//! A search costs about 0.3 µs per node (bughouse-core's figure), so with
//! the node budgets tables use (30 to 400 000) one decision takes from a
//! few µs to ~150 ms of CPU. It runs under `spawn_blocking` on a copy of
//! the game, at most one search per core at a time (a semaphore), each
//! thread with its own transposition table, cleared before each search so
//! a decision depends only on its game and seed. The bot's wall-time
//! limits (issue 15) will replace the node budget's role as the time bound.

use std::cell::RefCell;
use std::sync::Arc;

use bughouse_core::{BotAction, Game, SearchLimits, Seat, TableEntry, TranspositionTable};
use tokio::sync::Semaphore;

/// Entries of each search thread's table: 4096 × 12 bytes = 48 KiB, room
/// for every node of a decision at the server's usual budgets.
const TT_ENTRIES: usize = 4096;

thread_local! {
    static TABLE: RefCell<Box<TranspositionTable<[TableEntry; TT_ENTRIES]>>> =
        RefCell::new(Box::new(TranspositionTable::with_entries()));
}

/// The pool.
#[derive(Debug, Clone)]
pub struct BotPool {
    permits: Arc<Semaphore>,
}

impl BotPool {
    /// At most `threads` searches at once.
    pub fn new(threads: usize) -> BotPool {
        BotPool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
        }
    }

    /// Chooses an action for `seat` on a copy of the game; `None` when it
    /// has nothing to do (waiting, R18).
    pub async fn choose(&self, game: Game, seat: Seat, nodes: u64, seed: u64) -> Option<BotAction> {
        let _permit = self.permits.acquire().await.ok()?;
        tokio::task::spawn_blocking(move || {
            TABLE.with(|table| {
                let mut table = table.borrow_mut();
                table.clear();
                let limits = SearchLimits::nodes(nodes).with_seed(seed);
                bughouse_core::choose(&game, seat, &limits, &mut table)
            })
        })
        .await
        .ok()
        .flatten()
    }
}
