//! The game API that servers and front ends build on (issue 17): the
//! report of every action, clocks a server schedules by, the log, restore
//! and undo. The random-action properties are in `game_props.rs`; these are
//! the worked cases.

use bughouse_core::{
    BoardId, Color, EndReason, Game, GameSettings, Mode, Move, Outcome, Role, Seat, Seats,
    game::ActionKind, game::LOG_CAPACITY, game::MAX_MOVE_CAP, game::RestoreErrorKind,
};
use bughouse_testkit::clocked;

const AW: Seat = Seat::A_WHITE;
const AB: Seat = Seat::A_BLACK;
const BW: Seat = Seat::B_WHITE;
const BB: Seat = Seat::B_BLACK;

fn restored(g: &Game) -> Game {
    Game::restore(*g.settings(), *g.start_boards(), g.log()).expect("a game's log restores")
}

#[test]
fn r5_r6_r16_a_capture_report_names_the_piece_the_receiver_and_the_check() {
    let mut g = Game::new(clocked(60_000, 1_000)).unwrap();
    for (seat, san, at) in [(AW, "e4", 1_000), (AB, "f5", 2_000), (AW, "exf5", 3_500)] {
        g.play_text(seat, san, Some(at)).unwrap();
    }
    g.play_text(AB, "g6", Some(4_000)).unwrap();
    let r = g.play_text(AW, "fxg6", Some(5_000)).unwrap();
    assert_eq!(g.san_of(&r).unwrap().to_string(), "fxg6");
    let c = r.capture.unwrap();
    assert_eq!(
        (c.piece.color, c.piece.role, c.to),
        (Color::Black, Role::Pawn, BB)
    );
    assert_eq!(g.snapshot().pockets[BB.index()].count(Role::Pawn), 2);
    assert_eq!(g.snapshot().pockets[AW.index()].count(Role::Pawn), 0);
    // A-White: 60 s − 1 − 1.5 − 1 s used + 3 increments.
    assert_eq!(
        g.snapshot().clocks.unwrap()[AW.index()],
        60_000 - 3_500 + 3_000
    );
    // B-White's clock has run since 0 (F1).
    assert_eq!(g.snapshot().clocks.unwrap()[BW.index()], 55_000);
    assert_eq!(g.snapshot().may_move, Seats::A_BLACK | Seats::B_WHITE);
    assert_eq!(g.snapshot().to_move, [Color::Black, Color::White]);
    let earlier = r;
    let r = g.play_text(AB, "h6", Some(5_100)).unwrap();
    assert!(g.san_of(&r).unwrap().suffix.is_none());
    // The board of an earlier move is gone: its SAN is not rewritten.
    assert_eq!(g.san_of(&earlier), None);
    // Nor once its move was taken back and another played in its place.
    g.undo();
    g.undo();
    let other = g.play_text(AW, "f6", Some(5_000)).unwrap();
    assert_eq!(g.moves_played(), 5);
    assert_eq!(g.san_of(&earlier), None);
    assert_eq!(g.san_of(&other).unwrap().to_string(), "f6");
    assert!(r.capture.is_none());
}

