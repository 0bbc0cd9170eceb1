//! Properties of the two-board game over random action sequences, in both
//! ways of playing: legal and illegal moves, wrong seats, move text, sits,
//! ticks with arbitrary timestamps (backwards too), resignations, draw
//! offers and withdrawals. After every action:
//!
//! - R7: for each colour and role, pieces on both boards (promoted counted
//!   as pawns) plus pockets equal the standard start's; one king per board;
//! - a refused action leaves the game exactly as it was (`==`), except the
//!   documented F2 ending, which must equal a `tick` at the flag's time;
//! - each board's incremental hash equals the recomputed one;
//! - the move count never passes the cap.
//!
//! - the game restored from its log (`Game::restore`) is `==` to it, answers
//!   the next action with the same result and report, and stays `==`;
//! - the report of an accepted action, applied to the boards before it by a
//!   front end that knows no rules, gives the game's boards; its state is
//!   the game's (pockets, clocks, who may move, waiting, turn, offers,
//!   ending), its SAN the board's own;
//! - undo after an action (on a log without an open run) gives back the
//!   game before it, `==`.
//!
//! Each game is then played to its end by random movers: it ends with a
//! reason consistent with F13, within the cap (R32). Replaying its history
//! from its start boards into a new game gives the same game, `==`.
//!
//! The default run is small; `cargo test --release -p bughouse-core --
//! --ignored` runs many more and longer games.

use bughouse_core::{
    Board, BoardId, Color, EndReason, Game, GameError, GameSettings, Mode, Move, Outcome, Report,
    Role, Seat, Seats, Square, TimeControl, bfen::Bfen, game::ActionKind, game::Capture,
    san::SanPlus,
};
use bughouse_testkit::match_material;
use proptest::prelude::*;

/// How an action's timestamp relates to the game's time.
#[derive(Copy, Clone, Debug)]
enum Dt {
    /// No timestamp.
    Missing,
    /// The game's time.
    Same,
    /// A little later.
    Later(u64),
    /// Much later: flags fall.
    Jump(u64),
    /// Earlier: refused unless it clamps to the game's time.
    Earlier(u64),
}

impl Dt {
    fn at(self, now: u64) -> Option<u64> {
        match self {
            Dt::Missing => None,
            Dt::Same => Some(now),
            Dt::Later(d) | Dt::Jump(d) => Some(now + d),
            Dt::Earlier(d) => Some(now.saturating_sub(d)),
        }
    }
}

#[derive(Clone, Debug)]
enum Act {
    /// A legal move of a seat that has one (chosen by index), so games move on.
    Play {
        seat: usize,
        pick: usize,
        dt: Dt,
    },
    /// A seat that can move takes back its last quiet move, if it can: in
    /// the turn-based game this makes repetitions (R25).
    Back {
        seat: usize,
        dt: Dt,
    },
    /// A quiet, reversible move (no capture, no pawn) of a seat that can
    /// move, if it has one: with `Back`, it makes cycles.
    Quiet {
        seat: usize,
        pick: usize,
        dt: Dt,
    },
    /// A move from the legal list of `seat`'s board, by any seat: the wrong
    /// seat when that colour is not to move or, turn-based, not to act.
    AnySeat {
        seat: usize,
        pick: usize,
        dt: Dt,
    },
    /// An arbitrary (mostly illegal) move or drop.
    Raw {
        seat: usize,
        mv: Move,
        dt: Dt,
    },
    /// Move text, valid or not.
    Text {
        seat: usize,
        text: String,
        dt: Dt,
    },
    Sit {
        seat: usize,
    },
    Tick {
        dt: Dt,
    },
    Resign {
        seat: usize,
        dt: Dt,
    },
    Abandon {
        seat: usize,
        dt: Dt,
    },
    Offer {
        seat: usize,
    },
    Withdraw {
        seat: usize,
    },
}

fn dt() -> impl Strategy<Value = Dt> {
    prop_oneof![
        1 => Just(Dt::Missing),
        2 => Just(Dt::Same),
        16 => (0u64..1_500).prop_map(Dt::Later),
        1 => (1u64..5_000).prop_map(Dt::Earlier),
    ]
}

