//! What may end a search before its node budget: a deadline on a clock the
//! caller supplies (the core is `no_std` and has none), and a stop flag
//! another thread may raise. Both are polled every [`POLL_NODES`] nodes
//! (about 0.1 ms of search), so a 20 ms budget ends within a few tenths of a
//! millisecond of its deadline, plus the caller's scheduling.

use core::fmt;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

use crate::{Game, Seat};

/// How many nodes the search visits between two looks at the clock and the
/// stop flag: 256 nodes take about 0.1 ms (2–3 million nodes per second),
/// and a look costs a few tens of nanoseconds.
pub(crate) const POLL_NODES: u64 = 256;

/// A monotonic clock supplied by the caller: time since any fixed instant,
/// never going backwards. Any `Fn() -> Duration` is one:
///
/// ```
/// use std::time::Instant;
///
/// let start = Instant::now();
/// let clock = move || start.elapsed(); // a bughouse_core::bot::Clock
/// # let _: &dyn bughouse_core::bot::Clock = &clock;
/// ```
pub trait Clock {
    /// The time now.
    fn now(&self) -> Duration;
}

impl<F: Fn() -> Duration> Clock for F {
    fn now(&self) -> Duration {
        self()
    }
}

/// How long one decision may think.
///
/// `target`: no new iteration of the search starts after it (an iteration
/// begun late would rarely finish); `limit`: the search stops as soon as it
/// sees this much time has passed, and answers with the best move found so
/// far (the previous iteration's, or a better one the interrupted iteration
/// already proved). `target ≤ limit`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TimePlan {
    /// Start no new iteration after this.
    pub target: Duration,
    /// Stop here in any case.
    pub limit: Duration,
}

impl TimePlan {
    /// Think up to `budget`, iterations included: what an engine's
    /// "move time" means (UCI `go movetime`).
    pub const fn fixed(budget: Duration) -> TimePlan {
        TimePlan {
            target: budget,
            limit: budget,
        }
    }

    /// Spend a live clock sensibly: with `remaining` on the clock and
    /// `increment` added after each move (F3), start no new iteration after
    /// a two-hundredth of the remaining time plus half the increment, and
    /// stop at four times that, a tenth of the remaining time, or the
    /// remaining time less a 50 ms margin for the caller's round trip,
    /// whichever comes first. An iteration costs about three times the one
    /// before, so a decision typically takes one to three times the target:
    /// about 1–3 s at the start of a 3-minute game. (Bughouse is fast: time
    /// is material, and a seat that stalls lets its opponent wait for
    /// pieces, R18; at 2–3 million nodes per second even the target is a
    /// deep search.)
    ///
    /// ```
    /// use core::time::Duration;
    /// use bughouse_core::bot::TimePlan;
    ///
    /// let plan = TimePlan::for_clock(Duration::from_secs(180), Duration::ZERO);
    /// assert_eq!(plan.target, Duration::from_millis(900));
    /// assert_eq!(plan.limit, Duration::from_millis(3_600));
    /// // Almost flagging: stay inside the clock.
    /// let plan = TimePlan::for_clock(Duration::from_millis(60), Duration::ZERO);
    /// assert!(plan.limit <= Duration::from_millis(10));
    /// ```
    pub fn for_clock(remaining: Duration, increment: Duration) -> TimePlan {
        let target = remaining / 200 + increment / 2;
        let limit = (target * 4)
            .min(remaining / 10)
            .min(remaining.saturating_sub(Duration::from_millis(50)));
        TimePlan {
            target: target.min(limit),
            limit,
        }
    }

    /// The plan for `seat`'s own clock in a live game at `at_ms` (the
    /// caller's milliseconds since the game's start, as for
    /// [`Game::play`]): [`TimePlan::for_clock`] with the seat's remaining
    /// time and the game's increment. `None` in a game without clocks
    /// (turn-based, R26), where only nodes or a fixed plan bound the search.
    pub fn for_seat(game: &Game, seat: Seat, at_ms: u64) -> Option<TimePlan> {
        let control = game.settings().time_control?;
        // A time before the game's time is refused when the move is
        // played (F3); the plan reads the clock at the game's time then.
        let remaining = game
            .clock_ms_at(seat, at_ms.max(game.now_ms()))
            .ok()
            .flatten()?;
        Some(TimePlan::for_clock(
            Duration::from_millis(remaining),
            Duration::from_millis(control.increment_ms),
        ))
    }
}