#[test]
fn r16_r17_the_reported_san_marks_check_and_mate() {
    let start = |a: &str| {
        let bfen = format!("{a} | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
        Game::from_bfen(&bfen, GameSettings::turn_based(Seats::all())).unwrap()
    };
    // A rook check a drop could block: `+`, even with empty pockets (R17).
    let mut g = start("4k3/8/8/8/8/8/8/R3K3[] w - - 0 1");
    let r = g.play_text(AW, "Ra8", None).unwrap();
    assert_eq!(g.san_of(&r).unwrap().to_string(), "Ra8+");
    assert_eq!(r.outcome(), None);
    // A smothered knight drop: `#` (R16), and the report carries the ending.
    let mut g = start("6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1");
    let r = g.play_text(AW, "N@f7", None).unwrap();
    assert_eq!(g.san_of(&r).unwrap().to_string(), "N@f7#");
    assert_eq!(r.outcome(), Some(Outcome::loss(AB, EndReason::Checkmate)));
    assert_eq!(g.snapshot().may_move, Seats::empty());
}

#[test]
fn r18_r23_reports_say_who_waits_and_whom_the_rotation_skipped() {
    // Board B: Black to move with no move and no piece in hand: waiting.
    let bfen = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 | 7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1";
    let mut g = Game::from_bfen(bfen, GameSettings::turn_based(Seats::all())).unwrap();
    let s = g.snapshot();
    assert_eq!(s.waiting, [false, true]);
    assert_eq!(s.to_act, Some(AW));
    g.play_text(AW, "Kd1", None).unwrap();
    // B-White's board waits for Black, and B-Black is waiting (R23).
    assert_eq!(g.snapshot().to_act, Some(AB));
    assert_eq!(g.snapshot().skipped, Seats::B_WHITE | Seats::B_BLACK);
    assert_eq!(g.snapshot().may_move, Seats::A_BLACK);
    assert_eq!(g.snapshot().sits_left, [3; 4]);
    g.sit(AB).unwrap();
    assert_eq!(g.snapshot().sits_left[AB.index()], 2);
    assert_eq!(
        g.snapshot().to_act,
        Some(AB),
        "alone able to act, A-Black goes again"
    );
}

#[test]
fn r21_next_flag_and_clocks_at_a_time() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    assert_eq!(g.next_flag_ms(), Some(10_000));
    g.play_text(AW, "e4", Some(2_000)).unwrap();
    g.play_text(BW, "d4", Some(3_000)).unwrap();
    // A-Black runs from 2 s, B-Black from 3 s.
    assert_eq!(g.next_flag_ms(), Some(12_000));
    assert_eq!(g.clocks_at(7_000), Ok(Some([8_000, 5_000, 7_000, 6_000])));
    assert!(g.clocks_at(1_000).is_err(), "never before the game's time");
    let flag = g.next_flag_ms().unwrap();
    assert_eq!(g.tick(flag - 1).unwrap().outcome(), None);
    let r = g.tick(flag).unwrap();
    assert_eq!(r.outcome(), Some(Outcome::loss(AB, EndReason::Time)));
    assert_eq!(r.action.kind, ActionKind::Tick);
    assert_eq!(r.action.at_ms, 12_000);
    assert_eq!(g.next_flag_ms(), None);
    assert_eq!(
        Game::new(GameSettings::turn_based(Seats::all()))
            .unwrap()
            .next_flag_ms(),
        None
    );
}

#[test]
fn f2_a_move_after_the_flag_logs_the_flag_as_a_tick() {
    let mut g = Game::new(clocked(5_000, 0)).unwrap();
    assert!(g.play_text(AW, "e4", Some(9_000)).is_err());
    let last = *g.log().last().unwrap();
    assert_eq!(
        (last.kind, last.at_ms, last.seat),
        (ActionKind::Tick, 5_000, None)
    );
    assert_eq!(restored(&g), g);
}

#[test]
fn the_open_run_folds_ticks_and_cancelled_offers() {
    let mut g = Game::new(GameSettings::default()).unwrap();
    g.tick(100).unwrap();
    g.tick(200).unwrap();
    assert_eq!(g.log().len(), 1, "a tick after a tick replaces it");
    g.offer_draw(AW).unwrap();
    g.tick(300).unwrap();
    let r = g.withdraw_draw(AW).unwrap();
    assert!(r.logged);
    // The offer and its withdrawal cancel; the two ticks then stand as one.
    let kinds: Vec<_> = g.log().iter().map(|a| (a.kind, a.at_ms)).collect();
    assert_eq!(kinds, [(ActionKind::Tick, 300)]);
    assert!(!g.withdraw_draw(AW).unwrap().logged, "nothing to withdraw");
    g.offer_draw(BB).unwrap();
    assert!(!g.offer_draw(BB).unwrap().logged, "already standing");
    // Many rounds of offers, withdrawals and ticks stay bounded.
    for i in 0..1_000 {
        g.offer_draw(AB).unwrap();
        g.tick(400 + i).unwrap();
        g.withdraw_draw(AB).unwrap();
        g.tick(400 + i).unwrap();
    }
    assert!(g.log().len() <= 10, "{:?}", g.log());
    assert_eq!(restored(&g), g);
    // A move closes the run: it keeps the standing offers, its time
    // supersedes the ticks.
    g.play_text(AW, "e4", Some(5_000)).unwrap();
    assert_eq!(g.log().len(), 1);
    assert_eq!(g.log()[0].offers, Seats::B_BLACK);
    assert_eq!(g.draw_offers(), Seats::empty());
    assert_eq!(restored(&g), g);
}

