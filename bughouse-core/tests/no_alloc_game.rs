//! The two-board game never touches the heap: full random games in both ways
//! of playing (moves, drops, sits, ticks, refused actions, draw offers, the
//! ending; every action's report; the log restored and undone), and BFEN
//! read and written into a fixed buffer, counted by a
//! counting global allocator.
//!
//! The count is per thread, so the test harness's own allocations on other
//! threads do not disturb it.

use bughouse_testkit::Rng;
use std::fmt::Write;

use bughouse_core::{
    BoardId, Game, GameError, GameSettings, Mode, Move, Seat, Seats, SetupError, TimeControl,
};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::allocations;

/// The counter itself works: a `Vec` is seen.
#[test]
fn the_counter_sees_allocations() {
    let (v, n) = allocations(|| vec![1u8; 100]);
    assert_eq!(v.len(), 100);
    assert!(n >= 1);
}

/// A fixed buffer that text is written into, for BFEN and messages.
struct Buf {
    bytes: [u8; 1024],
    len: usize,
}

impl Buf {
    fn new() -> Buf {
        Buf {
            bytes: [0; 1024],
            len: 0,
        }
    }
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).expect("written from &str")
    }
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// One complete live game between random movers with clocks: each action a
/// little later than the last, with refused actions, offers and ticks mixed
/// in. Returns what it did so the work cannot be optimised away.
fn live_game(rng: &mut Rng, settings: GameSettings) -> (u16, usize) {
    let mut game = Game::new(settings).expect("valid settings");
    let mut refused = 0;
    while !game.is_over() {
        let at_ms = game.now_ms() + rng.below(1_200) as u64;
        let at = Some(at_ms);
        match rng.below(40) {
            0 => {
                // A wrong seat or an illegal move: refused, nothing changes.
                let seat = Seat::ALL[rng.below(4)];
                refused += usize::from(game.play_uci(seat, "e2e5", at).is_err());
            }
            1 => refused += usize::from(game.play_uci(Seat::A_WHITE, "zz", at).is_err()),
            2 => refused += usize::from(game.sit(Seat::A_WHITE).is_err()),
            3 => {
                let seat = Seat::ALL[rng.below(4)];
                let _ = game.offer_draw(seat);
                let _ = game.withdraw_draw(seat);
            }
            4 => {
                let _ = game.tick(at_ms);
            }
            5 => refused += usize::from(game.tick(0).is_err() && game.now_ms() > 0),
            _ => {
                let mut able = [Seat::A_WHITE; 4];
                let mut n = 0;
                for seat in Seat::ALL {
                    if !game.legal_moves(seat).is_empty() {
                        able[n] = seat;
                        n += 1;
                    }
                }
                assert!(n > 0, "a live game that goes on has a mover (R31)");
                let seat = able[rng.below(n)];
                let moves = game.legal_moves(seat);
                match game.play(seat, moves[rng.below(moves.len())], at) {
                    Ok(_) | Err(GameError::GameOver) => {}
                    Err(e) => panic!("a legal move was refused: {e}"),
                }
            }
        }
    }
    log_round_trip(&game);
    // After the end: refused, without allocating either.
    refused += usize::from(game.resign(Seat::B_BLACK, None).is_err());
    (game.moves_played(), refused)
}

/// One complete turn-based game: the seat to act moves or sometimes sits.
fn turn_game(rng: &mut Rng, settings: GameSettings) -> (u16, usize) {
    let mut game = Game::new(settings).expect("valid settings");
    let mut sits = 0;
    while let Some(seat) = game.to_act() {
        if game.can_sit(seat) && rng.below(16) == 0 {
            game.sit(seat).expect("the seat to act may sit");
            sits += 1;
            continue;
        }
        if rng.below(50) == 0 {
            // May end the game by agreement: look again before moving.
            let _ = game.offer_draw(Seat::ALL[rng.below(4)]);
            continue;
        }
        let moves = game.legal_moves(seat);
        game.play(seat, moves[rng.below(moves.len())], None)
            .expect("a legal move");
    }
    assert!(game.is_over());
    log_round_trip(&game);
    (game.moves_played(), sits)
}

