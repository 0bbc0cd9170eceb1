//! The game's log: every accepted action with its timestamp, in order — the
//! one record from which a game is rebuilt exactly ([`Game::restore`]) and an
//! action taken back ([`Game::undo`]).
//!
//! # A bounded log
//!
//! The log lives inside the [`Game`] (no allocation), so it must be bounded
//! although ticks and draw offers are not. It keeps every action a game's
//! state depends on, folding what a later action makes redundant:
//!
//! - Moves, drops and sits are always entries: at most the move cap (R32) and
//!   3 sits per seat (R24).
//! - After the last move or sit, the *open run* holds at most one draw offer
//!   or withdrawal per seat (an offer withdrawn before the next move or sit
//!   cancels out) and never two ticks in a row (the later tick replaces the
//!   earlier: it changes nothing the later one does not): at most 4 offers
//!   and 5 ticks between them.
//! - A move or sit closes the run: its entry keeps the draw offers that stood
//!   when it was made ([`Action::offers`]; a move clears them, R30), and its
//!   timestamp supersedes the run's tick, so the run's entries go.
//! - The ending action, if any: a resignation, an abandonment, the tick (or
//!   refused timed action) that found a flag — logged as a tick at the
//!   flag's millisecond (F2) — or the offer that completed an agreement.
//!
//! So [`LOG_CAPACITY`] = the largest cap + 12 sits + 9 entries of the open
//! run + the ending. Rebuilding from the log gives a game `==` to the
//! original: boards, pockets, clocks, time, turn, repetition states, sits
//! left, draw offers, outcome and the log itself.

use super::Game;
use crate::game::turn::SITS_PER_SEAT;
use crate::{Board, GameError, GameSettings, MAX_MOVE_CAP, Move, Seat, Seats, SetupError};

/// How many entries a game's log holds: every move or drop (the largest cap,
/// R32), every sit (3 per seat, R24), the open run after the last of those
/// (one offer or withdrawal per seat, never two ticks in a row: 4 + 5) and
/// the ending action.
pub const LOG_CAPACITY: usize = MAX_MOVE_CAP as usize + 4 * SITS_PER_SEAT as usize + 9 + 1;

/// What a seat (or, for a tick, the caller) did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ActionKind {
    /// A move or drop on the seat's board (R9).
    Move(Move),
    /// A sit (R24): deliberately waiting, turn-based game only.
    Sit,
    /// A clock check with only a timestamp (R21). Has no seat.
    Tick,
    /// The seat resigned (R29): its team loses.
    Resign,
    /// The seat left the game (R29): its team loses.
    Abandon,
    /// A human seat offered a draw (R30).
    OfferDraw,
    /// A seat withdrew its standing draw offer (R30).
    WithdrawDraw,
}

impl ActionKind {
    /// A stable lower-case name: `"move"`, `"sit"`, `"tick"`, `"resign"`,
    /// `"abandon"`, `"offer_draw"`, `"withdraw_draw"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ActionKind::Move(_) => "move",
            ActionKind::Sit => "sit",
            ActionKind::Tick => "tick",
            ActionKind::Resign => "resign",
            ActionKind::Abandon => "abandon",
            ActionKind::OfferDraw => "offer_draw",
            ActionKind::WithdrawDraw => "withdraw_draw",
        }
    }

    /// The kind named `name` (as [`ActionKind::as_str`] writes it), with
    /// its move for `"move"`: the one inverse every stored log (a binding's
    /// log tuples, a server's database rows) reads back through. `None` when
    /// the name is unknown, or a move is missing or given to another kind.
    ///
    /// ```
    /// use bughouse_core::{Move, game::ActionKind};
    ///
    /// let e4 = Move::from_uci("e2e4").expect("a UCI move");
    /// assert_eq!(ActionKind::from_name("move", Some(e4)), Some(ActionKind::Move(e4)));
    /// assert_eq!(ActionKind::from_name("sit", None), Some(ActionKind::Sit));
    /// assert_eq!(ActionKind::from_name("sit", Some(e4)), None);
    /// ```
    pub fn from_name(name: &str, mv: Option<Move>) -> Option<ActionKind> {
        let kind = match (name, mv) {
            ("move", Some(m)) => ActionKind::Move(m),
            ("sit", None) => ActionKind::Sit,
            ("tick", None) => ActionKind::Tick,
            ("resign", None) => ActionKind::Resign,
            ("abandon", None) => ActionKind::Abandon,
            ("offer_draw", None) => ActionKind::OfferDraw,
            ("withdraw_draw", None) => ActionKind::WithdrawDraw,
            _ => return None,
        };
        Some(kind)
    }

    /// The move, for a move or drop.
    pub const fn as_move(self) -> Option<Move> {
        match self {
            ActionKind::Move(m) => Some(m),
            _ => None,
        }
    }

    /// Whether a move or sit: the actions that close the log's open run.
    const fn closes_run(self) -> bool {
        matches!(self, ActionKind::Move(_) | ActionKind::Sit)
    }
}

