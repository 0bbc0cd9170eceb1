//! Scenario tests for the two-board game, one or more per rule id of
//! RULES.md that applies to the game (R1–R34, F1–F13, N2). Positions are set
//! up from BFEN (N2) so each test reaches its point in a few moves.

use bughouse_core::{
    Board, BoardId, Color, EndReason, FenError, Game, GameError, GameSettings, IllegalMoveError,
    Mode, Move, Outcome, Role, Seat, Seats, SetupError, Square, Team, TimeControl,
    error::FenErrorKind, error::IllegalReason, error::SettingsError, game::ActionKind,
    game::state_hash,
};
use bughouse_testkit::{Rng, clocked, match_material};

const AW: Seat = Seat::A_WHITE;
const AB: Seat = Seat::A_BLACK;
const BW: Seat = Seat::B_WHITE;
const BB: Seat = Seat::B_BLACK;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

/// A live game without clocks: moves need no timestamps.
fn unclocked() -> GameSettings {
    GameSettings {
        time_control: None,
        ..GameSettings::default()
    }
}

/// The turn-based game, four human seats.
fn turn_based() -> GameSettings {
    GameSettings::turn_based(Seats::all())
}

fn with_cap(settings: GameSettings, move_cap: u16) -> GameSettings {
    GameSettings {
        move_cap,
        ..settings
    }
}

fn game(a: &str, b: &str, settings: GameSettings) -> Game {
    let bfen = format!("{a} | {b}");
    Game::from_bfen(&bfen, settings).unwrap_or_else(|e| panic!("{bfen}: {e}"))
}

/// Plays `uci` for `seat`, which must be accepted.
#[track_caller]
fn ok(g: &mut Game, seat: Seat, uci: &str, at_ms: Option<u64>) -> Option<Outcome> {
    g.play_uci(seat, uci, at_ms)
        .map(|r| r.outcome())
        .unwrap_or_else(|e| panic!("{seat} {uci} refused: {e}"))
}

/// Plays a list of `(seat, uci)` moves without timestamps; none may end the game.
#[track_caller]
fn ok_all(g: &mut Game, moves: &[(Seat, &str)]) {
    for &(seat, uci) in moves {
        assert_eq!(ok(g, seat, uci, None), None, "{seat} {uci} ended the game");
    }
}

/// Plays `uci` for `seat`, which must be refused with `expected`, leaving the
/// game exactly as it was.
#[track_caller]
fn refused(g: &mut Game, seat: Seat, uci: &str, at_ms: Option<u64>, expected: GameError) {
    let before = g.clone();
    assert_eq!(
        g.play_uci(seat, uci, at_ms).map(|r| r.outcome()),
        Err(expected)
    );
    assert_eq!(*g, before, "a refused move changed the game");
}

fn illegal(seat: Seat, uci: &str, reason: IllegalReason) -> GameError {
    GameError::IllegalMove {
        seat,
        error: IllegalMoveError {
            mv: Move::from_uci(uci).unwrap(),
            reason,
        },
    }
}

/// The material of `color` over both boards and its pockets, by pocket role,
/// promoted pieces counted as pawns (R6, R7). Checks one king per board.
fn material(boards: &[Board; 2], color: Color) -> [u32; 5] {
    for board in boards {
        assert_eq!(
            (board.by_role(Role::King) & board.by_color(color)).count(),
            1,
            "one king"
        );
    }
    match_material(boards)[color.index()]
}

/// R7: for each colour, per role, what the game started with.
#[track_caller]
fn assert_conserved(g: &Game) {
    for color in Color::ALL {
        assert_eq!(
            material(g.boards(), color),
            material(g.start_boards(), color),
            "{color:?} material in {}",
            g.bfen()
        );
    }
}

// ---------------------------------------------------------------- R1–R4

#[test]
fn r1_two_boards_four_seats() {
    let g = Game::new(GameSettings::default()).unwrap();
    assert_eq!(g.boards(), &[Board::new(), Board::new()]);
    assert_eq!(g.start_boards(), g.boards());
    let seats: Vec<(BoardId, Color)> = Seat::ALL.iter().map(|s| (s.board(), s.color())).collect();
    assert_eq!(
        seats,
        [
            (BoardId::A, Color::White),
            (BoardId::A, Color::Black),
            (BoardId::B, Color::White),
            (BoardId::B, Color::Black),
        ]
    );
    // Each seat plays its own board: both white seats have the 20 opening
    // moves, the black seats none yet.
    assert_eq!(g.legal_moves(AW).len(), 20);
    assert_eq!(g.legal_moves(BW).len(), 20);
    assert!(g.legal_moves(AB).is_empty());
    assert!(g.legal_moves(BB).is_empty());
}

#[test]
fn r2_teams_are_a_white_with_b_black_and_a_black_with_b_white() {
    assert_eq!(AW.team(), Team::One);
    assert_eq!(BB.team(), Team::One);
    assert_eq!(AB.team(), Team::Two);
    assert_eq!(BW.team(), Team::Two);
    assert_eq!(AW.partner(), BB);
    assert_eq!(AB.partner(), BW);
    // A seat's loss is its partner's loss too.
    for (seat, winner) in [
        (AW, Team::Two),
        (BB, Team::Two),
        (AB, Team::One),
        (BW, Team::One),
    ] {
        let mut g = Game::new(unclocked()).unwrap();
        let outcome = g
            .resign(seat, None)
            .map(|r| r.outcome().expect("an ending"))
            .unwrap();
        assert_eq!(outcome.winner, Some(winner), "{seat} resigned");
    }
}

#[test]
fn r3_each_seat_drops_only_from_its_own_pocket() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1", START, unclocked());
    assert_eq!(g.pocket(AW).count(Role::Knight), 1);
    assert_eq!(g.pocket(AB).count(Role::Knight), 1);
    assert!(g.pocket(BW).is_empty() && g.pocket(BB).is_empty());
    ok(&mut g, AW, "N@d4", None);
    assert!(g.pocket(AW).is_empty());
    assert_eq!(
        g.pocket(AB).count(Role::Knight),
        1,
        "the other pocket is untouched"
    );
    // A-White's pocket is empty now: no second knight to drop.
    ok(&mut g, AB, "e8f8", None);
    refused(
        &mut g,
        AW,
        "N@e4",
        None,
        illegal(AW, "N@e4", IllegalReason::NotInPocket(Role::Knight)),
    );
    // Never a king in a pocket, so never a king drop.
    let before = g.clone();
    let king_drop = Move::Drop {
        role: Role::King,
        to: Square::E4,
    };
    assert!(matches!(
        g.play(AW, king_drop, None).map(|r| r.outcome()),
        Err(GameError::IllegalMove { .. })
    ));
    assert_eq!(g, before);
}

#[test]
fn r4_standard_start_or_any_valid_bfen() {
    let g = Game::new(GameSettings::default()).unwrap();
    assert_eq!(g.bfen().to_string(), format!("{START} | {START}"));
    for seat in Seat::ALL {
        assert!(g.pocket(seat).is_empty());
    }
    let a = "r3k2r/ppp2ppp/2n5/3Q~4/8/8/PPP2PPP/R3K2R[Nbp] b KQkq - 3 12";
    let b = "4k3/8/8/8/8/8/8/4K3[QRRBBNPPPPPqrrbbnnppppppp] w - - 0 40";
    let bfen = format!("{a} | {b}");
    let g = Game::from_bfen(&bfen, unclocked()).unwrap();
    assert_eq!(g.bfen().to_string(), bfen);
    assert_eq!(g.start_boards(), g.boards());
    assert_eq!(g.board(BoardId::A).turn(), Color::Black);
    assert!(g.board(BoardId::A).promoted().contains(Square::D5));
}

#[test]
fn n2_bfen_errors_name_what_and_where() {
    let no_bar = Game::from_bfen(START, unclocked());
    assert!(matches!(
        no_bar,
        Err(SetupError::Fen(FenError {
            kind: FenErrorKind::MissingBoardSeparator,
            ..
        }))
    ));
    // An error on board B is reported at its byte in the whole BFEN.
    let bad = format!("{START} | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    let Err(SetupError::Fen(e)) = Game::from_bfen(&bad, unclocked()) else {
        panic!("accepted a bad BFEN");
    };
    assert_eq!(&bad[e.offset..e.offset + 1], "X", "{e}");
    assert_eq!(
        Game::new(with_cap(unclocked(), 5000)).map(|_| ()),
        Err(SetupError::Settings(SettingsError::MoveCapTooLarge {
            cap: 5000,
            max: bughouse_core::game::MAX_MOVE_CAP
        }))
    );
}

