//! One-board rule tests, each named by the rule it pins down (R6–R18, N1).

use bughouse_core::{
    Board, BoardStatus, Color, FenError, Flavour, Move, Piece, Pocket, Role, Square,
    board::CastlingRights, error::FenErrorKind, error::IllegalReason,
};
use bughouse_testkit::Rng;

fn board(fen: &str) -> Board {
    fen.parse()
        .unwrap_or_else(|e: FenError| panic!("{fen}: {e}"))
}

fn mv(text: &str) -> Move {
    Move::from_uci(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays a move that must be legal; returns what it captured.
fn play(b: &mut Board, text: &str) -> Option<Piece> {
    let before = *b;
    b.play(mv(text))
        .unwrap_or_else(|e| panic!("{text} in {before}: {e}"))
}

/// The legal moves as sorted UCI text.
fn moves(b: &Board) -> Vec<String> {
    let mut v: Vec<String> = b.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn drops(b: &Board) -> Vec<String> {
    moves(b).into_iter().filter(|m| m.contains('@')).collect()
}

/// A mate in the bughouse sense (R16), seen through every status call.
fn assert_mate(b: &Board) {
    assert!(b.is_check(), "{b}");
    assert!(!b.drop_could_block_check(), "{b}");
    assert!(!b.has_legal_move(), "{b}: {:?}", moves(b));
    assert!(b.legal_moves().is_empty());
    assert!(b.is_checkmate(), "{b}");
    assert!(!b.is_waiting(), "{b}");
    assert_eq!(b.status(), BoardStatus::Checkmate);
}

/// No legal move, yet not mate: the side waits (R17, R18).
fn assert_waiting(b: &Board) {
    assert!(!b.has_legal_move(), "{b}: {:?}", moves(b));
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.count_legal_moves(), 0);
    assert!(!b.is_checkmate(), "{b}");
    assert!(b.is_waiting(), "{b}");
    assert_eq!(b.status(), BoardStatus::Waiting);
}

// ---------------------------------------------------------------------------
// R16: the checks no drop can block are mate — even with a full pocket.

#[test]
fn r16_knight_check_is_mate() {
    // Smothered mate: no drop blocks a knight.
    for pocket in ["", "qrbnp"] {
        assert_mate(&board(&format!(
            "6rk/5Npp/8/8/8/8/8/4K3[{pocket}] b - - 0 1"
        )));
    }
}

#[test]
fn r16_pawn_check_is_mate() {
    for pocket in ["", "qrbnp"] {
        assert_mate(&board(&format!(
            "7k/4N1Pp/5K2/8/8/8/8/8[{pocket}] b - - 0 1"
        )));
    }
}

#[test]
fn r16_adjacent_slider_check_is_mate() {
    for pocket in ["", "qrbnp"] {
        // Queen next to the king on the file, rook next to it on the rank,
        // bishop next to it on the diagonal.
        assert_mate(&board(&format!("7k/7Q/6K1/8/8/8/8/8[{pocket}] b - - 0 1")));
        assert_mate(&board(&format!(
            "6Rk/6pp/5N2/8/8/8/8/4K3[{pocket}] b - - 0 1"
        )));
        assert_mate(&board(&format!(
            "7k/4N1B1/6K1/8/8/8/8/8[{pocket}] b - - 0 1"
        )));
    }
}

#[test]
fn r16_double_check_is_mate_though_each_check_alone_could_be_blocked() {
    // Rook along rank 8 and bishop along the long diagonal, both distant.
    let b = board("k6R/8/1P6/8/8/8/8/4K2B[qrbnp] b - - 0 1");
    assert_eq!(b.checkers().count(), 2);
    assert_mate(&b);
    // Either check alone is blockable, so neither alone is mate.
    let rook_only = board("k6R/8/1P6/8/8/8/8/4K3[] b - - 0 1");
    assert!(rook_only.drop_could_block_check() && !rook_only.is_checkmate());
    let bishop_only = board("k7/8/1P6/8/8/8/8/1R2K2B[] b - - 0 1");
    assert!(bishop_only.drop_could_block_check() && !bishop_only.is_checkmate());
}

#[test]
fn r16_mate_needs_check_and_no_move() {
    // Same adjacent queen check, but the king can take the unguarded queen.
    let b = board("7k/7Q/8/8/8/8/8/K7[] b - - 0 1");
    assert!(b.is_check() && !b.drop_could_block_check());
    assert_eq!(moves(&b), ["h8h7"]);
    assert!(!b.is_checkmate() && !b.is_waiting());
    assert_eq!(b.status(), BoardStatus::Playing);
}

// ---------------------------------------------------------------------------
// R17, R18: a blockable check is never mate; no move means waiting.

#[test]
fn r17_distant_slider_check_with_empty_pocket_is_not_mate() {
    // Back-rank rook check with five empty squares between: the partner may
    // still send a piece to block.
    let b = board("R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1");
    assert!(b.is_check());
    assert!(b.drop_could_block_check());
    assert_waiting(&b);
    // A queen down the file, and a bishop along the long diagonal, from afar.
    for fen in [
        "7k/5Pp1/6P1/8/8/8/8/4K2Q[] b - - 0 1",
        "7k/4N3/6P1/8/8/8/8/B3K3[] b - - 0 1",
    ] {
        let b = board(fen);
        assert!(b.is_check() && b.drop_could_block_check(), "{fen}");
        assert_waiting(&b);
    }
}

#[test]
fn r17_back_rank_blocking_squares_with_only_pawns_in_hand_is_not_mate() {
    // Every square between is on rank 8, where no pawn may go (R10); a
    // knight from the partner would block, so it is not mate.
    let b = board("R5k1/5ppp/8/8/8/8/8/4K3[pppp] b - - 0 1");
    assert!(b.is_check() && b.drop_could_block_check());
    assert!(drops(&b).is_empty());
    assert_waiting(&b);
    // Once a piece arrives, its drops on the between-squares are the moves.
    let mut b = b;
    assert!(b.add_to_pocket(Color::Black, Role::Knight));
    assert_eq!(moves(&b), ["N@b8", "N@c8", "N@d8", "N@e8", "N@f8"]);
    // The status finds such a block without a search (board/status.rs):
    // it must agree with the move list, both ways.
    assert_eq!(b.status(), BoardStatus::Playing);
}

#[test]
fn r18_stalemate_is_waiting_not_a_draw() {
    let b = board("7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1");
    assert!(!b.is_check());
    assert_waiting(&b);
    // A pocket piece ends the wait: any empty square takes it.
    let b = board("7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 1");
    assert_eq!(b.status(), BoardStatus::Playing);
    assert_eq!(b.legal_moves().len(), 61);
}

// ---------------------------------------------------------------------------
// R12, R13: drops give mate; in check they only block; none in double check.

#[test]
fn r18_a_pawn_pinned_on_a_diagonal_cannot_push_so_the_side_waits() {
    // The b2 pawn's only pushes leave the a1–d4 diagonal; the king's squares
    // are covered by the knights; nothing in hand: no legal move (R13, R18).
    let b = board("7k/8/8/8/3b4/n7/1P6/K1n5[] w - - 0 1");
    assert_waiting(&b);
    // With a piece in hand the same side may drop it (R9).
    let mut armed = b;
    armed.add_to_pocket(Color::White, Role::Knight);
    assert_eq!(armed.status(), BoardStatus::Playing);
}

#[test]
fn r18_a_pawn_pinned_along_its_file_may_still_push() {
    // e2 is pinned by the e8 rook, but a push keeps the pin; the king's
    // squares are all covered: the pushes are the only moves (R13).
    let b = board("k3r3/8/8/8/8/1b5b/4P3/1n2K2n[] w - - 0 1");
    assert_eq!(moves(&b), ["e2e3", "e2e4"]);
    assert_eq!(b.status(), BoardStatus::Playing);
    // Its file blocked, the side waits (R18).
    let blocked = board("k3r3/8/8/8/8/1b2p2b/4P3/1n2K2n[] w - - 0 1");
    assert_waiting(&blocked);
}

#[test]
fn r12_a_pawn_drop_may_mate() {
    let mut b = board("7k/4N2p/5K2/8/8/8/8/8[P] w - - 0 1");
    assert!(b.is_legal(mv("P@g7")));
    assert!(moves(&b).contains(&"P@g7".to_string()));
    assert_eq!(play(&mut b, "P@g7"), None);
    assert_mate(&b);
}

#[test]
fn r12_piece_drops_may_mate() {
    let mut b = board("6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1");
    play(&mut b, "N@f7");
    assert_mate(&b);
    let mut b = board("7k/8/6K1/8/8/8/8/8[Q] w - - 0 1");
    play(&mut b, "Q@g7");
    assert_mate(&b);
}

#[test]
fn r13_in_check_drops_go_only_between_king_and_checker() {
    // Rook e8 checks the king on e1 down the open file.
    let b = board("k3r3/8/8/8/8/8/8/4K3[QRBNP] w - - 0 1");
    let mut expected = Vec::new();
    for role in ["B", "N", "P", "Q", "R"] {
        for rank in 2..=7 {
            expected.push(format!("{role}@e{rank}"));
        }
    }
    expected.sort();
    assert_eq!(drops(&b), expected);
    for m in ["Q@a1", "N@d2", "P@e8", "Q@e8"] {
        assert!(!b.is_legal(mv(m)), "{m}");
    }
}

#[test]
fn r13_no_drop_in_double_check() {
    // Rook e8 and bishop a5 both check the king on e1.
    let b = board("k3r3/8/8/b7/8/8/8/4K3[QRBNP] w - - 0 1");
    assert_eq!(b.checkers().count(), 2);
    assert!(drops(&b).is_empty());
    assert_eq!(moves(&b), ["e1d1", "e1f1", "e1f2"]);
}

#[test]
fn r13_moves_that_leave_the_king_in_check_are_illegal() {
    // The knight on e2 is pinned by the rook on e8.
    let mut b = board("k3r3/8/8/8/8/8/4N3/4K3[] w - - 0 1");
    let before = b;
    let err = b.play(mv("e2c3")).unwrap_err();
    assert_eq!(err.reason, IllegalReason::LeavesKingInCheck);
    assert_eq!(b, before);
    assert!(moves(&b).iter().all(|m| !m.starts_with("e2")));
}

// ---------------------------------------------------------------------------
// R10, R11: pawn drops.

#[test]
fn r10_pawns_are_never_dropped_on_rank_1_or_8() {
    let mut b = board("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    let pawn_drops = drops(&b);
    assert_eq!(pawn_drops.len(), 48); // ranks 2–7, all empty
    assert!(
        pawn_drops
            .iter()
            .all(|m| !m.ends_with('1') && !m.ends_with('8'))
    );
    for m in ["P@a1", "P@h8", "P@d1", "P@d8"] {
        let before = b;
        assert!(!b.is_legal(mv(m)));
        let err = b.play(mv(m)).unwrap_err();
        assert_eq!(err.reason, IllegalReason::PawnDropOnBackRank);
        assert_eq!(b, before);
    }
    // Other pieces do go there.
    assert!(board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").is_legal(mv("N@a1")));
}

#[test]
fn r11_a_dropped_pawn_may_double_step_and_be_taken_en_passant() {
    let mut b = board("4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1");
    play(&mut b, "P@e2");
    assert!(b.promoted().is_empty(), "a drop is never marked (R6)");
    play(&mut b, "e8d8");
    assert!(b.is_legal(mv("e2e4")));
    play(&mut b, "e2e4");
    assert_eq!(b.ep_square(), Some(Square::E3));
    assert!(b.to_string().contains(" b - e3 "), "{b}");
    let captured = play(&mut b, "d4e3");
    assert_eq!(captured, Some(Role::Pawn.of(Color::White)));
    assert_eq!(b.piece_at(Square::E4), None);
    assert_eq!(b.piece_at(Square::E3), Some(Role::Pawn.of(Color::Black)));
}

// ---------------------------------------------------------------------------
// R14: castling rights.

#[test]
fn r14_a_rook_dropped_on_its_corner_never_restores_castling() {
    // A rook that never had a right.
    let mut b = board("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");
    play(&mut b, "R@h1");
    play(&mut b, "e8d8");
    assert!(b.castling_rights().is_empty());
    assert!(!b.is_legal(mv("e1g1")));
    // A rook that leaves its corner, then another dropped there.
    let mut b = board("4k3/8/8/8/8/8/8/R3K2R[R] w KQ - 0 1");
    play(&mut b, "h1h2");
    assert_eq!(b.castling_rights(), CastlingRights::WHITE_QUEEN_SIDE);
    play(&mut b, "e8d8");
    play(&mut b, "R@h1");
    assert_eq!(b.castling_rights(), CastlingRights::WHITE_QUEEN_SIDE);
    play(&mut b, "d8e8");
    assert!(!b.is_legal(mv("e1g1")));
    assert!(b.is_legal(mv("e1c1")));
    assert!(b.to_string().contains(" w Q "), "{b}");
    // A rook captured on its corner loses the right; a drop there does not
    // bring it back.
    let mut b = board("r3k2r/8/8/8/8/8/8/R3K2R[r] w KQkq - 0 1");
    play(&mut b, "a1a8");
    assert_eq!(
        b.castling_rights(),
        CastlingRights::WHITE_KING_SIDE | CastlingRights::BLACK_KING_SIDE
    );
    play(&mut b, "e8f7");
    play(&mut b, "a8b8");
    play(&mut b, "r@a8");
    assert!(
        !b.castling_rights()
            .contains(CastlingRights::BLACK_QUEEN_SIDE)
    );
}

// ---------------------------------------------------------------------------
// R5, R6: captured pieces, promoted ones demoted.

#[test]
fn r6_a_captured_promoted_piece_comes_back_as_a_pawn() {
    // Bughouse: `play` hands the demoted piece back for the partner (R5).
    let mut b = board("4k3/8/8/8/8/8/8/R2q~K3[] w - - 0 1");
    assert!(b.promoted().contains(Square::D1));
    assert_eq!(
        play(&mut b, "a1d1"),
        Some(Role::Pawn.of(Color::Black)),
        "R6"
    );
    assert!(b.pocket(Color::White).is_empty(), "R5: it leaves the board");
    assert!(b.promoted().is_empty());

    // The mark is made by promotion and moves with the piece.
    let mut b = board("2r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
    play(&mut b, "b7b8q");
    assert!(b.promoted().contains(Square::B8));
    assert!(b.to_string().starts_with("1Q~r1k3/"), "{b}");
    play(&mut b, "e8d7");
    play(&mut b, "b8b4");
    assert_eq!(b.promoted(), Square::B4.into());
    play(&mut b, "c8c4");
    play(&mut b, "e1d1");
    assert_eq!(play(&mut b, "c4b4"), Some(Role::Pawn.of(Color::White)));
    assert!(b.promoted().is_empty());

    // Crazyhouse: the capturer's own pocket gets a pawn, and a dropped piece
    // is never marked.
    let mut b = Board::from_fen("4k3/8/8/8/8/8/8/R2q~K3[] w - - 0 1", Flavour::Crazyhouse).unwrap();
    assert_eq!(
        play(&mut b, "a1d1"),
        Some(Role::Pawn.of(Color::Black)),
        "R6"
    );
    assert_eq!(b.pocket(Color::White).count(Role::Pawn), 1);
    assert_eq!(b.pocket(Color::White).count(Role::Queen), 0);
    let mut b = board("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1");
    play(&mut b, "Q@d4");
    assert!(b.promoted().is_empty());
}

#[test]
fn r5_an_unpromoted_capture_returns_the_piece_itself() {
    let mut b = board("4k3/8/8/3q4/4N3/8/8/4K3[] w - - 0 1");
    assert_eq!(play(&mut b, "e4d6"), None);
    let mut b = board("4k3/8/3q4/8/4N3/8/8/4K3[] w - - 0 1");
    assert_eq!(play(&mut b, "e4d6"), Some(Role::Queen.of(Color::Black)));
}

// ---------------------------------------------------------------------------
// R15: en passant in FEN only when a capture is legal.

#[test]
fn r15_fen_writes_en_passant_only_when_a_capture_is_legal() {
    // A double step next to an enemy pawn: legal capture, written.
    let mut b = board("4k3/8/8/8/4p3/8/3P4/4K3[] w - - 0 1");
    play(&mut b, "d2d4");
    assert_eq!(b.ep_square(), Some(Square::D3));
    assert!(b.to_string().contains(" b - d3 0 1"), "{b}");
    // With no pawn to capture, not written.
    let mut b = board("4k3/8/8/8/8/8/P7/4K3[] w - - 0 1");
    play(&mut b, "a2a4");
    assert_eq!(b.ep_square(), None);
    assert!(b.to_string().contains(" b - - 0 1"), "{b}");
    // The capturing pawn pinned along the rank: the capture would expose the
    // king, so not written either.
    let mut b = board("8/8/8/8/k3p2R/8/3P4/4K3[] w - - 0 1");
    play(&mut b, "d2d4");
    assert_eq!(b.ep_square(), None, "{b}");
    assert!(!b.is_legal(mv("e4d3")));

    // Input: any well-placed square is accepted, kept only when legal.
    let b = board("4k3/8/8/8/4P3/8/8/4K3[] b - e3 0 1");
    assert_eq!(b.ep_square(), None);
    assert!(b.to_string().contains(" b - - "), "{b}");
    let b = board("4k3/8/8/8/3pP3/8/8/4K3[] b - e3 0 1");
    assert_eq!(b.ep_square(), Some(Square::E3));
    // A badly placed one is an error that points at it.
    let fen = "4k3/8/8/8/4P3/8/8/4K3[] b - e4 0 1";
    let err = Board::from_fen(fen, Flavour::Bughouse).unwrap_err();
    assert_eq!(err.kind, FenErrorKind::BadEnPassant(Square::E4));
    assert_eq!(err.offset, fen.find("e4 ").unwrap());
}

// ---------------------------------------------------------------------------
// N1: FEN forms and errors.

#[test]
fn n1_bracket_and_ninth_rank_pockets_read_the_same() {
    let bracket = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRnpp] w KQkq - 0 1");
    let ninth = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/QRnpp w KQkq - 0 1");
    assert_eq!(bracket, ninth);
    assert_eq!(bracket.pocket(Color::White).count(Role::Queen), 1);
    assert_eq!(bracket.pocket(Color::Black).count(Role::Pawn), 2);
    // Pocket letters in any order, written back queen first, White first.
    let shuffled = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[pRnQp] w KQkq - 0 1");
    assert_eq!(shuffled, bracket);
    assert_eq!(
        bracket.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRnpp] w KQkq - 0 1"
    );
    // No pocket at all, an empty 9th rank, and `[]` are the same board.
    let plain = board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(plain, Board::new());
    assert_eq!(
        board("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1"),
        plain
    );
    assert_eq!(
        Board::new().to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    );
}

#[test]
fn n1_promoted_marks_read_and_written() {
    let fen = "4k3/1Q~6/8/8/4b3/8/Kpp5/2r~5[] b - - 0 1";
    let b = board(fen);
    assert_eq!(b.promoted(), [Square::B7, Square::C1].into_iter().collect());
    assert_eq!(b.to_string(), fen);
    // The mark is part of the position: hash and equality see it.
    let unmarked = board("4k3/1Q6/8/8/4b3/8/Kpp5/2r5[] b - - 0 1");
    assert_ne!(b, unmarked);
    assert_ne!(b.hash(), unmarked.hash());
}

#[test]
fn n1_epd_style_fields_may_be_left_out() {
    let full = board("4k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert_eq!(board("4k3/8/8/8/8/8/8/4K3[] b"), full);
    assert_eq!(board("4k3/8/8/8/8/8/8/4K3[] b -"), full);
    assert_eq!(board("4k3/8/8/8/8/8/8/4K3[] b - -"), full);
}

/// Each bad FEN, the error kind expected and the text its offset points at.
#[test]
fn n1_fen_errors_name_the_field_and_the_byte() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let cases: &[(String, FenErrorKind, &str)] = &[
        (
            format!("{start}[] x KQkq - 0 1"),
            FenErrorKind::UnexpectedChar('x', "side to move"),
            "x KQkq",
        ),
        (
            format!("{start}[] w KQxq - 0 1"),
            FenErrorKind::UnexpectedChar('x', "castling rights"),
            "xq -",
        ),
        (
            format!("{start}[Qz] w KQkq - 0 1"),
            FenErrorKind::UnexpectedChar('z', "pocket"),
            "z]",
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".to_string(),
            FenErrorKind::UnexpectedChar('X', "placement"),
            "Xppp",
        ),
        (
            format!("{start}[Q w KQkq - 0 1"),
            FenErrorKind::UnclosedPocket,
            " w KQkq",
        ),
        (
            format!("{start}[] w KQkq - x 1"),
            FenErrorKind::BadNumber("halfmove clock"),
            "x 1",
        ),
        (
            format!("{start}[] w KQkq - 0 0"),
            FenErrorKind::BadNumber("fullmove number"),
            "0",
        ),
        (
            format!("{start}[] w KQkq - 0 1 extra"),
            FenErrorKind::TrailingText,
            "extra",
        ),
        (
            format!("{start}[]"),
            FenErrorKind::Missing("side to move"),
            "",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1".to_string(),
            FenErrorKind::RankLength(7),
            "p/8/8/8/8/PPPPPPPP",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP[] w KQkq - 0 1".to_string(),
            FenErrorKind::RankCount,
            "[] w",
        ),
        (
            format!("{start}[QQQ] w KQkq - 0 1"),
            FenErrorKind::PocketOverflow {
                color: Color::White,
                role: Role::Queen,
            },
            "Q] w",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK~BNR[] w KQkq - 0 1".to_string(),
            FenErrorKind::BadPromotedMark,
            "~BNR",
        ),
    ];
    for (fen, kind, at) in cases {
        let err = Board::from_fen(fen, Flavour::Bughouse).unwrap_err();
        assert_eq!(err.kind, *kind, "{fen}");
        let expected = if at.is_empty() {
            fen.len()
        } else {
            fen.rfind(at).unwrap()
        };
        assert_eq!(err.offset, expected, "{fen}: {err}");
        let message = err.to_string();
        assert!(
            message.contains(&format!("byte {}", err.offset)),
            "{message}"
        );
    }
    // Whole-position problems point at the start of the field that says
    // so: the placement (kings, pawns, material), the side to move (the
    // side not to move in check), the castling field.
    for (fen, kind, field) in [
        (
            "8/8/8/8/8/8/8/4K3[] w - - 0 1",
            FenErrorKind::KingCount(Color::Black),
            "8/8",
        ),
        (
            "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1",
            FenErrorKind::PawnOnBackRank,
            "4k3",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[] w K - 0 1",
            FenErrorKind::BadCastlingRights('K'),
            "K - 0",
        ),
        (
            "4k3/4R3/8/8/8/8/8/4K3[] w - - 0 1",
            FenErrorKind::OppositeCheck,
            "w - -",
        ),
        (
            "4k3/8/8/8/8/8/8/QQ2K3[Q] w - - 0 1",
            FenErrorKind::TooMuchMaterial {
                color: Color::White,
                role: Role::Queen,
            },
            "4k3",
        ),
    ] {
        let err = Board::from_fen(fen, Flavour::Bughouse).unwrap_err();
        assert_eq!(
            (err.offset, err.kind),
            (fen.find(field).unwrap(), kind),
            "{fen}"
        );
        // Leading whitespace moves the field, and the offset with it.
        let padded = format!("  {fen}\n");
        let err = Board::from_fen(&padded, Flavour::Bughouse).unwrap_err();
        assert_eq!(err.offset, padded.find(field).unwrap(), "{padded:?}");
    }
}

// ---------------------------------------------------------------------------
// `play`: checked, typed, and all-or-nothing.

#[test]
fn play_refuses_illegal_moves_with_a_reason_and_changes_nothing() {
    let start = board("r3k2r/8/8/8/8/8/4N3/R3K2R[Np] w KQkq - 0 1");
    let cases = [
        (mv("d4d5"), IllegalReason::NoOwnPiece(Square::D4)),
        (mv("a8a7"), IllegalReason::NoOwnPiece(Square::A8)),
        (mv("Q@d4"), IllegalReason::NotInPocket(Role::Queen)),
        (mv("P@d4"), IllegalReason::NotInPocket(Role::Pawn)),
        (
            Move::Drop {
                role: Role::King,
                to: Square::D4,
            },
            IllegalReason::KingDrop,
        ),
        (mv("N@e2"), IllegalReason::DropOnOccupied(Square::E2)),
        (
            mv("e2e5"),
            IllegalReason::CannotMoveThere(Square::E2, Square::E5),
        ),
        // The rook may take on a8; only the promotion is wrong (R9).
        (mv("a1a8q"), IllegalReason::BadPromotion),
        (
            mv("e1e3"),
            IllegalReason::CannotMoveThere(Square::E1, Square::E3),
        ),
    ];
    for (m, reason) in cases {
        let mut b = start;
        let err = b.play(m).unwrap_err();
        assert_eq!(err.mv, m);
        assert_eq!(err.reason, reason, "{m}");
        assert!(!b.is_legal(m));
        assert_eq!(b, start, "{m} changed the board");
        assert_eq!(format!("{b:?}"), format!("{start:?}"));
        assert_eq!(b.hash(), start.hash());
    }
    // Castling out of check, a pinned piece, a king step into an attack.
    let checked = board("4k3/8/8/8/8/8/8/R3K2r[] w Q - 0 1");
    for m in ["e1c1", "e1f1", "a1a2"] {
        let mut b = checked;
        assert!(b.play(mv(m)).is_err(), "{m}");
        assert_eq!(b, checked);
    }
}

// ---------------------------------------------------------------------------
// Zobrist: incremental hash equals the from-scratch one along random games.

#[test]
fn incremental_hash_equals_compute_hash_along_random_games() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[QRBNPqrbnp] w KQkq - 0 1",
        "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R[Nn] w KQkq - 0 1",
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1",
    ];
    let mut rng = Rng::new(0x0b5e_55ed);
    let mut positions = 0;
    for flavour in [Flavour::Bughouse, Flavour::Crazyhouse] {
        for fen in starts {
            for _ in 0..10 {
                let mut b = Board::from_fen(fen, Flavour::Bughouse)
                    .unwrap()
                    .with_flavour(flavour);
                for _ in 0..120 {
                    let list = b.legal_moves();
                    if list.is_empty() {
                        break;
                    }
                    let captured = b.play_unchecked(list[rng.below(list.len())]);
                    // A partner's capture arriving (R5), in bughouse.
                    if let (Flavour::Bughouse, Some(p)) = (flavour, captured) {
                        b.add_to_pocket(b.turn(), p.role);
                    }
                    assert_eq!(b.hash(), b.compute_hash(), "{b}");
                    positions += 1;
                    // Reading the FEN back gives the same position and hash.
                    let again = Board::from_fen(&b.to_string(), Flavour::Bughouse)
                        .map(|a| a.with_flavour(flavour));
                    if let Ok(again) = again {
                        assert_eq!(again.hash(), b.hash(), "{b}");
                    }
                }
            }
        }
    }
    assert!(positions > 5_000);
}

/// R9: a pawn move to the last rank without a promotion is refused saying
/// it must promote (as SAN says for `b8`), a promotion where none is due
/// saying so; both change nothing.
#[test]
fn r9_play_says_a_pawn_on_the_last_rank_must_promote() {
    let start = board("4k3/1P6/8/8/8/8/4P3/R3K3[] w - - 0 1");
    let cases = [
        (
            mv("b7b8"),
            IllegalReason::MustPromote(Square::B7, Square::B8),
        ),
        (mv("e2e3q"), IllegalReason::BadPromotion),
        (mv("a1a7q"), IllegalReason::BadPromotion),
        (
            Move::Normal {
                from: Square::B7,
                to: Square::B8,
                promotion: Some(Role::King),
            },
            IllegalReason::BadPromotion,
        ),
        (
            mv("b7b6"),
            IllegalReason::CannotMoveThere(Square::B7, Square::B6),
        ),
    ];
    for (m, reason) in cases {
        let mut b = start;
        let err = b.play(m).unwrap_err();
        assert_eq!(err.reason, reason, "{m}");
        assert_eq!(b, start, "{m} changed the board");
    }
    assert_eq!(
        start.clone().play(mv("b7b8")).unwrap_err().to_string(),
        "illegal move b7b8: a pawn reaching the last rank must promote (R9): b7b8q, b7b8r, b7b8b or b7b8n"
    );
    assert!(start.clone().play(mv("b7b8n")).is_ok());
}

/// python-chess's move predicates agree with what `play` does, over every
/// legal move of the positions of random games in both flavours: captures
/// and en passant (R9, R15) as `play` takes pieces, the half-move counter
/// as `play` resets it (R33: FEN only), check as the position after shows it
/// (R12 drops may check), castling as the king's two-square move (R14), and
/// no legal move is "into check" (R13).
#[test]
fn r9_r13_move_predicates_agree_with_play() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut captures, mut checks, mut castles, mut en_passants) = (0, 0, 0, 0);
    for game in 0..40 {
        let flavour = if game % 2 == 0 {
            Flavour::Bughouse
        } else {
            Flavour::Crazyhouse
        };
        let mut b = Board::new_with(flavour);
        for _ in 0..120 {
            let moves = b.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let mut after = b;
                let captured = after.play_unchecked(m);
                assert_eq!(b.is_capture(m), captured.is_some(), "{b} {m}");
                assert_eq!(b.is_zeroing(m), after.halfmoves() == 0, "{b} {m}");
                assert_eq!(b.gives_check(m), after.is_check(), "{b} {m}");
                assert!(!b.is_into_check(m), "{b} {m}");
                let king_two_files = matches!(m, Move::Normal { from, to, .. }
                    if b.role_at(from) == Some(Role::King)
                        && (from.index() as i32 - to.index() as i32).abs() == 2);
                assert_eq!(b.is_castling(m), king_two_files, "{b} {m}");
                if b.is_en_passant(m) {
                    assert!(captured.is_some() && b.piece_at(m.to()).is_none());
                    en_passants += 1;
                }
                captures += usize::from(captured.is_some());
                checks += usize::from(after.is_check());
                castles += usize::from(king_two_files);
            }
            let m = moves[(next() % moves.len() as u64) as usize];
            b.play(m).unwrap();
        }
    }
    assert!(captures > 1000 && checks > 100 && castles > 10 && en_passants > 0);
}

