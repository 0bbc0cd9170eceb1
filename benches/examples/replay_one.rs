//! The game of the `replay/*` benchmarks (`benches/games.rs`) replayed many
//! times, into a `Game` or onto two bare boards, as a program: to run under
//! an instruction counter, which a loaded machine does not disturb, or to
//! time both side by side in one run.
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/replay_one game 200`
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/replay_one boards 200`
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/replay_one new 200`
//!
//! `new` makes the fresh games alone, without a move. `(game - new) / moves`
//! against `boards / moves` (each taken between 0 and N replays) is what one
//! `Game::play` costs against one `Board::play`.
//!
//! `target/release/examples/replay_one ratio 20000` times the two in turn,
//! one replay at a time (a fresh game is made before each `Game` replay,
//! outside the timed part, as `replay/game_moves_only` does), and prints
//! each one's median and the ratio of the medians: alternating within one
//! run, a load that comes and goes slows both alike, and the median drops
//! the replays a preemption hit.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use bughouse_benches::games::{replay_moves, replay_settings};
use bughouse_core::{Board, Game, Move, Seat};

/// The moves on two bare boards, captures routed by hand (R5).
fn replay_on_boards(moves: &[(Seat, Move, u64)]) -> [Board; 2] {
    let mut boards = [Board::new(), Board::new()];
    for &(seat, m, _) in moves {
        let id = seat.board;
        if let Ok(Some(piece)) = boards[id.index()].play(black_box(m)) {
            boards[id.other().index()].add_to_pocket(piece.color, piece.role);
        }
    }
    boards
}

/// The moves into `game`, which starts fresh.
fn replay_into(game: &mut Game, moves: &[(Seat, Move, u64)]) {
    for &(seat, m, at) in moves {
        let _ = black_box(game.play(seat, m, Some(at)));
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let times: u32 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(100);
    let settings = replay_settings();
    let moves = replay_moves();
    match args.first().map(String::as_str) {
        Some("game") => {
            let mut game = Game::new(settings).expect("valid settings");
            for _ in 0..times {
                game = game.restarted();
                replay_into(&mut game, &moves);
            }
            black_box(game.moves_played());
        }
        Some("new") => {
            // What `game` costs besides the moves: a fresh game per replay.
            let mut game = Game::new(settings).expect("valid settings");
            for _ in 0..times {
                game = black_box(game.restarted());
            }
            black_box(game.moves_played());
        }
        Some("boards") => {
            for _ in 0..times {
                black_box(replay_on_boards(&moves));
            }
        }
        Some("ratio") => {
            let mut game = Game::new(settings).expect("valid settings");
            let (mut on_game, mut on_boards) = (Vec::new(), Vec::new());
            for _ in 0..times {
                game = black_box(game.restarted());
                let start = Instant::now();
                replay_into(&mut game, &moves);
                on_game.push(start.elapsed());
                let start = Instant::now();
                black_box(replay_on_boards(&moves));
                on_boards.push(start.elapsed());
            }
            let (g, b) = (median(&mut on_game), median(&mut on_boards));
            println!(
                "{} moves: Game::play {:.2} µs, Board::play {:.2} µs, ratio {:.3}",
                moves.len(),
                g.as_secs_f64() * 1e6,
                b.as_secs_f64() * 1e6,
                g.as_secs_f64() / b.as_secs_f64()
            );
        }
        _ => {
            eprintln!("usage: replay_one <game|new|boards|ratio> [times]");
            return ExitCode::from(2);
        }
    }
    eprintln!("{} moves replayed {times} times", moves.len());
    ExitCode::SUCCESS
}
