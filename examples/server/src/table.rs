//! The one place where the server touches the rules engine's game API.
//!
//! A [`TableGame`] is a [`Game`] plus the server's log of every accepted
//! action with its timestamp. Everything the rest of the server needs —
//! applying an action, what it changed (the [`Report`]), when the next flag
//! falls, rebuilding a game after a restart — goes through here, so a
//! change of the engine's API changes this file only.
//!
//! The engine decides and reports everything (issue 17's game API): each
//! accepted action returns its `Report` (SAN with `+`/`#`, the capture and
//! the seat it went to, the state after), and `Game::next_flag_ms` arms the
//! table's one timer. What this module adds is the server's own log of the
//! calls it made, with their times, as the database stores them (an
//! append-only list: one row per accepted call); restore replays those
//! calls, so the core judges every action again and rebuilds its own log
//! too (a unit test checks that `Game::restore` from the core's log gives
//! the same game).

use bughouse_core::{
    Game, GameError, GameSettings, Move, Outcome, Report as CoreReport, Role, Seat, SetupError,
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
                (TableAction::Flag, _) => match table.game.tick(entry.at_ms).map(|r| r.outcome()) {
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
    /// (R21): `None` without clocks or once the game is over (the core's
    /// `Game::next_flag_ms`).
    pub fn next_flag_ms(&self) -> Option<u64> {
        self.game.next_flag_ms()
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
        let report = self
            .apply_to_game(seat, action, at_ms)
            .map_err(Refusal::Game)?;
        let entry = LogEntry {
            seat: Some(seat),
            action,
            at_ms,
        };
        self.log.push(entry);
        Ok(Report {
            seq: self.log.len(),
            entry,
            san: report.san.map(|san| san.to_string()),
            capture: report.capture.map(|c| (c.piece.role, c.to)),
            outcome: report.outcome(),
        })
    }

    /// The timer's action once a flag is known to have fallen by `at_ms`
    /// (R21): the core ends the game at the flag's time.
    fn flag(&mut self, at_ms: u64) -> Result<Report, GameError> {
        let outcome = self
            .game
            .tick(at_ms)?
            .outcome()
            .ok_or(GameError::GameOver)?;
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

    /// The core call for one seat action, and its report.
    fn apply_to_game(
        &mut self,
        seat: Seat,
        action: TableAction,
        at_ms: u64,
    ) -> Result<CoreReport, GameError> {
        match action {
            TableAction::Move(m) => self.game.play(seat, m, Some(at_ms)),
            TableAction::Sit => self.game.sit(seat),
            TableAction::Resign => self.game.resign(seat, Some(at_ms)),
            TableAction::OfferDraw => self.game.offer_draw(seat),
            TableAction::WithdrawDraw => self.game.withdraw_draw(seat),
            // Flags have no seat; `apply` and `replay` handle them first.
            TableAction::Flag => Err(GameError::GameOver),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bughouse_core::{BoardId, Seats, TimeControl};

    fn live(base_ms: u64) -> GameSettings {
        GameSettings {
            time_control: Some(TimeControl {
                base_ms,
                increment_ms: 0,
            }),
            ..GameSettings::default()
        }
    }

    fn mv(text: &str) -> TableAction {
        TableAction::Move(Move::from_uci(text).unwrap())
    }

    /// R21, F2: an action stamped after a flag fell ends the game on time,
    /// logged as a flag; the action itself is not applied.
    #[test]
    fn r21_an_action_after_the_flag_ends_the_game_as_a_logged_flag() {
        let mut table = TableGame::new(live(1_000)).unwrap();
        table.apply(Some(Seat::A_WHITE), mv("e2e4"), 100).unwrap();
        assert_eq!(
            table.next_flag_ms(),
            Some(1_000),
            "B-White's clock runs from 0"
        );
        let refusal = table
            .apply(Some(Seat::A_BLACK), mv("e7e5"), 1_200)
            .unwrap_err();
        let Refusal::FlagFell(report) = refusal else {
            panic!("{refusal:?}")
        };
        assert_eq!(report.entry.action, TableAction::Flag);
        assert_eq!(report.seq, 2);
        let outcome = report.outcome.unwrap();
        assert_eq!(outcome.seat, Some(Seat::B_WHITE));
        assert_eq!(
            table.game().now_ms(),
            1_000,
            "the game ends at the flag (F2)"
        );
        assert_eq!(
            table.game().board(BoardId::A).turn(),
            bughouse_core::Color::Black
        );
        let copy = TableGame::replay(*table.game().settings(), table.log()).unwrap();
        assert_eq!(copy.game(), table.game());
    }

    #[test]
    fn r21_the_timer_before_the_flag_changes_nothing() {
        let mut table = TableGame::new(live(1_000)).unwrap();
        let before = table.game().clone();
        assert_eq!(
            table.apply(None, TableAction::Flag, 999),
            Err(Refusal::NoFlag)
        );
        assert_eq!(table.game(), &before);
        assert!(table.log().is_empty());
        let report = table.apply(None, TableAction::Flag, 1_000).unwrap();
        assert_eq!(
            report.outcome.unwrap().reason,
            bughouse_core::EndReason::Time
        );
    }

    /// The log rebuilds the game exactly, through moves, captures and
    /// drops, offers and withdrawals (R30), sits (R24) and a resignation.
    #[test]
    fn replaying_the_log_gives_the_same_game_in_both_modes() {
        for settings in [live(60_000), GameSettings::turn_based(Seats::all())] {
            let mut table = TableGame::new(settings).unwrap();
            let mut at = 0;
            let mut step = 0u64;
            while !table.game().is_over() && table.log().len() < 150 {
                at += 37;
                step += 1;
                let game = table.game();
                let seat = Seat::ALL
                    .into_iter()
                    .filter(|&s| !game.legal_moves(s).is_empty())
                    .nth((step % 2) as usize)
                    .or_else(|| {
                        Seat::ALL
                            .into_iter()
                            .find(|&s| !game.legal_moves(s).is_empty())
                    });
                let Some(seat) = seat else { break };
                let action = match step % 11 {
                    3 => TableAction::OfferDraw,
                    4 => TableAction::WithdrawDraw,
                    7 if game.can_sit(seat) => TableAction::Sit,
                    _ => {
                        let legal = game.legal_moves(seat);
                        let capture = legal.iter().copied().find(|m| {
                            matches!(m, Move::Drop { .. })
                                || game.board(seat.board).piece_at(m.to()).is_some()
                        });
                        TableAction::Move(
                            capture.unwrap_or(legal[(step as usize * 7) % legal.len()]),
                        )
                    }
                };
                let report = table.apply(Some(seat), action, at).unwrap();
                if let TableAction::Move(_) = action {
                    assert!(report.san.is_some());
                    if let Some((_, to)) = report.capture {
                        assert_eq!(to, seat.partner(), "R5");
                    }
                }
                let copy = TableGame::replay(settings, table.log()).unwrap();
                assert_eq!(copy.game(), table.game(), "after {:?}", report.entry);
                // The core's own log restores the same game.
                let g = table.game();
                let restored = Game::restore(*g.settings(), *g.start_boards(), g.log()).unwrap();
                assert_eq!(&restored, g);
            }
            if !table.game().is_over() {
                table
                    .apply(Some(Seat::B_BLACK), TableAction::Resign, at + 1)
                    .unwrap();
            }
            let copy = TableGame::replay(settings, table.log()).unwrap();
            assert_eq!(copy.game(), table.game());
            assert!(copy.game().is_over());
            assert!(
                table
                    .log()
                    .iter()
                    .any(|e| e.action == TableAction::OfferDraw)
            );
        }
    }

    #[test]
    fn a_corrupt_log_is_refused_naming_the_entry() {
        let log = [
            LogEntry {
                seat: Some(Seat::A_WHITE),
                action: mv("e2e4"),
                at_ms: 10,
            },
            LogEntry {
                seat: Some(Seat::A_WHITE),
                action: mv("d2d4"),
                at_ms: 20,
            },
        ];
        let (index, message) = TableGame::replay(live(60_000), &log).unwrap_err();
        assert_eq!(index, 1);
        assert!(message.contains("not your turn"), "{message}");
    }
}
