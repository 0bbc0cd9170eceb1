//! What one accepted action did ([`Report`]), and the state it left
//! ([`Snapshot`], built on request): together, everything a server
//! broadcasts and a front end needs to follow a game without the rules.

use super::{Game, Mode};
use crate::game::turn::ROTATION;
use crate::{
    Action, ActionKind, BoardId, BoardStatus, Color, Outcome, Piece, Pocket, SanPlus, Seat, Seats,
    san::{San, Suffix},
};

/// A captured piece on its way to the capturer's partner (R5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The piece as it enters the pocket: its own colour, and a pawn if it
    /// was promoted (R6).
    pub piece: Piece,
    /// The seat whose pocket received it: the capturer's partner (R5).
    pub to: Seat,
}

/// The state of a game that a front end shows: both boards' pockets, the
/// four clocks, who may act, the offers and the ending. With the boards
/// (which a front end moves itself from each reported move) it is the whole
/// visible game. Built on request by [`Game::snapshot`], after each action
/// a front end is to follow.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot {
    /// The game's time, in ms since the start (F4).
    pub now_ms: u64,
    /// Moves and drops made on both boards together (R32).
    pub moves_played: u16,
    /// Each seat's pocket (R3), by [`Seat::index`].
    pub pockets: [Pocket; 4],
    /// Each seat's clock at `now_ms`, by [`Seat::index`]; `None` without
    /// clocks (R26).
    pub clocks: Option<[u64; 4]>,
    /// The side to move on board A and board B.
    pub to_move: [Color; 2],
    /// Whether that side is waiting (R18): no legal move or drop now, not
    /// mated. Its clock runs on in the live game.
    pub waiting: [bool; 2],
    /// The seats that may play a move or drop now: live, each board's side
    /// to move unless it waits (R19, R18); turn-based, the seat to act
    /// (R22). Empty once the game is over. Resigning and leaving are open to
    /// every seat at any time (F10).
    pub may_move: Seats,
    /// Turn-based: the seat to act (F5); `None` in the live game.
    pub to_act: Option<Seat>,
    /// Turn-based: the seats the rotation passed over to reach `to_act`
    /// after the last action, because their board waited for the opponent
    /// or they were waiting (R23).
    pub skipped: Seats,
    /// Sits left per seat (R24), by [`Seat::index`].
    pub sits_left: [u8; 4],
    /// The seats with a standing draw offer (R30).
    pub draw_offers: Seats,
    /// How the game ended, if it has.
    pub outcome: Option<Outcome>,
}

/// What one accepted action did: the action as logged, for a move its
/// capture, and the ending if the action ended the game; a move's SAN is
/// [`Game::san_of`] the report. Returned by
/// every accepted action; `Copy`, no allocation.
///
/// The state the action left (clocks, pockets, who may move…) is not
/// copied into every report: [`Game::snapshot`] builds it on request, so a
/// move played without it (a replay, a search, a bulk import) does not pay
/// for it. A front end that starts from the initial state (the start boards
/// and [`Game::snapshot`]) and applies each report, with the snapshot taken
/// after it, stays identical to the game; the bindings send the two
/// together.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Report {
    /// The action, as the log holds it (an offer already standing, or a
    /// withdrawal with none, is accepted and changes nothing: it is not
    /// logged, [`Report::logged`] is `false`).
    pub action: Action,
    /// Whether the action was added to the log.
    pub logged: bool,
    /// For a capture: the piece and the seat whose pocket received it.
    pub capture: Option<Capture>,
    /// The game's ending after the action ([`Report::outcome`]).
    outcome: Option<Outcome>,
    /// Moves played after the action: tells [`Game::san_of`] whether a
    /// move's report is still of the game's last move.
    moves_played: u16,
}

impl Report {
    /// The ending, if this action ended the game.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// assert_eq!(game.play_text(Seat::A_WHITE, "f3", Some(100))?.outcome(), None);
    /// game.play_text(Seat::A_BLACK, "e5", Some(200))?;
    /// game.play_text(Seat::A_WHITE, "g4", Some(300))?;
    /// // The fool's mate is no mate in bughouse: a drop on f2 or g3 would
    /// // block it, so it is check (R17) and A-White waits (R18).
    /// let report = game.play_text(Seat::A_BLACK, "Qh4", Some(400))?;
    /// assert_eq!(game.san_of(&report).unwrap().to_string(), "Qh4+");
    /// assert_eq!(report.outcome(), None);
    /// assert!(game.snapshot().waiting[0]);
    /// let report = game.resign(Seat::A_WHITE, Some(500))?;
    /// assert_eq!(report.outcome().unwrap().to_string(), "A-White resigned: team 2 wins (R29)");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
}

