//! How a game is played: the way of playing, clocks, human seats and the
//! move cap (R19–R26, R30, R32).

use core::str::FromStr;

use crate::game::clock::TimeControl;
use crate::{Excerpt, Seat, Seats, SettingsError};

/// The default move cap (R32): 800 moves on both boards together.
pub const DEFAULT_MOVE_CAP: u16 = 800;

/// The largest move cap a game accepts: the history is sized for it.
pub const MAX_MOVE_CAP: u16 = 2000;

/// The two ways to play (section 5 of the rules).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mode {
    /// Both boards at once, with clocks (R19–R21).
    #[default]
    Live,
    /// One seat at a time in a fixed rotation, with sits and repetition
    /// (R22–R26). No clocks (R26, our choice).
    TurnBased,
}

/// The longest base time or increment a clock takes: what the history's
/// clock readings hold (`i32` milliseconds, about 24 days).
pub const MAX_CLOCK_MS: u64 = i32::MAX as u64;

impl Mode {
    /// Both ways of playing.
    pub const ALL: [Mode; 2] = [Mode::Live, Mode::TurnBased];

    /// The stable name the bindings use: `"live"` or `"turn"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Mode::Live => "live",
            Mode::TurnBased => "turn",
        }
    }

    /// The way of playing of a stable name.
    ///
    /// # Errors
    ///
    /// [`SettingsError::UnknownMode`] for any other text.
    ///
    /// ```
    /// use bughouse_core::Mode;
    ///
    /// assert_eq!(Mode::from_name("turn"), Ok(Mode::TurnBased));
    /// assert!(Mode::from_name("blitz").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Mode, SettingsError> {
        Mode::ALL
            .into_iter()
            .find(|m| m.as_str() == name)
            .ok_or(SettingsError::UnknownMode(Excerpt::of(name)))
    }
}

impl FromStr for Mode {
    type Err = SettingsError;
    fn from_str(s: &str) -> Result<Mode, SettingsError> {
        Mode::from_name(s)
    }
}

/// Reads a list of human seats as BPGN letters (`"AaBb"`, `"Ab"`, `""`),
/// in any order.
///
/// # Errors
///
/// [`SettingsError::UnknownSeat`] for a character that is no seat letter,
/// [`SettingsError::RepeatedSeat`] for a seat written twice.
///
/// ```
/// use bughouse_core::{Seat, game::parse_humans};
///
/// assert_eq!(parse_humans("bA")?.seats().collect::<Vec<_>>(), [Seat::A_WHITE, Seat::B_BLACK]);
/// assert!(parse_humans("AA").is_err());
/// # Ok::<(), bughouse_core::error::SettingsError>(())
/// ```
pub fn parse_humans(letters: &str) -> Result<Seats, SettingsError> {
    let mut seats = Seats::empty();
    for c in letters.chars() {
        let seat = Seat::from_char(c).ok_or(SettingsError::UnknownSeat(Excerpt::of(letters)))?;
        if seats.has(seat) {
            return Err(SettingsError::RepeatedSeat(seat));
        }
        seats |= Seats::of(seat);
    }
    Ok(seats)
}

/// How a game is played. Checked by [`GameSettings::validate`] when a game
/// is made: a game never runs with settings the rules forbid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameSettings {
    /// Live or turn-based.
    pub mode: Mode,
    /// The clocks of a live game (R20); `None` for a live game without
    /// clocks, as when replaying a record whose clocks are only data.
    /// Must be `None` in the turn-based game (R26).
    pub time_control: Option<TimeControl>,
    /// Which seats are people (R30); the others are computers.
    pub humans: Seats,
    /// The move cap (R32), from 1 to [`MAX_MOVE_CAP`].
    pub move_cap: u16,
}

impl Default for GameSettings {
    /// Live, 3 minutes each (R20), four humans, a cap of 800 (R32).
    fn default() -> GameSettings {
        GameSettings {
            mode: Mode::Live,
            time_control: Some(TimeControl::default()),
            humans: Seats::all(),
            move_cap: DEFAULT_MOVE_CAP,
        }
    }
}

