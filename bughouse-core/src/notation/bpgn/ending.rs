//! The ending a record states: its termination comment (and, for chess.com
//! records, the `LoserSeat` and `GameEndReason` tags).
//!
//! FICS names the loser: `{makaka checkmated}`, `{X forfeits on time}`,
//! `{X resigns}`, `{X forfeits by disconnection}`, `{Game aborted on move 1}`,
//! draws as `{Game drawn …}`. chess.com's text names the winner
//! (`{xshyne won by checkmate}`), so its tags decide. The `Result` tag is not
//! used: archives disagree on its meaning.

use super::reader::Record;
use crate::{Color, Seat};

/// How a record says the game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordedKind {
    /// A checkmate.
    Checkmate,
    /// A clock ran out.
    Time,
    /// A player resigned.
    Resignation,
    /// A player disconnected or left.
    Abandonment,
    /// A draw of any kind.
    Draw,
    /// The game was aborted (no result).
    Aborted,
    /// Anything else, or no termination comment.
    Unknown,
}

impl RecordedKind {
    /// A stable lower-case name: `"checkmate"`, `"time"`, …
    pub const fn as_str(self) -> &'static str {
        match self {
            RecordedKind::Checkmate => "checkmate",
            RecordedKind::Time => "time",
            RecordedKind::Resignation => "resignation",
            RecordedKind::Abandonment => "abandonment",
            RecordedKind::Draw => "draw",
            RecordedKind::Aborted => "aborted",
            RecordedKind::Unknown => "unknown",
        }
    }
}

/// The ending a record states.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordedEnding<'a> {
    /// How it ended.
    pub kind: RecordedKind,
    /// The losing seat, when the record names it.
    pub loser: Option<Seat>,
    /// The termination comment as written (empty when there is none).
    pub text: &'a [u8],
}

const TAG_SEATS: [(&str, Seat); 4] = [
    ("WhiteA", Seat::A_WHITE),
    ("BlackA", Seat::A_BLACK),
    ("WhiteB", Seat::B_WHITE),
    ("BlackB", Seat::B_BLACK),
];

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle))
}

/// The length of `name` (a tag value, `\"` escapes read as `"`) if `text`
/// starts with it followed by a space or an apostrophe (`X's partner`).
fn name_prefix(text: &[u8], name: &[u8]) -> Option<usize> {
    let (mut i, mut j) = (0, 0);
    while j < name.len() {
        let c = if name[j] == b'\\' && j + 1 < name.len() {
            j += 1;
            name[j]
        } else {
            name[j]
        };
        if text.get(i) != Some(&c) {
            return None;
        }
        i += 1;
        j += 1;
    }
    (i > 0 && matches!(text.get(i), Some(b' ' | b'\''))).then_some(i)
}

/// The tags an ending is read from, gathered in one pass over the tags.
#[derive(Default)]
struct EndingTags<'a> {
    /// `WhiteA`, `BlackA`, `WhiteB`, `BlackB` in `Seat::index` order.
    seats: [Option<&'a [u8]>; 4],
    /// `White` and `Black` (single-board records).
    colors: [Option<&'a [u8]>; 2],
    loser_seat: Option<&'a [u8]>,
    end_reason: Option<&'a [u8]>,
}

impl<'a> EndingTags<'a> {
    fn of(record: &Record<'a>) -> EndingTags<'a> {
        let mut tags = EndingTags::default();
        for (name, value) in record.tags() {
            let slot = match name {
                b"WhiteA" => &mut tags.seats[0],
                b"BlackA" => &mut tags.seats[1],
                b"WhiteB" => &mut tags.seats[2],
                b"BlackB" => &mut tags.seats[3],
                b"White" => &mut tags.colors[0],
                b"Black" => &mut tags.colors[1],
                b"LoserSeat" => &mut tags.loser_seat,
                b"GameEndReason" => &mut tags.end_reason,
                _ => continue,
            };
            slot.get_or_insert(value);
        }
        tags
    }

    /// The seat whose player's name starts the termination comment, and
    /// where the name ends; for a single-board record, `White`/`Black` or
    /// the `White`/`Black` tags name board A's seats. A seat's own name
    /// (`B-Black`) names it too: the writer uses it for a player name that
    /// cannot stand in a comment. The longest matching name wins.
    fn seat_named(&self, text: &[u8]) -> Option<(usize, Seat)> {
        let mut best: Option<(usize, Seat)> = None;
        let mut consider = |name: &[u8], seat: Seat| {
            if let Some(n) = name_prefix(text, name) {
                if best.is_none_or(|(m, _)| n > m) {
                    best = Some((n, seat));
                }
            }
        };
        for seat in Seat::ALL {
            if let Some(name) = self.seats[seat.index()] {
                consider(name, seat);
            }
            consider(seat.name().as_bytes(), seat);
        }
        for color in Color::ALL {
            let seat = Seat::new(crate::BoardId::A, color);
            consider(if color.is_white() { b"White" } else { b"Black" }, seat);
            if let Some(name) = self.colors[color.index()] {
                consider(name, seat);
            }
        }
        best
    }
}

impl<'a> RecordedEnding<'a> {
    /// Reads the ending of `record` from its last comment before the result
    /// token (the termination comment) and its tags.
    pub fn of(record: &Record<'a>, termination: Option<&'a [u8]>) -> RecordedEnding<'a> {
        let text = termination.unwrap_or(b"");
        let tags = EndingTags::of(record);
        let named = tags.seat_named(text);
        // What happened is read after the name that starts the comment, so
        // that a player called `drawmaster` who is checkmated is not read
        // as a draw.
        let said = named.map_or(text, |(end, _)| &text[end..]);
        let named = named.map(|(_, seat)| seat);
        let kind = kind_of_text(said);
        let loser = if matches!(kind, RecordedKind::Draw | RecordedKind::Aborted)
            || contains(said, b"partner won")
        {
            None
        } else if contains(said, b" won") {
            // "X won by …" names the winner: the loser is X's opponent.
            named.map(Seat::opponent)
        } else {
            named
        };
        let mut ending = RecordedEnding { kind, loser, text };
        // chess.com records: the tags say who lost and how.
        if let Some(seat) = tags
            .loser_seat
            .and_then(|v| TAG_SEATS.iter().find(|(t, _)| t.as_bytes() == v))
        {
            ending.loser = Some(seat.1);
            if let Some(reason) = tags.end_reason {
                ending.kind = kind_of_text(reason);
            }
        }
        ending
    }
}

fn kind_of_text(text: &[u8]) -> RecordedKind {
    if contains(text, b"aborted") || contains(text, b"adjourned") {
        RecordedKind::Aborted
    } else if contains(text, b"drawn") || contains(text, b"draw") || contains(text, b"stalemate") {
        RecordedKind::Draw
    } else if contains(text, b"checkmate") {
        RecordedKind::Checkmate
    } else if contains(text, b"time") || contains(text, b"timeout") || contains(text, b"flag") {
        RecordedKind::Time
    } else if contains(text, b"disconnect") || contains(text, b"abandon") || contains(text, b"left")
    {
        RecordedKind::Abandonment
    } else if contains(text, b"resign") {
        RecordedKind::Resignation
    } else {
        RecordedKind::Unknown
    }
}
