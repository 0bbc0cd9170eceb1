//! Criterion benchmarks of the bughouse engine: see `benches/`. This crate
//! has no library code of its own.
