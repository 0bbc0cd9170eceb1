//! Whole matches driven by a derived action list (`Input`, read with the
//! `arbitrary` crate): moves by index into the legal list (some preferring
//! checks or captures), legal moves written as SAN or UCI, arbitrary UCI and
//! SAN text, drops, raw moves, recorded moves, sits, ticks with arbitrary
//! timestamps (backwards, equal, huge), resignations, abandonments, draw
//! offers and withdrawals, undo, and bursts of random moves; live with
//! clocks (any base and increment), live without clocks, and turn-based;
//! any set of human seats; move caps 0–40, 800, 2000 and too large.
//!
//! After every action: no panic; the board that changed keeps every
//! structural invariant; conservation R7 holds (per colour and role, both
//! boards with promoted pieces as pawns plus the pockets); a rejected
//! action changes nothing — except that a flag found at its timestamp ends
//! the game at the flag's time (F2), which must be exactly what a tick at
//! that time does; the game ends only by a rule that holds (R25, R27–R32 in
//! the order of F8), and every rule that holds after a move ends it; undo
//! right after an action on a closed log gives back the game before it.
//!
//! Speed (issue 11): an input plays at most [`MAX_ACTIONS`] actions, and
//! what costs time in proportion to the game — the FEN and BFEN round
//! trips, the scans of the whole history — runs every [`FULL_EVERY`]
//! actions, after each burst and at the end, not after every action; undo
//! and restore, which replay the log, on logs up to [`RESTORE_LOG`] entries.
//! At the end of an input: the game restored from its log is the game, the
//! record writes as BPGN, and `restarted()` is the game it began as.
#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use bughouse_core::bpgn::write_bpgn;
use bughouse_core::{
    Board, EndReason, Flavour, Game, GameError, GameSettings, Mode, Move, Outcome, Report, Role,
    Seat, Seats, SetupError, Square, TimeControl, bfen::Bfen, bfen::parse_bfen, game::ActionKind,
    game::DEFAULT_MOVE_CAP, game::MAX_MOVE_CAP, game::SITS_PER_SEAT,
};
use bughouse_fuzz::{check_board, check_board_structure, match_material, seed_bfen_boards};
use bughouse_testkit::Rng;
use libfuzzer_sys::fuzz_target;

/// The most actions an input plays: short runs keep each input cheap; long
/// games come from bursts.
const MAX_ACTIONS: usize = 48;

/// The checks that cost time in proportion to the game run after every
/// this many actions (and after each burst and at the end).
const FULL_EVERY: usize = 16;

/// A log this short is scanned after every action (it costs little).
const SHORT_LOG: usize = 64;

/// A burst plays up to this many moves (`moves` modulo one more): short
/// games stay cheap to restore and undo, which replay the log.
const SHORT_BURST: usize = 63;

/// A long burst plays this many moves per unit of its `moves`: 255 × 8 =
/// 2040, past the largest cap ([`MAX_MOVE_CAP`]).
const LONG_BURST_FACTOR: usize = 8;

/// What the fuzzer chose: the settings, the start, then the actions.
#[derive(Arbitrary, Debug)]
struct Input {
    mode: ModeChoice,
    /// The human seats, as [`Seats`] bits.
    humans: u8,
    cap: CapChoice,
    /// The base time, in units of 7 ms (0 is refused).
    base: u16,
    /// The increment, in quarter seconds (modulo 4).
    increment: u8,
    /// Which of [`seed_bfen_boards`] to start from.
    start: u8,
    actions: Vec<Action>,
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum ModeChoice {
    Clocked,
    Unclocked,
    /// With a clock, the settings are refused (R26).
    TurnBased {
        with_clock: bool,
    },
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum CapChoice {
    /// 0 to 40 (0 is refused).
    Small(u8),
    Default,
    Largest,
    /// Past the largest (refused).
    TooLarge(u8),
}

/// A timestamp relative to the game's time: mostly forward or the same.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum When {
    /// Forward by up to 255 × 37 ms.
    Soon(u8),
    Now,
    Odd(OddTime),
}

#[derive(Arbitrary, Debug, Clone, Copy)]
enum OddTime {
    /// No timestamp: the game's time.
    Unstamped,
    /// Forward by up to 65,535 × 50 ms.
    Later(u16),
    /// Back by 1 to 256 ms (rejected, F3).
    Back(u8),
    /// Close to the end of time.
    EndOfTime(u8),
}

/// Whose action: mostly a seat that may act (the seat to act, or in the
/// live game one whose colour is to move), sometimes any seat.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum SeatChoice {
    MayAct(u8),
    Any(u8),
}

