//! BFEN reading (N2) on any bytes: never panics; what reads writes back to
//! a BFEN that reads to the same boards, and writing again gives the same
//! text. A game set up from it writes the same BFEN, and the boards keep
//! R7 (each colour's material fits in one game).
#![no_main]

use bughouse_core::{Game, GameSettings, bfen::Bfen, bfen::parse_bfen, board::POCKET_MAX};
use bughouse_fuzz::{check_board, match_material};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(boards) = parse_bfen(text) else {
        assert!(Game::from_bfen(text, GameSettings::default()).is_err());
        return;
    };
    for board in &boards {
        check_board(board);
    }
    for counts in match_material(&boards) {
        for (count, max) in counts.into_iter().zip(POCKET_MAX) {
            assert!(count <= u32::from(max), "R7 broken by {text}");
        }
    }
    let written = Bfen(&boards).to_string();
    let again = parse_bfen(&written)
        .unwrap_or_else(|e| panic!("written BFEN {written} does not read back: {e}"));
    assert_eq!(again, boards, "{written}");
    assert_eq!(Bfen(&again).to_string(), written);

    let game = Game::from_bfen(text, GameSettings::default())
        .unwrap_or_else(|e| panic!("{text} reads but sets up no game: {e}"));
    assert_eq!(game.bfen().to_string(), written);
    assert_eq!(game.boards(), &boards);
    assert_eq!(game.start_boards(), &boards);
});
