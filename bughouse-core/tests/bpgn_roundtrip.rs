//! N4 round trips: games written as BPGN read back to the same moves, seats,
//! clocks and ending; arbitrary bytes and mutated real records never panic
//! the reader.

use bughouse_core::bpgn::{BpgnReader, RecordedKind, write_bpgn};
use bughouse_core::{EndReason, Game, GameSettings, Mode, Move, Seat, Seats, game::ActionKind};
use proptest::prelude::*;

/// Plays a random game from `seed`: random legal moves for whoever may
/// move; sometimes a resignation or a draw agreement ends it early.
fn random_game(seed: u64, mode: Mode, max_moves: usize) -> Game {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let settings = match mode {
        Mode::Live => GameSettings::default(),
        Mode::TurnBased => GameSettings::turn_based(Seats::A_WHITE | Seats::B_BLACK),
    };
    let mut game = Game::new(settings).unwrap();
    let mut now = 0;
    for _ in 0..max_moves {
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
        let seat = seats[(next() % seats.len() as u64) as usize];
        if game.can_sit(seat) && next() % 10 == 0 {
            game.sit(seat).unwrap();
            continue;
        }
        let moves = game.legal_moves(seat);
        now += next() % 700;
        let at = (mode == Mode::Live).then_some(now);
        let _ = game.play(seat, moves[(next() % moves.len() as u64) as usize], at);
    }
    if !game.is_over() {
        match next() % 3 {
            0 => {
                game.resign(Seat::ALL[(next() % 4) as usize], None).unwrap();
            }
            1 if mode == Mode::Live => {
                for seat in Seat::ALL {
                    let _ = game.offer_draw(seat);
                }
            }
            _ => {}
        }
    }
    game
}

fn check_round_trip(game: &Game) {
    let tags = [
        ("WhiteA", "alice"),
        ("BlackA", "bob \"the\" builder"),
        ("Event", "test"),
        ("Round", "3"),
    ];
    let mut text = String::new();
    write_bpgn(game, &tags, &mut text).unwrap();
    let mut records = BpgnReader::new(text.as_bytes());
    let record = records.next().expect("one game");
    assert!(records.next().is_none());
    assert_eq!(record.tag("WhiteA"), Some(&b"alice"[..]));
    assert_eq!(record.tag("Round"), Some(&b"3"[..]));
    let replay = record.replay();
    assert!(replay.error.is_none(), "{:?}\n{text}", replay.error);
    let moves: Vec<_> = game
        .history()
        .filter_map(|a| match a.kind {
            ActionKind::Move(m) => Some((a.seat, m, a.clock_ms)),
            _ => None,
        })
        .collect();
    let read: Vec<_> = replay
        .game
        .history()
        .filter_map(|a| match a.kind {
            ActionKind::Move(m) => Some((a.seat, m, a.clock_ms)),
            _ => None,
        })
        .collect();
    assert_eq!(moves, read, "{text}");
    // Issue 17: the very same game — settings, log, clocks, ending.
    assert!(
        replay.game == *game,
        "the record reads back to another game:\n{text}"
    );
    assert_eq!(replay.game.boards(), game.boards());
    match game.outcome() {
        None => assert_eq!(replay.ending.kind, RecordedKind::Unknown),
        Some(o) => {
            let want = match o.reason {
                EndReason::Checkmate => RecordedKind::Checkmate,
                EndReason::Time if o.seat.is_some() => RecordedKind::Time,
                EndReason::Resignation => RecordedKind::Resignation,
                EndReason::Abandonment => RecordedKind::Abandonment,
                _ => RecordedKind::Draw,
            };
            assert_eq!(replay.ending.kind, want, "{text}");
            assert_eq!(replay.ending.loser, o.seat, "{text}");
        }
    }
    // Writing the replayed game gives the same movetext.
    let mut again = String::new();
    write_bpgn(&replay.game, &tags, &mut again).unwrap();
    let body = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('['))
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };
    let (a, b) = (body(&text), body(&again));
    // The replayed game has no recorded ending of its own beyond the engine's,
    // and sits are written as comments only.
    let sat = game.history().any(|a| a.kind == ActionKind::Sit);
    if !sat && game.outcome().map(|o| o.reason) == replay.game.outcome().map(|o| o.reason) {
        assert_eq!(a, b);
    }
}

#[test]
fn n4_written_games_read_back_equal() {
    for seed in 0..60u64 {
        check_round_trip(&random_game(seed * 7919 + 1, Mode::Live, 400));
        check_round_trip(&random_game(seed * 104_729 + 3, Mode::TurnBased, 400));
    }
}

