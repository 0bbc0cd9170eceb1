//! SAN (N3) in the context of a position (a FEN line, or a first byte
//! picking a seed position; the rest is the text): reading never panics;
//! a SAN read without a board writes back to text that reads to the same
//! SAN; what resolves on the board is a legal move whose written SAN (with
//! the right `+`/`#`) resolves to it again; an ambiguity names two legal
//! moves.
#![no_main]

use bughouse_core::{Flavour, SanError, san::San, san::SanPlus, san::Suffix};
use bughouse_fuzz::{board_and_rest, check_board, in_flavour};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (board, text) = board_and_rest(data, Flavour::Bughouse);
    let plus = SanPlus::from_ascii(text);
    let san = San::from_ascii(text);
    assert_eq!(san, plus.map(|p| p.san));
    let Ok(san) = san else {
        return;
    };
    let written = san.to_string();
    assert_eq!(
        San::from_ascii(written.as_bytes()),
        Ok(san),
        "{:?} reads as {san:?}, writes {written}",
        String::from_utf8_lossy(text)
    );
    if let Ok(plus) = plus {
        let written = plus.to_string();
        assert_eq!(
            SanPlus::from_ascii(written.as_bytes()),
            Ok(plus),
            "{written}"
        );
    }

    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        let Some(board) = in_flavour(&board, flavour) else {
            continue;
        };
        let legal = board.legal_moves();
        match san.to_move(&board) {
            Ok(m) => {
                assert!(
                    board.is_legal(m) && legal.contains(&m),
                    "{san} → {m} on {board}"
                );
                if let Ok(s) = std::str::from_utf8(text) {
                    assert_eq!(board.parse_san(s), Ok(m));
                }
                let out = board.san(m);
                let out_text = out.to_string();
                assert_eq!(
                    board.parse_san(&out_text),
                    Ok(m),
                    "{m} → {out_text} on {board}"
                );
                let mut after = board;
                after
                    .play(m)
                    .unwrap_or_else(|e| panic!("{m} on {board}: {e}"));
                assert_eq!(
                    out.suffix,
                    Suffix::from_board(&after),
                    "{out_text} on {board}"
                );
                check_board(&after);
            }
            Err(SanError::Ambiguous { first, second, .. }) => {
                assert_ne!(first, second);
                assert!(
                    legal.contains(&first) && legal.contains(&second),
                    "{san} on {board}"
                );
            }
            Err(_) => {}
        }
    }
});
