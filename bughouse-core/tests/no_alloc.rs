//! Zero heap allocations in the core: a counting global allocator watches
//! move generation, `play`, the status calls, FEN and UCI reading and
//! writing (into fixed buffers), and perft.
//!
//! The count is per thread, so the test harness and other tests running at
//! the same time do not disturb it.
use std::fmt::Write as _;

use arrayvec::ArrayString;
use bughouse_core::{Board, Flavour, Move, Role, Square, perft};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::allocations;

fn assert_no_alloc<R>(what: &str, f: impl FnOnce() -> R) -> R {
    let (r, n) = allocations(f);
    assert_eq!(n, 0, "{what} allocated {n} times");
    r
}

const FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
    "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1",
    "4k3/2p5/8/8/8/8/5P2/4K3[QRBNPqrbnp] w - - 0 1",
    "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1",
    "R5k1/5ppp/8/8/8/8/8/4K3[pp] b - - 0 1",
    "6rk/5Npp/8/8/8/8/8/4K3[qrbnp] b - - 0 1",
    "4k3/8/8/2pP4/8/8/8/4K3[Pp] w - c6 0 2",
];

#[test]
fn the_counter_counts() {
    // Without this, a broken counter would pass every test below.
    let (v, n) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1);
}

#[test]
fn movegen_play_status_and_perft_do_not_allocate() {
    for fen in FENS {
        for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
            // Read outside the check when the flavour's material bound
            // refuses the position (it is a bughouse board).
            let Ok(board) = Board::from_fen(fen, flavour) else {
                continue;
            };
            assert_no_alloc(fen, || {
                let moves = board.legal_moves();
                assert_eq!(board.count_legal_moves(), moves.len() as u64);
                assert_eq!(board.has_legal_move(), !moves.is_empty());
                let _ = (board.is_check(), board.checkers(), board.pinned());
                let _ = (board.is_checkmate(), board.is_waiting(), board.status());
                let _ = board.drop_could_block_check();
                let mut total = 0u64;
                for &m in &moves {
                    assert!(board.is_legal(m));
                    let mut checked = board;
                    checked.play(m).unwrap();
                    let mut unchecked = board;
                    unchecked.play_unchecked(m);
                    assert_eq!(checked, unchecked);
                    total += unchecked.count_legal_moves();
                    let _ = unchecked.is_checkmate();
                }
                // The error path of `play` too.
                let mut b = board;
                let bad = Move::Drop {
                    role: Role::King,
                    to: Square::E4,
                };
                assert!(b.play(bad).is_err());
                assert_eq!(perft(&board, 2), total);
            });
        }
    }
}

#[test]
fn perft_does_not_allocate() {
    let board = Board::from_fen(FENS[3], Flavour::Bughouse).unwrap();
    let n = assert_no_alloc("perft", || perft(&board, 3));
    assert!(n > 0);
    let board = Board::new();
    assert_eq!(assert_no_alloc("perft", || perft(&board, 4)), 197_281);
}

#[test]
fn fen_and_uci_text_do_not_allocate() {
    for fen in FENS {
        assert_no_alloc(fen, || {
            let board = Board::from_fen(fen, Flavour::Bughouse).unwrap();
            let mut out = ArrayString::<128>::new();
            write!(out, "{board}").unwrap();
            let again = Board::from_fen(&out, Flavour::Bughouse).unwrap();
            assert_eq!(again, board);
            for m in board.legal_moves() {
                let mut text = ArrayString::<8>::new();
                write!(text, "{m}").unwrap();
                assert_eq!(Move::from_uci(&text).unwrap(), m);
            }
        });
    }
    // Errors, and their messages, too.
    for bad in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x KQkq - 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "",
        "4k3/8/8/8/8/8/8/4K3[QQQ] w - - 0 1",
    ] {
        assert_no_alloc(bad, || {
            let err = Board::from_fen(bad, Flavour::Bughouse).unwrap_err();
            let mut out = ArrayString::<256>::new();
            write!(out, "{err}").unwrap();
            assert!(out.contains("byte"));
        });
    }
    for bad in ["", "e2", "K@e4", "e7e8k", "z9z9"] {
        assert_no_alloc(bad, || {
            let err = Move::from_uci(bad).unwrap_err();
            let mut out = ArrayString::<128>::new();
            write!(out, "{err}").unwrap();
        });
    }
}
