//! How fast SAN is written and read (N3), over every legal move of positions
//! from random games (bughouse with full pockets, crazyhouse, plain chess).
//!
//! `cargo run --release -p bughouse-core --example san_speed`
//!
//! Prints, per kind of move set, the nanoseconds per move to write SAN into
//! a reused `String` and to read it back into a legal `Move`.

use std::fmt::Write;
use std::hint::black_box;
use std::time::Instant;

use bughouse_core::{Board, Flavour, Move};

fn positions(fen: &str, flavour: Flavour, games: usize, plies: usize) -> Vec<Board> {
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = Board::from_fen(fen, flavour).expect("valid FEN");
        for _ in 0..plies {
            let moves = b.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(b);
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            b.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    out
}

fn measure(name: &str, pairs: &[(Board, Move)]) {
    let mut text = String::with_capacity(16 * pairs.len());
    let mut ends = Vec::with_capacity(pairs.len());
    let rounds = 5;
    let start = Instant::now();
    for _ in 0..rounds {
        text.clear();
        ends.clear();
        for (board, m) in pairs {
            write!(text, "{}", board.san(*m)).expect("writing to a String");
            ends.push(text.len());
        }
    }
    let write_ns = start.elapsed().as_nanos() as f64 / (rounds * pairs.len()) as f64;

    let start = Instant::now();
    for _ in 0..rounds {
        let mut from = 0;
        for ((board, m), &end) in pairs.iter().zip(&ends) {
            let read = board.parse_san(&text[from..end]);
            assert_eq!(read, Ok(*m));
            black_box(read.ok());
            from = end;
        }
    }
    let read_ns = start.elapsed().as_nanos() as f64 / (rounds * pairs.len()) as f64;
    println!(
        "{name:<38} {:>8} moves   write {write_ns:>6.1} ns/move   read {read_ns:>6.1} ns/move",
        pairs.len()
    );
}

fn main() {
    let sets = [
        (
            "chess, board moves only",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Flavour::Bughouse,
        ),
        (
            "crazyhouse games",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Flavour::Crazyhouse,
        ),
        (
            "bughouse, full pockets",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w KQkq - 0 1",
            Flavour::Bughouse,
        ),
    ];
    for (name, fen, flavour) in sets {
        let boards = positions(fen, flavour, 200, 80);
        let pairs: Vec<(Board, Move)> = boards
            .iter()
            .flat_map(|b| b.legal_moves().into_iter().map(move |m| (*b, m)))
            .collect();
        measure(name, &pairs);
        // Drops dominate pocket-heavy move lists; board moves alone too.
        let board_moves: Vec<(Board, Move)> = pairs
            .iter()
            .copied()
            .filter(|(_, m)| !m.is_drop())
            .collect();
        if board_moves.len() != pairs.len() {
            measure(&format!("{name} (board moves)"), &board_moves);
        }
    }
}
