//! The one place where the server touches the rules engine's game API.
//!
//! A [`TableGame`] is a [`Game`] plus the count of actions the table has
//! reported. Everything the rest of the server needs — applying an action,
//! what it changed (the [`Report`]), when the next flag falls, rebuilding a
//! game after a restart — goes through here, so a change of the engine's
//! API changes this file only.
//!
//! The engine decides, reports and logs everything (issue 17's game API):
//! each accepted action returns its `Report` (SAN with `+`/`#`, the capture
//! and the seat it went to, the state after), `Game::next_flag_ms` arms the
//! table's one timer, and `Game::log` is the record the database keeps:
//! [`Report::log`] says how the engine's log changed (usually one entry
//! appended; a move folds the draw offers and ticks before it into its own
//! entry), and a restart rebuilds the game with `Game::restore` from it.

use bughouse_core::{
    Action, Game, GameError, GameSettings, Move, Outcome, Report as CoreReport, Role, Seat,
    SetupError, game::ActionKind, game::RestoreError, san::SanPlus,
};

/// What a seat (or the clock) does, as the server asks the engine.
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
    /// The stable name in report frames.
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
}

/// How one action changed the engine's log: keep its first `keep` entries,
/// then append `append`. Most actions append one entry and keep the rest;
/// a move or sit folds the open run of offers and ticks before it into its
/// own entry (`Game::log`'s docs), a withdrawal cancels an offer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogChange {
    /// Entries of the log before the action that stay as they were.
    pub keep: usize,
    /// Entries of the log before the action after those: replaced.
    pub dropped: usize,
    /// The entries after them.
    pub append: Vec<Action>,
}

/// What one accepted action changed, beyond the state every frame carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// 1-based number of the action among the table's reports.
    pub seq: usize,
    /// The acting seat; `None` for a flag.
    pub seat: Option<Seat>,
    /// What was done.
    pub action: TableAction,
    /// The server's game time (ms since the game started, R21) at which it
    /// was accepted; a flag's is the flag's millisecond (F2).
    pub at_ms: u64,
    /// The move's SAN with `+`/`#` (R16), for moves.
    pub san: Option<String>,
    /// The captured piece (demoted, R6) and the seat whose pocket got it (R5).
    pub capture: Option<(Role, Seat)>,
    /// The ending, if this action ended the game.
    pub outcome: Option<Outcome>,
    /// What to write to the stored log.
    pub log: LogChange,
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

/// A game and the number of actions the table reported.
#[derive(Clone, Debug)]
pub struct TableGame {
    game: Game,
    reported: usize,
}

impl TableGame {
    /// A new game from the standard position (R4).
    pub fn new(settings: GameSettings) -> Result<TableGame, SetupError> {
        Ok(TableGame {
            game: Game::new(settings)?,
            reported: 0,
        })
    }

