//! The computer player: chooses a move, a drop or (turn-based) a sit for
//! any seat, without allocating.
//!
//! The search runs on the seat's own board — alpha-beta with quiescence, a
//! transposition table and move ordering — and its evaluation knows
//! bughouse: pieces in hand, king safety against drops, and the team
//! (captures feed the partner, losses feed the opponents' partner, weighted
//! by the state of the other board). Mate is bughouse mate only (R16): a
//! check a drop could block, with no reply, is waiting, not mate.
//!
//! # Limits
//!
//! - **Nodes** ([`SearchLimits`]): every position visited counts one. A
//!   search bounded by nodes only ([`decide`]) is deterministic: the same
//!   game, seat, limits and table give the same answer, on any machine.
//! - **Time and stop** ([`SearchControl`], with [`decide_with`] or
//!   [`Bot::decide_with`]): the core is `no_std` and keeps no clock, so the
//!   caller lends one (any `Fn() -> Duration`, see [`Clock`]) with a
//!   [`TimePlan`] — a fixed budget per decision ([`TimePlan::fixed`]) or a
//!   share of a live seat's own clock and increment
//!   ([`TimePlan::for_seat`], [`TimePlan::for_clock`]) — and/or an
//!   `&AtomicBool` that another thread (an async task, an abort signal)
//!   raises to stop. Both are polled every 256 nodes, about 0.1 ms, and
//!   the answer is always a legal action: the best found so far.
//!
//! # Storage
//!
//! The transposition table's entries live where the caller puts them
//! ([`TranspositionTable::from_storage`], [`Bot::with_storage`]): a
//! `vec![TableEntry::EMPTY; n]` fills the heap in place, so nothing large
//! moves through the stack. So do the continuation and correction
//! histories ([`TranspositionTable::with_history`], [`Bot::with_history`]:
//! 1.06 MiB, `vec![HistoryCell::EMPTY; HISTORY_CELLS]`), which the
//! crazyhouse search needs for its full strength.
//!
//! ```
//! use bughouse_core::{bot::BotAction, Game, GameSettings, Seat, bot::SearchLimits};
//! use bughouse_core::{bot::TableEntry, bot::TranspositionTable};
//!
//! let game = Game::new(GameSettings::default())?;
//! // The caller owns the table's memory; the core never allocates.
//! let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 15]);
//! let limits = SearchLimits::nodes(2_000).with_seed(7);
//! let action = bughouse_core::bot::choose(&game, Seat::A_WHITE, &limits, &mut tt);
//! match action {
//!     Some(BotAction::Move(m)) => assert!(game.legal_moves(Seat::A_WHITE).contains(&m)),
//!     other => panic!("a live game at the start has moves, got {other:?}"),
//! }
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

mod control;
mod eval;
#[doc(hidden)]
pub mod experiment;
mod history;
mod search;
mod see;
mod tt;

pub use control::{Clock, SearchControl, TimePlan};
use eval::{EvalParams, WEIGHT_ONE, evaluate, mix, team_weights};
use search::{
    EvalCache, MATE, MATE_BOUND, MAX_PLY, MoveStack, ScoredMove, Searcher, sort_best_first,
};
pub use tt::{
    DEFAULT_TT_ENTRIES, HISTORY_CELLS, HistoryCell, NoHistory, TableEntry, TranspositionTable,
};

use crate::{Board, Flavour, Game, GameError, MAX_LEGAL_MOVES, Move, Outcome, Seat};

/// What the bot decided to do.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotAction {
    /// Play this move or drop: always one of `game.legal_moves(seat)`.
    Move(Move),
    /// Sit (R24): only when `game.can_sit(seat)`.
    Sit,
}

impl BotAction {
    /// The move, or `None` for a sit. A lone board's decision
    /// ([`decide_board`]) is always a move, so `as_move` is all a caller
    /// of it needs.
    pub fn as_move(self) -> Option<Move> {
        match self {
            BotAction::Move(m) => Some(m),
            BotAction::Sit => None,
        }
    }

    /// Plays the action for `seat` on `game` (a move at `at_ms` in a live
    /// game with clocks; a sit ignores the timestamp).
    pub fn apply(
        self,
        game: &mut Game,
        seat: Seat,
        at_ms: Option<u64>,
    ) -> Result<Option<Outcome>, GameError> {
        match self {
            BotAction::Move(m) => game.play(seat, m, at_ms).map(|r| r.outcome()),
            BotAction::Sit => game.sit(seat).map(|r| r.outcome()),
        }
    }
}

