//! Games between random movers, shared by `benches/games.rs` and the
//! replay programs in `benches/examples`, so every measure of a replay plays
//! the same moves.

use bughouse_core::{BoardId, Game, GameError, GameSettings, Move, Seat, Seats};
use bughouse_testkit::Rng;

/// The seed of every benchmark game, so runs compare the same moves.
pub const SEED: u64 = 2026;

/// A live game with the default clocks: each board's side to move thinks a
/// random time, and the board whose mover is ready first moves (as in
/// `examples/selfplay.rs`). Stops after `max_moves` moves if that comes first.
pub fn live_game(rng: &mut Rng, max_moves: u16) -> Game {
    let mut game = Game::new(GameSettings::default()).expect("default settings are valid");
    let mut ready_at: [Option<u64>; 2] = [None, None];
    while !game.is_over() && game.moves_played() < max_moves {
        for id in BoardId::ALL {
            let seat = Seat::new(id, game.board(id).turn());
            if ready_at[id.index()].is_none() && !game.legal_moves(seat).is_empty() {
                ready_at[id.index()] = Some(game.now_ms() + 100 + rng.below(1500) as u64);
            }
        }
        let Some(id) = BoardId::ALL
            .into_iter()
            .filter(|b| ready_at[b.index()].is_some())
            .min_by_key(|b| ready_at[b.index()])
        else {
            let _ = game.tick(game.now_ms() + 1000);
            continue;
        };
        let at = ready_at[id.index()].take().unwrap_or(0);
        let seat = Seat::new(id, game.board(id).turn());
        let moves = game.legal_moves(seat);
        match game.play(seat, moves[rng.below(moves.len())], Some(at)) {
            Ok(_) | Err(GameError::GameOver) => {}
            Err(e) => panic!("a legal move was refused: {e}"),
        }
    }
    game
}

/// A turn-based game: the seat to act plays a random move, or now and then
/// sits. Stops after `max_moves` moves if that comes first.
pub fn turn_game(rng: &mut Rng, max_moves: u16) -> Game {
    let mut game = Game::new(GameSettings::turn_based(Seats::A_WHITE)).expect("valid settings");
    while let Some(seat) = game.to_act() {
        if game.moves_played() >= max_moves {
            break;
        }
        if game.can_sit(seat) && rng.below(20) == 0 {
            game.sit(seat).expect("the seat to act may sit");
            continue;
        }
        let moves = game.legal_moves(seat);
        game.play(seat, moves[rng.below(moves.len())], None)
            .expect("a legal move");
    }
    game
}

/// The moves of a recorded game, in order, with their timestamps.
pub fn recorded(game: &Game) -> Vec<(Seat, Move, u64)> {
    game.history()
        .filter_map(|a| Some((a.seat?, a.as_move()?, a.at_ms)))
        .collect()
}

/// The game the `replay/*` benchmarks replay: the first live game from
/// [`SEED`] of at least 200 moves, as its moves.
pub fn replay_moves() -> Vec<(Seat, Move, u64)> {
    let mut rng = Rng::new(SEED);
    loop {
        let game = live_game(&mut rng, u16::MAX);
        if game.moves_played() >= 200 {
            return recorded(&game);
        }
    }
}

/// The settings a replay plays into: the live game without clocks, so the
/// recorded timestamps need no clock to agree with.
pub fn replay_settings() -> GameSettings {
    GameSettings {
        time_control: None,
        ..GameSettings::default()
    }
}
