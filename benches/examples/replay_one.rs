//! One recorded game replayed many times, into a `Game` or onto two bare
//! boards: the `replay/*` benchmark of `benches/games.rs` as a program to
//! run under a profiler or an instruction counter, which a loaded machine
//! does not disturb:
//!
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/replay_one game 200`
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/replay_one boards 200`
//! `valgrind --tool=cachegrind --cache-sim=no target/release/examples/replay_one new 200`
//!
//! `new` makes the fresh games alone, without a move. `(game - new) / moves`
//! against `boards / moves` (each taken between 0 and N replays) is what one
//! `Game::play` costs against one `Board::play`.

use std::hint::black_box;
use std::process::ExitCode;

use bughouse_core::{Board, BoardId, Game, GameSettings, Move, Seat};

/// A random game without clocks (xorshift64*, fixed seed): its moves.
fn recorded(settings: GameSettings) -> Vec<(Seat, Move)> {
    let mut state: u64 = 2026;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    };
    let mut game = Game::new(settings).expect("valid settings");
    let mut moves = Vec::new();
    while !game.is_over() && moves.len() < 400 {
        let seats: Vec<Seat> = BoardId::ALL
            .into_iter()
            .map(|id| Seat::new(id, game.board(id).turn()))
            .filter(|s| !game.legal_moves(*s).is_empty())
            .collect();
        let seat = seats[next(seats.len())];
        let legal = game.legal_moves(seat);
        let m = legal[next(legal.len())];
        game.play(seat, m, None).expect("a legal move");
        moves.push((seat, m));
    }
    moves
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let times: u32 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(100);
    let settings = GameSettings {
        time_control: None,
        ..GameSettings::default()
    };
    let moves = recorded(settings);
    match args.first().map(String::as_str) {
        Some("game") => {
            let mut game = Game::new(settings).expect("valid settings");
            for _ in 0..times {
                game = game.restarted();
                for &(seat, m) in &moves {
                    let _ = black_box(game.play(seat, m, None));
                }
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
                let mut boards = [Board::new(), Board::new()];
                for &(seat, m) in &moves {
                    let id = seat.board;
                    if let Ok(Some(piece)) = boards[id.index()].play(black_box(m)) {
                        boards[id.other().index()].add_to_pocket(piece.color, piece.role);
                    }
                }
                black_box(boards);
            }
        }
        _ => {
            eprintln!("usage: replay_one <game|new|boards> [times]");
            return ExitCode::from(2);
        }
    }
    eprintln!("{} moves replayed {times} times", moves.len());
    ExitCode::SUCCESS
}