impl GameSettings {
    /// The turn-based game with `humans` as the human seats.
    ///
    /// ```
    /// use bughouse_core::{GameSettings, Mode, Seats};
    ///
    /// let settings = GameSettings::turn_based(Seats::A_WHITE);
    /// assert_eq!(settings.mode, Mode::TurnBased);
    /// assert_eq!(settings.time_control, None); // no clocks in turn-based play (R26)
    /// assert!(settings.validate().is_ok());
    /// ```
    pub fn turn_based(humans: Seats) -> GameSettings {
        GameSettings {
            mode: Mode::TurnBased,
            time_control: None,
            humans,
            move_cap: DEFAULT_MOVE_CAP,
        }
    }

    /// The settings of `mode` with its defaults: live with 3 minutes each
    /// (R20), or turn-based without clocks (R26); four humans, a cap of 800.
    ///
    /// ```
    /// use bughouse_core::{GameSettings, Mode, TimeControl};
    ///
    /// assert_eq!(GameSettings::of_mode(Mode::Live), GameSettings::default());
    /// assert_eq!(GameSettings::default().time_control, Some(TimeControl { base_ms: 180_000, increment_ms: 0 }));
    /// assert_eq!(GameSettings::of_mode(Mode::TurnBased).humans, bughouse_core::Seats::all());
    /// ```
    pub fn of_mode(mode: Mode) -> GameSettings {
        match mode {
            Mode::Live => GameSettings::default(),
            Mode::TurnBased => GameSettings::turn_based(Seats::all()),
        }
    }

    /// Checks the settings against the rules and the engine's bounds.
    ///
    /// # Errors
    ///
    /// One [`SettingsError`] per mistake: a time control in the turn-based
    /// game (R26), a base time of 0 or a time above [`MAX_CLOCK_MS`], a move
    /// cap of 0 or above [`MAX_MOVE_CAP`] (R32).
    ///
    /// ```
    /// use bughouse_core::{GameSettings, Mode, error::SettingsError, TimeControl};
    ///
    /// let mut settings = GameSettings::of_mode(Mode::TurnBased);
    /// assert_eq!(settings.validate(), Ok(()));
    /// settings.time_control = Some(TimeControl::default());
    /// assert_eq!(settings.validate(), Err(SettingsError::TimeControlInTurnBased));
    /// ```
    pub fn validate(&self) -> Result<(), SettingsError> {
        if let Some(tc) = self.time_control {
            if self.mode == Mode::TurnBased {
                return Err(SettingsError::TimeControlInTurnBased);
            }
            if tc.base_ms == 0 {
                return Err(SettingsError::BaseTimeZero);
            }
            for (what, ms) in [("base time", tc.base_ms), ("increment", tc.increment_ms)] {
                if ms > MAX_CLOCK_MS {
                    return Err(SettingsError::TimeTooLarge {
                        what,
                        ms,
                        max: MAX_CLOCK_MS,
                    });
                }
            }
        }
        check_move_cap(u64::from(self.move_cap)).map(|_| ())
    }
}

/// A move cap given as any number: 1 to [`MAX_MOVE_CAP`] (R32).
///
/// # Errors
///
/// [`SettingsError::MoveCapZero`] or [`SettingsError::MoveCapTooLarge`].
///
/// ```
/// use bughouse_core::game::{MAX_MOVE_CAP, check_move_cap};
///
/// assert_eq!(check_move_cap(800), Ok(800));
/// assert!(check_move_cap(0).is_err());
/// assert!(check_move_cap(u64::from(MAX_MOVE_CAP) + 1).is_err());
/// ```
pub fn check_move_cap(cap: u64) -> Result<u16, SettingsError> {
    match cap {
        0 => Err(SettingsError::MoveCapZero),
        cap if cap > u64::from(MAX_MOVE_CAP) => Err(SettingsError::MoveCapTooLarge {
            cap,
            max: MAX_MOVE_CAP,
        }),
        // At most MAX_MOVE_CAP: fits.
        cap => Ok(cap as u16),
    }
}
