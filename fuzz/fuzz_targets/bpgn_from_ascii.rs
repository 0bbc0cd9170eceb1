//! BPGN (N4) on any bytes: the reader, the tags, the tokens, replaying every
//! record (as a match, and as a single board in both flavours) and writing
//! each replayed match back never panic. What is written reads back to one
//! record that replays to the same moves, clocks and boards.
#![no_main]

use bughouse_core::bpgn::{BpgnReader, write_bpgn};
use bughouse_core::{ActionKind, Flavour};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for record in BpgnReader::new(data).take(64) {
        // The tags the writer is handed: every readable one, as written.
        let tags: Vec<(&str, &str)> = record
            .tags()
            .filter_map(|(n, v)| Some((std::str::from_utf8(n).ok()?, std::str::from_utf8(v).ok()?)))
            .collect();
        let _ = record.tokens().count();
        let _ = record.is_bughouse();
        for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
            let board = record.replay_board(flavour);
            let _ = board.agrees();
            if let Some(e) = board.error {
                let _ = e.to_string();
            }
        }
        let replay = record.replay();
        let _ = replay.agrees();
        if let Some(e) = replay.error {
            let _ = e.to_string();
        }

        let game = &replay.game;
        let mut text = String::new();
        write_bpgn(game, &tags, &mut text)
            .unwrap_or_else(|_| panic!("a replayed game does not write: {game:?}"));
        let mut records = BpgnReader::new(text.as_bytes());
        let again = records.next().expect("the written game reads back");
        assert!(records.next().is_none(), "one game writes two records:\n{text}");
        let reread = again.replay();
        assert!(reread.error.is_none(), "{:?}\n{text}", reread.error);
        let moves = |h: &[bughouse_core::Action]| -> Vec<_> {
            h.iter()
                .filter_map(|a| match a.kind {
                    ActionKind::Move(m) => Some((a.seat, m, a.clock_ms)),
                    ActionKind::Sit => None,
                })
                .collect()
        };
        assert_eq!(moves(game.history()), moves(reread.game.history()), "{text}");
        assert_eq!(reread.game.boards(), game.boards(), "{text}");
        assert_eq!(reread.game.start_boards(), game.start_boards(), "{text}");
    }
});