/// One entry of a game's log: who did what, when. `Copy`, 24 bytes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Action {
    /// Who acted; `None` only for a tick.
    pub seat: Option<Seat>,
    /// What it did.
    pub kind: ActionKind,
    /// The game's time when it was accepted, in ms since the start (R21):
    /// the action's timestamp, or the game's time for an action without one
    /// (a sit, a draw offer, an untimed move). A tick that found a flag is
    /// logged at the flag's millisecond (F2).
    pub at_ms: u64,
    /// The mover's clock after a move, in ms: computed in a live game with
    /// clocks, or as recorded when replaying a record (may be negative there).
    pub clock_ms: Option<i32>,
    /// For a move or sit: the draw offers standing when it was made (a move
    /// clears them, R30). Empty for the other actions.
    pub offers: Seats,
}

impl Action {
    /// A move or drop by `seat` at `at_ms`.
    pub const fn new_move(seat: Seat, m: Move, at_ms: u64) -> Action {
        Action {
            seat: Some(seat),
            kind: ActionKind::Move(m),
            at_ms,
            clock_ms: None,
            offers: Seats::empty(),
        }
    }

    /// A seat's action of `kind` at `at_ms` (no clock, no offers).
    pub(crate) const fn of(seat: Option<Seat>, kind: ActionKind, at_ms: u64) -> Action {
        Action {
            seat,
            kind,
            at_ms,
            clock_ms: None,
            offers: Seats::empty(),
        }
    }

    /// The move, for a move or drop.
    pub const fn as_move(&self) -> Option<Move> {
        self.kind.as_move()
    }
}

/// Why a log could not be replayed into a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum RestoreErrorKind {
    /// The settings or the start position are not valid.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The game refused the entry: it does not follow from the entries before.
    #[error("the game refuses it: {0}")]
    Refused(GameError),
    /// A seat action without a seat.
    #[error("a {0} needs a seat")]
    NoSeat(&'static str),
    /// The game accepted the entry but logs it differently: the log was not
    /// written by a game (a tick after a tick, an offer already standing…).
    #[error("accepted, but not as this engine logs it")]
    NotAsLogged,
}

/// A log that does not rebuild a game: which entry, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("log entry {index}: {kind}")]
pub struct RestoreError {
    /// The entry's index in the log, from 0 (0 also for bad settings).
    pub index: usize,
    /// What is wrong.
    pub kind: RestoreErrorKind,
}

