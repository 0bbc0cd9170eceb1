//! The one place where the server touches the rules engine's game API.
//!
//! A [`TableGame`] is a [`Game`] plus the server's log of every accepted
//! action with its timestamp. Everything the rest of the server needs —
//! applying an action, what it changed (the [`Report`]), when the next flag
//! falls, rebuilding a game after a restart — goes through here, so moving
//! to the core's own reports, log and restore (issue 17) changes this file
//! only.
//!
//! Until those land, this module is a thin adapter over today's API:
//! - the log is kept here, since `Game::history()` holds moves and sits but
//!   not flags, resignations or draw offers;
//! - the report's SAN is computed on the board before the move and the
//!   capture is found by comparing the partner's pocket before and after;
//! - restore replays the log through the same calls that made it, so the
//!   restored game equals the original (the core decides everything again).

use bughouse_core::{
    BoardId, Game, GameError, GameSettings, Mode, Move, Outcome, Role, Seat, SetupError,
};

/// What a seat (or the clock) did, as the server logs it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TableAction {
    /// A move or drop (R9).
    Move(Move),
    /// A sit (R24, turn-based only).
    Sit,
    /// The seat resigns (R29).
    Resign,
    /// A draw offer (R30).
    OfferDraw,
    /// Withdraws the seat's draw offer (R30).
    WithdrawDraw,
    /// The server's timer found a flag down (R21, R28): no seat.
    Flag,
}

impl TableAction {
    /// The stable name written in the log and in frames.
    pub fn kind(self) -> &'static str {
        match self {
            TableAction::Move(_) => "move",
            TableAction::Sit => "sit",
            TableAction::Resign => "resign",
            TableAction::OfferDraw => "offer_draw",
            TableAction::WithdrawDraw => "withdraw_draw",
            TableAction::Flag => "flag",
        }
    }

    /// Reads a logged action back: its kind and, for a move, its UCI.
    pub fn from_parts(kind: &str, uci: Option<&str>) -> Option<TableAction> {
        Some(match kind {
            "move" => TableAction::Move(Move::from_uci(uci?).ok()?),
            "sit" => TableAction::Sit,
            "resign" => TableAction::Resign,
            "offer_draw" => TableAction::OfferDraw,
            "withdraw_draw" => TableAction::WithdrawDraw,
            "flag" => TableAction::Flag,
            _ => return None,
        })
    }
}

/// One accepted action: who, what, and the server's game time (ms since the
/// game started, R21) when it was accepted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The acting seat; `None` for a flag.
    pub seat: Option<Seat>,
    /// What was done.
    pub action: TableAction,
    /// Game time in ms.
    pub at_ms: u64,
}

/// What one accepted action changed, beyond the state every frame carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// 1-based position of the action in the log.
    pub seq: usize,
    /// The action itself.
    pub entry: LogEntry,
    /// The move's SAN with `+`/`#` (R16), for moves.
    pub san: Option<String>,
    /// The captured piece (demoted, R6) and the seat whose pocket got it (R5).
    pub capture: Option<(Role, Seat)>,
    /// The ending, if this action ended the game.
    pub outcome: Option<Outcome>,
}

/// Why an action was not applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The core refused it; nothing changed.
    Game(GameError),
    /// A flag had fallen before the action's time: the game ended on time
    /// (F2) and this report of the flag was logged instead.
    FlagFell(Report),
    /// The timer asked for a flag that has not fallen yet: nothing changed.
    NoFlag,
}

/// A game and its complete log.
#[derive(Clone, Debug)]
pub struct TableGame {
    game: Game,
    log: Vec<LogEntry>,
}

impl TableGame {
    /// A new game from the standard position (R4).
    pub fn new(settings: GameSettings) -> Result<TableGame, SetupError> {
        Ok(TableGame {
            game: Game::new(settings)?,
            log: Vec::new(),
        })
    }

