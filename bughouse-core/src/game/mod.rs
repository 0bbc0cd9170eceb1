//! The match: two boards, four seats, two teams, clocks or the turn-based
//! rotation, and every ending with its reason (R1–R34).
//!
//! Every accepted action returns a [`Report`] (what it did; the state it
//! left is [`Game::snapshot`]) and is kept in the game's [`log`](Game::log), from which
//! [`Game::restore`] rebuilds the game exactly and [`Game::undo`] takes an
//! action back. See the [`log` module](self::log) for how the log stays
//! bounded.
//!
//! # A server's table loop
//!
//! The server stamps every action with its own time (clients never send
//! times, R21), arms one timer from [`Game::next_flag_ms`], broadcasts each
//! [`Report`] with the [`Snapshot`] after it, and saves the settings, start and log after each action; on
//! a restart [`Game::restore`] gives back the very game. (The log folds its
//! open run of ticks and offers into the next move, so save the whole log —
//! 24 bytes an entry — or rewrite the entries after the last move.)
//!
//! ```
//! use bughouse_core::{Action, Game, GameSettings, Report, Seat, TimeControl};
//! use bughouse_core::game::Snapshot;
//!
//! struct Saved {
//!     settings: GameSettings,
//!     log: Vec<Action>,
//! }
//! let settings = GameSettings {
//!     time_control: Some(TimeControl { base_ms: 5_000, increment_ms: 0 }),
//!     ..GameSettings::default()
//! };
//! let mut game = Game::new(settings)?;
//! let mut saved = Saved { settings, log: Vec::new() };
//! let mut sent: Vec<(Report, Snapshot)> = Vec::new(); // stands for the clients' sockets
//! // What the clients send, with the server's time of arrival.
//! let frames = [
//!     (800, Seat::A_WHITE, "e4"),
//!     (1_300, Seat::B_WHITE, "d4"),
//!     (1_900, Seat::A_BLACK, "e5"),
//!     (2_000, Seat::A_BLACK, "d6"), // not its turn: an error frame, nothing changes
//!     (9_000, Seat::B_BLACK, "d5"), // after A-White's flag fell at 6.1 s
//! ];
//! for (now, seat, text) in frames {
//!     // The table's one timer fires first if the flag falls before `now`.
//!     if let Some(flag) = game.next_flag_ms().filter(|&flag| flag <= now) {
//!         let report = game.tick(flag)?;
//!         saved.log = game.log().to_vec();
//!         sent.push((report, game.snapshot()));
//!         break;
//!     }
//!     match game.play_text(seat, text, Some(now)) {
//!         Ok(report) => {
//!             saved.log = game.log().to_vec(); // written before it is broadcast
//!             sent.push((report, game.snapshot()));
//!         }
//!         Err(e) => assert_eq!(e.to_string(), "not your turn: A-Black"),
//!     }
//! }
//! let ending = sent.last().and_then(|(r, _)| r.outcome()).unwrap();
//! assert_eq!(ending.to_string(), "A-White ran out of time: team 2 wins (R28)");
//! assert_eq!(saved.log.last().map(|a| a.at_ms), Some(6_100)); // at the flag (F2)
//! assert_eq!(sent[0].1.may_move, bughouse_core::Seats::A_BLACK | bughouse_core::Seats::B_WHITE);
//!
//! // The server restarts: the table is rebuilt from what it saved.
//! let restored = Game::restore(saved.settings, *game.start_boards(), &saved.log)?;
//! assert_eq!(restored, game);
//! # Ok::<(), Box<dyn core::error::Error>>(())
//! ```

pub(crate) mod clock;
pub mod log;
pub(crate) mod outcome;
pub(crate) mod report;
pub(crate) mod seat;
pub(crate) mod settings;

pub use outcome::OutcomeError;
pub use settings::{MAX_CLOCK_MS, check_move_cap, parse_humans};
pub(crate) mod turn;

