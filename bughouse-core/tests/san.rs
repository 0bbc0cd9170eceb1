//! SAN with drops (N3): writing, tolerant reading, errors, round trips over
//! thousands of random positions, and a differential check against
//! shakmaty's crazyhouse SAN.

use bughouse_testkit::Rng;
use std::str::FromStr;

use arrayvec::ArrayString;
use bughouse_core::{
    Board, CastlingSide, Color, Flavour, Move, Role, SanError, Square, error::IllegalReason,
    error::SanIllegalReason, san::MAX_SAN_LEN, san::San, san::SanPlus, san::Suffix,
};
use proptest::prelude::*;

fn board(fen: &str) -> Board {
    Board::from_fen(fen, Flavour::Bughouse).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn normal(from: Square, to: Square) -> Move {
    Move::Normal {
        from,
        to,
        promotion: None,
    }
}

/// The SAN `board` writes for the move it reads from `text`.
fn san_of(board: &Board, text: &str) -> String {
    let m = board
        .parse_san(text)
        .unwrap_or_else(|e| panic!("{text} on {board}: {e}"));
    board.san(m).to_string()
}

/// Positions from random games: standard starts in both flavours, bughouse
/// starts with full pockets (R7 allows 15 more of each colour), and
/// crazyhouse games that prefer captures so pockets fill up.
fn random_positions(seed: u64, games_per_start: usize, plies: usize) -> Vec<Board> {
    let starts: [(&str, Flavour, bool); 7] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Flavour::Bughouse,
            false,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
            Flavour::Crazyhouse,
            true,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w KQkq - 0 1",
            Flavour::Bughouse,
            true,
        ),
        (
            "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[QRBNPqrbnp] b KQkq - 0 1",
            Flavour::Bughouse,
            false,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R[] w KQkq - 0 1",
            Flavour::Crazyhouse,
            true,
        ),
        (
            "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1",
            Flavour::Crazyhouse,
            false,
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8[] w - - 0 1",
            Flavour::Crazyhouse,
            true,
        ),
    ];
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for (fen, flavour, prefer_captures) in starts {
        for _ in 0..games_per_start {
            let mut b = Board::from_fen(fen, flavour).unwrap();
            for _ in 0..plies {
                let moves = b.legal_moves();
                if moves.is_empty() {
                    break;
                }
                out.push(b);
                let captures: Vec<Move> = moves
                    .iter()
                    .copied()
                    .filter(|m| !m.is_drop() && b.occupied().contains(m.to()))
                    .collect();
                let m = if prefer_captures && !captures.is_empty() && rng.below(3) != 0 {
                    captures[rng.below(captures.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                b.play(m).unwrap();
            }
        }
    }
    out
}

/// Replaces the origin coordinates of a normal SAN.
fn with_origin(san: San, f: Option<bughouse_core::File>, r: Option<bughouse_core::Rank>) -> San {
    match san {
        San::Normal {
            role,
            capture,
            to,
            promotion,
            ..
        } => San::Normal {
            role,
            file: f,
            rank: r,
            capture,
            to,
            promotion,
        },
        other => other,
    }
}

fn assert_ambiguous(board: &Board, san: San) {
    assert!(
        matches!(san.to_move(board), Err(SanError::Ambiguous { .. })),
        "{san} should be ambiguous on {board}"
    );
}

/// Every legal move of thousands of positions: written, read back, the same
/// move; the text reads back to the same `SanPlus`; the suffix says exactly
/// check / bughouse mate (R16, R17); the disambiguation is minimal.
#[test]
fn n3_every_legal_move_round_trips() {
    let positions = random_positions(0x5eed_0001, 6, 80);
    assert!(positions.len() >= 3000, "{} positions", positions.len());
    let (mut moves, mut drops, mut disambiguated, mut mates, mut checks) = (0, 0, 0, 0, 0);
    for board in &positions {
        for m in board.legal_moves() {
            let san = board.san(m);
            let text = san.to_string();
            assert_eq!(board.parse_san(&text), Ok(m), "{text} on {board}");
            assert_eq!(SanPlus::from_str(&text), Ok(san), "{text}");
            assert_eq!(san.to_array_string().as_str(), text);

            let mut after = *board;
            after.play(m).unwrap();
            let expected = if after.is_checkmate() {
                mates += 1;
                Some(Suffix::Checkmate)
            } else if after.is_check() {
                checks += 1;
                Some(Suffix::Check)
            } else {
                None
            };
            assert_eq!(san.suffix, expected, "{text} on {board}");

            if let (
                San::Normal {
                    role,
                    file,
                    rank,
                    to,
                    ..
                },
                Move::Normal { from, .. },
            ) = (san.san, m)
            {
                if role == Role::Pawn {
                    assert_eq!(file.is_some(), from.file() != to.file());
                    assert_eq!(rank, None);
                } else {
                    match (file, rank) {
                        (None, None) => {}
                        (Some(_), None) => {
                            assert_ambiguous(board, with_origin(san.san, None, None));
                        }
                        (None, Some(_)) => {
                            assert_ambiguous(board, with_origin(san.san, None, None));
                            assert_ambiguous(board, with_origin(san.san, Some(from.file()), None));
                        }
                        (Some(f), Some(r)) => {
                            assert_ambiguous(board, with_origin(san.san, Some(f), None));
                            assert_ambiguous(board, with_origin(san.san, None, Some(r)));
                        }
                    }
                    if file.is_some() || rank.is_some() {
                        disambiguated += 1;
                    }
                }
            }
            drops += usize::from(m.is_drop());
            moves += 1;
        }
    }
    // The sample must exercise what it claims to.
    assert!(moves > 200_000, "{moves} moves");
    assert!(drops > 100_000, "{drops} drops");
    assert!(disambiguated > 500, "{disambiguated} disambiguated");
    assert!(checks > 1000 && mates > 0, "{checks} checks, {mates} mates");
}

#[test]
fn n3_disambiguation_file_then_rank_then_both() {
    // Knights on b1 and f3 both reach d2: the file tells them apart.
    let b = board("4k3/8/8/8/8/5N2/8/1N2K3[] w - - 0 1");
    assert_eq!(san_of(&b, "Nbd2"), "Nbd2");
    assert_eq!(san_of(&b, "Nfd2"), "Nfd2");
    assert_eq!(b.san(normal(Square::B1, Square::D2)).to_string(), "Nbd2");
    // Rooks on a1 and a5 both reach a3: same file, so the rank.
    let b = board("4k3/8/8/R7/8/8/8/R3K3[] w - - 0 1");
    assert_eq!(b.san(normal(Square::A1, Square::A3)).to_string(), "R1a3");
    assert_eq!(b.san(normal(Square::A5, Square::A3)).to_string(), "R5a3");
    // Three queens: h4, e4 and h1 reach e1; h4 shares a file with h1 and a
    // rank with e4, so both.
    let b = board("8/8/k7/8/4Q2Q~/8/8/K6Q~[] w - - 0 1");
    assert_eq!(b.san(normal(Square::H4, Square::E1)).to_string(), "Qh4e1");
    assert_eq!(b.san(normal(Square::E4, Square::E1)).to_string(), "Qee1");
    assert_eq!(b.san(normal(Square::H1, Square::E1)).to_string(), "Q1e1");
    // A pinned knight cannot go to d2, so the other needs no file (R13).
    let b = board("4k3/8/8/8/4r3/8/4N3/1N2K3[] w - - 0 1");
    assert_eq!(b.san(normal(Square::B1, Square::D2)).to_string(), "Nd2");
    assert_eq!(b.parse_san("Nd2"), Ok(normal(Square::B1, Square::D2)));
    // Captures keep the disambiguation before the x.
    let b = board("4k3/8/8/3p4/8/2N1N3/8/4K3[] w - - 0 1");
    assert_eq!(b.san(normal(Square::C3, Square::D5)).to_string(), "Ncxd5");
}

#[test]
fn n3_ambiguous_san_is_its_own_error() {
    let b = board("4k3/8/8/8/8/5N2/8/1N2K3[] w - - 0 1");
    let err = b.parse_san("Nd2").unwrap_err();
    let SanError::Ambiguous { san, first, second } = err else {
        panic!("{err:?}");
    };
    assert_eq!(san.to_string(), "Nd2");
    let mut both = [first, second];
    both.sort_by_key(|m| m.from().map(|s| s as u8));
    assert_eq!(
        both,
        [
            normal(Square::B1, Square::D2),
            normal(Square::F3, Square::D2)
        ]
    );
    assert_eq!(
        err.to_string(),
        format!("ambiguous SAN Nd2: {first} and {second} both match")
    );
    // Two pawns may take on d5: `xd5` without a file is ambiguous too.
    let b = board("4k3/8/8/3p4/2P1P3/8/8/4K3[] w - - 0 1");
    assert!(matches!(
        b.parse_san("xd5"),
        Err(SanError::Ambiguous { .. })
    ));
    assert_eq!(b.parse_san("exd5"), Ok(normal(Square::E4, Square::D5)));
}

#[test]
fn n3_promotion_with_capture_and_check() {
    // exd8=Q+ takes a rook and checks along the rank.
    let b = board("3r3k/4P3/8/8/8/8/8/K7[] w - - 0 1");
    let m = Move::Normal {
        from: Square::E7,
        to: Square::D8,
        promotion: Some(Role::Queen),
    };
    assert_eq!(b.san(m).to_string(), "exd8=Q+");
    for text in [
        "exd8=Q+", "exd8=Q", "exd8Q", "exd8=q", "exd8q", "exd8/Q", "exd8(Q)", "ed8=Q",
    ] {
        assert_eq!(b.parse_san(text), Ok(m), "{text}");
    }
    // Under-promotion to a knight that checks: gxh8=N+ (a knight check,
    // but the king can step away).
    let b = board("7r/6P1/6k1/8/8/8/8/K7[] w - - 0 1");
    let m = normal_promo(Square::G7, Square::H8, Role::Knight);
    assert_eq!(b.san(m).to_string(), "gxh8=N+");
    assert_eq!(b.parse_san("gxh8=N+"), Ok(m));
    assert_eq!(b.parse_san("gxh8N"), Ok(m));
    assert_eq!(b.parse_san("gxh8n"), Ok(m));
    // A promotion checking along the rank with a square between: `+`, not
    // `#`, although black has no move and an empty pocket (R17).
    let b = board("k7/2P5/1K6/8/8/8/8/8[] w - - 0 1");
    assert_eq!(san_of(&b, "c8=Q"), "c8=Q+");
    assert_eq!(san_of(&b, "c8=R"), "c8=R+");
    assert_eq!(san_of(&b, "c8=B"), "c8=B");
    // A capture-promotion right next to the king, covered by the bishop: mate.
    let b = board("6nk/5Ppp/8/8/8/8/B7/K7[] w - - 0 1");
    assert_eq!(san_of(&b, "fxg8=Q"), "fxg8=Q#");
    assert_eq!(san_of(&b, "fxg8=R"), "fxg8=R#");
    assert_eq!(san_of(&b, "fxg8=N"), "fxg8=N");
}

fn normal_promo(from: Square, to: Square, role: Role) -> Move {
    Move::Normal {
        from,
        to,
        promotion: Some(role),
    }
}

#[test]
fn n3_castling_both_sides_and_with_check() {
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1");
    let short = normal(Square::E1, Square::G1);
    let long = normal(Square::E1, Square::C1);
    assert_eq!(b.san(short).to_string(), "O-O");
    assert_eq!(b.san(long).to_string(), "O-O-O");
    for text in ["O-O", "0-0", "o-o", "O-O+", "O-O!"] {
        assert_eq!(b.parse_san(text), Ok(short), "{text}");
    }
    for text in ["O-O-O", "0-0-0", "o-o-o", "O-O-O#"] {
        assert_eq!(b.parse_san(text), Ok(long), "{text}");
    }
    // Black castles too.
    let mut bb = b;
    bb.play(normal(Square::A1, Square::A2)).unwrap();
    assert_eq!(bb.parse_san("O-O"), Ok(normal(Square::E8, Square::G8)));
    // The rook gives check on arrival: O-O-O+.
    let b = board("3k4/8/8/8/8/8/8/R3K3[] w Q - 0 1");
    assert_eq!(b.san(long).to_string(), "O-O-O+");
    // Not allowed: no right, or through check (R14).
    let b = board("r3k2r/8/8/8/8/8/8/R3K2R[] w Qkq - 0 1");
    assert_eq!(
        b.parse_san("O-O"),
        Err(SanError::Illegal {
            san: San::Castle(CastlingSide::KingSide),
            reason: SanIllegalReason::CastlingNotAllowed(CastlingSide::KingSide),
        })
    );
    let b = board("r3k2r/8/8/8/8/8/5r2/R3K2R[] w KQkq - 0 1");
    assert!(b.parse_san("O-O").is_err());
    assert_eq!(b.parse_san("O-O-O"), Ok(long));
}

/// `#` is written only for a bughouse mate (R16); a check a drop could block
/// is `+` even when the defender's pocket is empty (R17).
#[test]
fn r16_r17_drop_checks_and_mates() {
    // A smothered knight drop: no drop blocks a knight — mate.
    let b = board("6rk/6pp/8/8/8/8/8/K7[N] w - - 0 1");
    assert_eq!(san_of(&b, "N@f7"), "N@f7#");
    // A pawn drop protected by the queen, king boxed in — mate (R12).
    let b = board("6bk/7p/8/8/8/8/6Q1/7K[P] w - - 0 1");
    assert_eq!(san_of(&b, "P@g7"), "P@g7#");
    assert_eq!(san_of(&b, "@g7"), "P@g7#");
    // A rook drop on the back rank: crazyhouse would call it mate, but
    // squares lie between rook and king, so it is a check (R17), black's
    // pocket empty or not.
    let b = board("6k1/5ppp/8/8/8/8/8/4K3[R] w - - 0 1");
    let m = b.parse_san("R@e8").unwrap();
    assert_eq!(b.san(m).to_string(), "R@e8+");
    let mut after = b;
    after.play(m).unwrap();
    assert!(after.is_waiting() && !after.is_checkmate());
    // With a piece in black's pocket it is a check too.
    let b = board("6k1/5ppp/8/8/8/8/8/4K3[Rn] w - - 0 1");
    assert_eq!(san_of(&b, "R@e8"), "R@e8+");
    // A queen dropped right next to the king, covered by the rook: no
    // square to block on — mate, whatever black's pocket holds.
    let b = board("5rk1/5pp1/8/8/8/8/8/4K2R[Qq] w - - 0 1");
    assert_eq!(san_of(&b, "Q@h7"), "Q@h7#");
    // Without the rook on f8 the king escapes: a check.
    let b = board("6k1/5pp1/8/8/8/8/8/4K2R[Q] w - - 0 1");
    assert_eq!(san_of(&b, "Q@h7"), "Q@h7+");
    // A board move that gives a blockable check: `+`.
    let b = board("k7/8/1K6/8/8/8/8/7R[] w - - 0 1");
    assert_eq!(san_of(&b, "Rh8"), "Rh8+");
    // A contact queen, protected by the king: mate.
    let b = board("k7/7Q/1K6/8/8/8/8/8[] w - - 0 1");
    assert_eq!(san_of(&b, "Qb7"), "Qb7#");
    // Black drops: the letter stays upper case.
    let b = board("4k3/8/8/8/8/8/5PPP/6K1[n] b - - 0 1");
    assert_eq!(san_of(&b, "n@e2"), "N@e2+");
    assert_eq!(san_of(&b, "N*e2"), "N@e2+");
}

#[test]
fn n3_tolerant_inputs() {
    let start = Board::new();
    let cases: [(&str, Move); 18] = [
        ("e4", normal(Square::E2, Square::E4)),
        ("e4!", normal(Square::E2, Square::E4)),
        ("e4!!", normal(Square::E2, Square::E4)),
        ("e4?", normal(Square::E2, Square::E4)),
        ("e4!?", normal(Square::E2, Square::E4)),
        ("e4?!", normal(Square::E2, Square::E4)),
        ("e4+", normal(Square::E2, Square::E4)),
        ("e4#", normal(Square::E2, Square::E4)),
        ("e4++", normal(Square::E2, Square::E4)),
        ("Pe4", normal(Square::E2, Square::E4)),
        ("e2e4", normal(Square::E2, Square::E4)),
        ("e2-e4", normal(Square::E2, Square::E4)),
        ("Nf3", normal(Square::G1, Square::F3)),
        ("Ngf3", normal(Square::G1, Square::F3)),
        ("N1f3", normal(Square::G1, Square::F3)),
        ("Ng1f3", normal(Square::G1, Square::F3)),
        ("Ng1-f3", normal(Square::G1, Square::F3)),
        ("Nf3+?", normal(Square::G1, Square::F3)),
    ];
    for (text, m) in cases {
        assert_eq!(start.parse_san(text), Ok(m), "{text}");
    }
    // Drops: `@e4`, `P*e4`, lower-case letters, wrong suffixes.
    let b = board("4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1");
    let pawn = Move::Drop {
        role: Role::Pawn,
        to: Square::E4,
    };
    let knight = Move::Drop {
        role: Role::Knight,
        to: Square::F3,
    };
    for text in [
        "P@e4", "@e4", "P*e4", "*e4", "p@e4", "p*e4", "P@e4+", "P@e4#",
    ] {
        assert_eq!(b.parse_san(text), Ok(pawn), "{text}");
    }
    for text in ["N@f3", "n@f3", "N*f3", "n*f3", "N@f3!?"] {
        assert_eq!(b.parse_san(text), Ok(knight), "{text}");
    }
    assert_eq!(b.san(pawn).to_string(), "P@e4");
    // A capture written without `x`, and `e.p.`.
    let b = board("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1");
    let ep = normal(Square::E5, Square::D6);
    for text in ["exd6", "ed6", "exd6e.p.", "exd6 e.p.", "exd6e.p.+"] {
        assert_eq!(b.parse_san(text), Ok(ep), "{text}");
    }
    assert_eq!(b.san(ep).to_string(), "exd6");
    let b = board("4k3/8/8/3p4/8/2N5/8/4K3[] w - - 0 1");
    assert_eq!(b.parse_san("Nd5"), Ok(normal(Square::C3, Square::D5)));
    // The suffix is kept as written, not checked.
    assert_eq!(
        SanPlus::from_str("Nf3#").unwrap().suffix,
        Some(Suffix::Checkmate)
    );
    assert_eq!(
        SanPlus::from_str("Nf3++").unwrap().suffix,
        Some(Suffix::Check)
    );
    assert_eq!(SanPlus::from_str("Nf3!").unwrap().suffix, None);
}

#[test]
fn n3_errors_name_what_is_wrong() {
    let start = Board::new();
    let invalid = |text: &str| match start.parse_san(text) {
        Err(SanError::Invalid(e)) => e.offset,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(invalid(""), 0);
    assert_eq!(invalid("Z"), 0);
    assert_eq!(invalid("N"), 1);
    assert_eq!(invalid("Nf"), 2);
    assert_eq!(invalid("Nz3"), 1);
    assert_eq!(invalid("Nf9"), 2);
    assert_eq!(invalid("Nx"), 2);
    assert_eq!(invalid("K@e4"), 0);
    assert_eq!(invalid("X@e4"), 0);
    assert_eq!(invalid("N@"), 2);
    assert_eq!(invalid("N@e"), 3);
    assert_eq!(invalid("e9"), 1);
    assert_eq!(invalid("e8=K"), 3);
    assert_eq!(invalid("e8="), 3);
    assert_eq!(invalid("e8(Q"), 4);
    assert_eq!(invalid("Nf3 x"), 3);
    assert_eq!(invalid("O-"), 2);
    assert_eq!(invalid("O-X"), 2);
    assert_eq!(invalid("O-O-"), 3);
    assert_eq!(invalid("1-0"), 0);
    assert_eq!(invalid("*"), 1);
    assert_eq!(invalid("--"), 0);
    assert_eq!(invalid("é4"), 0);
    let message = start.parse_san("Nf9").unwrap_err().to_string();
    assert_eq!(
        message,
        "invalid move text at byte 2: expected a rank 1-8 after the file"
    );

    let illegal = |b: &Board, text: &str| match b.parse_san(text) {
        Err(SanError::Illegal { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        illegal(&start, "Nf4"),
        SanIllegalReason::NoPieceCanGo {
            color: Color::White,
            role: Role::Knight,
            to: Square::F4
        }
    );
    assert_eq!(
        start.parse_san("Nf4").unwrap_err().to_string(),
        "illegal SAN Nf4: no white knight can go to f4"
    );
    assert_eq!(
        illegal(&start, "Nxf3"),
        SanIllegalReason::NothingToCapture(Square::F3)
    );
    assert_eq!(
        illegal(&start, "Nd2"),
        SanIllegalReason::OwnPieceOnTarget(Square::D2)
    );
    assert_eq!(
        illegal(&start, "e5"),
        SanIllegalReason::NoPieceCanGo {
            color: Color::White,
            role: Role::Pawn,
            to: Square::E5
        }
    );
    assert_eq!(
        illegal(&start, "O-O"),
        SanIllegalReason::CastlingNotAllowed(CastlingSide::KingSide)
    );
    assert_eq!(
        illegal(&start, "Q@e4"),
        SanIllegalReason::Drop(IllegalReason::NotInPocket(Role::Queen))
    );
    assert_eq!(illegal(&start, "e4=Q"), SanIllegalReason::NotAPromotion);
    assert_eq!(illegal(&start, "Nf3=Q"), SanIllegalReason::NotAPromotion);
    let b = board("4k3/P7/8/8/8/8/8/4K3[P] w - - 0 1");
    assert_eq!(illegal(&b, "a8"), SanIllegalReason::MissingPromotion);
    assert_eq!(
        illegal(&b, "P@d8"),
        SanIllegalReason::Drop(IllegalReason::PawnDropOnBackRank)
    );
    assert_eq!(
        illegal(&b, "P@e1"),
        SanIllegalReason::Drop(IllegalReason::DropOnOccupied(Square::E1))
    );
    // A pinned knight may not move; a drop must block a check (R13).
    let b = board("4k3/8/8/8/4r3/8/4N3/4K3[N] w - - 0 1");
    assert_eq!(illegal(&b, "Nc3"), SanIllegalReason::LeavesKingInCheck);
    let b = board("4k3/8/8/8/4r3/8/8/4K3[N] w - - 0 1");
    assert_eq!(
        illegal(&b, "N@a3"),
        SanIllegalReason::Drop(IllegalReason::LeavesKingInCheck)
    );
    assert_eq!(
        b.parse_san("N@e2"),
        Ok(Move::Drop {
            role: Role::Knight,
            to: Square::E2
        })
    );
    // The king may not step into check.
    let b = board("4k3/8/8/8/8/8/3r4/4K3[] w - - 0 1");
    assert_eq!(illegal(&b, "Ke2"), SanIllegalReason::LeavesKingInCheck);
}

#[test]
fn n3_writes_into_array_strings_and_pads() {
    let start = Board::new();
    let san = start.san(normal(Square::G1, Square::F3));
    let mut out = ArrayString::<16>::new();
    san.write_to(&mut out).unwrap();
    out.push(' ');
    start
        .san(normal(Square::E2, Square::E4))
        .write_to(&mut out)
        .unwrap();
    assert_eq!(out.as_str(), "Nf3 e4");
    // Too small: an error, and nothing written.
    let mut tiny = ArrayString::<2>::new();
    assert!(san.write_to(&mut tiny).is_err());
    assert_eq!(tiny.as_str(), "");
    assert_eq!(format!("[{:>5}]", san), "[  Nf3]");
    assert_eq!(format!("[{:<5}]", san.san), "[Nf3  ]");
    let fixed: ArrayString<MAX_SAN_LEN> = san.to_array_string();
    assert_eq!(fixed.as_str(), "Nf3");
}

/// Found by the `san_from_ascii` fuzz target: the tolerant reader takes
/// `P5e4` (a pawn from rank 5), which was written `5e4`, text it refuses.
/// Every SAN the reader returns must write back to text that reads to it.
#[test]
fn n3_pawn_with_only_its_origin_rank_writes_back() {
    for text in ["P5e4", "P2e4", "P5xe4", "P7e8=Q", "P7e8Q"] {
        let san = San::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = san.to_string();
        assert!(written.starts_with('P'), "{text} → {written}");
        assert_eq!(San::from_str(&written), Ok(san), "{text} → {written}");
    }
    // Pawns with a file, or no origin at all, keep the usual form.
    for text in ["e4", "exd5", "e2e4", "e7e8=Q", "xe4"] {
        assert_eq!(San::from_str(text).unwrap().to_string(), text);
    }
    // In a position the written text names the same move.
    let board = board("4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1");
    let m = San::from_str("P2e4").unwrap().to_move(&board).unwrap();
    assert_eq!(m, normal(Square::E2, Square::E4));
    assert_eq!(board.parse_san("P2e4").unwrap(), m);
    assert_eq!(board.san(m).to_string(), "e4");
}

/// Crazyhouse positions from random games that prefer captures, so pockets
/// fill and drops are plentiful.
fn crazyhouse_positions(seed: u64, games: usize, plies: usize) -> Vec<Board> {
    random_positions(seed, games, plies)
        .into_iter()
        .filter(|b| b.flavour() == Flavour::Crazyhouse)
        .collect()
}

/// Our SAN equals shakmaty's crazyhouse SAN (pawn drops normalised to `P@`),
/// except where the rules differ on purpose: shakmaty's `#` is crazyhouse
/// mate, ours bughouse mate (R16), so a check a drop could block is `+` for
/// us where shakmaty may say `#` (R17).
#[test]
fn n3_agrees_with_shakmaty_crazyhouse_san() {
    use shakmaty::fen::Fen;
    use shakmaty::san::SanPlus as ShakSanPlus;
    use shakmaty::uci::UciMove;
    use shakmaty::variant::Crazyhouse;
    use shakmaty::{CastlingMode, Position};

    let positions = crazyhouse_positions(0x5eed_0002, 10, 80);
    assert!(positions.len() >= 2000, "{} positions", positions.len());
    let (mut compared, mut r17_differences, mut normal_moves) = (0, 0, 0);
    for board in &positions {
        let fen = board.to_string();
        let pos: Crazyhouse = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap_or_else(|e| panic!("shakmaty rejects {fen}: {e}"));
        let ours_moves = board.legal_moves();
        assert_eq!(ours_moves.len(), pos.legal_moves().len(), "{fen}");
        for m in ours_moves {
            let uci = m.to_string();
            let theirs_move = UciMove::from_ascii(uci.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap_or_else(|e| panic!("{uci} on {fen}: {e}"));
            let theirs = ShakSanPlus::from_move(pos.clone(), theirs_move).to_string();
            let ours = board.san(m).to_string();
            let strip = |s: &str| s.trim_end_matches(['+', '#']).to_string();
            let mut theirs_body = strip(&theirs);
            if theirs_body.starts_with('@') {
                theirs_body.insert(0, 'P');
            }
            assert_eq!(strip(&ours), theirs_body, "{uci} on {fen}");
            let ours_suffix = ours.chars().last().filter(|c| matches!(c, '+' | '#'));
            let theirs_suffix = theirs.chars().last().filter(|c| matches!(c, '+' | '#'));
            assert_eq!(
                ours_suffix.is_some(),
                theirs_suffix.is_some(),
                "{uci} on {fen}"
            );
            if ours_suffix != theirs_suffix {
                // Only one way to differ: crazyhouse mate, bughouse check.
                assert_eq!((ours_suffix, theirs_suffix), (Some('+'), Some('#')));
                let mut after = *board;
                after.play(m).unwrap();
                assert!(after.drop_could_block_check(), "{uci} on {fen}");
                r17_differences += 1;
            }
            normal_moves += usize::from(!m.is_drop());
            compared += 1;
        }
    }
    assert!(compared > 100_000, "{compared} moves compared");
    assert!(normal_moves > 50_000, "{normal_moves} board moves compared");
    eprintln!("compared {compared} moves; {r17_differences} R17 differences");
}

/// Boards the fuzzing runs against: quiet, pocket-heavy, in check.
fn fuzz_boards() -> Vec<Board> {
    [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[QRBNPqrbnp] b KQkq - 0 1",
        "4k3/1P6/8/3pP3/8/8/6p1/R3K2R[Nn] w KQ d6 0 1",
        "4k3/8/8/8/4r3/8/8/4K3[NQ] w - - 0 1",
    ]
    .into_iter()
    .map(board)
    .collect()
}

fn check_parse(boards: &[Board], text: &str) {
    let _ = San::from_str(text);
    for b in boards {
        if let Ok(m) = b.parse_san(text) {
            assert!(b.is_legal(m), "{text} gave illegal {m} on {b}");
            let written = b.san(m).to_string();
            assert_eq!(b.parse_san(&written), Ok(m), "{text} → {written}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Arbitrary text never panics the reader.
    #[test]
    fn n3_arbitrary_text_never_panics(text in ".{0,16}") {
        check_parse(&fuzz_boards(), &text);
    }

    /// Text close to SAN: every accepted one is a legal move that round trips.
    #[test]
    fn n3_san_like_text_never_panics(text in "[PNBRQKpnbrqkO0o@*x:=/()+#!?a-h1-9. -]{0,10}") {
        check_parse(&fuzz_boards(), &text);
    }

    /// Arbitrary bytes (not only UTF-8) never panic `San::from_ascii`.
    #[test]
    fn n3_arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..16)) {
        let _ = San::from_ascii(&bytes);
        let _ = SanPlus::from_ascii(&bytes);
    }
}
