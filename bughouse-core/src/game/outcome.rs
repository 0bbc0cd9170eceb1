//! How a game ended, and which rule ended it (R27–R34).

use core::fmt;

use crate::{ErrorCode, Seat, Team};

/// An ending F13 rules out: a seat for a draw-only reason, or none for a
/// reason that always names one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{} {}", .reason.as_str(), match .seat {
    Some(_) => "ends a game as a draw: no seat (F13)",
    None => "names the losing seat (F13)",
})]
pub struct OutcomeError {
    /// The reason given.
    pub reason: EndReason,
    /// The seat given, if any.
    pub seat: Option<Seat>,
}

impl OutcomeError {
    /// [`ErrorCode::InvalidArgValue`].
    pub const fn code(&self) -> ErrorCode {
        ErrorCode::InvalidArgValue
    }
}

/// The rule that ended the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum EndReason {
    /// R27: a bughouse checkmate on either board.
    Checkmate,
    /// R28: a clock ran out (or clocks of both teams at the same millisecond: a draw, R21).
    Time,
    /// R29: a player resigned.
    Resignation,
    /// R29: a player left the game.
    Abandonment,
    /// R30: all human players agreed to a draw.
    Agreement,
    /// R31: no player whose turn it is can ever move again.
    NoOneCanMove,
    /// R32: the move cap was reached.
    MoveCap,
    /// R25: the same state for the third time (turn-based game only).
    Repetition,
}

impl EndReason {
    /// The stable name used by the bindings: `"checkmate"`, `"time"`,
    /// `"resignation"`, `"abandonment"`, `"agreement"`, `"no_one_can_move"`,
    /// `"move_cap"`, `"repetition"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Time => "time",
            EndReason::Resignation => "resignation",
            EndReason::Abandonment => "abandonment",
            EndReason::Agreement => "agreement",
            EndReason::NoOneCanMove => "no_one_can_move",
            EndReason::MoveCap => "move_cap",
            EndReason::Repetition => "repetition",
        }
    }

    /// Every reason, in the order of the rules' section 6.
    pub const ALL: [EndReason; 8] = [
        EndReason::Checkmate,
        EndReason::Time,
        EndReason::Resignation,
        EndReason::Abandonment,
        EndReason::Agreement,
        EndReason::NoOneCanMove,
        EndReason::MoveCap,
        EndReason::Repetition,
    ];

    /// The reason of a stable name.
    pub fn from_name(name: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.as_str() == name)
    }

    /// Whether an ending by this reason may name a seat whose team lost
    /// (F13): checkmate (the mated seat), time (the flagged seat),
    /// resignation and abandonment (the seat that did it).
    pub const fn can_name_seat(self) -> bool {
        matches!(
            self,
            EndReason::Checkmate
                | EndReason::Time
                | EndReason::Resignation
                | EndReason::Abandonment
        )
    }

    /// Whether an ending by this reason may be a draw, naming no seat
    /// (F13): every draw, and time when clocks of both teams ran out at
    /// the same millisecond (R21).
    pub const fn can_be_draw(self) -> bool {
        !matches!(
            self,
            EndReason::Checkmate | EndReason::Resignation | EndReason::Abandonment
        )
    }

    /// The id of the rule in the rules (`"R27"` …).
    pub const fn rule(self) -> &'static str {
        match self {
            EndReason::Checkmate => "R27",
            EndReason::Time => "R28",
            EndReason::Resignation | EndReason::Abandonment => "R29",
            EndReason::Agreement => "R30",
            EndReason::NoOneCanMove => "R31",
            EndReason::MoveCap => "R32",
            EndReason::Repetition => "R25",
        }
    }
}

/// The end of a game: who won (`None` for a draw), by which rule, and the
/// seat the ending names (F13): the mated, flagged, resigning or leaving
/// seat; draws name none.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    /// The winning team, or `None` for a draw.
    pub winner: Option<Team>,
    /// The rule that ended the game.
    pub reason: EndReason,
    /// The seat the ending names, if any.
    pub seat: Option<Seat>,
}

impl Outcome {
    /// The ending where `seat`'s team loses by `reason`.
    pub const fn loss(seat: Seat, reason: EndReason) -> Outcome {
        Outcome {
            winner: Some(seat.team().other()),
            reason,
            seat: Some(seat),
        }
    }

    /// A draw by `reason`.
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome {
            winner: None,
            reason,
            seat: None,
        }
    }

    /// The ending by `reason` that names `seat` (its team loses) or, for
    /// `None`, a draw: what a saved outcome or a record reads back into.
    ///
    /// # Errors
    ///
    /// [`OutcomeError`] for a combination F13 rules out: a draw by a
    /// reason that always names a seat, or a seat for a reason that never
    /// does.
    ///
    /// ```
    /// use bughouse_core::{EndReason, Outcome, Seat};
    ///
    /// let o = Outcome::of(EndReason::Time, Some(Seat::A_BLACK))?;
    /// assert_eq!(o.winner, Some(Seat::A_WHITE.team()));
    /// assert!(Outcome::of(EndReason::Time, None)?.is_draw()); // both flags at once (R21)
    /// assert!(Outcome::of(EndReason::Checkmate, None).is_err());
    /// assert!(Outcome::of(EndReason::Agreement, Some(Seat::A_WHITE)).is_err());
    /// # Ok::<(), bughouse_core::game::OutcomeError>(())
    /// ```
    pub const fn of(reason: EndReason, seat: Option<Seat>) -> Result<Outcome, OutcomeError> {
        match seat {
            Some(seat) if reason.can_name_seat() => Ok(Outcome::loss(seat, reason)),
            None if reason.can_be_draw() => Ok(Outcome::draw(reason)),
            _ => Err(OutcomeError { reason, seat }),
        }
    }

    /// Whether nobody won.
    pub const fn is_draw(&self) -> bool {
        self.winner.is_none()
    }
}

impl fmt::Display for Outcome {
    /// The message for people, naming the rule: "A-Black is checkmated: team 1
    /// wins (R27)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rule = self.reason.rule();
        match (self.seat, self.winner) {
            (Some(seat), Some(team)) => {
                let what = match self.reason {
                    EndReason::Checkmate => "is checkmated",
                    EndReason::Time => "ran out of time",
                    EndReason::Resignation => "resigned",
                    EndReason::Abandonment => "left the game",
                    _ => "lost",
                };
                write!(f, "{seat} {what}: team {} wins ({rule})", team.number())
            }
            _ => {
                let what = match self.reason {
                    EndReason::Time => "clocks of both teams ran out at the same moment",
                    EndReason::Agreement => "all human players agreed",
                    EndReason::NoOneCanMove => "no player can ever move again",
                    EndReason::MoveCap => "the move cap was reached",
                    EndReason::Repetition => "the same state occurred three times",
                    _ => "the game ended",
                };
                write!(f, "Draw: {what} ({rule})")
            }
        }
    }
}
