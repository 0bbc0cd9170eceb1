//! Attack tables: leapers, sliders (magic bitboards), and the squares between
//! two squares. Every table is computed by `const fn` at compile time into a
//! `static`, so there is no build script and no start-up cost.
//!
//! With the `runtime-tables` feature the three large tables (the sliders'
//! 841 KB, `BETWEEN` and `LINE` 32 KB each) are instead zero-initialised
//! statics (no bytes in the binary: `.bss`) filled at run time by
//! [`init_tables`], from the same `const fn`s. [`init_tables`] must run before
//! the first lookup: the WebAssembly build calls it from its start function,
//! which runs at every instantiation before any export can be called. Lookups
//! assert it in debug builds only: a flag check on every lookup measured ~30%
//! slower perft in WebAssembly.

use crate::board::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use crate::{Bitboard, Color, Piece, Role, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// Squares reached from `sq` by single steps of `deltas` that stay on the board.
const fn step_attacks(sq: usize, deltas: &[(i32, i32)]) -> u64 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        let (f, r) = (file + deltas[i].0, rank + deltas[i].1);
        if 0 <= f && f < 8 && 0 <= r && r < 8 {
            out |= 1 << (r * 8 + f);
        }
        i += 1;
    }
    out
}

/// Squares a slider on `sq` attacks along `dirs`, each ray stopping at the
/// first occupied square (included).
const fn slide_attacks(sq: usize, occupied: u64, dirs: &[(i32, i32); 4]) -> u64 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (mut f, mut r) = (file + dirs[d].0, rank + dirs[d].1);
        while 0 <= f && f < 8 && 0 <= r && r < 8 {
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += dirs[d].0;
            r += dirs[d].1;
        }
        d += 1;
    }
    out
}