/// How hard to think, and the seed of the tie-breaking noise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct SearchLimits {
    /// The node budget: every position the search visits counts one. The
    /// strength: more nodes search deeper. At least one is always spent.
    pub nodes: u64,
    /// The deepest iteration (plies), at most 48.
    pub max_depth: u8,
    /// Breaks ties between equally good moves and seeds the noise: two
    /// searches with the same seed, game and table make the same choice.
    pub seed: u64,
    /// Noise added to evaluations, in centipawns (0 to 50): a little
    /// variety between games of different seeds.
    pub noise: u8,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits::nodes(SearchLimits::DEFAULT_NODES)
    }
}

impl SearchLimits {
    /// The default budget: 25 000 nodes. The search visits about 3 million
    /// nodes per second of CPU time on the 2-core reference machine, so a
    /// decision takes about 8 ms of CPU; measured wall time per decision was
    /// 11–23 ms on average with the machine shared by other jobs — within
    /// the 50 ms target (figures from the `bot_matches` example).
    pub const DEFAULT_NODES: u64 = 25_000;

    /// Node budgets of the strength levels 1 to 10 ([`SearchLimits::level`]).
    /// More nodes play stronger: in `bot_matches`, 25 000 nodes beat 8 000
    /// in about 70% of matches, and 3 000 beat 1 000 in 80–89%.
    pub const LEVELS: [u64; 10] = [
        30, 100, 300, 1_000, 3_000, 8_000, 25_000, 60_000, 150_000, 400_000,
    ];

    /// No node budget: for a search bounded by a time plan or a stop flag
    /// ([`SearchControl`]). Without either it runs to its deepest iteration,
    /// which may take very long.
    pub const fn unlimited() -> SearchLimits {
        SearchLimits::nodes(u64::MAX)
    }

    /// The limits of a request that may name a node budget, a time, both
    /// or neither (what the Python and Node `bot_move` take): the nodes
    /// given; else, untimed, the default budget; timed, no node budget (the
    /// time ends the search). Bindings call this so that they agree.
    ///
    /// ```
    /// use bughouse_core::bot::SearchLimits;
    ///
    /// assert_eq!(SearchLimits::for_request(None, false), SearchLimits::default());
    /// assert_eq!(SearchLimits::for_request(None, true), SearchLimits::unlimited());
    /// assert_eq!(SearchLimits::for_request(Some(500), true), SearchLimits::nodes(500));
    /// ```
    pub const fn for_request(nodes: Option<u64>, timed: bool) -> SearchLimits {
        match (nodes, timed) {
            (Some(n), _) => SearchLimits::nodes(n),
            (None, false) => SearchLimits::nodes(SearchLimits::DEFAULT_NODES),
            (None, true) => SearchLimits::unlimited(),
        }
    }

    /// A budget of `nodes`, seed 0, a little noise.
    pub const fn nodes(nodes: u64) -> SearchLimits {
        SearchLimits {
            nodes,
            max_depth: 48,
            seed: 0,
            noise: 4,
        }
    }

    /// Strength level 1 (weakest) to 10: the budgets of
    /// [`SearchLimits::LEVELS`]; level 7 is the default budget. Out-of-range
    /// levels are clamped.
    pub const fn level(level: u8) -> SearchLimits {
        let i = if level == 0 {
            0
        } else if level > 10 {
            9
        } else {
            level as usize - 1
        };
        SearchLimits::nodes(SearchLimits::LEVELS[i])
    }

    /// The same limits with another seed.
    pub const fn with_seed(mut self, seed: u64) -> SearchLimits {
        self.seed = seed;
        self
    }

    /// The same limits with another noise amplitude (centipawns, at most 50).
    pub const fn with_noise(mut self, noise: u8) -> SearchLimits {
        self.noise = if noise > 50 { 50 } else { noise };
        self
    }
}

/// A decision with what the search found out.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Decision {
    /// What to do.
    pub action: BotAction,
    /// The score of the best move for the seat, in centipawns (mate scores
    /// beyond ±29 900; see `mate`).
    pub score: i32,
    /// `Some(n)`: the seat mates in `n` moves (bughouse mate, R16) whatever
    /// the opponent on its board does; `Some(-n)`: it is mated in `n`.
    pub mate: Option<i32>,
    /// The deepest completed iteration, in plies.
    pub depth: u8,
    /// Nodes searched.
    pub nodes: u64,
}

/// Keys XORed into the board hash per seat: the evaluation depends on the
/// seat (its team weights), so seats sharing a table keep their entries apart.
const SEAT_SALT: [u64; 4] = [
    0x0000_0000_0000_0000,
    0x5be0_cd19_137e_2179,
    0x1f83_d9ab_fb41_bd6b,
    0x9b05_688c_2b3e_6c1f,
];

