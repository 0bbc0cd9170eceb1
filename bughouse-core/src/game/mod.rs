//! The match: two boards, four seats, two teams, clocks or the turn-based
//! rotation, and every ending with its reason (R1–R34).

pub(crate) mod clock;
pub(crate) mod outcome;
pub(crate) mod seat;
pub(crate) mod settings;

pub use outcome::OutcomeError;
pub use settings::{MAX_CLOCK_MS, check_move_cap, parse_humans};
pub(crate) mod turn;

use arrayvec::ArrayVec;

use crate::game::clock::Clocks;
use crate::game::turn::{SITS_PER_SEAT, TurnState};
use crate::{
    Bfen, Board, BoardId, EndReason, Flavour, GameError, GameSettings, MAX_MOVE_CAP, Mode, Move,
    MoveList, Outcome, Seat, Seats, SetupError, parse_bfen,
};

/// How many actions a game's history holds: one per move or drop (at most
/// the move cap, R32) plus one per sit (at most 3 per seat, R24).
pub const HISTORY_CAPACITY: usize = MAX_MOVE_CAP as usize + 4 * SITS_PER_SEAT as usize;

/// What a seat did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A move or drop on the seat's board.
    Move(Move),
    /// A sit (R24): deliberately waiting, turn-based game only.
    Sit,
}

/// One entry of a game's history.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// Who acted.
    pub seat: Seat,
    /// What it did.
    pub kind: ActionKind,
    /// The game's time when it was accepted, in ms since the start.
    pub at_ms: u64,
    /// The mover's clock after a move, in ms: computed in a live game with
    /// clocks, or as recorded when replaying a record (may be negative there).
    pub clock_ms: Option<i32>,
}

/// A bughouse match.
///
/// `size_of::<Game>()` is about 65 KiB, almost all of it the fixed-capacity
/// history (24 bytes × [`HISTORY_CAPACITY`]) and the repetition states
/// (8 bytes × the same); the test `game_size_is_documented` keeps this
/// figure honest.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    settings: GameSettings,
    start: [Board; 2],
    boards: [Board; 2],
    clocks: Option<Clocks>,
    now_ms: u64,
    moves_played: u16,
    outcome: Option<Outcome>,
    draw_offers: Seats,
    turn: TurnState<{ HISTORY_CAPACITY + 1 }>,
    history: ArrayVec<Action, HISTORY_CAPACITY>,
}

impl Game {
    /// A game from the standard position on both boards (R4).
    pub fn new(settings: GameSettings) -> Result<Game, SetupError> {
        Game::from_boards([Board::new(), Board::new()], settings)
    }

    /// A game from a BFEN (N2): board A's FEN, `|`, board B's FEN. The
    /// material of each colour over both boards and the pockets must fit
    /// in one game (R7).
    pub fn from_bfen(bfen: &str, settings: GameSettings) -> Result<Game, SetupError> {
        Game::from_boards(parse_bfen(bfen)?, settings)
    }

    /// A game from two boards, judged at once (F8): board A first.
    fn from_boards(boards: [Board; 2], settings: GameSettings) -> Result<Game, SetupError> {
        settings.validate()?;
        Ok(Game::build(boards, settings))
    }

    /// A new game with the same start and settings as this one.
    pub fn restarted(&self) -> Game {
        Game::build(self.start, self.settings)
    }

    /// A game from two valid boards and settings whose cap was checked.
    pub(crate) fn build(boards: [Board; 2], settings: GameSettings) -> Game {
        let mut game = Game {
            settings,
            start: boards,
            boards,
            clocks: None,
            now_ms: 0,
            moves_played: 0,
            outcome: None,
            draw_offers: Seats::empty(),
            turn: TurnState::new(&boards),
            history: ArrayVec::new(),
        };
        game.reset(boards, settings);
        game
    }

