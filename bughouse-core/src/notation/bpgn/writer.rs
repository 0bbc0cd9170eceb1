//! Writes a game as BPGN (N4): tags, numbered interleaved moves with clocks,
//! the termination comment and the result. What it writes reads back to the
//! same moves and ending.

use core::fmt::{self, Write};

use crate::{ActionKind, EndReason, Game, SanPlus, Seat, Team};

/// Tags written first, in this order, with these defaults.
const ROSTER: [(&str, &str); 8] = [
    ("Event", "bughouse game"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("WhiteA", "A-White"),
    ("BlackA", "A-Black"),
    ("WhiteB", "B-White"),
    ("BlackB", "B-Black"),
    ("TimeControl", "-"),
];

/// Counts columns so that movetext lines stay under 80 characters.
struct Wrapped<'w, W: Write> {
    out: &'w mut W,
    column: usize,
}

impl<W: Write> Wrapped<'_, W> {
    fn word(&mut self, args: fmt::Arguments<'_>) -> fmt::Result {
        let mut len = LenCounter(0);
        len.write_fmt(args)?;
        if self.column > 0 && self.column + 1 + len.0 > 79 {
            self.out.write_char('\n')?;
            self.column = 0;
        } else if self.column > 0 {
            self.out.write_char(' ')?;
            self.column += 1;
        }
        self.out.write_fmt(args)?;
        self.column += len.0;
        Ok(())
    }
}

struct LenCounter(usize);

impl Write for LenCounter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// A tag value with `"` and `\` escaped.
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '"' | '\\' => write!(f, "\\{c}")?,
                '\n' | '\r' => f.write_char(' ')?,
                _ => f.write_char(c)?,
            }
        }
        Ok(())
    }
}

/// Seconds with up to three decimals, trailing zeros trimmed (`119.9`, `-0.576`).
struct Seconds(i32);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = i64::from(self.0);
        let sign = if ms < 0 { "-" } else { "" };
        let (whole, frac) = (ms.abs() / 1000, ms.abs() % 1000);
        match frac {
            0 => write!(f, "{sign}{whole}"),
            _ if frac % 100 == 0 => write!(f, "{sign}{whole}.{}", frac / 100),
            _ if frac % 10 == 0 => write!(f, "{sign}{whole}.{:02}", frac / 10),
            _ => write!(f, "{sign}{whole}.{frac:03}"),
        }
    }
}

/// The result token of an outcome, as a team result: `1-0` when team 1
/// (A-White + B-Black) wins, `0-1` for team 2, `1/2-1/2`, or `*`.
pub fn result_token(winner: Option<Option<Team>>) -> &'static str {
    match winner {
        Some(Some(Team::One)) => "1-0",
        Some(Some(Team::Two)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// Writes `game` as BPGN. `tags` override the defaults (`WhiteA` … names the
/// players, used in the termination comment) and add others; `Result` and
/// `FEN` are always the game's own.
pub fn write_bpgn<W: Write>(game: &Game, tags: &[(&str, &str)], out: &mut W) -> fmt::Result {
    let tag = |name: &str| tags.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let outcome = game.outcome();
    for (name, default) in ROSTER {
        if name == "TimeControl" {
            match (tag(name), game.settings().time_control) {
                (Some(v), _) => writeln!(out, "[{name} \"{}\"]", Escaped(v))?,
                (None, Some(tc)) => writeln!(out, "[{name} \"{tc}\"]")?,
                (None, None) => writeln!(out, "[{name} \"{default}\"]")?,
            }
        } else {
            writeln!(
                out,
                "[{name} \"{}\"]",
                Escaped(tag(name).unwrap_or(default))
            )?;
        }
    }
    for (name, value) in tags {
        let known =
            ROSTER.iter().any(|(n, _)| n == name) || matches!(*name, "Result" | "FEN" | "SetUp");
        let first =
            tags.iter().position(|(n, _)| n == name) == tags.iter().rposition(|(n, _)| n == name);
        if !known && first {
            writeln!(out, "[{name} \"{}\"]", Escaped(value))?;
        }
    }
    let start = game.start_boards();
    if start.iter().any(|b| *b != crate::Board::new()) {
        writeln!(out, "[SetUp \"1\"]")?;
        writeln!(out, "[FEN \"{}\"]", crate::Bfen(start))?;
    }
    let result = result_token(outcome.map(|o| o.winner));
    writeln!(out, "[Result \"{result}\"]")?;

    let mut w = Wrapped { out, column: 0 };
    // SAN needs each move's board before it: two bare boards replay the
    // moves (captures routed to the partner's pocket, R5), not a second game.
    let mut boards = *game.start_boards();
    for action in game.log() {
        let Some(seat) = action.seat else { continue };
        match action.kind {
            ActionKind::Move(m) => {
                let board = &boards[seat.board.index()];
                let san = SanPlus::from_move(board, m);
                let number = board.fullmoves();
                match action.clock_ms {
                    Some(ms) => w.word(format_args!(
                        "{number}{}. {san}{{{}}}",
                        seat.char(),
                        Seconds(ms)
                    ))?,
                    None => w.word(format_args!("{number}{}. {san}", seat.char()))?,
                }
                if let Some(piece) = boards[seat.board.index()].play_unchecked(m) {
                    boards[seat.board.other().index()].add_to_pocket(piece.color, piece.role);
                }
            }
            ActionKind::Sit => w.word(format_args!("{{{} sits}}", seat.char()))?,
            _ => {}
        }
    }
    if let Some(o) = outcome {
        let name = |seat: Seat| {
            let tag_name = match seat {
                Seat::A_WHITE => "WhiteA",
                Seat::A_BLACK => "BlackA",
                Seat::B_WHITE => "WhiteB",
                _ => "BlackB",
            };
            // A comment cannot hold `}`: a player name with one would end
            // it early and turn the rest into moves, so the seat's own name
            // stands in (the reader knows it). So too for a line break, which
            // the tag writes as a space.
            tag(tag_name)
                .filter(|name| !name.contains(['}', '\n', '\r']))
                .unwrap_or(seat.name())
        };
        match (o.seat, o.reason) {
            (Some(seat), EndReason::Checkmate) => {
                w.word(format_args!("{{{} checkmated}}", name(seat)))?
            }
            (Some(seat), EndReason::Time) => {
                w.word(format_args!("{{{} forfeits on time}}", name(seat)))?
            }
            (Some(seat), EndReason::Resignation) => {
                w.word(format_args!("{{{} resigns}}", name(seat)))?
            }
            (Some(seat), _) => {
                w.word(format_args!("{{{} forfeits by disconnection}}", name(seat)))?
            }
            (None, EndReason::Time) => {
                w.word(format_args!("{{Game drawn: both teams ran out of time}}"))?
            }
            (None, EndReason::Agreement) => {
                w.word(format_args!("{{Game drawn by mutual agreement}}"))?
            }
            (None, EndReason::NoOneCanMove) => {
                w.word(format_args!("{{Game drawn: no one can move}}"))?
            }
            (None, EndReason::MoveCap) => w.word(format_args!("{{Game drawn by the move cap}}"))?,
            (None, _) => w.word(format_args!("{{Game drawn by repetition}}"))?,
        }
    }
    w.word(format_args!("{result}"))?;
    w.out.write_char('\n')
}
