//! Whether a search of checks alone finds the drop mates the bot missed:
//! `mate_probe NODES < POSITIONS`, where POSITIONS are trace lines (a
//! `VS_FAIRY_TRACE` or `--review` file; only the FEN is read, as crazyhouse).
//! For each position it looks for a mate in 1, 2, … 9 moves of the side to
//! move, every one of them a check (captures and drops included), against
//! every reply, the checks that leave the fewest replies first, and stops
//! at NODES positions played; it prints the mate found (moves, first move)
//! or none, and the positions played.
//!
//! It measured a lead of issue 15 (benches/README.md, session 29): the
//! matches the bot lost after Fairy-Stockfish had seen a forced mate for
//! it. A probe like this before the search would be cheap only if it found
//! such mates in far fewer nodes than the search.
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
    let limit = count_argument("mate_probe NODES < POSITIONS");
    for read in crazyhouse_boards(std::io::stdin().lock()) {
        let (n, _, board) = read.unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(2)
        });
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
