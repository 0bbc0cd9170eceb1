//! Whole games and single moves on the two-board game (issue 3).
//!
//! - `full_game/{live,turn_based}`: complete games between random movers,
//!   as `examples/selfplay.rs` plays them (live with simulated clocks;
//!   turn-based with occasional sits), reported as games per second. Most of
//!   the time goes to the movers listing legal moves, as it would for any
//!   player.
//! - `play_one/*`: one accepted move from a mid-game position, on the `Game`
//!   (live with clocks, and turn-based) and with `Board::play` on a bare
//!   board: what the game's bookkeeping (turn, clocks, capture routing,
//!   endings, rotation, repetition, history) costs on top of the board.
//! - `replay/*`: a recorded game replayed move by move into a new `Game`
//!   (`game`: with the game's construction; `game_moves_only`: the moves
//!   alone), versus the same moves on two bare boards with captures routed
//!   by hand (`boards`).
//!
//! `cargo bench -p bughouse-benches --bench games`

use bughouse_benches::games::{SEED, live_game, replay_moves, replay_settings, turn_game};
use bughouse_testkit::Rng;
use std::hint::black_box;

use bughouse_core::{Board, Game, Move, Seat};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

/// Games per iteration, always the same ones (same seed).
const GAMES: u64 = 8;

fn full_games(c: &mut Criterion) {
    for (name, play) in [
        ("live", live_game as fn(&mut Rng, u16) -> Game),
        ("turn_based", turn_game),
    ] {
        let mut rng = Rng::new(SEED);
        let moves: u32 = (0..GAMES)
            .map(|_| u32::from(play(&mut rng, u16::MAX).moves_played()))
            .sum();
        eprintln!(
            "full_game/{name}: {GAMES} games, {moves} moves ({:.0} per game)",
            f64::from(moves) / GAMES as f64
        );
    }
    let mut group = c.benchmark_group("full_game");
    group.throughput(Throughput::Elements(GAMES));
    group.bench_function("live", |b| {
        b.iter(|| {
            let mut rng = Rng::new(SEED);
            for _ in 0..GAMES {
                black_box(live_game(&mut rng, u16::MAX).moves_played());
            }
        })
    });
    group.bench_function("turn_based", |b| {
        b.iter(|| {
            let mut rng = Rng::new(SEED);
            for _ in 0..GAMES {
                black_box(turn_game(&mut rng, u16::MAX).moves_played());
            }
        })
    });
    group.finish();
}

/// A mid-game position (40 moves in) and a legal move there, with the seat
/// that plays it. Prefers a position where the game goes on.
fn mid_game(play: fn(&mut Rng, u16) -> Game) -> (Game, Seat, Move) {
    let mut rng = Rng::new(SEED);
    loop {
        let game = play(&mut rng, 40);
        if game.is_over() {
            continue;
        }
        let seat = match game.to_act() {
            Some(seat) => seat,
            None => Seat::ALL
                .into_iter()
                .find(|s| !game.legal_moves(*s).is_empty())
                .expect("a game that goes on has a mover"),
        };
        let moves = game.legal_moves(seat);
        let m = moves[rng.below(moves.len())];
        return (game, seat, m);
    }
}

/// Games are ~65 KiB: clone them in small batches so the batch stays in cache.
const BATCH: BatchSize = BatchSize::NumIterations(64);

fn play_one(c: &mut Criterion) {
    let mut group = c.benchmark_group("play_one");
    for (name, play) in [
        ("live", live_game as fn(&mut Rng, u16) -> Game),
        ("turn_based", turn_game),
    ] {
        let (game, seat, m) = mid_game(play);
        let at = Some(game.now_ms() + 500);
        let board = *game.board(seat.board);
        group.bench_function(format!("game_{name}"), |b| {
            b.iter_batched_ref(
                || game.clone(),
                |g| g.play(black_box(seat), black_box(m), at),
                BATCH,
            )
        });
        group.bench_function(format!("board_{name}"), |b| {
            b.iter_batched_ref(|| board, |bd| bd.play(black_box(m)), BATCH)
        });
    }
    group.finish();
}

fn replay(c: &mut Criterion) {
    let moves = replay_moves();
    let settings = replay_settings();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("game", |b| {
        b.iter(|| {
            let mut g = Game::new(settings).expect("valid settings");
            for &(seat, m, at) in &moves {
                let _ = black_box(g.play(seat, m, Some(at)));
            }
            black_box(g.moves_played())
        })
    });
    // The same moves into a fresh game built outside the timed part
    // (`Game::new` writes a 65 KiB value): what `Game::play` itself costs
    // per move, to set beside `boards`, which needs no construction.
    group.bench_function("game_moves_only", |b| {
        b.iter_batched_ref(
            || Game::new(settings).expect("valid settings"),
            |g| {
                for &(seat, m, at) in &moves {
                    let _ = black_box(g.play(seat, m, Some(at)));
                }
                black_box(g.moves_played())
            },
            BatchSize::LargeInput,
        )
    });
    group.bench_function("boards", |b| {
        b.iter(|| {
            let mut boards = [Board::new(), Board::new()];
            for &(seat, m, _) in &moves {
                let id = seat.board;
                if let Ok(Some(piece)) = boards[id.index()].play(black_box(m)) {
                    boards[id.other().index()].add_to_pocket(piece.color, piece.role);
                }
            }
            black_box(boards)
        })
    });
    group.finish();
}

criterion_group!(benches, full_games, play_one, replay);
criterion_main!(benches);
