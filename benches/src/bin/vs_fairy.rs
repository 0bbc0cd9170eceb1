//! Matches of our bot against Fairy-Stockfish (UCI), for the bot's
//! strength: bughouse turn-based (our team against a Fairy-Stockfish team,
//! one engine process per seat) or crazyhouse (one board), at equal nodes
//! or equal time per decision. Teams (colours in crazyhouse) are swapped
//! every match, and each pair of matches starts from the same random
//! opening, so the rotation's bias (team 2 moves first on board B) cancels.
//!
//! ```text
//! benches/vs_fairy.sh [--variant bughouse|crazyhouse] [--nodes N | --movetime MS]
//!                     [--matches M] [--seed S] [--random-plies K] [--max-actions A]
//!                     [--hash-mb MB] [--fairy PATH] [--fairy-nodes N]
//!                     [--fresh-engine]
//! ```
//!
//! `--fairy-nodes N` gives Fairy-Stockfish a node budget of its own, for
//! screens that are deterministic yet near equal time: with `--nodes
//! 57000 --fairy-nodes 13700` each side searches about what it searches in
//! 20 ms (crazyhouse; `bot_probe` measures both), and a run replays
//! exactly, so it may share the machine. A `--review` scores at that
//! budget too.
//!
//! `VS_FAIRY_TRACE=FILE` writes each of our decisions to FILE (match,
//! position, move, score, depth; see `Ours::trace`). `--review TRACE --out
//! FILE` plays no match: it has Fairy-Stockfish score, at the run's budget,
//! the position before and after each traced move, writes one line per
//! decision to FILE (the trace's fields, then Fairy-Stockfish's best move and
//! its scores before and after our move and their difference, all from our
//! side, mate as ±(30 000 − 10 × moves)) and prints what the moves cost:
//!
//! ```text
//! VS_FAIRY_TRACE=zh.tsv benches/vs_fairy.sh --variant crazyhouse --movetime 20 --matches 40
//! benches/vs_fairy.sh --variant crazyhouse --movetime 150 --review zh.tsv --out zh-review.tsv
//! ```
//!
//! `VS_FAIRY_POSITIONS=FILE` (crazyhouse) appends every position of each
//! match after its opening, with the result for the side to move, for a fit
//! of the evaluation to results (`tune_eval --results`, see
//! `benches/examples/tune_eval.rs`).
//!
//! In bughouse Fairy-Stockfish's scores are those of a board whose captures
//! vanish (it does not know the other board): a guide, not a verdict.
//!
//! `--hash-mb` sizes our bot's transposition table (one bot plays all our
//! seats); without it the table has 65 536 entries (768 KiB), the size of
//! every run in benches/README.md before it existed. Fairy-Stockfish always
//! gets `Hash 16` (16 MiB per engine).
//!
//! `--fresh-engine` (crazyhouse) starts a new Fairy-Stockfish for each
//! match: after `ucinewgame` it still decides by the matches before, so
//! that a change that alters one match alters the rest of the run too.
//! With it, two runs that differ in a few decisions differ only in the
//! matches those decisions were in (benches/README.md, session 31).
//!
//! `vs_fairy.sh` installs Debian's `fairy-stockfish` when it is missing and
//! runs this binary. Fairy-Stockfish gets the seat's board as a FEN with
//! both pockets in brackets (its `bughouse` variant does not know the other
//! board: its captures simply leave the board); its moves are read as UCI
//! (`P@e4` drops). Our bot answers through `decide_with`, a fixed
//! `TimePlan` on `Instant` for `--movetime`, nodes only for `--nodes`.
//!
//! Prints the score of our side with wins / draws / losses, an Elo estimate
//! with its 95% interval (from the per-match score's standard error), how
//! games ended, in bughouse our sits (R24) by the matches' results, and each
//! side's time per decision (average, p99, worst).

use bughouse_benches::mate::{MateResult, MateSearch};
use bughouse_testkit::Rng;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use bughouse_core::{
    Board, BoardStatus, Flavour, Game, GameSettings, Seat, Seats, Team, bot::Bot, bot::BotAction,
    bot::HISTORY_CELLS, bot::HistoryCell, bot::SearchControl, bot::SearchLimits, bot::TableEntry,
    bot::TimePlan,
};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Variant {
    Bughouse,
    Crazyhouse,
}

/// The budget of every decision, the same for both sides unless
/// `--fairy-nodes` gives Fairy-Stockfish its own.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Budget {
    Nodes(u64),
    MoveTime(Duration),
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Nodes(k) => write!(f, "{k} nodes"),
            Budget::MoveTime(t) => write!(f, "{} ms", t.as_millis()),
        }
    }
}

struct Options {
    variant: Variant,
    budget: Budget,
    matches: u32,
    seed: u64,
    random_plies: u32,
    max_actions: u32,
    fairy: String,
    /// Our table's entries.
    table_entries: usize,
    /// `--review TRACE --out FILE`: review a trace instead of playing.
    review: Option<(String, String)>,
    /// Fairy-Stockfish's budget: [`Options::budget`] unless `--fairy-nodes
    /// N` gives it its own (deterministic screens at about each side's
    /// nodes in equal time).
    fairy_budget: Budget,
    /// `--fresh-engine`: a new Fairy-Stockfish process for each match
    /// (crazyhouse), so that no match depends on the ones before it.
    fresh_engine: bool,
}

