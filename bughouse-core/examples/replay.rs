//! Replays every game of BPGN/PGN archives through the rules.
//!
//! `cargo run --release -p bughouse-core --example replay -- FILE...`
//!
//! Bughouse records replay as matches; single-board records (no board
//! letters, no four-player tags) replay in the crazyhouse flavour. Prints one
//! line per failing game — a move the rules refuse, or an ending the engine
//! does not agree with — and as its LAST line
//! `replayed G games, M moves, E errors`. Exits 0 only when E is 0.

use std::process::ExitCode;
use std::time::Instant;

use bughouse_core::Flavour;
use bughouse_core::bpgn::BpgnReader;

fn main() -> ExitCode {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    // `--repeat N` replays everything N times (for measuring speed).
    let repeat = match files.iter().position(|a| a == "--repeat") {
        Some(i) if i + 1 < files.len() => {
            let n = files[i + 1].parse().unwrap_or(1);
            files.drain(i..i + 2);
            n
        }
        _ => 1usize,
    };
    if files.is_empty() {
        eprintln!("usage: replay FILE...");
        return ExitCode::from(2);
    }
    let (mut games, mut moves, mut errors) = (0usize, 0usize, 0usize);
    let mut elapsed = 0.0;
    for path in files.iter().cycle().take(files.len() * repeat) {
        let text = match std::fs::read(path) {
            Ok(text) => text,
            Err(e) => {
                println!("{path}: {e}");
                errors += 1;
                continue;
            }
        };
        let start = Instant::now();
        for record in BpgnReader::new(&text) {
            games += 1;
            let (n, error, agrees, ending) = if record.is_bughouse() {
                let r = record.replay();
                (
                    r.moves,
                    r.error.map(|e| e.to_string()),
                    r.agrees(),
                    r.ending,
                )
            } else {
                let r = record.replay_board(Flavour::Crazyhouse);
                (
                    r.moves,
                    r.error.map(|e| e.to_string()),
                    r.agrees(),
                    r.ending,
                )
            };
            moves += n;
            if let Some(e) = error {
                println!("{path}:{}: {e}", record.line);
                errors += 1;
            } else if !agrees {
                let text = String::from_utf8_lossy(ending.text);
                println!(
                    "{path}:{}: game {}: the engine does not agree with the recorded ending {{{text}}}",
                    record.line, record.number
                );
                errors += 1;
            }
        }
        elapsed += start.elapsed().as_secs_f64();
    }
    eprintln!("{:.0} moves/s", moves as f64 / elapsed.max(1e-9));
    println!("replayed {games} games, {moves} moves, {errors} errors");
    if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