/// Which legal move: random play rarely mates, so two of three picks
/// prefer checks or captures (falling back to any move when there is none).
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Pick {
    Any(u16),
    Check(u16),
    Capture(u16),
}

/// True one time in 32: for the actions that end a game at once and for
/// long bursts, so that games last long enough to mate, flag, repeat and
/// reach the cap, and most inputs stay cheap.
#[derive(Debug, Clone, Copy)]
struct Rarely(bool);

impl<'a> Arbitrary<'a> for Rarely {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Rarely(u8::arbitrary(u)? < 8))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

/// One action of the input.
#[derive(Arbitrary, Debug)]
enum Action {
    /// A legal move by index (a knight drop when there is none).
    Move {
        seat: SeatChoice,
        pick: Pick,
        at: When,
    },
    /// A legal move written as SAN or as UCI, played as text.
    Written {
        seat: SeatChoice,
        pick: Pick,
        san: bool,
        at: When,
    },
    /// Arbitrary UCI text.
    Uci {
        seat: SeatChoice,
        text: String,
        at: When,
    },
    /// Arbitrary move text (UCI, then SAN).
    Text {
        seat: SeatChoice,
        text: String,
        at: When,
    },
    /// A drop of any role (the king too) on any square.
    Drop {
        seat: SeatChoice,
        role: u8,
        to: u8,
        at: When,
    },
    /// A normal move between any squares, with any promotion or none.
    Raw {
        seat: SeatChoice,
        from: u8,
        to: u8,
        promotion: u8,
        at: When,
    },
    /// A move with a recorded clock (a pawn drop when there is none).
    Recorded {
        seat: SeatChoice,
        pick: Pick,
        clock: Option<i16>,
    },
    Sit(SeatChoice),
    /// A tick (an unstamped one ticks at the game's time).
    Tick(When),
    Offer(SeatChoice),
    Withdraw(SeatChoice),
    /// Resigning, rarely; otherwise a move by index.
    Resign {
        seat: SeatChoice,
        at: When,
        really: Rarely,
    },
    /// Leaving the game, rarely; otherwise a move by index.
    Abandon {
        seat: SeatChoice,
        at: When,
        really: Rarely,
    },
    /// Takes back the last logged action.
    Undo,
    /// Up to 63 random legal moves by seats that may move (up to 2040
    /// when long), each checked: long games reach the cap (up to
    /// [`MAX_MOVE_CAP`], filling the log), repetitions and mates that
    /// action-by-action input is too short for.
    Burst {
        moves: u8,
        long: Rarely,
        seed: u32,
    },
}

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

impl Input {
    fn settings(&self) -> GameSettings {
        let move_cap = match self.cap {
            CapChoice::Small(c) => u16::from(c % 41),
            CapChoice::Default => DEFAULT_MOVE_CAP,
            CapChoice::Largest => MAX_MOVE_CAP,
            CapChoice::TooLarge(c) => MAX_MOVE_CAP + 1 + u16::from(c),
        };
        let control = TimeControl {
            base_ms: u64::from(self.base) * 7,
            increment_ms: u64::from(self.increment % 4) * 250,
        };
        let (mode, time_control) = match self.mode {
            ModeChoice::Clocked => (Mode::Live, Some(control)),
            ModeChoice::Unclocked => (Mode::Live, None),
            ModeChoice::TurnBased { with_clock } => {
                (Mode::TurnBased, with_clock.then_some(control))
            }
        };
        GameSettings {
            mode,
            time_control,
            humans: Seats::from_bits_truncate(self.humans),
            move_cap,
        }
    }
}

impl When {
    /// The timestamp this means when the game's time is `now`.
    fn at(self, now: u64) -> Option<u64> {
        match self {
            When::Soon(t) => Some(now.saturating_add(u64::from(t) * 37)),
            When::Now => Some(now),
            When::Odd(OddTime::Unstamped) => None,
            When::Odd(OddTime::Later(t)) => Some(now.saturating_add(u64::from(t) * 50)),
            When::Odd(OddTime::Back(t)) => Some(now.wrapping_sub(u64::from(t) + 1)),
            When::Odd(OddTime::EndOfTime(t)) => Some(u64::MAX - u64::from(t)),
        }
    }
}

impl SeatChoice {
    fn seat(self, game: &Game) -> Seat {
        let may_act: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| game.is_turn_of(*s))
            .collect();
        match self {
            SeatChoice::MayAct(i) if !may_act.is_empty() => may_act[usize::from(i) % may_act.len()],
            SeatChoice::MayAct(i) | SeatChoice::Any(i) => Seat::ALL[usize::from(i) % 4],
        }
    }
}

