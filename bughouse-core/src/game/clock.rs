//! Live clocks from the caller's timestamps (R20, R21, F1–F4).
//!
//! The engine keeps no wall clock: every timed action carries milliseconds
//! since the game was created. On each board the clock of the side to move
//! runs — also while that side waits (R18) — so a clock's state is what it
//! had when its board last changed turn, plus the time since.

use core::fmt;
use core::str::FromStr;

use crate::{BoardId, Color, Seat};

/// Base time and Fischer increment (R20). The default is 3 minutes, no
/// increment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TimeControl {
    /// Each seat's time at the start, in milliseconds.
    pub base_ms: u64,
    /// Added to the mover's clock after each of its moves and drops (F3).
    pub increment_ms: u64,
}

impl Default for TimeControl {
    fn default() -> TimeControl {
        TimeControl {
            base_ms: 180_000,
            increment_ms: 0,
        }
    }
}

/// A time control that could not be read: it must be `base+increment` in
/// seconds with at most three decimals, such as `180+0` or `1.5+0.25`, with
/// a base of at least one millisecond.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid time control: expected \"base+increment\" in seconds, such as \"180+0\"")]
pub struct TimeControlError;

impl TimeControlError {
    /// [`crate::ErrorCode::InvalidArgValue`].
    pub const fn code(&self) -> crate::ErrorCode {
        crate::ErrorCode::InvalidArgValue
    }
}

/// Seconds with up to three decimals (`180`, `1.5`, `0.125`) as milliseconds.
pub(crate) fn parse_seconds(t: &str) -> Result<u64, TimeControlError> {
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    let digits = |d: &str| d.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 7 || !digits(whole) || frac.len() > 3 || !digits(frac) {
        return Err(TimeControlError);
    }
    if t.contains('.') && frac.is_empty() {
        return Err(TimeControlError);
    }
    let whole: u64 = whole.parse().map_err(|_| TimeControlError)?;
    let mut ms = 0;
    for (i, b) in frac.bytes().enumerate() {
        ms += u64::from(b - b'0') * [100, 10, 1][i];
    }
    Ok(whole * 1000 + ms)
}

/// Milliseconds as seconds with no more decimals than needed (`1.5`, `180`).
pub(crate) struct Seconds(pub u64);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / 1000, self.0 % 1000);
        match frac {
            0 => write!(f, "{whole}"),
            _ if frac % 100 == 0 => write!(f, "{whole}.{}", frac / 100),
            _ if frac % 10 == 0 => write!(f, "{whole}.{:02}", frac / 10),
            _ => write!(f, "{whole}.{frac:03}"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;
    /// Reads `"180+0"` (seconds, up to three decimals: `"1.5+0.1"`), or
    /// `"180"` for no increment.
    fn from_str(s: &str) -> Result<TimeControl, TimeControlError> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let (base_ms, increment_ms) = (parse_seconds(base)?, parse_seconds(inc)?);
        if base_ms == 0 {
            return Err(TimeControlError);
        }
        Ok(TimeControl {
            base_ms,
            increment_ms,
        })
    }
}

/// Why a time control given as a game setting in text was refused
/// ([`TimeControl::from_setting`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum TimeControlSettingError {
    /// Not `base+increment` in whole seconds.
    #[error(transparent)]
    Invalid(#[from] TimeControlError),
    /// A base under [`TimeControl::LEAST_UNAMBIGUOUS_BASE_SECONDS`]: `3+2`
    /// is 3 seconds in the PGN `TimeControl` form, but 3 minutes to lichess
    /// and chess.com users.
    #[error(
        "ambiguous time control {base_seconds}+{increment_seconds}: text counts seconds, \
         lichess and chess.com users read minutes; give a base of at least 60 s"
    )]
    Ambiguous {
        /// The base as written, in seconds.
        base_seconds: u64,
        /// The increment as written, in seconds.
        increment_seconds: u64,
    },
}

impl TimeControlSettingError {
    /// The stable code of this error: the text's own for unreadable text;
    /// `ERR_INVALID_ARG_VALUE` for an ambiguous one.
    pub const fn code(&self) -> crate::ErrorCode {
        match self {
            TimeControlSettingError::Invalid(e) => e.code(),
            TimeControlSettingError::Ambiguous { .. } => crate::ErrorCode::InvalidArgValue,
        }
    }
}

impl TimeControl {
    /// The least base, in seconds, that a time control given as a setting
    /// in text may have. Below it the text is ambiguous: people write
    /// `3+2` for 3 minutes (lichess, chess.com), the PGN tag form reads 3
    /// seconds. No bughouse server plays a base under a minute.
    pub const LEAST_UNAMBIGUOUS_BASE_SECONDS: u64 = 60;