pub use clock::{Clocks, Flag, TimeControl, TimeControlError, TimeControlSettingError};
pub use log::{Action, ActionKind, LOG_CAPACITY, RestoreError, RestoreErrorKind};
pub use outcome::{EndReason, Outcome};
pub use report::{Capture, Report, Snapshot};
pub use seat::{BoardId, Seat, Seats, Team};
pub use settings::{DEFAULT_MOVE_CAP, GameSettings, MAX_MOVE_CAP, Mode};
pub use turn::{ROTATION, SITS_PER_SEAT, next_to_act, state_hash};

use arrayvec::ArrayVec;

use crate::Bitboard;
use crate::game::turn::TurnState;
use crate::{
    Bfen, Board, BoardStatus, Flavour, GameError, IllegalMoveError, Move, MoveList, SetupError,
    parse_bfen,
};

/// How many moves, drops and sits a game holds: one per move or drop (at
/// most the move cap, R32) plus one per sit (at most 3 per seat, R24). The
/// repetition states (R25) are one per such action plus the start.
pub const HISTORY_CAPACITY: usize = MAX_MOVE_CAP as usize + 4 * SITS_PER_SEAT as usize;

/// A bughouse match.
///
/// `size_of::<Game>()` is about 65 KiB, almost all of it the fixed-capacity
/// log (24 bytes × [`LOG_CAPACITY`]) and the repetition states (8 bytes ×
/// [`HISTORY_CAPACITY`] + 1), both bounded by the largest move cap (R32);
/// the test `game_size_is_documented` keeps this figure honest.
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
    /// Each board's status for its side to move, computed once whenever the
    /// board or its pockets change (R16–R18, R31, F5).
    status: [BoardStatus; 2],
    /// Each board's checkers, computed with its status and kept while the
    /// board stands (a pocket's change does not alter them): the next
    /// move's legality is checked with them. Not the pins: most moves need
    /// none, and the legality test computes them for those that do.
    checkers: [Bitboard; 2],
    turn: TurnState<{ HISTORY_CAPACITY + 1 }>,
    log: ArrayVec<Action, LOG_CAPACITY>,
}