/// The table salt of a lone board ([`decide_board`]): apart from the seats'.
const LONE_BOARD_SALT: u64 = 0x6a09_e667_f3bc_c908;

/// A sit is chosen only if the best move scores this much below standing
/// still, and the position is already bad: every move makes things worse
/// and the partner may send what is missing (R24).
const SIT_MARGIN: i32 = 400;
const SIT_BELOW: i32 = -200;

/// Chooses an action for `seat` (see [`decide`]).
pub fn choose<
    S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
    H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
>(
    game: &Game,
    seat: Seat,
    limits: &SearchLimits,
    tt: &mut TranspositionTable<S, H>,
) -> Option<BotAction> {
    decide(game, seat, limits, tt).map(|d| d.action)
}

/// Chooses an action for `seat` and reports the search: a move or drop from
/// `game.legal_moves(seat)`, or a sit only when `game.can_sit(seat)`.
/// `None` only when the seat has nothing to do: the game is over, it is not
/// its turn, or it is waiting (R18).
///
/// Bounded by `limits` only, so deterministic: the same game, seat, limits
/// and table contents give the same decision (for a time budget or a stop
/// flag, see [`decide_with`]). Allocates nothing. Its stack: about 110 KiB
/// of move lists, 64 KiB of static scores (the search's cache) and some
/// 60 KiB of frames at the deepest ply (an optimised build runs in a
/// 224 KiB thread stack; unoptimised, in 384 KiB; the table is the
/// caller's, wherever it is).
pub fn decide<
    S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
    H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
>(
    game: &Game,
    seat: Seat,
    limits: &SearchLimits,
    tt: &mut TranspositionTable<S, H>,
) -> Option<Decision> {
    decide_with(game, seat, limits, &SearchControl::new(), tt)
}

/// [`decide`], also ending when `control` says so: its time plan has run
/// out on its clock, or its stop flag is up. Whenever it ends, the answer is
/// a legal action — the best found by then (at worst the first move of the
/// search's ordering, if not even one iteration finished).
pub fn decide_with<
    S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
    H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
>(
    game: &Game,
    seat: Seat,
    limits: &SearchLimits,
    control: &SearchControl<'_>,
    tt: &mut TranspositionTable<S, H>,
) -> Option<Decision> {
    let legal = game.legal_moves(seat);
    let can_sit = game.can_sit(seat);
    if legal.is_empty() {
        // A seat that may sit has a legal move (F5); keep the promise anyway.
        return can_sit.then_some(Decision {
            action: BotAction::Sit,
            score: 0,
            mate: None,
            depth: 0,
            nodes: 0,
        });
    }
    let (feed, give) = team_weights(game.board(seat.board.other()), seat);
    let task = Task {
        board: game.board(seat.board),
        legal: &legal,
        can_sit,
        feed,
        give,
        salt: SEAT_SALT[seat.index()],
    };
    Some(think(&task, limits, control, tt))
}

/// Chooses a move for the side to move on a lone `board` — the crazyhouse
/// flavour ([`Flavour::Crazyhouse`]: captures go to the capturer's own
/// hand, and a check with no reply is mate whatever a drop could block), or
/// a bughouse board whose partner board is left out. `None` when the side
/// to move has no legal move (mate, or crazyhouse stalemate / bughouse
/// waiting). Limits, control and determinism as for [`decide_with`]; the
/// action is always a [`BotAction::Move`] from `board.legal_moves()`.
///
/// ```
/// use bughouse_core::{Board, bot::BotAction, Flavour, bot::SearchControl, bot::SearchLimits};
/// use bughouse_core::{bot::TableEntry, bot::TranspositionTable, bot::decide_board};
///
/// // Crazyhouse: Black's knight on f6 hangs, and what White takes it keeps.
/// let board: Board = "rnbqkb1r/pppppppp/5n2/4N3/8/8/PPPPPPPP/RNBQKB1R[] w KQkq - 0 1".parse()?;
/// let board = board.with_flavour(Flavour::Crazyhouse);
/// let mut tt = TranspositionTable::from_storage(vec![TableEntry::EMPTY; 1 << 14]);
/// let d = decide_board(&board, &SearchLimits::nodes(5_000), &SearchControl::new(), &mut tt)
///     .expect("White has moves");
/// let BotAction::Move(m) = d.action else { unreachable!("a lone board never sits") };
/// assert!(board.is_legal(m));
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub fn decide_board<
    S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
    H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
