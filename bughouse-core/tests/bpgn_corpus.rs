//! N4: every real record in the corpus (FICS, bughousedb, chess.com) replays
//! through the rules; every recorded checkmate is a bughouse mate (R16) at
//! the last move; no game ends before its record does (the records where a
//! drop-blockable check met an empty pocket play on, R17). The crazyhouse
//! archives replay in the crazyhouse flavour.

use std::path::Path;

use bughouse_core::bpgn::{BpgnReader, RecordedKind};
use bughouse_core::{EndReason, Flavour};

fn files(dir: &str) -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus")
        .join(dir);
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "bpgn" || e == "pgn") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn n4_r16_every_bughouse_record_replays_and_agrees() {
    let (mut games, mut moves, mut mates) = (0, 0, 0);
    for dir in ["fics-bpgn", "fics-embedded", "chesscom-derived-bpgn"] {
        for path in files(dir) {
            let text = std::fs::read(&path).unwrap();
            for record in BpgnReader::new(&text) {
                assert!(record.is_bughouse(), "{}", path.display());
                let replay = record.replay();
                if let Some(e) = &replay.error {
                    panic!("{}: {e}", path.display());
                }
                assert!(
                    replay.agrees(),
                    "{}: ending {:?} vs {:?}",
                    path.display(),
                    replay.ending,
                    replay.game.outcome()
                );
                if replay.ending.kind == RecordedKind::Checkmate {
                    assert_eq!(
                        replay.game.outcome().map(|o| o.reason),
                        Some(EndReason::Checkmate)
                    );
                    mates += 1;
                }
                games += 1;
                moves += replay.moves;
            }
        }
    }
    assert_eq!(games, 48, "the corpus holds 48 bughouse matches");
    assert_eq!(mates, 27, "3 FICS and 24 chess.com checkmates");
    assert!(moves > 5000, "{moves}");
}

#[test]
fn r17_blockable_check_with_empty_pocket_plays_on_in_the_record() {
    // chess.com 161530622681_161530622683: after 40a. Q@e1+ White waits and later drops R@f1.
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/corpus/chesscom-derived-bpgn/161530622681_161530622683.bpgn");
    let text = std::fs::read(path).unwrap();
    let record = BpgnReader::new(&text).next().unwrap();
    let replay = record.replay();
    assert!(replay.error.is_none());
    assert_eq!(replay.ending.kind, RecordedKind::Time);
    assert!(replay.game.outcome().is_none());
}

#[test]
fn crazyhouse_archives_replay_in_the_crazyhouse_flavour() {
    let (mut games, mut mates) = (0, 0);
    for path in files("crazyhouse-fics")
        .into_iter()
        .chain(files("crazyhouse-lichess"))
    {
        let text = std::fs::read(&path).unwrap();
        for record in BpgnReader::new(&text) {
            let replay = record.replay_board(Flavour::Crazyhouse);
            if let Some(e) = &replay.error {
                panic!("{}: {e}", path.display());
            }
            assert!(
                replay.agrees(),
                "{}: game {} ending {:?}",
                path.display(),
                record.number,
                replay.ending
            );
            if replay.ending.kind == RecordedKind::Checkmate {
                mates += 1;
            }
            games += 1;
        }
    }
    assert_eq!(games, 1377);
    assert!(mates > 100, "{mates}");
}

/// The team a recorded ending makes the winner (FICS names the loser):
/// `Some(None)` for a draw, `None` when the record names no result.
fn recorded_winner(e: &bughouse_core::bpgn::RecordedEnding<'_>) -> Option<Option<u8>> {
    match (e.kind, e.loser) {
        (RecordedKind::Draw, _) => Some(None),
        (RecordedKind::Aborted | RecordedKind::Unknown, _) | (_, None) => None,
        (_, Some(loser)) => Some(Some(loser.team().other().number())),
    }
}

/// Issue 17: every record read, written back by the engine and read again
/// keeps its ending (kind and losing seat) and what its Result means (the
/// winning team), also for resignations and flags the moves cannot show;
/// the rewritten `Result` tag never contradicts the termination comment.
#[test]
fn n4_every_record_read_written_and_read_keeps_its_ending() {
    let (mut games, mut resigned_or_flagged) = (0, 0);
    for dir in ["fics-bpgn", "fics-embedded", "chesscom-derived-bpgn"] {
        for path in files(dir) {
            let text = std::fs::read(&path).unwrap();
            for record in BpgnReader::new(&text) {
                let replay = record.replay();
                let names: Vec<(String, String)> = ["WhiteA", "BlackA", "WhiteB", "BlackB"]
                    .iter()
                    .filter_map(|&t| {
                        let v = record.tag(t)?;
                        Some((t.to_string(), String::from_utf8_lossy(v).into_owned()))
                    })
                    .collect();
                let tags: Vec<(&str, &str)> = names
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect();
                let mut written = String::new();
                replay.write_bpgn(&tags, &mut written).unwrap();
                let again = BpgnReader::new(written.as_bytes()).next().unwrap();
                let reread = again.replay();
                let at = || format!("{} game {}:\n{written}", path.display(), record.number);
                assert!(reread.error.is_none(), "{:?} {}", reread.error, at());
                assert!(reread.agrees(), "{}", at());
                assert_eq!(reread.game.boards(), replay.game.boards(), "{}", at());
                assert_eq!(reread.ending.kind, replay.ending.kind, "{}", at());
                assert_eq!(reread.ending.loser, replay.ending.loser, "{}", at());
                let meaning = recorded_winner(&replay.ending);
                assert_eq!(recorded_winner(&reread.ending), meaning, "{}", at());
                let token =
                    match meaning.or(replay.game.outcome().map(|o| o.winner.map(|t| t.number()))) {
                        Some(Some(1)) => "1-0",
                        Some(Some(_)) => "0-1",
                        Some(None) => "1/2-1/2",
                        None => "*",
                    };
                assert_eq!(again.tag("Result"), Some(token.as_bytes()), "{}", at());
                if matches!(
                    replay.ending.kind,
                    RecordedKind::Resignation | RecordedKind::Time
                ) {
                    resigned_or_flagged += 1;
                }
                games += 1;
            }
        }
    }
    assert_eq!(games, 48);
    assert!(resigned_or_flagged >= 15, "{resigned_or_flagged}");
}
