//! Zobrist keys: a 64-bit fingerprint of a position, kept up to date by
//! `play`, used for repetition (R25, F6).
//!
//! Every feature of the position has its own random key: a piece on a square,
//! a promoted mark on a square, the side to move, each castling right, the en
//! passant file, and — for each seat, role and *count* — the pocket. Pocket
//! keys are per count (not per piece added), so two pockets that differ in any
//! count up to the R8 bounds always differ in their keys.

use crate::board::pocket::POCKET_MAX;
use crate::{CastlingRights, Color, Piece, Role, Square};

/// SplitMix64: a fixed, seeded source of well-mixed keys, usable in `const`.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// One more than the largest pocket count of any role (R8: 16 pawns).
const COUNTS: usize = 17;

/// All keys, drawn in a fixed order from one seed.
pub(crate) struct Keys {
    pieces: [[u64; 64]; 12],
    promoted: [u64; 64],
    pockets: [[[u64; COUNTS]; 5]; 2],
    castling: [u64; 4],
    en_passant: [u64; 8],
    turn: u64,
}

const fn make_keys() -> Keys {
    let mut s = 0x6275_6768_6f75_7365; // "bughouse"
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        promoted: [0; 64],
        pockets: [[[0; COUNTS]; 5]; 2],
        castling: [0; 4],
        en_passant: [0; 8],
        turn: 0,
    };
    let mut i = 0;
    while i < 12 * 64 {
        let (n, k) = splitmix(s);
        s = n;
        keys.pieces[i / 64][i % 64] = k;
        i += 1;
    }
    i = 0;
    while i < 64 {
        let (n, k) = splitmix(s);
        s = n;
        keys.promoted[i] = k;
        i += 1;
    }
    i = 0;
    while i < 2 * 5 * COUNTS {
        let (n, k) = splitmix(s);
        s = n;
        let (color, role, count) = (i / (5 * COUNTS), (i / COUNTS) % 5, i % COUNTS);
        // An empty pocket contributes nothing, so a fresh board's hash is the
        // hash of its placement and state alone.
        keys.pockets[color][role][count] = if count == 0 { 0 } else { k };
        i += 1;
    }
    i = 0;
    while i < 4 {
        let (n, k) = splitmix(s);
        s = n;
        keys.castling[i] = k;
        i += 1;
    }
    i = 0;
    while i < 8 {
        let (n, k) = splitmix(s);
        s = n;
        keys.en_passant[i] = k;
        i += 1;
    }
    keys.turn = splitmix(s).1;
    keys
}

pub(crate) static KEYS: Keys = make_keys();

/// The key of `piece` standing on `sq`.
#[inline]
pub(crate) fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.color.index() * 6 + piece.role.index()][sq.index()]
}

/// The key of a promoted mark (R6) on `sq`.
#[inline]
pub(crate) fn promoted(sq: Square) -> u64 {
    KEYS.promoted[sq.index()]
}

/// The key of `color`'s pocket holding exactly `count` pieces of `role`.
#[inline]
pub(crate) fn pocket(color: Color, role: Role, count: u8) -> u64 {
    debug_assert!(count <= POCKET_MAX[role.index()]);
    KEYS.pockets[color.index()][role.index()][usize::from(count).min(COUNTS - 1)]
}

/// The key of a set of castling rights.
#[inline]
pub(crate) fn castling(rights: CastlingRights) -> u64 {
    let mut h = 0;
    for (i, key) in KEYS.castling.iter().enumerate() {
        if rights.bits() & (1 << i) != 0 {
            h ^= key;
        }
    }
    h
}

/// The key of an en passant square on file `file`.
#[inline]
pub(crate) fn en_passant(sq: Square) -> u64 {
    KEYS.en_passant[sq.file().index()]
}

/// The key of Black to move.
#[inline]
pub(crate) fn black_to_move() -> u64 {
    KEYS.turn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pocket_of_one_colour_within_r8_bounds_hashes_differently() {
        // 17 * 5 * 5 * 5 * 3 = 6375 pockets; sort their keys and look for a repeat.
        let mut seen = [0u64; 17 * 5 * 5 * 5 * 3];
        let mut n = 0;
        for p in 0..=16u8 {
            for nn in 0..=4u8 {
                for b in 0..=4u8 {
                    for r in 0..=4u8 {
                        for q in 0..=2u8 {
                            seen[n] = pocket(Color::White, Role::Pawn, p)
                                ^ pocket(Color::White, Role::Knight, nn)
                                ^ pocket(Color::White, Role::Bishop, b)
                                ^ pocket(Color::White, Role::Rook, r)
                                ^ pocket(Color::White, Role::Queen, q);
                            n += 1;
                        }
                    }
                }
            }
        }
        seen.sort_unstable();
        assert!(seen.windows(2).all(|w| w[0] != w[1]));
    }

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all = [0u64; 12 * 64 + 64 + 4 + 8 + 1];
        let mut n = 0;
        for row in &KEYS.pieces {
            for &k in row {
                all[n] = k;
                n += 1;
            }
        }
        for &k in &KEYS.promoted {
            all[n] = k;
            n += 1;
        }
        for &k in KEYS.castling.iter().chain(&KEYS.en_passant) {
            all[n] = k;
            n += 1;
        }
        all[n] = KEYS.turn;
        all.sort_unstable();
        assert!(all[0] != 0);
        assert!(all.windows(2).all(|w| w[0] != w[1]));
    }
}