    /// Starts this game afresh from `boards` with `settings`, in place: the
    /// same as a new game, without moving its fixed-capacity history (for
    /// replaying many archived games through one `Game`).
    pub(crate) fn reset(&mut self, boards: [Board; 2], settings: GameSettings) {
        let boards = boards.map(|b| b.with_flavour(Flavour::Bughouse));
        self.settings = settings;
        self.start = boards;
        self.boards = boards;
        self.clocks = match settings.mode {
            Mode::Live => settings.time_control.map(Clocks::new),
            Mode::TurnBased => None,
        };
        self.now_ms = 0;
        self.moves_played = 0;
        self.outcome = None;
        self.draw_offers = Seats::empty();
        self.turn.reset(&boards);
        self.history.clear();
        for id in BoardId::ALL {
            if self.outcome.is_none() {
                self.judge_mate(id);
            }
        }
        if self.outcome.is_none() {
            self.judge_rest();
        }
    }

    /// The settings the game was created with.
    pub fn settings(&self) -> &GameSettings {
        &self.settings
    }

    /// The current position of one board.
    pub fn board(&self, id: BoardId) -> &Board {
        &self.boards[id.index()]
    }

    /// Both boards, A first.
    pub fn boards(&self) -> &[Board; 2] {
        &self.boards
    }

    /// The boards the game started from.
    pub fn start_boards(&self) -> &[Board; 2] {
        &self.start
    }

    /// The game's time: the timestamp of the last accepted timed action (F4).
    pub fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// How many moves and drops were made on both boards together (R32, F9).
    pub fn moves_played(&self) -> u16 {
        self.moves_played
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Every accepted move, drop and sit, in play order.
    pub fn history(&self) -> &[Action] {
        &self.history
    }

    /// The seats with a standing draw offer (R30).
    pub fn draw_offers(&self) -> Seats {
        self.draw_offers
    }

    /// Turn-based game: the seat whose turn it is (F5); `None` in the live
    /// game or when nobody can act.
    pub fn to_act(&self) -> Option<Seat> {
        match self.settings.mode {
            Mode::TurnBased if self.outcome.is_none() => self.turn.to_act,
            _ => None,
        }
    }

    /// How many sits `seat` has left (R24).
    pub fn sits_left(&self, seat: Seat) -> u8 {
        self.turn.sits_left[seat.index()]
    }

    /// `seat`'s pocket (R3): the pocket of its colour on its board.
    pub fn pocket(&self, seat: Seat) -> &crate::Pocket {
        self.boards[seat.board.index()].pocket(seat.color)
    }

    /// Milliseconds left on `seat`'s clock at the game's time; `None` when
    /// the game has no clocks.
    pub fn clock_ms(&self, seat: Seat) -> Option<u64> {
        let clocks = self.clocks.as_ref()?;
        Some(clocks.remaining(seat, self.boards[seat.board.index()].turn(), self.now_ms))
    }

    /// Milliseconds left on `seat`'s clock at `at_ms`, were nothing to
    /// happen until then (R20): what a display of running clocks shows.
    /// Once the game is over the clocks stand still at the ending's time.
    /// `Ok(None)` when the game has no clocks.
    ///
    /// # Errors
    ///
    /// [`GameError::TimeWentBackwards`] for a time before the game's time
    /// (F3): what happened since is known, so a clock there is not one this
    /// game can show.
    pub fn clock_ms_at(&self, seat: Seat, at_ms: u64) -> Result<Option<u64>, GameError> {
        if at_ms < self.now_ms {
            return Err(GameError::TimeWentBackwards {
                at_ms,
                last_ms: self.now_ms,
            });
        }
        let Some(clocks) = self.clocks.as_ref() else {
            return Ok(None);
        };
        let at = if self.outcome.is_some() {
            self.now_ms
        } else {
            at_ms
        };
        Ok(Some(clocks.remaining(
            seat,
            self.boards[seat.board.index()].turn(),
            at,
        )))
    }

    /// Whether it is `seat`'s turn: its colour is to move on its board, and in
    /// the turn-based game it is the seat to act.
    pub fn is_turn_of(&self, seat: Seat) -> bool {
        self.outcome.is_none()
            && self.boards[seat.board.index()].turn() == seat.color
            && match self.settings.mode {
                Mode::Live => true,
                Mode::TurnBased => self.turn.to_act == Some(seat),
            }
    }

    /// The legal moves and drops of `seat` now; empty when it may not move.
    pub fn legal_moves(&self, seat: Seat) -> MoveList {
        if self.is_turn_of(seat) {
            self.boards[seat.board.index()].legal_moves()
        } else {
            MoveList::new()
        }
    }

    /// Whether `seat` may sit now (R24): turn-based, its turn, sits left.
    pub fn can_sit(&self, seat: Seat) -> bool {
        self.settings.mode == Mode::TurnBased
            && self.is_turn_of(seat)
            && self.turn.sits_left[seat.index()] > 0
    }

    /// The first check of every action (F12): the game is on.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`] once the game has ended.
    pub fn ensure_open(&self) -> Result<(), GameError> {
        if self.outcome.is_some() {
            Err(GameError::GameOver)
        } else {
            Ok(())
        }
    }

    /// The first two checks of every action taking a seat by its letter, in
    /// the order of F12: the game is on, then the text names a seat. A
    /// binding runs this before reading the action's other arguments, so
    /// every package refuses the same bad call with the same error.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`], then [`GameError::InvalidSeat`].
    ///
    /// ```
    /// use bughouse_core::{ErrorCode, Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// assert_eq!(game.acting_seat("a"), Ok(Seat::A_BLACK));
    /// assert_eq!(game.acting_seat("x").unwrap_err().code(), ErrorCode::InvalidArgValue);
    /// game.resign(Seat::A_WHITE, Some(10))?;
    /// assert_eq!(game.acting_seat("x").unwrap_err().code(), ErrorCode::GameOver);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn acting_seat(&self, name: &str) -> Result<Seat, GameError> {
        self.ensure_open()?;
        Ok(Seat::from_name(name)?)
    }

