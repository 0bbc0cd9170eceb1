//! Whole matches driven by arbitrary action sequences: moves by index into
//! legal lists, arbitrary UCI and SAN text, drops, raw moves, sits, ticks
//! with arbitrary timestamps (backwards, equal, huge), resignations,
//! abandonments, draw offers and withdrawals; live with clocks (any base
//! and increment, even 0), live without clocks, and turn-based; any set of
//! human seats; small move caps.
//!
//! After every action: no panic; both boards keep every invariant;
//! conservation R7 holds (per colour and role, both boards with promoted
//! pieces as pawns plus the pockets); a rejected action changes nothing —
//! except that a flag found at its timestamp ends the game at the flag's
//! time (F2), which must be exactly what a tick at that time does; the game
//! ends only by a rule that holds (R25, R27–R32 in the order of F8), and
//! every rule that holds after a move ends it.
#![no_main]

use bughouse_core::bpgn::write_bpgn;
use bughouse_core::{
    EndReason, Flavour, Game, GameError, GameSettings, Mode, Move, Outcome, Report, Role, Seat,
    Seats, SetupError, Square, TimeControl, bfen::Bfen, bfen::parse_bfen, game::ActionKind,
    game::DEFAULT_MOVE_CAP, game::MAX_MOVE_CAP, game::SITS_PER_SEAT,
};
use bughouse_fuzz::{Bytes, check_board, match_material, seed_bfen_boards};
use libfuzzer_sys::fuzz_target;

/// What the fuzzer asked for, for the checks after it.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Act {
    Move(Seat),
    Sit(Seat),
    Tick,
    Resign(Seat),
    Abandon(Seat),
    Offer(Seat),
    Withdraw(Seat),
}

/// A timestamp: none, a step forward (small or large), the game's time, a
/// step back (rejected, F3), or close to the end of time.
fn timestamp(b: &mut Bytes<'_>, now: u64) -> Option<u64> {
    let t = b.u8();
    match t {
        0..=15 => None,
        16..=199 => Some(now.saturating_add(u64::from(t) * 37)),
        200..=229 => Some(now.saturating_add(u64::from(b.u16()) * 50)),
        230..=239 => Some(now),
        240..=249 => Some(now.wrapping_sub(u64::from(t - 239))),
        _ => Some(u64::MAX - u64::from(b.u8())),
    }
}

fn text(b: &mut Bytes<'_>) -> String {
    let n = usize::from(b.u8() % 8);
    String::from_utf8_lossy(b.take(n)).into_owned()
}

fn square(b: &mut Bytes<'_>) -> Square {
    Square::ALL[usize::from(b.u8() % 64)]
}

/// Checks a time ending (R28, F2): at the game's new time the flagged
/// clock (or, for a draw, a clock of each team) shows 0 on the game as it
/// was, and a millisecond earlier every running clock still had time.
fn check_flag(before: &Game, after: &Game, o: Outcome) {
    assert!(
        before.clock_ms(Seat::A_WHITE).is_some(),
        "time ending without clocks: {o:?}"
    );
    let t = after.now_ms();
    assert!(t >= before.now_ms(), "the flag fell before the game's time");
    let running: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| before.board(s.board).turn() == s.color)
        .collect();
    let out: Vec<Seat> = running
        .iter()
        .copied()
        .filter(|s| before.clock_ms_at(*s, t) == Ok(Some(0)))
        .collect();
    match o.seat {
        Some(seat) => {
            assert!(out.contains(&seat), "{seat} did not run out at {t}: {o:?}");
            assert_eq!(o.winner, Some(seat.team().other()));
        }
        None => {
            assert_eq!(out.len(), 2, "a draw on time with {out:?} out");
            assert_ne!(out[0].team(), out[1].team());
            assert_eq!(o.winner, None);
        }
    }
    if t > before.now_ms() {
        for seat in running {
            assert!(
                before.clock_ms_at(seat, t - 1).ok().flatten() > Some(0),
                "{seat} ran out before {t}, the flag chosen"
            );
        }
    }
}

