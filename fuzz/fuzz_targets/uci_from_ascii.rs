//! UCI move text (N3) in the context of a position (a FEN line, or a first
//! byte picking a seed position; the rest is the text): reading never
//! panics; what reads writes back to text that reads to the same move; the
//! move is playable exactly when it is in the legal list, and playing it
//! keeps every board invariant, while refusing it changes nothing.
#![no_main]

use bughouse_core::{Flavour, Move};
use bughouse_fuzz::{board_and_rest, check_board, in_flavour};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (board, text) = board_and_rest(data, Flavour::Bughouse);
    let parsed = Move::from_uci_bytes(text);
    if let Ok(s) = std::str::from_utf8(text) {
        assert_eq!(Move::from_uci(s), parsed, "{s:?}");
    }
    let Ok(m) = parsed else {
        return;
    };
    let written = m.to_string();
    assert_eq!(Move::from_uci(&written), Ok(m), "{m:?} writes {written}");
    assert!(written.len() <= 5, "{written}");

    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        let Some(board) = in_flavour(&board, flavour) else {
            continue;
        };
        let listed = board.legal_moves().contains(&m);
        assert_eq!(board.is_legal(m), listed, "is_legal({m}) on {board}");
        let mut after = board;
        match after.play(m) {
            Ok(_) => {
                assert!(listed, "play accepted {m} on {board}");
                check_board(&after);
                // Its SAN reads back to it.
                let san = board.san(m).to_string();
                assert_eq!(board.parse_san(&san), Ok(m), "{m} → {san} on {board}");
            }
            Err(_) => {
                assert!(!listed, "play refused legal {m} on {board}");
                assert_eq!(after, board, "a refused {m} changed {board}");
            }
        }
    }
});
