//! Perft from the command line.
//!
//! `cargo run --release -p bughouse-core --example perft -- [--crazyhouse] "<FEN>" <depth>`
//!
//! Prints the count below each root move, then the elapsed time and speed,
//! and as its LAST line the leaf count alone.

use std::process::ExitCode;
use std::time::Instant;

use bughouse_core::{Board, Flavour, perft};

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let flavour = match args.iter().position(|a| a == "--crazyhouse") {
        Some(i) => {
            args.remove(i);
            Flavour::Crazyhouse
        }
        None => Flavour::Bughouse,
    };
    let (fen, depth) = match args.as_slice() {
        [fen, depth] => (fen.as_str(), depth.parse::<u32>()),
        [depth] => (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            depth.parse(),
        ),
        _ => {
            eprintln!("usage: perft [--crazyhouse] [\"<FEN>\"] <depth>");
            return ExitCode::from(2);
        }
    };
    let Ok(depth) = depth else {
        eprintln!("the depth must be a whole number");
        return ExitCode::from(2);
    };
    let board = match Board::from_fen(fen, flavour) {
        Ok(board) => board,
        Err(err) => {
            eprintln!("{err}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for m in board.legal_moves() {
            let mut child = board;
            child.play_unchecked(m);
            let n = perft(&child, depth - 1);
            println!("{m}: {n}");
            total += n;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        total as f64 / secs / 1e6
    );
    println!("{total}");
    ExitCode::SUCCESS
}