/// Ticks sometimes jump far ahead, so flags fall.
fn tick_dt() -> impl Strategy<Value = Dt> {
    prop_oneof![4 => dt(), 1 => (1_500u64..400_000).prop_map(Dt::Jump)]
}

fn raw_move() -> impl Strategy<Value = Move> {
    let square = (0u32..64).prop_map(|i| Square::new(i).unwrap());
    let role = prop::sample::select(Role::ALL.to_vec());
    prop_oneof![
        (
            square.clone(),
            square.clone(),
            prop::option::weighted(0.2, role.clone())
        )
            .prop_map(|(from, to, promotion)| Move::Normal {
                from,
                to,
                promotion
            }),
        (role, square).prop_map(|(role, to)| Move::Drop { role, to }),
    ]
}

fn act() -> impl Strategy<Value = Act> {
    let seat = 0usize..4;
    let pick = 0usize..512;
    prop_oneof![
        300 => (seat.clone(), pick.clone(), dt()).prop_map(|(seat, pick, dt)| Act::Play { seat, pick, dt }),
        250 => (seat.clone(), dt()).prop_map(|(seat, dt)| Act::Back { seat, dt }),
        12 => (seat.clone(), pick, dt()).prop_map(|(seat, pick, dt)| Act::AnySeat { seat, pick, dt }),
        12 => (seat.clone(), raw_move(), dt()).prop_map(|(seat, mv, dt)| Act::Raw { seat, mv, dt }),
        6 => (seat.clone(), "[a-h1-8@PNBRQKpnbrqk=+x]{0,6}", dt())
            .prop_map(|(seat, text, dt)| Act::Text { seat, text, dt }),
        12 => seat.clone().prop_map(|seat| Act::Sit { seat }),
        12 => tick_dt().prop_map(|dt| Act::Tick { dt }),
        1 => (seat.clone(), tick_dt()).prop_map(|(seat, dt)| Act::Resign { seat, dt }),
        1 => (seat.clone(), tick_dt()).prop_map(|(seat, dt)| Act::Abandon { seat, dt }),
        4 => seat.clone().prop_map(|seat| Act::Offer { seat }),
        4 => seat.prop_map(|seat| Act::Withdraw { seat }),
    ]
}

/// A single action, or a cycle: four quiet moves and their four take-backs,
/// one to three times. In the turn-based game each round of a cycle goes
/// once around the rotation and may restore the state it started from.
fn block() -> impl Strategy<Value = Vec<Act>> {
    let cycle = (prop::collection::vec(0usize..512, 4), 1usize..4).prop_map(|(picks, times)| {
        let mut acts = Vec::new();
        for _ in 0..times {
            for (seat, &pick) in picks.iter().enumerate() {
                acts.push(Act::Quiet {
                    seat,
                    pick,
                    dt: Dt::Later(10),
                });
            }
            for seat in 0..4 {
                acts.push(Act::Back {
                    seat,
                    dt: Dt::Later(10),
                });
            }
        }
        acts
    });
    prop_oneof![40 => act().prop_map(|a| vec![a]), 1 => cycle]
}

fn acts(max_blocks: usize) -> impl Strategy<Value = Vec<Act>> {
    prop::collection::vec(block(), 0..max_blocks).prop_map(|blocks| blocks.concat())
}

fn settings(mode: Mode, max_cap: u16) -> impl Strategy<Value = GameSettings> {
    let time_control = prop_oneof![
        1 => Just(None),
        4 => (
            prop::sample::select(vec![3_000u64, 30_000, 180_000]),
            prop::sample::select(vec![0u64, 200, 2_000]),
        )
            .prop_map(|(base_ms, increment_ms)| Some(TimeControl { base_ms, increment_ms })),
    ];
    let move_cap = prop_oneof![1 => 1..=max_cap, 3 => Just(max_cap)];
    (time_control, 0u8..16, move_cap).prop_map(move |(time_control, humans, move_cap)| {
        GameSettings {
            mode,
            // R26: the turn-based game has no clocks (a time control there
            // is a settings error).
            time_control: time_control.filter(|_| mode == Mode::Live),
            humans: Seats::from_bits_truncate(humans),
            move_cap,
        }
    })
}

