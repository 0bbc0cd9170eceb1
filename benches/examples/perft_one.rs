//! One library's perft on one position, once: the thing to run under a
//! profiler (`perf record`, `valgrind --tool=callgrind`) so that the profile
//! holds nothing else.
//!
//! `cargo run --release -p bughouse-benches --example perft_one -- <lib> <position> [depth]`
//!
//! `<lib>` is `ours` (crazyhouse flavour on crazyhouse positions), `ours-bughouse`,
//! `shakmaty` or `cozy`; `<position>` a name from `bughouse_benches::CASES`.

use std::process::ExitCode;
use std::time::Instant;

use bughouse_benches::{
    CASES, Rules, cozy, cozy_perft, ours, shakmaty_chess, shakmaty_perft, shakmaty_zh,
};
use bughouse_core::{Flavour, perft};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(lib), Some(name)) = (args.first(), args.get(1)) else {
        eprintln!("usage: perft_one <ours|ours-bughouse|shakmaty|cozy> <position> [depth]");
        return ExitCode::from(2);
    };
    let Some(case) = CASES.iter().find(|c| c.name == name) else {
        eprintln!("no position {name}");
        return ExitCode::from(2);
    };
    let depth = args
        .get(2)
        .and_then(|d| d.parse().ok())
        .unwrap_or(case.depth);
    let zh = case.rules == Rules::Crazyhouse;
    let start = Instant::now();
    let nodes = match lib.as_str() {
        "ours" if zh => perft(&ours(case, Flavour::Crazyhouse), depth),
        "ours" | "ours-bughouse" => perft(&ours(case, Flavour::Bughouse), depth),
        "shakmaty" if zh => shakmaty_perft(&shakmaty_zh(case), depth),
        "shakmaty" => shakmaty_perft(&shakmaty_chess(case), depth),
        "cozy" if !zh => cozy_perft(&cozy(case), depth),
        _ => {
            eprintln!("no library {lib} for {name}");
            return ExitCode::from(2);
        }
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!("{:.1} M nodes/s", nodes as f64 / secs / 1e6);
    println!("{nodes}");
    ExitCode::SUCCESS
}