// ---------------------------------------------------------------- R5–R8

#[test]
fn r5_capture_goes_to_partners_pocket() {
    let mut g = Game::new(unclocked()).unwrap();
    ok_all(&mut g, &[(AW, "e2e4"), (AB, "d7d5"), (AW, "e4d5")]);
    // A-White took a black pawn on A: it goes to B-Black, its partner.
    assert_eq!(g.pocket(BB).count(Role::Pawn), 1);
    assert!(g.pocket(AW).is_empty() && g.pocket(AB).is_empty() && g.pocket(BW).is_empty());
    ok_all(&mut g, &[(AB, "d8d5")]);
    // A-Black took a white pawn: it goes to B-White.
    assert_eq!(g.pocket(BW).count(Role::Pawn), 1);
    ok_all(&mut g, &[(BW, "e2e4"), (BB, "d7d5"), (BW, "e4d5")]);
    // B-White took a black pawn on B: to A-Black.
    assert_eq!(g.pocket(AB).count(Role::Pawn), 1);
    ok_all(&mut g, &[(BB, "d8d5")]);
    assert_eq!(g.pocket(AW).count(Role::Pawn), 1);
    assert_conserved(&g);
}

#[test]
fn r5_en_passant_capture_goes_to_partner() {
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1", START, unclocked());
    ok_all(&mut g, &[(AW, "e2e4"), (AB, "d4e3")]);
    let a = g.board(BoardId::A);
    assert_eq!(
        a.piece_at(Square::E4),
        None,
        "the pawn was taken en passant"
    );
    assert_eq!(g.pocket(BW).count(Role::Pawn), 1);
    assert!(g.pocket(AB).is_empty(), "never the capturer's own pocket");
}

#[test]
fn r6_captured_promoted_piece_returns_as_pawn() {
    // A promoted queen (Q~) captured on the spot.
    let mut g = game("3rk3/8/8/3Q~4/8/8/8/4K3[] b - - 0 1", START, unclocked());
    ok(&mut g, AB, "d8d5", None);
    assert_eq!(g.pocket(BW).count(Role::Pawn), 1);
    assert_eq!(g.pocket(BW).count(Role::Queen), 0);
    assert_conserved(&g);
}

#[test]
fn r6_promoted_mark_moves_with_the_piece() {
    let mut g = game("4k3/1P6/8/3n4/8/8/8/4K3[] w - - 0 1", START, unclocked());
    ok_all(&mut g, &[(AW, "b7b8q"), (AB, "e8e7")]);
    assert_eq!(
        g.board(BoardId::A)
            .promoted()
            .into_iter()
            .collect::<Vec<_>>(),
        [Square::B8]
    );
    ok(&mut g, AW, "b8b4", None); // check on the e7 king
    assert_eq!(
        g.board(BoardId::A)
            .promoted()
            .into_iter()
            .collect::<Vec<_>>(),
        [Square::B4]
    );
    ok(&mut g, AB, "d5b4", None);
    assert!(g.board(BoardId::A).promoted().is_empty());
    assert_eq!(g.pocket(BW).count(Role::Pawn), 1);
    assert_eq!(g.pocket(BW).count(Role::Queen), 0);
}

#[test]
fn r6_dropped_piece_is_never_marked() {
    let mut g = game("3rk3/8/8/8/8/8/8/4K3[Q] w - - 0 1", START, unclocked());
    ok(&mut g, AW, "Q@d5", None);
    assert!(g.board(BoardId::A).promoted().is_empty());
    ok(&mut g, AB, "d8d5", None);
    assert_eq!(
        g.pocket(BW).count(Role::Queen),
        1,
        "a dropped queen stays a queen"
    );
}

#[test]
fn r7_material_is_conserved_through_random_games() {
    for color in Color::ALL {
        assert_eq!(
            material(&[Board::new(), Board::new()], color),
            [16, 4, 4, 4, 2]
        );
    }
    let mut rng = Rng::new(0x5eed_1234_abcd_0001);
    for settings in [unclocked(), turn_based()] {
        for _ in 0..3 {
            let mut g = Game::new(settings).unwrap();
            assert_conserved(&g);
            let mut captures_seen = 0;
            while !g.is_over() {
                let seats: Vec<Seat> = Seat::ALL
                    .into_iter()
                    .filter(|s| !g.legal_moves(*s).is_empty())
                    .collect();
                let seat = seats[rng.below(seats.len())];
                let moves = g.legal_moves(seat);
                let before = g.pocket(seat.partner()).len();
                g.play(seat, moves[rng.below(moves.len())], None)
                    .map(|r| r.outcome())
                    .unwrap();
                captures_seen += usize::from(g.pocket(seat.partner()).len() > before);
                assert_conserved(&g);
            }
            assert!(
                captures_seen > 0,
                "the test must see captures to mean anything"
            );
        }
    }
}

#[test]
fn r8_bfen_with_more_material_than_a_game_holds_is_rejected() {
    // A third white queen: one in A-White's pocket twice, one on board B.
    let r = Game::from_bfen(
        &format!("4k3/8/8/8/8/8/8/4K3[QQ] w - - 0 1 | {START}"),
        unclocked(),
    );
    assert!(matches!(
        r,
        Err(SetupError::Fen(FenError {
            kind: FenErrorKind::TooMuchMaterial {
                color: Color::White,
                role: Role::Queen
            },
            ..
        }))
    ));
    // Two queens over both boards are fine.
    assert!(
        Game::from_bfen(
            &format!("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1 | {START}"),
            unclocked()
        )
        .is_ok()
    );
    // A pocket past its bound within one FEN.
    let r = Game::from_bfen(
        &format!("4k3/8/8/8/8/8/8/4K3[NNNNN] w - - 0 1 | {START}"),
        unclocked(),
    );
    assert!(matches!(
        r,
        Err(SetupError::Fen(FenError {
            kind: FenErrorKind::PocketOverflow { .. },
            ..
        }))
    ));
}

// ---------------------------------------------------------------- R9–R15

#[test]
fn r9_a_seat_moves_only_on_its_own_board() {
    let mut g = Game::new(unclocked()).unwrap();
    ok(&mut g, BW, "e2e4", None);
    assert_eq!(g.board(BoardId::A), &Board::new(), "board A is untouched");
    assert_eq!(
        g.board(BoardId::B).piece_at(Square::E4),
        Some(Role::Pawn.of(Color::White))
    );
    // Black's move on A before White's: not A-Black's turn.
    refused(
        &mut g,
        AB,
        "e7e5",
        None,
        GameError::NotYourTurn { seat: AB },
    );
}

#[test]
fn r9_drop_on_any_empty_square_only() {
    let mut g = game("4k3/8/8/8/8/8/4P3/4K3[N] w - - 0 1", START, unclocked());
    refused(
        &mut g,
        AW,
        "N@e2",
        None,
        illegal(AW, "N@e2", IllegalReason::DropOnOccupied(Square::E2)),
    );
    ok(&mut g, AW, "N@h8", None);
    assert_eq!(
        g.board(BoardId::A).piece_at(Square::H8),
        Some(Role::Knight.of(Color::White))
    );
}

#[test]
fn r10_no_pawn_drops_on_first_or_last_rank() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1", START, unclocked());
    for to in ["a1", "h1", "a8", "d8"] {
        let uci = format!("P@{to}");
        refused(
            &mut g,
            AW,
            &uci,
            None,
            illegal(AW, &uci, IllegalReason::PawnDropOnBackRank),
        );
    }
    ok(&mut g, AW, "P@a2", None);
    for to in ["b1", "b8"] {
        let uci = format!("P@{to}");
        refused(
            &mut g,
            AB,
            &uci,
            None,
            illegal(AB, &uci, IllegalReason::PawnDropOnBackRank),
        );
    }
    ok(&mut g, AB, "P@h7", None);
}