fn parse_options() -> Options {
    let mut o = Options {
        variant: Variant::Bughouse,
        budget: Budget::Nodes(25_000),
        matches: 20,
        seed: 1,
        random_plies: 2,
        max_actions: 600,
        fairy: "fairy-stockfish".into(),
        table_entries: 1 << 16,
        review: None,
        fairy_budget: Budget::Nodes(25_000),
        fresh_engine: false,
    };
    let mut fairy_nodes = None;
    let mut trace = None;
    let mut out = None;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let number = || -> u64 {
            value.parse().unwrap_or_else(|_| {
                eprintln!("{} needs a number, not {value:?}", args[i]);
                std::process::exit(2)
            })
        };
        match args[i].as_str() {
            "--variant" => {
                o.variant = match value.as_str() {
                    "bughouse" => Variant::Bughouse,
                    "crazyhouse" => Variant::Crazyhouse,
                    _ => {
                        eprintln!("--variant is bughouse or crazyhouse");
                        std::process::exit(2)
                    }
                }
            }
            "--nodes" => o.budget = Budget::Nodes(number().max(1)),
            "--movetime" => o.budget = Budget::MoveTime(Duration::from_millis(number().max(1))),
            "--fairy-nodes" => fairy_nodes = Some(Budget::Nodes(number().max(1))),
            "--matches" => o.matches = number() as u32,
            "--seed" => o.seed = number(),
            "--random-plies" => o.random_plies = number() as u32,
            "--max-actions" => o.max_actions = number() as u32,
            "--fairy" => o.fairy = value,
            "--fresh-engine" => {
                o.fresh_engine = true;
                i += 1;
                continue;
            }
            "--review" => trace = Some(value),
            "--out" => out = Some(value),
            "--hash-mb" => {
                o.table_entries =
                    (number() as usize * (1 << 20) / std::mem::size_of::<TableEntry>()).max(1)
            }
            other => {
                eprintln!("unknown option {other}; see the file's doc comment");
                std::process::exit(2)
            }
        }
        i += 2;
    }
    o.fairy_budget = fairy_nodes.unwrap_or(o.budget);
    o.review = match (trace, out) {
        (Some(trace), Some(out)) => Some((trace, out)),
        (None, None) => None,
        _ => {
            eprintln!("--review TRACE needs --out FILE, and --out needs --review");
            std::process::exit(2)
        }
    };
    o
}

/// One Fairy-Stockfish process, spoken to over UCI.
struct Fairy {
    /// The search time of the last `go`, as the engine reports it.
    reported: Duration,
    /// The last score of the last `go`, for the side to move, in centipawns
    /// (mate in n moves as ±(30 000 − 10 n); see [`score_of_info`]).
    score: Option<i32>,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fairy {
    fn start(path: &str, variant: Variant) -> Fairy {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                eprintln!("cannot start {path}: {e} (benches/vs_fairy.sh installs it)");
                std::process::exit(1)
            });
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut fairy = Fairy {
            reported: Duration::ZERO,
            score: None,
            child,
            input,
            output,
        };
        fairy.send("uci");
        fairy.wait_for("uciok");
        let name = match variant {
            Variant::Bughouse => "bughouse",
            Variant::Crazyhouse => "crazyhouse",
        };
        fairy.send(&format!("setoption name UCI_Variant value {name}"));
        fairy.send("setoption name Threads value 1");
        fairy.send("setoption name Hash value 16");
        fairy.new_game();
        fairy
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("fairy-stockfish reads its input");
        self.input.flush().expect("fairy-stockfish reads its input");
    }

    /// Reads lines until one starts with `prefix`; returns it. Remembers
    /// the search time and the score the engine reports on the way
    /// (`info … time MS`, `info … score cp X`).
    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .expect("fairy-stockfish writes");
            assert!(n > 0, "fairy-stockfish exited while we waited for {prefix}");
            if line.starts_with(prefix) {
                return line.trim_end().to_string();
            }
            if let Some(score) = score_of_info(&line) {
                self.score = Some(score);
            }
            let mut words = line.split_whitespace();
            if words.next() == Some("info") {
                while let Some(w) = words.next() {
                    if w == "time" {
                        if let Some(ms) = words.next().and_then(|t| t.parse().ok()) {
                            self.reported = Duration::from_millis(ms);
                        }
                    }
                }
            }
        }
    }

    fn new_game(&mut self) {
        self.send("ucinewgame");
        self.send("isready");
        self.wait_for("readyok");
    }

    /// Its move in `board`, as UCI text, or `None` for "(none)".
    fn best_move(&mut self, board: &Board, budget: Budget) -> Option<String> {
        self.send(&format!("position fen {board}"));
        self.reported = Duration::ZERO;
        self.score = None;
        match budget {
            Budget::Nodes(n) => self.send(&format!("go nodes {n}")),
            Budget::MoveTime(t) => self.send(&format!("go movetime {}", t.as_millis())),
        }
        let line = self.wait_for("bestmove");
        let mv = line.split_whitespace().nth(1)?.to_string();
        (mv != "(none)").then_some(mv)
    }
}

