//! Text pictures of boards: python-chess's `str(board)` and
//! `board.unicode()`, with bughouse's pockets, and the two-board picture of
//! `str(game)`. Presentation only: every fact is read from the core.

use bughouse_core::{Board, Color, Piece, Pocket, Role, Square};

/// How squares and pieces are written.
#[derive(Copy, Clone)]
pub(crate) struct Style<'a> {
    /// Unicode chess symbols instead of FEN letters.
    pub unicode: bool,
    /// Unicode only: White's symbols for Black and back (for dark
    /// backgrounds), as python-chess's `invert_color`.
    pub invert_color: bool,
    /// What an empty square shows.
    pub empty: &'a str,
    /// White at the bottom (rank 8 first).
    pub white_at_bottom: bool,
    /// Rank numbers on the left and file letters below.
    pub coordinates: bool,
}

impl Style<'_> {
    /// python-chess's `str(board)`: letters, `.`, White at the bottom.
    pub(crate) const ASCII: Style<'static> = Style {
        unicode: false,
        invert_color: false,
        empty: ".",
        white_at_bottom: true,
        coordinates: false,
    };
}

/// python-chess's symbol for a piece: `♔`…`♟`, or its FEN letter.
pub(crate) fn symbol(piece: Piece, style: &Style<'_>) -> char {
    if !style.unicode {
        return piece.char();
    }
    let white = piece.color.is_white() != style.invert_color;
    let index = piece.role as usize - 1;
    let symbols: [char; 6] = if white {
        ['♙', '♘', '♗', '♖', '♕', '♔']
    } else {
        ['♟', '♞', '♝', '♜', '♛', '♚']
    };
    symbols[index]
}

/// A pocket as `[♕♘♙♙]` (or FEN letters), queen first; None when empty.
fn pocket_line(pocket: &Pocket, color: Color, style: &Style<'_>) -> Option<String> {
    if pocket.is_empty() {
        return None;
    }
    let pieces: String = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ]
    .into_iter()
    .flat_map(|role| {
        std::iter::repeat_n(
            symbol(role.of(color), style),
            usize::from(pocket.count(role)),
        )
    })
    .collect();
    Some(format!("[{pieces}]"))
}

/// The board's lines, top first: the top player's pocket (if any), eight
/// ranks, the files (with coordinates), the bottom player's pocket (if
/// any). With `keep_pocket_lines`, empty pockets still take their line (as
/// `[]`), so two boards side by side stay level.
pub(crate) fn lines(board: &Board, style: &Style<'_>, keep_pocket_lines: bool) -> Vec<String> {
    let (top, bottom) = if style.white_at_bottom {
        (Color::Black, Color::White)
    } else {
        (Color::White, Color::Black)
    };
    let indent = if style.coordinates { "  " } else { "" };
    let pocket = |color| {
        pocket_line(board.pocket(color), color, style)
            .or_else(|| keep_pocket_lines.then(|| "[]".to_string()))
            .map(|p| format!("{indent}{p}"))
    };
    let mut out = Vec::new();
    out.extend(pocket(top));
    for row in 0..8 {
        let rank = if style.white_at_bottom { 7 - row } else { row };
        let cells: Vec<String> = (0..8)
            .map(|col| {
                let file = if style.white_at_bottom { col } else { 7 - col };
                let sq = Square::ALL[rank * 8 + file];
                board
                    .piece_at(sq)
                    .map_or(style.empty.to_string(), |p| symbol(p, style).to_string())
            })
            .collect();
        let prefix = if style.coordinates {
            format!("{} ", rank + 1)
        } else {
            String::new()
        };
        out.push(format!("{prefix}{}", cells.join(" ")));
    }
    if style.coordinates {
        let files: Vec<String> = (0..8)
            .map(|col| {
                let file = if style.white_at_bottom { col } else { 7 - col };
                char::from(b'a' + file as u8).to_string()
            })
            .collect();
        out.push(format!("{indent}{}", files.join(" ")));
    }
    out.extend(pocket(bottom));
    out
}

/// The width of a line as a terminal shows it (every character here is
/// one column).
pub(crate) fn width(line: &str) -> usize {
    line.chars().count()
}
