//! The `bughouse` Python package's native module, `bughouse._bughouse`.
//!
//! Thin by design: every rule lives in `bughouse-core`; this crate converts
//! Python values to core types and back ([`convert`]) and core errors to the
//! package's exceptions ([`errors`], the only place that does). One file per
//! Python class.
//!
//! The two-board parts: `game.rs` (`Game`), `outcome.rs` (`Outcome`),
//! `game_record.rs` (`GameRecord`, `read_bpgn`); `bot.rs` runs the computer
//! player for `Game.bot_move`.

mod board;
mod bot;
mod constants;
mod convert;
mod diagram;
mod errors;
mod game;
mod game_record;
mod legal_moves;
mod moves;
mod outcome;
mod piece;
mod pocket;
mod time_control;

use pyo3::prelude::*;

#[pymodule]
fn _bughouse(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    constants::register(m)?;
    errors::register(m)?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<piece::PyPiece>()?;
    m.add_class::<pocket::PyPocket>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<board::PyBoardOutcome>()?;
    m.add_class::<legal_moves::PyLegalMoves>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<time_control::PyTimeControl>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<game_record::PyGameRecord>()?;
    m.add_class::<game_record::PyBpgnReader>()?;
    m.add_function(wrap_pyfunction!(board::py_perft, m)?)?;
    m.add_function(wrap_pyfunction!(game_record::read_bpgn, m)?)?;
    Ok(())
}