#[test]
fn r11_pawn_dropped_on_second_rank_may_double_step_and_be_taken_en_passant() {
    let mut g = game("4k3/8/8/8/4p3/8/8/4K3[P] w - - 0 1", START, unclocked());
    ok_all(&mut g, &[(AW, "P@d2"), (AB, "e8d8"), (AW, "d2d4")]);
    assert_eq!(g.board(BoardId::A).ep_square(), Some(Square::D3));
    ok(&mut g, AB, "e4d3", None);
    assert_eq!(g.board(BoardId::A).piece_at(Square::D4), None);
    assert_eq!(g.pocket(BW).count(Role::Pawn), 1);
}

#[test]
fn r12_pawn_drop_may_give_checkmate() {
    // P@g7+, the pawn guarded by the e6 knight; the g8 bishop cannot take it.
    let mut g = game(
        "6bk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1",
        START,
        clocked(60_000, 0),
    );
    let outcome = ok(&mut g, AW, "P@g7", Some(500)).expect("mate ends the game");
    assert_eq!(outcome, Outcome::loss(AB, EndReason::Checkmate));
    assert_eq!(outcome.winner, Some(Team::One));
}

#[test]
fn r12_drop_may_give_check() {
    let mut g = game("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", START, unclocked());
    assert_eq!(ok(&mut g, AW, "N@d6", None), None);
    assert!(g.board(BoardId::A).is_check());
}

#[test]
fn r13_move_or_drop_leaving_own_king_in_check_is_illegal() {
    // White is in check from the e8 rook; only a block, a capture or a king
    // step will do.
    let mut g = game("4r1k1/8/8/8/8/8/3B4/4K3[N] w - - 0 1", START, unclocked());
    refused(
        &mut g,
        AW,
        "N@a3",
        None,
        illegal(AW, "N@a3", IllegalReason::LeavesKingInCheck),
    );
    refused(
        &mut g,
        AW,
        "d2c3",
        None,
        illegal(AW, "d2c3", IllegalReason::LeavesKingInCheck),
    );
    refused(
        &mut g,
        AW,
        "e1e2",
        None,
        illegal(AW, "e1e2", IllegalReason::LeavesKingInCheck),
    );
    let blocks = g.clone();
    ok(&mut g, AW, "N@e4", None);
    let mut g = blocks;
    ok(&mut g, AW, "d2e3", None);
}

#[test]
fn r14_castling_rights_lost_for_good_and_not_restored_by_a_drop() {
    let mut g = game("4k3/8/8/8/8/8/8/4K2R[R] w K - 0 1", START, unclocked());
    ok_all(
        &mut g,
        &[(AW, "h1h5"), (AB, "e8d8"), (AW, "R@h1"), (AB, "d8e8")],
    );
    assert!(g.board(BoardId::A).castling_rights().is_empty());
    refused(
        &mut g,
        AW,
        "e1g1",
        None,
        illegal(
            AW,
            "e1g1",
            IllegalReason::CannotMoveThere(Square::E1, Square::G1),
        ),
    );
}

#[test]
fn r15_bfen_writes_en_passant_only_when_a_capture_is_legal() {
    let mut g = Game::new(unclocked()).unwrap();
    ok(&mut g, AW, "e2e4", None);
    assert!(
        g.bfen()
            .to_string()
            .starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1 | ")
    );
    let mut g = game("4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1", START, unclocked());
    ok(&mut g, AW, "e2e4", None);
    assert!(
        g.bfen()
            .to_string()
            .starts_with("4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1 | ")
    );
}

// ---------------------------------------------------------------- R16–R18

#[test]
fn r16_knight_check_is_mate() {
    // Smothered: N@f7 cannot be blocked, nor taken, nor escaped.
    let mut g = game("6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1", START, unclocked());
    let outcome = ok(&mut g, AW, "N@f7", None).expect("mate");
    assert_eq!(outcome, Outcome::loss(AB, EndReason::Checkmate));
}

#[test]
fn r16_adjacent_queen_check_is_mate() {
    // Q@g8+ right next to the king, guarded by the e7 knight.
    let mut g = game("7k/4N1pp/8/8/8/8/8/4K3[Q] w - - 0 1", START, unclocked());
    let outcome = ok(&mut g, AW, "Q@g8", None).expect("mate");
    assert_eq!(outcome, Outcome::loss(AB, EndReason::Checkmate));
}

#[test]
fn r17_blockable_check_is_not_mate_even_with_empty_pocket() {
    // Q@a8+ from a distance: nothing can move, but a drop could block.
    let mut g = game("7k/4N1pp/8/8/8/8/8/4K3[Q] w - - 0 1", START, unclocked());
    assert_eq!(ok(&mut g, AW, "Q@a8", None), None);
    assert!(!g.is_over());
    assert!(g.legal_moves(AB).is_empty());
    assert!(g.board(BoardId::A).is_waiting());
    // Board B plays on.
    ok_all(&mut g, &[(BW, "e2e4"), (BB, "e7e5")]);
}

#[test]
fn r17_only_a_pawn_for_back_rank_blocks_is_still_not_mate() {
    // Black holds a pawn, but every blocking square is on rank 8 (R10).
    let mut g = game("7k/4N1pp/8/8/8/8/8/4K3[Qp] w - - 0 1", START, unclocked());
    assert_eq!(ok(&mut g, AW, "Q@a8", None), None);
    assert!(g.legal_moves(AB).is_empty());
    assert!(!g.is_over());
}

#[test]
fn r18_no_stalemate_the_side_waits() {
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let mut g = game(stalemated, START, unclocked());
    assert!(!g.is_over());
    assert!(g.board(BoardId::A).is_waiting());
    // F12: its colour is to move, so a move is judged for legality.
    refused(
        &mut g,
        AB,
        "a8a7",
        None,
        illegal(AB, "a8a7", IllegalReason::LeavesKingInCheck),
    );
    // The partner's capture gives it something to drop.
    ok_all(&mut g, &[(BW, "e2e4"), (BB, "d7d5"), (BW, "e4d5")]);
    assert_eq!(g.pocket(AB).count(Role::Pawn), 1);
    assert!(!g.legal_moves(AB).is_empty());
    ok(&mut g, AB, "P@e5", None);
    ok(&mut g, AW, "e1d2", None);
}

#[test]
fn r18_waiting_side_clock_keeps_running() {
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let mut g = game(stalemated, START, clocked(10_000, 0));
    ok(&mut g, BW, "e2e4", Some(1_000));
    ok(&mut g, BB, "e7e5", Some(2_000));
    assert_eq!(g.tick(3_000).map(|r| r.outcome()), Ok(None));
    assert_eq!(
        g.clock_ms(AB),
        Some(7_000),
        "A-Black waits with its clock running"
    );
    assert_eq!(g.clock_ms(AW), Some(10_000));
    assert_eq!(g.clock_ms(BW), Some(8_000));
    assert_eq!(g.clock_ms(BB), Some(9_000));
    let outcome = g
        .tick(12_000)
        .map(|r| r.outcome())
        .unwrap()
        .expect("A-Black's flag fell at 10 s");
    assert_eq!(outcome, Outcome::loss(AB, EndReason::Time));
    assert_eq!(g.now_ms(), 10_000);
}

// ---------------------------------------------------------------- R19–R21