    /// Checks a timestamp (F3) and the flags (F2). A flag that fell at or
    /// before `at_ms` ends the game at the flag's time and is returned.
    fn check_time(
        &mut self,
        at_ms: Option<u64>,
        required: bool,
    ) -> Result<Option<Outcome>, GameError> {
        let Some(at) = at_ms else {
            return if required && self.clocks.is_some() {
                Err(GameError::TimestampRequired)
            } else {
                Ok(None)
            };
        };
        if at < self.now_ms {
            return Err(GameError::TimeWentBackwards {
                at_ms: at,
                last_ms: self.now_ms,
            });
        }
        if let Some(clocks) = &self.clocks {
            let to_move = [self.boards[0].turn(), self.boards[1].turn()];
            if let Some(flag) = clocks.first_flag(to_move, at) {
                let outcome = if flag.both_teams {
                    Outcome::draw(EndReason::Time)
                } else {
                    Outcome::loss(flag.seat, EndReason::Time)
                };
                self.now_ms = flag.at_ms;
                self.outcome = Some(outcome);
                return Ok(Some(outcome));
            }
        }
        Ok(None)
    }

    /// Checks, in the order of F12, everything before the move itself: the
    /// game is on, the timestamp, the flags, the seat's turn. Returns the
    /// time to stamp the action with.
    fn admit(&mut self, seat: Seat, at_ms: Option<u64>) -> Result<u64, GameError> {
        self.ensure_open()?;
        if self.check_time(at_ms, true)?.is_some() {
            return Err(GameError::GameOver);
        }
        if !self.is_turn_of(seat) {
            return Err(GameError::NotYourTurn { seat });
        }
        Ok(at_ms.unwrap_or(self.now_ms))
    }

    /// Plays a move or drop for `seat` (R9), at `at_ms` ms since the start
    /// (required in a live game with clocks). Captures go to the capturer's
    /// partner, promoted pieces as pawns (R5, R6). Returns the outcome if the
    /// move ended the game. On error nothing changes (but see F2).
    pub fn play(
        &mut self,
        seat: Seat,
        m: Move,
        at_ms: Option<u64>,
    ) -> Result<Option<Outcome>, GameError> {
        let at = self.admit(seat, at_ms)?;
        self.apply(seat, m, at, None)
    }