/// The ending `o` that `act` brought is one the rules give.
fn check_ending(act: Act, before: &Game, after: &Game, o: Outcome) {
    let settings = after.settings();
    if o.reason == EndReason::MoveCap {
        assert_eq!(after.moves_played(), settings.move_cap);
    }
    match (act, o.reason) {
        (Act::Move(seat), EndReason::Checkmate) => {
            let board = after.board(seat.board);
            assert!(board.is_checkmate(), "no mate: {}", after.bfen());
            assert_eq!(o.seat, Some(Seat::new(seat.board, board.turn())));
            assert_eq!(o.winner, Some(seat.team()));
        }
        (Act::Move(_), EndReason::NoOneCanMove) => {
            assert!(
                after.boards().iter().all(|b| !b.has_legal_move()),
                "{}",
                after.bfen()
            );
            assert_eq!((o.seat, o.winner), (None, None));
        }
        (Act::Move(_), EndReason::MoveCap) => assert_eq!((o.seat, o.winner), (None, None)),
        (Act::Move(_) | Act::Sit(_), EndReason::Repetition) => {
            assert_eq!(settings.mode, Mode::TurnBased);
            assert_eq!((o.seat, o.winner), (None, None));
        }
        (Act::Move(_) | Act::Tick | Act::Resign(_) | Act::Abandon(_), EndReason::Time) => {
            check_flag(before, after, o);
        }
        (Act::Resign(seat), EndReason::Resignation)
        | (Act::Abandon(seat), EndReason::Abandonment) => {
            assert_eq!(o.seat, Some(seat));
            assert_eq!(o.winner, Some(seat.team().other()));
        }
        (Act::Offer(_), EndReason::Agreement) => {
            assert!(!settings.humans.is_empty());
            assert!(after.draw_offers().contains(settings.humans));
            assert_eq!((o.seat, o.winner), (None, None));
        }
        _ => panic!("{act:?} ended the game by {o:?}"),
    }
}

/// After an accepted move: every rule that holds has ended the game, in the
/// order of F8 (checkmate, no one can move, the cap; repetition is
/// checked by the state, not here).
fn check_judged(seat: Seat, game: &Game) {
    let board = game.board(seat.board);
    let want = if board.is_checkmate() {
        Some(EndReason::Checkmate)
    } else if game.boards().iter().all(|b| !b.has_legal_move()) {
        Some(EndReason::NoOneCanMove)
    } else if game.moves_played() >= game.settings().move_cap {
        Some(EndReason::MoveCap)
    } else {
        None
    };
    match (want, game.outcome()) {
        (Some(reason), Some(o)) => assert_eq!(o.reason, reason, "{}", game.bfen()),
        (None, Some(o)) => assert_eq!(o.reason, EndReason::Repetition, "{}", game.bfen()),
        (Some(reason), None) => panic!("{reason:?} holds but the game goes on: {}", game.bfen()),
        (None, None) => {}
    }
}

