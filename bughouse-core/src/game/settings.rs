//! How a game is played: the way of playing, clocks, human seats and the
//! move cap (R19–R26, R30, R32).

use crate::Seats;
use crate::game::clock::TimeControl;

/// The default move cap (R32): 800 moves on both boards together.
pub const DEFAULT_MOVE_CAP: u16 = 800;

/// The largest move cap a game accepts: the history is sized for it.
pub const MAX_MOVE_CAP: u16 = 2000;

/// The two ways to play (section 5 of the rules).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Both boards at once, with clocks (R19–R21).
    #[default]
    Live,
    /// One seat at a time in a fixed rotation, with sits and repetition
    /// (R22–R26). No clocks (R26, our choice).
    TurnBased,
}

/// How a game is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSettings {
    /// Live or turn-based.
    pub mode: Mode,
    /// The clocks of a live game (R20); `None` for a live game without
    /// clocks, as when replaying a record whose clocks are only data.
    /// Ignored in the turn-based game.
    pub time_control: Option<TimeControl>,
    /// Which seats are people (R30); the others are computers.
    pub humans: Seats,
    /// The move cap (R32), at most [`MAX_MOVE_CAP`].
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
    pub fn turn_based(humans: Seats) -> GameSettings {
        GameSettings {
            mode: Mode::TurnBased,
            time_control: None,
            humans,
            move_cap: DEFAULT_MOVE_CAP,
        }
    }
}