/// R7 per role, and one king of each colour on each board.
fn check_material(g: &Game) -> Result<(), TestCaseError> {
    for (color, counts) in Color::ALL.into_iter().zip(match_material(g.boards())) {
        for board in g.boards() {
            let ours = board.by_color(color);
            prop_assert_eq!((board.by_role(Role::King) & ours).count(), 1);
            let marked = board.promoted();
            prop_assert!(
                (marked & (board.by_role(Role::Pawn) | board.by_role(Role::King))).is_empty()
                    && (marked - board.occupied()).is_empty(),
                "only pieces on the board that a pawn promotes to are marked"
            );
        }
        prop_assert_eq!(counts, [16, 4, 4, 4, 2], "{:?} in {}", color, g.bfen());
    }
    Ok(())
}

fn check_invariants(g: &Game) -> Result<(), TestCaseError> {
    check_material(g)?;
    for id in BoardId::ALL {
        let board = g.board(id);
        prop_assert_eq!(board.hash(), board.compute_hash(), "board {:?}", id);
    }
    prop_assert!(g.moves_played() <= g.settings().move_cap);
    let moves = g
        .history()
        .filter(|a| matches!(a.kind, ActionKind::Move(_)))
        .count();
    prop_assert_eq!(moves, usize::from(g.moves_played()));
    prop_assert_eq!(g.history().count() - moves, sits(g));
    if g.settings().mode == Mode::Live && g.settings().time_control.is_some() {
        // F1, F2: no accepted action comes at or after a flag, and a game
        // ended by time ended at the flag, with that clock at 0.
        for id in BoardId::ALL {
            let running = Seat::new(id, g.board(id).turn());
            let left = g.clock_ms(running).expect("a clocked game");
            match g.outcome() {
                None => prop_assert!(left > 0, "{} at 0 ms in a game that goes on", running),
                Some(Outcome {
                    reason: EndReason::Time,
                    seat,
                    ..
                }) if seat == Some(running) => prop_assert_eq!(left, 0),
                _ => {}
            }
        }
    } else {
        prop_assert!(Seat::ALL.iter().all(|s| g.clock_ms(*s).is_none()));
    }
    if let Some(outcome) = g.outcome() {
        check_outcome(g, outcome)?;
    } else if g.settings().mode == Mode::TurnBased {
        // Someone can always act in a game that goes on (F5, R31).
        let seat = g.to_act();
        prop_assert_eq!(seat, expected_to_act(g), "F5");
        prop_assert!(seat.is_some());
        prop_assert!(!g.legal_moves(seat.unwrap()).is_empty());
    }
    Ok(())
}

fn sits(g: &Game) -> usize {
    Seat::ALL
        .iter()
        .map(|s| usize::from(3 - g.sits_left(*s)))
        .sum()
}

/// F13: losses name the seat whose team lost; draws name nobody.
fn check_outcome(g: &Game, o: Outcome) -> Result<(), TestCaseError> {
    match (o.winner, o.seat) {
        (Some(team), Some(seat)) => {
            prop_assert_eq!(team, seat.team().other());
            prop_assert!(matches!(
                o.reason,
                EndReason::Checkmate
                    | EndReason::Time
                    | EndReason::Resignation
                    | EndReason::Abandonment
            ));
            if o.reason == EndReason::Checkmate {
                prop_assert!(g.board(seat.board).is_checkmate());
                prop_assert_eq!(g.board(seat.board).turn(), seat.color);
            }
        }
        (None, None) => {
            prop_assert!(!matches!(
                o.reason,
                EndReason::Checkmate | EndReason::Resignation | EndReason::Abandonment
            ));
            match o.reason {
                EndReason::MoveCap => {
                    prop_assert_eq!(g.moves_played(), g.settings().move_cap)
                }
                EndReason::NoOneCanMove => prop_assert!(
                    !g.board(BoardId::A).has_legal_move() && !g.board(BoardId::B).has_legal_move()
                ),
                EndReason::Repetition => prop_assert_eq!(g.settings().mode, Mode::TurnBased),
                EndReason::Agreement => {
                    prop_assert!(!g.settings().humans.is_empty());
                    prop_assert!(g.draw_offers().contains(g.settings().humans));
                }
                _ => {}
            }
        }
        _ => prop_assert!(false, "an ending with a winner names a seat: {:?}", o),
    }
    if o.reason == EndReason::Time {
        prop_assert!(g.settings().mode == Mode::Live && g.settings().time_control.is_some());
    }
    Ok(())
}