#[test]
fn r19_live_boards_move_independently() {
    let mut g = Game::new(clocked(60_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(100));
    ok(&mut g, BB, "e7e5", Some(200));
    ok(&mut g, BW, "g1f3", Some(300));
    ok(&mut g, BB, "b8c6", Some(400));
    assert_eq!(g.board(BoardId::A), &Board::new(), "A never waits for B");
    assert_eq!(g.to_act(), None, "no rotation in the live game");
    ok(&mut g, AW, "d2d4", Some(500));
    // Both boards' sides to move may move now.
    assert!(!g.legal_moves(AB).is_empty() && !g.legal_moves(BW).is_empty());
}

#[test]
fn r20_default_is_three_minutes_no_increment() {
    let settings = GameSettings::default();
    assert_eq!(settings.mode, Mode::Live);
    assert_eq!(
        settings.time_control,
        Some(TimeControl {
            base_ms: 180_000,
            increment_ms: 0
        })
    );
    assert_eq!(settings.move_cap, 800);
    assert_eq!(settings.humans, Seats::all());
    let mut g = Game::new(settings).unwrap();
    for seat in Seat::ALL {
        assert_eq!(g.clock_ms(seat), Some(180_000));
    }
    g.tick(1_500).map(|r| r.outcome()).unwrap();
    assert_eq!(g.clock_ms(AW), Some(178_500));
    assert_eq!(g.clock_ms(BW), Some(178_500));
    assert_eq!(g.clock_ms(AB), Some(180_000));
    assert_eq!(g.clock_ms(BB), Some(180_000));
    ok(&mut g, AW, "e2e4", Some(2_000));
    // No increment: A-White keeps what it had, A-Black's clock now runs.
    assert_eq!(g.clock_ms(AW), Some(178_000));
    assert_eq!(g.clock_ms_at(AB, 2_500), Ok(Some(179_500)));
}

#[test]
fn r21_earliest_flag_decides() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(1_000));
    // B-White's flag falls at 10 s, A-Black's at 11 s: B-White's decides.
    let outcome = g.tick(20_000).map(|r| r.outcome()).unwrap().expect("flag");
    assert_eq!(outcome, Outcome::loss(BW, EndReason::Time));
    assert_eq!(outcome.winner, Some(Team::One));
    assert_eq!(g.now_ms(), 10_000, "the game ended at the flag");
    assert_eq!(g.clock_ms(BW), Some(0));
    assert_eq!(g.clock_ms(AB), Some(1_000));

    // The same the other way round: board A's flag earlier.
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(1_000));
    let outcome = g.tick(20_000).map(|r| r.outcome()).unwrap().expect("flag");
    assert_eq!(outcome, Outcome::loss(AW, EndReason::Time));
}

#[test]
fn r21_both_teams_flag_same_ms_is_draw() {
    // Nobody moves: A-White (team 1) and B-White (team 2) run out together.
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    assert_eq!(g.tick(9_999).map(|r| r.outcome()), Ok(None));
    let outcome = g.tick(10_000).map(|r| r.outcome()).unwrap().expect("flags");
    assert_eq!(outcome, Outcome::draw(EndReason::Time));
    assert_eq!(outcome.seat, None);
    assert_eq!(g.now_ms(), 10_000);
}

#[test]
fn r21_same_team_flags_same_ms_that_team_loses() {
    // B-White moves at once: B-Black (team 1) and A-White (team 1) both run
    // out at 10 s. Not a draw: team 1 loses, named by board A's seat.
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(0));
    let outcome = g.tick(10_000).map(|r| r.outcome()).unwrap().expect("flags");
    assert_eq!(outcome, Outcome::loss(AW, EndReason::Time));
    assert_eq!(outcome.winner, Some(Team::Two));
}

#[test]
fn r21_time_going_backwards_is_refused_and_changes_nothing() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(5_000));
    let backwards = GameError::TimeWentBackwards {
        at_ms: 4_999,
        last_ms: 5_000,
    };
    refused(&mut g, AB, "e7e5", Some(4_999), backwards);
    let before = g.clone();
    assert_eq!(g.tick(4_999).map(|r| r.outcome()), Err(backwards));
    assert_eq!(
        g.resign(AB, Some(4_999))
            .map(|r| r.outcome().expect("an ending")),
        Err(backwards)
    );
    assert_eq!(
        g.abandon(AB, Some(4_999))
            .map(|r| r.outcome().expect("an ending")),
        Err(backwards)
    );
    assert_eq!(g, before);
    // Equal timestamps are fine (F3).
    ok(&mut g, AB, "e7e5", Some(5_000));
}

#[test]
fn r21_live_game_with_clocks_needs_timestamps() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    refused(&mut g, AW, "e2e4", None, GameError::TimestampRequired);
    // Without clocks the timestamp is optional.
    let mut g = Game::new(unclocked()).unwrap();
    ok(&mut g, AW, "e2e4", None);
}

// ---------------------------------------------------------------- R22–R26

#[test]
fn r22_rotation_order() {
    let mut g = Game::new(turn_based()).unwrap();
    let mut order = Vec::new();
    for (seat, uci) in [
        (AW, "e2e4"),
        (BW, "d2d4"),
        (BB, "d7d5"),
        (AB, "e7e5"),
        (AW, "g1f3"),
        (BW, "g1f3"),
        (BB, "g8f6"),
        (AB, "b8c6"),
    ] {
        order.push(g.to_act().unwrap());
        ok(&mut g, seat, uci, None);
    }
    assert_eq!(order, [AW, BW, BB, AB, AW, BW, BB, AB]);
}

#[test]
fn r22_only_the_seat_to_act_may_move() {
    let mut g = Game::new(turn_based()).unwrap();
    // B-White's colour is to move on B, but A-White acts first.
    refused(
        &mut g,
        BW,
        "e2e4",
        None,
        GameError::NotYourTurn { seat: BW },
    );
    assert!(g.legal_moves(BW).is_empty());
    assert!(!g.is_turn_of(BW));
    ok(&mut g, AW, "e2e4", None);
    ok(&mut g, BW, "e2e4", None);
}

#[test]
fn r23_rotation_skips_seat_whose_board_waits_for_the_opponent() {
    let mut g = Game::new(turn_based()).unwrap();
    g.sit(AW).map(|r| r.outcome()).unwrap();
    ok_all(&mut g, &[(BW, "e2e4"), (BB, "e7e5")]);
    // A-Black is next in the rotation, but White is to move on A.
    assert_eq!(g.to_act(), Some(AW));
}

#[test]
fn r23_rotation_skips_waiting_seat() {
    let mut g = game("k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1", START, turn_based());
    // A-White's board waits for Black; A-Black is waiting: B-White starts.
    assert_eq!(g.to_act(), Some(BW));
    ok(&mut g, BW, "e2e4", None);
    assert_eq!(g.to_act(), Some(BB));
    ok(&mut g, BB, "d7d5", None);
    assert_eq!(g.to_act(), Some(BW), "A-Black waits, A-White's board waits");
    ok(&mut g, BW, "e4d5", None);
    // The capture gave A-Black a pawn: after B-Black, A-Black acts again.
    ok(&mut g, BB, "d8d5", None);
    assert_eq!(g.to_act(), Some(AB));
    ok(&mut g, AB, "P@e5", None);
    assert_eq!(g.to_act(), Some(AW));
}

#[test]
fn r24_three_sits_then_no_sits_left() {
    let mut g = Game::new(turn_based()).unwrap();
    let b_moves = [
        ("e2e3", "e7e6"),
        ("d2d3", "d7d6"),
        ("c2c3", "c7c6"),
        ("b2b3", "b7b6"),
    ];
    for (i, (w, b)) in b_moves.into_iter().enumerate() {
        assert_eq!(g.to_act(), Some(AW));
        assert_eq!(g.sits_left(AW), 3 - i as u8);
        if i < 3 {
            assert!(g.can_sit(AW));
            assert_eq!(g.sit(AW).map(|r| r.outcome()), Ok(None));
            assert_eq!(g.board(BoardId::A), &Board::new(), "the board stands");
        } else {
            assert!(!g.can_sit(AW));
            let before = g.clone();
            assert_eq!(
                g.sit(AW).map(|r| r.outcome()),
                Err(GameError::NoSitsLeft { seat: AW })
            );
            assert_eq!(g, before);
            ok(&mut g, AW, "e2e4", None);
            break;
        }
        ok_all(&mut g, &[(BW, w), (BB, b)]);
    }
    assert_eq!(g.sits_left(BW), 3, "sits are counted per seat");
    let sits = g.history().filter(|a| a.kind == ActionKind::Sit).count();
    assert_eq!(sits, 3);
}

#[test]
fn r24_only_the_seat_to_act_may_sit() {
    let mut g = Game::new(turn_based()).unwrap();
    let before = g.clone();
    assert_eq!(
        g.sit(BW).map(|r| r.outcome()),
        Err(GameError::NotYourTurn { seat: BW })
    );
    assert_eq!(
        g.sit(AB).map(|r| r.outcome()),
        Err(GameError::NotYourTurn { seat: AB })
    );
    assert_eq!(g, before);
}

