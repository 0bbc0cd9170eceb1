//! Legality on arbitrary positions (a seed FEN, a FEN line, or one built
//! from bytes) in both flavours. Candidate moves decoded from bytes — wild
//! ones, and legal ones with one field changed — are in `legal_moves()`
//! exactly when `is_legal` says so, and `play` accepts exactly those,
//! changing nothing when it refuses. A random walk of legal moves keeps every
//! invariant: one king each, the mover not left in check, the incremental
//! hash equal to the recomputed one, the FEN round trip, and material: a
//! capture hands back exactly what left the board (R5, R6), and nothing
//! else appears or vanishes (R7).
#![no_main]

use bughouse_core::{Board, Color, Flavour, Move, Role, Square};
use bughouse_fuzz::{Bytes, board_material, check_board, seed_boards};
use libfuzzer_sys::fuzz_target;

/// A FEN built from bytes: kings anywhere, a few other pieces (maybe
/// promoted), pockets, side to move, castling rights and an en passant
/// square. The reader refuses most such boards; the rest are positions no
/// seed has.
fn fen_from_bytes(b: &mut Bytes<'_>) -> String {
    let mut squares: [Option<String>; 64] = std::array::from_fn(|_| None);
    squares[usize::from(b.u8() % 64)] = Some("K".into());
    squares[usize::from(b.u8() % 64)] = Some("k".into());
    for _ in 0..b.u8() % 24 {
        let sq = usize::from(b.u8() % 64);
        let p = b.u8();
        let letter = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'][usize::from(p % 10)];
        let promoted = if p >= 240 { "~" } else { "" };
        if squares[sq].is_none() {
            squares[sq] = Some(format!("{letter}{promoted}"));
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match &squares[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push_str(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push('[');
    for _ in 0..b.u8() % 12 {
        fen.push(['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'][usize::from(b.u8() % 10)]);
    }
    fen.push(']');
    let flags = b.u8();
    fen.push_str(if flags & 1 == 0 { " w " } else { " b " });
    let rights: String = "KQkq"
        .chars()
        .enumerate()
        .filter(|(i, _)| flags & (2 << i) != 0)
        .map(|(_, c)| c)
        .collect();
    fen.push_str(if rights.is_empty() { "-" } else { &rights });
    let ep = b.u8();
    if ep < 16 {
        let rank = if flags & 1 == 0 { '6' } else { '3' };
        fen.push_str(&format!(" {}{rank}", char::from(b'a' + ep % 8)));
    } else {
        fen.push_str(" -");
    }
    fen.push_str(&format!(" {} {}", b.u8(), 1 + u32::from(b.u8())));
    fen
}

fn square(b: &mut Bytes<'_>) -> Square {
    Square::ALL[usize::from(b.u8() % 64)]
}

fn role(b: &mut Bytes<'_>) -> Role {
    Role::ALL[usize::from(b.u8() % 6)]
}

/// A candidate move: anything at all, or a legal move with one field changed.
fn candidate(b: &mut Bytes<'_>, legal: &[Move]) -> Move {
    let kind = b.u8();
    let promotion = |b: &mut Bytes<'_>| match b.u8() % 8 {
        0..=5 => None,
        _ => Some(role(b)),
    };
    if legal.is_empty() || kind % 4 < 2 {
        return if kind.is_multiple_of(2) {
            Move::Normal {
                from: square(b),
                to: square(b),
                promotion: promotion(b),
            }
        } else {
            Move::Drop {
                role: role(b),
                to: square(b),
            }
        };
    }
    let m = legal[b.index(legal.len())];
    if kind % 4 == 3 {
        return m;
    }
    match (m, b.u8() % 3) {
        (Move::Normal { to, promotion, .. }, 0) => Move::Normal {
            from: square(b),
            to,
            promotion,
        },
        (
            Move::Normal {
                from, promotion, ..
            },
            1,
        ) => Move::Normal {
            from,
            to: square(b),
            promotion,
        },
        (Move::Normal { from, to, .. }, _) => Move::Normal {
            from,
            to,
            promotion: Some(role(b)),
        },
        (Move::Drop { to, .. }, 0) => Move::Drop { role: role(b), to },
        (Move::Drop { role, .. }, _) => Move::Drop {
            role,
            to: square(b),
        },
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes::new(data);
    let head = b.u8();
    let flavour = if head & 4 == 0 {
        Flavour::Bughouse
    } else {
        Flavour::Crazyhouse
    };
    let mut board = match head % 4 {
        0 | 3 => {
            let boards = seed_boards(flavour);
            boards[b.index(boards.len())]
        }
        1 => match Board::from_fen(&fen_from_bytes(&mut b), flavour) {
            Ok(board) => board,
            Err(_) => return,
        },
        _ => {
            let rest = b.take(usize::MAX);
            let nl = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            let Some(board) = std::str::from_utf8(&rest[..nl])
                .ok()
                .and_then(|fen| Board::from_fen(fen, flavour).ok())
            else {
                return;
            };
            b = Bytes::new(rest.get(nl + 1..).unwrap_or(&[]));
            board
        }
    };
    check_board(&board);

    for _ in 0..128 {
        if b.is_empty() {
            break;
        }
        let legal = board.legal_moves();
        let m = candidate(&mut b, &legal);
        let listed = legal.contains(&m);
        assert_eq!(board.is_legal(m), listed, "is_legal({m}) on {board}");
        let mut tried = board;
        match tried.play(m) {
            Ok(_) => assert!(listed, "play accepted {m} on {board}"),
            Err(_) => {
                assert!(!listed, "play refused legal {m} on {board}");
                assert_eq!(tried, board, "a refused {m} changed {board}");
            }
        }
        let m = if listed {
            m
        } else if legal.is_empty() {
            break;
        } else {
            legal[b.index(legal.len())]
        };

        let before = board;
        let captured = board.play_unchecked(m);
        check_board(&board);
        assert_eq!(board.turn(), before.turn().other());
        if let Some(piece) = captured {
            assert!(piece.role != Role::King, "{m} took a king on {before}");
        }
        let mover = before.turn();
        match flavour {
            Flavour::Bughouse => {
                for color in Color::ALL {
                    let mut want = board_material(&before, color);
                    if let Some(piece) = captured.filter(|p| p.color == color) {
                        want[piece.role.index()] -= 1;
                    }
                    assert_eq!(board_material(&board, color), want, "{m} on {before}");
                }
            }
            Flavour::Crazyhouse => {
                let total = |x: &Board| {
                    let (w, k) = (
                        board_material(x, Color::White),
                        board_material(x, Color::Black),
                    );
                    std::array::from_fn::<u32, 5, _>(|i| w[i] + k[i])
                };
                assert_eq!(total(&board), total(&before), "{m} on {before}");
                if let Some(piece) = captured {
                    assert_eq!(piece.color, mover.other(), "{m} on {before}");
                }
            }
        }
    }
});