/// Applies one action; returns its report if it was accepted.
fn apply(g: &mut Game, act: &Act) -> Result<Report, GameError> {
    let now = g.now_ms();
    let r: Result<Report, GameError> = match act {
        Act::Play { seat, pick, dt } => {
            let able: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| !g.legal_moves(*s).is_empty())
                .collect();
            if able.is_empty() {
                g.play(
                    Seat::ALL[seat % 4],
                    Move::from_uci("e2e4").unwrap(),
                    dt.at(now),
                )
            } else {
                let seat = able[seat % able.len()];
                let moves = g.legal_moves(seat);
                g.play(seat, moves[pick % moves.len()], dt.at(now))
            }
        }
        Act::Quiet { seat, pick, dt } => {
            let able: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| !g.legal_moves(*s).is_empty())
                .collect();
            let seat = able
                .get(seat % able.len().max(1))
                .copied()
                .unwrap_or(Seat::ALL[*seat]);
            let board = g.board(seat.board);
            let moves = g.legal_moves(seat);
            let quiet: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| match *m {
                    Move::Normal {
                        from,
                        to,
                        promotion,
                    } => {
                        promotion.is_none()
                            && board.role_at(from) != Some(Role::Pawn)
                            && board.piece_at(to).is_none()
                    }
                    Move::Drop { .. } => false,
                })
                .collect();
            let m = quiet
                .get(pick % quiet.len().max(1))
                .or(moves.first())
                .copied()
                .unwrap_or(Move::from_uci("e2e4").unwrap());
            g.play(seat, m, dt.at(now))
        }
        Act::Back { seat, dt } => {
            let able: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| !g.legal_moves(*s).is_empty())
                .collect();
            let seat = able
                .get(seat % able.len().max(1))
                .copied()
                .unwrap_or(Seat::ALL[*seat]);
            let last = g.history().rev().find(|a| a.seat == Some(seat));
            let back = match last.map(|a| a.kind) {
                Some(ActionKind::Move(Move::Normal {
                    from,
                    to,
                    promotion: None,
                })) => Move::Normal {
                    from: to,
                    to: from,
                    promotion: None,
                },
                _ => g
                    .legal_moves(seat)
                    .first()
                    .copied()
                    .unwrap_or(Move::from_uci("e2e4").unwrap()),
            };
            g.play(seat, back, dt.at(now))
        }
        Act::AnySeat { seat, pick, dt } => {
            let seat = Seat::ALL[*seat];
            let moves = g.board(seat.board).legal_moves();
            let m = moves
                .get(pick % moves.len().max(1))
                .copied()
                .unwrap_or(Move::from_uci("a2a3").unwrap());
            g.play(seat, m, dt.at(now))
        }
        Act::Raw { seat, mv, dt } => g.play(Seat::ALL[*seat], *mv, dt.at(now)),
        Act::Text { seat, text, dt } => g.play_uci(Seat::ALL[*seat], text, dt.at(now)),
        Act::Sit { seat } => g.sit(Seat::ALL[*seat]),
        Act::Tick { dt } => g.tick(dt.at(now).unwrap_or(now)),
        Act::Resign { seat, dt } => g.resign(Seat::ALL[*seat], dt.at(now)),
        Act::Abandon { seat, dt } => g.abandon(Seat::ALL[*seat], dt.at(now)),
        Act::Offer { seat } => g.offer_draw(Seat::ALL[*seat]),
        Act::Withdraw { seat } => g.withdraw_draw(Seat::ALL[*seat]),
    };
    r
}