>(
    board: &Board,
    limits: &SearchLimits,
    control: &SearchControl<'_>,
    tt: &mut TranspositionTable<S, H>,
) -> Option<Decision> {
    let legal = board.legal_moves();
    if legal.is_empty() {
        return None;
    }
    // What a crazyhouse capture takes is already counted in the capturer's
    // hand; a lone bughouse board weighs the team as a quiet other board
    // would.
    let team = match board.flavour() {
        Flavour::Crazyhouse => 0,
        Flavour::Bughouse => WEIGHT_ONE / 2,
    };
    let task = Task {
        board,
        legal: &legal,
        can_sit: false,
        feed: team,
        give: team,
        salt: LONE_BOARD_SALT,
    };
    Some(think(&task, limits, control, tt))
}

/// One decision to make: the board, its legal moves (not empty), whether a
/// sit is allowed, the team weights and the table salt.
struct Task<'a> {
    board: &'a Board,
    legal: &'a [Move],
    can_sit: bool,
    feed: i32,
    give: i32,
    salt: u64,
}

/// The search behind [`decide_with`] and [`decide_board`].
fn think<
    S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
    H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
>(
    task: &Task<'_>,
    limits: &SearchLimits,
    control: &SearchControl<'_>,
    tt: &mut TranspositionTable<S, H>,
) -> Decision {
    let timer = control.start();
    let board = task.board;
    let params = EvalParams {
        us: board.turn(),
        feed: task.feed,
        give: task.give,
        seed: mix(limits.seed),
        noise: i32::from(limits.noise.min(50)),
        flags: experiment::flags(),
    };
    let stand = evaluate(board, &EvalParams { noise: 0, ..params });

    let mut stack = MoveStack::new();
    let mut eval_cache = EvalCache::new();
    let mut searcher = Searcher::new(
        tt.start_search(),
        params,
        task.salt,
        limits.nodes,
        timer,
        &mut stack,
        &mut eval_cache,
    );
    let mut root = arrayvec::ArrayVec::<ScoredMove, MAX_LEGAL_MOVES>::new();
    for &mv in task.legal {
        root.push(ScoredMove::new(board, mv));
    }
    let tt_move = searcher.tt.probe(board.hash() ^ task.salt);
    searcher.order_root(board, &mut root, tt_move.and_then(|e| e.mv));
    // The seed breaks ties in the first ordering, hence between moves the
    // search finds equally good.
    for sm in root.iter_mut() {
        sm.score = sm
            .score
            .saturating_mul(256)
            .saturating_add((mix(limits.seed ^ move_code(sm.mv)) & 0xff) as i32);
    }
    sort_best_first(&mut root);

    let mut best = None;
    let mut depth_done = 0;
    if root.len() > 1 || task.can_sit {
        let max_depth = i32::from(limits.max_depth.clamp(1, (MAX_PLY - 16) as u8));
        for depth in 1..=max_depth {
            if depth > 1 && !timer.may_deepen() {
                break;
            }
            let iteration = searcher.root(board, depth, &mut root);
            if iteration.best.is_some() {
                // An interrupted iteration's best is the previous best or
                // proved better.
                best = iteration.best;
            }
            if !iteration.complete {
                break;
            }
            depth_done = depth;
            // A mate for us within this depth is final.
            if best.is_some_and(|r| r.score >= MATE_BOUND && MATE - r.score <= depth) {
                break;
            }
        }
    }
    let (mv, score) = match best {
        Some(r) => (r.mv, r.score),
        None => (root[0].mv, stand),
    };
    let mate = if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    };
    let sit =
        task.can_sit && (score <= -MATE_BOUND || (score < stand - SIT_MARGIN && score < SIT_BELOW));
    Decision {
        action: if sit {
            BotAction::Sit
        } else {
            BotAction::Move(mv)
        },
        score,
        mate,
        depth: depth_done as u8,
        nodes: searcher.nodes,
    }
}

/// A number for a move, for seeding ties.
fn move_code(m: Move) -> u64 {
    match m {
        Move::Normal {
            from,
            to,
            promotion,
        } => {
            (from.index() as u64)
                | (to.index() as u64) << 6
                | (promotion.map_or(0, |r| r.index() as u64 + 1)) << 12
        }
        Move::Drop { role, to } => (1 << 16) | (role.index() as u64) << 6 | to.index() as u64,
    }
}

