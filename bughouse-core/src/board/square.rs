//! Squares, files and ranks.

use core::fmt;

use crate::Color;

/// A file (column) of the board, `a` to `h`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

/// A rank (row) of the board, `1` to `8`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl File {
    /// File `a`.
    pub const A: File = File(0);
    /// File `h`.
    pub const H: File = File(7);

    /// The file at index 0 (`a`) to 7 (`h`).
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 8 { Some(File(index)) } else { None }
    }

    /// 0 for `a` … 7 for `h`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file of a letter `a`–`h`.
    #[inline]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File(c as u8 - b'a')),
            _ => None,
        }
    }

    /// Its letter, `a`–`h`.
    #[inline]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
}

impl Rank {
    /// Rank 1, White's back rank.
    pub const FIRST: Rank = Rank(0);
    /// Rank 2, where White's pawns start and may step twice (R11); seen
    /// from Black with [`Rank::relative_to`], rank 7.
    pub const SECOND: Rank = Rank(1);
    /// Rank 8, Black's back rank.
    pub const EIGHTH: Rank = Rank(7);

    /// The rank at index 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 8 { Some(Rank(index)) } else { None }
    }

    /// 0 for rank 1 … 7 for rank 8.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank of a digit `1`–`8`.
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank(c as u8 - b'1')),
            _ => None,
        }
    }

    /// Its digit, `1`–`8`.
    #[inline]
    pub const fn char(self) -> char {
        (b'1' + self.0) as char
    }

    /// The same rank seen from `color`'s side: rank 2 for White is rank 7 for Black.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank(7 - self.0),
        }
    }
}

/// A square of one board, `a1` = 0, `b1` = 1, …, `h8` = 63 (python-chess numbering).
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Square {
    A1,
    B1,
    C1,
    D1,
    E1,
    F1,
    G1,
    H1,
    A2,
    B2,
    C2,
    D2,
    E2,
    F2,
    G2,
    H2,
    A3,
    B3,
    C3,
    D3,
    E3,
    F3,
    G3,
    H3,
    A4,
    B4,
    C4,
    D4,
    E4,
    F4,
    G4,
    H4,
    A5,
    B5,
    C5,
    D5,
    E5,
    F5,
    G5,
    H5,
    A6,
    B6,
    C6,
    D6,
    E6,
    F6,
    G6,
    H6,
    A7,
    B7,
    C7,
    D7,
    E7,
    F7,
    G7,
    H7,
    A8,
    B8,
    C8,
    D8,
    E8,
    F8,
    G8,
    H8,
}

impl Square {
    /// All 64 squares, `a1` first, `h8` last.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = [Square::A1, Square::B1, Square::C1, Square::D1, Square::E1, Square::F1, Square::G1, Square::H1, Square::A2, Square::B2, Square::C2, Square::D2, Square::E2, Square::F2, Square::G2, Square::H2, Square::A3, Square::B3, Square::C3, Square::D3, Square::E3, Square::F3, Square::G3, Square::H3, Square::A4, Square::B4, Square::C4, Square::D4, Square::E4, Square::F4, Square::G4, Square::H4, Square::A5, Square::B5, Square::C5, Square::D5, Square::E5, Square::F5, Square::G5, Square::H5, Square::A6, Square::B6, Square::C6, Square::D6, Square::E6, Square::F6, Square::G6, Square::H6, Square::A7, Square::B7, Square::C7, Square::D7, Square::E7, Square::F7, Square::G7, Square::H7, Square::A8, Square::B8, Square::C8, Square::D8, Square::E8, Square::F8, Square::G8, Square::H8];

    /// The square at index 0 (`a1`) to 63 (`h8`).
    #[inline]
    pub const fn new(index: u32) -> Option<Square> {
        if index < 64 {
            Some(Square::ALL[index as usize])
        } else {
            None
        }
    }

    /// The square at `index & 63`: infallible, for indices known to be in range.
    #[inline]
    pub const fn from_index_masked(index: u32) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::ALL[rank.0 as usize * 8 + file.0 as usize]
    }

    /// 0 for `a1` … 63 for `h8`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its file.
    #[inline]
    pub const fn file(self) -> File {
        File(self as u8 & 7)
    }

    /// Its rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self as u8 >> 3)
    }

    /// The square mirrored top to bottom (`e2` ↔ `e7`).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::ALL[self as usize ^ 56]
    }

    /// The square `delta` steps further in index order, if it is on the board.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 {
            Some(Square::ALL[i as usize])
        } else {
            None
        }
    }

    /// Parses a square name such as `e4`.
    pub fn from_ascii(s: &[u8]) -> Option<Square> {
        match s {
            [f, r] => Some(Square::from_coords(
                File::from_char(*f as char)?,
                Rank::from_char(*r as char)?,
            )),
            _ => None,
        }
    }

    /// The name as two ASCII bytes, such as `*b"e4"`.
    #[inline]
    pub const fn name(self) -> [u8; 2] {
        [self.file().char() as u8, self.rank().char() as u8]
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.file().char().to_ascii_uppercase(),
            self.rank().char()
        )
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