/// Mate in `n` moves scores `MATE_SCORE - 10 n` in a review.
const MATE_SCORE: i32 = 30_000;

/// The score of a UCI `info` line for the side to move: `score cp X`, or
/// `score mate N` as ±(30 000 − 10 |N|) (N ≤ 0: the side to move is mated).
fn score_of_info(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    let mut words = words.skip_while(|&w| w != "score").skip(1);
    let kind = words.next()?;
    let value: i32 = words.next()?.parse().ok()?;
    match kind {
        "cp" => Some(value),
        "mate" if value > 0 => Some(MATE_SCORE - 10 * value),
        "mate" => Some(-MATE_SCORE - 10 * value),
        _ => None,
    }
}

impl Drop for Fairy {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// Time per decision of one side.
#[derive(Default)]
struct Times {
    all: Vec<Duration>,
}

impl Times {
    fn add(&mut self, t: Duration) {
        self.all.push(t);
    }

    fn summary(&mut self) -> String {
        if self.all.is_empty() {
            return "no decisions".into();
        }
        self.all.sort();
        let n = self.all.len();
        let avg = self.all.iter().sum::<Duration>() / n as u32;
        let p99 = self.all[(n * 99 / 100).min(n - 1)];
        let worst = self.all[n - 1];
        format!(
            "{n} decisions, avg {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
            avg.as_secs_f64() * 1e3,
            p99.as_secs_f64() * 1e3,
            worst.as_secs_f64() * 1e3
        )
    }
}

/// What one side of a match does for a decision, and how it went.
struct Ours {
    bot: Bot<Vec<TableEntry>, Vec<HistoryCell>>,
    budget: Budget,
    times: Times,
    /// Where to write each decision (`VS_FAIRY_TRACE`, see [`Ours::trace`]).
    trace: Option<std::fs::File>,
    /// The match being played, for the trace.
    match_index: u32,
    /// With `VS_FAIRY_MATE_PROBE=NODES[:MOVES[:COST]]` (crazyhouse), see
    /// [`MateProbe`].
    mate_probe: Option<MateProbe>,
    /// The probe's search while a mate it proved is being played, with
    /// the attacker's moves that mate has left.
    proof: Option<(MateSearch, u32)>,
    probe_tally: ProbeTally,
    /// With `VS_FAIRY_MATE_GUARD=NODES:REPLY_NODES`, see [`MateGuard`].
    mate_guard: Option<MateGuard>,
    guard_tally: GuardTally,
}

impl Ours {
    fn new(budget: Budget, seed: u64, table_entries: usize) -> Ours {
        let limits = match budget {
            Budget::Nodes(n) => SearchLimits::nodes(n),
            Budget::MoveTime(_) => SearchLimits::unlimited(),
        };
        Ours {
            bot: Bot::with_storage(
                limits.with_seed(seed),
                vec![TableEntry::EMPTY; table_entries],
            )
            .with_history(vec![HistoryCell::EMPTY; HISTORY_CELLS]),
            budget,
            times: Times::default(),
            trace: std::env::var("VS_FAIRY_TRACE").ok().map(|path| {
                std::fs::File::create(path).expect("VS_FAIRY_TRACE names a writable file")
            }),
            match_index: 0,
            mate_probe: env_numbers("VS_FAIRY_MATE_PROBE", "NODES[:MOVES[:COST]]").map(|n| {
                MateProbe {
                    nodes: n[0],
                    moves: n.get(1).map_or(9, |&m| m as u32),
                    node_cost: n.get(2).copied().unwrap_or(6),
                }
            }),
            proof: None,
            probe_tally: ProbeTally::default(),
            mate_guard: env_numbers("VS_FAIRY_MATE_GUARD", "NODES:REPLY_NODES").map(|n| {
                let [nodes, reply_nodes] = n[..] else {
                    panic!("VS_FAIRY_MATE_GUARD=NODES:REPLY_NODES")
                };
                assert!(
                    matches!(budget, Budget::Nodes(_)),
                    "VS_FAIRY_MATE_GUARD needs --nodes"
                );
                MateGuard { nodes, reply_nodes }
            }),
            guard_tally: GuardTally::default(),
        }
    }