/// The repetition state of R25/F6, kept independently of the game: both
/// boards' hashes (checked against recomputed ones) and the seat to act.
type State = (u64, u64, Option<Seat>);

fn state(g: &Game, to_act: Option<Seat>) -> State {
    (
        g.board(BoardId::A).hash(),
        g.board(BoardId::B).hash(),
        to_act,
    )
}

/// F5, independently: the first seat in rotation order after the last actor
/// (itself last) whose colour is to move and that has a legal move.
fn expected_to_act(g: &Game) -> Option<Seat> {
    const ORDER: [Seat; 4] = [Seat::A_WHITE, Seat::B_WHITE, Seat::B_BLACK, Seat::A_BLACK];
    let after = g.history().last().map_or(0, |a| {
        ORDER.iter().position(|s| Some(*s) == a.seat).unwrap() + 1
    });
    (0..4).map(|i| ORDER[(after + i) % 4]).find(|s| {
        let board = g.board(s.board);
        board.turn() == s.color && board.has_legal_move()
    })
}

/// Applies `act` and checks what it did; returns whether it was accepted.
/// `states` holds every repetition state of a turn-based game so far.
fn step(g: &mut Game, act: &Act, states: &mut Vec<State>) -> Result<bool, TestCaseError> {
    let before = g.clone();
    // The game rebuilt from its log is the game, and goes on the same.
    let mut twin = Game::restore(*before.settings(), *before.start_boards(), before.log())
        .map_err(|e| TestCaseError::fail(format!("restore: {e}")))?;
    prop_assert!(twin == before, "the restored game differs");
    let result = apply(g, act);
    prop_assert_eq!(
        &apply(&mut twin, act),
        &result,
        "the restored game answers differently"
    );
    prop_assert!(twin == *g, "the restored game went on differently");
    if let Ok(report) = &result {
        check_report(&before, g, report)?;
        check_undo(&before, g)?;
    }
    match result {
        Ok(_) => {
            prop_assert!(!before.is_over(), "an action was accepted after the end");
            prop_assert!(g.now_ms() >= before.now_ms());
            let grew = g.history().count() - before.history().count();
            prop_assert!(grew <= 1);
            if g.moves_played() > before.moves_played() {
                prop_assert_eq!(g.moves_played(), before.moves_played() + 1);
                prop_assert_eq!(g.draw_offers(), Seats::empty(), "a move clears offers");
                let last = g.history().last().unwrap();
                prop_assert!(matches!(last.kind, ActionKind::Move(_)));
                prop_assert_eq!(last.at_ms, g.now_ms());
            }
            if grew == 1 && g.settings().mode == Mode::TurnBased {
                // R25, F6, F8: the state after every move and sit; its third
                // occurrence draws, unless an earlier check ended the game.
                let now = state(g, expected_to_act(g));
                states.push(now);
                let count = states.iter().filter(|s| **s == now).count();
                match g.outcome() {
                    None => prop_assert!(count < 3, "a third occurrence did not draw"),
                    Some(o) if o.reason == EndReason::Repetition => prop_assert_eq!(count, 3),
                    Some(_) => {}
                }
            }
        }
        Err(GameError::GameOver) if !before.is_over() => {
            // F2: a flag found by a timed action ends the game at the flag;
            // that is the only change, the same as a tick at that time.
            let outcome = g.outcome();
            prop_assert_eq!(outcome.map(|o| o.reason), Some(EndReason::Time));
            let mut expected = before.clone();
            prop_assert_eq!(expected.tick(g.now_ms()).map(|r| r.outcome()), Ok(outcome));
            prop_assert!(*g == expected, "F2 changed more than the ending");
        }
        Err(e) => {
            prop_assert!(*g == before, "refused with {} yet changed", e);
            if before.is_over() {
                prop_assert_eq!(e, GameError::GameOver);
            }
        }
    }
    check_invariants(g)?;
    Ok(result.is_ok())
}