    /// Rebuilds a game from its settings and log, by applying every entry
    /// again: the core judges each one as it did the first time. Fails on
    /// the first entry the core refuses (a corrupt log), naming its index.
    pub fn replay(settings: GameSettings, log: &[LogEntry]) -> Result<TableGame, (usize, String)> {
        let mut table = TableGame::new(settings).map_err(|e| (0, e.to_string()))?;
        for (i, entry) in log.iter().enumerate() {
            let outcome = match (entry.action, entry.seat) {
                (TableAction::Flag, _) => match table.game.tick(entry.at_ms) {
                    Ok(Some(o)) => Ok(Some(o)),
                    Ok(None) => Err("a logged flag that did not fall".to_string()),
                    Err(e) => Err(e.to_string()),
                },
                (action, Some(seat)) => table
                    .apply_to_game(seat, action, entry.at_ms)
                    .map(|_| None)
                    .map_err(|e| e.to_string()),
                (_, None) => Err("a seat action without a seat".to_string()),
            };
            outcome.map_err(|e| (i, e))?;
            table.log.push(*entry);
        }
        Ok(table)
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Every accepted action in order.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The game time at which the earliest clock runs out if nobody acts
    /// (R21): `None` without clocks or once the game is over. The running
    /// clock of each board is its side to move's, also while it waits (R18).
    pub fn next_flag_ms(&self) -> Option<u64> {
        let game = &self.game;
        if game.is_over() || game.settings().mode != Mode::Live {
            return None;
        }
        BoardId::ALL
            .into_iter()
            .filter_map(|id| {
                let seat = Seat::new(id, game.board(id).turn());
                game.clock_ms(seat).map(|left| game.now_ms() + left)
            })
            .min()
    }

    /// Applies `action` for `seat` at game time `at_ms` (which the server
    /// keeps monotonic). A flag that fell at or before `at_ms` ends the game
    /// first (F2) and is logged as its own entry.
    pub fn apply(
        &mut self,
        seat: Option<Seat>,
        action: TableAction,
        at_ms: u64,
    ) -> Result<Report, Refusal> {
        if self.game.is_over() {
            return Err(Refusal::Game(GameError::GameOver));
        }
        let flag_fell = self.next_flag_ms().is_some_and(|flag| flag <= at_ms);
        if flag_fell {
            let report = self.flag(at_ms).map_err(Refusal::Game)?;
            return if action == TableAction::Flag {
                Ok(report)
            } else {
                Err(Refusal::FlagFell(report))
            };
        }
        if action == TableAction::Flag {
            return Err(Refusal::NoFlag);
        }
        let Some(seat) = seat else {
            return Err(Refusal::Game(GameError::GameOver));
        };
        let (san, partner_before) = match action {
            TableAction::Move(m) => {
                let board = self.game.board(seat.board);
                let san = board.is_legal(m).then(|| board.san(m).to_string());
                (san, Some(*self.game.pocket(seat.partner())))
            }
            _ => (None, None),
        };
        self.apply_to_game(seat, action, at_ms)
            .map_err(Refusal::Game)?;
        let capture = partner_before.and_then(|before| {
            let after = self.game.pocket(seat.partner());
            Role::ALL
                .into_iter()
                .find(|&r| after.count(r) > before.count(r))
                .map(|r| (r, seat.partner()))
        });
        let entry = LogEntry {
            seat: Some(seat),
            action,
            at_ms,
        };
        self.log.push(entry);
        Ok(Report {
            seq: self.log.len(),
            entry,
            san,
            capture,
            outcome: self.game.outcome(),
        })
    }

    /// The timer's action once a flag is known to have fallen by `at_ms`
    /// (R21): the core ends the game at the flag's time.
    fn flag(&mut self, at_ms: u64) -> Result<Report, GameError> {
        let outcome = self.game.tick(at_ms)?.ok_or(GameError::GameOver)?;
        let entry = LogEntry {
            seat: None,
            action: TableAction::Flag,
            at_ms,
        };
        self.log.push(entry);
        Ok(Report {
            seq: self.log.len(),
            entry,
            san: None,
            capture: None,
            outcome: Some(outcome),
        })
    }

    /// The core call for one seat action.
    fn apply_to_game(
        &mut self,
        seat: Seat,
        action: TableAction,
        at_ms: u64,
    ) -> Result<(), GameError> {
        match action {
            TableAction::Move(m) => self.game.play(seat, m, Some(at_ms)).map(drop),
            TableAction::Sit => self.game.sit(seat).map(drop),
            TableAction::Resign => self.game.resign(seat, Some(at_ms)).map(drop),
            TableAction::OfferDraw => self.game.offer_draw(seat).map(drop),
            TableAction::WithdrawDraw => self.game.withdraw_draw(seat),
            // Flags have no seat; `apply` and `replay` handle them first.
            TableAction::Flag => Err(GameError::GameOver),
        }
    }
}