    fn control<'a>(&self, clock: &'a dyn bughouse_core::bot::Clock) -> SearchControl<'a> {
        match self.budget {
            Budget::Nodes(_) => SearchControl::new(),
            Budget::MoveTime(t) => SearchControl::new().with_time(clock, TimePlan::fixed(t)),
        }
    }

    fn decide_seat(&mut self, game: &Game, seat: Seat) -> Option<BotAction> {
        let start = Instant::now();
        let clock = move || start.elapsed();
        let control = self.control(&clock);
        let d = self.bot.decide_with(game, seat, &control);
        self.times.add(start.elapsed());
        self.trace(game.board(seat.board), d.as_ref());
        d.map(|d| d.action)
    }

    /// With `VS_FAIRY_TRACE=file`: one line per decision that moves, with
    /// the match, the position (FEN, both pockets), our move (UCI), its
    /// score and the depth reached, tab-separated — for `--review`.
    fn trace(&mut self, board: &Board, decision: Option<&bughouse_core::bot::Decision>) {
        if let (Some(trace), Some(d)) = (self.trace.as_mut(), decision) {
            if let BotAction::Move(m) = d.action {
                let index = self.match_index;
                let _ = writeln!(trace, "{index}\t{board}\t{m}\t{}\t{}", d.score, d.depth);
            }
        }
    }

    fn decide_board(&mut self, board: &Board) -> Option<bughouse_core::Move> {
        let start = Instant::now();
        let clock = move || start.elapsed();
        // Bot nodes the probe's positions take (MateProbe::node_cost).
        let mut probe_cost = 0;
        if let Some(MateProbe {
            nodes: limit,
            moves,
            node_cost,
        }) = self.mate_probe
        {
            // A mate proved before is followed (its table proves the
            // position after each defence); otherwise the shortest mate
            // is looked for afresh.
            let (search, found, within, before) = match self.proof.take() {
                Some((mut search, left)) if left > 1 => {
                    let before = search.nodes;
                    search.extend_budget(limit);
                    let found = search.find(board, left - 1);
                    (search, found, left - 1, before)
                }
                _ => {
                    let mut search = MateSearch::new(limit);
                    let (found, within) = search.find_shortest(board, moves);
                    (search, found, within, 0)
                }
            };
            self.probe_tally.probes += 1;
            let probed = search.nodes - before;
            probe_cost = node_cost * probed;
            self.probe_tally.expanded += probed;
            if let MateResult::Mate(m) = found {
                self.probe_tally.mates += 1;
                self.proof = Some((search, within));
                self.times.add(start.elapsed());
                // Traced like the bot's decisions: a proved mate, depth 0.
                if let Some(trace) = self.trace.as_mut() {
                    let index = self.match_index;
                    let score = BOT_MATE_SCORE - (2 * within as i32 - 1);
                    let _ = writeln!(trace, "{index}\t{board}\t{m}\t{score}\t0");
                }
                return Some(m);
            }
        }
        let control = self.control(&clock);
        let full = self.bot.limits.nodes;
        if let Budget::Nodes(n) = self.budget {
            // At fixed nodes the probe's positions are paid for in the
            // bot's (see MateProbe::node_cost).
            self.bot.limits.nodes = n.saturating_sub(probe_cost).max(n / 2);
        }
        let d = self.bot.decide_board(board, &control);
        self.bot.limits.nodes = full;
        let d = match (d, self.mate_guard) {
            (Some(d), Some(guard)) => Some(self.guarded(board, d, guard)),
            (d, _) => d,
        };
        self.times.add(start.elapsed());
        self.trace(board, d.as_ref());
        d?.action.as_move()
    }

    /// Whether the other side mates by checks within nine moves after our
    /// `m`, as the guard's probe proves it.
    fn allows_mate(&mut self, board: &Board, m: bughouse_core::Move, nodes: u64) -> bool {
        let mut after = *board;
        after.play_unchecked(m);
        let mut search = MateSearch::new(nodes);
        let found = search.find(&after, 9);
        self.guard_tally.expanded += search.nodes;
        matches!(found, MateResult::Mate(_))
    }

    /// The bot's decision, or, when its move lets the other side mate by
    /// checks and the bot does not yet see itself lost, the best of the
    /// moves that do not (each searched with REPLY_NODES), traced with
    /// depth 0.
    fn guarded(
        &mut self,
        board: &Board,
        d: bughouse_core::bot::Decision,
        guard: MateGuard,
    ) -> bughouse_core::bot::Decision {
        let Some(chosen) = d.action.as_move() else {
            return d;
        };
        if d.score <= -GUARD_HOPELESS || !self.allows_mate(board, chosen, guard.nodes) {
            return d;
        }
        self.guard_tally.fired += 1;
        let full = self.bot.limits.nodes;
        self.bot.limits.nodes = guard.reply_nodes;
        let mut best: Option<(i32, bughouse_core::Move)> = None;
        for m in board.legal_moves() {
            if m == chosen || self.allows_mate(board, m, guard.nodes) {
                continue;
            }
            let mut after = *board;
            after.play_unchecked(m);
            let score = match self.bot.decide_board(&after, &SearchControl::new()) {
                Some(reply) => -reply.score,
                None if after.is_check() => BOT_MATE_SCORE,
                None => 0,
            };
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, m));
            }
        }
        self.bot.limits.nodes = full;
        let Some((score, m)) = best else {
            return d;
        };
        self.guard_tally.replaced += 1;
        eprintln!(
            "mate guard, match {}: {board}: {chosen} allows a mate, {m} ({score}) instead",
            self.match_index
        );
        bughouse_core::bot::Decision {
            action: BotAction::Move(m),
            score,
            mate: None,
            depth: 0,
            ..d
        }
    }
}

