//! What bughouse-core's tests, examples, benchmarks and fuzz targets share,
//! so that each is written once: a seeded random generator ([`Rng`]),
//! material counting ([`board_material`], [`match_material`], R7), the
//! placement field of a FEN built square by square ([`placement`]), and the
//! settings of a clocked live game ([`clocked`]).
//!
//! A development crate (`publish = false`): bughouse-core takes it as a
//! dev-dependency only, so nothing a user builds depends on it. It is a crate
//! rather than a `#[path]` include because three crates use it (the core's
//! tests and examples, the benches, and the fuzz crate outside the
//! workspace): one dependency line each, linted once, no relative paths into
//! another crate's folders.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use bughouse_core::{Board, Color, GameSettings, Role, TimeControl};

/// xorshift64*: a small seeded generator, so that random games, positions
/// and benchmarks repeat exactly from their seed (no `rand`, no allocation,
/// usable inside the no-allocation tests).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// The state a seed of 0 is replaced with (an all-zero xorshift state
    /// would stay zero forever).
    const ZERO_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

    /// A generator starting from `seed`; any seed gives a useful sequence.
    pub const fn new(seed: u64) -> Rng {
        Rng(if seed == 0 { Rng::ZERO_SEED } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n`.
    ///
    /// # Panics
    ///
    /// When `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "Rng::below(0): no number is below 0");
        (self.next_u64() % n as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// The material of `color` on `board` and in `color`'s pocket there, per
/// pocket role (pawn, knight, bishop, rook, queen: [`Role::index`]), promoted
/// pieces counted as pawns (R6). Kings are not counted.
pub fn board_material(board: &Board, color: Color) -> [u32; 5] {
    let ours = board.by_color(color);
    let mut counts = [0; 5];
    for role in Role::POCKET {
        let on_board = (board.by_role(role) & ours) - board.promoted();
        counts[role.index()] = on_board.count() + u32::from(board.pocket(color).count(role));
    }
    counts[Role::Pawn.index()] += (board.promoted() & ours).count();
    counts
}

/// R7 over a match: per colour (indexed by [`Color::index`]) and pocket
/// role, the pieces of that colour on both boards (promoted counted as
/// pawns) and in both of its pockets. Conserved by every action of a game;
/// a standard start has `[16, 4, 4, 4, 2]` for each colour.
pub fn match_material(boards: &[Board; 2]) -> [[u32; 5]; 2] {
    Color::ALL.map(|color| {
        let (a, b) = (
            board_material(&boards[0], color),
            board_material(&boards[1], color),
        );
        core::array::from_fn(|i| a[i] + b[i])
    })
}

/// The placement field of a FEN (rank 8 first) for 64 squares from a1
/// (`a1, b1, …, h8`), each a piece letter and whether it is promoted
/// (written `~` after it, R6), for tests that build positions square by
/// square and let the FEN reader judge them.
pub fn placement(squares: &[Option<(char, bool)>; 64]) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            match squares[rank * 8 + file] {
                Some((letter, promoted)) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(letter);
                    if promoted {
                        fen.push('~');
                    }
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen
}

/// The default live game with clocks of `base_ms` and `increment_ms` per
/// move (R26).
pub fn clocked(base_ms: u64, increment_ms: u64) -> GameSettings {
    GameSettings {
        time_control: Some(TimeControl {
            base_ms,
            increment_ms,
        }),
        ..GameSettings::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_repeats_from_its_seed_and_stays_in_range() {
        let (mut a, mut b) = (Rng::new(42), Rng::new(42));
        for _ in 0..1000 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(7) < 7);
            b.below(7);
        }
        let mut zero = Rng::new(0);
        assert_ne!(zero.next_u64(), zero.next_u64(), "a zero seed is not stuck");
    }

    #[test]
    fn xorshift64_star_known_first_value() {
        // Vigna's xorshift64* (shifts 12, 25, 27) from state 1: the state
        // becomes 0x200_0001, times the multiplier, worked out by hand
        // (Python: (0x2000001 * 0x2545F4914F6CDD1D) % 2**64).
        assert_eq!(Rng::new(1).next_u64(), 0x47e4_ce4b_896c_dd1d);
    }

    #[test]
    fn placement_writes_ranks_from_the_eighth() {
        let mut squares = [None; 64];
        squares[4] = Some(('K', false));
        squares[60] = Some(('k', false));
        squares[49] = Some(('Q', true));
        assert_eq!(placement(&squares), "4k3/1Q~6/8/8/8/8/8/4K3");
        assert_eq!(placement(&[None; 64]), "8/8/8/8/8/8/8/8");
    }

    #[test]
    fn r7_standard_start_material() {
        let start = [Board::new(), Board::new()];
        assert_eq!(board_material(&start[0], Color::White), [8, 2, 2, 2, 1]);
        assert_eq!(match_material(&start), [[16, 4, 4, 4, 2]; 2]);
        let promoted = Board::from_fen(
            "4k3/1Q~6/8/8/8/8/8/4K3[Pn] w - - 0 1",
            bughouse_core::Flavour::Bughouse,
        )
        .unwrap();
        // The promoted queen is a pawn (R6); the pocket pawn counts too.
        assert_eq!(board_material(&promoted, Color::White), [2, 0, 0, 0, 0]);
        assert_eq!(board_material(&promoted, Color::Black), [0, 1, 0, 0, 0]);
    }
}