/// Found by the `bpgn_from_ascii` fuzz target's round trip: a player name
/// holding `}` ended the termination comment early (the rest of the name
/// read as moves, or as the result), and a name holding a word such as
/// `draw` changed the ending read back. The writer names the seat instead
/// of a name a comment cannot hold; the reader reads what happened after
/// the name.
#[test]
fn n4_player_names_do_not_change_the_ending_read_back() {
    let settings = GameSettings {
        mode: Mode::Live,
        time_control: None,
        humans: Seats::all(),
        move_cap: 800,
    };
    let start = "7k/Q7/6K1/8/8/8/8/8[] w - - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let mut game = Game::from_bfen(start, settings).unwrap();
    let mate = Move::from_uci("a7g7").unwrap();
    game.play(Seat::A_WHITE, mate, None).unwrap();
    assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    for name in [
        "mak}aka 1-0",
        "x} 1A. e4",
        "drawmaster",
        "time_lord",
        "Game drawn",
        "left}{",
        "first\nlast",
    ] {
        let tags = [("WhiteA", "w"), ("BlackA", name)];
        let mut text = String::new();
        write_bpgn(&game, &tags, &mut text).unwrap();
        let mut records = BpgnReader::new(text.as_bytes());
        let record = records.next().expect("one game");
        assert!(records.next().is_none(), "{text}");
        let in_tag = name.replace('\n', " ");
        assert_eq!(record.tag("BlackA"), Some(in_tag.as_bytes()));
        let replay = record.replay();
        assert!(replay.error.is_none(), "{:?}\n{text}", replay.error);
        assert_eq!(replay.moves, 1, "{text}");
        assert_eq!(replay.ending.kind, RecordedKind::Checkmate, "{text}");
        assert_eq!(replay.ending.loser, Some(Seat::A_BLACK), "{text}");
    }
}

/// Found with the `bpgn_from_ascii` fuzz target: a game set up with
/// full-move number 999999 was written with the move number `1000000A.`,
/// which the reader (six digits at most) took for a move. Move numbers read
/// as far as the FEN counters go.
#[test]
fn n4_move_numbers_past_six_digits_read_back() {
    let text = b"[WhiteA \"p\"][BlackA \"q\"][WhiteB \"r\"][BlackB \"s\"]\n\
        [FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 999999 | \
        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n\
        999999a. e5 1000000A. Nf3 1B. d4 *\n";
    let replay = BpgnReader::new(text).next().unwrap().replay();
    assert!(replay.error.is_none(), "{:?}", replay.error);
    assert_eq!(replay.moves, 3);
    let mut written = String::new();
    write_bpgn(&replay.game, &[], &mut written).unwrap();
    assert!(written.contains("1000000A. Nf3"), "{written}");
    let again = BpgnReader::new(written.as_bytes()).next().unwrap().replay();
    assert!(again.error.is_none(), "{:?}\n{written}", again.error);
    assert_eq!(again.game.boards(), replay.game.boards());
    // A number no board reaches is not a move number.
    let huge = b"[WhiteA \"p\"]\n99999999999A. e4 *\n";
    let replay = BpgnReader::new(huge).next().unwrap().replay();
    assert!(replay.error.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn n4_round_trip_random_games(seed in any::<u64>(), len in 0usize..300, live in any::<bool>()) {
        let mode = if live { Mode::Live } else { Mode::TurnBased };
        check_round_trip(&random_game(seed, mode, len));
    }

    #[test]
    fn n4_arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for record in BpgnReader::new(&bytes) {
            let _ = record.replay();
            let _ = record.replay_board(bughouse_core::Flavour::Crazyhouse);
            let _ = record.tags().count();
        }
    }

    #[test]
    fn n4_mutated_real_records_never_panic(cut in 0usize..2500, flips in proptest::collection::vec((0usize..2500, any::<u8>()), 0..8)) {
        let mut bytes = include_bytes!("data/corpus/fics-bpgn/bugaboo/test.bpgn").to_vec();
        for (at, b) in flips {
            let n = bytes.len();
            bytes[at % n] = b;
        }
        bytes.truncate(cut.max(1).min(bytes.len()));
        for record in BpgnReader::new(&bytes) {
            let replay = record.replay();
            if let Some(e) = replay.error {
                let _ = e.to_string();
            }
        }
    }
}