/// A score at or below which the guard leaves the bot's move alone: the
/// bot sees itself lost already. Session 31, seed 407 without
/// `--fresh-engine`: in 118 of the 137 matches not won where a move of
/// ours allowed a mate the probe proves, the first such move was played at
/// such a score (`mate_upside.py --after`).
const GUARD_HOPELESS: i32 = 1000;

/// `VS_FAIRY_MATE_GUARD=NODES:REPLY_NODES` (crazyhouse, `--nodes`): an
/// experiment of session 31. After the bot decides, a mate search of at
/// most NODES positions looks for the other side's mate by checks after
/// our move; when it proves one (and the bot's score is above
/// −[`GUARD_HOPELESS`]), every other move is tried the same way and the
/// best of those that survive by a search of REPLY_NODES nodes each is
/// played instead. Its work is free: the bot's budget is not cut, so with
/// `--fresh-engine` a run decides as without the guard up to where it
/// first replaces a move.
#[derive(Copy, Clone)]
struct MateGuard {
    nodes: u64,
    reply_nodes: u64,
}

/// What the mate guard did over the run.
#[derive(Default)]
struct GuardTally {
    /// Our moves after which it proved a mate for the other side.
    fired: u64,
    /// Moves it replaced.
    replaced: u64,
    /// Positions its searches expanded.
    expanded: u64,
}

/// The whole numbers, colon-separated, of the environment variable `name`
/// (at least one), if it is set; `form` names them in the message when
/// they are not.
fn env_numbers(name: &str, form: &str) -> Option<Vec<u64>> {
    let value = std::env::var(name).ok()?;
    let numbers: Result<Vec<u64>, _> = value.split(':').map(str::parse).collect();
    match numbers {
        Ok(n) => Some(n),
        Err(_) => panic!("{name}={form}, whole numbers, not {value:?}"),
    }
}

/// `VS_FAIRY_MATE_PROBE=NODES[:MOVES[:COST]]` (crazyhouse): a mate search
/// by proof numbers (`bughouse_benches::mate`) of at most NODES positions
/// for the shortest mate within MOVES (default 9) checks before each of
/// our moves, whose mate is played instead of the bot's move and then
/// followed to the end through its proof (traced with `VS_FAIRY_TRACE`);
/// its time counts in ours.
#[derive(Copy, Clone)]
struct MateProbe {
    nodes: u64,
    moves: u32,
    /// At fixed nodes, the bot nodes each position the probe expands takes
    /// from the bot's budget (never below half of it): by default 6, about
    /// the time of six searched (460 000 a second against 2.9 million).
    /// With 0 the bot decides exactly as without the probe up to the
    /// probe's first mate, so a run counts what the probe's mates change
    /// alone (benches/mate_upside.py predicts it from a run without).
    node_cost: u64,
}

/// A mate's score in the bot's terms (the core's crate-private `MATE`):
/// this less the plies to mate. The probe's mate in `within` moves is
/// traced with `2 * within - 1` taken off, as the bot traces its own; the
/// guard scores a move that mates at once with it.
const BOT_MATE_SCORE: i32 = 30_000;

/// What the mate probe did over the run.
#[derive(Default)]
struct ProbeTally {
    probes: u64,
    /// Mates it proved and played instead of the bot's move.
    mates: u64,
    /// Positions it expanded.
    expanded: u64,
}

/// Results of our side over the run.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    /// Per-match scores 0, 0.5, 1 of our side.
    scores: Vec<f64>,
    endings: std::collections::BTreeMap<String, u32>,
    /// Moves of Fairy-Stockfish our rules refused (replaced by a random
    /// legal move) — should stay 0.
    fairy_refused: u32,
    /// Fairy-Stockfish's time per decision, from `go` to `bestmove`.
    fairy_times: Times,
    /// The same as it reports it (its own search time, without the pipe).
    fairy_reported: Times,
    /// Our sits (R24, bughouse) in matches we won, drew and lost.
    sits: [u32; 3],
}

impl Tally {
    fn record(&mut self, score: f64, ending: String) {
        if score == 1.0 {
            self.wins += 1;
        } else if score == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.scores.push(score);
        *self.endings.entry(ending).or_default() += 1;
    }
}

/// Plays `random_plies` random actions per board so that matches differ
/// (the same opening for both matches of a pair).
fn random_opening_bughouse(game: &mut Game, plies: u32, rng: &mut Rng) {
    for _ in 0..plies * 2 {
        let Some(seat) = game.to_act() else { return };
        let moves = game.legal_moves(seat);
        if moves.is_empty() || game.is_over() {
            return;
        }
        game.play(seat, moves[rng.below(moves.len())], None)
            .expect("a legal move");
    }
}