/// The log, restore, undo and the snapshot live on the stack too: the game
/// rebuilt from its log, two actions taken back, the state read.
fn log_round_trip(game: &Game) {
    let restored = Game::restore(*game.settings(), *game.start_boards(), game.log())
        .expect("a game's log restores");
    assert!(restored == *game, "the restored game differs");
    let mut undone = restored.clone();
    let last = undone.undo();
    assert_eq!(last.as_ref(), game.log().last());
    undone.undo();
    assert!(undone.log().len() < game.log().len().max(1));
    std::hint::black_box(undone.snapshot());
}

#[test]
fn full_random_live_games_allocate_nothing() {
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let mut total_moves = 0u32;
    for (i, settings) in [
        GameSettings::default(),
        GameSettings {
            time_control: Some(TimeControl {
                base_ms: 20_000,
                increment_ms: 300,
            }),
            ..GameSettings::default()
        },
        GameSettings {
            time_control: None,
            humans: Seats::A_WHITE,
            ..GameSettings::default()
        },
    ]
    .into_iter()
    .cycle()
    .take(12)
    .enumerate()
    {
        let ((moves, _), n) = allocations(|| live_game(&mut rng, settings));
        assert_eq!(n, 0, "live game {i} ({moves} moves) allocated {n} times");
        total_moves += u32::from(moves);
    }
    assert!(total_moves > 100, "the games must be real games");
}

#[test]
fn full_random_turn_based_games_allocate_nothing() {
    let mut rng = Rng::new(0x0fed_cba9_8765_4321);
    let mut total_moves = 0u32;
    for i in 0..12 {
        let settings = GameSettings::turn_based(Seats::from_bits_truncate(i as u8 % 16));
        assert_eq!(settings.mode, Mode::TurnBased);
        let ((moves, _), n) = allocations(|| turn_game(&mut rng, settings));
        assert_eq!(
            n, 0,
            "turn-based game {i} ({moves} moves) allocated {n} times"
        );
        total_moves += u32::from(moves);
    }
    assert!(total_moves > 100, "the games must be real games");
}

#[test]
fn bfen_read_and_written_into_a_fixed_buffer_allocate_nothing() {
    const BFEN: &str = "r3k2r/ppp2ppp/2n5/3Q~4/8/8/PPP2PPP/R3K2R[Nbp] b KQkq - 3 12 | \
                        4k3/8/8/8/8/8/8/4K3[QRRBBNPPPPPqrrbbnnppppppp] w - - 0 40";
    let mut buf = Buf::new();
    let ((), n) = allocations(|| {
        let mut game = Game::from_bfen(BFEN, GameSettings::default()).expect("valid BFEN");
        write!(buf, "{}", game.bfen()).expect("fits");
        // Errors are typed values and their messages are written without
        // allocation too.
        let bad = Game::from_bfen("8/8 w | 8/8 w", GameSettings::default());
        let Err(SetupError::Fen(e)) = bad else {
            panic!("accepted a bad BFEN");
        };
        write!(buf, "\n{e}").expect("fits");
        let refused = game.play(Seat::A_BLACK, Move::from_uci("a1a2").unwrap(), Some(0));
        write!(buf, "\n{}", refused.unwrap_err()).expect("fits");
        let outcome = game
            .resign(Seat::A_BLACK, Some(10))
            .expect("resigns")
            .outcome()
            .expect("an ending");
        write!(buf, "\n{outcome}").expect("fits");
        assert_eq!(game.board(BoardId::A).fullmoves(), 12);
    });
    assert_eq!(n, 0, "BFEN read/write allocated {n} times");
    let text = buf.as_str();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(BFEN));
    assert!(
        lines
            .next()
            .is_some_and(|l| l.starts_with("invalid FEN at byte"))
    );
    assert!(lines.next().is_some_and(|l| l.contains("A-Black")));
    assert_eq!(lines.next(), Some("A-Black resigned: team 1 wins (R29)"));
}
