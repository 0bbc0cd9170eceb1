//! Perft against published numbers: chess, crazyhouse (the crazyhouse flavour)
//! and single-board bughouse (the bughouse flavour). Entries above
//! `QUICK_NODES` leaves are `#[ignore]`d in debug runs; CI runs them all in
//! release mode with `--include-ignored`.

use bughouse_core::{Board, Flavour, perft};

/// Leaf counts above this are too slow for an unoptimised build.
const QUICK_NODES: u64 = 1_000_000;

struct Entry {
    id: String,
    epd: String,
    depth: u32,
    nodes: u64,
}

fn entries(text: &str) -> Vec<Entry> {
    let mut out = Vec::new();
    let (mut id, mut epd) = (String::new(), String::new());
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("id ") {
            id = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("epd ") {
            epd = rest.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut parts = rest.split_whitespace();
            let depth = parts.next().unwrap().parse().unwrap();
            let nodes = parts.next().unwrap().parse().unwrap();
            out.push(Entry {
                id: id.clone(),
                epd: epd.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

fn run(text: &str, flavour: Flavour, deep: bool) {
    let mut ran = 0;
    for e in entries(text) {
        if (e.nodes > QUICK_NODES) != deep {
            continue;
        }
        let board =
            Board::from_fen(&e.epd, flavour).unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert_eq!(
            perft(&board, e.depth),
            e.nodes,
            "{} depth {}",
            e.id,
            e.depth
        );
        ran += 1;
    }
    assert!(ran > 0);
}

#[test]
fn chess_quick() {
    run(include_str!("data/chess.perft"), Flavour::Bughouse, false);
}

#[test]
#[ignore = "deep: run in release (make test does)"]
fn chess_deep() {
    run(include_str!("data/chess.perft"), Flavour::Bughouse, true);
}

#[test]
fn crazyhouse_quick() {
    run(
        include_str!("data/crazyhouse.perft"),
        Flavour::Crazyhouse,
        false,
    );
}

#[test]
#[ignore = "deep: run in release (make test does)"]
fn crazyhouse_deep() {
    run(
        include_str!("data/crazyhouse.perft"),
        Flavour::Crazyhouse,
        true,
    );
}

#[test]
fn bughouse_quick() {
    run(
        include_str!("data/bughouse.perft"),
        Flavour::Bughouse,
        false,
    );
}

#[test]
#[ignore = "deep: run in release (make test does)"]
fn bughouse_deep() {
    run(include_str!("data/bughouse.perft"), Flavour::Bughouse, true);
}

/// `perft_while` counts what `perft` counts when never stopped, and stops at
/// the first `false` it is given, however deep the count.
#[test]
fn perft_while_counts_as_perft_and_stops_when_asked() {
    use bughouse_core::board::perft_while;
    let files = [
        (include_str!("data/chess.perft"), Flavour::Bughouse),
        (include_str!("data/crazyhouse.perft"), Flavour::Crazyhouse),
        (include_str!("data/bughouse.perft"), Flavour::Bughouse),
    ];
    let mut ran = 0;
    for (text, flavour) in files {
        for e in entries(text).into_iter().filter(|e| e.nodes <= 200_000) {
            let board = Board::from_fen(&e.epd, flavour).unwrap();
            let mut questions = 0u64;
            let counted = perft_while(&board, e.depth, &mut || {
                questions += 1;
                true
            });
            assert_eq!(counted, Some(e.nodes), "{} depth {}", e.id, e.depth);
            assert_eq!(questions > 0, e.depth >= 2, "{}", e.id);
            ran += 1;
        }
    }
    assert!(ran > 10);
    // Depth 40 would never finish: the third question stops it.
    let mut asked = 0;
    let stopped = perft_while(&Board::new(), 40, &mut || {
        asked += 1;
        asked < 3
    });
    assert_eq!((stopped, asked), (None, 3));
}