/// One bughouse turn-based match; our team is `ours`. Returns our score and
/// how it ended.
fn bughouse_match(
    opts: &Options,
    index: u32,
    fairies: &mut [Fairy],
    tally: &mut Tally,
    us: &mut Ours,
) -> (f64, String) {
    let ours = if index % 2 == 0 { Team::One } else { Team::Two };
    let mut game = Game::new(GameSettings::turn_based(Seats::empty())).expect("valid settings");
    let mut rng = Rng::new((opts.seed.wrapping_add(u64::from(index / 2)) << 1) | 1);
    random_opening_bughouse(&mut game, opts.random_plies, &mut rng);
    for f in fairies.iter_mut() {
        f.new_game();
    }
    us.bot.clear();
    let mut actions = 0;
    let mut sits = 0;
    while let Some(seat) = game.to_act() {
        if game.is_over() || actions >= opts.max_actions {
            break;
        }
        actions += 1;
        if seat.team() == ours {
            let action = us
                .decide_seat(&game, seat)
                .expect("the seat to act can act (F5)");
            match action {
                BotAction::Move(m) => {
                    assert!(game.legal_moves(seat).contains(&m), "our bot chose {m}")
                }
                BotAction::Sit => sits += 1,
            }
            action.apply(&mut game, seat, None).expect("a legal action");
        } else {
            let board = *game.board(seat.board);
            let start = Instant::now();
            let fairy = &mut fairies[seat.index()];
            let text = fairy.best_move(&board, opts.fairy_budget);
            tally.fairy_times.add(start.elapsed());
            tally.fairy_reported.add(fairy.reported);
            let played = text.is_some_and(|t| game.play_uci(seat, &t, None).is_ok());
            if !played {
                tally.fairy_refused += 1;
                let moves = game.legal_moves(seat);
                game.play(seat, moves[rng.below(moves.len())], None)
                    .expect("a legal move");
            }
        }
    }
    let result = match game.outcome() {
        Some(o) => {
            let score = match o.winner {
                Some(t) if t == ours => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let named = match o.seat {
                Some(s) if s.team() == ours => " of our seat",
                Some(_) => " of their seat",
                None => "",
            };
            (score, format!("{:?}{named}", o.reason))
        }
        None => (0.5, format!("unfinished after {actions} actions")),
    };
    // Won, drawn, lost.
    tally.sits[(2.0 - 2.0 * result.0) as usize] += sits;
    result
}

/// One crazyhouse match; we play White in even matches.
fn crazyhouse_match(
    opts: &Options,
    index: u32,
    fairy: &mut Fairy,
    tally: &mut Tally,
    us: &mut Ours,
) -> (f64, String) {
    let we_are_white = index % 2 == 0;
    let mut board = Board::new_with(Flavour::Crazyhouse);
    let mut rng = Rng::new((opts.seed.wrapping_add(u64::from(index / 2)) << 1) | 1);
    for _ in 0..opts.random_plies * 2 {
        let moves = board.legal_moves();
        board.play(moves[rng.below(moves.len())]).expect("legal");
    }
    if opts.fresh_engine {
        *fairy = Fairy::start(&opts.fairy, opts.variant);
    } else {
        fairy.new_game();
    }
    us.bot.clear();
    us.proof = None;
    let mut seen: Vec<u64> = vec![board.hash()];
    let mut positions = Positions::from_env(index);
    let (score, ending) = 'play: {
        for _ in 0..opts.max_actions {
            if board.status() != BoardStatus::Playing {
                break;
            }
            let our_turn = board.turn().is_white() == we_are_white;
            if our_turn {
                let m = us.decide_board(&board).expect("a side with moves gets one");
                positions.add(&board, m);
                board.play(m).expect("our bot plays legal moves");
            } else {
                let start = Instant::now();
                let text = fairy.best_move(&board, opts.fairy_budget);
                tally.fairy_times.add(start.elapsed());
                tally.fairy_reported.add(fairy.reported);
                let m = text
                    .and_then(|t| bughouse_core::Move::from_uci(&t).ok())
                    .filter(|&m| board.is_legal(m));
                if let Some(m) = m {
                    positions.add(&board, m);
                    board.play(m).expect("checked legal");
                } else {
                    tally.fairy_refused += 1;
                    let moves = board.legal_moves();
                    board.play(moves[rng.below(moves.len())]).expect("legal");
                }
            }
            let h = board.hash();
            seen.push(h);
            if seen.iter().filter(|&&x| x == h).count() >= 3 {
                break 'play (0.5, "threefold repetition".into());
            }
        }
        match board.status() {
            BoardStatus::Checkmate => {
                // The side to move is mated.
                let we_lost = board.turn().is_white() == we_are_white;
                (if we_lost { 0.0 } else { 1.0 }, "checkmate".into())
            }
            BoardStatus::Waiting | BoardStatus::Stalemate => (0.5, "stalemate".into()),
            BoardStatus::Playing => (0.5, "move cap".into()),
        }
    };
    let white_score = if we_are_white { score } else { 1.0 - score };
    positions.write(white_score);
    (score, ending)
}

