//! Our bot's decisions on a fixed set of crazyhouse positions, as trace
//! lines (match, FEN, move, score, depth) for `benches/judge_moves.py` or
//! `vs_fairy --review`: `bot_trace NODES < POSITIONS > TRACE`, where
//! POSITIONS are trace lines too (a `VS_FAIRY_TRACE` file; only the FEN is
//! read, and the line number becomes the match field). A fresh table for
//! each position, so each decision is reproducible on its own and two
//! versions of the bot see the same positions; `BOT_FLAGS=N` turns
//! experiment switches on. With `BOT_STATS` set it prints the search's
//! counters ([`bughouse_core::bot::experiment::take_stats`], summed over
//! the positions) to standard error at the end: build it with
//! `--features bughouse-core/bot-stats`, else it says none were counted.
use bughouse_benches::trace::{count_argument, crazyhouse_boards};
use bughouse_core::bot::{
    HISTORY_CELLS, HistoryCell, SearchControl, SearchLimits, TableEntry, TranspositionTable,
    decide_board,
};
use std::io::Write;

fn main() {
    let nodes = count_argument("bot_trace NODES < POSITIONS > TRACE");
    if let Some(f) = std::env::var("BOT_FLAGS").ok().and_then(|f| f.parse().ok()) {
        bughouse_core::bot::experiment::set_flags(f);
    }
    let mut storage = vec![TableEntry::EMPTY; 1 << 16];
    let mut history = vec![HistoryCell::EMPTY; HISTORY_CELLS];
    let out = std::io::stdout();
    let mut out = out.lock();
    for read in crazyhouse_boards(std::io::stdin().lock()) {
        let (n, fen, board) = read.unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
        storage.fill(TableEntry::EMPTY);
        let mut tt =
            TranspositionTable::from_storage(&mut storage[..]).with_history(&mut history[..]);
        let decision = decide_board(
            &board,
            &SearchLimits::nodes(nodes),
            &SearchControl::new(),
            &mut tt,
        );
        // A position without a legal move has no decision to judge.
        let Some((m, d)) = decision.and_then(|d| Some((d.action.as_move()?, d))) else {
            continue;
        };
        if writeln!(out, "{n}\t{fen}\t{m}\t{}\t{}", d.score, d.depth).is_err() {
            // The reader stopped (e.g. `head`): nothing more to write.
            return;
        }
    }
    if std::env::var_os("BOT_STATS").is_some() {
        let stats = bughouse_core::bot::experiment::take_stats();
        if stats.iter().all(|&n| n == 0) {
            eprintln!(
                "search counters: none counted (build with --features bughouse-core/bot-stats)"
            );
        } else {
            eprintln!("search counters: {stats:?}");
        }
    }
}