impl Pick {
    /// A legal move of `board`, `None` when it has none.
    fn pick(self, board: &Board) -> Option<Move> {
        let legal = board.legal_moves();
        let (i, preferred): (u16, Vec<Move>) = match self {
            Pick::Any(i) => (i, Vec::new()),
            Pick::Check(i) => (
                i,
                legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        let mut after = *board;
                        after.play_unchecked(*m);
                        after.is_check()
                    })
                    .collect(),
            ),
            Pick::Capture(i) => (
                i,
                legal
                    .iter()
                    .copied()
                    .filter(|m| !m.is_drop() && board.occupied().contains(m.to()))
                    .collect(),
            ),
        };
        let i = usize::from(i);
        if preferred.is_empty() {
            (!legal.is_empty()).then(|| legal[i % legal.len()])
        } else {
            Some(preferred[i % preferred.len()])
        }
    }

    /// A square from the pick's number, for the fallback drops.
    fn square(self) -> Square {
        let (Pick::Any(i) | Pick::Check(i) | Pick::Capture(i)) = self;
        Square::ALL[usize::from(i) % 64]
    }
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

/// What holds after every action and costs little: R7, the cap, offers by
/// humans only, who may act, and an ended game has no one to act.
fn check_game_quick(game: &Game, conserved: &[[u32; 5]; 2]) {
    assert_eq!(
        &match_material(game.boards()),
        conserved,
        "R7: {}",
        game.bfen()
    );
    let settings = game.settings();
    assert!(game.moves_played() <= settings.move_cap);
    if game.is_over() {
        for seat in Seat::ALL {
            assert!(!game.is_turn_of(seat) && game.legal_moves(seat).is_empty());
        }
    }
    assert!(
        game.history()
            .next_back()
            .is_none_or(|a| a.at_ms <= game.now_ms())
    );
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
}

/// The history against the counters: one move entry per move played, the
/// sits used per seat, timestamps in order.
fn check_history(game: &Game) {
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
    }
    assert!(history.windows(2).all(|w| w[0].at_ms <= w[1].at_ms));
}

/// Everything that holds of a game, with what costs time in proportion to
/// it: [`check_game_quick`], both boards' invariants with their FEN round
/// trips, the history scan, and the BFEN round trip.
fn check_game_full(game: &Game, conserved: &[[u32; 5]; 2]) {
    check_game_quick(game, conserved);
    for board in game.boards() {
        assert_eq!(board.flavour(), Flavour::Bughouse);
        check_board(board);
    }
    check_history(game);
    let again = parse_bfen(&game.bfen().to_string()).expect("the game's BFEN reads back");
    assert_eq!(&again, game.boards());
}

/// Whether the history of `game` is that of `before`: in full when `scan`,
/// otherwise by its counters and its last entry.
fn same_history(before: &Game, game: &Game, scan: bool) -> bool {
    if scan {
        return game.history().eq(before.history());
    }
    game.moves_played() == before.moves_played()
        && Seat::ALL
            .into_iter()
            .all(|s| game.sits_left(s) == before.sits_left(s))
        && game.history().next_back() == before.history().next_back()
}

/// Everything that must hold after `act`, which returned `result`, took
/// `before` to `game`: the invariants, and what the action may change.
/// `full`: also the checks that cost time in proportion to the game.
fn check_action(
    act: Act,
    at: Option<u64>,
    result: Result<Option<Outcome>, GameError>,
    before: &Game,
    game: &Game,
    conserved: &[[u32; 5]; 2],
    full: bool,
) {
    let now = before.now_ms();
    let settings = game.settings();
    check_game_quick(game, conserved);
    for (board, old) in game.boards().iter().zip(before.boards()) {
        if board != old {
            assert_eq!(board.flavour(), Flavour::Bughouse);
            check_board_structure(board);
        }
    }
    let scan = full || before.log().len() <= SHORT_LOG;
    if full {
        check_game_full(game, conserved);
    } else if scan {
        check_history(game);
    }
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
                    let last = game.history().next_back().expect("a move is recorded");
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
                assert!(same_history(before, game, scan), "{act:?} was recorded");
            }
        }
    }
}