/// With `VS_FAIRY_POSITIONS=FILE` (crazyhouse): every position of a match
/// after its random opening, for a fit of the evaluation to results
/// (`tune_eval --results`). One line each, appended when the match ends:
/// the FEN, the result for the side to move (1, 0.5, 0), whether the
/// position is quiet (not in check, and the move played from it neither
/// captures nor gives check) and the match.
struct Positions {
    file: Option<std::fs::File>,
    index: u32,
    /// FEN, White to move, quiet.
    seen: Vec<(String, bool, bool)>,
}

impl Positions {
    fn from_env(index: u32) -> Positions {
        let file = std::env::var("VS_FAIRY_POSITIONS").ok().map(|path| {
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .expect("VS_FAIRY_POSITIONS names a writable file")
        });
        Positions {
            file,
            index,
            seen: Vec::new(),
        }
    }

    fn add(&mut self, board: &Board, m: bughouse_core::Move) {
        if self.file.is_some() {
            let quiet = !board.is_check() && !board.is_capture(m) && {
                let mut after = *board;
                after.play(m).is_ok_and(|_| !after.is_check())
            };
            self.seen
                .push((board.to_string(), board.turn().is_white(), quiet));
        }
    }

    fn write(&mut self, white_score: f64) {
        if let Some(file) = self.file.as_mut() {
            for (fen, white, quiet) in &self.seen {
                let result = if *white {
                    white_score
                } else {
                    1.0 - white_score
                };
                let _ = writeln!(
                    file,
                    "{fen}\t{result}\t{}\t{}",
                    u8::from(*quiet),
                    self.index
                );
            }
        }
    }
}

/// The Elo difference of a score fraction.
fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// One reviewed decision.
struct Reviewed {
    game: u32,
    depth: u32,
    ours: i32,
    /// Fairy-Stockfish's score before our move and after it, for our side.
    before: i32,
    after: i32,
}

/// `--review TRACE --out FILE` (see the file's doc comment): exits with a
/// message naming the line of a trace it cannot read.
fn review(opts: &Options, trace: &str, out: &str) {
    let text = std::fs::read_to_string(trace).unwrap_or_else(|e| {
        eprintln!("cannot read {trace}: {e}");
        std::process::exit(2)
    });
    let mut file = std::fs::File::create(out).unwrap_or_else(|e| {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(2)
    });
    let flavour = match opts.variant {
        Variant::Bughouse => Flavour::Bughouse,
        Variant::Crazyhouse => Flavour::Crazyhouse,
    };
    let mut fairy = Fairy::start(&opts.fairy, opts.variant);
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let bad = |what: &str| -> ! {
            eprintln!("{trace}:{}: {what}", n + 1);
            std::process::exit(2)
        };
        let fields: Vec<&str> = line.split('\t').collect();
        let [game, fen, mv, ours, depth] = fields[..] else {
            bad("not a trace line (match, FEN, move, score, depth)")
        };
        let board = match fen.parse::<Board>() {
            Ok(b) => b.with_flavour(flavour),
            Err(e) => bad(&format!("{e}")),
        };
        let mut after = board;
        let played = bughouse_core::Move::from_uci(mv).is_ok_and(|m| after.play(m).is_ok());
        if !played {
            bad(&format!("{mv:?} is no legal move here"));
        }
        let (Ok(game), Ok(ours), Ok(depth)) = (game.parse(), ours.parse(), depth.parse()) else {
            bad("match, score and depth are numbers")
        };
        let best = fairy.best_move(&board, opts.fairy_budget);
        let before = fairy.score.unwrap_or(0);
        fairy.best_move(&after, opts.fairy_budget);
        let after_score = -fairy.score.unwrap_or(0);
        let best = best.unwrap_or_else(|| "(none)".into());
        let _ = writeln!(
            file,
            "{line}\t{best}\t{before}\t{after_score}\t{}",
            before - after_score
        );
        rows.push(Reviewed {
            game,
            depth,
            ours,
            before,
            after: after_score,
        });
    }
    print_review(&rows);
}

/// The summary of a review: what our moves cost in Fairy-Stockfish's
/// judgement, and each game's score path.
fn print_review(rows: &[Reviewed]) {
    let n = rows.len().max(1) as f64;
    let mate = MATE_SCORE - 1000;
    let depth = rows.iter().map(|r| f64::from(r.depth)).sum::<f64>() / n;
    println!("{} decisions, our average depth {depth:.1}", rows.len());
    let costly = rows
        .iter()
        .filter(|r| r.before > -300 && r.before - r.after >= 150)
        .count();
    println!("moves costing >= 150 cp from a position not lost (Fairy > -300): {costly}");
    let mated: Vec<&Reviewed> = rows
        .iter()
        .filter(|r| r.after <= -mate && r.before > -mate)
        .collect();
    print!(
        "moves into a forced mate Fairy had not seen before: {}",
        mated.len()
    );
    if !mated.is_empty() {
        let d = mated.iter().map(|r| f64::from(r.depth)).sum::<f64>() / mated.len() as f64;
        print!(" (our depth there {d:.1})");
    }
    println!();
    let mut gaps: Vec<i32> = rows
        .iter()
        .filter(|r| r.ours.abs() < 3000 && r.before.abs() < 3000)
        .map(|r| r.ours - r.before)
        .collect();
    if !gaps.is_empty() {
        gaps.sort();
        let mean = gaps.iter().map(|&g| f64::from(g)).sum::<f64>() / gaps.len() as f64;
        println!(
            "our score minus Fairy's (both below 3000): mean {mean:.0}, median {}",
            gaps[gaps.len() / 2]
        );
    }
    for game in rows.chunk_by(|a, b| a.game == b.game) {
        let last = game[game.len() - 1].after;
        let result = match last {
            s if s >= mate => "won",
            s if s <= -mate => "lost",
            _ => "open",
        };
        let best = game.iter().map(|r| r.before).max().unwrap_or(0);
        let path: Vec<String> = game
            .iter()
            .map(|r| r.before.clamp(-9999, 9999).to_string())
            .collect();
        println!(
            "match {} ({result}, best {best}): {}",
            game[0].game,
            path.join(" ")
        );
    }
}

