//! What the benchmarks share: the positions, and perft written the same way
//! for each library — bulk counting at the leaves (the last ply is counted,
//! not played) and a copied board per move — so the figures compare move
//! generation and move making, not perft drivers.
//!
//! - bughouse-core: [`bughouse_core::perft`] (leaves by popcount).
//! - shakmaty: `legal_moves().len()` at the leaves, as `shakmaty::perft` does.
//! - cozy-chess: the length of each piece's move set at the leaves.

pub mod games;
pub mod mate;
pub mod trace;

use bughouse_core::{Board, Flavour};
use shakmaty::fen::Fen;
use shakmaty::variant::Crazyhouse;
use shakmaty::{CastlingMode, Chess, Position};

/// Which rules a position is measured under.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Rules {
    /// Standard chess: no pockets, so our bughouse flavour (captures leave
    /// the board) plays exactly chess. Compared with shakmaty's `Chess` and
    /// cozy-chess.
    Chess,
    /// Crazyhouse: our crazyhouse flavour against shakmaty's `Crazyhouse`,
    /// the same tree. Our bughouse flavour is timed as well.
    Crazyhouse,
}

/// One benchmark position.
#[derive(Copy, Clone, Debug)]
pub struct Case {
    /// Short name for tables.
    pub name: &'static str,
    /// FEN (N1).
    pub fen: &'static str,
    /// Depth for the side-by-side run: the depths for the standard
    /// and middlegame positions; for the pocket positions the deepest at
    /// which shakmaty still finishes a call in about a second here.
    pub depth: u32,
    /// Rules it is measured under.
    pub rules: Rules,
}

/// The positions of issue 2's speed targets.
pub const CASES: &[Case] = &[
    Case {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        rules: Rules::Chess,
    },
    Case {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        rules: Rules::Chess,
    },
    Case {
        name: "zh-middlegame",
        fen: "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        depth: 4,
        rules: Rules::Crazyhouse,
    },
    Case {
        name: "pocket-1",
        fen: "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1",
        depth: 3,
        rules: Rules::Crazyhouse,
    },
    Case {
        name: "pocket-2",
        fen: "r1b2rk1/pp1p1ppp/2n5/2b1p3/4P3/2P2N2/PP3PPP/RNB1K2R[QNPqbp] w KQ - 0 12",
        depth: 4,
        rules: Rules::Crazyhouse,
    },
    Case {
        name: "pocket-3",
        fen: "r1b1k2r/ppp2ppp/2n5/3pP3/1b1P4/2q2N2/PP3PPP/R1BQKB1R[QRBNPPqrbnpp] w KQkq - 0 10",
        depth: 4,
        rules: Rules::Crazyhouse,
    },
    Case {
        name: "pocket-4",
        fen: "4k3/2p5/8/8/8/8/5P2/4K3[QRBNPqrbnp] w - - 0 1",
        depth: 3,
        rules: Rules::Crazyhouse,
    },
];

/// Our board for a case, in the given flavour. The pocket positions hold
/// more than one crazyhouse game's material (their pockets came from the
/// other board), so they are read as bughouse boards and switched.
pub fn ours(case: &Case, flavour: Flavour) -> Board {
    Board::from_fen(case.fen, Flavour::Bughouse)
        .unwrap_or_else(|e| panic!("{}: {e}", case.name))
        .with_flavour(flavour)
}

/// Shakmaty's chess position for a case.
pub fn shakmaty_chess(case: &Case) -> Chess {
    let fen: Fen = case.fen.parse().expect("shakmaty reads the FEN");
    fen.into_position(CastlingMode::Standard)
        .expect("a legal chess position")
}

/// Shakmaty's crazyhouse position for a case, allowed the extra material.
pub fn shakmaty_zh(case: &Case) -> Crazyhouse {
    let fen: Fen = case.fen.parse().expect("shakmaty reads the FEN");
    match fen.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(e) => e
            .ignore_too_much_material()
            .expect("legal but for the material"),
    }
}

/// Cozy-chess's board for a (standard chess) case.
pub fn cozy(case: &Case) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(case.fen, false).expect("cozy-chess reads the FEN")
}

/// Shakmaty perft, as `shakmaty::perft` (bulk counting at the leaves).
pub fn shakmaty_perft<P: Position + Clone>(pos: &P, depth: u32) -> u64 {
    shakmaty::perft(pos, depth)
}

/// Cozy-chess perft with bulk counting at the leaves.
pub fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// Bughouse middlegame positions for the bot's probes and speed runs, the
/// same ones for every build and experiment switch: four random actions,
/// then self-play of the plain bot at 3 000 nodes (seed 99), every sixth
/// action from the eighth on, at most 120 actions a game. Call it before
/// setting any switch, so the switches do not change the positions.
pub fn bot_positions(wanted: usize) -> Vec<(bughouse_core::Game, bughouse_core::Seat)> {
    use bughouse_core::bot::{Bot, SearchLimits, TableEntry};
    use bughouse_core::{Game, GameSettings, Seats};
    let mut positions = Vec::with_capacity(wanted);
    let mut rng = bughouse_testkit::Rng::new(99);
    let mut generator =
        Bot::with_storage(SearchLimits::nodes(3000), vec![TableEntry::EMPTY; 1 << 14]);
    while positions.len() < wanted {
        let mut game = Game::new(GameSettings::turn_based(Seats::empty())).expect("valid");
        for _ in 0..4 {
            let seat = game.to_act().expect("a seat acts at the start");
            let moves = game.legal_moves(seat);
            game.play(seat, moves[rng.below(moves.len())], None)
                .expect("legal");
        }
        let mut n = 0;
        while let Some(seat) = game.to_act() {
            if game.is_over() || n > 120 || positions.len() >= wanted {
                break;
            }
            n += 1;
            if n >= 8 && n % 6 == 0 {
                positions.push((game.clone(), seat));
            }
            let action = generator.choose(&game, seat).expect("the seat acts");
            action.apply(&mut game, seat, None).expect("legal");
        }
    }
    positions
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every library counts the same tree, so the speed figures compare
    /// like with like. (Depth 2 keeps the debug run quick; the side-by-side
    /// binary checks the full depths.)
    #[test]
    fn the_libraries_count_the_same_trees() {
        for case in CASES {
            for depth in 1..=2 {
                match case.rules {
                    Rules::Chess => {
                        let n = bughouse_core::perft(&ours(case, Flavour::Bughouse), depth);
                        assert_eq!(n, shakmaty_perft(&shakmaty_chess(case), depth));
                        assert_eq!(n, cozy_perft(&cozy(case), depth));
                    }
                    Rules::Crazyhouse => {
                        let n = bughouse_core::perft(&ours(case, Flavour::Crazyhouse), depth);
                        assert_eq!(
                            n,
                            shakmaty_perft(&shakmaty_zh(case), depth),
                            "{}",
                            case.name
                        );
                    }
                }
            }
        }
    }
}
