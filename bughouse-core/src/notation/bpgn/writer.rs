//! Writes a game as BPGN (N4): tags, numbered interleaved moves with clocks,
//! the termination comment and the result. What it writes reads back to the
//! same moves and ending.

use core::fmt::{self, Write};

use super::ending::{RecordedEnding, RecordedKind};
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

/// Why a game could not be written as BPGN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum WriteError {
    /// A tag name that is not a PGN symbol (letters, digits and `_`, at
    /// least one): it would not read back. `index` is its place in `tags`.
    #[error("tag {index}: a tag name is letters, digits and '_' only")]
    TagName {
        /// Which of the caller's tags.
        index: usize,
    },
    /// The output refused the text (a full fixed buffer, a closed stream).
    #[error("the output refused the text")]
    Output,
}

impl From<fmt::Error> for WriteError {
    fn from(_: fmt::Error) -> WriteError {
        WriteError::Output
    }
}

/// Tags this writer owns: what the game itself says, never the caller's.
const ENGINE_TAGS: [&str; 7] = [
    "Result", "FEN", "SetUp", "Mode", "Humans", "MoveCap", "Clocks",
];

/// A PGN tag name: letters, digits and `_`.
fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A seat's BPGN letter in a command comment.
struct Letter(Seat);

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char(self.0.char())
    }
}

/// Writes `game` as BPGN (N4) that reads back to the same game
/// ([`crate::bpgn::Record::replay`] gives a game `==` to it):
///
/// - tags: the players (`WhiteA` … from `tags`, used in the termination
///   comment), `TimeControl` exact to the millisecond (`2.5+0`), the way of
///   playing (`Mode`: `live` or `turn_based`), the human seats (`Humans`:
///   seat letters), the move cap (`MoveCap`), `SetUp`/`FEN` for another
///   start, and the `Result`; the caller's other tags as given;
/// - movetext: each move with its clock comment (`{179.9}`) and exact
///   timestamp (`{[ts=0.85]}`, as bughouse.pro writes it); sits, ticks,
///   draw offers and withdrawals, resignations and abandonments as command
///   comments (`{[sit=a]}`, `{[tick=12.5]}`, `{[offer=B]}`,
///   `{[withdraw=B]}`, `{[resign=b][ts=3]}`);
/// - the ending as a FICS termination comment (`{alice checkmated}`,
///   `{bob forfeits on time}`, `{Game drawn by mutual agreement}` …) and a
///   team `Result` (`1-0`: A-White and B-Black win) that never contradicts
///   it; `*` while the game goes on.
///
/// # Errors
///
/// [`WriteError::TagName`] for a tag name that is not a PGN symbol (nothing
/// is written), [`WriteError::Output`] when `out` fails.
///
/// ```
/// use bughouse_core::{Game, GameSettings, Seat, bpgn::{BpgnReader, write_bpgn}};
///
/// let mut game = Game::new(GameSettings::default())?;
/// game.play_text(Seat::A_WHITE, "e4", Some(1_000))?;
/// game.resign(Seat::A_BLACK, Some(4_000))?;
/// let mut text = String::new();
/// write_bpgn(&game, &[("Event", "club night")], &mut text)?;
/// assert!(text.contains("[Event \"club night\"]"));
/// assert!(text.contains("1-0"));
/// // Read back and replayed, it is the same game.
/// let record = BpgnReader::new(text.as_bytes()).next().unwrap();
/// assert_eq!(record.replay().game, game);
/// assert!(write_bpgn(&game, &[("bad name", "x")], &mut String::new()).is_err());
/// # Ok::<(), Box<dyn core::error::Error>>(())
/// ```
pub fn write_bpgn<W: Write>(
    game: &Game,
    tags: &[(&str, &str)],
    out: &mut W,
) -> Result<(), WriteError> {
    write_with_ending(game, tags, None, out)
}

