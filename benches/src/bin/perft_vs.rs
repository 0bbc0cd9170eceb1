//! Perft side by side: bughouse-core, shakmaty and (standard chess only)
//! cozy-chess on the same positions in one run, printing nodes per second
//! and our speed ratio to each, as a Markdown table.
//!
//! `cargo run --release -p bughouse-benches --bin perft_vs -- [--quick] [--rounds N] [--secs S] [--only NAME]`
//!
//! Each library runs each position for `--rounds` rounds (default 3) of at
//! least `--secs` seconds (default 0.4) of repeated perft calls; a figure is
//! the best round's nodes per second. `--quick` lowers every depth by one and
//! runs each call once (a smoke run); `--only` runs one position. Node counts must agree between the
//! libraries on the same rules, or the run fails: the ratios compare the
//! same trees.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use bughouse_benches::{
    CASES, Rules, cozy, cozy_perft, ours, shakmaty_chess, shakmaty_perft, shakmaty_zh,
};
use bughouse_core::{Flavour, perft};

/// Measures `f` over `rounds` rounds; in each round it repeats `f` for at
/// least `secs` seconds. Returns the node count of one call and the best
/// round's seconds per call (other processes on the machine only ever slow a
/// round down, so the best round is the truest).
fn measure(rounds: u32, secs: f64, mut f: impl FnMut() -> u64) -> (u64, f64) {
    let mut best = f64::INFINITY;
    let mut nodes = 0;
    for _ in 0..rounds {
        let start = Instant::now();
        let mut calls = 0u32;
        while calls == 0 || start.elapsed().as_secs_f64() < secs {
            nodes = black_box(f());
            calls += 1;
        }
        best = best.min(start.elapsed().as_secs_f64() / f64::from(calls));
    }
    (nodes, best)
}

fn mnps(nodes: u64, secs: f64) -> f64 {
    nodes as f64 / secs / 1e6
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|n| n.parse::<f64>().ok())
    };
    let rounds = option("--rounds").unwrap_or(3.0) as u32;
    let secs = option("--secs").unwrap_or(if quick { 0.0 } else { 0.4 });

    println!(
        "| position | rules | depth | nodes | ours Mnps | shakmaty Mnps | ours/shakmaty | cozy-chess Mnps | ours/cozy | ours bughouse Mnps |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut ok = true;
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1));
    for case in CASES
        .iter()
        .filter(|c| only.is_none_or(|name| c.name == name))
    {
        let depth = if quick { case.depth - 1 } else { case.depth };
        match case.rules {
            Rules::Chess => {
                let board = ours(case, Flavour::Bughouse);
                let (n, t) = measure(rounds, secs, || perft(&board, depth));
                let pos = shakmaty_chess(case);
                let (sn, st) = measure(rounds, secs, || shakmaty_perft(&pos, depth));
                let cb = cozy(case);
                let (cn, ct) = measure(rounds, secs, || cozy_perft(&cb, depth));
                if n != sn || n != cn {
                    eprintln!(
                        "{}: counts differ: ours {n}, shakmaty {sn}, cozy {cn}",
                        case.name
                    );
                    ok = false;
                }
                println!(
                    "| {} | chess | {depth} | {n} | {:.1} | {:.1} | {:.2}x | {:.1} | {:.2}x | — |",
                    case.name,
                    mnps(n, t),
                    mnps(sn, st),
                    st / t,
                    mnps(cn, ct),
                    ct / t,
                );
            }
            Rules::Crazyhouse => {
                let board = ours(case, Flavour::Crazyhouse);
                let (n, t) = measure(rounds, secs, || perft(&board, depth));
                let pos = shakmaty_zh(case);
                let (sn, st) = measure(rounds, secs, || shakmaty_perft(&pos, depth));
                let bug = ours(case, Flavour::Bughouse);
                let (bn, bt) = measure(rounds, secs, || perft(&bug, depth));
                if n != sn {
                    eprintln!("{}: counts differ: ours {n}, shakmaty {sn}", case.name);
                    ok = false;
                }
                println!(
                    "| {} | crazyhouse | {depth} | {n} | {:.1} | {:.1} | {:.2}x | — | — | {:.1} |",
                    case.name,
                    mnps(n, t),
                    mnps(sn, st),
                    st / t,
                    mnps(bn, bt),
                );
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