/// A computer player with its own transposition table over the storage
/// `S` (see [`TranspositionTable`]): inline by default (`size_of::<Bot>()`
/// is about 384 KiB, so keep it somewhere long-lived), or any storage the
/// caller builds in place ([`Bot::with_storage`]). One bot may play any
/// number of seats; reusing it across a game's decisions reuses what it
/// learnt.
///
/// One bot for every seat of a turn-based game:
///
/// ```
/// use bughouse_core::{bot::Bot, Game, GameSettings, bot::SearchLimits, Seats, bot::TableEntry};
///
/// let mut game = Game::new(GameSettings::turn_based(Seats::empty()))?;
/// let storage = vec![TableEntry::EMPTY; 1 << 15]; // built on the heap, in place
/// let mut bot = Bot::with_storage(SearchLimits::level(3).with_seed(1), storage);
/// while let Some(seat) = game.to_act() {
///     // The seat to act always has a legal move (F5), so the bot answers.
///     let action = bot.choose(&game, seat).expect("the seat to act can act");
///     action.apply(&mut game, seat, None)?;
///     if game.moves_played() >= 40 {
///         break;
///     }
/// }
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
///
/// A crazyhouse bot wants the search's histories too ([`Bot::with_history`]):
/// without one its search is the plainer one of before session 23.
#[derive(Clone, Debug)]
pub struct Bot<S = [TableEntry; DEFAULT_TT_ENTRIES], H = NoHistory> {
    /// The budget and seed of every decision.
    pub limits: SearchLimits,
    tt: TranspositionTable<S, H>,
}

impl Default for Bot {
    fn default() -> Self {
        Bot::new(SearchLimits::default())
    }
}

impl Bot {
    /// A bot with an inline table of the default size and no continuation
    /// history (a crazyhouse bot adds one, [`Bot::with_history`]).
    pub const fn new(limits: SearchLimits) -> Self {
        Bot::with_table(limits)
    }
}

impl<const N: usize> Bot<[TableEntry; N]> {
    /// A bot with an inline table of `N` entries.
    pub const fn with_table(limits: SearchLimits) -> Self {
        Bot {
            limits,
            tt: TranspositionTable::with_entries(),
        }
    }
}

impl<S: AsRef<[TableEntry]> + AsMut<[TableEntry]>> Bot<S> {
    /// A bot whose table lives in the caller's `storage` (for instance
    /// `vec![TableEntry::EMPTY; n]`, any length), without a continuation
    /// history (see [`Bot::with_history`]).
    pub fn with_storage(limits: SearchLimits, storage: S) -> Self {
        Bot {
            limits,
            tt: TranspositionTable::from_storage(storage),
        }
    }
}

impl<S, H> Bot<S, H>
where
    S: AsRef<[TableEntry]> + AsMut<[TableEntry]>,
    H: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
{
    /// The same bot with the search's histories in the caller's `history`
    /// storage (see [`TranspositionTable::with_history`]): what the
    /// crazyhouse search needs for its full strength.
    ///
    /// ```
    /// use bughouse_core::bot::{Bot, HistoryCell, HISTORY_CELLS, SearchLimits, TableEntry};
    ///
    /// let bot = Bot::with_storage(SearchLimits::default(), vec![TableEntry::EMPTY; 1 << 16])
    ///     .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]);
    /// # let _ = bot;
    /// ```
    pub fn with_history<H2>(self, history: H2) -> Bot<S, H2>
    where
        H2: AsRef<[HistoryCell]> + AsMut<[HistoryCell]>,
    {
        Bot {
            limits: self.limits,
            tt: self.tt.with_history(history),
        }
    }

    /// Chooses an action for `seat` (see [`decide`]).
    pub fn choose(&mut self, game: &Game, seat: Seat) -> Option<BotAction> {
        choose(game, seat, &self.limits, &mut self.tt)
    }

    /// Chooses an action for `seat` and reports the search (see [`decide`]).
    pub fn decide(&mut self, game: &Game, seat: Seat) -> Option<Decision> {
        decide(game, seat, &self.limits, &mut self.tt)
    }

    /// Chooses an action for `seat` within `control`'s time and stop flag
    /// as well as the bot's limits (see [`decide_with`]).
    pub fn decide_with(
        &mut self,
        game: &Game,
        seat: Seat,
        control: &SearchControl<'_>,
    ) -> Option<Decision> {
        decide_with(game, seat, &self.limits, control, &mut self.tt)
    }

    /// Chooses a move on a lone board, e.g. a crazyhouse game (see
    /// [`decide_board`]).
    pub fn decide_board(&mut self, board: &Board, control: &SearchControl<'_>) -> Option<Decision> {
        decide_board(board, &self.limits, control, &mut self.tt)
    }

    /// Forgets what the table learnt, e.g. between games, so that a game's
    /// decisions do not depend on the games before it.
    pub fn clear(&mut self) {
        self.tt.clear();
    }
}
