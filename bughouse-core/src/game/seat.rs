//! Boards, seats and teams (R1, R2).

use core::fmt;

use bitflags::bitflags;

use crate::{BoardIdError, Color, Excerpt, SeatError};

/// One of the two boards (R1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum BoardId {
    /// Board A.
    A = 0,
    /// Board B.
    B = 1,
}

impl BoardId {
    /// Both boards, A first.
    pub const ALL: [BoardId; 2] = [BoardId::A, BoardId::B];

    /// 0 for A, 1 for B.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other board: where this board's captures go (R5).
    #[inline]
    pub const fn other(self) -> BoardId {
        match self {
            BoardId::A => BoardId::B,
            BoardId::B => BoardId::A,
        }
    }

    /// `'A'` or `'B'`.
    #[inline]
    pub const fn char(self) -> char {
        match self {
            BoardId::A => 'A',
            BoardId::B => 'B',
        }
    }

    /// The board of a one-letter name, `"A"` or `"B"`, either case (as
    /// BPGN move numbers write them: `1A.`, `1a.`).
    ///
    /// # Errors
    ///
    /// [`BoardIdError`] for any other text.
    pub fn from_name(name: &str) -> Result<BoardId, BoardIdError> {
        let mut chars = name.chars();
        match (chars.next().and_then(BoardId::from_char), chars.next()) {
            (Some(id), None) => Ok(id),
            _ => Err(BoardIdError(Excerpt::of(name))),
        }
    }

    /// The board of a letter, either case.
    pub const fn from_char(c: char) -> Option<BoardId> {
        match c {
            'A' | 'a' => Some(BoardId::A),
            'B' | 'b' => Some(BoardId::B),
            _ => None,
        }
    }
}

/// One of the two teams (R2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Team {
    /// Team 1: A-White and B-Black.
    One = 1,
    /// Team 2: A-Black and B-White.
    Two = 2,
}

impl Team {
    /// The other team.
    #[inline]
    pub const fn other(self) -> Team {
        match self {
            Team::One => Team::Two,
            Team::Two => Team::One,
        }
    }

    /// 1 or 2.
    #[inline]
    pub const fn number(self) -> u8 {
        self as u8
    }
}

/// A seat: a colour on a board (R1). Written as the BPGN letter: `A` is
/// A-White, `a` A-Black, `B` B-White, `b` B-Black.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seat {
    /// The board the seat plays on.
    pub board: BoardId,
    /// The colour it plays there.
    pub color: Color,
}

impl Seat {
    /// A-White (team 1).
    pub const A_WHITE: Seat = Seat {
        board: BoardId::A,
        color: Color::White,
    };
    /// A-Black (team 2).
    pub const A_BLACK: Seat = Seat {
        board: BoardId::A,
        color: Color::Black,
    };
    /// B-White (team 2).
    pub const B_WHITE: Seat = Seat {
        board: BoardId::B,
        color: Color::White,
    };
    /// B-Black (team 1).
    pub const B_BLACK: Seat = Seat {
        board: BoardId::B,
        color: Color::Black,
    };
    /// The four seats in index order: `A a B b`.
    pub const ALL: [Seat; 4] = [Seat::A_WHITE, Seat::A_BLACK, Seat::B_WHITE, Seat::B_BLACK];

    /// The seat playing `color` on `board`.
    #[inline]
    pub const fn new(board: BoardId, color: Color) -> Seat {
        Seat { board, color }
    }

