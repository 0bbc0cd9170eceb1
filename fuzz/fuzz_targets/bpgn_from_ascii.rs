//! BPGN (N4) on any bytes: the reader, the tags, the tokens, replaying every
//! record (as a match, and as a single board in both flavours) and writing
//! each replayed match back never panic. What is written (with the record's
//! own tags, player names included) reads back to one record that replays
//! to the same moves, clocks and boards, and whose termination comment
//! reads as the game's ending — naming the loser whenever the player names
//! can tell the seats apart.
#![no_main]

use bughouse_core::bpgn::{BpgnReader, RecordedKind, ReplayErrorKind, write_bpgn};
use bughouse_core::{EndReason, Flavour, Game};
use libfuzzer_sys::fuzz_target;

/// The kind of ending the writer's termination comment states for `game`.
fn written_kind(game: &Game) -> RecordedKind {
    match game.outcome().map(|o| (o.reason, o.seat)) {
        None => RecordedKind::Unknown,
        Some((EndReason::Checkmate, _)) => RecordedKind::Checkmate,
        Some((EndReason::Time, Some(_))) => RecordedKind::Time,
        Some((EndReason::Resignation, _)) => RecordedKind::Resignation,
        Some((EndReason::Abandonment, _)) => RecordedKind::Abandonment,
        Some(_) => RecordedKind::Draw,
    }
}

/// Whether the names the writer puts in termination comments single out a
/// seat: FICS-like handles (letters, digits, `_`), none the start of another.
fn names_are_distinct(tags: &[(&str, &str)]) -> bool {
    let names: Vec<&str> = ["WhiteA", "BlackA", "WhiteB", "BlackB"]
        .iter()
        .zip(["A-White", "A-Black", "B-White", "B-Black"])
        .map(|(tag, default)| {
            tags.iter()
                .rev()
                .find(|(n, _)| n == tag)
                .map_or(default, |(_, v)| *v)
        })
        .collect();
    names.iter().enumerate().all(|(i, a)| {
        !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && names
                .iter()
                .enumerate()
                .all(|(j, b)| i == j || !b.starts_with(a))
    })
}

fuzz_target!(|data: &[u8]| {
    for record in BpgnReader::new(data).take(64) {
        // The tags the writer is handed: every readable one, as written,
        // except chess.com's `LoserSeat` and `GameEndReason`, which the
        // reader trusts over the termination comment (the writer copies
        // tags it does not know).
        let tags: Vec<(&str, &str)> = record
            .tags()
            .filter_map(|(n, v)| Some((std::str::from_utf8(n).ok()?, std::str::from_utf8(v).ok()?)))
            .filter(|(n, _)| !matches!(*n, "LoserSeat" | "GameEndReason"))
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
        if let Some(e) = &replay.error {
            let _ = e.to_string();
            // A record whose tags name a rule this engine does not play
            // (a crazyhouse Variant, Chess960, …) is refused, never replayed
            // under ours; written back with the same tags it is refused
            // the same way, so there is no round trip to check.
            if matches!(e.kind, ReplayErrorKind::UnsupportedRule(_)) {
                continue;
            }
        }

        let game = &replay.game;
        let mut text = String::new();
        write_bpgn(game, &tags, &mut text)
            .unwrap_or_else(|_| panic!("a replayed game does not write: {game:?}"));
        let mut records = BpgnReader::new(text.as_bytes());
        let again = records.next().expect("the written game reads back");
        assert!(
            records.next().is_none(),
            "one game writes two records:\n{text}"
        );
        let reread = again.replay();
        assert!(reread.error.is_none(), "{:?}\n{text}", reread.error);
        let moves = |g: &Game| -> Vec<_> {
            g.history()
                .filter_map(|a| Some((a.seat, a.as_move()?, a.clock_ms)))
                .collect()
        };
        assert_eq!(moves(game), moves(&reread.game), "{text}");
        assert_eq!(reread.game.boards(), game.boards(), "{text}");
        assert_eq!(reread.game.start_boards(), game.start_boards(), "{text}");
        assert_eq!(reread.ending.kind, written_kind(game), "{text}");
        if names_are_distinct(&tags) {
            assert_eq!(
                reread.ending.loser,
                game.outcome().and_then(|o| o.seat),
                "{text}"
            );
        }
    }
});