/// As [`write_bpgn`], for a game replayed from a record whose ending the
/// moves do not show (a resignation, a flag or an agreement in an archive
/// without clocks): when the game has no outcome, `recorded` is written as
/// its termination comment and `Result`, so the record's ending survives.
///
/// # Errors
///
/// As [`write_bpgn`].
pub fn write_with_ending<W: Write>(
    game: &Game,
    tags: &[(&str, &str)],
    recorded: Option<&RecordedEnding<'_>>,
    out: &mut W,
) -> Result<(), WriteError> {
    if let Some(index) = tags.iter().position(|(n, _)| !valid_tag_name(n)) {
        return Err(WriteError::TagName { index });
    }
    let tag = |name: &str| tags.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let outcome = game.outcome();
    let settings = game.settings();
    for (name, default) in ROSTER {
        if name == "TimeControl" {
            match (settings.time_control, tag(name)) {
                (Some(tc), _) => writeln!(out, "[{name} \"{tc}\"]")?,
                (None, Some(v)) => writeln!(out, "[{name} \"{}\"]", Escaped(v))?,
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
    let mode = match settings.mode {
        crate::Mode::Live => "live",
        crate::Mode::TurnBased => "turn_based",
    };
    writeln!(out, "[Mode \"{mode}\"]")?;
    out.write_str("[Humans \"")?;
    for seat in settings.humans.seats() {
        out.write_char(seat.char())?;
    }
    out.write_str("\"]\n")?;
    writeln!(out, "[MoveCap \"{}\"]", settings.move_cap)?;
    if settings.mode == crate::Mode::Live && settings.time_control.is_none() {
        // A TimeControl tag is then the caller's, data only: no referee.
        writeln!(out, "[Clocks \"none\"]")?;
    }
    for (i, (name, value)) in tags.iter().enumerate() {
        let owned = ROSTER.iter().any(|(n, _)| n == name) || ENGINE_TAGS.contains(name);
        let first = tags.iter().position(|(n, _)| n == name) == Some(i);
        if !owned && first {
            writeln!(out, "[{name} \"{}\"]", Escaped(value))?;
        }
    }
    let start = game.start_boards();
    if start.iter().any(|b| *b != crate::Board::new()) {
        writeln!(out, "[SetUp \"1\"]")?;
        writeln!(out, "[FEN \"{}\"]", crate::Bfen(start))?;
    }
    let recorded = recorded.filter(|_| outcome.is_none());
    let result = match (outcome, recorded) {
        (Some(o), _) => result_token(Some(o.winner)),
        (None, Some(r)) => match (r.kind, r.loser) {
            (RecordedKind::Draw, _) => "1/2-1/2",
            (RecordedKind::Aborted | RecordedKind::Unknown, _) | (_, None) => "*",
            (_, Some(loser)) => result_token(Some(Some(loser.team().other()))),
        },
        (None, None) => "*",
    };
    writeln!(out, "[Result \"{result}\"]")?;

    let mut w = Wrapped { out, column: 0 };
    // SAN needs each move's board before it: two bare boards replay the
    // moves (captures routed to the partner's pocket, R5), not a second game.
    let mut boards = *start;
    let mut offers = crate::Seats::empty();
    let mut now = 0;
    let clocked = game.clock_ms(Seat::A_WHITE).is_some();
    for action in game.log() {
        let at = TimeStamp(action.at_ms);
        let Some(seat) = action.seat else {
            w.word(format_args!("{{[tick={at}]}}"))?;
            now = action.at_ms;
            continue;
        };
        let letter = Letter(seat);
        if matches!(action.kind, ActionKind::Move(_) | ActionKind::Sit) {
            // The offers that stood when it was made (the log folds them).
            for s in (offers - action.offers).seats() {
                w.word(format_args!("{{[withdraw={}]}}", Letter(s)))?;
            }
            for s in (action.offers - offers).seats() {
                w.word(format_args!("{{[offer={}]}}", Letter(s)))?;
            }
            offers = action.offers;
        }
        match action.kind {
            ActionKind::Move(m) => {
                let board = &boards[seat.board.index()];
                let san = SanPlus::from_move(board, m);
                let number = board.fullmoves();
                // FICS style: the clock comment right after the move.
                match action.clock_ms {
                    Some(ms) => {
                        w.word(format_args!("{number}{letter}. {san}{{{}}}", Seconds(ms)))?
                    }
                    None => w.word(format_args!("{number}{letter}. {san}"))?,
                }
                if clocked || action.at_ms != now {
                    w.word(format_args!("{{[ts={at}]}}"))?;
                }
                if let Some(piece) = boards[seat.board.index()].play_unchecked(m) {
                    boards[seat.board.other().index()].add_to_pocket(piece.color, piece.role);
                }
                offers = crate::Seats::empty();
            }
            ActionKind::Sit if action.at_ms != now => {
                w.word(format_args!("{{[sit={letter}][ts={at}]}}"))?
            }
            ActionKind::Sit => w.word(format_args!("{{[sit={letter}]}}"))?,
            ActionKind::OfferDraw => {
                offers |= crate::Seats::of(seat);
                w.word(format_args!("{{[offer={letter}]}}"))?
            }
            ActionKind::WithdrawDraw => {
                offers -= crate::Seats::of(seat);
                w.word(format_args!("{{[withdraw={letter}]}}"))?
            }
            ActionKind::Resign => w.word(format_args!("{{[resign={letter}][ts={at}]}}"))?,
            ActionKind::Abandon => w.word(format_args!("{{[abandon={letter}][ts={at}]}}"))?,
            ActionKind::Tick => w.word(format_args!("{{[tick={at}]}}"))?,
        }
        now = action.at_ms;
    }
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
            .filter(|name| !name.contains(['}', '\n', '\r']) && !name.starts_with('['))
            .unwrap_or(seat.name())
    };
    if let Some(o) = outcome {
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
    } else if let Some(r) = recorded {
        let printable = !r.text.is_empty()
            && r.text
                .iter()
                .all(|&b| (b' '..=b'~').contains(&b) && b != b'}')
            && !r.text.starts_with(b"[");
        match (r.kind, r.loser) {
            _ if printable => {
                let text = core::str::from_utf8(r.text).unwrap_or("");
                w.word(format_args!("{{{text}}}"))?
            }
            (RecordedKind::Checkmate, Some(s)) => {
                w.word(format_args!("{{{} checkmated}}", name(s)))?
            }
            (RecordedKind::Time, Some(s)) => {
                w.word(format_args!("{{{} forfeits on time}}", name(s)))?
            }
            (RecordedKind::Resignation, Some(s)) => {
                w.word(format_args!("{{{} resigns}}", name(s)))?
            }
            (RecordedKind::Abandonment, Some(s)) => {
                w.word(format_args!("{{{} forfeits by disconnection}}", name(s)))?
            }
            (RecordedKind::Draw, _) => w.word(format_args!("{{Game drawn}}"))?,
            (RecordedKind::Aborted, _) => w.word(format_args!("{{Game aborted}}"))?,
            _ => {}
        }
    }
    w.word(format_args!("{result}"))?;
    w.out.write_char('\n')?;
    Ok(())
}

/// A timestamp in seconds, exact to the millisecond (`12.345`, `60`).
struct TimeStamp(u64);

impl fmt::Display for TimeStamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::game::clock::Seconds(self.0).fmt(f)
    }
}
