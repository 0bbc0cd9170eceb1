//! N1: the FEN counters. Found by the `legals_are_legal` fuzz target: a
//! board read with counters at 999999 played a move and wrote `1000000`,
//! which the reader (six digits at most) refused. The reader now takes any
//! `u32` and play saturates the counters, so every board's FEN reads back.

use bughouse_core::{Board, Flavour, Move};

fn round_trips(board: &Board) {
    let fen = board.to_string();
    let again = Board::from_fen(&fen, board.flavour()).unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(&again, board, "{fen}");
}

#[test]
fn n1_counters_past_six_digits_read_back() {
    let mut board = Board::from_fen(
        "4k3/8/8/8/8/8/8/4K3[] b - - 999999 999999",
        Flavour::Bughouse,
    )
    .unwrap();
    board.play(Move::from_uci("e8d7").unwrap()).unwrap();
    assert_eq!(
        (board.halfmoves(), board.fullmoves()),
        (1_000_000, 1_000_000)
    );
    assert!(board.to_string().ends_with(" 1000000 1000000"));
    round_trips(&board);
}

#[test]
fn n1_counters_saturate_at_the_largest_u32() {
    let max = u32::MAX;
    let mut board = Board::from_fen(
        &format!("4k3/8/8/8/8/8/8/4K3[] b - - {max} {max}"),
        Flavour::Bughouse,
    )
    .unwrap();
    board.play(Move::from_uci("e8d7").unwrap()).unwrap();
    assert_eq!((board.halfmoves(), board.fullmoves()), (max, max));
    round_trips(&board);
    // Beyond u32, or longer than any u32 is written: a typed error.
    for bad in ["4294967296", "00000000001", "99999999999"] {
        let fen = format!("4k3/8/8/8/8/8/8/4K3[] w - - {bad} 1");
        assert!(Board::from_fen(&fen, Flavour::Bughouse).is_err(), "{fen}");
    }
}
