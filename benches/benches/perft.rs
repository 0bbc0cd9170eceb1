//! Criterion group `perft`: our perft against shakmaty's (and cozy-chess's on
//! standard chess) on the speed-target positions, one depth below the
//! side-by-side binary so a sample stays short.

use std::hint::black_box;

use bughouse_benches::{
    CASES, Rules, cozy, cozy_perft, ours, shakmaty_chess, shakmaty_perft, shakmaty_zh,
};
use bughouse_core::{Flavour, perft};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for case in CASES {
        let depth = case.depth - 1;
        let id = |lib: &str| format!("{}/d{depth}/{lib}", case.name);
        match case.rules {
            Rules::Chess => {
                let board = ours(case, Flavour::Bughouse);
                group.bench_function(id("bughouse-core"), |b| {
                    b.iter(|| perft(black_box(&board), depth))
                });
                let pos = shakmaty_chess(case);
                group.bench_function(id("shakmaty"), |b| {
                    b.iter(|| shakmaty_perft(black_box(&pos), depth))
                });
                let board = cozy(case);
                group.bench_function(id("cozy-chess"), |b| {
                    b.iter(|| cozy_perft(black_box(&board), depth))
                });
            }
            Rules::Crazyhouse => {
                let board = ours(case, Flavour::Crazyhouse);
                group.bench_function(id("bughouse-core"), |b| {
                    b.iter(|| perft(black_box(&board), depth))
                });
                let pos = shakmaty_zh(case);
                group.bench_function(id("shakmaty"), |b| {
                    b.iter(|| shakmaty_perft(black_box(&pos), depth))
                });
                let board = ours(case, Flavour::Bughouse);
                group.bench_function(id("bughouse-core-bughouse-flavour"), |b| {
                    b.iter(|| perft(black_box(&board), depth))
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
