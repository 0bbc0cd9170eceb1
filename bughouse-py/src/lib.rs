//! The `bughouse` Python package's native module, `bughouse._bughouse`.
//!
//! Thin by design: every rule lives in `bughouse-core`; this crate converts
//! Python values to core types and back ([`convert`]) and core errors to the
//! package's exceptions ([`errors`], the only place that does). One file per
//! Python class.
//!
//! Where the two-board parts go when the core has them: `game.rs` (`Game`),
//! `outcome.rs` (`Outcome`), `game_record.rs` (`GameRecord`, `read_bpgn`),
//! SAN methods on `Board` in `board.rs`; their core errors get `ToPyErr`
//! impls in `errors.rs`, where every exception type already exists.

mod board;
mod constants;
mod convert;
mod errors;
mod legal_moves;
mod moves;
mod pocket;

use pyo3::prelude::*;

#[pymodule]
fn _bughouse(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    constants::register(m)?;
    errors::register(m)?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<pocket::PyPocket>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<legal_moves::PyLegalMoves>()?;
    m.add_function(wrap_pyfunction!(board::py_perft, m)?)?;
    Ok(())
}