/// Knights out and back on both boards, in rotation order: eight moves that
/// restore the start with A-White to act.
const KNIGHT_CYCLE: [(Seat, &str); 8] = [
    (AW, "g1f3"),
    (BW, "g1f3"),
    (BB, "g8f6"),
    (AB, "g8f6"),
    (AW, "f3g1"),
    (BW, "f3g1"),
    (BB, "f6g8"),
    (AB, "f6g8"),
];

#[test]
fn r25_threefold_repetition_draws_turn_based_only() {
    let mut g = Game::new(turn_based()).unwrap();
    ok_all(&mut g, &KNIGHT_CYCLE);
    ok_all(&mut g, &KNIGHT_CYCLE[..7]);
    // The start (occurrence 1), after 8 moves (2), after 16 moves (3).
    let outcome = ok(&mut g, AB, "f6g8", None).expect("third occurrence");
    assert_eq!(outcome, Outcome::draw(EndReason::Repetition));
    assert_eq!(g.moves_played(), 16);

    // The live game has no repetition draw (R33).
    let mut g = Game::new(unclocked()).unwrap();
    for _ in 0..4 {
        ok_all(&mut g, &KNIGHT_CYCLE);
    }
    assert!(!g.is_over());
}

#[test]
fn r25_repetition_state_includes_the_seat_to_act() {
    // The boards never change: A-White and B-White sit in turn, so the
    // states alternate between "start, A-White to act" and "start, B-White
    // to act". Were the seat to act not part of the state, the second sit
    // would make the third occurrence; with it, the fourth sit does.
    let mut g = Game::new(turn_based()).unwrap();
    for (i, seat) in [AW, BW, AW].into_iter().enumerate() {
        assert_eq!(g.to_act(), Some(seat));
        assert_eq!(g.sit(seat).map(|r| r.outcome()), Ok(None), "sit {}", i + 1);
    }
    assert_eq!(g.to_act(), Some(BW));
    assert_eq!(
        g.sit(BW).map(|r| r.outcome()),
        Ok(Some(Outcome::draw(EndReason::Repetition)))
    );
    assert_ne!(
        state_hash(g.boards(), Some(AW)),
        state_hash(g.boards(), Some(BW))
    );
}

#[test]
fn r26_turn_based_game_has_no_clocks() {
    let settings = GameSettings {
        time_control: Some(TimeControl {
            base_ms: 1_000,
            increment_ms: 0,
        }),
        ..turn_based()
    };
    // A time control in the turn-based game is a settings error, never
    // silently dropped.
    assert_eq!(
        Game::new(settings).map(|_| ()),
        Err(SetupError::Settings(SettingsError::TimeControlInTurnBased))
    );
    let mut g = Game::new(turn_based()).unwrap();
    for seat in Seat::ALL {
        assert_eq!(g.clock_ms(seat), None);
    }
    assert_eq!(g.tick(1_000_000).map(|r| r.outcome()), Ok(None));
    ok(&mut g, AW, "e2e4", None);
    assert!(!g.is_over());
}

// ---------------------------------------------------------------- R27–R34

#[test]
fn r27_checkmate_on_board_b_ends_the_whole_match() {
    // B-Black drops N@f2: smothered mate of B-White.
    let mut g = game(
        START,
        "4k3/8/8/8/8/8/6PP/6RK[n] b - - 0 1",
        clocked(60_000, 0),
    );
    ok(&mut g, AW, "e2e4", Some(100));
    let outcome = ok(&mut g, BB, "N@f2", Some(200)).expect("mate");
    assert_eq!(outcome, Outcome::loss(BW, EndReason::Checkmate));
    assert_eq!(outcome.winner, Some(Team::One));
    assert_eq!(g.outcome(), Some(outcome));
    // Board A ends with it.
    assert!(g.legal_moves(AB).is_empty());
}

#[test]
fn r27_after_the_end_every_action_is_refused_and_changes_nothing() {
    let mut g = game(
        START,
        "4k3/8/8/8/8/8/6PP/6RK[n] b - - 0 1",
        clocked(60_000, 0),
    );
    ok(&mut g, BB, "N@f2", Some(200)).expect("mate");
    let ended = g.clone();
    let over = Err(GameError::GameOver);
    assert_eq!(g.play_uci(AB, "e7e5", Some(300)).map(|r| r.outcome()), over);
    assert_eq!(
        g.play_uci(AB, "e7e5", Some(1)).map(|r| r.outcome()),
        over,
        "game over before time"
    );
    assert_eq!(g.play_uci(BW, "garbage", None).map(|r| r.outcome()), over);
    assert_eq!(
        g.play(AW, Move::from_uci("e2e4").unwrap(), Some(300))
            .map(|r| r.outcome()),
        over
    );
    assert_eq!(
        g.play_recorded(AW, Move::from_uci("e2e4").unwrap(), None)
            .map(|r| r.outcome()),
        over
    );
    assert_eq!(g.tick(1_000_000).map(|r| r.outcome()), over);
    assert_eq!(
        g.resign(AW, Some(300))
            .map(|r| r.outcome().expect("an ending")),
        Err(GameError::GameOver)
    );
    assert_eq!(
        g.abandon(AW, None).map(|r| r.outcome().expect("an ending")),
        Err(GameError::GameOver)
    );
    assert_eq!(g.offer_draw(AW).map(|r| r.outcome()), over);
    assert_eq!(g.withdraw_draw(AW).map(drop), Err(GameError::GameOver));
    assert_eq!(g.sit(AW).map(|r| r.outcome()), over);
    assert_eq!(g, ended);
    assert_eq!(g.to_act(), None);
    for seat in Seat::ALL {
        assert!(g.legal_moves(seat).is_empty());
        assert!(!g.is_turn_of(seat));
        assert!(!g.can_sit(seat));
    }
}

#[test]
fn r28_flagged_seat_loses_for_its_team() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(0));
    ok(&mut g, BW, "e2e4", Some(0));
    ok(&mut g, BB, "e7e5", Some(1));
    // A-Black has run since 0 and is the first to reach 0.
    let outcome = g.tick(10_000).map(|r| r.outcome()).unwrap().expect("flag");
    assert_eq!(outcome, Outcome::loss(AB, EndReason::Time));
    assert_eq!(outcome.winner, Some(Team::One));
    assert_eq!(
        outcome.to_string(),
        "A-Black ran out of time: team 1 wins (R28)"
    );
}

#[test]
fn r29_resignation_and_abandonment_lose_for_the_team() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    let outcome = g
        .resign(BW, Some(2_000))
        .map(|r| r.outcome().expect("an ending"))
        .unwrap();
    assert_eq!(outcome, Outcome::loss(BW, EndReason::Resignation));
    assert_eq!(outcome.winner, Some(Team::One));
    assert_eq!(g.now_ms(), 2_000);
    assert_eq!(outcome.to_string(), "B-White resigned: team 1 wins (R29)");

    let mut g = Game::new(turn_based()).unwrap();
    let outcome = g
        .abandon(AW, None)
        .map(|r| r.outcome().expect("an ending"))
        .unwrap();
    assert_eq!(outcome, Outcome::loss(AW, EndReason::Abandonment));
    assert_eq!(outcome.winner, Some(Team::Two));
    assert_eq!(
        outcome.to_string(),
        "A-White left the game: team 2 wins (R29)"
    );
}

#[test]
fn r30_all_humans_must_agree() {
    let mut g = Game::new(unclocked()).unwrap();
    for seat in [AW, AB, BW] {
        assert_eq!(g.offer_draw(seat).map(|r| r.outcome()), Ok(None));
    }
    assert_eq!(
        g.draw_offers(),
        Seats::A_WHITE | Seats::A_BLACK | Seats::B_WHITE
    );
    assert!(!g.is_over());
    let outcome = g
        .offer_draw(BB)
        .map(|r| r.outcome())
        .unwrap()
        .expect("agreed");
    assert_eq!(outcome, Outcome::draw(EndReason::Agreement));
    assert_eq!(outcome.to_string(), "Draw: all human players agreed (R30)");
}