    /// Rebuilds a game from its settings and the engine's log, as stored,
    /// with `Game::restore` (the engine judges every entry again); the
    /// reports go on numbering from `reported`. Fails naming the first
    /// entry that does not follow (a corrupt log).
    pub fn restore(
        settings: GameSettings,
        log: &[Action],
        reported: usize,
    ) -> Result<TableGame, RestoreError> {
        let start = *Game::new(settings)
            .map_err(|e| RestoreError {
                index: 0,
                kind: e.into(),
            })?
            .start_boards();
        Ok(TableGame {
            game: Game::restore(settings, start, log)?,
            reported,
        })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The engine's log (`Game::log`): what the database stores.
    pub fn log(&self) -> &[Action] {
        self.game.log()
    }

    /// The SAN (R16) of each log entry that is a move, `None` for the
    /// others, for a page showing the game so far: the engine's log keeps
    /// moves, and `Game::each_move_with_board` gives the board each was
    /// played on as it stood, so the engine writes each SAN again.
    pub fn sans(&self) -> Vec<Option<String>> {
        let mut moves = Vec::new();
        self.game.each_move_with_board(|_, _, m, before| {
            moves.push(SanPlus::from_move(before, m).to_string());
        });
        let mut moves = moves.into_iter();
        self.log()
            .iter()
            .map(|a| match a.kind {
                ActionKind::Move(_) => moves.next(),
                _ => None,
            })
            .collect()
    }

    /// How many actions were reported: the last report's `seq`.
    pub fn reported(&self) -> usize {
        self.reported
    }

    /// The game time at which the earliest clock runs out if nobody acts
    /// (R21): `None` without clocks or once the game is over (the core's
    /// `Game::next_flag_ms`).
    pub fn next_flag_ms(&self) -> Option<u64> {
        self.game.next_flag_ms()
    }

    /// Applies `action` for `seat` at game time `at_ms` (which the server
    /// keeps monotonic). A flag that fell at or before `at_ms` ends the game
    /// first (F2): that is reported (a flag) instead of the action.
    pub fn apply(
        &mut self,
        seat: Option<Seat>,
        action: TableAction,
        at_ms: u64,
    ) -> Result<Report, Refusal> {
        if self.game.is_over() {
            return Err(Refusal::Game(GameError::GameOver));
        }
        // Only the log's open run (after its last move or sit) can change.
        let run = self
            .log()
            .iter()
            .rposition(|a| matches!(a.kind, ActionKind::Move(_) | ActionKind::Sit))
            .map_or(0, |i| i + 1);
        let before: Vec<Action> = self.log()[run..].to_vec();
        let flag_fell = self.next_flag_ms().is_some_and(|flag| flag <= at_ms);
        if !flag_fell && action == TableAction::Flag {
            return Err(Refusal::NoFlag);
        }
        let (done, by, core) = if flag_fell {
            (TableAction::Flag, None, self.game.tick(at_ms))
        } else {
            let Some(seat) = seat else {
                return Err(Refusal::Game(GameError::GameOver));
            };
            (action, Some(seat), self.apply_to_game(seat, action, at_ms))
        };
        let core = core.map_err(Refusal::Game)?;
        // next_flag_ms and tick are the engine's: a fallen flag ends the game.
        debug_assert!(!flag_fell || core.outcome().is_some());
        let after = &self.game.log()[run..];
        let same = before.iter().zip(after).take_while(|(a, b)| a == b).count();
        self.reported += 1;
        let report = Report {
            seq: self.reported,
            seat: by,
            action: done,
            // A flag is logged at its own millisecond (F2).
            at_ms: if flag_fell { self.game.now_ms() } else { at_ms },
            san: self.game.san_of(&core).map(|san| san.to_string()),
            capture: core.capture.map(|c| (c.piece.role, c.to)),
            outcome: core.outcome(),
            log: LogChange {
                keep: run + same,
                dropped: before.len() - same,
                append: after[same..].to_vec(),
            },
        };
        if flag_fell && action != TableAction::Flag {
            Err(Refusal::FlagFell(report))
        } else {
            Ok(report)
        }
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
            // Flags have no seat; `apply` handles them first.
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

    /// The stored log after applying `change`, as the database does.
    fn store(stored: &mut Vec<Action>, change: &LogChange) {
        stored.truncate(change.keep);
        stored.extend_from_slice(&change.append);
    }

    /// R21, F2: an action stamped after a flag fell ends the game on time,
    /// reported as a flag at the flag's millisecond; the action itself is
    /// not applied.
    #[test]
    fn r21_an_action_after_the_flag_ends_the_game_as_a_logged_flag() {
        let mut table = TableGame::new(live(1_000)).unwrap();
        let mut stored = Vec::new();
        let report = table.apply(Some(Seat::A_WHITE), mv("e2e4"), 100).unwrap();
        store(&mut stored, &report.log);
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
        store(&mut stored, &report.log);
        assert_eq!(report.action, TableAction::Flag);
        assert_eq!((report.seq, report.at_ms), (2, 1_000));
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
        assert_eq!(stored, table.log());
        let copy = TableGame::restore(*table.game().settings(), &stored, 2).unwrap();
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
        assert_eq!(table.reported(), 0);
        let report = table.apply(None, TableAction::Flag, 1_000).unwrap();
        assert_eq!(
            report.outcome.unwrap().reason,
            bughouse_core::EndReason::Time
        );
    }

    /// The stored log, kept from each report's change alone, is the
    /// engine's log after every action, and `Game::restore` from it gives
    /// the same game — through moves, captures and drops, offers and
    /// withdrawals folded into the next move (R30), sits (R24) and a
    /// resignation, in both modes.
    #[test]
    fn the_stored_log_is_the_engines_and_restores_the_same_game_in_both_modes() {
        for settings in [live(60_000), GameSettings::turn_based(Seats::all())] {
            let mut table = TableGame::new(settings).unwrap();
            let mut stored = Vec::new();
            let mut at = 0;
            let mut step = 0u64;
            let mut folded = false;
            let mut sans = Vec::new();
            while !table.game().is_over() && table.reported() < 150 {
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
                    3 | 5 => TableAction::OfferDraw,
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
                let Ok(report) = table.apply(Some(seat), action, at) else {
                    continue; // an offer already standing, a withdrawal of none
                };
                folded |= report.log.keep < stored.len();
                store(&mut stored, &report.log);
                assert_eq!(stored, table.log(), "after {report:?}");
                if let TableAction::Move(_) = action {
                    assert!(report.san.is_some());
                    if let Some((_, to)) = report.capture {
                        assert_eq!(to, seat.partner(), "R5");
                    }
                }
                let copy = TableGame::restore(settings, &stored, table.reported()).unwrap();
                assert_eq!(copy.game(), table.game(), "after {report:?}");
                // The engine writes each logged move's SAN again, as reported.
                if let TableAction::Move(_) = action {
                    sans.push(report.san.clone());
                }
                let logged: Vec<Option<String>> =
                    copy.sans().into_iter().filter(Option::is_some).collect();
                assert_eq!(logged, sans);
            }
            if !table.game().is_over() {
                let report = table
                    .apply(Some(Seat::B_BLACK), TableAction::Resign, at + 1)
                    .unwrap();
                store(&mut stored, &report.log);
            }
            let copy = TableGame::restore(settings, &stored, table.reported()).unwrap();
            assert_eq!(copy.game(), table.game());
            assert!(copy.game().is_over());
            assert!(folded, "a move folded offers into its entry");
        }
    }

    #[test]
    fn a_corrupt_log_is_refused_naming_the_entry() {
        let mut table = TableGame::new(live(60_000)).unwrap();
        table.apply(Some(Seat::A_WHITE), mv("e2e4"), 10).unwrap();
        // A-White again, a second move in a row.
        let log = [
            table.log()[0],
            Action {
                at_ms: 20,
                ..table.log()[0]
            },
        ];
        let error = TableGame::restore(live(60_000), &log, 2).unwrap_err();
        assert_eq!(error.index, 1);
        assert!(error.to_string().contains("not your turn"), "{error}");
    }
}