impl Game {
    /// Every accepted action in order, with its timestamp: the game is
    /// rebuilt exactly from its settings, start and log ([`Game::restore`]).
    /// See the module docs of [`crate::game`] for what is folded to keep it
    /// bounded by [`LOG_CAPACITY`].
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat, game::ActionKind};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(500))?;
    /// game.tick(1_000)?;
    /// let kinds: Vec<&str> = game.log().iter().map(|a| a.kind.as_str()).collect();
    /// assert_eq!(kinds, ["move", "tick"]);
    /// assert_eq!(game.log()[0].kind, ActionKind::Move(bughouse_core::Move::from_uci("e2e4")?));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn log(&self) -> &[Action] {
        &self.log
    }

    /// The moves, drops and sits of the log, in play order.
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(500))?;
    /// game.tick(1_000)?;
    /// game.play_text(Seat::B_WHITE, "d4", Some(1_500))?;
    /// let moves: Vec<String> = game.history().filter_map(|a| a.as_move()).map(|m| m.to_string()).collect();
    /// assert_eq!(moves, ["e2e4", "d2d4"]);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn history(&self) -> impl DoubleEndedIterator<Item = &Action> + '_ {
        self.log.iter().filter(|a| a.kind.closes_run())
    }

    /// Calls `f` with each move and drop of the log, in play order, and the
    /// board it was played on as that board stood just before it (pockets
    /// as the partner's captures had filled them, R5): what SAN, a board's
    /// move stack and pictures of past positions need, from one walk over
    /// two boards (no second game, no allocation).
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, san::SanPlus, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(100))?;
    /// game.play_text(Seat::A_BLACK, "d5", Some(200))?;
    /// game.play_text(Seat::A_WHITE, "exd5", Some(300))?;
    /// let mut sans = Vec::new();
    /// game.each_move_with_board(|_, _, m, before| sans.push(SanPlus::from_move(before, m).to_string()));
    /// assert_eq!(sans, ["e4", "d5", "exd5"]);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn each_move_with_board(&self, mut f: impl FnMut(&Action, Seat, Move, &Board)) {
        let mut boards = self.start;
        for action in &self.log {
            let (Some(seat), ActionKind::Move(m)) = (action.seat, action.kind) else {
                continue;
            };
            let on = seat.board.index();
            f(action, seat, m, &boards[on]);
            if let Some(piece) = boards[on].play_unchecked(m) {
                boards[seat.board.other().index()].add_to_pocket(piece.color, piece.role);
            }
        }
    }

    /// Rebuilds a game from its settings, start boards and log: `==` to the
    /// game that wrote the log, at whatever point the log was taken, and
    /// playing on identically.
    ///
    /// # Errors
    ///
    /// [`RestoreError`] names the first entry that does not follow, or bad
    /// settings or start boards (index 0).
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// game.play_text(Seat::A_WHITE, "e4", Some(1_200))?;
    /// game.offer_draw(Seat::B_BLACK)?;
    /// game.tick(2_000)?;
    /// let copy = Game::restore(*game.settings(), *game.start_boards(), game.log())?;
    /// assert_eq!(copy, game);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn restore(
        settings: GameSettings,
        start: [Board; 2],
        log: &[Action],
    ) -> Result<Game, RestoreError> {
        let mut game = Game::from_boards(start, settings).map_err(|e| RestoreError {
            index: 0,
            kind: RestoreErrorKind::Setup(e),
        })?;
        game.replay_log(log)?;
        Ok(game)
    }

    /// Plays `log` into this game, entry by entry, checking that each is
    /// logged back as written.
    fn replay_log(&mut self, log: &[Action]) -> Result<(), RestoreError> {
        for (index, entry) in log.iter().enumerate() {
            // Entries before the open run never change (see `log_push`), and
            // were compared when they were replayed: compare only the run, so
            // a restore costs linear time in the log's length, not quadratic.
            let run_start = self.run_start();
            self.replay_entry(entry)
                .map_err(|kind| RestoreError { index, kind })?;
            if self.log.len() != index + 1 || self.log[run_start..] != log[run_start..=index] {
                return Err(RestoreError {
                    index,
                    kind: RestoreErrorKind::NotAsLogged,
                });
            }
        }
        Ok(())
    }

    /// Plays one logged entry: for a move or sit, first the draw offers and
    /// time that stood when it was made (what the log folded into it).
    fn replay_entry(&mut self, entry: &Action) -> Result<(), RestoreErrorKind> {
        let seat = || {
            entry
                .seat
                .ok_or(RestoreErrorKind::NoSeat(entry.kind.as_str()))
        };
        let refused = RestoreErrorKind::Refused;
        match entry.kind {
            ActionKind::Move(m) => {
                let seat = seat()?;
                self.set_offers(entry.offers).map_err(refused)?;
                let at = self.admit(seat, Some(entry.at_ms)).map_err(refused)?;
                self.apply(seat, m, at, entry.clock_ms).map_err(refused)?;
            }
            ActionKind::Sit => {
                let seat = seat()?;
                self.set_offers(entry.offers).map_err(refused)?;
                if entry.at_ms > self.now_ms {
                    self.tick(entry.at_ms).map_err(refused)?;
                }
                self.sit(seat).map_err(refused)?;
            }
            ActionKind::Tick => {
                self.tick(entry.at_ms).map_err(refused)?;
            }
            ActionKind::Resign => {
                self.resign(seat()?, Some(entry.at_ms)).map_err(refused)?;
            }
            ActionKind::Abandon => {
                self.abandon(seat()?, Some(entry.at_ms)).map_err(refused)?;
            }
            ActionKind::OfferDraw => {
                self.offer_draw(seat()?).map_err(refused)?;
            }
            ActionKind::WithdrawDraw => {
                self.withdraw_draw(seat()?).map_err(refused)?;
            }
        }
        Ok(())
    }

    /// Offers and withdraws until exactly `offers` stand.
    fn set_offers(&mut self, offers: Seats) -> Result<(), GameError> {
        for seat in (self.draw_offers - offers).seats() {
            self.withdraw_draw(seat)?;
        }
        for seat in (offers - self.draw_offers).seats() {
            self.offer_draw(seat)?;
        }
        Ok(())
    }

    /// Takes back the last logged action, exactly: the game becomes what it
    /// was before it (a takeback; python-chess's `pop`). Rebuilt from the
    /// log, so it costs a replay of the game. Undoing a move or sit brings
    /// back the draw offers that stood before it (logged again in seat
    /// order, `A a B b`); a tick the move folded (see the [module](self))
    /// is taken back with it. Apart from those, the game is `==` to the one
    /// before the action. Returns the action taken
    /// back, `None` when the log is empty. Works on a finished game too
    /// (taking back the mating move reopens it).
    ///
    /// ```
    /// use bughouse_core::{Game, GameSettings, Seat};
    ///
    /// let mut game = Game::new(GameSettings::default())?;
    /// let before = game.clone();
    /// game.play_text(Seat::B_WHITE, "Nf3", Some(700))?;
    /// assert!(game.undo().is_some());
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Option<Action> {
        let last = *self.log.last()?;
        let log = self.log.clone();
        let (start, settings) = (self.start, self.settings);
        self.reset(start, settings);
        let replayed = self.replay_log(&log[..log.len() - 1]).and_then(|()| {
            if last.kind.closes_run() {
                self.set_offers(last.offers).map_err(|e| RestoreError {
                    index: log.len() - 1,
                    kind: RestoreErrorKind::Refused(e),
                })?;
                if last.kind == ActionKind::Sit && last.at_ms > self.now_ms {
                    self.tick(last.at_ms).map_err(|e| RestoreError {
                        index: log.len() - 1,
                        kind: RestoreErrorKind::Refused(e),
                    })?;
                }
            }
            Ok(())
        });
        // A game's own log always replays (the property tests check it).
        debug_assert!(replayed.is_ok(), "a game's log replays: {replayed:?}");
        Some(last)
    }

    /// Pushes an entry, folding the open run into a move or sit.
    pub(super) fn log_push(&mut self, entry: Action) {
        let run_is_open = self.log.last().is_some_and(|a| !a.kind.closes_run());
        if !run_is_open {
            // The common case, a move after a move: nothing to fold.
        } else if entry.kind.closes_run() {
            let start = self.run_start();
            self.log.truncate(start);
        } else if entry.kind == ActionKind::Tick
            && self.log.last().is_some_and(|a| a.kind == ActionKind::Tick)
        {
            self.log.pop();
        }
        // Capacity: see LOG_CAPACITY; the bound is tested.
        let pushed = self.log.try_push(entry);
        debug_assert!(pushed.is_ok(), "LOG_CAPACITY bounds the log");
    }

    /// Logs an offer (`offer`) or a withdrawal of `seat`, cancelling the
    /// opposite entry of the same seat in the open run if there is one.
    pub(super) fn log_offer(&mut self, seat: Seat, offer: bool) {
        let opposite = if offer {
            ActionKind::WithdrawDraw
        } else {
            ActionKind::OfferDraw
        };
        let start = self.run_start();
        match (start..self.log.len())
            .find(|&i| self.log[i].kind == opposite && self.log[i].seat == Some(seat))
        {
            Some(i) => {
                self.log.remove(i);
                // Two ticks now in a row: the later one stands for both.
                let tick = |a: Option<&Action>| a.is_some_and(|a| a.kind == ActionKind::Tick);
                if i > start && tick(self.log.get(i - 1)) && tick(self.log.get(i)) {
                    self.log.remove(i - 1);
                }
            }
            None => {
                let kind = if offer {
                    ActionKind::OfferDraw
                } else {
                    ActionKind::WithdrawDraw
                };
                self.log_push(Action::of(Some(seat), kind, self.now_ms));
            }
        }
    }

    /// Where the open run starts: after the last move or sit.
    fn run_start(&self) -> usize {
        self.log
            .iter()
            .rposition(|a| a.kind.closes_run())
            .map_or(0, |i| i + 1)
    }
}