#[test]
fn r30_computer_seat_offer_rejected() {
    let settings = GameSettings {
        humans: Seats::A_WHITE | Seats::B_BLACK,
        ..unclocked()
    };
    let mut g = Game::new(settings).unwrap();
    for seat in [AB, BW] {
        let before = g.clone();
        assert_eq!(
            g.offer_draw(seat).map(|r| r.outcome()),
            Err(GameError::NotHuman { seat })
        );
        assert_eq!(g, before);
    }
    assert_eq!(g.offer_draw(AW).map(|r| r.outcome()), Ok(None));
    // Computer seats are not asked: the two humans suffice.
    let outcome = g
        .offer_draw(BB)
        .map(|r| r.outcome())
        .unwrap()
        .expect("agreed");
    assert_eq!(outcome.reason, EndReason::Agreement);
}

#[test]
fn r30_no_humans_no_agreement() {
    let settings = GameSettings {
        humans: Seats::empty(),
        ..unclocked()
    };
    let mut g = Game::new(settings).unwrap();
    for seat in Seat::ALL {
        assert_eq!(
            g.offer_draw(seat).map(|r| r.outcome()),
            Err(GameError::NotHuman { seat })
        );
    }
    assert!(!g.is_over());
}

#[test]
fn r30_withdrawn_offer_no_longer_counts() {
    let mut g = Game::new(unclocked()).unwrap();
    g.offer_draw(AW).map(|r| r.outcome()).unwrap();
    g.offer_draw(AB).map(|r| r.outcome()).unwrap();
    g.offer_draw(BW).map(|r| r.outcome()).unwrap();
    g.withdraw_draw(AW).map(drop).unwrap();
    assert_eq!(g.offer_draw(BB).map(|r| r.outcome()), Ok(None));
    assert!(!g.is_over());
    // Withdrawing what was never offered changes nothing.
    let before = g.clone();
    g.withdraw_draw(AW).map(drop).unwrap();
    assert_eq!(g, before);
}

#[test]
fn r30_a_move_on_either_board_clears_offers() {
    let mut g = Game::new(unclocked()).unwrap();
    g.offer_draw(AW).map(|r| r.outcome()).unwrap();
    g.offer_draw(BB).map(|r| r.outcome()).unwrap();
    ok(&mut g, BW, "e2e4", None);
    assert_eq!(g.draw_offers(), Seats::empty());
    for seat in [AB, BW, BB] {
        g.offer_draw(seat).map(|r| r.outcome()).unwrap();
    }
    assert!(!g.is_over(), "A-White's cleared offer does not count");
}

#[test]
fn r31_no_one_can_move_draw() {
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    for settings in [unclocked(), turn_based()] {
        // A-Black waits; B-White's Qb6 leaves B-Black waiting too.
        let mut g = game(stalemated, "k7/8/8/2Q5/8/8/8/4K3[] w - - 0 1", settings);
        assert!(!g.is_over());
        let outcome = ok(&mut g, BW, "c5b6", None).expect("no one can move");
        assert_eq!(outcome, Outcome::draw(EndReason::NoOneCanMove));
        assert_eq!(
            outcome.to_string(),
            "Draw: no player can ever move again (R31)"
        );
    }
}

#[test]
fn r31_judged_at_once_from_bfen() {
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let g = game(stalemated, stalemated, turn_based());
    assert_eq!(g.outcome(), Some(Outcome::draw(EndReason::NoOneCanMove)));
    assert_eq!(g.to_act(), None);
}

#[test]
fn r32_move_cap_draw() {
    let mut g = Game::new(with_cap(unclocked(), 6)).unwrap();
    ok_all(&mut g, &KNIGHT_CYCLE[..5]);
    assert_eq!(g.moves_played(), 5);
    let outcome = ok(&mut g, BW, "f3g1", None).expect("cap");
    assert_eq!(outcome, Outcome::draw(EndReason::MoveCap));
    assert_eq!(g.moves_played(), 6);
    assert_eq!(outcome.to_string(), "Draw: the move cap was reached (R32)");
    // The same in the turn-based game, where sits do not count (F7).
    let mut g = Game::new(with_cap(turn_based(), 4)).unwrap();
    g.sit(AW).map(|r| r.outcome()).unwrap();
    ok_all(&mut g, &[(BW, "e2e4"), (BB, "e7e5"), (AW, "e2e4")]);
    assert_eq!(g.moves_played(), 3);
    let outcome = ok(&mut g, BW, "d2d4", None).expect("cap");
    assert_eq!(outcome.reason, EndReason::MoveCap);
}

#[test]
fn r33_stalemate_is_not_a_draw() {
    // B-White stalemates B-Black; board A plays on and the game goes on.
    let mut g = game(START, "k7/8/8/2Q5/8/8/8/4K3[] w - - 0 1", unclocked());
    assert_eq!(ok(&mut g, BW, "c5b6", None), None);
    assert!(g.board(BoardId::B).is_waiting());
    assert!(!g.is_over());
    ok_all(&mut g, &[(AW, "e2e4"), (AB, "e7e5")]);
}

#[test]
fn r33_no_fifty_move_rule_no_insufficient_material_no_live_repetition() {
    // Bare kings on both boards, the fifty-move counter far past 100.
    let bare = "4k3/8/8/8/8/8/8/4K3[] w - - 150 90";
    let mut g = game(bare, bare, unclocked());
    for _ in 0..3 {
        ok_all(
            &mut g,
            &[
                (AW, "e1d1"),
                (AB, "e8d8"),
                (AW, "d1e1"),
                (AB, "d8e8"),
                (BW, "e1f1"),
                (BB, "e8f8"),
                (BW, "f1e1"),
                (BB, "f8e8"),
            ],
        );
    }
    assert!(!g.is_over());
    assert_eq!(g.moves_played(), 24);
}

#[test]
fn r34_partner_capture_turns_a_waiting_board_into_a_playing_one() {
    // A-Black is in a check only a drop could block, and has nothing to drop.
    let a = "Q6k/4N1pp/8/8/8/8/8/4K3[] b - - 0 1";
    // On B, B-White's pawn can take a knight, which goes to A-Black.
    let b = "rnbqkbnr/pppppppp/8/8/8/5n2/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let mut g = game(a, b, unclocked());
    assert!(!g.is_over(), "a blockable check is not mate");
    assert!(g.legal_moves(AB).is_empty());
    ok(&mut g, BW, "g2f3", None);
    assert_eq!(g.pocket(AB).count(Role::Knight), 1);
    assert!(!g.is_over(), "a bigger pocket never creates a mate");
    assert!(g.legal_moves(AB).iter().all(|m| m.is_drop()));
    ok(&mut g, AB, "N@b8", None);
}

// ---------------------------------------------------------------- F1–F13

#[test]
fn f1_action_at_exact_flag_ms_is_too_late() {
    // B-White moves at 0 and B-Black at 1, so A-White (10 s) flags first.
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(0));
    ok(&mut g, BB, "e7e5", Some(1));
    let mut in_time = g.clone();
    ok(&mut in_time, AW, "e2e4", Some(9_999));
    assert_eq!(in_time.clock_ms(AW), Some(1));
    assert_eq!(
        g.play_uci(AW, "e2e4", Some(10_000)).map(|r| r.outcome()),
        Err(GameError::GameOver)
    );
    assert_eq!(g.outcome(), Some(Outcome::loss(AW, EndReason::Time)));
    assert_eq!(g.now_ms(), 10_000);
}

#[test]
fn f1_both_white_clocks_run_from_zero() {
    let g = Game::new(clocked(10_000, 0)).unwrap();
    assert_eq!(g.clock_ms_at(AW, 4_000), Ok(Some(6_000)));
    assert_eq!(g.clock_ms_at(BW, 4_000), Ok(Some(6_000)));
    assert_eq!(g.clock_ms_at(AB, 4_000), Ok(Some(10_000)));
    assert_eq!(g.clock_ms_at(BB, 4_000), Ok(Some(10_000)));
}

