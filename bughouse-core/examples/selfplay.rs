//! Plays complete bughouse games between random movers, in both ways of
//! playing, and prints for each the final BFEN, the number of moves and the
//! ending message.
//!
//! `cargo run --release -p bughouse-core --example selfplay -- [GAMES] [SEED]`

use bughouse_core::{BoardId, Game, GameError, GameSettings, Mode, Seat, Seats};

/// A small seeded generator (xorshift64*), so runs repeat exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A live game: each board's side to move thinks for a random time; the
/// board whose mover is ready first moves. Waiting sides let their clock run.
fn live_game(rng: &mut Rng) -> Game {
    let mut game = Game::new(GameSettings::default()).expect("default settings are valid");
    let mut ready_at: [Option<u64>; 2] = [None, None];
    while !game.is_over() {
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
            // Nobody can move: only the clocks can end the game now.
            let _ = game.tick(game.now_ms() + 1000);
            continue;
        };
        let at = ready_at[id.index()].take().unwrap_or(0);
        let seat = Seat::new(id, game.board(id).turn());
        let moves = game.legal_moves(seat);
        let m = moves[rng.below(moves.len())];
        match game.play(seat, m, Some(at)) {
            Ok(_) | Err(GameError::GameOver) => {}
            Err(e) => panic!("a legal move was refused: {e}"),
        }
    }
    game
}

/// A turn-based game: the seat to act plays a random move, or now and then sits.
fn turn_game(rng: &mut Rng) -> Game {
    let mut game = Game::new(GameSettings::turn_based(Seats::A_WHITE)).expect("valid settings");
    while let Some(seat) = game.to_act() {
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

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(1);
    let mut rng = Rng(args.get(1).copied().unwrap_or(2026) | 1);
    for i in 0..games {
        for (name, mode) in [("live", Mode::Live), ("turn-based", Mode::TurnBased)] {
            let game = match mode {
                Mode::Live => live_game(&mut rng),
                Mode::TurnBased => turn_game(&mut rng),
            };
            let outcome = game.outcome().expect("every game ends");
            println!(
                "game {} ({name}): {} moves, at {:.1} s",
                i + 1,
                game.moves_played(),
                game.now_ms() as f64 / 1000.0
            );
            println!("  final: {}", game.bfen());
            println!("  {outcome}");
        }
    }
}