/// A burst of random legal moves by seats that may move, each checked like
/// any action (the full checks once, at the end of the burst).
fn burst(game: &mut Game, moves: u8, long: Rarely, seed: u32, conserved: &[[u32; 5]; 2]) {
    let n = if long.0 {
        usize::from(moves) * LONG_BURST_FACTOR
    } else {
        usize::from(moves) % (SHORT_BURST + 1)
    };
    let mut rng = Rng::new(u64::from(seed));
    let clocked = game.clock_ms(Seat::A_WHITE).is_some();
    for _ in 0..n {
        if game.is_over() {
            break;
        }
        let lists = Seat::ALL.map(|s| game.legal_moves(s));
        let seats: Vec<usize> = (0..4).filter(|&i| !lists[i].is_empty()).collect();
        if seats.is_empty() {
            break;
        }
        let i = seats[rng.below(seats.len())];
        let (seat, m) = (Seat::ALL[i], lists[i][rng.below(lists[i].len())]);
        let at = clocked.then(|| game.now_ms().saturating_add(rng.next_u64() % 1500));
        let before = game.clone();
        let result = game.play(seat, m, at);
        check_action(
            Act::Move(seat),
            at,
            result.map(|r| r.outcome()),
            &before,
            game,
            conserved,
            false,
        );
    }
    check_game_full(game, conserved);
}

/// Played history entries: moves and sits, from the game's counters.
fn played(game: &Game) -> usize {
    let sits: usize = Seat::ALL
        .into_iter()
        .map(|s| usize::from(SITS_PER_SEAT - game.sits_left(s)))
        .sum();
    usize::from(game.moves_played()) + sits
}

/// Takes back the last logged action and checks what changed: exactly the
/// entry taken, one move or sit fewer for a move or sit, the board it was
/// played on back by that move (the other board may differ by its pocket,
/// R5). `exact`, when given, is the game before the action just taken back
/// (an action that added one entry to a log without an open run): undo
/// gives it back exactly.
fn undo(game: &mut Game, exact: Option<&Game>, conserved: &[[u32; 5]; 2]) {
    let was = game.clone();
    let taken = game.undo();
    assert_eq!(taken, was.log().last().copied(), "undo took another entry");
    let Some(entry) = taken else {
        assert!(*game == was, "undo of an empty log changed the game");
        return;
    };
    if let Some(before) = exact {
        assert!(
            game == before,
            "undo of {entry:?} did not give back the game before it"
        );
    }
    assert_eq!(game.start_boards(), was.start_boards());
    assert_eq!(game.settings(), was.settings());
    assert!(game.now_ms() <= was.now_ms(), "undo moved time forward");
    let closes = matches!(entry.kind, ActionKind::Move(_) | ActionKind::Sit);
    assert_eq!(played(game) + usize::from(closes), played(&was));
    match (entry.kind, entry.seat) {
        (ActionKind::Move(m), Some(seat)) => {
            let mut board = *game.board(seat.board);
            board.play(m).expect("the move taken back is legal again");
            assert_eq!(&board, was.board(seat.board));
        }
        (ActionKind::Move(_), None) => panic!("a move without a seat: {entry:?}"),
        _ => assert_eq!(
            game.boards(),
            was.boards(),
            "undo of {entry:?} moved a piece"
        ),
    }
    check_game_quick(game, conserved);
    for board in game.boards() {
        check_board_structure(board);
    }
}

/// The longest log undone or restored (at the end of an input).
/// `Game::restore` and `Game::undo` replay the log and compare the whole
/// log rebuilt so far after each entry, so their cost grows with the square
/// of the log: at the largest cap they took most of this target's time.
/// Full logs are restored by the core's tests (`game_api.rs`,
/// `game_props.rs`); here, where the action sequences vary, logs up to this
/// length: each undo or restore replays the whole log (linear in its
/// length), which on the longest logs would dominate an input's time.
const RESTORE_LOG: usize = 512;