/// R13: a move refused only for the king's safety is "into check"; one the
/// piece cannot make, or a legal one, is not.
#[test]
fn r13_is_into_check_names_moves_that_leave_the_king_attacked() {
    let b = board("4k3/4r3/8/8/8/8/4B3/4K3[N] w - - 0 1");
    assert!(b.is_into_check(mv("e2d3"))); // pinned
    assert!(!b.is_into_check(mv("e1d1"))); // legal
    assert!(!b.is_into_check(mv("e2e3"))); // a bishop cannot go there
    let checked = board("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    assert!(checked.is_into_check(mv("N@e4"))); // a drop that does not block
    assert!(checked.is_into_check(mv("e1f1")));
    assert!(!checked.is_into_check(mv("e1e2")));
}

/// R16, R18: a board ends only by mate; a waiting side is no ending.
#[test]
fn r16_r18_a_board_ends_only_by_checkmate() {
    let mated = board("7k/6Q1/6K1/8/8/8/8/8[] b - - 0 1");
    assert_eq!(
        mated.outcome(),
        Some(bughouse_core::board::BoardOutcome {
            winner: Color::White
        })
    );
    assert_eq!(mated.outcome().unwrap().result(), "1-0");
    let waiting = board("7k/8/6QK/8/8/8/8/8[] b - - 0 1");
    assert!(waiting.is_waiting() && waiting.outcome().is_none());
    assert_eq!(Board::new().outcome(), None);
}

/// N1, R7, R13, R15: edits are checked as a FEN is and change nothing when
/// refused; castling rights that no longer apply go, the en passant square
/// stays only while legal; mirror is an involution that keeps legality.
#[test]
fn n1_edits_are_checked_as_fens_are() {
    let start = Board::new();
    let mut b = start;
    let white = |role: Role| role.of(Color::White);
    assert_eq!(
        b.set_piece_at(Square::E1, None, false),
        Err(FenErrorKind::KingCount(Color::White))
    );
    assert_eq!(
        b.set_piece_at(Square::A8, Some(white(Role::Pawn)), false),
        Err(FenErrorKind::PawnOnBackRank)
    );
    let mut two_queens = b;
    two_queens
        .set_piece_at(Square::E4, Some(white(Role::Queen)), false)
        .unwrap();
    // R7: no more than two sets' queens.
    assert_eq!(
        two_queens.set_piece_at(Square::E5, Some(white(Role::Queen)), false),
        Err(FenErrorKind::TooMuchMaterial {
            color: Color::White,
            role: Role::Queen
        })
    );
    assert_eq!(b, start);
    // A rook gone: its castling right goes with it.
    b.set_piece_at(Square::H1, None, false).unwrap();
    assert_eq!(
        b.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1[] w Qkq - 0 1"
    );
    assert_eq!(b.hash(), b.compute_hash());
    // A promoted piece keeps its mark; the king may move with a whole placement.
    b.set_piece_at(Square::D4, Some(white(Role::Bishop)), true)
        .unwrap();
    assert!(b.promoted().contains(Square::D4));
    let kings = [
        (Square::A1, white(Role::King), false),
        (Square::H8, Role::King.of(Color::Black), false),
    ];
    b.set_placement(kings).unwrap();
    assert_eq!(b.to_string(), "7k/8/8/8/8/8/8/K7[] w - - 0 1");
    let mut pocket = Pocket::EMPTY;
    assert!(pocket.add(Role::Knight));
    b.set_pocket(Color::White, pocket).unwrap();
    assert_eq!(b.to_string(), "7k/8/8/8/8/8/8/K7[N] w - - 0 1");
    assert!(b.legal_moves().iter().any(|m| m.is_drop()));
    // The side not to move may not be left in check.
    assert_eq!(
        b.set_piece_at(Square::G8, Some(white(Role::Rook)), false),
        Err(FenErrorKind::OppositeCheck)
    );
    // Mirror: colours and ranks swap; twice is the identity.
    let zh = board("r3k2r/pP6/8/3pP3/8/8/8/R3K2R[Qn] w KQkq d6 0 3");
    let m = zh.mirror();
    assert_eq!(
        m.to_string(),
        "r3k2r/8/8/8/3Pp3/8/Pp6/R3K2R[Nq] b KQkq d3 0 3"
    );
    assert_eq!(m.mirror(), zh);
    assert_eq!(m.legal_moves().len(), zh.legal_moves().len());
}