/// A front end that knows only `before`'s boards and applies `report` sees
/// the game as it is: the move on its board, the capture into the partner's
/// pocket (R5, R6), and the state the snapshot after it gives. The SAN is the
/// board's own (R16 suffix).
fn check_report(before: &Game, g: &Game, report: &Report) -> Result<(), TestCaseError> {
    let mut boards = *before.boards();
    match report.action.kind {
        ActionKind::Move(m) => {
            let seat = report.action.seat.expect("a move has a seat");
            let board = &mut boards[seat.board.index()];
            prop_assert_eq!(g.san_of(report), Some(SanPlus::from_move(board, m)));
            let captured = board.play_unchecked(m);
            let expected = captured.map(|piece| Capture {
                piece,
                to: seat.partner(),
            });
            prop_assert_eq!(report.capture, expected);
            if let Some(c) = report.capture {
                boards[c.to.board.index()].add_to_pocket(c.piece.color, c.piece.role);
            }
        }
        _ => {
            prop_assert_eq!(g.san_of(report), None);
            prop_assert_eq!(report.capture, None);
        }
    }
    prop_assert_eq!(&boards, g.boards(), "the report's move is not the game's");
    // The ending the report names is the game's; the state after it is
    // the snapshot, built on request.
    prop_assert_eq!(report.outcome(), g.outcome());
    let state = &g.snapshot();
    for seat in Seat::ALL {
        let board = &boards[seat.board.index()];
        prop_assert_eq!(state.pockets[seat.index()], *board.pocket(seat.color));
        prop_assert_eq!(state.clocks.map(|c| c[seat.index()]), g.clock_ms(seat));
        let may = !g.legal_moves(seat).is_empty();
        prop_assert_eq!(state.may_move.has(seat), may, "{} may move", seat);
    }
    for id in BoardId::ALL {
        prop_assert_eq!(state.to_move[id.index()], boards[id.index()].turn());
        prop_assert_eq!(
            state.waiting[id.index()],
            !boards[id.index()].has_legal_move()
        );
    }
    prop_assert_eq!(state.to_act, g.to_act());
    prop_assert_eq!(state.outcome, g.outcome());
    prop_assert_eq!(state.draw_offers, g.draw_offers());
    prop_assert_eq!(state.now_ms, g.now_ms());
    prop_assert_eq!(state.moves_played, g.moves_played());
    // A logged move, sit, resignation or abandonment is the log's last
    // entry. Ticks, offers and withdrawals between two moves fold (an offer
    // withdrawn cancels out, a later tick stands for an earlier one), and an
    // unlogged action (an offer already standing, a withdrawal with none,
    // R30) changed nothing, though the log may end with an equal entry.
    let folds = matches!(
        report.action.kind,
        ActionKind::Tick | ActionKind::OfferDraw | ActionKind::WithdrawDraw
    );
    if report.logged && !folds {
        prop_assert_eq!(g.log().last(), Some(&report.action));
    }
    if let Some(to_act) = state.to_act {
        prop_assert!(!state.skipped.has(to_act));
    }
    Ok(())
}

/// Undo after an action that added one entry to a log without an open run
/// gives back the game before it exactly.
fn check_undo(before: &Game, g: &Game) -> Result<(), TestCaseError> {
    let closed = before
        .log()
        .last()
        .is_none_or(|a| matches!(a.kind, ActionKind::Move(_) | ActionKind::Sit));
    if closed && g.log().len() == before.log().len() + 1 {
        let mut undone = g.clone();
        prop_assert_eq!(undone.undo(), g.log().last().copied());
        prop_assert!(undone == *before, "undo did not give back the game before");
    }
    Ok(())
}

