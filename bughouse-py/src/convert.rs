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
