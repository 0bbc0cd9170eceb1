//! Python values to core types and back: squares are `int` 0..63 (a1 = 0),
//! piece types `int` 1..6 (python-chess numbering, as `Role` numbers them),
//! colours `bool` (`WHITE = True`). Conversion only, no rules.

use bughouse_core::{Bitboard, BoardId, Color, Role, Seat, Seats, Square};
use pyo3::prelude::*;

use crate::errors::{self, OrRaise};

/// The square with index `value`, or `ValueError`.
pub(crate) fn square(value: i64) -> PyResult<Square> {
    u32::try_from(value)
        .ok()
        .and_then(Square::new)
        .ok_or_else(|| errors::out_of_range("square", value, "0..63"))
}

/// The piece type numbered `value` (1 = pawn … 6 = king), or `ValueError`.
pub(crate) fn role(value: i64) -> PyResult<Role> {
    usize::try_from(value - 1)
        .ok()
        .and_then(Role::from_index)
        .ok_or_else(|| errors::out_of_range("piece type", value, "1..6"))
}

// Python sees piece types as python-chess numbers them; `Role` uses the same.
const _: () = assert!(Role::Pawn as u8 == 1 && Role::King as u8 == 6);

/// The python-chess number of a role.
#[inline]
pub(crate) fn role_number(role: Role) -> u8 {
    role as u8
}

/// `True` is White.
#[inline]
pub(crate) fn color(white: bool) -> Color {
    Color::from_white(white)
}

/// The index of a square, as Python sees it.
#[inline]
pub(crate) fn square_number(sq: Square) -> u8 {
    sq.index() as u8
}

/// The squares of a set, a1 first. `u32`, not `u8`: PyO3 turns a `Vec<u8>`
/// into `bytes`, and Python wants a list of ints.
pub(crate) fn squares(bb: Bitboard) -> Vec<u32> {
    bb.into_iter().map(|sq| sq.index() as u32).collect()
}

/// The name of a square (`"e4"`).
pub(crate) fn square_name(sq: Square) -> String {
    sq.to_string()
}

/// The seat of a BPGN letter: `"A"` = A-White, `"a"` = A-Black, `"B"` =
/// B-White, `"b"` = B-Black; anything else is the core's `SeatError`.
pub(crate) fn seat(letter: &str) -> PyResult<Seat> {
    Seat::from_name(letter).or_raise()
}

/// The letter of a seat, as Python sees it.
pub(crate) fn seat_letter(seat: Seat) -> String {
    seat.char().to_string()
}

/// The board of a letter: `"A"` or `"B"` (either case, the core's reading).
pub(crate) fn board_id(letter: &str) -> PyResult<BoardId> {
    BoardId::from_name(letter).or_raise()
}

/// A set of seats as their letters, in seat order (`"AaBb"`).
pub(crate) fn seat_letters(seats: Seats) -> String {
    seats.seats().map(Seat::char).collect()
}

/// A Python `int` of any size. Arguments whose Rust type is narrower take
/// this instead, so that `move_cap=10**20` or `tick(2**63)` is the typed
/// error of an out-of-range value naming the argument, not PyO3's bare
/// `OverflowError`. The value saturates at the `i128` bounds (every range
/// the API checks lies far inside them); `Display` shows the value the
/// caller gave, shortened when it is enormous.
pub(crate) struct Int {
    pub(crate) value: i128,
    text: Option<String>,
}

impl Int {
    /// The value if it fits `T`.
    pub(crate) fn get<T: TryFrom<i128>>(&self) -> Option<T> {
        T::try_from(self.value).ok()
    }
}

impl From<u16> for Int {
    fn from(value: u16) -> Int {
        Int {
            value: value.into(),
            text: None,
        }
    }
}

impl std::fmt::Display for Int {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.text {
            Some(text) => f.write_str(text),
            None => write!(f, "{}", self.value),
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        if let Ok(value) = obj.extract::<i128>() {
            return Ok(Int { value, text: None });
        }
        // Not an int at all: the usual TypeError.
        let int = obj.cast::<pyo3::types::PyInt>()?;
        let negative = int.lt(0)?;
        let bits: u64 = int.call_method0("bit_length")?.extract()?;
        Ok(Int {
            value: if negative { i128::MIN } else { i128::MAX },
            text: Some(format!(
                "{}2**{}-ish (a {bits}-bit number)",
                if negative { "-" } else { "" },
                bits.saturating_sub(1)
            )),
        })
    }
}