/// What may end a search early besides its node budget
/// ([`SearchLimits::nodes`](crate::bot::SearchLimits)): a time plan on the
/// caller's [`Clock`], and a stop flag. The default controls nothing, so a
/// search is bounded by its nodes only and is deterministic; a clock or a
/// flag make the answer depend on when the search is stopped (it is always
/// a legal action, the best found by then).
///
/// ```
/// use core::sync::atomic::AtomicBool;
/// use core::time::Duration;
/// use std::time::Instant;
/// use bughouse_core::{Game, GameSettings, bot::SearchControl, bot::SearchLimits, Seat, bot::TimePlan};
/// use bughouse_core::{bot::TableEntry, bot::TranspositionTable, bot::decide_with};
///
/// let game = Game::new(GameSettings::default())?;
/// let start = Instant::now();
/// let clock = move || start.elapsed();
/// let stop = AtomicBool::new(false); // another thread may set it
/// let control = SearchControl::new()
///     .with_time(&clock, TimePlan::fixed(Duration::from_millis(20)))
///     .with_stop(&stop);
/// let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 15]);
/// let decision = decide_with(&game, Seat::A_WHITE, &SearchLimits::unlimited(), &control, &mut tt)
///     .expect("White moves first");
/// assert!(start.elapsed() < Duration::from_millis(500)); // 20 ms, on a busy machine
/// # let _ = decision;
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
#[derive(Copy, Clone, Default)]
pub struct SearchControl<'a> {
    time: Option<(&'a dyn Clock, TimePlan)>,
    stop: Option<&'a AtomicBool>,
}

impl fmt::Debug for SearchControl<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchControl")
            .field("time", &self.time.map(|(_, plan)| plan))
            .field("stop", &self.stop)
            .finish()
    }
}

impl<'a> SearchControl<'a> {
    /// Controls nothing: nodes alone bound the search.
    pub const fn new() -> SearchControl<'a> {
        SearchControl {
            time: None,
            stop: None,
        }
    }

    /// The same, with a time plan measured on `clock` from the moment the
    /// search starts.
    pub fn with_time(mut self, clock: &'a dyn Clock, plan: TimePlan) -> SearchControl<'a> {
        self.time = Some((clock, plan));
        self
    }

    /// The same, stopping as soon as `stop` is seen `true` (it is read, never
    /// written: the caller resets it between searches).
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> SearchControl<'a> {
        self.stop = Some(stop);
        self
    }

    /// Starts timing a search: the moment it began, on the clock.
    pub(crate) fn start(&self) -> Timer<'a> {
        Timer {
            time: self.time.map(|(clock, plan)| (clock, clock.now(), plan)),
            stop: self.stop,
        }
    }
}

/// A control with its start time: asked by the search whether to go on.
#[derive(Copy, Clone)]
pub(crate) struct Timer<'a> {
    time: Option<(&'a dyn Clock, Duration, TimePlan)>,
    stop: Option<&'a AtomicBool>,
}

impl Timer<'_> {
    fn elapsed(&self) -> Option<(Duration, TimePlan)> {
        self.time
            .map(|(clock, start, plan)| (clock.now().saturating_sub(start), plan))
    }

    /// Whether the search must stop now: the flag is up or the limit passed.
    pub(crate) fn must_stop(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self
                .elapsed()
                .is_some_and(|(elapsed, plan)| elapsed >= plan.limit)
    }

    /// Whether another iteration may start: the target has not passed.
    pub(crate) fn may_deepen(&self) -> bool {
        !self.must_stop()
            && self
                .elapsed()
                .is_none_or(|(elapsed, plan)| elapsed < plan.target)
    }
}