    /// 0 `A`, 1 `a`, 2 `B`, 3 `b`: an index into per-seat arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self.board.index() * 2 + self.color.index()
    }

    /// The seat with `index()` `i`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Seat> {
        if i < 4 { Some(Seat::ALL[i]) } else { None }
    }

    /// The partner: the other board, the other colour (R2). Receives this
    /// seat's captures (R5).
    #[inline]
    pub const fn partner(self) -> Seat {
        Seat {
            board: self.board.other(),
            color: self.color.other(),
        }
    }

    /// The opponent on the same board.
    #[inline]
    pub const fn opponent(self) -> Seat {
        Seat {
            board: self.board,
            color: self.color.other(),
        }
    }

    /// The team (R2): A-White and B-Black are team 1.
    #[inline]
    pub const fn team(self) -> Team {
        match (self.board, self.color) {
            (BoardId::A, Color::White) | (BoardId::B, Color::Black) => Team::One,
            _ => Team::Two,
        }
    }

    /// The board it plays on.
    #[inline]
    pub const fn board(self) -> BoardId {
        self.board
    }

    /// The colour it plays.
    #[inline]
    pub const fn color(self) -> Color {
        self.color
    }

    /// The BPGN letter: upper case for White (`A`, `B`), lower case for Black.
    #[inline]
    pub const fn char(self) -> char {
        match (self.board, self.color) {
            (BoardId::A, Color::White) => 'A',
            (BoardId::A, Color::Black) => 'a',
            (BoardId::B, Color::White) => 'B',
            (BoardId::B, Color::Black) => 'b',
        }
    }

    /// The seat of a one-letter name, its BPGN letter (`"A"`, `"a"`, `"B"`,
    /// `"b"`).
    ///
    /// # Errors
    ///
    /// [`SeatError`] for any other text, naming (an excerpt of) it.
    ///
    /// ```
    /// use bughouse_core::Seat;
    ///
    /// assert_eq!(Seat::from_name("b"), Ok(Seat::B_BLACK));
    /// assert!(Seat::from_name("A-White").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Seat, SeatError> {
        let mut chars = name.chars();
        match (chars.next().and_then(Seat::from_char), chars.next()) {
            (Some(seat), None) => Ok(seat),
            _ => Err(SeatError(Excerpt::of(name))),
        }
    }

    /// The seat of a BPGN letter.
    #[inline]
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            'A' => Some(Seat::A_WHITE),
            'a' => Some(Seat::A_BLACK),
            'B' => Some(Seat::B_WHITE),
            'b' => Some(Seat::B_BLACK),
            _ => None,
        }
    }

    /// A name for people: `"A-White"`.
    pub const fn name(self) -> &'static str {
        match (self.board, self.color) {
            (BoardId::A, Color::White) => "A-White",
            (BoardId::A, Color::Black) => "A-Black",
            (BoardId::B, Color::White) => "B-White",
            (BoardId::B, Color::Black) => "B-Black",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

bitflags! {
    /// A set of seats, e.g. which seats are human (R30).
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(transparent))]
    pub struct Seats: u8 {
        /// A-White.
        const A_WHITE = 1;
        /// A-Black.
        const A_BLACK = 2;
        /// B-White.
        const B_WHITE = 4;
        /// B-Black.
        const B_BLACK = 8;
    }
}

impl Seats {
    /// The set holding one seat.
    #[inline]
    pub const fn of(seat: Seat) -> Seats {
        Seats::from_bits_truncate(1 << seat.index())
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub const fn has(self, seat: Seat) -> bool {
        self.contains(Seats::of(seat))
    }

    /// Reads BPGN letters (`"AaBb"`, `"A"`, `""`); `None` on any other character.
    pub fn from_letters(text: &str) -> Option<Seats> {
        text.chars().try_fold(Seats::empty(), |set, c| {
            Some(set | Seats::of(Seat::from_char(c)?))
        })
    }

    /// The seats in index order.
    pub fn seats(self) -> impl Iterator<Item = Seat> {
        Seat::ALL.into_iter().filter(move |s| self.has(*s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_teams_and_partners() {
        assert_eq!(Seat::A_WHITE.team(), Team::One);
        assert_eq!(Seat::B_BLACK.team(), Team::One);
        assert_eq!(Seat::A_BLACK.team(), Team::Two);
        assert_eq!(Seat::B_WHITE.team(), Team::Two);
        for seat in Seat::ALL {
            assert_eq!(seat.partner().team(), seat.team());
            assert_ne!(seat.partner().board, seat.board);
            assert_ne!(seat.partner().color, seat.color);
            assert_eq!(seat.partner().partner(), seat);
            assert_ne!(seat.opponent().team(), seat.team());
            assert_eq!(Seat::from_char(seat.char()), Some(seat));
            assert_eq!(Seat::from_index(seat.index()), Some(seat));
        }
    }

    #[test]
    fn seat_sets_from_letters() {
        assert_eq!(Seats::from_letters("AaBb"), Some(Seats::all()));
        assert_eq!(Seats::from_letters(""), Some(Seats::empty()));
        assert_eq!(Seats::from_letters("b"), Some(Seats::B_BLACK));
        assert_eq!(Seats::from_letters("x"), None);
    }
}