    /// Plays a move given as UCI text (N3), checking in the order of F12.
    pub fn play_uci(
        &mut self,
        seat: Seat,
        text: &str,
        at_ms: Option<u64>,
    ) -> Result<Option<Outcome>, GameError> {
        let at = self.admit(seat, at_ms)?;
        let m =
            Move::from_uci(text.trim()).map_err(|error| GameError::InvalidMove { seat, error })?;
        self.apply(seat, m, at, None)
    }

    /// Plays a move given as text, UCI or SAN (N3), checking in the order of
    /// F12. Returns the move played and the outcome if it ended the game.
    pub fn play_text(
        &mut self,
        seat: Seat,
        text: &str,
        at_ms: Option<u64>,
    ) -> Result<(Move, Option<Outcome>), GameError> {
        let at = self.admit(seat, at_ms)?;
        let m = self.boards[seat.board.index()]
            .parse_move(text)
            .map_err(|error| GameError::from_san(seat, error))?;
        Ok((m, self.apply(seat, m, at, None)?))
    }

    /// Plays a move from a game record: like [`Game::play`] without a
    /// timestamp, keeping the recorded clock (data, not a referee) in the
    /// history.
    pub fn play_recorded(
        &mut self,
        seat: Seat,
        m: Move,
        clock_ms: Option<i32>,
    ) -> Result<Option<Outcome>, GameError> {
        let at = self.admit(seat, None)?;
        self.apply(seat, m, at, clock_ms)
    }

    /// As [`Game::play_recorded`] for a move already known to be legal on the
    /// seat's board (one that SAN resolution returned), so legality is not
    /// checked twice when replaying archives.
    pub(crate) fn play_recorded_legal(
        &mut self,
        seat: Seat,
        m: Move,
        clock_ms: Option<i32>,
    ) -> Result<Option<Outcome>, GameError> {
        let at = self.admit(seat, None)?;
        debug_assert!(self.boards[seat.board.index()].is_legal(m));
        let captured = self.boards[seat.board.index()].play_unchecked(m);
        Ok(self.after_move(seat, m, captured, at, clock_ms))
    }

    fn apply(
        &mut self,
        seat: Seat,
        m: Move,
        at: u64,
        recorded_clock: Option<i32>,
    ) -> Result<Option<Outcome>, GameError> {
        let captured = self.boards[seat.board.index()]
            .play(m)
            .map_err(|error| GameError::IllegalMove { seat, error })?;
        Ok(self.after_move(seat, m, captured, at, recorded_clock))
    }

    /// Everything a move does beyond its own board: capture routing, the
    /// move count, offers, clocks, history, the rotation and the judgement.
    fn after_move(
        &mut self,
        seat: Seat,
        m: Move,
        captured: Option<crate::Piece>,
        at: u64,
        recorded_clock: Option<i32>,
    ) -> Option<Outcome> {
        let id = seat.board;
        if let Some(piece) = captured {
            // R5: to the partner, who plays the captured piece's colour on the
            // other board; R6: `play` already demoted a promoted piece.
            let routed = self.boards[id.other().index()].add_to_pocket(piece.color, piece.role);
            debug_assert!(routed, "R7 bounds the pockets");
        }
        self.moves_played += 1;
        self.draw_offers = Seats::empty();
        self.now_ms = at;
        let mut clock_ms = recorded_clock;
        if let Some(clocks) = &mut self.clocks {
            clocks.after_move(seat, at);
            let left = clocks.remaining(seat, self.boards[id.index()].turn(), at);
            clock_ms = Some(i32::try_from(left).unwrap_or(i32::MAX));
        }
        self.history.push(Action {
            seat,
            kind: ActionKind::Move(m),
            at_ms: at,
            clock_ms,
        });
        if self.settings.mode == Mode::TurnBased {
            self.turn.advance(&self.boards, seat);
        }
        self.judge_mate(id);
        if self.outcome.is_none() {
            self.judge_rest();
        }
        self.outcome
    }

    /// R27 on one board: the side to move there is checkmated.
    fn judge_mate(&mut self, id: BoardId) {
        let board = &self.boards[id.index()];
        if board.is_checkmate() {
            self.outcome = Some(Outcome::loss(
                Seat::new(id, board.turn()),
                EndReason::Checkmate,
            ));
        }
    }