#[test]
fn f2_flag_ends_game_and_rejects_action() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(3_000));
    ok(&mut g, BW, "e2e4", Some(4_000));
    // A-Black's flag falls at 13 s, B-Black's at 14 s.
    let before = g.clone();
    assert_eq!(
        g.play_uci(AB, "e7e5", Some(20_000)).map(|r| r.outcome()),
        Err(GameError::GameOver)
    );
    // The only change: the ending by time, at the flag's time.
    let mut expected = before.clone();
    assert_eq!(
        expected.tick(13_000).map(|r| r.outcome()),
        Ok(Some(Outcome::loss(AB, EndReason::Time)))
    );
    assert_eq!(g, expected);
    assert!(g.history().eq(before.history()), "moves and sits unchanged");
    assert_eq!(g.boards(), before.boards());
    // Everything after is refused.
    assert_eq!(
        g.play_uci(BB, "e7e5", Some(13_000)).map(|r| r.outcome()),
        Err(GameError::GameOver)
    );
    assert_eq!(
        g.tick(13_000).map(|r| r.outcome()),
        Err(GameError::GameOver)
    );
}

#[test]
fn f2_timed_resign_after_a_flag_is_too_late() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(1));
    // A-White's flag fell at 10 s; resigning at 11 s comes after the end.
    assert_eq!(
        g.resign(AB, Some(11_000))
            .map(|r| r.outcome().expect("an ending")),
        Err(GameError::GameOver)
    );
    assert_eq!(g.outcome(), Some(Outcome::loss(AW, EndReason::Time)));
    // An untimed resignation checks no flag (F2 lists timed actions only).
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(1));
    g.tick(5_000).map(|r| r.outcome()).unwrap();
    assert_eq!(
        g.resign(AB, None).map(|r| r.outcome().expect("an ending")),
        Ok(Outcome::loss(AB, EndReason::Resignation))
    );
    assert_eq!(g.now_ms(), 5_000);
}

#[test]
fn f3_increment_added_after_every_move() {
    let mut g = Game::new(clocked(10_000, 2_000)).unwrap();
    ok(&mut g, AW, "e2e4", Some(3_000));
    assert_eq!(g.clock_ms(AW), Some(9_000));
    assert_eq!(g.log()[0].clock_ms, Some(9_000));
    ok(&mut g, AB, "e7e5", Some(3_000)); // equal timestamps are fine
    assert_eq!(g.clock_ms(AB), Some(12_000));
    // A drop gets it too, and so does the move that ends the game.
    let mut g = game(
        "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1",
        START,
        clocked(10_000, 2_000),
    );
    ok(&mut g, AW, "N@f7", Some(4_000)).expect("mate");
    assert_eq!(g.clock_ms(AW), Some(8_000));
    assert_eq!(g.log()[0].clock_ms, Some(8_000));
}

#[test]
fn f4_only_accepted_actions_advance_time() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(1_000));
    let before = g.clone();
    let _ = g.play_uci(AB, "e7e4", Some(2_000)).map(|r| r.outcome()); // illegal
    let _ = g.play_uci(AW, "d2d4", Some(2_000)).map(|r| r.outcome()); // not its turn
    let _ = g.play_uci(AB, "zz", Some(2_000)).map(|r| r.outcome()); // invalid text
    let _ = g.sit(AB).map(|r| r.outcome()); // live: refused
    assert_eq!(g, before);
    assert_eq!(g.now_ms(), 1_000);
    // Draw offers carry no timestamp.
    g.offer_draw(AB).map(|r| r.outcome()).unwrap();
    g.withdraw_draw(AB).map(drop).unwrap();
    assert_eq!(g.now_ms(), 1_000);
    g.tick(1_500).map(|r| r.outcome()).unwrap();
    assert_eq!(g.now_ms(), 1_500);
}

#[test]
fn f5_seat_to_act_at_start_is_the_first_able_seat_from_a_white() {
    let g = Game::new(turn_based()).unwrap();
    assert_eq!(g.to_act(), Some(AW));
    // Black to move on both boards: B-Black comes before A-Black.
    let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1";
    let g = game(black, black, turn_based());
    assert_eq!(g.to_act(), Some(BB));
}

#[test]
fn f5_sitting_seat_acts_again_when_no_one_else_can() {
    // B-Black waits; only A-White can act, so after its sit it is next again.
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let mut g = game(START, stalemated, turn_based());
    assert_eq!(g.to_act(), Some(AW));
    assert_eq!(g.sit(AW).map(|r| r.outcome()), Ok(None));
    assert_eq!(g.to_act(), Some(AW));
}

#[test]
fn f6_sits_count_toward_repetition_and_sits_left_do_not_matter() {
    // As above: each sit restores the same state (same boards, A-White to
    // act); sits left differ but are not part of the state. The start is
    // occurrence 1, so the second sit is the third occurrence.
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let mut g = game(START, stalemated, turn_based());
    assert_eq!(g.sit(AW).map(|r| r.outcome()), Ok(None));
    let outcome = g
        .sit(AW)
        .map(|r| r.outcome())
        .unwrap()
        .expect("third occurrence");
    assert_eq!(outcome, Outcome::draw(EndReason::Repetition));
    assert_eq!(g.sits_left(AW), 1);
}

#[test]
fn f7_sitting_is_not_a_move() {
    let mut g = Game::new(GameSettings::turn_based(Seats::A_WHITE | Seats::B_WHITE)).unwrap();
    g.offer_draw(BW).map(|r| r.outcome()).unwrap();
    g.sit(AW).map(|r| r.outcome()).unwrap();
    assert_eq!(g.moves_played(), 0, "not counted toward the cap");
    assert_eq!(g.draw_offers(), Seats::B_WHITE, "offers stand");
    // Sitting is refused in the live game.
    let mut g = Game::new(unclocked()).unwrap();
    let before = g.clone();
    assert_eq!(
        g.sit(AW).map(|r| r.outcome()),
        Err(GameError::SitInLiveGame)
    );
    assert_eq!(g, before);
}

#[test]
fn f8_bfen_judged_at_once_board_a_first() {
    let a_mated = "6rk/5Npp/8/8/8/8/8/4K3[] b - - 0 1";
    let b_mated = "4k3/8/8/8/8/8/5nPP/6RK[] w - - 0 1";
    let g = game(a_mated, b_mated, clocked(10_000, 0));
    assert_eq!(g.outcome(), Some(Outcome::loss(AB, EndReason::Checkmate)));
    let g = game(START, b_mated, turn_based());
    assert_eq!(g.outcome(), Some(Outcome::loss(BW, EndReason::Checkmate)));
    assert_eq!(g.to_act(), None);
    // Judged before any action: every action is refused.
    let mut g = g;
    assert_eq!(
        g.play_uci(AW, "e2e4", None).map(|r| r.outcome()),
        Err(GameError::GameOver)
    );
}

#[test]
fn f8_mate_beats_no_one_can_move_and_the_cap() {
    // The mate leaves A-Black without a move and B-Black is waiting: R31
    // would hold too, and it is the capped move. Mate comes first.
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let mut g = game(
        "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1",
        stalemated,
        with_cap(unclocked(), 1),
    );
    let outcome = ok(&mut g, AW, "N@f7", None).expect("mate");
    assert_eq!(outcome, Outcome::loss(AB, EndReason::Checkmate));
}

#[test]
fn f8_no_one_can_move_beats_the_cap() {
    let stalemated = "k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1";
    let mut g = game(
        stalemated,
        "k7/8/8/2Q5/8/8/8/4K3[] w - - 0 1",
        with_cap(unclocked(), 1),
    );
    let outcome = ok(&mut g, BW, "c5b6", None).expect("end");
    assert_eq!(outcome.reason, EndReason::NoOneCanMove);
}

#[test]
fn f8_cap_beats_repetition() {
    let mut g = Game::new(with_cap(turn_based(), 16)).unwrap();
    ok_all(&mut g, &KNIGHT_CYCLE);
    ok_all(&mut g, &KNIGHT_CYCLE[..7]);
    let outcome = ok(&mut g, AB, "f6g8", None).expect("end");
    assert_eq!(outcome.reason, EndReason::MoveCap);
}

#[test]
fn f9_cap_counts_moves_of_this_game_not_bfen_move_numbers() {
    let late = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 700";
    let mut g = game(late, late, with_cap(unclocked(), 2));
    assert_eq!(g.moves_played(), 0);
    assert_eq!(ok(&mut g, AW, "e2e4", None), None);
    let outcome = ok(&mut g, BW, "e2e4", None).expect("cap");
    assert_eq!(outcome.reason, EndReason::MoveCap);
}

