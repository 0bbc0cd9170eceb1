//! FEN reading (N1) on any bytes, in both flavours: never panics; a board
//! that reads writes back to a FEN that reads to the same board, and
//! writing that board again gives the same text.
#![no_main]

use bughouse_core::{Board, Flavour};
use bughouse_fuzz::check_board;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        let Ok(board) = Board::from_fen(text, flavour) else {
            continue;
        };
        assert_eq!(board.flavour(), flavour);
        // The round trip, the hash and every other board invariant.
        check_board(&board);
        // `FromStr` is the bughouse flavour.
        if flavour == Flavour::Bughouse {
            assert_eq!(text.parse::<Board>().ok(), Some(board), "{text}");
        }
    }
});
