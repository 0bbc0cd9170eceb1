//! Whether a search of checks alone finds the drop mates the bot missed:
//! `mate_probe NODES < POSITIONS`, where POSITIONS are trace lines (a
//! `VS_FAIRY_TRACE` or `--review` file; only the FEN is read, as crazyhouse).
//! For each position it looks for a mate in 1, 2, … 9 moves of the side to
//! move, every one of them a check (captures and drops included), against
//! every reply, the checks that leave the fewest replies first, and stops
//! at NODES positions played; it prints the mate found (moves, first move)
//! or none, and the positions played.
//!
//! `mate_probe --pn NODES < POSITIONS` searches by proof numbers instead
//! (`bughouse_benches::mate`, the shortest mate within 9, at most NODES
//! positions expanded) and prints its result, the moves it was looked for
//! within (the mate's length when one is found), the positions expanded
//! and the time;
//! with `--after`, in the position after each line's move (its third
//! field), for the other side: the mates our moves walked into.
//!
//! It measured a lead of issue 15 (benches/README.md, session 29): the
//! matches the bot lost after Fairy-Stockfish had seen a forced mate for
//! it. A probe like this before the search would be cheap only if it found
//! such mates in far fewer nodes than the search.
use bughouse_benches::mate::MateSearch;
use bughouse_benches::trace::{count_argument, crazyhouse_boards};
use bughouse_core::{Board, Move};

/// Positions played so far, and the most allowed.
struct Budget {
    played: u64,
    limit: u64,
}

impl Budget {
    fn spent(&self) -> bool {
        self.played > self.limit
    }
}

/// A checking move of the side to move that mates within `moves` of its
/// moves, each a check, whatever the other side replies.
fn mating_check(budget: &mut Budget, board: &Board, moves: u32) -> Option<Move> {
    if moves == 0 || budget.spent() {
        return None;
    }
    let mut checks: Vec<(u64, Move, Board)> = Vec::new();
    for m in board.legal_moves() {
        let mut after = *board;
        after.play(m).expect("a legal move plays");
        budget.played += 1;
        if !after.is_check() {
            continue;
        }
        if after.is_checkmate() {
            return Some(m);
        }
        // With one move left only a mate counts: no replies to order by.
        if moves > 1 {
            checks.push((after.count_legal_moves(), m, after));
        }
    }
    checks.sort_by_key(|&(replies, _, _)| replies);
    for (_, m, after) in checks {
        if every_reply_is_mated(budget, &after, moves - 1) {
            return Some(m);
        }
        if budget.spent() {
            return None;
        }
    }
    None
}

/// Whether every reply of the side to move (in check) is mated within
/// `moves` checks.
fn every_reply_is_mated(budget: &mut Budget, board: &Board, moves: u32) -> bool {
    board.legal_moves().into_iter().all(|m| {
        let mut after = *board;
        after.play(m).expect("a legal move plays");
        budget.played += 1;
        mating_check(budget, &after, moves).is_some()
    })
}

fn main() {
    const USAGE: &str = "mate_probe [--pn [--after]] NODES < POSITIONS";
    let args: Vec<String> = std::env::args().skip(1).collect();
    let proof_numbers = args.first().map(String::as_str) == Some("--pn");
    let after = proof_numbers && args.get(1).map(String::as_str) == Some("--after");
    let limit = if proof_numbers {
        args.last().and_then(|n| n.parse().ok()).unwrap_or_else(|| {
            eprintln!("usage: {USAGE}");
            std::process::exit(2)
        })
    } else {
        count_argument(USAGE)
    };
    let input = std::io::read_to_string(std::io::stdin().lock()).unwrap_or_else(|e| {
        eprintln!("standard input: {e}");
        std::process::exit(2)
    });
    for (read, line) in crazyhouse_boards(input.as_bytes()).zip(input.lines()) {
        let (n, _, mut board) = read.unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
        if after {
            // The trace's move (third field) first: the mate looked for is
            // the other side's, against the move played.
            let played = line
                .split('\t')
                .nth(2)
                .and_then(|uci| Move::from_uci(uci).ok())
                .filter(|&m| board.is_legal(m));
            let Some(m) = played else {
                eprintln!("line {}: no legal move in the third field", n + 1);
                std::process::exit(2)
            };
            board.play_unchecked(m);
        }
        if proof_numbers {
            let start = std::time::Instant::now();
            let mut search = MateSearch::new(limit);
            let (found, within) = search.find_shortest(&board, 9);
            println!(
                "{n}\t{found:?}\t{within}\t{} positions expanded\t{:.1} ms",
                search.nodes,
                start.elapsed().as_secs_f64() * 1e3
            );
            continue;
        }
        let mut budget = Budget { played: 0, limit };
        let mut found = None;
        for moves in 1..=9 {
            if let Some(m) = mating_check(&mut budget, &board, moves) {
                found = Some((moves, m));
                break;
            }
            if budget.spent() {
                break;
            }
        }
        match found {
            Some((moves, m)) => println!("{n}\tmate in {moves}: {m}\t{} positions", budget.played),
            None => println!("{n}\tnone\t{} positions", budget.played),
        }
    }
}