    /// R31, R32 and (turn-based) R25, in the order of F8.
    fn judge_rest(&mut self) {
        if !self.boards[0].has_legal_move() && !self.boards[1].has_legal_move() {
            self.outcome = Some(Outcome::draw(EndReason::NoOneCanMove));
        } else if self.moves_played >= self.settings.move_cap {
            self.outcome = Some(Outcome::draw(EndReason::MoveCap));
        } else if self.settings.mode == Mode::TurnBased && self.turn.record(&self.boards) >= 3 {
            self.outcome = Some(Outcome::draw(EndReason::Repetition));
        }
    }

    /// Sits (R24): the seat to act waits deliberately; its board stands. Not
    /// a move (F7): it does not count toward the cap or clear draw offers.
    pub fn sit(&mut self, seat: Seat) -> Result<Option<Outcome>, GameError> {
        self.ensure_open()?;
        if self.settings.mode != Mode::TurnBased {
            return Err(GameError::SitInLiveGame);
        }
        if !self.is_turn_of(seat) {
            return Err(GameError::NotYourTurn { seat });
        }
        if self.turn.sits_left[seat.index()] == 0 {
            return Err(GameError::NoSitsLeft { seat });
        }
        self.turn.sits_left[seat.index()] -= 1;
        self.history.push(Action {
            seat,
            kind: ActionKind::Sit,
            at_ms: self.now_ms,
            clock_ms: None,
        });
        self.turn.advance(&self.boards, seat);
        if self.turn.record(&self.boards) >= 3 {
            self.outcome = Some(Outcome::draw(EndReason::Repetition));
        }
        Ok(self.outcome)
    }

    /// Checks the clocks at `at_ms` (R21): returns the ending if a flag fell.
    pub fn tick(&mut self, at_ms: u64) -> Result<Option<Outcome>, GameError> {
        self.ensure_open()?;
        let outcome = self.check_time(Some(at_ms), false)?;
        if outcome.is_none() {
            self.now_ms = at_ms;
        }
        Ok(outcome)
    }

    /// `seat` resigns (R29, F10): at any moment, its team loses.
    pub fn resign(&mut self, seat: Seat, at_ms: Option<u64>) -> Result<Outcome, GameError> {
        self.leave(seat, at_ms, EndReason::Resignation)
    }

    /// `seat` leaves the game (R29, F10): its team loses.
    pub fn abandon(&mut self, seat: Seat, at_ms: Option<u64>) -> Result<Outcome, GameError> {
        self.leave(seat, at_ms, EndReason::Abandonment)
    }

    fn leave(
        &mut self,
        seat: Seat,
        at_ms: Option<u64>,
        reason: EndReason,
    ) -> Result<Outcome, GameError> {
        self.ensure_open()?;
        if self.check_time(at_ms, false)?.is_some() {
            return Err(GameError::GameOver);
        }
        if let Some(at) = at_ms {
            self.now_ms = at;
        }
        let outcome = Outcome::loss(seat, reason);
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// A human seat offers a draw (R30, F11); when every human seat has a
    /// standing offer, the game is drawn by agreement.
    pub fn offer_draw(&mut self, seat: Seat) -> Result<Option<Outcome>, GameError> {
        self.ensure_open()?;
        if !self.settings.humans.has(seat) {
            return Err(GameError::NotHuman { seat });
        }
        self.draw_offers |= Seats::of(seat);
        if self.draw_offers.contains(self.settings.humans) {
            self.outcome = Some(Outcome::draw(EndReason::Agreement));
        }
        Ok(self.outcome)
    }

    /// Withdraws `seat`'s standing draw offer, if any (R30).
    pub fn withdraw_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        self.ensure_open()?;
        self.draw_offers -= Seats::of(seat);
        Ok(())
    }

    /// The position of both boards as BFEN (N2), written without allocation.
    pub fn bfen(&self) -> Bfen<'_> {
        Bfen(&self.boards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_size_is_documented() {
        let size = core::mem::size_of::<Game>();
        assert!(
            size < 70 * 1024 && size > 50 * 1024,
            "size_of::<Game>() = {size}: update the doc comment"
        );
        assert_eq!(core::mem::size_of::<Action>(), 24);
    }
}
