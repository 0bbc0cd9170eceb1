//! Criterion group `notation`: FEN read and written, SAN written and read,
//! and the corpus of real records replayed through the rules (issue 4's
//! speed figure: moves replayed per second on one core), with shakmaty's FEN
//! and SAN beside ours where it does the same work.

use std::fmt::Write as _;
use std::hint::black_box;

use bughouse_core::bpgn::{BpgnReader, replay_settings, write_bpgn};
use bughouse_core::{Board, Flavour, Game};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::fen::Fen;
use shakmaty::san::San;
use shakmaty::{CastlingMode, Position};

const FEN: &str =
    "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1";
const FEN_PLAIN: &str = "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 0 1";

/// Every bughouse record of the corpus, concatenated into one archive.
fn corpus() -> Vec<u8> {
    let root =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bughouse-core/tests/data/corpus");
    let mut text = Vec::new();
    for dir in [
        "fics-bpgn/bugaboo",
        "fics-bpgn/pychess-variants",
        "fics-embedded",
        "chesscom-derived-bpgn",
    ] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            text.extend(std::fs::read(path).unwrap());
            text.extend(b"\n\n");
        }
    }
    text
}

fn bench_notation(c: &mut Criterion) {
    let mut group = c.benchmark_group("notation");
    let board = Board::from_fen(FEN, Flavour::Bughouse).unwrap();
    group.bench_function("fen_read/bughouse-core", |b| {
        b.iter(|| Board::from_fen(black_box(FEN), Flavour::Bughouse).unwrap())
    });
    group.bench_function("fen_read/shakmaty", |b| {
        b.iter(|| black_box(FEN_PLAIN).parse::<Fen>().unwrap())
    });
    let mut out = String::with_capacity(128);
    group.bench_function("fen_write/bughouse-core", |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{}", black_box(&board)).unwrap();
        })
    });

    let moves = board.legal_moves();
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("san_write_all/bughouse-core", |b| {
        b.iter(|| {
            for &m in &moves {
                black_box(board.san(m).to_array_string());
            }
        })
    });
    let texts: Vec<String> = moves.iter().map(|&m| board.san(m).to_string()).collect();
    group.bench_function("san_read_all/bughouse-core", |b| {
        b.iter(|| {
            for t in &texts {
                black_box(board.parse_san(t).unwrap());
            }
        })
    });
    let pos: shakmaty::Chess = FEN_PLAIN
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let theirs = pos.legal_moves();
    group.throughput(Throughput::Elements(theirs.len() as u64));
    group.bench_function("san_write_all_no_drops/shakmaty", |b| {
        b.iter(|| {
            for m in &theirs {
                black_box(San::from_move(&pos, *m).to_string());
            }
        })
    });

    // The corpus replayed through one `Game` (no copy of its history).
    let archive = corpus();
    let total: usize = {
        let mut game = Game::new(replay_settings()).unwrap();
        BpgnReader::new(&archive)
            .map(|r| r.replay_into(&mut game).moves)
            .sum()
    };
    group.throughput(Throughput::Elements(total as u64));
    let mut game = Game::new(replay_settings()).unwrap();
    group.bench_function("bpgn_replay_corpus/bughouse-core", |b| {
        b.iter(|| {
            let mut moves = 0;
            for record in BpgnReader::new(black_box(&archive)) {
                let report = record.replay_into(&mut game);
                assert!(report.error.is_none());
                moves += report.moves;
            }
            assert_eq!(moves, total);
        })
    });
    let record = BpgnReader::new(&archive).next().unwrap().replay();
    let mut text = String::with_capacity(1 << 14);
    group.throughput(Throughput::Elements(record.moves as u64));
    group.bench_function("bpgn_write_game/bughouse-core", |b| {
        b.iter(|| {
            text.clear();
            write_bpgn(black_box(&record.game), &[], &mut text).unwrap();
        })
    });
    group.finish();
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
