//! Module constants, named and numbered as python-chess names them so code
//! moves over unchanged: `WHITE`, `PAWN`, `A1`, `SQUARE_NAMES`, …, and the
//! square helpers `square_name` / `parse_square`.

use bughouse_core::{Board, Color, Role, Square};
use pyo3::prelude::*;

use crate::{convert, errors};

/// The name of square `square` (`square_name(E4) == "e4"`).
#[pyfunction]
pub(crate) fn square_name(square: i64) -> PyResult<String> {
    Ok(convert::square_name(convert::square(square)?))
}

/// The square named `name` (`parse_square("e4") == E4`); `ValueError` otherwise.
#[pyfunction]
pub(crate) fn parse_square(name: &str) -> PyResult<u8> {
    Square::from_ascii(name.as_bytes())
        .map(convert::square_number)
        .ok_or_else(|| errors::bad_square_name(name))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("WHITE", Color::White.is_white())?;
    m.add("BLACK", Color::Black.is_white())?;
    m.add("COLORS", vec![true, false])?;
    m.add("COLOR_NAMES", vec!["black", "white"])?;
    for role in Role::ALL {
        m.add(role.name().to_uppercase(), convert::role_number(role))?;
    }
    m.add(
        "PIECE_TYPES",
        // Lists of `u32`: PyO3 turns a `Vec<u8>` into `bytes`.
        Role::ALL
            .map(|r| u32::from(convert::role_number(r)))
            .to_vec(),
    )?;
    let mut symbols: Vec<Option<String>> = vec![None];
    symbols.extend(Role::ALL.map(|r| Some(r.char().to_string())));
    m.add("PIECE_SYMBOLS", symbols)?;
    let mut names: Vec<Option<&str>> = vec![None];
    names.extend(Role::ALL.map(|r| Some(r.name())));
    m.add("PIECE_NAMES", names)?;
    let square_names: Vec<String> = Square::ALL.iter().map(|s| s.to_string()).collect();
    for (sq, name) in Square::ALL.iter().zip(&square_names) {
        m.add(name.to_uppercase(), convert::square_number(*sq))?;
    }
    m.add("SQUARES", (0..64u32).collect::<Vec<_>>())?;
    m.add("SQUARE_NAMES", square_names)?;
    m.add("STARTING_FEN", Board::new().to_string())?;
    m.add_function(wrap_pyfunction!(square_name, m)?)?;
    m.add_function(wrap_pyfunction!(parse_square, m)?)?;
    Ok(())
}