fuzz_target!(|input: Input| {
    let settings = input.settings();
    let starts = seed_bfen_boards();
    let start = starts[usize::from(input.start) % starts.len()];
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
    assert!(settings.move_cap <= MAX_MOVE_CAP);
    assert_eq!(game.boards(), &start);
    let conserved = match_material(game.boards());
    check_game_full(&game, &conserved);
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
    // The game before the last action, when undo must give it back exactly.
    let mut exact: Option<Box<Game>> = None;
    for (step, action) in input.actions.iter().take(MAX_ACTIONS).enumerate() {
        if after_end > 3 {
            break;
        }
        if game.is_over() {
            after_end += 1;
        }
        match *action {
            Action::Burst { moves, long, seed } => {
                burst(&mut game, moves, long, seed, &conserved);
                exact = None;
                continue;
            }
            Action::Undo => {
                if game.log().len() > RESTORE_LOG {
                    continue;
                }
                undo(&mut game, exact.as_deref(), &conserved);
                exact = None;
                continue;
            }
            Action::Resign { really, .. } | Action::Abandon { really, .. } if !really.0 => {
                continue;
            }
            _ => {}
        }
        let full = step % FULL_EVERY == FULL_EVERY - 1;
        let now = game.now_ms();
        let before = (*game).clone();
        let (act, at, result): (Act, Option<u64>, Result<Report, GameError>) = match *action {
            Action::Burst { .. } | Action::Undo => unreachable!("handled above"),
            Action::Move { seat, pick, at } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                let m = pick.pick(game.board(seat.board)).unwrap_or(Move::Drop {
                    role: Role::Knight,
                    to: pick.square(),
                });
                (Act::Move(seat), at, game.play(seat, m, at))
            }
            Action::Written {
                seat,
                pick,
                san,
                at,
            } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                let board = *game.board(seat.board);
                let t = match pick.pick(&board) {
                    Some(m) if san => board.san(m).to_string(),
                    Some(m) => m.to_string(),
                    None => format!("N@{}", pick.square()),
                };
                let result = game.play_text(seat, &t, at);
                if let Some(m) = result.as_ref().ok().and_then(|r| r.action.as_move()) {
                    assert!(board.legal_moves().contains(&m), "{t} played {m}");
                }
                (Act::Move(seat), at, result)
            }
            Action::Uci { seat, ref text, at } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                (Act::Move(seat), at, game.play_uci(seat, text, at))
            }
            Action::Text { seat, ref text, at } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                (Act::Move(seat), at, game.play_text(seat, text, at))
            }
            Action::Drop { seat, role, to, at } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                let m = Move::Drop {
                    role: Role::ALL[usize::from(role) % 6],
                    to: Square::ALL[usize::from(to) % 64],
                };
                (Act::Move(seat), at, game.play(seat, m, at))
            }
            Action::Raw {
                seat,
                from,
                to,
                promotion,
                at,
            } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                let m = Move::Normal {
                    from: Square::ALL[usize::from(from) % 64],
                    to: Square::ALL[usize::from(to) % 64],
                    promotion: Role::ALL.get(usize::from(promotion) % 12).copied(),
                };
                (Act::Move(seat), at, game.play(seat, m, at))
            }
            Action::Recorded { seat, pick, clock } => {
                let seat = seat.seat(&game);
                let m = pick.pick(game.board(seat.board)).unwrap_or(Move::Drop {
                    role: Role::Pawn,
                    to: pick.square(),
                });
                let clock = clock.map(|c| i32::from(c) * 100);
                (Act::Move(seat), None, game.play_recorded(seat, m, clock))
            }
            Action::Sit(seat) => {
                let seat = seat.seat(&game);
                (Act::Sit(seat), None, game.sit(seat))
            }
            Action::Tick(at) => {
                let at = at.at(now).unwrap_or(now);
                (Act::Tick, Some(at), game.tick(at))
            }
            Action::Offer(seat) => {
                let seat = seat.seat(&game);
                (Act::Offer(seat), None, game.offer_draw(seat))
            }
            Action::Withdraw(seat) => {
                let seat = seat.seat(&game);
                (Act::Withdraw(seat), None, game.withdraw_draw(seat))
            }
            Action::Resign { seat, at, .. } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                (Act::Resign(seat), at, game.resign(seat, at))
            }
            Action::Abandon { seat, at, .. } => {
                let seat = seat.seat(&game);
                let at = at.at(now);
                (Act::Abandon(seat), at, game.abandon(seat, at))
            }
        };
        let accepted = result.is_ok();
        check_action(
            act,
            at,
            result.map(|r| r.outcome()),
            &before,
            &game,
            &conserved,
            full,
        );
        let closed = before
            .log()
            .last()
            .is_none_or(|a| matches!(a.kind, ActionKind::Move(_) | ActionKind::Sit));
        exact = (accepted && closed && game.log().len() == before.log().len() + 1)
            .then(|| Box::new(before));
    }

    // The end of the input: everything checked once more, the game rebuilt
    // from its log is the game, the record writes, and the game restarts to
    // the very game it began as.
    check_game_full(&game, &conserved);
    if game.log().len() <= RESTORE_LOG {
        let restored = Game::restore(*game.settings(), *game.start_boards(), game.log())
            .unwrap_or_else(|e| panic!("the game's log does not restore: {e}"));
        assert!(restored == *game, "the game restored from its log differs");
    }
    let mut record = String::new();
    write_bpgn(&game, &[], &mut record).expect("every game writes as BPGN");
    assert!(
        game.restarted() == *fresh,
        "restarted() is not the game it began as"
    );
});