    /// Reads a time control a person gives when setting up a game, as
    /// `base+increment` in whole seconds (the PGN `TimeControl` tag form,
    /// `180+2`), refusing a base under a minute as ambiguous. Records use
    /// [`FromStr`], which reads every base.
    ///
    /// # Errors
    ///
    /// [`TimeControlSettingError::Invalid`] for text that is not
    /// `base+increment`, [`TimeControlSettingError::Ambiguous`] for a base
    /// under [`TimeControl::LEAST_UNAMBIGUOUS_BASE_SECONDS`].
    ///
    /// ```
    /// use bughouse_core::{TimeControl, game::TimeControlSettingError};
    /// let tc = TimeControl::from_setting("180+2").unwrap();
    /// assert_eq!((tc.base_ms, tc.increment_ms), (180_000, 2_000));
    /// assert!(matches!(
    ///     TimeControl::from_setting("3+2"),
    ///     Err(TimeControlSettingError::Ambiguous { base_seconds: 3, increment_seconds: 2 })
    /// ));
    /// ```
    pub fn from_setting(text: &str) -> Result<TimeControl, TimeControlSettingError> {
        let tc: TimeControl = text.parse()?;
        if tc.base_ms < TimeControl::LEAST_UNAMBIGUOUS_BASE_SECONDS * 1000 {
            return Err(TimeControlSettingError::Ambiguous {
                base_seconds: tc.base_ms / 1000,
                increment_seconds: tc.increment_ms / 1000,
            });
        }
        Ok(tc)
    }
}

impl fmt::Display for TimeControl {
    /// `base+increment` in seconds, as BPGN's `TimeControl` tag writes it,
    /// exact to the millisecond: `180+0`, `2.5+0`, `60+0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            Seconds(self.base_ms),
            Seconds(self.increment_ms)
        )
    }
}

/// A clock that ran out: whose, and when.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Flag {
    /// The seat whose clock ran out (for a both-teams draw, the one on board A).
    pub seat: Seat,
    /// The millisecond it reached 0.
    pub at_ms: u64,
    /// Whether a clock of the other team ran out at the same millisecond (a
    /// draw, R21).
    pub both_teams: bool,
}

/// The four clocks of a live game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clocks {
    control: TimeControl,
    /// Each seat's remaining time as of `since[board]` for the seat to move on
    /// its board, and as of its last move for the other.
    remaining: [u64; 4],
    /// When each board last changed turn (its running clock's reference).
    since: [u64; 2],
}

impl Clocks {
    /// Full clocks at time 0: both White clocks start running (F1).
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            remaining: [control.base_ms; 4],
            since: [0; 2],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Milliseconds `seat` has left at `now_ms`, given who is to move on its
    /// board. Zero once it has run out.
    pub fn remaining(&self, seat: Seat, to_move: Color, now_ms: u64) -> u64 {
        let stored = self.remaining[seat.index()];
        if seat.color == to_move {
            stored.saturating_sub(now_ms.saturating_sub(self.since[seat.board.index()]))
        } else {
            stored
        }
    }

    /// The millisecond at which the clock of `to_move` on `board` reaches 0
    /// if it runs from its board's last change of turn (F1).
    pub fn flag_at(&self, board: BoardId, to_move: Color) -> u64 {
        let seat = Seat::new(board, to_move);
        self.since[board.index()].saturating_add(self.remaining[seat.index()])
    }

    /// The earliest clock to have run out at or before `now_ms` (F1, F2), if
    /// any; `to_move` gives the side to move on boards A and B.
    pub fn first_flag(&self, to_move: [Color; 2], now_ms: u64) -> Option<Flag> {
        let times = BoardId::ALL.map(|b| {
            (
                self.flag_at(b, to_move[b.index()]),
                Seat::new(b, to_move[b.index()]),
            )
        });
        let (at_ms, seat) = if times[1].0 < times[0].0 {
            times[1]
        } else {
            times[0]
        };
        if at_ms > now_ms {
            return None;
        }
        let both_teams = times[0].0 == times[1].0 && times[0].1.team() != times[1].1.team();
        Some(Flag {
            seat,
            at_ms,
            both_teams,
        })
    }

    /// Settles the mover's clock after a move or drop at `now_ms` and adds
    /// the increment (F3); the opponent's clock starts from `now_ms`.
    pub fn after_move(&mut self, mover: Seat, now_ms: u64) {
        let board = mover.board.index();
        let used = now_ms.saturating_sub(self.since[board]);
        let left = self.remaining[mover.index()].saturating_sub(used);
        self.remaining[mover.index()] = left.saturating_add(self.control.increment_ms);
        self.since[board] = now_ms;
    }
}