/// The relevant occupancy mask of a slider: its rays without the board edge.
const fn relevant_mask(sq: usize, dirs: &[(i32, i32); 4]) -> u64 {
    let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (file + df, rank + dr);
        while 0 <= f + df && f + df < 8 && 0 <= r + dr && r + dr < 8 {
            out |= 1 << (r * 8 + f);
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

/// One square's entry of a magic lookup.
#[derive(Copy, Clone)]
struct Magic {
    mask: u64,
    factor: u64,
    shift: u32,
    offset: usize,
}

/// The per-square magic entries of one slider kind, and the table size they need.
const fn magic_entries(
    dirs: &[(i32, i32); 4],
    factors: &[u64; 64],
    base: usize,
) -> ([Magic; 64], usize) {
    let mut entries = [Magic {
        mask: 0,
        factor: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = base;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        entries[sq] = Magic {
            mask,
            factor: factors[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (entries, offset)
}

const ROOK_TABLE: ([Magic; 64], usize) = magic_entries(&ROOK_DIRS, &ROOK_MAGICS, 0);
const BISHOP_TABLE: ([Magic; 64], usize) =
    magic_entries(&BISHOP_DIRS, &BISHOP_MAGICS, ROOK_TABLE.1);
static ROOK_ENTRIES: [Magic; 64] = ROOK_TABLE.0;
static BISHOP_ENTRIES: [Magic; 64] = BISHOP_TABLE.0;
/// Rook entries: 102,400; bishop entries: 5,248.
const SLIDER_TABLE_LEN: usize = BISHOP_TABLE.1;

#[cfg(not(feature = "runtime-tables"))]
const fn fill_slider_table(
    table: &mut [u64; SLIDER_TABLE_LEN],
    entries: &[Magic; 64],
    dirs: &[(i32, i32); 4],
) {
    let mut sq = 0;
    while sq < 64 {
        let m = entries[sq];
        // Enumerate every subset of the mask (carry-rippler).
        let mut subset: u64 = 0;
        loop {
            let index = m.offset + (subset.wrapping_mul(m.factor) >> m.shift) as usize;
            table[index] = slide_attacks(sq, subset, dirs);
            subset = subset.wrapping_sub(m.mask) & m.mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

#[cfg(not(feature = "runtime-tables"))]
static SLIDER_ATTACKS: [u64; SLIDER_TABLE_LEN] = {
    let mut table = [0u64; SLIDER_TABLE_LEN];
    fill_slider_table(&mut table, &ROOK_TABLE.0, &ROOK_DIRS);
    fill_slider_table(&mut table, &BISHOP_TABLE.0, &BISHOP_DIRS);
    table
};

const fn leaper_table(deltas: &[(i32, i32)]) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = step_attacks(sq, deltas);
        sq += 1;
    }
    table
}

static KNIGHT_ATTACKS: [u64; 64] = leaper_table(&KNIGHT_DELTAS);
static KING_ATTACKS: [u64; 64] = leaper_table(&KING_DELTAS);
static PAWN_ATTACKS: [[u64; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// Empty-board reach of each role from each square, by [`Role::index`]:
/// none for a pawn (its reach depends on its colour), the king's step.
static EMPTY_BOARD_REACH: [[u64; 64]; 6] = {
    let mut table = [[0u64; 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let bishop = slide_attacks(sq, 0, &BISHOP_DIRS);
        let rook = slide_attacks(sq, 0, &ROOK_DIRS);
        table[1][sq] = step_attacks(sq, &KNIGHT_DELTAS);
        table[2][sq] = bishop;
        table[3][sq] = rook;
        table[4][sq] = bishop | rook;
        table[5][sq] = step_attacks(sq, &KING_DELTAS);
        sq += 1;
    }
    table
};

/// `(between, line)` of squares `a` and `b`: the squares strictly between
/// them on a common rank, file or diagonal, and the whole line through both
/// (both empty when they share none).
const fn between_and_line(a: usize, b: usize) -> (u64, u64) {
    let bit_b = 1u64 << b;
    let dirs = [ROOK_DIRS, BISHOP_DIRS];
    let mut k = 0;
    while k < 2 {
        let from_a = slide_attacks(a, 0, &dirs[k]);
        if a != b && from_a & bit_b != 0 {
            let from_b = slide_attacks(b, 0, &dirs[k]);
            let line = (from_a & from_b) | (1 << a) | bit_b;
            let between = slide_attacks(a, bit_b, &dirs[k]) & slide_attacks(b, 1 << a, &dirs[k]);
            return (between, line);
        }
        k += 1;
    }
    (0, 0)
}

/// [`between_and_line`] for every pair of squares.
#[cfg(not(feature = "runtime-tables"))]
const fn line_tables() -> ([[u64; 64]; 64], [[u64; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            (between[a][b], line[a][b]) = between_and_line(a, b);
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

#[cfg(not(feature = "runtime-tables"))]
const LINE_TABLES: ([[u64; 64]; 64], [[u64; 64]; 64]) = line_tables();
#[cfg(not(feature = "runtime-tables"))]
static BETWEEN: [[u64; 64]; 64] = LINE_TABLES.0;
#[cfg(not(feature = "runtime-tables"))]
static LINE: [[u64; 64]; 64] = LINE_TABLES.1;

/// Reads of the large tables: plain array reads of the compile-time tables.
#[cfg(not(feature = "runtime-tables"))]
mod tables {
    use super::{BETWEEN, LINE, SLIDER_ATTACKS};

    #[inline(always)]
    pub(super) fn slider(index: usize) -> u64 {
        SLIDER_ATTACKS[index]
    }

    #[inline(always)]
    pub(super) fn between(a: usize, b: usize) -> u64 {
        BETWEEN[a][b]
    }

    #[inline(always)]
    pub(super) fn line(a: usize, b: usize) -> u64 {
        LINE[a][b]
    }

    pub(super) fn init() {}
}

/// Reads of the large tables, filled at run time (feature `runtime-tables`).
///
/// The tables are arrays of atomics only because the crate forbids `unsafe`
/// (no `static mut`): zero-initialised, they take no bytes in the binary, and
/// a relaxed atomic load is a plain load on every target. `READY` is set
/// (release) after the last store, so [`init`] is idempotent and cheap; reads
/// assert it in debug builds. Two threads filling at once store the same
/// values.
#[cfg(feature = "runtime-tables")]
mod tables {
    use super::{
        BISHOP_DIRS, BISHOP_TABLE, Magic, ROOK_DIRS, ROOK_TABLE, SLIDER_TABLE_LEN,
        between_and_line, slide_attacks,
    };
    use core::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    static SLIDER_ATTACKS: [AtomicU64; SLIDER_TABLE_LEN] =
        [const { AtomicU64::new(0) }; SLIDER_TABLE_LEN];
    static BETWEEN: [AtomicU64; 64 * 64] = [const { AtomicU64::new(0) }; 64 * 64];
    static LINE: [AtomicU64; 64 * 64] = [const { AtomicU64::new(0) }; 64 * 64];
    static READY: AtomicBool = AtomicBool::new(false);

    fn fill_slider(entries: &[Magic; 64], dirs: &[(i32, i32); 4]) {
        for (sq, m) in entries.iter().enumerate() {
            // Every subset of the mask (carry-rippler), as the const build.
            let mut subset: u64 = 0;
            loop {
                let index = m.offset + (subset.wrapping_mul(m.factor) >> m.shift) as usize;
                SLIDER_ATTACKS[index].store(slide_attacks(sq, subset, dirs), Ordering::Relaxed);
                subset = subset.wrapping_sub(m.mask) & m.mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }

    #[cold]
    #[inline(never)]
    fn fill() {
        fill_slider(&ROOK_TABLE.0, &ROOK_DIRS);
        fill_slider(&BISHOP_TABLE.0, &BISHOP_DIRS);
        for a in 0..64 {
            for b in 0..64 {
                let (between, line) = between_and_line(a, b);
                BETWEEN[a * 64 + b].store(between, Ordering::Relaxed);
                LINE[a * 64 + b].store(line, Ordering::Relaxed);
            }
        }
        READY.store(true, Ordering::Release);
    }

    #[inline(always)]
    pub(super) fn init() {
        if !READY.load(Ordering::Acquire) {
            fill();
        }
    }

    #[inline(always)]
    pub(super) fn slider(index: usize) -> u64 {
        debug_assert!(
            READY.load(Ordering::Relaxed),
            "attack tables read before init_tables"
        );
        SLIDER_ATTACKS[index].load(Ordering::Relaxed)
    }

    #[inline(always)]
    pub(super) fn between(a: usize, b: usize) -> u64 {
        debug_assert!(
            READY.load(Ordering::Relaxed),
            "attack tables read before init_tables"
        );
        BETWEEN[a * 64 + b].load(Ordering::Relaxed)
    }

    #[inline(always)]
    pub(super) fn line(a: usize, b: usize) -> u64 {
        debug_assert!(
            READY.load(Ordering::Relaxed),
            "attack tables read before init_tables"
        );
        LINE[a * 64 + b].load(Ordering::Relaxed)
    }
}

/// Fills the attack tables, if they are filled at run time (feature
/// `runtime-tables`); does nothing otherwise, and nothing on later calls.
///
/// With `runtime-tables`, call it before any lookup (any move generation):
/// the WebAssembly build does so in its start function (measured in Node:
/// instantiation ~2–3 ms without the feature, ~12–17 ms with it; see
/// bughouse-node/bench/bench_wasm_startup.mjs). Lookups assert it in debug
/// builds.
pub fn init_tables() {
    tables::init();
}

/// Squares a piece of `role` on `sq` would attack on an empty board (none
/// for a pawn): a superset of its attacks on any board, one table read
/// with no branch on the role.
#[inline]
pub(crate) fn empty_board_reach(role: Role, sq: Square) -> Bitboard {
    Bitboard(EMPTY_BOARD_REACH[role.index()][sq.index()])
}

/// Squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    Bitboard(KNIGHT_ATTACKS[sq.index()])
}

/// Squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING_ATTACKS[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks (its diagonal capture squares).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_ATTACKS[color.index()][sq.index()])
}

/// Squares any of the `color` pawns in `pawns` attacks: [`pawn_attacks`]
/// for a whole set at once (two shifts; the a- and h-file pawns attack
/// inwards only).
#[inline]
pub fn pawn_attacks_of_set(color: Color, pawns: Bitboard) -> Bitboard {
    let not_a = pawns - Bitboard::from_file(crate::File::A);
    let not_h = pawns - Bitboard::from_file(crate::File::H);
    match color {
        Color::White => Bitboard((not_a.0 << 7) | (not_h.0 << 9)),
        Color::Black => Bitboard((not_a.0 >> 9) | (not_h.0 >> 7)),
    }
}

#[inline]
fn magic_lookup(entries: &[Magic; 64], sq: Square, occupied: Bitboard) -> Bitboard {
    let m = &entries[sq.index()];
    let index = m.offset + ((occupied.0 & m.mask).wrapping_mul(m.factor) >> m.shift) as usize;
    Bitboard(tables::slider(index))
}

/// Squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_ENTRIES, sq, occupied)
}

/// Squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_ENTRIES, sq, occupied)
}

/// Squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

/// Squares `piece` on `sq` attacks, given the occupied squares.
#[inline]
pub fn attacks(sq: Square, piece: Piece, occupied: Bitboard) -> Bitboard {
    match piece.role {
        Role::Pawn => pawn_attacks(piece.color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or
/// diagonal; empty otherwise. These are the squares where a drop blocks a
/// check from `b` to a king on `a` (R13, R16).
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::between(a.index(), b.index()))
}

/// The whole line (edge to edge) through `a` and `b`, or empty when they share
/// no rank, file or diagonal. A pinned piece stays on the line through its
/// king and itself.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(tables::line(a.index(), b.index()))
}

/// Whether `a`, `b` and `c` lie on one line.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_rook(sq: Square, occ: Bitboard) -> Bitboard {
        Bitboard(slide_attacks(sq.index(), occ.0, &ROOK_DIRS))
    }
    fn slow_bishop(sq: Square, occ: Bitboard) -> Bitboard {
        Bitboard(slide_attacks(sq.index(), occ.0, &BISHOP_DIRS))
    }

    #[test]
    fn magic_lookup_matches_ray_walk_for_every_subset() {
        init_tables();
        for sq in Square::ALL {
            for (entries, dirs) in [(&ROOK_ENTRIES, &ROOK_DIRS), (&BISHOP_ENTRIES, &BISHOP_DIRS)] {
                let mask = entries[sq.index()].mask;
                let mut subset = 0u64;
                loop {
                    // Noise outside the mask must not matter.
                    let occ = Bitboard(subset | !mask & 0x8142_2418_1824_4281);
                    let want = Bitboard(slide_attacks(sq.index(), occ.0, dirs));
                    assert_eq!(magic_lookup(entries, sq, occ), want, "{sq:?}");
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
        assert_eq!(
            rook_attacks(Square::A1, Bitboard::EMPTY),
            slow_rook(Square::A1, Bitboard::EMPTY)
        );
        assert_eq!(bishop_attacks(Square::D4, Bitboard::EMPTY).count(), 13);
        assert_eq!(slow_bishop(Square::D4, Bitboard::EMPTY).count(), 13);
    }

    #[test]
    fn leapers() {
        init_tables();
        assert_eq!(
            knight_attacks(Square::A1),
            Bitboard::from_square(Square::B3).with(Square::C2)
        );
        assert_eq!(king_attacks(Square::E4).count(), 8);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from_square(Square::D5).with(Square::F5)
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A7),
            Bitboard::from_square(Square::B6)
        );
    }

    #[test]
    fn between_and_line() {
        init_tables();
        assert_eq!(between(Square::E1, Square::E8).count(), 6);
        assert_eq!(between(Square::A1, Square::H8).count(), 6);
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert_eq!(between(Square::A1, Square::B3), Bitboard::EMPTY);
        assert_eq!(line(Square::B2, Square::C3).count(), 8);
        assert!(aligned(Square::A1, Square::D4, Square::H8));
        assert!(!aligned(Square::A1, Square::D4, Square::H7));
    }
}