#[test]
fn undo_takes_back_moves_offers_and_endings() {
    let mut g = Game::new(GameSettings::default()).unwrap();
    assert_eq!(g.undo(), None);
    g.play_text(AW, "e4", Some(1_000)).unwrap();
    g.offer_draw(BW).unwrap();
    g.offer_draw(AB).unwrap();
    let before = g.clone();
    g.play_text(BW, "Nf3", Some(2_000)).unwrap();
    assert_eq!(g.snapshot().draw_offers, Seats::empty());
    assert_eq!(
        g.undo().and_then(|a| a.as_move()),
        Some(Move::from_uci("g1f3").unwrap())
    );
    assert_eq!(
        g.draw_offers(),
        Seats::B_WHITE | Seats::A_BLACK,
        "offers come back"
    );
    // ... in seat order in the log (the move kept them as a set).
    assert_eq!(g.snapshot(), before.snapshot());
    assert_eq!(g.boards(), before.boards());
    let offers = |g: &Game| g.log().iter().map(|a| a.seat).collect::<Vec<_>>();
    assert_eq!(offers(&g), [Some(AW), Some(AB), Some(BW)]);
    assert_eq!(offers(&before), [Some(AW), Some(BW), Some(AB)]);
    let mut before = g.clone();
    g.resign(BB, Some(2_500)).unwrap();
    assert!(g.is_over());
    g.undo();
    assert_eq!(g, before, "a takeback of the resignation reopens the game");
    before.withdraw_draw(AB).unwrap();
    g.withdraw_draw(AB).unwrap();
    let r = g.play_text(BW, "Nf3", Some(2_000)).unwrap();
    assert_eq!(r.action.offers, Seats::B_WHITE);
    g.undo();
    assert_eq!(g, before, "offers in seat order come back exactly");
    // The mating move taken back.
    let mut g = Game::from_bfen(
        "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1",
        GameSettings::default(),
    )
    .unwrap();
    let before = g.clone();
    assert_eq!(
        g.play_text(AW, "N@f7", Some(10))
            .unwrap()
            .outcome()
            .map(|o| o.reason),
        Some(EndReason::Checkmate)
    );
    g.undo();
    assert_eq!(g, before);
}

#[test]
fn restore_refuses_a_log_the_engine_would_not_write() {
    let mut g = Game::new(GameSettings::default()).unwrap();
    g.tick(100).unwrap();
    let tick = g.log()[0];
    let s = *g.settings();
    let start = *g.start_boards();
    let e = Game::restore(s, start, &[tick, tick]).unwrap_err();
    assert_eq!((e.index, e.kind), (1, RestoreErrorKind::NotAsLogged));
    let mut sit = tick;
    sit.kind = ActionKind::Sit;
    let e = Game::restore(s, start, &[sit]).unwrap_err();
    assert_eq!(e.kind, RestoreErrorKind::NoSeat("sit"));
    let bad = bughouse_core::Action::new_move(AW, Move::from_uci("e2e5").unwrap(), 10);
    let e = Game::restore(s, start, &[bad]).unwrap_err();
    assert!(matches!(e.kind, RestoreErrorKind::Refused(_)), "{e}");
    assert!(
        e.to_string()
            .starts_with("log entry 0: the game refuses it"),
        "{e}"
    );
    let backwards = bughouse_core::Action::new_move(AW, Move::from_uci("e2e4").unwrap(), 50);
    let e = Game::restore(s, start, &[tick, backwards]).unwrap_err();
    assert_eq!(e.index, 1);
}