impl Game {
    /// A game from the standard position on both boards (R4).
    ///
    /// # Errors
    ///
    /// [`SetupError::Settings`](crate::SetupError) when the settings break a
    /// rule or a bound ([`GameSettings::validate`]).
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Mode, Seat};
    ///
    /// let game = Game::new(GameSettings::default())?; // live, 3 minutes each
    /// assert_eq!(game.clock_ms(Seat::B_BLACK), Some(180_000));
    /// let turns = Game::new(GameSettings::of_mode(Mode::TurnBased))?;
    /// assert_eq!(turns.to_act(), Some(Seat::A_WHITE)); // F5
    /// let bad = GameSettings { move_cap: 0, ..GameSettings::default() };
    /// assert!(Game::new(bad).is_err());
    /// # Ok::<(), bughouse_core::SetupError>(())
    /// ```
    pub fn new(settings: GameSettings) -> Result<Game, SetupError> {
        Game::from_boards([Board::new(), Board::new()], settings)
    }

    /// A game from a BFEN (N2): board A's FEN, `|`, board B's FEN. The
    /// material of each colour over both boards and the pockets must fit
    /// in one game (R7).
    ///
    /// # Errors
    ///
    /// [`SetupError::Fen`](crate::SetupError) for a BFEN that does not read
    /// (see [`crate::bfen::parse_bfen`]), or bad settings as for [`Game::new`].
    ///
    /// ```
    /// use bughouse_core::{BoardId, Color, Game, GameSettings, Role};
    ///
    /// let bfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[] w Qkq - 0 1 \
    ///             | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[R] w KQkq - 0 1";
    /// let game = Game::from_bfen(bfen, GameSettings::default())?;
    /// assert_eq!(game.board(BoardId::B).pocket(Color::White).count(Role::Rook), 1);
    /// assert!(Game::from_bfen("8/8/8/8/8/8/8/8", GameSettings::default()).is_err());
    /// # Ok::<(), bughouse_core::SetupError>(())
    /// ```
    pub fn from_bfen(bfen: &str, settings: GameSettings) -> Result<Game, SetupError> {
        Game::from_boards(parse_bfen(bfen)?, settings)
    }

    /// A game from two boards, judged at once (F8): board A first.
    fn from_boards(boards: [Board; 2], settings: GameSettings) -> Result<Game, SetupError> {
        settings.validate()?;
        Ok(Game::build(boards, settings))
    }

    /// A new game with the same start and settings as this one.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "d4", Some(300))?;
    /// let fresh = game.restarted();
    /// assert_eq!(fresh, Game::new(GameSettings::default())?);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
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
            status: [BoardStatus::Playing; 2],
            checkers: boards.map(|b| b.checkers()),
            turn: TurnState::new(),
            log: ArrayVec::new(),
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
        self.checkers = boards.map(|b| b.checkers());
        self.status = [0, 1].map(|i| boards[i].status_with(self.checkers[i]));
        self.turn.reset(&boards, self.status);
        self.log.clear();
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
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(2_000))?;
    /// assert_eq!(game.clock_ms(Seat::A_WHITE), Some(178_000)); // stopped at the move
    /// assert_eq!(game.clock_ms(Seat::B_WHITE), Some(178_000)); // still running (R19)
    /// assert_eq!(game.clock_ms(Seat::A_BLACK), Some(180_000)); // started at the move
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, GameError, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(2_000))?;
    /// assert_eq!(game.clock_ms_at(Seat::A_BLACK, 5_000)?, Some(177_000));
    /// assert!(matches!(game.clock_ms_at(Seat::A_BLACK, 1_000), Err(GameError::TimeWentBackwards { .. })));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
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

    /// The four clocks at `at_ms` (see [`Game::clock_ms_at`]), by
    /// [`Seat::index`]; `Ok(None)` without clocks.
    ///
    /// # Errors
    ///
    /// As [`Game::clock_ms_at`]: a time before the game's time.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let game = Game::new(GameSettings::default())?;
    /// let clocks = game.clocks_at(10_000)?.unwrap();
    /// assert_eq!(clocks[Seat::A_WHITE.index()], 170_000); // both White clocks run (F1)
    /// assert_eq!(clocks[Seat::A_BLACK.index()], 180_000);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn clocks_at(&self, at_ms: u64) -> Result<Option<[u64; 4]>, GameError> {
        self.clock_ms_at(Seat::A_WHITE, at_ms)?;
        let Some(clocks) = self.clocks.as_ref() else {
            return Ok(None);
        };
        let at = if self.outcome.is_some() {
            self.now_ms
        } else {
            at_ms
        };
        Ok(Some(Seat::ALL.map(|s| {
            clocks.remaining(s, self.boards[s.board.index()].turn(), at)
        })))
    }

    /// The millisecond at which the earliest flag falls if nobody acts
    /// (R21, F1): a server arms one timer for it and then calls
    /// [`Game::tick`] with that time, instead of polling. `None` when the
    /// game is over or has no clocks. Any accepted move may change it.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat, TimeControl};
    ///
    /// let settings = GameSettings {
    ///     time_control: Some(TimeControl { base_ms: 60_000, increment_ms: 0 }),
    ///     ..GameSettings::default()
    /// };
    /// let mut game = Game::new(settings)?;
    /// assert_eq!(game.next_flag_ms(), Some(60_000)); // both White clocks run
    /// game.play_text(Seat::A_WHITE, "e4", Some(5_000))?;
    /// assert_eq!(game.next_flag_ms(), Some(60_000)); // B-White's still runs from 0
    /// let report = game.tick(60_000)?;
    /// assert_eq!(report.outcome().unwrap().seat, Some(Seat::B_WHITE));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn next_flag_ms(&self) -> Option<u64> {
        if self.outcome.is_some() {
            return None;
        }
        let clocks = self.clocks.as_ref()?;
        BoardId::ALL
            .into_iter()
            .map(|b| clocks.flag_at(b, self.boards[b.index()].turn()))
            .min()
    }

    /// Whether it is `seat`'s turn: its colour is to move on its board, and in
    /// the turn-based game it is the seat to act.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let game = Game::new(GameSettings::default())?;
    /// assert!(game.is_turn_of(Seat::A_WHITE) && game.is_turn_of(Seat::B_WHITE)); // live: both boards
    /// assert!(!game.is_turn_of(Seat::A_BLACK));
    /// # Ok::<(), bughouse_core::SetupError>(())
    /// ```
    pub fn is_turn_of(&self, seat: Seat) -> bool {
        self.outcome.is_none()
            && self.boards[seat.board.index()].turn() == seat.color
            && match self.settings.mode {
                Mode::Live => true,
                Mode::TurnBased => self.turn.to_act == Some(seat),
            }
    }

    /// The legal moves and drops of `seat` now; empty when it may not move.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let game = Game::new(GameSettings::default())?;
    /// assert_eq!(game.legal_moves(Seat::B_WHITE).len(), 20);
    /// assert!(game.legal_moves(Seat::B_BLACK).is_empty()); // not its turn
    /// # Ok::<(), bughouse_core::SetupError>(())
    /// ```
    pub fn legal_moves(&self, seat: Seat) -> MoveList {
        if self.is_turn_of(seat) {
            self.boards[seat.board.index()].legal_moves()
        } else {
            MoveList::new()
        }
    }

    /// Whether `seat` may sit now (R24): turn-based, its turn, sits left.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Mode, Seat};
    ///
    /// let game = Game::new(GameSettings::of_mode(Mode::TurnBased))?;
    /// assert!(game.can_sit(Seat::A_WHITE));
    /// assert!(!game.can_sit(Seat::B_WHITE)); // not its turn (R22)
    /// assert!(!Game::new(GameSettings::default())?.can_sit(Seat::A_WHITE)); // live: never
    /// # Ok::<(), bughouse_core::SetupError>(())
    /// ```
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
    /// before `at_ms` ends the game at the flag's time, is logged as a tick
    /// at that millisecond, and is returned.
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
                self.log_push(Action::of(None, ActionKind::Tick, flag.at_ms));
                return Ok(Some(outcome));
            }
        }
        Ok(None)
    }

    /// Checks, in the order of F12, everything before the move itself: the
    /// game is on, the timestamp, the flags, the seat's turn. Returns the
    /// time to stamp the action with.
    #[inline(always)]
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
    /// partner, promoted pieces as pawns (R5, R6). Returns what the move did
    /// (its SAN, its capture, the ending if it ended the game); the state
    /// after it is [`Game::snapshot`].
    ///
    /// # Errors
    ///
    /// Checked in the order of F12: [`GameError::GameOver`],
    /// [`GameError::TimestampRequired`], [`GameError::TimeWentBackwards`],
    /// `GameOver` again when a clock ran out by `at_ms` (the one change a
    /// refused action makes, F2: the game ends at the flag, logged as a
    /// tick), [`GameError::NotYourTurn`], [`GameError::IllegalMove`].
    /// Otherwise nothing changes.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Role, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// for (seat, san, at) in [(Seat::A_WHITE, "e4", 500), (Seat::A_BLACK, "d5", 900)] {
    ///     game.play_text(seat, san, Some(at))?;
    /// }
    /// let m = game.board(Seat::A_WHITE.board).parse_san("exd5")?;
    /// let report = game.play(Seat::A_WHITE, m, Some(1_400))?;
    /// assert_eq!(game.san_of(&report).unwrap().to_string(), "exd5");
    /// let capture = report.capture.unwrap();
    /// assert_eq!((capture.piece.role, capture.to), (Role::Pawn, Seat::B_BLACK)); // R5
    /// let state = game.snapshot(); // the state after the move, on request
    /// assert_eq!(state.pockets[Seat::B_BLACK.index()].count(Role::Pawn), 1);
    /// assert_eq!(state.clocks.unwrap()[Seat::A_WHITE.index()], 180_000 - 1_400 + 900 - 500);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn play(&mut self, seat: Seat, m: Move, at_ms: Option<u64>) -> Result<Report, GameError> {
        let at = self.admit(seat, at_ms)?;
        self.apply(seat, m, at, None)
    }

    /// Plays a move given as UCI text (N3), checking in the order of F12.
    ///
    /// # Errors
    ///
    /// As [`Game::play`], and [`GameError::InvalidMove`] for text that is
    /// not UCI.
    ///
    /// ```
    /// use bughouse_core::{Game, GameError, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// let report = game.play_uci(Seat::A_WHITE, "g1f3", Some(400))?;
    /// assert_eq!(game.san_of(&report).unwrap().to_string(), "Nf3");
    /// let refused = game.play_uci(Seat::A_BLACK, "Nf6", Some(900));
    /// assert!(matches!(refused, Err(GameError::InvalidMove { .. }))); // SAN is not UCI
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn play_uci(
        &mut self,
        seat: Seat,
        text: &str,
        at_ms: Option<u64>,
    ) -> Result<Report, GameError> {
        let at = self.admit(seat, at_ms)?;
        let m =
            Move::from_uci(text.trim()).map_err(|error| GameError::InvalidMove { seat, error })?;
        self.apply(seat, m, at, None)
    }

    /// Plays a move given as text, UCI or SAN (N3), checking in the order of
    /// F12. The move played is the report's `action`.
    ///
    /// # Errors
    ///
    /// As [`Game::play_uci`], and [`GameError::AmbiguousMove`] or
    /// [`GameError::IllegalSan`] for SAN that names several legal moves or
    /// none.
    ///
    /// ```
    /// use bughouse_core::{ErrorCode, Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e2e4", Some(500))?; // UCI
    /// game.play_text(Seat::A_BLACK, "Nc6", Some(800))?; // SAN
    /// let error = game.play_text(Seat::A_WHITE, "Qz9", Some(900)).unwrap_err();
    /// assert_eq!(error.code(), ErrorCode::InvalidMove);
    /// let error = game.play_text(Seat::A_WHITE, "Nd2", Some(950)).unwrap_err();
    /// assert_eq!(error.code(), ErrorCode::IllegalMove); // the knight on b1 is blocked
    /// assert_eq!(game.moves_played(), 2); // refused moves change nothing
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn play_text(
        &mut self,
        seat: Seat,
        text: &str,
        at_ms: Option<u64>,
    ) -> Result<Report, GameError> {
        let at = self.admit(seat, at_ms)?;
        match Move::from_uci(text.trim()) {
            Ok(m) => self.apply(seat, m, at, None),
            Err(_) => {
                // SAN resolves to a legal move: not checked a second time.
                let m = self.boards[seat.board.index()]
                    .parse_move(text)
                    .map_err(|error| GameError::from_san(seat, error))?;
                Ok(self.apply_legal(seat, m, at, None))
            }
        }
    }

    /// Plays a move from a game record: like [`Game::play`] without a
    /// timestamp, keeping the recorded clock (data, not a referee) in the
    /// log.
    ///
    /// # Errors
    ///
    /// As [`Game::play`].
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Move, Seat};
    ///
    /// let settings = GameSettings { time_control: None, ..GameSettings::default() };
    /// let mut game = Game::new(settings)?;
    /// game.play_recorded(Seat::A_WHITE, Move::from_uci("e2e4")?, Some(179_100))?;
    /// assert_eq!(game.log()[0].clock_ms, Some(179_100)); // the record's clock, kept as data
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn play_recorded(
        &mut self,
        seat: Seat,
        m: Move,
        clock_ms: Option<i32>,
    ) -> Result<Report, GameError> {
        let at = self.admit(seat, None)?;
        self.apply(seat, m, at, clock_ms)
    }

    /// As [`Game::play_recorded`] for a move already known to be legal on the
    /// seat's board (one that SAN resolution returned), so legality is not
    /// checked twice when replaying archives; with the record's exact
    /// timestamp when it has one.
    pub(crate) fn play_recorded_legal(
        &mut self,
        seat: Seat,
        m: Move,
        at_ms: Option<u64>,
        clock_ms: Option<i32>,
    ) -> Result<Report, GameError> {
        let at = self.admit(seat, at_ms)?;
        Ok(self.apply_legal(seat, m, at, clock_ms))
    }

    fn apply(
        &mut self,
        seat: Seat,
        m: Move,
        at: u64,
        recorded_clock: Option<i32>,
    ) -> Result<Report, GameError> {
        let board = &self.boards[seat.board.index()];
        if !board.is_legal_with(m, self.checkers[seat.board.index()]) {
            let error = IllegalMoveError {
                mv: m,
                reason: board.why_illegal(m),
            };
            return Err(GameError::IllegalMove { seat, error });
        }
        Ok(self.apply_legal(seat, m, at, recorded_clock))
    }

    /// Plays a move known to be legal on the seat's board.
    #[inline]
    fn apply_legal(&mut self, seat: Seat, m: Move, at: u64, recorded_clock: Option<i32>) -> Report {
        let board = &mut self.boards[seat.board.index()];
        debug_assert!(board.is_legal(m));
        let captured = board.play_unchecked(m);
        self.after_move(seat, m, captured, at, recorded_clock)
    }

    /// Everything a move does beyond its own board: capture routing, the
    /// move count, offers, clocks, the log, the rotation and the judgement
    /// (F8), each board's status computed once.
    #[inline]
    fn after_move(
        &mut self,
        seat: Seat,
        m: Move,
        captured: Option<crate::Piece>,
        at: u64,
        recorded_clock: Option<i32>,
    ) -> Report {
        let id = seat.board;
        let board = &self.boards[id.index()];
        self.checkers[id.index()] = board.checkers();
        self.status[id.index()] = board.status_with(self.checkers[id.index()]);
        let capture = captured.map(|piece| {
            // R5: to the partner, who plays the captured piece's colour on the
            // other board; R6: `play` already demoted a promoted piece.
            let other = id.other().index();
            let routed = self.boards[other].add_to_pocket(piece.color, piece.role);
            debug_assert!(routed, "R7 bounds the pockets");
            // A piece more in a pocket takes no move away: a board that
            // could move still can; one that waited may now drop (R18). Its
            // checkers stand (the placement did not change).
            if self.status[other] != BoardStatus::Playing {
                self.status[other] = self.boards[other].status_with(self.checkers[other]);
            }
            debug_assert_eq!(self.status[other], self.boards[other].status());
            Capture {
                piece,
                to: Seat::new(id.other(), piece.color),
            }
        });
        self.moves_played += 1;
        let offers = self.draw_offers;
        self.draw_offers = Seats::empty();
        self.now_ms = at;
        let mut clock_ms = recorded_clock;
        if let Some(clocks) = &mut self.clocks {
            clocks.after_move(seat, at);
            let left = clocks.remaining(seat, self.boards[id.index()].turn(), at);
            clock_ms = Some(i32::try_from(left).unwrap_or(i32::MAX));
        }
        let action = Action {
            seat: Some(seat),
            kind: ActionKind::Move(m),
            at_ms: at,
            clock_ms,
            offers,
        };
        self.log_push(action);
        if self.settings.mode == Mode::TurnBased {
            self.turn.advance(&self.boards, self.status, seat);
        }
        self.judge_mate(id);
        if self.outcome.is_none() {
            self.judge_rest();
        }
        self.report(action, true, capture)
    }

    /// R27 on one board: the side to move there is checkmated.
    fn judge_mate(&mut self, id: BoardId) {
        if self.status[id.index()] == BoardStatus::Checkmate {
            self.outcome = Some(Outcome::loss(
                Seat::new(id, self.boards[id.index()].turn()),
                EndReason::Checkmate,
            ));
        }
    }

    /// R31, R32 and (turn-based) R25, in the order of F8.
    fn judge_rest(&mut self) {
        if self.status.iter().all(|s| *s != BoardStatus::Playing) {
            self.outcome = Some(Outcome::draw(EndReason::NoOneCanMove));
        } else if self.moves_played >= self.settings.move_cap {
            self.outcome = Some(Outcome::draw(EndReason::MoveCap));
        } else if self.settings.mode == Mode::TurnBased && self.turn.record(&self.boards) >= 3 {
            self.outcome = Some(Outcome::draw(EndReason::Repetition));
        }
    }

    /// Sits (R24): the seat to act waits deliberately; its board stands. Not
    /// a move (F7): it does not count toward the cap or clear draw offers.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`], [`GameError::SitInLiveGame`],
    /// [`GameError::NotYourTurn`], [`GameError::NoSitsLeft`]; nothing changes.
    ///
    /// ```
    /// use bughouse_core::{Game, GameError, GameSettings, Mode, Seat};
    ///
    /// let mut game = Game::new(GameSettings::of_mode(Mode::TurnBased))?;
    /// let report = game.sit(Seat::A_WHITE)?;
    /// assert!(report.logged);
    /// assert_eq!(game.to_act(), Some(Seat::B_WHITE)); // the rotation goes on (R22)
    /// assert_eq!(game.sits_left(Seat::A_WHITE), 2);
    /// assert_eq!(game.moves_played(), 0); // a sit is not a move (F7)
    /// let mut live = Game::new(GameSettings::default())?;
    /// assert_eq!(live.sit(Seat::A_WHITE), Err(GameError::SitInLiveGame));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn sit(&mut self, seat: Seat) -> Result<Report, GameError> {
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
        let action = Action {
            offers: self.draw_offers,
            ..Action::of(Some(seat), ActionKind::Sit, self.now_ms)
        };
        self.log_push(action);
        self.turn.advance(&self.boards, self.status, seat);
        if self.turn.record(&self.boards) >= 3 {
            self.outcome = Some(Outcome::draw(EndReason::Repetition));
        }
        Ok(self.report(action, true, None))
    }

    /// Checks the clocks at `at_ms` (R21) and advances the game's time to
    /// it; the report's ending says whether a flag fell (then the game ended
    /// at the flag's millisecond, F2).
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`], [`GameError::TimeWentBackwards`]; nothing
    /// changes.
    ///
    /// ```
    /// use bughouse_core::{EndReason, Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// assert_eq!(game.tick(60_000)?.outcome(), None);
    /// assert_eq!(game.now_ms(), 60_000);
    /// let report = game.tick(200_000)?; // both White clocks fell at 180 s
    /// let ending = report.outcome().unwrap();
    /// assert_eq!((ending.reason, ending.winner), (EndReason::Time, None)); // same moment: a draw
    /// assert_eq!(game.now_ms(), 180_000); // the game ended at the flag (F2)
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn tick(&mut self, at_ms: u64) -> Result<Report, GameError> {
        self.ensure_open()?;
        if self.check_time(Some(at_ms), false)?.is_none() {
            self.now_ms = at_ms;
            self.log_push(Action::of(None, ActionKind::Tick, at_ms));
        }
        let action = self.log.last().copied();
        Ok(self.report(
            action.unwrap_or(Action::of(None, ActionKind::Tick, at_ms)),
            true,
            None,
        ))
    }

    /// `seat` resigns (R29, F10): at any moment, its team loses.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`] (also when a clock ran out by `at_ms`: then
    /// the game ends at the flag, F2), [`GameError::TimeWentBackwards`].
    ///
    /// ```
    /// use bughouse_core::{EndReason, Game, GameError, GameSettings, Seat, Team};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// let ending = game.resign(Seat::A_BLACK, Some(5_000))?.outcome().unwrap();
    /// assert_eq!((ending.reason, ending.winner), (EndReason::Resignation, Some(Team::One)));
    /// assert_eq!(game.resign(Seat::A_WHITE, Some(6_000)), Err(GameError::GameOver));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn resign(&mut self, seat: Seat, at_ms: Option<u64>) -> Result<Report, GameError> {
        self.leave(seat, at_ms, EndReason::Resignation)
    }

    /// `seat` leaves the game (R29, F10): its team loses.
    ///
    /// # Errors
    ///
    /// As [`Game::resign`].
    ///
    /// ```
    /// use bughouse_core::{EndReason, Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// let ending = game.abandon(Seat::B_WHITE, Some(1_000))?.outcome().unwrap();
    /// assert_eq!(ending.reason, EndReason::Abandonment);
    /// assert_eq!(ending.to_string(), "B-White left the game: team 1 wins (R29)");
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn abandon(&mut self, seat: Seat, at_ms: Option<u64>) -> Result<Report, GameError> {
        self.leave(seat, at_ms, EndReason::Abandonment)
    }

    fn leave(
        &mut self,
        seat: Seat,
        at_ms: Option<u64>,
        reason: EndReason,
    ) -> Result<Report, GameError> {
        self.ensure_open()?;
        if self.check_time(at_ms, false)?.is_some() {
            return Err(GameError::GameOver);
        }
        if let Some(at) = at_ms {
            self.now_ms = at;
        }
        self.outcome = Some(Outcome::loss(seat, reason));
        let kind = match reason {
            EndReason::Resignation => ActionKind::Resign,
            _ => ActionKind::Abandon,
        };
        let action = Action::of(Some(seat), kind, self.now_ms);
        self.log_push(action);
        Ok(self.report(action, true, None))
    }

    /// A human seat offers a draw (R30, F11); when every human seat has a
    /// standing offer, the game is drawn by agreement. An offer already
    /// standing is accepted and changes nothing.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`], [`GameError::NotHuman`].
    ///
    /// ```
    /// use bughouse_core::{EndReason, Game, GameSettings, Seat, Seats};
    ///
    /// // Two humans, two computers: the humans' offers decide (F11).
    /// let settings = GameSettings { humans: Seats::A_WHITE | Seats::A_BLACK, ..GameSettings::default() };
    /// let mut game = Game::new(settings)?;
    /// assert!(game.offer_draw(Seat::B_WHITE).is_err()); // a computer seat
    /// game.offer_draw(Seat::A_WHITE)?;
    /// assert!(!game.offer_draw(Seat::A_WHITE)?.logged); // already standing
    /// let ending = game.offer_draw(Seat::A_BLACK)?.outcome().unwrap();
    /// assert_eq!(ending.reason, EndReason::Agreement);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn offer_draw(&mut self, seat: Seat) -> Result<Report, GameError> {
        self.ensure_open()?;
        if !self.settings.humans.has(seat) {
            return Err(GameError::NotHuman { seat });
        }
        let action = Action::of(Some(seat), ActionKind::OfferDraw, self.now_ms);
        let logged = !self.draw_offers.has(seat);
        if logged {
            self.draw_offers |= Seats::of(seat);
            self.log_offer(seat, true);
            if self.draw_offers.contains(self.settings.humans) {
                self.outcome = Some(Outcome::draw(EndReason::Agreement));
            }
        }
        Ok(self.report(action, logged, None))
    }

    /// Withdraws `seat`'s standing draw offer (R30); with none standing it
    /// is accepted and changes nothing.
    ///
    /// # Errors
    ///
    /// [`GameError::GameOver`].
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat, Seats};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.offer_draw(Seat::A_WHITE)?;
    /// assert_eq!(game.draw_offers(), Seats::A_WHITE);
    /// game.withdraw_draw(Seat::A_WHITE)?;
    /// assert!(game.draw_offers().is_empty());
    /// assert!(game.log().is_empty()); // an offer withdrawn in the same run folds away
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn withdraw_draw(&mut self, seat: Seat) -> Result<Report, GameError> {
        self.ensure_open()?;
        let action = Action::of(Some(seat), ActionKind::WithdrawDraw, self.now_ms);
        let logged = self.draw_offers.has(seat);
        if logged {
            self.draw_offers -= Seats::of(seat);
            self.log_offer(seat, false);
        }
        Ok(self.report(action, logged, None))
    }

    /// The position of both boards as BFEN (N2), written without allocation.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings};
    ///
    /// let game = Game::new(GameSettings::default())?;
    /// let text = game.bfen().to_string();
    /// assert_eq!(Game::from_bfen(&text, GameSettings::default())?, game);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
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

    #[test]
    fn a_report_stays_compact() {
        // Every action returns one: the state it left is `snapshot()`,
        // built on request, not copied into each report (issue 11).
        assert_eq!(core::mem::size_of::<Report>(), 40);
        assert_eq!(core::mem::size_of::<Snapshot>(), 88);
    }
}