fn main() {
    let opts = parse_options();
    if let Some((trace, out)) = &opts.review {
        review(&opts, trace, out);
        return;
    }
    if let Some(f) = std::env::var("BOT_FLAGS").ok().and_then(|f| f.parse().ok()) {
        bughouse_core::bot::experiment::set_flags(f);
        println!("experiment flags {f}");
    }
    let mut tally = Tally::default();
    let mut us = Ours::new(opts.budget, opts.seed, opts.table_entries);
    println!("our table: {} entries", opts.table_entries);
    let engines = match opts.variant {
        Variant::Bughouse => 4,
        Variant::Crazyhouse => 1,
    };
    let mut fairies: Vec<Fairy> = (0..engines)
        .map(|_| Fairy::start(&opts.fairy, opts.variant))
        .collect();
    let started = Instant::now();
    for index in 0..opts.matches {
        us.bot.limits = us.bot.limits.with_seed(opts.seed ^ u64::from(index) << 20);
        us.match_index = index;
        let (score, ending) = match opts.variant {
            Variant::Bughouse => bughouse_match(&opts, index, &mut fairies, &mut tally, &mut us),
            Variant::Crazyhouse => {
                crazyhouse_match(&opts, index, &mut fairies[0], &mut tally, &mut us)
            }
        };
        tally.record(score, ending);
    }
    let n = tally.scores.len().max(1) as f64;
    let mean = tally.scores.iter().sum::<f64>() / n;
    let var = tally.scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    let budget = if opts.fairy_budget == opts.budget {
        opts.budget.to_string()
    } else {
        format!("{} (Fairy-Stockfish {})", opts.budget, opts.fairy_budget)
    };
    println!(
        "{:?}, {budget} per decision, {} matches ({:.0} s): our score {:.1}% \
         ({} W / {} D / {} L), Elo {:+.0} [{:+.0}, {:+.0}] (95%)",
        opts.variant,
        tally.scores.len(),
        started.elapsed().as_secs_f64(),
        100.0 * mean,
        tally.wins,
        tally.draws,
        tally.losses,
        elo(mean),
        elo(mean - half),
        elo(mean + half),
    );
    println!("  endings: {:?}", tally.endings);
    if opts.variant == Variant::Bughouse {
        let [won, drawn, lost] = tally.sits;
        println!("  our sits (R24): {won} in matches won, {drawn} drawn, {lost} lost");
    }
    println!("  ours:  {}", us.times.summary());
    if let Some(MateProbe {
        nodes: limit,
        moves,
        node_cost,
    }) = us.mate_probe
    {
        let ProbeTally {
            probes,
            mates,
            expanded,
        } = us.probe_tally;
        println!(
            "  mate probe ({limit} positions, mate in {moves}, {node_cost} bot nodes a position): {probes} probes, {mates} mates played, {:.0} positions a probe",
            expanded as f64 / probes.max(1) as f64
        );
    }
    if let Some(MateGuard { nodes, reply_nodes }) = us.mate_guard {
        let GuardTally {
            fired,
            replaced,
            expanded,
        } = us.guard_tally;
        println!(
            "  mate guard ({nodes} positions, {reply_nodes} nodes a reply): fired {fired} times, replaced {replaced} moves, {expanded} positions expanded"
        );
    }
    println!("  fairy: {}", tally.fairy_times.summary());
    println!("  fairy, as it reports: {}", tally.fairy_reported.summary());
    if let Budget::MoveTime(t) = opts.budget {
        let over: Vec<Duration> = us.times.all.iter().map(|d| d.saturating_sub(t)).collect();
        let mut over = over;
        over.sort();
        let p99 = over[(over.len() * 99 / 100).min(over.len().saturating_sub(1))];
        println!(
            "  our overshoot beyond {} ms: p99 {:.2} ms, worst {:.2} ms",
            t.as_millis(),
            p99.as_secs_f64() * 1e3,
            over.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
    }
    println!(
        "  fairy-stockfish moves refused by our rules: {}",
        tally.fairy_refused
    );
}
