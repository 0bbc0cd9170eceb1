//! The engine's own bounded thread pool, for work that must not block the
//! event loop: the computer player's searches (`botMoveAsync`) and reading
//! BPGN archives (`readBpgnStream`).
//!
//! Not libuv's pool: libuv's four threads also serve `fs`, `dns` and
//! `zlib`, whose callbacks waited seconds behind eight searches, and
//! `worker.terminate()` waits for libuv work in flight. This pool is
//! bounded ([`threads`]), shared by every environment of the process (main
//! thread and workers) so the bound holds for the process, and its threads
//! are never joined: exit and `terminate()` do not wait for them. Each
//! thread has an 8 MiB stack, enough for the core's search (about 600 KiB in
//! an optimised build, more unoptimised).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

/// The stack of a pool thread (see the module comment). Only the pages a
/// task touches are committed.
pub const STACK_BYTES: usize = 8 << 20;

/// A unit of work. It delivers its own answer (a `JsDeferred`) and must
/// not panic; if it does, the thread lives on and the task's answer is
/// dropped, which rejects nothing: tasks catch their own panics.
pub type Task = Box<dyn FnOnce() + Send>;

/// The most tasks the pool runs at once: one core less than the machine
/// has (the event loop keeps one), at least one, at most four.
pub fn threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .clamp(1, 4)
}

struct Pool {
    queue: Mutex<VecDeque<Task>>,
    ready: Condvar,
    running: AtomicUsize,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        queue: Mutex::new(VecDeque::new()),
        ready: Condvar::new(),
        running: AtomicUsize::new(0),
    })
}

/// Queues `task`, starting a thread if fewer than [`threads`] run. `Err`
/// with the task back, and the system's reason, only when no thread runs
/// and none could be started (out of threads or memory).
pub fn submit(task: Task) -> Result<(), (Task, std::io::Error)> {
    let pool = pool();
    pool.queue
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push_back(task);
    pool.ready.notify_one();
    let running = pool.running.load(Ordering::Acquire);
    if running < threads()
        && pool
            .running
            .compare_exchange(running, running + 1, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
    {
        let started = std::thread::Builder::new()
            .name("bughouse-pool".into())
            .stack_size(STACK_BYTES)
            .spawn(move || work(pool));
        if let Err(e) = started {
            pool.running.fetch_sub(1, Ordering::AcqRel);
            if running == 0 {
                let task = pool
                    .queue
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .pop_back();
                if let Some(task) = task {
                    return Err((task, e));
                }
            }
        }
    }
    Ok(())
}

/// A pool thread: takes tasks from the queue for ever.
fn work(pool: &Pool) {
    loop {
        let task = {
            let mut queue = pool.queue.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                if let Some(task) = queue.pop_front() {
                    break task;
                }
                queue = pool.ready.wait(queue).unwrap_or_else(|p| p.into_inner());
            }
        };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(task));
    }
}