/// The log at its longest: the largest cap of moves, with ticks, offers and
/// withdrawals between them (folded into the moves), a full open run before
/// the last move, and the cap's ending. Bare kings shuffle: no mate, no
/// capture, no repetition draw in the live game (R33).
#[test]
fn r32_the_log_holds_the_longest_game() {
    let settings = GameSettings {
        mode: Mode::Live,
        time_control: None,
        humans: Seats::all(),
        move_cap: MAX_MOVE_CAP,
    };
    let kings = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1";
    let mut g = Game::from_bfen(&format!("{kings} | {kings}"), settings).unwrap();
    let mut t = 0;
    while !g.is_over() {
        for seat in Seat::ALL {
            g.offer_draw(seat).unwrap();
            t += 1;
            g.tick(t).unwrap();
            if seat != BB {
                g.withdraw_draw(seat).unwrap();
            }
        }
        assert!(g.log().len() <= usize::from(g.moves_played()) + 9);
        let id = BoardId::ALL[usize::from(g.moves_played()) % 2];
        let seat = Seat::new(id, g.board(id).turn());
        let moves = g.legal_moves(seat);
        let m = moves[usize::from(g.moves_played() / 2) % moves.len()];
        let r = g.play(seat, m, None).unwrap();
        assert_eq!(r.action.offers, Seats::B_BLACK);
    }
    assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::MoveCap));
    assert_eq!(g.log().len(), usize::from(MAX_MOVE_CAP));
    assert!(g.log().len() <= LOG_CAPACITY);
    assert_eq!(restored(&g), g);
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_settings_and_the_log() {
    let mut g = Game::new(clocked(60_000, 500)).unwrap();
    g.play_text(AW, "e4", Some(700)).unwrap();
    g.offer_draw(BB).unwrap();
    g.play_text(BW, "N@f3", Some(900)).unwrap_err();
    g.resign(BW, Some(1_000)).unwrap();
    let settings = serde_json::to_string(g.settings()).unwrap();
    let log = serde_json::to_string(g.log()).unwrap();
    let outcome = serde_json::to_string(&g.outcome()).unwrap();
    let settings: GameSettings = serde_json::from_str(&settings).unwrap();
    let log: Vec<bughouse_core::Action> = serde_json::from_str(&log).unwrap();
    let outcome: Option<Outcome> = serde_json::from_str(&outcome).unwrap();
    let back = Game::restore(settings, *g.start_boards(), &log).unwrap();
    assert_eq!(back, g);
    assert_eq!(outcome, g.outcome());
}

/// `Game::san_of` writes a move's SAN from the board the move left (the game
/// keeps no copy of the board before it): over whole random games it must
/// agree with `SanPlus::from_move` on the board before every move (N3, R16),
/// including the cases that rebuild the position before — a piece with a
/// rival of its role (disambiguation, some with a capture) and a promoted
/// piece captured (R6) — which the counts prove the games reached.
#[test]
fn n3_r6_san_of_every_move_of_random_games_is_the_san_on_the_board_before() {
    use bughouse_core::san::{San, SanPlus};
    let mut rng = bughouse_testkit::Rng::new(0x05A4_0F00);
    let settings = GameSettings {
        time_control: None,
        ..GameSettings::default()
    };
    let (mut disambiguated, mut disambiguated_captures, mut promoted_victims) = (0, 0, 0);
    let mut moves = 0;
    for _ in 0..300 {
        let mut g = Game::new(settings).unwrap();
        while !g.is_over() {
            // Either board's mover, at random (both boards move in a live game).
            let movers: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|s| !g.legal_moves(*s).is_empty())
                .collect();
            if movers.is_empty() {
                break;
            }
            let seat = movers[rng.below(movers.len())];
            let legal = g.legal_moves(seat);
            let m = legal[rng.below(legal.len())];
            let before = *g.board(seat.board);
            let victim_promoted = match m {
                Move::Normal { to, .. } => before.promoted().contains(to),
                Move::Drop { .. } => false,
            };
            let report = g.play(seat, m, None).unwrap();
            let expected = SanPlus::from_move(&before, m);
            assert_eq!(g.san_of(&report), Some(expected), "{m:?} on {before}");
            if let San::Normal {
                role,
                file,
                rank,
                capture,
                ..
            } = expected.san
            {
                if role != Role::Pawn && (file.is_some() || rank.is_some()) {
                    disambiguated += 1;
                    disambiguated_captures += u32::from(capture);
                }
            }
            promoted_victims += u32::from(victim_promoted && report.capture.is_some());
            moves += 1;
        }
    }
    eprintln!(
        "{moves} moves, {disambiguated} disambiguated ({disambiguated_captures} captures), {promoted_victims} promoted victims"
    );
    assert!(moves > 50_000, "{moves} moves");
    assert!(disambiguated > 100, "{disambiguated} disambiguated");
    assert!(disambiguated_captures > 10, "{disambiguated_captures}");
    assert!(promoted_victims > 10, "{promoted_victims} promoted victims");
}
