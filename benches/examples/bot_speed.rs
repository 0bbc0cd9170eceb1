//! The search's speed at a node budget, for profiling and for A/B runs of a
//! speed change: decisions on the same bughouse middlegame positions (from
//! self-play of the plain bot, every sixth action from the eighth on), a
//! fresh table each, then the nodes, the time, nodes per second and a hash
//! of every decision's move, score, depth and nodes (equal hashes: the two
//! builds or switches decide alike).
//!
//! ```text
//! cargo build --release -p bughouse-benches --example bot_speed
//! BOT_FLAGS=N target/release/examples/bot_speed [NODES] [POSITIONS]
//! valgrind --tool=callgrind target/release/examples/bot_speed 100000 40
//! ```
//!
//! Under callgrind the instructions per node compare builds on a noisy
//! machine: the positions are made before the switches are read, so every
//! build and switch searches the same ones.
use bughouse_core::{bot::Bot, bot::SearchLimits, bot::TableEntry, bot::experiment as ex};
use std::time::Instant;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse().unwrap_or_else(|_| {
                eprintln!("usage: bot_speed [NODES] [POSITIONS]");
                std::process::exit(2)
            })
        })
        .collect();
    let nodes = args.first().copied().unwrap_or(100_000);
    let wanted = args.get(1).copied().unwrap_or(40) as usize;
    let positions = bughouse_benches::bot_positions(wanted);
    ex::set_flags(
        std::env::var("BOT_FLAGS")
            .ok()
            .and_then(|f| f.parse().ok())
            .unwrap_or(0),
    );
    let mut bot = Bot::with_storage(SearchLimits::nodes(nodes), vec![TableEntry::EMPTY; 1 << 16]);
    let (mut total, mut trace) = (0u64, 0xcbf2_9ce4_8422_2325u64);
    let start = Instant::now();
    for (game, seat) in &positions {
        bot.clear();
        let d = bot.decide(game, *seat).expect("the seat acts");
        total += d.nodes;
        // FNV-1a over the decision.
        let text = format!("{:?} {} {} {}", d.action, d.score, d.depth, d.nodes);
        for b in text.bytes() {
            trace = (trace ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} positions, {nodes} nodes each: {total} nodes in {secs:.2} s, {:.0} k nodes/s; decision trace {trace:016x}",
        positions.len(),
        total as f64 / secs / 1e3
    );
}