/// What holds after every action.
fn check_game(game: &Game, conserved: &[[u32; 5]; 2]) {
    for board in game.boards() {
        assert_eq!(board.flavour(), Flavour::Bughouse);
        check_board(board);
    }
    assert_eq!(
        &match_material(game.boards()),
        conserved,
        "R7: {}",
        game.bfen()
    );
    let settings = game.settings();
    assert!(game.moves_played() <= settings.move_cap);
    let history: Vec<_> = game.history().collect();
    let moves = history
        .iter()
        .filter(|a| matches!(a.kind, ActionKind::Move(_)))
        .count();
    assert_eq!(moves, usize::from(game.moves_played()));
    for seat in Seat::ALL {
        let sits = history
            .iter()
            .filter(|a| a.kind == ActionKind::Sit && a.seat == Some(seat))
            .count();
        assert_eq!(
            usize::from(game.sits_left(seat)) + sits,
            usize::from(SITS_PER_SEAT)
        );
        if game.is_over() {
            assert!(!game.is_turn_of(seat) && game.legal_moves(seat).is_empty());
        }
    }
    assert!(history.windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
    assert!(history.last().is_none_or(|a| a.at_ms <= game.now_ms()));
    assert!(settings.humans.contains(game.draw_offers()));
    match (settings.mode, game.outcome()) {
        (Mode::TurnBased, None) => {
            let seat = game
                .to_act()
                .expect("a turn-based game going on has a seat to act");
            assert!(game.is_turn_of(seat) && !game.legal_moves(seat).is_empty());
            for other in Seat::ALL.into_iter().filter(|s| *s != seat) {
                assert!(!game.is_turn_of(other));
            }
        }
        _ => assert_eq!(game.to_act(), None),
    }
    let again = parse_bfen(&game.bfen().to_string()).expect("the game's BFEN reads back");
    assert_eq!(&again, game.boards());
}

/// Everything that must hold after `act`, which returned `result`, took
/// `before` to `game`: the invariants, and what the action may change.
fn check_action(
    act: Act,
    at: Option<u64>,
    result: Result<Option<Outcome>, GameError>,
    before: &Game,
    game: &Game,
    conserved: &[[u32; 5]; 2],
) {
    let now = before.now_ms();
    let settings = game.settings();
    check_game(game, conserved);
    assert!(game.now_ms() >= now, "time went back on {act:?}");
    match result {
        Err(e) => {
            if game != before {
                // F2: a flag found at the action's timestamp ends the
                // game, and that is the only change.
                assert!(
                    before.outcome().is_none(),
                    "{act:?} {e} changed an ended game"
                );
                let o = game
                    .outcome()
                    .unwrap_or_else(|| panic!("{act:?} {e} changed the game"));
                assert_eq!(o.reason, EndReason::Time, "{act:?} {e}");
                assert_eq!(e, GameError::GameOver);
                assert!(game.now_ms() <= at.expect("a flag needs a timestamp"));
                let mut ticked = before.clone();
                assert_eq!(ticked.tick(game.now_ms()).map(|r| r.outcome()), Ok(Some(o)));
                assert!(*game == ticked, "{act:?} {e}: more changed than the flag");
                check_ending(act, before, game, o);
            }
            if before.is_over() {
                assert_eq!(e, GameError::GameOver);
            }
        }
        Ok(outcome) => {
            assert!(!before.is_over(), "{act:?} accepted after the end");
            assert_eq!(outcome, game.outcome(), "{act:?}");
            match act {
                Act::Move(seat) => {
                    assert_eq!(game.moves_played(), before.moves_played() + 1);
                    assert!(game.draw_offers().is_empty(), "R30: a move clears offers");
                    let last = game.history().last().expect("a move is recorded");
                    assert_eq!(last.seat, Some(seat));
                    assert_eq!(last.at_ms, at.unwrap_or(now));
                    assert_eq!(game.now_ms(), at.unwrap_or(now));
                    let ActionKind::Move(m) = last.kind else {
                        panic!("a move recorded as {:?}", last.kind)
                    };
                    assert!(before.legal_moves(seat).contains(&m), "{m} was not legal");
                    let mut board = *before.board(seat.board);
                    board.play(m).expect("legal");
                    assert_eq!(&board, game.board(seat.board));
                    check_judged(seat, game);
                }
                Act::Sit(seat) => {
                    assert_eq!(before.to_act(), Some(seat));
                    assert_eq!(game.sits_left(seat) + 1, before.sits_left(seat));
                    assert_eq!(game.boards(), before.boards());
                    assert_eq!(game.draw_offers(), before.draw_offers(), "F7");
                    assert_eq!(game.moves_played(), before.moves_played(), "F7");
                }
                Act::Tick => match outcome {
                    None => assert_eq!(Some(game.now_ms()), at),
                    Some(_) => assert!(Some(game.now_ms()) <= at),
                },
                Act::Offer(seat) => {
                    assert!(game.draw_offers().has(seat) && settings.humans.has(seat))
                }
                Act::Withdraw(seat) => assert!(!game.draw_offers().has(seat)),
                Act::Resign(_) | Act::Abandon(_) => {
                    assert_eq!(game.now_ms(), at.unwrap_or(now));
                }
            }
            if let Some(o) = outcome.filter(|_| before.outcome().is_none()) {
                check_ending(act, before, game, o);
            }
            if !matches!(act, Act::Move(_) | Act::Sit(_)) {
                assert_eq!(game.boards(), before.boards(), "{act:?} moved a piece");
                assert!(game.history().eq(before.history()), "{act:?} was recorded");
            }
        }
    }
}

/// A burst of up to 2040 random legal moves by seats that may move, each
/// checked like any action: long games reach the cap (up to
/// [`MAX_MOVE_CAP`], filling the history), repetitions and mates that
/// action-by-action input is too short for.
fn burst(game: &mut Game, b: &mut Bytes<'_>, conserved: &[[u32; 5]; 2]) {
    let n = usize::from(b.u8()) * 8;
    let mut rng = u64::from(b.u32()) | 1;
    let clocked = game.clock_ms(Seat::A_WHITE).is_some();
    for _ in 0..n {
        if game.is_over() {
            break;
        }
        let seats: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| !game.legal_moves(*s).is_empty())
            .collect();
        if seats.is_empty() {
            break;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let seat = seats[(rng % seats.len() as u64) as usize];
        let moves = game.legal_moves(seat);
        let m = moves[((rng >> 16) % moves.len() as u64) as usize];
        let at = clocked.then(|| game.now_ms().saturating_add((rng >> 40) % 1500));
        let before = game.clone();
        let result = game.play(seat, m, at);
        check_action(
            Act::Move(seat),
            at,
            result.map(|r| r.outcome()),
            &before,
            game,
            conserved,
        );
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let mode_byte = b.u8();
    let humans = Seats::from_bits_truncate(b.u8());
    let move_cap = match b.u8() {
        c @ 0..=199 => u16::from(c % 41),
        200..=252 => DEFAULT_MOVE_CAP,
        253 => MAX_MOVE_CAP,
        c => MAX_MOVE_CAP + u16::from(c - 253),
    };
    let control = TimeControl {
        base_ms: u64::from(b.u16()) * 7,
        increment_ms: u64::from(b.u8() % 4) * 250,
    };
    let (mode, time_control) = match mode_byte % 4 {
        0 | 1 => (Mode::Live, Some(control)),
        2 => (Mode::Live, None),
        // A time control in the turn-based game is a settings error (R26).
        _ => (Mode::TurnBased, (mode_byte & 4 != 0).then_some(control)),
    };
    let settings = GameSettings {
        mode,
        time_control,
        humans,
        move_cap,
    };
    let starts = seed_bfen_boards();
    let start = starts[b.index(starts.len())];
    let bfen = Bfen(&start).to_string();
    let mut game = match Game::from_bfen(&bfen, settings) {
        Ok(game) => Box::new(game),
        Err(e) => {
            // Only settings the core refuses: a cap of 0 or above the
            // largest, a base time of 0, a clock in the turn-based game.
            let refused = settings
                .validate()
                .expect_err("valid settings were refused");
            assert_eq!(e, SetupError::Settings(refused), "{bfen}: {e}");
            return;
        }
    };
    assert!(move_cap <= MAX_MOVE_CAP);
    assert_eq!(game.boards(), &start);
    let conserved = match_material(game.boards());
    check_game(&game, &conserved);
    if let Some(o) = game.outcome() {
        // Judged at once (F8): only the rules that a position can break.
        assert!(
            matches!(
                o.reason,
                EndReason::Checkmate | EndReason::NoOneCanMove | EndReason::MoveCap
            ),
            "{o:?} at the start"
        );
    }
    let fresh = game.clone();

    let mut after_end = 0;
    for _ in 0..2000 {
        if b.is_empty() || after_end > 3 {
            break;
        }
        if game.is_over() {
            after_end += 1;
        }
        let op = b.u8();
        if (150..=159).contains(&op) {
            burst(&mut game, &mut b, &conserved);
            continue;
        }
        let seat_byte = b.u8();
        // Mostly a seat that may act (the seat to act, or in the live game
        // one whose colour is to move), sometimes any seat.
        let may_act: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| game.is_turn_of(*s))
            .collect();
        let seat = if seat_byte & 4 != 0 && !may_act.is_empty() {
            may_act[usize::from(seat_byte >> 3) % may_act.len()]
        } else {
            Seat::ALL[usize::from(seat_byte % 4)]
        };
        let now = game.now_ms();
        let before = game.clone();
        let board = *game.board(seat.board);
        let legal = board.legal_moves();
        // Random play rarely mates: half the picks prefer checks or captures.
        let preferred: Vec<Move> = match op % 4 {
            1 => legal
                .iter()
                .copied()
                .filter(|m| {
                    let mut after = board;
                    after.play_unchecked(*m);
                    after.is_check()
                })
                .collect(),
            2 => legal
                .iter()
                .copied()
                .filter(|m| !m.is_drop() && board.occupied().contains(m.to()))
                .collect(),
            _ => Vec::new(),
        };
        let pick = |b: &mut Bytes<'_>| {
            if preferred.is_empty() {
                (!legal.is_empty()).then(|| legal[b.index(legal.len())])
            } else {
                Some(preferred[b.index(preferred.len())])
            }
        };
        // Resigning and leaving end the game at once: rare, so that games
        // grow long enough to mate, flag, repeat and reach the cap.
        let op = match op {
            245..=255 if b.u8() >= 8 => 0,
            op => op,
        };

        let (act, at, result): (Act, Option<u64>, Result<Report, GameError>) = match op {
            0..=159 => {
                let at = timestamp(&mut b, now);
                let m = pick(&mut b).unwrap_or(Move::Drop {
                    role: Role::Knight,
                    to: square(&mut b),
                });
                (Act::Move(seat), at, game.play(seat, m, at))
            }
            160..=169 => {
                let at = timestamp(&mut b, now);
                let t = text(&mut b);
                (Act::Move(seat), at, game.play_uci(seat, &t, at))
            }
            170..=179 => {
                let at = timestamp(&mut b, now);
                let t = text(&mut b);
                (Act::Move(seat), at, game.play_text(seat, &t, at))
            }
            180..=189 => {
                let at = timestamp(&mut b, now);
                let t = match pick(&mut b) {
                    Some(m) if b.u8().is_multiple_of(2) => board.san(m).to_string(),
                    Some(m) => m.to_string(),
                    None => text(&mut b),
                };
                let result = game.play_text(seat, &t, at);
                if let Some(m) = result.as_ref().ok().and_then(|r| r.action.as_move()) {
                    assert!(legal.contains(&m), "{t} played {m}");
                }
                (Act::Move(seat), at, result)
            }
            190..=194 => {
                let at = timestamp(&mut b, now);
                let m = Move::Drop {
                    role: Role::ALL[usize::from(b.u8() % 6)],
                    to: square(&mut b),
                };
                (Act::Move(seat), at, game.play(seat, m, at))
            }
            195..=199 => {
                let at = timestamp(&mut b, now);
                let promotion = Role::ALL.get(usize::from(b.u8() % 12)).copied();
                let m = Move::Normal {
                    from: square(&mut b),
                    to: square(&mut b),
                    promotion,
                };
                (Act::Move(seat), at, game.play(seat, m, at))
            }
            200..=204 => {
                let clock = (b.u8().is_multiple_of(2)).then(|| i32::from(b.u16() as i16) * 100);
                let m = pick(&mut b).unwrap_or(Move::Drop {
                    role: Role::Pawn,
                    to: square(&mut b),
                });
                (Act::Move(seat), None, game.play_recorded(seat, m, clock))
            }
            205..=214 => (Act::Sit(seat), None, game.sit(seat)),
            215..=229 => {
                let at = timestamp(&mut b, now).unwrap_or(now);
                (Act::Tick, Some(at), game.tick(at))
            }
            230..=239 => (Act::Offer(seat), None, game.offer_draw(seat)),
            240..=244 => (Act::Withdraw(seat), None, game.withdraw_draw(seat)),
            245..=249 => {
                let at = timestamp(&mut b, now);
                (Act::Resign(seat), at, game.resign(seat, at))
            }
            _ => {
                let at = timestamp(&mut b, now);
                (Act::Abandon(seat), at, game.abandon(seat, at))
            }
        };

        check_action(
            act,
            at,
            result.map(|r| r.outcome()),
            &before,
            &game,
            &conserved,
        );
    }

    // A finished or abandoned run: the record writes, and the game restarts
    // to the very game it began as.
    let mut record = String::new();
    write_bpgn(&game, &[], &mut record).expect("every game writes as BPGN");
    assert!(
        game.restarted() == *fresh,
        "restarted() is not the game it began as"
    );
});