/// Plays random legal moves (and now and then a sit) until the game ends;
/// live games move their clocks on a little each move.
fn finish(g: &mut Game, seed: u64, states: &mut Vec<State>) -> Result<(), TestCaseError> {
    let mut rng = seed | 1;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    // Each round plays a move, sits (at most 12 times) or ends the game:
    // the cap bounds the rounds.
    for _ in 0..usize::from(g.settings().move_cap) + 13 {
        if g.is_over() {
            break;
        }
        let able: Vec<Seat> = match g.to_act() {
            Some(seat) => vec![seat],
            None => Seat::ALL
                .into_iter()
                .filter(|s| !g.legal_moves(*s).is_empty())
                .collect(),
        };
        prop_assert!(
            !able.is_empty(),
            "a game that goes on where nobody can move"
        );
        let seat = able[next(able.len())];
        if g.can_sit(seat) && next(8) == 0 {
            let sit = Act::Sit { seat: seat.index() };
            prop_assert!(step(g, &sit, states)?, "the seat to act may sit");
            continue;
        }
        let moves = g.legal_moves(seat);
        let act = Act::Raw {
            seat: seat.index(),
            mv: moves[next(moves.len())],
            dt: Dt::Later(next(3_000) as u64),
        };
        // A legal move is accepted, unless a flag fell first (F2).
        let accepted = step(g, &act, states)?;
        prop_assert!(
            accepted || g.is_over(),
            "a legal move was refused: {:?}",
            act
        );
    }
    prop_assert!(g.is_over(), "the game did not end within its cap");
    Ok(())
}