#[test]
fn f10_resign_any_time() {
    // Not its turn, in the live game.
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    assert!(!g.is_turn_of(AB));
    assert_eq!(
        g.resign(AB, Some(10))
            .map(|r| r.outcome().expect("an ending")),
        Ok(Outcome::loss(AB, EndReason::Resignation))
    );
    // Not the seat to act, in the turn-based game; a computer seat leaving.
    let mut g = Game::new(GameSettings::turn_based(Seats::A_WHITE)).unwrap();
    assert_eq!(g.to_act(), Some(AW));
    assert_eq!(
        g.abandon(BB, None).map(|r| r.outcome().expect("an ending")),
        Ok(Outcome::loss(BB, EndReason::Abandonment))
    );
    // A waiting seat.
    let mut g = game("k7/8/1Q6/8/8/8/8/4K3[] b - - 0 1", START, unclocked());
    assert_eq!(
        g.resign(AB, None).map(|r| r.outcome().expect("an ending")),
        Ok(Outcome::loss(AB, EndReason::Resignation))
    );
}

#[test]
fn f11_single_human_offer_is_agreement() {
    let mut g = Game::new(GameSettings::turn_based(Seats::B_BLACK)).unwrap();
    let outcome = g
        .offer_draw(BB)
        .map(|r| r.outcome())
        .unwrap()
        .expect("agreed");
    assert_eq!(outcome, Outcome::draw(EndReason::Agreement));
}

#[test]
fn f11_offer_cleared_by_move_not_by_sit() {
    let mut g = Game::new(GameSettings::turn_based(Seats::A_WHITE | Seats::B_BLACK)).unwrap();
    g.offer_draw(BB).map(|r| r.outcome()).unwrap();
    g.sit(AW).map(|r| r.outcome()).unwrap();
    assert_eq!(g.draw_offers(), Seats::B_BLACK);
    ok(&mut g, BW, "e2e4", None);
    assert_eq!(g.draw_offers(), Seats::empty());
    g.offer_draw(AW).map(|r| r.outcome()).unwrap();
    assert!(!g.is_over(), "B-Black's offer was cleared by the move");
    g.withdraw_draw(AW).map(drop).unwrap();
    assert_eq!(g.draw_offers(), Seats::empty());
}

#[test]
fn f12_check_order() {
    // game over > everything
    let mut ended = Game::new(clocked(10_000, 0)).unwrap();
    ended
        .resign(AW, Some(5_000))
        .map(|r| r.outcome().expect("an ending"))
        .unwrap();
    refused(&mut ended, BB, "zz", Some(1), GameError::GameOver);

    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, BW, "e2e4", Some(0));
    ok(&mut g, BB, "e7e5", Some(1));
    g.tick(5_000).map(|r| r.outcome()).unwrap();
    // timestamp > flags, turn, text: a wrong seat with garbage going back.
    let backwards = GameError::TimeWentBackwards {
        at_ms: 4_000,
        last_ms: 5_000,
    };
    refused(&mut g, AB, "zz", Some(4_000), backwards);
    refused(&mut g, AB, "zz", None, GameError::TimestampRequired);
    // turn > text > legality
    refused(
        &mut g,
        AB,
        "zz",
        Some(6_000),
        GameError::NotYourTurn { seat: AB },
    );
    refused(
        &mut g,
        BB,
        "e7e5",
        Some(6_000),
        GameError::NotYourTurn { seat: BB },
    );
    assert!(matches!(
        g.play_uci(AW, "zz", Some(6_000)).map(|r| r.outcome()),
        Err(GameError::InvalidMove { seat: AW, .. })
    ));
    refused(
        &mut g,
        AW,
        "e2e5",
        Some(6_000),
        illegal(
            AW,
            "e2e5",
            IllegalReason::CannotMoveThere(Square::E2, Square::E5),
        ),
    );
    // flags > turn: A-White's flag fell at 10 s; a wrong seat's garbage at
    // 12 s ends the game by time.
    let mut late = g.clone();
    assert_eq!(
        late.play_uci(AB, "zz", Some(12_000)).map(|r| r.outcome()),
        Err(GameError::GameOver)
    );
    assert_eq!(late.outcome(), Some(Outcome::loss(AW, EndReason::Time)));
    // And then game over > time backwards.
    refused(&mut late, AW, "e2e4", Some(0), GameError::GameOver);
}

#[test]
fn f12_turn_based_wrong_seat_before_text() {
    let mut g = Game::new(turn_based()).unwrap();
    refused(&mut g, BW, "zz", None, GameError::NotYourTurn { seat: BW });
    assert!(matches!(
        g.play_uci(AW, "e2", None).map(|r| r.outcome()),
        Err(GameError::InvalidMove { seat: AW, .. })
    ));
}

#[test]
fn f13_endings_name_the_right_seat() {
    let mate = {
        let mut g = game("6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1", START, unclocked());
        ok(&mut g, AW, "N@f7", None).unwrap()
    };
    assert_eq!(mate.seat, Some(AB), "the mated seat");
    assert_eq!(mate.to_string(), "A-Black is checkmated: team 1 wins (R27)");
    let mut g = Game::new(clocked(1_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(0));
    ok(&mut g, BW, "e2e4", Some(1));
    // A-Black's flag falls at 1 s, B-Black's at 1.001 s.
    let time = g.tick(2_000).map(|r| r.outcome()).unwrap().unwrap();
    assert_eq!(time.seat, Some(AB), "the flagged seat");
    for seat in Seat::ALL {
        let mut g = Game::new(unclocked()).unwrap();
        assert_eq!(
            g.resign(seat, None)
                .map(|r| r.outcome().expect("an ending"))
                .unwrap()
                .seat,
            Some(seat)
        );
        let mut g = Game::new(unclocked()).unwrap();
        assert_eq!(
            g.abandon(seat, None)
                .map(|r| r.outcome().expect("an ending"))
                .unwrap()
                .seat,
            Some(seat)
        );
    }
    for reason in [
        EndReason::Agreement,
        EndReason::NoOneCanMove,
        EndReason::MoveCap,
        EndReason::Repetition,
        EndReason::Time,
    ] {
        let draw = Outcome::draw(reason);
        assert_eq!((draw.seat, draw.winner), (None, None));
        assert!(draw.to_string().starts_with("Draw: "));
        assert!(draw.to_string().contains(reason.rule()));
    }
    assert_eq!(
        Outcome::draw(EndReason::Repetition).to_string(),
        "Draw: the same state occurred three times (R25)"
    );
}

// ---------------------------------------------------------------- history

#[test]
fn history_records_moves_and_sits_with_times() {
    let mut g = Game::new(turn_based()).unwrap();
    g.tick(700).map(|r| r.outcome()).unwrap();
    ok(&mut g, AW, "e2e4", None);
    g.sit(BW).map(|r| r.outcome()).unwrap();
    let h: Vec<_> = g.history().collect();
    assert_eq!(h.len(), 2);
    assert_eq!(
        (h[0].seat, h[0].kind, h[0].at_ms, h[0].clock_ms),
        (
            Some(AW),
            ActionKind::Move(Move::from_uci("e2e4").unwrap()),
            700,
            None
        )
    );
    assert_eq!((h[1].seat, h[1].kind), (Some(BW), ActionKind::Sit));
    assert_eq!(g.start_boards(), &[Board::new(), Board::new()]);
}

#[test]
fn f3_a_clock_read_before_the_games_time_is_refused() {
    let mut g = Game::new(clocked(10_000, 0)).unwrap();
    ok(&mut g, AW, "e2e4", Some(2_000));
    assert_eq!(
        g.clock_ms_at(AB, 1_999),
        Err(GameError::TimeWentBackwards {
            at_ms: 1_999,
            last_ms: 2_000
        })
    );
    assert_eq!(g.clock_ms_at(AB, 2_000), Ok(Some(10_000)));
    assert_eq!(g.clock_ms_at(AB, 3_000), Ok(Some(9_000)));
    // A game without clocks: no clock at any time, but the past is still past.
    let mut untimed = Game::new(GameSettings {
        time_control: None,
        ..clocked(10_000, 0)
    })
    .unwrap();
    ok(&mut untimed, AW, "e2e4", Some(500));
    assert_eq!(untimed.clock_ms_at(AB, 600), Ok(None));
    assert!(untimed.clock_ms_at(AB, 400).is_err());
}
