//! Criterion group `movegen`: one position's legal moves listed, counted,
//! and "is there any" (the early-exit check a game runs after every move),
//! with shakmaty's `legal_moves` beside the listing.

use std::hint::black_box;

use bughouse_benches::{CASES, Rules, ours, shakmaty_chess, shakmaty_zh};
use bughouse_core::{Board, Flavour};
use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::Position;

fn bench_movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    // A waiting board (R18): `has_legal_move` must walk everything to say no.
    let waiting: Board = "R5k1/5ppp/8/8/8/8/8/4K3[pp] b - - 0 1".parse().unwrap();
    let mut boards: Vec<(String, Board)> = vec![("waiting".to_string(), waiting)];
    for case in CASES
        .iter()
        .filter(|c| matches!(c.name, "startpos" | "kiwipete" | "pocket-1" | "pocket-4"))
    {
        let flavour = match case.rules {
            Rules::Chess => Flavour::Bughouse,
            Rules::Crazyhouse => Flavour::Crazyhouse,
        };
        boards.push((case.name.to_string(), ours(case, flavour)));
        match case.rules {
            Rules::Chess => {
                let pos = shakmaty_chess(case);
                group.bench_function(format!("legal_moves/{}/shakmaty", case.name), |b| {
                    b.iter(|| black_box(&pos).legal_moves())
                });
            }
            Rules::Crazyhouse => {
                let pos = shakmaty_zh(case);
                group.bench_function(format!("legal_moves/{}/shakmaty", case.name), |b| {
                    b.iter(|| black_box(&pos).legal_moves())
                });
            }
        }
    }
    for (name, board) in &boards {
        group.bench_function(format!("legal_moves/{name}/bughouse-core"), |b| {
            b.iter(|| black_box(board).legal_moves())
        });
        group.bench_function(format!("count_legal_moves/{name}/bughouse-core"), |b| {
            b.iter(|| black_box(board).count_legal_moves())
        });
        group.bench_function(format!("has_legal_move/{name}/bughouse-core"), |b| {
            b.iter(|| black_box(board).has_legal_move())
        });
    }
    group.finish();
}

criterion_group!(benches, bench_movegen);
criterion_main!(benches);