impl Game {
    /// The state a front end shows (see [`Snapshot`]); with
    /// [`Game::boards`], what a client joining mid-game needs.
    ///
    /// ```
    /// use bughouse_core::{Color, Game, GameSettings, Seat, Seats};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(1_000))?;
    /// let state = game.snapshot();
    /// assert_eq!(state.to_move, [Color::Black, Color::White]);
    /// assert_eq!(state.may_move, Seats::A_BLACK | Seats::B_WHITE);
    /// assert_eq!(state.clocks.unwrap()[Seat::B_WHITE.index()], 179_000);
    /// assert_eq!(state.moves_played, 1);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    #[inline]
    pub fn snapshot(&self) -> Snapshot {
        let open = self.outcome.is_none();
        let to_move = [self.boards[0].turn(), self.boards[1].turn()];
        let waiting = self.status.map(|s| s != BoardStatus::Playing);
        let (may_move, to_act, skipped) = match self.settings.mode {
            Mode::Live => {
                let mut may = Seats::empty();
                for id in BoardId::ALL {
                    if open && !waiting[id.index()] {
                        may |= Seats::of(Seat::new(id, to_move[id.index()]));
                    }
                }
                (may, None, Seats::empty())
            }
            Mode::TurnBased => {
                let to_act = self.to_act();
                let may = to_act.map_or(Seats::empty(), Seats::of);
                (may, to_act, self.skipped())
            }
        };
        let clocks = self
            .clocks
            .as_ref()
            .map(|c| Seat::ALL.map(|s| c.remaining(s, to_move[s.board.index()], self.now_ms)));
        Snapshot {
            now_ms: self.now_ms,
            moves_played: self.moves_played,
            pockets: Seat::ALL.map(|s| *self.pocket(s)),
            clocks,
            to_move,
            waiting,
            may_move,
            to_act,
            skipped,
            sits_left: self.turn.sits_left,
            draw_offers: self.draw_offers,
            outcome: self.outcome,
        }
    }

    /// Turn-based: the seats strictly between the last actor and the seat
    /// to act in rotation order (R23).
    fn skipped(&self) -> Seats {
        let Some(next) = self.to_act() else {
            return Seats::empty();
        };
        // From A-White on at the start (F5), else after the last actor.
        let first = self
            .turn
            .last_actor
            .and_then(|last| ROTATION.iter().position(|s| *s == last))
            .map_or(0, |i| i + 1);
        let mut skipped = Seats::empty();
        for i in 0..4 {
            let seat = ROTATION[(first + i) % 4];
            if seat == next {
                break;
            }
            skipped |= Seats::of(seat);
        }
        skipped
    }

    /// The report of `action`, with the ending now.
    #[inline]
    pub(super) fn report(&self, action: Action, logged: bool, capture: Option<Capture>) -> Report {
        Report {
            action,
            logged,
            capture,
            outcome: self.outcome,
            moves_played: self.moves_played,
        }
    }

    /// The SAN of the move or drop `report` is of, as a record writes it,
    /// with `+` or `#` (N3, R16): written on request from the board the move
    /// left, so the moves nobody asks the SAN of (a replay, an import, a
    /// search) do not pay for it, not even a copy of the board. `None`
    /// for a report of another action, and once a later move was played
    /// (its board is gone then: take the SAN when the report comes, or from
    /// the log with [`Game::each_move_with_board`]).
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// let report = game.play_text(Seat::A_WHITE, "e2e4", Some(500))?;
    /// assert_eq!(game.san_of(&report).unwrap().to_string(), "e4");
    /// let offer = game.offer_draw(Seat::B_WHITE)?;
    /// assert_eq!(game.san_of(&offer), None); // not a move
    /// assert_eq!(game.san_of(&report).unwrap().to_string(), "e4"); // still the last move
    /// game.play_text(Seat::A_BLACK, "e5", Some(900))?;
    /// assert_eq!(game.san_of(&report), None); // a later move was played
    /// game.undo(); // e5 taken back: e4 is the last move again
    /// assert_eq!(game.san_of(&report).unwrap().to_string(), "e4");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn san_of(&self, report: &Report) -> Option<SanPlus> {
        let ActionKind::Move(m) = report.action.kind else {
            return None;
        };
        // The last move is the report's: the count says no move came after
        // it, the log's last move that none was taken back and replaced.
        let last_move = self
            .log
            .iter()
            .rev()
            .find(|a| matches!(a.kind, ActionKind::Move(_)));
        if report.moves_played != self.moves_played || last_move != Some(&report.action) {
            return None;
        }
        // No action since has touched the move's board: it stands as the
        // move left it, which is all the SAN needs (R16 for the suffix).
        let after = &self.boards[report.action.seat?.board.index()];
        Some(SanPlus {
            san: San::of_last_move(after, m, report.capture.is_some()),
            suffix: Suffix::from_board(after),
        })
    }
}