/// Replays `g`'s history from its start boards, then the actions that leave
/// no history (standing offers, the final tick, resignation): the same game.
fn check_replay(g: &Game) -> Result<(), TestCaseError> {
    let start = Bfen(g.start_boards()).to_string();
    let mut r = Game::from_bfen(&start, *g.settings()).expect("the start BFEN reads back");
    prop_assert_eq!(r.start_boards(), g.start_boards());
    for action in g.history() {
        match action.kind {
            ActionKind::Move(m) => {
                r.play(action.seat.unwrap(), m, Some(action.at_ms))
                    .map_err(|e| TestCaseError::fail(format!("replay {action:?}: {e}")))?;
            }
            ActionKind::Sit => {
                if action.at_ms > r.now_ms() {
                    r.tick(action.at_ms)
                        .map_err(|e| TestCaseError::fail(e.to_string()))?;
                }
                r.sit(action.seat.unwrap())
                    .map_err(|e| TestCaseError::fail(format!("replay {action:?}: {e}")))?;
            }
            _ => unreachable!("history() holds moves and sits"),
        }
    }
    let moves_and_sits = |g: &Game| -> Vec<_> {
        g.history()
            .map(|a| (a.seat, a.kind, a.at_ms, a.clock_ms))
            .collect()
    };
    prop_assert_eq!(moves_and_sits(&r), moves_and_sits(g));
    prop_assert_eq!(r.boards(), g.boards());
    if !r.is_over() {
        let now = g.now_ms();
        let time_ended = matches!(g.outcome(), Some(o) if o.reason == EndReason::Time);
        // Time passes first, unless it is what ended the game: offers carry
        // no time (F4), but a flag ends the game and refuses later offers.
        if !time_ended && now > r.now_ms() {
            r.tick(now)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        for seat in g.draw_offers().seats() {
            r.offer_draw(seat)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let end = match g.outcome() {
            Some(Outcome {
                reason: EndReason::Resignation,
                seat: Some(seat),
                ..
            }) => r.resign(seat, Some(now)).map(drop),
            Some(Outcome {
                reason: EndReason::Abandonment,
                seat: Some(seat),
                ..
            }) => r.abandon(seat, Some(now)).map(drop),
            _ if time_ended => r.tick(now).map(drop),
            _ => Ok(()),
        };
        end.map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    prop_assert_eq!(r.outcome(), g.outcome());
    prop_assert_eq!(r.moves_played(), g.moves_played());
    // The offers that moves cleared are only in the log (`Action::offers`):
    // everything else agrees.
    prop_assert_eq!(r.now_ms(), g.now_ms());
    prop_assert_eq!(r.draw_offers(), g.draw_offers());
    prop_assert_eq!(r.to_act(), g.to_act());
    for seat in Seat::ALL {
        prop_assert_eq!(r.clock_ms(seat), g.clock_ms(seat));
        prop_assert_eq!(r.sits_left(seat), g.sits_left(seat));
    }
    // The log rebuilds the game exactly.
    let restored = Game::restore(*g.settings(), *g.start_boards(), g.log())
        .map_err(|e| TestCaseError::fail(format!("restore: {e}")))?;
    prop_assert!(restored == *g, "the restored game differs");
    // BPGN written by the engine reads back to the very same game.
    let mut text = String::new();
    bughouse_core::bpgn::write_bpgn(g, &[("WhiteA", "alice")], &mut text)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let record = bughouse_core::bpgn::BpgnReader::new(text.as_bytes())
        .next()
        .expect("one record");
    let replay = record.replay();
    prop_assert!(replay.error.is_none(), "{:?}\n{}", replay.error, text);
    prop_assert!(replay.agrees(), "{}", text);
    prop_assert!(replay.game == *g, "the BPGN round trip differs:\n{}", text);
    Ok(())
}

/// Starting positions, each with the standard start's material (R7): the
/// standard one, and two with full pockets where drops and mates abound.
const STARTS: [&str; 3] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | \
     rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "6rk/6pp/8/8/8/8/6PP/6RK[NNBBRQPPPPPPnnbbrqpppppp] w - - 0 1 | \
     6rk/6pp/8/8/8/8/6PP/6RK[NNBBRQPPPPPPnnbbrqpppppp] w - - 0 1",
    "6rk/6pp/8/8/8/8/8/4K3[QQRRRRBBBBNNNNPPPPPPPPPPPPPPPPqqrrrbbbbnnnnpppppppppppppp] w - - 0 1 | \
     4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
];

fn start() -> impl Strategy<Value = &'static str> {
    prop_oneof![2 => Just(STARTS[0]), 1 => Just(STARTS[1]), 1 => Just(STARTS[2])]
}

fn run(settings: GameSettings, start: &str, acts: &[Act], seed: u64) -> Result<(), TestCaseError> {
    let mut g = Game::from_bfen(start, settings).expect("valid start");
    if start == STARTS[0] {
        prop_assert_eq!(g.boards(), &[Board::new(), Board::new()]);
    }
    check_invariants(&g)?;
    let mut states = Vec::new();
    if g.settings().mode == Mode::TurnBased && !g.is_over() {
        states.push(state(&g, g.to_act())); // F6: the start counts
    }
    for act in acts {
        step(&mut g, act, &mut states)?;
    }
    check_replay(&g)?;
    finish(&mut g, seed, &mut states)?;
    check_replay(&g)
}

fn live_settings(max_cap: u16) -> impl Strategy<Value = GameSettings> {
    settings(Mode::Live, max_cap)
}

fn turn_settings(max_cap: u16) -> impl Strategy<Value = GameSettings> {
    settings(Mode::TurnBased, max_cap)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn live_random_actions(
        settings in live_settings(120),
        start in start(),
        acts in acts(120),
        seed in any::<u64>(),
    ) {
        run(settings, start, &acts, seed)?;
    }

    #[test]
    fn turn_based_random_actions(
        settings in turn_settings(120),
        start in start(),
        acts in acts(120),
        seed in any::<u64>(),
    ) {
        run(settings, start, &acts, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "long: run with --release -- --ignored"]
    fn live_random_actions_long(
        settings in live_settings(800),
        start in start(),
        acts in acts(500),
        seed in any::<u64>(),
    ) {
        run(settings, start, &acts, seed)?;
    }

    #[test]
    #[ignore = "long: run with --release -- --ignored"]
    fn turn_based_random_actions_long(
        settings in turn_settings(800),
        start in start(),
        acts in acts(500),
        seed in any::<u64>(),
    ) {
        run(settings, start, &acts, seed)?;
    }
}
